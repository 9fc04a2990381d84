package e2e

import (
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
)

// TestAPILooseInput: what the API took loosely is refused (issue 14 §1) —
// text not UTF-8 or holding NUL (400 naming the field; it was stored as
// U+FFFD), a key given twice (400; the last won), a body sent as text/plain
// (415), and a write from the public is a 401 before its If-Match is looked
// at (it was a 428).
func TestAPILooseInput(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Input", false)
	sid := id(f.Section.ID)
	results := "/v1/sections/" + sid + "/results"

	e.wantError(400, "name", "POST", "/v1/events", directorToken,
		[]byte("{\"name\": \"Tuesday \xff\", \"date\": \"2026-11-24\", \"law\": \"contract-2017\", \"scoring\": \"MP\"}"))
	e.wantError(400, "name", "POST", "/v1/events", directorToken,
		`{"name": "Tuesday \u0000", "date": "2026-11-24", "law": "contract-2017", "scoring": "MP"}`)
	e.wantError(400, "results[1].query", "POST", results, directorToken,
		[]byte("[{\"board\": 1, \"round\": 1, \"table\": 1, \"ns\": \"1\", \"ew\": \"1\", \"status\": \"not_played\"}, {\"board\": 2, \"query\": \"\xc3\"}]"))
	e.wantError(400, "name", "PATCH", "/v1/events/"+id(f.Event.ID), directorToken, `{"name": "A", "name": "B"}`)
	e.wantError(400, "players[0].name", "PATCH", "/v1/pairs/1", directorToken, `{"players": [{"name": "A", "name": "B"}]}`)
	e.wantError(415, "Content-Type", "POST", "/v1/events", directorToken,
		`{"name": "Plain", "date": "2026-11-24", "law": "contract-2017", "scoring": "MP"}`, "Content-Type", "text/plain")
	e.wantError(415, "Content-Type", "POST", results, directorToken, f.Line(1, 1, 1, "4S", "N", 10), "Content-Type", "application/x-www-form-urlencoded")
	e.wantError(415, "Content-Type", "PATCH", "/v1/sections/"+sid, directorToken, `{"current_round": 2}`, "Content-Type", "text/plain;charset=utf-8")
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken,
		`{"name": "Zoë", "date": "2026-11-24", "law": "contract-2017", "scoring": "MP"}`, "Content-Type", "application/json; charset=utf-8")
	if ev.Name != "Zoë" {
		t.Errorf("name %q", ev.Name)
	}

	var r dto.ResultResponse
	e.want(201, &r, "POST", results, directorToken, f.Line(1, 1, 1, "4S", "N", 10))
	e.wantError(401, "Authorization", "PUT", "/v1/results/"+id(r.ID), "", f.Line(1, 1, 1, "4S", "N", 11))
	e.wantError(401, "Authorization", "PUT", "/v1/results/"+id(r.ID), "", "not json", "Content-Type", "text/plain")
	e.wantError(428, "*", "PUT", "/v1/results/"+id(r.ID), directorToken, f.Line(1, 1, 1, "4S", "N", 11))
}
