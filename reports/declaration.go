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
//     spades), or a nullo where the code has them (royalton-1915;
//     royal-auction-1913 unless its option nullo is off:
//     scoring.Rules.HasNullo). DDS's table counts the most tricks a side
//     can take; a nullo's tricks are the deal's nullo table the analysis
//     job solved in the background (tournament.Analysis.Nullo), or, until
//     it is solved, scoring.NulloSolver's (the declarer's
//     side playing to take fewest, the defenders to make it take most),
//     one solver a board asked within DeclarationNulloBudget positions in
//     all, and asked only what the measure needs: of each seat, whether
//     its nullo's declarer is held to few enough tricks for the nullo to
//     be worth as much to his side as its best other declaration (one
//     null-window question, usually settled well before the whole table
//     would be); his tricks only where that is so, or where a nullo was
//     played (counted up to 7: a declarer taking 7 or more fulfils no
//     nullo). A question not settled within the budget leaves those
//     nullos out (NullosLeftOut): a nullo played there is not judged, and
//     the best declarations are among the other strains.
//   - A nullo of level L is made when the opponents take 6 + L tricks
//     (LAWS.md "Contract made / defeated"; seed 001's nullo chapter,
//     seed 000 Royalton): its odd tricks are the opponents' tricks over
//     six, and the highest nullo the declarer could fulfil is 7 less his
//     own tricks by double dummy (0 when the opponents take six or fewer).
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
//     declaration is the odd tricks he takes by double dummy (a nullo's:
//     the opponents'), his tricks less six (0 when not even one odd
//     trick).
//   - The side that could make most is the side whose best declaration is
//     worth more to it than the other side's is to the other (none when
//     they are worth the same; none under the Bridge codes, where one side
//     only declares).

// TableDeclaration is one table's contract measured against the four
// hands' best declaration (MeasureDeclaration).
type TableDeclaration struct {
	PassedOut bool         // no contract: only Leader and Lead say anything
	Side      scoring.Side // the side that played the contract
	// Judged is false for a nullo contract on a board whose nullos are
	// left out (NullosLeftOut).
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
	// its strain (0 to 7; a nullo: the opponents' odd tricks) and LevelGap is Highest less the level bid:
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
	// NullosLeftOut: the code has nullos and a question on the board's
	// nullos (this table's, or a side's best declaration) was not settled
	// within DeclarationNulloBudget positions: those are left out.
	NullosLeftOut bool
}

// DeclarationNulloBudget bounds the positions a board's nullo questions
// search in all (scoring.NulloSolver) for the declaration measure in the
// service (the page, the API, the workbook): about a tenth of a second.
// It settles endings, lopsided deals and some whole deals whose nullos
// are far from worth a side's best declaration, not most whole deals
// (BENCHMARKS.md, "Nullo by double dummy": one question on a usual whole
// deal takes hundreds of thousands of positions); a board it does not
// settle has its nullos left out. `traveler report declaration
// --nullo-budget` may spend more (MakeDeclarationReportWithin).
const DeclarationNulloBudget = 50_000

// declBoard is one board as the declaration measure reads it: the code,
// the analysis, and the nullo questions by double dummy where the code
// has nullos (one scoring.NulloSolver a board, whatever the number of
// tables, asked only what the measure needs: for each side whether a
// nullo could be worth as much as its best other declaration, and the
// tricks of a nullo's declarer only where a nullo is its side's best or
// was played at a table).
type declBoard struct {
	rules    *scoring.Rules
	an       *tournament.Analysis
	hasNullo bool
	nullo    *scoring.NulloSolver // nil: no nullos, or the deal is not whole
	// nulloKnown: the declarer seat's nullo tricks are settled (in
	// nulloTricks).
	nulloKnown  [4]bool
	nulloTricks [4]int
	// nulloOut: a nullo question the board needed was not settled
	// within the budget (or the deal is not whole): those nullos are
	// left out.
	nulloOut bool
	best     [2]sideBest
	bestErr  error
}

// sideBest is one side's best declarations (bestDeclarations).
type sideBest struct {
	best     []scoring.Contract
	ns       int
	declares bool
	// nulloOut: the side's nullos are left out of best, not settled.
	nulloOut bool
}

// newDeclBoard reads the board an under rules and finds each side's best
// declarations, asking its nullo questions within budget positions in
// all when the code has nullos.
func newDeclBoard(rules *scoring.Rules, an *tournament.Analysis, budget int) *declBoard {
	b := &declBoard{rules: rules, an: an, hasNullo: rules.HasNullo()}
	if b.hasNullo && an.Nullo != nil {
		// Solved in the background (the analysis job): every question
		// is answered, within no budget.
		for d := range b.nulloTricks {
			b.nulloKnown[d], b.nulloTricks[d] = true, an.Nullo.Tricks(scoring.Seat(d))
		}
	} else if b.hasNullo {
		if hands, ok := an.Deal.Complete(); ok {
			b.nullo = scoring.NewNulloSolver(hands, budget)
		} else {
			b.nulloOut = true
		}
	}
	for x := scoring.NS; x <= scoring.EW; x++ {
		if b.best[x], b.bestErr = b.bestDeclarations(x); b.bestErr != nil {
			break
		}
	}
	return b
}

// tricks returns the declarer's tricks by double dummy in the strain (a
// nullo's: the fewest he can be held to, as far as settled); false when
// not known.
func (b *declBoard) tricks(declarer scoring.Seat, s scoring.Strain) (int, bool) {
	if s == scoring.Nullo {
		return b.nulloTricks[declarer&3], b.nulloKnown[declarer&3]
	}
	return b.an.Tricks.Tricks(declarer, s)
}

// settleNullo asks the nullo tricks of declarer, counting none above
// most (13: exact); false when not settled within the budget, and the
// board's nullos are then partly left out.
func (b *declBoard) settleNullo(declarer scoring.Seat, most int) (int, bool) {
	d := declarer & 3
	if b.nulloKnown[d] {
		return min(b.nulloTricks[d], most), true
	}
	if b.nullo == nil {
		b.nulloOut = true
		return 0, false
	}
	n, ok := b.nullo.TricksUpTo(d, most)
	if !ok {
		b.nulloOut = true
		return 0, false
	}
	if n < most || most >= 13 {
		b.nulloKnown[d], b.nulloTricks[d] = true, n
	}
	return n, true
}

// oddOf returns the tricks a declarer taking tricks plays for: his own, or
// at a nullo the opponents' (LAWS.md "Contract made / defeated").
func oddOf(s scoring.Strain, tricks int) int {
	if s == scoring.Nullo {
		return 13 - tricks
	}
	return tricks
}

// MeasureDeclaration is THE declaration measure of one table: contract c
// played by declarer (ignored when c.Pass) on the board an analyses, under
// rules (the code the table played). It returns whether c is in the
// declaring side's best declaration, how far its level is from the highest
// the declarer could fulfil, and whether the side that could make most
// declared — TableDeclaration says how each is reckoned. The error is
// Rules.Score's, for a bid the code cannot score.
func MeasureDeclaration(rules *scoring.Rules, an *tournament.Analysis, c scoring.Contract, declarer scoring.Seat) (TableDeclaration, error) {
	return newDeclBoard(rules, an, DeclarationNulloBudget).measure(c, declarer)
}

// nulloHighestTricks is the most nullo tricks of a declarer that the
// measure tells apart: a declarer taking 7 or more fulfils no nullo (his
// highest is 0 whatever the count).
const nulloHighestTricks = 7

// measure is MeasureDeclaration on a board read once.
func (bd *declBoard) measure(c scoring.Contract, declarer scoring.Seat) (TableDeclaration, error) {
	if bd.bestErr != nil {
		return TableDeclaration{}, bd.bestErr
	}
	var td TableDeclaration
	ns, ew := &bd.best[scoring.NS], &bd.best[scoring.EW]
	if ns.declares && ew.declares && ns.ns != -ew.ns {
		td.Lead = true
		td.Leader = scoring.NS
		if -ew.ns > ns.ns {
			td.Leader = scoring.EW
		}
	}
	if c.Pass {
		td.PassedOut = true
		td.NullosLeftOut = bd.nulloOut
		return td, nil
	}
	x := declarer.Side()
	td.Side = x
	td.LeaderDeclared = td.Lead && td.Leader == x
	td.Best, td.BestNS = bd.best[x].best, bd.best[x].ns
	tricks, ok := bd.tricks(declarer, c.Strain)
	if c.Strain == scoring.Nullo && !ok {
		// The highest nullo he could fulfil needs his tricks up to 7;
		// whether it is in his side's best, that side's nullos settled.
		tricks, ok = bd.settleNullo(declarer, nulloHighestTricks)
		ok = ok && !bd.best[x].nulloOut
	}
	td.NullosLeftOut = bd.nulloOut
	if !ok {
		return td, nil // a nullo left out: not judged
	}
	td.Judged = true
	for _, b := range td.Best {
		if b.Strain == c.Strain && b.Royal == c.Royal {
			td.InBest = true
		}
	}
	if c.Level > 0 {
		td.Levelled = true
		td.Highest = max(0, oddOf(c.Strain, tricks)-6)
		td.LevelGap = td.Highest - int(c.Level)
	}
	return td, nil
}

// bestDeclarations returns side x's best declarations on the board, what
// they score for North-South, and whether x can declare at all (not the
// Bridge codes' other side). A nullo's tricks are asked only of a seat
// whose nullo could be worth as much as the side's best other
// declaration: first whether he is held to few enough tricks for that
// (one null-window question, quickly answered when far from his count),
// then his tricks when so. A question not settled within the budget
// leaves that seat's nullo out, as nulloOut says.
func (bd *declBoard) bestDeclarations(x scoring.Side) (sideBest, error) {
	rules, an := bd.rules, bd.an
	type decl struct {
		strain scoring.Strain
		royal  bool
	}
	seats := []scoring.Seat{scoring.Seat(x), scoring.Seat(x) + 2}
	var bids []scoring.Contract
	if bids0 := rules.Bids(); bids0 != nil {
		for _, b := range bids0 {
			bids = append(bids, scoring.Contract{Level: b.Level, Strain: b.Strain, Royal: b.Royal})
		}
	} else {
		if an.Dealer.Side() != x {
			return sideBest{}, nil
		}
		seats = []scoring.Seat{an.Dealer}
		for _, s := range rules.Strains() {
			bids = append(bids, scoring.Contract{Strain: s})
		}
	}
	lone := func(c scoring.Contract, seat scoring.Seat) bool {
		// The lone spade is the dealer's opening only (seed 001 Law 48).
		return rules.Law == scoring.RoyalAuction1913 && c.Strain == scoring.Spades && c.Level == 1 && seat != an.Dealer
	}
	// score is what bid c played by seat taking tricks scores for
	// North-South, doubled when it fails, and the contract so played.
	score := func(c scoring.Contract, seat scoring.Seat, tricks int) (scoring.Contract, int, error) {
		played := c
		if oddOf(c.Strain, tricks) < 6+max(1, int(c.Level)) {
			played.Doubles = 1
		}
		res := scoring.Result{Contract: played, Declarer: seat, Tricks: tricks, Holding: scoring.HoldingOf(an.Deal.Hands, c.Strain), Vulnerability: an.Vulnerability}
		sc, err := rules.Score(&res)
		if err != nil {
			return played, 0, err
		}
		return played, sc.NSScore(), nil
	}
	var sb sideBest
	if bd.hasNullo {
		// The most the side's other declarations are worth to it.
		other, any := 0, false
		for _, c := range bids {
			for _, seat := range seats {
				if c.Strain == scoring.Nullo || lone(c, seat) {
					continue
				}
				tricks, ok := bd.tricks(seat, c.Strain)
				if !ok {
					continue
				}
				_, ns, err := score(c, seat, tricks)
				if err != nil {
					return sb, err
				}
				if !any || betterFor(x, ns, other) {
					other, any = ns, true
				}
			}
		}
		for _, seat := range seats {
			// fit[t]: a nullo of seat taking t tricks is worth as much
			// to x as its best other declaration (or more).
			var fit [14]bool
			for _, c := range bids {
				if c.Strain != scoring.Nullo {
					continue
				}
				for t := 0; t <= 13; t++ {
					_, ns, err := score(c, seat, t)
					if err != nil {
						return sb, err
					}
					fit[t] = fit[t] || !any || !betterFor(x, other, ns)
				}
			}
			most := -1 // fit holds for 0..most, and for no t above
			for most < 13 && fit[most+1] {
				most++
			}
			downward := true
			for t := most + 1; t <= 13; t++ {
				downward = downward && !fit[t]
			}
			switch {
			case downward && most < 0:
				continue // worth less than the best whatever its tricks
			case downward && bd.nullo != nil:
				yes, known := bd.nullo.AtMost(seat, most)
				if !known {
					bd.nulloOut, sb.nulloOut = true, true
					continue
				}
				if !yes {
					continue // held to no fewer: worth less than the best
				}
			}
			if _, ok := bd.settleNullo(seat, 13); !ok {
				sb.nulloOut = true
			}
		}
	}
	worth := map[decl]scoring.Contract{}
	worthNS := map[decl]int{}
	var order []decl
	for _, c := range bids {
		for _, seat := range seats {
			if lone(c, seat) {
				continue
			}
			tricks, ok := bd.tricks(seat, c.Strain)
			if !ok {
				continue // a nullo worth less than the best, or left out
			}
			played, ns, err := score(c, seat, tricks)
			if err != nil {
				return sb, err
			}
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
	top, first := 0, true
	for _, d := range order {
		if first || betterFor(x, worthNS[d], top) {
			top, first = worthNS[d], false
		}
	}
	for _, d := range order {
		if worthNS[d] == top {
			sb.best = append(sb.best, worth[d])
		}
	}
	sb.ns, sb.declares = top, !first
	return sb, nil
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
	NotJudged int // nullo contracts on boards whose nullos are left out
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
	Law string
	// NullosLeftOut: on NulloBoardsLeftOut of the boards the code's nullos
	// were not settled within DeclarationNulloBudget and are left out.
	NullosLeftOut      bool
	NulloBoardsLeftOut int
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
	// NullosLeftOut: the code has nullos and a question on this board's
	// nullos was not settled within DeclarationNulloBudget: those are left
	// out.
	NullosLeftOut bool
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
	return MakeDeclarationReportWithin(d, DeclarationNulloBudget)
}

// MakeDeclarationReportWithin is MakeDeclarationReport with each board's
// nullos searched within budget positions (DeclarationNulloBudget in the
// service; the CLI may spend more).
func MakeDeclarationReportWithin(d tournament.EventData, budget int) (DeclarationReport, error) {
	var rep DeclarationReport
	byLaw := map[scoring.Law]int{}
	codeOf := func(rules *scoring.Rules) *CodeDeclaration {
		i, ok := byLaw[rules.Law]
		if !ok {
			i = len(rep.Codes)
			byLaw[rules.Law] = i
			rep.Codes = append(rep.Codes, CodeDeclaration{Law: rules.Law.String()})
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
			board := newDeclBoard(&rules, an, budget)
			bd := BoardDeclaration{Section: sd.Section.Name, Board: an.Board}
			probe, err := board.measure(scoring.Contract{Pass: true}, 0)
			if err != nil {
				return rep, err
			}
			if probe.Lead {
				bd.Leader = probe.Leader.String()
			}
			for x := scoring.NS; x <= scoring.EW; x++ {
				if sb := board.best[x]; sb.declares {
					for _, b := range sb.best {
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
				td, err := board.measure(c, decl)
				if err != nil {
					continue // a bid the code cannot score
				}
				bd.add(td)
				bd.Tables = append(bd.Tables, DeclarationLine{Round: r.Round, Table: r.Table, Contract: c.String(), Declarer: r.Declarer, TableDeclaration: td})
			}
			bd.NullosLeftOut = board.nulloOut // after the tables: a played nullo may ask more
			cd := codeOf(&rules)
			if bd.NullosLeftOut {
				cd.NullosLeftOut = true
				cd.NulloBoardsLeftOut++
			}
			cd.merge(bd.DeclarationCount)
			cd.Boards = append(cd.Boards, bd)
		}
	}
	return rep, nil
}

// declarationHeader heads the rows of counts, in the text and the workbook.
var declarationHeader = []string{"tables", "in best declaration", "at highest level", "under", "over", "mean level gap", "passed out", "nullos not judged (search too long)", "side that could make most declared"}

// row is the count's cells under declarationHeader.
func (c DeclarationCount) row() []any {
	return []any{c.Tables, c.InBest, c.AtHighest, c.Under, c.Over, round2(c.MeanLevelGap), c.PassedOut, c.NotJudged,
		strconv.Itoa(c.LeaderDeclared) + " of " + strconv.Itoa(c.Leading)}
}

// name is the code as the report names it, with the note of the boards
// whose nullos are left out.
func (c CodeDeclaration) name() string {
	if c.NullosLeftOut {
		return c.Law + " (nullos left out on " + plural(c.NulloBoardsLeftOut, "board") + ": double-dummy search too long)"
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
