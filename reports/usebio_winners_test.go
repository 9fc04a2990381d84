package reports

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// twoWinnerEvent is a two-winner Mitchell made for these tests: 3 tables,
// one board a round (movement.Mitchell: NS pair t stays at table t, EW
// pair e starts at table e and moves up, board b starts at table b and
// moves down), scored MP under contract-2017 (Law 77):
//
//	board 1 (N, none vul): R1 T1 NS1 v EW1 4S by N 10 tricks  +420
//	                       R2 T3 NS3 v EW2 4S by N  9 tricks   -50
//	                       R3 T2 NS2 v EW3 4S by N 11 tricks  +450
//	board 2 (E, NS vul):   R1 T2 NS2 v EW2 3NT by S 9 tricks  +600
//	                       R2 T1 NS1 v EW3 artificial 60%/40%
//	                       R3 T3 NS3 v EW1 3NT by S 8 tricks  -100
//	board 3 (S, EW vul):   R1 T3 NS3 v EW3 passed out            0
//	                       R2 T2 NS2 v EW1 2H by W 8 tricks   -110
//	                       R3 T1 NS1 v EW2 1NT by N 7 tricks   +90
//
// Matchpoints, 2 a score beaten and 1 a tie, top 4 with three lines; EW get
// 4 − NS:
//
//	board 1: NS2 450 → 4, NS1 420 → 2, NS3 −50 → 0; EW3 0, EW1 2, EW2 4
//	board 2: the artificial line is average plus for NS1 and average minus
//	         for EW3, by the event's default (contract-2017's law option
//	         average_session, Law 12C2 as the WBF Laws Committee's minute of
//	         1998-08-30 reads it) 60 % or the pair's percentage on its other
//	         boards if higher, 40 % or it if lower: NS1 (2+4)/8 = 75 %, so
//	         75 % of 4 = 3; EW3 (0+2)/8 = 25 %, so 1 (at 60 % and 40 % as
//	         given, 2.4 and 1.6); the two real lines are matchpointed between themselves
//	         (2 and 0) and scaled to 3 lines, (raw+1)·3/2 − 1: NS2 3.5, NS3
//	         0.5; EW2 0.5, EW1 3.5
//	board 3: NS1 90 → 4, NS3 0 → 2, NS2 −110 → 0; EW2 0, EW3 2, EW1 4
//
// Totals of 3 boards × top 4 = 12, places per direction:
//
//	NS1 2+3+4 = 9 (75%) 1st, NS2 4+3.5+0 = 7.5 (62.5%) 2nd, NS3 0+0.5+2 = 2.5 (20.83%) 3rd
//	EW1 2+3.5+4 = 9.5 (79.17%) 1st, EW2 4+0.5+0 = 4.5 (37.5%) 2nd, EW3 0+1+2 = 3 (25%) 3rd
func twoWinnerEvent(t *testing.T) tournament.EventData {
	t.Helper()
	spec := tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	e := tournament.Event{Name: "Two-winner Mitchell", Date: "2024-04-09", Law: scoring.Contract2017, Scoring: tournament.MethodMP}
	e.LawOptions = defaultOptions(e.Law)
	sec := tournament.Section{Session: 1, Name: "A", Spec: spec, Movement: m, CurrentRound: 3}
	var pairs []tournament.Pair
	for _, dir := range []string{"NS", "EW"} {
		for _, n := range []string{"1", "2", "3"} {
			pairs = append(pairs, tournament.Pair{Number: n, Direction: dir,
				Players: []tournament.Player{{Name: dir + n + " North-or-East", Number: "9" + n}, {Name: dir + n + " South-or-West"}}})
		}
	}
	play := func(board, round, table int, ns, ew, contract, declarer string, tricks int) tournament.Result {
		return tournament.Result{Board: board, Round: round, Table: table, NS: ns, EW: ew, Status: tournament.StatusPlayed, Contract: contract, Declarer: declarer, Tricks: tricks}
	}
	lead := play(1, 1, 1, "1", "1", "4S", "N", 10)
	lead.Lead = "HK"
	results := []tournament.Result{
		lead, play(1, 2, 3, "3", "2", "4S", "N", 9), play(1, 3, 2, "2", "3", "4S", "N", 11),
		play(2, 1, 2, "2", "2", "3NT", "S", 9),
		{Board: 2, Round: 2, Table: 1, NS: "1", EW: "3", Status: tournament.StatusArtificial, NSPercent: 60, EWPercent: 40},
		play(2, 3, 3, "3", "1", "3NT", "S", 8),
		{Board: 3, Round: 1, Table: 3, NS: "3", EW: "3", Status: tournament.StatusPassedOut, Contract: "PASS"},
		play(3, 2, 2, "2", "1", "2H", "W", 8), play(3, 3, 1, "1", "2", "1NT", "N", 7),
	}
	if errs := tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), &sec, nil, results); errs != nil {
		t.Fatal(errs)
	}
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, pairs, nil, nil, results)}}
}

// TestTwoWinnerEventFigures checks the hand-worked figures of twoWinnerEvent.
func TestTwoWinnerEventFigures(t *testing.T) {
	d := twoWinnerEvent(t)
	type figures struct {
		total, pct float64
		place      int
	}
	want := map[[2]string]figures{
		{"1", "NS"}: {9, 75, 1}, {"2", "NS"}: {7.5, 62.5, 2}, {"3", "NS"}: {2.5, 20.83, 3},
		{"1", "EW"}: {9.5, 79.17, 1}, {"2", "EW"}: {4.5, 37.5, 2}, {"3", "EW"}: {3, 25, 3},
	}
	st := d.Sections[0].Standings.Pairs
	if len(st) != len(want) {
		t.Fatalf("%d standings, want %d", len(st), len(want))
	}
	for _, p := range st {
		got := figures{p.Total, p.Percentage, p.Place}
		if w := want[[2]string{p.Number, p.Direction}]; got != w {
			t.Errorf("%s %s: %+v, want %+v", p.Direction, p.Number, got, w)
		}
	}
	scores := []int{420, -50, 450, 600, 0, -100, 0, -110, 90}
	for i, r := range d.Sections[0].Results {
		if r.NSScore != scores[i] {
			t.Errorf("board %d %s v %s: NS %d, want %d", r.Board, r.NS, r.EW, r.NSScore, scores[i])
		}
	}
}

// TestUSEBIOTwoWinnersGolden writes twoWinnerEvent as USEBIO (WINNER_TYPE
// 2, each PAIR with its DIRECTION), compares it with the golden file, and
// reads it back: the same pairs, results, scores and standings per
// direction, and the same Mitchell (spec and movement), every result at
// its round and table.
func TestUSEBIOTwoWinnersGolden(t *testing.T) {
	d := twoWinnerEvent(t)
	file := mustWrite(t, d)
	golden(t, "event_two_winners.xml", []byte(file))
	for _, s := range []string{"<WINNER_TYPE>2</WINNER_TYPE>", "<DIRECTION>NS</DIRECTION>", "<DIRECTION>EW</DIRECTION>"} {
		if !strings.Contains(file, s) {
			t.Errorf("the file has no %s", s)
		}
	}
	back, err := readUSEBIOData(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	sameEvent(t, d, back)
	a, b := d.Sections[0].Section, back.Sections[0].Section
	if !reflect.DeepEqual(a.Spec, b.Spec) || !reflect.DeepEqual(a.Movement, b.Movement) || a.CurrentRound != b.CurrentRound {
		t.Errorf("section %+v, want %+v", b, a)
	}
	seats := map[[2]int][2]int{} // board and result index → round, table
	for i, r := range d.Sections[0].Results {
		seats[[2]int{r.Board, i}] = [2]int{r.Round, r.Table}
	}
	for i, r := range back.Sections[0].Results {
		if got := [2]int{r.Round, r.Table}; got != seats[[2]int{r.Board, i}] {
			t.Errorf("board %d %s v %s at round %d table %d, want %v", r.Board, r.NS, r.EW, r.Round, r.Table, seats[[2]int{r.Board, i}])
		}
	}
	checkSeated(t, &back.Sections[0])
}

// TestUSEBIOTwoWinnersMissingMeeting: a file without the line of NS 1 v
// EW 3 (board 2, round 2, table 1: its only board) still follows the
// 3-table Mitchell, whose table then has no result; the other 8 lines keep
// their rounds and tables.
func TestUSEBIOTwoWinnersMissingMeeting(t *testing.T) {
	file := mustWrite(t, twoWinnerEvent(t))
	start := strings.Index(file, "<NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>\n      <EW_PAIR_NUMBER>3EW</EW_PAIR_NUMBER>")
	if start < 0 {
		t.Fatal("the file has no line of NS 1 v EW 3")
	}
	from := strings.LastIndex(file[:start], "    <TRAVELLER_LINE>")
	to := start + strings.Index(file[start:], "</TRAVELLER_LINE>\n") + len("</TRAVELLER_LINE>\n")
	// Read leniently: without the line, the other lines of board 2 are
	// compared over 2 plays, not the 3 the file's matchpoints were written
	// for, and a strict read refuses figures that differ (official.go).
	f, err := ReadResults(strings.NewReader(file[:from]+file[to:]), ReadOptions{Format: FormatUSEBIO, Today: testToday})
	if err != nil {
		t.Fatal(err)
	}
	back := f.Event
	s := back.Sections[0]
	if s.Section.Movement.Name != "Mitchell 3 tables" || s.Section.Movement.Winners != 2 || len(s.Results) != 8 {
		t.Fatalf("%q of %d winners with %d results; want Mitchell 3 tables, 2, 8", s.Section.Movement.Name, s.Section.Movement.Winners, len(s.Results))
	}
	for _, r := range s.Results {
		if r.Round == 2 && r.Table == 1 {
			t.Errorf("a result at round 2 table 1: %+v", r)
		}
	}
	checkSeated(t, &s)
}

// TestUSEBIOTwoWinnerErrors: a two-winner file whose PAIR has no DIRECTION
// (and a PAIR_NUMBER without one),
// one with an NS pair number twice, and one whose lines make no movement
// (on board 1 NS 3 v EW 2 turned into NS 1 v EW 2: NS 1 plays board 1
// twice, against EW 1 and EW 2) are refused naming the element and the
// line. (Lines that follow no Mitchell but make a movement are read as a
// two-winner custom movement: see usebio_winners_custom_test.go.)
func TestUSEBIOTwoWinnerErrors(t *testing.T) {
	good := mustWrite(t, twoWinnerEvent(t))
	line := func(ns, ew string) string {
		return "<NS_PAIR_NUMBER>" + ns + "</NS_PAIR_NUMBER>\n      <EW_PAIR_NUMBER>" + ew + "</EW_PAIR_NUMBER>"
	}
	// NS 3 v EW 2 plays board 1 only; NS 1 plays it against EW 1.
	twice := strings.Replace(good, line("3NS", "2EW"), line("1NS", "2EW"), 1)
	cases := []struct {
		name, file, element string
		line                int
	}{
		{"no direction", strings.Replace(good, "<PAIR_NUMBER>1NS</PAIR_NUMBER>\n      <DIRECTION>NS</DIRECTION>", "<PAIR_NUMBER>1</PAIR_NUMBER>\n      <DIRECTION></DIRECTION>", 1), "PARTICIPANTS/PAIR/DIRECTION", lineOf(good, "<PAIR>")},
		{"NS pair twice", strings.Replace(good, "<PAIR_NUMBER>2NS</PAIR_NUMBER>", "<PAIR_NUMBER>1NS</PAIR_NUMBER>", 1), "PARTICIPANTS/PAIR/PAIR_NUMBER",
			lineOf(good, "<PAIR_NUMBER>2NS</PAIR_NUMBER>") - 1},
		{"board played twice", twice, "EVENT/WINNER_TYPE", lineOf(good, "<EVENT ")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.file == good {
				t.Fatal("the case does not change the file")
			}
			_, err := readUSEBIOData(strings.NewReader(c.file))
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v, want a *FileError", err)
			}
			if fe.Element != c.element || fe.Line != c.line || fe.Expected == "" {
				t.Errorf("%v: element %q line %d, want %q line %d", err, fe.Element, fe.Line, c.element, c.line)
			}
		})
	}
}

// TestUSEBIOArrowSwitchRefused: an arrow-switched Mitchell ranks one field
// whose pairs are numbered NS 1-3 and EW 1-3; a USEBIO traveller line names
// a pair by number alone, so the export is refused naming the section.
func TestUSEBIOArrowSwitchRefused(t *testing.T) {
	d := twoWinnerEvent(t)
	spec := tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1, ArrowSwitch: []int{3}}
	m, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	d.Sections[0].Section.Spec, d.Sections[0].Section.Movement = spec, m
	err = WriteUSEBIO(&bytes.Buffer{}, d)
	if err == nil || !strings.Contains(err.Error(), "section A (Mitchell 3 tables, arrow-switched)") || !strings.Contains(err.Error(), "WINNER_TYPE 2") {
		t.Errorf("got %v, want the arrow-switched section A refused", err)
	}
}

// TestUSEBIOSeveralSections: an event of two sections is refused as
// tournament.ErrInvalid on "section", saying to export one section and
// listing the sections' ids.
func TestUSEBIOSeveralSections(t *testing.T) {
	d := twoWinnerEvent(t)
	b := d.Sections[0]
	d.Sections[0].Section.ID = 41
	b.Section.ID, b.Section.Name = 42, "B"
	d.Sections = append(d.Sections, b)
	err := WriteUSEBIO(&bytes.Buffer{}, d)
	var te *tournament.Error
	if !errors.As(err, &te) || !errors.Is(err, tournament.ErrInvalid) || te.Field != "section" {
		t.Fatalf("got %v, want tournament.ErrInvalid on section", err)
	}
	want := "section: the event has 2 sections (A in session 1: id 41; B in session 1: id 42) and a USEBIO 1.2 file holds one field of pairs: " +
		"export one section: ?section=ID in the API, --section ID on the command line; " +
		"the overall ranking of every section and session is in overall.csv and the workbook, report.xlsx (allowed: 41, 42)"
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
	one, err := d.Select(42, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteUSEBIO(&bytes.Buffer{}, one); err != nil {
		t.Errorf("section 42 alone: %v", err)
	}
}

// TestUSEBIOTwoWinnerMitchells: two-winner Mitchells of every kind come
// back as the same movement (spec and rounds) with the same results and
// standings: a skip Mitchell of 4 tables (3 rounds, the EW pairs skipping
// after round 2), a relay Mitchell of 4 tables (a bye-stand), and a
// Mitchell of 4½ tables (EW 5 missing: its opponents sit out). Every table
// bids 3NT by South and takes 6 to 10 tricks, by its round and table.
func TestUSEBIOTwoWinnerMitchells(t *testing.T) {
	for _, spec := range []tournament.MovementSpec{
		{Kind: "mitchell", Tables: 4, BoardsPerRound: 2},
		{Kind: "mitchell", Tables: 4, BoardsPerRound: 1, Even: "relay"},
		{Kind: "mitchell", Tables: 5, BoardsPerRound: 1, Missing: 10},
	} {
		m, err := spec.Build()
		if err != nil {
			t.Fatal(err)
		}
		t.Run(m.Name, func(t *testing.T) {
			d := generatedEvent(t, spec, m)
			back, err := readUSEBIOData(strings.NewReader(mustWrite(t, d)))
			if err != nil {
				t.Fatal(err)
			}
			sameEvent(t, d, back)
			a, b := d.Sections[0].Section, back.Sections[0].Section
			if !reflect.DeepEqual(a.Spec, b.Spec) || !reflect.DeepEqual(a.Movement, b.Movement) {
				t.Errorf("spec %+v, movement %q; want %+v, %q", b.Spec, b.Movement.Name, a.Spec, a.Movement.Name)
			}
			checkSeated(t, &back.Sections[0])
		})
	}
}

// generatedEvent plays movement m (built from spec): at every table in
// every round, 3NT by South on each board, taking 6 + (round+table+board)
// mod 5 tricks; every pair listed with its number and direction.
func generatedEvent(t *testing.T, spec tournament.MovementSpec, m movement.Movement) tournament.EventData {
	t.Helper()
	e := tournament.Event{Name: m.Name, Date: "2024-04-16", Law: scoring.Contract2017, Scoring: tournament.MethodMP}
	sec := tournament.Section{Session: 1, Name: "A", Spec: spec, Movement: m, CurrentRound: len(m.Rounds)}
	var pairs []tournament.Pair
	for p := 1; p <= m.Pairs; p++ {
		if p != m.Phantom {
			n, dir := m.PairLabel(p)
			pairs = append(pairs, tournament.Pair{Number: n, Direction: dir, Players: []tournament.Player{{Name: dir + n}}})
		}
	}
	var results []tournament.Result
	for _, r := range m.Rounds {
		for _, tb := range r.Tables {
			ns, _ := m.PairLabel(tb.NS)
			ew, _ := m.PairLabel(tb.EW)
			for _, b := range tb.Boards {
				results = append(results, tournament.Result{Board: b, Round: r.Number, Table: tb.Table, NS: ns, EW: ew,
					Status: tournament.StatusPlayed, Contract: "3NT", Declarer: "S", Tricks: 6 + (r.Number+tb.Table+b)%5})
			}
		}
	}
	if errs := tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), &sec, nil, results); errs != nil {
		t.Fatal(errs)
	}
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, pairs, nil, nil, results)}}
}
