package e2e

import (
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
)

// TestAPIMitchellVariants: a Mitchell variant is asked for by its name
// ("variant") and chosen switches ("switches") in POST
// /v1/events/{id}/sections, generated, stored and read back (GET
// /v1/sections/{id}) as asked; a switch round or table that does not exist
// and a variant that cannot balance for its tables are refused (422) naming
// the field. The 7-table hesitation Mitchell is the EBU's (see
// movement.TestHesitationMitchellEBU): round 2 table 7 has pair 14 (EW 7) NS.
func TestAPIMitchellVariants(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{
		"name": "Variants", "date": "2026-11-27", "law": "contract-2017", "law_options": map[string]any{}, "scoring": "MP"})
	path := "/v1/events/" + id(ev.ID) + "/sections"
	var sec api.SectionResponse
	e.want(201, &sec, "POST", path, directorToken, map[string]any{"name": "H", "movement": map[string]any{
		"kind": "mitchell", "variant": "hesitation", "tables": 7, "boards_per_round": 3,
		"switches": []map[string]any{{"round": 8, "tables": []int{1, 2, 3}}}}})
	var got api.SectionResponse
	e.want(200, &got, "GET", "/v1/sections/"+id(sec.ID), directorToken, nil)
	if got.Movement.Variant != "hesitation" || len(got.Movement.Switches) != 1 || got.Movement.Switches[0].Round != 8 {
		t.Errorf("stored spec %+v", got.Movement)
	}
	if n := len(got.Generated.Rounds); n != 8 {
		t.Fatalf("%d rounds, want 8", n)
	}
	if t7 := apitest.Seat(got, 2, 7); t7.NS != 14 || t7.NSPair != "7 EW" {
		t.Errorf("round 2 table 7: %+v, want pair 14 (7 EW) NS", t7)
	}
	switched := 0
	for _, tb := range got.Generated.Rounds[7].Tables {
		if tb.ArrowSwitch {
			switched++
		}
	}
	if switched != 3 {
		t.Errorf("round 8: %d tables switched, want the 3 chosen", switched)
	}
	for _, c := range []struct {
		field string
		spec  map[string]any
	}{
		{"movement.switches[0].round", map[string]any{"kind": "mitchell", "tables": 5, "boards_per_round": 2,
			"switches": []map[string]any{{"round": 6, "tables": []int{1}}}}},
		{"movement.switches[0].tables[1]", map[string]any{"kind": "mitchell", "tables": 5, "boards_per_round": 2,
			"switches": []map[string]any{{"round": 2, "tables": []int{1, 6}}}}},
		{"movement.tables", map[string]any{"kind": "mitchell", "variant": "two-stanza", "tables": 8, "boards_per_round": 2}},
		{"movement.variant", map[string]any{"kind": "mitchell", "variant": "spiral", "tables": 8, "boards_per_round": 2}},
	} {
		e.wantError(422, c.field, "POST", path, directorToken, map[string]any{"name": "X", "movement": c.spec})
	}
}
