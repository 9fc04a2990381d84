package movement

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// seat is one published table of an individual: round, table, N, S, E, W
// and the first board, as the source lists it.
type seat struct{ round, table, n, s, e, w, first int }

// published8 is the 8-player individual, 2 tables, 7 rounds of 3 boards,
// every line as printed in thebridsk/bridgescorer,
// server/src/main/resources/com/github/thebridsk/bridge/server/backend/
// IndividualMovement.Individual2Tables21Boards.yaml (north, south, east,
// west, boards).
var published8 = []seat{
	{1, 1, 8, 1, 5, 7, 1}, {2, 1, 8, 2, 6, 1, 4}, {3, 1, 8, 3, 7, 2, 7}, {4, 1, 8, 4, 1, 3, 10},
	{5, 1, 8, 5, 2, 4, 13}, {6, 1, 8, 6, 3, 5, 16}, {7, 1, 8, 7, 4, 6, 19},
	{1, 2, 2, 6, 4, 3, 1}, {2, 2, 3, 7, 5, 4, 4}, {3, 2, 4, 1, 6, 5, 7}, {4, 2, 5, 2, 7, 6, 10},
	{5, 2, 6, 3, 1, 7, 13}, {6, 2, 7, 4, 2, 1, 16}, {7, 2, 1, 5, 3, 2, 19},
}

// published12 is the 12-player individual, 3 tables, 11 rounds of 2
// boards, from admatis.com "12players-11rounds-22boards.pdf" as
// transcribed line by line in thebridsk/bridgescorer IndividualMovement.
// Individual3Tables.yaml (north, south, east, west, boards).
var published12 = []seat{
	{1, 1, 12, 1, 5, 10, 1}, {2, 1, 12, 2, 6, 11, 3}, {3, 1, 12, 3, 7, 1, 5}, {4, 1, 12, 4, 8, 2, 7},
	{5, 1, 12, 5, 9, 3, 9}, {6, 1, 12, 6, 10, 4, 11}, {7, 1, 12, 7, 11, 5, 13}, {8, 1, 12, 8, 1, 6, 15},
	{9, 1, 12, 9, 2, 7, 17}, {10, 1, 12, 10, 3, 8, 19}, {11, 1, 12, 11, 4, 9, 21},
	{1, 2, 7, 11, 8, 9, 11}, {2, 2, 8, 1, 9, 10, 13}, {3, 2, 9, 2, 10, 11, 15}, {4, 2, 10, 3, 11, 1, 17},
	{5, 2, 11, 4, 1, 2, 19}, {6, 2, 1, 5, 2, 3, 21}, {7, 2, 2, 6, 3, 4, 1}, {8, 2, 3, 7, 4, 5, 3},
	{9, 2, 4, 8, 5, 6, 5}, {10, 2, 5, 9, 6, 7, 7}, {11, 2, 6, 10, 7, 8, 9},
	{1, 3, 2, 4, 3, 6, 13}, {2, 3, 3, 5, 4, 7, 15}, {3, 3, 4, 6, 5, 8, 17}, {4, 3, 5, 7, 6, 9, 19},
	{5, 3, 6, 8, 7, 10, 21}, {6, 3, 7, 9, 8, 11, 1}, {7, 3, 8, 10, 9, 1, 3}, {8, 3, 9, 11, 10, 2, 5},
	{9, 3, 10, 1, 11, 3, 7}, {10, 3, 11, 2, 1, 4, 9}, {11, 3, 1, 3, 2, 5, 11},
}

// TestIndividualPublished checks the generated 8- and 12-player
// individuals line by line against the published tables, and that every
// player partners every other exactly once (the first of John Pain's four
// criteria, EBU newsletter "Unusual (but useful) Movements for Clubs").
func TestIndividualPublished(t *testing.T) {
	for _, c := range []struct {
		players, per int
		table        []seat
	}{{8, 3, published8}, {12, 2, published12}} {
		m, err := Individual(IndividualOptions{Players: c.players, BoardsPerRound: c.per})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Validate(); err != nil {
			t.Fatalf("%d players: %v", c.players, err)
		}
		if len(m.Rounds) != c.players-1 || m.Tables != c.players/4 || m.Boards != (c.players-1)*c.per {
			t.Fatalf("%d players: %d rounds, %d tables, %d boards", c.players, len(m.Rounds), m.Tables, m.Boards)
		}
		for _, want := range c.table {
			rd, _ := m.Round(want.round)
			tb, ok := rd.Table(want.table)
			if !ok {
				t.Fatalf("%d players: round %d has no table %d", c.players, want.round, want.table)
			}
			got := seat{want.round, want.table, tb.Players[0], tb.Players[2], tb.Players[1], tb.Players[3], tb.Boards[0]}
			if got != want || len(tb.Boards) != c.per {
				t.Errorf("%d players, round %d table %d: got %+v boards %v, published %+v", c.players, want.round, want.table, got, tb.Boards, want)
			}
			if tb.NS != Partnership(want.n, want.s) || tb.EW != Partnership(want.e, want.w) {
				t.Errorf("round %d table %d: partnerships %d, %d", want.round, want.table, tb.NS, tb.EW)
			}
		}
		partnered := map[int]int{}
		for _, rd := range m.Rounds {
			for _, tb := range rd.Tables {
				partnered[tb.NS]++
				partnered[tb.EW]++
			}
		}
		// C(8,2) = 28 and C(12,2) = 66 partnerships, each once.
		if len(partnered) != c.players*(c.players-1)/2 || m.Pairs != len(partnered) {
			t.Errorf("%d players: %d partnerships played, movement has %d", c.players, len(partnered), m.Pairs)
		}
		for p, n := range partnered {
			if n != 1 {
				t.Errorf("%d players: partnership %s plays %d rounds", c.players, partnershipLabel(p), n)
			}
		}
	}
}

// TestPartnership checks the partnership numbering both ways: 1–2 is 1,
// 1–3 2, 2–3 3, 1–4 4, …, 11–12 is (12−1)(12−2)/2 + 11 = 66.
func TestPartnership(t *testing.T) {
	if Partnership(1, 2) != 1 || Partnership(3, 2) != 3 || Partnership(1, 4) != 4 || Partnership(11, 12) != 66 || Partnership(5, 5) != 0 {
		t.Fatal("numbering")
	}
	for p := 1; p <= 378; p++ {
		a, b := Partners(p)
		if a >= b || Partnership(a, b) != p {
			t.Fatalf("partnership %d: players %d and %d", p, a, b)
		}
	}
}

// TestIndividualRefused checks the refusals: a number of players with no
// published movement, a player twice at one table (naming the round and
// the table), a player at two tables of a round.
func TestIndividualRefused(t *testing.T) {
	if _, err := Individual(IndividualOptions{Players: 10, BoardsPerRound: 2}); err == nil || !strings.Contains(err.Error(), "no published individual") {
		t.Fatalf("10 players: %v", err)
	}
	m, _ := Individual(IndividualOptions{Players: 8, BoardsPerRound: 2})
	tb := &m.Rounds[2].Tables[1]
	tb.Players[3] = tb.Players[0] // round 3, table 2: North sits West too
	m.SeatPartnerships()
	_, err := m.Validate()
	var se *scoring.Error
	if !errors.As(err, &se) || se.Field != "rounds[2].tables[1].players[3]" || !strings.Contains(se.Problem, "round 3, table 2: player 4 sits twice at the table (North and West)") {
		t.Fatalf("player twice at a table: %v", err)
	}
	m, _ = Individual(IndividualOptions{Players: 8, BoardsPerRound: 2})
	m.Rounds[0].Tables[1].Players[0] = 8 // round 1: player 8 North at table 1 and at table 2
	m.SeatPartnerships()
	if _, err := m.Validate(); err == nil || !strings.Contains(err.Error(), "round 1, table 2: player 8 is already at table 1") {
		t.Fatalf("player at two tables: %v", err)
	}
}

// TestIndividualRainbow checks the Rainbow of 5 and 7 tables (20 and 28
// players) against the rules its source prints (rec.games.bridge, kept at
// elsid.co.za/bridge/templates/prime_ind.html): the boards stay (table t
// plays set t), North 1..T moves up one table, East T+1..2T down one,
// South 2T+1..3T up two, West 3T+1..4T down two, round circuit; and by
// hand for 5 tables: round 1 table 1 seats North 1, East 6, South 11, West
// 16; round 2 table 1 North 5 (up from table 5), East 7 (down from table
// 2), South 14 (up two from table 4), West 18 (down two from table 3).
func TestIndividualRainbow(t *testing.T) {
	m, err := Individual(IndividualOptions{Players: 20, BoardsPerRound: 3})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Rounds[0].Tables[0].Players; !slices.Equal(got, []int{1, 6, 11, 16}) {
		t.Errorf("round 1 table 1: %v", got)
	}
	if got := m.Rounds[1].Tables[0].Players; !slices.Equal(got, []int{5, 7, 14, 18}) {
		t.Errorf("round 2 table 1: %v", got)
	}
	for _, tables := range []int{5, 7} {
		m, err := Individual(IndividualOptions{Players: 4 * tables, BoardsPerRound: 2})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Validate(); err != nil {
			t.Fatalf("%d tables: %v", tables, err)
		}
		if len(m.Rounds) != tables || m.Boards != 2*tables {
			t.Fatalf("%d tables: %d rounds, %d boards", tables, len(m.Rounds), m.Boards)
		}
		step := [4]int{1, -1, 2, -2} // North up one, East down one, South up two, West down two
		met := map[[2]int]int{}
		for ri := 1; ri < len(m.Rounds); ri++ {
			for _, tb := range m.Rounds[ri].Tables {
				if !slices.Equal(tb.Boards, setBoards(tb.Table, 2)) {
					t.Errorf("%d tables, round %d table %d: boards %v, the boards stay", tables, ri+1, tb.Table, tb.Boards)
				}
				for s, p := range tb.Players {
					before, seat, _ := m.Rounds[ri-1].SeatingPlayer(p)
					if seat != s || mod(before.Table-1+step[s], tables) != tb.Table-1 {
						t.Errorf("%d tables, round %d: player %d from table %d %s to table %d %s", tables, ri+1, p, before.Table, SeatName(seat), tb.Table, SeatName(s))
					}
				}
			}
		}
		for _, rd := range m.Rounds {
			for _, tb := range rd.Tables {
				for i, a := range tb.Players {
					for _, b := range tb.Players[i+1:] {
						met[[2]int{min(a, b), max(a, b)}]++
					}
				}
			}
		}
		for pp, n := range met {
			if n != 1 {
				t.Errorf("%d tables: players %d and %d sit at one table %d times; the Rainbow seats any two at most once", tables, pp[0], pp[1], n)
			}
		}
	}
}

// TestIndividualCards checks the 8-player individual's cards against the
// published table (published8): table 1's card in round 2 seats North 8,
// East 6, South 2, West 1; player 1's guide card sends them in round 1 to
// table 1 South partnering 8 against 5 and 7 (partnership 5-7), in round 7
// to table 2 North partnering 5, on boards 19–21.
func TestIndividualCards(t *testing.T) {
	m, _ := Individual(IndividualOptions{Players: 8, BoardsPerRound: 3})
	if got := m.TableCards()[0].Rounds[1].Players; !slices.Equal(got, []int{8, 6, 2, 1}) {
		t.Errorf("table 1, round 2: %v", got)
	}
	cards := m.GuideCards()
	if len(cards) != 8 || cards[0].Pair != 1 {
		t.Fatalf("%d guide cards, want one a player", len(cards))
	}
	r1, r7 := cards[0].Rounds[0], cards[0].Rounds[6]
	if r1.Table != 1 || SeatName(r1.Seat) != "South" || r1.Partner != 8 || r1.Opponent != Partnership(5, 7) || r1.Direction != scoring.NS {
		t.Errorf("player 1, round 1: %+v", r1)
	}
	if r7.Table != 2 || SeatName(r7.Seat) != "North" || r7.Partner != 5 || !slices.Equal(r7.Boards, []int{19, 20, 21}) {
		t.Errorf("player 1, round 7: %+v", r7)
	}
}
