package e2e

import (
	"fmt"
	"strings"
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
	_, sec := knockoutWithSplitScore(t, e, "KO split")
	s := "/v1/sections/" + id(sec.ID)
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
	// The standings' net IMPs are the margin on the boards after the
	// penalty, the half kept: team 2 0 − (½ − 1) = +½, team 1 −½ — not
	// the margin before it rounded away from 0 (team 2 −1 beside its 0.00).
	var st api.StandingsResponse
	e.want(200, &st, "GET", s+"/standings", directorToken, nil)
	if len(st.Pairs) != 2 || st.Pairs[0].Number != "2" || st.Pairs[0].NetIMPs == nil || *st.Pairs[0].NetIMPs != 0.5 ||
		st.Pairs[1].NetIMPs == nil || *st.Pairs[1].NetIMPs != -0.5 {
		t.Errorf("standings: %+v; want team 2 first with net IMPs 0.5, team 1 -0.5", st.Pairs)
	}
}

// TestBrowserKnockoutPenalty: the knockout of TestAPIKnockoutSplitScore on
// phones. The director, on the section page, is refused a 1-IMP penalty
// without a board (the board marked), then gives team 1 1 IMP for a mobile
// phone on board 2; the public's standings show the segment's IMPs ½ and
// 0 (Law 86B's average of the split board) and the running score −0.5 to
// 0 after the penalty.
func TestBrowserKnockoutPenalty(t *testing.T) {
	e := newEnv(t, withBrowser())
	ev, sec := knockoutWithSplitScore(t, e, "KO penalty")
	e.want(200, nil, "PATCH", "/v1/events/"+id(ev.ID), directorToken, `{"published": true}`)

	d := e.phone("director")
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")
	d.open(fmt.Sprintf("/director/sections/%d", sec.ID))
	d.fill("#penalty-number", "1")
	d.fill("#penalty-amount", "1")
	d.fill("#penalty-unit", "imp")
	d.fill("#penalty-reason", "mobile phone")
	d.submit("#give-penalty")
	if msg := d.pageError(); !strings.Contains(msg, "name a board") {
		t.Errorf("no board: the page says %q", msg)
	}
	d.fill("#penalty-board", "2")
	d.submit("#give-penalty")
	d.noError("give the penalty")
	if got := d.text("#penalties"); !strings.Contains(got, "mobile phone (board 2)") {
		t.Errorf("the section's penalties: %q", got)
	}
	d.shot("knockout penalty given")
	checkFitsPhone(t, d, "the knockout section page with a penalty")

	p := e.phone("public")
	p.open(fmt.Sprintf("/sections/%d/standings", sec.ID))
	p.noError("open the standings")
	row := eval[string](p, "read segment 1", `[...document.querySelectorAll('tr[data-segment="1"] td')].map(td => td.textContent.trim()).join(" | ")`)
	if row != "0.5 | 0 | -0.5–0" {
		t.Errorf("segment 1 on the public page: %q, want IMPs 0.5 and 0, running −0.5 to 0", row)
	}
	if got := p.text(".penalty-notes"); !strings.Contains(got, "mobile phone (board 2)") {
		t.Errorf("the penalty note under the standings: %q", got)
	}
	// The teams table: the winner, team 2, on 0.00 with the carry-over and
	// net +0.5 on the boards after team 1's penalty (0 − (½ − 1)); team 1
	// −0.5 (signed, a minus sign). Before, the column showed −1: team 2's margin before the
	// penalty, −½ rounded away from 0.
	teams := eval[string](p, "read the teams table", `[...document.querySelectorAll('#teams-table tbody tr')].map(tr => tr.dataset.team + " " + tr.querySelector('.total-imps').textContent.trim() + " " + tr.querySelector('.imps').textContent.trim()).join("; ")`)
	if teams != "2 0.00 +0.5; 1 -0.50 −0.5" {
		t.Errorf("the teams table: %q, want \"2 0.00 +0.5; 1 -0.50 −0.5\"", teams)
	}
	if head := p.text("#teams-table thead"); !strings.Contains(head, "Net IMPs after penalties") {
		t.Errorf("the teams table's heading %q does not say the net IMPs are after penalties", head)
	}
	p.shot("knockout standings after a split score and a penalty")
	checkFitsPhone(t, p, "the knockout standings")
}

// knockoutWithSplitScore makes the knockout of TestAPIKnockoutSplitScore
// through the API and the builder: one segment of 2 boards, board 1 given
// room 1's split score NS +420, EW −450, room 2's 4♠ +420, board 2 flat.
func knockoutWithSplitScore(t *testing.T, e *env, name string) (api.EventResponse, api.SectionResponse) {
	t.Helper()
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, fmt.Sprintf(`{"name": %q, "date": "2026-11-28", "law": "contract-2017", "scoring": "IMP_TEAMS"}`, name))
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
	e.want(201, nil, "POST", "/v1/sections/"+id(sec.ID)+"/results", directorToken, map[string]any{"board": 1, "round": 1, "table": 1, "status": "assigned",
		"assigned": []any{map[string]any{"ns_score": 420, "weight": 1}}, "ew_assigned": []any{map[string]any{"ns_score": 450, "weight": 1}}})
	return ev, sec
}
