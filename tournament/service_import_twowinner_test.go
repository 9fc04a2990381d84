package tournament_test

import (
	"reflect"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// twoWinnerCustomSpec is a club's own two-winner movement that is no
// Mitchell, as traveler reads one from a results file: 2 pairs each way
// (NS n is pair n, EW n pair 2+n), both tables sharing one board a round,
// the EW pairs swapping tables. db's round-trip test has the same one.
func twoWinnerCustomSpec() tournament.MovementSpec {
	return tournament.MovementSpec{Kind: "custom", Winners: 2, Tables: 2, Schedule: []movement.Round{
		{Number: 1, Tables: []movement.Table{{Table: 1, NS: 1, EW: 3, Boards: []int{1}}, {Table: 2, NS: 2, EW: 4, Boards: []int{1}}}},
		{Number: 2, Tables: []movement.Table{{Table: 1, NS: 1, EW: 4, Boards: []int{2}}, {Table: 2, NS: 2, EW: 3, Boards: []int{2}}}},
	}}
}

// TestImportTwoWinnerCustom imports an event of a two-winner custom
// movement through the Service and gets back, from PostgreSQL, the
// standings the event had before: NS and EW ranked apart. Worked by hand
// (contract-2017, matchpoints 2 per score beaten, top 2):
//
//	board 1 (none vul): NS1 v EW1 4S N 10 +420: 0 | 2;  NS2 v EW2 4S N 11 +450: 2 | 0
//	board 2 (NS vul):   NS1 v EW2 3NT S 8 −100: 0 | 2;  NS2 v EW1 3NT S 9 +600: 2 | 0
//
//	NS2 4 (100%) 1st, NS1 0 (0%) 2nd; EW1 2 (50%) 1st, EW2 2 (50%) 1st
func TestImportTwoWinnerCustom(t *testing.T) {
	b := newBuilder(t)
	c := b.Ctx
	spec := twoWinnerCustomSpec()
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	e := tournament.Event{Name: "Shared boards", Date: "2026-11-24", Law: scoring.Contract2017, LawOptions: tournament.LawOptions{}, Scoring: tournament.MethodMP}
	sec := tournament.Section{Session: 1, Name: "A", Spec: spec, Movement: m, CurrentRound: 2}
	var pairs []tournament.Pair
	for _, dir := range []string{"NS", "EW"} {
		for _, n := range []string{"1", "2"} {
			pairs = append(pairs, tournament.Pair{Number: n, Direction: dir, Players: []tournament.Player{{Name: n + dir}}})
		}
	}
	play := func(board, round, table int, ns, ew, contract, declarer string, tricks int) tournament.Result {
		return tournament.Result{Board: board, Round: round, Table: table, NS: ns, EW: ew, Status: tournament.StatusPlayed, Contract: contract, Declarer: declarer, Tricks: tricks}
	}
	results := []tournament.Result{
		play(1, 1, 1, "1", "1", "4S", "N", 10), play(1, 1, 2, "2", "2", "4S", "N", 11),
		play(2, 2, 1, "1", "2", "3NT", "S", 8), play(2, 2, 2, "2", "1", "3NT", "S", 9),
	}
	if errs := tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), &sec, nil, results); errs != nil {
		t.Fatal(errs)
	}
	before := tournament.BuildSection(e, sec, pairs, nil, nil, results)
	want := []tournament.Standing{
		{Number: "2", Direction: "NS", Players: []string{"2NS"}, Total: 4, Percentage: 100, Place: 1, Boards: 2},
		{Number: "1", Direction: "NS", Players: []string{"1NS"}, Total: 0, Percentage: 0, Place: 2, Boards: 2},
		{Number: "1", Direction: "EW", Players: []string{"1EW"}, Total: 2, Percentage: 50, Place: 1, Boards: 2},
		{Number: "2", Direction: "EW", Players: []string{"2EW"}, Total: 2, Percentage: 50, Place: 1, Boards: 2},
	}
	if !reflect.DeepEqual(before.Standings.Pairs, want) {
		t.Fatalf("standings before import\n got %+v\nwant %+v", before.Standings.Pairs, want)
	}
	after, err := b.Svc.ImportEvent(c, tournament.Director, tournament.EventData{Event: e, Sections: []tournament.SectionData{before}})
	if err != nil {
		t.Fatal(err)
	}
	got := after.Sections[0]
	if m := got.Section.Movement; m.Kind != movement.KindCustom || m.Winners != 2 || m.Tables != 2 || m.Pairs != 4 || got.Section.Spec.Winners != 2 {
		t.Errorf("stored movement %q: %v, %d winners, %d tables, %d pairs (spec winners %d); want custom, 2, 2, 4 (2)",
			m.Name, m.Kind, m.Winners, m.Tables, m.Pairs, got.Section.Spec.Winners)
	}
	if !reflect.DeepEqual(got.Standings.Pairs, want) {
		t.Errorf("standings after import\n got %+v\nwant %+v", got.Standings.Pairs, want)
	}
	for b := range got.Travelers {
		for i, l := range got.Travelers[b].Lines {
			w := before.Travelers[b].Lines[i]
			if l.Result.NS != w.Result.NS || l.Result.EW != w.Result.EW || l.NSPoints != w.NSPoints || l.EWPoints != w.EWPoints {
				t.Errorf("board %d line %d: %s v %s %v | %v, want %s v %s %v | %v", b+1, i, l.Result.NS, l.Result.EW, l.NSPoints, l.EWPoints,
					w.Result.NS, w.Result.EW, w.NSPoints, w.EWPoints)
			}
		}
	}
}
