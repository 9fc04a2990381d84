package e2e

// Issue 26 §2 through the API: a procedural penalty (WBF Laws 2017, Law
// 90) and a director's points on a line, on the worked Mitchell
// (enterWorked; EBU matchpoints, 3 tables, a top of 2(3−1) = 4 a board,
// each pair 3 boards: 12 possible).
//
// NS 2 has 7.5 of 12 = 62.50 % and leads NS. The EBU's standard penalty,
// 25 % of a top (the EBU forum's worked example:
// https://www.ebu.co.uk/forum/discussion/712/procedural-penalties), is
// 0.25 × 4 = 1 matchpoint: NS 2 is left 6.5 of 12 = 54.17 %, behind NS 1
// (7.4, 61.67 %), ahead of NS 3 (3.5, 29.17 %).
//
// Board 1's traveler: 4S making 10 at round 1 table 1 and round 2 table 3
// (420 each), 4S one down at round 3 table 2 (−50): NS 3, 3, 0 (a 420 beats
// −50 and ties the other 420: 2 + 1), EW 1, 1, 4.

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/traveler-bridge/traveler/api"
)

func TestAPIPenalty(t *testing.T) {
	e := newEnv(t)
	sec, _ := gradedMitchell(e, "Penalties at the club")
	enterWorked(e, sec)
	sid, base := id(sec.ID), "/v1/events/"+id(sec.EventID)

	ns2 := func() api.StandingResponse {
		t.Helper()
		var st api.StandingsResponse
		e.want(200, &st, "GET", "/v1/sections/"+sid+"/standings", directorToken, nil)
		for _, p := range st.Pairs {
			if p.Number == "2" && p.Direction == "NS" {
				return p
			}
		}
		t.Fatal("no NS 2 in the standings")
		return api.StandingResponse{}
	}
	if p := ns2(); p.Total != 7.5 || p.Percentage != 62.5 || p.Place != "1" || p.Penalty != nil {
		t.Fatalf("NS 2 before: %+v, want 7.5, 62.50 %%, 1st, no penalty", p)
	}

	// Refused, each naming its field and what is allowed.
	for _, c := range []struct{ body, field, says string }{
		{`{"number": "7", "direction": "NS", "amount": 25, "unit": "percent_top", "reason": "slow play"}`, "number", "pair 7 NS is not in section A"},
		{`{"number": "2", "direction": "NS", "amount": -1, "unit": "percent_top", "reason": "slow play"}`, "amount", "more than 0"},
		{`{"number": "2", "direction": "NS", "amount": 500, "unit": "percent_top", "reason": "slow play"}`, "amount", "at most 100"},
		{`{"number": "2", "direction": "NS", "amount": 3, "unit": "points", "reason": "slow play"}`, "unit", `"points" is not a unit`},
	} {
		er := e.wantError(422, c.field, "POST", "/v1/sections/"+sid+"/penalties", directorToken, c.body)
		if !strings.Contains(er.Error, c.says) || len(er.Allowed) == 0 && c.field != "amount" {
			t.Errorf("%s: %q allowed %v, want it to say %q and what is allowed", c.body, er.Error, er.Allowed, c.says)
		}
	}

	var pen api.PenaltyResponse
	e.want(201, &pen, "POST", "/v1/sections/"+sid+"/penalties", directorToken,
		`{"number": "2", "direction": "NS", "amount": 25, "unit": "percent_top", "reason": "slow play", "board": 2}`)
	p := ns2()
	if p.Total != 6.5 || p.Percentage != 54.17 || p.Place != "2" || p.Penalty == nil || *p.Penalty != 1 || len(p.Penalties) != 1 || p.Penalties[0].Reason != "slow play" {
		t.Fatalf("NS 2 after 25 %% of a top: %+v, want 6.5, 54.17 %%, 2nd, 1 off for slow play", p)
	}
	var list []api.PenaltyResponse
	e.want(200, &list, "GET", "/v1/sections/"+sid+"/penalties", "", nil) // a published event: anyone
	if len(list) != 1 || list[0].ID != pen.ID || list[0].Board != 2 || list[0].GivenBy == "" {
		t.Errorf("the penalties: %+v", list)
	}

	// In the files and the changes.
	csv := string(e.want(200, nil, "GET", base+"/standings.csv", directorToken, nil).Body)
	if !strings.Contains(csv, ",penalty,penalty_reasons\n") || !strings.Contains(csv, "A,NS,2,2,,NS 2 first & NS 2 second,2001 & 2002,6.50,54.17,3,1.00,\"25% of a top, slow play (board 2)\"\n") {
		t.Errorf("standings.csv does not carry the penalty:\n%s", csv)
	}
	f, err := excelize.OpenReader(bytes.NewReader(e.want(200, nil, "GET", base+"/report.xlsx", directorToken, nil).Body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cards, err := f.GetRows("Scorecards")
	if err != nil {
		t.Fatal(err)
	}
	var penaltyRow string
	for _, row := range cards {
		if len(row) > 0 && row[0] == "Penalty" {
			penaltyRow = strings.Join(row, "|")
		}
	}
	if penaltyRow != "Penalty||25% of a top, slow play (board 2)|||||-1.00|6.50" { // 7.5 on the boards, 1 off
		t.Errorf("the workbook's score card penalty row: %q", penaltyRow)
	}
	xml := string(e.want(200, nil, "GET", base+"/usebio.xml?section="+sid, directorToken, nil).Body)
	if !strings.Contains(xml, "procedural penalties (Law 90) are taken off TOTAL_SCORE") || !strings.Contains(xml, "2 NS: 25% of a top, slow play (board 2)") || !strings.Contains(xml, "<TOTAL_SCORE>6.50</TOTAL_SCORE>") {
		t.Errorf("usebio.xml does not say the penalty")
	}
	pbn := string(e.want(200, nil, "GET", base+"/results.pbn", directorToken, nil).Body)
	if !strings.Contains(pbn, `;Penalty\6R`) {
		t.Errorf("results.pbn's TotalScoreTable has no Penalty column")
	}
	changes := string(e.want(200, nil, "GET", base+"/changes", directorToken, nil).Body)
	if !strings.Contains(changes, "2 NS: 25% of a top, slow play (board 2)") { // the pages' words (tournament.Penalty.Words)
		t.Errorf("the changes do not keep the penalty: %s", changes)
	}

	// Lifted: the total is given back.
	e.want(204, nil, "DELETE", "/v1/sections/"+sid+"/penalties/"+id(pen.ID), directorToken, nil)
	if p := ns2(); p.Total != 7.5 || p.Place != "1" || p.Penalty != nil {
		t.Fatalf("NS 2 after the lift: %+v, want 7.5, 1st", p)
	}
	e.wantError(404, "penalty", "DELETE", "/v1/sections/"+sid+"/penalties/"+id(pen.ID), directorToken, nil)
}

// TestAPICorrection: the director sets round 3 table 2's NS points on board
// 1 to 1 (the traveler's 0); the line shows 1|4, flagged, the other lines
// 3|1 as before.
func TestAPICorrection(t *testing.T) {
	e := newEnv(t)
	sec, _ := gradedMitchell(e, "A corrected matchpoint")
	enterWorked(e, sec)
	sid := id(sec.ID)
	points := func() string {
		t.Helper()
		var tr api.TravelerResponse
		e.want(200, &tr, "GET", "/v1/sections/"+sid+"/travelers/1", directorToken, nil)
		var s []string
		for _, l := range tr.Lines {
			mark := ""
			for _, c := range l.Corrected {
				mark += " " + c.Side + " set: " + c.Reason
			}
			s = append(s, id(int64(l.Round))+"/"+id(int64(l.Table))+" "+ftoa(l.NSPoints)+"|"+ftoa(l.EWPoints)+mark)
		}
		return strings.Join(s, ", ")
	}
	if got, want := points(), "1/1 3|1, 2/3 3|1, 3/2 0|4"; got != want {
		t.Fatalf("board 1: %s, want %s", got, want)
	}
	e.wantError(422, "table", "PUT", "/v1/sections/"+sid+"/boards/1/corrections", directorToken, `{"round": 3, "table": 1, "side": "NS", "points": 1, "reason": "ruling"}`)
	e.wantError(422, "side", "PUT", "/v1/sections/"+sid+"/boards/1/corrections", directorToken, `{"round": 3, "table": 2, "side": "N", "points": 1, "reason": "ruling"}`)
	e.want(200, nil, "PUT", "/v1/sections/"+sid+"/boards/1/corrections", directorToken, `{"round": 3, "table": 2, "side": "NS", "points": 1, "reason": "ruling"}`)
	if got, want := points(), "1/1 3|1, 2/3 3|1, 3/2 1|4 NS set: ruling"; got != want {
		t.Fatalf("board 1 corrected: %s, want %s", got, want)
	}
	e.want(204, nil, "DELETE", "/v1/sections/"+sid+"/boards/1/corrections?round=3&table=2&side=NS", directorToken, nil)
	if got, want := points(), "1/1 3|1, 2/3 3|1, 3/2 0|4"; got != want {
		t.Fatalf("board 1 lifted: %s, want %s", got, want)
	}
}
