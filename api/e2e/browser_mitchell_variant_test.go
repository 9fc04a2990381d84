package e2e

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserMitchellVariant: on a phone the director picks a hesitation
// Mitchell of 7 tables on the new-section form, is told which field is
// wrong when a switch names a table that does not exist (table 9 of 7), and
// previews the EBU's movement with the switches chosen: its name, 14 pairs,
// 8 rounds of 3 boards, and the table cards of the preview; the section
// created keeps its variant in the change-of-movement form.
func TestBrowserMitchellVariant(t *testing.T) {
	b := newEnv(t, withBrowser())
	bl := b.build()
	ev := bl.Event(tournament.EventInput{Name: "Hesitation night"})

	d := b.phone("director")
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")
	d.open("/director/events/" + id(ev.ID) + "/sections/new")
	d.fill("#section-name", "A")
	d.fill("#kind", "mitchell")
	d.fill("#tables", "7")
	d.fill("#variant", "hesitation")
	d.fill("#boards_per_round", "3")
	d.fill("#switches", "8: 1 2 9")
	d.submit("#preview")
	if msg := d.pageError(); !strings.Contains(msg, "table 9 is not in play in round 8") {
		t.Errorf("a switch at table 9 of 7: the page says %q", msg)
	}
	if n := d.count(`#switches[aria-invalid="true"]`); n != 1 {
		t.Errorf("the switches field is not marked (%d)", n)
	}
	d.fill("#switches", "8: 1 2 3 4 5 6")
	d.submit("#preview")
	d.noError("preview the hesitation Mitchell")
	d.shot("hesitation preview")
	if got := d.text("#preview-h"); got != "Hesitation Mitchell 7 tables, scrambled" {
		t.Errorf("preview heading %q", got)
	}
	if got := d.text("#movement-preview p"); !strings.Contains(got, "14 pairs at 7 tables play 24 boards in 8 rounds") {
		t.Errorf("preview says %q", got)
	}
	// Created, the section's change-of-movement form keeps the variant and
	// its switches, so changing the rounds to come does not make it plain.
	d.submit("#create-section")
	d.noError("create the hesitation Mitchell")
	if got := d.text("#movement-summary"); !strings.Contains(got, "Hesitation Mitchell 7 tables") {
		t.Errorf("the section's movement: %q", got)
	}
	kept := eval[string](d, "read the change form's variant", `(() => { const f = document.querySelector("#movement-form");
		return f.querySelector("[name=variant]").value + " / " + f.querySelector("[name=switches]").value; })()`)
	if kept != "hesitation / 8: 1 2 3 4 5 6" {
		t.Errorf("the change form holds %q, want hesitation / 8: 1 2 3 4 5 6", kept)
	}
}

// TestBrowserAppendixMitchell: on a phone the director asks for an
// appendix Mitchell on a 9-table base. Eight appendix tables are refused by
// the field itself (max 7: EBUScore publishes 1, and 3 to 7 on 13 tables;
// the API's refusals naming movement.appendix, listing what is published
// for the tables given, are TestAPIAppendixMitchell's and
// TestAPIAppendixMitchell17's); with one the preview shows EBUScore's [M20]
// "1-Table Appendix Mitchell" (tournament/movement's
// TestAppendixMitchellEBUScore): 10½ tables, table 10 sharing table 1's
// boards and a half table 11 (its pair's opponents sit out), the 9 base
// tables' 18 boards in 9 rounds of 2. Two on 9 tables are refused, the
// page naming the field; four on 13 give EBUScore's "[M13d] 17 table
// Appendix Mitchell" (TestAppendixMitchellsEBUScore): 34 pairs at 17
// tables, the 13 sets' 26 boards in 12 rounds, table 14 sharing table 1's
// boards.
func TestBrowserAppendixMitchell(t *testing.T) {
	b := newEnv(t, withBrowser())
	ev := b.build().Event(tournament.EventInput{Name: "Appendix night"})
	d := b.phone("director")
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")
	d.open("/director/events/" + id(ev.ID) + "/sections/new")
	d.fill("#section-name", "A")
	d.fill("#kind", "mitchell")
	d.fill("#tables", "9")
	d.fill("#variant", "appendix")
	d.fill("#boards_per_round", "2")
	d.fill("#appendix", "8")
	if !eval[bool](d, "read the appendix field's validity", `document.querySelector("#appendix").validity.rangeOverflow`) {
		t.Error("eight appendix tables: the field does not refuse them (max 7)")
	}
	d.fill("#appendix", "1")
	d.submit("#preview")
	d.noError("preview the appendix Mitchell")
	d.shot("appendix preview")
	if got := d.text("#preview-h"); got != "Appendix Mitchell 10½ tables (tables 1 and 10 share)" {
		t.Errorf("preview heading %q", got)
	}
	if got := d.text("#movement-preview p"); !strings.Contains(got, "at 11 tables play 18 boards in 9 rounds") {
		t.Errorf("preview says %q", got)
	}
	d.fill("#appendix", "2")
	d.submit("#preview")
	if msg := d.pageError(); !strings.Contains(msg, "on 9 tables the published appendix Mitchell") || !strings.Contains(msg, "3 to 7 appendix tables are published on a 13-table Mitchell only") {
		t.Errorf("two appendix tables on 9: the page says %q", msg)
	}
	if n := d.count(`#appendix[aria-invalid="true"]`); n != 1 {
		t.Errorf("the appendix field is not marked (%d)", n)
	}
	d.fill("#tables", "13")
	d.fill("#appendix", "4")
	d.submit("#preview")
	d.noError("preview the 17-table appendix Mitchell")
	d.shot("appendix 17 preview")
	if got := d.text("#preview-h"); got != "Appendix Mitchell 17 tables, 13 and 4 appendix tables (EBUScore's [M13d]: tables 1–4 and 14–17 share)" {
		t.Errorf("preview heading %q", got)
	}
	if got := d.text("#movement-preview p"); !strings.Contains(got, "34 pairs at 17 tables play 26 boards in 12 rounds") {
		t.Errorf("preview says %q", got)
	}
}
