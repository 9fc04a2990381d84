package e2e

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestPublicCSVFormulaInert: a player named =HYPERLINK("http://x","y"),
// entered through the API, reaches the public standings.csv of a published
// event as text a spreadsheet will not run — with a leading apostrophe, as
// OWASP's "CSV Injection" guidance says
// (https://owasp.org/www-community/attacks/CSV_Injection) — while the
// figures stay figures: every line of the 4-pair Howell is 4S by E making
// 10 on boards whose vulnerability the travelers.csv gives, so NS scores
// -420 (EW not vulnerable) or -620 (EW vulnerable), written as numbers.
func TestPublicCSVFormulaInert(t *testing.T) {
	e := newEnv(t)
	const evil = `=HYPERLINK("http://x","y")`
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "Formulae", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP", "published": true}`)
	var sec api.SectionResponse
	e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken, `{"name": "A", "movement": {"kind": "howell", "pairs": 4, "boards_per_round": 1}}`)
	sid := id(sec.ID)
	var pairs []map[string]any
	for p := 1; p <= 4; p++ {
		name := "Player " + strconv.Itoa(p)
		if p == 1 {
			name = evil
		}
		pairs = append(pairs, map[string]any{"number": strconv.Itoa(p), "players": []map[string]any{{"name": name}, {"name": "Partner " + strconv.Itoa(p)}}})
	}
	e.want(201, nil, "POST", "/v1/sections/"+sid+"/pairs", directorToken, pairs)
	for _, r := range sec.Generated.Rounds {
		for _, tb := range r.Tables {
			for _, b := range tb.Boards {
				e.want(201, nil, "POST", "/v1/sections/"+sid+"/results", directorToken, map[string]any{"board": b, "round": r.Round, "table": tb.Table,
					"ns": strconv.Itoa(tb.NS), "ew": strconv.Itoa(tb.EW), "contract": "4S", "declarer": "E", "tricks": 10})
			}
		}
	}

	rows := func(path string) [][]string {
		t.Helper()
		r := e.do("GET", "/v1/events/"+id(ev.ID)+path, "", nil) // the public: no token
		rows, err := csv.NewReader(bytes.NewReader(r.Body)).ReadAll()
		if r.Status != 200 || err != nil || len(rows) < 2 {
			t.Fatalf("%s: %d %v\n%s", path, r.Status, err, r.Body)
		}
		return rows[1:]
	}
	seen := false
	for _, row := range rows("/standings.csv") {
		if row[3] == "1" {
			seen = true
			if want := "'" + evil + " & Partner 1"; row[5] != want {
				t.Errorf("standings.csv players of pair 1: %q, want %q", row[5], want)
			}
		}
	}
	if !seen {
		t.Error("standings.csv has no row of pair 1")
	}
	lines := rows("/travelers.csv")
	for _, row := range lines {
		want := "-420"
		if row[3] == "EW" || row[3] == "All" || row[3] == "Both" {
			want = "-620"
		}
		if row[12] != want {
			t.Errorf("travelers.csv board %s (%s vulnerable): ns_score %q, want %s", row[1], row[3], row[12], want)
		}
	}
}
