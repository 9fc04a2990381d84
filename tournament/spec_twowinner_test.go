package tournament

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// twoWinnerSchedule is a club's own two-winner movement of 2 tables and 2
// rounds that is no Mitchell: both tables share one board a round, and the
// EW pairs swap tables.
//
//	round 1: table 1 NS 1 v EW 1 board 1; table 2 NS 2 v EW 2 board 1
//	round 2: table 1 NS 1 v EW 2 board 2; table 2 NS 2 v EW 1 board 2
//
// Movement pairs 1 and 2 are NS 1 and 2, pairs 3 and 4 EW 1 and 2.
func twoWinnerSchedule() []movement.Round {
	return []movement.Round{
		{Number: 1, Tables: []movement.Table{{Table: 1, NS: 1, EW: 3, Boards: []int{1}}, {Table: 2, NS: 2, EW: 4, Boards: []int{1}}}},
		{Number: 2, Tables: []movement.Table{{Table: 1, NS: 1, EW: 4, Boards: []int{2}}, {Table: 2, NS: 2, EW: 3, Boards: []int{2}}}},
	}
}

// TestCustomTwoWinnerLabels: a custom movement given Winners 2 and Tables 2
// numbers its pairs as a Mitchell does (NS n is pair n, EW n pair 2+n),
// names them so both ways, and ranks them in two fields; the same schedule
// with one winner numbers pairs 1 to 4 and ranks them in one.
func TestCustomTwoWinnerLabels(t *testing.T) {
	m, err := MovementSpec{Kind: "custom", Winners: 2, Tables: 2, Schedule: twoWinnerSchedule()}.Build()
	if err != nil {
		t.Fatal(err)
	}
	if m.Kind != movement.KindCustom || m.Winners != 2 || m.Tables != 2 || m.Pairs != 4 || m.Boards != 2 || len(m.Rounds) != 2 {
		t.Fatalf("%+v: want custom, 2 winners, 2 tables, 4 pairs, 2 boards, 2 rounds", m)
	}
	if m.Name != "Custom two-winner movement, 2 pairs each way, 2 rounds" {
		t.Errorf("name %q", m.Name)
	}
	for p, want := range map[int][3]string{1: {"1", "NS"}, 2: {"2", "NS"}, 3: {"1", "EW"}, 4: {"2", "EW"}} {
		n, dir := m.PairLabel(p)
		if n != want[0] || dir != want[1] {
			t.Errorf("PairLabel(%d) = %s %s, want %s %s", p, n, dir, want[0], want[1])
		}
		if q, ok := m.PairOf(n, dir); !ok || q != p {
			t.Errorf("PairOf(%s, %s) = %d, %v; want %d", n, dir, q, ok, p)
		}
		if f, wantF := m.Field(p), map[string]int{"NS": 0, "EW": 1}[dir]; f != wantF {
			t.Errorf("Field(%d) = %d, want %d", p, f, wantF)
		}
	}
	for _, bad := range [][2]string{{"3", "NS"}, {"3", "EW"}, {"1", ""}, {"0", "NS"}} {
		if p, ok := m.PairOf(bad[0], bad[1]); ok {
			t.Errorf("PairOf(%s, %q) = %d, want none", bad[0], bad[1], p)
		}
	}
	if d := m.PairDirections(); !slices.Equal(d, []string{"NS", "EW"}) {
		t.Errorf("PairDirections %v", d)
	}
	rep, err := m.Validate()
	if err != nil {
		t.Fatal(err)
	}
	// Ranked apart: NS 1 and NS 2 compared on boards 1 and 2, EW 1 and EW 2 too.
	if rep.Balance.Pairs != 2 || rep.Balance.Min != 2 || rep.Balance.Max != 2 {
		t.Errorf("balance %+v, want 2 pairs of pairs compared on 2 boards each", rep.Balance)
	}

	one, err := MovementSpec{Kind: "custom", Schedule: twoWinnerSchedule()}.Build()
	if err != nil {
		t.Fatal(err)
	}
	if n, dir := one.PairLabel(3); n != "3" || dir != "" || one.Field(3) != 0 || one.Winners != 1 {
		t.Errorf("one winner: pair 3 is %s %q in field %d (winners %d), want 3, no direction, field 0", n, dir, one.Field(3), one.Winners)
	}
}

// TestCustomTwoWinnerStandings works twoWinnerSchedule by hand (contract-2017,
// board 1 none vul, board 2 NS vul; matchpoints 2 per score beaten, 1 per
// tie, top 2 with two results):
//
//	board 1: R1 T1 NS1–EW1 4S N 10 +420: 0 | 2;  R1 T2 NS2–EW2 4S N 11 +450: 2 | 0
//	board 2: R2 T1 NS1–EW2 3NT S 8 −100: 0 | 2;  R2 T2 NS2–EW1 3NT S 9 +600: 2 | 0
//
//	NS 2: 2+2 = 4 (100%) 1st   NS 1: 0+0 = 0 (0%) 2nd
//	EW 1: 2+0 = 2 (50%) 1st=   EW 2: 0+2 = 2 (50%) 1st=
//
// Ranked in one field these would be NS 2, EW 1 = EW 2, NS 1 (1, 2, 2, 4).
func TestCustomTwoWinnerStandings(t *testing.T) {
	spec := MovementSpec{Kind: "custom", Winners: 2, Tables: 2, Schedule: twoWinnerSchedule()}
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := &Section{ID: 1, Name: "A", Spec: spec, Movement: m, CurrentRound: 2}
	results := enter(t, sec, Director, resultsOf([]played{
		{1, 1, 1, "4S", "N", 10}, {1, 2, 1, "4S", "N", 11},
		{2, 1, 2, "3NT", "S", 8}, {2, 2, 2, "3NT", "S", 9},
	}))
	for i, want := range [][2]string{{"1", "1"}, {"2", "2"}, {"1", "2"}, {"2", "1"}} {
		if r := results[i]; r.NS != want[0] || r.EW != want[1] {
			t.Errorf("result %d: NS %s EW %s, want NS %s EW %s", i, r.NS, r.EW, want[0], want[1])
		}
	}
	got := pairStandings(MethodMP, &m, results, nil)
	want := []Standing{
		{Number: "2", Direction: "NS", Total: 4, Percentage: 100, Place: 1, Boards: 2},
		{Number: "1", Direction: "NS", Total: 0, Percentage: 0, Place: 2, Boards: 2},
		{Number: "1", Direction: "EW", Total: 2, Percentage: 50, Place: 1, Boards: 2},
		{Number: "2", Direction: "EW", Total: 2, Percentage: 50, Place: 1, Boards: 2},
	}
	checkStandings(t, got, want)
}

// TestCustomTwoWinnerErrors: a two-winner custom movement needs its tables;
// its schedule keeps to tables 1 to Tables and pairs 1 to 2·Tables, seats
// NS pairs (1 to Tables) at the NS cards and EW pairs at the EW cards, and
// holds no team matches; winners are given to custom movements only, 1 or 2.
func TestCustomTwoWinnerErrors(t *testing.T) {
	swapped := twoWinnerSchedule()
	swapped[0].Tables[0].NS, swapped[0].Tables[0].EW = 3, 1 // EW 1 at the NS seat, NS 1 at the EW seat
	matches := twoWinnerSchedule()
	matches[0].Tables[0].Match, matches[0].Tables[1].Match = 1, 1
	cases := []struct {
		name  string
		spec  MovementSpec
		field string
		says  string
	}{
		{"no tables", MovementSpec{Kind: "custom", Winners: 2, Schedule: twoWinnerSchedule()}, "movement.tables", "needs its tables"},
		{"three winners", MovementSpec{Kind: "custom", Winners: 3, Tables: 2, Schedule: twoWinnerSchedule()}, "movement.winners", "not a number of winners"},
		{"table past tables", MovementSpec{Kind: "custom", Winners: 2, Tables: 1, Schedule: twoWinnerSchedule()}, "movement.schedule", "table 2: a two-winner custom movement of 1 tables"},
		{"pair past 2·tables", MovementSpec{Kind: "custom", Winners: 2, Tables: 2, Schedule: append(twoWinnerSchedule(), movement.Round{Number: 3, SitOut: []int{5}, Tables: []movement.Table{{Table: 1, NS: 1, EW: 3, Boards: []int{3}}}})},
			"movement.schedule", "pair 5: a two-winner custom movement of 2 tables has tables 1 to 2 and pairs 1 to 4"},
		{"EW pair at NS", MovementSpec{Kind: "custom", Winners: 2, Tables: 2, Schedule: swapped}, "movement.schedule: winners", "pair 3 (EW 1) plays the NS cards at table 1 in round 1; in a two-winner movement pairs 1 to 2 play the NS cards and pairs 3 to 4 the EW cards"},
		{"matches", MovementSpec{Kind: "custom", Winners: 2, Tables: 2, Schedule: matches}, "movement.winners", "team matches"},
		{"winners of a Mitchell", MovementSpec{Kind: "mitchell", Winners: 2, Tables: 3, BoardsPerRound: 1}, "movement.winners", "only a custom movement"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.spec.Build()
			var te *Error
			if !errors.As(err, &te) || !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v, want ErrInvalid", err)
			}
			if te.Field != c.field || !strings.Contains(te.Message, c.says) {
				t.Errorf("field %q, message %q; want %q saying %q", te.Field, te.Message, c.field, c.says)
			}
		})
	}
}
