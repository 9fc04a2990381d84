package e2e

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestAPITwoWinnerCustomSection creates through the API what a two-winner
// file that is no standard Mitchell becomes: a custom schedule ranked NS
// and EW apart (winners 2, 2 pairs each way: NS n is movement pair n, EW n
// pair 2+n). The section answers with its winners and names its pairs as a
// Mitchell's; a schedule seating an EW pair NS is refused.
func TestAPITwoWinnerCustomSection(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{
		"name": "Two winners", "date": "2026-11-24", "law": "contract-2017", "law_options": map[string]any{}, "scoring": "MP"})
	schedule := `[{"round": 1, "tables": [{"table": 1, "ns": 1, "ew": 3, "boards": [1]}, {"table": 2, "ns": 2, "ew": 4, "boards": [2]}]},
		{"round": 2, "tables": [{"table": 1, "ns": 1, "ew": 4, "boards": [3]}, {"table": 2, "ns": 2, "ew": 3, "boards": [4]}]}]`
	var sec api.SectionResponse
	e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "A", "movement": {"kind": "custom", "winners": 2, "tables": 2, "schedule": `+schedule+`}}`)
	if sec.Movement.Winners != 2 {
		t.Errorf("spec %+v, want winners 2", sec.Movement)
	}
	var again api.SectionResponse
	e.want(200, &again, "GET", "/v1/sections/"+id(sec.ID), directorToken, nil)
	r1 := again.Generated.Rounds[0].Tables[0]
	if again.Movement.Winners != 2 || r1.NSPair != "1 NS" || r1.EWPair != "1 EW" {
		t.Errorf("section read back: winners %d, table 1 round 1 %q v %q; want 2, 1 NS v 1 EW", again.Movement.Winners, r1.NSPair, r1.EWPair)
	}
	bad := strings.Replace(schedule, `"ns": 2, "ew": 3, "boards": [4]`, `"ns": 3, "ew": 2, "boards": [4]`, 1)
	er := e.wantError(422, "*", "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "B", "movement": {"kind": "custom", "winners": 2, "tables": 2, "schedule": `+bad+`}}`)
	if !strings.Contains(er.Error, "pair 3 changes direction in round 2") {
		t.Errorf("an EW pair seated NS: refused for %q, want pair 3 changing direction in round 2", er.Error)
	}
}
