package movement_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestValidateMitchell3ByHand checks the matrices of the 3-table Mitchell of
// 6 boards a round (Movement.Mitchell3Table, which the generator reproduces):
// every NS pair plays all 18 boards NS, so two NS pairs hold the same cards
// at different tables on all 18; NS 1 meets EW 4 on 6 boards and plays the
// other 12 at other tables while 4 holds the EW cards there: 12 opposite.
func TestValidateMitchell3ByHand(t *testing.T) {
	m, err := movement.Mitchell(movement.MitchellOptions{Tables: 3, BoardsPerRound: 6})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := m.Validate()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		mat  [][]int
		p, q int
		want int
	}{
		{"same", rep.Same, 1, 2, 18}, {"same", rep.Same, 4, 6, 18}, {"same", rep.Same, 1, 4, 0},
		{"opposite", rep.Opposite, 1, 4, 12}, {"opposite", rep.Opposite, 1, 2, 0},
		{"against", rep.Against, 1, 4, 6}, {"against", rep.Against, 2, 6, 6}, {"against", rep.Against, 1, 2, 0},
	} {
		if got := c.mat[c.p-1][c.q-1]; got != c.want {
			t.Errorf("%s[%d][%d] = %d, want %d", c.name, c.p, c.q, got, c.want)
		}
	}
	// Two winners: the 3 NS pairs of pairs and the 3 EW ones, all on 18.
	if want := (movement.Balance{Pairs: 6, Min: 18, Max: 18, Mean: 18}); rep.Balance != want {
		t.Errorf("balance = %+v, want %+v", rep.Balance, want)
	}
	if rep.Plays != 3 {
		t.Errorf("plays = %d, want 3 (one table a round, 3 rounds)", rep.Plays)
	}
}

// TestValidateHowell4ByHand checks the 4-pair Howell (Movement.Howell04T2B18)
// worked by hand. Per set of 3 boards, the two plays (NS, EW):
//
//	A (1-3):   R1 T1 (4, 1), R2 T2 (3, 2): same (4,3) (1,2); opposite (4,2) (1,3)
//	B (4-6):   R1 T2 (2, 3), R2 T1 (4, 1): same (2,4) (3,1); opposite (2,1) (3,4)
//	C (7-9):   R3 T1 (4, 2), R4 T2 (1, 3): same (4,1) (2,3); opposite (4,3) (2,1)
//	D (10-12): R3 T2 (3, 1), R4 T1 (4, 2): same (3,4) (1,2); opposite (3,2) (1,4)
//	E (13-15): R5 T1 (4, 3), R6 T2 (2, 1): same (4,2) (3,1); opposite (4,1) (3,2)
//	F (16-18): R5 T2 (1, 2), R6 T1 (4, 3): same (1,4) (2,3); opposite (1,3) (2,4)
//
// Every two pairs: same on two sets (6 boards), opposite on two (6), and
// they meet for two rounds (6).
func TestValidateHowell4ByHand(t *testing.T) {
	m, err := movement.Howell(movement.HowellOptions{Pairs: 4, BoardsPerRound: 3})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := m.Validate()
	if err != nil {
		t.Fatal(err)
	}
	for p := 1; p <= 4; p++ {
		for q := 1; q <= 4; q++ {
			want := 6
			if p == q {
				want = 0
			}
			if rep.Same[p-1][q-1] != want || rep.Opposite[p-1][q-1] != want || rep.Against[p-1][q-1] != want {
				t.Errorf("pairs %d, %d: same %d, opposite %d, against %d; want %d each", p, q,
					rep.Same[p-1][q-1], rep.Opposite[p-1][q-1], rep.Against[p-1][q-1], want)
			}
		}
	}
	if want := (movement.Balance{Pairs: 6, Min: 6, Max: 6, Mean: 6}); rep.Balance != want {
		t.Errorf("balance = %+v, want %+v", rep.Balance, want)
	}
}

// TestValidateErrors breaks a good movement one way at a time and checks the
// first problem is found and named by its field. The movement is the 4-pair
// Howell with one board a round:
//
//	R1: T1 4-1 [1], T2 2-3 [2]    R2: T1 4-1 [2], T2 3-2 [1]
//	R3: T1 4-2 [3], T2 3-1 [4]    R4: T1 4-2 [4], T2 1-3 [3]
//	R5: T1 4-3 [5], T2 1-2 [6]    R6: T1 4-3 [6], T2 2-1 [5]
func TestValidateErrors(t *testing.T) {
	base := func() movement.Movement {
		m, err := movement.Howell(movement.HowellOptions{Pairs: 4, BoardsPerRound: 1})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	cases := []struct {
		name  string
		spoil func(m *movement.Movement)
		want  string
	}{
		{"winners", func(m *movement.Movement) { m.Winners = 3 }, `winners "3": not a number of winners (allowed: 1, 2)`},
		{"pairs", func(m *movement.Movement) { m.Pairs = 1 }, `pairs "1": a movement needs at least 2 pairs`},
		{"tables", func(m *movement.Movement) { m.Tables = 0 }, `tables "0": a movement needs at least 1 table`},
		{"boards", func(m *movement.Movement) { m.Boards = 0 }, `boards "0": a movement needs at least 1 board`},
		{"phantom", func(m *movement.Movement) { m.Phantom = 9 }, `phantom "9": no such pair: 0 (none) or 1 to 4`},
		{"no rounds", func(m *movement.Movement) { m.Rounds = nil }, `rounds "0": a movement needs at least 1 round`},
		{"teams without teams", func(m *movement.Movement) { m.Kind = movement.KindTeams },
			`teams "0": a teams movement needs at least 2 teams`},
		{"team numbers", func(m *movement.Movement) {
			m.Teams = []movement.Team{{Number: 1, Pairs: [2]int{1, 2}}, {Number: 3, Pairs: [2]int{3, 4}}}
		}, `teams[1].number "3": teams are numbered 1, 2, … in order (allowed: 2)`},
		{"team pair twice", func(m *movement.Movement) {
			m.Teams = []movement.Team{{Number: 1, Pairs: [2]int{1, 2}}, {Number: 2, Pairs: [2]int{2, 4}}}
		}, `teams[1].pairs[0] "2": a pair of 1 to 4 in no other team`},
		{"round number", func(m *movement.Movement) { m.Rounds[1].Number = 5 },
			`rounds[1].number "5": rounds are numbered 1, 2, … in order (allowed: 2)`},
		{"table number", func(m *movement.Movement) { m.Rounds[0].Tables[1].Table = 3 },
			`rounds[0].tables[1].table "3": no such table: 1 to 2`},
		{"table twice", func(m *movement.Movement) { m.Rounds[0].Tables[1].Table = 1 },
			`rounds[0].tables[1].table "1": the table is listed twice in the round`},
		{"pair number", func(m *movement.Movement) { m.Rounds[0].Tables[0].NS = 9 },
			`rounds[0].tables[0].ns "9": no such pair: 1 to 4`},
		{"pair twice in a round", func(m *movement.Movement) { m.Rounds[0].Tables[1].EW = 4 },
			`rounds[0].tables[1].ew "4": the pair is already at table 1 this round; a pair plays each round at most once`},
		{"no boards", func(m *movement.Movement) { m.Rounds[0].Tables[0].Boards = nil },
			`rounds[0].tables[0].boards "0": a table in play plays at least 1 board`},
		{"board number", func(m *movement.Movement) { m.Rounds[0].Tables[0].Boards = []int{7} },
			`rounds[0].tables[0].boards[0] "7": no such board: 1 to 6`},
		{"board twice at a table", func(m *movement.Movement) { m.Rounds[0].Tables[0].Boards = []int{1, 1} },
			`rounds[0].tables[0].boards[1] "1": the board is listed twice at the table`},
		{"board played twice", func(m *movement.Movement) { m.Rounds[1].Tables[0].Boards = []int{1} },
			`rounds[1].tables[0].boards[0] "1": pair 4 has played this board already; no pair plays a board twice`},
		{"pair nowhere", func(m *movement.Movement) { m.Rounds[2].Tables = m.Rounds[2].Tables[:1] },
			`rounds[2] "1": pair 1 is neither at a table nor sitting out; every pair is in every round once`},
		{"at a table and sitting out", func(m *movement.Movement) { m.Rounds[0].SitOut = []int{2} },
			`rounds[0].sit_out[0] "2": the pair is already at table 2 this round; a pair plays each round at most once`},
		{"bye-stand board in play", func(m *movement.Movement) { m.Rounds[0].ByeStand = []int{3, 1} },
			`rounds[0].bye_stand[1] "1": the board is in play this round; the bye-stand holds boards nobody plays`},
		{"bye-stand board twice", func(m *movement.Movement) { m.Rounds[0].ByeStand = []int{3, 3} },
			`rounds[0].bye_stand[1] "3": the board is on the bye-stand twice`},
		{"board never played", func(m *movement.Movement) { m.Boards = 7 },
			`boards "7": board 7 is never played; boards run from 1 to 7 and each is played`},
		{"board played less often", func(m *movement.Movement) { m.Boards = 7; m.Rounds[0].Tables[0].Boards = []int{1, 7} },
			`boards "7": board 7 is played 1 times but board 1 2; every board is played the same number of times`},
		{"two winners", func(m *movement.Movement) { m.Winners = 2 },
			`winners "2": pair 3 changes direction in round 2; in a two-winner movement every pair plays one direction's cards throughout`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := base()
			c.spoil(&m)
			_, err := m.Validate()
			var se *scoring.Error
			if err == nil || !errors.As(err, &se) || err.Error() != c.want {
				t.Errorf("Validate = %v, want *scoring.Error %s", err, c.want)
			}
		})
	}
	m := base()
	if _, err := m.Validate(); err != nil {
		t.Errorf("the unbroken movement: %v", err)
	}
}

// TestValidateTeamsErrors breaks a teams round robin's matches. Round 1's
// first match is team 4 at home to team 1: table 1 NS 7 (team 4) against EW 2
// (team 1), table 2 NS 1 (team 1) against EW 8 (team 4).
func TestValidateTeamsErrors(t *testing.T) {
	base := func() movement.Movement {
		m, err := movement.TeamsRoundRobin(movement.TeamsOptions{Teams: 4, BoardsPerRound: 2})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	cases := []struct {
		name  string
		spoil func(m *movement.Movement)
		want  string
	}{
		{"no match", func(m *movement.Movement) { m.Rounds[0].Tables[0].Match = 0 },
			`rounds[0].tables[0].match "0": every table of a teams movement belongs to a match numbered from 1`},
		{"three rooms", func(m *movement.Movement) { m.Rounds[0].Tables[2].Match = 1 },
			`rounds[0].match "1": a match is played at 2 tables (its two rooms), not 3`},
		{"rooms' boards differ", func(m *movement.Movement) {
			m.Rounds[0].Tables[1].Boards = []int{1}
			m.Rounds[0].Tables[3].Boards = []int{1}
		}, `rounds[0].match "1": the two rooms of a match play the same boards`},
		{"a team twice in one direction", func(m *movement.Movement) {
			t := &m.Rounds[0].Tables[1]
			t.NS, t.EW = t.EW, t.NS
		}, `rounds[0].match "1": team 4 must have one pair NS and one EW, in opposite rooms`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := base()
			c.spoil(&m)
			if _, err := m.Validate(); err == nil || err.Error() != c.want {
				t.Errorf("Validate = %v, want %s", err, c.want)
			}
		})
	}
}

// TestValidateCustomUnequalPlays: a custom schedule may play boards
// unequally (a director's own schedule, or a session as a file records it);
// Plays is then the most times a board is played. The schedule, 4 pairs in
// one round:
//
//	T1 1-2 [1 2], T2 3-4 [1]: board 1 is played twice, board 2 once.
//
// Pairs 1 and 2 play 2 boards, 3 and 4 one; 1 and 3 hold the NS cards at
// different tables on board 1 only: Same[1][3] = 1. The same rounds in a
// Howell are refused, and a board of a custom movement nobody plays still is.
func TestValidateCustomUnequalPlays(t *testing.T) {
	schedule := []movement.Round{{Number: 1, Tables: []movement.Table{
		{Table: 1, NS: 1, EW: 2, Boards: []int{1, 2}},
		{Table: 2, NS: 3, EW: 4, Boards: []int{1}},
	}}}
	m, err := movement.Custom(schedule, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := m.Validate()
	if err != nil {
		t.Fatal(err)
	}
	if rep.Plays != 2 {
		t.Errorf("plays = %d, want 2 (board 1 at both tables)", rep.Plays)
	}
	if want := []int{2, 2, 1, 1}; !slices.Equal(rep.Played, want) {
		t.Errorf("played = %v, want %v", rep.Played, want)
	}
	if rep.Same[0][2] != 1 || rep.Same[1][3] != 1 || rep.Same[0][1] != 0 {
		t.Errorf("same[1][3] = %d, same[2][4] = %d, same[1][2] = %d; want 1, 1, 0", rep.Same[0][2], rep.Same[1][3], rep.Same[0][1])
	}

	howell := m
	howell.Kind = movement.KindHowell
	if _, err := howell.Validate(); err == nil || err.Error() != `boards "2": board 2 is played 1 times but board 1 2; every board is played the same number of times` {
		t.Errorf("the schedule as a Howell: %v, want board 2 played unequally", err)
	}
	m.Boards = 3
	if _, err := m.Validate(); err == nil || err.Error() != `boards "3": board 3 is never played; boards run from 1 to 3 and each is played` {
		t.Errorf("a custom board nobody plays: %v, want board 3 never played", err)
	}
}

// TestValidateBoardsFromAbove1 accepts a schedule whose boards start above
// 1 (a session of a longer event: the teams file plays boards 11 to 20)
// and, in a generated movement, still refuses a board skipped after the
// first one played.
func TestValidateBoardsFromAbove1(t *testing.T) {
	schedule := []movement.Round{{Number: 1, Tables: []movement.Table{
		{Table: 1, NS: 1, EW: 2, Boards: []int{3, 4}},
		{Table: 2, NS: 3, EW: 4, Boards: []int{3, 4}},
	}}}
	m, err := movement.Custom(schedule, 1, 0)
	if err != nil {
		t.Fatalf("boards 3 and 4 only: %v", err)
	}
	if rep, _ := m.Validate(); rep.Plays != 2 {
		t.Errorf("plays = %d, want 2", rep.Plays)
	}
	// A board between two played ones may go unplayed in a custom
	// schedule (the record of an online session that skipped it), not in
	// a generated movement.
	schedule[0].Tables[1].Boards = []int{3, 5}
	schedule[0].Tables[0].Boards = []int{3, 5}
	m, err = movement.Custom(schedule, 1, 0)
	if err != nil {
		t.Fatalf("custom boards 3 and 5: %v, want it accepted", err)
	}
	m.Kind = movement.KindHowell
	if _, err := m.Validate(); err == nil || !strings.Contains(err.Error(), `board 4 is never played; boards run from 3 to 5 and each is played`) {
		t.Errorf("boards 3 and 5 as a Howell: %v, want board 4 never played", err)
	}
}
