package e2e

// Integration tests of the interchange and report endpoints (issue 5 §2,
// §3): USEBIO and PBN files out and in, the Royalton report and the
// law-code comparison as JSON, against a real PostgreSQL.

import (
	"bytes"
	"encoding/csv"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// clubNight is an event of two Howell sections (4 pairs, 1 board a
// round: 6 rounds, 6 boards, each board played twice) built through the
// API: A in session 1 with hand records and every result, B in session 2
// with one result.
type clubNight struct {
	event api.EventResponse
	a, b  api.SectionResponse
}

// clubNightA are section A's results under contract-2017 (Law 77; board 1
// none vulnerable, 2 NS, 3 EW, 4 all, 5 NS, 6 EW), the movement's seats
// filled in by newClubNight:
//
//	board round table contract         NS score
//	1     1     1     3NT N 9   exact   +400 (100 + game 300)
//	1     2     2     3NT N 10  over    +430
//	2     1     2     2H  S 8   exact   +110 (60 + part score 50)
//	2     2     1     4S  N 9   down 1  −100 (vulnerable)
//	3     3     1     4S  E 10  exact   −620 (120 + game 500)
//	3     4     2     4SX E 9   down 1  +200 (doubled, vulnerable)
//	4     3     2     6NT S 12  exact   +1440 (190 + 500 + slam 750)
//	4     4     1     passed out        0
//	5     5     1     1NT W 7   exact   −90
//	5     6     2     1NT W 8   over    −120
//	6     5     2     2C  N 8   exact   +90
//	6     6     1     2D  N 9   over    +110
var clubNightA = []struct {
	board, round, table int
	contract, declarer  string
	tricks, score       int
}{
	{1, 1, 1, "3NT", "N", 9, 400}, {1, 2, 2, "3NT", "N", 10, 430},
	{2, 1, 2, "2H", "S", 8, 110}, {2, 2, 1, "4S", "N", 9, -100},
	{3, 3, 1, "4S", "E", 10, -620}, {3, 4, 2, "4SX", "E", 9, 200},
	{4, 3, 2, "6NT", "S", 12, 1440}, {4, 4, 1, "PASS", "", 0, 0},
	{5, 5, 1, "1NT", "W", 7, -90}, {5, 6, 2, "1NT", "W", 8, -120},
	{6, 5, 2, "2C", "N", 8, 90}, {6, 6, 1, "2D", "N", 9, 110},
}

// newClubNight sets up the event through the API as the director.
func newClubNight(e *env) clubNight {
	e.t.Helper()
	var f clubNight
	e.want(201, &f.event, "POST", "/v1/events", directorToken,
		`{"name": "Club night", "date": "2026-11-24", "law": "contract-2017", "scoring": "MP"}`)
	f.a = howellSection(e, f.event.ID, "A", 1)
	f.b = howellSection(e, f.event.ID, "B", 2)
	var boards []api.BoardResponse
	var deals []map[string]any
	for b := 1; b <= 6; b++ {
		deals = append(deals, map[string]any{"number": b, "deal": apitest.OneSuitDeal})
	}
	e.want(200, &boards, "PUT", "/v1/sections/"+id(f.a.ID)+"/boards", directorToken, deals)
	var lines []map[string]any
	for _, r := range clubNightA {
		lines = append(lines, howellLine(f.a, r.round, r.table, r.board, r.contract, r.declarer, r.tricks))
	}
	var stored []dto.ResultResponse
	e.want(201, &stored, "POST", "/v1/sections/"+id(f.a.ID)+"/results", directorToken, lines)
	for i, r := range clubNightA {
		if stored[i].NSScore != r.score {
			e.t.Fatalf("board %d round %d: %s by %s, %d tricks scored %d, want %d", r.board, r.round, r.contract, r.declarer, r.tricks, stored[i].NSScore, r.score)
		}
	}
	// B: board 1, 1S by N making 7, +80 (30 + part score 50).
	e.want(201, nil, "POST", "/v1/sections/"+id(f.b.ID)+"/results", directorToken,
		[]map[string]any{howellLine(f.b, 1, 1, 1, "1S", "N", 7)})
	return f
}

// howellSection adds a 4-pair Howell of 1 board a round with its pairs.
func howellSection(e *env, eventID int64, name string, session int) api.SectionResponse {
	e.t.Helper()
	var s api.SectionResponse
	e.want(201, &s, "POST", "/v1/events/"+id(eventID)+"/sections", directorToken, map[string]any{
		"name": name, "session": session, "movement": map[string]any{"kind": "howell", "pairs": 4, "boards_per_round": 1}})
	var pairs []map[string]any
	for p := 1; p <= 4; p++ {
		pairs = append(pairs, map[string]any{"number": strconv.Itoa(p), "players": []map[string]any{
			{"name": name + strconv.Itoa(p) + " First"}, {"name": name + strconv.Itoa(p) + " Second"}}})
	}
	e.want(201, nil, "POST", "/v1/sections/"+id(s.ID)+"/pairs", directorToken, pairs)
	return s
}

// howellLine is a traveler line for round, table and board, the pairs
// filled in from the movement (a Howell's pairs go by their numbers).
func howellLine(s api.SectionResponse, round, table, board int, contract, declarer string, tricks int) map[string]any {
	t := apitest.Seat(s, round, table)
	return map[string]any{"board": board, "round": round, "table": table, "ns": strconv.Itoa(t.NS), "ew": strconv.Itoa(t.EW),
		"contract": contract, "declarer": declarer, "tricks": tricks}
}

// countEvents is how many events the director sees.
func countEvents(e *env) int {
	e.t.Helper()
	var evs []api.EventResponse
	e.want(200, &evs, "GET", "/v1/events", directorToken, nil)
	return len(evs)
}

// TestInterchangeEndpoints exports section A as USEBIO and PBN, imports
// both files back, and checks that the USEBIO file of the imported event
// is the same file; a file with a wrong score is refused with its line and
// element, and stores nothing.
func TestInterchangeEndpoints(t *testing.T) {
	e := newEnv(t)
	f := newClubNight(e)
	base := "/v1/events/" + id(f.event.ID)

	// USEBIO holds one section: the whole event is a 422 naming the choice.
	er := e.wantError(422, "section", "GET", base+"/usebio.xml", directorToken, nil)
	if !slices.Equal(er.Allowed, []string{id(f.a.ID), id(f.b.ID)}) || !strings.Contains(er.Error, "?section=") {
		t.Errorf("usebio.xml of two sections: %+v", er)
	}
	e.wantError(404, "section", "GET", base+"/usebio.xml?section=999999", directorToken, nil)
	e.wantError(400, "section", "GET", base+"/usebio.xml?section=A", directorToken, nil)
	e.wantError(400, "board", "GET", base+"/usebio.xml?board=1", directorToken, nil)

	xml := e.do("GET", base+"/usebio.xml?section="+id(f.a.ID), directorToken, nil)
	if xml.Status != 200 || !strings.HasPrefix(xml.Header.Get("Content-Type"), "application/xml") ||
		xml.Header.Get("Content-Disposition") != `attachment; filename="event-`+id(f.event.ID)+`-usebio.xml"` {
		t.Fatalf("usebio.xml: %d %q %q\n%s", xml.Status, xml.Header.Get("Content-Type"), xml.Header.Get("Content-Disposition"), xml.Body)
	}
	// The file holds A's 12 lines and its 4 pairs, none of B's.
	if n := strings.Count(string(xml.Body), "<TRAVELLER_LINE>"); n != 12 {
		t.Errorf("usebio.xml has %d traveler lines, want A's 12", n)
	}
	if !strings.Contains(string(xml.Body), "A1 First") || strings.Contains(string(xml.Body), "B1 First") {
		t.Errorf("usebio.xml players: want section A's only")
	}

	// A bad file: one score changed. Read strictly, it names the line and
	// element and stores nothing.
	before := countEvents(e)
	bad, badLine := replaceFirst(t, xml.Body, "<SCORE>430</SCORE>", "<SCORE>431</SCORE>")
	er = e.wantError(422, "*", "POST", "/v1/events/import?format=usebio&strict=true", directorToken, bad)
	if !strings.HasPrefix(er.Field, "file: line ") || !strings.Contains(er.Field, "TRAVELLER_LINE") || !strings.Contains(er.Error, "expected") {
		t.Errorf("bad score: %+v", er)
	}
	if n, _ := strconv.Atoi(strings.Fields(strings.TrimPrefix(er.Field, "file: line "))[0]); n < badLine-12 || n > badLine {
		t.Errorf("bad score on line %d reported at %q: want the line of its TRAVELLER_LINE or SCORE", badLine, er.Field)
	}
	broken := bytes.Replace(xml.Body, []byte("</BOARD>"), []byte("</BORD>"), 1)
	er = e.wantError(422, "*", "POST", "/v1/events/import", directorToken, broken, "Content-Type", "text/xml")
	if !strings.HasPrefix(er.Field, "file: line ") || !strings.Contains(er.Error, "well-formed XML") {
		t.Errorf("malformed XML: %+v", er)
	}
	if n := countEvents(e); n != before {
		t.Fatalf("%d events after refused imports, want %d", n, before)
	}

	// Read as it comes (not strictly), the same file is imported with a
	// note on that line: the contract's score, 430, is the one kept.
	var noted api.ImportResponse
	e.want(201, &noted, "POST", "/v1/events/import?format=usebio&name=Noted", directorToken, bad)
	if len(noted.File.Notes) != 1 || noted.File.Notes[0].Line < badLine-12 || noted.File.Notes[0].Line > badLine || noted.File.Notes[0].Element != "BOARD/TRAVELLER_LINE/SCORE" ||
		!strings.Contains(noted.File.Notes[0].Note, "the file's score 431 is not what the contract scores") || noted.Name != "Noted" || noted.File.Format != "usebio" {
		t.Errorf("imported with a note: %+v", noted)
	}
	before = countEvents(e)

	// The file as it was: imported, answered as an event with its section.
	var imp api.ImportResponse
	r := e.want(201, &imp, "POST", "/v1/events/import", directorToken, xml.Body, "Content-Type", "application/xml")
	if imp.ID == f.event.ID || imp.Name != "Club night" || imp.Date != "2026-11-24" || imp.Scoring != "MP" || len(imp.Sections) != 1 ||
		imp.Sections[0].Session != 1 || imp.Sections[0].ID < 1 {
		t.Fatalf("imported: %+v", imp)
	}
	if loc := r.Header.Get("Location"); loc != "/v1/events/"+id(imp.ID) {
		t.Errorf("Location %q", loc)
	}
	if n := countEvents(e); n != before+1 {
		t.Errorf("%d events after the import, want %d", n, before+1)
	}
	// Exported again, it is the same file: USEBIO carries no ids, and the
	// name, date, pairs, lines, points and hands came from the file. Only
	// the order of a board's lines may change: they are written by round
	// and table, which USEBIO does not carry, so the import seats the
	// meetings in rounds of its own.
	again := e.do("GET", "/v1/events/"+id(imp.ID)+"/usebio.xml", directorToken, nil)
	if again.Status != 200 || !bytes.Equal(linesSorted(again.Body), linesSorted(xml.Body)) {
		t.Errorf("the imported event's USEBIO differs from the file it came from:\n%s", apitest.LineDiff(linesSorted(xml.Body), linesSorted(again.Body)))
	}

	// PBN: the section's file, and back (format from the body's first character).
	pbn := e.do("GET", base+"/results.pbn?session=1", directorToken, nil)
	if pbn.Status != 200 || !strings.HasPrefix(pbn.Header.Get("Content-Type"), "application/x-pbn") || !bytes.HasPrefix(pbn.Body, []byte("% PBN")) {
		t.Fatalf("results.pbn: %d %q\n%s", pbn.Status, pbn.Header.Get("Content-Type"), pbn.Body)
	}
	if n := strings.Count(string(pbn.Body), "[Contract "); n != 12 {
		t.Errorf("results.pbn: %d games with a contract, want A's 12 lines", n)
	}
	e.want(201, &imp, "POST", "/v1/events/import", directorToken, pbn.Body, "Content-Type", "application/octet-stream")
	var results []dto.ResultResponse
	e.want(200, &results, "GET", "/v1/sections/"+id(imp.Sections[0].ID)+"/results", directorToken, nil)
	if len(results) != 12 {
		t.Errorf("imported PBN: %d results, want 12", len(results))
	}
	for _, w := range clubNightA {
		found := slices.ContainsFunc(results, func(got dto.ResultResponse) bool {
			return got.Board == w.board && strings.EqualFold(got.Contract, w.contract) && got.Declarer == w.declarer && got.NSScore == w.score
		})
		if !found {
			t.Errorf("imported PBN: no line %s by %s on board %d scoring %d: %+v", w.contract, w.declarer, w.board, w.score, results)
		}
	}

	// The format: a query that is not a format, or nothing to tell it by.
	e.wantError(400, "format", "POST", "/v1/events/import?format=csv", directorToken, "a,b")
	er = e.wantError(400, "format", "POST", "/v1/events/import", directorToken, "Board;1", "Content-Type", "text/plain")
	if !slices.Equal(er.Allowed, []string{"usebio", "pbn"}) {
		t.Errorf("no format: allowed %v, want usebio and pbn", er.Allowed)
	}
	e.wantError(400, "body", "POST", "/v1/events/import?format=pbn", directorToken, "")
	// Only the director imports; nobody else gets a file read.
	e.wantError(401, "Authorization", "POST", "/v1/events/import", "", xml.Body, "Content-Type", "application/xml")
	tok := apitest.IssueTokens(e.Client, f.a.ID, 1)[1]
	e.wantError(403, "", "POST", "/v1/events/import", tok, xml.Body, "Content-Type", "application/xml")
	if n := countEvents(e); n != before+2 {
		t.Errorf("%d events, want %d", n, before+2)
	}
}

// TestImportSharedFiles imports the Compscore Howell of ../shared/testdata
// through the API (format from the Content-Type) and reads back the
// standings the file gives: 12 pairs; pair 1 TOTAL_SCORE 128.77,
// PERCENTAGE 47.69, PLACE 8; pair 2 156.80, 58.07, 3; 161 TRAVELLER_LINEs.
func TestImportSharedFiles(t *testing.T) {
	e := newEnv(t)
	body, err := os.ReadFile(sharedtest.Path(t, "usebio", "mp_pairs_howell.xml"))
	if err != nil {
		t.Fatal(err)
	}
	var imp api.ImportResponse
	e.want(201, &imp, "POST", "/v1/events/import", directorToken, body, "Content-Type", "text/xml; charset=utf-8")
	if imp.Name != "EL Wed 10.00am Open (27-Jul-22)" || imp.Date != "2022-07-27" || imp.Scoring != "MP" || len(imp.Sections) != 1 {
		t.Fatalf("imported: %+v", imp)
	}
	var st api.StandingsResponse
	e.want(200, &st, "GET", "/v1/sections/"+id(imp.Sections[0].ID)+"/standings", directorToken, nil)
	if len(st.Pairs) != 12 || st.Results != 161 {
		t.Errorf("standings: %d pairs over %d results, want 12 over 161", len(st.Pairs), st.Results)
	}
	want := map[string]api.StandingResponse{"1": {Total: 128.77, Percentage: 47.69, Place: "8"}, "2": {Total: 156.80, Percentage: 58.07, Place: "3"}}
	for _, p := range st.Pairs {
		if w, ok := want[p.Number]; ok && (p.Total != w.Total || p.Percentage != w.Percentage || p.Place != w.Place) {
			t.Errorf("pair %s: %.2f, %.2f%%, place %s; the file gives %.2f, %.2f%%, place %s", p.Number, p.Total, p.Percentage, p.Place, w.Total, w.Percentage, w.Place)
		}
	}
}

// replaceFirst replaces the first old in b and returns the new file and
// the 1-based line the change is on.
func replaceFirst(t *testing.T, b []byte, old, new string) ([]byte, int) {
	t.Helper()
	i := bytes.Index(b, []byte(old))
	if i < 0 {
		t.Fatalf("no %s in the file", old)
	}
	return bytes.Replace(b, []byte(old), []byte(new), 1), bytes.Count(b[:i], []byte("\n")) + 1
}

// travellerLines is a run of a board's TRAVELLER_LINE elements.
var travellerLines = regexp.MustCompile(`(?s)( *<TRAVELLER_LINE>\n.*?</TRAVELLER_LINE>\n)+`)

// oneLine is one TRAVELLER_LINE element.
var oneLine = regexp.MustCompile(`(?s) *<TRAVELLER_LINE>\n.*?</TRAVELLER_LINE>\n`)

// linesSorted returns a USEBIO file with each board's traveler lines in
// sorted order.
func linesSorted(b []byte) []byte {
	return travellerLines.ReplaceAllFunc(b, func(run []byte) []byte {
		lines := oneLine.FindAll(run, -1)
		slices.SortFunc(lines, bytes.Compare)
		return bytes.Join(lines, nil)
	})
}

// TestReportEndpoints reads the Royalton report and the law-code
// comparison of the club night as JSON, whole and in part, and the exports
// of one section or session.
func TestReportEndpoints(t *testing.T) {
	e := newEnv(t)
	f := newClubNight(e)
	base := "/v1/events/" + id(f.event.ID)

	// Section A's 12 results (clubNightA): 11 contracts and a pass-out.
	// Made exactly: 3NT 9, 2H 8, 4S 10, 6NT 12, 1NT 7, 2C 8 = 6 of 11, 54.55%;
	// overtricks: 3NT 10, 1NT 8, 2D 9 = 3, 27.27%; defeated: 4S 9, 4SX 9 = 2, 18.18%.
	// Strains in bid order: C 1, D 1, H 1 (9.09% each), S 3 (27.27%), NT 5 (45.45%).
	// Odd tricks bid 3+3+2+4+4+4+6+1+1+2+2 = 32, /11 = 2.91; made
	// 3+4+2+3+4+3+6+1+2+2+3 = 33, /11 = 3.
	// Games (contract-2017: a trick score of 100; 3NT 100, 4S 120, 6NT 190):
	// 3NT ×2, 4S ×3, 6NT bid; the two 4S going down defeated. Slams: 6NT,
	// made. Doubled: 4SX, defeated.
	var roy api.RoyaltonResponse
	e.want(200, &roy, "GET", base+"/reports/royalton?section="+id(f.a.ID), directorToken, nil)
	want := api.RoyaltonResponse{
		EventID: f.event.ID, EventName: "Club night", EventDate: "2026-11-24", Scoring: "MP",
		Sections: []api.SectionRefDTO{{ID: f.a.ID, Name: "A", Session: 1}}, Law: "contract-2017",
		Results: 12, Unreadable: []api.NotCountedDTO{}, PassedOut: 1, Declared: 11,
		Exact: api.CountDTO{N: 6, Share: 54.55}, Overtricks: api.CountDTO{N: 3, Share: 27.27}, Defeated: api.CountDTO{N: 2, Share: 18.18},
		Strains: []api.StrainCountDTO{{Strain: "C", N: 1, Share: 9.09}, {Strain: "D", N: 1, Share: 9.09}, {Strain: "H", N: 1, Share: 9.09}, {Strain: "S", N: 3, Share: 27.27}, {Strain: "NT", N: 5, Share: 45.45}},
		OddBid:  2.91, OddMade: 3, GameAt: 100,
		Games: api.OutcomeDTO{Bid: 6, Made: 4, Defeated: 2}, Slams: api.OutcomeDTO{Bid: 1, Made: 1},
		Doubled: api.OutcomeDTO{Bid: 1, Defeated: 1},
	}
	got := roy
	got.Boards = nil
	if !jsonEqual(got, want) {
		t.Errorf("Royalton of section A:\n got %s\nwant %s", apitest.JSON(got), apitest.JSON(want))
	}
	// Per board: 3NT by NS at both tables of board 1, 1NT by EW at both of
	// board 5; two contracts on the others.
	if len(roy.Boards) != 6 {
		t.Fatalf("Royalton boards: %s", apitest.JSON(roy.Boards))
	}
	for i, same := range []bool{true, false, false, false, true, false} {
		b := roy.Boards[i]
		if b.Section != "A" || b.Board != i+1 || b.Results != 2 || b.Same != same || len(b.Contracts) != map[bool]int{true: 1, false: 2}[same] {
			t.Errorf("Royalton board %d: %s", i+1, apitest.JSON(b))
		}
	}
	if c := roy.Boards[0].Contracts[0]; c.Contract != "3NT" || c.Side != "NS" || c.N != 2 {
		t.Errorf("board 1's contract: %+v, want 3NT by NS twice", c)
	}
	if c := roy.Boards[4].Contracts[0]; c.Contract != "1NT" || c.Side != "EW" || c.N != 2 {
		t.Errorf("board 5's contract: %+v, want 1NT by EW twice", c)
	}

	// Session 2 is section B alone: 1S by N making 7, exact, a part score.
	e.want(200, &roy, "GET", base+"/reports/royalton?session=2", directorToken, nil)
	if roy.Results != 1 || roy.Declared != 1 || roy.Exact != (api.CountDTO{N: 1, Share: 100}) || roy.OddBid != 1 || roy.OddMade != 1 ||
		roy.Games.Bid != 0 || len(roy.Sections) != 1 || roy.Sections[0].ID != f.b.ID {
		t.Errorf("Royalton of session 2: %s", apitest.JSON(roy))
	}
	// The whole event: 13 results, 12 contracts; 7 made exactly; odd tricks
	// bid 32+1 = 33, /12 = 2.75, made 33+1 = 34, /12 = 2.83.
	e.want(200, &roy, "GET", base+"/reports/royalton", directorToken, nil)
	if roy.Results != 13 || roy.Declared != 12 || roy.Exact.N != 7 || roy.OddBid != 2.75 || roy.OddMade != 2.83 || len(roy.Sections) != 2 {
		t.Errorf("Royalton of the event: %s", apitest.JSON(roy))
	}
	e.wantError(404, "section", "GET", base+"/reports/royalton?section=999999", directorToken, nil)
	e.wantError(404, "section", "GET", base+"/reports/royalton?section="+id(f.b.ID)+"&session=1", directorToken, nil)
	e.wantError(404, "session", "GET", base+"/reports/royalton?session=3", directorToken, nil)
	e.wantError(400, "session", "GET", base+"/reports/royalton?session=0", directorToken, nil)
	e.wantError(400, "to", "GET", base+"/reports/royalton?to=all", directorToken, nil)

	// Law-code comparison with auction-1915 (LAWS.md; game premium 125 at
	// 30 trick points, part-score premium 0, honours from the hand record:
	// N holds the spades, E the hearts, S the diamonds, W the clubs).
	//   board 1, 3NT by N, 9 tricks: 3 odd × 10 = 30, game: +125 = +155;
	//     NS hold two aces (♠A, ♦A), EW two: no honours. contract-2017 +400.
	//   board 3, 4SX by E, 9 tricks: one down doubled, 100 to NS; N holds
	//     five spade honours in one hand, 10 tricks × 9 = 90 to NS: +190.
	//     contract-2017: +200 (EW vulnerable, doubled).
	var laws api.LawsResponse
	e.want(200, &laws, "GET", base+"/reports/laws?to=auction-1915&section="+id(f.a.ID), directorToken, nil)
	if laws.Law != "contract-2017" || len(laws.Comparisons) != 1 || len(laws.Sections) != 1 {
		t.Fatalf("laws: %s", apitest.JSON(laws))
	}
	cmp := laws.Comparisons[0]
	if cmp.From != "contract-2017" || cmp.To != "auction-1915" || len(cmp.Boards) != 6 || len(cmp.NotComparable) != 0 {
		t.Fatalf("comparison: from %s to %s, %d boards, not comparable %s", cmp.From, cmp.To, len(cmp.Boards), apitest.JSON(cmp.NotComparable))
	}
	l := lineAt(t, cmp, 1, 1, 1)
	if l.Contract != "3NT" || l.FromScore != 400 || l.ToScore != 155 || !l.Changed || len(l.FromLines) == 0 || len(l.OnlyTo) == 0 {
		t.Errorf("board 1, round 1: %s", apitest.JSON(l))
	}
	if w := []string{"NS: 3 odd tricks at 10: 30", "NS: game premium: 125"}; !slices.Equal(l.ToLines, w) {
		t.Errorf("board 1 under auction-1915: %q, want %q", l.ToLines, w)
	}
	l = lineAt(t, cmp, 3, 4, 2)
	if l.Contract != "4SX" || l.FromScore != 200 || l.ToScore != 190 || !l.Changed {
		t.Errorf("board 3, round 4: %s", apitest.JSON(l))
	}
	if w := []string{"NS: 1 undertrick at 100 (doubled): 100", "NS: 5 honours in one hand: 90"}; !slices.Equal(l.ToLines, w) {
		t.Errorf("board 3 under auction-1915: %q, want %q", l.ToLines, w)
	}
	// Board 2 is the one whose order changes: honours turn it round.
	//   round 1, table 2, 2H by S, 8 tricks: 2 × 8 = 16 to NS; E holds five
	//     heart honours, 10 tricks × 8 = 80 to EW: −64. contract-2017 +110.
	//   round 2, table 1, 4S by N, 9 tricks: one down, 50 to EW; N's five
	//     spade honours 90 to NS: +40. contract-2017 −100.
	// The other boards keep their order (board 6: 2C by N +12 − W's club
	// honours 60 = −48 against 2D by N +21 + S's diamond honours 70 = +91),
	// so NS 4 and EW 3 gain the top on board 2, NS 2 and EW 1 lose it:
	// 8, 8, 4, 4 matchpoints (1 and 2 first, 3 and 4 third) become 6 each,
	// all first. Every pair tied under auction-1915: tau-b is undefined.
	if l := lineAt(t, cmp, 2, 1, 2); l.FromScore != 110 || l.ToScore != -64 || l.FromPoints != 2 || l.ToPoints != 0 {
		t.Errorf("board 2, round 1: %s", apitest.JSON(l))
	}
	if l := lineAt(t, cmp, 2, 2, 1); l.FromScore != -100 || l.ToScore != 40 || l.FromPoints != 0 || l.ToPoints != 2 {
		t.Errorf("board 2, round 2: %s", apitest.JSON(l))
	}
	if len(cmp.Fields) != 1 || len(cmp.Fields[0].Pairs) != 4 || cmp.Fields[0].Tau != nil {
		t.Fatalf("fields: %s", apitest.JSON(cmp.Fields))
	}
	for i, w := range []struct {
		number               string
		fromTotal, fromPlace int
	}{{"1", 8, 1}, {"2", 8, 1}, {"3", 4, 3}, {"4", 4, 3}} {
		p := cmp.Fields[0].Pairs[i]
		if p.Number != w.number || p.FromTotal != float64(w.fromTotal) || p.FromPlace != w.fromPlace || p.ToTotal != 6 || p.ToPlace != 1 || p.Move != w.fromPlace-1 {
			t.Errorf("pair %s: %s", w.number, apitest.JSON(p))
		}
	}
	if g := cmp.Fields[0].Gains; len(g) != 2 || g[0].Number != "3" || g[1].Number != "4" || len(cmp.Fields[0].Losses) != 0 {
		t.Errorf("gains %s, losses %s: want pairs 3 and 4 up 2 places, nobody down", apitest.JSON(g), apitest.JSON(cmp.Fields[0].Losses))
	}
	// Every line of section A is played, and auction-1915 scores each one.
	played := 0
	for _, b := range cmp.Boards {
		played += len(b.Lines)
	}
	if cmp.NothingComparable || cmp.Comparable != played || played == 0 {
		t.Errorf("comparable %d (nothing comparable %v), want every one of the %d lines", cmp.Comparable, cmp.NothingComparable, played)
	}
	// bridge has no levels (the dealer names the trump): none of those
	// contracts can be scored under it, so nothing is comparable and no
	// standings are compared, not every pair first with a tau of 1.
	var none api.LawsResponse
	e.want(200, &none, "GET", base+"/reports/laws?to=bridge&section="+id(f.a.ID), directorToken, nil)
	if c := none.Comparisons[0]; !c.NothingComparable || c.Comparable != 0 || len(c.NotComparable) != played || len(c.Fields) != 0 || len(c.Boards) != 0 {
		t.Errorf("against bridge: %s", apitest.JSON(c))
	}
	// The whole event: B's board 1 has no hand record and its line no
	// honours: auction-1915 scores 1S by N making 7 as 9 (1 × 9, no game)
	// and says that the honours are not known.
	e.want(200, &laws, "GET", base+"/reports/laws?to=AUCTION-1915", directorToken, nil)
	var bLine *api.LineComparisonDTO
	for _, b := range laws.Comparisons[0].Boards {
		if b.Section == "B" && b.Board == 1 && len(b.Lines) == 1 {
			bLine = &b.Lines[0]
		}
	}
	if bLine == nil || bLine.FromScore != 80 || bLine.ToScore != 9 ||
		!slices.ContainsFunc(bLine.OnlyTo, func(s string) bool { return strings.Contains(strings.ToLower(s), "honours") }) {
		t.Errorf("section B, board 1 under auction-1915: %s", apitest.JSON(bLine))
	}
	// to=all (the default): every law code but the event's own.
	e.want(200, &laws, "GET", base+"/reports/laws?session=1", directorToken, nil)
	var tos []string
	for _, c := range laws.Comparisons {
		tos = append(tos, c.To)
	}
	if wantTos := slices.DeleteFunc(scoring.LawNames(), func(s string) bool { return s == "contract-2017" }); !slices.Equal(tos, wantTos) {
		t.Errorf("to=all compares with %v, want %v", tos, wantTos)
	}
	er := e.wantError(400, "to", "GET", base+"/reports/laws?to=whist", directorToken, nil)
	if !slices.Contains(er.Allowed, "auction-1915") || !slices.Contains(er.Allowed, "all") {
		t.Errorf("bad to: allowed %v", er.Allowed)
	}
	e.wantError(404, "section", "GET", base+"/reports/laws?section=999999", directorToken, nil)

	// Whoever may read the event reads its reports: not the public until it is published.
	e.wantError(401, "Authorization", "GET", base+"/reports/royalton", "", nil)
	e.want(200, nil, "PATCH", base, directorToken, `{"published": true}`)
	e.want(200, &roy, "GET", base+"/reports/royalton?session=2", "", nil)
	e.want(200, nil, "GET", base+"/reports/laws?to=royalton-1915", "", nil)

	// The exports take the same filters: B's standings, session 1's travelers.
	csvRows := func(path string) [][]string {
		r := e.do("GET", path, directorToken, nil)
		rows, err := csv.NewReader(bytes.NewReader(r.Body)).ReadAll()
		if r.Status != 200 || err != nil || len(rows) < 1 {
			t.Fatalf("%s: %d %v\n%s", path, r.Status, err, r.Body)
		}
		return rows[1:]
	}
	for _, row := range csvRows(base + "/standings.csv?section=" + id(f.b.ID)) {
		if row[0] != "B" {
			t.Errorf("standings.csv of B: a row of section %s", row[0])
		}
	}
	if rows := csvRows(base + "/travelers.csv?session=1"); len(rows) != 12 || rows[0][0] != "A" {
		t.Errorf("travelers.csv of session 1: %d rows, want A's 12", len(rows))
	}
	if rows := csvRows(base + "/travelers.csv"); len(rows) != 13 {
		t.Errorf("travelers.csv: %d rows, want 13", len(rows))
	}
	e.wantError(404, "section", "GET", base+"/report.xlsx?section=999999", directorToken, nil)
	wb := e.do("GET", base+"/report.xlsx?session=2", directorToken, nil)
	if wb.Status != 200 || !strings.Contains(wb.Header.Get("Content-Disposition"), "report.xlsx") {
		t.Errorf("report.xlsx of session 2: %d", wb.Status)
	}
}

// lineAt finds a board's line by round and table in a comparison.
func lineAt(t *testing.T, c api.LawComparisonDTO, board, round, table int) api.LineComparisonDTO {
	t.Helper()
	for _, b := range c.Boards {
		for _, l := range b.Lines {
			if b.Board == board && l.Round == round && l.Table == table {
				return l
			}
		}
	}
	t.Fatalf("no line for board %d, round %d, table %d", board, round, table)
	return api.LineComparisonDTO{}
}

// jsonEqual compares two values by their JSON.
func jsonEqual(a, b any) bool { return apitest.JSON(a) == apitest.JSON(b) }

// TestImportBodyLimit holds the import route to its own, larger body
// limit: with MaxBodyBytes at 1 KiB the 12-pair Howell (well over 1 KiB)
// imports, while any other route still refuses a body over 1 KiB with 413.
func TestImportBodyLimit(t *testing.T) {
	e := newEnv(t, withAPI(api.Options{MaxBodyBytes: 1 << 10}))
	body, err := os.ReadFile(sharedtest.Path(t, "usebio", "mp_pairs_howell.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(body) <= 1<<10 {
		t.Fatalf("the file is %d bytes; the test needs more than 1 KiB", len(body))
	}
	e.want(201, nil, "POST", "/v1/events/import", directorToken, body, "Content-Type", "application/xml")
	big := map[string]any{"name": strings.Repeat("x", 2<<10), "law": "contract-2017", "scoring": "MP"}
	e.wantError(413, "body", "POST", "/v1/events", directorToken, big)
}
