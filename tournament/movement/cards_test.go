package movement_test

import (
	"fmt"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestTableCardsRelayMitchell checks the table cards of the 4-table relay
// Mitchell of TestMitchellByHand: in round 1 table 1 (NS 1, EW 5) and table 4
// (NS 4, EW 8) share set 1 (boards 1-2); tables 2 and 3 play their own.
func TestTableCardsRelayMitchell(t *testing.T) {
	m, err := movement.Mitchell(movement.MitchellOptions{Tables: 4, BoardsPerRound: 2, Even: movement.EvenRelay})
	if err != nil {
		t.Fatal(err)
	}
	cards := m.TableCards()
	if len(cards) != 4 {
		t.Fatalf("%d table cards, want 4", len(cards))
	}
	for _, c := range []struct {
		table int
		want  string
	}{
		{1, "{1 true 1 5 [1 2] false [4] 0 []}"},
		{2, "{1 true 2 6 [3 4] false [] 0 []}"},
		{4, "{1 true 4 8 [1 2] false [1] 0 []}"},
	} {
		if got := fmt.Sprint(cards[c.table-1].Rounds[0]); got != c.want {
			t.Errorf("table %d round 1 = %s, want %s", c.table, got, c.want)
		}
	}
	if n := len(cards[2].Rounds); n != 4 {
		t.Errorf("table 3's card has %d rounds, want 4", n)
	}
}

// TestGuideCardsArrowSwitch checks EW pair 5's guide card in the 3-table
// Mitchell with round 3 arrow-switched (TestArrowSwitchByHand): tables 2, 3,
// 1 against NS 2, 3, 1, boards 2, 1, 3; in round 3 it sits EW and plays the
// NS cards.
func TestGuideCardsArrowSwitch(t *testing.T) {
	m, err := movement.Mitchell(movement.MitchellOptions{Tables: 3, BoardsPerRound: 1, ArrowSwitch: []int{3}})
	if err != nil {
		t.Fatal(err)
	}
	cards := m.GuideCards()
	if len(cards) != 6 || cards[4].Pair != 5 {
		t.Fatalf("guide cards for %d pairs, fifth for pair %d; want 6, pair 5", len(cards), cards[4].Pair)
	}
	want := []movement.GuideRound{
		{Round: 1, Table: 2, Direction: scoring.EW, Cards: scoring.EW, Opponent: 2, Boards: []int{2}},
		{Round: 2, Table: 3, Direction: scoring.EW, Cards: scoring.EW, Opponent: 3, Boards: []int{1}},
		{Round: 3, Table: 1, Direction: scoring.EW, Cards: scoring.NS, Opponent: 1, Boards: []int{3}},
	}
	if got := cards[4].Rounds; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pair 5's guide card = %v, want %v", got, want)
	}
}

// TestCardsHowellWithSitOut checks the 7-pair Howell (the 8-pair one without
// pair 8, who sits NS at table 1): table 1 is never in play, and each pair
// sits out the round it would have met pair 8 — pair 1 in round 1
// (Movement.Howell08T4B14: 8-1 at table 1 in round 1).
func TestCardsHowellWithSitOut(t *testing.T) {
	m, err := movement.Howell(movement.HowellOptions{Pairs: 7, BoardsPerRound: 3})
	if err != nil {
		t.Fatal(err)
	}
	tables := m.TableCards()
	for _, r := range tables[0].Rounds {
		if r.InPlay {
			t.Errorf("table 1 in play in round %d: %+v", r.Round, r)
		}
	}
	guides := m.GuideCards()
	if len(guides) != 7 {
		t.Fatalf("%d guide cards, want 7", len(guides))
	}
	for p, g := range guides {
		for _, r := range g.Rounds {
			if r.SitsOut != (r.Round == p+1) {
				t.Errorf("pair %d round %d: sits out %v, want it to sit out round %d only", p+1, r.Round, r.SitsOut, p+1)
			}
		}
	}
	if got, want := fmt.Sprint(guides[0].Rounds[0]), fmt.Sprint(movement.GuideRound{Round: 1, SitsOut: true}); got != want {
		t.Errorf("pair 1 round 1 = %s, want %s", got, want)
	}
}

// TestCardsTeams checks a teams match's cards: team 1 at home to team 2 on
// boards 1-2; table 1 (room 1) has pairs 1 and 4, table 2 (room 2) pairs 3
// and 2, each sharing the boards with the other room; pair 2 (team 1's
// second pair) sits EW at table 2 against team 2's pair 3.
func TestCardsTeams(t *testing.T) {
	m, err := movement.TeamsMovement(movement.TeamsOptions{Teams: 2, BoardsPerRound: 2}, [][]movement.Match{{{Home: 1, Away: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	tables := m.TableCards()
	if got, want := fmt.Sprint(tables[0].Rounds[0], tables[1].Rounds[0]), "{1 true 1 4 [1 2] false [2] 1 []} {1 true 3 2 [1 2] false [1] 1 []}"; got != want {
		t.Errorf("table cards = %s, want %s", got, want)
	}
	g := m.GuideCards()[1]
	want := movement.GuideCard{Pair: 2, Team: 1, Rounds: []movement.GuideRound{
		{Round: 1, Table: 2, Direction: scoring.EW, Cards: scoring.EW, Opponent: 3, Boards: []int{1, 2}},
	}}
	if fmt.Sprint(g) != fmt.Sprint(want) {
		t.Errorf("pair 2's guide card = %v, want %v", g, want)
	}
}

// TestCardsCopyBoards checks the cards hold their own copies of the board
// lists, so changing a card leaves the movement alone.
func TestCardsCopyBoards(t *testing.T) {
	m, err := movement.Mitchell(movement.MitchellOptions{Tables: 3, BoardsPerRound: 2})
	if err != nil {
		t.Fatal(err)
	}
	m.TableCards()[0].Rounds[0].Boards[0] = 99
	m.GuideCards()[0].Rounds[0].Boards[0] = 99
	if m.Rounds[0].Tables[0].Boards[0] != 1 {
		t.Errorf("a card shares its boards with the movement")
	}
}

// TestCardsHowell31Pairs checks the cards of the largest odd Howell, 31
// pairs: the 32-pair movement (16 tables, 31 rounds, 31 sets of 2 boards)
// without pair 32. One table (pair 32's: it is stationary) is never in
// play, the other 15 every round; each of the 31 guide cards sits out one
// round (the one it would meet pair 32), meets each of the 30 others once
// and plays 60 different boards: all 62 but the sit-out round's set.
func TestCardsHowell31Pairs(t *testing.T) {
	m, err := movement.Howell(movement.HowellOptions{Pairs: 31, BoardsPerRound: 2})
	if err != nil {
		t.Fatal(err)
	}
	tables := m.TableCards()
	if len(tables) != 16 || len(m.Rounds) != 31 || m.Boards != 62 {
		t.Fatalf("%d table cards, %d rounds, %d boards; want 16, 31, 62", len(tables), len(m.Rounds), m.Boards)
	}
	idle := 0
	for _, c := range tables {
		in := 0
		for _, r := range c.Rounds {
			if r.InPlay {
				in++
			}
		}
		switch in {
		case 0:
			idle++
		case 31:
		default:
			t.Errorf("table %d in play %d rounds; want all 31 or none", c.Table, in)
		}
	}
	if idle != 1 {
		t.Errorf("%d tables never in play, want 1 (the missing pair's)", idle)
	}
	guides := m.GuideCards()
	if len(guides) != 31 {
		t.Fatalf("%d guide cards, want 31", len(guides))
	}
	for _, g := range guides {
		out, met, boards := 0, map[int]bool{}, map[int]bool{}
		for _, r := range g.Rounds {
			if r.SitsOut {
				out++
				continue
			}
			if met[r.Opponent] {
				t.Errorf("pair %d meets %d twice", g.Pair, r.Opponent)
			}
			met[r.Opponent] = true
			for _, b := range r.Boards {
				boards[b] = true
			}
		}
		if out != 1 || len(met) != 30 || len(boards) != 60 {
			t.Errorf("pair %d: sits out %d rounds, meets %d pairs, plays %d boards; want 1, 30, 60", g.Pair, out, len(met), len(boards))
		}
	}
}
