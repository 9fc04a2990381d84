package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserSwissVPTable is issue 25 §1's national scale from the pages:
// a director on a phone makes a Swiss scored on a VP scale given as a
// table of steps from the new-section form. A step that is not a number,
// and a table that is not monotone (the 4th step, 2 IMPs, below the 3rd,
// 5), are refused naming the step, counted from 1 as the director typed
// them, with the steps' field marked and the form kept; the ACBL 20-VP
// scale's 6–8 boards row typed as a table is stored as the section's.
func TestBrowserSwissVPTable(t *testing.T) {
	b := newEnv(t, withBrowser())
	ev := b.build().Event(tournament.EventInput{Name: "Swiss night", Scoring: string(tournament.MethodIMPTeams)})
	d := b.phone("director")
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")
	d.open("/director/events/" + id(ev.ID) + "/sections/new")
	d.fill("#section-name", "A")
	d.fill("#kind", "swiss")
	d.fill("#teams", "8")
	d.fill("#boards_per_round", "7")
	d.fill("#rounds", "3")
	d.fill("#vp_scale", "table")
	for _, c := range []struct{ steps, says string }{
		{"1, 3, x, 8, 11", `step 3, "x": not a whole number`},
		{"1, 3, 5, 2, 9, 14", "step 4 (2 IMPs) is less than step 3"},
	} {
		d.fill("#vp_table", c.steps)
		d.submit("#create-section")
		if msg := d.pageError(); !strings.Contains(msg, c.says) {
			t.Errorf("steps %q: the page says %q, want %q", c.steps, msg, c.says)
		}
		kept := eval[string](d, "read the form", `[document.querySelector("#kind").value, document.querySelector("#vp_scale").value, document.querySelector("#vp_table").value,
			document.querySelector("#vp_table").getAttribute("aria-invalid"), document.querySelector("#teams").value].join("|")`)
		if want := "swiss|table|" + c.steps + "|true|8"; kept != want {
			t.Errorf("steps %q: the form after the refusal %q, want %q", c.steps, kept, want)
		}
	}
	d.shot("vp table refused")
	checkFitsPhone(t, d, "the new-section form with a refused VP table")
	d.fill("#vp_table", "1 3 5 8 11 14 17 20 24 28")
	d.submit("#create-section")
	d.noError("create the Swiss on a table of steps")
	sec, err := b.svc.Section(t.Context(), tournament.Director, idFrom(t, d.path(), "/director/sections/"))
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(sec.Spec.VPScale, " ", sec.Spec.VPTable); got != "table [1 3 5 8 11 14 17 20 24 28]" {
		t.Errorf("the section's scale: %s", got)
	}
}
