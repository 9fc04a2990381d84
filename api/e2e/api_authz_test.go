package e2e

// The authorisation table of issue 14 §3: every route of the API (taken
// from api.Routes, so a route added without an entry here fails) × every
// kind of caller, each with the status it must get.
//
// Expired and revoked tokens are callers too: a table's link replaced by
// new links, a table's link past its expiry, a director token revoked and
// one expired: each is refused (401) wherever it is presented, even on
// routes the public may call.

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
)

// authzCaller is one kind of caller of the authorisation table.
type authzCaller int

const (
	callerPublic          authzCaller = iota // no token
	callerTable                              // table 1 of section A: the table the route's result, pair and section belong to
	callerOtherTable                         // table 2 of section A
	callerOtherSection                       // table 1 of section B
	callerDirector                           // the configured director token
	callerGarbage                            // a token-shaped string the service never issued
	callerReplacedTable                      // table 1 of section A's first link, revoked by making its links again
	callerExpiredTable                       // table 3 of section A, its link past its expiry
	callerRevokedDirector                    // a stored director token, revoked
	callerExpiredDirector                    // a stored director token past its expiry
	callerCount
)

var callerNames = [callerCount]string{"public", "table A1", "table A2", "table B1", "director", "garbage token",
	"table A1's replaced link", "table A3 expired", "director revoked", "director expired"}

// authzMarker is the query of table 1's result: only the director and
// table 1 may read it, and only they may read that line while its board is
// still in play (TestAPIPublicFollowsPages).
const authzMarker = "authz-marker-query-of-table-1"

// authzFixture is a published MP event with sections A and B (3-table
// Mitchells, round 1 current), table tokens for A1, A2 and B1, table 1's
// result on board 1 (still in play at the other tables), and a published
// IMP_TEAMS event with a teams section, for the team routes.
type authzFixture struct {
	event, section, sectionB int64
	result, pair, pair2      int64 // pair: NS 1, which played the result; pair2: NS 2, which has not played
	teamsSection, team       int64
	tokenA2                  int64 // table A2's token's id
	player                   int64 // Ann North in the club's roster (added with her pair)
	tokens                   [callerCount]string
}

func newAuthzFixture(e *env) authzFixture {
	e.t.Helper()
	f := apitest.NewMitchell(e.Client, "Authorisation", true)
	var secB api.SectionResponse
	e.want(201, &secB, "POST", "/v1/events/"+id(f.Event.ID)+"/sections", directorToken,
		`{"name": "B", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2}}`)
	e.want(200, nil, "PATCH", "/v1/sections/"+id(secB.ID), directorToken, `{"current_round": 1}`)
	replaced := apitest.IssueTokens(e.Client, f.Section.ID, 1)[1]
	expired := apitest.IssueTokens(e.Client, f.Section.ID, 3)[3]
	var aTokens []api.TokenResponse
	e.want(201, &aTokens, "POST", "/v1/sections/"+id(f.Section.ID)+"/tokens", directorToken, `{"tables": [1, 2]}`)
	a := map[int]string{aTokens[0].Table: aTokens[0].Token, aTokens[1].Table: aTokens[1].Token}
	b := apitest.IssueTokens(e.Client, secB.ID, 1)
	var revokedDirector, expiredDirector api.TokenResponse
	e.want(201, &revokedDirector, "POST", "/v1/tokens", directorToken, `{"name": "revoked assistant"}`)
	e.want(201, &expiredDirector, "POST", "/v1/tokens", directorToken, `{"name": "expired assistant"}`)
	e.want(200, nil, "DELETE", "/v1/tokens/"+id(revokedDirector.ID), directorToken, nil)
	var expiring []api.TokenInfoResponse
	e.want(200, &expiring, "GET", "/v1/sections/"+id(f.Section.ID)+"/tokens?state=active", directorToken, nil)
	for _, tk := range expiring {
		if tk.Table == 3 {
			e.letExpire(tk.ID)
		}
	}
	e.letExpire(expiredDirector.ID)

	res := f.Line(1, 1, 1, "4S", "N", 10)
	res["query"] = authzMarker
	var r dto.ResultResponse
	e.want(201, &r, "POST", "/v1/sections/"+id(f.Section.ID)+"/results", a[1], res)
	var pairs []api.PairResponse
	e.want(200, &pairs, "GET", "/v1/sections/"+id(f.Section.ID)+"/pairs", directorToken, nil)

	var tev api.EventResponse
	e.want(201, &tev, "POST", "/v1/events", directorToken,
		`{"name": "Authorisation teams", "date": "2026-11-25", "law": "contract-2017", "scoring": "IMP_TEAMS", "published": true}`)
	var secT api.SectionResponse
	e.want(201, &secT, "POST", "/v1/events/"+id(tev.ID)+"/sections", directorToken,
		`{"name": "T", "movement": {"kind": "teams", "teams": 4, "boards_per_round": 2}}`)
	var team api.TeamResponse
	e.want(201, &team, "POST", "/v1/sections/"+id(secT.ID)+"/teams", directorToken,
		`{"number": 1, "name": "Aces", "players": [{"name": "A1"}, {"name": "A2"}, {"name": "A3"}, {"name": "A4"}]}`)

	var roster api.ClubPlayersResponse
	e.want(200, &roster, "GET", "/v1/players?q=ann+north", directorToken, nil)
	out := authzFixture{event: f.Event.ID, section: f.Section.ID, sectionB: secB.ID, result: r.ID,
		teamsSection: secT.ID, team: team.ID}
	for _, p := range roster.Players {
		if p.Name == "Ann North" { // the fixtures share the roster: another's PATCH renamed its Ann North
			out.player = p.ID
		}
	}
	if out.player == 0 {
		e.t.Fatalf("roster search for Ann North: %+v", roster)
	}
	for _, tk := range aTokens {
		if tk.Table == 2 {
			out.tokenA2 = tk.ID
		}
	}
	for _, p := range pairs {
		if p.Number == "1" && p.Direction == "NS" {
			out.pair = p.ID
		}
		if p.Number == "2" && p.Direction == "NS" {
			out.pair2 = p.ID
		}
	}
	if out.pair == 0 {
		e.t.Fatalf("no pair NS 1 in %+v", pairs)
	}
	out.tokens = [callerCount]string{"", a[1], a[2], b[1], directorToken, "trv_t_" + strings.Repeat("x", 43),
		replaced, expired, revokedDirector.Token, expiredDirector.Token}
	return out
}

// authzCase is a route's entry: the status each caller gets, and for a
// write the body (and headers) with which an allowed caller succeeds.
type authzCase struct {
	want [callerCount]int
	body func(e *env, f authzFixture) any
	hdr  []string
	path func(f authzFixture) string // the path called, when not the route's own filled with the fixture's ids
}

// allowed is a route's statuses for public, table A1, table A2, table B1
// and the director; a garbage, revoked or expired token is always 401.
func allowed(public, table, otherTable, otherSection, director int) [callerCount]int {
	const refused = http.StatusUnauthorized
	return [callerCount]int{public, table, otherTable, otherSection, director, refused, refused, refused, refused, refused}
}

// everyone: a route anyone may call (of a published event).
var everyone = allowed(200, 200, 200, 200, 200)

// directorOnly: a write only the director may make, answering ok.
func directorOnly(ok int) [callerCount]int { return allowed(401, 403, 403, 403, ok) }

func jsonBody(s string) func(*env, authzFixture) any {
	return func(*env, authzFixture) any { return s }
}

// authzTable has an entry for every route of api.Routes.
var authzTable = map[string]authzCase{
	"GET /v1/openapi.json": {want: everyone},
	"POST /v1/score": {want: everyone,
		body: jsonBody(`{"law": "contract-2017", "contract": "4S", "declarer": "N", "tricks": 10, "board": 1}`)},

	"POST /v1/events": {want: directorOnly(201),
		body: jsonBody(`{"name": "New", "date": "2026-11-26", "law": "contract-2017", "scoring": "MP"}`)},
	"GET /v1/events":       {want: everyone},
	"GET /v1/events/:id":   {want: everyone},
	"PATCH /v1/events/:id": {want: directorOnly(200), body: jsonBody(`{"name": "Renamed"}`)},
	"POST /v1/events/:id/sections": {want: directorOnly(201),
		body: jsonBody(`{"name": "C", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2}}`)},
	"GET /v1/events/:id/sections": {want: everyone},
	"DELETE /v1/events/:id":       {want: directorOnly(204)},
	"GET /v1/events/:id/changes":  {want: directorOnly(200)},

	"GET /v1/sections/:id":          {want: everyone},
	"PATCH /v1/sections/:id":        {want: directorOnly(200), body: jsonBody(`{"current_round": 2}`)},
	"DELETE /v1/sections/:id":       {want: directorOnly(204)},
	"GET /v1/sections/:id/movement": {want: everyone},
	// section B has no pairs yet (A's are all there)
	"POST /v1/sections/:id/pairs": {want: directorOnly(201),
		path: func(f authzFixture) string { return "/v1/sections/" + id(f.sectionB) + "/pairs" },
		body: jsonBody(`{"number": "1", "direction": "NS", "players": [{"name": "Late"}, {"name": "Comer"}]}`)},
	"GET /v1/sections/:id/pairs": {want: everyone},
	"POST /v1/sections/:id/teams": {want: directorOnly(201),
		body: jsonBody(`{"number": 2, "name": "Kings", "players": [{"name": "K1"}, {"name": "K2"}, {"name": "K3"}, {"name": "K4"}]}`)},
	"GET /v1/sections/:id/teams": {want: everyone},
	// the fixture's section stays ungraded (no strata, no handicap), so
	// grading its pairs from a table is refused (422) even to the director
	"PUT /v1/sections/:id/grading":          {want: directorOnly(200), body: jsonBody(`{"strata": [], "handicap": ""}`)},
	"POST /v1/sections/:id/grading/players": {want: directorOnly(422), body: jsonBody(`{"players": [{"number": "1", "masterpoints": 5}]}`)},
	"PUT /v1/sections/:id/boards": {want: directorOnly(200),
		body: func(*env, authzFixture) any { return []any{map[string]any{"number": 1, "deal": apitest.OneSuitDeal}} }},
	"GET /v1/sections/:id/boards": {want: everyone},
	// table 1 enters its own board 2 of round 1; table 2 and section B's
	// table 1 may not enter table 1's board
	"POST /v1/sections/:id/results": {want: allowed(401, 201, 403, 403, 201),
		body: func(e *env, f authzFixture) any {
			return map[string]any{"board": 2, "round": 1, "table": 1, "ns": "1", "ew": "1", "contract": "3NT", "declarer": "S", "tricks": 9}
		}},
	"GET /v1/sections/:id/results": {want: everyone},
	// board 1 is still in play: the public sees no traveler of it, and
	// neither may the tables still to play it (table 2) or another section
	"GET /v1/sections/:id/travelers/:board": {want: allowed(404, 200, 404, 404, 200)},
	// board 1's analysis: not worked out in this test (no DDS under -race),
	// so 404 for the director and table 1 ("not ready"); 404 for the rest
	// as its board is still in play (TestHandsHiddenInPlay tells the two
	// apart)
	"GET /v1/sections/:id/boards/:n/analysis": {want: allowed(404, 404, 404, 404, 404)},
	// which tables played which version of board 1: anyone who reads the
	// (published) event's results; marking it fouled, the director only
	"GET /v1/sections/:id/boards/:n/versions": {want: everyone},
	"PUT /v1/sections/:id/boards/:n/versions": {want: directorOnly(200),
		body: jsonBody(`{"lines": [{"round": 1, "table": 1, "board_version": 2}]}`)},
	// a procedural penalty and a line's points: the director's alone;
	// the list of penalties is anyone's who reads the results; the lift of
	// a penalty or a correction the fixture does not have is 404
	"POST /v1/sections/:id/penalties": {want: directorOnly(201),
		body: jsonBody(`{"number": "1", "direction": "NS", "amount": 25, "unit": "percent_top", "reason": "slow play"}`)},
	"GET /v1/sections/:id/penalties":         {want: everyone},
	"DELETE /v1/sections/:id/penalties/:pid": {want: directorOnly(404)},
	"PUT /v1/sections/:id/boards/:n/corrections": {want: directorOnly(200),
		body: jsonBody(`{"round": 1, "table": 1, "side": "NS", "points": 1, "reason": "ruling"}`)},
	"DELETE /v1/sections/:id/boards/:n/corrections": {want: directorOnly(404)},
	// every board of the fixture has its hand record: nothing to deal
	"POST /v1/sections/:id/boards/deal": {want: directorOnly(409)},
	"GET /v1/sections/:id/standings":    {want: everyone},
	"POST /v1/sections/:id/tokens":      {want: directorOnly(201), body: jsonBody(`{"tables": [3]}`)},
	"GET /v1/sections/:id/tokens":       {want: directorOnly(200)},
	"DELETE /v1/sections/:id/tokens":    {want: directorOnly(200)},
	"GET /v1/tokens":                    {want: directorOnly(200)},
	"POST /v1/tokens":                   {want: directorOnly(201), body: jsonBody(`{"name": "assistant"}`)},
	"PATCH /v1/tokens/:id": {want: directorOnly(200), body: func(*env, authzFixture) any {
		return map[string]any{"expires_at": time.Now().Add(time.Hour).UTC().Format(time.RFC3339)}
	}},
	"DELETE /v1/tokens/:id": {want: directorOnly(200)},

	"GET /v1/events/:id/report.xlsx":   {want: everyone},
	"GET /v1/events/:id/standings.csv": {want: everyone},
	"GET /v1/events/:id/travelers.csv": {want: everyone},
	"GET /v1/events/:id/overall.csv":   {want: everyone},
	"GET /v1/events/:id/standings":     {want: everyone},
	"GET /v1/events/:id/usebio.xml": {want: everyone, // one section a file
		path: func(f authzFixture) string {
			return "/v1/events/" + id(f.event) + "/usebio.xml?section=" + id(f.section)
		}},
	"GET /v1/events/:id/results.pbn":      {want: everyone},
	"GET /v1/events/:id/results":          {want: everyone},
	"GET /v1/events/:id/reports/royalton": {want: everyone},
	"GET /v1/events/:id/reports/laws":     {want: everyone},
	"GET /v1/events/:id/reports/par":      {want: everyone},
	// Every caller who may read the event gets past the authorization; the
	// fixture's sections share one law code, which the report refuses.
	"GET /v1/events/:id/reports/codes": {want: allowed(422, 422, 422, 422, 422)},
	// Dealing and solving costs the server seconds: directors only; the
	// director's call asks for 0 boards, refused after the authorization.
	"GET /v1/reports/dealt":                  {want: directorOnly(422), path: func(authzFixture) string { return "/v1/reports/dealt?deals=0" }},
	"GET /v1/events/:id/reports/declaration": {want: everyone},
	"POST /v1/events/import": {want: directorOnly(201),
		body: func(e *env, f authzFixture) any {
			return e.want(200, nil, "GET", "/v1/events/"+id(f.event)+"/results.pbn", directorToken, nil).Body
		}},

	// table 1's result on board 1, still in play at tables 2 and 3: its
	// own table and the director read it, the others as the public does
	// (404: not finished)
	"GET /v1/results/:id": {want: allowed(404, 200, 404, 404, 200)},
	"PUT /v1/results/:id": {want: allowed(401, 200, 403, 403, 200), hdr: []string{"If-Match", `"1"`},
		body: func(e *env, f authzFixture) any {
			return map[string]any{"board": 1, "round": 1, "table": 1, "contract": "4S", "declarer": "N", "tricks": 11}
		}},
	"DELETE /v1/results/:id":    {want: directorOnly(204)},
	"GET /v1/results/:id/audit": {want: directorOnly(200)},

	"PATCH /v1/pairs/:id": {want: directorOnly(200), body: jsonBody(`{"players": [{"name": "Ann North"}, {"name": "Sub South"}]}`)},
	// a pair is deleted before it plays (NS 2); one that has played is withdrawn
	"DELETE /v1/pairs/:id": {want: directorOnly(204),
		path: func(f authzFixture) string { return "/v1/pairs/" + id(f.pair2) }},
	"POST /v1/pairs/:id/withdraw": {want: directorOnly(201), body: jsonBody(`{}`)},
	"PATCH /v1/teams/:id":         {want: directorOnly(200), body: jsonBody(`{"name": "Aces high"}`)},

	// tables at their own pace: the director closes rounds and marks late
	// plays; board 2 of round 1 at table 1 has no result in the fixture
	"POST /v1/sections/:id/rounds/close":  {want: directorOnly(200), body: jsonBody(`{"round": 1}`)},
	"POST /v1/sections/:id/rounds/reopen": {want: directorOnly(200), body: jsonBody(`{"round": 1, "tables": [1]}`)},
	"POST /v1/sections/:id/late-plays":    {want: directorOnly(200), body: jsonBody(`{"board": 2, "round": 1, "table": 1}`)},
	// no slot of the fixture is marked: the director's answer is 404
	"DELETE /v1/sections/:id/late-plays": {want: directorOnly(404),
		path: func(f authzFixture) string {
			return "/v1/sections/" + id(f.section) + "/late-plays?board=2&round=1&table=1"
		}},
	"POST /v1/sections/:id/late-plays/close": {want: directorOnly(409),
		body: jsonBody(`{"board": 2, "round": 1, "table": 1, "status": "not_played"}`)},
	// a table reads its own refused entries (none in the fixture), the
	// director all of them; another section's table none
	"GET /v1/sections/:id/refusals": {want: allowed(401, 200, 200, 403, 200)},
	// only a table calls the director about its own refused entry (none
	// open: 404); a table withdraws its own, the director dismisses any (by id)
	"POST /v1/sections/:id/refusals/:key/call": {want: allowed(401, 404, 404, 403, 403),
		path: func(f authzFixture) string { return "/v1/sections/" + id(f.section) + "/refusals/1/call" }},
	"DELETE /v1/sections/:id/refusals/:key": {want: allowed(401, 404, 404, 403, 404),
		path: func(f authzFixture) string { return "/v1/sections/" + id(f.section) + "/refusals/1" }},
	// the 3-table Mitchell stops after round 2; round 1's result stays
	"POST /v1/sections/:id/movement": {want: directorOnly(200),
		body: jsonBody(`{"movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2, "rounds": 2}, "from_round": 2}`)},
	// Swiss rounds are the director's; the fixture's section is a Mitchell,
	// which is not paired round by round (409)
	"POST /v1/sections/:id/swiss/pair":       {want: directorOnly(409), body: jsonBody(`{}`)},
	"GET /v1/sections/:id/swiss/draft":       {want: directorOnly(409)},
	"PUT /v1/sections/:id/swiss/draft":       {want: directorOnly(409), body: jsonBody(`{"version": 1, "matches": []}`)},
	"POST /v1/sections/:id/swiss/draft/swap": {want: directorOnly(409), body: jsonBody(`{"version": 1, "teams": [1, 2]}`)},
	"POST /v1/sections/:id/swiss/release":    {want: directorOnly(409), body: jsonBody(`{"version": 1}`)},
	"POST /v1/sections/:id/swiss/withdraw":   {want: directorOnly(409), body: jsonBody(`{"number": 1}`)},
	// the fixture's sections are not knockout matches: 409 for whoever may read (or change) them
	"GET /v1/sections/:id/knockout":          {want: allowed(409, 409, 409, 409, 409)},
	"POST /v1/sections/:id/knockout/playoff": {want: directorOnly(409)},
	"GET /v1/events/:id/bracket":             {want: everyone},
	// the fixture's event was not imported from a file with figures: 409 for the director
	"POST /v1/events/:id/figures": {want: directorOnly(409),
		path: func(f authzFixture) string { return "/v1/events/" + id(f.event) + "/figures?figures=official" }},
	"POST /v1/events/:id/knockout/advance": {want: directorOnly(422),
		body: jsonBody(`{"from": [1, 2], "name": "F", "movement": {"kind": "knockout", "rounds": 1, "boards_per_round": 2}}`)},
	// the club's roster is the director's alone, even of a published event
	"GET /v1/players":        {want: directorOnly(200)},
	"POST /v1/players":       {want: directorOnly(201), body: jsonBody(`{"name": "New Member"}`)},
	"GET /v1/players/:id":    {want: directorOnly(200)},
	"PATCH /v1/players/:id":  {want: directorOnly(200), body: jsonBody(`{"name": "Ann North-West"}`)},
	"DELETE /v1/players/:id": {want: directorOnly(204)},
}

// authzPath fills a route's path parameters with the fixture's ids.
func authzPath(path string, f authzFixture) string {
	var ids = []struct {
		prefix string
		id     int64
	}{
		{"/v1/sections/:id/teams", f.teamsSection},
		{"/v1/events/", f.event},
		{"/v1/sections/", f.section},
		{"/v1/results/", f.result},
		{"/v1/pairs/", f.pair},
		{"/v1/teams/", f.team},
		{"/v1/tokens/", f.tokenA2},
		{"/v1/players/", f.player},
	}
	for _, p := range ids {
		if strings.HasPrefix(path, p.prefix) {
			path = strings.Replace(path, ":id", id(p.id), 1)
			break
		}
	}
	return strings.NewReplacer(":board", "1", ":n", "1", ":pid", "1").Replace(path)
}

// TestAPIAuthorizationTable calls every route as every caller and checks
// the status against authzTable. A write is made on a fixture of its own
// for each caller, so what one allowed caller changes (or deletes) does
// not decide the next one's answer. Besides the status: no 2xx answer to
// the public, table 2 or section B holds table 1's query (authzMarker),
// a line of a board still in play. That check sees the query only: an
// export that shows the line without it (travelers.csv, results.pbn,
// report.xlsx) is not caught by it.
func TestAPIAuthorizationTable(t *testing.T) {
	e := newEnv(t, withAPI(api.Options{
		RateLimit: 1e6, RateBurst: 1e6, AddressRateLimit: 1e6, AddressRateBurst: 1e6,
		SignInFailures: 1 << 30, // the garbage token would be throttled past 10 failed sign-ins
	}))

	seen := map[string]bool{}
	shared := newAuthzFixture(e)
	for _, r := range api.Routes() {
		key := r.Method + " " + r.Path
		seen[key] = true
		c, ok := authzTable[key]
		if !ok {
			t.Errorf("%s: no entry in authzTable: say who may call it", key)
			continue
		}
		write := r.Method != http.MethodGet
		for who := range callerCount {
			f := shared
			if write {
				f = newAuthzFixture(e)
			}
			path := authzPath(r.Path, f)
			if c.path != nil {
				path = c.path(f)
			}
			var body any
			if c.body != nil {
				body = c.body(e, f)
			}
			got := e.do(r.Method, path, f.tokens[who], body, c.hdr...)
			want := c.want[who]
			if got.Status != want {
				t.Errorf("%s as %s (%s): %d, want %d\n%.300s", key, callerNames[who], path, got.Status, want, got.Body)
				continue
			}
			if got.Status < 300 && (who == callerPublic || who == callerOtherTable || who == callerOtherSection) &&
				bytes.Contains(got.Body, []byte(authzMarker)) {
				t.Errorf("%s as %s (%s): the answer holds table 1's query of a board still in play", key, callerNames[who], path)
			}
		}
	}
	for key := range authzTable {
		if !seen[key] {
			t.Errorf("authzTable has %s, which api.Routes does not", key)
		}
	}
	if t.Failed() {
		t.Log(fmt.Sprintf("%d routes × %d callers", len(api.Routes()), callerCount))
	}
}

// letExpire lets a token's time pass: its expiry becomes the moment after
// it was made (what a clock would do; no route sets an expiry in the past).
func (e *env) letExpire(tokenID int64) {
	e.t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, e.dbURL)
	if err != nil {
		e.t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `UPDATE tokens SET expires_at = created_at + interval '1 millisecond' WHERE id = $1`, tokenID); err != nil {
		e.t.Fatal(err)
	}
}
