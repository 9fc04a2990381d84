package e2e

import (
	"bytes"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/scoring/dds"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/xuri/excelize/v2"
)

// TestAPISectionLawCode: a section may play its boards under a law code of
// its own (issue 28 §2), and its results are scored under it, not under
// the event's. The fixture's event is contract-2017; section B plays the
// same boards (the one-suit deal) under royalton-1915. Board 1, none
// vulnerable, 4S by N making 10: contract-2017 (Law 77) 120 + 300 = +420 in
// section A; Royalton (LAWS.md: every odd trick 10, game 125 at a trick
// score of 40) 40 + 125 = +165 in section B. A code traveler does not know
// is refused naming law, options without a code naming law_options. The
// codes report then compares the two sections on board 1; an event whose
// sections share one code is refused naming law.
func TestAPISectionLawCode(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Two codes", false)
	sections := "/v1/events/" + id(f.Event.ID) + "/sections"
	codes := "/v1/events/" + id(f.Event.ID) + "/reports/codes"
	e.wantError(422, "law", "GET", codes, directorToken, nil)

	movement := map[string]any{"kind": "mitchell", "tables": 3, "boards_per_round": 2}
	e.wantError(422, "law", "POST", sections, directorToken, map[string]any{"name": "X", "movement": movement, "law": "whist-1900"})
	e.wantError(422, "law_options", "POST", sections, directorToken, map[string]any{"name": "X", "movement": movement, "law_options": map[string]any{"game_premium": 100}})
	e.wantError(422, "law_options.no_such", "POST", sections, directorToken, map[string]any{"name": "X", "movement": movement, "law": "royalton-1915", "law_options": map[string]any{"no_such": true}})
	var list []api.SectionResponse
	e.want(200, &list, "GET", sections, directorToken, nil)
	if len(list) != 1 {
		t.Fatalf("%d sections after the refusals, want 1 (nothing stored)", len(list))
	}

	b := f
	e.want(201, &b.Section, "POST", sections, directorToken, map[string]any{"name": "B", "movement": movement, "law": "royalton-1915"})
	if b.Section.Law != "royalton-1915" || b.Section.LawOptions == nil {
		t.Fatalf("section B: law %q options %v, want royalton-1915 with its options", b.Section.Law, b.Section.LawOptions)
	}
	var again api.SectionResponse
	e.want(200, &again, "GET", "/v1/sections/"+id(b.Section.ID), directorToken, nil)
	if again.Law != "royalton-1915" {
		t.Errorf("section B read back: law %q", again.Law)
	}
	e.want(201, nil, "POST", "/v1/sections/"+id(b.Section.ID)+"/pairs", directorToken, `[
		{"number": "1", "direction": "NS", "players": [{"name": "P1"}, {"name": "P2"}]},
		{"number": "2", "direction": "NS", "players": [{"name": "P3"}, {"name": "P4"}]},
		{"number": "3", "direction": "NS", "players": [{"name": "P5"}, {"name": "P6"}]},
		{"number": "1", "direction": "EW", "players": [{"name": "P7"}, {"name": "P8"}]},
		{"number": "2", "direction": "EW", "players": [{"name": "P9"}, {"name": "P10"}]},
		{"number": "3", "direction": "EW", "players": [{"name": "P11"}, {"name": "P12"}]}]`)
	var boards []map[string]any
	for n := 1; n <= 6; n++ {
		boards = append(boards, map[string]any{"number": n, "deal": apitest.OneSuitDeal})
	}
	e.want(200, nil, "PUT", "/v1/sections/"+id(b.Section.ID)+"/boards", directorToken, boards)
	e.want(200, &b.Section, "PATCH", "/v1/sections/"+id(b.Section.ID), directorToken, `{"current_round": 1}`)

	e.want(201, nil, "POST", "/v1/sections/"+id(f.Section.ID)+"/results", directorToken, []any{f.Line(1, 1, 1, "4S", "N", 10)})
	e.want(201, nil, "POST", "/v1/sections/"+id(b.Section.ID)+"/results", directorToken, []any{b.Line(1, 1, 1, "4S", "N", 10)})
	for _, c := range []struct {
		sec  int64
		want int
	}{{f.Section.ID, 420}, {b.Section.ID, 165}} {
		var tr api.TravelerResponse
		e.want(200, &tr, "GET", "/v1/sections/"+id(c.sec)+"/travelers/1", directorToken, nil)
		if len(tr.Lines) != 1 || tr.Lines[0].NSScore != c.want {
			t.Errorf("section %d board 1: %+v, want one line at NS %d", c.sec, tr.Lines, c.want)
		}
	}

	var rep api.CodesResponse
	e.want(200, &rep, "GET", codes, directorToken, nil)
	if len(rep.Comparisons) != 1 {
		t.Fatalf("%d comparisons, want 1", len(rep.Comparisons))
	}
	c := rep.Comparisons[0]
	if c.A.Law != "contract-2017" || c.B.Law != "royalton-1915" || c.A.Results != 1 || c.B.Results != 1 || len(c.Boards) != 6 ||
		c.Boards[0].A.Results != 1 || c.Boards[0].B.Contracts[0].Contract != "4S" || !strings.Contains(c.AtParWords, "Wilcoxon signed-rank") {
		t.Errorf("codes report: %+v", c)
	}
}

// TestAPIDealtBounds: GET /v1/reports/dealt deals and solves random boards
// for a director, 1 to tournament.MaxDealtRequest (48) a request: 49 or 0
// is a 422 naming deals and saying the bound, a word a 400 naming deals; a
// server without DDS says it cannot solve double dummy (503).
func TestAPIDealtBounds(t *testing.T) {
	e := newEnv(t)
	for _, n := range []string{"0", "49"} {
		got := e.wantError(422, "deals", "GET", "/v1/reports/dealt?deals="+n, directorToken, nil)
		if !strings.Contains(got.Error, "deal 1 to 48 boards a request") {
			t.Errorf("deals=%s: %+v", n, got)
		}
	}
	e.wantError(400, "deals", "GET", "/v1/reports/dealt?deals=many", directorToken, nil)
	e.wantError(400, "boards", "GET", "/v1/reports/dealt?deals=2&boards=3", directorToken, nil)
	e.wantError(503, "", "GET", "/v1/reports/dealt?deals=2", directorToken, nil)
}

// TestAPIDealtThroughDDS: with DDS, 3 random deals are dealt, solved and
// reported: 3 deals, game at 40 on no more deals than were dealt and on at
// least as many as any one strain gives (a deal with ten tricks in a
// strain holds a declaration making four odd), par under all six codes,
// nullos said to be left out. The deals are random (crypto/rand): what is
// checked is what holds on any deals.
func TestAPIDealtThroughDDS(t *testing.T) {
	needDDS(t)
	solver, err := dds.Load(dds.Config{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	c := newEnv(t, withService(tournament.ServiceOptions{DoubleDummy: solver})).Client
	var rep api.DealtResponse
	c.Want(200, &rep, "GET", "/v1/reports/dealt?deals=3", directorToken, nil)
	if rep.Deals != 3 || rep.GameAt40 > 3 || len(rep.Codes) != 6 || !strings.Contains(rep.Note, "nullo") {
		t.Fatalf("%+v", rep)
	}
	for s, n := range rep.ByStrain {
		if n > rep.GameAt40 {
			t.Errorf("strain %s: %d deals with ten tricks, more than the %d with game at 40", s, n, rep.GameAt40)
		}
	}
}

// TestAPISectionLawChange: a section's law code is changed after it has
// results (issue 28 §2), and its results are scored again under the new
// code in the change's transaction, audited. The fixture's event and its
// section A play contract-2017; board 1 (none vulnerable, the one-suit
// deal: North holds all thirteen spades) 4S by N making 10 is +420 (WBF
// 2017 Law 77: 4 × 30 + 300). Section A switched to auction-1915 scores it
// +251 (seed 003, LAWS.md: spades 9 a trick, 36; game premium 125 at 30
// trick points; five honours in one hand 10 × 9 = 90 from the hand
// record), and back to the event's code ("") +420 again. A code traveler
// does not know is a 422 naming law, options without a code of the
// section's own a 422 naming the option, and neither changes the score.
// Then the event cannot be switched across the field while the section
// plays a code of its own: a 422 naming overall.field and the section.
func TestAPISectionLawChange(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Code changed", false)
	sec := "/v1/sections/" + id(f.Section.ID)
	var stored []dto.ResultResponse
	e.want(201, &stored, "POST", sec+"/results", directorToken, []any{f.Line(1, 1, 1, "4S", "N", 10)})
	score := func(want int, when string) {
		t.Helper()
		var tr api.TravelerResponse
		e.want(200, &tr, "GET", sec+"/travelers/1", directorToken, nil)
		if len(tr.Lines) != 1 || tr.Lines[0].NSScore != want {
			t.Errorf("%s: board 1 %+v, want one line at NS %d", when, tr.Lines, want)
		}
	}
	score(420, "contract-2017")

	e.wantError(422, "law", "PATCH", sec, directorToken, `{"law": "whist-1900"}`)
	e.wantError(422, "law_options.no_such", "PATCH", sec, directorToken, `{"law": "auction-1915", "law_options": {"no_such": 1}}`)
	score(420, "after the refusals")

	var s api.SectionResponse
	e.want(200, &s, "PATCH", sec, directorToken, `{"law": "auction-1915"}`)
	if s.Law != "auction-1915" {
		t.Errorf("section after the change: law %q", s.Law)
	}
	score(251, "auction-1915")
	var audit []api.AuditResponse
	e.want(200, &audit, "GET", "/v1/results/"+id(stored[0].ID)+"/audit", directorToken, nil)
	if n := len(audit); n != 2 || audit[1].Action != "rescore" || audit[1].After == nil || audit[1].After.NSScore != 251 {
		t.Errorf("the result's history %+v, want its insert then a rescore to 251", audit)
	}
	var changes []api.ChangeResponse
	e.want(200, &changes, "GET", "/v1/events/"+id(f.Event.ID)+"/changes", directorToken, nil)
	if n := len(changes); n == 0 || changes[n-1].Kind != "section" || changes[n-1].Before["law"] != "" || changes[n-1].After["law"] != "auction-1915" {
		t.Errorf("changes %+v, want the section's law change last", changes)
	}

	// Across the field: refused while section A plays a code of its own.
	got := e.wantError(422, "overall.field", "PATCH", "/v1/events/"+id(f.Event.ID), directorToken, `{"overall": {"field": "field"}}`)
	if !strings.Contains(got.Error, "section A") || !strings.Contains(got.Error, "auction-1915") {
		t.Errorf("across the field: %+v, want the section and its code named", got)
	}

	var back api.SectionResponse
	e.want(200, &back, "PATCH", sec, directorToken, `{"law": ""}`)
	if back.Law != "" {
		t.Errorf("section back on the event's code: law %q", back.Law)
	}
	score(420, "the event's contract-2017 again")
	e.want(200, nil, "PATCH", "/v1/events/"+id(f.Event.ID), directorToken, `{"overall": {"field": "field"}}`)
	e.wantError(422, "law", "PATCH", sec, directorToken, `{"law": "auction-1915"}`)
	score(420, "refused across the field")
}

// TestAPICodesWithAnotherEvent: two events on the same boards compared
// through the API (issue 28 §2), as `traveler report codes --with` does:
// event 1 plays contract-2017, event 2 the same six one-suit boards under
// auction-1915 (its law changed before any result), each with 4S by N
// making 10 on board 1 — +420 (WBF 2017 Law 77) and +251 (seed 003:
// TestAPISectionLawChange). GET …/reports/codes?with=2 compares them on
// all six boards, board 1 with one result a side. A with that is not an
// id, the event itself, or two events whose deals differ are 422s naming
// with (the last saying the deals differ); an event that does not exist a
// 404 naming with; an unpublished other event is refused to the public
// even when the first is published. The workbook takes ?with= too, and
// refuses two events whose deals differ as the codes report does.
func TestAPICodesWithAnotherEvent(t *testing.T) {
	e := newEnv(t)
	one := apitest.NewMitchell(e.Client, "Contract night", true)
	two := apitest.NewMitchell(e.Client, "Auction night", false)
	e.want(200, nil, "PATCH", "/v1/events/"+id(two.Event.ID), directorToken, `{"law": "auction-1915"}`)
	e.want(201, nil, "POST", "/v1/sections/"+id(one.Section.ID)+"/results", directorToken, []any{one.Line(1, 1, 1, "4S", "N", 10)})
	e.want(201, nil, "POST", "/v1/sections/"+id(two.Section.ID)+"/results", directorToken, []any{two.Line(1, 1, 1, "4S", "N", 10)})
	codes := "/v1/events/" + id(one.Event.ID) + "/reports/codes?with="

	var rep api.CodesResponse
	e.want(200, &rep, "GET", codes+id(two.Event.ID), directorToken, nil)
	if rep.With == nil || rep.With.ID != two.Event.ID || len(rep.Comparisons) != 1 {
		t.Fatalf("codes with event %d: with %+v, %d comparisons", two.Event.ID, rep.With, len(rep.Comparisons))
	}
	c := rep.Comparisons[0]
	if c.A.Law != "contract-2017" || c.B.Law != "auction-1915" || len(c.Boards) != 6 || c.A.Results != 1 || c.B.Results != 1 ||
		c.Boards[0].A.Results != 1 || c.Boards[0].B.Results != 1 || !strings.Contains(c.B.Name, "Auction night") {
		t.Errorf("the two events compared: %+v", c)
	}
	// Both paired tests named, each in plain words (no board is analysed,
	// so neither has a board to weigh, and says so).
	for _, w := range []string{c.AtParWords, c.InBestWords} {
		if !strings.Contains(w, "Wilcoxon signed-rank test on the share") || !strings.Contains(w, "nothing to weigh") {
			t.Errorf("a test in words: %q", w)
		}
	}

	e.wantError(422, "with", "GET", codes+"two", directorToken, nil)
	e.wantError(422, "with", "GET", codes+id(one.Event.ID), directorToken, nil)
	e.wantError(404, "with", "GET", codes+"999999", directorToken, nil)
	e.wantError(401, "*", "GET", codes+id(two.Event.ID), "", nil)

	three := apitest.NewMitchell(e.Client, "Other deals", false)
	var boards []map[string]any
	for n := 1; n <= 6; n++ {
		boards = append(boards, map[string]any{"number": n, "deal": "N:..AKQJT98765432. AKQJT98765432... .AKQJT98765432.. ...AKQJT98765432"})
	}
	e.want(200, nil, "PUT", "/v1/sections/"+id(three.Section.ID)+"/boards", directorToken, boards)
	got := e.wantError(422, "with", "GET", codes+id(three.Event.ID), directorToken, nil)
	if !strings.Contains(got.Error, "the deals differ") || !strings.Contains(got.Error, "share no board") {
		t.Errorf("events without a board in common: %+v, want what differs said", got)
	}
	// The workbook refuses them the same way: it left its Code comparison
	// sheet out and answered 200.
	if wb := e.wantError(422, "with", "GET", "/v1/events/"+id(one.Event.ID)+"/report.xlsx?with="+id(three.Event.ID), directorToken, nil); wb.Error != got.Error {
		t.Errorf("report.xlsx with events without a board in common: %+v, want the codes report's refusal %q", wb, got.Error)
	}

	r := e.do("GET", "/v1/events/"+id(one.Event.ID)+"/report.xlsx?with="+id(two.Event.ID), directorToken, nil)
	if r.Status != 200 {
		t.Fatalf("report.xlsx?with=: %d", r.Status)
	}
	x, err := excelize.OpenReader(bytes.NewReader(r.Body))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, err := x.GetRows("Code comparison")
	if err != nil || len(rows) < 3 || rows[1][1] != c.B.Name {
		t.Errorf("the workbook's Code comparison sheet: %v (%v), want event 2 (%s) as B", rows, err, c.B.Name)
	}
}
