package e2e

// Issue 25 §5 on the public pages: a section both stratified and
// handicapped (the worst case for a phone's width: a column per stratum
// and the handicap's two), read by the public on a 390 px phone.
//
// The worked Mitchell (enterWorked) with the strata of TestAPIStratified
// (A the whole field, B under 750, C under 300) and the handicaps of
// TestAPIHandicap in percent, both from one table of player numbers
// (number, masterpoints, handicap):
//
//	NS 1: B, +3 → 61.67 + 3 = 64.67     NS 2: A, −2 → 60.50     NS 3: C, +5 → 34.17
//	EW 1: player 4001 not in the table: A, no handicap → 45.83
//	EW 2: B, (25 + 25)/2 = +25 → 46.67  EW 3: C, −6 → 73.17
//
// NS by net: 1, 2, 3 (scratch 2, 1, 3); in B (NS 1 and 3) 1 then 3; in C
// NS 3 alone. EW by net: 3, 2, 1 (scratch 1, 3, 2); in B (EW 3 and 2) 3
// then 2; in C EW 3 alone.

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// gradeBoth gives the worked Mitchell of gradedMitchell the strata and the
// handicaps in percent the comment above works, through the API.
func gradeBoth(e *env, sec tournament.Section) {
	e.t.Helper()
	sid := id(sec.ID)
	e.want(200, nil, "PUT", "/v1/sections/"+sid+"/grading", directorToken,
		`{"strata": [{"name": "A"}, {"name": "B", "below": 750}, {"name": "C", "below": 300}], "handicap": "percent"}`)
	e.want(200, nil, "POST", "/v1/sections/"+sid+"/grading/players", directorToken, `{"players": [
		{"number": "1001", "masterpoints": 600, "handicap": 2}, {"number": "1002", "masterpoints": 100, "handicap": 4},
		{"number": "2001", "masterpoints": 2000, "handicap": -2}, {"number": "2002", "masterpoints": 50, "handicap": -2},
		{"number": "3001", "masterpoints": 200, "handicap": 6}, {"number": "3002", "masterpoints": 250, "handicap": 4},
		{"number": "4002", "masterpoints": 20, "handicap": 0},
		{"number": "5001", "masterpoints": 700, "handicap": 25}, {"number": "5002", "masterpoints": 10, "handicap": 25},
		{"number": "6001", "masterpoints": 0, "handicap": -6}, {"number": "6002", "masterpoints": 299, "handicap": -6}]}`)
}

// TestBrowserGradedStandings: the public standings of a stratified
// handicap section on a phone.
func TestBrowserGradedStandings(t *testing.T) {
	b := newEnv(t, withBrowser())
	sec, _ := gradedMitchell(b, "Stratified handicap pairs at the Featherstonehaugh club")
	gradeBoth(b, sec)
	enterWorked(b, sec)

	p := b.phone("public")
	p.open(fmt.Sprintf("/sections/%d/standings", sec.ID))
	p.noError("open the graded standings")
	p.shot("graded standings")
	rows := eval[[]string](p, "read the standings", `[...document.querySelectorAll("table.standings tbody tr")].map(tr =>
		tr.dataset.pair + " " + tr.dataset.direction + ": " + tr.querySelector(".place").textContent.replace(/\s+/g, " ").trim() +
		" | " + [...tr.querySelectorAll(".stratum-place")].map(td => td.textContent.trim() || "-").join(" ") +
		" | " + tr.querySelector(".stratum").textContent.trim() + " | " + tr.querySelector(".pct").textContent.trim() +
		" " + tr.querySelector(".handicap").textContent.trim() + " " + tr.querySelector(".net").textContent.trim())`)
	want := []string{
		"1 NS: 1 (2) | 1 - | B | 61.67 +3 64.67",
		"2 NS: 2 (1) | - - | A | 62.50 −2 60.50",
		"3 NS: 3 (3) | 2 1 | C | 29.17 +5 34.17",
		"3 EW: 1 (1) | 1 1 | C | 79.17 −6 73.17",
		"2 EW: 2 (3) | 2 - | B | 21.67 +25 46.67",
		"1 EW: 3 (2) | - - | A | 45.83 0 45.83",
	}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("the standings on the page:\n got %q\nwant %q", rows, want)
	}
	heads := p.text("#standings-ns thead")
	for _, h := range []string{"A", "B", "C", "Hcp", "Net"} {
		if !strings.Contains(heads, h) {
			t.Errorf("the NS table's heads %q lack %q", heads, h)
		}
	}
	if c := p.text("#grading-note"); !strings.Contains(c, "B under 750 masterpoints") || !strings.Contains(c, "Handicap event") {
		t.Errorf("the note %q does not say the strata and the handicap", c)
	}
	checkFitsPhone(t, p, "the graded standings")

	// The event's overall standings (one section, one session) are graded
	// by the same step: the same places, strata, handicaps and nets.
	p.open(fmt.Sprintf("/events/%d/standings", sec.EventID))
	p.noError("open the graded overall standings")
	p.shot("graded overall standings")
	overall := eval[[]string](p, "read the overall standings", `[...document.querySelectorAll("table.overall tbody tr")].map(tr =>
		tr.querySelector(".where").textContent.trim().replace(/^\S+ /, "") + ": " + tr.querySelector(".place").textContent.replace(/\s+/g, " ").trim() +
		" | " + [...tr.querySelectorAll(".stratum-place")].map(td => td.textContent.trim() || "-").join(" ") +
		" | " + tr.querySelector(".stratum").textContent.trim() + " | " + tr.querySelector(".pct").textContent.trim() +
		" " + tr.querySelector(".handicap").textContent.trim() + " " + tr.querySelector(".net").textContent.trim())`)
	if !reflect.DeepEqual(overall, want) {
		t.Errorf("the overall standings on the page:\n got %q\nwant %q", overall, want)
	}
	if c := p.text("#grading-note"); !strings.Contains(c, "B under 750 masterpoints") {
		t.Errorf("the overall page's note %q does not say the strata", c)
	}
	checkFitsPhone(t, p, "the graded overall standings")
}

// TestBrowserDirectorGrading: the director, on a phone, sets a section's
// strata and a handicap in percent on its page, pastes a table of player
// numbers (the masterpoints and handicaps of TestBrowserGradedStandings but
// for EW 2's players, so EW 2 is named as left as it was), is refused a
// handicap of 30 on EW 2's page naming the field, then gives it B and +25:
// the section page lists each pair's stratum and handicap as the standings
// above rank them.
func TestBrowserDirectorGrading(t *testing.T) {
	b := newEnv(t, withBrowser())
	sec, pairs := gradedMitchell(b, "Graded pairs set up on a phone")
	d := b.phone("director")
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")

	d.open(fmt.Sprintf("/director/sections/%d", sec.ID))
	d.fill("#stratum-name-0", "A")
	d.fill("#stratum-name-1", "B")
	d.fill("#stratum-below-1", "300")
	d.fill("#stratum-name-2", "C")
	d.fill("#stratum-below-2", "750")
	d.fill("#grading-handicap", "percent")
	d.submit("#save-grading")
	if msg := d.pageError(); !strings.Contains(msg, "each stratum's limit is below the one above") {
		t.Errorf("strata out of order: the page says %q", msg)
	}
	if inv := eval[string](d, "the field marked", `document.querySelector("#stratum-below-2").getAttribute("aria-invalid") || ""`); inv != "true" {
		t.Errorf("C's limit is not marked invalid")
	}
	d.fill("#stratum-below-1", "750")
	d.fill("#stratum-below-2", "300")
	d.submit("#save-grading")
	d.noError("save the strata")
	if got := d.text("#grading-summary"); !strings.Contains(got, "B under 750 masterpoints, C under 300") || !strings.Contains(got, "percent") {
		t.Errorf("the summary says %q", got)
	}
	d.fill("#grades-text", `1001 600 2
1002 100 4
2001 2000 -2
2002 50 -2
3001 200 6
3002 250 4
4002 20 0
6001 0 -6
6002 299 -6`)
	d.submit("#grade-players")
	d.noError("grade the pairs")
	d.shot("graded from the table")
	if got := d.text(".flash"); !strings.Contains(got, "Graded 4 of 6") || !strings.Contains(got, "pair 1 EW: player 4001") || !strings.Contains(got, "pair 2 EW: player 5001") {
		t.Errorf("the page says %q, want 4 of 6 graded and pairs 1 EW and 2 EW named", got)
	}

	d.open(fmt.Sprintf("/director/sections/%d/pairs/%d", sec.ID, pairs["2 EW"].ID))
	d.fill("#stratum", "B")
	d.fill("#handicap", "30")
	d.submit("#save-pair")
	if msg := d.pageError(); !strings.Contains(msg, "from −25 to +25%") {
		t.Errorf("a handicap of 30: the page says %q", msg)
	}
	if inv := eval[string](d, "the field marked", `document.querySelector("#handicap").getAttribute("aria-invalid") || ""`); inv != "true" {
		t.Errorf("the handicap is not marked invalid")
	}
	d.fill("#handicap", "25")
	d.submit("#save-pair")
	d.noError("save pair 2 EW")
	d.shot("section with grades")
	rows := eval[[]string](d, "read the pairs", `[...document.querySelectorAll("#pairs tbody tr")].map(tr =>
		tr.dataset.pair + " " + tr.dataset.direction + " " + tr.querySelector(".stratum").textContent.trim() + " " + tr.querySelector(".handicap").textContent.trim())`)
	want := []string{"1 NS B +3", "2 NS A −2", "3 NS C +5", "1 EW A 0", "2 EW B +25", "3 EW C −6"}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("the pairs on the section page:\n got %q\nwant %q", rows, want)
	}
	checkFitsPhone(t, d, "the section page with strata and handicaps")

	// The director's results page, before publishing, ranks as the public
	// page does (TestBrowserGradedStandings's figures).
	enterWorked(b, sec)
	d.open(fmt.Sprintf("/director/sections/%d/results", sec.ID))
	d.noError("open the results before publishing")
	d.shot("results before publishing")
	got := eval[[]string](d, "read the director's standings", `[...document.querySelectorAll("#director-standings-ns tbody tr, #director-standings-ew tbody tr")].map(tr =>
		tr.dataset.pair + " " + tr.dataset.direction + ": " + tr.querySelector(".place").textContent.replace(/\s+/g, " ").trim() +
		" | " + [...tr.querySelectorAll(".stratum-place")].map(td => td.textContent.trim() || "-").join(" ") + " | " + tr.querySelector(".net").textContent.trim())`)
	wantPlaces := []string{"1 NS: 1 (2) | 1 - | 64.67", "2 NS: 2 (1) | - - | 60.50", "3 NS: 3 (3) | 2 1 | 34.17",
		"3 EW: 1 (1) | 1 1 | 73.17", "2 EW: 2 (3) | 2 - | 46.67", "1 EW: 3 (2) | - - | 45.83"}
	if !reflect.DeepEqual(got, wantPlaces) {
		t.Errorf("the director's standings:\n got %q\nwant %q", got, wantPlaces)
	}
	if c := d.text("#grading-note"); !strings.Contains(c, "Handicap event") {
		t.Errorf("the director's results page does not say how it ranks: %q", c)
	}
	checkFitsPhone(t, d, "the director's graded standings")
}
