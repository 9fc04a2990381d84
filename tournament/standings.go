package tournament

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// Traveler returns a board's traveler: every line of the board with its
// score and the points it earned for each side under the event's method,
// to a director, to anyone when the event is published, and to a table
// that has entered the board when the event shows tables the traveler so
// far (Event.TableTraveler, tableSeesTraveler).
func (s *Service) Traveler(ctx context.Context, a Actor, sectionID int64, board int) (Traveler, error) {
	sec, e, err := s.sectionEvent(ctx, sectionID)
	if err != nil {
		return Traveler{}, err
	}
	byOption := tableSeesTraveler(a, &e, &sec)
	if err := canReadResults(a, &e, &sec, 0); err != nil && !byOption {
		return Traveler{}, err
	}
	if board < 1 || board > sec.Movement.Boards {
		return Traveler{}, &Error{Kind: ErrNotFound, Field: "board", Message: "board " + strconv.Itoa(board) + " is not in section " + sec.Name + ": it plays boards 1 to " + strconv.Itoa(sec.Movement.Boards)}
	}
	results, err := s.reader(a).Results(ctx, ResultFilter{SectionID: sec.ID})
	if err != nil {
		return Traveler{}, err
	}
	if err := s.withVersions(ctx, a, sec.ID, results); err != nil {
		return Traveler{}, err
	}
	applyCorrections(&sec, results)
	rules, err := e.Rules()
	if err != nil {
		return Traveler{}, err
	}
	boards, err := s.cache.BoardMap(ctx, &sec)
	if err != nil {
		return Traveler{}, err
	}
	if !seesAll(a) {
		// A board's traveler is everyone's once every table has played it;
		// before that, only a table that has (as a paper traveler shows a
		// table the lines above its own), the other tables' lines without
		// their queries or who entered them.
		played := a.Role == RoleTable && a.SectionID == sec.ID && slices.ContainsFunc(results, func(r Result) bool { return r.Board == board && r.Table == a.Table })
		if byOption && !e.Published && !played {
			return Traveler{}, notEnteredHere(a, board)
		}
		if !FinishedBoards(&sec, results)[board] && !played {
			return Traveler{}, notFinished(board)
		}
		shown := make([]Result, 0, len(results))
		for _, r := range results {
			if r.Board == board {
				if !(a.Role == RoleTable && a.SectionID == sec.ID && r.Table == a.Table) {
					publicLine(&r)
				}
				shown = append(shown, r)
			}
		}
		results = shown
	}
	var field *sectionBoards
	if acrossField(&e) {
		fb, err := sessionField(ctx, s.reader(a), &sec, &e, seesAll(a), results)
		if err != nil {
			return Traveler{}, err
		}
		if seesAll(a) {
			fb = artificialFor(&e, &sec.Movement, results, fb)
		}
		field = &fb
	} else if !e.Scoring.Teams() && seesAll(a) {
		// The director's traveler shows average plus and minus as the
		// standings count them (Law 12C2 option: artificial.go); others see
		// the lines shown compared among themselves, adjusted scores as given.
		sb := compareSectionFor(&e, &sec.Movement, results)
		field = &sb
	}
	t := sectionTravelersBy(e.Scoring, &sec, boards, results, field)[board-1]
	for i := range t.Lines {
		r := &t.Lines[i].Result
		if sc, err := scoreResult(&rules, &t.Board, r, ""); err == nil {
			r.Lines = sc.Lines
		}
	}
	if seesAll(a) {
		suspects(&rules, &t.Board, t.Lines)
	}
	return t, nil
}

// Standings returns a section's standings, live from its results: each
// pair's total (scaled to the most boards played in its field), percentage
// and place; at IMP_TEAMS each team's VPs and net IMPs. Readable by a
// director, or by anyone when the event is published. They are made once
// per change for each audience and shared (standings_memo.go): do not
// change their slices.
func (s *Service) Standings(ctx context.Context, a Actor, sectionID int64) (Standings, error) {
	sh, err := s.SharedStandings(ctx, a, sectionID)
	if err != nil {
		return Standings{}, err
	}
	return sh.Standings, nil
}

// standingsFrom makes a section's standings from one read of store's
// results, pairs and teams: the director's (all of them) when director,
// the public's (the finished boards', finishedOnly) when public; an
// audience not asked for is the zero Standings.
func (s *Service) standingsFrom(ctx context.Context, store Store, sec *Section, e *Event, director, public bool) (dir, pub Standings, err error) {
	if acrossField(e) {
		return fieldStandingsFrom(ctx, store, sec, e, director, public)
	}
	results, err := store.Results(ctx, ResultFilter{SectionID: sec.ID})
	if err != nil {
		return dir, pub, err
	}
	fouled, err := store.FouledBoards(ctx, sec.ID)
	if err != nil {
		return dir, pub, err
	}
	applyVersions(results, fouled)
	applyCorrections(sec, results)
	over := SessionOver(sec, results)
	var pairs []Pair
	var teams []Roster
	if e.Scoring.Teams() {
		teams, err = store.Teams(ctx, sec.ID)
	} else {
		pairs, err = store.Pairs(ctx, sec.ID)
	}
	if err != nil {
		return dir, pub, err
	}
	if director {
		dir = sectionStandings(e, sec, results, pairs, teams)
		dir.Over = over
	}
	if public {
		pub = sectionStandings(e, sec, finishedOnly(sec, results), pairs, teams) // after the director's: in place
		pub.Over = over
	}
	return dir, pub, nil
}

// sectionStandings ranks a section's pairs (at IMP_TEAMS its teams) from
// its results.
func sectionStandings(e *Event, sec *Section, results []Result, pairs []Pair, teams []Roster) Standings {
	return sectionStandingsBy(e, sec, results, pairs, teams, nil)
}

// sectionStandingsBy is sectionStandings with a pairs section's boards
// compared across its field already (field, from fieldBoards; nil:
// within the section).
func sectionStandingsBy(e *Event, sec *Section, results []Result, pairs []Pair, teams []Roster, field *fieldScore) Standings {
	out := Standings{Event: *e, Section: *sec, Method: e.Scoring, Results: len(results)}
	switch {
	case field != nil && !e.Scoring.Teams() && !sec.Spec.SwissPairs():
		out.Pairs = pairStandingsBy(e.Scoring, &sec.Movement, results, pairs, artificialFor(e, &sec.Movement, results, field.boards), sec.Penalties)
		out.FieldSections = field.sections
	case e.Scoring.Teams() && sec.Spec.Kind == "knockout":
		km := ScoreKnockout(sec, results, teams)
		out.Pairs = knockoutStandings(&km, teams)
	case e.Scoring.Teams():
		ts := teamScoringOf(e.Scoring, &sec.Spec)
		ts.session, ts.penalties = sessionAverages(e, e.Scoring), sec.Penalties
		out.Pairs = applyTeamPenalties(sec.Penalties, teamStandingsBy(&sec.Movement, results, teams, ts))
		out.Matches = teamMatchScores(&sec.Movement, results, ts)
	case sec.Spec.SwissPairs():
		out.Pairs, out.Matches = swissPairsStandings(e.Scoring, sec, results, pairs)
	default:
		out.Pairs = pairStandingsBy(e.Scoring, &sec.Movement, results, pairs, compareSectionFor(e, &sec.Movement, results), sec.Penalties)
	}
	if sec.Spec.Kind != "knockout" {
		out.Pairs = gradeStandings(e.Scoring, &sec.Grading, out.Pairs, gradesOf(&sec.Movement, pairs, teams))
	}
	return out
}

// sectionTravelers compares every board of a section by method: one
// traveler a board, in board order, each with its lines in the order of
// results and the points they earned (at IMP_TEAMS, against the other room).
// boards must hold every board of the movement.
func sectionTravelers(method Method, sec *Section, boards map[int]Board, results []Result) []Traveler {
	return sectionTravelersBy(method, sec, boards, results, nil)
}

// sectionTravelersBy is sectionTravelers with a pairs section's boards
// compared already (across its field: fieldBoards); nil compares them
// within the section.
func sectionTravelersBy(method Method, sec *Section, boards map[int]Board, results []Result, compared *sectionBoards) []Traveler {
	out := make([]Traveler, sec.Movement.Boards)
	for n := range out {
		out[n] = Traveler{Section: *sec, Board: boards[n+1], Method: method}
	}
	if method.Teams() {
		pts := teamBoardPoints(method, &sec.Movement, results)
		for i, r := range results {
			if r.Board >= 1 && r.Board <= len(out) {
				t := &out[r.Board-1]
				t.Lines = append(t.Lines, TravelerLine{Result: r, NSPoints: pts[i][0], EWPoints: pts[i][1], Counted: pts[i]})
			}
		}
		return out
	}
	var sb sectionBoards
	if compared != nil {
		sb = *compared
	} else {
		sb = compareSection(method, &sec.Movement, results)
	}
	for b, idx := range sb.boards {
		if b < 1 || b > len(out) {
			continue
		}
		t, pts := &out[b-1], sb.points[b]
		t.Top, t.Datum, t.Datums = pts.Top, pts.Datum, pts.Datums
		t.Lines = slices.Grow(t.Lines, len(idx)) // one allocation a board: a line is ~400 bytes
		for k, i := range idx {
			t.Lines = append(t.Lines, TravelerLine{Result: results[i], NSPoints: scoring.Round2(pts.Shown[0][k]), EWPoints: scoring.Round2(pts.Shown[1][k]),
				Counted: [2]float64{scoring.Round2(pts.Counted[0][k]), scoring.Round2(pts.Counted[1][k])}})
		}
	}
	return out
}

// seatedPairs returns the movement pairs holding the NS and the EW cards on
// a result's table and round (0, 0 when the movement has no such table).
func seatedPairs(m *movement.Movement, r *Result) (ns, ew int) {
	rd, ok := m.Round(r.Round)
	if !ok {
		return 0, 0
	}
	t, ok := rd.Table(r.Table)
	if !ok {
		return 0, 0
	}
	return t.Cards(scoring.NS), t.Cards(scoring.EW)
}

// pairStandings totals and ranks the pairs of a pairs section. A pair's total
// is scaled to the most boards any pair of its field played
// (total·most/played); its percentage (matchpoint methods) is Σ points /
// the sum of the tops its boards count (BoardPoints.CountTop: boards played
// × the top at full, unless the convention scores an adjusted board on its
// own top); places per field on totals as printed.
// When pairs are stored, a movement pair that is not among them and played
// no board is left out.
func pairStandings(method Method, m *movement.Movement, results []Result, stored []Pair) []Standing {
	return pairStandingsBy(method, m, results, stored, compareSection(method, m, results), nil)
}

// pairTotals adds up each movement pair's points on the boards compared in
// sb (its section's, or its field's: fieldBoards) and counts the boards it
// played, by movement pair number (index 0 unused), and at matchpoints
// the possible of each: the counted tops of its boards (BoardPoints.CountTop).
// The section's
// procedural penalties (pens, adjust.go) are taken off the sums here, the
// one place every pairs total — a section's, its field's, the overall —
// is made from: a percent_top penalty in matchpoints on the top of sb's
// boards at full (method's scale); pen holds what each pair lost.
func pairTotals(method Method, m *movement.Movement, results []Result, sb *sectionBoards, pens []Penalty) (sum, pen, possible []float64, played []int) {
	sum, possible, played = pairTotalsOf(m, results, sb, StatusNotPlayed)
	pen = penaltiesOff(method, sb, pens, sum, m.PairLabel)
	return sum, pen, possible, played
}

// pairTotalsOf is pairTotals, without penalties, leaving out the lines of
// the statuses skipped.
func pairTotalsOf(m *movement.Movement, results []Result, sb *sectionBoards, skip ...Status) (sum, possible []float64, played []int) {
	sum = make([]float64, m.Pairs+1)
	possible = make([]float64, m.Pairs+1)
	played = make([]int, m.Pairs+1)
	for b, idx := range sb.boards {
		pts := sb.points[b]
		for k, i := range idx {
			r := &results[i]
			if slices.Contains(skip, r.Status) {
				continue
			}
			ns, ew := seatedPairs(m, r)
			if ns < 1 || ns > m.Pairs || ew < 1 || ew > m.Pairs {
				continue
			}
			sum[ns] += pts.Counted[0][k]
			sum[ew] += pts.Counted[1][k]
			possible[ns] += pts.CountTop
			possible[ew] += pts.CountTop
			played[ns]++
			played[ew]++
		}
	}
	return sum, possible, played
}

// penaltiesOff takes the procedural penalties pens off sum, whose entrant
// p (a pair, or in an individual a player) is named by label, and returns
// what it took from each: a percentage of a top is of the comparison's top
// (sb.full).
func penaltiesOff(method Method, sb *sectionBoards, pens []Penalty, sum []float64, label func(int) (string, string)) []float64 {
	pen := make([]float64, len(sum))
	if len(pens) == 0 {
		return pen
	}
	var top float64
	if scale, ok := method.mpScale(); ok {
		top = scale.Top(sb.full)
	}
	for p := 1; p < len(sum); p++ {
		number, dir := label(p)
		pen[p], _ = penaltyDeduction(pens, number, dir, top)
		sum[p] -= pen[p]
	}
	return pen
}

// entrantFigure is one entrant's (pair's, or in an individual a player's)
// figures in a section, as its standings give them under the event's
// convention: the one arithmetic from points to a total and a percentage,
// read by the section's standings (pairStandingsBy) and by the overall
// ranking (OverallStandings) alike.
type entrantFigure struct {
	played     int     // boards played
	pen        float64 // procedural penalties taken off
	total      float64 // points scaled to scaledTo boards, unrounded (the written total under Convention.TotalOfSection)
	scaledTo   int     // the boards total is scaled to: the most its field played, or its section (Convention.TotalOfSection)
	percentage float64 // matchpoints: as the standings write it
	// earned and over are what percentage is of (matchpoints): earned
	// points over the tops of scaledTo boards (over); earned is total
	// but where a board sat out counts a share of its top
	// (Convention.SitOutPercent).
	earned, over float64
}

// entrantFigures totals a section's entrants (index 1 to m.Entrants(); 0
// unused) on boards compared already (sb) under sb's convention.
func entrantFigures(method Method, m *movement.Movement, results []Result, stored []Pair, sb *sectionBoards, pens []Penalty) []entrantFigure {
	var sum, pen, possible []float64
	var played []int
	if m.Kind == movement.KindIndividual {
		sum, pen, possible, played = playerTotals(method, m, results, sb, pens, stored, StatusNotPlayed)
	} else {
		sum, pen, possible, played = pairTotals(method, m, results, sb, pens)
	}
	field := m.Field
	most := map[int]int{}
	entrants := m.Entrants()
	for p := 1; p <= entrants; p++ {
		most[field(p)] = max(most[field(p)], played[p])
	}
	// scaledTo is the boards a pair's total is factored to: the most its
	// field played, or, under a convention that factors to the section
	// (ACBLscore's), the most any pair of the section played.
	section := 0
	for _, n := range most {
		section = max(section, n)
	}
	_, isMP := method.mpScale()
	out := make([]entrantFigure, entrants+1)
	for p := 1; p <= entrants; p++ {
		f := entrantFigure{played: played[p], pen: pen[p], scaledTo: most[field(p)]}
		if isMP && sb.conv.TotalOfSection {
			f.scaledTo = section
		}
		if played[p] > 0 {
			f.total = scoring.ScaleToBoards(sum[p], played[p], f.scaledTo)
			f.earned = f.total
			if isMP && possible[p] > 0 {
				perBoard := possible[p] / float64(played[p])
				switch {
				case sb.conv.TotalOfSection:
					// the written total over the tops of as many boards
					f.total = scoring.Round2(f.total)
					f.earned, f.over = f.total, possible[p]*float64(f.scaledTo)/float64(played[p])
					f.percentage = sb.conv.Percentage(f.earned, f.over)
				case sb.conv.SitOutPercent > 0 && played[p] < f.scaledTo:
					// each board sat out at SitOutPercent of the pair's mean top
					f.earned = sum[p] + sb.conv.SitOutPercent/100*perBoard*float64(f.scaledTo-played[p])
					f.over = perBoard * float64(f.scaledTo)
					f.percentage = sb.conv.Percentage(f.earned, f.over)
				default:
					f.over = perBoard * float64(f.scaledTo)
					f.percentage = sb.conv.Percentage(sum[p], possible[p])
				}
			}
		}
		out[p] = f
	}
	return out
}

// pairStandingsBy is pairStandings on boards compared already: within the
// section (compareSection) or across its field (fieldBoards), whose top
// (sb.full) the percentages are of.
func pairStandingsBy(method Method, m *movement.Movement, results []Result, stored []Pair, sb sectionBoards, pens []Penalty) []Standing {
	figs := entrantFigures(method, m, results, stored, &sb, pens)
	players := map[[2]string][]string{}
	listed := map[[2]string]bool{}
	for _, p := range stored {
		listed[[2]string{p.Number, p.Direction}] = true
		var names []string
		for _, pl := range p.Players {
			names = append(names, pl.Name)
		}
		players[[2]string{p.Number, p.Direction}] = names
	}
	_, isMP := method.mpScale()
	var out []Standing
	var totals []float64
	var fields []int
	for p := 1; p < len(figs); p++ {
		if p == m.Phantom {
			continue
		}
		f := &figs[p]
		number, dir := m.PairLabel(p)
		if m.Kind == movement.KindIndividual {
			number, dir = strconv.Itoa(p), ""
		}
		if f.played == 0 && len(listed) > 0 && !listed[[2]string{number, dir}] {
			continue // a number no pair has, as in a file whose pairs are not numbered from 1
		}
		st := Standing{Number: number, Direction: dir, Players: players[[2]string{number, dir}], Boards: f.played}
		if f.pen != 0 {
			st.Penalty = scoring.Round2(f.pen)
			_, st.Penalties = penaltyDeduction(pens, number, dir, 0)
		}
		st.Total = scoring.Round2(f.total)
		st.Percentage = f.percentage
		out = append(out, st)
		if isMP && sb.conv.PlaceByPercentage {
			totals = append(totals, st.Percentage)
		} else {
			totals = append(totals, st.Total)
		}
		fields = append(fields, m.Field(p))
	}
	for i, place := range scoring.PlacesPerField(totals, fields) {
		out[i].Place = place
	}
	slices.SortStableFunc(out, byDirectionPlace)
	return out
}

// playerTotals totals an individual's players (by player number, index 0
// unused) from its lines, those of the statuses skipped left out: on every
// board a player's points are their side's — the line's NS points North's
// and South's, its EW points East's and West's, as the round's table
// seats them — so each player's sum is that of the partnerships they sat
// in. A round a substitute sat in a player's seat (a later player of the
// entrant, Player.From to To, stored) is the substitute's and not the
// player's: the player is ranked on the rounds they played, as a pair is
// on the boards it played (pairStandingsBy scales to the most boards
// played); their partner and opponents keep the board. Penalties are taken
// off each player's sum.
func playerTotals(method Method, m *movement.Movement, results []Result, sb *sectionBoards, pens []Penalty, stored []Pair, skip ...Status) (sum, pen, possible []float64, played []int) {
	sum = make([]float64, m.Players+1)
	possible = make([]float64, m.Players+1)
	played = make([]int, m.Players+1)
	away := substituted(m, stored)
	for b, idx := range sb.boards {
		pts := sb.points[b]
		for k, i := range idx {
			r := &results[i]
			if slices.Contains(skip, r.Status) {
				continue
			}
			rd, ok := m.Round(r.Round)
			if !ok {
				continue
			}
			t, ok := rd.Table(r.Table)
			if !ok || len(t.Players) != 4 {
				continue
			}
			for s, pl := range t.Players {
				if pl < 1 || pl > m.Players || away[pl][r.Round] {
					continue
				}
				sum[pl] += pts.Counted[s%2][k] // seats N, E, S, W: NS's points, EW's, NS's, EW's
				possible[pl] += pts.CountTop
				played[pl]++
			}
		}
	}
	pen = penaltiesOff(method, sb, pens, sum, func(p int) (string, string) { return strconv.Itoa(p), "" })
	return sum, pen, possible, played
}

// substituted lists, for each of an individual's players (by number), the
// rounds a substitute sat in their seat (Pair.SatIn).
func substituted(m *movement.Movement, stored []Pair) []map[int]bool {
	players := m.Players
	away := make([]map[int]bool, players+1)
	for _, p := range stored {
		n, err := strconv.Atoi(p.Number)
		if err != nil || n < 1 || n > players {
			continue
		}
		for r := 1; r <= len(m.Rounds); r++ {
			if _, sub := p.SatIn(r, len(m.Rounds)); sub {
				if away[n] == nil {
					away[n] = map[int]bool{}
				}
				away[n][r] = true
			}
		}
	}
	return away
}

// SatIn is who sat in an individual entrant's seat in round r of a
// section of rounds rounds, substitutes applied: the later player whose
// rounds (From to To; To 0: to the last round) hold r, a substitute (true),
// else the entrant, its first player (false). Every place that names or
// scores the player at a seat (standings, score cards, the workbook, PBN
// and USEBIO) asks this. A pair without players gives a zero Player.
func (p Pair) SatIn(r, rounds int) (Player, bool) {
	for _, pl := range p.Players[min(1, len(p.Players)):] {
		if pl.From >= 1 && r >= pl.From && r <= cmp.Or(pl.To, rounds) {
			return pl, true
		}
	}
	if len(p.Players) == 0 {
		return Player{}, false
	}
	return p.Players[0], false
}

// SeatedAt finds who sat in individual player n's seat in round r of
// section sd, substitutes applied (Pair.SatIn): ok false when no entrant
// has number n.
func (sd *SectionData) SeatedAt(n, r int) (pl Player, sub, ok bool) {
	for _, p := range sd.Pairs {
		if p.Number == strconv.Itoa(n) && p.Direction == "" {
			pl, sub = p.SatIn(r, len(sd.Section.Movement.Rounds))
			return pl, sub, true
		}
	}
	return Player{}, false, false
}

// byDirectionPlace orders standings as they are printed: NS before EW,
// then by place.
func byDirectionPlace(a, b Standing) int {
	if a.Direction != b.Direction {
		if a.Direction < b.Direction {
			return 1 // NS before EW
		}
		return -1
	}
	return a.Place - b.Place
}

// teamMatch is one match of a teams round: its two rooms' tables.
type teamMatch struct {
	round        int
	room1, room2 *movement.Table // room 1: the home team sits NS; room 2: the away team sits NS
}

// teamMatches lists the matches of a teams movement.
func teamMatches(m *movement.Movement) []teamMatch {
	var out []teamMatch
	for ri := range m.Rounds {
		rd := &m.Rounds[ri]
		byMatch := map[int][]*movement.Table{}
		for ti := range rd.Tables {
			t := &rd.Tables[ti]
			if t.Match > 0 {
				byMatch[t.Match] = append(byMatch[t.Match], t)
			}
		}
		for _, k := range slices.Sorted(maps.Keys(byMatch)) {
			rooms := byMatch[k]
			if len(rooms) != 2 {
				continue
			}
			if rooms[0].Table > rooms[1].Table {
				rooms[0], rooms[1] = rooms[1], rooms[0]
			}
			out = append(out, teamMatch{round: rd.Number, room1: rooms[0], room2: rooms[1]})
		}
	}
	return out
}

// comparable reports whether a result has a score two rooms can compare.
func comparable(r *Result) bool {
	return r.Status == StatusPlayed || r.Status == StatusPassedOut || r.Status == StatusAssigned
}

// playedMatch is a match of a teams round with the results both its rooms
// have for each board: results[i] in room 1 and results[j] in room 2.
type playedMatch struct {
	home, away int      // the teams: home sits NS in room 1, away in room 2 (0: not a team)
	round      int      // the round it is played in
	rooms      [][2]int // per board with a comparable result in both rooms, the two results' indexes
	artificial [][2]int // per board with an artificial score in a room (Law 12C2): the two rooms' results' indexes, −1 where a room has none; counted at IMP_TEAMS only (team_artificial.go)
}

// playedMatches finds each match's boards that both rooms have played (on
// a fouled board, the same version of it: rooms that played different
// versions are not compared).
func playedMatches(m *movement.Movement, results []Result) []playedMatch {
	type at struct{ round, table, board int }
	idx := make(map[at]int, len(results))
	for i := range results {
		idx[at{results[i].Round, results[i].Table, results[i].Board}] = i
	}
	var out []playedMatch
	for _, mt := range teamMatches(m) {
		pm := playedMatch{home: m.TeamOf(mt.room1.NS), away: m.TeamOf(mt.room2.NS), round: mt.round}
		for _, b := range mt.room1.Boards {
			i, ok1 := idx[at{mt.round, mt.room1.Table, b}]
			j, ok2 := idx[at{mt.round, mt.room2.Table, b}]
			if (ok1 && results[i].Status == StatusArtificial) || (ok2 && results[j].Status == StatusArtificial) {
				if !ok1 {
					i = -1
				}
				if !ok2 {
					j = -1
				}
				pm.artificial = append(pm.artificial, [2]int{i, j})
				continue
			}
			if ok1 && ok2 && comparable(&results[i]) && comparable(&results[j]) && results[i].PlayedVersion() == results[j].PlayedVersion() {
				pm.rooms = append(pm.rooms, [2]int{i, j})
			}
		}
		out = append(out, pm)
	}
	return out
}

// ownBoards returns a board of a match as each team's own results make it
// (Law 12C1(b): a split assigned score gives each side its own): home's is
// room 1's NS score against room 2's as its EW side takes it, away's room
// 1's as its EW side takes it against room 2's NS score (Result.EWSideScore).
// A balanced board's two are the same.
func ownBoards(results []Result, r [2]int) (home, away scoring.MatchBoard) {
	open, closed := &results[r[0]], &results[r[1]]
	return scoring.MatchBoard{OpenNS: open.NSScore, ClosedNS: closed.EWSideScore()},
		scoring.MatchBoard{OpenNS: open.EWSideScore(), ClosedNS: closed.NSScore}
}

// teamBoardIMPs returns, per result, the IMPs its NS side won on the board
// against the other room of its match (0 until both rooms have a result).
func teamBoardIMPs(m *movement.Movement, results []Result) []float64 {
	out := make([]float64, len(results))
	for i, p := range teamBoardPoints(MethodIMPTeams, m, results) {
		out[i] = p[0]
	}
	return out
}

// teamBoardPoints returns, per result, what its NS side's team and its EW
// side's team scored on the board against the other room of its match,
// by method: IMPs (IMP_TEAMS), 1, ½ or 0 (BAM_TEAMS), 2, 1 or 0 (Patton's
// board points; the aggregate's are the match's), net total points
// (AGGREGATE_TEAMS); 0, 0 until both rooms have a result.
func teamBoardPoints(method Method, m *movement.Movement, results []Result) [][2]float64 {
	out := make([][2]float64, len(results))
	for _, pm := range playedMatches(m, results) {
		for _, r := range pm.rooms {
			// Each team's figure from its own board (ownBoards).
			hb, ab := ownBoards(results, r)
			figures := func(b []scoring.MatchBoard) (home, away float64) {
				switch method {
				case MethodBAMTeams:
					return scoring.BoardAMatch(b)
				case MethodPattonTeams:
					home, away = scoring.BoardAMatch(b)
					return 2 * home, 2 * away
				case MethodAggregateTeams:
					home = float64(scoring.Aggregate(b))
					return home, 0 - home
				}
				home = float64(b[0].HomeIMPs())
				return home, 0 - home
			}
			home, _ := figures([]scoring.MatchBoard{hb})
			_, away := figures([]scoring.MatchBoard{ab})
			// Room 1: the home team sits NS; room 2: the away team does.
			out[r[0]], out[r[1]] = [2]float64{home, away}, [2]float64{away, home}
		}
		// Board-a-match, Patton and aggregate leave a board with an
		// artificial score out of its match: Law 12C2(a) (WBF Laws 2017)
		// gives average plus and minus as percentages "in pairs" and their
		// equivalents "in IMP play" (±3 IMPs) only, and no regulation was
		// found (WBF, EBU White Book, ACBL, ACBLscore's manual: searched
		// 2026-11-27 and again 2026-11-28) that says
		// what they are worth in a board won or lost, a Patton point or a
		// total-point aggregate. A figure of our own would be a ruling the
		// Law does not make.
		if method == MethodBAMTeams || method == MethodPattonTeams || method == MethodAggregateTeams {
			continue
		}
		// At IMPs a board with an artificial score shows each team's Law
		// 12C2(a) figure in both rooms (team_artificial.go; the session
		// option's figures are the standings').
		for _, a := range pm.artificial {
			h, w := artificialBoard(results, a, pm.home, pm.away, lawIMPs)
			if a[0] >= 0 {
				out[a[0]] = [2]float64{float64(h), float64(w)}
			}
			if a[1] >= 0 {
				out[a[1]] = [2]float64{float64(w), float64(h)}
			}
		}
	}
	return out
}

// teamStandings totals a teams section on the WBF continuous scale, without
// byes: teamStandingsBy.
func teamStandings(m *movement.Movement, results []Result, rosters []Roster) []Standing {
	return teamStandingsBy(m, results, rosters, teamScoring{scale: scoring.WBFContinuous{}})
}

// teamStandingsBy totals a teams section: each match's IMPs on the boards
// both rooms have played, converted to VPs on ts's scale, and in a Swiss
// ts's VPs for each bye (a team sitting out a round released); places by
// VPs.
func teamStandingsBy(m *movement.Movement, results []Result, rosters []Roster, ts teamScoring) []Standing {
	if ts.method != "" && ts.method != MethodIMPTeams {
		return teamPointStandings(m, results, rosters, ts)
	}
	n := len(m.Teams)
	boards := make([]int, n)
	vps, penVPs := make([]float64, n), make([]float64, n)
	imps := make([]int, n)
	for _, t := range teamTallies(m, results, ts.session, ts.penalties) {
		if t.home < 1 || t.away < 1 || t.home > n || t.away > n || t.boards == 0 {
			continue
		}
		h, w := t.vps(ts.scale)
		ph, pw := t.penaltyVPs(ts.scale)
		vps[t.home-1] += h
		vps[t.away-1] += w
		penVPs[t.home-1] += ph
		penVPs[t.away-1] += pw
		imps[t.home-1] += t.homeMargin
		imps[t.away-1] += t.awayMargin
		boards[t.home-1] += t.boards
		boards[t.away-1] += t.boards
	}
	names := map[int]Roster{}
	for _, r := range rosters {
		names[r.Number] = r
	}
	var carry []float64
	if ts.byes {
		carry = make([]float64, n)
		for _, rd := range m.Rounds {
			for _, t := range m.Teams {
				if slices.Contains(rd.SitOut, t.Pairs[0]) && ts.hasBye(t.Number, rd.Number) {
					carry[t.Number-1] += ts.bye
				}
			}
		}
	}
	out := make([]Standing, n)
	keys := make([]float64, n)
	for i := range out {
		if i < len(carry) {
			vps[i] += carry[i]
		}
		out[i] = teamStanding(i+1, names[i+1], scoring.Round2(vps[i]), imps[i], boards[i])
		out[i].Penalty = scoring.Round2(penVPs[i])
		keys[i] = out[i].Total
	}
	for i, p := range scoring.Places(keys) {
		out[i].Place = p
	}
	slices.SortStableFunc(out, func(a, b Standing) int { return a.Place - b.Place })
	return out
}

// teamStanding is team number's line before its place.
func teamStanding(number int, r Roster, total float64, imps, boards int) Standing {
	var players []string
	for _, p := range r.Players {
		players = append(players, p.Name)
	}
	return Standing{Number: strconv.Itoa(number), Name: r.Name, Players: players, Total: total, IMPs: imps, Boards: boards}
}

// teamPointStandings totals a teams section scored by board-a-match,
// Patton or aggregate (ts.method): each team's points over its matches
// (teamMatchScores: board points, Patton points, net total points) and a
// Swiss's byes, its net IMPs beside them; places by points.
func teamPointStandings(m *movement.Movement, results []Result, rosters []Roster, ts teamScoring) []Standing {
	n := len(m.Teams)
	total := make([]float64, n+1)
	imps := make([]int, n+1)
	boards := make([]int, n+1)
	for _, ms := range teamMatchScores(m, results, ts) {
		if ms.Home < 1 || ms.Home > n || ms.Away > n {
			continue
		}
		total[ms.Home] += ms.HomeVPs
		if ms.Bye() {
			continue
		}
		total[ms.Away] += ms.AwayVPs
		imps[ms.Home] += ms.HomeIMPs - ms.AwayIMPs
		imps[ms.Away] += ms.AwayIMPs - ms.HomeIMPs
		boards[ms.Home] += ms.Boards
		boards[ms.Away] += ms.Boards
	}
	names := map[int]Roster{}
	for _, r := range rosters {
		names[r.Number] = r
	}
	out := make([]Standing, n)
	keys := make([]float64, n)
	for i := range out {
		out[i] = teamStanding(i+1, names[i+1], scoring.Round2(total[i+1]), imps[i+1], boards[i+1])
		keys[i] = out[i].Total
	}
	for i, p := range scoring.Places(keys) {
		out[i].Place = p
	}
	slices.SortStableFunc(out, func(a, b Standing) int { return a.Place - b.Place })
	return out
}
