package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
)

// keyWatch stands between the load tool and the server and notes, for each
// result entry's Idempotency-Key, the bodies sent under it and the statuses
// the server answered.
type keyWatch struct {
	next http.Handler

	mu       sync.Mutex
	bodies   map[string]map[string]bool // key → the bodies sent under it
	statuses map[string][]int           // key → the answers, in order
	limited  int                        // answers 429, to any request
}

// statusWriter remembers the status written.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (kw *keyWatch) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
	kw.next.ServeHTTP(sw, r)
	kw.mu.Lock()
	defer kw.mu.Unlock()
	if sw.status == http.StatusTooManyRequests {
		kw.limited++
	}
	if key := r.Header.Get("Idempotency-Key"); r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/results") {
		if kw.bodies[key] == nil {
			kw.bodies[key] = map[string]bool{}
		}
		kw.bodies[key][string(body)] = true
		kw.statuses[key] = append(kw.statuses[key], sw.status)
	}
}

// TestLoadtestRateLimited plays the load test of TestLoadtest (2 sections
// of a 3-table Mitchell, 2 boards a round: 36 results) against a server
// whose rate limit it must exceed: each token 20 requests a second in
// bursts of 2, each address 30 a second in bursts of 10, while the prober
// reads standings every millisecond. Every 429 is waited for (its
// Retry-After) and the same request sent again, an entry under the same
// Idempotency-Key with the same body: all 36 results are entered and stored
// once, none fails, and the report counts the 429s the server answered.
func TestLoadtestRateLimited(t *testing.T) {
	var kw *keyWatch
	e := newServerWith(t, api.Options{RateLimit: 20, RateBurst: 2, AddressRateLimit: 30, AddressRateBurst: 10}, func(h http.Handler) http.Handler {
		kw = &keyWatch{next: h, bodies: map[string]map[string]bool{}, statuses: map[string][]int{}}
		return kw
	})
	var sections []*loadSection
	cfg := loadConfig{url: e.URL, token: directorToken, sections: 2, tables: 3, boardsPerRound: 2, batch: 1,
		probeEvery: time.Millisecond, retryFor: 60 * time.Second, started: func(s []*loadSection) { sections = s }}
	rep, err := loadtest(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	rep.writeText(&text)
	t.Logf("the report:\n%s", text.String())
	if rep.Planned != 36 || rep.Entered != 36 || rep.Requests != 36 || rep.Failed != 0 || rep.Stale != 0 {
		t.Errorf("entered %d of %d in %d requests, %d failed %v, %d stale; want 36 of 36 in 36, none failed or stale",
			rep.Entered, rep.Planned, rep.Requests, rep.Failed, rep.FailedByStatus, rep.Stale)
	}
	kw.mu.Lock()
	limited := kw.limited
	entriesLimited := 0
	for key, st := range kw.statuses {
		if len(kw.bodies[key]) != 1 {
			t.Errorf("key %s sent with %d bodies", key, len(kw.bodies[key]))
		}
		if st[len(st)-1] != http.StatusCreated {
			t.Errorf("key %s: answers %v, the last not 201", key, st)
		}
		for _, s := range st[:len(st)-1] {
			if s != http.StatusTooManyRequests {
				t.Errorf("key %s: answers %v, a retry after %d", key, st, s)
			}
			entriesLimited++
		}
	}
	keys := len(kw.statuses)
	kw.mu.Unlock()
	if keys != rep.Requests {
		t.Errorf("%d Idempotency-Keys for %d requests: a retry came under a new key", keys, rep.Requests)
	}
	if limited == 0 || entriesLimited == 0 {
		t.Fatalf("the server answered %d 429s (%d to entries): the test's limits did not bite", limited, entriesLimited)
	}
	if rep.RateLimited != limited || rep.RetriesByStatus["429"] != limited {
		t.Errorf("the report counts %d answers 429 and %d retries after one; the server answered %d", rep.RateLimited, rep.RetriesByStatus["429"], limited)
	}
	if !strings.Contains(text.String(), "rate limited: ") {
		t.Errorf("the text report does not name the 429s:\n%s", text.String())
	}
	// read back as the tool reads: the director's token may still be over
	// its rate
	c := &loadClient{base: e.URL, http: http.DefaultClient, retryFor: 10 * time.Second}
	for _, s := range sections {
		var st struct {
			Results int `json:"results"`
		}
		if err := c.do(context.Background(), "GET", "/v1/sections/"+id(s.id)+"/standings", directorToken, nil, nil, http.StatusOK, &st); err != nil {
			t.Fatal(err)
		}
		if st.Results != 18 {
			t.Errorf("section %d: %d results stored, want its 18 once each", s.id, st.Results)
		}
	}
}
