package reports

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// USEBIO files as federations' programs write them and their uploaders
// take them (testdata/usebio/README.md says where each file and each rule
// comes from).

// localUSEBIO returns a real file of testdata/usebio.
func localUSEBIO(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "usebio", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// sharedUSEBIO returns a real file of ../shared/testdata/usebio.
func sharedUSEBIO(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(sharedtest.Path(t, "usebio", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// readUSEBIONotes reads a USEBIO file strictly, with its notes.
func readUSEBIONotes(t *testing.T, data []byte) *ResultsFile {
	t.Helper()
	f, err := ReadResults(bytes.NewReader(data), ReadOptions{Format: FormatUSEBIO, Today: testToday, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// asUSEBIO12Pairs rewrites a Compscore3 file's EVENT_TYPE (every element
// that carries one) as USEBIO 1.2's own "PAIRS" and names the scoring in
// BOARD_SCORING_METHOD, as the EBU's importer reads an EBUScore file
// (marcshearer/ImportUsebio: EventType .pairs, ScoringMethod
// MATCH_POINTS / IMPS / CROSS_IMPS); the file's SCORING_METHOD, if any, is
// dropped so that only BOARD_SCORING_METHOD speaks.
func asUSEBIO12Pairs(data []byte, from, method string) []byte {
	s := strings.ReplaceAll(string(data), `EVENT_TYPE="`+from+`"`, `EVENT_TYPE="PAIRS"`)
	if i := strings.Index(s, "<SCORING_METHOD>"); i >= 0 {
		j := strings.Index(s[i:], "</SCORING_METHOD>") + len("</SCORING_METHOD>")
		s = s[:i] + s[i+j:]
	}
	s = strings.Replace(s, "<WINNER_TYPE>", "<BOARD_SCORING_METHOD>"+method+"</BOARD_SCORING_METHOD>\n    <WINNER_TYPE>", 1)
	return []byte(s)
}

// TestUSEBIOEventTypePairs: USEBIO 1.2's EVENT_TYPE PAIRS with a
// BOARD_SCORING_METHOD is read by that method with no note on the
// EVENT_TYPE (it was told "not one of USEBIO's"), to the same standings as
// the real file it was made from: the Compscore3 matchpoint Howell (pair
// 8: 157.78 of 270, 58.44 %, the file's own PERCENTAGE), its Butler Howell
// and the cross-IMP Howell (pair 2: 30.33 cross-IMPs, the file's own
// TOTAL_SCORE).
func TestUSEBIOEventTypePairs(t *testing.T) {
	cases := []struct {
		name, from, method string
		data               []byte
		want               tournament.Method
	}{
		{"mp_pairs_howell", "MP_PAIRS", "MATCH_POINTS", sharedUSEBIO(t, "mp_pairs_howell.xml"), tournament.MethodMP},
		{"butler_howell", "BUTLER_PAIRS", "IMPS", sharedUSEBIO(t, "butler_howell.xml"), tournament.MethodButler},
		{"cross_imp_howell", "CROSS_IMP", "CROSS_IMPS", localUSEBIO(t, "cross_imp_howell.xml"), tournament.MethodCrossIMP},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			orig := readUSEBIONotes(t, c.data)
			f := readUSEBIONotes(t, asUSEBIO12Pairs(c.data, c.from, c.method))
			if f.Event.Event.Scoring != c.want {
				t.Errorf("scored %s, want %s", f.Event.Event.Scoring, c.want)
			}
			for _, n := range f.Notes {
				if n.Element == "EVENT EVENT_TYPE" {
					t.Errorf("note %q: the file names its type and method as USEBIO 1.2 does", n)
				}
			}
			sameStandings(t, orig.Event, f.Event)
		})
	}
	f := readUSEBIONotes(t, asUSEBIO12Pairs(localUSEBIO(t, "cross_imp_howell.xml"), "CROSS_IMP", "CROSS_IMPS"))
	for _, st := range f.Event.Sections[0].Standings.Pairs {
		if st.Number == "2" && (st.Total != 30.33 || st.Place != 1) {
			t.Errorf("pair 2: %.2f, place %d; the file's TOTAL_SCORE 30.33, PLACE 1", st.Total, st.Place)
		}
	}
}

// TestUSEBIOIndividualRefused: an individual file traveler cannot read is
// refused naming the element, its line and what is allowed. The real
// USEBIO 1.1 example individual (testdata/usebio/ebu_individual_example.xml)
// says its player numbers are no real movement: its first line seats
// player 101 South (S_PLAYER_NUMBER, line 150), whom PARTICIPANTS does not
// list (players 1 to 12). A pairs file called INDIVIDUAL lists PAIRs, not
// PLAYERs; the example with its first line naming a pair (NS_PAIR_NUMBER)
// instead of North has no North.
func TestUSEBIOIndividualRefused(t *testing.T) {
	example, err := os.ReadFile(filepath.Join("testdata", "usebio", "ebu_individual_example.xml"))
	if err != nil {
		t.Fatal(err)
	}
	real := string(sharedUSEBIO(t, "mp_pairs_howell.xml"))
	asType := strings.ReplaceAll(real, `EVENT_TYPE="MP_PAIRS"`, `EVENT_TYPE="INDIVIDUAL"`)
	noNorth := strings.Replace(string(example), "<N_PLAYER_NUMBER>10</N_PLAYER_NUMBER>", "<NS_PAIR_NUMBER>10</NS_PAIR_NUMBER>", 1)
	cases := []struct {
		name, file, element, value, says string
		line                             int
	}{
		{"the example's player 101", string(example), "BOARD/TRAVELLER_LINE/S_PLAYER_NUMBER", "101", "a player PARTICIPANTS lists", 150},
		{"pairs called INDIVIDUAL", asType, "PARTICIPANTS/PAIR", "1", "an individual's participants are PLAYERs", lineOf(asType, "<PAIR>")},
		{"a line naming pairs", noNorth, "BOARD/TRAVELLER_LINE/N_PLAYER_NUMBER", "", "names its four players", 148},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := readUSEBIOData(strings.NewReader(c.file))
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v, want a *FileError", err)
			}
			if fe.Element != c.element || fe.Line != c.line || fe.Value != c.value || !strings.Contains(fe.Expected, c.says) {
				t.Errorf("%v: element %q line %d value %q, want %q line %d value %q saying %q", err, fe.Element, fe.Line, fe.Value, c.element, c.line, c.value, c.says)
			}
		})
	}
}

// writtenAgain writes a real file read by traveler as USEBIO, and reads
// that back.
func writtenAgain(t *testing.T, data []byte) (orig tournament.EventData, out string, back tournament.EventData) {
	t.Helper()
	// Not strict: some real files print line points rounded to 0.1 (as
	// mp_pairs_mitchell_adjusted_02.xml does), and a strict read refuses a
	// file whose own figures traveler does not reproduce (official.go).
	read := func(data []byte) tournament.EventData {
		f, err := ReadResults(bytes.NewReader(data), ReadOptions{Format: FormatUSEBIO, Today: testToday})
		if err != nil {
			t.Fatal(err)
		}
		return f.Event
	}
	orig = read(data)
	out = mustWrite(t, orig)
	back = read([]byte(out))
	return orig, out, back
}

// elementTexts lists, in order, the text of every element of that name.
func elementTexts(file, name string) []string {
	var out []string
	open, end := "<"+name+">", "</"+name+">"
	for rest := file; ; {
		i := strings.Index(rest, open)
		if i < 0 {
			return out
		}
		rest = rest[i+len(open):]
		j := strings.Index(rest, end)
		if j < 0 {
			return out
		}
		out = append(out, rest[:j])
		rest = rest[j:]
	}
}

// TestUSEBIOWritesCrossIMP: a cross-IMP event is written EVENT_TYPE
// "CROSS_IMP", as Compscore3 writes it (testdata/usebio/cross_imp_howell.xml)
// and as the ABF's uploader (abftech/cobalt ResultsFile.EventType: MP_PAIRS,
// CROSS_IMP, BUTLER_PAIRS) takes it — it refuses "CROSS_IMP_PAIRS" — on the
// EVENT, the PARTICIPANTS and every BOARD; read back, the standings are the
// real file's (pair 2: 30.33 cross-IMPs, first).
func TestUSEBIOWritesCrossIMP(t *testing.T) {
	real := localUSEBIO(t, "cross_imp_howell.xml")
	orig, out, back := writtenAgain(t, real)
	if strings.Contains(out, "CROSS_IMP_PAIRS") {
		t.Errorf("written EVENT_TYPE CROSS_IMP_PAIRS, which the ABF's uploader refuses")
	}
	for _, tag := range []string{`<EVENT EVENT_TYPE="CROSS_IMP">`, `<PARTICIPANTS EVENT_TYPE="CROSS_IMP">`, `<BOARD EVENT_TYPE="CROSS_IMP">`} {
		if strings.Count(out, tag) != strings.Count(string(real), tag) {
			t.Errorf("%s written %d times; the real file has it %d times", tag, strings.Count(out, tag), strings.Count(string(real), tag))
		}
	}
	sameStandings(t, orig, back)
	for _, st := range back.Sections[0].Standings.Pairs {
		if st.Number == "2" && (st.Total != 30.33 || st.Place != 1) {
			t.Errorf("pair 2 read back: %.2f, place %d; the file's TOTAL_SCORE 30.33, PLACE 1", st.Total, st.Place)
		}
	}
	// Membership numbers travel: every player's NATIONAL_ID_NUMBER (what
	// the ABF's uploader finds a player by) as the real file has them.
	if got, want := elementTexts(out, "NATIONAL_ID_NUMBER"), elementTexts(string(real), "NATIONAL_ID_NUMBER"); !slices.Equal(got, want) || len(want) != 18 {
		t.Errorf("NATIONAL_ID_NUMBER written %v, the real file's %v (18 players)", got, want)
	}
}

// TestUSEBIOWritesDirectedPairNumbers: a two-winner event's pairs are
// written "1NS", "1EW" in PAIR_NUMBER and in the traveller lines, as
// Compscore3 writes them (testdata/usebio/mp_pairs_mitchell_03.xml) and as
// the ABF's uploader needs them (abftech/cobalt results_views.py looks a
// pair up by PAIR_NUMBER alone: NS 1 and EW 1 would be one pair). The
// PAIR_NUMBERs and the lines' pair numbers are the real file's, board by
// board, and the file reads back to its standings.
func TestUSEBIOWritesDirectedPairNumbers(t *testing.T) {
	real := string(localUSEBIO(t, "mp_pairs_mitchell_03.xml"))
	orig, out, back := writtenAgain(t, []byte(real))
	for _, el := range []string{"PAIR_NUMBER", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER"} {
		got, want := elementTexts(out, el), elementTexts(real, el)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s written %v,\nthe real file's %v", el, got, want)
		}
	}
	sameStandings(t, orig, back)
}

// assignedEvent is interchangeEvent with board 1's two lines given
// assigned adjusted scores instead: table 1 a weighted score (Law
// 12C1(c): 60 % of NS +420, 40 % of NS −50), table 2 a split one (Law
// 12C1(b): NS +420, EW −450, i.e. the EW side compared as NS +450).
//
//	board 1, top 2 (2 lines; each side is compared with the other line's
//	same side: NS with table 2's NS +420, EW with table 2's EW side, NS +450):
//	  table 1 NS 0.6×(+420 v +420: 1) + 0.4×(−50 v +420: 0) = 0.6,
//	          EW 0.6×(+420 v +450: 2) + 0.4×(−50 v +450: 2) = 2;
//	  table 2 NS +420 v 0.6×+420 and 0.4×−50: 0.6×1 + 0.4×2 = 1.4,
//	          EW as +450 v +420 and −50: 0.
func assignedEvent(t *testing.T) tournament.EventData {
	t.Helper()
	d := interchangeEvent(t)
	s := d.Sections[0]
	results := slices.Clone(s.Results)
	for i := range results {
		r := &results[i]
		if r.Board != 1 {
			continue
		}
		r.Contract, r.Declarer, r.Tricks, r.Lead = "", "", tournament.TricksNotGiven, ""
		r.Status = tournament.StatusAssigned
		if r.NS == "1" {
			r.Assigned = []tournament.AssignedPart{{NSScore: 420, Weight: 0.6}, {NSScore: -50, Weight: 0.4}}
		} else {
			r.Assigned = []tournament.AssignedPart{{NSScore: 420, Weight: 1}}
			r.EWAssigned = []tournament.AssignedPart{{NSScore: 450, Weight: 1}}
		}
	}
	boards := map[int]tournament.Board{}
	for _, b := range s.Boards {
		boards[b.Number] = b
	}
	sec := s.Section
	if errs := tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), &sec, boards, results); errs != nil {
		t.Fatal(errs)
	}
	return tournament.EventData{Event: d.Event, Sections: []tournament.SectionData{tournament.BuildSection(d.Event, sec, s.Pairs, nil, boards, results)}}
}

// TestUSEBIOWritesAssignedScores: an event with assigned adjusted scores
// (weighted, and split per side) is written instead of refused: each such
// line with no CONTRACT, its matchpoints as every line has them (what the
// ABF's uploader reads of a line), a SCORE only where the assigned score is
// one balanced figure, and the weighted parts in a comment traveler reads
// back; the file reads back to the same standings and the same assigned
// parts.
func TestUSEBIOWritesAssignedScores(t *testing.T) {
	d := assignedEvent(t)
	var buf bytes.Buffer
	if err := WriteUSEBIO(&buf, d); err != nil {
		t.Fatalf("refused: %v", err)
	}
	out := buf.String()
	if problems := checkUSEBIO(buf.Bytes()); len(problems) > 0 {
		t.Errorf("not in the model: %v", problems)
	}
	back := readUSEBIONotes(t, buf.Bytes()).Event
	sameStandings(t, d, back)
	for _, r := range back.Sections[0].Results {
		if r.Board != 1 {
			continue
		}
		var want tournament.Result
		for _, w := range d.Sections[0].Results {
			if w.Board == 1 && w.NS == r.NS {
				want = w
			}
		}
		if r.Status != tournament.StatusAssigned || !slices.Equal(r.Assigned, want.Assigned) || !slices.Equal(r.EWAssigned, want.EWAssigned) {
			t.Errorf("board 1 NS %s read back %s %v / %v, want assigned %v / %v", r.NS, r.Status, r.Assigned, r.EWAssigned, want.Assigned, want.EWAssigned)
		}
	}
	// The hand-worked points of assignedEvent, as written.
	for _, want := range []string{"<NS_MATCH_POINTS>0.6</NS_MATCH_POINTS>", "<EW_MATCH_POINTS>2</EW_MATCH_POINTS>", "<NS_MATCH_POINTS>1.4</NS_MATCH_POINTS>", "<EW_MATCH_POINTS>0</EW_MATCH_POINTS>"} {
		if !strings.Contains(out, want) {
			t.Errorf("the file lacks %s", want)
		}
	}
}

// notesText joins a file's notes a line each.
func notesText(f *ResultsFile) string {
	var b strings.Builder
	for _, n := range f.Notes {
		b.WriteString(n.String() + "\n")
	}
	return b.String()
}

// TestUSEBIOPairWithoutBoards: a PAIR the traveller lines never name (a
// pair that entered and did not play) is kept in the standings with no
// boards, and a note says so — in the Compscore3 Howell (pair 13 added) and
// in its two-winner Mitchell (NS 8 added); the other pairs keep the real
// file's figures (Howell pair 6: 1st, 27 boards).
func TestUSEBIOPairWithoutBoards(t *testing.T) {
	cases := []struct {
		name, file, pair, number, dir, note string
	}{
		{"one winner", string(sharedUSEBIO(t, "mp_pairs_howell.xml")), "<PAIR><PAIR_NUMBER>13</PAIR_NUMBER><PLAYER><PLAYER_NAME>Player 99</PLAYER_NAME></PLAYER></PAIR>", "13", "",
			"PARTICIPANTS/PAIR: pair 13 plays no board in the traveller lines: kept in the standings with no score"},
		{"two winners", string(localUSEBIO(t, "mp_pairs_mitchell_03.xml")), "<PAIR><PAIR_NUMBER>8NS</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>", "8", "NS",
			"PARTICIPANTS/PAIR: pair NS 8 plays no board in the traveller lines: kept in the standings with no score"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := readUSEBIONotes(t, []byte(strings.Replace(c.file, "</PARTICIPANTS>", c.pair+"</PARTICIPANTS>", 1)))
			found := false
			for _, st := range f.Event.Sections[0].Standings.Pairs {
				if st.Number == c.number && st.Direction == c.dir {
					found = st.Boards == 0
				}
				if c.dir == "" && st.Number == "6" && (st.Place != 1 || st.Boards != 27) {
					t.Errorf("pair 6: place %d, %d boards; the file's PLACE 1 of 27 boards", st.Place, st.Boards)
				}
			}
			if !found {
				t.Errorf("pair %s%s not in the standings with 0 boards", c.dir, c.number)
			}
			if !strings.Contains(notesText(f), c.note) {
				t.Errorf("notes\n%s lack %q", notesText(f), c.note)
			}
		})
	}
}

// TestUSEBIOOnePairNoted: a file listing one pair, whose line names an
// opponent PARTICIPANTS does not list, is read with notes saying so rather
// than silently making up the opponent, and saying why both pairs score 0.
func TestUSEBIOOnePairNoted(t *testing.T) {
	file := `<?xml version="1.0"?>
<USEBIO Version="1.2">
<CLUB><CLUB_NAME>Example Bridge Club</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="MP_PAIRS">
  <EVENT_DESCRIPTION>One pair</EVENT_DESCRIPTION>
  <DATE>05/03/2024</DATE>
  <PARTICIPANTS>
    <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Player 1</PLAYER_NAME></PLAYER></PAIR>
  </PARTICIPANTS>
  <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>1NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>7</TRICKS><SCORE>90</SCORE></TRAVELLER_LINE>
  </BOARD>
</EVENT>
</USEBIO>
`
	f := readUSEBIONotes(t, []byte(file))
	notes := notesText(f)
	for _, want := range []string{
		"line 8 PARTICIPANTS/PAIR: the file lists one pair only",
		"line 4 EVENT/BOARD/TRAVELLER_LINE: the traveller lines name pairs PARTICIPANTS does not list (2): added with no players",
		// Why both pairs show 0: the board's one line has nothing to be
		// compared with (a top of 0), so neither pair has a result.
		"line 11 BOARD/TRAVELLER_LINE: board 1 has one traveller line only: no other score to compare it with, so it scores 0 for both sides on a top of 0",
		"line 8 PARTICIPANTS/PAIR: pairs 1 and 2 play no board with another score to compare: their 0 % is no result",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes\n%s lack %q", notes, want)
		}
	}
}

// TestUSEBIOSections: an event of several sections written as EBUScore
// nests them (EVENT/SESSION/SECTION SECTION_ID, each with its own
// PARTICIPANTS and BOARDs, pairs numbered within a section) is read as
// that many sections with their letters, each ranked on its own lines: here
// the Compscore3 Howell as section A and again as section B, each of which
// must have the real file's standings (pair 6 first, 27 boards) and hands.
func TestUSEBIOSections(t *testing.T) {
	real := string(sharedUSEBIO(t, "mp_pairs_howell.xml"))
	start, end := strings.Index(real, "   <PARTICIPANTS"), strings.Index(real, "</EVENT>")
	field := real[start:end]
	file := real[:start] + `<SESSION SESSION_ID="1">
<SECTION SECTION_ID="A">
` + field + `</SECTION>
<SECTION SECTION_ID="B">
` + field + `</SECTION>
</SESSION>
` + real[end:]
	orig := readUSEBIONotes(t, []byte(real)).Event
	f := readUSEBIONotes(t, []byte(file))
	d := f.Event
	if len(d.Sections) != 2 || d.Sections[0].Section.Name != "A" || d.Sections[1].Section.Name != "B" {
		t.Fatalf("%d sections; want A and B", len(d.Sections))
	}
	for _, sd := range d.Sections {
		sameStandings(t, orig, tournament.EventData{Event: d.Event, Sections: []tournament.SectionData{sd}})
		if len(sd.Boards) == 0 || sd.Boards[0].Deal.Empty() {
			t.Errorf("section %s: board 1 has no deal (HANDSET)", sd.Section.Name)
		}
		if sd.Section.Session != 1 {
			t.Errorf("section %s in session %d, want 1", sd.Section.Name, sd.Section.Session)
		}
	}
	if !strings.Contains(notesText(f), "the event has 2 sections (A, B)") {
		t.Errorf("notes\n%s do not say the file has 2 sections", notesText(f))
	}
}

// individualEvent8 is TestPBNIndividual's event: the published 8-player
// individual of tournament/movement, one board a round, in odd rounds table
// 1's North making 4♠ and table 2's 2♠, in even rounds the other way round,
// as api/e2e's TestAPIIndividual8 plays it; player p's membership number is
// 100 + p.
func individualEvent8(t *testing.T) tournament.EventData {
	t.Helper()
	spec := tournament.MovementSpec{Kind: "individual", Players: 8, BoardsPerRound: 1}
	mov, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	e := tournament.Event{Name: "Christmas individual", Date: "2026-11-27", Law: scoring.Contract2017, Scoring: tournament.MethodMP}
	e.LawOptions = defaultOptions(e.Law)
	sec := tournament.Section{Session: 1, Name: "A", Spec: spec, Movement: mov, CurrentRound: 1}
	var pairs []tournament.Pair
	for p := 1; p <= 8; p++ {
		pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(p), Players: []tournament.Player{{Name: "Player " + strconv.Itoa(p), Number: strconv.Itoa(100 + p)}}})
	}
	boards := map[int]tournament.Board{}
	var results []tournament.Result
	for _, rd := range mov.Rounds {
		for _, tb := range rd.Tables {
			ns, _ := mov.PairLabel(tb.NS)
			ew, _ := mov.PairLabel(tb.EW)
			c, tricks := "2S", 8
			if (rd.Number%2 == 1) == (tb.Table == 1) {
				c, tricks = "4S", 10
			}
			results = append(results, tournament.Result{Board: tb.Boards[0], Round: rd.Number, Table: tb.Table, NS: ns, EW: ew,
				Status: tournament.StatusPlayed, Contract: c, Declarer: "N", Tricks: tricks})
		}
	}
	if errs := tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), &sec, boards, results); errs != nil {
		t.Fatal(errs)
	}
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, pairs, nil, boards, results)}}
}

// TestUSEBIOIndividual: an individual is written in USEBIO's individual
// form as the EBU's importer reads one (marcshearer/ImportUsebio:
// EVENT_TYPE INDIVIDUAL, PARTICIPANTS/PLAYER each with PLAYER_NUMBER,
// PLAYER_NAME, NATIONAL_ID_NUMBER, TOTAL_SCORE, PERCENTAGE and PLACE;
// BOARD_SCORING_METHOD MATCH_POINTS), instead of being refused: the
// players ranked as worked by hand in TestAPIIndividual8 (player 3 first
// with 12 matchpoints; 1, 5, 7 and 8 equal second; 2, 4 and 6 equal
// sixth), each with the membership number entered; every board's
// traveller lines name their four players by seat (N_PLAYER_NUMBER …, as
// USEBIO's example individual file does), and the file reads back, strictly,
// to the same standings. It was refused ("individuals are not read").
func TestUSEBIOIndividual(t *testing.T) {
	d := individualEvent8(t)
	var buf bytes.Buffer
	if err := WriteUSEBIO(&buf, d); err != nil {
		t.Fatalf("refused: %v", err)
	}
	var f struct {
		Event struct {
			Type    string `xml:"EVENT_TYPE,attr"`
			Scoring string `xml:"BOARD_SCORING_METHOD"`
			Parts   struct {
				Type  string   `xml:"EVENT_TYPE,attr"`
				Pairs []string `xml:"PAIR>PAIR_NUMBER"`
			} `xml:"PARTICIPANTS"`
		} `xml:"EVENT"`
	}
	// encoding/xml needs the element names on the fields: decode by hand.
	type player struct {
		Number     string `xml:"PLAYER_NUMBER"`
		Name       string `xml:"PLAYER_NAME"`
		ID         string `xml:"NATIONAL_ID_NUMBER"`
		Total      string `xml:"TOTAL_SCORE"`
		Percentage string `xml:"PERCENTAGE"`
		Place      string `xml:"PLACE"`
	}
	var g struct {
		Players []player `xml:"EVENT>PARTICIPANTS>PLAYER"`
	}
	if err := xml.Unmarshal(buf.Bytes(), &f); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if err := xml.Unmarshal(buf.Bytes(), &g); err != nil {
		t.Fatal(err)
	}
	ev := f.Event
	if ev.Type != "INDIVIDUAL" || ev.Parts.Type != "INDIVIDUAL" || ev.Scoring != "MATCH_POINTS" || len(ev.Parts.Pairs) != 0 {
		t.Errorf("EVENT_TYPE %q, PARTICIPANTS %q, BOARD_SCORING_METHOD %q, %d PAIRs; want INDIVIDUAL, INDIVIDUAL, MATCH_POINTS, no PAIR", ev.Type, ev.Parts.Type, ev.Scoring, len(ev.Parts.Pairs))
	}
	var got []string
	for _, p := range g.Players {
		got = append(got, p.Place+" "+p.Number+" "+p.Name+" "+p.ID)
	}
	want := []string{"1 3 Player 3 103", "2 1 Player 1 101", "2 5 Player 5 105", "2 7 Player 7 107", "2 8 Player 8 108", "6 2 Player 2 102", "6 4 Player 4 104", "6 6 Player 6 106"}
	if !slices.Equal(got, want) {
		t.Errorf("players\n%q\nwant\n%q", got, want)
	}
	for _, st := range d.Sections[0].Standings.Pairs {
		for _, p := range g.Players {
			if p.Number == st.Number && (p.Total != strconv.FormatFloat(st.Total, 'f', 2, 64) || p.Percentage != strconv.FormatFloat(st.Percentage, 'f', 2, 64)) {
				t.Errorf("player %s: %s, %s%%; the standings' %.2f, %.2f%%", p.Number, p.Total, p.Percentage, st.Total, st.Percentage)
			}
		}
		if st.Number == "3" && st.Total != 12 {
			t.Errorf("player 3: %.2f matchpoints, want 12 (TestAPIIndividual8)", st.Total)
		}
	}
	// The traveller lines name the four players by seat as USEBIO's
	// example individual file does (testdata/usebio/ebu_individual_example.xml:
	// N_PLAYER_NUMBER, S_PLAYER_NUMBER, E_PLAYER_NUMBER, W_PLAYER_NUMBER),
	// the players the movement seats at that table in that round.
	var h struct {
		Boards []struct {
			Number string `xml:"BOARD_NUMBER"`
			Lines  []struct {
				N  string `xml:"N_PLAYER_NUMBER"`
				S  string `xml:"S_PLAYER_NUMBER"`
				E  string `xml:"E_PLAYER_NUMBER"`
				W  string `xml:"W_PLAYER_NUMBER"`
				NS string `xml:"NS_PAIR_NUMBER"`
				MP string `xml:"NS_MATCH_POINTS"`
			} `xml:"TRAVELLER_LINE"`
		} `xml:"EVENT>BOARD"`
	}
	if err := xml.Unmarshal(buf.Bytes(), &h); err != nil {
		t.Fatal(err)
	}
	mov := &d.Sections[0].Section.Movement
	lines := 0
	for _, b := range h.Boards {
		for _, l := range b.Lines {
			lines++
			if l.NS != "" {
				t.Errorf("board %s: NS_PAIR_NUMBER %q on an individual's line", b.Number, l.NS)
			}
			found := false
			for _, rd := range mov.Rounds {
				for _, tb := range rd.Tables {
					seats := []string{strconv.Itoa(tb.Players[0]), strconv.Itoa(tb.Players[2]), strconv.Itoa(tb.Players[1]), strconv.Itoa(tb.Players[3])}
					if strconv.Itoa(tb.Boards[0]) == b.Number && slices.Equal(seats, []string{l.N, l.S, l.E, l.W}) {
						found = true
					}
				}
			}
			if !found || l.MP == "" {
				t.Errorf("board %s: line N %q S %q E %q W %q, NS_MATCH_POINTS %q: not a table of the movement, or no points", b.Number, l.N, l.S, l.E, l.W, l.MP)
			}
		}
	}
	if lines != 14 { // 7 rounds of 2 tables, a board each
		t.Errorf("%d traveller lines, want 14", lines)
	}
	// Read back through the one USEBIO reader, strictly (every figure of
	// the file reproduced, official.go): the same players, standings and
	// movement.
	back, err := readUSEBIOData(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("reading it back: %v", err)
	}
	bs := back.Sections[0]
	if bs.Section.Movement.Kind != movement.KindIndividual || bs.Section.Movement.Players != 8 || len(bs.Section.Movement.Rounds) != 7 {
		t.Errorf("read back as %s, %d players, %d rounds; want an individual of 8 players in 7 rounds", bs.Section.Movement.Kind, bs.Section.Movement.Players, len(bs.Section.Movement.Rounds))
	}
	standing := func(sd tournament.SectionData) []string {
		var out []string
		for _, st := range sd.Standings.Pairs {
			out = append(out, fmt.Sprintf("%d %s %s %.2f %.2f", st.Place, st.Number, strings.Join(st.Players, "/"), st.Total, st.Percentage))
		}
		return out
	}
	if got, want := standing(bs), standing(d.Sections[0]); !slices.Equal(got, want) {
		t.Errorf("standings read back\n%q\nwant\n%q", got, want)
	}
	for _, p := range bs.Pairs {
		if len(p.Players) != 1 || p.Players[0].Number != strconv.Itoa(100+atoi(t, p.Number)) {
			t.Errorf("player %s read back as %+v; want one player with membership number %d", p.Number, p.Players, 100+atoi(t, p.Number))
		}
	}
	if spec := bs.Section.Spec; spec.Kind != "individual" || spec.Players != 8 {
		t.Errorf("spec %+v; want an individual schedule of 8 players", spec)
	} else if m, err := spec.Build(); err != nil || len(m.Rounds) != 7 || m.Players != 8 {
		t.Errorf("the spec read does not build again (as an import stores it): %v", err)
	}
}

// TestUSEBIOTeamsRead: a USEBIO team event as writeUSEBIOTeams writes it
// (and the EBU's importer reads one: TEAM TEAM_ID TEAM_NAME, MATCH with
// ROUND_NUMBER, TEAM, OPPOSING_TEAM, each room's line led by the TEAM's
// DIRECTION) is read back as a teams section: TestUSEBIOSwissTeams's Swiss
// of 3 teams, its round-1 match Lions v Tigers with board 1 IMPed 6 to the
// Lions (+420 against +170, Law 78B 220–260), the Bears' bye noted, the
// teams named with their players. It was refused ("reads team matches from
// PBN files").
func TestUSEBIOTeamsRead(t *testing.T) {
	bye := 12.0
	d := teamsEvent(t, tournament.MovementSpec{Kind: "swiss", Teams: 3, Rounds: 2, BoardsPerRound: 1, VPScale: "table",
		VPTable: []int{1, 3, 5, 8, 11, 14, 17, 20, 24, 28}, ByeVPs: &bye}, `Lions "A"`, "Tigers", "Bears")
	f := readUSEBIONotes(t, []byte(mustWrite(t, d)))
	back := f.Event
	if back.Event.Scoring != tournament.MethodIMPTeams || len(back.Sections) != 1 {
		t.Fatalf("scored %s in %d sections; want IMP_TEAMS, 1", back.Event.Scoring, len(back.Sections))
	}
	s := back.Sections[0]
	var teams []string
	for _, r := range s.Teams {
		var names []string
		for _, p := range r.Players {
			names = append(names, p.Name)
		}
		teams = append(teams, strconv.Itoa(r.Number)+" "+r.Name+": "+strings.Join(names, "+"))
	}
	if want := []string{`1 Lions "A": Lions "A" North+Lions "A" South`, "2 Tigers: Tigers North+Tigers South", "3 Bears: Bears North+Bears South"}; !slices.Equal(teams, want) {
		t.Errorf("teams %q, want %q", teams, want)
	}
	var matches []string
	for _, m := range s.Standings.Matches {
		if !m.Bye() {
			matches = append(matches, fmt.Sprintf("round %d: %d v %d %d-%d IMPs on %d boards", m.Round, m.Home, m.Away, m.HomeIMPs, m.AwayIMPs, m.Boards))
		}
	}
	if want := []string{"round 1: 1 v 2 6-0 IMPs on 1 boards"}; !slices.Equal(matches, want) {
		t.Errorf("matches %q, want %q", matches, want)
	}
	var contracts []string
	for _, r := range s.Results {
		contracts = append(contracts, fmt.Sprintf("table %d: %s v %s %s %d", r.Table, r.NS, r.EW, r.Contract, r.NSScore))
	}
	if want := []string{"table 1: 1 v 4 4S 420", "table 2: 3 v 2 3S 170"}; !slices.Equal(contracts, want) {
		t.Errorf("rooms %q, want %q (the Lions' pairs 1 and 2, the Tigers' 3 and 4)", contracts, want)
	}
	if !strings.Contains(notesText(f), "Bears has a bye") {
		t.Errorf("notes\n%s do not name the Bears' bye", notesText(f))
	}
}

// TestUSEBIOAdjustedRealFile: Compscore3's artificial scores in a real
// two-winner file (testdata/usebio/mp_pairs_mitchell_adjusted_02.xml: two
// A5050, an A6040 and the unbalanced A6060, both sides average plus) are
// written back as the file writes them, SCORE A…, and the file traveler
// writes reads back to the same standings.
func TestUSEBIOAdjustedRealFile(t *testing.T) {
	real := string(localUSEBIO(t, "mp_pairs_mitchell_adjusted_02.xml"))
	orig, out, back := writtenAgain(t, []byte(real))
	var want, got []string
	for _, s := range elementTexts(real, "SCORE") {
		if strings.HasPrefix(s, "A") {
			want = append(want, s)
		}
	}
	for _, s := range elementTexts(out, "SCORE") {
		if strings.HasPrefix(s, "A") {
			got = append(got, s)
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(want, []string{"A5050", "A5050", "A6040", "A6060"}) || !slices.Equal(got, want) {
		t.Errorf("artificial scores written %v; the real file's %v", got, want)
	}
	sameStandings(t, orig, back)
}

// atoi reads a number the test wrote.
func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestUSEBIOHandSetWiderThanPlayed (issue 27 §3: "hand sets wider than the
// session (store the boards played, note the rest)", as the PBN reader
// does, TestPBNHandSetWiderThanPlayed): Compscore3's Howell (27 boards
// played, ../shared/testdata) with its HANDSET holding three more deals,
// boards 28–30 (board 1's, 2's and 3's hands again) and no traveller line
// for them, as EBUScore writes a whole hand set. Read, the section plays
// boards 1 to 27, the standings are the real file's (pair 6 first, 27
// boards), and a note at the line of board 28's HANDSET/BOARD says which
// deals were not stored. Before, the section was read as 30 boards and
// the import refused it ("at most 27 boards in section A"), naming no line.
func TestUSEBIOHandSetWiderThanPlayed(t *testing.T) {
	real := string(sharedUSEBIO(t, "mp_pairs_howell.xml"))
	file, line := usebioWiderHandSet(t, real)
	orig := readUSEBIONotes(t, []byte(real)).Event
	f := readUSEBIONotes(t, []byte(file))
	sd := f.Event.Sections[0]
	if sd.Section.Movement.Boards != 27 || len(sd.Boards) != 27 {
		t.Errorf("the section plays %d boards (%d stored), want 27", sd.Section.Movement.Boards, len(sd.Boards))
	}
	sameStandings(t, orig, f.Event)
	want := "line " + strconv.Itoa(line) + " HANDSET/BOARD: the file's hand set is wider than the boards played: boards 28–30 have a deal and no result, so the section plays boards 1 to 27 and their 3 deals are not stored"
	if !strings.Contains(notesText(f), want) {
		t.Errorf("notes\n%s lack %q", notesText(f), want)
	}
}

// usebioWiderHandSet is a USEBIO file with boards 1–3's HANDSET/BOARD
// added again as boards 28–30 before </HANDSET>, and the line board 28's
// starts on.
func usebioWiderHandSet(t *testing.T, real string) (string, int) {
	t.Helper()
	hs := strings.Index(real, "<HANDSET>")
	if hs < 0 {
		t.Fatal("no HANDSET")
	}
	var extra strings.Builder
	for i, n := range []string{"28", "29", "30"} {
		m := regexp.MustCompile(`(?s)  <BOARD>\s*<BOARD_NUMBER>` + strconv.Itoa(i+1) + `</BOARD_NUMBER>.*?</BOARD>\n`).FindString(real[hs:])
		if m == "" {
			t.Fatalf("no HANDSET board %d", i+1)
		}
		extra.WriteString(strings.Replace(m, "<BOARD_NUMBER>"+strconv.Itoa(i+1)+"<", "<BOARD_NUMBER>"+n+"<", 1))
	}
	end := strings.Index(real, "</HANDSET>")
	return real[:end] + extra.String() + real[end:], strings.Count(real[:end], "\n") + 1
}

// TestUSEBIOBoardPlayedOnceCrossIMP: at cross-IMPs a board with one line
// has no other score to be compared with (Law 78B compares scores), so it
// scores 0 for both sides; a pair whose only board it is has a total of 0
// that is no result, and the notes say both. Board 1 (none vulnerable,
// Law 77): 1NT by N making 7, NS +90, pairs 1 v 2; 3NT by N making 9, NS
// +400, 3 v 4: 310 apart, 7 IMPs, so NS 1 −7, EW 2 +7, NS 3 +7, EW 4 −7.
// Board 2: 2S by N making 8 (+110), 1 v 5, its only line: 0 each. Pair 1
// played board 1 too (−7 over its 2 boards); pair 5 played board 2 only
// (0). The totals are scaled to the most boards a pair played, 2
// (tournament.Standing.Total): pairs 2, 3 and 4 played one, so 14, 14, −14.
func TestUSEBIOBoardPlayedOnceCrossIMP(t *testing.T) {
	line := func(ns, ew, contract string, tricks int) string {
		return "<TRAVELLER_LINE><NS_PAIR_NUMBER>" + ns + "</NS_PAIR_NUMBER><EW_PAIR_NUMBER>" + ew + "</EW_PAIR_NUMBER><CONTRACT>" + contract +
			"</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>" + strconv.Itoa(tricks) + "</TRICKS></TRAVELLER_LINE>\n"
	}
	var pairs strings.Builder
	for n := 1; n <= 5; n++ {
		pairs.WriteString("<PAIR><PAIR_NUMBER>" + strconv.Itoa(n) + "</PAIR_NUMBER></PAIR>\n")
	}
	file := `<?xml version="1.0"?>
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="CROSS_IMP_PAIRS">
<EVENT_DESCRIPTION>Board played once</EVENT_DESCRIPTION>
<DATE>05/03/2024</DATE>
<PARTICIPANTS>
` + pairs.String() + `</PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
` + line("1", "2", "1NT", 7) + line("3", "4", "3NT", 9) + `</BOARD>
<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>
` + line("1", "5", "2S", 8) + `</BOARD>
</EVENT>
</USEBIO>
`
	f := readUSEBIONotes(t, []byte(file))
	for _, want := range []string{
		"line 18 BOARD/TRAVELLER_LINE: board 2 has one traveller line only: no other score to compare it with, so it scores 0 for both sides\n",
		"line 11 PARTICIPANTS/PAIR: pair 5 plays no board with another score to compare: its total of 0 is no result\n",
	} {
		if !strings.Contains(notesText(f), want) {
			t.Errorf("notes\n%s lack %q", notesText(f), want)
		}
	}
	totals := map[string]float64{}
	for _, st := range f.Event.Sections[0].Standings.Pairs {
		totals[st.Number] = st.Total
	}
	if want := map[string]float64{"1": -7, "2": 14, "3": 14, "4": -14, "5": 0}; !maps.Equal(totals, want) {
		t.Errorf("totals %v, want %v", totals, want)
	}
}

// TestUSEBIOIndividualHandSetWiderThanPlayed: an individual's HANDSET
// wider than its boards played is read as a pairs file's is
// (TestUSEBIOHandSetWiderThanPlayed): individualEvent8's USEBIO (7 boards
// played) with a HANDSET holding those boards' numbers 8 and 9 as well —
// each seat one suit (North the spades, East the hearts, South the
// diamonds, West the clubs), a deal and no line — reads to the same 7
// boards and standings, the two deals noted at board 8's HANDSET/BOARD.
func TestUSEBIOIndividualHandSetWiderThanPlayed(t *testing.T) {
	d := individualEvent8(t)
	var buf bytes.Buffer
	if err := WriteUSEBIO(&buf, d); err != nil {
		t.Fatal(err)
	}
	hand := func(seat, suit string) string {
		return "<HAND><DIRECTION>" + seat + "</DIRECTION><" + suit + ">AKQJT98765432</" + suit + "></HAND>"
	}
	var hs strings.Builder
	hs.WriteString("<HANDSET>\n")
	for _, n := range []string{"8", "9"} {
		hs.WriteString("<BOARD><BOARD_NUMBER>" + n + "</BOARD_NUMBER>" + hand("North", "SPADES") + hand("East", "HEARTS") + hand("South", "DIAMONDS") + hand("West", "CLUBS") + "</BOARD>\n")
	}
	hs.WriteString("</HANDSET>\n")
	out := buf.String()
	end := strings.LastIndex(out, "</USEBIO>")
	file := out[:end] + hs.String() + out[end:]
	line := strings.Count(out[:end], "\n") + 2 // board 8's BOARD, after the HANDSET line
	orig := readUSEBIONotes(t, buf.Bytes()).Event
	f := readUSEBIONotes(t, []byte(file))
	if n := len(f.Event.Sections[0].Boards); n != 7 {
		t.Errorf("%d boards read, want the 7 played", n)
	}
	sameStandings(t, orig, f.Event)
	want := "line " + strconv.Itoa(line) + " HANDSET/BOARD: the file's hand set is wider than the boards played: boards 8–9 have a deal and no result, so the section plays boards 1 to 7 and their 2 deals are not stored"
	if !strings.Contains(notesText(f), want) {
		t.Errorf("notes\n%s lack %q", notesText(f), want)
	}
}
