package web_test

// Tests of the director's key-in page (issue 22 §2): a late table's whole
// round keyed in from paper, a bad line refused with its field named and the
// line refilled, the pickup slips of a pair, the page's JSON for its script.
// The fixture is sessionHowell (session_test.go): 6 pairs, 3 tables, 5
// rounds of 2 boards, under contract-2017. Its scores follow Law 77: 3NT
// making 9 tricks is 100 trick points and a game bonus of 300 (not
// vulnerable) or 500 (vulnerable); 4S making 10 is 120 and the same bonus.

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api/web"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// gameScore is NS's score for a game contract made exactly by NS on board:
// trick points plus 300 not vulnerable, 500 vulnerable (Law 77).
func gameScore(board, trickPoints int) int {
	if scoring.BoardVulnerability(board).Vulnerable(scoring.NS) {
		return trickPoints + 500
	}
	return trickPoints + 300
}

// keyinPath is the key-in page of the fixture's section.
func keyinPath(f sessionHowell) string {
	return "/director/sections/" + strconv.FormatInt(f.section.ID, 10) + "/keyin"
}

// slotValue writes a slot as the key-in form sends it.
func slotValue(s sessionSlot) string {
	return strconv.Itoa(s.board) + "/" + strconv.Itoa(s.round) + "/" + strconv.Itoa(s.table)
}

// anchorOf is a slot's line id on the key-in page.
func anchorOf(s sessionSlot) string {
	return "b" + strconv.Itoa(s.board) + "-r" + strconv.Itoa(s.round) + "-t" + strconv.Itoa(s.table)
}

// keyinKey reads the Idempotency-Key the page gave a slot's form.
func keyinKey(t *testing.T, page sessionPage, s sessionSlot) string {
	t.Helper()
	re := regexp.MustCompile(`(?s)<form [^>]*id="` + anchorOf(s) + `".*?name="key" value="([^"]*)"`)
	m := re.FindStringSubmatch(page.body)
	if m == nil || m[1] == "" {
		t.Fatalf("the key-in page has no key in the form of %+v\n%s", s, page.body)
	}
	return m[1]
}

// TestKeyinLateTable keys in the whole of round 1 at table 2, which handed
// in a paper traveler after the director moved on to round 4: the first
// line from the pair's pickup slips, the second from the board's traveler.
// Each stored line sends the director to the next empty one.
func TestKeyinLateTable(t *testing.T) {
	e := newSessionEnv(t)
	f := newSessionHowell(t, e.svc)
	rd, _ := f.section.Movement.Round(1)
	late, _ := rd.Table(2)
	if len(late.Boards) != 2 {
		t.Fatalf("round 1 table 2 plays boards %v; the fixture has 2 a round", late.Boards)
	}
	first, second := sessionSlot{late.Boards[0], 1, 2}, sessionSlot{late.Boards[1], 1, 2}
	enterAllBut(t, e.svc, f.section, first, second)
	if _, err := e.svc.SetCurrentRound(context.Background(), tournament.Director, f.section.ID, 4); err != nil {
		t.Fatal(err)
	}
	ns := late.Cards(scoring.NS)

	// The pair's pickup slips: the two empty lines are round 1's, the first has the cursor.
	slips := e.want(http.StatusOK, true, keyinPath(f)+"?pair="+strconv.Itoa(ns), nil)
	pageHas(t, "pickup slips", slips, `id="`+anchorOf(first)+`-line"`, `<strong>2</strong> lines here to key in`, `<strong>2</strong> in the section`)
	if !regexp.MustCompile(`id="` + anchorOf(first) + `-line"[^>]*autofocus`).MatchString(slips.body) {
		t.Errorf("the first empty line %s does not have the cursor", anchorOf(first))
	}
	stored := e.want(http.StatusSeeOther, true, keyinPath(f), url.Values{"pair": {strconv.Itoa(ns)}, "slot": {slotValue(first)},
		"line": {"3nt s 9"}, "key": {keyinKey(t, slips, first)}})
	wantNext := keyinPath(f) + "?pair=" + strconv.Itoa(ns) + "&at=" + anchorOf(second) + "&done="
	if !strings.HasPrefix(stored.location, wantNext) || !strings.HasSuffix(stored.location, "#"+anchorOf(second)) {
		t.Errorf("after the first line the page goes to %q, want the next empty line %q…#%s", stored.location, wantNext, anchorOf(second))
	}
	r := storedAt(t, e.svc, f.section.ID, first)
	if r.Contract != "3NT" || r.Declarer != "S" || r.Tricks != 9 || r.NSScore != gameScore(first.board, 100) || r.EnteredBy != "director" {
		t.Errorf("the first line is stored as %s by %s, %d tricks, NS %d, entered by %q; want 3NT by S, 9 tricks, NS %d, by director",
			r.Contract, r.Declarer, r.Tricks, r.NSScore, r.EnteredBy, gameScore(first.board, 100))
	}
	next := e.want(http.StatusOK, true, strings.Split(stored.location, "#")[0], nil)
	pageHas(t, "after the first line", next, `<p class="flash" role="status">Board `+strconv.Itoa(first.board)+`, round 1, table 2 stored: 3NT S 9, NS `)
	if !regexp.MustCompile(`id="` + anchorOf(second) + `-line"[^>]*autofocus`).MatchString(next.body) {
		t.Errorf("the next empty line %s does not have the cursor", anchorOf(second))
	}

	// The second line from the board's traveler, the result written against the contract.
	trav := e.want(http.StatusOK, true, keyinPath(f)+"?board="+strconv.Itoa(second.board), nil)
	done := e.want(http.StatusSeeOther, true, keyinPath(f), url.Values{"board": {strconv.Itoa(second.board)}, "slot": {slotValue(second)},
		"line": {"4S N ="}, "key": {keyinKey(t, trav, second)}})
	if !strings.Contains(done.location, url.QueryEscape("Every line of the section is in")) {
		t.Errorf("after the last line the page goes to %q; want it to say every line is in", done.location)
	}
	r = storedAt(t, e.svc, f.section.ID, second)
	if r.Contract != "4S" || r.Declarer != "N" || r.Tricks != 10 || r.NSScore != gameScore(second.board, 120) {
		t.Errorf("4S N = is stored as %s by %s, %d tricks, NS %d; want 4S by N, 10 tricks, NS %d", r.Contract, r.Declarer, r.Tricks, r.NSScore, gameScore(second.board, 120))
	}
	audit, err := e.svc.Audit(context.Background(), tournament.Director, r.ID)
	if err != nil || len(audit) != 1 || audit[0].Actor != "director" {
		t.Errorf("the audit of the keyed-in line: %+v, %v; want one insert by director", audit, err)
	}
	board := e.want(http.StatusOK, true, "/director/sections/"+strconv.FormatInt(f.section.ID, 10)+"/board", nil)
	pageHas(t, "session board", board, `id="keyin-link" href="`+keyinPath(f)+`"`)
	pageHas(t, "section page", e.want(http.StatusOK, true, "/director/sections/"+strconv.FormatInt(f.section.ID, 10), nil), `id="keyin-link" href="`+keyinPath(f)+`"`)
	pageHas(t, "traveler page", e.want(http.StatusOK, true, "/director/sections/"+strconv.FormatInt(f.section.ID, 10)+"/travelers/3", nil),
		`id="keyin-link" href="`+keyinPath(f)+`?board=3"`)
	for _, s := range []sessionSlot{first, second} {
		if got := boardStatus(t, board, s); got != "entered" {
			t.Errorf("the session board shows %+v as %s, want entered", s, got)
		}
	}
}

// TestKeyinBadLine refuses bad lines with the field named and what is
// allowed, the line refilled in its form, and nothing stored lost; the same
// key sent twice stores once; a stored line is corrected by typing over it.
func TestKeyinBadLine(t *testing.T) {
	e := newSessionEnv(t)
	f := newSessionHowell(t, e.svc)
	a, b := sessionSlot{1, 1, 1}, sessionSlot{1, 2, 2}
	page := e.want(http.StatusOK, true, keyinPath(f)+"?board=1", nil)
	keyA, keyB := keyinKey(t, page, a), keyinKey(t, page, b)
	form := func(s sessionSlot, key string, kv ...string) url.Values {
		v := url.Values{"board": {"1"}, "slot": {slotValue(s)}, "key": {key}}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	e.want(http.StatusSeeOther, true, keyinPath(f), form(a, keyA, "line", "4S N 10"))
	// The same form again (a double Enter): the key stores it once.
	e.want(http.StatusSeeOther, true, keyinPath(f), form(a, keyA, "line", "4S N 10"))
	stored := storedAt(t, e.svc, f.section.ID, a)
	if stored.Version != 1 {
		t.Errorf("the line sent twice with one key is at version %d, want 1", stored.Version)
	}

	for _, c := range []struct {
		name, line, field string
		extra             []string
		says              []string
	}{
		{"too many tricks", "4S N 14", "tricks", nil, []string{`tricks: &#34;14&#34;: the tricks won by the declarer&#39;s side, 0 to 13`}},
		{"no such seat", "4S Q 10", "declarer", nil, []string{`declarer &#34;Q&#34;: not a seat (allowed: N, E, S, W)`}},
		{"no such contract", "9S N 10", "contract", nil, []string{`contract`, `9S`}},
		{"down too many", "1C S -8", "tricks", nil, []string{`&#34;-8&#34; against 1C would be -1 tricks`}},
		{"no tricks", "4S N", "tricks", nil, []string{`tricks: required`}},
		{"line and fields differ", "4S N 10", "tricks", []string{"tricks", "9"}, []string{`the line says &#34;10&#34; but the tricks field says &#34;9&#34;`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			kv := append([]string{"line", c.line}, c.extra...)
			p := e.want(http.StatusUnprocessableEntity, true, keyinPath(f), form(b, keyB, kv...))
			pageHas(t, c.name, p, c.says...)
			pageHas(t, c.name, p, `id="`+anchorOf(b)+`-error" role="alert">`, `value="`+c.line+`"`)
			errBeside := regexp.MustCompile(`id="` + anchorOf(b) + `-error" role="alert">([^<]*)<`).FindStringSubmatch(p.body)
			if errBeside == nil || !strings.Contains(errBeside[1], c.field) {
				t.Errorf("the error beside the line is %q; want it to name %s", errBeside, c.field)
			}
			if !regexp.MustCompile(`name="` + c.field + `" id="` + anchorOf(b) + `-` + c.field + `"[^>]*aria-invalid="true"`).MatchString(p.body) {
				t.Errorf("the %s field of the refused line is not marked invalid", c.field)
			}
			// The stored line is still there, on the page and in the database.
			pageHas(t, c.name, p, `Stored: 4S N 10 · <strong>NS `+strconv.Itoa(gameScore(1, 120))+`</strong>`)
			if got := storedAt(t, e.svc, f.section.ID, a); got.Version != 1 || got.Tricks != 10 {
				t.Errorf("the stored line changed: %+v", got)
			}
			rs, err := e.svc.Results(context.Background(), tournament.Director, tournament.ResultFilter{SectionID: f.section.ID})
			if err != nil || len(rs) != 1 {
				t.Errorf("the section holds %d results (%v), want the one stored", len(rs), err)
			}
		})
	}

	// A line the table stored while the director was typing: the director's
	// line is refused, kept, and the table's shown; sent again, it replaces it.
	late := sessionSlot{1, 5, 2}
	keyLate := keyinKey(t, page, late)
	if _, _, err := e.svc.EnterResults(context.Background(), tournament.Director, f.section.ID, []tournament.Result{playedAt(late, "4S", "N", 9)}, nil); err != nil {
		t.Fatal(err)
	}
	clash := e.want(http.StatusConflict, true, keyinPath(f), form(late, keyLate, "line", "4S N 8"))
	table := storedAt(t, e.svc, f.section.ID, late)
	pageHas(t, "a line stored meanwhile", clash, `this line was stored meanwhile (by director: 4S N 9, version 1)`, `value="4S N 8"`,
		`name="id" value="`+strconv.FormatInt(table.ID, 10)+`"`)
	e.want(http.StatusSeeOther, true, keyinPath(f), form(late, "", "id", strconv.FormatInt(table.ID, 10), "version", "1", "line", "4S N 8"))
	if got := storedAt(t, e.svc, f.section.ID, late); got.Tricks != 8 || got.Version != 2 {
		t.Errorf("the director's line sent again: %d tricks, version %d; want 8, 2", got.Tricks, got.Version)
	}
	long := e.want(http.StatusUnprocessableEntity, true, keyinPath(f), form(b, keyB, "line", "4S N 10 "+strings.Repeat("H", 10)))
	pageHas(t, "a long lead", long, `lead: &#34;HHHHHHHHHH&#34;: the opening lead is a card`)

	// A stored line is corrected by typing over it (UpdateResult at the
	// form's version); the same line again changes nothing.
	id, version := strconv.FormatInt(stored.ID, 10), strconv.Itoa(stored.Version)
	e.want(http.StatusSeeOther, true, keyinPath(f), form(a, "", "id", id, "version", version, "line", "4S N +1"))
	fixed := storedAt(t, e.svc, f.section.ID, a)
	if fixed.Tricks != 11 || fixed.Version != 2 || fixed.NSScore != gameScore(1, 120)+30 {
		t.Errorf("4S N +1 over the stored line: %d tricks, version %d, NS %d; want 11, 2, NS %d", fixed.Tricks, fixed.Version, fixed.NSScore, gameScore(1, 120)+30)
	}
	e.want(http.StatusSeeOther, true, keyinPath(f), form(a, "", "id", id, "version", "2", "line", "4S N 11"))
	if again := storedAt(t, e.svc, f.section.ID, a); again.Version != 2 {
		t.Errorf("the same line typed again moved the version to %d, want it left at 2", again.Version)
	}
	// A form made before that correction is stale: refused, the line kept, the line as stored now shown.
	p := e.want(http.StatusPreconditionFailed, true, keyinPath(f), form(a, "", "id", id, "version", "1", "line", "4S N 9"))
	pageHas(t, "a stale correction", p, `this line was stored meanwhile (by director: 4S N 11, version 2)`, `value="4S N 9"`, `name="version" value="2"`)
}

// TestKeyinPickupSlips checks that a pair's pickup slips list exactly the
// boards the movement gives the pair, round by round: in the 6-pair Howell
// every pair plays every round (3 tables seat 6 pairs), 2 boards a round, so
// 10 lines.
func TestKeyinPickupSlips(t *testing.T) {
	e := newSessionEnv(t)
	f := newSessionHowell(t, e.svc)
	m := &f.section.Movement
	slotRE := regexp.MustCompile(`class="keyin-line[^"]*" data-slot="([0-9/]+)"`)
	for pair := 1; pair <= m.Pairs; pair++ {
		var want []string
		for _, rd := range m.Rounds {
			if t, ok := rd.Seating(pair); ok {
				for _, b := range t.Boards {
					want = append(want, strconv.Itoa(b)+"/"+strconv.Itoa(rd.Number)+"/"+strconv.Itoa(t.Table))
				}
			}
		}
		if len(want) != 10 {
			t.Fatalf("pair %d plays %d boards in the movement; the fixture gives every pair 10", pair, len(want))
		}
		p := e.want(http.StatusOK, true, keyinPath(f)+"?pair="+strconv.Itoa(pair), nil)
		var got []string
		for _, m := range slotRE.FindAllStringSubmatch(p.body, -1) {
			got = append(got, m[1])
		}
		if !slices.Equal(got, want) {
			t.Errorf("pair %d's pickup slips list %v, want %v (board/round/table)", pair, got, want)
		}
		pageHas(t, "pair "+strconv.Itoa(pair), p, `Pickup slips of Pair `+strconv.Itoa(pair))
	}
	// A board's traveler lists the tables that play it: board 1 at round 1
	// table 1, round 2 table 2, round 5 table 2 (the fixture's comment).
	p := e.want(http.StatusOK, true, keyinPath(f)+"?board=1", nil)
	var got []string
	for _, m := range slotRE.FindAllStringSubmatch(p.body, -1) {
		got = append(got, m[1])
	}
	if want := []string{"1/1/1", "1/2/2", "1/5/2"}; !slices.Equal(got, want) {
		t.Errorf("board 1's traveler lists %v, want %v", got, want)
	}
	e.want(http.StatusUnprocessableEntity, true, keyinPath(f)+"?pair=7", nil)
	// Anyone but the director is sent to sign in.
	if p := e.request(false, keyinPath(f), nil); p.status != http.StatusSeeOther || !strings.HasPrefix(p.location, "/director/login") {
		t.Errorf("the key-in page without signing in: %d to %q, want 303 to the sign-in", p.status, p.location)
	}
}

// keyinJSON posts a line as the page's script does and decodes the answer.
func keyinJSON(t *testing.T, e *sessionEnv, path string, form url.Values) (int, map[string]any) {
	t.Helper()
	form.Set("csrf", web.FormToken(e.cookie))
	req, err := http.NewRequest(http.MethodPost, e.url+path, strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	req.AddCookie(&http.Cookie{Name: web.CookieName, Value: e.cookie})
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	var out map[string]any
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatalf("%s answered %d, not JSON: %s", path, res.StatusCode, body)
	}
	return res.StatusCode, out
}

// TestKeyinScript checks the answers the page's script reads: a check
// scores without storing, a half-typed line says what it still needs, and
// a store names the next empty line.
func TestKeyinScript(t *testing.T) {
	e := newSessionEnv(t)
	f := newSessionHowell(t, e.svc)
	s := sessionSlot{1, 1, 1}
	status, a := keyinJSON(t, e, keyinPath(f), url.Values{"board": {"1"}, "slot": {slotValue(s)}, "line": {"4s n ="}, "do": {"check"}})
	if status != http.StatusOK || a["ok"] != true || a["tricks"] != 10.0 || a["score"] != "NS "+strconv.Itoa(gameScore(1, 120)) {
		t.Errorf("checking 4S N =: %d %v; want ok, 10 tricks, NS %d", status, a, gameScore(1, 120))
	}
	if items, _ := a["items"].([]any); len(items) == 0 {
		t.Errorf("the check itemises nothing: %v", a)
	}
	if rs, _ := e.svc.Results(context.Background(), tournament.Director, tournament.ResultFilter{SectionID: f.section.ID}); len(rs) != 0 {
		t.Errorf("a check stored %d results", len(rs))
	}
	status, a = keyinJSON(t, e, keyinPath(f), url.Values{"board": {"1"}, "slot": {slotValue(s)}, "line": {"4S N"}, "do": {"check"}})
	if status != http.StatusUnprocessableEntity || a["field"] != "tricks" || a["contract"] != "4S" || a["declarer"] != "N" {
		t.Errorf("checking the half line 4S N: %d %v; want 422 naming tricks, with 4S and N read", status, a)
	}
	// Without the script, Check shows the score beside the line, nothing stored.
	checked := e.want(http.StatusOK, true, keyinPath(f), url.Values{"board": {"1"}, "slot": {slotValue(s)}, "line": {"4S N 10"}, "do": {"check"}})
	pageHas(t, "a checked line", checked, `Checked, not stored: <strong>NS `+strconv.Itoa(gameScore(1, 120))+`</strong>`, `value="4S N 10"`)
	status, a = keyinJSON(t, e, keyinPath(f), url.Values{"board": {"1"}, "slot": {slotValue(s)}, "line": {"4S N 10"}, "key": {"k-1"}})
	if status != http.StatusOK || a["stored"] != true || a["next"] != anchorOf(sessionSlot{1, 2, 2}) || a["line"] != "4S N 10" {
		t.Errorf("storing 4S N 10: %d %v; want stored, next %s", status, a, anchorOf(sessionSlot{1, 2, 2}))
	}
}

// TestKeyinHonoursAndRevokes keys in a line under auction-1915 on a board
// with no hand record, with the honours each hand held and a defender's
// revoke, as TestTableEntersHonoursAndRevokes enters it from a table: 4H
// by North, 10 tricks, honours N 2, E 1, S 1, W 1, East–West revoked once
// and North took 3 tricks (seed 003 Law 84, LAWS.md "Revokes"): 7 odd at 8
// = 56, simple honours 16, game premium 125: NS +197.
func TestKeyinHonoursAndRevokes(t *testing.T) {
	e := newSessionEnv(t)
	ctx := context.Background()
	ev, err := e.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Auction club", Date: "2026-11-24", Law: "auction-1915", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := e.svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	f := sessionHowell{event: ev, section: sec}
	s := sessionSlot{1, 1, 1}
	page := e.want(http.StatusOK, true, keyinPath(f)+"?board=1", nil)
	pageHas(t, "auction-1915 key-in", page, `name="honours-N" id="`+anchorOf(s)+`-honours-N"`, `name="revoke-penalty-0"`)
	if strings.Contains(page.body, `name="chicane-N"`) {
		t.Error("the page asks for chicane, which auction-1915 does not score")
	}
	form := url.Values{"board": {"1"}, "slot": {slotValue(s)}, "key": {keyinKey(t, page, s)}, "line": {"4H N 10"},
		"honours-N": {"2"}, "honours-E": {"1"}, "honours-S": {"1"}, "honours-W": {"1"}, "revokes": {"1"}, "revoke-side-0": {"EW"}}
	refused := e.want(http.StatusUnprocessableEntity, true, keyinPath(f), form)
	pageHas(t, "a revoke without its penalty", refused, `revokes[0].penalty`, `<details class="extras" open>`,
		`<option value="2" selected>2</option>`, `<option value="EW" selected>EW</option>`)
	form.Set("revoke-penalty-0", "tricks")
	e.want(http.StatusSeeOther, true, keyinPath(f), form)
	r := storedAt(t, e.svc, sec.ID, s)
	if r.NSScore != 197 || len(r.Revokes) != 1 || r.Honours["N"] != 2 {
		t.Errorf("stored NS %d, revokes %v, honours %v; want +197 with the revoke and N's 2 honours", r.NSScore, r.Revokes, r.Honours)
	}
	stored := e.want(http.StatusOK, true, keyinPath(f)+"?board=1", nil)
	pageHas(t, "the stored line", stored, "NS: 3 honours (simple honours): 16", "NS: game premium: 125", `<details class="extras" open>`)
}
