package reports_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// mitchell3 is a 3-table Mitchell, one board a round (tournament
// TestMitchellByHand's seating with sets of one board):
//
//	round 1: table 1 NS1–EW1 board 1, table 2 NS2–EW2 board 2, table 3 NS3–EW3 board 3
//	round 2: table 1 NS1–EW3 board 2, table 2 NS2–EW1 board 3, table 3 NS3–EW2 board 1
//	round 3: table 1 NS1–EW2 board 3, table 2 NS2–EW3 board 1, table 3 NS3–EW1 board 2
//
// Boards 1, 2, 3 are dealt by N, E, S; vulnerable none, NS, EW (the
// 16-board cycle), which only contract-2017 reads. No deal and no honour
// counts are given, so no honours are scored.
func mitchell3(t *testing.T, law scoring.Law, lines []line) tournament.EventData {
	t.Helper()
	m, err := movement.Mitchell(movement.MitchellOptions{Tables: 3, BoardsPerRound: 1})
	if err != nil {
		t.Fatal(err)
	}
	e := tournament.Event{ID: 1, Name: "hand-checked", Law: law, Scoring: tournament.MethodMP}
	sec := tournament.Section{ID: 1, EventID: 1, Session: 1, Name: "A", Movement: m}
	var pairs []tournament.Pair
	for _, dir := range []string{"NS", "EW"} {
		for n := 1; n <= 3; n++ {
			pairs = append(pairs, tournament.Pair{SectionID: 1, Number: fmt.Sprint(n), Direction: dir,
				Players: []tournament.Player{{Name: dir + fmt.Sprint(n) + " a"}, {Name: dir + fmt.Sprint(n) + " b"}}})
		}
	}
	var results []tournament.Result
	for _, l := range lines {
		r := tournament.Result{SectionID: 1, Board: l.board, Round: l.round, Table: l.table, NS: l.ns, EW: l.ew,
			Status: tournament.StatusPlayed, Contract: l.contract, Declarer: l.declarer, Tricks: l.tricks}
		switch l.contract {
		case "PASS":
			r.Status, r.Declarer = tournament.StatusPassedOut, ""
		case "":
			r.Status = tournament.StatusNotPlayed
		}
		results = append(results, r)
	}
	rules, err := e.Rules()
	if err != nil {
		t.Fatal(err)
	}
	if errs := tournament.ScoreResults(rules, &sec, nil, results); errs != nil {
		t.Fatalf("scoring the hand-checked event: %v", errs)
	}
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, pairs, nil, nil, results)}}
}

// line is one result of the hand-checked event.
type line struct {
	board, round, table int
	ns, ew              string
	contract, declarer  string
	tricks              int
}

// handChecked is the event every comparison test reads (see mitchell3 for
// the seating). Its scores under each code, from LAWS.md:
//
// auction-1915: odd tricks ♣6 ♦7 ♥8 ♠9 NT10 ("Denominations"), doubled ×2,
// doubled and made +50 ("Contract made / defeated"), 50 an undertrick, game
// premium 125 when the trick score reaches 30 ("Duplicate play").
// royalton-1915: every odd trick 10, game premium 125 at 40.
// contract-2017: Law 77 ("contract-2017 (reference)").
//
//	board 1  T1 NS1–EW1 4S by N, 10: 1915 4×9=36 +125 = 161; Royalton 40+125 = 165; 2017 120+300 = 420
//	board 1  T3 NS3–EW2 2S by N, 10: 1915 36+125 = 161 (overtricks count); Royalton 165; 2017 60+60+50 = 170
//	board 1  T2 NS2–EW3 3NT by S, 9: 1915 30+125 = 155; Royalton 30 (short of 40); 2017 100+300 = 400
//	board 2  T2 NS2–EW2 1NT by W, 7: 1915 −10; Royalton −10; 2017 −(40+50) = −90
//	board 2  T1 NS1–EW3 4HX by E, 10: 1915 −(64+50+125) = −239; Royalton −(80+50+125) = −255; 2017 −(240+50+300) = −590
//	board 2  T3 NS3–EW1 passed out: 0 under all three ("Passed out"; 2017: no score)
//	board 3  T3 NS3–EW3 5C by N, 11: 1915 30+125 = 155; Royalton 50+125 = 175; 2017 100+300 = 400
//	board 3  T2 NS2–EW1 3NT by N, 9: 1915 155; Royalton 30; 2017 400
//	board 3  T1 NS1–EW2 4S by E, 8: 1915 +100 (2 down); Royalton +100; 2017 +200 (EW vulnerable)
var handChecked = []line{
	{1, 1, 1, "1", "1", "4S", "N", 10},
	{1, 2, 3, "3", "2", "2S", "N", 10},
	{1, 3, 2, "2", "3", "3NT", "S", 9},
	{2, 1, 2, "2", "2", "1NT", "W", 7},
	{2, 2, 1, "1", "3", "4HX", "E", 10},
	{2, 3, 3, "3", "1", "PASS", "", 0},
	{3, 1, 3, "3", "3", "5C", "N", 11},
	{3, 2, 2, "2", "1", "3NT", "N", 9},
	{3, 3, 1, "1", "2", "4S", "E", 8},
}

// TestCompareLawsHandChecked compares the hand-checked event (auction-1915)
// with contract-2017 and royalton-1915; every score is worked out above
// handChecked, every matchpoint and standing below.
//
// Matchpoints (MP: 2 a score beaten, 1 a tie, top 4 with three results; EW
// get 4 − NS), NS per board:
//
//	auction-1915  board 1: NS1 161→3, NS3 161→3, NS2 155→0; board 2: NS2 −10→2, NS1 −239→0, NS3 0→4;
//	              board 3: NS3 155→3, NS2 155→3, NS1 100→0
//	contract-2017 board 1: NS1 420→4, NS3 170→0, NS2 400→2; board 2 as 1915; board 3: 400→3, 400→3, 200→0
//	royalton-1915 board 1: 165→3, 165→3, 30→0; board 2: −10→2, −255→0, 0→4; board 3: NS3 175→4, NS2 30→0, NS1 100→2
//
// Totals (of 12; percentage = total/12):
//
//	1915: NS1 3+0+0=3, NS2 0+2+3=5, NS3 3+4+3=10; EW1 1+0+1=2, EW2 1+2+4=7, EW3 4+4+1=9
//	2017: NS1 4+0+0=4, NS2 2+2+3=7, NS3 0+4+3=7;  EW1 0+0+1=1, EW2 4+2+4=10, EW3 2+4+1=7
//	Royalton: NS1 3+0+2=5, NS2 0+2+0=2, NS3 3+4+4=11; EW1 1+0+4=5, EW2 1+2+2=5, EW3 4+4+0=8
//
// Kendall's tau-b on the places, three pairs so n0 = 3:
//
//	2017 NS: 1915 places (NS3 1, NS2 2, NS1 3), 2017 (1, 1, 3): 2 concordant, NS2–NS3 tied in 2017: 2/√(3·2) = 0.8165
//	2017 EW: 1915 (EW3 1, EW2 2, EW1 3), 2017 (2, 1, 3): 2 concordant, 1 discordant: 1/3 = 0.3333
//	Royalton NS: 1915 (NS3 1, NS2 2, NS1 3), Royalton (1, 3, 2): 2 − 1 = 1/3 = 0.3333
//	Royalton EW: 1915 (EW3 1, EW2 2, EW1 3), Royalton (1, 2, 2): 2 concordant, one tie: 0.8165
func TestCompareLawsHandChecked(t *testing.T) {
	d := mitchell3(t, scoring.Auction1915, handChecked)
	type want struct {
		to     scoring.Law
		scores []int     // To scores in board, round, table order
		points []float64 // NS matchpoints under To, same order
		totals map[string][2]float64
		places map[string][2]int
		tau    map[string]float64
		gains  map[string][]string
		losses map[string][]string
	}
	from := []int{161, 161, 155, -10, -239, 0, 155, 155, 100}
	fromPts := []float64{3, 3, 0, 2, 0, 4, 3, 3, 0}
	cases := []want{
		{scoring.Contract2017, []int{420, 170, 400, -90, -590, 0, 400, 400, 200}, []float64{4, 0, 2, 2, 0, 4, 3, 3, 0},
			map[string][2]float64{"NS1": {3, 4}, "NS2": {5, 7}, "NS3": {10, 7}, "EW1": {2, 1}, "EW2": {7, 10}, "EW3": {9, 7}},
			map[string][2]int{"NS1": {3, 3}, "NS2": {2, 1}, "NS3": {1, 1}, "EW1": {3, 3}, "EW2": {2, 1}, "EW3": {1, 2}},
			map[string]float64{"NS": 0.8165, "EW": 0.3333},
			map[string][]string{"NS": {"NS2"}, "EW": {"EW2"}}, map[string][]string{"NS": nil, "EW": {"EW3"}}},
		{scoring.Royalton1915, []int{165, 165, 30, -10, -255, 0, 175, 30, 100}, []float64{3, 3, 0, 2, 0, 4, 4, 0, 2},
			map[string][2]float64{"NS1": {3, 5}, "NS2": {5, 2}, "NS3": {10, 11}, "EW1": {2, 5}, "EW2": {7, 5}, "EW3": {9, 8}},
			map[string][2]int{"NS1": {3, 2}, "NS2": {2, 3}, "NS3": {1, 1}, "EW1": {3, 2}, "EW2": {2, 2}, "EW3": {1, 1}},
			map[string]float64{"NS": 0.3333, "EW": 0.8165},
			map[string][]string{"NS": {"NS1"}, "EW": {"EW1"}}, map[string][]string{"NS": {"NS2"}, "EW": nil}},
	}
	for _, w := range cases {
		t.Run(w.to.String(), func(t *testing.T) {
			c, err := reports.CompareLaws(d, scoring.NewRules(w.to))
			if err != nil {
				t.Fatal(err)
			}
			if c.From != "auction-1915" || c.To != w.to.String() || len(c.NotComparable) != 0 {
				t.Fatalf("from %s to %s, not comparable %v", c.From, c.To, c.NotComparable)
			}
			k := 0
			for _, b := range c.Boards {
				for _, l := range b.Lines {
					if k >= len(from) {
						t.Fatalf("more than %d lines", len(from))
					}
					if l.FromScore != from[k] || l.ToScore != w.scores[k] || l.FromPoints != fromPts[k] || l.ToPoints != w.points[k] {
						t.Errorf("board %d round %d table %d: score %d → %d, points %v → %v; want %d → %d, %v → %v",
							b.Board, l.Round, l.Table, l.FromScore, l.ToScore, l.FromPoints, l.ToPoints, from[k], w.scores[k], fromPts[k], w.points[k])
					}
					if l.Changed != (from[k] != w.scores[k]) {
						t.Errorf("board %d round %d: Changed %v", b.Board, l.Round, l.Changed)
					}
					k++
				}
			}
			if k != len(from) {
				t.Fatalf("%d lines, want %d", k, len(from))
			}
			if len(c.Fields) != 2 {
				t.Fatalf("%d fields, want NS and EW", len(c.Fields))
			}
			for _, f := range c.Fields {
				if !f.TauDefined || f.Tau != w.tau[f.Direction] {
					t.Errorf("%s tau %v (defined %v), want %v", f.Direction, f.Tau, f.TauDefined, w.tau[f.Direction])
				}
				for _, p := range f.Pairs {
					name := p.Direction + p.Number
					if got := [2]float64{p.FromTotal, p.ToTotal}; got != w.totals[name] {
						t.Errorf("%s totals %v, want %v", name, got, w.totals[name])
					}
					if got := [2]int{p.FromPlace, p.ToPlace}; got != w.places[name] || p.Move != got[0]-got[1] {
						t.Errorf("%s places %v move %d, want %v", name, got, p.Move, w.places[name])
					}
					if want := scoring.Round2(100 * p.ToTotal / 12); p.ToPct != want {
						t.Errorf("%s percentage %v, want %v", name, p.ToPct, want)
					}
				}
				names := func(ms []reports.PairMove) []string {
					var out []string
					for _, m := range ms {
						out = append(out, m.Direction+m.Number)
					}
					return out
				}
				if fmt.Sprint(names(f.Gains)) != fmt.Sprint(w.gains[f.Direction]) || fmt.Sprint(names(f.Losses)) != fmt.Sprint(w.losses[f.Direction]) {
					t.Errorf("%s gains %v losses %v, want %v and %v", f.Direction, names(f.Gains), names(f.Losses), w.gains[f.Direction], w.losses[f.Direction])
				}
			}
		})
	}
}

// TestCompareLawsWhy checks the itemised lines that explain a change: board
// 1 table 2, 3NT by S making 9, is 30 + 125 under auction-1915 (game at 30)
// and 30 with no premium under royalton-1915 (game at 40): the premium and
// the note that honours were not scored (Royalton has no honours) are the
// only lines of 1915 that Royalton lacks, and the odd tricks at 10 are
// common to both.
func TestCompareLawsWhy(t *testing.T) {
	d := mitchell3(t, scoring.Auction1915, handChecked)
	c, err := reports.CompareLaws(d, scoring.NewRules(scoring.Royalton1915))
	if err != nil {
		t.Fatal(err)
	}
	l := c.Boards[0].Lines[2]
	if l.Round != 3 || l.Table != 2 || l.Contract != "3NT" {
		t.Fatalf("line %+v is not board 1 round 3 table 2", l)
	}
	wantFrom := []string{"NS: 3 odd tricks at 10: 30", "no deal and no honour counts given: honours not scored", "NS: game premium: 125"}
	if fmt.Sprintf("%q", l.FromLines) != fmt.Sprintf("%q", wantFrom) || fmt.Sprintf("%q", l.ToLines) != fmt.Sprintf("%q", wantFrom[:1]) {
		t.Errorf("lines %q and %q", l.FromLines, l.ToLines)
	}
	if fmt.Sprintf("%q", l.OnlyFrom) != fmt.Sprintf("%q", wantFrom[1:]) || len(l.OnlyTo) != 0 {
		t.Errorf("only 1915 %q, only Royalton %q", l.OnlyFrom, l.OnlyTo)
	}
}

// royaltonLines is a hand-made set of results of a royalton-1915 event on
// the seating of mitchell3, with a nullo, a royal bid, a slam and a board
// not played. Made or defeated (LAWS.md "Contract made / defeated": a
// nullo is made when the opponents take 6 + level):
//
//	board 1 T1 4S by N, 10: exact          board 2 T2 4H by E, 10: exact
//	board 1 T3 2NL by N, 3: opponents 10, need 8: 2 over   board 2 T1 4H by E, 11: 1 over
//	board 1 T2 3NT by S, 9: exact          board 2 T3 4H by E, 9: 1 down
//	board 3 T3 not played                  board 3 T2 6NT by N, 13: 1 over, a declared slam
//	board 3 T1 4SRX by E, 8: royal spades doubled, 2 down
var royaltonLines = []line{
	{1, 1, 1, "1", "1", "4S", "N", 10},
	{1, 2, 3, "3", "2", "2NL", "N", 3},
	{1, 3, 2, "2", "3", "3NT", "S", 9},
	{2, 1, 2, "2", "2", "4H", "E", 10},
	{2, 2, 1, "1", "3", "4H", "E", 11},
	{2, 3, 3, "3", "1", "4H", "E", 9},
	{3, 1, 3, "3", "3", "", "", 0},
	{3, 2, 2, "2", "1", "6NT", "N", 13},
	{3, 3, 1, "1", "2", "4SRX", "E", 8},
}

// TestCompareLawsNotComparable compares the Royalton results with
// auction-1915, which has neither nullos nor royal bids: those two lines are
// listed with the reason and left out of both standings; the board not
// played stays in both.
func TestCompareLawsNotComparable(t *testing.T) {
	d := mitchell3(t, scoring.Royalton1915, royaltonLines)
	c, err := reports.CompareLaws(d, scoring.NewRules(scoring.Auction1915))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.NotComparable) != 2 {
		t.Fatalf("not comparable %+v, want 2", c.NotComparable)
	}
	for i, w := range []struct{ board, round, table int }{{1, 2, 3}, {3, 3, 1}} {
		n := c.NotComparable[i]
		if n.Board != w.board || n.Round != w.round || n.Table != w.table || !strings.HasPrefix(n.Reason, "auction-1915 cannot score it: contract") {
			t.Errorf("not comparable %d: %+v, want board %d round %d table %d", i, n, w.board, w.round, w.table)
		}
	}
	lines := map[int]int{}
	for _, b := range c.Boards {
		lines[b.Board] = len(b.Lines)
	}
	// Board 3 keeps its 6NT and the line not played.
	if lines[1] != 2 || lines[2] != 3 || lines[3] != 2 {
		t.Errorf("lines per board %v, want 1:2 2:3 3:2", lines)
	}
}

// TestCompareAllLaws compares the hand-checked auction-1915 event with the
// five other codes, in LawNames order. The Bridge codes have no levels, so
// all eight contracts are not comparable there, and neither is the board
// passed out (the dealer must declare); royal-auction-1913 cannot pass a
// board out either; royalton-1915 and contract-2017 take every result.
func TestCompareAllLaws(t *testing.T) {
	d := mitchell3(t, scoring.Auction1915, handChecked)
	all, err := reports.CompareAllLaws(d)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		to  string
		not int
	}{{"bridge", 9}, {"bridge-portland", 9}, {"royal-auction-1913", 1}, {"royalton-1915", 0}, {"contract-2017", 0}}
	if len(all) != len(want) {
		t.Fatalf("%d comparisons, want %d", len(all), len(want))
	}
	for i, w := range want {
		if all[i].To != w.to || len(all[i].NotComparable) != w.not {
			t.Errorf("comparison %d: to %s with %d not comparable, want %s with %d", i, all[i].To, len(all[i].NotComparable), w.to, w.not)
		}
	}
	if r := all[2].NotComparable[0]; r.Board != 2 || r.Round != 3 || !strings.Contains(r.Reason, "cannot be passed out") {
		t.Errorf("royal-auction-1913 not comparable %+v, want the board 2 pass", r)
	}
}

// TestCompareLawsNothingComparable: the Bridge codes score none of the
// hand-checked auction-1915 results (no levels; the dealer must declare, so
// no pass-out), so nothing is comparable: the comparison says so
// (Comparable 0), compares no board and no standings, instead of ranking
// every pair first on nothing with a tau of 1; contract-2017 takes all nine.
func TestCompareLawsNothingComparable(t *testing.T) {
	d := mitchell3(t, scoring.Auction1915, handChecked)
	c, err := reports.CompareLaws(d, scoring.NewRules(scoring.Bridge))
	if err != nil {
		t.Fatal(err)
	}
	if !c.NothingComparable() || c.Comparable != 0 || len(c.NotComparable) != 9 || len(c.Fields) != 0 || len(c.Boards) != 0 {
		t.Errorf("bridge: comparable %d, not comparable %d, %d fields, %d boards; want 0, 9, none, none", c.Comparable, len(c.NotComparable), len(c.Fields), len(c.Boards))
	}
	sheets := reports.LawComparisonSheets([]reports.LawComparison{c})
	if len(sheets[0].Rows) != 1 || !strings.HasPrefix(fmt.Sprint(sheets[0].Rows[0][5]), "nothing comparable: none of the event's results can be scored under bridge (9 not comparable)") {
		t.Errorf("the pairs sheet: %v, want one row saying nothing is comparable", sheets[0].Rows)
	}
	c, err = reports.CompareLaws(d, scoring.NewRules(scoring.Contract2017))
	if err != nil {
		t.Fatal(err)
	}
	if c.NothingComparable() || c.Comparable != 9 || len(c.Fields) != 2 {
		t.Errorf("contract-2017: comparable %d, %d fields; want 9, 2", c.Comparable, len(c.Fields))
	}
}

// TestCompareLawsBadLaw refuses a law code traveler does not know.
func TestCompareLawsBadLaw(t *testing.T) {
	d := mitchell3(t, scoring.Auction1915, handChecked)
	if _, err := reports.CompareLaws(d, scoring.Rules{Law: 99}); err == nil || !strings.Contains(err.Error(), "not a law code") {
		t.Errorf("err %v, want not a law code", err)
	}
}

// TestKendallTauB checks tau-b on known rankings.
func TestKendallTauB(t *testing.T) {
	cases := []struct {
		name string
		x, y []float64
		tau  float64
		ok   bool
	}{
		{"identical", []float64{1, 2, 3, 4}, []float64{1, 2, 3, 4}, 1, true},
		{"reversed", []float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1, true},
		// 6 pairs of items: (1,2) tied in y; (3,4) discordant (3<4 but 3>2);
		// the other 4 concordant: (4−1)/√(6·5) = 3/√30.
		{"ties", []float64{1, 2, 3, 4}, []float64{1, 1, 3, 2}, 3 / math.Sqrt(30), true},
		// ties in both: x ties (1,2), y ties (3,4); the other 4 pairs
		// concordant: 4/√(5·5) = 0.8.
		{"ties in both", []float64{1, 1, 3, 4}, []float64{1, 2, 3, 3}, 0.8, true},
		{"all tied", []float64{1, 1, 1}, []float64{1, 2, 3}, 0, false},
		{"one item", []float64{1}, []float64{1}, 0, false},
		{"lengths differ", []float64{1, 2}, []float64{1}, 0, false},
	}
	for _, c := range cases {
		tau, ok := reports.KendallTauB(c.x, c.y)
		if ok != c.ok || math.Abs(tau-c.tau) > 1e-12 {
			t.Errorf("%s: tau %v ok %v, want %v %v", c.name, tau, ok, c.tau, c.ok)
		}
	}
}
