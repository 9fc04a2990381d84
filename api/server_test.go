package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/api/internal/limit"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// fakeStore is a tournament.Store for tests that need no database: every
// method not overridden panics (the embedded nil interface), so a test
// fails loudly if a request reaches the store it should not reach.
type fakeStore struct {
	tournament.Store
	eventsErr error
	pingErr   error
}

func (f *fakeStore) Ping(context.Context) error { return f.pingErr }

func (f *fakeStore) Events(context.Context) ([]tournament.Event, error) {
	return nil, f.eventsErr
}

const testDirector = "director-secret"

// syncBuffer is a log sink safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// newTestServer returns a server over a fakeStore with a configured
// director token, and the log it writes.
func newTestServer(t *testing.T, store *fakeStore, o Options) (*httptest.Server, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	o.Logger = slog.New(slog.NewJSONHandler(logs, nil))
	svc := tournament.NewService(store, tournament.ServiceOptions{DirectorToken: testDirector})
	srv := httptest.NewServer(New(svc, o))
	t.Cleanup(srv.Close)
	return srv, logs
}

// do sends a request and returns the status, headers and body, through
// package apitest's Client.Do (see ApitestDo).
func do(t *testing.T, method, url, token string, body []byte, header ...string) (int, http.Header, []byte) {
	t.Helper()
	return ApitestDo(t, method, url, token, body, header...)
}

// ApitestDo is apitest's Client.Do, set by apitest_bridge_test.go: package
// api's own tests cannot import apitest, which imports api, but an external
// test file of the same test binary can, and hands it over here.
var ApitestDo func(t testing.TB, method, url, token string, body []byte, header ...string) (int, http.Header, []byte)

// errorBody reads an error answer, failing if it is not one.
func errorBody(t *testing.T, b []byte) dto.ErrorResponse {
	t.Helper()
	var e dto.ErrorResponse
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || e.Error == "" {
		t.Fatalf("not an error answer: %s (%v)", b, err)
	}
	return e
}

// TestAnswer checks the one mapping of errors to statuses (issue 4 §3:
// 400/401/403/404/409/412/422, never internals).
func TestAnswer(t *testing.T) {
	stored := &tournament.Result{ID: 7, Board: 3, Version: 4, Status: tournament.StatusPlayed}
	for _, tc := range []struct {
		name      string
		err       error
		status    int
		field     string
		internal  bool
		current   bool
		mustNotIn string
	}{
		{"api 400", badRequest("tricks", "expected a whole number"), 400, "tricks", false, false, ""},
		{"invalid", tournament.Invalidf("board", "board 29: the section has boards 1 to 27", "1", "27"), 422, "board", false, false, ""},
		{"invalid wrapped sentinel", fmt.Errorf("law code: %w", tournament.ErrInvalid), 422, "", false, false, ""},
		{"not found", tournament.NotFoundf("event", 9), 404, "", false, false, ""},
		{"not found wrapped", fmt.Errorf("result 9: %w", tournament.ErrNotFound), 404, "", false, false, ""},
		{"conflict with current", &tournament.Error{Kind: tournament.ErrConflict, Field: "board", Message: "already entered", Current: stored}, 409, "board", false, true, ""},
		{"stale with current", &tournament.Error{Kind: tournament.ErrStale, Message: "version 3 is not the stored 4", Current: stored}, 412, "version", false, true, ""},
		{"stale sentinel", fmt.Errorf("update: %w", tournament.ErrStale), 412, "", false, false, ""},
		{"forbidden", &tournament.Error{Kind: tournament.ErrForbidden, Message: "table 2 only"}, 403, "", false, false, ""},
		{"unauthorized", &tournament.Error{Kind: tournament.ErrUnauthorized, Field: "Authorization", Message: "unknown token"}, 401, "Authorization", false, false, ""},
		{"scoring", &scoring.Error{Field: "contract", Value: "8S", Problem: "not a contract"}, 422, "contract", false, false, ""},
		{"echo 404", echo.ErrNotFound, 404, "", false, false, ""},
		{"echo 405", echo.ErrMethodNotAllowed, 405, "", false, false, ""},
		{"body too large", &http.MaxBytesError{Limit: 10}, 413, "body", false, false, ""},
		{"deadline", fmt.Errorf("query: %w", context.DeadlineExceeded), 503, "", true, false, "query"},
		{"stream bound", &limit.Exceeded{What: "open live standings streams from one address", Bound: 8}, 429, "", false, false, ""},
		{"body too slow", fmt.Errorf("reading: %w", limit.ErrBodyTimeout), 408, "body", false, false, ""},
		{"anything else", errors.New(`ERROR: duplicate key value violates unique constraint "results_pkey" (SQLSTATE 23505)`), 500, "", true, false, "SQLSTATE"},
		{"tournament error of no kind", &tournament.Error{Message: "SELECT secret"}, 500, "", true, false, "SELECT"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body, internal := Answer(tc.err)
			if status != tc.status || body.Field != tc.field || internal != tc.internal || (body.Current != nil) != tc.current {
				t.Errorf("Answer = %d %+v internal %v; want %d field %q internal %v current %v", status, body, internal, tc.status, tc.field, tc.internal, tc.current)
			}
			if body.Error == "" {
				t.Error("no message")
			}
			if tc.mustNotIn != "" && strings.Contains(body.Error, tc.mustNotIn) {
				t.Errorf("message %q leaks %q", body.Error, tc.mustNotIn)
			}
			if tc.current && (body.Current.ID != 7 || body.Current.Version != 4) {
				t.Errorf("current = %+v, want result 7 version 4", body.Current)
			}
		})
	}
}

// TestErrorsOverHTTP: echo's own 404 and 405, a bad path id, an unknown
// or malformed token, and a server failure all answer the one JSON shape;
// the failure is logged and its text never sent.
func TestErrorsOverHTTP(t *testing.T) {
	store := &fakeStore{eventsErr: errors.New(`relation "events" does not exist`)}
	srv, logs := newTestServer(t, store, Options{})
	for _, tc := range []struct {
		method, path, token string
		status              int
		field               string
	}{
		{"GET", "/nowhere", "", 404, ""},
		{"GET", "/v1/nowhere", "", 404, ""},
		{"DELETE", "/v1/events", "", 405, ""},
		{"GET", "/v1/events/abc", testDirector, 400, "id"},
		{"GET", "/v1/events/0", testDirector, 400, "id"},
		{"GET", "/v1/sections/-3/standings", testDirector, 400, "id"},
		{"GET", "/v1/sections/1/travelers/x", testDirector, 400, "board"},
		{"GET", "/v1/tokens?limit=0", testDirector, 400, "limit"}, // 1 to MaxTokensListed
		{"GET", "/v1/sections/1/boards/" + strconv.Itoa(tournament.MaxBoards+1) + "/analysis", testDirector, 400, "n"},
		{"GET", "/v1/events", "Basic Zm9vOmJhcg==", 401, "Authorization"},
		{"GET", "/v1/events", testDirector, 500, ""},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, srv.URL+tc.path, nil)
			if tc.token != "" {
				if strings.HasPrefix(tc.token, "Basic ") {
					req.Header.Set("Authorization", tc.token)
				} else {
					req.Header.Set("Authorization", "Bearer "+tc.token)
				}
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tc.status, b)
			}
			e := errorBody(t, b)
			if e.Field != tc.field {
				t.Errorf("field %q, want %q: %s", e.Field, tc.field, b)
			}
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q", ct)
			}
			if tc.status == 401 && !strings.HasPrefix(res.Header.Get("WWW-Authenticate"), "Bearer") {
				t.Errorf("WWW-Authenticate %q, want Bearer", res.Header.Get("WWW-Authenticate"))
			}
			if tc.status == 500 {
				if e.Error != "internal error" {
					t.Errorf("500 says %q, want only \"internal error\"", e.Error)
				}
				if !strings.Contains(logs.String(), `relation \"events\" does not exist`) {
					t.Errorf("the failure is not logged: %s", logs.String())
				}
			}
		})
	}
	// one log line per request, with method, path, status and latency
	var lines int
	for _, l := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line not JSON: %s", l)
		}
		if m["msg"] != "request" {
			continue
		}
		lines++
		for _, k := range []string{"method", "path", "status", "latency"} {
			if _, ok := m[k]; !ok {
				t.Errorf("log line without %s: %s", k, l)
			}
		}
	}
	if lines != 11 { // the 11 requests above
		t.Errorf("%d request log lines, want 11", lines)
	}
}

// TestDecodeNamesTheField: malformed JSON, a wrong type and an unknown
// field are 400s naming the field by its full path, with what is allowed.
func TestDecodeNamesTheField(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		into       func() any
		root       string
		field      string
		allowed    string // one of the allowed names, "" for none
		inMessage  string
	}{
		{"syntax", `{"name": "x",}`, func() any { return new(EventRequest) }, "", "body", "", "not valid JSON"},
		{"empty", ``, func() any { return new(EventRequest) }, "", "body", "", "empty"},
		{"two values", `{} {}`, func() any { return new(EventRequest) }, "", "body", "", "more than one"},
		{"unknown top field", `{"nmae": "x"}`, func() any { return new(EventRequest) }, "", "nmae", "name", "unknown field"},
		{"wrong type", `{"name": 3}`, func() any { return new(EventRequest) }, "", "name", "", "expected string"},
		{"bool", `{"published": "yes"}`, func() any { return new(EventRequest) }, "", "published", "", "expected true or false"},
		{"nested unknown", `{"name": "A", "movement": {"kind": "howell", "tabels": 3}}`, func() any { return new(SectionRequest) }, "", "movement.tabels", "tables", "unknown field"},
		{"deep type", `{"movement": {"kind": "custom", "schedule": [{"round": 1, "tables": [{"table": 1, "ns": 1, "ew": 2, "boards": [1, "2"]}]}]}}`,
			func() any { return new(SectionRequest) }, "", "movement.schedule[0].tables[0].boards[1]", "", "expected whole number"},
		{"fraction", `{"board": 1.5}`, func() any { return new(ResultRequest) }, "", "board", "", "whole number"},
		{"list element", `[{"board": 1}, {"board": 2, "trick": 9}]`, func() any { return new([]ResultRequest) }, "results", "results[1].trick", "tricks", "unknown field"},
		{"list type", `[{"board": 1}, {"tricks": "ten"}]`, func() any { return new([]ResultRequest) }, "results", "results[1].tricks", "", "expected whole number"},
		{"honours map", `{"honours": {"N": "four"}}`, func() any { return new(ResultRequest) }, "", "honours.N", "", "expected whole number"},
		{"object for list", `{"board": 1}`, func() any { return new([]BoardRequest) }, "boards", "boards", "", "expected list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := decodeJSON([]byte(tc.body), tc.into(), tc.root)
			status, body, _ := Answer(err)
			if status != 400 || body.Field != tc.field || !strings.Contains(body.Error, tc.inMessage) {
				t.Fatalf("got %d %+v; want 400 field %q saying %q", status, body, tc.field, tc.inMessage)
			}
			if tc.allowed != "" && !slices.Contains(body.Allowed, tc.allowed) {
				t.Errorf("allowed %v lacks %q", body.Allowed, tc.allowed)
			}
		})
	}
	// law options: a value neither a switch nor a whole number
	_, err := (&EventRequest{LawOptions: map[string]json.RawMessage{"game_premium": json.RawMessage(`"lots"`)}}).Input()
	if status, body, _ := Answer(err); status != 400 || body.Field != "law_options.game_premium" {
		t.Errorf("law option: %d %+v", status, body)
	}
	// a missing "tricks" is not 0 tricks
	if r := (&ResultRequest{Board: 1, Contract: "4S", Declarer: "N"}).Result(); r.Tricks != tournament.TricksNotGiven {
		t.Errorf("missing tricks: %d, want TricksNotGiven", r.Tricks)
	}
}

// TestDecodeOverHTTP: the decoding errors reach the client as 400s, before
// any use of the store.
func TestDecodeOverHTTP(t *testing.T) {
	srv, _ := newTestServer(t, &fakeStore{}, Options{})
	status, _, b := do(t, "POST", srv.URL+"/v1/events", testDirector, []byte(`{"name": "Tuesday", "scorng": "MP"}`))
	e := errorBody(t, b)
	if status != 400 || e.Field != "scorng" || !slices.Contains(e.Allowed, "scoring") {
		t.Errorf("%d %s", status, b)
	}
	status, _, b = do(t, "POST", srv.URL+"/v1/score", "", []byte(`{"law": "contract-2017", "contract": "4S", "declarer": "N", "tricks": "ten"}`))
	if e := errorBody(t, b); status != 400 || e.Field != "tricks" {
		t.Errorf("score: %d %s", status, b)
	}
	status, _, b = do(t, "POST", srv.URL+"/v1/score", "", []byte(`{"law": "contract-2017", "contract": "8S", "declarer": "N", "tricks": 10}`))
	if e := errorBody(t, b); status != 422 || e.Field != "contract" {
		t.Errorf("score: %d %s", status, b)
	}
	// 4S by N making 10, not vulnerable (board 1): 120 + 300 (Law 77)
	status, _, b = do(t, "POST", srv.URL+"/v1/score", "", []byte(`{"law": "contract-2017", "contract": "4S", "declarer": "N", "tricks": 10, "board": 1}`))
	var sc ScoreResponse
	if err := json.Unmarshal(b, &sc); status != 200 || err != nil || sc.NSScore != 420 {
		t.Errorf("score: %d %s", status, b)
	}
	status, _, b = do(t, "PATCH", srv.URL+"/v1/sections/4", testDirector, []byte(`{}`))
	if e := errorBody(t, b); status != 400 || e.Field != "current_round" {
		t.Errorf("patch section: %d %s", status, b)
	}
	status, _, b = do(t, "GET", srv.URL+"/v1/sections/4/results?bord=3", testDirector, nil)
	if e := errorBody(t, b); status != 400 || e.Field != "bord" || !slices.Contains(e.Allowed, "board") {
		t.Errorf("filter: %d %s", status, b)
	}
	status, _, b = do(t, "PUT", srv.URL+"/v1/results/4", testDirector, []byte(`{}`))
	if e := errorBody(t, b); status != 428 || e.Field != "If-Match" {
		t.Errorf("no If-Match: %d %s", status, b)
	}
	status, _, b = do(t, "PUT", srv.URL+"/v1/results/4", testDirector, []byte(`{}`), "If-Match", `"v3"`)
	if e := errorBody(t, b); status != 400 || e.Field != "If-Match" {
		t.Errorf("bad If-Match: %d %s", status, b)
	}
	status, _, b = do(t, "PUT", srv.URL+"/v1/sections/4/boards", testDirector, []byte(`x`), "Content-Type", "text/csv")
	if e := errorBody(t, b); status != 415 || e.Field != "Content-Type" {
		t.Errorf("boards as CSV: %d %s", status, b)
	}
	status, _, b = do(t, "PUT", srv.URL+"/v1/sections/4/boards", testDirector, []byte("[Event \"x\"]\n"), "Content-Type", "application/x-pbn")
	if e := errorBody(t, b); status != 422 || e.Field != "file: line 1 [Deal]" || !strings.Contains(e.Error, "expected at least one game with a [Deal] tag") {
		t.Errorf("PBN without boards: %d %s", status, b)
	}
}

// TestBodyLimit: a body over MaxBodyBytes is a 413 in the error shape,
// whether its Content-Length says so or not.
func TestBodyLimit(t *testing.T) {
	srv, _ := newTestServer(t, &fakeStore{}, Options{MaxBodyBytes: 1000})
	big := []byte(`{"law": "contract-2017", "contract": "4S", "declarer": "N", "tricks": 10, "deal": "` + strings.Repeat(" ", 2000) + `"}`)
	status, _, b := do(t, "POST", srv.URL+"/v1/score", "", big)
	if e := errorBody(t, b); status != 413 || e.Field != "body" {
		t.Errorf("with Content-Length: %d %s", status, b)
	}
	// chunked: no Content-Length, the limit is met while reading
	req, _ := http.NewRequest("POST", srv.URL+"/v1/events", io.MultiReader(bytes.NewReader(big)))
	req.Header.Set("Authorization", "Bearer "+testDirector)
	req.ContentLength = -1
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if e := errorBody(t, b); res.StatusCode != 413 || e.Field != "body" {
		t.Errorf("chunked: %d %s", res.StatusCode, b)
	}
	// under the limit it is read
	status, _, b = do(t, "POST", srv.URL+"/v1/score", "", []byte(`{"law": "contract-2017", "contract": "4S", "declarer": "N", "tricks": 10}`))
	if status != 200 {
		t.Errorf("small body: %d %s", status, b)
	}
}

// TestRateLimit: past the burst a token (or an address without one) gets
// 429 with Retry-After; another token is not held back.
func TestRateLimit(t *testing.T) {
	srv, _ := newTestServer(t, &fakeStore{}, Options{RateLimit: 1, RateBurst: 3})
	line := []byte(`{"law": "contract-2017", "contract": "4S", "declarer": "N", "tricks": 10}`)
	for i := 1; i <= 3; i++ {
		if status, _, b := do(t, "POST", srv.URL+"/v1/score", "", line); status != 200 {
			t.Fatalf("request %d: %d %s", i, status, b)
		}
	}
	status, h, b := do(t, "POST", srv.URL+"/v1/score", "", line)
	e := errorBody(t, b)
	if status != 429 || !strings.Contains(e.Error, "too many requests") {
		t.Fatalf("4th request: %d %s", status, b)
	}
	if ra, err := strconv.Atoi(h.Get("Retry-After")); err != nil || ra < 1 {
		t.Errorf("Retry-After %q", h.Get("Retry-After"))
	}
	// a token has its own bucket (the director token here)
	if status, _, b := do(t, "POST", srv.URL+"/v1/score", testDirector, line); status != 200 {
		t.Errorf("director after the address is limited: %d %s", status, b)
	}
	// health probes are never limited
	if status, _, _ := do(t, "GET", srv.URL+"/healthz", "", nil); status != 200 {
		t.Errorf("healthz %d", status)
	}
}

// TestLimiterRefills checks the bucket arithmetic without the clock: 2 a
// second, burst 2 — the third request waits half a second.
func TestLimiterRefills(t *testing.T) {
	l := newLimiters(2, 2)
	now := time.Unix(1000, 0)
	for i := range 2 {
		if ok, _ := l.allow("k", now); !ok {
			t.Fatalf("request %d refused", i)
		}
	}
	ok, wait := l.allow("k", now)
	if ok || wait != 500*time.Millisecond {
		t.Fatalf("third: ok %v wait %v; want refused, 500ms", ok, wait)
	}
	if ok, _ := l.allow("k", now.Add(500*time.Millisecond)); !ok {
		t.Error("refused after the wait")
	}
	// a key idle past staleAfter is forgotten at the next sweep
	l.allow("other", now.Add(staleAfter+2*time.Minute))
	if _, ok := l.byKey["k"]; ok {
		t.Error("stale key kept")
	}
}

// TestHealth: /healthz while up, /readyz when the store answers.
func TestHealth(t *testing.T) {
	srv, _ := newTestServer(t, &fakeStore{}, Options{})
	for _, p := range []string{"/healthz", "/readyz"} {
		if status, _, b := do(t, "GET", srv.URL+p, "", nil); status != 200 {
			t.Errorf("%s: %d %s", p, status, b)
		}
	}
	down, logs := newTestServer(t, &fakeStore{pingErr: errors.New("dial tcp 127.0.0.1:5432: connection refused")}, Options{})
	status, _, b := do(t, "GET", down.URL+"/readyz", "", nil)
	if e := errorBody(t, b); status != 503 || strings.Contains(e.Error, "5432") {
		t.Errorf("readyz with the store down: %d %s", status, b)
	}
	if !strings.Contains(logs.String(), "connection refused") {
		t.Errorf("the reason is not logged: %s", logs.String())
	}
	if status, _, _ := do(t, "GET", down.URL+"/healthz", "", nil); status != 200 {
		t.Errorf("healthz with the store down: %d", status)
	}
}

// TestOpenAPIMatchesRoutes: every echo route is in the OpenAPI document and
// every documented path and method is a route; the document is OpenAPI 3.1
// and every $ref resolves.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	var doc struct {
		OpenAPI    string                                `json:"openapi"`
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components map[string]map[string]json.RawMessage `json:"components"`
	}
	if err := json.Unmarshal(OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi %q, want 3.1.0", doc.OpenAPI)
	}
	documented := map[string]bool{}
	for path, item := range doc.Paths {
		for method := range item {
			switch method {
			case "parameters", "summary", "description":
				continue
			}
			documented[strings.ToUpper(method)+" "+path] = true
		}
	}
	param := regexp.MustCompile(`:([a-z_]+)`)
	routed := map[string]bool{}
	e := newEcho(nil, Options{})
	for _, r := range e.Routes() {
		if !strings.HasPrefix(r.Path, "/v1/") && r.Path != "/healthz" && r.Path != "/readyz" {
			continue // the HTML pages and their assets (package web) are not the JSON API
		}
		routed[r.Method+" "+param.ReplaceAllString(r.Path, "{$1}")] = true
	}
	for k := range routed {
		if !documented[k] {
			t.Errorf("route %s is not in api/openapi.json", k)
		}
	}
	for k := range documented {
		if !routed[k] {
			t.Errorf("api/openapi.json documents %s, which is no route", k)
		}
	}
	if len(routed) < 25 {
		t.Errorf("only %d routes", len(routed))
	}
	for _, m := range regexp.MustCompile(`"\$ref": "#/components/([a-zA-Z]+)/([A-Za-z]+)"`).FindAllStringSubmatch(string(OpenAPI()), -1) {
		if _, ok := doc.Components[m[1]][m[2]]; !ok {
			t.Errorf("$ref %s/%s does not resolve", m[1], m[2])
		}
	}
	// the document is what /v1/openapi.json serves
	srv, _ := newTestServer(t, &fakeStore{}, Options{})
	status, _, b := do(t, "GET", srv.URL+"/v1/openapi.json", "", nil)
	if status != 200 || !bytes.Equal(b, OpenAPI()) {
		t.Errorf("GET /v1/openapi.json: %d, %d bytes", status, len(b))
	}
}

// TestOpenAPIConventionNames: every "convention" property the document
// gives an enum lists exactly the conventions the API accepts
// (scoring.ConventionNames, the one list the 422 names): three branches
// that each added a convention left the document's enums behind.
func TestOpenAPIConventionNames(t *testing.T) {
	var walk func(v any) int
	want := scoring.ConventionNames()
	walk = func(v any) int {
		n := 0
		switch v := v.(type) {
		case map[string]any:
			for k, c := range v {
				if prop, ok := c.(map[string]any); ok && k == "convention" {
					if enum, ok := prop["enum"].([]any); ok {
						n++
						got := make([]string, len(enum))
						for i, e := range enum {
							got[i], _ = e.(string)
						}
						if !slices.Equal(got, want) {
							t.Errorf("a convention enum lists %v; the API takes %v", got, want)
						}
					}
				}
				n += walk(c)
			}
		case []any:
			for _, c := range v {
				n += walk(c)
			}
		}
		return n
	}
	var doc any
	if err := json.Unmarshal(OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	if n := walk(doc); n == 0 {
		t.Error("no convention enum in api/openapi.json")
	}
}
