package e2e

// Issue 25 §1, teams scored board-a-match, Patton or by aggregate: an
// event set up through the API under BAM_TEAMS, round 1 of a round robin of
// 4 teams played (2 boards a match), its standings read through the API
// and on the public page at phone size.
//
// Round 1 (Teams(4, 2)): match 1 team 4 (NS at table 1) v team 1 (NS at
// table 2), match 2 team 3 (table 3) v team 2 (table 4). Board 1 nobody
// vulnerable, board 2 NS vulnerable:
//
//	match 1  board 1  4♠ N = +420 in both rooms      a tie        0 IMPs
//	         board 2  3NT N = +600 v 2♠ N = +110     4 wins       490: 10 IMPs (430–490)
//	match 2  board 1  1NT N +1 +120 v 2♠ N = +110    3 wins       10: 0 IMPs
//	         board 2  4♥ N −1 −100 v 3♥ N = +140     2 wins       240: 6 IMPs (220–260)
//
// Board-a-match (ACBL Handbook, "Types of team events": 1 point to the best
// raw score, ½ each on a tie): 4 1½, 1 ½, 3 1, 2 1. Places 4, 2= and 3=, 1.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserTeamMethods: the API sets up a BAM_TEAMS event (and refuses a
// pairs section in it, and PATTON_TEAMS for an event of pairs, naming the
// field), its standings carry each match with IMPs each way and board
// points, and the public page on a phone heads them "Points".
func TestBrowserTeamMethods(t *testing.T) {
	e := newEnv(t, withBrowser())
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "Board-a-match teams", "date": "2026-11-27", "law": "contract-2017", "scoring": "BAM_TEAMS", "published": true}`)
	secs := "/v1/events/" + id(ev.ID) + "/sections"
	er := e.wantError(422, "movement.kind", "POST", secs, directorToken, `{"name": "P", "movement": {"kind": "mitchell", "tables": 4, "boards_per_round": 2}}`)
	if !strings.Contains(er.Error, "BAM_TEAMS") {
		t.Errorf("a pairs section in a BAM_TEAMS event: %+v", er)
	}
	var pairsEv api.EventResponse
	e.want(201, &pairsEv, "POST", "/v1/events", directorToken, `{"name": "Pairs", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP"}`)
	e.want(201, nil, "POST", "/v1/events/"+id(pairsEv.ID)+"/sections", directorToken, `{"name": "A", "movement": {"kind": "mitchell", "tables": 4, "boards_per_round": 2}}`)
	er = e.wantError(422, "scoring", "PATCH", "/v1/events/"+id(pairsEv.ID), directorToken, `{"scoring": "PATTON_TEAMS"}`)
	if !strings.Contains(er.Error, "section A") || !strings.Contains(fmt.Sprint(er.Allowed), "MP_ACBL") {
		t.Errorf("PATTON_TEAMS for a pairs event: %+v", er)
	}

	var sr api.SectionResponse
	e.want(201, &sr, "POST", secs, directorToken, `{"name": "A", "movement": {"kind": "teams", "teams": 4, "boards_per_round": 2}}`)
	bl := e.build()
	sec, err := e.svc.Section(bl.Ctx, tournament.Director, sr.ID)
	if err != nil {
		t.Fatal(err)
	}
	bl.Rosters(sec)
	for _, p := range []struct {
		table, board int
		contract     string
		tricks       int
	}{{1, 1, "4S", 10}, {2, 1, "4S", 10}, {1, 2, "3NT", 9}, {2, 2, "2S", 8}, {3, 1, "1NT", 8}, {4, 1, "2S", 8}, {3, 2, "4H", 9}, {4, 2, "3H", 9}} {
		bl.Play(sec, 1, p.table, p.board, p.contract, "N", p.tricks)
	}

	var st api.StandingsResponse
	e.want(200, &st, "GET", "/v1/sections/"+id(sec.ID)+"/standings", directorToken, nil)
	if st.Method != "BAM_TEAMS" || st.Points != "board points" || len(st.Matches) < 2 {
		t.Fatalf("standings: method %s, points %q, %d matches", st.Method, st.Points, len(st.Matches))
	}
	var got []string
	for _, m := range st.Matches[:2] {
		got = append(got, fmt.Sprintf("%dv%d %d-%d %g-%g /%d", m.Home, m.Away, m.HomeIMPs, m.AwayIMPs, m.HomePoints, m.AwayPoints, m.Boards))
	}
	if w := "[4v1 10-0 1.5-0.5 /2 3v2 0-6 1-1 /2]"; fmt.Sprint(got) != w {
		t.Errorf("matches %v, want %s", got, w)
	}
	got = nil
	for _, p := range st.Pairs {
		got = append(got, fmt.Sprintf("%s %s %g %d", p.Place, p.Number, p.Total, *p.IMPs))
	}
	if w := "[1 4 1.5 10 2 2 1 6 2 3 1 -6 4 1 0.5 -10]"; fmt.Sprint(got) != w {
		t.Errorf("standings %v, want %s", got, w)
	}

	p := e.phone("public")
	p.open(fmt.Sprintf("/sections/%d/standings", sec.ID))
	p.noError("open the board-a-match standings")
	p.shot("board-a-match public table")
	heads := eval[[]string](p, "read the heads", `[...document.querySelectorAll("#teams-table thead th")].map(th => th.textContent.trim())`)
	if fmt.Sprint(heads) != "[Place Team Points IMPs Pl]" {
		t.Errorf("the teams table's heads: %v", heads)
	}
	rows := eval[[]string](p, "read the table", `[...document.querySelectorAll("#teams-table tbody tr")].map(tr => tr.dataset.team + " " + tr.querySelector(".place").textContent.trim() + " " + tr.querySelector(".vps").textContent.trim())`)
	if w := "[4 1 1.50 2 2= 1.00 3 2= 1.00 1 4 0.50]"; fmt.Sprint(rows) != w {
		t.Errorf("the teams table %v, want %s", rows, w)
	}
	if how := p.text("#scored-how"); !strings.Contains(how, "Board-a-match") {
		t.Errorf("the page says it is scored %q", how)
	}
	checkFitsPhone(t, p, "the board-a-match table")
}
