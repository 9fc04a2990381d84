package e2e

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestAPICustomMovementBalance: POST /v1/events/{id}/sections with a custom
// movement typed in as JSON whose pairs 1 and 2 meet in rounds 1 and 3 is
// 422 naming movement.schedule[2].tables[0], the round, table and pairs and
// what is allowed, and nothing is stored; one whose board 2 is played at 1
// table and board 1 at 2 is 422 naming the board. The same schedule with
// "unbalanced": true is stored, and the section answers the allowance.
// The schedules are movement's TestCheckBalancedRefuses's.
func TestAPICustomMovementBalance(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "Custom", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP"}`)
	path := "/v1/events/" + id(ev.ID) + "/sections"
	tb := func(table, ns, ew int, boards ...int) map[string]any {
		return map[string]any{"table": table, "ns": ns, "ew": ew, "boards": boards}
	}
	again := []map[string]any{
		{"round": 1, "tables": []map[string]any{tb(1, 1, 2, 1, 2), tb(2, 3, 4, 3, 4)}},
		{"round": 2, "tables": []map[string]any{tb(1, 1, 3, 5, 6), tb(2, 2, 4, 5, 6)}},
		{"round": 3, "tables": []map[string]any{tb(1, 1, 2, 3, 4), tb(2, 3, 4, 1, 2)}},
	}
	got := e.wantError(422, "movement.schedule[2].tables[0]", "POST", path, directorToken, map[string]any{"name": "A",
		"movement": map[string]any{"kind": "custom", "schedule": again}})
	if !strings.Contains(got.Error, "round 3, table 1: pairs 1 and 2 meet again (they met in round 1 at table 1)") || len(got.Allowed) == 0 ||
		!strings.Contains(strings.Join(got.Allowed, "|"), `"unbalanced": true`) {
		t.Errorf("meeting again: %+v", got)
	}
	unequal := []map[string]any{{"round": 1, "tables": []map[string]any{tb(1, 1, 2, 1, 2), tb(2, 3, 4, 1)}}}
	got = e.wantError(422, "movement.schedule[0].tables[0].boards[1]", "POST", path, directorToken, map[string]any{"name": "B",
		"movement": map[string]any{"kind": "custom", "schedule": unequal}})
	if !strings.Contains(got.Error, "board 2 is played at 1 table and board 1 at 2; the movement does not balance") {
		t.Errorf("unequal plays: %+v", got)
	}
	var sections []api.SectionResponse
	e.want(200, &sections, "GET", path, directorToken, nil)
	if len(sections) != 0 {
		t.Errorf("a refused section was stored: %d sections", len(sections))
	}

	var sec api.SectionResponse
	e.want(201, &sec, "POST", path, directorToken, map[string]any{"name": "C",
		"movement": map[string]any{"kind": "custom", "schedule": again, "unbalanced": true}})
	if !sec.Movement.Unbalanced || len(sec.Generated.Rounds) != 3 {
		t.Errorf("with the allowance: unbalanced %v, %d rounds", sec.Movement.Unbalanced, len(sec.Generated.Rounds))
	}
	var stored api.SectionResponse
	e.want(200, &stored, "GET", "/v1/sections/"+id(sec.ID), directorToken, nil)
	if !stored.Movement.Unbalanced {
		t.Errorf("the stored section lost the allowance: %+v", stored.Movement)
	}
}
