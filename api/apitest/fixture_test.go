package apitest_test

import (
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
)

// TestFixtureHelpers: a Mitchell's line names its pairs as the players do
// (EW pair 4 of 3 tables is EW 1), Seat finds a round's table, LineDiff
// numbers the lines that differ, and JSON marshals.
func TestFixtureHelpers(t *testing.T) {
	f := apitest.Mitchell{Section: api.SectionResponse{Generated: api.MovementResponse{Rounds: []api.RoundDTO{
		{Round: 1, Tables: []api.TableDTO{{Table: 1, NS: 1, EW: 4, Boards: []int{1, 2}}, {Table: 2, NS: 2, EW: 5, Boards: []int{3, 4}}}},
	}}}}
	if s := apitest.Seat(f.Section, 1, 2); s.NS != 2 || s.EW != 5 {
		t.Errorf("Seat(round 1, table 2) = %+v", s)
	}
	l := f.Line(1, 2, 3, "4S", "N", 10)
	if l["ns"] != "2" || l["ew"] != "2" || l["board"] != 3 || l["round"] != 1 || l["table"] != 2 || l["contract"] != "4S" || l["tricks"] != 10 {
		t.Errorf("Line = %v, want NS 2 v EW 2 on board 3", l)
	}
	if got := apitest.LineDiff([]byte("a\nb\nc"), []byte("a\nx\nc\nd")); got != "2: b | x\n4:  | d" {
		t.Errorf("LineDiff = %q", got)
	}
	if got := apitest.JSON(map[string]int{"board": 1}); got != `{"board":1}` {
		t.Errorf("JSON = %s", got)
	}
	if apitest.ID(42) != "42" {
		t.Errorf("ID(42) = %s", apitest.ID(42))
	}
}
