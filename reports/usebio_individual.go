package reports

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// USEBIO's individual form. The event and its players as the EBU's
// importer reads one (marcshearer/ImportUsebio, Usebio Parser.swift:
// EVENT_TYPE INDIVIDUAL, whose participants are PLAYERs —
// processParticipants — each with PLAYER_NUMBER, PLAYER_NAME,
// NATIONAL_ID_NUMBER, PLACE and TOTAL_SCORE or PERCENTAGE;
// BOARD_SCORING_METHOD from ScoringMethod: MATCH_POINTS, IMPS, CROSS_IMPS).
// Each traveller line names its four players by seat as USEBIO's example
// individual file does (testdata/usebio/ebu_individual_example.xml, USEBIO
// 1.1: BOARD EVENT_TYPE="INDIVIDUAL", TRAVELLER_LINE with N_PLAYER_NUMBER,
// S_PLAYER_NUMBER, E_PLAYER_NUMBER, W_PLAYER_NUMBER, then SCORE and
// NS_MATCH_POINTS / EW_MATCH_POINTS; jacquicollier/ukbridge-club-website
// reads those four elements the same way). The USEBIO 1.2 specification
// and DTD themselves were not found; the example is the source followed.

// usebioSeatElements are a line's player elements in the order the
// example writes them (N, S, E, W), each with its seat in Table.Players
// order (0 North, 1 East, 2 South, 3 West).
var usebioSeatElements = [4]struct {
	name string
	seat int
}{{"N_PLAYER_NUMBER", 0}, {"S_PLAYER_NUMBER", 2}, {"E_PLAYER_NUMBER", 1}, {"W_PLAYER_NUMBER", 3}}

// usebioBoardScoring is a pairs method's BOARD_SCORING_METHOD as the EBU's
// importer names it.
func usebioBoardScoring(m tournament.Method) string {
	switch m {
	case tournament.MethodButler:
		return "IMPS"
	case tournament.MethodCrossIMP:
		return "CROSS_IMPS"
	}
	return "MATCH_POINTS"
}

// writeUSEBIOIndividual writes the EVENT of an individual section: its
// players with their totals, percentages (matchpoints) and places, and
// every board's traveller lines, each naming the four players the
// movement seats at its table in its round, with the points (points) each
// side earned, and a comment for each seat a substitute sat in that round
// (usebioSubstituteComment: USEBIO has no element for one).
func writeUSEBIOIndividual(x *xmlOut, d *tournament.EventData, s *tournament.SectionData, points PointsKind) error {
	const typ = "INDIVIDUAL"
	x.raw(`<EVENT EVENT_TYPE="` + typ + `">` + "\n")
	x.opt(1, "EVENT_DESCRIPTION", d.Event.Name)
	x.elem(1, "PROGRAM_NAME", "traveler")
	x.elem(1, "BOARD_SCORING_METHOD", usebioBoardScoring(d.Event.Scoring))
	x.elem(1, "WINNER_TYPE", "1")
	x.opt(1, "DATE", usebioDateOut(d.Event.Date))
	x.elem(1, "SESSION_COUNT", "1")
	x.elem(1, "SECTION_COUNT", "1")
	if note := usebioPenaltyNote(&s.Section, "TOTAL_SCORE, PERCENTAGE and PLACE"); note != "" {
		x.raw("  <!-- " + strings.ReplaceAll(note, "--", "- -") + " -->\n")
	}
	x.raw(`  <PARTICIPANTS EVENT_TYPE="` + typ + `">` + "\n")
	players := map[string]tournament.Pair{} // an individual's entrant is one player
	for _, p := range s.Pairs {
		players[p.Number] = p
	}
	mp := d.Event.Scoring == tournament.MethodMP || d.Event.Scoring == tournament.MethodMPACBL
	for _, st := range s.Standings.Pairs {
		x.raw("    <PLAYER>\n")
		x.elem(3, "PLAYER_NUMBER", st.Number)
		if p, ok := players[st.Number]; ok && len(p.Players) > 0 {
			x.opt(3, "PLAYER_NAME", p.Players[0].Name)
			x.opt(3, "NATIONAL_ID_NUMBER", p.Players[0].Number)
		}
		x.elem(3, "TOTAL_SCORE", strconv.FormatFloat(st.Total, 'f', 2, 64))
		if mp {
			x.elem(3, "PERCENTAGE", strconv.FormatFloat(st.Percentage, 'f', 2, 64))
		}
		x.elem(3, "PLACE", strconv.Itoa(st.Place))
		x.raw("    </PLAYER>\n")
	}
	x.raw("  </PARTICIPANTS>\n")
	m := &s.Section.Movement
	for _, t := range s.Travelers {
		if len(t.Lines) == 0 {
			continue
		}
		x.raw(`  <BOARD EVENT_TYPE="` + typ + `">` + "\n")
		x.elem(2, "BOARD_NUMBER", strconv.Itoa(t.Board.Number))
		for _, l := range t.Lines {
			seats, err := individualSeats(m, &l.Result)
			if err != nil {
				return err
			}
			who := make([][2]string, 4)
			var subs []string
			for i, el := range usebioSeatElements {
				who[i] = [2]string{el.name, strconv.Itoa(seats[el.seat])}
			}
			for seat, n := range seats {
				if pl, sub, _ := s.SeatedAt(n, l.Result.Round); sub {
					subs = append(subs, usebioSubstituteComment(seat, pl)) // tournament.Pair.SatIn
				}
			}
			if err := writeUSEBIOLine(x, &l, points, "", who, subs...); err != nil {
				return err
			}
		}
		x.raw("  </BOARD>\n")
	}
	x.raw("</EVENT>\n")
	return x.err
}

// individualSeats returns the players of an individual's result by seat
// (North, East, South, West), as its round's table seats them.
func individualSeats(m *movement.Movement, r *tournament.Result) ([]int, error) {
	if rd, ok := m.Round(r.Round); ok {
		if t, ok := rd.Table(r.Table); ok && len(t.Players) == 4 {
			return t.Players, nil
		}
	}
	return nil, tournament.Invalidf("section", "board "+strconv.Itoa(r.Board)+": round "+strconv.Itoa(r.Round)+", table "+strconv.Itoa(r.Table)+
		" seats no four players in the individual movement; a USEBIO individual's line names its four players")
}

// isUSEBIOIndividual tells whether a file holds an individual: EVENT_TYPE
// INDIVIDUAL (on the EVENT or its PARTICIPANTS), or PARTICIPANTS holding
// a PLAYER for each participant, as the EBU's importer reads one.
func isUSEBIOIndividual(ev *USEBIOEvent) bool {
	return ev.Type == "INDIVIDUAL" || ev.ParticipantsType == "INDIVIDUAL" || ev.PlayerLine != 0
}

// readUSEBIOSeats reads an individual's line's four players (the seat
// elements, usebioSeatElements) into line.Seats, and the substitutes its
// comments name (usebioSubstituteComment) into line.Substitutes; it
// reports whether the line names any of the four.
func readUSEBIOSeats(l *xmlNode, line *USEBIOLine) (bool, error) {
	named := false
	for _, el := range usebioSeatElements {
		if c := l.child(el.name); c != nil {
			line.Seats[el.seat], line.SeatLines[el.seat], named = strings.TrimSpace(c.text), c.line, true
		}
	}
	const path = "BOARD/TRAVELLER_LINE/<!-- " + usebioSubstitutePrefix + " -->"
	for _, c := range l.comments {
		seat, pl, ok, err := parseUSEBIOSubstitute(c)
		if err != nil {
			return named, usebioErr(l, path, c, err.Error())
		}
		if ok && seat < 0 {
			return named, usebioErr(l, path, c, "the seat the substitute sat in (N, E, S or W): a line's substitute is an individual's")
		}
		if ok && line.Substitutes[seat].Name != "" {
			return named, usebioErr(l, path, c, "one substitute a seat: "+"NESW"[seat:seat+1]+" has "+strconv.Quote(line.Substitutes[seat].Name)+" already")
		}
		if ok {
			line.Substitutes[seat] = pl
		}
	}
	return named, nil
}

// readUSEBIOPlayer reads one PARTICIPANTS/PLAYER element, an individual's
// participant, as a USEBIOPair of one player whose Number is the
// PLAYER_NUMBER.
func readUSEBIOPlayer(p *xmlNode) (USEBIOPair, error) {
	const path = "PARTICIPANTS/PLAYER"
	pl := USEBIOPair{Line: p.line, Number: p.childText("PLAYER_NUMBER"), Place: p.childText("PLACE"),
		Players: []string{p.childText("PLAYER_NAME")}, PlayerNumbers: []string{p.childText("NATIONAL_ID_NUMBER")}}
	if pl.Number == "" {
		return pl, usebioErr(p, path+"/PLAYER_NUMBER", "", "the player's number")
	}
	var err error
	if pl.Total, err = figureOf(p, "TOTAL_SCORE", path); err != nil {
		return pl, err
	}
	if pl.Percentage, err = figureOf(p, "PERCENTAGE", path); err != nil {
		return pl, err
	}
	return pl, nil
}

// usebioIndividualEvent reads an individual (ev holding one field of
// players) into one section of e: its players, a movement of kind
// individual built from the lines (each different four players at their
// seats one table, seated in rounds as meetingRounds seats a pairs
// file's meetings, the players not at a table sitting out), each line a
// result between the partnerships North–South and East–West
// (movement.Partnership). A player number must be one PARTICIPANTS lists,
// 1 to tournament.MaxPlayers.
func (rd *reading) usebioIndividualEvent(ev *USEBIOEvent, e tournament.Event) (tournament.EventData, error) {
	if len(ev.Sections) > 1 {
		return tournament.EventData{}, &FileError{Format: "USEBIO", Line: ev.Sections[1].Line, Element: "EVENT/SESSION/SECTION", Expected: "one field of players: traveler reads an individual of one section"}
	}
	pairs, known, err := usebioIndividualPlayers(ev)
	if err != nil {
		return tournament.EventData{}, err
	}
	boards := map[int]tournament.Board{}
	var meetings []meeting
	var results []tournament.Result
	var named []seatSitter // who sat in each seat of each line: the player, or the substitute a comment names
	at := map[[4]int]int{}
	most := 0
	for _, b := range ev.Boards {
		if len(b.Lines) > maxBoardLines {
			return tournament.EventData{}, tooManyLines("USEBIO", b.Lines[maxBoardLines].Line, b.Number)
		}
		tb := tournament.Board{Number: b.Number, Dealer: scoring.BoardDealer(b.Number), Vulnerability: scoring.BoardVulnerability(b.Number)}
		if b.HasDeal() {
			tb.Deal = b.Deal
		}
		boards[b.Number] = tb
		for _, l := range b.Lines {
			seats, err := usebioLineSeats(&l, known)
			if err != nil {
				return tournament.EventData{}, err
			}
			l.NS = strconv.Itoa(movement.Partnership(seats[0], seats[2]))
			l.EW = strconv.Itoa(movement.Partnership(seats[1], seats[3]))
			r, err := usebioResult(b.Number, &l, false)
			if err != nil {
				return tournament.EventData{}, err
			}
			i, ok := at[seats]
			if !ok {
				i = len(meetings)
				at[seats] = i
				ns, _ := strconv.Atoi(l.NS)
				ew, _ := strconv.Atoi(l.EW)
				meetings = append(meetings, meeting{ns: ns, ew: ew, seats: seats})
			}
			if slices.Contains(meetings[i].boards, b.Number) {
				return tournament.EventData{}, &FileError{Format: "USEBIO", Line: l.Line, Element: "BOARD/TRAVELLER_LINE", Value: strings.Join(l.Seats[:], " "),
					Expected: "one line per board for each four players (board " + strconv.Itoa(b.Number) + " is there twice)"}
			}
			meetings[i].boards = append(meetings[i].boards, b.Number)
			meetings[i].lines = append(meetings[i].lines, len(results))
			for seat, n := range seats {
				line, sub := l.Line, l.Substitutes[seat]
				named = append(named, seatSitter{line: len(results), player: n, who: sub, where: func(exp string) error {
					return &FileError{Format: "USEBIO", Line: line, Element: "BOARD/TRAVELLER_LINE/<!-- " + usebioSubstitutePrefix + " -->", Value: sub.Name, Expected: exp}
				}})
			}
			results = append(results, r)
			most = max(most, b.Number)
		}
	}
	if len(results) == 0 {
		return tournament.EventData{}, &FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT/BOARD/TRAVELLER_LINE", Expected: "at least one traveler line"}
	}
	players := 0
	for p := range known {
		players = max(players, p)
	}
	sec, err := individualSection(meetings, results, most, players)
	if err != nil {
		return tournament.EventData{}, &FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT/BOARD/TRAVELLER_LINE", Expected: "lines that make an individual movement (" + err.Error() + ")"}
	}
	if err := individualSubstitutes(pairs, results, named); err != nil {
		return tournament.EventData{}, err
	}
	if err := rd.methodFits(e.Scoring, &sec, FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT EVENT_TYPE", Value: ev.Type}); err != nil {
		return tournament.EventData{}, err
	}
	if err := rd.checkUSEBIOScores(ev, &sec, boards, results); err != nil {
		return tournament.EventData{}, err
	}
	figures := *ev
	figures.Pairs = ev.Individuals
	rd.official = usebioOfficial(rd.official, 0, &figures, results, false)
	sd := tournament.BuildSection(e, sec, pairs, nil, boards, results)
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{sd}}, nil
}

// individualSection builds the section of an individual file's lines
// (USEBIO's and PBN's alike): each meeting (four players at their seats,
// seats set) one table, seated in rounds as meetingRounds seats a pairs
// file's meetings, players 1 to players not at a table sitting out; its
// movement is the individual schedule that makes, stored as its spec.
// It sets each result's Round and Table, and its NS and EW (partnership
// numbers, movement.Partnership) to the partnerships' labels ("2-6").
func individualSection(meetings []meeting, results []tournament.Result, boards, players int) (tournament.Section, error) {
	for i := range meetings {
		slices.Sort(meetings[i].boards)
	}
	mov := meetingRounds(meetings, results, boards)
	for ri := range mov.Rounds {
		r := &mov.Rounds[ri]
		r.SitOut = nil
		for p := 1; p <= players; p++ {
			if !slices.ContainsFunc(r.Tables, func(t movement.Table) bool { return slices.Contains(t.Players, p) }) {
				r.SitOut = append(r.SitOut, p)
			}
		}
	}
	spec := tournament.MovementSpec{Kind: "individual", Players: players, Schedule: mov.Rounds}
	built, err := spec.Build()
	if err != nil {
		return tournament.Section{}, err
	}
	for i := range results { // the partnerships as the movement names them ("2-6"), as the service holds a line's pairs
		ns, _ := strconv.Atoi(results[i].NS)
		ew, _ := strconv.Atoi(results[i].EW)
		results[i].NS, _ = built.PairLabel(ns)
		results[i].EW, _ = built.PairLabel(ew)
	}
	return tournament.Section{Session: 1, Name: "A", Spec: spec, Movement: built, CurrentRound: len(built.Rounds)}, nil
}

// usebioIndividualPlayers reads an individual's PARTICIPANTS/PLAYERs: the
// players as entrants (a Pair of one player, numbered as the file numbers
// them) and the numbers listed.
func usebioIndividualPlayers(ev *USEBIOEvent) ([]tournament.Pair, map[int]bool, error) {
	const path = "PARTICIPANTS/PLAYER/PLAYER_NUMBER"
	if len(ev.Individuals) == 0 && len(ev.Pairs) > 0 {
		return nil, nil, &FileError{Format: "USEBIO", Line: ev.Pairs[0].Line, Element: "PARTICIPANTS/PAIR", Value: ev.Pairs[0].Number,
			Expected: "an individual's participants are PLAYERs (PLAYER_NUMBER, PLAYER_NAME), not PAIRs: EVENT_TYPE INDIVIDUAL says the file holds an individual"}
	}
	if len(ev.Individuals) == 0 {
		return nil, nil, &FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT/PARTICIPANTS/PLAYER", Expected: "the individual's players, a PLAYER each with its PLAYER_NUMBER"}
	}
	known := map[int]bool{}
	var pairs []tournament.Pair
	for _, p := range ev.Individuals {
		n, err := pairNumber(p.Number)
		if err != nil || n > tournament.MaxPlayers {
			return nil, nil, &FileError{Format: "USEBIO", Line: p.Line, Element: path, Value: p.Number, Expected: "a player number from 1 to " + strconv.Itoa(tournament.MaxPlayers) + " (traveler's individuals seat at most " + strconv.Itoa(tournament.MaxPlayers) + " players)"}
		}
		if known[n] {
			return nil, nil, &FileError{Format: "USEBIO", Line: p.Line, Element: path, Value: p.Number, Expected: "a player number no other PLAYER has"}
		}
		known[n] = true
		pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(n), Players: []tournament.Player{{Name: p.Players[0], Number: p.PlayerNumbers[0]}}})
	}
	return pairs, known, nil
}

// usebioLineSeats reads an individual's line's four players (North, East,
// South, West): each a player PARTICIPANTS lists, four different players.
func usebioLineSeats(l *USEBIOLine, known map[int]bool) ([4]int, error) {
	var seats [4]int
	listed := make([]int, 0, len(known))
	for p := range known {
		listed = append(listed, p)
	}
	slices.Sort(listed)
	for _, el := range usebioSeatElements {
		v := l.Seats[el.seat]
		bad := func(exp string) error {
			return &FileError{Format: "USEBIO", Line: cmp.Or(l.SeatLines[el.seat], l.Line), Element: "BOARD/TRAVELLER_LINE/" + el.name, Value: v, Expected: exp}
		}
		if v == "" {
			return seats, bad("an individual's traveller line names its four players (N_PLAYER_NUMBER, S_PLAYER_NUMBER, E_PLAYER_NUMBER, W_PLAYER_NUMBER), not pairs")
		}
		n, err := pairNumber(v)
		if err != nil || !known[n] {
			return seats, bad("a player PARTICIPANTS lists (" + numberRanges(listed) + ")")
		}
		if slices.Contains(seats[:], n) {
			return seats, bad("four different players at a table: player " + v + " sits twice")
		}
		seats[el.seat] = n
	}
	return seats, nil
}

// numberRanges writes sorted numbers as ranges: "1 to 12", "1 to 4, 7".
func numberRanges(ns []int) string {
	var parts []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, strconv.Itoa(ns[i])+" to "+strconv.Itoa(ns[j]))
		} else {
			parts = append(parts, strconv.Itoa(ns[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
