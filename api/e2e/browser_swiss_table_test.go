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
	sec := createSectionOnPage(t, b, d, "create the Swiss on a table of steps")
	if got := fmt.Sprint(sec.Spec.VPScale, " ", sec.Spec.VPTable); got != "table [1 3 5 8 11 14 17 20 24 28]" {
		t.Errorf("the section's scale: %s", got)
	}
}

// TestBrowserSwissReplace: the director replaces a Swiss draft's whole
// pairing from the Swiss page on a phone. Round 1 by number (1 v 2, 3 v 4,
// 5 v 6, 7 the bye), each home team winning; the draft of round 2 is 1 v 3,
// 5 v 7, 2 v 4, 6 bye (TestBrowserSwissRelease). A pairing with a word
// that is not a match is refused naming it; one repeating 1 v 2 is refused
// as a rematch; both with the pairing typed kept. 1 v 5, 3 v 7, 2 v 6,
// 4 bye replaces the draft.
func TestBrowserSwissReplace(t *testing.T) {
	b := newEnv(t, withBrowser())
	bl := b.build()
	ev := bl.Event(tournament.EventInput{Name: "Swiss night", Scoring: string(tournament.MethodIMPTeams)})
	sec := bl.Section(ev.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Teams: 7, Rounds: 2, BoardsPerRound: 2, VPScale: "acbl-30"}})
	rd, _ := sec.Movement.Round(1)
	for _, tb := range rd.Tables {
		for _, bd := range tb.Boards {
			if tb.Table%2 == 1 {
				bl.Play(sec, 1, tb.Table, bd, "4S", "N", 11)
			} else {
				bl.Play(sec, 1, tb.Table, bd, "4S", "N", 9)
			}
		}
	}
	if _, err := b.svc.PairSwissRound(t.Context(), tournament.Director, sec.ID, false); err != nil {
		t.Fatal(err)
	}
	d := b.phone("director")
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")
	d.open("/director/sections/" + id(sec.ID) + "/swiss")
	d.noError("open the Swiss page")
	if got := eval[string](d, "read the pairing field", `document.querySelector("#pairing").value`); got != "1 v 3, 5 v 7, 2 v 4, 6 bye" {
		t.Errorf("the replace form starts from %q, want the draft", got)
	}
	for _, c := range []struct{ pairing, says string }{
		{"1 v 3, 5 and 7, 2 v 4, 6 bye", `item 2, "5 and 7"`},
		{"1 v 2, 3 v 5, 4 v 7, 6 bye", "1 v 2 is a rematch"},
	} {
		d.fill("#pairing", c.pairing)
		d.submit("#replace")
		if msg := d.pageError(); !strings.Contains(msg, c.says) {
			t.Errorf("pairing %q: the page says %q, want %q", c.pairing, msg, c.says)
		}
		if kept := eval[string](d, "read the pairing field", `document.querySelector("#pairing").value + "|" + document.querySelector("#pairing").getAttribute("aria-invalid")`); kept != c.pairing+"|true" {
			t.Errorf("after the refusal the field holds %q, want %q marked", kept, c.pairing)
		}
		if got := draftOnPage(d); got != "1v3 5v7 2v4 6v0" {
			t.Errorf("the draft after a refused pairing: %s", got)
		}
	}
	d.shot("swiss pairing refused")
	checkFitsPhone(t, d, "the Swiss page with a refused pairing")
	d.fill("#pairing", "1 v 5, 3 v 7\n2-6; 4 bye")
	d.submit("#replace")
	d.noError("replace the pairing")
	if got := draftOnPage(d); got != "1v5 3v7 2v6 4v0" {
		t.Errorf("the draft replaced: %s, want 1v5 3v7 2v6 4v0", got)
	}
}
