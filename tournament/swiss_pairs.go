package tournament

import (
	"math"
	"slices"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// A Swiss pairs section is a Swiss (MovementSpec kind "swiss") given
// pairs in place of teams: the pairs are paired round by round from the
// standings as Swiss teams are (swiss.go: SwissPairing, the drafts, the
// checks against a rematch or a second bye, the release), each match a
// pair against a pair at one table, the higher-ranked pair NS. Every
// table of a round plays the same boards (movement.SwissPairsMovement),
// so each board is compared across the whole field by the event's method,
// as the congresses and online clubs run it:
//
//   - at IMPs (CROSS_IMP or BUTLER) each board's score against the field
//     is the pair's IMPs; a match's IMPs are the home (NS) pair's sum over
//     the match's boards, its opponents' the same negated, rounded to a
//     whole IMP (a half away from 0) and converted to VPs on the
//     section's scale (VPScale: WBF, ACBL 20 or 30, a table), the bye's
//     VPs ByeVPs. The EBU's Swiss pairs scorer (EBUScore Swiss Pairs)
//     scores the match in cross-IMPs or IMPs against a datum and "converts
//     the resultant total imp score to VPs" (EBU forum, "VP scales in
//     Swiss Pairs", where its author rounds a total below n.5 down to n),
//     and BBO's Swiss pairs are "scored in IMPs converted to VP" (the
//     SBU's Swiss pairs on BBO);
//   - at matchpoints (MP or MP_ACBL) each board is matchpointed across
//     the field and a match is each pair's percentage of it. With
//     vp_scale "percent-table" the percentage is converted to VPs on the
//     section's table of percentages, the bye's VPs ByeVPs, as the Oxford
//     Congress Swiss Pairs does ("each board is match-pointed across the
//     field, and each pair's percentage for the seven boards is converted
//     into VPs", scoring.PercentVPScale); without a scale the table ranks
//     the pairs by percentage over the boards they played (a bye leaves a
//     pair's percentage as it was).
//
// A Swiss pairs is refused at another method (AVERAGE, TOTAL, IMP_TEAMS).

// SwissPairs reports whether the spec is a Swiss pairs: kind "swiss"
// with pairs given (a Swiss teams gives teams).
func (s MovementSpec) SwissPairs() bool { return s.Kind == "swiss" && s.Pairs > 0 }

// swissEntrants returns how many entrants a Swiss movement pairs: its
// teams, or in a Swiss pairs (no teams) its pairs.
func swissEntrants(m *movement.Movement) int {
	if len(m.Teams) > 0 {
		return len(m.Teams)
	}
	return m.Pairs
}

// entrantWord names what a Swiss movement pairs: "team" or "pair".
func entrantWord(m *movement.Movement) string {
	if len(m.Teams) > 0 {
		return "team"
	}
	return "pair"
}

// SwissPairsVPs reports whether a Swiss pairs scored by method converts
// its matches' IMPs to VPs (the IMP methods); at matchpoints only a
// "percent-table" scale converts them (swissPairsInVPs).
func SwissPairsVPs(method Method) bool { return method == MethodCrossIMP || method == MethodButler }

// swissPairsInVPs reports whether a Swiss pairs of spec scored by method
// ranks by VPs: at IMPs, or at matchpoints on a scale of percentages.
func swissPairsInVPs(method Method, spec *MovementSpec) bool {
	return SwissPairsVPs(method) || (spec.VPScale == "percent-table" && (method == MethodMP || method == MethodMPACBL))
}

// HasIMPs reports whether the standings give each entrant's IMPs beside
// its VPs: IMP_TEAMS, or a Swiss pairs scored by IMPs.
func (s *Standings) HasIMPs() bool {
	return s.Method.Teams() || (s.Section.Spec.SwissPairs() && SwissPairsVPs(s.Method))
}

// InVPs reports whether the standings' totals are VPs: IMP_TEAMS, or a
// Swiss pairs at IMPs or on a scale of percentages.
func (s *Standings) InVPs() bool {
	return s.Method == MethodIMPTeams || (s.Section.Spec.SwissPairs() && swissPairsInVPs(s.Method, &s.Section.Spec))
}

// checkSwissPairsMethod refuses a Swiss pairs section in an event scored
// by a method it is not played at, and VP options where the matches are
// not converted to VPs.
func checkSwissPairsMethod(method Method, spec *MovementSpec) error {
	if !spec.SwissPairs() {
		return nil
	}
	switch method {
	case MethodCrossIMP, MethodButler:
		if spec.VPScale == "percent-table" {
			return Invalidf("movement.vp_scale", "\"percent-table\" converts matchpoint percentages; the event is scored "+string(method)+
				": its matches' IMPs go on an IMP scale", "wbf", "acbl-20", "acbl-30", "table")
		}
		return nil
	case MethodMP, MethodMPACBL:
		if spec.VPScale == "percent-table" {
			return nil
		}
		if spec.VPScale != "" || spec.VPTable != nil || spec.ByeVPs != nil {
			return Invalidf("movement.vp_scale", "a Swiss pairs scored by matchpoints ("+string(method)+
				") ranks the pairs by percentage, or converts each match's percentage to VPs on vp_scale \"percent-table\" (its vp_table in hundredths of a point above 50%); "+
				"IMP scales go with an event scored CROSS_IMP or BUTLER", "percent-table")
		}
		return nil
	}
	return Invalidf("movement.kind", "a Swiss pairs is scored across the field by matchpoints or IMPs; the event is scored "+string(method),
		string(MethodMP), string(MethodMPACBL), string(MethodCrossIMP), string(MethodButler))
}

// swissPairsStandings ranks a Swiss pairs section: at IMPs by VPs (each
// match's IMPs on the section's scale, a bye's VPs), at matchpoints by VPs
// on a scale of percentages ("percent-table") or else by percentage
// (pairStandings); with every match and bye round by round.
func swissPairsStandings(method Method, sec *Section, results []Result, stored []Pair) ([]Standing, []MatchScore) {
	m := &sec.Movement
	ts := teamScoringOf(method, &sec.Spec)
	vps := swissPairsInVPs(method, &sec.Spec)
	sb := compareSection(method, m, results)
	scale, isMP := method.mpScale()
	top := scale.Top(sb.full)
	// Each table's match: the sum of its NS pair's and EW pair's points
	// and the boards it has played.
	type key struct{ round, table int }
	type tally struct {
		ns, ew float64
		boards int
	}
	tallies := map[key]*tally{}
	for b, idx := range sb.boards {
		pts := sb.points[b]
		for k, i := range idx {
			r := &results[i]
			if r.Status == StatusNotPlayed {
				continue
			}
			t := tallies[key{r.Round, r.Table}]
			if t == nil {
				t = &tally{}
				tallies[key{r.Round, r.Table}] = t
			}
			t.ns += pts.Counted[0][k]
			t.ew += pts.Counted[1][k]
			t.boards++
		}
	}
	var matches []MatchScore
	vpSum := make([]float64, m.Pairs+1)
	imps := make([]float64, m.Pairs+1) // IMPs against the field (at matchpoints, matchpoints)
	played := make([]int, m.Pairs+1)
	for _, rd := range m.Rounds {
		for _, tb := range rd.Tables {
			ms := MatchScore{Round: rd.Number, Home: tb.NS, Away: tb.EW}
			if t := tallies[key{rd.Number, tb.Table}]; t != nil && t.boards > 0 {
				ms.Boards = t.boards
				switch {
				case isMP && top > 0:
					ms.HomeScore = scoring.Percentage(t.ns, float64(t.boards)*top)
					ms.AwayScore = scoring.Percentage(t.ew, float64(t.boards)*top)
					if vps { // the margin in hundredths of a point above 50% (scoring.PercentVPScale)
						v := ts.scale.VP(int(math.Round(100*(100*t.ns/(float64(t.boards)*top)-50))), t.boards)
						ms.HomeVPs, ms.AwayVPs = scoring.Round2(v), scoring.Round2(ts.scale.Max()-v)
					}
				case vps:
					ms.HomeScore, ms.AwayScore = scoring.Round2(t.ns), scoring.Round2(t.ew)
					v := ts.scale.VP(int(math.Round(t.ns)), t.boards)
					ms.HomeVPs, ms.AwayVPs = scoring.Round2(v), scoring.Round2(ts.scale.Max()-v)
				default:
					ms.HomeScore, ms.AwayScore = scoring.Round2(t.ns), scoring.Round2(t.ew)
				}
				vpSum[tb.NS] += ms.HomeVPs
				vpSum[tb.EW] += ms.AwayVPs
				imps[tb.NS] += t.ns
				imps[tb.EW] += t.ew
				played[tb.NS] += t.boards
				played[tb.EW] += t.boards
			}
			matches = append(matches, ms)
		}
		for _, p := range rd.SitOut {
			if sec.Spec.gone(p, rd.Number) {
				continue // withdrawn: no match, no bye
			}
			bye := MatchScore{Round: rd.Number, Home: p}
			if vps {
				bye.HomeVPs = ts.bye
				vpSum[p] += ts.bye
			}
			matches = append(matches, bye)
		}
	}
	if !vps { // ranked by matchpoints: penalties in matchpoints or percent of a top, as at pairs
		return pairStandingsBy(method, m, results, stored, sb, sec.Penalties), matches
	}
	players := map[string][]string{}
	for _, p := range stored {
		for _, pl := range p.Players {
			players[p.Number] = append(players[p.Number], pl.Name)
		}
	}
	out := make([]Standing, 0, m.Pairs)
	totals := make([]float64, 0, m.Pairs)
	for p := 1; p <= m.Pairs; p++ {
		n := strconv.Itoa(p)
		st := Standing{Number: n, Players: players[n], Total: scoring.Round2(vpSum[p]), Boards: played[p], IMPs: int(math.Round(imps[p]))}
		if isMP { // imps[p] holds matchpoints: the percentage beside the VPs
			st.IMPs = 0
			if played[p] > 0 && top > 0 {
				st.Percentage = scoring.Percentage(imps[p], float64(played[p])*top)
			}
		}
		out = append(out, st)
		totals = append(totals, st.Total)
	}
	for i, place := range scoring.Places(totals) {
		out[i].Place = place
	}
	slices.SortStableFunc(out, func(a, b Standing) int { return a.Place - b.Place })
	return applyTeamPenalties(sec.Penalties, out), matches // penalties in VPs off the total, as at teams
}
