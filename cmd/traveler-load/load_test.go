package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestLoadtest plays a small load test against the API over a real
// database: 2 sections of a 3-table Mitchell, 2 boards a round, so 3 rounds
// × 3 tables × 2 boards = 18 results a section, 36 in all, each entered by
// its table's token in its round. Nothing may fail and no standings read may
// miss a result already answered.
func TestLoadtest(t *testing.T) {
	e := newServer(t)
	cfg := loadConfig{url: e.URL, token: directorToken, sections: 2, tables: 3, boardsPerRound: 2, batch: 1, probeEvery: time.Millisecond, retryFor: 10 * time.Second}
	rep, err := loadtest(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Planned != 36 || rep.Entered != 36 || rep.Requests != 36 || rep.Failed != 0 || rep.Stale != 0 || rep.Retries != 0 {
		t.Fatalf("entered %d of %d in %d requests, %d failed %v, %d stale, %d retries; want 36 of 36 in 36, none failed, stale or retried",
			rep.Entered, rep.Planned, rep.Requests, rep.Failed, rep.FailedByStatus, rep.Stale, rep.Retries)
	}
	var events []struct {
		ID int64 `json:"id"`
	}
	e.Want(200, &events, "GET", "/v1/events", directorToken, nil)
	var secs []struct {
		ID int64 `json:"id"`
	}
	e.Want(200, &secs, "GET", "/v1/events/"+id(events[0].ID)+"/sections", directorToken, nil)
	for _, s := range secs {
		var st struct {
			Results int `json:"results"`
		}
		e.Want(200, &st, "GET", "/v1/sections/"+id(s.ID)+"/standings", directorToken, nil)
		if st.Results != 18 {
			t.Errorf("section %d: standings count %d results, want 18", s.ID, st.Results)
		}
	}

	// Batches of 2 (a table's whole round in one request) store the same.
	cfg.batch = 2
	rep, err = loadtest(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Entered != 36 || rep.Requests != 18 || rep.Failed != 0 {
		t.Fatalf("batches: entered %d in %d requests, %d failed; want 36 in 18, none failed", rep.Entered, rep.Requests, rep.Failed)
	}
}

// TestLoadtestUsage checks the flags are checked before anything is sent:
// of the entry load, and of the load on one section's standings (one of
// --readers and --streams, a section, a token to correct results with).
func TestLoadtestUsage(t *testing.T) {
	for _, args := range [][]string{{"--tables", "0", "--token", "x"}, {"--format", "xml", "--token", "x"}, {"--retry-for", "-1s", "--token", "x"}, {},
		{"--section", "1"}, {"--section", "1", "--readers", "2", "--streams", "2"}, {"--streams", "2"}, {"--section", "1", "--readers", "2", "--for", "0s"},
		{"--section", "1", "--streams", "2", "--touch-every", "1s"}} {
		var out, errb bytes.Buffer
		t.Setenv("TRAVELER_DIRECTOR_TOKEN", "")
		if code := runLoadtest(context.Background(), args, nil, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2 (stderr %q)", args, code, errb.String())
		}
		if !strings.Contains(errb.String(), "traveler-load:") {
			t.Errorf("%v: stderr %q does not say what was wrong", args, errb.String())
		}
	}
}

// troubled stands between the load tool and the server and answers the way
// a server in trouble does, each kind of trouble on the first attempt of
// some requests only (a retry goes through):
//
//   - a result entry answered 503 with Retry-After: 1, unstored;
//   - entries answered 503 without Retry-After, unstored;
//   - entries stored, their answer lost: 502 instead;
//   - entries stored, their connection closed before the answer;
//   - one entry answered 422, which must not be retried;
//   - the event and the first section created, their answer lost (500, 502);
//   - every round move stored, its answer lost (504), and its retry answered
//     412, as a server with versioned sections would answer a repeated move.
//
// It notes every entry's Idempotency-Key and body.
type troubled struct {
	next http.Handler

	mu          sync.Mutex
	bodies      map[string]string // Idempotency-Key → the body sent under it
	attempts    map[string]int    // Idempotency-Key → requests under it
	entries     int               // result entries seen, retries included
	injected    map[string]int    // the failures answered in place of the server: status, or "closed"
	entriesLost int               // entries stored whose answer was lost (502 or closed)
	refused     string            // the key answered 422
	slowKey     string            // the key answered 503 with Retry-After: 1
	slowAt      time.Time         // when it was answered
	slowRetry   time.Duration     // how long until its retry came
	moved       map[string]bool   // round moves answered 504 (path and body)
	eventLost   bool              // the event's creation was answered 500
	sectionLost bool              // the first section's creation was answered 502
	badKey      []string          // keys sent again with another body, or retried after a 422
}

func newTroubled(next http.Handler) *troubled {
	return &troubled{next: next, bodies: map[string]string{}, attempts: map[string]int{}, injected: map[string]int{}, moved: map[string]bool{}}
}

func (tr *troubled) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	key := r.Header.Get("Idempotency-Key")
	var trouble string
	tr.mu.Lock()
	switch {
	case r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/results"):
		tr.entries++
		if b, seen := tr.bodies[key]; seen && b != string(body) || key == tr.refused {
			tr.badKey = append(tr.badKey, key)
		}
		tr.bodies[key] = string(body)
		tr.attempts[key]++
		if key == tr.slowKey {
			tr.slowRetry = time.Since(tr.slowAt)
		}
		if tr.attempts[key] > 1 {
			break
		}
		switch n := len(tr.bodies); {
		case n == 1:
			trouble, tr.slowKey, tr.slowAt = "503 Retry-After", key, time.Now()
		case n == 5:
			trouble, tr.refused = "422", key
		case n%6 == 0:
			trouble = "503"
		case n%6 == 2:
			trouble = "stored, 502"
		case n%6 == 4:
			trouble = "stored, closed"
		}
		if strings.HasPrefix(trouble, "stored") {
			tr.entriesLost++
		}
	case r.Method == "PATCH":
		move := r.URL.Path + " " + string(body)
		if !tr.moved[move] {
			tr.moved[move] = true
			trouble = "stored, 504"
		} else {
			trouble = "412"
		}
	case r.Method == "POST" && r.URL.Path == "/v1/events" && !tr.eventLost:
		tr.eventLost, trouble = true, "stored, 500"
	case r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/sections") && !tr.sectionLost:
		tr.sectionLost, trouble = true, "stored, 502"
	}
	tr.mu.Unlock()

	stored, answer, _ := strings.Cut(trouble, ", ")
	if stored != "stored" {
		answer = trouble
	}
	if stored == "stored" {
		rec := httptest.NewRecorder()
		tr.next.ServeHTTP(rec, r)
		if rec.Code >= 300 {
			http.Error(w, "the server refused a request the test let through: "+rec.Body.String(), http.StatusTeapot)
			return
		}
	}
	tr.mu.Lock()
	if answer != "" {
		tr.injected[strings.Fields(answer)[0]]++
	}
	tr.mu.Unlock()
	switch answer {
	case "":
		tr.next.ServeHTTP(w, r)
	case "closed":
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	case "503 Retry-After":
		w.Header().Set("Retry-After", "1")
		http.Error(w, `{"error": "try again in a moment"}`, http.StatusServiceUnavailable)
	case "422":
		http.Error(w, `{"error": "refused by the test"}`, http.StatusUnprocessableEntity)
	case "412":
		http.Error(w, `{"error": "the section has changed", "field": "If-Match"}`, http.StatusPreconditionFailed)
	default: // 500, 502, 503, 504
		status, _ := strconv.Atoi(answer)
		http.Error(w, `{"error": "trouble"}`, status)
	}
}

// TestLoadtestRetries plays a load test through a server in trouble (see
// troubled): every request answered 5xx or cut off is sent again, an entry
// under its own Idempotency-Key with the same body, so each stored result
// is stored once; Retry-After is waited for; a 422 is a failure, not
// retried; a round move whose first attempt landed is taken for done when
// its retry is refused 412 and the section is at the round; and the
// setup's creations lost on the way back are read back.
func TestLoadtestRetries(t *testing.T) {
	ctx := context.Background()
	store, err := db.Open(ctx, dbtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	svc := tournament.NewService(store, tournament.ServiceOptions{DirectorToken: directorToken})
	var logs apitest.LockedBuffer
	tr := newTroubled(api.New(svc, api.Options{BaseURL: apitest.BaseURL, Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))}))
	c := apitest.Serve(t, tr, "")
	var sections []*loadSection
	cfg := loadConfig{url: c.URL, token: directorToken, sections: 2, tables: 3, boardsPerRound: 2, batch: 1,
		probeEvery: time.Millisecond, retryFor: 20 * time.Second, started: func(s []*loadSection) { sections = s }}
	rep, err := loadtest(ctx, cfg)
	if err != nil {
		t.Fatalf("%v\nserver log:\n%s", err, logs.String())
	}
	tr.mu.Lock() // held to the end of the checks of what it saw
	t.Logf("%d entries sent for %d requests; injected %v; tool retried %d %v, %d replayed", tr.entries, len(tr.bodies), tr.injected, rep.Retries, rep.RetriesByStatus, rep.Replayed)

	if rep.Planned != 36 || rep.Entered != 35 || rep.Requests != 36 || rep.Failed != 1 || rep.FailedByStatus["422"] != 1 {
		t.Errorf("entered %d of %d in %d requests, %d failed %v; want 35 of 36 in 36, the one answered 422 failed",
			rep.Entered, rep.Planned, rep.Requests, rep.Failed, rep.FailedByStatus)
	}
	var text bytes.Buffer
	rep.writeText(&text)
	js, _ := json.Marshal(rep)
	if !strings.Contains(text.String(), "retries: "+strconv.Itoa(rep.Retries)+" (after 500 ×1, 502 ×") ||
		!strings.Contains(string(js), `"retries":`+strconv.Itoa(rep.Retries)+`,"retries_by_status":{"500":1,`) {
		t.Errorf("the report does not show the retries:\n%s\n%s", text.String(), js)
	}
	t.Logf("the report:\n%s", text.String())
	if len(tr.bodies) != rep.Requests {
		t.Errorf("%d Idempotency-Keys for %d requests: a retry came under a new key", len(tr.bodies), rep.Requests)
	}
	if len(tr.badKey) > 0 {
		t.Errorf("keys sent again with another body, or after a 422: %q", tr.badKey)
	}
	if tr.attempts[tr.refused] != 1 {
		t.Errorf("the entry answered 422 was sent %d times, want once", tr.attempts[tr.refused])
	}
	if rep.Replayed != tr.entriesLost {
		t.Errorf("%d entries answered as replays, want the %d stored whose answer was lost", rep.Replayed, tr.entriesLost)
	}
	if tr.slowRetry < time.Second {
		t.Errorf("the entry answered 503 with Retry-After: 1 came again after %v, want a second or more", tr.slowRetry)
	}
	// Every 5xx answered in the server's place was retried (a closed
	// connection may be retried by net/http itself, unseen by the count).
	for _, status := range []string{"500", "502", "503", "504"} {
		if tr.injected[status] == 0 || rep.RetriesByStatus[status] < tr.injected[status] {
			t.Errorf("%d answered %s, %d retried after it", tr.injected[status], status, rep.RetriesByStatus[status])
		}
	}
	if rep.RetriesByStatus["412"] != 0 || rep.RetriesByStatus["422"] != 0 {
		t.Errorf("a 4xx was retried: %v", rep.RetriesByStatus)
	}
	if moves := len(sections) * (len(sections[0].rounds) - 1); len(tr.moved) != moves {
		t.Errorf("%d round moves, want %d", len(tr.moved), moves)
	}
	tr.mu.Unlock()

	// Each section holds its results once: what its movement planned but
	// the one refused.
	stored := 0
	for _, s := range sections {
		var st struct {
			Results int `json:"results"`
		}
		c.Want(200, &st, "GET", "/v1/sections/"+id(s.id)+"/standings", directorToken, nil)
		if st.Results > s.planned() || st.Results < s.planned()-1 {
			t.Errorf("section %d: %d results, planned %d", s.id, st.Results, s.planned())
		}
		stored += st.Results
	}
	if stored != rep.Planned-1 {
		t.Errorf("%d results stored, want %d (all planned but the one refused)", stored, rep.Planned-1)
	}
}

// TestLoadtestRetryOff: with --retry-for 0 a 503 is a failure at once.
func TestLoadtestRetryOff(t *testing.T) {
	var hits int
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits++
		mu.Unlock()
		w.Header().Set("Retry-After", "0")
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	c := &loadClient{base: srv.URL, http: srv.Client()}
	tries, err := c.send(context.Background(), "GET", "/", "x", nil, nil, 200, nil)
	var se *statusError
	if !errors.As(err, &se) || se.status != 503 || tries != 1 || hits != 1 {
		t.Errorf("retry off: %d tries, %d hits, err %v; want one 503", tries, hits, err)
	}
	c.retryFor = 300 * time.Millisecond
	t0 := time.Now()
	tries, err = c.send(context.Background(), "GET", "/", "x", nil, nil, 200, nil)
	if !errors.As(err, &se) || se.status != 503 || tries < 3 || time.Since(t0) > 2*time.Second {
		t.Errorf("retry for 300 ms: %d tries in %v, err %v; want a few, then the 503", tries, time.Since(t0), err)
	}
	if n, by := c.retried(); n != tries-1 || by["503"] != n {
		t.Errorf("retries counted %d %v, want %d after 503", n, by, tries-1)
	}
}

func TestRetryAfter(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
	}{{"", 0}, {"5", 5 * time.Second}, {" 2 ", 2 * time.Second}, {"-3", 0}, {"soon", 0},
		{time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat), 0}} {
		if got := retryAfter(c.in); got != c.want {
			t.Errorf("retryAfter(%q) = %v, want %v", c.in, got, c.want)
		}
	}
	if got := retryAfter(time.Now().Add(time.Minute).UTC().Format(http.TimeFormat)); got < 58*time.Second || got > time.Minute {
		t.Errorf("retryAfter(a minute from now) = %v", got)
	}
}

// TestStandingsLoad loads one section's standings (--section): readers read
// them, then live streams are held open while one of its results is
// corrected, and each streams the corrections (issue 24 §1: the one load
// tool, scripts/standings-load folded in). The server trusts 127.0.0.1's
// X-Forwarded-For, as the tool's visitors need.
func TestStandingsLoad(t *testing.T) {
	e := newServerWith(t, api.Options{RateLimit: 100000, RateBurst: 100000, // as BENCHMARKS.md starts it
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}, nil)
	cfg := loadConfig{url: e.URL, token: directorToken, sections: 1, tables: 3, boardsPerRound: 2, batch: 2, probeEvery: time.Millisecond, retryFor: 10 * time.Second}
	if _, err := loadtest(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	var events []struct {
		ID int64 `json:"id"`
	}
	e.Want(200, &events, "GET", "/v1/events", directorToken, nil)
	e.Want(200, nil, "PATCH", "/v1/events/"+id(events[0].ID), directorToken, map[string]any{"published": true})
	var secs []struct {
		ID int64 `json:"id"`
	}
	e.Want(200, &secs, "GET", "/v1/events/"+id(events[0].ID)+"/sections", directorToken, nil)
	section := strconv.FormatInt(secs[0].ID, 10)

	var out, errb bytes.Buffer
	args := []string{"--url", e.URL, "--section", section, "--readers", "2", "--for", "1s"}
	if code := runLoadtest(context.Background(), args, nil, &out, &errb); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
	if !regexp.MustCompile(`2 readers, 1 s: [1-9][0-9]* reads .*, 0 failed`).MatchString(out.String()) {
		t.Errorf("%v: %q, want reads and none failed", args, out.String())
	}

	out.Reset()
	args = []string{"--url", e.URL, "--token", directorToken, "--section", section, "--streams", "3", "--for", "3s", "--touch-every", "200ms"}
	if code := runLoadtest(context.Background(), args, nil, &out, &errb); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
	m := regexp.MustCompile(`3 streams opened, 0 failed, ([0-9]+) events read\n(?:.*\n)?results corrected meanwhile: ([0-9]+) \(0 failed\)`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("%v: %q, want 3 streams opened, none failed, and results corrected", args, out.String())
	}
	events3, _ := strconv.Atoi(m[1])
	corrected, _ := strconv.Atoi(m[2])
	if corrected < 1 || events3 <= 3 {
		t.Errorf("%v: %d results corrected, %d events read by 3 streams: want corrections, and more events than each stream's first", args, corrected, events3)
	}
}
