package e2e

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestAPITeamArtificialAndIMPPenalty: Law 12C2(a) at IMP_TEAMS ("In IMP
// play, the equivalents are plus 3 IMPs and minus 3 IMPs") and a
// procedural penalty in IMPs on a team, through the API, as
// tournament.TestTeamArtificialIMPs and TestTeamIMPPenalty work them. A
// round robin of 4 teams, 2 boards a round, the director's VP table 1, 2,
// …, 10 (a margin of m IMPs wins 10 + min(m, 10) of 20). Round 1, match 1
// (team 4 NS at table 1, team 1 NS at table 2): board 1 4♠= +420 in both
// rooms, 0 IMPs; board 2 an artificial 60/40 at table 1 (team 4 not at
// fault: +3; team 1 −3). Team 4 by 3: 13–7 VPs (before, the board was left
// out of the match: 10–10). A penalty of 2 IMPs on team 4 on board 1 comes
// off its margin before conversion: 11 VPs, 2 VPs off; team 1 keeps 7.
// Without a board it is refused, 422 on "board".
func TestAPITeamArtificialAndIMPPenalty(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, map[string]any{
		"name": "Teams law", "date": "2026-11-27", "law": "contract-2017", "scoring": "IMP_TEAMS"})
	var sec api.SectionResponse
	e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken, map[string]any{"name": "T",
		"movement": map[string]any{"kind": "teams", "teams": 4, "boards_per_round": 2, "vp_scale": "table", "vp_table": []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}})
	sid := id(sec.ID)
	for _, r := range []map[string]any{
		{"board": 1, "round": 1, "table": 1, "contract": "4S", "declarer": "N", "tricks": 10},
		{"board": 1, "round": 1, "table": 2, "contract": "4S", "declarer": "N", "tricks": 10},
		{"board": 2, "round": 1, "table": 1, "status": "artificial", "ns_percent": 60, "ew_percent": 40},
		{"board": 2, "round": 1, "table": 2, "contract": "2S", "declarer": "N", "tricks": 8},
	} {
		e.want(201, nil, "POST", "/v1/sections/"+sid+"/results", directorToken, r)
	}
	teams := func() map[string]api.StandingResponse {
		t.Helper()
		var st api.StandingsResponse
		e.want(200, &st, "GET", "/v1/sections/"+sid+"/standings", directorToken, nil)
		out := map[string]api.StandingResponse{}
		for _, s := range st.Pairs {
			out[s.Number] = s
		}
		return out
	}
	if st := teams(); st["4"].Total != 13 || st["1"].Total != 7 {
		t.Fatalf("team 4 %v, team 1 %v VPs; want 13 and 7", st["4"].Total, st["1"].Total)
	}
	er := e.wantError(422, "board", "POST", "/v1/sections/"+sid+"/penalties", directorToken,
		`{"number": "4", "amount": 2, "unit": "imp", "reason": "slow play"}`)
	if !strings.Contains(er.Error, "before it is converted to VPs") {
		t.Errorf("no board: %q", er.Error)
	}
	if st := teams(); st["4"].Total != 13 || st["4"].Penalty != nil {
		t.Fatalf("after the refusal team 4 %+v, want 13 VPs and no penalty", st["4"])
	}
	e.want(201, nil, "POST", "/v1/sections/"+sid+"/penalties", directorToken,
		`{"number": "4", "amount": 2, "unit": "imp", "reason": "slow play", "board": 1}`)
	st := teams()
	if st["4"].Total != 11 || st["4"].Penalty == nil || *st["4"].Penalty != 2 || len(st["4"].Penalties) != 1 || st["1"].Total != 7 {
		t.Errorf("team 4 %+v, team 1 %v; want 11 VPs with 2 off, team 1 7", st["4"], st["1"].Total)
	}
}
