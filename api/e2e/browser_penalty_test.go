package e2e

// Issue 26 §2 on the pages: the director gives a procedural penalty on a
// phone, from the section page's form, and the public standings show it.
// The worked Mitchell and its figures are TestAPIPenalty's: 25 % of a top
// of 4 is 1 matchpoint off NS 2's 7.5 of 12, leaving 6.5 (54.17 %), 2nd
// behind NS 1 (61.67 %).

import (
	"fmt"
	"strings"
	"testing"
)

// TestBrowserPenalty: the director is refused a penalty of 150 % of a top
// (the amount marked), gives NS 2 25 % of a top for slow play on board 2,
// sees it listed, and the public's standings on a phone show NS 2 at
// 54.17 %, 2nd, with a −1 penalty tag by its name and the reason under the
// table; the score card ends with the penalty row and a total of 6.5.
func TestBrowserPenalty(t *testing.T) {
	b := newEnv(t, withBrowser())
	sec, _ := gradedMitchell(b, "Penalty given on a phone")
	enterWorked(b, sec)
	d := b.phone("director")
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")

	d.open(fmt.Sprintf("/director/sections/%d", sec.ID))
	d.fill("#penalty-number", "2 NS")
	d.fill("#penalty-amount", "150")
	d.fill("#penalty-unit", "percent_top")
	d.fill("#penalty-reason", "slow play")
	d.submit("#give-penalty")
	if msg := d.pageError(); !strings.Contains(msg, "at most 100") {
		t.Errorf("150 %% of a top: the page says %q", msg)
	}
	if inv := eval[string](d, "the field marked", `document.querySelector("#penalty-amount").getAttribute("aria-invalid") || ""`); inv != "true" {
		t.Errorf("the amount is not marked invalid")
	}
	d.fill("#penalty-amount", "25")
	d.fill("#penalty-board", "2")
	d.submit("#give-penalty")
	d.noError("give the penalty")
	if got := d.text(".flash"); !strings.Contains(got, "2 NS: 25% of a top, slow play (board 2)") {
		t.Errorf("the page says %q", got)
	}
	if got := d.text("#penalties"); !strings.Contains(got, "2 NS: 25% of a top, slow play (board 2)") {
		t.Errorf("the section's penalties: %q", got)
	}
	if n := eval[int](d, "the lift button shown", `[...document.querySelectorAll("#penalties .lift-penalty")].filter(b => b.offsetHeight > 0 && getComputedStyle(b).color !== getComputedStyle(b).backgroundColor).length`); n != 1 {
		t.Errorf("%d lift buttons to be seen, want 1", n)
	}
	d.shot("penalty given")
	checkFitsPhone(t, d, "the section page with a penalty")

	p := b.phone("public")
	p.open(fmt.Sprintf("/sections/%d/standings", sec.ID))
	p.noError("open the standings")
	rows := eval[[]string](p, "read the NS standings", `[...document.querySelectorAll("#standings-ns tbody tr")].map(tr =>
		tr.dataset.pair + ": " + tr.querySelector(".place").textContent.trim() + " " + tr.querySelector(".pct").textContent.trim() +
		" " + (tr.querySelector(".penalty")?.textContent || "").trim())`)
	want := "1: 1 61.67 ,2: 2 54.17 −1,3: 3 29.17 "
	if got := strings.Join(rows, ","); got != want {
		t.Errorf("the NS standings: %q, want %q", got, want)
	}
	if got := p.text("#standings-ns + .penalty-heading, .penalty-notes"); !strings.Contains(got, "2 NS: 25% of a top, slow play (board 2) — 1 off the total") {
		t.Errorf("the note under the standings: %q", got)
	}
	p.shot("standings with a penalty")
	checkFitsPhone(t, p, "the standings with a penalty")

	p.open(fmt.Sprintf("/sections/%d/scorecards/2?direction=NS", sec.ID))
	p.noError("open NS 2's score card")
	if got := p.text("#scorecard-penalty"); got != "−1" {
		t.Errorf("the score card's penalty: %q, want −1", got)
	}
	if got := p.text("#scorecard-total"); got != "6.50" && got != "6.5" {
		t.Errorf("the score card's total: %q, want 6.5", got)
	}
	p.shot("score card with a penalty")

	// Lifted from the section page: NS 2 is 1st again with 7.5.
	d.submit("#penalties .lift-penalty")
	d.noError("lift the penalty")
	if got := d.text("#no-penalties"); got != "No penalty given." {
		t.Errorf("after the lift the section page says %q", got)
	}
	p.open(fmt.Sprintf("/sections/%d/standings", sec.ID))
	if got := p.text(`#standings-ns tr[data-pair="2"] .total`); got != "7.5" {
		t.Errorf("NS 2's total after the lift: %q, want 7.5", got)
	}
}
