package scoring_test

import (
	"fmt"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// TestPlaces: ties share a place and the next is skipped (testdata README: 6, 6, 8).
func TestPlaces(t *testing.T) {
	cases := []struct {
		totals []float64
		want   []int
	}{
		{[]float64{10, 30, 20}, []int{3, 1, 2}},
		{[]float64{5, 7, 7, 3}, []int{3, 1, 1, 4}},
		{[]float64{50, 40, 40, 40, 30}, []int{1, 2, 2, 2, 5}},
		{[]float64{-5, -27, -5}, []int{1, 3, 1}},
		// the same points summed in another order tie: 0.1+0.2 and 0.3
		{[]float64{0.1 + 0.2, 0.3, 0.2}, []int{1, 1, 3}},
		{nil, []int{}},
	}
	for _, c := range cases {
		if got := scoring.Places(c.totals); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("Places(%v) = %v, want %v", c.totals, got, c.want)
		}
	}
}

// TestPlacesPerField: a two-winner event ranks NS (0) and EW (1) apart.
func TestPlacesPerField(t *testing.T) {
	totals := []float64{60, 55, 52, 58, 52, 49}
	field := []int{0, 1, 0, 1, 1, 0}
	// NS: 60 (1), 52 (2), 49 (3); EW: 58 (1), 55 (2), 52 (3).
	want := []int{1, 2, 2, 1, 3, 3}
	if got := scoring.PlacesPerField(totals, field); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("PlacesPerField = %v, want %v", got, want)
	}
	// One field: the same as Places.
	if got := scoring.PlacesPerField(totals, nil); fmt.Sprint(got) != fmt.Sprint(scoring.Places(totals)) {
		t.Errorf("one field: %v", got)
	}
}

// TestStandings works standings by hand.
func TestStandings(t *testing.T) {
	t.Run("one winner, scaled to the most boards", func(t *testing.T) {
		// Top 10 a board. A: 130 on 26 boards (possible 260) → 130·27/26 = 135, 50.00 %;
		// B: 135 on 27 (270) → 135, 50.00 % — ties A; C: 140 on 27 → 140, 51.85 %.
		entries := []scoring.Entry{
			{Sessions: []scoring.Session{{Points: 130, Possible: 260, Boards: 26}}},
			{Sessions: []scoring.Session{{Points: 135, Possible: 270, Boards: 27}}},
			{Sessions: []scoring.Session{{Points: 140, Possible: 270, Boards: 27}}},
		}
		got := scoring.Standings(entries, scoring.StandingsOptions{ScaleToMostBoards: true})
		want := []scoring.Standing{{Total: 135, Percentage: 50, Place: 2}, {Total: 135, Percentage: 50, Place: 2}, {Total: 140, Percentage: 51.85, Place: 1}}
		checkStandings(t, got, want)
		// Unscaled, A's 130 is last.
		got = scoring.Standings(entries, scoring.StandingsOptions{})
		want[0] = scoring.Standing{Total: 130, Percentage: 50, Place: 3}
		want[1].Place = 2
		checkStandings(t, got, want)
		// By percentage, A and B tie for 2nd whatever the totals.
		got = scoring.Standings(entries, scoring.StandingsOptions{ByPercentage: true})
		want[0].Place = 2
		checkStandings(t, got, want)
	})
	t.Run("two winners", func(t *testing.T) {
		entries := []scoring.Entry{
			{Field: 0, Sessions: []scoring.Session{{Points: 70, Possible: 120, Boards: 12}}},
			{Field: 1, Sessions: []scoring.Session{{Points: 50, Possible: 120, Boards: 12}}},
			{Field: 0, Sessions: []scoring.Session{{Points: 50, Possible: 120, Boards: 12}}},
			{Field: 1, Sessions: []scoring.Session{{Points: 70, Possible: 120, Boards: 12}}},
		}
		// 70/120 = 58.333 → 58.33; 50/120 = 41.667 → 41.67.
		want := []scoring.Standing{{70, 58.33, 1}, {50, 41.67, 2}, {50, 41.67, 2}, {70, 58.33, 1}}
		checkStandings(t, scoring.Standings(entries, scoring.StandingsOptions{}), want)
	})
	t.Run("two sessions with carry-over", func(t *testing.T) {
		// A final: A brings 12 (a share of its qualifying score), B brings 4, C nothing.
		// Session 1 (top 10, 10 boards), session 2 (top 12, 8 boards; C missed one board: 7).
		// A: 12 + 55 + 40 = 107, (55+40)/(100+96) = 48.47 %;
		// B: 4 + 60 + 50 = 114, 110/196 = 56.12 %;
		// C: 0 + 50 + 42·8/7 = 98 (scaled), (50+42)/(100+84) = 50.00 %.
		entries := []scoring.Entry{
			{CarryOver: 12, Sessions: []scoring.Session{{Points: 55, Possible: 100, Boards: 10}, {Points: 40, Possible: 96, Boards: 8}}},
			{CarryOver: 4, Sessions: []scoring.Session{{Points: 60, Possible: 100, Boards: 10}, {Points: 50, Possible: 96, Boards: 8}}},
			{Sessions: []scoring.Session{{Points: 50, Possible: 100, Boards: 10}, {Points: 42, Possible: 84, Boards: 7}}},
		}
		want := []scoring.Standing{{107, 48.47, 2}, {114, 56.12, 1}, {98, 50, 3}}
		checkStandings(t, scoring.Standings(entries, scoring.StandingsOptions{ScaleToMostBoards: true}), want)
	})
	t.Run("IMPs without a top", func(t *testing.T) {
		entries := []scoring.Entry{{Sessions: []scoring.Session{{Points: -5, Boards: 35}}}, {Sessions: []scoring.Session{{Points: 12.5, Boards: 35}}}}
		want := []scoring.Standing{{-5, 0, 2}, {12.5, 0, 1}}
		checkStandings(t, scoring.Standings(entries, scoring.StandingsOptions{}), want)
	})
}

// checkStandings compares standings to a billionth.
func checkStandings(t *testing.T, got, want []scoring.Standing) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d standings, want %d", len(got), len(want))
	}
	for i := range want {
		if !near(got[i].Total, want[i].Total) || !near(got[i].Percentage, want[i].Percentage) || got[i].Place != want[i].Place {
			t.Errorf("entry %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestRound2AndHelpers: rounding halves away from zero at 2 decimals; scaling; percentages.
func TestRound2AndHelpers(t *testing.T) {
	for x, want := range map[float64]float64{47.125: 47.13, -47.125: -47.13, 58.074: 58.07, 0.005: 0.01, 2.675: 2.68, 100: 100} {
		if got := scoring.Round2(x); got != want {
			t.Errorf("Round2(%v) = %v, want %v", x, got, want)
		}
	}
	// 124 on 26 boards scaled to 27: 128.769… (the testdata's pair 1: 128.77).
	if got := scoring.Round2(scoring.ScaleToBoards(124, 26, 27)); got != 128.77 {
		t.Errorf("ScaleToBoards = %v, want 128.77", got)
	}
	if scoring.ScaleToBoards(10, 0, 27) != 0 || scoring.Percentage(5, 0) != 0 {
		t.Errorf("nothing played should give 0")
	}
	if got := scoring.Percentage(124, 260); got != 47.69 {
		t.Errorf("Percentage(124, 260) = %v, want 47.69", got)
	}
}

// TestTeamStandings works a three-team round robin of 16-board matches by hand on the WBF
// continuous scale (TestWBFContinuous: margin 1 → 10.31, 30 → 16.73):
//
//	A 40 – B 10: A 16.73, B 3.27;  A 10 – C 10: 10, 10;  B 21 – C 20: B 10.31, C 9.69
//	A 26.73 (+30 IMPs), C 19.69 (−1), B 13.58 (−29): places A 1, C 2, B 3.
//
// By IMPs alone the order is the same; on ACBL20VP (9–11 boards row for 10 boards) margin 30 is
// 18–2 and margin 1 is 11–9: A 28, B 13, C 19.
func TestTeamStandings(t *testing.T) {
	matches := []scoring.TeamMatchResult{
		{Home: 0, Away: 1, HomeIMPs: 40, AwayIMPs: 10, Boards: 16},
		{Home: 0, Away: 2, HomeIMPs: 10, AwayIMPs: 10, Boards: 16},
		{Home: 1, Away: 2, HomeIMPs: 21, AwayIMPs: 20, Boards: 16},
	}
	got := scoring.TeamStandings(3, matches, scoring.WBFContinuous{}, nil)
	want := []scoring.TeamStanding{{IMPs: 30, VPs: 26.73, Place: 1}, {IMPs: -29, VPs: 13.58, Place: 3}, {IMPs: -1, VPs: 19.69, Place: 2}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("WBF: %v, want %v", got, want)
	}
	got = scoring.TeamStandings(3, matches, nil, nil)
	want = []scoring.TeamStanding{{IMPs: 30, Place: 1}, {IMPs: -29, Place: 3}, {IMPs: -1, Place: 2}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("IMPs: %v, want %v", got, want)
	}
	for i := range matches {
		matches[i].Boards = 10
	}
	// With a carry-over of 10 VPs to B: A 28, B 13 + 10 = 23, C 19.
	got = scoring.TeamStandings(3, matches, scoring.ACBL20VP, []float64{0, 10, 0})
	want = []scoring.TeamStanding{{IMPs: 30, VPs: 28, Place: 1}, {IMPs: -29, VPs: 23, Place: 2}, {IMPs: -1, VPs: 19, Place: 3}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("ACBL with carry-over: %v, want %v", got, want)
	}
}
