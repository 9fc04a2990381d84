package tournament

import (
	"errors"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestMitchellVariantSpec: a spec's variant and switches reach the
// generator, and its refusals come back under "movement."; the lists a
// spec names are bounded (limits.go) before anything is generated: 101
// switches, 101 rover tables, a switch of 201 tables.
func TestMitchellVariantSpec(t *testing.T) {
	m, err := MovementSpec{Kind: "mitchell", Variant: "web", Tables: 14, BoardsPerRound: 2}.Build()
	if err != nil {
		t.Fatal(err)
	}
	// The EBU's web Mitchell of 14 to 26 tables plays 26 boards: 13 sets of 2.
	if m.Name != "Web Mitchell 14 tables" || len(m.Rounds) != 13 || m.Boards != 26 {
		t.Errorf("%q: %d rounds, %d boards; want 13 rounds of 2 boards", m.Name, len(m.Rounds), m.Boards)
	}
	for _, c := range []struct {
		spec  MovementSpec
		field string
	}{
		{MovementSpec{Kind: "mitchell", Tables: 5, BoardsPerRound: 2, Switches: []movement.Switch{{Round: 9, Tables: []int{1}}}}, "movement.switches[0].round"},
		{MovementSpec{Kind: "mitchell", Variant: "barometer", Tables: 5, BoardsPerRound: 2, Rounds: 6}, "movement.rounds"},
		{MovementSpec{Kind: "mitchell", Tables: 5, BoardsPerRound: 2, Switches: make([]movement.Switch, MaxRounds+1)}, "movement.switches"},
		{MovementSpec{Kind: "mitchell", Variant: "rover", Tables: 5, BoardsPerRound: 2, RoverTables: make([]int, MaxRounds+1)}, "movement.rover_tables"},
		{MovementSpec{Kind: "mitchell", Tables: 5, BoardsPerRound: 2, Switches: []movement.Switch{{Round: 1, Tables: make([]int, MaxTables+1)}}}, "movement.switches[0].tables"},
		{MovementSpec{Kind: "mitchell", Variant: "appendix", Tables: 5, BoardsPerRound: 2, Appendix: MaxTables + 1}, "movement.appendix"},
	} {
		_, err := c.spec.Build()
		var e *Error
		if !errors.As(err, &e) || e.Field != c.field {
			t.Errorf("%+v: %v, want a refusal of %s", c.spec, err, c.field)
		}
	}
}

// TestRoverIsNoHalfTable: a rover Mitchell's phantom (the EW seat of the
// rover's table, never in play) is no missing pair: no late pair place, no
// half table; a half-table Mitchell's is.
func TestRoverIsNoHalfTable(t *testing.T) {
	for _, c := range []struct {
		spec MovementSpec
		half bool
	}{
		{MovementSpec{Kind: "mitchell", Variant: "rover", Tables: 7, BoardsPerRound: 2}, false},
		{MovementSpec{Kind: "mitchell", Tables: 7, BoardsPerRound: 2, Missing: 14}, true},
	} {
		m, err := c.spec.Build()
		if err != nil {
			t.Fatal(err)
		}
		sec := Section{Spec: c.spec, Movement: m}
		_, late := sec.LatePairPlace()
		if sec.HalfTable() != c.half || late != c.half {
			t.Errorf("%s: half table %v, late pair place %v; want %v", m.Name, sec.HalfTable(), late, c.half)
		}
	}
}
