package movement

import (
	"slices"
	"strconv"
)

// Match is one match of a teams round: two teams, or a team and a bye.
type Match struct {
	Home int // the team whose first pair sits NS in room 1
	Away int // its opponents, whose first pair sits NS in room 2; 0: Home has a bye
}

// TeamsOptions are the choices of a teams movement.
type TeamsOptions struct {
	Teams          int // teams in the event: 2 or more
	BoardsPerRound int // boards each match plays a round: 1 or more
}

// TeamsMovement builds a teams movement from a schedule, one list of matches
// per round (from RoundRobin, or round by round from SwissPairing). Team t
// has pairs 2t-1 and 2t. Match k of a round is played at tables 2k-1 (room
// 1: Home's first pair NS against Away's second pair EW) and 2k (room 2:
// Away's first pair NS against Home's second pair EW), both rooms playing the
// round's boards: every match of round r plays boards
// (r-1)·BoardsPerRound+1 to r·BoardsPerRound (duplicated boards). A team
// with a bye, or in no match, sits out.
func TeamsMovement(o TeamsOptions, schedule [][]Match) (Movement, error) {
	if o.Teams < 2 {
		return Movement{}, invalid("teams", o.Teams, "a teams event needs at least 2 teams")
	}
	if o.BoardsPerRound < 1 {
		return Movement{}, invalid("boards_per_round", o.BoardsPerRound, "a round has at least 1 board")
	}
	if len(schedule) == 0 {
		return Movement{}, invalid("schedule", 0, "a teams event needs at least 1 round")
	}
	m := Movement{Kind: KindTeams, Winners: 1, Pairs: 2 * o.Teams, Tables: 2 * (o.Teams / 2), Boards: len(schedule) * o.BoardsPerRound,
		Name: "Teams, " + strconv.Itoa(o.Teams) + " teams, " + strconv.Itoa(len(schedule)) + " rounds"}
	for t := 1; t <= o.Teams; t++ {
		m.Teams = append(m.Teams, Team{Number: t, Pairs: [2]int{2*t - 1, 2 * t}})
	}
	for ri, matches := range schedule {
		round := Round{Number: ri + 1}
		boards := boardRange(ri*o.BoardsPerRound+1, o.BoardsPerRound)
		seen := make([]bool, o.Teams+1)
		for mi, mt := range matches {
			f := index(index("schedule", ri), mi)
			for _, side := range [2]struct {
				name string
				team int
			}{{"home", mt.Home}, {"away", mt.Away}} {
				if side.team == 0 && side.name == "away" {
					continue
				}
				if side.team < 1 || side.team > o.Teams || seen[side.team] {
					return Movement{}, invalid(f+"."+side.name, side.team, "a team of 1 to "+strconv.Itoa(o.Teams)+" in no other match of the round")
				}
				seen[side.team] = true
			}
			if mt.Away == 0 {
				continue
			}
			k := len(round.Tables)/2 + 1
			h, a := 2*mt.Home-1, 2*mt.Away-1
			round.Tables = append(round.Tables,
				Table{Table: 2*k - 1, NS: h, EW: a + 1, Boards: boards, Match: k},
				Table{Table: 2 * k, NS: a, EW: h + 1, Boards: slices.Clone(boards), Match: k})
		}
		for t := 1; t <= o.Teams; t++ {
			if !seen[t] || slices.Contains(matches, Match{Home: t}) {
				round.SitOut = append(round.SitOut, 2*t-1, 2*t)
			}
		}
		if len(round.Tables) == 0 {
			return Movement{}, invalid(index("schedule", ri), 0, "a round has at least 1 match")
		}
		m.Rounds = append(m.Rounds, round)
	}
	return m, nil
}

// TeamsRoundRobin builds a teams movement in which every team meets every
// other once: TeamsMovement with RoundRobin's schedule.
func TeamsRoundRobin(o TeamsOptions) (Movement, error) {
	schedule, err := RoundRobin(o.Teams)
	if err != nil {
		return Movement{}, err
	}
	m, err := TeamsMovement(o, schedule)
	m.Name = "Teams round robin, " + strconv.Itoa(o.Teams) + " teams"
	return m, err
}

// RoundRobin returns a schedule in which every team meets every other once,
// by the circle method: with n teams (an odd number plays with a bye) team n
// stays put and teams 1..n-1 turn one place a round, n-1 rounds. In round r
// (0-based) team n meets team r+1 and team (r+k mod n-1)+1 meets team
// (r-k mod n-1)+1 for k = 1..n/2-1, the second at home when k is odd; team n
// is at home in even rounds. A team's home and away matches then differ by at
// most one. A bye is Match{Home: t}, after the round's matches.
func RoundRobin(teams int) ([][]Match, error) {
	if teams < 2 {
		return nil, invalid("teams", teams, "a round robin needs at least 2 teams")
	}
	n := teams + teams%2
	var schedule [][]Match
	for r := range n - 1 {
		var round []Match
		fixed := Match{Home: n, Away: r + 1}
		if r%2 == 1 {
			fixed = Match{Home: r + 1, Away: n}
		}
		round = append(round, fixed)
		for k := 1; k < n/2; k++ {
			a, b := mod(r+k, n-1)+1, mod(r-k, n-1)+1
			if k%2 == 1 {
				a, b = b, a
			}
			round = append(round, Match{Home: a, Away: b})
		}
		for i, mt := range round {
			switch {
			case mt.Away > teams:
				round[i] = Match{Home: mt.Home}
			case mt.Home > teams:
				round[i] = Match{Home: mt.Away}
			}
		}
		// Byes last, so the tables of a round are numbered by its real matches.
		slices.SortStableFunc(round, func(x, y Match) int { return boolInt(x.Away == 0) - boolInt(y.Away == 0) })
		schedule = append(schedule, round)
	}
	return schedule, nil
}

// SwissPairing pairs the next round of a Swiss teams event: team t (1-based)
// has scores[t-1]. Teams are ranked by score, highest first (a tie: the lower
// number first), and each in turn meets the highest-ranked team still free
// that it has not met and that leaves the rest pairable (pairing, in
// swiss_match.go), so the top of the table meets the top and no two teams
// meet twice. Only when
// no such pairing is left (more rounds than a round robin has) may teams
// meet again, those that have met once first, then twice, and so on. With
// an odd number of teams the lowest-ranked team among those with the fewest
// byes so far has the bye (a team never has a second bye while another has
// had none: the pairing may rather repeat a match). played lists the matches (and byes) of the rounds so
// far. Matches come in rank order, the higher-ranked team at home; a bye,
// Match{Home: t}, last.
func SwissPairing(scores []float64, played []Match) ([]Match, error) {
	n := len(scores)
	if n < 2 {
		return nil, invalid("scores", n, "a Swiss round needs at least 2 teams")
	}
	met, byes, err := SwissHistory(n, played)
	if err != nil {
		return nil, err
	}
	rank := SwissRank(scores)
	most := 0
	for _, row := range met {
		most = max(most, slices.Max(row))
	}
	for limit := 0; limit <= most; limit++ {
		if n%2 == 0 {
			if g := newPairing(n, met, limit, rank); g.perfect() {
				return g.pair(rank), nil
			}
			continue
		}
		// The bye: the lowest ranked of those with the fewest byes.
		fewest := slices.Min(byes[1:])
		for i := n - 1; i >= 0; i-- {
			t := rank[i]
			if byes[t] != fewest {
				continue
			}
			rest := slices.Delete(slices.Clone(rank), i, i+1)
			if g := newPairing(n, met, limit, rest); g.perfect() {
				return append(g.pair(rest), Match{Home: t}), nil
			}
		}
	}
	return nil, invalid("played", len(played), "no pairing of the "+strconv.Itoa(n)+" teams is left") // not reached: with limit = most every pair may meet
}

// SwissHistory reads the matches (and byes) of a Swiss event's rounds so
// far: met[a][b] counts the matches of teams a and b (1-based), byes[t] the
// byes of team t. A team or opponent out of 1..n is refused, naming it.
func SwissHistory(n int, played []Match) (met [][]int, byes []int, err error) {
	met = make([][]int, n+1)
	for i := range met {
		met[i] = make([]int, n+1)
	}
	byes = make([]int, n+1)
	for i, mt := range played {
		f := index("played", i)
		if mt.Home < 1 || mt.Home > n {
			return nil, nil, invalid(f+".home", mt.Home, "no such team: 1 to "+strconv.Itoa(n))
		}
		if mt.Away < 0 || mt.Away > n || mt.Away == mt.Home {
			return nil, nil, invalid(f+".away", mt.Away, "no such opponent: 0 (a bye) or another team of 1 to "+strconv.Itoa(n))
		}
		if mt.Away == 0 {
			byes[mt.Home]++
			continue
		}
		met[mt.Home][mt.Away]++
		met[mt.Away][mt.Home]++
	}
	return met, byes, nil
}

// SwissRank returns the teams (1-based) in the order SwissPairing ranks
// them: by score, highest first, a tie the lower number first.
func SwissRank(scores []float64) []int {
	rank := make([]int, len(scores))
	for i := range rank {
		rank[i] = i + 1
	}
	slices.SortStableFunc(rank, func(a, b int) int {
		switch {
		case scores[a-1] > scores[b-1]:
			return -1
		case scores[a-1] < scores[b-1]:
			return 1
		}
		return 0
	})
	return rank
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Matches returns round r's matches of a teams movement as TeamsMovement
// took them: each match's Home (room 1's NS team) and Away, in table
// order, then a Match{Home: t} for each team sitting out. A pairs
// movement (no teams, as SwissPairsMovement makes) has a match a table,
// Home its NS pair and Away its EW pair, then a Match{Home: p} for each
// pair sitting out. A round it does not have gives none.
func (m *Movement) Matches(r int) []Match {
	rd, ok := m.Round(r)
	if !ok {
		return nil
	}
	var out []Match
	if len(m.Teams) == 0 {
		for _, t := range rd.Tables {
			out = append(out, Match{Home: t.NS, Away: t.EW})
		}
		for _, p := range rd.SitOut {
			out = append(out, Match{Home: p})
		}
		return out
	}
	for _, t := range rd.Tables {
		if t.Table%2 == 1 {
			out = append(out, Match{Home: m.TeamOf(t.NS), Away: m.TeamOf(t.EW)})
		}
	}
	for _, tm := range m.Teams {
		if slices.Contains(rd.SitOut, tm.Pairs[0]) {
			out = append(out, Match{Home: tm.Number})
		}
	}
	return out
}
