package web_test

// Tests of the session pages (the session board, travelers, corrections,
// adjusted scores, reports) and the public pages, against a real
// PostgreSQL: TEST_DATABASE_URL names the server, dbtest.URL gives the test
// its own migrated database. The event is built through the Service; the
// pages are driven over HTTP as a browser would, without JavaScript.

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/web"
	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// sessionDirector is the configured director token of the test server.
const sessionDirector = "director-secret"

// sessionEnv is the pages over a fresh database, and the Service behind them.
type sessionEnv struct {
	t      *testing.T
	url    string
	svc    *tournament.Service
	cookie string // the director's sign-in, the cookie a signed-in browser holds
}

// newSessionEnv starts the pages over a new database.
func newSessionEnv(t *testing.T) *sessionEnv {
	t.Helper()
	return newSessionEnvWith(t, tournament.ServiceOptions{})
}

// newSessionEnvWith is newSessionEnv with the service's options (its
// director token is always sessionDirector).
func newSessionEnvWith(t *testing.T, o tournament.ServiceOptions) *sessionEnv {
	t.Helper()
	store, err := db.Open(context.Background(), dbtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	o.DirectorToken = sessionDirector
	svc := tournament.NewService(store, o)
	e := echo.New()
	if err := web.Register(e, svc, web.Options{}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	_, cookie, err := svc.SignIn(context.Background(), sessionDirector, "test")
	if err != nil {
		t.Fatal(err)
	}
	return &sessionEnv{t: t, url: srv.URL, svc: svc, cookie: cookie}
}

// sessionPage is a page as the server answered it.
type sessionPage struct {
	status   int
	location string
	body     string
}

// request sends a GET (form nil) or a POST of form, as the director when
// director is true, without following redirects.
func (e *sessionEnv) request(director bool, path string, form url.Values) sessionPage {
	e.t.Helper()
	method, body := http.MethodGet, io.Reader(nil)
	if form != nil && director && !form.Has("csrf") {
		form = cloneValues(form)
		form.Set("csrf", web.FormToken(e.cookie))
	}
	if form != nil {
		method, body = http.MethodPost, strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, e.url+path, body)
	if err != nil {
		e.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if director {
		req.AddCookie(&http.Cookie{Name: web.CookieName, Value: e.cookie})
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return sessionPage{status: res.StatusCode, location: res.Header.Get("Location"), body: string(b)}
}

// want sends a request that must answer status.
func (e *sessionEnv) want(status int, director bool, path string, form url.Values) sessionPage {
	e.t.Helper()
	p := e.request(director, path, form)
	if p.status != status {
		e.t.Fatalf("%s: status %d, want %d\n%s", path, p.status, status, p.body)
	}
	return p
}

// pageHas fails the test unless the page has every one of parts.
func pageHas(t *testing.T, what string, p sessionPage, parts ...string) {
	t.Helper()
	for _, s := range parts {
		if !strings.Contains(p.body, s) {
			t.Errorf("%s: no %q in the page\n%s", what, s, p.body)
		}
	}
}

// sessionHowell is the fixture: an MP event under contract-2017 with a
// 3-table Howell of 6 pairs, 2 boards a round, 5 rounds, 10 boards. The
// movement (tournament's Howell for 6 pairs) seats, among others:
//
//	board 1: round 1 table 1 (6 v 1), round 2 table 2 (5 v 4), round 5 table 2 (3 v 2)
//	board 2: round 1 table 1 (6 v 1), round 3 table 3 (4 v 2), round 4 table 3 (5 v 3)
//	board 10: round 2 table 3 (3 v 1), round 3 table 3 (4 v 2), round 5 table 1 (6 v 5)
type sessionHowell struct {
	event   tournament.Event
	section tournament.Section
}

// newSessionHowell sets up the fixture through the Service.
func newSessionHowell(t *testing.T, svc *tournament.Service) sessionHowell {
	t.Helper()
	ctx := context.Background()
	ev, err := svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Club Howell", Date: "2026-11-24", Law: "contract-2017", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if sec.Movement.Tables != 3 || sec.Movement.Boards != 10 || len(sec.Movement.Rounds) != 5 {
		t.Fatalf("the Howell has %d tables, %d boards, %d rounds; want 3, 10, 5", sec.Movement.Tables, sec.Movement.Boards, len(sec.Movement.Rounds))
	}
	names := []string{"Ann & Bob", "Cat & Dan", "Eve & Fay", "Gus & Hal", "Ivy & Jon", "Kim & Lou"}
	var pairs []tournament.Pair
	for i, n := range names {
		a, b, _ := strings.Cut(n, " & ")
		pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(i + 1), Players: []tournament.Player{{Name: a}, {Name: b}}})
	}
	if _, err := svc.AddPairs(ctx, tournament.Director, sec.ID, pairs); err != nil {
		t.Fatal(err)
	}
	return sessionHowell{event: ev, section: sec}
}

// sessionSlot is a board at a table in a round.
type sessionSlot struct{ board, round, table int }

// playedAt is a result for a sessionSlot, its pairs filled in by the Service.
func playedAt(s sessionSlot, contract, declarer string, tricks int) tournament.Result {
	return tournament.Result{Board: s.board, Round: s.round, Table: s.table, Status: tournament.StatusPlayed, Contract: contract, Declarer: declarer, Tricks: tricks}
}

// The slots the test treats apart from the rest.
var (
	b1r1 = sessionSlot{1, 1, 1}  // 6 v 1: 4S by N making 10, +420
	b1r2 = sessionSlot{1, 2, 2}  // 5 v 4: entered as 4S =10 with a query, corrected to 11 tricks, +450
	b1r5 = sessionSlot{1, 5, 2}  // 3 v 2: 4S by N making 9, −50
	b2r4 = sessionSlot{2, 4, 3}  // 5 v 3: an artificial adjusted score, NS 60% EW 40%
	b10r = sessionSlot{10, 5, 1} // 6 v 5: missing until the end
)

// enterAllBut enters every result of the section but the slots left out:
// board 1 as above; every other board 3NT by S making 9 at every table, so
// each of its results ties with the others.
func enterAllBut(t *testing.T, svc *tournament.Service, sec tournament.Section, leftOut ...sessionSlot) {
	t.Helper()
	skip := map[sessionSlot]bool{}
	for _, s := range leftOut {
		skip[s] = true
	}
	var in []tournament.Result
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			for _, b := range tb.Boards {
				s := sessionSlot{b, rd.Number, tb.Table}
				switch {
				case skip[s]:
				case s == b1r1:
					in = append(in, playedAt(s, "4S", "N", 10))
				case s == b1r2:
					r := playedAt(s, "4S", "N", 10)
					r.Query = "EW say declarer made 11 tricks"
					in = append(in, r)
				case s == b1r5:
					in = append(in, playedAt(s, "4S", "N", 9))
				default:
					in = append(in, playedAt(s, "3NT", "S", 9))
				}
			}
		}
	}
	if _, _, err := svc.EnterResults(context.Background(), tournament.Director, sec.ID, in, nil); err != nil {
		t.Fatal(err)
	}
}

// storedAt returns the stored result of a slot.
func storedAt(t *testing.T, svc *tournament.Service, sectionID int64, s sessionSlot) tournament.Result {
	t.Helper()
	rs, err := svc.Results(context.Background(), tournament.Director, tournament.ResultFilter{SectionID: sectionID, Board: s.board, Round: s.round, Table: s.table})
	if err != nil || len(rs) != 1 {
		t.Fatalf("result of %+v: %v, %v", s, rs, err)
	}
	return rs[0]
}

// boardStatus reads a slot's status word from the session board.
func boardStatus(t *testing.T, board sessionPage, s sessionSlot) string {
	t.Helper()
	re := regexp.MustCompile(`<span class="board-status status-(\w+)" data-round="` + strconv.Itoa(s.round) + `" data-table="` +
		strconv.Itoa(s.table) + `" data-board="` + strconv.Itoa(s.board) + `"[^>]*>.*?</a> (\w+)</span>`)
	m := re.FindStringSubmatch(board.body)
	if m == nil {
		t.Fatalf("the session board has no status for %+v\n%s", s, board.body)
	}
	if m[1] != m[2] {
		t.Errorf("%+v: class status-%s but the word %q", s, m[1], m[2])
	}
	return m[1]
}

func TestSessionPages(t *testing.T) {
	e := newSessionEnv(t)
	f := newSessionHowell(t, e.svc)
	sid := strconv.FormatInt(f.section.ID, 10)
	enterAllBut(t, e.svc, f.section, b2r4, b10r)

	// The session board: 30 slots (15 table-rounds × 2 boards), 28 in, one
	// of them queried, two missing.
	board := e.want(http.StatusOK, true, "/director/sections/"+sid+"/board", nil)
	pageHas(t, "session board", board, `id="session-board"`, `<noscript><meta http-equiv="refresh"`, `data-live="/director/sections/`,
		`<strong>27</strong> entered, <strong>1</strong> queried, <strong>2</strong> missing of 30 results`,
		`class="traveler-link" data-board="10" href="/director/sections/`+sid+`/travelers/10"`)
	for s, want := range map[sessionSlot]string{b1r1: "entered", b1r2: "queried", b1r5: "entered", b2r4: "missing", b10r: "missing", {2, 1, 1}: "entered"} {
		if got := boardStatus(t, board, s); got != want {
			t.Errorf("board %d round %d table %d: %s, want %s", s.board, s.round, s.table, got, want)
		}
	}
	// Not signed in: sent to the sign-in page.
	if p := e.request(false, "/director/sections/"+sid+"/board", nil); p.status != http.StatusSeeOther || !strings.HasPrefix(p.location, "/director/login") {
		t.Errorf("the board without signing in: %d to %q", p.status, p.location)
	}

	// The traveler of board 1: its three lines, each with a link to correct it.
	queried := storedAt(t, e.svc, f.section.ID, b1r2)
	trav := e.want(http.StatusOK, true, "/director/sections/"+sid+"/travelers/1", nil)
	if n := strings.Count(trav.body, "<tr data-result-id="); n != 3 {
		t.Errorf("board 1's traveler has %d lines, want 3", n)
	}
	pageHas(t, "traveler", trav, `id="traveler"`, `id="adjusted-form"`, `class="edit-result" href="/director/results/`+strconv.FormatInt(queried.ID, 10)+`"`,
		"EW say declarer made 11 tricks")

	// The correction form of the queried line, and its history of one insert.
	rpath := "/director/results/" + strconv.FormatInt(queried.ID, 10)
	form := e.want(http.StatusOK, true, rpath, nil)
	pageHas(t, "result page", form, `id="result-form"`, `name="version" value="1"`, `id="save-result"`, `id="audit"`, `<td>insert</td>`)

	// The director rules: 11 tricks, +450 (Law 77: 4×30 + 300 game + 30 overtrick), query cleared.
	fix := url.Values{"version": {"1"}, "status": {"played"}, "contract": {"4S"}, "declarer": {"N"}, "tricks": {"11"}, "query": {""}}
	done := e.want(http.StatusSeeOther, true, rpath, fix)
	if !strings.HasPrefix(done.location, "/director/sections/"+sid+"/travelers/1?done=") {
		t.Errorf("after the correction: to %q", done.location)
	}
	fixed := storedAt(t, e.svc, f.section.ID, b1r2)
	if fixed.Version != 2 || fixed.Tricks != 11 || fixed.NSScore != 450 || fixed.Query != "" {
		t.Errorf("corrected: version %d, %d tricks, NS %d, query %q; want 2, 11, 450, none", fixed.Version, fixed.Tricks, fixed.NSScore, fixed.Query)
	}
	audit, err := e.svc.Audit(context.Background(), tournament.Director, queried.ID)
	if err != nil || len(audit) != 2 || audit[1].Action != "update" || audit[1].Before.Tricks != 10 || audit[1].After.Tricks != 11 {
		t.Fatalf("audit after the correction: %+v, %v", audit, err)
	}
	form = e.want(http.StatusOK, true, rpath, nil)
	pageHas(t, "result sessionPage after the correction", form, `<td>update</td>`, "4S by N, 11 tricks, NS 450 (version 2)",
		"4S by N, 10 tricks, NS 420; query: EW say declarer made 11 tricks (version 1)")
	if got := boardStatus(t, e.want(http.StatusOK, true, "/director/sections/"+sid+"/board", nil), b1r2); got != "entered" {
		t.Errorf("after the ruling the line is %s, want entered", got)
	}

	// A correction made from version 1 is refused: the line changed meanwhile
	// (412, as the API answers a stale If-Match).
	stale := url.Values{"version": {"1"}, "status": {"played"}, "contract": {"4S"}, "declarer": {"N"}, "tricks": {"9"}}
	p := e.want(http.StatusPreconditionFailed, true, rpath, stale)
	pageHas(t, "stale correction", p, "someone changed this line while you were correcting it", `id="current-line"`,
		"version 2", `name="version" value="2"`, `id="tricks" name="tricks" type="number" min="0" max="13" inputmode="numeric" value="9"`)
	if now := storedAt(t, e.svc, f.section.ID, b1r2); now.Version != 2 || now.Tricks != 11 {
		t.Errorf("a stale correction changed the line: %+v", now)
	}
	// A refused line names the field.
	p = e.want(http.StatusUnprocessableEntity, true, rpath, url.Values{"version": {"2"}, "status": {"played"}, "contract": {"4S"}, "declarer": {"N"}, "tricks": {"14"}})
	pageHas(t, "bad tricks", p, `id="tricks" name="tricks" type="number" min="0" max="13" inputmode="numeric" value="14" aria-invalid="true"`)

	// An adjusted score for round 4 table 3 on board 2: artificial 60/40.
	apath := "/director/sections/" + sid + "/travelers/2/adjusted"
	p = e.want(http.StatusUnprocessableEntity, true, apath, url.Values{"slot": {"4/3"}, "kind": {"artificial"}, "ns_percent": {"150"}, "ew_percent": {"40"}})
	pageHas(t, "bad percentage", p, `&#34;150&#34;: NS&#39;s percentage of the top is a whole number 0 to 100`, `id="ns_percent" name="ns_percent" type="number" min="0" max="100" inputmode="numeric" value="150" aria-invalid="true"`)
	e.want(http.StatusSeeOther, true, apath, url.Values{"slot": {"4/3"}, "kind": {"artificial"}, "ns_percent": {"60"}, "ew_percent": {"40"}})
	adj := storedAt(t, e.svc, f.section.ID, b2r4)
	if adj.Status != tournament.StatusArtificial || adj.NSPercent != 60 || adj.EWPercent != 40 || adj.NS != "5" || adj.EW != "3" || adj.EnteredBy != "director" {
		t.Errorf("adjusted score stored as %+v", adj)
	}
	pageHas(t, "traveler of board 2", e.want(http.StatusOK, true, "/director/sections/"+sid+"/travelers/2", nil), "artificial: NS 60%, EW 40%")

	// Unpublished: the public is told so, and sees none of it.
	eid := strconv.FormatInt(f.event.ID, 10)
	for _, path := range []string{"/events/" + eid, "/sections/" + sid + "/standings", "/sections/" + sid + "/travelers/1",
		"/sections/" + sid + "/scorecards/1", "/events/" + eid + "/royalton"} {
		p := e.want(http.StatusForbidden, false, path, nil)
		pageHas(t, path, p, "Not published yet", "The director has not published these results yet")
		if strings.Contains(p.body, "Ann") || strings.Contains(p.body, "4S") {
			t.Errorf("%s shows the unpublished event", path)
		}
	}
	if p := e.want(http.StatusOK, false, "/", nil); strings.Contains(p.body, "Club Howell") {
		t.Error("the home sessionPage lists the unpublished event")
	}

	// The last result, then publish.
	enterLast := []tournament.Result{playedAt(b10r, "3NT", "S", 9)}
	if _, _, err := e.svc.EnterResults(context.Background(), tournament.Director, f.section.ID, enterLast, nil); err != nil {
		t.Fatal(err)
	}
	yes := true
	if _, err := e.svc.UpdateEvent(context.Background(), tournament.Director, f.event.ID, tournament.EventPatch{Published: &yes}); err != nil {
		t.Fatal(err)
	}
	home := e.want(http.StatusOK, false, "/", nil)
	pageHas(t, "home", home, `<a class="event-link" href="/events/`+eid+`">Club Howell</a>`)
	pageHas(t, "event", e.want(http.StatusOK, false, "/events/"+eid, nil), "10 of 10 boards finished",
		`href="/sections/`+sid+`/standings"`, `data-board="1" href="/sections/`+sid+`/travelers/1"`)

	// Standings, matchpoints (EBU: 2 a score beaten, 1 a tie), top 4 on every
	// board (3 results). Every board but 1 and 2 is a three-way tie: 2 each.
	// Board 1: +450 (5 NS v 4) beats +420 and −50: NS 4, EW 0; +420 (6 v 1)
	// 2 and 2; −50 (3 v 2) NS 0, EW 4. Board 2: the two 3NT= (6 v 1, 4 v 2)
	// tie, 1 each of a top of 2, Neuberg to a top of 4: (1+1)×3/2−1 = 2;
	// the artificial score 60% and 40% of the top: 2.4 to NS 5, 1.6 to EW 3.
	// Totals over 10 boards (percent of 10 × 4 = 40):
	//	pair 5: 8×2 + 4 + 2.4 = 22.4, 56.00%, 1st
	//	pair 2: 8×2 + 4 + 2   = 22,   55.00%, 2nd
	//	pair 1: 8×2 + 2 + 2   = 20,   50.00%, 3=
	//	pair 6: 8×2 + 2 + 2   = 20,   50.00%, 3=
	//	pair 4: 8×2 + 0 + 2   = 18,   45.00%, 5th
	//	pair 3: 8×2 + 0 + 1.6 = 17.6, 44.00%, 6th
	st := e.want(http.StatusOK, false, "/sections/"+sid+"/standings", nil)
	pageHas(t, "standings", st, `<table id="standings"`, `<noscript><meta http-equiv="refresh" content="30"></noscript>`, "reloads itself every 30 seconds",
		`data-live="/sections/`, `<script src="/assets/live.js">`)
	want := map[string][3]string{"5": {"22.4", "56.00", "1"}, "2": {"22", "55.00", "2"}, "1": {"20", "50.00", "3="},
		"6": {"20", "50.00", "3="}, "4": {"18", "45.00", "5"}, "3": {"17.6", "44.00", "6"}}
	rows := standingsCells(t, st)
	if len(rows) != len(want) {
		t.Errorf("%d standings rows, want %d", len(rows), len(want))
	}
	for pair, w := range want {
		if got := rows[pair]; got != w {
			t.Errorf("pair %s: total, %%, place %v, want %v", pair, got, w)
		}
	}

	// Under the norway convention board 2's two real lines get, among
	// themselves, 1 each of a top of 2, and 1 each for the artificial
	// score (Norsk Bridgeforbund, Turneringsreglement 3.2.3): 2, as
	// Neuberg gives here; the totals stand, and pairs 1 and 6 share places
	// 3 and 4, written as Ruter writes them: "3-4". The page says why.
	norway := "norway"
	if _, err := e.svc.UpdateEvent(context.Background(), tournament.Director, f.event.ID, tournament.EventPatch{Convention: &norway}); err != nil {
		t.Fatal(err)
	}
	nst := e.want(http.StatusOK, false, "/sections/"+sid+"/standings", nil)
	pageHas(t, "standings by norway", nst, `id="tie-rule"`, "shared places are written as the places they cover (4-5)")
	nrows := standingsCells(t, nst)
	for pair, w := range want {
		if w[2] == "3=" {
			w[2] = "3-4"
		}
		if got := nrows[pair]; got != w {
			t.Errorf("norway, pair %s: total, %%, place %v, want %v", pair, got, w)
		}
	}
	own := ""
	if _, err := e.svc.UpdateEvent(context.Background(), tournament.Director, f.event.ID, tournament.EventPatch{Convention: &own}); err != nil {
		t.Fatal(err)
	}

	// The public traveler of board 1, and pair 5's scorecard.
	pt := e.want(http.StatusOK, false, "/sections/"+sid+"/travelers/1", nil)
	if n := strings.Count(pt.body, "<tr data-result-id="); n != 3 || strings.Contains(pt.body, "edit-result") {
		t.Errorf("public traveler: %d lines (want 3), edit links %v", n, strings.Contains(pt.body, "edit-result"))
	}
	// Pair 5's scorecard: board 1 at round 2 table 2, +450 and 4 points (as
	// above), and its total, 22.4, the same as in the standings.
	sc := e.want(http.StatusOK, false, "/sections/"+sid+"/scorecards/5", nil)
	pageHas(t, "scorecard", sc, `id="scorecard"`, `<td class="num" id="scorecard-total">22.4</td>`, "Ivy &amp; Jon",
		`<td class="num score" data-label="Score">&#43;450</td><td class="num points" data-label="Points">4</td>`)
	e.want(http.StatusNotFound, false, "/sections/"+sid+"/scorecards/9", nil)
	pageHas(t, "royalton", e.want(http.StatusOK, false, "/events/"+eid+"/royalton", nil), `id="royalton"`, "29 results counted, 1 adjusted or not played left out")

	// The director's reports: the Royalton report and the law comparison.
	rep := e.want(http.StatusOK, true, "/director/events/"+eid+"/reports", nil)
	pageHas(t, "reports", rep, `id="compare-to"`, `id="royalton"`)
	pageHas(t, "reports, all", e.want(http.StatusOK, true, "/director/events/"+eid+"/reports?to=all", nil), `id="law-overview"`)
	pageHas(t, "reports, one", e.want(http.StatusOK, true, "/director/events/"+eid+"/reports?to=auction-1915", nil), `id="law-comparison"`)
	e.want(http.StatusUnprocessableEntity, true, "/director/events/"+eid+"/reports?to=contract-2017", nil)

	// Deleting a line keeps its history.
	del := e.want(http.StatusSeeOther, true, rpath+"/delete", url.Values{"version": {"2"}})
	if !strings.HasPrefix(del.location, "/director/sections/"+sid+"/travelers/1") {
		t.Errorf("after deleting: to %q", del.location)
	}
	if audit, err := e.svc.Audit(context.Background(), tournament.Director, queried.ID); err != nil || len(audit) != 3 || audit[2].Action != "delete" {
		t.Errorf("audit after deleting: %+v, %v", audit, err)
	}
	e.want(http.StatusNotFound, false, "/sections/"+sid+"/travelers/1", nil)
}

// standingsCells reads the standings table: each pair's total, percentage
// and place.
func standingsCells(t *testing.T, p sessionPage) map[string][3]string {
	t.Helper()
	out := map[string][3]string{}
	row := regexp.MustCompile(`(?s)<tr data-pair="(\w+)" data-direction="">(.*?)</tr>`)
	cell := func(class, in string) string {
		m := regexp.MustCompile(`<td class="num ` + class + `">([^<]*)</td>`).FindStringSubmatch(in)
		if m == nil {
			t.Fatalf("no td.%s in %s", class, in)
		}
		return m[1]
	}
	for _, m := range row.FindAllStringSubmatch(p.body, -1) {
		out[m[1]] = [3]string{cell("total", m[2]), cell("pct", m[2]), cell("place", m[2])}
	}
	return out
}

// TestTwoWinnerStandings: a two-winner Mitchell ranks NS and EW apart, one
// table each, in one element with the id standings.
func TestTwoWinnerStandings(t *testing.T) {
	e := newSessionEnv(t)
	ctx := context.Background()
	ev, err := e.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Club Mitchell", Date: "2026-11-24",
		Law: "contract-2017", Scoring: "MP", Published: true})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := e.svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "B",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if sec.Movement.Winners != 2 {
		t.Fatalf("a 3-table Mitchell has %d winners, want 2", sec.Movement.Winners)
	}
	var pairs []tournament.Pair
	for _, dir := range []string{"NS", "EW"} {
		for n := 1; n <= 3; n++ {
			pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(n), Direction: dir, Players: []tournament.Player{{Name: dir + strconv.Itoa(n) + " a"}, {Name: dir + strconv.Itoa(n) + " b"}}})
		}
	}
	if _, err := e.svc.AddPairs(ctx, tournament.Director, sec.ID, pairs); err != nil {
		t.Fatal(err)
	}
	enterAllBut(t, e.svc, sec)

	// enterAllBut gives every table a result (the figures are
	// TestSessionPages' concern): what this test checks is the split, three
	// NS rows in #standings-ns and three EW rows in #standings-ew.
	p := e.want(http.StatusOK, false, "/sections/"+strconv.FormatInt(sec.ID, 10)+"/standings", nil)
	pageHas(t, "two-winner standings", p, `<div id="standings">`, `<table id="standings-ns" class="standings">`, `<table id="standings-ew" class="standings">`,
		"<caption>North-South</caption>", "<caption>East-West</caption>")
	ns := p.body[strings.Index(p.body, `id="standings-ns"`):strings.Index(p.body, `id="standings-ew"`)]
	ew := p.body[strings.Index(p.body, `id="standings-ew"`):]
	if n := strings.Count(ns, `data-direction="NS"`); n != 3 || strings.Contains(ns, `data-direction="EW"`) {
		t.Errorf("the NS table has %d NS rows and EW rows %v", n, strings.Contains(ns, `data-direction="EW"`))
	}
	if n := strings.Count(ew, `data-direction="EW"`); n != 3 || strings.Contains(ew, `data-direction="NS"`) {
		t.Errorf("the EW table has %d EW rows and NS rows %v", n, strings.Contains(ew, `data-direction="NS"`))
	}
	pageHas(t, "scorecard link", p, `href="/sections/`+strconv.FormatInt(sec.ID, 10)+`/scorecards/2?direction=EW"`)
	e.want(http.StatusOK, false, "/sections/"+strconv.FormatInt(sec.ID, 10)+"/scorecards/2?direction=EW", nil)
	e.want(http.StatusNotFound, false, "/sections/"+strconv.FormatInt(sec.ID, 10)+"/scorecards/2", nil)
}
