package reports

import (
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// The declaration measure: the Royalton author's claim (seed 000, the
// summary near "As a summary it is suggested") that his system produces
// "more nearly than any other (a) the best possible declaration to be
// found in the four hands, (b) the highest bid for tricks odd possible to
// fulfill the contract in that declaration", put to one table's contract
// by double dummy under the code the table played.
//
// Rulings:
//
//   - A declaration is a strain, royal or plain as the code has them
//     (royalton-1915's royal bid in any strain, royal-auction-1913's royal
//     spades). Nullos are left out: double dummy counts the most tricks a
//     side can take, and a nullo declarer wants the fewest (as par,
//     scoring.Rules.ParOf); a nullo played at a table is not judged.
//   - What a declaration is worth to a side is the best score the code
//     gives it (scoring.Rules.Score: trick values, honours and chicane from
//     the four hands, slams, the duplicate game premium, the vulnerability)
//     over every bid of it the code allows, played by either seat of the
//     side (the side chooses who names the strain first), doubled when it
//     fails, as par plays it. Under the Bridge codes there is no level and
//     the dealer plays every declaration (seed 002), so only the dealer's
//     side declares.
//   - The side's best declarations are those worth most to it; ties are all
//     best (royalton-1915 values every odd trick 10 in any strain, so its
//     best declaration is the one that takes most tricks).
//   - The highest bid the declarer could fulfil in the contract's
//     declaration is the declarer's double-dummy tricks less six (0 when
//     not even one odd trick).
//   - The side that could make most is the side whose best declaration is
//     worth more to it than the other side's is to the other (none when
//     they are worth the same; none under the Bridge codes, where one side
//     only declares).

// TableDeclaration is one table's contract measured against the four
// hands' best declaration (MeasureDeclaration).
type TableDeclaration struct {
	PassedOut bool         // no contract: only Leader and Lead say anything
	Side      scoring.Side // the side that played the contract
	// Judged is false for a nullo contract: double dummy cannot judge it.
	Judged bool
	// Best are the declaring side's best declarations: strain and royal,
	// at the highest bid worth most to it (level 0 under the Bridge codes),
	// doubled when even the lowest fails. BestNS is what each of them scores for North-South.
	Best   []scoring.Contract
	BestNS int
	// InBest: the contract's strain (and royal or plain) is one of Best.
	InBest bool
	// Levelled: the contract has a level (not a Bridge declaration); then
	// Highest is the most odd tricks its declarer takes by double dummy in
	// its strain (0 to 7) and LevelGap is Highest less the level bid:
	// above 0 the table bid fewer odd tricks than it could fulfil, 0 the
	// highest it could, below 0 more than it could.
	Levelled          bool
	Highest, LevelGap int
	// Leader is the side that could make most (the side whose best
	// declaration is worth more to it); Lead is false when neither is
	// (the two worth the same, or a Bridge code). LeaderDeclared: Leader
	// played the contract at this table.
	Leader         scoring.Side
	Lead           bool
	LeaderDeclared bool
	NullosLeftOut  bool // the code has nullos, which the measure leaves out
}

// MeasureDeclaration is THE declaration measure of one table: contract c
// played by declarer (ignored when c.Pass) on the board an analyses, under
// rules (the code the table played). It returns whether c is in the
// declaring side's best declaration, how far its level is from the highest
// the declarer could fulfil, and whether the side that could make most
// declared — TableDeclaration says how each is reckoned. The error is
// Rules.Score's, for a bid the code cannot score.
func MeasureDeclaration(rules *scoring.Rules, an *tournament.Analysis, c scoring.Contract, declarer scoring.Seat) (TableDeclaration, error) {
	td := TableDeclaration{NullosLeftOut: rules.HasNullo()}
	var best [2][]scoring.Contract
	var worth [2]int
	var declares [2]bool
	for x := scoring.NS; x <= scoring.EW; x++ {
		b, ns, ok, err := bestDeclarations(rules, an, x)
		if err != nil {
			return td, err
		}
		best[x], worth[x], declares[x] = b, ns, ok
	}
	if declares[scoring.NS] && declares[scoring.EW] && worth[scoring.NS] != -worth[scoring.EW] {
		td.Lead = true
		td.Leader = scoring.NS
		if -worth[scoring.EW] > worth[scoring.NS] {
			td.Leader = scoring.EW
		}
	}
	if c.Pass {
		td.PassedOut = true
		return td, nil
	}
	x := declarer.Side()
	td.Side = x
	td.LeaderDeclared = td.Lead && td.Leader == x
	td.Best, td.BestNS = best[x], worth[x]
	tricks, ok := an.Tricks.Tricks(declarer, c.Strain)
	if !ok {
		return td, nil // a nullo: not judged
	}
	td.Judged = true
	for _, b := range td.Best {
		if b.Strain == c.Strain && b.Royal == c.Royal {
			td.InBest = true
		}
	}
	if c.Level > 0 {
		td.Levelled = true
		td.Highest = max(0, tricks-6)
		td.LevelGap = td.Highest - int(c.Level)
	}
	return td, nil
}

// bestDeclarations returns side x's best declarations on the board, what
// they score for North-South, and false when x cannot declare (the Bridge
// codes' other side).
func bestDeclarations(rules *scoring.Rules, an *tournament.Analysis, x scoring.Side) ([]scoring.Contract, int, bool, error) {
	type decl struct {
		strain scoring.Strain
		royal  bool
	}
	seats := []scoring.Seat{scoring.Seat(x), scoring.Seat(x) + 2}
	var bids []scoring.Contract
	if bids0 := rules.Bids(); bids0 != nil {
		for _, b := range bids0 {
			if b.Strain != scoring.Nullo {
				bids = append(bids, scoring.Contract{Level: b.Level, Strain: b.Strain, Royal: b.Royal})
			}
		}
	} else {
		if an.Dealer.Side() != x {
			return nil, 0, false, nil
		}
		seats = []scoring.Seat{an.Dealer}
		for _, s := range rules.Strains() {
			bids = append(bids, scoring.Contract{Strain: s})
		}
	}
	lone := func(c scoring.Contract) bool {
		return rules.Law == scoring.RoyalAuction1913 && c.Strain == scoring.Spades && c.Level == 1
	}
	worth := map[decl]scoring.Contract{}
	worthNS := map[decl]int{}
	var order []decl
	for _, c := range bids {
		for _, seat := range seats {
			if lone(c) && seat != an.Dealer {
				continue // the lone spade is the dealer's opening only (seed 001 Law 48)
			}
			tricks, ok := an.Tricks.Tricks(seat, c.Strain)
			if !ok {
				continue
			}
			played := c
			if tricks < 6+max(1, int(c.Level)) {
				played.Doubles = 1
			}
			res := scoring.Result{Contract: played, Declarer: seat, Tricks: tricks, Holding: scoring.HoldingOf(an.Deal.Hands, c.Strain), Vulnerability: an.Vulnerability}
			sc, err := rules.Score(&res)
			if err != nil {
				return nil, 0, false, err
			}
			ns := sc.NSScore()
			d := decl{c.Strain, c.Royal}
			old, seen := worthNS[d]
			if !seen {
				order = append(order, d)
			}
			if !seen || !betterFor(x, old, ns) { // a tie: the higher bid, Hawley's (b)
				worth[d], worthNS[d] = played, ns
			}
		}
	}
	var out []scoring.Contract
	top, first := 0, true
	for _, d := range order {
		if first || betterFor(x, worthNS[d], top) {
			top, first = worthNS[d], false
		}
	}
	for _, d := range order {
		if worthNS[d] == top {
			out = append(out, worth[d])
		}
	}
	return out, top, !first, nil
}

// betterFor reports whether NS score a is better than b for side x.
func betterFor(x scoring.Side, a, b int) bool {
	if x == scoring.NS {
		return a > b
	}
	return a < b
}

// DeclarationReport is the declaration measure (MeasureDeclaration) of
// every played and passed-out result on an event's analysed boards, table
// by table, summed per board and per law code.
type DeclarationReport struct {
	Analysed int               // boards with an analysis
	Codes    []CodeDeclaration // per law code the tables played under
}

// DeclarationCount is the declaration measure summed over tables.
type DeclarationCount struct {
	Tables    int // played results with a contract that double dummy judges
	PassedOut int
	NotJudged int // nullo contracts (nullos are left out)
	InBest    int // contracts in the declaring side's best declaration
	// Levelled are the Tables with a level; AtHighest of them bid the
	// highest they could fulfil, Under fewer, Over more; MeanLevelGap is
	// the mean of Highest less the level bid.
	Levelled, AtHighest, Under, Over int
	MeanLevelGap                     float64
	// Leading are the results (passed out too) on boards where one side
	// could make most; LeaderDeclared of them, that side declared.
	Leading, LeaderDeclared int
}

// CodeDeclaration is one law code's part of the report.
type CodeDeclaration struct {
	Law           string
	NullosLeftOut bool
	DeclarationCount
	Boards []BoardDeclaration
}

// BoardDeclaration is one board's tables under one code.
type BoardDeclaration struct {
	Section string
	Board   int
	// Best are each side's best declarations (NS, EW; Bridge codes: the
	// dealer's side only), "2S", "4HR"; Leader is the side that could make
	// most, "" when neither.
	Best   [2][]string
	Leader string
	DeclarationCount
	Tables []DeclarationLine
}

// DeclarationLine is one table's result measured.
type DeclarationLine struct {
	Round, Table int
	Contract     string // as the code writes it; "PASS"
	Declarer     string
	TableDeclaration
}

// add counts one table's measure.
func (c *DeclarationCount) add(td TableDeclaration) {
	if td.Lead {
		c.Leading++
		if td.LeaderDeclared {
			c.LeaderDeclared++
		}
	}
	switch {
	case td.PassedOut:
		c.PassedOut++
		return
	case !td.Judged:
		c.NotJudged++
		return
	}
	c.Tables++
	if td.InBest {
		c.InBest++
	}
	if td.Levelled {
		c.MeanLevelGap = (c.MeanLevelGap*float64(c.Levelled) + float64(td.LevelGap)) / float64(c.Levelled+1)
		c.Levelled++
		switch {
		case td.LevelGap == 0:
			c.AtHighest++
		case td.LevelGap > 0:
			c.Under++
		default:
			c.Over++
		}
	}
}

// merge adds another count.
func (c *DeclarationCount) merge(o DeclarationCount) {
	if c.Levelled+o.Levelled > 0 {
		c.MeanLevelGap = (c.MeanLevelGap*float64(c.Levelled) + o.MeanLevelGap*float64(o.Levelled)) / float64(c.Levelled+o.Levelled)
	}
	c.Tables += o.Tables
	c.PassedOut += o.PassedOut
	c.NotJudged += o.NotJudged
	c.InBest += o.InBest
	c.Levelled += o.Levelled
	c.AtHighest += o.AtHighest
	c.Under += o.Under
	c.Over += o.Over
	c.Leading += o.Leading
	c.LeaderDeclared += o.LeaderDeclared
}

// MakeDeclarationReport measures every played and passed-out result on the
// event's analysed boards (tournament.SectionData.Analyses) under the code
// it was played under — its section's own code where the section has one
// (tournament.Event.InSection), else the event's, with its options: one
// CodeDeclaration a code, the event's own first. Results the code cannot
// read (and unplayed, artificial or assigned ones) are left out.
func MakeDeclarationReport(d tournament.EventData) (DeclarationReport, error) {
	var rep DeclarationReport
	byLaw := map[scoring.Law]int{}
	codeOf := func(rules *scoring.Rules) *CodeDeclaration {
		i, ok := byLaw[rules.Law]
		if !ok {
			i = len(rep.Codes)
			byLaw[rules.Law] = i
			rep.Codes = append(rep.Codes, CodeDeclaration{Law: rules.Law.String(), NullosLeftOut: rules.HasNullo()})
		}
		return &rep.Codes[i]
	}
	own, err := d.Event.Rules()
	if err != nil {
		return rep, err
	}
	codeOf(&own)
	for si := range d.Sections {
		sd := &d.Sections[si]
		ev := d.Event.InSection(&sd.Section)
		rules, err := ev.Rules()
		if err != nil {
			return rep, err
		}
		rep.Analysed += len(sd.Analyses)
		for ai := range sd.Analyses {
			an := &sd.Analyses[ai]
			bd := BoardDeclaration{Section: sd.Section.Name, Board: an.Board}
			probe, err := MeasureDeclaration(&rules, an, scoring.Contract{Pass: true}, 0)
			if err != nil {
				return rep, err
			}
			if probe.Lead {
				bd.Leader = probe.Leader.String()
			}
			for x := scoring.NS; x <= scoring.EW; x++ {
				best, _, ok, err := bestDeclarations(&rules, an, x)
				if err != nil {
					return rep, err
				}
				if ok {
					for _, b := range best {
						bd.Best[x] = append(bd.Best[x], b.String())
					}
				}
			}
			for _, r := range sd.Results {
				if r.Board != an.Board || (r.Status != tournament.StatusPlayed && r.Status != tournament.StatusPassedOut) {
					continue
				}
				c, err := rules.ParseContract(r.Contract)
				if err != nil {
					continue
				}
				var decl scoring.Seat
				if !c.Pass {
					if decl, err = scoring.ParseSeat("declarer", r.Declarer); err != nil {
						continue
					}
				}
				td, err := MeasureDeclaration(&rules, an, c, decl)
				if err != nil {
					continue // a bid the code cannot score
				}
				bd.add(td)
				bd.Tables = append(bd.Tables, DeclarationLine{Round: r.Round, Table: r.Table, Contract: c.String(), Declarer: r.Declarer, TableDeclaration: td})
			}
			cd := codeOf(&rules)
			cd.merge(bd.DeclarationCount)
			cd.Boards = append(cd.Boards, bd)
		}
	}
	return rep, nil
}

// declarationHeader heads the rows of counts, in the text and the workbook.
var declarationHeader = []string{"tables", "in best declaration", "at highest level", "under", "over", "mean level gap", "passed out", "nullos (not judged)", "side that could make most declared"}

// row is the count's cells under declarationHeader.
func (c DeclarationCount) row() []any {
	return []any{c.Tables, c.InBest, c.AtHighest, c.Under, c.Over, round2(c.MeanLevelGap), c.PassedOut, c.NotJudged,
		strconv.Itoa(c.LeaderDeclared) + " of " + strconv.Itoa(c.Leading)}
}

// name is the code as the report names it, with the nullo note.
func (c CodeDeclaration) name() string {
	if c.NullosLeftOut {
		return c.Law + " (nullos left out)"
	}
	return c.Law
}

// Text lays the report out for `traveler report declaration`: a row per
// code, then per code a row per board and a row per table.
func (r DeclarationReport) Text(d tournament.EventData) []TextPart {
	codes := &Sheet{Header: append([]string{"law code"}, declarationHeader...)}
	for _, c := range r.Codes {
		codes.Rows = append(codes.Rows, append([]any{c.name()}, c.row()...))
	}
	parts := []TextPart{{Lines: []string{"Declaration report: " + describeEvent(d) + "; " + strconv.Itoa(r.Analysed) + " boards analysed double dummy",
		"Hawley's (a) the best declaration in the four hands, (b) the highest bid possible to fulfil in it, by double dummy", ""}, Table: codes}}
	for _, c := range r.Codes {
		boards := &Sheet{Header: append([]string{"section", "board", "NS best", "EW best", "could make most"}, declarationHeader...)}
		tables := &Sheet{Header: []string{"section", "board", "round", "table", "contract", "declarer", "in best", "highest", "level gap", "could-make-most side declared"}}
		for _, b := range c.Boards {
			boards.Rows = append(boards.Rows, append([]any{b.Section, b.Board, strings.Join(b.Best[0], " "), strings.Join(b.Best[1], " "), b.Leader}, b.row()...))
			for _, l := range b.Tables {
				var inBest, highest, gap any = "", "", ""
				if l.Judged {
					inBest = l.InBest
				}
				if l.Levelled {
					highest, gap = l.Highest, l.LevelGap
				}
				decl := l.Declarer
				if l.PassedOut {
					decl = ""
				}
				tables.Rows = append(tables.Rows, []any{b.Section, b.Board, l.Round, l.Table, l.Contract, decl, inBest, highest, gap, l.LeaderDeclared})
			}
		}
		parts = append(parts, TextPart{Lines: []string{"", c.name() + ", board by board:"}, Table: boards},
			TextPart{Lines: []string{"", c.name() + ", table by table:"}, Table: tables})
	}
	return parts
}

// Sheet lays the report out as a workbook sheet: a row per law code, then
// per code a row per board.
func (r DeclarationReport) Sheet() Sheet {
	s := Sheet{Name: "Declarations", Header: append([]string{"Law code", "Board", "NS best", "EW best", "Could make most"}, declarationHeader...)}
	for _, c := range r.Codes {
		s.Rows = append(s.Rows, append([]any{c.name(), "all", nil, nil, nil}, c.row()...))
	}
	for _, c := range r.Codes {
		for _, b := range c.Boards {
			s.Rows = append(s.Rows, append([]any{c.name(), b.Section + " " + strconv.Itoa(b.Board), strings.Join(b.Best[0], " "), strings.Join(b.Best[1], " "), b.Leader}, b.row()...))
		}
	}
	return s
}
