package e2e

// Issue 27's USEBIO faults, as a director meets them through the API
// against a real PostgreSQL: a pair that played no board, a file listing
// one pair, traveler's own export read by federations' uploaders
// (CROSS_IMP, 1NS/1EW) and an event with assigned adjusted scores written
// and read back to the same standings.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// realUSEBIO is one of reports' real USEBIO files (reports/testdata/usebio,
// its README names the program and source of each).
func realUSEBIO(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "reports", "testdata", "usebio", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// standingsText is a section's standings as the API gives them, a pair a
// line ("NS 1: 97.00 53.89 % place 3, 18 boards"), in the standings' order.
func standingsText(e *env, sectionID int64) string {
	e.t.Helper()
	var st api.StandingsResponse
	e.want(200, &st, "GET", "/v1/sections/"+id(sectionID)+"/standings", directorToken, nil)
	var b strings.Builder
	for _, p := range st.Pairs {
		fmt.Fprintf(&b, "%s: %.2f %.2f %% place %s, %d boards\n", strings.TrimSpace(p.Direction+" "+p.Number), p.Total, p.Percentage, p.Place, p.Boards)
	}
	return b.String()
}

// importUSEBIO imports body as the director and returns the answer.
func importUSEBIO(e *env, query string, body []byte) api.ImportResponse {
	e.t.Helper()
	var imp api.ImportResponse
	e.want(201, &imp, "POST", "/v1/events/import"+query, directorToken, body, "Content-Type", "text/xml")
	return imp
}

// notesOf is an import's notes, one a line: "line N ELEMENT: note".
func notesOf(imp api.ImportResponse) string {
	var b strings.Builder
	for _, n := range imp.File.Notes {
		fmt.Fprintf(&b, "line %d %s: %s\n", n.Line, n.Element, n.Note)
	}
	return b.String()
}

// exportUSEBIO is the event's USEBIO file as the director downloads it.
func exportUSEBIO(e *env, eventID int64) []byte {
	e.t.Helper()
	r := e.do("GET", "/v1/events/"+id(eventID)+"/usebio.xml", directorToken, nil)
	if r.Status != 200 {
		e.t.Fatalf("usebio.xml of event %d: %d\n%s", eventID, r.Status, r.Body)
	}
	return r.Body
}

// TestAPIImportPairWithoutBoards (issue 27: "pairs with 0 boards are
// dropped"): Compscore3's Howell (../shared/testdata/usebio/
// mp_pairs_howell.xml, 12 pairs, 27 boards) with a 13th PAIR in
// PARTICIPANTS that no traveller line names — a pair that entered and did
// not play. Imported through the API the pair is stored with its two
// players and shown in the standings with 0 boards and no points, the
// import's notes name its PAIR line (258, where the PAIR is added) and say
// it played no board, and the other pairs keep the file's figures (pair 6
// TOTAL_SCORE 162.60, PERCENTAGE 60.22, PLACE 1, 27 boards). Exported
// again, the file still lists the pair and reads back with the same note
// and standings.
func TestAPIImportPairWithoutBoards(t *testing.T) {
	e := newEnv(t)
	data, err := os.ReadFile(sharedtest.Path(t, "usebio", "mp_pairs_howell.xml"))
	if err != nil {
		t.Fatal(err)
	}
	const extra = "<PAIR><PAIR_NUMBER>13</PAIR_NUMBER><PLAYER><PLAYER_NAME>Player 99</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Player 98</PLAYER_NAME></PLAYER></PAIR>"
	body := []byte(strings.Replace(string(data), "</PARTICIPANTS>", extra+"</PARTICIPANTS>", 1))
	line := strings.Count(string(body[:strings.Index(string(body), extra)]), "\n") + 1

	imp := importUSEBIO(e, "", body)
	want := fmt.Sprintf("line %d PARTICIPANTS/PAIR: pair 13 plays no board in the traveller lines: kept in the standings with no score", line)
	if !strings.Contains(notesOf(imp), want) {
		t.Errorf("notes:\n%s lack %q", notesOf(imp), want)
	}
	st := standingsText(e, imp.Sections[0].ID)
	for _, w := range []string{"6: 162.60 60.22 % place 1, 27 boards\n", "13: 0.00 0.00 % place 13, 0 boards\n"} {
		if !strings.Contains(st, w) {
			t.Errorf("standings:\n%s lack %q", st, w)
		}
	}
	var pairs []api.PairResponse
	e.want(200, &pairs, "GET", "/v1/sections/"+id(imp.Sections[0].ID)+"/pairs", directorToken, nil)
	i := slices.IndexFunc(pairs, func(p api.PairResponse) bool { return p.Number == "13" })
	if i < 0 || len(pairs) != 13 || len(pairs[i].Players) != 2 || pairs[i].Players[0].Name != "Player 99" || pairs[i].Players[1].Name != "Player 98" {
		t.Fatalf("stored pairs %+v: want 13, pair 13 Player 99 and Player 98", pairs)
	}

	out := exportUSEBIO(e, imp.ID)
	if !strings.Contains(string(out), "<PAIR_NUMBER>13</PAIR_NUMBER>") || !strings.Contains(string(out), "Player 99") {
		t.Errorf("the export drops pair 13")
	}
	back := importUSEBIO(e, "?again=true", out)
	if !strings.Contains(notesOf(back), "pair 13 plays no board in the traveller lines") {
		t.Errorf("read back, notes:\n%s lack pair 13's", notesOf(back))
	}
	if got := standingsText(e, back.Sections[0].ID); got != st {
		t.Errorf("read back, standings:\n%s\nwant:\n%s", got, st)
	}
}

// onePairFile is a USEBIO file whose PARTICIPANTS lists one pair (1) and
// whose one traveller line names pair 1 against pair 2: board 1, 1NT by N
// making 7, NS +90 (Law 77: 40 + part score 50). A board played once has no
// other score to be compared with: its top is 0 and it gives both sides 0
// points of 0, so neither pair has a percentage that means anything.
const onePairFile = `<?xml version="1.0"?>
<USEBIO Version="1.2">
<CLUB><CLUB_NAME>Example Bridge Club</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="MP_PAIRS">
  <EVENT_DESCRIPTION>One pair</EVENT_DESCRIPTION>
  <DATE>05/03/2024</DATE>
  <PARTICIPANTS>
    <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Player 1</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Player 2</PLAYER_NAME></PLAYER></PAIR>
  </PARTICIPANTS>
  <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>1NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>7</TRICKS><SCORE>90</SCORE></TRAVELLER_LINE>
  </BOARD>
</EVENT>
</USEBIO>
`

// TestAPIImportOnePair (issue 27: "a one-pair file gets invented opponents
// at 0 % without a note"): onePairFile imported through the API. Pair 2 is
// the file's own (its traveller line names it), stored with no players and
// no other pair is made up; the notes say the file lists one pair, that
// pair 2 was added from the line (line 4, the EVENT), and why both pairs
// show 0.00 and 0 %: board 1 has one line (line 11), nothing to compare it
// with, so a top of 0.
func TestAPIImportOnePair(t *testing.T) {
	e := newEnv(t)
	imp := importUSEBIO(e, "", []byte(onePairFile))
	notes := notesOf(imp)
	for _, w := range []string{
		"line 8 PARTICIPANTS/PAIR: the file lists one pair only: the others are known only by their numbers in the traveller lines\n",
		"line 4 EVENT/BOARD/TRAVELLER_LINE: the traveller lines name pairs PARTICIPANTS does not list (2): added with no players and ranked on their lines\n",
		"line 11 BOARD/TRAVELLER_LINE: board 1 has one traveller line only: no other score to compare it with, so it scores 0 for both sides on a top of 0\n",
		"line 8 PARTICIPANTS/PAIR: pairs 1 and 2 play no board with another score to compare: their 0 % is no result\n",
	} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes:\n%s lack %q", notes, w)
		}
	}
	var pairs []api.PairResponse
	e.want(200, &pairs, "GET", "/v1/sections/"+id(imp.Sections[0].ID)+"/pairs", directorToken, nil)
	if len(pairs) != 2 || pairs[0].Number != "1" || len(pairs[0].Players) != 2 || pairs[1].Number != "2" || len(pairs[1].Players) != 0 {
		t.Errorf("stored pairs %+v: want pair 1 with its players and pair 2 with none", pairs)
	}
	if got, w := standingsText(e, imp.Sections[0].ID), "1: 0.00 0.00 % place 1, 1 boards\n2: 0.00 0.00 % place 1, 1 boards\n"; got != w {
		t.Errorf("standings:\n%s\nwant:\n%s", got, w)
	}
}

// TestAPIUSEBIOExportForUploaders (issue 27: "cross-IMPs written
// CROSS_IMP_PAIRS where Compscore3 writes CROSS_IMP and a federation's
// uploader accepts only that; two-winner pairs numbered 1 + direction where
// Compscore writes 1NS/1EW"): two real Compscore3 files (reports/testdata/
// usebio, from abftech/cobalt, the ABF's uploader) imported through the
// API and exported by traveler. The cross-IMP Howell's export says
// EVENT_TYPE "CROSS_IMP" on the EVENT, the PARTICIPANTS and each BOARD as
// often as the real file does and never CROSS_IMP_PAIRS; the two-winner
// Mitchell's export numbers its pairs 1NS … 7EW in PAIR_NUMBER and in the
// lines exactly as the real file does (cobalt finds a pair by PAIR_NUMBER
// alone). Each export imported again gives the standings the first import
// gave (cross-IMP pair 2: the file's TOTAL_SCORE 30.33, PLACE 1; Mitchell
// NS 1: 97.00, 53.89 %, PLACE 3).
func TestAPIUSEBIOExportForUploaders(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		file, first string
		elements    []string
	}{
		{"cross_imp_howell.xml", "2: 30.33 ", []string{`<EVENT EVENT_TYPE="CROSS_IMP">`, `<PARTICIPANTS EVENT_TYPE="CROSS_IMP">`, `<BOARD EVENT_TYPE="CROSS_IMP">`}},
		{"mp_pairs_mitchell_03.xml", "NS 1: 97.00 53.89 % place 3,", nil},
	}
	for _, c := range cases {
		real := realUSEBIO(t, c.file)
		imp := importUSEBIO(e, "", real)
		st := standingsText(e, imp.Sections[0].ID)
		if !strings.Contains(st, c.first) {
			t.Errorf("%s: standings\n%s lack the file's %q", c.file, st, c.first)
		}
		out := string(exportUSEBIO(e, imp.ID))
		if strings.Contains(out, "CROSS_IMP_PAIRS") {
			t.Errorf("%s: the export writes CROSS_IMP_PAIRS, which the ABF's uploader refuses", c.file)
		}
		for _, el := range c.elements {
			if got, want := strings.Count(out, el), strings.Count(string(real), el); got != want || want == 0 {
				t.Errorf("%s: %s written %d times, the real file has it %d times", c.file, el, got, want)
			}
		}
		for _, el := range []string{"PAIR_NUMBER", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER"} {
			got, want := elementTexts(out, el), elementTexts(string(real), el)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s: %s written %v,\nthe real file's %v", c.file, el, got, want)
			}
		}
		back := importUSEBIO(e, "?again=true", []byte(out))
		if got := standingsText(e, back.Sections[0].ID); got != st {
			t.Errorf("%s read back: standings\n%s\nwant:\n%s", c.file, got, st)
		}
	}
}

// elementTexts is the text of every element called name in file (one
// holding no other element), in order.
func elementTexts(file, name string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`<`+name+`>([^<]*)</`+name+`>`).FindAllStringSubmatch(file, -1) {
		out = append(out, m[1])
	}
	return out
}

// TestAPIUSEBIOExportAssignedScores (issue 27: "the USEBIO export refuses
// the whole event if any result has an assigned adjusted score"): the
// fixture's 3-table two-winner Mitchell (apitest.NewMitchell; board 2 NS
// vulnerable, played at round 1 table 1, round 2 table 3, round 3 table 2)
// with board 2's three lines:
//
//	round 1 table 1  4S by N making 10: NS +620 (Law 77: 120 + 500)
//	round 2 table 3  weighted, Law 12C1(c): 60 % of NS +650, 40 % of NS −100
//	round 3 table 2  split, Law 12C1(b): NS +620, EW −650 (EW compared as NS +650)
//
// Matchpoints, top 4 (3 lines: 2 a side beaten, 1 a tie), each side
// compared with the others' same side, a weighted line's parts weighted:
//
//	NS  r1 620: v r2 .6×0 + .4×2 = 0.8, v r3 620 tie 1          = 1.8
//	    r2: +650 beats 620 twice (4) ×.6, −100 beats none ×.4   = 2.4
//	    r3 620: v r1 tie 1, v r2 0.8                            = 1.8
//	EW  r1 (620): v r2 .6×2 + .4×0 = 1.2, v r3 (650) 2          = 3.2
//	    r2: (650) v 620 0, v 650 tie 1: 1 ×.6; (−100) 4 ×.4     = 2.2
//	    r3 (650): v r1 0, v r2 .6×1 + .4×0 = 0.6                = 0.6
//
// so the pairs, one board each on a top of 4: NS 1 45 %, NS 3 60 %, NS 2
// 45 %, EW 1 80 %, EW 2 55 %, EW 3 15 %. The event's USEBIO is written (not
// refused), and imported again gives the same standings, the same
// traveler points and the same assigned parts, per side; so does its PBN.
func TestAPIUSEBIOExportAssignedScores(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Assigned", false)
	results := "/v1/sections/" + id(f.Section.ID) + "/results"
	part := func(score int, weight float64) map[string]any {
		return map[string]any{"ns_score": score, "weight": weight}
	}
	weighted, split := f.Line(2, 3, 2, "", "", 0), f.Line(3, 2, 2, "", "", 0)
	for _, l := range []map[string]any{weighted, split} {
		for _, k := range []string{"contract", "declarer", "tricks"} {
			delete(l, k)
		}
		l["status"] = "assigned"
	}
	weighted["assigned"] = []any{part(650, 0.6), part(-100, 0.4)}
	split["assigned"], split["ew_assigned"] = []any{part(620, 1)}, []any{part(650, 1)}
	e.want(201, nil, "POST", results, directorToken, []any{f.Line(1, 1, 2, "4S", "N", 10), weighted, split})

	points := func(sectionID int64) string {
		var tr api.TravelerResponse
		e.want(200, &tr, "GET", "/v1/sections/"+id(sectionID)+"/travelers/2", directorToken, nil)
		var lines []string
		for _, l := range tr.Lines {
			lines = append(lines, fmt.Sprintf("%s v %s %s %v/%v: %.2f %.2f", l.NS, l.EW, l.Status, l.Assigned, l.EWAssigned, l.NSPoints, l.EWPoints))
		}
		slices.Sort(lines)
		return strings.Join(lines, "\n")
	}
	const wantPoints = "1 v 1 played []/[]: 1.80 3.20\n" +
		"2 v 3 assigned [{620 1}]/[{650 1}]: 1.80 0.60\n" +
		"3 v 2 assigned [{650 0.6} {-100 0.4}]/[]: 2.40 2.20"
	if got := points(f.Section.ID); got != wantPoints {
		t.Errorf("board 2:\n%s\nwant:\n%s", got, wantPoints)
	}
	st := standingsText(e, f.Section.ID)
	for _, w := range []string{"NS 1: 1.80 45.00 %", "NS 3: 2.40 60.00 %", "NS 2: 1.80 45.00 %", "EW 1: 3.20 80.00 %", "EW 2: 2.20 55.00 %", "EW 3: 0.60 15.00 %"} {
		if !strings.Contains(st, w) {
			t.Errorf("standings:\n%s lack %q", st, w)
		}
	}

	// The same through the PBN export (issue 27: "PBN export loses a
	// weighted score, so it reads back to different standings").
	for _, path := range []string{"/usebio.xml", "/results.pbn"} {
		out := e.do("GET", "/v1/events/"+id(f.Event.ID)+path, directorToken, nil)
		if out.Status != 200 {
			t.Fatalf("%s refused: %d %s", path, out.Status, out.Body)
		}
		var back api.ImportResponse
		e.want(201, &back, "POST", "/v1/events/import?again=true", directorToken, out.Body, "Content-Type", "application/octet-stream")
		if got := standingsText(e, back.Sections[0].ID); got != st {
			t.Errorf("%s read back, standings:\n%s\nwant:\n%s", path, got, st)
		}
		if got := points(back.Sections[0].ID); got != wantPoints {
			t.Errorf("%s read back, board 2:\n%s\nwant:\n%s", path, got, wantPoints)
		}
	}
}

// TestAPIExportsCarryConvention (issue 27 §1: an event's convention is
// "carried by its exports — and read from a file where the file says"):
// the worked Mitchell of TestAPIConvention (enterWorked) under RealBridge's
// convention, which cuts NS 1's 7.4 of 12 = 61.666… % to 61.66 and NS 3's
// 3.5 of 12 = 29.166… % to 29.16 (traveler's own: 61.67 and 29.17).
// Exported as USEBIO and as PBN and each imported again, the event is
// "realbridge" and its standings are the ones exported, with no figure of
// the file differing from traveler's.
func TestAPIExportsCarryConvention(t *testing.T) {
	e := newEnv(t)
	sec, _ := gradedMitchell(e, "Convention carried")
	enterWorked(e, sec)
	var ev api.EventResponse
	e.want(200, &ev, "PATCH", "/v1/events/"+id(sec.EventID), directorToken, `{"convention": "realbridge"}`)
	st := standingsText(e, sec.ID)
	for _, w := range []string{"NS 1: 7.40 61.66 %", "NS 3: 3.50 29.16 %"} {
		if !strings.Contains(st, w) {
			t.Fatalf("standings under realbridge:\n%s lack %q", st, w)
		}
	}
	for _, path := range []string{"/usebio.xml", "/results.pbn"} {
		r := e.do("GET", "/v1/events/"+id(sec.EventID)+path, directorToken, nil)
		if r.Status != 200 {
			t.Fatalf("%s: %d %s", path, r.Status, r.Body)
		}
		var back api.ImportResponse
		e.want(201, &back, "POST", "/v1/events/import?again=true", directorToken, r.Body, "Content-Type", "application/octet-stream")
		if back.Convention != "realbridge" {
			t.Errorf("%s read back under convention %q, want realbridge", path, back.Convention)
		}
		if got := standingsText(e, back.Sections[0].ID); got != st {
			t.Errorf("%s read back, standings:\n%s\nwant:\n%s", path, got, st)
		}
		for _, d := range back.File.Differences {
			t.Errorf("%s read back: %s %s", path, d.Where, d.Why)
		}
	}
}

// TestAPIImportConventionFromFigures (issue 27 §1: a convention "read from
// a file where … the figures show which one its program used (note which,
// and why)"): BriAn 213's real file (reports/testdata/usebio/
// brian_mp_pairs.xml) with its PROGRAM_NAME taken out, imported through
// the API. Only "brian" reproduces its figures, so the event is made under
// it, the import's notes say so, no difference is listed, and the
// standings are the file's: pair 1 PERCENTAGE 62.01923 (62.02), PLACE 1;
// pair 11 60.5042 (60.50), 2; pair 14 53.846153 (53.85), 3.
func TestAPIImportConventionFromFigures(t *testing.T) {
	e := newEnv(t)
	body := []byte(strings.Replace(string(realUSEBIO(t, "brian_mp_pairs.xml")), "<PROGRAM_NAME>BriAn</PROGRAM_NAME>", "", 1))
	imp := importUSEBIO(e, "", body)
	if imp.Convention != "brian" || len(imp.File.Differences) != 0 || !strings.Contains(notesOf(imp), "the brian convention reproduces every one of them") {
		t.Errorf("imported under %q with %d differences; notes:\n%s", imp.Convention, len(imp.File.Differences), notesOf(imp))
	}
	st := standingsText(e, imp.Sections[0].ID)
	for _, w := range []string{" 62.02 % place 1,", " 60.50 % place 2,", " 53.85 % place 3,"} {
		if !strings.Contains(st, w) {
			t.Errorf("standings:\n%s lack %q", st, w)
		}
	}
}

// TestAPIImportUSEBIOHandSetWiderThanPlayed (issue 27: "files whose hand
// set is wider than the boards played (boards 19–28 with no results):
// rescore reads them, import refuses the whole file with a message naming
// no line" — still so for USEBIO): Compscore3's Howell (27 boards played)
// with HANDSET deals for boards 28–30 and no line for them, imported
// through the API. Before: 422 "at most 27 boards in section A", no line.
// Now: stored with the 27 boards played (their deals: board 1 North
// ♠98 ♥9762 ♦AJT32 ♣54, as the file's HANDSET), the three extra deals noted at
// board 28's HANDSET/BOARD line, and the file's standings (pair 6 162.60,
// 60.22 %, first).
func TestAPIImportUSEBIOHandSetWiderThanPlayed(t *testing.T) {
	e := newEnv(t)
	data, err := os.ReadFile(sharedtest.Path(t, "usebio", "mp_pairs_howell.xml"))
	if err != nil {
		t.Fatal(err)
	}
	real := string(data)
	hs, end := strings.Index(real, "<HANDSET>"), strings.Index(real, "</HANDSET>")
	var extra strings.Builder
	for i, n := range []string{"28", "29", "30"} {
		from := strings.Index(real[hs:], "<BOARD_NUMBER>"+fmt.Sprint(i+1)+"</BOARD_NUMBER>")
		start := strings.LastIndex(real[:hs+from], "  <BOARD>")
		stop := start + strings.Index(real[start:], "</BOARD>\n") + len("</BOARD>\n")
		extra.WriteString(strings.Replace(real[start:stop], "<BOARD_NUMBER>"+fmt.Sprint(i+1)+"<", "<BOARD_NUMBER>"+n+"<", 1))
	}
	line := strings.Count(real[:end], "\n") + 1
	body := []byte(real[:end] + extra.String() + real[end:])

	imp := importUSEBIO(e, "", body)
	want := fmt.Sprintf("line %d HANDSET/BOARD: the file's hand set is wider than the boards played: boards 28–30 have a deal and no result, so the section plays boards 1 to 27 and their 3 deals are not stored", line)
	if !strings.Contains(notesOf(imp), want) {
		t.Errorf("notes:\n%s lack %q", notesOf(imp), want)
	}
	var boards []api.BoardResponse
	e.want(200, &boards, "GET", "/v1/sections/"+id(imp.Sections[0].ID)+"/boards", directorToken, nil)
	if len(boards) != 27 || boards[0].Number != 1 || !strings.HasPrefix(boards[0].Deal, "N:98.9762.AJT32.54 ") || boards[26].Number != 27 {
		t.Errorf("stored boards: %d, first %+v; want 1 to 27 with the file's deals", len(boards), boards[0])
	}
	if st := standingsText(e, imp.Sections[0].ID); !strings.Contains(st, "6: 162.60 60.22 % place 1, 27 boards\n") {
		t.Errorf("standings:\n%s lack the file's pair 6", st)
	}
}
