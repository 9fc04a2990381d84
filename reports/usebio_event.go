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
// the number, the deal from HANDSET) and traveler lines, with a custom
// movement built from the lines (see meetingRounds). Every played line is
// scored again and must give the file's SCORE. Errors are *FileError naming
// the element, its line and what was expected.
func EventFromUSEBIO(u *USEBIO) (tournament.EventData, error) {
	ev := &u.Event
	method, err := usebioMethod(ev)
	if err != nil {
		return tournament.EventData{}, err
	}
	date, err := usebioDate(ev.Date)
	if err != nil {
		return tournament.EventData{}, &FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT/DATE", Value: ev.Date, Expected: "a date DD/MM/YYYY or YYYY-MM-DD"}
	}
	if ev.WinnerType == 2 {
		return tournament.EventData{}, &FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT/WINNER_TYPE", Value: "2", Expected: "1: traveler imports one-winner events only"}
	}
	name := ev.Name
	if name == "" {
		name = ev.Title
	}
	e := tournament.Event{Name: name, Date: date, Law: scoring.Contract2017, LawOptions: defaultOptions(scoring.Contract2017), Scoring: method}

	var pairs []tournament.Pair
	known := map[int]bool{}
	for _, p := range ev.Pairs {
		n, err := pairNumber(p.Number)
		if err != nil {
			return tournament.EventData{}, &FileError{Format: "USEBIO", Line: p.Line, Element: "PARTICIPANTS/PAIR/PAIR_NUMBER", Value: p.Number, Expected: "a pair number, 1 or more"}
		}
		if known[n] {
			return tournament.EventData{}, &FileError{Format: "USEBIO", Line: p.Line, Element: "PARTICIPANTS/PAIR/PAIR_NUMBER", Value: p.Number, Expected: "a pair number no other PAIR has"}
		}
		known[n] = true
		tp := tournament.Pair{Number: strconv.Itoa(n)}
		for i, name := range p.Players {
			pl := tournament.Player{Name: name}
			if i < len(p.PlayerNumbers) {
				pl.Number = p.PlayerNumbers[i]
			}
			tp.Players = append(tp.Players, pl)
		}
		pairs = append(pairs, tp)
	}

	boards := map[int]tournament.Board{}
	var meetings []meeting
	var results []tournament.Result
	at := map[[2]int]int{} // NS, EW → index in meetings
	maxBoard := 0
	for _, b := range ev.Boards {
		maxBoard = max(maxBoard, b.Number)
		tb := tournament.Board{Number: b.Number, Dealer: scoring.BoardDealer(b.Number), Vulnerability: scoring.BoardVulnerability(b.Number)}
		if b.HasDeal() {
			tb.Deal = b.Deal.String()
		}
		boards[b.Number] = tb
		for _, l := range b.Lines {
			r, err := usebioResult(b.Number, &l)
			if err != nil {
				return tournament.EventData{}, err
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
				return tournament.EventData{}, &FileError{Format: "USEBIO", Line: l.Line, Element: "BOARD/TRAVELLER_LINE", Value: r.NS + " v " + r.EW,
					Expected: "one line per board for each NS and EW pair (board " + strconv.Itoa(b.Number) + " is there twice)"}
			}
			meetings[i].boards = append(meetings[i].boards, b.Number)
			meetings[i].lines = append(meetings[i].lines, len(results))
			results = append(results, r)
		}
	}
	if len(results) == 0 {
		return tournament.EventData{}, &FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT/BOARD/TRAVELLER_LINE", Expected: "at least one traveler line"}
	}
	mov := meetingRounds(meetings, results, maxBoard)
	for p := range known {
		mov.Pairs = max(mov.Pairs, p)
	}
	fillSitOut(&mov)
	sec := tournament.Section{Session: 1, Name: "A", Spec: tournament.MovementSpec{Kind: "custom", Schedule: mov.Rounds}, Movement: mov, CurrentRound: len(mov.Rounds)}

	// Score every line under contract-2017 and hold it to the file's score.
	errs := tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), &sec, boards, results)
	k := 0
	for _, b := range ev.Boards {
		for _, l := range b.Lines {
			r := &results[k]
			if errs != nil && errs[k] != nil {
				return tournament.EventData{}, &FileError{Format: "USEBIO", Line: l.Line, Element: "BOARD/TRAVELLER_LINE/CONTRACT", Value: l.ContractText, Expected: "a result contract-2017 scores (" + errs[k].Error() + ")"}
			}
			if l.Score.Given() && !l.Score.Artificial && r.Status != tournament.StatusNotPlayed && l.Score.Points != r.NSScore {
				return tournament.EventData{}, &FileError{Format: "USEBIO", Line: l.Line, Element: "BOARD/TRAVELLER_LINE/SCORE", Value: l.Score.Text,
					Expected: "the NS score of " + r.Contract + " by " + r.Declarer + " taking " + strconv.Itoa(r.Tricks) + " tricks: " + strconv.Itoa(r.NSScore)}
			}
			k++
		}
	}
	var unknown []string
	for _, m := range meetings {
		for _, p := range [2]int{m.ns, m.ew} {
			if !known[p] && !slices.Contains(unknown, strconv.Itoa(p)) {
				unknown = append(unknown, strconv.Itoa(p))
			}
		}
	}
	for _, n := range unknown {
		pairs = append(pairs, tournament.Pair{Number: n})
	}
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, pairs, nil, boards, results)}}, nil
}

// meeting is one NS pair against one EW pair: the boards they played and
// the indexes of those lines in the results.
type meeting struct {
	ns, ew int
	boards []int
	lines  []int
}

// meetingRounds builds a custom movement from the meetings: each meeting
// is one table in one round. Meetings are placed in the order of their
// first board, each in the first round where neither pair plays yet and
// none of its boards is in play; the tables of a round are numbered from 1
// in that order. For a club Howell whose meetings each play one set this
// gives back the rounds as played; otherwise it gives a movement that
// seats every line, with perhaps more rounds than were played. It sets
// each result's Round and Table.
func meetingRounds(meetings []meeting, results []tournament.Result, boards int) tournament.Movement {
	order := make([]int, len(meetings))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return slices.Min(meetings[a].boards) - slices.Min(meetings[b].boards) })
	m := tournament.Movement{Kind: tournament.KindCustom, Winners: 1, Boards: boards}
	type roundUse struct {
		pairs  map[int]bool
		boards map[int]bool
	}
	var use []roundUse
	for _, i := range order {
		mt := &meetings[i]
		r := 0
		for ; r < len(use); r++ {
			if use[r].pairs[mt.ns] || use[r].pairs[mt.ew] {
				continue
			}
			if slices.ContainsFunc(mt.boards, func(b int) bool { return use[r].boards[b] }) {
				continue
			}
			break
		}
		if r == len(use) {
			use = append(use, roundUse{pairs: map[int]bool{}, boards: map[int]bool{}})
			m.Rounds = append(m.Rounds, tournament.Round{Number: r + 1})
		}
		use[r].pairs[mt.ns], use[r].pairs[mt.ew] = true, true
		for _, b := range mt.boards {
			use[r].boards[b] = true
		}
		rd := &m.Rounds[r]
		t := tournament.Table{Table: len(rd.Tables) + 1, NS: mt.ns, EW: mt.ew, Boards: slices.Clone(mt.boards)}
		slices.Sort(t.Boards)
		rd.Tables = append(rd.Tables, t)
		m.Tables = max(m.Tables, t.Table)
		m.Pairs = max(m.Pairs, mt.ns, mt.ew)
		for _, k := range mt.lines {
			results[k].Round, results[k].Table = r+1, t.Table
		}
	}
	m.Name = "Custom movement, " + strconv.Itoa(m.Pairs) + " pairs, " + strconv.Itoa(len(m.Rounds)) + " rounds"
	return m
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

// usebioResult turns a traveler line into a result (Round and Table not set).
func usebioResult(board int, l *USEBIOLine) (tournament.Result, error) {
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
	if ns == ew {
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
