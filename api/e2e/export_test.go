package e2e

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestExportEndpoints downloads an event's workbook and CSVs through the
// API and reads them back. The event: a 3-table Mitchell with board 1
// played twice, 4S making +420 and 4S one down −50 (none vulnerable, Law
// 77), matchpointed 2 and 0 and scaled by Neuberg to the movement's 3 plays:
// (2+1)·3/2−1 = 3.5 for NS 1 and 0.5 for NS 3 (EW 1: 0.5, EW 2: 3.5).
func TestExportEndpoints(t *testing.T) {
	e := newEnv(t)
	m, err := tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	d, err := e.svc.ImportEvent(context.Background(), tournament.Director, tournament.EventData{
		Event: tournament.Event{Name: "Export", Date: "2026-11-24", Law: scoring.Contract2017, Scoring: tournament.MethodMP},
		Sections: []tournament.SectionData{{
			Section: tournament.Section{Name: "A", Spec: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}, Movement: m},
			Pairs:   []tournament.Pair{{Number: "1", Direction: "NS", Players: []tournament.Player{{Name: "Ann"}, {Name: "Bob"}}}},
			Results: []tournament.Result{
				{Board: 1, Round: 1, Table: 1, Contract: "4S", Declarer: "N", Tricks: 10},
				{Board: 1, Round: 2, Table: 3, Contract: "4S", Declarer: "N", Tricks: 9},
			},
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	base := "/v1/events/" + id(d.Event.ID)

	r := e.do("GET", base+"/report.xlsx", directorToken, nil)
	if r.Status != 200 || !strings.Contains(r.Header.Get("Content-Disposition"), "report.xlsx") {
		t.Fatalf("report.xlsx: %d %q", r.Status, r.Header.Get("Content-Disposition"))
	}
	f, err := excelize.OpenReader(bytes.NewReader(r.Body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sheets := strings.Join(f.GetSheetList(), ",")
	for _, want := range []string{"Standings", "Travelers", "Scorecards", "Frequencies", "Royalton report"} {
		if !strings.Contains(sheets, want) {
			t.Errorf("sheets %s: no %s", sheets, want)
		}
	}
	rows, err := f.GetRows("Standings")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, row := range rows {
		line := strings.Join(row, "|")
		if strings.Contains(line, "Ann") {
			found = strings.Contains(line, "3.5")
			if !found {
				t.Errorf("pair NS 1's row %q: want a total of 3.5", line)
			}
		}
	}
	if !found {
		t.Errorf("no standings row for NS 1 (Ann): %v", rows)
	}

	csv := e.do("GET", base+"/standings.csv", directorToken, nil)
	if csv.Status != 200 || !strings.HasPrefix(csv.Header.Get("Content-Type"), "text/csv") || !strings.Contains(string(csv.Body), "Ann") {
		t.Errorf("standings.csv: %d %q\n%s", csv.Status, csv.Header.Get("Content-Type"), csv.Body)
	}
	tr := e.do("GET", base+"/travelers.csv", directorToken, nil)
	if tr.Status != 200 || !strings.Contains(string(tr.Body), "420") || !strings.Contains(string(tr.Body), "-50") {
		t.Errorf("travelers.csv: %d\n%s", tr.Status, tr.Body)
	}
	// The event is not published: no file without a token; a missing event is 404.
	e.wantError(401, "Authorization", "GET", base+"/report.xlsx", "", nil)
	e.wantError(404, "", "GET", "/v1/events/999999/standings.csv", directorToken, nil)
}
