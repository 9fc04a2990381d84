package tournament

import (
	"slices"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// The standings' grading step (issue 25 §5): after a section's pairs or
// teams are totalled and placed, a handicap event adds each one's handicap
// and places them again on that, and a stratified section places them
// again within each stratum. The rules and their sources are in grading.go.

// standingGrade is what the grading step knows of one pair or team.
type standingGrade struct {
	stratum  string
	handicap float64
}

// standingGrades are a section's pairs' (or teams') grades by the number
// and direction their standings carry, and the field each is ranked in.
type standingGrades struct {
	by    map[[2]string]standingGrade
	field func(st *Standing) int
}

// gradesOf collects the grades of a section's stored pairs (at IMP_TEAMS
// its teams, numbered as their standings are) and how the movement splits
// them into fields (a two-winner movement ranks NS and EW apart).
func gradesOf(m *movement.Movement, pairs []Pair, teams []Roster) standingGrades {
	g := standingGrades{by: make(map[[2]string]standingGrade, len(pairs)+len(teams))}
	for _, p := range pairs {
		g.by[[2]string{p.Number, p.Direction}] = standingGrade{stratum: p.Stratum, handicap: p.Handicap}
	}
	for _, t := range teams {
		g.by[[2]string{strconv.Itoa(t.Number), ""}] = standingGrade{stratum: t.Stratum, handicap: t.Handicap}
	}
	g.field = func(st *Standing) int {
		if mp, ok := m.PairOf(st.Number, st.Direction); ok && len(teams) == 0 {
			return m.Field(mp)
		}
		return 0
	}
	return g
}

// gradeStandings is the grading step: in a handicap event each standing's
// Net is its percentage (a handicap in percent) or total (in points) plus
// its handicap, Place ranks on Net and Scratch keeps the place without it;
// in a stratified section each standing's Strata lists its place in its own
// stratum and in every one above it, each ranked among the pairs of that
// stratum and below (the top stratum is the whole field). Places are per
// field, as the overall ones. A section with neither is returned as it is.
// A handicap in percent where the method gives no percentage (the event's
// method changed after the grading was set) is added to nothing: the
// places stay the scratch ones.
func gradeStandings(method Method, g *Grading, st []Standing, gr standingGrades) []Standing {
	if !g.Stratified() && !g.Handicapped() {
		return st
	}
	n := len(st)
	ranked := make([]float64, n)
	fields := make([]int, n)
	for i := range st {
		s := &st[i]
		gd := gr.by[[2]string{s.Number, s.Direction}]
		fields[i] = gr.field(s)
		ranked[i] = s.Total
		if !g.Handicapped() {
			continue
		}
		s.Handicap, s.Scratch = gd.handicap, s.Place
		switch {
		case g.Handicap == HandicapPoints:
			s.Net = scoring.Round2(s.Total + gd.handicap)
			ranked[i] = s.Net
		case method.HasPercentage():
			s.Net = scoring.Round2(s.Percentage + gd.handicap)
			ranked[i] = s.Net
		}
	}
	if g.Handicapped() {
		for i, p := range scoring.PlacesPerField(ranked, fields) {
			st[i].Place = p
		}
	}
	if g.Stratified() {
		level := make([]int, n) // the stratum's index, 0 the top
		for i := range st {
			s := &st[i]
			s.Stratum = gr.by[[2]string{s.Number, s.Direction}].stratum
			level[i] = max(g.index(s.Stratum), 0)
			s.Stratum = g.Strata[level[i]].Name
			s.Strata = make([]StratumPlace, 0, level[i]+1)
		}
		for j, stratum := range g.Strata {
			var members []int
			for i := range st {
				if level[i] >= j {
					members = append(members, i)
				}
			}
			sub, subFields := make([]float64, len(members)), make([]int, len(members))
			for k, i := range members {
				sub[k], subFields[k] = ranked[i], fields[i]
			}
			for k, p := range scoring.PlacesPerField(sub, subFields) {
				st[members[k]].Strata = append(st[members[k]].Strata, StratumPlace{Stratum: stratum.Name, Place: p})
			}
		}
	}
	slices.SortStableFunc(st, byDirectionPlace)
	return st
}
