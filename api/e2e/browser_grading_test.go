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
)

// TestBrowserGradedStandings: the public standings of a stratified
// handicap section on a phone.
func TestBrowserGradedStandings(t *testing.T) {
	b := newEnv(t, withBrowser())
	sec, _ := gradedMitchell(b, "Stratified handicap pairs at the Featherstonehaugh club")
	sid := id(sec.ID)
	b.want(200, nil, "PUT", "/v1/sections/"+sid+"/grading", directorToken,
		`{"strata": [{"name": "A"}, {"name": "B", "below": 750}, {"name": "C", "below": 300}], "handicap": "percent"}`)
	b.want(200, nil, "POST", "/v1/sections/"+sid+"/grading/players", directorToken, `{"players": [
		{"number": "1001", "masterpoints": 600, "handicap": 2}, {"number": "1002", "masterpoints": 100, "handicap": 4},
		{"number": "2001", "masterpoints": 2000, "handicap": -2}, {"number": "2002", "masterpoints": 50, "handicap": -2},
		{"number": "3001", "masterpoints": 200, "handicap": 6}, {"number": "3002", "masterpoints": 250, "handicap": 4},
		{"number": "4002", "masterpoints": 20, "handicap": 0},
		{"number": "5001", "masterpoints": 700, "handicap": 25}, {"number": "5002", "masterpoints": 10, "handicap": 25},
		{"number": "6001", "masterpoints": 0, "handicap": -6}, {"number": "6002", "masterpoints": 299, "handicap": -6}]}`)
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
}
