package main

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestAPIEventTableOptions: an event's table options are off unless the
// director sets them, and a PATCH changes the one it names only.
func TestAPIEventTableOptions(t *testing.T) {
	e := newAPIEnv(t, api.Options{})
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{"name": "Options", "date": "2026-11-24", "law": "contract-2017", "scoring": "MP"})
	if ev.TableTraveler || ev.TableLead {
		t.Fatalf("a new event: table_traveler %v table_lead %v, want both off", ev.TableTraveler, ev.TableLead)
	}
	e.want(200, &ev, "PATCH", "/v1/events/"+id(ev.ID), directorToken, `{"table_lead": true}`)
	e.want(200, &ev, "GET", "/v1/events/"+id(ev.ID), directorToken, nil)
	if ev.TableTraveler || !ev.TableLead {
		t.Errorf("after PATCH table_lead: table_traveler %v table_lead %v, want false true", ev.TableTraveler, ev.TableLead)
	}
	e.wantError(400, "table_traveler", "PATCH", "/v1/events/"+id(ev.ID), directorToken, `{"table_traveler": "yes"}`)
}

// TestAPILeadAgainstHandRecord: the opening lead is the declarer's left-hand
// opponent's card, checked against the hand record (oneSuitDeal: North
// holds the spades, East the hearts, South the diamonds, West the clubs)
// in the one check every entry goes through: the director's, a table's, a
// correction.
func TestAPILeadAgainstHandRecord(t *testing.T) {
	e := newAPIEnv(t, api.Options{})
	f := newMitchell(e, "Leads", false)
	sid := id(f.section.ID)
	tok := issueTokens(e, f.section.ID, 1)[1]
	results := "/v1/sections/" + sid + "/results"

	// 4S by North: East leads, and holds only hearts.
	bad := line(f, 1, 1, 1, "4S", "N", 10)
	bad["lead"] = "SA"
	msg := e.wantError(422, "lead", "POST", results, directorToken, bad).Error
	for _, want := range []string{"SA", "East leads", "North", "holds no spades"} {
		if !strings.Contains(msg, want) {
			t.Errorf("refused lead: %q does not say %q", msg, want)
		}
	}
	bad["lead"] = "ZZ"
	if msg := e.wantError(422, "lead", "POST", results, tok, bad).Error; !strings.Contains(msg, "not a card") {
		t.Errorf("a lead that is no card: %q", msg)
	}
	// The same check for a table's token: 3NT by West, North leads a spade.
	good := line(f, 1, 1, 1, "3NT", "W", 9)
	good["lead"] = "s10"
	var stored api.ResultResponse
	e.want(201, &stored, "POST", results, tok, good)
	if stored.Lead != "ST" {
		t.Errorf("lead stored as %q, want ST (suit then rank)", stored.Lead)
	}
	// A correction is checked too: declarer South, West leads, holding clubs.
	good["declarer"], good["contract"], good["lead"] = "S", "3NT", "DA"
	e.wantError(422, "lead", "PUT", "/v1/results/"+id(stored.ID), tok, good, "If-Match", `"1"`)
	pass := line(f, 1, 1, 2, "PASS", "", 0)
	delete(pass, "declarer")
	delete(pass, "tricks")
	pass["lead"] = "HA"
	e.wantError(422, "lead", "POST", results, directorToken, pass)
}
