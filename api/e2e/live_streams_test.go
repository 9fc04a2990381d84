package e2e

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
)

// rawStream is a live stream read off a bare connection: no goroutine of
// the test's reads it (so that counting the process's goroutines counts
// the server's only).
type rawStream struct {
	c   net.Conn
	r   *bufio.Reader
	res *http.Response
}

// openRaw asks base+path for a live stream as client address addr (sent
// as X-Forwarded-For to a server trusting 127.0.0.1) and reads its
// headers.
func openRaw(t *testing.T, base, path, addr string) *rawStream {
	t.Helper()
	host := strings.TrimPrefix(base, "http://")
	c, err := net.DialTimeout("tcp", host, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	_ = c.SetDeadline(time.Now().Add(30 * time.Second)) // only so that a broken stream fails
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\nX-Forwarded-For: %s\r\n\r\n", path, host, addr)
	s := &rawStream{c: c, r: bufio.NewReader(c)}
	if s.res, err = http.ReadResponse(s.r, nil); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	if s.res.StatusCode != 200 {
		t.Fatalf("GET %s: %d", path, s.res.StatusCode)
	}
	return s
}

// next reads the stream up to its next event and returns its name (the
// retry line and comments skipped).
func (s *rawStream) next(t *testing.T) string {
	t.Helper()
	name := ""
	for {
		l, err := readLine(s.res.Body)
		if err != nil {
			t.Fatalf("the stream ended: %v", err)
		}
		switch {
		case strings.HasPrefix(l, "event: "):
			name = strings.TrimPrefix(l, "event: ")
		case l == "" && name != "":
			return name
		}
	}
}

// readLine reads one line, byte by byte (the body has no buffer of its
// own to share with the next read).
func readLine(r interface{ Read([]byte) (int, error) }) (string, error) {
	var b []byte
	one := make([]byte, 1)
	for {
		if _, err := r.Read(one); err != nil {
			return string(b), err
		}
		if one[0] == '\n' {
			return string(b), nil
		}
		b = append(b, one[0])
	}
}

// TestLiveStreamsHoldNoGoroutine (issue 24 §1): the API's and the pages'
// live streams are answered with the headers a browser needs (the
// stream's, and the pages' security headers set by middleware), their
// first event at once; and an open stream holds no goroutine of the
// server's: forty more streams open, the process runs fewer than twenty
// goroutines more. Before, each stream held its handler's goroutine and
// net/http's background read: eighty more.
func TestLiveStreamsHoldNoGoroutine(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "No goroutine", true)
	proxied := e.another(api.Options{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}})
	standings := "/v1/sections/" + id(f.Section.ID) + "/standings"
	page := "/sections/" + id(f.Section.ID) + "/live"

	for _, c := range []struct{ path, event string }{{standings, "standings"}, {page, "changed"}} {
		s := openRaw(t, proxied.URL, c.path, "192.0.2.1")
		h := s.res.Header
		for k, want := range map[string]string{"Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Accel-Buffering": "no"} {
			if got := h.Get(k); got != want {
				t.Errorf("GET %s: %s %q, want %q", c.path, k, got, want)
			}
		}
		if c.path == page && (h.Get("Content-Security-Policy") == "" || h.Get("X-Content-Type-Options") != "nosniff") {
			t.Errorf("GET %s: the pages' security headers are missing: %v", c.path, h)
		}
		if got := s.next(t); got != c.event {
			t.Errorf("GET %s: first event %q, want %q", c.path, got, c.event)
		}
	}

	before := runtime.NumGoroutine()
	for i := range 40 {
		path := standings
		if i%2 == 1 {
			path = page
		}
		s := openRaw(t, proxied.URL, path, fmt.Sprintf("192.0.2.%d", 10+i))
		s.next(t) // served: its first event came
	}
	if more := runtime.NumGoroutine() - before; more >= 20 {
		t.Errorf("40 more open streams: %d more goroutines, want fewer than 20", more)
	}
}
