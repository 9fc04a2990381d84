package e2e

// Issue 27 §1 through the API: an event's convention is chosen when it is
// made, changed by PATCH, refused by name when unknown, and applied to the
// standings. The worked Mitchell (enterWorked: EBU matchpoints, 3 tables,
// 12 possible; gradedMitchell's event scores average plus at 60 % as
// given) has NS 1 at 7.4 of 12 = 61.666… %: traveler's own prints
// 61.67 (halves away from zero), RealBridge's convention cuts it to 61.66
// (issue 27: RealBridge prints 48.12 for 48.125); NS 3 3.5 of 12 =
// 29.166… %: 29.17 and 29.16.

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

func TestAPIConvention(t *testing.T) {
	e := newEnv(t)

	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "EBU club", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP", "convention": "EBU"}`)
	if ev.Convention != "ebu" {
		t.Errorf("created with convention EBU: %q, want ebu", ev.Convention)
	}
	er := e.wantError(422, "convention", "POST", "/v1/events", directorToken, `{"name": "Acme club", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP", "convention": "acme"}`)
	if allowed := strings.Join(er.Allowed, " "); !strings.Contains(er.Error, "acme") || !strings.Contains(allowed, "realbridge") ||
		!strings.Contains(allowed, "acbl") || !strings.Contains(allowed, "norway") {
		t.Errorf("unknown convention: %q allowed %v, want it named and the conventions listed", er.Error, er.Allowed)
	}

	sec, _ := gradedMitchell(e, "Conventions at the club")
	enterWorked(e, sec)
	sid, eid := id(sec.ID), id(sec.EventID)
	pcts := func() map[string]float64 {
		t.Helper()
		var st api.StandingsResponse
		e.want(200, &st, "GET", "/v1/sections/"+sid+"/standings", directorToken, nil)
		out := map[string]float64{}
		for _, p := range st.Pairs {
			out[p.Number+" "+p.Direction] = p.Percentage
		}
		return out
	}
	if p := pcts(); p["1 NS"] != 61.67 || p["3 NS"] != 29.17 {
		t.Fatalf("traveler's own: NS 1 %v %%, NS 3 %v %%, want 61.67 and 29.17", p["1 NS"], p["3 NS"])
	}
	e.want(200, &ev, "PATCH", "/v1/events/"+eid, directorToken, `{"convention": "realbridge"}`)
	if ev.Convention != "realbridge" {
		t.Errorf("patched: convention %q", ev.Convention)
	}
	if p := pcts(); p["1 NS"] != 61.66 || p["3 NS"] != 29.16 {
		t.Errorf("realbridge: NS 1 %v %%, NS 3 %v %%, want 61.66 and 29.16", p["1 NS"], p["3 NS"])
	}
	// Refused: nothing stored changes.
	e.wantError(422, "convention", "PATCH", "/v1/events/"+eid, directorToken, `{"convention": "acme"}`)
	e.want(200, &ev, "GET", "/v1/events/"+eid, directorToken, nil)
	if ev.Convention != "realbridge" {
		t.Errorf("after a refused change: convention %q, want realbridge", ev.Convention)
	}
	// The new names are taken, any case, and the standings say how places
	// are shared under each.
	for _, c := range []struct{ name, stored, places string }{
		{"ACBL", "acbl", "on totals of lines rounded to 0.01 before adding"},
		{"Norway", "norway", "written as the places they cover (4-5)"},
	} {
		e.want(200, &ev, "PATCH", "/v1/events/"+eid, directorToken, `{"convention": "`+c.name+`"}`)
		var st api.StandingsResponse
		e.want(200, &st, "GET", "/v1/sections/"+sid+"/standings", directorToken, nil)
		if ev.Convention != c.stored || !strings.Contains(st.Places, c.places) {
			t.Errorf("%s: stored %q, standings' places %q; want %q and %q", c.name, ev.Convention, st.Places, c.stored, c.places)
		}
	}
	var own api.EventResponse
	e.want(200, &own, "PATCH", "/v1/events/"+eid, directorToken, `{"convention": "traveler"}`)
	if p := pcts(); own.Convention != "" || p["1 NS"] != 61.67 {
		t.Errorf("back to traveler's own: convention %q, NS 1 %v %%", own.Convention, p["1 NS"])
	}
}
