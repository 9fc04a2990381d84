package sse

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// served is a test server streaming one Stream[int] a request, each value
// as an event "n": the streams it opened, and a channel told when one
// ended (its OnEnd and its Release both done).
type served struct {
	streams chan *Stream[int]
	ended   chan string
}

func newServed(t *testing.T, h2 bool) (*httptest.Server, *served) {
	t.Helper()
	s := &served{streams: make(chan *Stream[int], 4), ended: make(chan string, 8)}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r, rl := WithRelease(r)
		rl.Add(func() { s.ended <- "release" })
		defer rl.Done()
		w.Header().Set("X-Set-By-Middleware", "yes")
		st := Open(r, func(n int) ([]byte, error) { return Event("n", []byte(strconv.Itoa(n))), nil })
		st.OnEnd(func() { s.ended <- "end" })
		st.Send(0)
		s.streams <- st
		if err := st.Serve(w); err != nil {
			t.Errorf("Serve: %v", err)
		}
	}))
	if h2 {
		srv.EnableHTTP2 = true
		srv.StartTLS()
	} else {
		srv.Start()
	}
	t.Cleanup(srv.Close)
	return srv, s
}

// TestStreamBothWays: a stream over HTTP/1.1 (its connection taken from
// net/http) and over HTTP/2 (written through its ResponseWriter) sends its
// headers (the stream's and those set before it), the retry time, the
// values it is sent, in order, and when its client leaves it ends: what
// was to be done at its end (OnEnd, the request's Release) is done once
// each, not when the handler returned.
func TestStreamBothWays(t *testing.T) {
	for _, h2 := range []bool{false, true} {
		t.Run("http2="+strconv.FormatBool(h2), func(t *testing.T) {
			srv, s := newServed(t, h2)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL, nil)
			req.Header.Set("Accept", "text/event-stream")
			res, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			if res.ProtoMajor != map[bool]int{false: 1, true: 2}[h2] {
				t.Fatalf("answered over %s", res.Proto)
			}
			if !h2 && !res.Close {
				t.Errorf("HTTP/1.1 without Connection: close: the connection was not taken from net/http")
			}
			for k, want := range map[string]string{"Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Set-By-Middleware": "yes"} {
				if got := res.Header.Get(k); got != want {
					t.Errorf("%s: %q, want %q", k, got, want)
				}
			}
			st := <-s.streams
			r := bufio.NewReader(res.Body)
			next := func() string { // the next event's data, or the retry line
				t.Helper()
				for {
					l, err := r.ReadString('\n')
					if err != nil {
						t.Fatalf("the stream ended: %v", err)
					}
					l = strings.TrimSuffix(l, "\n")
					if strings.HasPrefix(l, "retry: ") || strings.HasPrefix(l, "data: ") {
						return l
					}
				}
			}
			if got := next(); got != "retry: 2000" {
				t.Errorf("first line %q, want the retry time", got)
			}
			if got := next(); got != "data: 0" {
				t.Errorf("first event %q, want 0", got)
			}
			for i := 1; i <= 3; i++ {
				st.Send(i)
				if got := next(); got != "data: "+strconv.Itoa(i) {
					t.Errorf("event %q, want %d", got, i)
				}
			}
			select {
			case e := <-s.ended:
				t.Fatalf("%q done while the stream is open", e)
			default:
			}
			cancel() // the client leaves
			res.Body.Close()
			got := map[string]int{}
			limit := time.After(30 * time.Second) // only so that a stream never ended fails
			for len(got) < 2 {
				select {
				case e := <-s.ended:
					got[e]++
				case <-limit:
					t.Fatalf("the client left; done at the stream's end: %v, want its OnEnd and its Release", got)
				}
			}
			st.End() // again: nothing more is done (End does it before returning)
			select {
			case e := <-s.ended:
				t.Errorf("%q done twice", e)
			default:
			}
			if got["end"] != 1 || got["release"] != 1 {
				t.Errorf("done at the end: %v, want one each", got)
			}
		})
	}
}
