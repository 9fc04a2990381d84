package tournament

import (
	"slices"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// MatchScore is one match of a teams section (or a Swiss pairs) as the
// standings count it, or a Swiss bye: the IMPs each side won on the boards
// both rooms have played and the points they make under the event's method
// — VPs on the section's scale (IMP_TEAMS, a Swiss pairs converted to VPs),
// board points (BAM_TEAMS: 1 a board won, ½ a tie), Patton points
// (PATTON_TEAMS: board points and the aggregate's), net total points
// (AGGREGATE_TEAMS) — the figures the team's standing adds.
type MatchScore struct {
	Round              int
	Home, Away         int     // the teams' numbers; Away 0: Home has a bye
	HomeIMPs, AwayIMPs int     // IMPs each won (not netted); 0 for a bye
	HomeVPs, AwayVPs   float64 // the points each scored under the method (VPs at IMP_TEAMS), 2 decimals; a bye: HomeVPs is the bye's
	HomeScore          float64 // Swiss pairs (swiss_pairs.go): the home pair's IMPs against the field over the match, or its matchpoint percentage of it, 2 decimals
	AwayScore          float64 // Swiss pairs: the away pair's, as HomeScore
	Boards             int     // boards both rooms have played; 0: not begun (no points yet)
}

// Bye reports whether the match is a bye: Home sat out the round.
func (m MatchScore) Bye() bool { return m.Away == 0 }

// teamMatchScores lists a teams section's matches round by round, in table
// order, each round's byes (a Swiss's) last: what teamStandingsBy totals.
func teamMatchScores(m *movement.Movement, results []Result, ts teamScoring) []MatchScore {
	var out []MatchScore
	played := playedMatches(m, results)
	var tallies []matchTally
	if ts.method == "" || ts.method == MethodIMPTeams {
		tallies = teamTallies(m, results, ts.session, ts.penalties)
	}
	k := 0
	for _, mt := range teamMatches(m) {
		pm := played[k]
		k++
		ms := MatchScore{Round: mt.round, Home: pm.home, Away: pm.away, Boards: len(pm.rooms)}
		if pm.home < 1 || pm.away < 1 {
			continue
		}
		if tallies != nil {
			t := &tallies[k-1]
			ms.Boards, ms.HomeIMPs, ms.AwayIMPs = t.boards, t.homeWon, t.awayWon
			if t.boards > 0 {
				h, w := t.vps(ts.scale)
				ms.HomeVPs, ms.AwayVPs = scoring.Round2(h), scoring.Round2(w)
			}
		} else if ms.Boards > 0 {
			// Each team's points are of its own boards (ownBoards: a split
			// assigned score gives each side its own, Law 12C1(b)).
			hbs := make([]scoring.MatchBoard, len(pm.rooms))
			abs := make([]scoring.MatchBoard, len(pm.rooms))
			for i, r := range pm.rooms {
				hbs[i], abs[i] = ownBoards(results, r)
			}
			var hw, aw int
			ms.HomeIMPs, hw = scoring.TeamMatch(hbs)
			aw, ms.AwayIMPs = scoring.TeamMatch(abs)
			ms.HomeVPs, _ = ts.points(hbs, ms.HomeIMPs-hw)
			_, ms.AwayVPs = ts.points(abs, aw-ms.AwayIMPs)
		}
		out = append(out, ms)
	}
	if ts.byes {
		for _, rd := range m.Rounds {
			for _, t := range m.Teams {
				if slices.Contains(rd.SitOut, t.Pairs[0]) && ts.hasBye(t.Number, rd.Number) {
					out = append(out, MatchScore{Round: rd.Number, Home: t.Number, HomeVPs: ts.byePoints(&rd)})
				}
			}
		}
		slices.SortStableFunc(out, func(a, b MatchScore) int { return a.Round - b.Round })
	}
	return out
}

// points returns what a match's boards give each side under ts's method,
// 2 decimals: the IMP margin on the VP scale (IMP_TEAMS), board points
// (scoring.BoardAMatch), Patton points (scoring.Patton), net total points
// (scoring.Aggregate).
func (ts teamScoring) points(mbs []scoring.MatchBoard, margin int) (home, away float64) {
	switch ts.method {
	case MethodBAMTeams:
		return scoring.BoardAMatch(mbs)
	case MethodPattonTeams:
		return scoring.Patton(mbs)
	case MethodAggregateTeams:
		net := float64(scoring.Aggregate(mbs))
		return net, 0 - net
	}
	v := ts.scale.VP(margin, len(mbs))
	return scoring.Round2(v), scoring.Round2(ts.scale.Max() - v)
}

// byePoints is what a Swiss team sitting out round rd scores: at IMP_TEAMS
// the section's bye VPs (12 of 20 unless set); by board-a-match and Patton
// the same 60% of what a match of the round's boards is worth (boards × 1,
// boards × 4), 2 decimals; by aggregate 0 (no total points were won or
// lost).
func (ts teamScoring) byePoints(rd *movement.Round) float64 {
	boards := 0
	for _, t := range rd.Tables {
		boards = max(boards, len(t.Boards))
	}
	switch ts.method {
	case MethodBAMTeams:
		return scoring.Round2(0.6 * float64(boards))
	case MethodPattonTeams:
		return scoring.Round2(0.6 * 4 * float64(boards))
	case MethodAggregateTeams:
		return 0
	}
	return ts.bye
}

// ByeWords says what a Swiss team with a bye scores under the method
// (teamScoring.byePoints), for the director's pages and messages.
func (m Method) ByeWords() string {
	switch m {
	case MethodBAMTeams:
		return "60% of the round's boards in board points (1.2 of 2 boards)"
	case MethodPattonTeams:
		return "60% of the points a match of the round's boards is worth (4.8 of 8 for 2 boards)"
	case MethodAggregateTeams:
		return "no total points (0)"
	}
	return "the section's bye VPs (60% of the scale's maximum unless set)"
}

// MatchPoints names what a teams method's matches score, as the standings
// add them: "VPs" (IMP_TEAMS), "board points" (BAM_TEAMS), "Patton points",
// "total points" (AGGREGATE_TEAMS); "" for a pairs method.
func (m Method) MatchPoints() string {
	switch m {
	case MethodIMPTeams:
		return "VPs"
	case MethodBAMTeams:
		return "board points"
	case MethodPattonTeams:
		return "Patton points"
	case MethodAggregateTeams:
		return "total points"
	}
	return ""
}
