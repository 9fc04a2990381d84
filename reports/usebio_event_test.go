package reports

import (
	"bytes"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// howellFile is the 12-pair Howell of shared/testdata (see its README).
const howellFile = "usebio/mp_pairs_howell.xml" // below shared/testdata (sharedtest.Path)

// interchangeEvent is a small one-winner event made for these tests: 4
// pairs, 2 boards, one round at two tables playing both boards, MP.
//
//	board 1 (dealer N, none vul): 1 v 2  4S by N, 10 tricks  NS +420
//	                              3 v 4  4S by N,  9 tricks  NS  -50
//	  top 2: 1 gets 2, 2 gets 0; 3 gets 0, 4 gets 2.
//	board 2 (dealer E, NS vul):   1 v 2  3NT by S, 9 tricks  NS +600
//	                              3 v 4  artificial 60%/40%
//	  the artificial line gets 60% and 40% of the top 2: 1.2 and 0.8; the one
//	  real line is matchpointed alone (0 raw) and scaled to the board's 2
//	  lines: (0+1)·2/1 − 1 = 1, so 1 and 1.
//
// Totals: pair 1 2+1 = 3 (75%), pair 2 0+1 = 1 (25%), pair 3 0+1.2 = 1.2
// (30%), pair 4 2+0.8 = 2.8 (70%), each of 2 boards × top 2.
func interchangeEvent(t *testing.T) tournament.EventData {
	t.Helper()
	spec := tournament.MovementSpec{Kind: "custom", Schedule: []movement.Round{{Number: 1, Tables: []movement.Table{
		{Table: 1, NS: 1, EW: 2, Boards: []int{1, 2}},
		{Table: 2, NS: 3, EW: 4, Boards: []int{1, 2}},
	}}}}
	mov, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	e := tournament.Event{Name: "Tuesday <Pairs> & Co", Date: "2024-03-05", Law: scoring.Contract2017, Scoring: tournament.MethodMP}
	e.LawOptions = defaultOptions(e.Law)
	sec := tournament.Section{Session: 1, Name: "A", Spec: spec, Movement: mov, CurrentRound: 1}
	pairs := []tournament.Pair{
		{Number: "1", Players: []tournament.Player{{Name: "Ann", Number: "101"}, {Name: "Bob", Number: "102"}}},
		{Number: "2", Players: []tournament.Player{{Name: "Cat"}, {Name: "Dan"}}},
		{Number: "3", Players: []tournament.Player{{Name: "Eve"}, {Name: "Fay"}}},
		{Number: "4", Players: []tournament.Player{{Name: "Gus"}, {Name: "Hal"}}},
	}
	boards := map[int]tournament.Board{
		1: {Number: 1, Dealer: 0, Vulnerability: 0, Deal: pbnDeal("N:AKQJ2.K3.Q54.A76 T98.AQJ2.K32.KQ2 76543.654.A6.543 .T987.JT987.JT98")},
	}
	results := []tournament.Result{
		{Board: 1, Round: 1, Table: 1, NS: "1", EW: "2", Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 10, Lead: "HA"},
		{Board: 1, Round: 1, Table: 2, NS: "3", EW: "4", Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 9},
		{Board: 2, Round: 1, Table: 1, NS: "1", EW: "2", Status: tournament.StatusPlayed, Contract: "3NT", Declarer: "S", Tricks: 9},
		{Board: 2, Round: 1, Table: 2, NS: "3", EW: "4", Status: tournament.StatusArtificial, NSPercent: 60, EWPercent: 40},
	}
	if errs := tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), &sec, boards, results); errs != nil {
		t.Fatal(errs)
	}
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, pairs, nil, boards, results)}}
}

// TestInterchangeEventFigures checks the hand-worked figures of interchangeEvent.
func TestInterchangeEventFigures(t *testing.T) {
	d := interchangeEvent(t)
	want := map[string][2]float64{"1": {3, 75}, "2": {1, 25}, "3": {1.2, 30}, "4": {2.8, 70}}
	for _, st := range d.Sections[0].Standings.Pairs {
		if w := want[st.Number]; st.Total != w[0] || st.Percentage != w[1] {
			t.Errorf("pair %s: total %v, %v%%; want %v, %v%%", st.Number, st.Total, st.Percentage, w[0], w[1])
		}
	}
	if got := d.Sections[0].Results[0].NSScore; got != 420 {
		t.Errorf("board 1 table 1: NS %d, want 420", got)
	}
}

// TestUSEBIOGolden writes interchangeEvent as USEBIO and compares it with
// the golden file; reading it back gives the same event.
func TestUSEBIOGolden(t *testing.T) {
	d := interchangeEvent(t)
	var buf bytes.Buffer
	if err := WriteUSEBIO(&buf, d); err != nil {
		t.Fatal(err)
	}
	golden(t, "event.xml", buf.Bytes())
	back, err := readUSEBIOData(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	sameEvent(t, d, back)
}

// TestUSEBIOHowellImport imports the 12-pair Howell: 161 lines, 12 pairs,
// 27 boards; every line's score and matchpoints, and every pair's total,
// percentage and place, are the file's.
func TestUSEBIOHowellImport(t *testing.T) {
	u := readUSEBIOFile(t, howellFile)
	d, err := eventFromUSEBIO(u)
	if err != nil {
		t.Fatal(err)
	}
	if d.Event.Scoring != tournament.MethodMP || d.Event.Date != "2022-07-27" || d.Event.Name != "EL Wed 10.00am Open (27-Jul-22)" {
		t.Errorf("event %q %q %s", d.Event.Name, d.Event.Date, d.Event.Scoring)
	}
	s := d.Sections[0]
	if len(s.Results) != 161 || len(s.Pairs) != 12 || len(s.Boards) != 27 {
		t.Fatalf("%d results, %d pairs, %d boards; want 161, 12, 27", len(s.Results), len(s.Pairs), len(s.Boards))
	}
	if s.Pairs[0].Players[0].Number != "100001" {
		t.Errorf("pair 1's first player's number %q, want 100001", s.Pairs[0].Players[0].Number)
	}
	type key struct {
		board  int
		ns, ew string
	}
	lines := map[key]tournament.TravelerLine{}
	for _, tr := range s.Travelers {
		if tr.Board.Deal.Empty() {
			t.Errorf("board %d has no deal", tr.Board.Number)
		}
		for _, l := range tr.Lines {
			lines[key{l.Result.Board, l.Result.NS, l.Result.EW}] = l
		}
	}
	artificial := 0
	for _, b := range u.Event.Boards {
		for _, fl := range b.Lines {
			l, ok := lines[key{b.Number, fl.NS, fl.EW}]
			if !ok {
				t.Fatalf("board %d %s v %s not imported", b.Number, fl.NS, fl.EW)
			}
			if fl.Score.Artificial {
				artificial++
				if l.Result.Status != tournament.StatusArtificial || l.Result.NSPercent != fl.Score.NSPercent {
					t.Errorf("board %d: %+v, want artificial %s", b.Number, l.Result, fl.Score.Text)
				}
			} else if l.Result.NSScore != fl.Score.Points {
				t.Errorf("board %d %s v %s: NS %d, file %d", b.Number, fl.NS, fl.EW, l.Result.NSScore, fl.Score.Points)
			}
			if !fl.NSPoints.Matches(l.NSPoints) || !fl.EWPoints.Matches(l.EWPoints) {
				t.Errorf("board %d %s v %s: %v/%v, file %s/%s", b.Number, fl.NS, fl.EW, l.NSPoints, l.EWPoints, fl.NSPoints.Text, fl.EWPoints.Text)
			}
		}
	}
	if artificial != 1 {
		t.Errorf("%d artificial lines, want 1 (the A5050)", artificial)
	}
	st := map[string]tournament.Standing{}
	for _, p := range s.Standings.Pairs {
		st[p.Number] = p
	}
	for _, p := range u.Event.Pairs {
		got := st[p.Number]
		if !p.Total.Matches(got.Total) || !p.Percentage.Matches(got.Percentage) || p.Place != strconv.Itoa(got.Place) {
			t.Errorf("pair %s: %v %v%% place %d; file %s %s%% place %s", p.Number, got.Total, got.Percentage, got.Place, p.Total.Text, p.Percentage.Text, p.Place)
		}
	}
}

// TestUSEBIORoundTrip: the Howell imported, written and imported again is
// the same event.
func TestUSEBIORoundTrip(t *testing.T) {
	d, err := eventFromUSEBIO(readUSEBIOFile(t, howellFile))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteUSEBIO(&buf, d); err != nil {
		t.Fatal(err)
	}
	back, err := readUSEBIOData(&buf)
	if err != nil {
		t.Fatal(err)
	}
	sameEvent(t, d, back)
}

// TestUSEBIOEventErrors: bad files name the element and the line.
func TestUSEBIOEventErrors(t *testing.T) {
	good := mustWrite(t, interchangeEvent(t))
	first := lineOf(good, "<TRAVELLER_LINE>") // line errors point at the TRAVELLER_LINE they are in
	cases := []struct {
		name, file, element string
		line                int
	}{
		{"malformed", strings.Replace(good, "</PAIR_NUMBER>", "</PAIR_NUMBR>", 1), "", lineOf(good, "</PAIR_NUMBER>")},
		{"board number", strings.Replace(good, "<BOARD_NUMBER>1</BOARD_NUMBER>", "<BOARD_NUMBER>x</BOARD_NUMBER>", 1), "BOARD/BOARD_NUMBER", lineOf(good, "<BOARD_NUMBER>1</BOARD_NUMBER>")},
		{"missing EW pair", strings.Replace(good, "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>", "", 1), "BOARD/TRAVELLER_LINE/EW_PAIR_NUMBER", first},
		{"missing declarer", strings.Replace(good, "<PLAYED_BY>N</PLAYED_BY>", "", 1), "BOARD/TRAVELLER_LINE/PLAYED_BY", first},
		{"wrong score", strings.Replace(good, "<SCORE>420</SCORE>", "<SCORE>450</SCORE>", 1), "BOARD/TRAVELLER_LINE/SCORE", first},
		{"event type", strings.Replace(good, `<EVENT EVENT_TYPE="MP_PAIRS">`, `<EVENT EVENT_TYPE="SWISS_TEAMS">`, 1), "EVENT EVENT_TYPE", lineOf(good, "<EVENT ")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
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

// mustWrite writes d as USEBIO.
func mustWrite(t *testing.T, d tournament.EventData) string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteUSEBIO(&buf, d); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// lineOf returns the 1-based line of the first occurrence of s in file.
func lineOf(file, s string) int {
	i := strings.Index(file, s)
	if i < 0 {
		return 0
	}
	return strings.Count(file[:i], "\n") + 1
}

// readUSEBIOFile reads a USEBIO file from disk.
func readUSEBIOFile(t *testing.T, path string) *USEBIO {
	t.Helper()
	f, err := os.Open(sharedtest.Path(t, path))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	u, err := ReadUSEBIO(f)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// sameEvent checks that b holds a's event: name, date, scoring, pairs with
// players, boards with deals, and every result (by board and pairs) with
// its contract, declarer, tricks, lead, status and score, and the points
// each side earned; and the same standings.
func sameEvent(t *testing.T, a, b tournament.EventData) {
	t.Helper()
	if a.Event.Name != b.Event.Name || a.Event.Date != b.Event.Date || a.Event.Scoring != b.Event.Scoring || a.Event.Law != b.Event.Law {
		t.Errorf("event %+v, want %+v", b.Event, a.Event)
	}
	if len(a.Sections) != len(b.Sections) {
		t.Fatalf("%d sections, want %d", len(b.Sections), len(a.Sections))
	}
	for si := range a.Sections {
		sa, sb := &a.Sections[si], &b.Sections[si]
		if len(sa.Pairs) != len(sb.Pairs) {
			t.Fatalf("%d pairs, want %d", len(sb.Pairs), len(sa.Pairs))
		}
		for i := range sa.Pairs {
			if !samePair(sa.Pairs[i], sb.Pairs[i]) {
				t.Errorf("pair %+v, want %+v", sb.Pairs[i], sa.Pairs[i])
			}
		}
		if len(sa.Boards) != len(sb.Boards) {
			t.Fatalf("%d boards, want %d", len(sb.Boards), len(sa.Boards))
		}
		for i := range sa.Boards {
			ba, bb := sa.Boards[i], sb.Boards[i]
			ba.SectionID, bb.SectionID = 0, 0
			if ba != bb {
				t.Errorf("board %+v, want %+v", bb, ba)
			}
		}
		type key struct {
			board  int
			ns, ew string
		}
		lines := map[key]tournament.TravelerLine{}
		for _, tr := range sb.Travelers {
			for _, l := range tr.Lines {
				lines[key{l.Result.Board, l.Result.NS, l.Result.EW}] = l
			}
		}
		n := 0
		for _, tr := range sa.Travelers {
			for _, la := range tr.Lines {
				n++
				ra := la.Result
				lb, ok := lines[key{ra.Board, ra.NS, ra.EW}]
				rb := lb.Result
				if !ok || ra.Status != rb.Status || ra.Contract != rb.Contract || ra.Declarer != rb.Declarer || ra.Tricks != rb.Tricks ||
					ra.Lead != rb.Lead || ra.NSScore != rb.NSScore || ra.NSPercent != rb.NSPercent || ra.EWPercent != rb.EWPercent ||
					la.NSPoints != lb.NSPoints || la.EWPoints != lb.EWPoints {
					t.Errorf("board %d %s v %s: %+v %v/%v, want %+v %v/%v", ra.Board, ra.NS, ra.EW, rb, lb.NSPoints, lb.EWPoints, ra, la.NSPoints, la.EWPoints)
				}
			}
		}
		if n != len(sb.Results) {
			t.Errorf("%d results, want %d", len(sb.Results), n)
		}
		if len(sa.Standings.Pairs) != len(sb.Standings.Pairs) {
			t.Fatalf("%d standings, want %d", len(sb.Standings.Pairs), len(sa.Standings.Pairs))
		}
		for i := range sa.Standings.Pairs {
			pa, pb := sa.Standings.Pairs[i], sb.Standings.Pairs[i]
			if pa.Number != pb.Number || pa.Direction != pb.Direction || pa.Total != pb.Total || pa.Percentage != pb.Percentage || pa.Place != pb.Place || pa.IMPs != pb.IMPs {
				t.Errorf("standing %+v, want %+v", pb, pa)
			}
		}
	}
}

// samePair compares pairs' numbers, directions, teams and players.
func samePair(a, b tournament.Pair) bool {
	if a.Number != b.Number || a.Direction != b.Direction || a.Team != b.Team || len(a.Players) != len(b.Players) {
		return false
	}
	for i := range a.Players {
		if a.Players[i] != b.Players[i] {
			return false
		}
	}
	return true
}

// butlerFile is the 8-pair Butler Howell of shared/testdata (see its README).
const butlerFile = "usebio/butler_howell.xml"

// TestUSEBIOHowellMovement: the movement built from the 12-pair Howell's
// lines validates, seats every line, and takes as few rounds as a pair has
// meetings (an NS pair against an EW pair), counted here from the file.
//
// The session was played in 9 rounds of 3 boards, but on board 15 pairs 2
// and 4 sat the other way round from boards 13 and 14 (2 NS v 4 EW, after
// 4 NS v 2 EW). A table has one NS pair for all its boards in a round, so 2
// v 4 on board 15 is a meeting of its own: pairs 2 and 4 have 10 meetings,
// the others 9, and the movement has 10 rounds. Board 12 has no line for
// 3 v 1, who played 10 and 11 together: their table plays 10-12, board 12
// being a slot with no result, so every board is played 6 times (6 tables).
func TestUSEBIOHowellMovement(t *testing.T) {
	u := readUSEBIOFile(t, howellFile)
	d, err := eventFromUSEBIO(u)
	if err != nil {
		t.Fatal(err)
	}
	s := &d.Sections[0]
	m := &s.Section.Movement
	if _, err := m.Validate(); err != nil {
		t.Fatalf("the movement does not validate: %v", err)
	}
	if most := mostMeetings(u); len(m.Rounds) != most || most != 10 {
		t.Errorf("%d rounds; want the most meetings a pair has, %d (10: see above)", len(m.Rounds), most)
	}
	for b, n := range m.Plays() {
		if n != 6 {
			t.Errorf("board %d is played %d times, want 6", b+1, n)
		}
	}
	want := map[[2]int][]int{{3, 1}: {10, 11, 12}, {4, 2}: {13, 14}, {2, 4}: {15}}
	for _, r := range m.Rounds {
		for _, tb := range r.Tables {
			if w, ok := want[[2]int{tb.NS, tb.EW}]; ok {
				if !slices.Equal(tb.Boards, w) {
					t.Errorf("%d v %d plays %v, want %v", tb.NS, tb.EW, tb.Boards, w)
				}
				delete(want, [2]int{tb.NS, tb.EW})
			}
		}
	}
	if len(want) != 0 {
		t.Errorf("no table for %v", want)
	}
	checkSeated(t, s)
	if s.Section.Spec.Kind != "custom" || len(s.Section.Spec.Schedule) != len(m.Rounds) || s.Section.CurrentRound != len(m.Rounds) {
		t.Errorf("spec %q of %d rounds, current round %d; want custom of %d", s.Section.Spec.Kind, len(s.Section.Spec.Schedule), s.Section.CurrentRound, len(m.Rounds))
	}
	if _, err := s.Section.Spec.Build(); err != nil {
		t.Errorf("the section's spec does not build (as ImportEvent builds it): %v", err)
	}
}

// TestUSEBIOButlerImport imports the 8-pair Butler Howell: a movement of 7
// rounds (8 pairs meet 7 others, each pair the same NS or EW for a round's
// 5 boards; 4 tables, so each board is played 4 times) that validates, and
// every line's score and Butler IMPs, every pair's total and place, are the
// file's.
func TestUSEBIOButlerImport(t *testing.T) {
	u := readUSEBIOFile(t, butlerFile)
	d, err := eventFromUSEBIO(u)
	if err != nil {
		t.Fatal(err)
	}
	s := &d.Sections[0]
	m := &s.Section.Movement
	if _, err := m.Validate(); err != nil {
		t.Fatalf("the movement does not validate: %v", err)
	}
	if most := mostMeetings(u); len(m.Rounds) != most || most != 7 {
		t.Errorf("%d rounds; want the most meetings a pair has, %d (7)", len(m.Rounds), most)
	}
	for b, n := range m.Plays() {
		if n != 4 {
			t.Errorf("board %d is played %d times, want 4", b+1, n)
		}
	}
	checkSeated(t, s)
	type key struct {
		board  int
		ns, ew string
	}
	lines := map[key]tournament.TravelerLine{}
	for _, tr := range s.Travelers {
		for _, l := range tr.Lines {
			lines[key{l.Result.Board, l.Result.NS, l.Result.EW}] = l
		}
	}
	n := 0
	for _, b := range u.Event.Boards {
		for _, fl := range b.Lines {
			n++
			l, ok := lines[key{b.Number, fl.NS, fl.EW}]
			if !ok {
				t.Fatalf("board %d %s v %s not imported", b.Number, fl.NS, fl.EW)
			}
			if l.Result.NSScore != fl.Score.Points || !fl.NSPoints.Matches(l.NSPoints) || !fl.EWPoints.Matches(l.EWPoints) {
				t.Errorf("board %d %s v %s: NS %d, %v/%v IMPs; file %d, %s/%s", b.Number, fl.NS, fl.EW, l.Result.NSScore, l.NSPoints, l.EWPoints, fl.Score.Points, fl.NSPoints.Text, fl.EWPoints.Text)
			}
		}
	}
	if n != 140 || len(s.Results) != n {
		t.Errorf("%d results of the file's %d lines, want 140", len(s.Results), n)
	}
	st := map[string]tournament.Standing{}
	for _, p := range s.Standings.Pairs {
		st[p.Number] = p
	}
	for _, p := range u.Event.Pairs {
		got := st[p.Number]
		if !p.Total.Matches(got.Total) || p.Place != strconv.Itoa(got.Place) {
			t.Errorf("pair %s: %v place %d; file %s place %s", p.Number, got.Total, got.Place, p.Total.Text, p.Place)
		}
	}
}

// mostMeetings counts, straight from the file, the meetings (an NS pair
// number against an EW pair number) of every pair, and returns the most.
func mostMeetings(u *USEBIO) int {
	meets := map[[2]string]bool{}
	per := map[string]int{}
	most := 0
	for _, b := range u.Event.Boards {
		for _, l := range b.Lines {
			if meets[[2]string{l.NS, l.EW}] {
				continue
			}
			meets[[2]string{l.NS, l.EW}] = true
			per[l.NS]++
			per[l.EW]++
			most = max(most, per[l.NS], per[l.EW])
		}
	}
	return most
}

// checkSeated checks that every result sits where the movement seats its
// pairs: its round and table exist, the pairs holding the NS and EW cards
// there are the result's, and the table plays its board (as
// Service.ImportEvent checks each result).
func checkSeated(t *testing.T, s *tournament.SectionData) {
	t.Helper()
	m := &s.Section.Movement
	for _, r := range s.Results {
		rd, ok := m.Round(r.Round)
		if !ok {
			t.Fatalf("board %d %s v %s: no round %d", r.Board, r.NS, r.EW, r.Round)
		}
		tb, ok := rd.Table(r.Table)
		if !ok {
			t.Fatalf("board %d %s v %s: no table %d in round %d", r.Board, r.NS, r.EW, r.Table, r.Round)
		}
		ns, _ := m.PairLabel(tb.Cards(scoring.NS))
		ew, _ := m.PairLabel(tb.Cards(scoring.EW))
		if ns != r.NS || ew != r.EW || !slices.Contains(tb.Boards, r.Board) {
			t.Errorf("board %d %s v %s seated at round %d table %d: %s v %s playing %v", r.Board, r.NS, r.EW, r.Round, r.Table, ns, ew, tb.Boards)
		}
	}
}

// TestFillSets: a meeting missing a line gets the rest of its set; a
// meeting whose pairs play the missing board elsewhere (the two pairs of
// board 15 of the Howell, who sat the other way round for it) keeps its
// boards; a list two smallest sets hold keeps its boards too.
func TestFillSets(t *testing.T) {
	meetings := []meeting{
		{ns: 1, ew: 2, boards: []int{3, 1, 2}},
		{ns: 3, ew: 4, boards: []int{1, 2}}, // missing 3: gets it
		{ns: 5, ew: 6, boards: []int{4, 5, 6}},
		{ns: 7, ew: 8, boards: []int{4, 5}}, // missing 6, which 8 v 7 played: keeps 4, 5
		{ns: 8, ew: 7, boards: []int{6}},    // 4-6 but 7 and 8 play 4 and 5: keeps 6
		{ns: 9, ew: 10, boards: []int{7}},   // in 7-8 and in 7-9: keeps 7
		{ns: 11, ew: 12, boards: []int{7, 8}},
		{ns: 13, ew: 14, boards: []int{7, 9}},
	}
	fillSets(meetings)
	want := [][]int{{1, 2, 3}, {1, 2, 3}, {4, 5, 6}, {4, 5}, {6}, {7}, {7, 8}, {7, 9}}
	for i, m := range meetings {
		if !slices.Equal(m.boards, want[i]) {
			t.Errorf("%d v %d: boards %v, want %v", m.ns, m.ew, m.boards, want[i])
		}
	}
}

// TestUSEBIOMeetingMissing: a file without any line of one meeting (here
// the Howell without NS 5 v EW 2, who played boards 1-3) gives a custom
// movement whose boards are played unequally, 5 times for 1-3 and 6 for
// the rest; a custom movement may (Movement.Validate), and the report's
// Plays is the most, 6.
func TestUSEBIOMeetingMissing(t *testing.T) {
	u := readUSEBIOFile(t, howellFile)
	dropped := 0
	for i := range u.Event.Boards {
		b := &u.Event.Boards[i]
		b.Lines = slices.DeleteFunc(b.Lines, func(l USEBIOLine) bool {
			if l.NS == "5" && l.EW == "2" {
				dropped++
				return true
			}
			return false
		})
	}
	if dropped != 3 {
		t.Fatalf("dropped %d lines of 5 v 2, want 3 (boards 1-3)", dropped)
	}
	d, err := eventFromUSEBIO(u)
	if err != nil {
		t.Fatal(err)
	}
	m := &d.Sections[0].Section.Movement
	rep, err := m.Validate()
	if err != nil {
		t.Fatalf("the movement does not validate: %v", err)
	}
	for b, n := range m.Plays() {
		if want := map[bool]int{true: 5, false: 6}[b < 3]; n != want {
			t.Errorf("board %d is played %d times, want %d", b+1, n, want)
		}
	}
	if rep.Plays != 6 || len(d.Sections[0].Results) != 158 {
		t.Errorf("plays %d, %d results; want 6, 161−3 = 158", rep.Plays, len(d.Sections[0].Results))
	}
	checkSeated(t, &d.Sections[0])
}

// TestUSEBIOPenaltyReadBack: a pairs section's procedural penalty, written
// in USEBIO as traveler's comment, is the section's again when the file is
// read back, and the standings are the same. smallEvent's NS 2 has 7.5
// (its comment); 1 matchpoint off for slow play leaves 6.5 (Law 90), a
// penalty of 1 in the standings.
func TestUSEBIOPenaltyReadBack(t *testing.T) {
	d := smallEvent(t)
	sd := d.Sections[0]
	sd.Section.Penalties = []tournament.Penalty{{Number: "2", Direction: "NS", Amount: 1, Unit: tournament.UnitMP, Reason: "slow play -- twice"}}
	boards := map[int]tournament.Board{}
	for _, b := range sd.Boards {
		boards[b.Number] = b
	}
	d.Sections[0] = tournament.BuildSection(d.Event, sd.Section, sd.Pairs, sd.Teams, boards, sd.Results)
	ns2 := func(st []tournament.Standing) tournament.Standing {
		for _, s := range st {
			if s.Number == "2" && s.Direction == "NS" {
				return s
			}
		}
		t.Fatalf("no NS 2 in %+v", st)
		return tournament.Standing{}
	}
	if s := ns2(d.Sections[0].Standings.Pairs); s.Total != 6.5 || s.Penalty != 1 {
		t.Fatalf("written: NS 2 %v, penalty %v; want 6.5 and 1", s.Total, s.Penalty)
	}
	var buf bytes.Buffer
	if err := WriteUSEBIO(&buf, d); err != nil {
		t.Fatal(err)
	}
	back, err := ReadResults(bytes.NewReader(buf.Bytes()), ReadOptions{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	sec := back.Event.Sections[0]
	if len(sec.Section.Penalties) != 1 || sec.Section.Penalties[0].Reason != "slow play -- twice" || sec.Section.Penalties[0].Unit != tournament.UnitMP {
		t.Errorf("penalties read back %+v", sec.Section.Penalties)
	}
	if s := ns2(sec.Standings.Pairs); s.Total != 6.5 || s.Penalty != 1 || s.Place != 2 {
		t.Errorf("read back: NS 2 %v, penalty %v, place %d; want 6.5, 1, 2", s.Total, s.Penalty, s.Place)
	}
}
