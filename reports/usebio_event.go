package reports

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// ReadUSEBIOEvent reads a USEBIO 1.2 file into an EventData (see EventFromUSEBIO).
func ReadUSEBIOEvent(r io.Reader) (tournament.EventData, error) {
	u, err := ReadUSEBIO(r)
	if err != nil {
		return tournament.EventData{}, err
	}
	return EventFromUSEBIO(u)
}

// EventFromUSEBIO turns a USEBIO file into an EventData under contract-2017:
// one section holding the file's pairs, boards (dealer and vulnerability from
// the number, the deal from HANDSET) and traveler lines. A one-winner file
// (WINNER_TYPE 1 or none) gets a custom movement built from the lines (see
// fillSets and meetingRounds); a two-winner file (WINNER_TYPE 2: NS and EW
// pairs numbered apart, each PAIR with its DIRECTION) gets the two-winner
// Mitchell its lines follow (see twoWinnerMovement). Every played line is
// scored again and must give the file's SCORE. Errors are *FileError naming
// the element, its line and what was expected.
func EventFromUSEBIO(u *USEBIO) (tournament.EventData, error) {
	ev := &u.Event
	e, err := usebioEventHeader(ev)
	if err != nil {
		return tournament.EventData{}, err
	}
	two := ev.WinnerType == 2
	pairs, known, err := usebioPairs(ev, two)
	if err != nil {
		return tournament.EventData{}, err
	}
	boards, meetings, results, err := usebioLines(ev, two)
	if err != nil {
		return tournament.EventData{}, err
	}
	sec, err := usebioSection(ev, meetings, results, known, two)
	if err != nil {
		return tournament.EventData{}, err
	}
	if err := checkUSEBIOScores(ev, &sec, boards, results); err != nil {
		return tournament.EventData{}, err
	}
	pairs = append(pairs, unlistedPairs(meetings, known, &sec.Movement)...)
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, pairs, nil, boards, results)}}, nil
}

// usebioEventHeader reads the event's name, date and scoring method.
func usebioEventHeader(ev *USEBIOEvent) (tournament.Event, error) {
	method, err := usebioMethod(ev)
	if err != nil {
		return tournament.Event{}, err
	}
	date, err := usebioDate(ev.Date)
	if err != nil {
		return tournament.Event{}, &FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT/DATE", Value: ev.Date, Expected: "a date DD/MM/YYYY or YYYY-MM-DD"}
	}
	name := ev.Name
	if name == "" {
		name = ev.Title
	}
	return tournament.Event{Name: name, Date: date, Law: scoring.Contract2017, LawOptions: defaultOptions(scoring.Contract2017), Scoring: method}, nil
}

// pairKey is a pair as a file names it: its number and, in a two-winner
// event, its direction ("NS" or "EW"; "" in a one-winner event).
type pairKey struct {
	number    int
	direction string
}

// usebioPairs reads the PARTICIPANTS: the pairs in file order and the set
// of pairs listed. In a two-winner event every PAIR has a DIRECTION, and a
// number is unique within its direction.
func usebioPairs(ev *USEBIOEvent, two bool) ([]tournament.Pair, map[pairKey]bool, error) {
	const path = "PARTICIPANTS/PAIR/"
	var pairs []tournament.Pair
	known := map[pairKey]bool{}
	for _, p := range ev.Pairs {
		n, err := pairNumber(p.Number)
		if err != nil {
			return nil, nil, &FileError{Format: "USEBIO", Line: p.Line, Element: path + "PAIR_NUMBER", Value: p.Number, Expected: "a pair number, 1 or more"}
		}
		k := pairKey{number: n}
		if two {
			if p.Direction == "" {
				return nil, nil, &FileError{Format: "USEBIO", Line: p.Line, Element: path + "DIRECTION", Expected: "NS or EW: in a two-winner event (WINNER_TYPE 2) every pair has its direction"}
			}
			k.direction = p.Direction
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

// usebioLines reads the boards and their traveler lines into results (in
// file order) and meetings: one for each NS pair number against each EW
// pair number, ns and ew being those numbers.
func usebioLines(ev *USEBIOEvent, two bool) (map[int]tournament.Board, []meeting, []tournament.Result, error) {
	boards := map[int]tournament.Board{}
	var meetings []meeting
	var results []tournament.Result
	at := map[[2]int]int{} // NS, EW → index in meetings
	for _, b := range ev.Boards {
		tb := tournament.Board{Number: b.Number, Dealer: scoring.BoardDealer(b.Number), Vulnerability: scoring.BoardVulnerability(b.Number)}
		if b.HasDeal() {
			tb.Deal = b.Deal.String()
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
		spec, mov, err := twoWinnerMovement(ev, meetings, results, known, boards)
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
		sec.Spec, sec.Movement = tournament.MovementSpec{Kind: "custom", Schedule: mov.Rounds}, mov
	}
	sec.CurrentRound = len(sec.Movement.Rounds)
	return sec, nil
}

// checkUSEBIOScores scores every line (results in file order) under
// contract-2017 and holds it to the file's SCORE.
func checkUSEBIOScores(ev *USEBIOEvent, sec *tournament.Section, boards map[int]tournament.Board, results []tournament.Result) error {
	errs := tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), sec, boards, results)
	k := 0
	for _, b := range ev.Boards {
		for _, l := range b.Lines {
			r := &results[k]
			if errs != nil && errs[k] != nil {
				return &FileError{Format: "USEBIO", Line: l.Line, Element: "BOARD/TRAVELLER_LINE/CONTRACT", Value: l.ContractText, Expected: "a result contract-2017 scores (" + errs[k].Error() + ")"}
			}
			if l.Score.Given() && !l.Score.Artificial && r.Status != tournament.StatusNotPlayed && l.Score.Points != r.NSScore {
				return &FileError{Format: "USEBIO", Line: l.Line, Element: "BOARD/TRAVELLER_LINE/SCORE", Value: l.Score.Text,
					Expected: "the NS score of " + r.Contract + " by " + r.Declarer + " taking " + strconv.Itoa(r.Tricks) + " tricks: " + strconv.Itoa(r.NSScore)}
			}
			k++
		}
	}
	return nil
}

// unlistedPairs returns the pairs that play in the meetings but are not in
// the PARTICIPANTS, with their numbers and directions as the movement
// names them.
func unlistedPairs(meetings []meeting, known map[pairKey]bool, m *tournament.Movement) []tournament.Pair {
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
func fillSitOut(m *tournament.Movement) {
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
	ns, err := pairNumber(l.NS)
	if err != nil {
		return tournament.Result{}, bad("NS_PAIR_NUMBER", l.NS, "a pair number, 1 or more")
	}
	ew, err := pairNumber(l.EW)
	if err != nil {
		return tournament.Result{}, bad("EW_PAIR_NUMBER", l.EW, "a pair number, 1 or more")
	}
	if ns == ew && !two {
		return tournament.Result{}, bad("EW_PAIR_NUMBER", l.EW, "a pair other than the NS pair")
	}
	r := tournament.Result{Board: board, NS: strconv.Itoa(ns), EW: strconv.Itoa(ew)}
	switch {
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

// usebioMethod returns the scoring method of the file's event type.
func usebioMethod(ev *USEBIOEvent) (tournament.Method, error) {
	switch ev.Type {
	case "MP_PAIRS":
		return tournament.MethodMP, nil
	case "BUTLER_PAIRS":
		return tournament.MethodButler, nil
	case "CROSS_IMP_PAIRS":
		return tournament.MethodCrossIMP, nil
	case "":
		switch ev.ScoringMethod {
		case "MATCH_POINTS", "MATCHPOINTS":
			return tournament.MethodMP, nil
		case "IMPS", "BUTLER":
			return tournament.MethodButler, nil
		}
	}
	return "", &FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT EVENT_TYPE", Value: ev.Type, Expected: "MP_PAIRS, BUTLER_PAIRS or CROSS_IMP_PAIRS"}
}

// usebioDate reads DD/MM/YYYY (as Compscore writes it) or YYYY-MM-DD into
// YYYY-MM-DD; "" stays "".
func usebioDate(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	for _, layout := range []string{"02/01/2006", "2/1/2006", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format("2006-01-02"), nil
		}
	}
	return "", strconv.ErrSyntax
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

// leadCard reads an opening lead written suit first ("HA", as traveler
// keeps it and PBN writes cards) or rank first ("AH", as Compscore3 writes
// USEBIO's LEAD; "10H" too) and returns it suit first; ok is false for
// anything else.
func leadCard(s string) (string, bool) {
	s = strings.ToUpper(strings.TrimSpace(strings.ReplaceAll(s, "10", "T")))
	if len(s) != 2 {
		return "", false
	}
	isSuit := func(c byte) bool { return strings.IndexByte("SHDC", c) >= 0 }
	isRank := func(c byte) bool { return strings.IndexByte("AKQJT98765432", c) >= 0 }
	switch {
	case isSuit(s[0]) && isRank(s[1]):
		return s, true
	case isRank(s[0]) && isSuit(s[1]):
		return string([]byte{s[1], s[0]}), true
	}
	return "", false
}
