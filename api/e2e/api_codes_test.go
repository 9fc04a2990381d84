package e2e

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
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
