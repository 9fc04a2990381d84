package e2e

// Issue 26 §2 on the pages: the director sets a line's points from the
// director's traveler on a phone, and lifts them. The worked Mitchell is
// TestAPIPenalty's (gradedMitchell, enterWorked; the EBU's matchpoint scale,
// 2 for each score beaten and 1 for each tie, top 2 × (3 − 1) = 4).
//
// Board 1 (no one vulnerable): round 1 table 1 and round 2 table 3 NS +420
// (4♠ by N, 10 tricks), round 3 table 2 NS −50 (4♠ by N, 9 tricks). +420
// beats −50 and ties the other +420: 2 + 1 = 3, EW 1; −50 beats nothing:
// NS 0, EW 4. Round 3 table 2 is NS 2 (a Mitchell's NS pairs sit still).
// NS 2's total is 7.5 of 12 (3 boards × top 4), 62.50 %.
//
// The director sets round 3 table 2's NS points to 2 (a ruling): the line
// shows 2, flagged TD; its EW side keeps the comparison's 4, the other
// lines keep 3|1 (PointCorrection: nothing else moves). NS 2's total is
// 7.5 − 0 + 2 = 9.5 of 12 = 79.17 %: 1st, ahead of NS 1's 61.67 % (7.4),
// NS 3 29.17 % (3.5) as before. Lifted, NS 2 is back to 7.5, 62.50 %.

import (
	"fmt"
	"strings"
	"testing"
)

// TestBrowserCorrection: on a phone the director is refused NS points of
// −1 (matchpoints are 0 or more: the points marked, the reason kept), sets
// round 3 table 2's NS points on board 1 to 2, sees the line show 2 TD
// and the standings 9.5 (79.17 %, 1st) for NS 2, then lifts it: 0 on the
// traveler and 7.5 (62.50 %) in the standings again.
func TestBrowserCorrection(t *testing.T) {
	b := newEnv(t, withBrowser())
	sec, _ := gradedMitchell(b, "Points corrected on a phone")
	enterWorked(b, sec)
	d := b.phone("director")
	d.signInDirector()
	traveler := fmt.Sprintf("/director/sections/%d/travelers/1", sec.ID)
	line := func() string {
		t.Helper()
		return eval[string](d, "read round 3 table 2", `(() => { const tr = [...document.querySelectorAll("#traveler-lines tr.line, table.traveler tr.line")].find(tr =>
			tr.querySelector('[data-label="Round"]').textContent.trim() === "3" && tr.querySelector('[data-label="Table"]').textContent.trim() === "2");
			return tr.querySelector(".ns-points").textContent.trim() + "|" + tr.querySelector(".ew-points").textContent.trim() })()`)
	}
	others := func() string {
		t.Helper()
		return strings.Join(eval[[]string](d, "read the other lines", `[...document.querySelectorAll("table.traveler tr.line")].filter(tr =>
			tr.querySelector('[data-label="Round"]').textContent.trim() !== "3").map(tr => tr.querySelector(".ns-points").textContent.trim() + "|" + tr.querySelector(".ew-points").textContent.trim())`), ",")
	}
	standings := func() string {
		t.Helper()
		p := b.phone("public")
		p.open(fmt.Sprintf("/sections/%d/standings", sec.ID))
		p.noError("open the standings")
		return strings.Join(eval[[]string](p, "read the NS standings", `[...document.querySelectorAll("#standings-ns tbody tr")].map(tr =>
			tr.dataset.pair + ": " + tr.querySelector(".place").textContent.trim() + " " + tr.querySelector(".total").textContent.trim() + " " + tr.querySelector(".pct").textContent.trim())`), ",")
	}

	d.open(traveler)
	d.noError("open board 1's traveler")
	if got := line(); got != "0|4" {
		t.Fatalf("round 3 table 2 before: %q, want 0|4", got)
	}

	// Refused: −1 matchpoints. The points are marked, nothing is lost.
	d.fill("#corr-line", "3/2")
	d.fill("#corr-side", "NS")
	d.fill("#corr-points", "-1")
	d.fill("#corr-reason", "score misread")
	d.submit("#set-points")
	if msg := d.pageError(); !strings.Contains(msg, "matchpoints are 0 or more") {
		t.Errorf("−1 matchpoints: the page says %q", msg)
	}
	if inv := eval[string](d, "the field marked", `document.querySelector("#corr-points").getAttribute("aria-invalid") || ""`); inv != "true" {
		t.Errorf("the points are not marked invalid")
	}
	if got := eval[string](d, "the form kept", `[document.querySelector("#corr-line").value, document.querySelector("#corr-points").value, document.querySelector("#corr-reason").value].join(" ")`); got != "3/2 -1 score misread" {
		t.Errorf("the refused form keeps %q", got)
	}
	if got := line(); got != "0|4" {
		t.Errorf("round 3 table 2 after the refusal: %q, want 0|4", got)
	}
	d.shot("correction refused")

	d.fill("#corr-points", "2")
	d.submit("#set-points")
	d.noError("set the points")
	if got := d.text(".flash"); !strings.Contains(got, "round 3, table 2 NS: 2 (score misread)") {
		t.Errorf("the page says %q", got)
	}
	if got := line(); got != "2 TD|4" {
		t.Errorf("round 3 table 2 corrected: %q, want 2 TD|4", got)
	}
	if got := others(); got != "3|1,3|1" {
		t.Errorf("the other lines: %q, want 3|1,3|1", got)
	}
	if got := d.text("#corrections"); !strings.Contains(got, "Round 3, table 2 NS: 2 (score misread)") {
		t.Errorf("the board's corrections: %q", got)
	}
	if n := eval[int](d, "the lift button shown", `[...document.querySelectorAll("#corrections .lift-correction")].filter(b => b.offsetHeight > 0).length`); n != 1 {
		t.Errorf("%d lift buttons to be seen, want 1", n)
	}
	d.shot("correction set")
	checkFitsPhone(t, d, "the traveler with a correction")
	if got, want := standings(), "2: 1 9.5 79.17,1: 2 7.4 61.67,3: 3 3.5 29.17"; got != want {
		t.Errorf("the NS standings corrected: %q, want %q", got, want)
	}

	d.submit("#corrections .lift-correction")
	d.noError("lift the correction")
	if got := line(); got != "0|4" {
		t.Errorf("round 3 table 2 lifted: %q, want 0|4", got)
	}
	if n := d.count("#corrections"); n != 0 {
		t.Errorf("the list of corrections is still there after the lift")
	}
	if got, want := standings(), "2: 1 7.5 62.50,1: 2 7.4 61.67,3: 3 3.5 29.17"; got != want {
		t.Errorf("the NS standings lifted: %q, want %q", got, want)
	}
}
