package movement_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestCustomRefuses: a schedule given table by table is refused naming the
// field — no rounds, a number of winners other than 1 or 2, a two-winner
// movement without its tables, rounds out of order — and otherwise takes
// its pairs, tables and boards from the highest numbers it uses.
func TestCustomRefuses(t *testing.T) {
	round := func(n int) movement.Round {
		return movement.Round{Number: n, Tables: []movement.Table{{Table: 1, NS: 1, EW: 2, Boards: []int{1, 2}}, {Table: 2, NS: 3, EW: 4, Boards: []int{3, 4}}}}
	}
	for _, c := range []struct {
		name            string
		schedule        []movement.Round
		winners, tables int
		field           string
		allowed         []string
	}{
		{"no rounds", nil, 1, 0, "schedule", nil},
		{"three winners", []movement.Round{round(1)}, 3, 0, "winners", []string{"1", "2"}},
		{"a negative number of winners", []movement.Round{round(1)}, -1, 0, "winners", []string{"1", "2"}},
		{"two winners, no tables", []movement.Round{round(1)}, 2, 0, "tables", nil},
		{"round 2 listed first", []movement.Round{round(2)}, 1, 0, "schedule[0].round", nil},
	} {
		_, err := movement.Custom(c.schedule, c.winners, c.tables)
		var se *scoring.Error
		if !errors.As(err, &se) || se.Field != c.field || !slices.Equal(se.Allowed, c.allowed) {
			t.Errorf("%s: %v, want a *scoring.Error of field %q allowing %q", c.name, err, c.field, c.allowed)
		}
	}
	m, err := movement.Custom([]movement.Round{round(0), round(2)}, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if m.Kind != movement.KindCustom || m.Winners != 1 || m.Pairs != 4 || m.Tables != 2 || m.Boards != 4 || m.Rounds[0].Number != 1 {
		t.Errorf("custom movement: %+v", m)
	}
	m, err = movement.Custom([]movement.Round{round(1)}, 2, 2)
	if err != nil || m.Winners != 2 || m.Pairs != 4 || m.Tables != 2 {
		t.Errorf("two-winner custom movement of 2 tables: %+v, %v", m, err)
	}
}

// TestCheckBalancedRefuses: a custom schedule whose pairs meet again or
// whose boards are played unequally often is refused naming the round and
// table, as ReadASC refuses the same in a movement file
// (TestReadASCRefusals). The schedules, 4 pairs at 2 tables:
//
//	meet again:  R1 T1 1-2 [1 2] T2 3-4 [3 4]; R2 T1 1-3 [5 6] T2 2-4 [5 6];
//	             R3 T1 1-2 [3 4] T2 3-4 [1 2]: pairs 1 and 2 meet in rounds 1
//	             and 3 (every board is played at 2 tables, no pair twice)
//	unequal:     R1 T1 1-2 [1 2] T2 3-4 [1]: board 1 at 2 tables, board 2 at 1
//	             (TestValidateCustomUnequalPlays's schedule)
//
// A pair playing a board twice is refused by Validate already (no pair
// plays a board twice). The 4-pair Howell's meeting of two rounds at the
// same table (Movement.Howell04T2B24.yaml) is one meeting, not two.
func TestCheckBalancedRefuses(t *testing.T) {
	tb := func(table, ns, ew int, boards ...int) movement.Table {
		return movement.Table{Table: table, NS: ns, EW: ew, Boards: boards}
	}
	again := []movement.Round{
		{Tables: []movement.Table{tb(1, 1, 2, 1, 2), tb(2, 3, 4, 3, 4)}},
		{Tables: []movement.Table{tb(1, 1, 3, 5, 6), tb(2, 2, 4, 5, 6)}},
		{Tables: []movement.Table{tb(1, 1, 2, 3, 4), tb(2, 3, 4, 1, 2)}},
	}
	unequal := []movement.Round{{Tables: []movement.Table{tb(1, 1, 2, 1, 2), tb(2, 3, 4, 1)}}}
	for _, c := range []struct {
		name, field, problem string
		schedule             []movement.Round
	}{
		{"meet again", "schedule[2].tables[0]", "round 3, table 1: pairs 1 and 2 meet again (they met in round 1 at table 1); two pairs meet once", again},
		{"unequal plays", "schedule[0].tables[0].boards[1]", "round 1, table 1: board 2 is played at 1 table and board 1 at 2; the movement does not balance (every board is played equally often)", unequal},
	} {
		m, err := movement.Custom(c.schedule, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Validate(); err != nil {
			t.Fatalf("%s: Validate: %v (the schedule is a valid custom movement)", c.name, err)
		}
		err = m.CheckBalanced()
		var se *scoring.Error
		if !errors.As(err, &se) || se.Field != c.field || se.Problem != c.problem || len(se.Allowed) == 0 {
			t.Errorf("%s: %#v, want field %q, problem %q and what is allowed", c.name, err, c.field, c.problem)
		}
	}
	two := []movement.Round{
		{Tables: []movement.Table{tb(1, 1, 2, 1, 2)}, SitOut: []int{3, 4}},
		{Tables: []movement.Table{tb(1, 1, 2, 3, 4)}, SitOut: []int{3, 4}},
	}
	m, err := movement.Custom(two, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.CheckBalanced(); err != nil {
		t.Errorf("a meeting of two rounds at the same table: %v, want none", err)
	}
}
