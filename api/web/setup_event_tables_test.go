package web_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestEventTableOptions: the new-event form offers what the tables see,
// both off by default; ticked, they are stored; the event page says so and
// changes them; a box sent with a value that is no tick is refused naming
// it, with the form refilled and nothing changed.
func TestEventTableOptions(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	p := s.get("/director/events/new")
	p.want(t, "new-event form", http.StatusOK)
	for _, id := range []string{"table_traveler", "table_lead"} {
		if setupHasAttr(p.mustID(t, id), "checked") {
			t.Errorf("#%s is ticked on a new event: the table options are off by default", id)
		}
	}
	form := setupFormFields(p.mustID(t, "event-form"))
	form.Set("name", "Thursday pairs")
	form.Set("date", "2026-05-07")
	form.Set("table_traveler", "maybe")
	p = s.post("/director/events", form)
	p.want(t, "a table option that is no tick", http.StatusUnprocessableEntity)
	if msg := p.errorText(); !strings.Contains(msg, "table_traveler") || !strings.Contains(msg, "tick the box") {
		t.Errorf("refusal %q does not name table_traveler and say what to do", msg)
	}
	if setupAttr(p.mustID(t, "table_traveler"), "aria-invalid") != "true" || setupAttr(p.mustID(t, "name"), "value") != "Thursday pairs" {
		t.Error("the refused form is not refilled with the box marked")
	}

	form.Set("table_traveler", "on")
	p = s.post("/director/events", form)
	p.want(t, "create the event", http.StatusSeeOther)
	id, err := strconv.ParseInt(strings.TrimPrefix(strings.SplitN(p.Location, "?", 2)[0], "/director/events/"), 10, 64)
	if err != nil {
		t.Fatalf("created event went to %q", p.Location)
	}
	e, err := s.svc.Event(context.Background(), tournament.Director, id)
	if err != nil || !e.TableTraveler || e.TableLead {
		t.Fatalf("stored event: traveler %v lead %v (%v), want true false", e.TableTraveler, e.TableLead, err)
	}

	path := "/director/events/" + strconv.FormatInt(id, 10)
	p = s.get(path)
	p.want(t, "event page", http.StatusOK)
	if got := setupText(p.mustID(t, "table-options-state")); !strings.Contains(got, "traveler so far") || strings.Contains(got, "lead") {
		t.Errorf("the event page says the tables see %q", got)
	}
	if !setupHasAttr(p.mustID(t, "table_traveler"), "checked") || setupHasAttr(p.mustID(t, "table_lead"), "checked") {
		t.Error("the event page's form does not show the stored options")
	}
	change := setupFormFields(p.mustID(t, "table-options-form"))
	change.Del("table_traveler")
	change.Set("table_lead", "on")
	p = s.post(path+"/tables", change)
	p.want(t, "change the table options", http.StatusSeeOther)
	if e, _ = s.svc.Event(context.Background(), tournament.Director, id); e.TableTraveler || !e.TableLead {
		t.Errorf("after the change: traveler %v lead %v, want false true", e.TableTraveler, e.TableLead)
	}
	change.Set("table_lead", "2")
	p = s.post(path+"/tables", change)
	p.want(t, "a bad box on the event page", http.StatusUnprocessableEntity)
	if !strings.Contains(p.errorText(), "table_lead") || setupAttr(p.mustID(t, "table_lead"), "aria-invalid") != "true" {
		t.Errorf("refusal %q does not name and mark table_lead", p.errorText())
	}
	if e, _ = s.svc.Event(context.Background(), tournament.Director, id); e.TableTraveler || !e.TableLead {
		t.Errorf("a refused change changed the event: traveler %v lead %v", e.TableTraveler, e.TableLead)
	}
}
