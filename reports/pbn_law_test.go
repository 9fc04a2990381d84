package reports_test

import (
	"bytes"
	"slices"
	"strconv"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// oneWinner seats the hand-checked event as a one-winner movement (the same
// tables, EW pair n numbered 3+n) scored by method m: PBN names a pair by
// its number alone.
func oneWinner(t *testing.T, d tournament.EventData, m tournament.Method) tournament.EventData {
	t.Helper()
	sd := d.Sections[0]
	sec := sd.Section
	sec.Movement.Kind, sec.Movement.Winners = movement.KindCustom, 1
	e := d.Event
	e.Scoring = m
	var pairs []tournament.Pair
	for _, p := range sd.Pairs {
		n, _ := strconv.Atoi(p.Number)
		if p.Direction == "EW" {
			n += 3
		}
		pairs = append(pairs, tournament.Pair{SectionID: p.SectionID, Number: strconv.Itoa(n), Players: p.Players})
	}
	results := slices.Clone(sd.Results)
	for i := range results {
		ew, _ := strconv.Atoi(results[i].EW)
		results[i].EW = strconv.Itoa(ew + 3)
	}
	rules, err := e.Rules()
	if err != nil {
		t.Fatal(err)
	}
	if errs := tournament.ScoreResults(rules, &sec, nil, results); errs != nil {
		t.Fatalf("scoring: %v", errs)
	}
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, pairs, nil, nil, results)}}
}

// TestPBNKeepsLawAndMethod writes the hand-checked auction-1915 event as
// PBN under each scoring method and reads it back: the law code (the
// TravelerLaw tag) and the method (the Scoring tag) come back, and every
// score is the one worked out above handChecked.
func TestPBNKeepsLawAndMethod(t *testing.T) {
	// each board's NS scores, worked out above handChecked, in order; the
	// import seats the meetings in rounds of its own, so lines are compared
	// board by board as sorted lists.
	want := map[int][]int{1: {155, 161, 161}, 2: {-239, -10, 0}, 3: {100, 155, 155}}
	for _, m := range []tournament.Method{tournament.MethodMP, tournament.MethodMPACBL, tournament.MethodAverage,
		tournament.MethodTotal, tournament.MethodCrossIMP, tournament.MethodButler} {
		d := oneWinner(t, mitchell3(t, scoring.Auction1915, handChecked), m)
		var buf bytes.Buffer
		if err := reports.WritePBN(&buf, d); err != nil {
			t.Fatal(err)
		}
		f, err := reports.ReadResults(&buf, reports.ReadOptions{Strict: true})
		if err != nil {
			t.Fatalf("%s: reading back: %v", m, err)
		}
		back := f.Event
		if back.Event.Law != scoring.Auction1915 || back.Event.Scoring != m {
			t.Errorf("%s: read back as %s scored %s", m, back.Event.Law, back.Event.Scoring)
		}
		got := map[int][]int{}
		for _, tr := range back.Sections[0].Travelers {
			for _, l := range tr.Lines {
				got[tr.Board.Number] = append(got[tr.Board.Number], l.Result.NSScore)
			}
		}
		for b, w := range want {
			if g := slices.Sorted(slices.Values(got[b])); !slices.Equal(g, w) {
				t.Errorf("%s: board %d NS scores %v, want %v", m, b, g, w)
			}
		}
	}
}
