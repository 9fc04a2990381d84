package tournament

import (
	"errors"
	"math"
	"testing"
)

// fouledMitchell is a 5-table Mitchell, one board a round: each board is
// played five times. Board 1's five lines are given NS scores; the first
// three tables (in movement order) played it as dealt (version 1), the last
// two a fouled version 2.
func fouledMitchell(t *testing.T) (*Section, []Result) {
	t.Helper()
	m, err := MovementSpec{Kind: "mitchell", Tables: 5, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := &Section{ID: 1, Name: "A", Movement: m, CurrentRound: 1}
	scores := []int{420, 420, 450, 110, 140}
	var results []Result
	for _, rd := range m.Rounds {
		for _, tb := range rd.Tables {
			for _, b := range tb.Boards {
				if b == 1 {
					k := len(results)
					results = append(results, Result{Board: 1, Round: rd.Number, Table: tb.Table, Status: StatusPlayed, NSScore: scores[k], BoardVersion: 1 + k/3})
				}
			}
		}
	}
	if len(results) != 5 {
		t.Fatalf("board 1 is played %d times, want 5", len(results))
	}
	return sec, results
}

// TestCompareFouledBoard compares a fouled board by every pairs method, each
// version only within itself (Law 87; LAWS.md "Fouled board": matchpoint
// fouled groups separately). Board 1 is played n = 5 times: version 1 has
// 420, 420, 450 (m = 3), version 2 has 110, 140 (m = 2). Matchpoints are
// scaled to n by Neuberg, scaled = (raw + u)·n/m − u (u = 1 at EBU/WBF 2-and-1
// matchpoints, ½ at ACBL 1-and-½; the formula of the testdata README's
// Compscore3 files and of scoring.Matchpoints):
//
//	MP (EBU), top 2(5−1) = 8. Version 1 raw 1, 1, 4 → (raw+1)·5/3 − 1 = 7/3, 7/3, 22/3
//	  (sum 12 = 3 lines × 8 / 2); version 2 raw 0, 2 → (raw+1)·5/2 − 1 = 1.5, 6.5 (sum 8).
//	MP_ACBL, top 4. Version 1 raw ½, ½, 2 → (raw+½)·5/3 − ½ = 7/6, 7/6, 22/6;
//	  version 2 raw 0, 1 → (raw+½)·5/2 − ½ = .75, 3.25.
//	CROSS_IMP (Law 78B scale, averaged over the others of the version): 420 v 420 0,
//	  v 450 −1 → −.5 each; 450 +1 +1 → 1; 110 v 140 −1; 140 +1.
//	BUTLER (drop highest and lowest, mean, round to 10): version 1 datum 420 (the middle
//	  one of three): 0, 0, +1 (30); version 2 keeps both (two scores are not trimmed):
//	  mean 125 → 130: 110 −1 (20), 140 0 (10).
//	AVERAGE (the period method): version 1 mean 430: −10, −10, +20; version 2 mean 125: −15, +15.
//
// Unfouled, the same five scores make one field (e.g. MP: 110 0, 140 2, 420 5, 5, 450 8).
func TestCompareFouledBoard(t *testing.T) {
	sec, results := fouledMitchell(t)
	cases := []struct {
		method Method
		ns, ew []float64
	}{
		{MethodMP, []float64{7.0 / 3, 7.0 / 3, 22.0 / 3, 1.5, 6.5}, []float64{8 - 7.0/3, 8 - 7.0/3, 8 - 22.0/3, 6.5, 1.5}},
		{MethodMPACBL, []float64{7.0 / 6, 7.0 / 6, 22.0 / 6, 0.75, 3.25}, []float64{4 - 7.0/6, 4 - 7.0/6, 4 - 22.0/6, 3.25, 0.75}},
		{MethodCrossIMP, []float64{-0.5, -0.5, 1, -1, 1}, []float64{0.5, 0.5, -1, 1, -1}},
		{MethodButler, []float64{0, 0, 1, -1, 0}, []float64{0, 0, -1, 1, 0}},
		{MethodAverage, []float64{-10, -10, 20, -15, 15}, []float64{10, 10, -20, 15, -15}},
	}
	for _, c := range cases {
		t.Run(string(c.method), func(t *testing.T) {
			sb := compareSection(c.method, &sec.Movement, results)
			pts := sb.points[1]
			for k := range c.ns {
				if math.Abs(pts.Counted[0][k]-c.ns[k]) > 1e-9 || math.Abs(pts.Counted[1][k]-c.ew[k]) > 1e-9 {
					t.Errorf("line %d (%d, version %d): %v|%v, want %v|%v", k, results[k].NSScore, results[k].BoardVersion,
						pts.Counted[0][k], pts.Counted[1][k], c.ns[k], c.ew[k])
				}
			}
			if c.method == MethodButler {
				if pts.Datum == nil || *pts.Datum != 420 || pts.Datums[1] != 420 || pts.Datums[2] != 130 {
					t.Errorf("datum %v, datums %v; want 420 and {1: 420, 2: 130}", pts.Datum, pts.Datums)
				}
			}
		})
	}

	// Cleared (every line as dealt, BoardVersion 0 or 1 alike): one field.
	for i := range results {
		results[i].BoardVersion = i % 2 // 0 and 1 both mean as dealt
	}
	pts := compareSection(MethodMP, &sec.Movement, results).points[1]
	for k, want := range []float64{5, 5, 8, 0, 2} {
		if pts.Counted[0][k] != want {
			t.Errorf("unfouled line %d: NS %v, want %v", k, pts.Counted[0][k], want)
		}
	}
}

// TestApplyVersions sets each result's version from its slot; others are as dealt.
func TestApplyVersions(t *testing.T) {
	results := []Result{{Board: 1, Round: 1, Table: 1}, {Board: 1, Round: 2, Table: 5}, {Board: 2, Round: 2, Table: 5}}
	applyVersions(results, []FouledBoard{{Board: 1, Slots: []SlotVersion{{Round: 2, Table: 5, Version: 2}}}})
	for i, want := range []int{1, 2, 1} {
		if results[i].BoardVersion != want {
			t.Errorf("result %d: version %d, want %d", i, results[i].BoardVersion, want)
		}
	}
}

// TestCheckSlotVersions refuses versions of tables that do not play the
// board, given twice, or out of 1 to MaxBoardVersion, naming the field; it
// keeps only the fouled versions, sorted.
func TestCheckSlotVersions(t *testing.T) {
	sec, results := fouledMitchell(t)
	r := results
	ok, err := checkSlotVersions(sec, 1, []SlotVersion{{r[4].Round, r[4].Table, 2}, {r[0].Round, r[0].Table, 1}, {r[3].Round, r[3].Table, 3}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ok.Slots) != 2 || ok.Slots[0] != (SlotVersion{r[3].Round, r[3].Table, 3}) || ok.Slots[1] != (SlotVersion{r[4].Round, r[4].Table, 2}) {
		t.Errorf("slots %v, want rounds %d and %d (versions 3 and 2)", ok.Slots, r[3].Round, r[4].Round)
	}
	if got := versionsWords(ok); got != "version 2: round 5 table 2; version 3: round 4 table 3" {
		t.Errorf("words %q", got)
	}
	// Board 1 goes down a table a round: round 1 table 1, round 4 table 3,
	// round 5 table 2; at round 1 table 2 plays board 2.
	cases := []struct {
		slots []SlotVersion
		field string
	}{
		{[]SlotVersion{{1, 2, 2}}, "lines[0].table"},
		{[]SlotVersion{{r[1].Round, r[1].Table, 2}, {r[1].Round, r[1].Table, 2}}, "lines[1].table"},
		{[]SlotVersion{{r[1].Round, r[1].Table, 5}}, "lines[0].board_version"},
		{[]SlotVersion{{r[1].Round, r[1].Table, 0}}, "lines[0].board_version"},
		{make([]SlotVersion, 6), "lines"},
	}
	for _, c := range cases {
		_, err := checkSlotVersions(sec, 1, c.slots)
		var te *Error
		if !errors.As(err, &te) || te.Field != c.field || !errors.Is(err, ErrInvalid) {
			t.Errorf("%v: error %v, want invalid %s", c.slots, err, c.field)
		}
	}
}

// TestTeamFouledBoard: at teams the two rooms of a match are compared only
// when they played the same version of a board. TestTeamStandings' match
// with board 1 fouled in room 2: board 1 is not compared (0 IMPs, not
// counted), board 2 (3NT S 9 +600 in both rooms) is: 0 IMPs over 1 board, a
// draw of 10 VPs each (the WBF continuous scale gives a 0 margin 10).
func TestTeamFouledBoard(t *testing.T) {
	m, err := MovementSpec{Kind: "teams", Teams: 2, BoardsPerRound: 2}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := &Section{ID: 1, Name: "A", Movement: m, CurrentRound: 1}
	results := enter(t, sec, Director, resultsOf([]played{
		{1, 1, 1, "4S", "N", 10}, {1, 2, 1, "4S", "N", 9},
		{1, 1, 2, "3NT", "S", 9}, {1, 2, 2, "3NT", "S", 9},
	}))
	results[1].BoardVersion = 2
	imps := teamBoardIMPs(&m, results)
	if imps[0] != 0 || imps[1] != 0 {
		t.Errorf("board 1's IMPs %v, want 0 (rooms of different versions)", imps[:2])
	}
	got := teamStandings(&m, results, nil)
	if len(got) != 2 || got[0].Boards != 1 || got[0].Total != 10 || got[1].Total != 10 {
		t.Errorf("standings %+v, want 10 VPs each over 1 board", got)
	}
}
