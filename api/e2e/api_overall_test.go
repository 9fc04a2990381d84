package e2e

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// playField enters tournament's TestOverallAcrossTheField results in a
// 3-table Mitchell section (boards 1–3, one a round): board 1 as board1
// gives it (round, table, contract, declarer, tricks), boards 2 and 3 as
// that test's section A.
func playField(b *tournamenttest.Builder, sec tournament.Section, board1 [][5]any) {
	line := func(round, table, board int, contract, declarer string, tricks int) tournament.Result {
		return tournamenttest.Line(sec, round, table, board, contract, declarer, tricks)
	}
	var rs []tournament.Result
	for _, l := range board1 {
		rs = append(rs, line(l[0].(int), l[1].(int), 1, l[2].(string), l[3].(string), l[4].(int)))
	}
	rs = append(rs, line(1, 2, 2, "3NT", "S", 9), line(2, 1, 2, "3NT", "S", 8), line(3, 3, 2, "2S", "E", 8),
		line(1, 3, 3, "1NT", "W", 7), line(2, 2, 3, "PASS", "", 0),
		tournament.Result{Round: 3, Table: 1, Board: 3, Status: tournament.StatusArtificial, NSPercent: 60, EWPercent: 40})
	b.Enter(tournament.Director, sec, rs...)
}

// TestAPIOverallAcrossTheField: an event of two sections scored across the
// field through the API. The figures are tournament's
// TestOverallAcrossTheField, worked by hand there: board 1, played in both
// sections, gives +450 10, +420 6, +140 2, −50 0 (top 10 over 6 lines);
// overall NS: B 1 21 (70 %), B 2 19 (63.33 %), A 1 and A 2 17 (56.67 %),
// A 3 and B 3 9 (30 %) — with 60 % and 40 % as given. The event is new with
// default options, so Law 12C2's average plus is 60 % or the pair's
// percentage on its other boards if higher (law option average_session,
// artificial.go): B 1 (NS 1 of B, average plus on board 3) has 21 − 6 = 15
// of 20 = 75 % on its other boards, so 7.5 of the top 10, total 22.5
// (75 %); A 1 has 17 − 6 = 11 of 20 = 55 %, so keeps 60 % and 17. A's own
// standings show the field's matchpoints and change when a result is
// entered in B; within each section (the director's change) A's NS 1 has
// its own 7.5 (62.5 %: tournament's TestPairStandingsMitchell's 7.4 less
// the 2.4 of 60 % is 5.0 of 8 = 62.5 % on its other boards, so average plus
// 2.5). Bad options are refused naming the field, and nothing is changed.
func TestAPIOverallAcrossTheField(t *testing.T) {
	e := newEnv(t)
	e.wantError(422, "overall.field", "POST", "/v1/events", directorToken,
		`{"name": "Sim", "date": "2026-11-27", "law": "contract-2017", "scoring": "IMP_TEAMS", "overall": {"field": "field"}}`)
	e.wantError(422, "overall.carry_over", "POST", "/v1/events", directorToken,
		`{"name": "Sim", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP", "overall": {"method": "carryover", "carry_over": 150}}`)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken,
		`{"name": "Sim", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP", "overall": {"field": "field"}}`)
	if ev.Overall != (api.OverallOptionsBody{Field: "field", Method: "sum", SamePair: "players"}) {
		t.Fatalf("event's options: %+v", ev.Overall)
	}
	evPath := "/v1/events/" + id(ev.ID)
	b := e.build()
	var secs []tournament.Section
	for _, n := range []string{"A", "B"} {
		var sec api.SectionResponse
		e.want(201, &sec, "POST", evPath+"/sections", directorToken, `{"name": "`+n+`", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 1}}`)
		d, err := e.svc.Section(b.Ctx, tournament.Director, sec.ID)
		if err != nil {
			t.Fatal(err)
		}
		secs = append(secs, d)
	}
	playField(b, secs[0], [][5]any{{1, 1, "4S", "N", 10}, {2, 3, "4S", "N", 10}, {3, 2, "4S", "N", 9}})
	playField(b, secs[1], [][5]any{{2, 3, "4S", "N", 10}, {3, 2, "3S", "N", 9}}) // B's R1 T1 later

	ns1 := func() api.StandingResponse {
		var st api.StandingsResponse
		e.want(200, &st, "GET", "/v1/sections/"+id(secs[0].ID)+"/standings", directorToken, nil)
		for _, p := range st.Pairs {
			if p.Number == "1" && p.Direction == "NS" {
				return p
			}
		}
		t.Fatalf("no NS 1 in %+v", st)
		return api.StandingResponse{}
	}
	before := ns1()
	b.Enter(tournament.Director, secs[1], tournamenttest.Line(secs[1], 1, 1, 1, "4S", "N", 11))
	if after := ns1(); after.Total != 17 || after.Percentage != 56.67 || after.Total == before.Total {
		t.Errorf("A's NS 1 across the field: %v before B's +450, %+v after; want 17 (56.67 %%) after", before.Total, after)
	}

	var o api.OverallResponse
	e.want(200, &o, "GET", evPath+"/standings", directorToken, nil)
	var got []string
	for _, en := range o.Entries {
		if en.Direction == "NS" {
			s := en.Sessions[0]
			got = append(got, fmt.Sprint(s.Section, s.Number, " ", en.Total, " ", en.Percentage, " ", en.Place))
		}
	}
	if want := "B1 22.5 75 1, B2 19 63.33 2, A1 17 56.67 3, A2 17 56.67 3, A3 9 30 5, B3 9 30 5"; strings.Join(got, ", ") != want {
		t.Errorf("overall NS across the field:\n got %s\nwant %s", strings.Join(got, ", "), want)
	}
	if o.Options.Field != "field" || fmt.Sprint(o.Sessions) != "[1]" || o.Results != 18 {
		t.Errorf("overall: %+v", o)
	}

	// A's traveler of board 1 shows the field's matchpoints: top 10, +420 6, −50 0.
	board1 := func() string {
		var tr api.TravelerResponse
		e.want(200, &tr, "GET", "/v1/sections/"+id(secs[0].ID)+"/travelers/1", directorToken, nil)
		var lines []string
		for _, l := range tr.Lines {
			lines = append(lines, fmt.Sprint(l.NSScore, ":", l.NSPoints))
		}
		return fmt.Sprint("top ", tr.Top, " ", strings.Join(lines, " "))
	}
	if got := board1(); got != "top 10 420:6 420:6 -50:0" {
		t.Errorf("A's board 1 across the field: %s", got)
	}

	// The workbook's Overall sheet says the same: B 1 first among NS, 22.5.
	wb := e.want(200, nil, "GET", evPath+"/report.xlsx", directorToken, nil)
	f, err := excelize.OpenReader(bytes.NewReader(wb.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := f.GetRows("Overall")
	f.Close()
	if err != nil || len(rows) != 13 || strings.Join(rows[1], "|") != "1|NS||22.5|75|3|B 1 NS|22.5|75" {
		t.Errorf("the workbook's Overall sheet: %v, %q", err, rows)
	}

	// overall.csv: the same ranking, a row a pair; USEBIO holds one section
	// and its refusal says where the overall ranking is.
	oc := e.want(200, nil, "GET", evPath+"/overall.csv", directorToken, nil)
	rows, err = csv.NewReader(bytes.NewReader(oc.Body)).ReadAll()
	if err != nil || len(rows) != 13 || strings.Join(rows[0], ",") != "direction,place,players,name,total,percentage,boards,session_1_section,session_1_number,session_1_direction,session_1_points,session_1_percentage,session_1_boards" ||
		strings.Join(rows[1], ",") != "NS,1,,,22.50,75.00,3,B,1,NS,22.50,75.00,3" || strings.Join(rows[7], ",") != "EW,1,,,23.00,76.67,3,A,3,EW,23.00,76.67,3" {
		t.Errorf("overall.csv: %v %q", err, rows)
	}
	if er := e.wantError(422, "section", "GET", evPath+"/usebio.xml", directorToken, nil); !strings.Contains(er.Error, "overall ranking of every section and session is in overall.csv") {
		t.Errorf("USEBIO of two sections: %+v", er)
	}
	// PBN 2.1 has no table for a ranking over sections: the file says so
	// on a line its readers pass over, and names the files that have it.
	pbn := e.want(200, nil, "GET", evPath+"/results.pbn", directorToken, nil)
	if !strings.Contains(string(pbn.Body), "% traveler: this event's 2 sections are ranked together; PBN 2.1 has no table for that, each TotalScoreTable here ranks its own section: the overall ranking of every section and session is in overall.csv and the workbook, report.xlsx") {
		t.Errorf("the PBN file of two sections does not say where the overall ranking is:\n%.400s", pbn.Body)
	}
	// One section's file is scored across the field too: A's standings.csv
	// gives its NS 1 the field's 17, not its section's 7.5.
	sc := e.want(200, nil, "GET", evPath+"/standings.csv?section="+id(secs[0].ID), directorToken, nil)
	if !strings.Contains(string(sc.Body), "\nA,NS,1,1,,,,17.00,56.67,3\n") {
		t.Errorf("A's standings.csv across the field:\n%s", sc.Body)
	}

	e.wantError(422, "overall.same_pair", "PATCH", evPath, directorToken, `{"overall": {"same_pair": "seat"}}`)
	e.want(200, &ev, "GET", evPath, directorToken, nil)
	if ev.Overall.Field != "field" {
		t.Errorf("a refused change changed the options: %+v", ev.Overall)
	}
	e.want(200, nil, "PATCH", evPath, directorToken, `{"overall": {"field": "section"}}`)
	if p := ns1(); p.Total != 7.5 || p.Percentage != 62.5 {
		t.Errorf("A's NS 1 within its section: %+v, want 7.5 (62.5 %%)", p)
	}
	if got := board1(); got != "top 4 420:3 420:3 -50:0" {
		t.Errorf("A's board 1 within the section: %s", got)
	}
	// Not published: the public may not read it.
	e.want(401, nil, "GET", evPath+"/standings", "", nil)
}
