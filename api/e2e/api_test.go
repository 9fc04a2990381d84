package e2e

// Integration tests of the REST API (issue 4 §3–§6) against a real
// PostgreSQL, through the suite's one set-up (newEnv, env_test.go), with
// apitest's Mitchell built through the API.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestAPIEndpoints walks every endpoint once as the director (and a table
// token where it is the table's to do), checking each answer's shape and
// figures. Scores are Law 77 of the 2017 Laws (contract-2017): board 1 is
// not vulnerable, so 4S making 10 is 4×30 + 300 = 420, making 11 is 450,
// and 9 tricks is one down, −50.
func TestAPIEndpoints(t *testing.T) {
	e := newEnv(t)

	e.want(200, nil, "GET", "/healthz", "", nil)
	e.want(200, nil, "GET", "/readyz", "", nil)
	var doc map[string]any
	e.want(200, &doc, "GET", "/v1/openapi.json", "", nil)
	if doc["openapi"] != "3.1.0" {
		t.Errorf("openapi %v", doc["openapi"])
	}

	// POST /v1/score: traveler score's JSON.
	var sc api.ScoreResponse
	e.want(200, &sc, "POST", "/v1/score", "", `{"law": "contract-2017", "contract": "4S", "declarer": "N", "tricks": 10, "board": 1}`)
	if sc.NSScore != 420 || len(sc.Lines) == 0 {
		t.Errorf("score: %+v", sc)
	}

	// Events: the issue's own example; every law option comes back with its
	// default (auction-1915: game_premium 125, part_score_premium 0 —
	// scoring.Law.Options).
	var ev api.EventResponse
	r := e.want(201, &ev, "POST", "/v1/events", directorToken,
		`{"name": "Tuesday pairs", "date": "2026-11-24", "law": "auction-1915", "law_options": {}, "scoring": "MP"}`)
	if ev.ID < 1 || ev.Name != "Tuesday pairs" || ev.Date != "2026-11-24" || ev.Law != "auction-1915" || ev.Scoring != "MP" || ev.Published {
		t.Errorf("created event: %+v", ev)
	}
	if fmt.Sprint(ev.LawOptions) != "map[game_premium:125 part_score_premium:0]" {
		t.Errorf("law_options %v, want every option with its default", ev.LawOptions)
	}
	if loc := r.Header.Get("Location"); loc != "/v1/events/"+id(ev.ID) {
		t.Errorf("Location %q", loc)
	}
	var got api.EventResponse
	e.want(200, &got, "GET", "/v1/events/"+id(ev.ID), directorToken, nil)
	if got.ID != ev.ID || got.Name != ev.Name {
		t.Errorf("GET event: %+v", got)
	}
	e.want(200, &got, "PATCH", "/v1/events/"+id(ev.ID), directorToken, `{"name": "Tuesday pairs (club)", "published": true, "law_options": {"game_premium": 100}}`)
	if got.Name != "Tuesday pairs (club)" || !got.Published || fmt.Sprint(got.LawOptions["game_premium"]) != "100" || got.Law != "auction-1915" {
		t.Errorf("PATCH event: %+v", got)
	}

	f := apitest.NewMitchell(e.Client, "Wednesday pairs", false)
	sid := id(f.Section.ID)
	var events []api.EventResponse
	e.want(200, &events, "GET", "/v1/events", directorToken, nil)
	if len(events) != 2 {
		t.Errorf("GET /v1/events: %d events, want 2", len(events))
	}

	// Sections: a 3-table Mitchell of 2 boards a round has 3 rounds, 6
	// pairs (NS 1–3, EW 1–3) and 6 boards, NS 1 meets EW 1 on boards 1–2 at
	// table 1 in round 1 (tournament/movement/mitchell.go).
	g := f.Section.Generated
	if g.Kind != "mitchell" || g.Winners != 2 || g.Pairs != 6 || g.Tables != 3 || g.Boards != 6 || len(g.Rounds) != 3 {
		t.Errorf("generated movement: %+v", g)
	}
	if t1 := apitest.Seat(f.Section, 1, 1); t1.NS != 1 || t1.EW != 4 || !slices.Equal(t1.Boards, []int{1, 2}) {
		t.Errorf("round 1 table 1: %+v", t1)
	}
	if f.Section.Movement.Kind != "mitchell" || f.Section.Movement.Tables != 3 || f.Section.CurrentRound != 1 || f.Section.EventID != f.Event.ID {
		t.Errorf("section: %+v", f.Section)
	}
	var sec api.SectionResponse
	e.want(200, &sec, "GET", "/v1/sections/"+sid, directorToken, nil)
	if sec.ID != f.Section.ID || sec.Name != "A" || len(sec.Generated.Rounds) != 3 {
		t.Errorf("GET section: %+v", sec)
	}
	var secs []api.SectionResponse
	e.want(200, &secs, "GET", "/v1/events/"+id(f.Event.ID)+"/sections", directorToken, nil)
	if len(secs) != 1 || secs[0].ID != f.Section.ID {
		t.Errorf("GET sections: %+v", secs)
	}
	var cards api.CardsResponse
	e.want(200, &cards, "GET", "/v1/sections/"+sid+"/movement", directorToken, nil)
	if len(cards.TableCards) != 3 || len(cards.GuideCards) != 6 || len(cards.Rounds) != 3 {
		t.Fatalf("movement cards: %d table cards, %d guide cards, %d rounds", len(cards.TableCards), len(cards.GuideCards), len(cards.Rounds))
	}
	if c := cards.TableCards[0].Rounds[0]; !c.InPlay || c.NS != 1 || c.EW != 4 || !slices.Equal(c.Boards, []int{1, 2}) {
		t.Errorf("table card 1, round 1: %+v", c)
	}
	if c := cards.GuideCards[3].Rounds[0]; cards.GuideCards[3].Pair != 4 || c.Table != 1 || c.Direction != "EW" || c.Opponent != 1 {
		t.Errorf("guide card of pair 4 (EW 1), round 1: %+v", cards.GuideCards[3])
	}

	// Pairs: one more section to add a single pair to (the answer is one
	// object for one object).
	var secB api.SectionResponse
	e.want(201, &secB, "POST", "/v1/events/"+id(f.Event.ID)+"/sections", directorToken,
		`{"session": 2, "name": "B", "movement": {"kind": "howell", "pairs": 6, "boards_per_round": 1}}`)
	if secB.Session != 2 || secB.Generated.Kind != "howell" || secB.Generated.Winners != 1 {
		t.Errorf("Howell section: %+v", secB)
	}
	var one api.PairResponse
	e.want(201, &one, "POST", "/v1/sections/"+id(secB.ID)+"/pairs", directorToken, `{"number": "1", "players": [{"name": "Ann", "number": "1234"}, {"name": "Bob"}]}`)
	if one.ID < 1 || one.Number != "1" || one.Direction != "" || len(one.Players) != 2 || one.Players[0].Number != "1234" {
		t.Errorf("one pair: %+v", one)
	}
	var pairs []api.PairResponse
	e.want(200, &pairs, "GET", "/v1/sections/"+sid+"/pairs", directorToken, nil)
	if len(pairs) != 6 || pairs[0].Players[0].Name == "" {
		t.Errorf("GET pairs: %+v", pairs)
	}

	// Boards: JSON gave deals; the dealer and vulnerability follow from the
	// number (board 2: East deals, NS vulnerable; board 4: West, All).
	var boards []api.BoardResponse
	e.want(200, &boards, "GET", "/v1/sections/"+sid+"/boards", directorToken, nil)
	if len(boards) != 6 || boards[1].Dealer != "E" || boards[1].Vulnerable != "NS" || boards[3].Vulnerable != "All" || boards[0].Deal == "" {
		t.Errorf("GET boards: %+v", boards)
	}
	// …and a PBN file replaces them.
	var pbn strings.Builder
	for b := 1; b <= 6; b++ {
		fmt.Fprintf(&pbn, "[Event \"Wednesday\"]\n[Board \"%d\"]\n[Dealer \"%s\"]\n[Vulnerable \"%s\"]\n[Deal \"%s\"]\n\n",
			b, []string{"N", "E", "S", "W"}[(b-1)%4], []string{"None", "NS", "EW", "Both", "NS", "EW"}[b-1], apitest.OneSuitDeal)
	}
	e.want(200, &boards, "PUT", "/v1/sections/"+sid+"/boards", directorToken, pbn.String(), "Content-Type", "application/x-pbn")
	if len(boards) != 6 || boards[3].Vulnerable != "All" || boards[3].Dealer != "W" || boards[5].Deal == "" {
		t.Errorf("PUT boards (PBN): %+v", boards)
	}

	// Teams: a teams section belongs to an IMP_TEAMS event.
	var teamsEvent api.EventResponse
	e.want(201, &teamsEvent, "POST", "/v1/events", directorToken, `{"name": "Teams night", "date": "2026-11-25", "law": "contract-2017", "scoring": "IMP_TEAMS"}`)
	e.wantError(422, "movement.kind", "POST", "/v1/events/"+id(f.Event.ID)+"/sections", directorToken,
		`{"name": "T", "movement": {"kind": "teams", "teams": 4, "boards_per_round": 2}}`)
	var secT api.SectionResponse
	e.want(201, &secT, "POST", "/v1/events/"+id(teamsEvent.ID)+"/sections", directorToken,
		`{"name": "T", "movement": {"kind": "teams", "teams": 4, "boards_per_round": 2}}`)
	if len(secT.Generated.Teams) != 4 || secT.Generated.Kind != "teams" {
		t.Errorf("teams section: %+v", secT.Generated)
	}
	var teams []api.TeamResponse
	e.want(201, &teams, "POST", "/v1/sections/"+id(secT.ID)+"/teams", directorToken, `[
		{"number": 1, "name": "Aces", "players": [{"name": "A1"}, {"name": "A2"}, {"name": "A3"}, {"name": "A4"}]},
		{"number": 2, "name": "Kings", "players": [{"name": "K1"}, {"name": "K2"}, {"name": "K3"}, {"name": "K4"}]},
		{"number": 3, "name": "Queens", "players": [{"name": "Q1"}, {"name": "Q2"}, {"name": "Q3"}, {"name": "Q4"}]}]`)
	var team api.TeamResponse
	e.want(201, &team, "POST", "/v1/sections/"+id(secT.ID)+"/teams", directorToken, `{"number": 4, "name": "Jacks", "players": [{"name": "J1"}, {"name": "J2"}]}`)
	e.want(200, &teams, "GET", "/v1/sections/"+id(secT.ID)+"/teams", directorToken, nil)
	if len(teams) != 4 || teams[3].Name != "Jacks" || team.Number != 4 {
		t.Errorf("teams: %+v", teams)
	}
	// IMP_TEAMS standings carry each team's net IMPs.
	var teamStandings map[string]any
	e.want(200, &teamStandings, "GET", "/v1/sections/"+id(secT.ID)+"/standings", directorToken, nil)
	standings, _ := teamStandings["pairs"].([]any)
	if teamStandings["method"] != "IMP_TEAMS" || len(standings) != 4 {
		t.Errorf("teams standings: %v", teamStandings)
	}
	for _, p := range standings {
		if _, ok := p.(map[string]any)["imps"]; !ok {
			t.Errorf("a team's standing without imps: %v", p)
		}
	}

	// Tokens: two tables, then every table; each with its link.
	var toks []api.TokenResponse
	e.want(201, &toks, "POST", "/v1/sections/"+sid+"/tokens", directorToken, `{"tables": [1, 2]}`)
	if len(toks) != 2 || toks[0].Table != 1 || toks[1].Table != 2 || toks[0].Token == "" || toks[0].URL != testBaseURL+"/t/"+toks[0].Token {
		t.Fatalf("tokens: %+v", toks)
	}
	// The link opens the table page: its path, asked of this server, is the
	// page of table 1, not a 404.
	linkPath := strings.TrimPrefix(toks[0].URL, testBaseURL)
	if got := e.do("GET", linkPath, "", nil); got.Status != 200 || !strings.Contains(string(got.Body), "Table 1") {
		t.Errorf("GET %s (the token's url): %d\n%.300s", linkPath, got.Status, got.Body)
	}
	replaced := toks[0].Token
	e.want(201, &toks, "POST", "/v1/sections/"+sid+"/tokens", directorToken, nil)
	if len(toks) != 3 {
		t.Fatalf("tokens for every table: %d, want 3", len(toks))
	}
	// Making every table's link again revoked table 1's first one.
	table1 := toks[0].Token
	e.wantError(401, "Authorization", "POST", "/v1/sections/"+sid+"/results", replaced, f.Line(1, 1, 1, "4S", "N", 10))

	// Results: table 1 enters board 1 of round 1 itself.
	var res dto.ResultResponse
	r = e.want(201, &res, "POST", "/v1/sections/"+sid+"/results", table1, f.Line(1, 1, 1, "4S", "N", 10))
	if res.ID < 1 || res.NSScore != 420 || res.Version != 1 || res.Status != "played" || res.NS != "1" || res.EW != "1" ||
		len(res.Lines) == 0 || res.EnteredBy == "" || res.EnteredAt.IsZero() || res.SectionID != f.Section.ID {
		t.Errorf("entered result: %+v", res)
	}
	if r.Header.Get("ETag") != `"1"` || r.Header.Get("Location") != "/v1/results/"+id(res.ID) {
		t.Errorf("ETag %q Location %q", r.Header.Get("ETag"), r.Header.Get("Location"))
	}
	// The director enters a list: board 2 at table 1, boards 3 and 4 at table 2.
	var list []dto.ResultResponse
	e.want(201, &list, "POST", "/v1/sections/"+sid+"/results", directorToken, []any{
		f.Line(1, 1, 2, "3NT", "S", 9), f.Line(1, 2, 3, "2H", "E", 8), f.Line(1, 2, 4, "PASS", "", 0)})
	// Board 2 (NS vulnerable) 3NT making: 100 + 500 = 600; board 3 (EW
	// vulnerable) 2H by E making 8: EW 60 + 50 = 110; board 4 passed out: 0.
	if len(list) != 3 || list[0].NSScore != 600 || list[1].NSScore != -110 || list[2].NSScore != 0 || list[2].Status != "passed_out" {
		t.Errorf("entered list: %+v", list)
	}
	// …and board 1 at table 2 in round 3 (NS 2 v EW 3), one down.
	var b1t3 dto.ResultResponse
	e.want(201, &b1t3, "POST", "/v1/sections/"+sid+"/results", directorToken, f.Line(3, 2, 1, "4S", "N", 9))

	for _, q := range []struct {
		query string
		n     int
	}{{"", 5}, {"?board=1", 2}, {"?round=1", 4}, {"?table=2", 3}, {"?pair=1", 2}, {"?board=1&round=1&table=1", 1}, {"?board=5", 0}} {
		var rs []dto.ResultResponse
		e.want(200, &rs, "GET", "/v1/sections/"+sid+"/results"+q.query, directorToken, nil)
		if len(rs) != q.n {
			t.Errorf("GET results%s: %d, want %d", q.query, len(rs), q.n)
		}
	}

	// GET one with its ETag; the table corrects it with If-Match.
	r = e.want(200, &res, "GET", "/v1/results/"+id(res.ID), table1, nil)
	if r.Header.Get("ETag") != `"1"` || res.NSScore != 420 {
		t.Errorf("GET result: ETag %q %+v", r.Header.Get("ETag"), res)
	}
	r = e.want(200, &res, "PUT", "/v1/results/"+id(res.ID), table1, f.Line(1, 1, 1, "4S", "N", 11), "If-Match", `"1"`)
	if res.Version != 2 || res.NSScore != 450 || r.Header.Get("ETag") != `"2"` {
		t.Errorf("PUT result: ETag %q %+v", r.Header.Get("ETag"), res)
	}

	// The traveler of board 1: 450 v −50, top 2·(2−1) = 2: NS 2/0 and 0/2.
	var tr api.TravelerResponse
	e.want(200, &tr, "GET", "/v1/sections/"+sid+"/travelers/1", directorToken, nil)
	if tr.Board.Number != 1 || tr.Board.Dealer != "N" || tr.Board.Vulnerable != "None" || tr.Board.Deal == "" || tr.Method != "MP" || tr.Top != 2 || len(tr.Lines) != 2 {
		t.Fatalf("traveler: %+v", tr)
	}
	for _, l := range tr.Lines {
		want := map[int][2]float64{450: {2, 0}, -50: {0, 2}}[l.NSScore]
		if l.NSPoints != want[0] || l.EWPoints != want[1] || l.ID == 0 || l.Contract != "4S" {
			t.Errorf("traveler line %+v: points %v/%v, want %v", l.ResultResponse, l.NSPoints, l.EWPoints, want)
		}
	}

	// Standings: the shape of traveler rescore, each pair with its players.
	var st api.StandingsResponse
	e.want(200, &st, "GET", "/v1/sections/"+sid+"/standings", directorToken, nil)
	if st.Event != "Wednesday pairs" || st.Section != "A" || st.Method != "MP" || st.Results != 5 || len(st.Pairs) != 6 {
		t.Errorf("standings: %+v", st)
	}
	for _, p := range st.Pairs {
		if (p.Direction != "NS" && p.Direction != "EW") || p.Place == "" || len(p.Players) != 2 {
			t.Errorf("standing %+v", p)
		}
	}

	// The audit: the insert, then the correction with before and after.
	var audit []api.AuditResponse
	e.want(200, &audit, "GET", "/v1/results/"+id(res.ID)+"/audit", directorToken, nil)
	if len(audit) != 2 || audit[0].Action != "insert" || audit[0].Before != nil || audit[0].After == nil || audit[0].After.Tricks != 10 ||
		audit[1].Action != "update" || audit[1].Before == nil || audit[1].Before.Tricks != 10 || audit[1].After == nil || audit[1].After.Tricks != 11 || audit[1].Actor == "" {
		t.Errorf("audit: %+v", audit)
	}

	// DELETE, with and without If-Match; then it is gone.
	e.want(204, nil, "DELETE", "/v1/results/"+id(b1t3.ID), directorToken, nil, "If-Match", `"1"`)
	e.want(204, nil, "DELETE", "/v1/results/"+id(list[2].ID), directorToken, nil)
	e.wantError(404, "*", "GET", "/v1/results/"+id(b1t3.ID), directorToken, nil)
	e.want(200, &audit, "GET", "/v1/results/"+id(b1t3.ID)+"/audit", directorToken, nil)
	if len(audit) != 2 || audit[1].Action != "delete" || audit[1].After != nil || audit[1].Before == nil {
		t.Errorf("audit of a deleted result: %+v", audit)
	}
	e.want(200, &st, "GET", "/v1/sections/"+sid+"/standings", directorToken, nil)
	if st.Results != 3 {
		t.Errorf("standings after two deletes count %d results, want 3", st.Results)
	}
}

// TestAPIErrors sends a request for each error status the API answers and
// checks the status, the error JSON and the field it names.
func TestAPIErrors(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Errors", false)
	sid := id(f.Section.ID)
	results := "/v1/sections/" + sid + "/results"

	// 400: malformed JSON, wrong types, unknown fields, bad ids and filters.
	e.wantError(400, "body", "POST", results, directorToken, `{"board": 1,`)
	e.wantError(400, "tricks", "POST", results, directorToken, `{"board": 1, "round": 1, "table": 1, "contract": "4S", "declarer": "N", "tricks": "ten"}`)
	er := e.wantError(400, "results[1].trick", "POST", results, directorToken, `[{"board": 1}, {"board": 2, "trick": 9}]`)
	if !slices.Contains(er.Allowed, "tricks") {
		t.Errorf("unknown field: allowed %v lacks tricks", er.Allowed)
	}
	e.wantError(400, "movement.tabels", "POST", "/v1/events/"+id(f.Event.ID)+"/sections", directorToken, `{"name": "Z", "movement": {"kind": "mitchell", "tabels": 3}}`)
	e.wantError(400, "id", "GET", "/v1/sections/x/standings", directorToken, nil)
	e.wantError(400, "board", "GET", "/v1/sections/"+sid+"/travelers/0", directorToken, nil)
	e.wantError(400, "round", "GET", results+"?round=first", directorToken, nil)

	// 401: an unknown token; a token where none was sent.
	r := e.do("GET", "/v1/events", "no-such-token", nil)
	apitest.CheckError(t, r, 401, "Authorization")
	if !strings.HasPrefix(r.Header.Get("WWW-Authenticate"), "Bearer") {
		t.Errorf("401 without WWW-Authenticate: Bearer: %v", r.Header)
	}
	e.wantError(401, "*", "POST", "/v1/events", "", `{"name": "x", "date": "2026-01-01", "law": "contract-2017", "scoring": "MP"}`)

	// 403: a table token doing a director's work.
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1)
	e.wantError(403, "*", "POST", "/v1/events", tok[1], `{"name": "x", "date": "2026-01-01", "law": "contract-2017", "scoring": "MP"}`)

	// 404: no such event, section, result, board.
	e.wantError(404, "*", "GET", "/v1/events/999999", directorToken, nil)
	e.wantError(404, "*", "GET", "/v1/sections/999999", directorToken, nil)
	e.wantError(404, "*", "POST", "/v1/sections/999999/results", directorToken, f.Line(1, 1, 1, "4S", "N", 10))
	e.wantError(404, "*", "GET", "/v1/results/999999", directorToken, nil)
	e.wantError(404, "*", "PUT", "/v1/results/999999", directorToken, f.Line(1, 1, 1, "4S", "N", 10), "If-Match", "1")
	e.wantError(404, "*", "GET", "/v1/nowhere", directorToken, nil)
	e.wantError(405, "*", "DELETE", "/v1/events", directorToken, nil)

	// 409: the same board, table and round twice (the stored one comes back);
	// a pair number already in the section.
	var first dto.ResultResponse
	e.want(201, &first, "POST", results, directorToken, f.Line(1, 1, 1, "4S", "N", 10))
	er = e.wantError(409, "*", "POST", results, directorToken, f.Line(1, 1, 1, "3NT", "S", 9))
	if er.Current == nil || er.Current.ID != first.ID || er.Current.Contract != "4S" {
		t.Errorf("409 without the stored result: %+v", er)
	}
	e.wantError(409, "*", "POST", "/v1/sections/"+sid+"/pairs", directorToken, `{"number": "1", "direction": "NS", "players": [{"name": "Dup"}]}`)

	// 412: a stale If-Match, with the stored result; 428: none.
	e.want(200, nil, "PUT", "/v1/results/"+id(first.ID), directorToken, f.Line(1, 1, 1, "4S", "N", 11), "If-Match", "1")
	er = e.wantError(412, "version", "PUT", "/v1/results/"+id(first.ID), directorToken, f.Line(1, 1, 1, "4S", "N", 12), "If-Match", `"1"`)
	if er.Current == nil || er.Current.Version != 2 || er.Current.Tricks != 11 {
		t.Errorf("412 current: %+v", er.Current)
	}
	e.wantError(412, "*", "DELETE", "/v1/results/"+id(first.ID), directorToken, nil, "If-Match", "1")
	e.wantError(428, "If-Match", "PUT", "/v1/results/"+id(first.ID), directorToken, f.Line(1, 1, 1, "4S", "N", 12))

	// 422: the law code refuses the contract; the movement the board, the
	// table, the pairs; the event its fields.
	e.wantError(422, "contract", "POST", results, directorToken, f.Line(1, 1, 2, "8S", "N", 10))
	e.wantError(422, "tricks", "POST", results, directorToken, f.Line(1, 1, 2, "4S", "N", 14))
	e.wantError(422, "tricks", "POST", results, directorToken, `{"board": 2, "round": 1, "table": 1, "contract": "4S", "declarer": "N"}`)
	e.wantError(422, "board", "POST", results, directorToken, f.Line(1, 1, 3, "4S", "N", 10))
	e.wantError(422, "board", "POST", results, directorToken, f.Line(1, 1, 99, "4S", "N", 10))
	e.wantError(422, "table", "POST", results, directorToken, `{"board": 1, "round": 1, "table": 7, "ns": "1", "ew": "1", "contract": "4S", "declarer": "N", "tricks": 10}`)
	bad := f.Line(1, 1, 2, "4S", "N", 10)
	bad["ew"] = "2"
	e.wantError(422, "ew", "POST", results, directorToken, bad)
	e.wantError(422, "results[1].contract", "POST", results, directorToken, []any{f.Line(1, 2, 3, "4S", "N", 10), f.Line(1, 2, 4, "9H", "N", 10)})
	e.wantError(422, "scoring", "POST", "/v1/events", directorToken, `{"name": "x", "date": "2026-01-01", "law": "contract-2017", "scoring": "BEST"}`)
	er = e.wantError(422, "law", "POST", "/v1/events", directorToken, `{"name": "x", "date": "2026-01-01", "law": "whist", "scoring": "MP"}`)
	if !slices.Contains(er.Allowed, "contract-2017") {
		t.Errorf("unknown law: allowed %v", er.Allowed)
	}
	e.wantError(422, "*", "POST", "/v1/events/"+id(f.Event.ID)+"/sections", directorToken, `{"name": "Z", "movement": {"kind": "spiral"}}`)
	// nothing of the refused list was stored: all or none
	var rs []dto.ResultResponse
	e.want(200, &rs, "GET", results+"?table=2", directorToken, nil)
	if len(rs) != 0 {
		t.Errorf("a refused list stored %d results", len(rs))
	}

	// 413 and 429 with small limits.
	small := newEnv(t, withAPI(api.Options{MaxBodyBytes: 2048, RateLimit: 1, RateBurst: 5}))
	big := `{"name": "` + strings.Repeat("x", 4000) + `", "date": "2026-01-01", "law": "contract-2017", "scoring": "MP"}`
	small.wantError(413, "body", "POST", "/v1/events", directorToken, big)
	var last apitest.Reply
	for i := 0; i < 10; i++ {
		last = small.do("GET", "/v1/events", directorToken, nil)
		if last.Status == 429 {
			break
		}
	}
	apitest.CheckError(t, last, 429, "*")
	if n, err := strconv.Atoi(last.Header.Get("Retry-After")); err != nil || n < 1 {
		t.Errorf("429 Retry-After %q", last.Header.Get("Retry-After"))
	}
}

// TestAPIAuthorization checks what each role may do (issue 4 §4): the
// director everything; a table token only its own table's results in its
// section's current round; the public reads standings and travelers of a
// published event and nothing else.
func TestAPIAuthorization(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Roles", false)
	other := apitest.NewMitchell(e.Client, "Other", false)
	sid := id(f.Section.ID)
	results := "/v1/sections/" + sid + "/results"
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1, 2)
	otherTok := apitest.IssueTokens(e.Client, other.Section.ID, 1)

	// A table enters its own table's board in the current round…
	var mine dto.ResultResponse
	e.want(201, &mine, "POST", results, tok[1], f.Line(1, 1, 1, "4S", "N", 10))
	if !strings.Contains(mine.EnteredBy, "1") {
		t.Errorf("entered_by %q does not name table 1", mine.EnteredBy)
	}
	// …not another table's, another round's or another section's.
	e.wantError(403, "*", "POST", results, tok[1], f.Line(1, 2, 3, "4S", "N", 10))
	e.wantError(403, "*", "POST", results, tok[1], f.Line(2, 1, 3, "4S", "N", 10))
	e.wantError(403, "*", "POST", results, otherTok[1], f.Line(1, 1, 2, "4S", "N", 10))
	// a list with one line not its own is refused whole
	e.wantError(403, "*", "POST", results, tok[1], []any{f.Line(1, 1, 2, "4S", "N", 10), f.Line(1, 2, 3, "4S", "N", 10)})
	// no adjusted scores from a table
	e.wantError(403, "*", "POST", results, tok[1], map[string]any{"board": 2, "round": 1, "table": 1, "status": "artificial", "ns_percent": 60, "ew_percent": 40})
	// it corrects its own, not another table's
	var theirs dto.ResultResponse
	e.want(201, &theirs, "POST", results, tok[2], f.Line(1, 2, 3, "2H", "E", 8))
	e.wantError(403, "*", "PUT", "/v1/results/"+id(theirs.ID), tok[1], f.Line(1, 2, 3, "2H", "E", 9), "If-Match", "1")
	e.wantError(403, "*", "PUT", "/v1/results/"+id(mine.ID), otherTok[1], f.Line(1, 1, 1, "4S", "N", 11), "If-Match", "1")
	// director-only endpoints
	e.wantError(403, "*", "DELETE", "/v1/results/"+id(mine.ID), tok[1], nil)
	e.wantError(403, "*", "GET", "/v1/results/"+id(mine.ID)+"/audit", tok[1], nil)
	e.wantError(403, "*", "POST", "/v1/sections/"+sid+"/tokens", tok[1], nil)
	e.wantError(403, "*", "PATCH", "/v1/sections/"+sid, tok[1], `{"current_round": 2}`)
	e.wantError(403, "*", "PUT", "/v1/sections/"+sid+"/boards", tok[1], `[{"number": 1}]`)
	e.wantError(403, "*", "POST", "/v1/sections/"+sid+"/pairs", tok[1], `{"number": "1", "direction": "NS"}`)
	e.wantError(403, "*", "PATCH", "/v1/events/"+id(f.Event.ID), tok[1], `{"published": true}`)

	// The round moves on: round 2 is the table's, and round 1 stays open to
	// it until the director closes it for the table (issue 22 §2).
	e.want(200, nil, "PATCH", "/v1/sections/"+sid, directorToken, `{"current_round": 2}`)
	e.want(201, nil, "POST", results, tok[1], f.Line(2, 1, 3, "3NT", "S", 9))
	e.want(200, nil, "POST", "/v1/sections/"+sid+"/rounds/close", directorToken, `{"round": 1, "tables": [1]}`)
	e.wantError(403, "*", "PUT", "/v1/results/"+id(mine.ID), tok[1], f.Line(1, 1, 1, "4S", "N", 11), "If-Match", "1")
	e.wantError(403, "*", "POST", results, tok[1], f.Line(1, 1, 2, "4S", "N", 10))
	// the director enters and corrects any round
	e.want(201, nil, "POST", results, directorToken, f.Line(1, 1, 2, "4S", "N", 10))
	e.want(200, nil, "PUT", "/v1/results/"+id(mine.ID), directorToken, f.Line(1, 1, 1, "4S", "N", 11), "If-Match", "1")
	e.want(201, nil, "POST", results, directorToken, map[string]any{"board": 4, "round": 1, "table": 2, "ns": "2", "ew": "2", "status": "artificial", "ns_percent": 60, "ew_percent": 40})

	// A stored director token is a director.
	issued, err := e.svc.CreateDirectorToken(context.Background(), tournament.Director, "assistant", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	e.want(200, nil, "GET", "/v1/results/"+id(mine.ID)+"/audit", issued.Secret, nil)

	// The public: nothing of an unpublished event…
	for _, p := range []string{"/standings", "/travelers/1", "/results", ""} {
		e.wantError(401, "*", "GET", "/v1/sections/"+sid+p, "", nil)
	}
	e.wantError(401, "*", "GET", "/v1/events/"+id(f.Event.ID), "", nil)
	var evs []api.EventResponse
	e.want(200, &evs, "GET", "/v1/events", "", nil)
	if len(evs) != 0 {
		t.Errorf("the public sees %d unpublished events", len(evs))
	}
	// …a table token its own table's results, and the standings only once
	// they are published.
	e.want(200, nil, "GET", "/v1/results/"+id(mine.ID), tok[1], nil)
	e.wantError(403, "*", "GET", "/v1/results/"+id(theirs.ID), tok[1], nil)
	e.wantError(403, "*", "GET", "/v1/sections/"+sid+"/standings", tok[1], nil)
	e.wantError(403, "*", "GET", "/v1/sections/"+id(other.Section.ID)+"/standings", tok[1], nil)
	// Published: standings and travelers for everyone; still no writing.
	e.want(200, nil, "PATCH", "/v1/events/"+id(f.Event.ID), directorToken, `{"published": true}`)
	var st api.StandingsResponse
	e.want(200, &st, "GET", "/v1/sections/"+sid+"/standings", directorToken, nil)
	if st.Results != 5 {
		t.Errorf("the director's standings count %d results, want 5", st.Results)
	}
	// the public's count only the boards every table has played: those
	// whose traveler the public may read
	var all []dto.ResultResponse
	e.want(200, &all, "GET", results, directorToken, nil)
	finished := 0
	for _, r := range all {
		if e.do("GET", "/v1/sections/"+sid+"/travelers/"+strconv.Itoa(r.Board), "", nil).Status == 200 {
			finished++
		}
	}
	e.want(200, &st, "GET", "/v1/sections/"+sid+"/standings", "", nil)
	if st.Results != finished || finished == 5 {
		t.Errorf("public standings count %d results, want %d, those of finished boards (of 5)", st.Results, finished)
	}
	// board 1 is still in play (one table of three has played it): the
	// public sees no traveler of it (TestAPIPublicFollowsPages)
	e.wantError(404, "board", "GET", "/v1/sections/"+sid+"/travelers/1", "", nil)
	e.want(200, &evs, "GET", "/v1/events", "", nil)
	if len(evs) != 1 || evs[0].ID != f.Event.ID {
		t.Errorf("the public sees %+v", evs)
	}
	e.wantError(401, "*", "POST", results, "", f.Line(2, 2, 5, "4S", "N", 10))
	e.wantError(401, "*", "PUT", "/v1/results/"+id(mine.ID), "", f.Line(1, 1, 1, "4S", "N", 12), "If-Match", "2")
	e.wantError(401, "*", "DELETE", "/v1/results/"+id(mine.ID), "", nil)
	e.wantError(401, "*", "GET", "/v1/results/"+id(mine.ID)+"/audit", "", nil)
	e.wantError(401, "*", "POST", "/v1/sections/"+sid+"/tokens", "", nil)
	e.wantError(401, "*", "GET", "/v1/sections/"+id(other.Section.ID)+"/standings", "", nil)
}

// TestAPIIdempotency: 20 identical POSTs with one Idempotency-Key at once
// store one result, and all 20 answers are the same 201 and body, all but
// the first replays; the key with another body is a 409.
func TestAPIIdempotency(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Retries", false)
	results := "/v1/sections/" + id(f.Section.ID) + "/results"
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1)
	body, _ := json.Marshal(f.Line(1, 1, 1, "4S", "N", 10))

	replies := e.Concurrently(20, "POST", results, tok[1], body, "Idempotency-Key", "table-1-board-1-try")
	replayed := 0
	for i, r := range replies {
		if r.Status != 201 {
			t.Fatalf("answer %d: %d %s", i, r.Status, r.Body)
		}
		if !bytes.Equal(r.Body, replies[0].Body) {
			t.Errorf("answer %d differs:\n%s\n%s", i, r.Body, replies[0].Body)
		}
		if r.Header.Get("Idempotent-Replayed") == "true" {
			replayed++
		}
	}
	if replayed != 19 {
		t.Errorf("%d answers replayed, want 19 (one stored)", replayed)
	}
	var rs []dto.ResultResponse
	e.want(200, &rs, "GET", results+"?board=1&round=1&table=1", directorToken, nil)
	if len(rs) != 1 {
		t.Fatalf("%d rows stored, want 1", len(rs))
	}
	// a retry later replays too
	r := e.want(201, nil, "POST", results, tok[1], body, "Idempotency-Key", "table-1-board-1-try")
	if r.Header.Get("Idempotent-Replayed") != "true" || !bytes.Equal(r.Body, replies[0].Body) {
		t.Errorf("a later retry: %s %s", r.Header.Get("Idempotent-Replayed"), r.Body)
	}
	// the key with another body is refused; another key with the same body
	// meets the stored result (409)
	other, _ := json.Marshal(f.Line(1, 1, 2, "3NT", "S", 9))
	e.wantError(409, "*", "POST", results, tok[1], other, "Idempotency-Key", "table-1-board-1-try")
	e.wantError(409, "*", "POST", results, tok[1], body, "Idempotency-Key", "another-key")
	// keys are per token: the director's same key is a new request
	e.want(201, nil, "POST", results, directorToken, other, "Idempotency-Key", "table-1-board-1-try")
	e.wantError(400, "Idempotency-Key", "POST", results, directorToken, body, "Idempotency-Key", strings.Repeat("k", 300))
	e.want(200, &rs, "GET", results, directorToken, nil)
	if len(rs) != 2 {
		t.Errorf("%d results stored, want 2", len(rs))
	}
}

// TestAPIConcurrentDuplicates: 20 POSTs of the same board, round and table
// at once without a key: one is stored (201), the others are 409 with the
// stored result.
func TestAPIConcurrentDuplicates(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Doubles", false)
	results := "/v1/sections/" + id(f.Section.ID) + "/results"
	replies := e.Concurrently(20, "POST", results, directorToken, f.Line(1, 2, 3, "2H", "E", 8))
	created, conflicts := 0, 0
	var stored dto.ResultResponse
	for _, r := range replies {
		switch r.Status {
		case 201:
			created++
			if err := json.Unmarshal(r.Body, &stored); err != nil {
				t.Fatal(err)
			}
		case 409:
			conflicts++
			if er := apitest.CheckError(t, r, 409, "*"); er.Current == nil {
				t.Errorf("409 without the stored result: %s", r.Body)
			}
		default:
			t.Errorf("status %d: %s", r.Status, r.Body)
		}
	}
	if created != 1 || conflicts != 19 {
		t.Errorf("%d created, %d conflicts; want 1 and 19", created, conflicts)
	}
	var rs []dto.ResultResponse
	e.want(200, &rs, "GET", results, directorToken, nil)
	if len(rs) != 1 || rs[0].ID != stored.ID {
		t.Errorf("stored %d rows, want the one created", len(rs))
	}
}

// TestAPIStaleUpdate: two clients read version 1; the first correction
// wins, the second gets 412 with the current value and can retry with it;
// the audit holds every change with its before and after.
func TestAPIStaleUpdate(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Corrections", false)
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1)
	var res dto.ResultResponse
	e.want(201, &res, "POST", "/v1/sections/"+id(f.Section.ID)+"/results", tok[1], f.Line(1, 1, 1, "4S", "N", 10))
	path := "/v1/results/" + id(res.ID)
	etag := e.want(200, nil, "GET", path, tok[1], nil).Header.Get("ETag")
	if etag != `"1"` {
		t.Fatalf("ETag %q", etag)
	}
	e.want(200, &res, "PUT", path, directorToken, f.Line(1, 1, 1, "4S", "N", 11), "If-Match", etag)
	er := e.wantError(412, "version", "PUT", path, tok[1], f.Line(1, 1, 1, "4S", "N", 9), "If-Match", etag)
	if er.Current == nil || er.Current.Version != 2 || er.Current.NSScore != 450 || er.Current.Tricks != 11 {
		t.Fatalf("412 current: %+v", er.Current)
	}
	// retry with the current version (unquoted works too)
	e.want(200, &res, "PUT", path, tok[1], f.Line(1, 1, 1, "4S", "N", 9), "If-Match", strconv.Itoa(er.Current.Version))
	if res.Version != 3 || res.NSScore != -50 {
		t.Errorf("retried correction: %+v", res)
	}
	var audit []api.AuditResponse
	e.want(200, &audit, "GET", path+"/audit", directorToken, nil)
	if len(audit) != 3 {
		t.Fatalf("audit has %d entries, want 3: %+v", len(audit), audit)
	}
	for i, want := range []struct {
		action          string
		before, after   int // tricks, -1: none
		beforeV, afterV int
	}{{"insert", -1, 10, 0, 1}, {"update", 10, 11, 1, 2}, {"update", 11, 9, 2, 3}} {
		a := audit[i]
		if a.Action != want.action || a.ResultID != res.ID || a.Actor == "" || a.At.IsZero() {
			t.Errorf("audit %d: %+v", i, a)
		}
		if (want.before < 0) != (a.Before == nil) || (a.Before != nil && (a.Before.Tricks != want.before || a.Before.Version != want.beforeV)) {
			t.Errorf("audit %d before: %+v", i, a.Before)
		}
		if a.After == nil || a.After.Tricks != want.after || a.After.Version != want.afterV {
			t.Errorf("audit %d after: %+v", i, a.After)
		}
	}
	if audit[1].Actor == audit[2].Actor {
		t.Errorf("the director's and the table's corrections are both by %q", audit[1].Actor)
	}
}
