package tournament

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Strata and handicaps (issue 25 §5). A section's Grading says which strata
// (flights) its pairs — at IMP_TEAMS its teams — are ranked in besides the
// overall ranking, and whether a handicap is added to each one's result
// before it is ranked. Each pair or team carries its stratum and handicap,
// entered by the director or taken from a table of player numbers
// (GradeFromPlayers); the standings rank by them (standings_strata.go).
//
// The rules followed, with their sources:
//
//   - Strata, as the ACBL's clubs run them: the top stratum is the whole
//     field; a pair belongs to the stratum its higher-ranked player's
//     masterpoints put it in ("each pair is assigned a stratum based on the
//     Masterpoints holding of the partner who has more Masterpoints",
//     bridgewebs.com/kendal/page15.html; an entry "marked B to indicate that
//     one person has 300 mps but not more than 1199",
//     ababridge.org/how-to-stratify-games); and a pair of a lower stratum
//     is ranked in every higher one too ("any pair in a lower strat has the
//     potential to win the greater awards of an upper strat", the same ABA
//     page; "a pair in C has 3 chances (A, B, C)",
//     bridgebase.com/help/v2help/acbl_stratification.html). A pair without
//     a stratum is ranked in the top one only, as BBO places a player whose
//     number it does not know in A.
//   - Handicaps, as the EBU's scoring programs run them: each player has a
//     handicap in percent (from the National Grading Scheme: an Ace −6, an
//     average player 0, the weakest +6), a pair's is the average of its
//     players' (ScoreBridge's handicap file and EBUScore's "50%" option:
//     ebu.co.uk/newsletters/?id=17&page=8, ebu.co.uk/ebuscore-wiki/handicaps),
//     and it is added to the pair's percentage before ranking. Points (for
//     IMP and total-points events, and teams' VPs) are added to the total
//     the same way.

// Grading is how a section ranks beyond its overall standings.
type Grading struct {
	Strata   []Stratum // the strata, the top (the whole field) first; nil: not stratified
	Handicap string    // HandicapPercent, HandicapPoints, or "": no handicap
}

// Stratum is one stratum (a flight) of a stratified section.
type Stratum struct {
	Name  string  // what it is called: "A", "B", "C", "Flight 2"
	Below float64 // the masterpoints its pairs' higher-ranked player holds fewer than; 0 for the top stratum (no limit)
}

// The handicap options of a section (Grading.Handicap).
const (
	HandicapPercent = "percent" // added to a pair's percentage (matchpoint methods)
	HandicapPoints  = "points"  // added to the total (matchpoints, IMPs, VPs)
)

// The bounds of grading (every size a request can name is bounded):
//
//   - MaxStrata 6: the ACBL's clubs run two or three strata; a congress
//     names a few flights.
//   - MaxStratumName 10 characters: "A", "Flight 2".
//   - MaxHandicapPercent 25: the EBU's scale gives a player at most 6
//     either way, a pair's sum 12; 25 is past any scheme.
//   - MaxHandicapPoints 100: a handicap in IMPs or VPs or matchpoints of a
//     few dozen is large.
//   - MaxMasterpoints 1,000,000: the ACBL's leaders hold under 100,000.
const (
	MaxStrata          = 6
	MaxStratumName     = 10
	MaxHandicapPercent = 25
	MaxHandicapPoints  = 100
	MaxMasterpoints    = 1_000_000
)

// Stratified reports whether the section ranks by strata.
func (g Grading) Stratified() bool { return len(g.Strata) > 0 }

// Handicapped reports whether the section adds handicaps.
func (g Grading) Handicapped() bool { return g.Handicap != "" }

// Names lists the strata's names, the top first.
func (g Grading) Names() []string {
	out := make([]string, len(g.Strata))
	for i, s := range g.Strata {
		out[i] = s.Name
	}
	return out
}

// index returns a stratum's position (0 the top), -1 when there is none of
// that name.
func (g *Grading) index(name string) int {
	return slices.IndexFunc(g.Strata, func(s Stratum) bool { return s.Name == name })
}

// check puts a grading in its usual form and refuses a bad one, naming the
// field under "grading.": strata named once each, the top without a limit
// and each next one's limit below the one above; a handicap option the
// method can take (a percentage needs a method that gives percentages).
func (g *Grading) check(method Method) error {
	if len(g.Strata) > MaxStrata {
		return tooMany("grading.strata", len(g.Strata), MaxStrata, "strata")
	}
	for i := range g.Strata {
		st := &g.Strata[i]
		f := "grading.strata[" + strconv.Itoa(i) + "]."
		st.Name = strings.TrimSpace(st.Name)
		switch {
		case st.Name == "":
			return Invalidf(f+"name", "required: a stratum's name, e.g. \"A\"")
		case len(st.Name) > MaxStratumName:
			return Invalidf(f+"name", strconv.Quote(st.Name)+": at most "+strconv.Itoa(MaxStratumName)+" characters")
		case g.index(st.Name) != i:
			return Invalidf(f+"name", strconv.Quote(st.Name)+" is given twice")
		case math.IsNaN(st.Below) || st.Below < 0 || st.Below > MaxMasterpoints:
			return Invalidf(f+"below", "masterpoints from 0 to "+strconv.Itoa(MaxMasterpoints))
		case i == 0 && st.Below != 0:
			return Invalidf(f+"below", "the top stratum is the whole field: it has no limit (leave below out)")
		case i > 0 && st.Below == 0:
			return Invalidf(f+"below", "required: the masterpoints stratum "+st.Name+"'s pairs hold fewer than")
		case i > 1 && st.Below >= g.Strata[i-1].Below:
			return Invalidf(f+"below", formatFloat(st.Below)+": each stratum's limit is below the one above ("+g.Strata[i-1].Name+": "+formatFloat(g.Strata[i-1].Below)+")")
		}
	}
	switch g.Handicap {
	case "", HandicapPoints:
	case HandicapPercent:
		if !method.HasPercentage() {
			return Invalidf("grading.handicap", "a handicap in percent is added to a percentage; this event is scored "+string(method)+", which gives none: use points", HandicapPoints)
		}
	default:
		return Invalidf("grading.handicap", strconv.Quote(g.Handicap)+": not a handicap option", HandicapPercent, HandicapPoints, "")
	}
	return nil
}

// formatFloat writes a number as short as it reads.
func formatFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// checkGrade refuses a pair's or team's stratum the section does not
// define, or a handicap out of bounds or in a section without handicaps,
// naming the field under prefix.
func (g *Grading) checkGrade(prefix, stratum string, handicap float64, section string) error {
	if stratum != "" && g.index(stratum) < 0 {
		if !g.Stratified() {
			return Invalidf(prefix+"stratum", strconv.Quote(stratum)+": section "+section+" is not stratified (set its strata first: PUT /v1/sections/{id}/grading)")
		}
		return Invalidf(prefix+"stratum", strconv.Quote(stratum)+": not a stratum of section "+section, g.Names()...)
	}
	if handicap == 0 {
		return nil
	}
	if !g.Handicapped() {
		return Invalidf(prefix+"handicap", formatFloat(handicap)+": section "+section+" is not a handicap event (set grading.handicap first: PUT /v1/sections/{id}/grading)")
	}
	limit := float64(MaxHandicapPoints)
	unit := " points"
	if g.Handicap == HandicapPercent {
		limit, unit = MaxHandicapPercent, "%"
	}
	if math.IsNaN(handicap) || handicap < -limit || handicap > limit {
		return Invalidf(prefix+"handicap", formatFloat(handicap)+": a handicap is from −"+formatFloat(limit)+" to +"+formatFloat(limit)+unit)
	}
	return nil
}

// PlayerGrade is one line of a director's table of player numbers: a
// player's masterpoints (a stratified section) and handicap (a handicap
// event), nil when the table does not give it.
type PlayerGrade struct {
	Number       string
	Masterpoints *float64
	Handicap     *float64
}

// Graded is what GradeFromPlayers did: the pairs (at IMP_TEAMS the teams)
// it graded, and those it left as they were, each with why.
type Graded struct {
	Section  Section
	Pairs    []Pair
	Teams    []Roster
	Ungraded []string // "pair 3 NS: player 1234 is not in the table"
}

// SetGrading sets a section's strata and handicap option (directors only).
// A pair or team already in a stratum the new strata do not have is
// refused (ErrConflict naming it): change its stratum first.
func (s *Service) SetGrading(ctx context.Context, a Actor, sectionID int64, g Grading) (Section, error) {
	if err := directorOnly(a, "set strata and handicaps"); err != nil {
		return Section{}, err
	}
	sec, e, err := s.sectionEvent(ctx, sectionID)
	if err != nil {
		return Section{}, err
	}
	if err := g.check(e.Scoring); err != nil {
		return Section{}, err
	}
	// Checked against the pairs (teams) and stored while the section is
	// held: a pair's stratum set by hand meanwhile is checked too.
	err = s.held(ctx, sec.ID, func(st Store) error {
		cur, err := st.Section(ctx, sec.ID)
		if err != nil {
			return err
		}
		sec = cur
		pairs, teams, err := s.gradedOf(ctx, st, &sec, &e)
		if err != nil {
			return err
		}
		for _, p := range pairs {
			if p.Stratum != "" && g.index(p.Stratum) < 0 {
				return &Error{Kind: ErrConflict, Field: "grading.strata", Message: pairName(p) + " is in stratum " + p.Stratum + ", which these strata do not have: change its stratum first"}
			}
		}
		for _, t := range teams {
			if t.Stratum != "" && g.index(t.Stratum) < 0 {
				return &Error{Kind: ErrConflict, Field: "grading.strata", Message: "team " + strconv.Itoa(t.Number) + " is in stratum " + t.Stratum + ", which these strata do not have: change its stratum first"}
			}
		}
		// A handicap kept from a percent event into a points one (or
		// back) would mean another thing: the handicaps go with the option.
		if sec.Grading.Handicap == g.Handicap {
			pairs, teams = nil, nil
		}
		for i := range pairs {
			pairs[i].Handicap = 0
		}
		for i := range teams {
			teams[i].Handicap = 0
		}
		sec.Grading = g
		return st.SetGrading(ctx, &sec, pairs, teams)
	})
	if err != nil {
		return Section{}, err
	}
	return sec, nil
}

// gradedOf reads a section's pairs, or at IMP_TEAMS its teams, through st.
func (s *Service) gradedOf(ctx context.Context, st Store, sec *Section, e *Event) ([]Pair, []Roster, error) {
	if e.Scoring == MethodIMPTeams {
		teams, err := st.Teams(ctx, sec.ID)
		return nil, teams, err
	}
	pairs, err := st.Pairs(ctx, sec.ID)
	return pairs, nil, err
}

// GradeFromPlayers sets the stratum and handicap of every pair (at
// IMP_TEAMS every team) of a section from a table of player numbers
// (directors only): the stratum from the masterpoints of its player who
// holds the most, the handicap the average of its players' (see the rules
// above). A pair is graded only when each of its players has a number the
// table gives the figure for; the others are left as they were and listed
// in Graded.Ungraded. The table is checked whole first: a number twice, or
// a figure out of bounds, is refused naming its line and stores nothing.
func (s *Service) GradeFromPlayers(ctx context.Context, a Actor, sectionID int64, table []PlayerGrade) (Graded, error) {
	if err := directorOnly(a, "grade pairs"); err != nil {
		return Graded{}, err
	}
	sec, e, err := s.sectionEvent(ctx, sectionID)
	if err != nil {
		return Graded{}, err
	}
	g := &sec.Grading
	if !g.Stratified() && !g.Handicapped() {
		return Graded{}, Invalidf("players", "section "+sec.Name+" has no strata and no handicap: set them first (PUT /v1/sections/{id}/grading)")
	}
	if len(table) == 0 {
		return Graded{}, Invalidf("players", "give at least one player's number")
	}
	if len(table) > 4*MaxPairs {
		return Graded{}, tooMany("players", len(table), 4*MaxPairs, "players")
	}
	byNumber := make(map[string]PlayerGrade, len(table))
	for i, pg := range table {
		f := "players[" + strconv.Itoa(i) + "]."
		pg.Number = strings.TrimSpace(pg.Number)
		if pg.Number == "" {
			return Graded{}, Invalidf(f+"number", "required: the player's membership number")
		}
		if _, dup := byNumber[pg.Number]; dup {
			return Graded{}, Invalidf(f+"number", pg.Number+" is given twice")
		}
		if g.Stratified() && pg.Masterpoints == nil {
			return Graded{}, Invalidf(f+"masterpoints", "required: section "+sec.Name+" is stratified")
		}
		if mp := pg.Masterpoints; mp != nil && (math.IsNaN(*mp) || *mp < 0 || *mp > MaxMasterpoints) {
			return Graded{}, Invalidf(f+"masterpoints", formatFloat(*mp)+": masterpoints are from 0 to "+strconv.Itoa(MaxMasterpoints))
		}
		if g.Handicapped() && pg.Handicap == nil {
			return Graded{}, Invalidf(f+"handicap", "required: section "+sec.Name+" is a handicap event")
		}
		if pg.Handicap != nil {
			if err := g.checkGrade(f, "", *pg.Handicap, sec.Name); err != nil {
				return Graded{}, err
			}
		}
		byNumber[pg.Number] = pg
	}
	out := Graded{Section: sec}
	err = s.held(ctx, sec.ID, func(st Store) error {
		cur, err := st.Section(ctx, sec.ID)
		if err != nil {
			return err
		}
		sec = cur
		pairs, teams, err := s.gradedOf(ctx, st, &sec, &e)
		if err != nil {
			return err
		}
		out.Pairs, out.Teams, out.Ungraded = nil, nil, nil
		for _, p := range pairs {
			if grade(g, &p.Stratum, &p.Handicap, p.Players, byNumber, pairName(p), &out.Ungraded) {
				out.Pairs = append(out.Pairs, p)
			}
		}
		for _, t := range teams {
			if grade(g, &t.Stratum, &t.Handicap, t.Players, byNumber, "team "+strconv.Itoa(t.Number), &out.Ungraded) {
				out.Teams = append(out.Teams, t)
			}
		}
		return st.SetGrading(ctx, &sec, out.Pairs, out.Teams)
	})
	if err != nil {
		return Graded{}, err
	}
	return out, nil
}

// grade sets one pair's (or team's) stratum and handicap from its players'
// lines of the table, and reports whether it could; why not is added to
// ungraded under name.
func grade(g *Grading, stratum *string, handicap *float64, players []Player, table map[string]PlayerGrade, name string, ungraded *[]string) bool {
	if len(players) == 0 {
		*ungraded = append(*ungraded, name+": no players entered")
		return false
	}
	most, sum := 0.0, 0.0
	for _, pl := range players {
		if pl.Number == "" {
			*ungraded = append(*ungraded, name+": "+pl.Name+" has no membership number")
			return false
		}
		pg, ok := table[pl.Number]
		if !ok {
			*ungraded = append(*ungraded, name+": player "+pl.Number+" ("+pl.Name+") is not in the table")
			return false
		}
		if pg.Masterpoints != nil {
			most = max(most, *pg.Masterpoints)
		}
		if pg.Handicap != nil {
			sum += *pg.Handicap
		}
	}
	if g.Stratified() {
		*stratum = g.stratumOf(most)
	}
	if g.Handicapped() {
		*handicap = math.Round(sum/float64(len(players))*100) / 100
	}
	return true
}

// stratumOf returns the lowest stratum whose limit masterpoints is under.
func (g *Grading) stratumOf(masterpoints float64) string {
	name := g.Strata[0].Name
	for _, st := range g.Strata[1:] {
		if masterpoints < st.Below {
			name = st.Name
		}
	}
	return name
}

// ParseGradeTable reads a table of player numbers as a director pastes it,
// one player a line, the number then the figures separated by spaces, tabs,
// commas or semicolons: "number masterpoints" in a stratified section,
// "number handicap" in a handicap event, "number masterpoints handicap" in
// one that is both. Blank lines and lines starting with # are skipped. A
// bad line is refused naming it (field "players", line n).
func ParseGradeTable(text string, g *Grading) ([]PlayerGrade, error) {
	want := 1
	if g.Stratified() && g.Handicapped() {
		want = 2
	}
	var out []PlayerGrade
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if len(out) >= 4*MaxPairs {
			return nil, tooMany("players", len(out)+1, 4*MaxPairs, "players")
		}
		fields := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' || r == ';' })
		where := "line " + strconv.Itoa(n+1) + " (" + strconv.Quote(line) + ")"
		if len(fields) != want+1 {
			what := "a number and the masterpoints"
			switch {
			case want == 2:
				what = "a number, the masterpoints and the handicap"
			case g.Handicapped():
				what = "a number and the handicap"
			}
			return nil, Invalidf("players", where+": give "+what)
		}
		pg := PlayerGrade{Number: fields[0]}
		nums := make([]float64, want)
		for k := range nums {
			v, err := strconv.ParseFloat(fields[k+1], 64)
			if err != nil {
				return nil, Invalidf("players", where+": "+strconv.Quote(fields[k+1])+" is not a number")
			}
			nums[k] = v
		}
		if g.Stratified() {
			pg.Masterpoints = &nums[0]
		}
		if g.Handicapped() {
			pg.Handicap = &nums[want-1]
		}
		out = append(out, pg)
	}
	return out, nil
}
