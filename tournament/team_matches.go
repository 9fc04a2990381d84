package tournament

import (
	"slices"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// MatchScore is one match of a teams section (or a Swiss pairs) as the
// standings count it, or a Swiss bye: the IMPs each side won on the boards both rooms have
// played and the VPs they make on the section's scale.
type MatchScore struct {
	Round              int
	Home, Away         int     // the teams' numbers; Away 0: Home has a bye
	HomeIMPs, AwayIMPs int     // IMPs each won (not netted); 0 for a bye
	HomeVPs, AwayVPs   float64 // VPs each scored, 2 decimals; a bye: HomeVPs is the bye's
	HomeScore          float64 // Swiss pairs (swiss_pairs.go): the home pair's IMPs against the field over the match, or its matchpoint percentage of it, 2 decimals
	AwayScore          float64 // Swiss pairs: the away pair's, as HomeScore
	Boards             int     // boards both rooms have played; 0: not begun (no VPs yet)
}

// Bye reports whether the match is a bye: Home sat out the round.
func (m MatchScore) Bye() bool { return m.Away == 0 }

// teamMatchScores lists a teams section's matches round by round, in table
// order, each round's byes (a Swiss's) last: what teamStandingsBy totals.
func teamMatchScores(m *movement.Movement, results []Result, ts teamScoring) []MatchScore {
	var out []MatchScore
	played := playedMatches(m, results)
	k := 0
	for _, mt := range teamMatches(m) {
		pm := played[k]
		k++
		ms := MatchScore{Round: mt.round, Home: pm.home, Away: pm.away, Boards: len(pm.rooms)}
		if pm.home < 1 || pm.away < 1 {
			continue
		}
		if ms.Boards > 0 {
			mbs := make([]scoring.MatchBoard, len(pm.rooms))
			for i, r := range pm.rooms {
				mbs[i] = scoring.MatchBoard{OpenNS: results[r[0]].NSScore, ClosedNS: results[r[1]].NSScore}
			}
			ms.HomeIMPs, ms.AwayIMPs = scoring.TeamMatch(mbs)
			v := ts.scale.VP(ms.HomeIMPs-ms.AwayIMPs, ms.Boards)
			ms.HomeVPs, ms.AwayVPs = scoring.Round2(v), scoring.Round2(ts.scale.Max()-v)
		}
		out = append(out, ms)
	}
	if ts.byes {
		for _, rd := range m.Rounds {
			for _, t := range m.Teams {
				if slices.Contains(rd.SitOut, t.Pairs[0]) {
					out = append(out, MatchScore{Round: rd.Number, Home: t.Number, HomeVPs: ts.bye})
				}
			}
		}
		slices.SortStableFunc(out, func(a, b MatchScore) int { return a.Round - b.Round })
	}
	return out
}
