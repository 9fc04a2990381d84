package movement_test

import (
	"fmt"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestRoundRobinByHand checks the circle method for 4 teams, worked by hand:
// team 4 stays; in round r (0-based) it meets team r+1, and team (r+1 mod 3)+1
// meets team (r-1 mod 3)+1, the second at home (k = 1 is odd). Team 4 is at
// home in even rounds.
func TestRoundRobinByHand(t *testing.T) {
	got, err := movement.RoundRobin(4)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]movement.Match{
		{{Home: 4, Away: 1}, {Home: 3, Away: 2}},
		{{Home: 2, Away: 4}, {Home: 1, Away: 3}},
		{{Home: 4, Away: 3}, {Home: 2, Away: 1}},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("RoundRobin(4) = %v, want %v", got, want)
	}
	// 3 teams: team 4 is the bye.
	got, err = movement.RoundRobin(3)
	if err != nil {
		t.Fatal(err)
	}
	want = [][]movement.Match{
		{{Home: 3, Away: 2}, {Home: 1}},
		{{Home: 1, Away: 3}, {Home: 2}},
		{{Home: 2, Away: 1}, {Home: 3}},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("RoundRobin(3) = %v, want %v", got, want)
	}
	if _, err := movement.RoundRobin(1); err == nil || err.Error() != `teams "1": a round robin needs at least 2 teams` {
		t.Errorf("RoundRobin(1) = %v", err)
	}
}

// TestTeamsRoundRobinProperties builds the round robin for 2 to 16 teams and
// checks, beyond Validate passing (both rooms of a match play the same
// boards, each team's pairs in opposite directions): every two teams meet
// exactly once; a team is in one match a round, or has the bye (an odd
// number: each team once); a team's home and away matches differ by at most
// one (an odd number of rounds cannot split evenly); every board is played at
// both tables of every match; each NS pair is compared with the NS pair of
// every other team, and each EW pair with each other EW pair, on exactly one
// round's boards (they meet once, in two rooms); and no pair plays its own
// team.
func TestTeamsRoundRobinProperties(t *testing.T) {
	for teams := 2; teams <= 16; teams++ {
		t.Run(fmt.Sprintf("%d teams", teams), func(t *testing.T) {
			o := movement.TeamsOptions{Teams: teams, BoardsPerRound: 3}
			m, err := movement.TeamsRoundRobin(o)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := m.Validate()
			if err != nil {
				t.Fatalf("Validate: %v", err)
			}
			checkEachRoundOnce(t, &m)
			field := teams + teams%2
			if len(m.Rounds) != field-1 {
				t.Errorf("%d rounds, want %d", len(m.Rounds), field-1)
			}
			if rep.Plays != 2*(teams/2) {
				t.Errorf("plays = %d, want 2 rooms × %d matches", rep.Plays, teams/2)
			}
			met := map[[2]int]int{}
			byes := map[int]int{}
			home := map[int]int{}
			for _, r := range m.Rounds {
				for _, tb := range r.Tables {
					a, b := m.TeamOf(tb.NS), m.TeamOf(tb.EW)
					if tb.Table%2 == 1 { // count a match once, at its first room: a is at home
						met[[2]int{min(a, b), max(a, b)}]++
						home[a]++
						home[b]--
					}
				}
				for _, p := range r.SitOut {
					if p%2 == 1 {
						byes[m.TeamOf(p)]++
					}
				}
			}
			if len(met) != teams*(teams-1)/2 {
				t.Errorf("%d pairs of teams meet, want %d", len(met), teams*(teams-1)/2)
			}
			for k, n := range met {
				if n != 1 {
					t.Errorf("teams %v meet %d times", k, n)
				}
			}
			if teams%2 == 1 && len(byes) != teams {
				t.Errorf("byes %v, want every team once", byes)
			}
			for team, d := range home {
				if d < -1 || d > 1 {
					t.Errorf("team %d: %d more home matches than away", team, d)
				}
			}
			for team, n := range byes {
				if n != 1 {
					t.Errorf("team %d has %d byes", team, n)
				}
			}
			if want := (movement.Balance{Pairs: teams * (teams - 1), Min: 3, Max: 3, Mean: 3}); rep.Balance != want {
				t.Errorf("balance = %+v, want %+v", rep.Balance, want)
			}
			for _, g := range m.GuideCards() {
				for _, row := range g.Rounds {
					if row.SitsOut {
						continue
					}
					if want := m.TeamOf(row.Opponent); want == g.Team {
						t.Errorf("pair %d plays its own team's pair %d", g.Pair, row.Opponent)
					}
				}
			}
		})
	}
}

// TestTeamsMovementByHand checks the seating of one match, team 2 at home to
// team 5 on boards 4-6 (round 2 of 3-board rounds): table 1 has team 2's
// first pair (3) NS against team 5's second (10); table 2 has team 5's first
// (9) NS against team 2's second (4). Team 1 and 3 play at tables 3 and 4;
// team 4 has a bye.
func TestTeamsMovementByHand(t *testing.T) {
	schedule := [][]movement.Match{
		{{Home: 1, Away: 2}, {Home: 3, Away: 4}, {Home: 5}},
		{{Home: 2, Away: 5}, {Home: 1, Away: 3}, {Home: 4}},
	}
	m, err := movement.TeamsMovement(movement.TeamsOptions{Teams: 5, BoardsPerRound: 3}, schedule)
	if err != nil {
		t.Fatal(err)
	}
	r := m.Rounds[1]
	got := fmt.Sprint(r.Tables, r.SitOut)
	want := "[{1 3 10 [4 5 6] false 1 []} {2 9 4 [4 5 6] false 1 []} {3 1 6 [4 5 6] false 2 []} {4 5 2 [4 5 6] false 2 []}] [7 8]" // the last [] is Players, an individual's only
	if got != want {
		t.Errorf("round 2 = %s, want %s", got, want)
	}
	if _, err := m.Validate(); err != nil {
		t.Error(err)
	}
}

// TestTeamsMovementErrors checks the refusals name the schedule's field.
func TestTeamsMovementErrors(t *testing.T) {
	o := movement.TeamsOptions{Teams: 4, BoardsPerRound: 2}
	cases := []struct {
		o        movement.TeamsOptions
		schedule [][]movement.Match
		want     string
	}{
		{movement.TeamsOptions{Teams: 1, BoardsPerRound: 2}, [][]movement.Match{{{Home: 1}}}, `teams "1": a teams event needs at least 2 teams`},
		{movement.TeamsOptions{Teams: 4}, [][]movement.Match{{{Home: 1, Away: 2}}}, `boards_per_round "0": a round has at least 1 board`},
		{o, nil, `schedule "0": a teams event needs at least 1 round`},
		{o, [][]movement.Match{{{Home: 1, Away: 2}, {Home: 2, Away: 3}}},
			`schedule[0][1].home "2": a team of 1 to 4 in no other match of the round`},
		{o, [][]movement.Match{{{Home: 1, Away: 5}}}, `schedule[0][0].away "5": a team of 1 to 4 in no other match of the round`},
		{o, [][]movement.Match{{{Home: 1}}}, `schedule[0] "0": a round has at least 1 match`},
	}
	for _, c := range cases {
		if _, err := movement.TeamsMovement(c.o, c.schedule); err == nil || err.Error() != c.want {
			t.Errorf("TeamsMovement(%v) = %v, want %s", c.schedule, err, c.want)
		}
	}
}

// TestSwissPairing checks pairings worked by hand.
func TestSwissPairing(t *testing.T) {
	cases := []struct {
		name   string
		scores []float64
		played []movement.Match
		want   string
	}{
		// Ranked 4, 2, 3, 1: first against second, third against fourth.
		{"by score", []float64{10, 30, 20, 40}, nil, "[{4 2} {3 1}]"},
		// 4 has met 2: it takes the next, 3; then 2 against 1.
		{"no rematch", []float64{10, 30, 20, 40}, []movement.Match{{Home: 4, Away: 2}}, "[{4 3} {2 1}]"},
		// Ranked 1, 2, 3, 4 and 3 has met 4: 1-2 would leave 3-4, a rematch,
		// so the search backs up to 1-3 and 2-4.
		{"backtrack", []float64{40, 30, 20, 10}, []movement.Match{{Home: 3, Away: 4}}, "[{1 3} {2 4}]"},
		// Equal scores: the lower number ranks first.
		{"ties", []float64{5, 5, 5, 5}, nil, "[{1 2} {3 4}]"},
		// Five teams: the lowest ranked, 5, has the bye.
		{"bye", []float64{5, 4, 3, 2, 1}, nil, "[{1 2} {3 4} {5 0}]"},
		// 5 has had a bye: the next lowest without one, 4, has it.
		{"second bye", []float64{5, 4, 3, 2, 1}, []movement.Match{{Home: 5}}, "[{1 2} {3 5} {4 0}]"},
		// 4 teams after a complete round robin, ranked 4, 3, 2, 1: every pair
		// has met once, so a rematch is unavoidable and the top meets the top.
		{"unavoidable rematch", []float64{1, 2, 3, 4}, []movement.Match{{Home: 1, Away: 2}, {Home: 3, Away: 4}, {Home: 1, Away: 3},
			{Home: 2, Away: 4}, {Home: 1, Away: 4}, {Home: 2, Away: 3}}, "[{4 3} {2 1}]"},
	}
	for _, c := range cases {
		got, err := movement.SwissPairing(c.scores, c.played)
		if err != nil || fmt.Sprint(got) != c.want {
			t.Errorf("%s: SwissPairing = %v, %v; want %s", c.name, got, err, c.want)
		}
	}
}

// TestSwissPairingErrors checks the refusals: too few teams and a bad match
// in the history.
func TestSwissPairingErrors(t *testing.T) {
	cases := []struct {
		scores []float64
		played []movement.Match
		want   string
	}{
		{[]float64{1}, nil, `scores "1": a Swiss round needs at least 2 teams`},
		{[]float64{1, 2}, []movement.Match{{Home: 3, Away: 1}}, `played[0].home "3": no such team: 1 to 2`},
		{[]float64{1, 2}, []movement.Match{{Home: 1, Away: 1}}, `played[0].away "1": no such opponent: 0 (a bye) or another team of 1 to 2`},
	}
	for _, c := range cases {
		if got, err := movement.SwissPairing(c.scores, c.played); err == nil || err.Error() != c.want {
			t.Errorf("SwissPairing(%v, %v) = %v, %v; want %s", c.scores, c.played, got, err, c.want)
		}
	}
}

// TestSwissEvent plays a Swiss event of 11 teams over 7 rounds, each match
// won by the team whose number plus the round is larger (a fixed rule, so
// every run plays the same event), and checks no two teams meet twice, no
// team has two byes, and the rounds make a movement that validates.
func TestSwissEvent(t *testing.T) {
	const teams, rounds = 11, 7
	scores := make([]float64, teams)
	var played []movement.Match
	var schedule [][]movement.Match
	for r := 1; r <= rounds; r++ {
		matches, err := movement.SwissPairing(scores, played)
		if err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
		for _, mt := range matches {
			if mt.Away == 0 {
				scores[mt.Home-1] += 12 // a bye scores 12 VP
				continue
			}
			home, away := mt.Home*7+r*3, mt.Away*7+r*3%5
			if home >= away {
				scores[mt.Home-1] += 15
				scores[mt.Away-1] += 5
			} else {
				scores[mt.Home-1] += 5
				scores[mt.Away-1] += 15
			}
		}
		played = append(played, matches...)
		schedule = append(schedule, matches)
	}
	met := map[[2]int]bool{}
	byes := map[int]bool{}
	for _, mt := range played {
		if mt.Away == 0 {
			if byes[mt.Home] {
				t.Errorf("team %d has two byes", mt.Home)
			}
			byes[mt.Home] = true
			continue
		}
		k := [2]int{min(mt.Home, mt.Away), max(mt.Home, mt.Away)}
		if met[k] {
			t.Errorf("teams %v meet twice", k)
		}
		met[k] = true
	}
	m, err := movement.TeamsMovement(movement.TeamsOptions{Teams: teams, BoardsPerRound: 8}, schedule)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Validate(); err != nil {
		t.Error(err)
	}
	checkEachRoundOnce(t, &m)
}
