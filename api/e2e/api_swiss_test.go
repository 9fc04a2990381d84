package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestAPISwissTeams runs a Swiss of 8 teams over 3 rounds of 2 boards on
// the ACBL 20-VP scale through the API: the section made, round 1 by
// number (1 v 2, 3 v 4, 5 v 6, 7 v 8); round 2 refused before round 1's
// results; round 1 played (the home team wins every match by 35 IMPs,
// 20–0: 1, 3, 5, 7 on 20, the rest on 0); round 2 proposed as the rule
// says (1 v 3, 5 v 7, 2 v 4, 6 v 8); refused changes (a swap making the
// avoidable rematch 1 v 2, a team in two matches, a stale version) that
// leave the draft as it was; a swap; the tables unable to enter round 2
// until the release, and able after it.
func TestAPISwissTeams(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "Swiss", "date": "2026-11-27", "law": "contract-2017", "scoring": "IMP_TEAMS"}`)
	// A VP table that is not monotone is refused, naming its step.
	er := e.wantError(422, "movement.vp_table[3]", "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "S", "movement": {"kind": "swiss", "teams": 8, "rounds": 3, "boards_per_round": 2, "vp_scale": "table", "vp_table": [1, 3, 5, 4, 11, 14, 17, 20, 24, 28]}}`)
	if !strings.Contains(er.Error, "not monotone") {
		t.Errorf("not monotone: %+v", er)
	}
	var sec api.SectionResponse
	e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "S", "movement": {"kind": "swiss", "teams": 8, "rounds": 3, "boards_per_round": 2, "vp_scale": "acbl-20"}}`)
	if sec.Movement.VPScale != "acbl-20" || len(sec.Generated.Rounds) != 1 || sec.Generated.Boards != 6 {
		t.Fatalf("swiss section: %+v", sec)
	}
	if got := apiMatches(sec.Generated, 1); got != "1v2 3v4 5v6 7v8" {
		t.Errorf("round 1: %s, want 1v2 3v4 5v6 7v8", got)
	}
	s := "/v1/sections/" + id(sec.ID)
	b := e.build()
	domain, err := e.svc.Section(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	b.Rosters(domain)
	b.Deal(domain, tournamenttest.OneSuitDeal)
	tok := b.Tokens(domain)

	e.wantError(409, "force", "POST", s+"/swiss/pair", directorToken, `{}`)
	e.wantError(404, "draft", "GET", s+"/swiss/draft", directorToken, nil)
	for tb := 1; tb <= 8; tb++ {
		for bd := 1; bd <= 2; bd++ {
			line := map[string]any{"board": bd, "round": 1, "table": tb, "ns": "", "ew": ""}
			l := tournamenttest.Line(domain, 1, tb, bd, "7S", "N", 13)
			if tb%2 == 0 {
				l = tournamenttest.Line(domain, 1, tb, bd, "1S", "N", 7)
			}
			line["ns"], line["ew"], line["contract"], line["declarer"], line["tricks"] = l.NS, l.EW, l.Contract, l.Declarer, l.Tricks
			e.want(201, nil, "POST", s+"/results", tok[tb], line)
		}
	}
	var st map[string]any
	e.want(200, &st, "GET", s+"/standings", directorToken, nil)
	vps := map[string]any{}
	for _, p := range st["pairs"].([]any) {
		pm := p.(map[string]any)
		vps[fmt.Sprint(pm["number"])] = pm["total"]
	}
	if fmt.Sprint(vps) != "map[1:20 2:0 3:20 4:0 5:20 6:0 7:20 8:0]" {
		t.Errorf("VPs after round 1: %v (35 IMPs over 2 boards, the 6–8 row: 20–0)", vps)
	}

	var d api.SwissDraftResponse
	e.want(201, &d, "POST", s+"/swiss/pair", directorToken, `{}`)
	if draftWords(d) != "1v3 5v7 2v4 6v8" || d.Round != 2 || d.Version != 1 {
		t.Fatalf("draft of round 2: %+v, want 1v3 5v7 2v4 6v8", d)
	}
	// Not yet the tables': round 2 is in no movement, even for the director.
	e.wantError(422, "round", "POST", s+"/results", directorToken, map[string]any{"board": 3, "round": 2, "table": 1, "ns": "1", "ew": "6",
		"contract": "1S", "declarer": "N", "tricks": 7})

	er = e.wantError(422, "matches[0]", "POST", s+"/swiss/draft/swap", directorToken, `{"version": 1, "teams": [3, 2]}`)
	if !strings.Contains(er.Error, "rematch") {
		t.Errorf("rematch refused as %+v", er)
	}
	e.wantError(422, "matches[1].away", "PUT", s+"/swiss/draft", directorToken,
		`{"version": 1, "matches": [{"home": 1, "away": 3}, {"home": 5, "away": 1}, {"home": 2, "away": 4}, {"home": 6, "away": 8}]}`)
	e.wantError(422, "teams", "POST", s+"/swiss/draft/swap", directorToken, `{"version": 1, "teams": [3]}`)
	e.want(200, &d, "GET", s+"/swiss/draft", directorToken, nil)
	if draftWords(d) != "1v3 5v7 2v4 6v8" || d.Version != 1 {
		t.Fatalf("draft after the refusals: %+v", d)
	}
	e.want(200, &d, "POST", s+"/swiss/draft/swap", directorToken, `{"version": 1, "teams": [3, 5]}`)
	if draftWords(d) != "1v5 3v7 2v4 6v8" || d.Version != 2 {
		t.Fatalf("swap 3 and 5: %+v", d)
	}
	e.wantError(412, "version", "POST", s+"/swiss/release", directorToken, `{"version": 1}`)
	e.want(200, &sec, "POST", s+"/swiss/release", directorToken, `{"version": 2}`)
	if got := apiMatches(sec.Generated, 2); got != "1v5 3v7 2v4 6v8" || sec.CurrentRound != 2 {
		t.Errorf("round 2 released: %s, current round %d", got, sec.CurrentRound)
	}
	// Now table 1 (team 1's first pair NS against team 5's second) enters board 3.
	var mv api.CardsResponse
	e.want(200, &mv, "GET", s+"/movement", tok[1], nil)
	if len(mv.Rounds) != 2 {
		t.Fatalf("the tables see %d rounds, want 2", len(mv.Rounds))
	}
	t1 := mv.Rounds[1].Tables[0]
	e.want(201, nil, "POST", s+"/results", tok[1], map[string]any{"board": 3, "round": 2, "table": 1, "ns": t1.NSPair, "ew": t1.EWPair,
		"contract": "1S", "declarer": "N", "tricks": 7})
	e.wantError(404, "draft", "GET", s+"/swiss/draft", directorToken, nil)

	// Team 8 withdraws from round 3 on: a number not of the Swiss is
	// refused naming the field, a table may not withdraw a team, a second
	// withdrawal is a conflict; round 3 (paired with force) leaves 8 out and,
	// seven teams left, has a bye.
	e.wantError(422, "number", "POST", s+"/swiss/withdraw", directorToken, `{"number": 9}`)
	e.want(403, nil, "POST", s+"/swiss/withdraw", tok[1], `{"number": 8}`)
	e.want(200, &sec, "POST", s+"/swiss/withdraw", directorToken, `{"number": 8}`)
	if fmt.Sprint(sec.Movement.Withdrawn) != "[{8 3}]" {
		t.Errorf("withdrawn: %+v, want team 8 from round 3", sec.Movement.Withdrawn)
	}
	e.wantError(409, "number", "POST", s+"/swiss/withdraw", directorToken, `{"number": 8}`)
	e.want(201, &d, "POST", s+"/swiss/pair", directorToken, `{"force": true}`)
	if w := draftWords(d); len(d.Matches) != 4 || strings.Contains(w, "8") || !strings.HasSuffix(w, "v0") {
		t.Errorf("round 3 without team 8: %s, want 3 matches and a bye, no team 8", w)
	}
}

// apiMatches writes round r's matches of a movement as "1v2 3v4": room 1's
// NS team against its EW team.
func apiMatches(m api.MovementResponse, r int) string {
	team := map[int]int{}
	for _, tm := range m.Teams {
		team[tm.Pairs[0]], team[tm.Pairs[1]] = tm.Number, tm.Number
	}
	var out []string
	for _, t := range m.Rounds[r-1].Tables {
		if t.Table%2 == 1 {
			out = append(out, fmt.Sprintf("%dv%d", team[t.NS], team[t.EW]))
		}
	}
	return strings.Join(out, " ")
}

// draftWords writes a draft's matches as "1v3 5v7".
func draftWords(d api.SwissDraftResponse) string {
	var out []string
	for _, m := range d.Matches {
		out = append(out, fmt.Sprintf("%dv%d", m.Home, m.Away))
	}
	return strings.Join(out, " ")
}
