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

// gradeStandings is the grading step of a section's standings: each
// standing graded by gradePlaces with the grade its stored pair (team)
// carries, then sorted by field and place again.
func gradeStandings(method Method, g *Grading, st []Standing, gr standingGrades) []Standing {
	if !g.Stratified() && !g.Handicapped() {
		return st
	}
	rows := make([]gradeRow, len(st))
	for i := range st {
		s := &st[i]
		rows[i] = gradeRow{total: s.Total, percentage: s.Percentage, place: &s.Place, field: gr.field(s),
			grade: gr.by[[2]string{s.Number, s.Direction}], out: &s.Grade}
	}
	gradePlaces(method, g, rows)
	slices.SortStableFunc(st, byDirectionPlace)
	return st
}

// gradeRow is one pair or team as gradePlaces grades it: its result and
// place before grading, its field, its grade, and where the grading goes.
type gradeRow struct {
	total, percentage float64
	place             *int // the scratch place; set to the graded one
	field             int
	grade             standingGrade
	out               *Grade
}

// gradePlaces is the grading step, one for a section's standings and the
// overall ranking: in a handicap event each row's Net is its percentage (a
// handicap in percent) or total (in points) plus its handicap, its place
// ranks on Net and Scratch keeps the place without it; in a stratified one
// each row's Strata lists its place in its own stratum and in every one
// above it, each ranked among the rows of that stratum and below (the top
// stratum is the whole field). Places are per field, as the scratch ones.
// A handicap in percent where the method gives no percentage (the event's
// method changed after the grading was set) is added to nothing: the
// places stay the scratch ones.
func gradePlaces(method Method, g *Grading, rows []gradeRow) {
	if !g.Stratified() && !g.Handicapped() {
		return
	}
	n := len(rows)
	ranked := make([]float64, n)
	fields := make([]int, n)
	for i := range rows {
		r := &rows[i]
		fields[i] = r.field
		ranked[i] = r.total
		if !g.Handicapped() {
			continue
		}
		r.out.Handicap, r.out.Scratch = r.grade.handicap, *r.place
		switch {
		case g.Handicap == HandicapPoints:
			r.out.Net = scoring.Round2(r.total + r.grade.handicap)
			ranked[i] = r.out.Net
		case method.HasPercentage():
			r.out.Net = scoring.Round2(r.percentage + r.grade.handicap)
			ranked[i] = r.out.Net
		}
	}
	if g.Handicapped() {
		for i, p := range scoring.PlacesPerField(ranked, fields) {
			*rows[i].place = p
		}
	}
	if g.Stratified() {
		level := make([]int, n) // the stratum's index, 0 the top
		for i := range rows {
			level[i] = max(g.index(rows[i].grade.stratum), 0)
			rows[i].out.Stratum = g.Strata[level[i]].Name
			rows[i].out.Strata = make([]StratumPlace, 0, level[i]+1)
		}
		for j, stratum := range g.Strata {
			var members []int
			for i := range rows {
				if level[i] >= j {
					members = append(members, i)
				}
			}
			sub, subFields := make([]float64, len(members)), make([]int, len(members))
			for k, i := range members {
				sub[k], subFields[k] = ranked[i], fields[i]
			}
			for k, p := range scoring.PlacesPerField(sub, subFields) {
				o := rows[members[k]].out
				o.Strata = append(o.Strata, StratumPlace{Stratum: stratum.Name, Place: p})
			}
		}
	}
}
