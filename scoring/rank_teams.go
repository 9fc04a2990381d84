package scoring

// TeamMatchResult is one team match for the standings: the two teams (indexes into the field),
// the IMPs each scored and the boards played.
type TeamMatchResult struct {
	Home, Away         int // the teams, 0-based
	HomeIMPs, AwayIMPs int // IMPs each won (TeamMatch), not yet netted
	Boards             int // boards in the match, for the VP scale
}

// TeamStanding is a team's place in a teams event.
type TeamStanding struct {
	IMPs  int     // net IMPs over its matches (won − lost)
	VPs   float64 // Victory Points over its matches (0 when scored by IMPs)
	Place int     // 1-based; ties share a place and the next is skipped
}

// TeamStandings totals a teams event of n teams: each team's net IMPs and, with a VP scale, its
// VPs (the margin of each match converted, the loser getting the scale's maximum − the winner's); places by VPs,
// or by net IMPs when scale is nil. carry holds VPs (or IMPs) brought in per team, or is nil.
func TeamStandings(n int, matches []TeamMatchResult, scale VPScale, carry []float64) []TeamStanding {
	out := make([]TeamStanding, n)
	for _, m := range matches {
		margin := m.HomeIMPs - m.AwayIMPs
		out[m.Home].IMPs += margin
		out[m.Away].IMPs -= margin
		if scale != nil {
			v := scale.VP(margin, m.Boards)
			out[m.Home].VPs += v
			out[m.Away].VPs += scale.Max() - v
		}
	}
	keys := make([]float64, n)
	for i := range out {
		if scale != nil {
			if i < len(carry) {
				out[i].VPs += carry[i]
			}
			out[i].VPs = Round2(out[i].VPs)
			keys[i] = out[i].VPs
		} else {
			if i < len(carry) {
				out[i].IMPs += int(carry[i])
			}
			keys[i] = float64(out[i].IMPs)
		}
	}
	for i, p := range Places(keys) {
		out[i].Place = p
	}
	return out
}
