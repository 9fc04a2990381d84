package reports

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// usebioEvent turns a USEBIO file into an EventData under contract-2017:
// one section holding the file's pairs, boards (dealer and vulnerability from
// the number, the deal from HANDSET) and traveler lines. A one-winner file
// gets a custom movement built from the lines (see fillSets and
// meetingRounds); a two-winner file (WINNER_TYPE 2, or pairs numbered
// "1NS" and "1EW" as Compscore3 writes them, or every PAIR with its
// DIRECTION) gets the two-winner Mitchell its lines follow, or else a
// custom movement ranked NS and EW apart (see twoWinnerMovement). Every played line is scored again; a SCORE that
// differs is a note (an error when reading strictly). Errors are *FileError
// naming the element, its line and what was expected.
func (rd *reading) usebioEvent(u *USEBIO) (tournament.EventData, error) {
	ev := &u.Event
	e, err := rd.usebioEventHeader(ev)
	if err != nil {
		return tournament.EventData{}, err
	}
	ev.Boards = rd.usebioPlayedBoards(ev.Boards) // pairs and individuals alike; a section's below
	if isUSEBIOIndividual(ev) {
		return rd.usebioIndividualEvent(ev, e)
	}
	if len(ev.Teams) > 0 && len(ev.Matches) > 0 {
		return rd.usebioTeamsEvent(ev, e)
	}
	two := rd.usebioTwoWinner(ev)
	sections := ev.Sections
	if len(sections) == 0 {
		sections = []USEBIOSection{{Line: ev.Line, Name: "A", Session: 1, Pairs: ev.Pairs, Boards: ev.Boards}}
	} else if len(sections) > 1 {
		names := make([]string, len(sections))
		for i, s := range sections {
			names[i] = s.Name
		}
		how := "each is a section of its own, its pairs numbered within it"
		if b, n, top, ok := usebioAcrossField(ev, sections); ok {
			e.Overall.Field = tournament.FieldAcross
			how = "each is a section of its own, its pairs numbered within it, and its boards are scored across the field of its session, " +
				"as the file's matchpoints are (board " + strconv.Itoa(b) + ": " + strconv.Itoa(n) + " results in all, a top of " + strconv.Itoa(top) + ")"
		}
		rd.note(sections[0].Line, "EVENT/SESSION/SECTION", "the event has "+strconv.Itoa(len(sections))+" sections ("+strings.Join(names, ", ")+"): "+how)
	}
	d := tournament.EventData{Event: e}
	for _, s := range sections {
		part := *ev
		part.Pairs, part.Boards, part.Sections = s.Pairs, rd.usebioPlayedBoards(s.Boards), nil
		sd, err := rd.usebioSectionData(&part, e, two, s.Name, s.Session, len(d.Sections))
		if err != nil {
			return tournament.EventData{}, err
		}
		d.Sections = append(d.Sections, sd)
	}
	d.ScoreAcrossField()
	for i := range d.Sections {
		rd.noteUncompared(&d.Sections[i], sections[i], ev.Line)
	}
	return d, nil
}

// noteUncompared says why figures of 0 are what they are where a board
// has one line only in its field (nothing to compare it with: a top of 0
// at matchpoints when no board has more lines to scale it to by Neuberg's
// formula, 0 against its own average or datum at the other methods but
// TOTAL, where a score is a result alone): a note at the board's
// line (once, counted after), and one naming the pairs that played no
// board with another score, whose total and percentage are then no result
// (a file listing one pair, testdata: TestAPIImportOnePair). The note is
// at the first such pair's PAIR line, else the EVENT's (eventLine).
func (rd *reading) noteUncompared(sd *tournament.SectionData, s USEBIOSection, eventLine int) {
	two := sd.Section.Movement.Winners == 2
	key := func(number, dir string) [2]string {
		if !two {
			dir = ""
		}
		return [2]string{number, dir}
	}
	compared := map[[2]string]bool{}
	var order [][2]string
	scored := func(t *tournament.Traveler) (only *tournament.Result, n int) {
		for i := range t.Lines {
			if r := &t.Lines[i].Result; r.Status != tournament.StatusNotPlayed {
				only, n = r, n+1
			}
		}
		return only, n
	}
	most := 0 // the most lines a board has: at matchpoints a board played once is Neuberg-scaled to it
	for i := range sd.Travelers {
		_, n := scored(&sd.Travelers[i])
		most = max(most, n)
	}
	mp := false
	for _, t := range sd.Travelers {
		if t.Method == tournament.MethodTotal {
			return // a total is a result with nothing to compare it with
		}
		mp = t.Method.HasPercentage()
		only, n := scored(&t)
		alone := n == 1 && (!mp || t.Top == 0 && most <= 1)
		for _, l := range t.Lines {
			if l.Result.Status == tournament.StatusNotPlayed {
				continue
			}
			for _, k := range [][2]string{key(l.Result.NS, "NS"), key(l.Result.EW, "EW")} {
				if _, seen := compared[k]; !seen {
					order = append(order, k)
				}
				compared[k] = compared[k] || !alone
			}
		}
		if !alone {
			continue
		}
		line := s.Line
		for _, b := range s.Boards {
			if b.Number != t.Board.Number {
				continue
			}
			line = b.Line
			for _, ul := range b.Lines {
				ns, _, _ := splitPairNumber(ul.NS)
				ew, _, _ := splitPairNumber(ul.EW)
				if strconv.Itoa(ns) == only.NS && strconv.Itoa(ew) == only.EW {
					line = ul.Line
					break
				}
			}
		}
		what := "so it scores 0 for both sides"
		if mp {
			what += " on a top of 0"
		}
		rd.noteOnce("one line", line, "BOARD/TRAVELLER_LINE", "board "+strconv.Itoa(t.Board.Number)+" has one traveller line only: no other score to compare it with, "+what)
	}
	var none []string
	at := 0
	for _, k := range order {
		if compared[k] {
			continue
		}
		label := k[0]
		if k[1] != "" {
			label = k[1] + " " + k[0]
		}
		none = append(none, label)
		if at == 0 {
			for _, p := range s.Pairs {
				n, dir, _ := splitPairNumber(p.Number)
				if dir == "" {
					dir = p.Direction
				}
				if key(strconv.Itoa(n), dir) == k {
					at = p.Line
				}
			}
		}
	}
	if len(none) == 0 {
		return
	}
	if at == 0 {
		at = eventLine
	}
	who, verb, its := "pair "+none[0], " plays", "its"
	if len(none) > 1 {
		who, verb, its = "pairs "+strings.Join(none[:len(none)-1], ", ")+" and "+none[len(none)-1], " play", "their"
	}
	figure := " 0 % is no result"
	if !mp {
		figure = " total of 0 is no result"
	}
	rd.note(at, "PARTICIPANTS/PAIR", who+verb+" no board with another score to compare: "+its+figure)
}

// usebioAcrossField reports whether a file of several sections scored its
// matchpoints across the field, as EBUScore does a session of sections
// (testdata/usebio/ebuscore_pairs_two_sections.xml): some board is played
// in two sections or more of a session, and every line of such a board
// with both sides' matchpoints adds up (to 0.05, the file's rounding) to
// the top of the session's whole field, 2(n − 1) for the most results n a
// board has in it (a board played fewer times Neuberg-scaled to it), where
// its own section's would be less. It returns the first such board, its
// results and the top.
func usebioAcrossField(ev *USEBIOEvent, sections []USEBIOSection) (board, results, top int, ok bool) {
	if ev.ScoringMethod != "" && ev.ScoringMethod != "MATCH_POINTS" && ev.ScoringMethod != "MP" && ev.ScoringMethod != "MATCHPOINTS" {
		return 0, 0, 0, false
	}
	type key struct{ session, board int }
	count, in := map[key]int{}, map[key]int{}
	most := map[int]int{} // a session's most results on a board
	for _, s := range sections {
		for _, b := range s.Boards {
			k := key{s.Session, b.Number}
			count[k] += len(b.Lines)
			in[k]++
			most[s.Session] = max(most[s.Session], count[k])
		}
	}
	for _, s := range sections {
		for _, b := range s.Boards {
			k := key{s.Session, b.Number}
			if in[k] < 2 || len(b.Lines) == count[k] {
				continue
			}
			field := 2 * (most[s.Session] - 1)
			for _, l := range b.Lines {
				if l.Points != PointsMatchPoints || !l.NSPoints.Given() || !l.EWPoints.Given() || l.Score.Artificial {
					continue
				}
				if math.Abs(l.NSPoints.Value+l.EWPoints.Value-float64(field)) > 0.05 {
					return 0, 0, 0, false
				}
				if !ok {
					board, results, top, ok = b.Number, count[k], field, true
				}
			}
		}
	}
	return board, results, top, ok
}

// usebioSectionData reads one field of pairs (ev holding its pairs and
// boards) into the section of e named name in session.
func (rd *reading) usebioSectionData(ev *USEBIOEvent, e tournament.Event, two bool, name string, session, index int) (tournament.SectionData, error) {
	pairs, known, err := usebioPairs(ev, two)
	if err != nil {
		return tournament.SectionData{}, err
	}
	boards, meetings, results, err := usebioLines(ev, two)
	if err != nil {
		return tournament.SectionData{}, err
	}
	sec, err := usebioSection(ev, meetings, results, known, two)
	if err != nil {
		return tournament.SectionData{}, err
	}
	if err := rd.methodFits(e.Scoring, &sec, FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT EVENT_TYPE", Value: ev.Type}); err != nil {
		return tournament.SectionData{}, err
	}
	if err := rd.checkUSEBIOScores(ev, &sec, boards, results); err != nil {
		return tournament.SectionData{}, err
	}
	sec.Name, sec.Session = name, session
	unlisted := unlistedPairs(meetings, known, &sec.Movement)
	pairs = append(pairs, unlisted...)
	rd.official = usebioOfficial(rd.official, index, ev, results, two)
	sec.Penalties = rd.usebioPenalties(ev, e.Scoring, &sec) // as traveler writes them (usebioPenaltyData)
	sd := tournament.BuildSection(e, sec, pairs, nil, boards, results)
	rd.notePairsOf(ev, unlisted, &sd)
	return sd, nil
}

// notePairsOf says what the file's pairs leave to traveler: a PAIR that
// plays no board in the traveller lines (kept in the standings with no
// score, not dropped), the pairs the lines name that PARTICIPANTS does not
// list (added with no players: traveler did not make them up), and a file
// that lists a single pair.
func (rd *reading) notePairsOf(ev *USEBIOEvent, unlisted []tournament.Pair, sd *tournament.SectionData) {
	label := func(number, dir string) string {
		if dir != "" {
			return dir + " " + number
		}
		return number
	}
	played := map[[2]string]int{}
	for _, st := range sd.Standings.Pairs {
		played[[2]string{st.Number, st.Direction}] = st.Boards
	}
	for _, p := range ev.Pairs {
		n, dir, _ := splitPairNumber(p.Number)
		if dir == "" {
			dir = p.Direction
		}
		if sd.Section.Movement.Winners != 2 {
			dir = ""
		}
		if b, ok := played[[2]string{strconv.Itoa(n), dir}]; ok && b == 0 {
			rd.note(p.Line, "PARTICIPANTS/PAIR", "pair "+label(strconv.Itoa(n), dir)+" plays no board in the traveller lines: kept in the standings with no score")
		}
	}
	if len(unlisted) > 0 {
		names := make([]string, len(unlisted))
		for i, p := range unlisted {
			names[i] = label(p.Number, p.Direction)
		}
		rd.note(ev.Line, "EVENT/BOARD/TRAVELLER_LINE", "the traveller lines name pairs PARTICIPANTS does not list ("+strings.Join(names, ", ")+"): added with no players and ranked on their lines")
	}
	if len(ev.Pairs) == 1 {
		rd.note(ev.Pairs[0].Line, "PARTICIPANTS/PAIR", "the file lists one pair only: the others are known only by their numbers in the traveller lines")
	}
}

// usebioOfficial adds to o (nil: none yet) the file's own figures of the
// event's section index (official.go): each line's points (results in file
// order, their rounds and tables set) and each pair's total, percentage and
// place.
func usebioOfficial(o *officialFigures, index int, ev *USEBIOEvent, results []tournament.Result, two bool) *officialFigures {
	if o == nil {
		o = &officialFigures{}
	}
	k := 0
	for _, b := range ev.Boards {
		for _, l := range b.Lines {
			r := &results[k]
			k++
			if l.Points == PointsNone {
				continue
			}
			o.lines = append(o.lines, officialLine{section: index, line: l.Line,
				elements: [2]string{"BOARD/TRAVELLER_LINE/" + pointsElements[l.Points][0], "BOARD/TRAVELLER_LINE/" + pointsElements[l.Points][1]},
				board:    b.Number, round: r.Round, table: r.Table, ns: r.NS, ew: r.EW, points: [2]Figure{l.NSPoints, l.EWPoints}})
		}
	}
	for _, p := range ev.Pairs {
		n, dir, err := splitPairNumber(p.Number)
		if err != nil {
			continue
		}
		if p.Direction != "" {
			dir = p.Direction
		}
		if !two {
			dir = ""
		}
		o.pairs = append(o.pairs, officialPair{section: index, line: p.Line, number: strconv.Itoa(n), direction: dir,
			elements: [3]string{"PARTICIPANTS/PAIR/TOTAL_SCORE", "PARTICIPANTS/PAIR/PERCENTAGE", "PARTICIPANTS/PAIR/PLACE"},
			total:    p.Total, percentage: p.Percentage, place: p.Place})
	}
	return o
}

// usebioEventHeader reads the event's name, date, scoring method and
// convention (usebioConvention).
func (rd *reading) usebioEventHeader(ev *USEBIOEvent) (tournament.Event, error) {
	method, err := rd.usebioMethod(ev)
	if err != nil {
		return tournament.Event{}, err
	}
	date, err := rd.eventDate(ev.Date, ev.Line, "EVENT/DATE")
	if err != nil {
		return tournament.Event{}, err
	}
	name := ev.Name
	if name == "" {
		name = ev.Title
	}
	name = rd.eventName(name, ev.Line, "EVENT/EVENT_DESCRIPTION")
	conv, err := rd.usebioConvention(ev)
	if err != nil {
		return tournament.Event{}, err
	}
	return tournament.Event{Name: name, Date: date, Law: scoring.Contract2017, LawOptions: fileOptions(scoring.Contract2017, ev.Notes), Scoring: method,
		Convention: conv}, nil
}

// usebioTwoWinner tells whether the event had a winner each way:
// WINNER_TYPE 2, or (without WINNER_TYPE) pairs numbered with their
// direction ("1NS") or every PAIR given a DIRECTION.
func (rd *reading) usebioTwoWinner(ev *USEBIOEvent) bool {
	if ev.WinnerType != 0 {
		return ev.WinnerType == 2
	}
	directed := 0
	for _, p := range ev.Pairs {
		if _, dir, err := splitPairNumber(p.Number); err == nil && dir != "" || p.Direction != "" {
			directed++
		}
	}
	if directed > 0 && directed == len(ev.Pairs) {
		rd.note(ev.Line, "EVENT/WINNER_TYPE", "not given: every pair has its direction, so the event is read as having a winner each way")
		return true
	}
	return false
}

// pairKey is a pair as a file names it: its number and, in a two-winner
// event, its direction ("NS" or "EW"; "" in a one-winner event).
type pairKey struct {
	number    int
	direction string
}

// splitPairNumber reads a pair number as files write it: "7", or with its
// direction as Compscore3 writes a two-winner Mitchell's pairs ("7NS",
// "7EW", also "7 NS", "7-EW", lower case): the number (1 to
// maxPairNumber) and the direction ("NS", "EW" or "").
func splitPairNumber(s string) (int, string, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	dir := ""
	for _, d := range [2]string{"NS", "EW"} {
		if rest, ok := strings.CutSuffix(t, d); ok {
			dir, t = d, strings.TrimRight(rest, " -")
			break
		}
	}
	n, err := pairNumber(t)
	if err == nil && n > maxPairNumber {
		err = strconv.ErrRange
	}
	return n, dir, err
}

// usebioPairs reads the PARTICIPANTS: the pairs in file order and the set
// of pairs listed. In a two-winner event every PAIR has a direction (its
// DIRECTION, or the one its number carries), and a number is unique within
// its direction.
func usebioPairs(ev *USEBIOEvent, two bool) ([]tournament.Pair, map[pairKey]bool, error) {
	const path = "PARTICIPANTS/PAIR/"
	var pairs []tournament.Pair
	known := map[pairKey]bool{}
	for _, p := range ev.Pairs {
		n, dir, err := splitPairNumber(p.Number)
		if err != nil {
			return nil, nil, &FileError{Format: "USEBIO", Line: p.Line, Element: path + "PAIR_NUMBER", Value: p.Number, Expected: "a pair number from 1 to " + strconv.Itoa(maxPairNumber) + " (in a two-winner event also 1NS, 1EW)"}
		}
		if p.Direction != "" {
			if dir != "" && dir != p.Direction {
				return nil, nil, &FileError{Format: "USEBIO", Line: p.Line, Element: path + "DIRECTION", Value: p.Direction, Expected: "the direction the PAIR_NUMBER " + p.Number + " says"}
			}
			dir = p.Direction
		}
		k := pairKey{number: n}
		if two {
			if dir == "" {
				return nil, nil, &FileError{Format: "USEBIO", Line: p.Line, Element: path + "DIRECTION", Expected: "NS or EW: in a two-winner event (WINNER_TYPE 2) every pair has its direction"}
			}
			k.direction = dir
		}
		if known[k] {
			unique := "a pair number no other PAIR has"
			if two {
				unique = "a pair number no other " + k.direction + " PAIR has"
			}
			return nil, nil, &FileError{Format: "USEBIO", Line: p.Line, Element: path + "PAIR_NUMBER", Value: p.Number, Expected: unique}
		}
		known[k] = true
		tp := tournament.Pair{Number: strconv.Itoa(n), Direction: k.direction}
		for i, name := range p.Players {
			pl := tournament.Player{Name: name}
			if i < len(p.PlayerNumbers) {
				pl.Number = p.PlayerNumbers[i]
			}
			tp.Players = append(tp.Players, pl)
		}
		pairs = append(pairs, tp)
	}
	return pairs, known, nil
}

// usebioPlayedBoards returns boards without those after the last board
// with a traveller line that have none: a HANDSET wider than the boards
// played (as EBUScore writes a whole hand set), whose deals are noted
// and not stored, as the PBN reader does. boards is not changed.
func (rd *reading) usebioPlayedBoards(boards []USEBIOBoard) []USEBIOBoard {
	last := 0
	for _, b := range boards {
		if len(b.Lines) > 0 {
			last = max(last, b.Number)
		}
	}
	var kept []USEBIOBoard
	var beyond []int
	first := 0
	for _, b := range boards {
		if last > 0 && b.Number > last && len(b.Lines) == 0 {
			beyond = append(beyond, b.Number)
			if first == 0 || b.Line < first {
				first = b.Line
			}
			continue
		}
		kept = append(kept, b)
	}
	rd.noteWiderHandSet(first, "HANDSET/BOARD", beyond, last)
	return kept
}

// usebioLines reads the boards and their traveler lines into results (in
// file order) and meetings: one for each NS pair number against each EW
// pair number, ns and ew being those numbers.
func usebioLines(ev *USEBIOEvent, two bool) (map[int]tournament.Board, []meeting, []tournament.Result, error) {
	boards := map[int]tournament.Board{}
	var meetings []meeting
	var results []tournament.Result
	at := map[[2]int]int{} // NS, EW → index in meetings
	for _, b := range ev.Boards {
		if len(b.Lines) > maxBoardLines {
			return nil, nil, nil, tooManyLines("USEBIO", b.Lines[maxBoardLines].Line, b.Number)
		}
		tb := tournament.Board{Number: b.Number, Dealer: scoring.BoardDealer(b.Number), Vulnerability: scoring.BoardVulnerability(b.Number)}
		if b.HasDeal() {
			tb.Deal = b.Deal
		}
		boards[b.Number] = tb
		for _, l := range b.Lines {
			r, err := usebioResult(b.Number, &l, two)
			if err != nil {
				return nil, nil, nil, err
			}
			ns, _ := strconv.Atoi(r.NS)
			ew, _ := strconv.Atoi(r.EW)
			key := [2]int{ns, ew}
			i, ok := at[key]
			if !ok {
				i = len(meetings)
				at[key] = i
				meetings = append(meetings, meeting{ns: ns, ew: ew})
			}
			if slices.Contains(meetings[i].boards, b.Number) {
				return nil, nil, nil, &FileError{Format: "USEBIO", Line: l.Line, Element: "BOARD/TRAVELLER_LINE", Value: r.NS + " v " + r.EW,
					Expected: "one line per board for each NS and EW pair (board " + strconv.Itoa(b.Number) + " is there twice)"}
			}
			meetings[i].boards = append(meetings[i].boards, b.Number)
			meetings[i].lines = append(meetings[i].lines, len(results))
			results = append(results, r)
		}
	}
	if len(results) == 0 {
		return nil, nil, nil, &FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT/BOARD/TRAVELLER_LINE", Expected: "at least one traveler line"}
	}
	return boards, meetings, results, nil
}

// usebioSection builds the section of the file's lines: its movement, with
// every result's Round and Table set. A one-winner file gets a custom
// movement of pairs 1 to the highest number listed or played; a two-winner
// file the Mitchell its lines follow. The meetings' ew becomes a movement
// pair.
func usebioSection(ev *USEBIOEvent, meetings []meeting, results []tournament.Result, known map[pairKey]bool, two bool) (tournament.Section, error) {
	boards := 0
	for _, b := range ev.Boards {
		boards = max(boards, b.Number)
	}
	sec := tournament.Section{Session: 1, Name: "A"}
	if two {
		spec, mov, err := twoWinnerMovement(FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT/WINNER_TYPE", Value: "2"}, meetings, results, known, boards)
		if err != nil {
			return sec, err
		}
		sec.Spec, sec.Movement = spec, mov
	} else {
		fillSets(meetings)
		mov := meetingRounds(meetings, results, boards)
		for p := range known {
			mov.Pairs = max(mov.Pairs, p.number)
		}
		mov.Name = "Custom movement, " + strconv.Itoa(mov.Pairs) + " pairs, " + strconv.Itoa(len(mov.Rounds)) + " rounds"
		fillSitOut(&mov)
		sec.Spec, sec.Movement = tournament.MovementSpec{Kind: "custom", Schedule: mov.Rounds, Unbalanced: true}, mov
	}
	sec.CurrentRound = len(sec.Movement.Rounds)
	return sec, nil
}

// checkUSEBIOScores scores every line (results in file order) under
// contract-2017 and holds it to the file's SCORE (see scoreDisagrees).
func (rd *reading) checkUSEBIOScores(ev *USEBIOEvent, sec *tournament.Section, boards map[int]tournament.Board, results []tournament.Result) error {
	errs := tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), sec, boards, results)
	k := 0
	for _, b := range ev.Boards {
		for _, l := range b.Lines {
			r := &results[k]
			if errs != nil && errs[k] != nil {
				return &FileError{Format: "USEBIO", Line: l.Line, Element: "BOARD/TRAVELLER_LINE/CONTRACT", Value: l.ContractText, Expected: "a result contract-2017 scores (" + errs[k].Error() + ")"}
			}
			if l.Score.Given() && !l.Score.Artificial && r.Status != tournament.StatusNotPlayed && l.Score.Points != r.NSScore {
				if err := rd.scoreDisagrees(l.Line, "BOARD/TRAVELLER_LINE/SCORE", l.Score.Text, r.Contract, r.Declarer, r.Tricks, r.NSScore); err != nil {
					return err
				}
			}
			k++
		}
	}
	return nil
}

// unlistedPairs returns the pairs that play in the meetings but are not in
// the PARTICIPANTS, with their numbers and directions as the movement
// names them.
func unlistedPairs(meetings []meeting, known map[pairKey]bool, m *movement.Movement) []tournament.Pair {
	var out []tournament.Pair
	seen := map[pairKey]bool{}
	for _, mt := range meetings {
		for _, p := range [2]int{mt.ns, mt.ew} {
			number, dir := m.PairLabel(p)
			n, _ := strconv.Atoi(number)
			k := pairKey{number: n, direction: dir}
			if !known[k] && !seen[k] {
				seen[k] = true
				out = append(out, tournament.Pair{Number: number, Direction: dir})
			}
		}
	}
	return out
}

// fillSitOut lists, in every round, the pairs not at a table as sitting out.
func fillSitOut(m *movement.Movement) {
	for ri := range m.Rounds {
		rd := &m.Rounds[ri]
		rd.SitOut = nil
		for p := 1; p <= m.Pairs; p++ {
			if _, ok := rd.Seating(p); !ok {
				rd.SitOut = append(rd.SitOut, p)
			}
		}
	}
}

// usebioResult turns a traveler line into a result (Round and Table not
// set). In a two-winner event (two) NS and EW pairs are numbered apart, so
// NS pair 3 may meet EW pair 3.
func usebioResult(board int, l *USEBIOLine, two bool) (tournament.Result, error) {
	const path = "BOARD/TRAVELLER_LINE/"
	bad := func(el, v, exp string) error {
		return &FileError{Format: "USEBIO", Line: l.Line, Element: path + el, Value: v, Expected: exp}
	}
	ns, nsDir, err := splitPairNumber(l.NS)
	if err != nil || nsDir == "EW" {
		return tournament.Result{}, bad("NS_PAIR_NUMBER", l.NS, "a pair number from 1 to "+strconv.Itoa(maxPairNumber)+" (in a two-winner event also 1NS)")
	}
	ew, ewDir, err := splitPairNumber(l.EW)
	if err != nil || ewDir == "NS" {
		return tournament.Result{}, bad("EW_PAIR_NUMBER", l.EW, "a pair number from 1 to "+strconv.Itoa(maxPairNumber)+" (in a two-winner event also 1EW)")
	}
	if ns == ew && !two {
		return tournament.Result{}, bad("EW_PAIR_NUMBER", l.EW, "a pair other than the NS pair")
	}
	r := tournament.Result{Board: board, NS: strconv.Itoa(ns), EW: strconv.Itoa(ew)}
	switch {
	case l.Assigned != nil:
		if l.HasContract {
			return r, bad("CONTRACT", l.ContractText, "no contract on a line with an assigned adjusted score")
		}
		r.Status, r.Assigned, r.EWAssigned = tournament.StatusAssigned, l.Assigned, l.EWAssigned
	case l.Score.Artificial:
		if l.HasContract {
			return r, bad("CONTRACT", l.ContractText, "no contract on a line with an artificial score ("+l.Score.Text+")")
		}
		r.Status, r.NSPercent, r.EWPercent = tournament.StatusArtificial, l.Score.NSPercent, l.Score.EWPercent
	case l.HasContract && l.Contract.Pass:
		r.Status, r.Contract = tournament.StatusPassedOut, "PASS"
	case l.HasContract:
		if !l.HasDeclarer {
			return r, bad("PLAYED_BY", "", "the declarer's seat (N, E, S or W) for the contract "+l.ContractText)
		}
		if !l.HasTricks {
			return r, bad("TRICKS", "", "the tricks won by the declarer's side for the contract "+l.ContractText)
		}
		r.Status, r.Contract, r.Declarer, r.Tricks = tournament.StatusPlayed, l.Contract.String(), l.Declarer.String(), l.Tricks
		if l.Lead != "" {
			lead, ok := leadCard(l.Lead)
			if !ok {
				return r, bad("LEAD", l.Lead, "a card such as AH or 2C (rank and suit)")
			}
			r.Lead = lead
		}
	case l.Score.Given():
		return r, bad("CONTRACT", "", "the contract of a line scored "+l.Score.Text+" (or an artificial score such as A6040)")
	default:
		r.Status = tournament.StatusNotPlayed
	}
	return r, nil
}

// pairNumber reads a pair number: a whole number, 1 or more.
func pairNumber(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 {
		return 0, strconv.ErrSyntax
	}
	return n, nil
}

// usebioMethod works out how the event was scored: the option's method;
// else the EVENT_TYPE of EVENT, then of PARTICIPANTS (MP_PAIRS,
// BUTLER_PAIRS, CROSS_IMP_PAIRS, and what programs write beside them:
// CROSS_IMP, MP, BUTLER…); else the points the traveler lines carry; else
// SCORING_METHOD (MATCH_POINTS, BUTLER; IMPS is Butler); else matchpoints.
// What it had to assume is noted.
func (rd *reading) usebioMethod(ev *USEBIOEvent) (tournament.Method, error) {
	const el = "EVENT EVENT_TYPE"
	if m, ok := methodOfEventType(ev.Type); ok {
		if m == tournament.MethodMP && rd.opt.Method == "" && acblMatchpoints(ev) {
			return rd.method(tournament.MethodMPACBL, ev.Line, el, "the lines' matchpoints are 1 a score beaten: scored MP_ACBL"), nil
		}
		return rd.method(m, ev.Line, el, ""), nil
	}
	if len(ev.Teams) > 0 && len(ev.Matches) > 0 {
		// A team event (usebio_teams_read.go): its boards are IMPed, or
		// point-a-board (board-a-match). BOARD_SCORING_METHOD says which;
		// the EBU's TeamsScorer writes SCORING_METHOD VP beside it (how the
		// matches are scored).
		sm := ev.BoardScoringMethod
		if sm == "" {
			sm = ev.ScoringMethod
		}
		switch sm {
		case "", "IMPS", "IMP":
			return rd.method(tournament.MethodIMPTeams, ev.Line, el, ""), nil
		case "PAB", "BAM", "POINT_A_BOARD", "BOARD_A_MATCH":
			return rd.method(tournament.MethodBAMTeams, ev.Line, el, ""), nil
		}
		return "", &FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT/BOARD_SCORING_METHOD", Value: sm, Expected: "IMPS or PAB: traveler reads USEBIO team matches scored in IMPs or point-a-board (other team methods from PBN)"}
	}
	if strings.Contains(ev.Type, "TEAM") && rd.opt.Method == "" {
		return "", &FileError{Format: "USEBIO", Line: ev.Line, Element: el, Value: ev.Type, Expected: "a team event with its PARTICIPANTS/TEAM and MATCH elements, or a pairs event (team matches are also read from PBN files with both rooms)"}
	}
	why := ""
	switch {
	case ev.Type == "PAIRS" || ev.Type == "INDIVIDUAL":
		// USEBIO 1.2's own pairs and individual types: BOARD_SCORING_METHOD
		// says how it was scored, as the EBU's importer reads it (see
		// methodOfBoardScoring); without it an individual is scored by its
		// lines' points.
		if m, ok := methodOfBoardScoring(ev); ok {
			if m == tournament.MethodMP && rd.opt.Method == "" && acblMatchpoints(ev) {
				return rd.method(tournament.MethodMPACBL, ev.Line, el, "the lines' matchpoints are 1 a score beaten: scored MP_ACBL"), nil
			}
			return rd.method(m, ev.Line, el, ""), nil
		}
		if ev.Type == "PAIRS" {
			why = "EVENT_TYPE PAIRS with no BOARD_SCORING_METHOD naming matchpoints or IMPs; "
		}
	case ev.Type != "":
		why = "EVENT_TYPE " + ev.Type + " is not one of USEBIO's; "
	}
	if m, ok := methodOfEventType(ev.ParticipantsType); ok {
		return rd.method(m, ev.Line, el, why+"the PARTICIPANTS say "+ev.ParticipantsType), nil
	}
	for _, b := range ev.Boards {
		for _, l := range b.Lines {
			m := map[PointsKind]tournament.Method{PointsMatchPoints: tournament.MethodMP, PointsButler: tournament.MethodButler, PointsCrossIMPs: tournament.MethodCrossIMP}[l.Points]
			if m != "" {
				return rd.method(m, ev.Line, el, why+"the traveler lines carry "+l.Points.String()+": scored "+string(m)), nil
			}
		}
	}
	switch sm := ev.ScoringMethod; {
	case strings.Contains(sm, "MATCH") || sm == "MP" || sm == "MPS":
		return rd.method(tournament.MethodMP, ev.Line, el, why+"SCORING_METHOD "+sm+": scored MP"), nil
	case strings.Contains(sm, "CROSS"):
		return rd.method(tournament.MethodCrossIMP, ev.Line, el, why+"SCORING_METHOD "+sm+": scored CROSS_IMP"), nil
	case strings.Contains(sm, "BUTLER") || strings.Contains(sm, "IMP"):
		return rd.method(tournament.MethodButler, ev.Line, el, why+"SCORING_METHOD "+sm+": scored BUTLER (give the method CROSS_IMP if it was cross-IMPs)"), nil
	}
	return rd.method(tournament.MethodMP, ev.Line, el, why+"nothing in the file says how it was scored: compared by matchpoints (give the method to change it)"), nil
}

// methodOfBoardScoring reads the BOARD_SCORING_METHOD (or SCORING_METHOD)
// of an EVENT_TYPE PAIRS event, with the values the EBU's importer
// (marcshearer/ImportUsebio, Score Data.swift, ScoringMethod) takes:
// MATCH_POINTS (also MP, PERCENTAGE) is matchpoints; CROSS_IMPS (also
// CROSS_IMP) cross-IMPs; IMPS (also BUTLER) Butler, or cross-IMPs when the
// traveler lines carry NS_CROSS_IMP_POINTS. ok is false for anything else.
func methodOfBoardScoring(ev *USEBIOEvent) (tournament.Method, bool) {
	switch strings.ReplaceAll(ev.ScoringMethod, " ", "_") {
	case "MATCH_POINTS", "MATCHPOINTS", "MP", "MPS", "PERCENTAGE":
		return tournament.MethodMP, true
	case "CROSS_IMPS", "CROSS_IMP", "CROSSIMPS":
		return tournament.MethodCrossIMP, true
	case "IMPS", "IMP", "BUTLER", "BUTLER_IMPS":
		for _, b := range ev.Boards {
			for _, l := range b.Lines {
				if l.Points == PointsCrossIMPs {
					return tournament.MethodCrossIMP, true
				}
			}
		}
		return tournament.MethodButler, true
	}
	return "", false
}

// acblMatchpoints reports whether a matchpoint file's lines give 1 a
// score beaten (ACBL) rather than 2 (EBU, Compscore3): on every board with
// two lines or more, each with matchpoints and a real score, NS and EW
// share n − 1 a line, not 2(n − 1).
func acblMatchpoints(ev *USEBIOEvent) bool {
	seen := false
	for _, b := range ev.Boards {
		n := 0
		for _, l := range b.Lines {
			if l.Points == PointsMatchPoints && l.Score.Given() && !l.Score.Artificial {
				n++
			}
		}
		if n < 2 || n != len(b.Lines) {
			continue
		}
		for _, l := range b.Lines {
			if sum := l.NSPoints.Value + l.EWPoints.Value; sum < float64(n-1)-0.01 || sum > float64(n-1)+0.01 {
				return false
			}
		}
		seen = true
	}
	return seen
}

// methodOfEventType reads an EVENT_TYPE: USEBIO 1.2's MP_PAIRS, BUTLER_PAIRS and
// CROSS_IMP_PAIRS, and the values programs write instead (CROSS_IMP,
// MP_TEAMS is not a pairs type and is not read here).
func methodOfEventType(t string) (tournament.Method, bool) {
	switch strings.TrimSuffix(strings.ToUpper(strings.TrimSpace(t)), "_PAIRS") {
	case "MP", "MATCHPOINTS", "MATCH_POINTS", "MPS":
		return tournament.MethodMP, true
	case "BUTLER", "BUTLER_IMP", "BUTLER_IMPS":
		return tournament.MethodButler, true
	case "CROSS_IMP", "CROSS_IMPS", "CROSSIMP", "CROSS_IMPS_PAIRS":
		return tournament.MethodCrossIMP, true
	}
	return "", false
}

// defaultOptions lists every option of a law code with its default value.
func defaultOptions(law scoring.Law) tournament.LawOptions {
	rules := scoring.NewRules(law)
	all := tournament.LawOptions{}
	for _, o := range law.Options() {
		all[o.Name], _ = rules.Options.Value(o.Name)
	}
	return all
}

// fileScoredOptions are the law options a results file's figures are read
// under unless the file names its own (lawOptionNote): contract-2017's
// Law 12C2 at 60 % and 40 % (±3 IMPs) as given. Most scoring programs
// score average plus so (the Compscore3-form file of
// usebio_winners_custom_test.go gives 60 % of the top, 3.60 of 6), while
// traveler's own default is the pair's session figure when better
// (scoring.Law.Options): an import keeps the file's own figures.
var fileScoredOptions = map[string]any{"average_session": false, "average_session_imps": false}

// lawOptionNotePrefix begins the note (a USEBIO comment, a PBN tag's
// value) with which traveler names a yes/no law option it scored with on,
// where a file read by another program's convention would take it off
// (fileScoredOptions): "traveler: law option average_session on".
const lawOptionNotePrefix = "traveler: law option "

// lawOptionNotes returns the notes that name the event's yes/no options
// on among fileScoredOptions, in the order of the law code's options; none
// when no section has an artificial score, the only lines they change.
func lawOptionNotes(d *tournament.EventData) []string {
	artificial := false
	for i := range d.Sections {
		for j := range d.Sections[i].Results {
			artificial = artificial || d.Sections[i].Results[j].Status == tournament.StatusArtificial
		}
	}
	if !artificial {
		return nil
	}
	rules := d.Event.RulesOrDefaults()
	var out []string
	for _, o := range rules.Law.Options() {
		if _, ok := fileScoredOptions[o.Name]; !ok {
			continue
		}
		if v, _ := rules.Options.Value(o.Name); v == true {
			out = append(out, lawOptionNotePrefix+o.Name+" on")
		}
	}
	return out
}

// fileOptions lists every option of a law code for an event read from a
// results file: its defaults, fileScoredOptions over them, and on again
// each option a note of the file names (lawOptionNotes).
func fileOptions(law scoring.Law, notes []string) tournament.LawOptions {
	all := defaultOptions(law)
	for name, v := range fileScoredOptions {
		if _, ok := all[name]; ok {
			all[name] = v
		}
	}
	for _, n := range notes {
		rest, ok := strings.CutPrefix(strings.TrimSpace(n), lawOptionNotePrefix)
		if !ok {
			continue
		}
		name, ok := strings.CutSuffix(rest, " on")
		if _, known := all[name]; ok && known {
			all[name] = true
		}
	}
	return all
}

// leadCard reads an opening lead written suit first ("HA", as traveler
// keeps it and PBN writes cards) or rank first ("AH", as Compscore3 writes
// USEBIO's LEAD; "10H" too) and returns it suit first; ok is false for
// anything else. scoring.ParseCard reads it, as it reads every lead.
func leadCard(s string) (string, bool) {
	c, err := scoring.ParseCard("lead", s)
	if err != nil {
		return "", false
	}
	return c.String(), true
}
