package tournament

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// The ways an event's sections of one session are scored (OverallOptions.Field).
const (
	FieldSection = "section" // each section's boards compared within it (the default)
	FieldAcross  = "field"   // each board compared over every section of the session that played it
)

// The ways an event's sessions make its overall ranking (OverallOptions.Method).
const (
	OverallSum       = "sum"       // every session counts whole: the plain sum of the sessions' points (the default)
	OverallCarryOver = "carryover" // a percentage (CarryOver) of every earlier session's points is carried into the last
)

// How a pair in one session is known to be the same partnership as a pair
// in another (OverallOptions.SamePair).
const (
	SamePlayers = "players" // the same two players: their membership numbers, or their names where a number is missing (the default)
	SameNumber  = "number"  // the same section name, pair number and direction
)

// OverallOptions is how an event's sections and sessions are ranked
// together: a director's choice, stored with the event.
type OverallOptions struct {
	Field     string // FieldSection or FieldAcross; "": FieldSection
	Method    string // OverallSum or OverallCarryOver; "": OverallSum
	CarryOver int    // OverallCarryOver: the percentage (1–99) of each earlier session's points carried into the overall ranking
	SamePair  string // SamePlayers or SameNumber; "": SamePlayers
}

// Defaults returns o with each option not given at its default.
func (o OverallOptions) Defaults() OverallOptions {
	if o.Field == "" {
		o.Field = FieldSection
	}
	if o.Method == "" {
		o.Method = OverallSum
	}
	if o.SamePair == "" {
		o.SamePair = SamePlayers
	}
	return o
}

// checkOverall checks a director's overall options for an event scored by
// method, each error naming its field under "overall.", and returns them
// with the defaults filled in.
func checkOverall(o OverallOptions, method Method) (OverallOptions, error) {
	o = o.Defaults()
	switch o.Field {
	case FieldSection:
	case FieldAcross:
		if method == MethodIMPTeams {
			return o, Invalidf("overall.field", "an IMP_TEAMS event's boards are compared within each match, never across the field", FieldSection)
		}
	default:
		return o, Invalidf("overall.field", strconv.Quote(o.Field)+" is not a way to score sections", FieldSection, FieldAcross)
	}
	switch o.Method {
	case OverallSum:
		if o.CarryOver != 0 {
			return o, Invalidf("overall.carry_over", "a carry-over percentage ("+strconv.Itoa(o.CarryOver)+") is for method "+OverallCarryOver+": with "+OverallSum+" every session counts whole", "0")
		}
	case OverallCarryOver:
		if o.CarryOver < 1 || o.CarryOver > 99 {
			return o, Invalidf("overall.carry_over", strconv.Itoa(o.CarryOver)+" is not a carry-over percentage: give 1 to 99 (100 is method "+OverallSum+")", "1–99")
		}
	default:
		return o, Invalidf("overall.method", strconv.Quote(o.Method)+" is not a way to rank sessions together", OverallSum, OverallCarryOver)
	}
	switch o.SamePair {
	case SamePlayers, SameNumber:
	default:
		return o, Invalidf("overall.same_pair", strconv.Quote(o.SamePair)+" is not a way to know a pair again in another session", SamePlayers, SameNumber)
	}
	return o, nil
}

// fieldScore is a section's boards compared across its field.
type fieldScore struct {
	boards   sectionBoards // this section's lines, with the points the field gave them
	sections int           // the sections compared together
}

// fieldPart is one section of a field as fieldBoards compares it.
type fieldPart struct {
	m       *movement.Movement
	results []Result
}

// fieldBoards compares each board over every part that played it (the
// sections of one session scored across the field): the lines of board n
// of every section make one traveler. A board is scored as if played the
// most times any board of the field was (its movements' plays summed over
// the sections, or its lines): at matchpoints a board played fewer times
// counts Neuberg-scaled to that top, as within a section (compareSection).
// It returns each part's lines with their points, in the parts' order.
func fieldBoards(method Method, parts []fieldPart) []sectionBoards {
	return fieldBoardsBy(method, scoring.Convention{}, parts)
}

// fieldBoardsBy is fieldBoards under conv (the event's convention,
// compareBoardBy).
func fieldBoardsBy(method Method, conv scoring.Convention, parts []fieldPart) []sectionBoards {
	out := make([]sectionBoards, len(parts))
	plays := map[int]int{}
	lines := map[int]int{}
	corrected := false // some line has a director's figure (adjust.go)
	for p := range parts {
		out[p] = sectionBoards{conv: conv, boards: map[int][]int{}, points: map[int]BoardPoints{}}
		rs := parts[p].results
		for i := range rs {
			corrected = corrected || len(rs[i].Corrections) > 0
			out[p].boards[rs[i].Board] = append(out[p].boards[rs[i].Board], i)
			if rs[i].Status != StatusNotPlayed {
				lines[rs[i].Board]++
			}
		}
		for b, n := range parts[p].m.Plays() {
			plays[b+1] += n
		}
	}
	full := 0
	for _, n := range plays {
		full = max(full, n)
	}
	for _, n := range lines {
		full = max(full, n)
	}
	boards := map[int]bool{}
	for p := range out {
		for b := range out[p].boards {
			boards[b] = true
		}
	}
	for b := range boards {
		var all []scoring.CompareLine
		var assigned, ewAssigned [][]scoring.Weighted
		start := make([]int, len(parts)+1)
		for p := range parts {
			start[p] = len(all)
			for _, i := range out[p].boards[b] {
				l, w, ew := compareLine(&parts[p].results[i])
				if w != nil && assigned == nil {
					assigned = make([][]scoring.Weighted, len(all))
				}
				if assigned != nil {
					assigned = append(assigned, w)
				}
				if ew != nil && ewAssigned == nil {
					ewAssigned = make([][]scoring.Weighted, len(all))
				}
				if ewAssigned != nil {
					ewAssigned = append(ewAssigned, ew)
				}
				all = append(all, l)
			}
		}
		start[len(parts)] = len(all)
		pts := compareBoardBy(method, conv, all, assigned, ewAssigned, full)
		if corrected {
			var corrs [][]PointCorrection
			for p := range parts {
				for _, i := range out[p].boards[b] {
					corrs = append(corrs, parts[p].results[i].Corrections)
				}
			}
			correctBoard(&pts, corrs, pts.CountTop)
		}
		for p := range parts {
			lo, hi := start[p], start[p+1]
			if lo == hi {
				continue
			}
			out[p].points[b] = BoardPoints{
				Shown:   [2][]float64{pts.Shown[0][lo:hi], pts.Shown[1][lo:hi]},
				Counted: [2][]float64{pts.Counted[0][lo:hi], pts.Counted[1][lo:hi]},
				Top:     pts.Top, CountTop: pts.CountTop, Datum: pts.Datum, Datums: pts.Datums,
			}
		}
	}
	for p := range out {
		out[p].full = full
	}
	return out
}

// OverallInput is one section as the overall ranking reads it: its
// results (by the audience's rule already), pairs and teams.
type OverallInput struct {
	Section Section
	Results []Result
	Pairs   []Pair
	Teams   []Roster
}

// Overall is an event's overall ranking: every session and section ranked
// together as its OverallOptions say.
type Overall struct {
	Event    Event
	Method   Method
	Options  OverallOptions // the event's, defaults filled in
	Sessions []int          // the sessions counted, in order; the last is the one earlier sessions carry over into
	Entries  []OverallEntry // by field (NS before EW where they are ranked apart), then place
	Results  int            // traveler lines counted
	// Knockouts is how many of the event's sections are knockout matches,
	// left out: a knockout has no overall ranking (its result is the
	// bracket, GET /v1/events/{id}/bracket).
	Knockouts int
	// Grading is the strata and handicap option every section counted
	// shares (grading.go), which the overall ranking is graded by as a
	// section's standings are; zero when the sections' gradings differ.
	Grading Grading
}

// OverallEntry is one partnership (or team) in the overall ranking.
type OverallEntry struct {
	Name       string         // IMP_TEAMS: the team's name
	Players    []string       // the players' names, as first given
	Direction  string         // "NS" or "EW" where an event of one session ranks its two-winner sections' directions apart; "" otherwise
	Sessions   []SessionScore // one a session of Overall.Sessions; Boards 0 where it did not play
	Total      float64        // Σ of the sessions' points as counted (the earlier ones at the carry-over's share), 2 decimals
	Percentage float64        // matchpoint methods: Σ points / Σ possible, weighted as the total, 2 decimals; 0 otherwise
	Place      int            // within its field, ties sharing a place
	Boards     int            // boards played over the sessions
	// Grade is the entry graded as Overall.Grading says (gradePlaces):
	// Net its Total (or Percentage) plus its handicap, Place ranked on it,
	// Strata its places in its stratum and the ones above, by the stratum
	// and handicap it has in the last session it played.
	Grade
}

// SessionScore is an entry's result in one session.
type SessionScore struct {
	Section    string  // the section it played in
	Number     string  // its pair (team) number there
	Direction  string  // its direction there ("NS", "EW") in a Mitchell, else ""
	Points     float64 // the session's points as counted overall: scaled to the most boards of its field and, at matchpoints, factored to the session's top; 2 decimals
	Percentage float64 // matchpoint methods: of the top on its boards, 2 decimals
	Boards     int     // boards played; 0: not in this session
}

// sessionEntry is an entry's session before rounding.
type sessionEntry struct {
	score                    SessionScore
	points, earned, possible float64
}

// sessionOf is an entrant's session as its section's standings give it
// (entrantFigures: its total, and the points and tops its percentage is
// of, under the event's convention), factored to its session's top
// (factor, 1 where the sections' tops agree).
func sessionOf(f *entrantFigure, factor float64) sessionEntry {
	se := sessionEntry{score: SessionScore{Boards: f.played}}
	if f.played > 0 {
		se.points = f.total * factor
		se.earned, se.possible = f.earned*factor, f.over*factor
		se.score.Percentage = f.percentage
	}
	se.score.Points = scoring.Round2(se.points)
	return se
}

// OverallStandings ranks an event's sections and sessions together from
// each section's results: the sections of a session scored within
// themselves or across the field (OverallOptions.Field), each pair's
// sessions added up, the earlier ones at the carry-over's share
// (OverallOptions.Method). At matchpoints a section's points are factored
// to the largest top of its session (ACBLscore's "factoring scores": a
// section with a smaller top is counted as if it had the larger), so
// sections of different sizes scored within themselves compare. A pair is
// known again in another session as OverallOptions.SamePair says.
//
// A knockout's sections are left out (Overall.Knockouts): a knockout has no
// overall ranking, each match is won by IMPs and its winner goes on, and
// its result is the bracket.
func OverallStandings(e *Event, in []OverallInput) Overall {
	opts := e.Overall.Defaults()
	knockouts := 0
	in = slices.DeleteFunc(slices.Clone(in), func(oi OverallInput) bool {
		ko := oi.Section.Spec.Kind == "knockout"
		if ko {
			knockouts++
		}
		return ko
	})
	out := Overall{Event: *e, Method: e.Scoring, Options: opts, Knockouts: knockouts}
	bySession := map[int][]int{}
	for i := range in {
		s := in[i].Section.Session
		if _, ok := bySession[s]; !ok {
			out.Sessions = append(out.Sessions, s)
		}
		bySession[s] = append(bySession[s], i)
		out.Results += len(in[i].Results)
	}
	slices.Sort(out.Sessions)
	out.Grading = sharedGrading(in)
	scale, isMP := e.Scoring.mpScale()
	apart := len(out.Sessions) == 1
	type entry struct {
		OverallEntry
		sessions []sessionEntry
		field    int
		grade    standingGrade
	}
	var entries []*entry
	byKey := map[string]*entry{}
	add := func(key string, si int, se sessionEntry, name string, players []string, gd standingGrade) {
		en := byKey[key]
		if en == nil || en.sessions[si].score.Number != "" {
			en = &entry{sessions: make([]sessionEntry, len(out.Sessions))}
			en.Direction = se.score.Direction
			if se.score.Direction == "EW" {
				en.field = 1
			}
			entries = append(entries, en)
			if byKey[key] == nil {
				byKey[key] = en
			}
		}
		en.sessions[si] = se
		en.grade = gd // sessions come in order: the last one's grade counts
		if name != "" {
			en.Name = name
		}
		if len(players) > 0 && len(en.Players) == 0 {
			en.Players = players
		}
	}
	for si, session := range out.Sessions {
		idx := bySession[session]
		var field []sectionBoards
		if opts.Field == FieldAcross && e.Scoring != MethodIMPTeams {
			parts := make([]fieldPart, len(idx))
			for k, i := range idx {
				parts[k] = fieldPart{m: &in[i].Section.Movement, results: in[i].Results}
			}
			field = fieldBoardsBy(e.Scoring, e.Conv(), parts)
		}
		type pairSection struct {
			sb    sectionBoards
			top   float64
			input *OverallInput
		}
		secs := make([]pairSection, len(idx))
		sessionTop := 0.0
		for k, i := range idx {
			ps := pairSection{input: &in[i]}
			if e.Scoring != MethodIMPTeams {
				if field != nil {
					ps.sb = artificialFor(e, &in[i].Section.Movement, in[i].Results, field[k])
				} else {
					ps.sb = compareSectionFor(e, &in[i].Section.Movement, in[i].Results)
				}
				if isMP {
					ps.top = scale.Top(ps.sb.full)
					sessionTop = max(sessionTop, ps.top)
				}
			}
			secs[k] = ps
		}
		for _, ps := range secs {
			sec := &ps.input.Section
			m := &sec.Movement
			if e.Scoring == MethodIMPTeams || sec.Movement.Kind == movement.KindTeams {
				st := sectionStandings(e, sec, ps.input.Results, ps.input.Pairs, ps.input.Teams)
				apart = false
				for _, t := range st.Pairs {
					se := sessionEntry{score: SessionScore{Section: sec.Name, Number: t.Number, Points: t.Total, Boards: t.Boards}, points: t.Total}
					add(teamKey(opts.SamePair, sec, t, ps.input.Teams), si, se, t.Name, t.Players, standingGrade{stratum: t.Stratum, handicap: t.Handicap})
				}
				continue
			}
			if m.Winners != 2 || !m.NumberedApart() {
				apart = false
			}
			if m.Kind == movement.KindIndividual {
				addPlayers(e.Scoring, opts.SamePair, ps.input, &ps.sb, ps.top, sessionTop, func(key string, se sessionEntry, players []string, gd standingGrade) {
					add(key, si, se, "", players, gd)
				})
				continue
			}
			figs := entrantFigures(e.Scoring, m, ps.input.Results, ps.input.Pairs, &ps.sb, sec.Penalties)
			factor := 1.0
			if isMP && ps.top > 0 {
				factor = sessionTop / ps.top
			}
			stored := map[[2]string]*Pair{}
			for i := range ps.input.Pairs {
				p := &ps.input.Pairs[i]
				stored[[2]string{p.Number, p.Direction}] = p
			}
			for p := 1; p <= m.Pairs; p++ {
				if p == m.Phantom {
					continue
				}
				number, dir := m.PairLabel(p)
				pair := stored[[2]string{number, dir}]
				if figs[p].played == 0 && pair == nil {
					continue // no pair has this number, and it played nothing
				}
				se := sessionOf(&figs[p], factor)
				se.score.Section, se.score.Number, se.score.Direction = sec.Name, number, dir
				var players []string
				var gd standingGrade
				if pair != nil {
					for _, pl := range pair.Players {
						players = append(players, pl.Name)
					}
					gd = standingGrade{stratum: pair.Stratum, handicap: pair.Handicap}
				}
				add(pairKey(opts.SamePair, sec, number, dir, pair), si, se, "", players, gd)
			}
		}
	}
	ents := make([]scoring.Entry, len(entries))
	for i, en := range entries {
		ents[i].Sessions = make([]scoring.Session, len(en.sessions))
		if apart {
			ents[i].Field = en.field
		}
		for s, se := range en.sessions {
			ents[i].Sessions[s] = scoring.Session{Points: se.points, Earned: se.earned, Possible: se.possible, Boards: se.score.Boards}
		}
	}
	conv := e.Conv()
	// ranked and written as a section's standings are (pairStandingsBy)
	so := scoring.StandingsOptions{ByPercentage: isMP && conv.PlaceByPercentage, Percentage: conv.Percentage}
	if opts.Method == OverallCarryOver {
		so.CarryShare = float64(opts.CarryOver) / 100
	}
	ranked := scoring.Standings(ents, so)
	out.Entries = make([]OverallEntry, len(entries))
	rows := make([]gradeRow, len(entries))
	for i, en := range entries {
		oe := en.OverallEntry
		if !apart {
			oe.Direction = ""
		}
		oe.Total = scoring.Round2(ranked[i].Total)
		oe.Percentage = ranked[i].Percentage
		oe.Place = ranked[i].Place
		oe.Sessions = make([]SessionScore, len(en.sessions))
		for s, se := range en.sessions {
			oe.Sessions[s] = se.score
			oe.Boards += se.score.Boards
		}
		out.Entries[i] = oe
	}
	for i, en := range entries {
		oe := &out.Entries[i]
		rows[i] = gradeRow{total: oe.Total, percentage: oe.Percentage, place: &oe.Place, field: ents[i].Field, grade: en.grade, out: &oe.Grade}
	}
	gradePlaces(e.Scoring, &out.Grading, rows)
	slices.SortStableFunc(out.Entries, func(a, b OverallEntry) int {
		if a.Direction != b.Direction {
			if a.Direction == "NS" || b.Direction == "EW" {
				return -1
			}
			return 1
		}
		return a.Place - b.Place
	})
	return out
}

// addPlayers adds an individual section's players to the overall ranking
// (each its own entrant: noOverall keeps individuals and pairs apart), as
// the section's standings rank them (playerTotals: a player's points are
// those of the partnerships they sat in, their penalties off): each
// player's points scaled to the most boards a player of the section
// played and, at matchpoints, factored from the section's top (top) to
// the session's (sessionTop). A player is known again in another session
// by their name or membership number (pairKey of the one player), or by
// section and number.
func addPlayers(method Method, same string, in *OverallInput, sb *sectionBoards, top, sessionTop float64, add func(key string, se sessionEntry, players []string, gd standingGrade)) {
	sec := &in.Section
	m := &sec.Movement
	figs := entrantFigures(method, m, in.Results, in.Pairs, sb, sec.Penalties)
	factor := 1.0
	_, isMP := method.mpScale()
	if isMP && top > 0 {
		factor = sessionTop / top
	}
	stored := map[string]*Pair{}
	for i := range in.Pairs {
		stored[in.Pairs[i].Number] = &in.Pairs[i]
	}
	for p := 1; p <= m.Players; p++ {
		number := strconv.Itoa(p)
		player := stored[number]
		if figs[p].played == 0 && player == nil {
			continue
		}
		se := sessionOf(&figs[p], factor)
		se.score.Section, se.score.Number = sec.Name, number
		var names []string
		var gd standingGrade
		if player != nil {
			for _, pl := range player.Players {
				names = append(names, pl.Name)
			}
			gd = standingGrade{stratum: player.Stratum, handicap: player.Handicap}
		}
		add(pairKey(same, sec, number, "", player), se, names, gd)
	}
}

// pairKey names a partnership the same in every session: by its players
// (SamePlayers: their membership numbers when every player has one, else
// their names, in either order, case and spacing aside) or, when none are
// given or the director said so (SameNumber), by its section's name, number
// and direction.
func pairKey(same string, sec *Section, number, dir string, p *Pair) string {
	if same == SamePlayers && p != nil && len(p.Players) > 0 {
		return "players:" + playersKey(p.Players)
	}
	return "number:" + strings.ToLower(sec.Name) + "|" + number + "|" + dir
}

// teamKey is pairKey for a team of a teams section.
func teamKey(same string, sec *Section, t Standing, teams []Roster) string {
	if same == SamePlayers {
		for _, r := range teams {
			if strconv.Itoa(r.Number) == t.Number && len(r.Players) > 0 {
				return "players:" + playersKey(r.Players)
			}
		}
	}
	return "number:" + strings.ToLower(sec.Name) + "|" + t.Number
}

// playersKey is a set of players written one way: their numbers when all
// have one, else their names folded.
func playersKey(ps []Player) string {
	keys := make([]string, len(ps))
	byNumber := true
	for i, p := range ps {
		if strings.TrimSpace(p.Number) == "" {
			byNumber = false
		}
		keys[i] = "#" + strings.TrimSpace(p.Number)
	}
	if !byNumber {
		for i, p := range ps {
			keys[i] = strings.ToLower(strings.Join(strings.Fields(p.Name), " "))
		}
	}
	slices.Sort(keys)
	return strings.Join(keys, "+")
}

// OverallStandings returns an event's overall ranking (OverallStandings
// the function) to a director, or to anyone when the event is published,
// who sees the finished boards' results as in a section's standings.
func (s *Service) OverallStandings(ctx context.Context, a Actor, eventID int64) (Overall, error) {
	e, err := s.cache.Event(ctx, eventID)
	if err != nil {
		return Overall{}, err
	}
	if err := canRead(a, &e, 0); err != nil {
		return Overall{}, err
	}
	store := s.reader(a)
	secs, err := store.Sections(ctx, eventID)
	if err != nil {
		return Overall{}, err
	}
	if err := noOverall(&e, secs); err != nil {
		return Overall{}, err
	}
	in, err := overallInputs(ctx, store, secs, &e, seesAll(a))
	if err != nil {
		return Overall{}, err
	}
	return OverallStandings(&e, in), nil
}

// noOverall refuses the overall ranking of an event whose sections are all
// knockout matches, naming where its result is: a knockout has no overall
// ranking (each match is won by IMPs and its winner goes on).
//
// It refuses too the overall ranking of an event whose sections mix
// individuals with pairs or teams, naming the first section of the other
// kind: a player and a partnership are not one entrant, and a player's
// points are those of the partnerships they sat in, so the two cannot be
// ranked against each other.
func noOverall(e *Event, secs []Section) error {
	if err := individualsApart(secs); err != nil {
		return err
	}
	if len(secs) == 0 || slices.ContainsFunc(secs, func(s Section) bool { return s.Spec.Kind != "knockout" }) {
		return nil
	}
	return Invalidf("event", "event "+strconv.Quote(e.Name)+" is a knockout: a knockout has no overall ranking, each match is won by IMPs and its winner goes on; its result is the bracket",
		"GET /v1/events/"+strconv.FormatInt(e.ID, 10)+"/bracket", "GET /v1/sections/{id}/knockout")
}

// individualsApart refuses sections that mix individuals with pairs or
// teams (knockouts aside: they are left out of the overall ranking).
func individualsApart(secs []Section) error {
	var ind, other *Section
	for i := range secs {
		s := &secs[i]
		switch {
		case s.Spec.Kind == "knockout":
		case s.Movement.Kind == movement.KindIndividual:
			if ind == nil {
				ind = s
			}
		case other == nil:
			other = s
		}
	}
	if ind == nil || other == nil {
		return nil
	}
	return Invalidf("sections", "section "+other.Name+" (session "+strconv.Itoa(other.Session)+") is of pairs or teams and section "+ind.Name+" (session "+strconv.Itoa(ind.Session)+
		") an individual: an overall ranking ranks players when every section is individual, or pairs and teams when none is",
		"every section individual", "no section individual")
}

// NoOverall is noOverall for the sections an event's data holds: the
// files' refusal of an overall ranking a knockout does not have.
func (d *EventData) NoOverall() error {
	secs := make([]Section, len(d.Sections))
	for i := range d.Sections {
		secs[i] = d.Sections[i].Section
	}
	return noOverall(&d.Event, secs)
}

// overallReaders is how many sections overallInputs reads at once: a field
// of 100 sections is 300 small reads, which one after the other wait on the
// database's round trips.
const overallReaders = 8

// overallInputs reads sections as overallInput does, a few at once, in
// their order.
func overallInputs(ctx context.Context, store Store, secs []Section, e *Event, director bool) ([]OverallInput, error) {
	in := make([]OverallInput, len(secs))
	errs := make([]error, len(secs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(overallReaders, len(secs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				in[i], errs[i] = overallInput(ctx, store, &secs[i], e, director)
			}
		}()
	}
	for i := range secs {
		next <- i
	}
	close(next)
	wg.Wait()
	return in, errors.Join(errs...)
}

// overallInput reads one section's results (their fouled boards'
// versions applied; all of them for a director, the finished boards' for
// anyone else), pairs and teams.
func overallInput(ctx context.Context, store Store, sec *Section, e *Event, director bool) (OverallInput, error) {
	in := OverallInput{Section: *sec}
	var err error
	if in.Results, err = store.Results(ctx, ResultFilter{SectionID: sec.ID}); err != nil {
		return in, err
	}
	fouled, err := store.FouledBoards(ctx, sec.ID)
	if err != nil {
		return in, err
	}
	applyVersions(in.Results, fouled)
	applyCorrections(sec, in.Results)
	if !director {
		in.Results = finishedOnly(sec, in.Results)
	}
	if e.Scoring == MethodIMPTeams || sec.Movement.Kind == movement.KindTeams {
		in.Teams, err = store.Teams(ctx, sec.ID)
	} else {
		in.Pairs, err = store.Pairs(ctx, sec.ID)
	}
	return in, err
}

// acrossField reports whether an event's pairs sections are scored across
// the field.
func acrossField(e *Event) bool {
	return e.Overall.Field == FieldAcross && e.Scoring != MethodIMPTeams
}

// fieldStandingsFrom is standingsFrom in an event scored across the field:
// sec's boards compared with the same boards of every pairs section of its
// session, read from store (for the public, each section's finished boards
// only), then its own pairs ranked within it.
func fieldStandingsFrom(ctx context.Context, store Store, sec *Section, e *Event, director, public bool) (dir, pub Standings, err error) {
	secs, err := store.Sections(ctx, e.ID)
	if err != nil {
		return dir, pub, err
	}
	secs = slices.DeleteFunc(secs, func(o Section) bool { return o.Session != sec.Session || o.Movement.Kind == movement.KindTeams })
	field, err := overallInputs(ctx, store, secs, e, true)
	if err != nil {
		return dir, pub, err
	}
	self := slices.IndexFunc(secs, func(o Section) bool { return o.ID == sec.ID })
	if self < 0 { // not among its event's sections: read it alone
		in, err := overallInput(ctx, store, sec, e, true)
		if err != nil {
			return dir, pub, err
		}
		self, field = len(field), append(field, in)
	}
	mine := field[self]
	over := SessionOver(sec, mine.Results)
	score := func(finished bool) Standings {
		parts := make([]fieldPart, len(field))
		for i := range field {
			rs := field[i].Results
			if finished {
				rs = finishedOnly(&field[i].Section, slices.Clone(rs))
			}
			parts[i] = fieldPart{m: &field[i].Section.Movement, results: rs}
		}
		fb := fieldBoardsBy(e.Scoring, e.Conv(), parts)
		st := sectionStandingsBy(e, sec, parts[self].results, mine.Pairs, nil, &fieldScore{boards: fb[self], sections: len(field)})
		st.Over = over
		return st
	}
	if director {
		dir = score(false)
	}
	if public {
		pub = score(true)
	}
	return dir, pub, nil
}

// Overall is the event's overall ranking (OverallStandings) from its
// sections as read, for the workbook and the files.
func (d *EventData) Overall() Overall {
	in := make([]OverallInput, len(d.Sections))
	for i := range d.Sections {
		s := &d.Sections[i]
		in[i] = OverallInput{Section: s.Section, Results: s.Results, Pairs: s.Pairs, Teams: s.Teams}
	}
	return OverallStandings(&d.Event, in)
}

// ScoreAcrossField gives each pairs section of d, an event scored across
// the field, the standings its field gives it, as EventData does: for an
// event built from a file (reports) whose sections are scored so.
func (d *EventData) ScoreAcrossField() { scoreAcrossField(d) }

// scoreAcrossField gives each pairs section of an event scored across the
// field the standings its field gives it (fieldBoards over the sections of
// its session that d holds), as the live standings do.
func scoreAcrossField(d *EventData) {
	if !acrossField(&d.Event) {
		return
	}
	bySession := map[int][]int{}
	for i := range d.Sections {
		if d.Sections[i].Section.Movement.Kind != movement.KindTeams {
			bySession[d.Sections[i].Section.Session] = append(bySession[d.Sections[i].Section.Session], i)
		}
	}
	for _, idx := range bySession {
		parts := make([]fieldPart, len(idx))
		for k, i := range idx {
			parts[k] = fieldPart{m: &d.Sections[i].Section.Movement, results: d.Sections[i].Results}
		}
		fb := fieldBoardsBy(d.Event.Scoring, d.Event.Conv(), parts)
		for k, i := range idx {
			sd := &d.Sections[i]
			over := sd.Standings.Over
			sd.Standings = sectionStandingsBy(&d.Event, &sd.Section, sd.Results, sd.Pairs, sd.Teams, &fieldScore{boards: fb[k], sections: len(idx)})
			sd.Standings.Over = over
			boards := make(map[int]Board, len(sd.Boards))
			for n, b := range sd.Boards {
				boards[n+1] = b
			}
			sb := artificialFor(&d.Event, &sd.Section.Movement, sd.Results, fb[k])
			sd.Travelers = sectionTravelersBy(d.Event.Scoring, &sd.Section, boards, sd.Results, &sb)
		}
	}
}

// fieldOf compares sec's results (own, as the caller has them: a
// traveler's lines, a public read's) with the same boards of the other
// pairs sections of its session, read from store (all their results for a
// director, their finished boards' for anyone else), and returns own's
// boards compared across the field.
func sessionField(ctx context.Context, store Store, sec *Section, e *Event, director bool, own []Result) (sectionBoards, error) {
	secs, err := store.Sections(ctx, e.ID)
	if err != nil {
		return sectionBoards{}, err
	}
	secs = slices.DeleteFunc(secs, func(o Section) bool {
		return o.Session != sec.Session || o.Movement.Kind == movement.KindTeams || o.ID == sec.ID
	})
	others, err := overallInputs(ctx, store, secs, e, director)
	if err != nil {
		return sectionBoards{}, err
	}
	parts := []fieldPart{{m: &sec.Movement, results: own}}
	for i := range others {
		parts = append(parts, fieldPart{m: &others[i].Section.Movement, results: others[i].Results})
	}
	return fieldBoardsBy(e.Scoring, e.Conv(), parts)[0], nil
}

// sharedGrading is the grading (strata, handicap option) of every section
// in in when they all have the same one; else none: a pair's stratum or
// handicap means one thing only where the sections agree on it.
func sharedGrading(in []OverallInput) Grading {
	if len(in) == 0 {
		return Grading{}
	}
	g := in[0].Section.Grading
	for i := range in[1:] {
		o := &in[i+1].Section.Grading
		if o.Handicap != g.Handicap || !slices.Equal(o.Strata, g.Strata) {
			return Grading{}
		}
	}
	return g
}
