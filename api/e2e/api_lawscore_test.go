package e2e

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
)

// TestAPISplitScore: a split assigned score (WBF Laws 2017, Law 12C1(b))
// through the API. The fixture's 3-table Mitchell (2 boards a round) plays
// board 2 at round 1 table 1, round 2 table 3 and round 3 table 2; board 2
// is NS vulnerable (Law 77): 4S by N making 10 is +620, making 11 +650. The
// director gives round 3 NS +620 and EW −650 (ew_assigned: NS 650). EBU
// matchpoints, top 4: the split line's NS ties 620 and loses to 650: 1; its
// EW, at 650, beats 620 and ties 650: 3 for NS, so EW 4 − 3 = 1 (as
// tournament.TestSplitScoreMatchpoints works out by hand).
//
// Board 1 (none vulnerable): 4S by E making 10 at two tables (−420), 4S by
// N making 10 at round 3 (+420): the director's traveler flags it
// ("direction": by E it would be −420).
func TestAPISplitScore(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Split", false)
	results := "/v1/sections/" + id(f.Section.ID) + "/results"
	e.want(201, nil, "POST", results, directorToken, []any{
		f.Line(1, 1, 2, "4S", "N", 10), f.Line(2, 3, 2, "4S", "N", 11),
		f.Line(1, 1, 1, "4S", "E", 10), f.Line(2, 3, 1, "4S", "E", 10), f.Line(3, 2, 1, "4S", "N", 10)})
	split := func(ew any) map[string]any {
		return map[string]any{"board": 2, "round": 3, "table": 2, "status": "assigned",
			"assigned": []any{map[string]any{"ns_score": 620, "weight": 1}}, "ew_assigned": ew}
	}
	// Refused, naming the field: EW's shares adding up to 90 %, a score no
	// contract makes (Law 77 scores are multiples of 10), EW's own score on
	// an artificial score.
	e.wantError(422, "ew_assigned", "POST", results, directorToken, split([]any{map[string]any{"ns_score": 650, "weight": 0.6}, map[string]any{"ns_score": 620, "weight": 0.3}}))
	e.wantError(422, "ew_assigned[0].ns_score", "POST", results, directorToken, split([]any{map[string]any{"ns_score": 655, "weight": 1}}))
	e.wantError(422, "ew_assigned", "POST", results, directorToken, map[string]any{"board": 2, "round": 3, "table": 2, "status": "artificial", "ns_percent": 60, "ew_percent": 40,
		"ew_assigned": []any{map[string]any{"ns_score": 650, "weight": 1}}})

	var stored dto.ResultResponse
	e.want(201, &stored, "POST", results, directorToken, split([]any{map[string]any{"ns_score": 650, "weight": 1}}))
	if stored.NSScore != 620 || stored.EWScore == nil || *stored.EWScore != 650 || len(stored.EWAssigned) != 1 {
		t.Errorf("stored split score: ns_score %d, ew_score %v, ew_assigned %+v; want 620, 650 and EW's part", stored.NSScore, stored.EWScore, stored.EWAssigned)
	}
	var tr api.TravelerResponse
	e.want(200, &tr, "GET", "/v1/sections/"+id(f.Section.ID)+"/travelers/2", directorToken, nil)
	for _, l := range tr.Lines {
		want := map[int][2]float64{1: {1, 4}, 2: {4, 1}, 3: {1, 1}}[l.Round]
		if l.NSPoints != want[0] || l.EWPoints != want[1] {
			t.Errorf("board 2 round %d: points %v and %v, want %v", l.Round, l.NSPoints, l.EWPoints, want)
		}
	}
	var audit []api.AuditResponse
	e.want(200, &audit, "GET", "/v1/results/"+id(stored.ID)+"/audit", directorToken, nil)
	if len(audit) != 1 || audit[0].After == nil || len(audit[0].After.EWAssigned) != 1 || audit[0].After.EWAssigned[0].NSScore != 650 {
		t.Errorf("audit %+v, want the insert with EW's own score", audit)
	}

	e.want(200, &tr, "GET", "/v1/sections/"+id(f.Section.ID)+"/travelers/1", directorToken, nil)
	flagged := 0
	for _, l := range tr.Lines {
		if l.Suspect != nil {
			flagged++
			if l.Round != 3 || l.Suspect.Kind != "direction" {
				t.Errorf("round %d flagged %+v, want round 3's 4S by N as direction", l.Round, *l.Suspect)
			}
		}
	}
	if flagged != 1 {
		t.Errorf("%d lines of board 1 flagged, want 1", flagged)
	}

	// Law 12C2: the event's option, a law option of contract-2017.
	e.wantError(400, "law_options.average_session", "PATCH", "/v1/events/"+id(f.Event.ID), directorToken, `{"law_options": {"average_session": "yes"}}`)
	var ev api.EventResponse
	e.want(200, &ev, "PATCH", "/v1/events/"+id(f.Event.ID), directorToken, `{"law_options": {"average_session": true}}`)
	if ev.LawOptions["average_session"] != true {
		t.Errorf("law_options %v, want average_session true", ev.LawOptions)
	}

	// Issue 28: par played by the first of the side to name the strain, a
	// yes/no law option of contract-2017 (not a choice of words), on by
	// default; off, par is DDS's published par.
	if ev.LawOptions["par_first_to_name"] != true {
		t.Errorf("law_options %v, want par_first_to_name true by default", ev.LawOptions)
	}
	bad := e.wantError(400, "law_options.par_first_to_name", "PATCH", "/v1/events/"+id(f.Event.ID), directorToken, `{"law_options": {"par_first_to_name": "auction"}}`)
	if !strings.Contains(bad.Error, "true or false") {
		t.Errorf("par_first_to_name \"auction\" refused with %q, want it to say true or false", bad.Error)
	}
	e.want(200, &ev, "PATCH", "/v1/events/"+id(f.Event.ID), directorToken, `{"law_options": {"par_first_to_name": false}}`)
	if ev.LawOptions["par_first_to_name"] != false || ev.LawOptions["average_session"] != true {
		t.Errorf("law_options %v, want par_first_to_name false and average_session still true", ev.LawOptions)
	}
}
