package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/db/dbtest"
)

// boardLines returns every line of board b in the fixture's movement,
// 4S by North making 10 at each table that plays it.
func boardLines(f apitest.Mitchell, b int) []map[string]any {
	var out []map[string]any
	for _, rd := range f.Section.Generated.Rounds {
		for _, tb := range rd.Tables {
			for _, n := range tb.Boards {
				if n == b {
					out = append(out, f.Line(rd.Round, tb.Table, b, "4S", "N", 10))
				}
			}
		}
	}
	return out
}

// sseEvent is one event read off a stream.
type sseEvent struct {
	name string
	data []byte
	at   time.Time
}

// readEvents reads a text/event-stream into a channel until the body ends.
func readEvents(body *bufio.Reader, out chan<- sseEvent) {
	defer close(out)
	var ev sseEvent
	for {
		line, err := body.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case line == "":
			if ev.name != "" {
				ev.at = time.Now()
				out <- ev
			}
			ev = sseEvent{}
		case strings.HasPrefix(line, "event: "):
			ev.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			ev.data = []byte(strings.TrimPrefix(line, "data: "))
		}
	}
}

// TestStandingsStreamAcrossServers is issue 15 §1's live standings: two
// servers on one database; the director's and the public's streams of
// GET /v1/sections/{id}/standings (Accept: text/event-stream) on server B
// send new standings after each result stored through server A — the
// director's counting every result, the public's only finished boards
// (here a board once all three tables have played it), never a count of
// an unfinished board's results. Each wait is bounded
// at 10 s only so that a broken stream fails; the latency is logged.
func TestStandingsStreamAcrossServers(t *testing.T) {
	ctx := context.Background()
	u := dbtest.URL(t)
	a, b := newEnv(t, withDatabase(u), withListen()), newEnv(t, withDatabase(u), withListen())
	f := apitest.NewMitchell(a.Client, "Live", true)
	sid := "/v1/sections/" + id(f.Section.ID)

	open := func(token string) <-chan sseEvent {
		sctx, cancel := context.WithCancel(ctx)
		t.Cleanup(cancel)
		req, _ := http.NewRequestWithContext(sctx, "GET", b.url+sid+"/standings", nil)
		req.Header.Set("Accept", "text/event-stream")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { res.Body.Close() })
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
			t.Fatalf("stream: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		out := make(chan sseEvent, 16)
		go readEvents(bufio.NewReader(res.Body), out)
		return out
	}
	next := func(who string, events <-chan sseEvent, since time.Time, want int) {
		t.Helper()
		deadline := time.After(10 * time.Second)
		for {
			select {
			case ev, ok := <-events:
				if !ok {
					t.Fatalf("%s: the stream ended", who)
				}
				var st api.StandingsResponse
				if ev.name != "standings" || json.Unmarshal(ev.data, &st) != nil {
					t.Fatalf("%s: event %q %s", who, ev.name, ev.data)
				}
				if who == "public" && st.Results != 0 && st.Results != want {
					t.Fatalf("public: standings counting %d results, of a board not yet finished; the public sees only finished boards", st.Results)
				}
				if st.Results == want {
					t.Logf("%s: standings counting %d results %s after the entry", who, want, ev.at.Sub(since).Round(time.Millisecond))
					return
				}
			case <-deadline:
				t.Fatalf("%s: no standings counting %d results within 10 s", who, want)
			}
		}
	}
	director, public := open(directorToken), open("")
	next("director", director, time.Now(), 0)
	next("public", public, time.Now(), 0)

	lines := boardLines(f, 1)
	for i, l := range lines {
		at := time.Now()
		a.want(201, nil, "POST", sid+"/results", directorToken, l)
		next("director", director, at, i+1)
		if i == len(lines)-1 { // board 1 finished: the public's count it
			next("public", public, at, len(lines))
		}
	}
	// The public stream is refused where the standings are: an unknown section.
	b.wantError(404, "", "GET", "/v1/sections/999999/standings", "", nil, "Accept", "text/event-stream")
}
