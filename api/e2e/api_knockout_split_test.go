package e2e

import (
	"fmt"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestAPIKnockoutSplitScore: Law 86B through the API (the Law and the
// arithmetic are in tournament's team_split_test.go). A knockout of one
// segment of 2 boards: on board 1 (none vulnerable) the director assigns
// room 1 (team 1 NS) NS +420 and EW −450 (ew_assigned NS 450); team 2's
// NS pair made 4♠ in room 2, +420. Team 1's own board is 0 IMPs, team 2's
// own −30, −1 IMP: each is given the average, ½ IMP to team 1. Board 2 is
// flat. Before, the split score was refused at teams (422 on ew_assigned).
func TestAPIKnockoutSplitScore(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "KO split", "date": "2026-11-28", "law": "contract-2017", "scoring": "IMP_TEAMS"}`)
	var sec api.SectionResponse
	e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "K", "movement": {"kind": "knockout", "rounds": 1, "boards_per_round": 2}}`)
	b := e.build()
	domain, err := e.svc.Section(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	b.Rosters(domain)
	b.Deal(domain, tournamenttest.OneSuitDeal)
	domain = b.Round(domain, 1)
	b.Play(domain, 1, 2, 1, "4S", "N", 10)
	b.Play(domain, 1, 1, 2, "1S", "N", 7)
	b.Play(domain, 1, 2, 2, "1S", "N", 7)
	s := "/v1/sections/" + id(sec.ID)
	e.want(201, nil, "POST", s+"/results", directorToken, map[string]any{"board": 1, "round": 1, "table": 1, "status": "assigned",
		"assigned": []any{map[string]any{"ns_score": 420, "weight": 1}}, "ew_assigned": []any{map[string]any{"ns_score": 450, "weight": 1}}})
	var km api.KnockoutResponse
	e.want(200, &km, "GET", s+"/knockout", directorToken, nil)
	if len(km.Segments) != 1 || fmt.Sprint(km.Segments[0].IMPs) != "[0.5 0]" || km.Teams[0].Total != 0.5 || km.Teams[1].Total != 0 || km.Winner != 1 {
		t.Errorf("knockout: %+v, want segment IMPs [0.5 0], team 1 winning by ½", km)
	}
	// A procedural penalty of 1 IMP on team 1 (board 2, mobile phone):
	// ½ − 1 = −½ to 0, team 2 wins (tournament's TestKnockoutIMPPenalty).
	// Refused first: VPs (a knockout is won on IMPs), no board.
	e.wantError(422, "unit", "POST", s+"/penalties", directorToken, `{"number": "1", "amount": 1, "unit": "vp", "reason": "mobile phone", "board": 2}`)
	e.wantError(422, "board", "POST", s+"/penalties", directorToken, `{"number": "1", "amount": 1, "unit": "imp", "reason": "mobile phone"}`)
	e.want(201, nil, "POST", s+"/penalties", directorToken, `{"number": "1", "amount": 1, "unit": "imp", "reason": "mobile phone", "board": 2}`)
	e.want(200, &km, "GET", s+"/knockout", directorToken, nil)
	if fmt.Sprint(km.Segments[0].Penalty) != "[1 0]" || km.Teams[0].Total != -0.5 || km.Teams[1].Total != 0 || km.Winner != 2 {
		t.Errorf("knockout after the penalty: %+v, want team 1 on −½ and team 2 winning", km)
	}
}
