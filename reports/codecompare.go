package reports

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// CodeSide is one side of the duplicate-whist test (issue 28 §2): the
// sections that played a set of boards under one law code — the sections
// of an event with that code (a section's code may differ from its
// event's: tournament.Section.Law), or a whole event.
type CodeSide struct {
	Name     string           // how the report names the side: its code and its sections or event
	Event    tournament.Event // the event as these sections play it (Event.InSection): its Law and options score them
	Sections []tournament.SectionData
}

// CodeComparison is the Royalton author's test "by the same methods
// formerly used in Duplicate Whist" (seed 000, the summary): the same
// deals played under two law codes, compared board by board — par reached,
// the spread of the results around par — with a paired test across the
// boards of which code came nearer par.
type CodeComparison struct {
	A, B      CodeSideSummary
	Boards    []CodeBoard // the boards both sides played with identical deals, by number
	Unmatched []string    // boards one side played and the other did not with the same deal, and why
	// AtPar is the Wilcoxon signed-rank test, across the boards with par
	// under both codes and results on both sides, of the differences
	// "share of A's tables at par − share of B's".
	AtPar SignedRank
	// AtParWords says in plain words what AtPar found.
	AtParWords string
	// InBest is the same test of "share of A's judged contracts in the
	// declaring side's best declaration − share of B's" (the author's (a),
	// MeasureDeclaration), across the boards with judged contracts on
	// both sides; InBestWords says what it found.
	InBest      SignedRank
	InBestWords string
}

// DeclarationTally is the declaration measure (MeasureDeclaration) summed
// over a set of tables: the Royalton author's (a) the best declaration in
// the four hands and (b) the highest bid possible to fulfil in it.
type DeclarationTally struct {
	Measured       int     // contracts and passed-out boards with a double-dummy trick table
	Judged         int     // contracts double dummy judges (not nullos on boards whose nullos are left out)
	InBest         int     // of them, in the declaring side's best declaration
	ShareInBest    float64 // InBest / Judged, 0 to 1
	Levelled       int     // judged contracts with a level
	MeanLevelGap   float64 // mean of (highest level the declarer could fulfil − level bid): above 0 underbid, below 0 overbid
	MeanAbsGap     float64 // mean of its size: how far the level was from the highest possible
	Leads          int     // tables with a side that could make most
	LeaderDeclared int     // of them, where that side played the contract
}

// Heading is the side's name as every output of the comparison shows it:
// with "(nullos left out of par)" when par leaves its code's nullos out,
// as every par says (LAWS.md "Par") — its at-par figures are par's.
func (s CodeSideSummary) Heading() string {
	if s.NullosLeftOut {
		return s.Name + " (nullos left out of par)"
	}
	return s.Name
}

// CodeSideSummary is one side's figures over the matched boards.
type CodeSideSummary struct {
	Name          string
	Law           string
	NullosLeftOut bool // par leaves nullos out under this code
	Results       int  // played and passed-out results on matched boards that the code scores
	Unscored      []NotCounted
	WithPar       int     // of them, on boards with par
	AtPar         int     // of those, scoring exactly par
	MeanFromPar   float64 // mean |NS score − par|, in the code's points
	SpreadFromPar float64 // standard deviation of NS score − par, in the code's points: how widely the tables scattered around par
	Cards         Spread  // the code's score spread split between the cards and the tables
	Declarations  DeclarationTally
}

// CodeBoard is one board as both sides played it.
type CodeBoard struct {
	Board int
	Deal  string // the deal both sides played (PBN)
	A, B  CodeBoardSide
	// Nearer names the side with the larger share of its tables at par:
	// "A", "B", "tie", or "" when the board has no par or no results on a
	// side (it does not count in the paired test).
	Nearer string
	// NearerBest is the same for the share of contracts in the best
	// declaration ("" without judged contracts on both sides).
	NearerBest string
}

// CodeBoardSide is one board under one side's code.
type CodeBoardSide struct {
	Sections      []string // the side's sections that played it
	Par           *int     // NS par under the side's code; nil: no analysis
	ParContracts  []string
	Results       int
	AtPar         int
	ShareAtPar    float64 // AtPar / Results, 0 to 1
	MeanFromPar   float64
	SpreadFromPar float64 // standard deviation of NS score − par
	Contracts     []ContractCount
	Declarations  DeclarationTally
}

// Spread is how much of a code's score spread over a set of boards the
// cards explain and how much the tables do, two ways.
//
// Against par (as the par report has it): CardsVar is the variance of par
// over the results (each board's par once a result), TablesVar the
// variance of the results around par, CardsShare the first's part of
// their sum.
//
// Between boards (one-way analysis of variance, no double dummy needed):
// of the total sum of squares of the NS scores about their mean, the part
// between the boards' means (the cards: every table held the same ones)
// and the part within each board (the tables); BoardsShare is the part
// between boards, the statistic known as eta squared (η² = SS between /
// SS total).
type Spread struct {
	CardsVar, TablesVar, CardsShare float64 // against par; 0 without par
	Boards                          int     // boards with results
	BetweenSS, WithinSS             float64
	BoardsShare                     float64 // η², 0 to 1; 0 when every score is the same
}

// ScoreSpread is the between-boards part of Spread over the NS scores of a
// set of boards (one slice a board): η² = SS between / SS total.
func ScoreSpread(byBoard [][]float64) Spread {
	var s Spread
	n, sum := 0, 0.0
	for _, b := range byBoard {
		for _, x := range b {
			sum += x
			n++
		}
	}
	if n == 0 {
		return s
	}
	grand := sum / float64(n)
	for _, b := range byBoard {
		if len(b) == 0 {
			continue
		}
		s.Boards++
		m := 0.0
		for _, x := range b {
			m += x
		}
		m /= float64(len(b))
		s.BetweenSS += float64(len(b)) * (m - grand) * (m - grand)
		for _, x := range b {
			s.WithinSS += (x - m) * (x - m)
		}
	}
	if total := s.BetweenSS + s.WithinSS; total > 0 {
		s.BoardsShare = s.BetweenSS / total
	}
	return s
}

// CodeSides groups an event's sections by the law code they are scored
// under (their own, else the event's), the event's own code first.
func CodeSides(d tournament.EventData) []CodeSide {
	var sides []CodeSide
	for _, sd := range d.Sections {
		e := d.Event.InSection(&sd.Section)
		i := slices.IndexFunc(sides, func(s CodeSide) bool { return s.Event.Law == e.Law })
		if i < 0 {
			sides = append(sides, CodeSide{Event: e})
			i = len(sides) - 1
		}
		sides[i].Sections = append(sides[i].Sections, sd)
	}
	slices.SortStableFunc(sides, func(x, y CodeSide) int {
		switch {
		case x.Event.Law == d.Event.Law:
			return -1
		case y.Event.Law == d.Event.Law:
			return 1
		}
		return 0
	})
	for i := range sides {
		var names []string
		for _, sd := range sides[i].Sections {
			names = append(names, sd.Section.Name)
		}
		sides[i].Name = sides[i].Event.Law.String() + " (section " + strings.Join(names, ", ") + ")"
	}
	return sides
}

// EventSide is a whole event as one side (two events on the same boards).
func EventSide(d tournament.EventData) CodeSide {
	return CodeSide{Name: d.Event.Law.String() + " (" + d.Event.Name + ")", Event: d.Event, Sections: d.Sections}
}

// CompareEventCodes compares every two law codes an event's sections are
// scored under (CodeSides), in order: the event's own code with each
// other, then the others. An event whose sections all share one code has
// nothing to compare: a refusal naming "law" saying so.
func CompareEventCodes(d tournament.EventData) ([]CodeComparison, error) {
	sides := CodeSides(d)
	if len(sides) < 2 {
		return nil, tournament.Invalidf("law", "every section of the event is scored under "+d.Event.Law.String()+
			": give a section a law code of its own, or compare with another event on the same boards")
	}
	var out []CodeComparison
	for i := range sides {
		for j := i + 1; j < len(sides); j++ {
			c, err := CompareCodes(sides[i], sides[j])
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
	}
	return out, nil
}

// CompareWith is the duplicate-whist test of an event: with other nil,
// its sections under their own codes (CompareEventCodes); else the event
// against other on the boards both played with the same deals, each under
// its own code (CompareCodes of the two EventSides) — for the CLI's
// --with, the API's ?with= and the reports page alike. Two events that
// share no such board are refused naming "with", saying what differs.
func CompareWith(d tournament.EventData, other *tournament.EventData) ([]CodeComparison, error) {
	if other == nil {
		return CompareEventCodes(d)
	}
	c, err := CompareCodes(EventSide(d), EventSide(*other))
	if err != nil {
		return nil, err
	}
	if len(c.Boards) == 0 {
		why := "neither has a board with a hand record"
		if len(c.Unmatched) > 0 {
			shown := c.Unmatched[:min(len(c.Unmatched), 3)]
			why = strings.Join(shown, "; ")
			if more := len(c.Unmatched) - len(shown); more > 0 {
				why += fmt.Sprintf("; and %d boards more", more)
			}
		}
		return nil, tournament.Invalidf("with", fmt.Sprintf("event %d (%s) and event %d (%s) share no board with the same deal (number, hands, dealer and vulnerability): %s",
			d.Event.ID, d.Event.Name, other.Event.ID, other.Event.Name, why))
	}
	return []CodeComparison{c}, nil
}

// codeBoardKey is a board as the comparison matches it: its number and its
// deal (hands, dealer and vulnerability).
type codeBoardKey struct {
	number int
	deal   scoring.Deal
	dealer scoring.Seat
	vul    scoring.Vulnerability
}

// sideBoard is one board of a side: what it was dealt and the sections
// that played it, with their results scored under the side's code.
type sideBoard struct {
	key      codeBoardKey
	sections []string
	results  []tournament.Result
	par      *scoring.Par
	analysis *tournament.Analysis // with its trick table; nil: not analysed
	rules    *scoring.Rules       // the side's code
}

// boardsOf scores a side's results under its code and gathers them by
// board; results the code cannot score go to unscored.
func boardsOf(side CodeSide) (map[int]*sideBoard, []NotCounted, error) {
	rules, err := side.Event.Rules()
	if err != nil {
		return nil, nil, err
	}
	out := map[int]*sideBoard{}
	var unscored []NotCounted
	conflict := map[int]bool{}
	for si := range side.Sections {
		sd := &side.Sections[si]
		sec := sd.Section
		su := scoreSectionUnder(rules, sd)
		for _, b := range sd.Boards {
			if !b.Deal.Full() {
				continue
			}
			key := codeBoardKey{b.Number, b.Deal, b.Dealer, b.Vulnerability}
			sb := out[b.Number]
			if sb == nil {
				sb = &sideBoard{key: key}
				out[b.Number] = sb
			} else if sb.key != key {
				conflict[b.Number] = true
				continue
			}
			sb.sections = append(sb.sections, sec.Name)
			sb.rules = &rules
			for _, an := range sd.Analyses {
				if an.Board != b.Number || sb.par != nil {
					continue
				}
				sb.analysis = &an
				for _, lp := range an.Par {
					if lp.Law == rules.Law {
						p := lp.Par
						sb.par = &p
					}
				}
			}
			for ri, r := range su.Results {
				if r.Board != b.Number || (r.Status != tournament.StatusPlayed && r.Status != tournament.StatusPassedOut) {
					continue
				}
				if err := su.failed(ri); err != nil {
					unscored = append(unscored, NotCounted{Section: sec.Name, Board: r.Board, Round: r.Round, Table: r.Table, Reason: rules.Law.String() + " cannot score it: " + err.Error()})
					continue
				}
				sb.results = append(sb.results, r)
			}
		}
	}
	for n := range conflict {
		delete(out, n)
	}
	return out, unscored, nil
}

// CompareCodes compares two sides on the boards both played with identical
// deals (number, hands, dealer and vulnerability). Each side's results are
// scored under its own code; par is each board's analysis under that code.
func CompareCodes(a, b CodeSide) (CodeComparison, error) {
	ba, ua, err := boardsOf(a)
	if err != nil {
		return CodeComparison{}, err
	}
	bb, ub, err := boardsOf(b)
	if err != nil {
		return CodeComparison{}, err
	}
	out := CodeComparison{
		A: CodeSideSummary{Name: a.Name, Law: a.Event.Law.String(), Unscored: ua},
		B: CodeSideSummary{Name: b.Name, Law: b.Event.Law.String(), Unscored: ub},
	}
	var numbers []int
	for n := range ba {
		numbers = append(numbers, n)
	}
	for n := range bb {
		if _, ok := ba[n]; !ok {
			numbers = append(numbers, n)
		}
	}
	slices.Sort(numbers)
	type acc struct {
		fromPar, byBoard [][]float64
		pars             []float64
	}
	var accA, accB acc
	var diffs, bestDiffs []float64
	for _, n := range numbers {
		x, y := ba[n], bb[n]
		switch {
		case x == nil:
			out.Unmatched = append(out.Unmatched, fmt.Sprintf("board %d: only %s has it with a hand record", n, b.Name))
			continue
		case y == nil:
			out.Unmatched = append(out.Unmatched, fmt.Sprintf("board %d: only %s has it with a hand record", n, a.Name))
			continue
		case x.key != y.key:
			out.Unmatched = append(out.Unmatched, fmt.Sprintf("board %d: the deals differ (hands, dealer or vulnerability)", n))
			continue
		}
		cb := CodeBoard{Board: n, Deal: x.key.deal.String()}
		cb.A = boardSide(x, &out.A, &accA.fromPar, &accA.byBoard, &accA.pars)
		cb.B = boardSide(y, &out.B, &accB.fromPar, &accB.byBoard, &accB.pars)
		if cb.A.Par != nil && cb.B.Par != nil && cb.A.Results > 0 && cb.B.Results > 0 {
			d := cb.A.ShareAtPar - cb.B.ShareAtPar
			diffs = append(diffs, d)
			cb.Nearer = nearer(d)
		}
		if da, db := cb.A.Declarations, cb.B.Declarations; da.Judged > 0 && db.Judged > 0 {
			d := da.ShareInBest - db.ShareInBest
			bestDiffs = append(bestDiffs, d)
			cb.NearerBest = nearer(d)
		}
		out.Boards = append(out.Boards, cb)
	}
	for _, s := range []struct {
		sum *CodeSideSummary
		acc *acc
	}{{&out.A, &accA}, {&out.B, &accB}} {
		var all []float64
		for _, b := range s.acc.fromPar {
			all = append(all, b...)
		}
		if len(all) > 0 {
			abs := 0.0
			for _, d := range all {
				abs += math.Abs(d)
			}
			s.sum.MeanFromPar = abs / float64(len(all))
			s.sum.SpreadFromPar = math.Sqrt(variance(all))
		}
		s.sum.Cards = ScoreSpread(s.acc.byBoard)
		s.sum.Cards.CardsVar, s.sum.Cards.TablesVar = variance(s.acc.pars), variance(all)
		if t := s.sum.Cards.CardsVar + s.sum.Cards.TablesVar; t > 0 {
			s.sum.Cards.CardsShare = s.sum.Cards.CardsVar / t
		}
	}
	out.A.Declarations.finish()
	out.B.Declarations.finish()
	out.InBest = WilcoxonSignedRank(bestDiffs)
	out.InBestWords = signedRankWords(out.InBest, out.A.Law, out.B.Law, "share of its contracts in the best declaration of the four hands (double dummy)")
	out.AtPar = WilcoxonSignedRank(diffs)
	out.AtParWords = signedRankWords(out.AtPar, out.A.Law, out.B.Law, "share of its tables that scored exactly par")
	return out, nil
}

// boardSide tallies one side's board into its summary and the side's
// lists: scores from par (boards with par), scores by board, par per result.
func boardSide(sb *sideBoard, sum *CodeSideSummary, fromPar, byBoard *[][]float64, pars *[]float64) CodeBoardSide {
	cbs := CodeBoardSide{Sections: sb.sections, Results: len(sb.results)}
	sum.Results += len(sb.results)
	if sb.par != nil {
		p := sb.par.NSScore
		cbs.Par = &p
		sum.NullosLeftOut = sum.NullosLeftOut || sb.par.NullosLeftOut
		for _, c := range sb.par.Contracts {
			cbs.ParContracts = append(cbs.ParContracts, c.String())
		}
	}
	var scores, diffs []float64
	var bc BoardContracts
	for _, r := range sb.results {
		scores = append(scores, float64(r.NSScore))
		side := ""
		if r.Status == tournament.StatusPlayed {
			if seat, err := scoring.ParseSeat("declarer", r.Declarer); err == nil {
				side = seat.Side().String()
			}
		}
		bc.add(r.Contract, side)
		if cbs.Par == nil {
			continue
		}
		d := float64(r.NSScore - *cbs.Par)
		diffs = append(diffs, d)
		*pars = append(*pars, float64(*cbs.Par))
		if d == 0 {
			cbs.AtPar++
		}
		cbs.MeanFromPar += math.Abs(d)
	}
	slices.SortStableFunc(bc.Contracts, func(x, y ContractCount) int { return y.N - x.N })
	cbs.Contracts = bc.Contracts
	if sb.analysis != nil {
		board := newDeclBoard(sb.rules, sb.analysis, DeclarationNulloBudget) // nullos solved once a board
		for _, r := range sb.results {
			c, err := sb.rules.ParseContract(r.Contract)
			if err != nil {
				continue // scored already, so readable; a guard only
			}
			var seat scoring.Seat
			if !c.Pass {
				if seat, err = scoring.ParseSeat("declarer", r.Declarer); err != nil {
					continue
				}
			}
			td, err := board.measure(c, seat)
			if err != nil {
				continue
			}
			cbs.Declarations.add(td)
			sum.Declarations.add(td)
		}
		cbs.Declarations.finish()
	}
	*byBoard = append(*byBoard, scores)
	if cbs.Par != nil && len(diffs) > 0 {
		cbs.MeanFromPar /= float64(len(diffs))
		cbs.ShareAtPar = float64(cbs.AtPar) / float64(len(diffs))
		cbs.SpreadFromPar = math.Sqrt(variance(diffs))
		sum.WithPar += len(diffs)
		sum.AtPar += cbs.AtPar
		*fromPar = append(*fromPar, diffs)
	}
	return cbs
}

// signedRankWords says what a signed-rank test of "A's measure − B's"
// across boards found, in plain words.
func signedRankWords(t SignedRank, a, b, measure string) string {
	if t.N == 0 {
		return fmt.Sprintf("Wilcoxon signed-rank test on the %s, board by board: no board tells the codes apart (%s tied; the others lack par or results under one code), so the test has nothing to weigh.", measure, plural(t.Zeros, "board"))
	}
	lead, behind := a, b
	if t.Minus > t.Plus || (t.Minus == t.Plus && t.WMinus > t.WPlus) {
		lead, behind = b, a
	}
	how := "exactly, over every way the boards' differences could have fallen"
	if !t.Exact {
		how = "by the normal approximation"
	}
	verdict := "That is more than chance would readily give (p below 0.05)."
	if t.P >= 0.05 {
		verdict = "That is within what chance gives (p of 0.05 or more): the boards do not show one code nearer than the other."
	}
	return fmt.Sprintf("Wilcoxon signed-rank test on the %s, board by board: %s was ahead on %s, %s on %d, %s tied (left out). "+
		"If neither code tended to do better, each board's difference would be as likely to favour one as the other; "+
		"the chance of a lead at least as lopsided as this one (W+ %.1f, W− %.1f), counted %s, is p = %.4f. %s",
		measure, lead, plural(max(t.Plus, t.Minus), "board"), behind, min(t.Plus, t.Minus), plural(t.Zeros, "board"), t.WPlus, t.WMinus, how, t.P, verdict)
}

// CodesText lays comparisons out for text: per comparison the two sides'
// figures, the boards one by one, and the paired test in plain words.
func CodesText(cs []CodeComparison) []TextPart {
	var parts []TextPart
	f2 := func(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }
	for _, c := range cs {
		sum := &Sheet{Header: []string{"side", "results", "with par", "at par", "mean from par", "spread from par (sd)", "cards' share (par)", "cards' share (η²)",
			"judged", "in best declaration", "mean level gap", "leader declared"}}
		for _, s := range []CodeSideSummary{c.A, c.B} {
			dt := s.Declarations
			sum.Rows = append(sum.Rows, []any{s.Heading(), s.Results, s.WithPar, s.AtPar, f2(s.MeanFromPar), f2(s.SpreadFromPar), f2(s.Cards.CardsShare), f2(s.Cards.BoardsShare),
				dt.Judged, dt.InBest, f2(dt.MeanLevelGap), fmt.Sprintf("%d of %d", dt.LeaderDeclared, dt.Leads)})
		}
		boards := &Sheet{Header: []string{"board", "A par", "A at par", "A in best", "A results", "B par", "B at par", "B in best", "B results", "nearer par", "nearer best"}}
		par := func(p *int) any {
			if p == nil {
				return "-"
			}
			return *p
		}
		for _, b := range c.Boards {
			boards.Rows = append(boards.Rows, []any{b.Board, par(b.A.Par), b.A.AtPar, b.A.Declarations.InBest, b.A.Results,
				par(b.B.Par), b.B.AtPar, b.B.Declarations.InBest, b.B.Results, b.Nearer, b.NearerBest})
		}
		lines := []string{"The same deals under two law codes: A " + c.A.Name + ", B " + c.B.Name, ""}
		parts = append(parts, TextPart{Lines: lines, Table: sum, Right: true})
		after := []string{"", "Board by board:"}
		parts = append(parts, TextPart{Lines: after, Table: boards, Right: true})
		words := []string{"", c.AtParWords, "", c.InBestWords}
		for _, u := range c.Unmatched {
			words = append(words, "not compared: "+u)
		}
		for _, u := range append(slices.Clone(c.A.Unscored), c.B.Unscored...) {
			words = append(words, fmt.Sprintf("not scored: section %s board %d round %d table %d: %s", u.Section, u.Board, u.Round, u.Table, u.Reason))
		}
		parts = append(parts, TextPart{Lines: append(words, "")})
	}
	return parts
}

// nearer names the side a difference A − B favours: "A", "B" or "tie".
func nearer(d float64) string {
	switch {
	case d > 0:
		return "A"
	case d < 0:
		return "B"
	}
	return "tie"
}

// add counts one table's declaration measure; finish works out the means.
func (t *DeclarationTally) add(td TableDeclaration) {
	t.Measured++
	if td.Lead {
		t.Leads++
		if td.LeaderDeclared {
			t.LeaderDeclared++
		}
	}
	if td.PassedOut || !td.Judged {
		return
	}
	t.Judged++
	if td.InBest {
		t.InBest++
	}
	if td.Levelled {
		t.Levelled++
		t.MeanLevelGap += float64(td.LevelGap)
		t.MeanAbsGap += math.Abs(float64(td.LevelGap))
	}
}

// finish turns the sums add kept into shares and means.
func (t *DeclarationTally) finish() {
	if t.Judged > 0 {
		t.ShareInBest = float64(t.InBest) / float64(t.Judged)
	}
	if t.Levelled > 0 {
		t.MeanLevelGap /= float64(t.Levelled)
		t.MeanAbsGap /= float64(t.Levelled)
	}
}

// CodesSheet lays comparisons out as the workbook's "Code comparison"
// sheet: per comparison a row for each side's figures, a row for each
// board, and a row for each test with its p-value and its plain words.
func CodesSheet(cs []CodeComparison) Sheet {
	s := Sheet{Name: "Code comparison", Header: []string{"A", "B", "Side or board", "Results", "With par", "At par", "Mean from par",
		"Spread from par (sd)", "Cards' share (par) %", "Boards' share (η²) %", "Judged", "In best declaration", "Mean level gap", "Leader declared", "Nearer par", "Nearer best", "Test p-value", "In words"}}
	for _, c := range cs {
		for _, side := range []CodeSideSummary{c.A, c.B} {
			dt := side.Declarations
			s.Rows = append(s.Rows, []any{c.A.Name, c.B.Name, side.Heading(), side.Results, side.WithPar, side.AtPar, round2(side.MeanFromPar), round2(side.SpreadFromPar),
				round2(100 * side.Cards.CardsShare), round2(100 * side.Cards.BoardsShare), dt.Judged, dt.InBest, round2(dt.MeanLevelGap), dt.LeaderDeclared})
		}
		for _, b := range c.Boards {
			s.Rows = append(s.Rows, []any{c.A.Name, c.B.Name, "board " + strconv.Itoa(b.Board), b.A.Results + b.B.Results, nil, b.A.AtPar + b.B.AtPar,
				nil, nil, nil, nil, b.A.Declarations.Judged + b.B.Declarations.Judged, b.A.Declarations.InBest + b.B.Declarations.InBest, nil, nil, b.Nearer, b.NearerBest})
		}
		for _, t := range []struct {
			name  string
			test  SignedRank
			words string
		}{{"Wilcoxon signed-rank: at par", c.AtPar, c.AtParWords}, {"Wilcoxon signed-rank: in the best declaration", c.InBest, c.InBestWords}} {
			row := make([]any, len(s.Header))
			row[0], row[1], row[2], row[16], row[17] = c.A.Name, c.B.Name, t.name, t.test.P, t.words
			s.Rows = append(s.Rows, row)
		}
		for _, u := range c.Unmatched {
			row := make([]any, len(s.Header))
			row[0], row[1], row[2], row[17] = c.A.Name, c.B.Name, "not compared", u
			s.Rows = append(s.Rows, row)
		}
	}
	return s
}

// Sides are the comparison's two sides, A then B.
func (c CodeComparison) Sides() []CodeSideSummary { return []CodeSideSummary{c.A, c.B} }
