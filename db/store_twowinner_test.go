package db_test

import (
	"reflect"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// twoWinnerCustomSpec is a club's own two-winner movement that is no
// Mitchell, as traveler reads one from a results file: 2 pairs each way
// (NS n is pair n, EW n pair 2+n), both tables sharing one board a round,
// the EW pairs swapping tables.
func twoWinnerCustomSpec() tournament.MovementSpec {
	return tournament.MovementSpec{Kind: "custom", Winners: 2, Tables: 2, Schedule: []movement.Round{
		{Number: 1, Tables: []movement.Table{{Table: 1, NS: 1, EW: 3, Boards: []int{1}}, {Table: 2, NS: 2, EW: 4, Boards: []int{1}}}},
		{Number: 2, Tables: []movement.Table{{Table: 1, NS: 1, EW: 4, Boards: []int{2}}, {Table: 2, NS: 2, EW: 3, Boards: []int{2}}}},
	}}
}

// TestTwoWinnerCustomRoundTrip stores a section of a two-winner custom
// movement and reads it back the same: the spec keeps its winners and
// tables, the movement its two winners and its pairs numbered each way.
func TestTwoWinnerCustomRoundTrip(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	e := event(t, s)
	spec := twoWinnerCustomSpec()
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := tournament.Section{EventID: e.ID, Session: 1, Name: "A", Spec: spec, Movement: m, CurrentRound: 1}
	if err := s.CreateSection(c, &sec, nil); err != nil {
		t.Fatal(err)
	}
	got, err := s.Section(c, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, sec) {
		t.Errorf("read back differs\n got %+v\nwant %+v", got, sec)
	}
	if n, dir := got.Movement.PairLabel(3); n != "1" || dir != "EW" || got.Spec.Winners != 2 {
		t.Errorf("pair 3 read back as %s %s, spec winners %d; want EW 1 and 2", n, dir, got.Spec.Winners)
	}
}
