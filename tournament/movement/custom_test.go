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
