package reports

import (
	"errors"
	"math"
	"slices"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// LawComparison is an event's played results scored under its own law code
// and under another one, board by board and pair by pair (issue 5 §3).
type LawComparison struct {
	From          string // the event's law code
	To            string // the law code compared with
	Boards        []BoardComparison
	NotComparable []NotCounted // results one of the codes cannot score, left out of both standings
	Comparable    int          // played and passed-out results both codes score; 0: nothing is comparable, and Boards and Fields are empty
	Fields        []FieldComparison
}

// NothingComparable reports whether no played or passed-out result of the
// event can be scored under both codes: there are then no standings to
// compare (every pair would tie for first with nothing counted, and a rank
// correlation of such standings says nothing).
func (c *LawComparison) NothingComparable() bool { return c.Comparable == 0 }

// BoardComparison is one board's traveler under both codes.
type BoardComparison struct {
	Section string
	Board   int
	Lines   []LineComparison // comparable results, by round and table
}

// LineComparison is one traveler line under both codes: the scores side
// by side, each itemised, and the items that differ.
type LineComparison struct {
	Round, Table int
	NS, EW       string
	Status       string
	Contract     string
	Declarer     string
	Tricks       int
	FromScore    int      // NS score under From
	ToScore      int      // NS score under To
	FromPoints   float64  // NS matchpoints, IMPs or points under From
	ToPoints     float64  // NS matchpoints, IMPs or points under To
	FromLines    []string // the score itemised under From
	ToLines      []string // the score itemised under To
	OnlyFrom     []string // items of From that To does not have: why the score changed
	OnlyTo       []string // items of To that From does not have
	Changed      bool     // the NS score differs
}

// FieldComparison is the standings of one field (a section's NS or EW
// pairs in a two-winner Mitchell, else all its pairs or teams) under both
// codes.
type FieldComparison struct {
	Section    string
	Direction  string     // "NS", "EW" or "" for one field
	Pairs      []PairMove // by place under From
	Gains      []PairMove // pairs that moved up, most places first (at most 3)
	Losses     []PairMove // pairs that moved down, most places first (at most 3)
	Tau        float64    // Kendall's tau-b between the two orders of places, 4 decimals
	TauDefined bool       // false when tau-b is undefined (fewer than 2 pairs, or every pair tied in one order)
}

// PairMove is one pair's (or team's) place and total under both codes.
type PairMove struct {
	Number    string
	Direction string
	Players   []string
	FromPlace int
	ToPlace   int
	FromTotal float64
	ToTotal   float64
	FromPct   float64 // matchpoint methods: percentage under From
	ToPct     float64 // matchpoint methods: percentage under To
	Move      int     // places gained: FromPlace − ToPlace (positive: moved up)
}

// maxMoves is how many of the largest gains and losses a field lists.
const maxMoves = 3

// CompareLaws scores every played and passed-out result of the event again
// under to, rebuilds the standings under an event with that law code, and
// compares both with the event's own. A result either code cannot score is
// listed as not comparable and left out of both standings; when that is
// every played and passed-out result, nothing is comparable (Comparable 0)
// and no board or standing is compared; artificial
// scores and boards not played count in both as they are, assigned
// adjusted scores (points of the event's own code) are not comparable.
func CompareLaws(d tournament.EventData, to scoring.Rules) (LawComparison, error) {
	lc, err := newLawComparer(d.Event, to)
	if err != nil {
		return LawComparison{}, err
	}
	out := LawComparison{From: lc.fromName, To: lc.toName}
	for i := range d.Sections {
		part := lc.section(&d.Sections[i])
		out.Boards = append(out.Boards, part.Boards...)
		out.Fields = append(out.Fields, part.Fields...)
		out.NotComparable = append(out.NotComparable, part.NotComparable...)
		out.Comparable += part.Comparable
	}
	if out.NothingComparable() {
		// Only adjusted scores and boards not played are left, the same
		// under both codes: no board and no standing is compared.
		out.Boards, out.Fields = nil, nil
	}
	return out, nil
}

// lawComparer compares an event's results under its own law code and
// another, a section at a time (CompareLaws, and the workbook, which
// writes a comparison section by section).
type lawComparer struct {
	event, toEvent   tournament.Event // the event, and the event under the other code
	from, to         scoring.Rules
	fromName, toName string
}

// newLawComparer checks both codes: the event's must be readable, to must
// be a code traveler knows.
func newLawComparer(e tournament.Event, to scoring.Rules) (*lawComparer, error) {
	from, err := e.Rules()
	if err != nil {
		return nil, err
	}
	if !slices.Contains(scoring.Laws, to.Law) {
		return nil, &scoring.Error{Field: "to", Value: to.Law.String(), Problem: "not a law code traveler knows", Allowed: scoring.LawNames()}
	}
	toEvent := e
	toEvent.Law = to.Law
	toEvent.LawOptions = tournament.LawOptions{}
	for _, o := range to.Law.Options() {
		toEvent.LawOptions[o.Name], _ = to.Options.Value(o.Name)
	}
	if _, err := toEvent.Rules(); err != nil {
		return nil, err
	}
	return &lawComparer{event: e, toEvent: toEvent, from: from, to: to, fromName: from.Law.String(), toName: to.Law.String()}, nil
}

// section compares one section: its part of the event's comparison, whole
// even when none of its own results is comparable (only CompareLaws, which
// sees every section, may leave boards and standings out for that).
func (lc *lawComparer) section(sd *tournament.SectionData) LawComparison {
	out := LawComparison{From: lc.fromName, To: lc.toName}
	sec := sd.Section
	ua, ub := scoreSectionUnder(lc.from, sd), scoreSectionUnder(lc.to, sd)
	a, b := ua.Results, ub.Results
	keptA, keptB := a[:0:len(a)], b[:0:len(b)] // in place: kept i ≤ i
	for i, r := range sd.Results {
		reason := ""
		switch {
		case r.Status == tournament.StatusAssigned:
			reason = "an assigned adjusted score is in points of " + out.From + " and cannot be read under " + out.To
		case ua.failed(i) != nil:
			reason = out.From + " cannot score it: " + ua.failed(i).Error()
		case ub.failed(i) != nil:
			reason = out.To + " cannot score it: " + ub.failed(i).Error()
		}
		if reason != "" {
			out.NotComparable = append(out.NotComparable, NotCounted{Section: sec.Name, Board: r.Board, Round: r.Round, Table: r.Table, Reason: reason})
			continue
		}
		keptA = append(keptA, a[i])
		keptB = append(keptB, b[i])
		if r.Status == tournament.StatusPlayed || r.Status == tournament.StatusPassedOut {
			out.Comparable++
		}
	}
	sa := tournament.BuildSection(lc.event, sec, sd.Pairs, sd.Teams, boardMap(sd.Boards), keptA)
	sb := tournament.BuildSection(lc.toEvent, sec, sd.Pairs, sd.Teams, boardMap(sd.Boards), keptB)
	out.Boards = compareBoards(sec.Name, sa.Travelers, sb.Travelers)
	out.Fields = compareFields(&sec, sa.Standings.Pairs, sb.Standings.Pairs)
	return out
}

// CompareAllLaws compares the event's results under every other law code,
// each with its default options, in the order of scoring.LawNames.
func CompareAllLaws(d tournament.EventData) ([]LawComparison, error) {
	var out []LawComparison
	for _, name := range scoring.LawNames() {
		l, err := scoring.ParseLaw("law", name)
		if err != nil {
			return nil, err
		}
		if l == d.Event.Law {
			continue
		}
		c, err := CompareLaws(d, scoring.NewRules(l))
		if err != nil {
			return nil, errors.Join(errors.New("comparing with "+name), err)
		}
		out = append(out, c)
	}
	return out, nil
}

// lineKey names a traveler line by board, round and table.
type lineKey struct{ board, round, table int }

// compareBoards pairs the lines of the two sets of travelers.
func compareBoards(section string, from, to []tournament.Traveler) []BoardComparison {
	n := 0
	for _, t := range to {
		n += len(t.Lines)
	}
	toLines := make(map[lineKey]*tournament.TravelerLine, n)
	for _, t := range to {
		for i := range t.Lines {
			l := &t.Lines[i]
			toLines[lineKey{l.Result.Board, l.Result.Round, l.Result.Table}] = l
		}
	}
	out := make([]BoardComparison, 0, len(from))
	for _, t := range from {
		bc := BoardComparison{Section: section, Board: t.Board.Number, Lines: make([]LineComparison, 0, len(t.Lines))}
		for _, fl := range t.Lines {
			r := fl.Result
			tl, ok := toLines[lineKey{r.Board, r.Round, r.Table}]
			if !ok {
				continue
			}
			lc := LineComparison{
				Round: r.Round, Table: r.Table, NS: r.NS, EW: r.EW, Status: string(r.Status),
				Contract: r.Contract, Declarer: r.Declarer, Tricks: r.Tricks,
				FromScore: r.NSScore, ToScore: tl.Result.NSScore,
				FromPoints: fl.NSPoints, ToPoints: tl.NSPoints,
				FromLines: r.Lines, ToLines: tl.Result.Lines,
			}
			lc.OnlyFrom = without(r.Lines, tl.Result.Lines)
			lc.OnlyTo = without(tl.Result.Lines, r.Lines)
			lc.Changed = lc.FromScore != lc.ToScore
			bc.Lines = append(bc.Lines, lc)
		}
		slices.SortStableFunc(bc.Lines, func(x, y LineComparison) int {
			if x.Round != y.Round {
				return x.Round - y.Round
			}
			return x.Table - y.Table
		})
		out = append(out, bc)
	}
	return out
}

// without returns the lines of a that b does not have, counting repeats.
func without(a, b []string) []string {
	left := map[string]int{}
	for _, s := range b {
		left[s]++
	}
	var out []string
	for _, s := range a {
		if left[s] > 0 {
			left[s]--
			continue
		}
		out = append(out, s)
	}
	return out
}

// compareFields pairs the two standings field by field.
func compareFields(sec *tournament.Section, from, to []tournament.Standing) []FieldComparison {
	twoFields := sec.Movement.Winners == 2 && len(sec.Movement.PairDirections()) == 2
	type key struct{ number, direction string }
	toBy := map[key]tournament.Standing{}
	for _, s := range to {
		toBy[key{s.Number, s.Direction}] = s
	}
	var out []FieldComparison
	index := map[string]int{}
	for _, f := range from {
		t, ok := toBy[key{f.Number, f.Direction}]
		if !ok {
			continue
		}
		field := ""
		if twoFields {
			field = f.Direction
		}
		i, ok := index[field]
		if !ok {
			i = len(out)
			index[field] = i
			out = append(out, FieldComparison{Section: sec.Name, Direction: field})
		}
		out[i].Pairs = append(out[i].Pairs, PairMove{
			Number: f.Number, Direction: f.Direction, Players: f.Players,
			FromPlace: f.Place, ToPlace: t.Place, FromTotal: f.Total, ToTotal: t.Total,
			FromPct: f.Percentage, ToPct: t.Percentage, Move: f.Place - t.Place,
		})
	}
	for i := range out {
		fc := &out[i]
		slices.SortStableFunc(fc.Pairs, func(x, y PairMove) int { return x.FromPlace - y.FromPlace })
		x := make([]float64, len(fc.Pairs))
		y := make([]float64, len(fc.Pairs))
		for k, p := range fc.Pairs {
			x[k], y[k] = float64(p.FromPlace), float64(p.ToPlace)
		}
		if tau, ok := KendallTauB(x, y); ok {
			fc.Tau, fc.TauDefined = math.Round(tau*10000)/10000, true
		}
		var gains, losses []PairMove
		for _, p := range fc.Pairs {
			switch {
			case p.Move > 0:
				gains = append(gains, p)
			case p.Move < 0:
				losses = append(losses, p)
			}
		}
		slices.SortStableFunc(gains, func(a, b PairMove) int { return b.Move - a.Move })
		slices.SortStableFunc(losses, func(a, b PairMove) int { return a.Move - b.Move })
		fc.Gains = gains[:min(len(gains), maxMoves)]
		fc.Losses = losses[:min(len(losses), maxMoves)]
	}
	return out
}

// KendallTauB returns Kendall's tau-b between two rankings of the same
// items (x[i] and y[i] rank item i; equal values are ties):
// (concordant − discordant) / √((n0 − tx)(n0 − ty)), n0 = n(n−1)/2, tx and
// ty the pairs tied in x and in y. ok is false when the denominator is 0
// or x and y differ in length.
func KendallTauB(x, y []float64) (tau float64, ok bool) {
	if len(x) != len(y) {
		return 0, false
	}
	var conc, disc, tx, ty, n0 int
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			n0++
			dx, dy := x[i]-x[j], y[i]-y[j]
			switch {
			case dx == 0 && dy == 0:
				tx++
				ty++
			case dx == 0:
				tx++
			case dy == 0:
				ty++
			case (dx > 0) == (dy > 0):
				conc++
			default:
				disc++
			}
		}
	}
	den := math.Sqrt(float64(n0-tx) * float64(n0-ty))
	if den == 0 {
		return 0, false
	}
	return float64(conc-disc) / den, true
}
