package e2e

// Issue 24 §3, per-client bounds: one address opened 10,000 live standings
// in 10 s — the server's whole cap — and every other visitor's got 503; a
// trickled request body was held 60 s and answered 500 at ERROR. Each wait
// here is bounded (10 s) only so that a broken server fails rather than
// hangs; no timing is asserted.

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"

	"log/slog"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
)

// fromAddress is an HTTP client whose connections come from the loopback
// address ip (127.0.0.2, …: Linux routes all of 127.0.0.0/8 to lo), a
// client address of its own to the server.
func fromAddress(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
}

// openStream asks url for a live stream from c with the token and headers
// given (name, value pairs): an answer 200 is left open (closed when the
// test ends, or by calling stop), any other is read and closed.
func openStream(t *testing.T, c *http.Client, url, token string, hdr ...string) (r apitest.Reply, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	req.Header.Set("Accept", "text/event-stream")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	r = apitest.Reply{Method: "GET", Path: url, Status: res.StatusCode, Header: res.Header}
	if res.StatusCode != 200 {
		r.Body, _ = io.ReadAll(res.Body)
		res.Body.Close()
		return r, cancel
	}
	// the stream's first line ("retry: …") has been written: it is counted
	if _, err := bufio.NewReader(res.Body).ReadString('\n'); err != nil {
		t.Fatalf("GET %s: the stream sent nothing: %v", url, err)
	}
	return r, func() { cancel(); res.Body.Close() }
}

// wantRefused checks r is a 429 with Retry-After naming the bound of what.
func wantRefused(t *testing.T, r apitest.Reply, what string, bound int) {
	t.Helper()
	er := apitest.CheckError(t, r, 429, "")
	if want := fmt.Sprintf("too many %s: at most %d at once", what, bound); er.Error != want {
		t.Errorf("GET %s: %q, want %q", r.Path, er.Error, want)
	}
	if r.Header.Get("Retry-After") == "" {
		t.Errorf("GET %s: 429 without Retry-After", r.Path)
	}
}

// TestStreamsBoundedPerClient: twenty live standings from one address —
// the API's and the pages' alike — are eight (api.DefaultStreamsPerAddress)
// and twelve 429s naming the bound, while another address still gets its
// stream; an X-Forwarded-For the server does not trust does not make an
// address another; one token is held to four (DefaultStreamsPerToken)
// from any number of addresses; a stream that ends makes room for one more.
func TestStreamsBoundedPerClient(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Streams", true)
	standings := e.url + "/v1/sections/" + id(f.Section.ID) + "/standings"
	page := e.url + "/sections/" + id(f.Section.ID) + "/live"

	one := fromAddress("127.0.0.2")
	var stops []func()
	for i := 1; i <= 20; i++ {
		url := standings
		if i%2 == 0 {
			url = page
		}
		r, stop := openStream(t, one, url, "")
		if i <= api.DefaultStreamsPerAddress {
			if r.Status != 200 {
				t.Fatalf("stream %d from 127.0.0.2: %d %s", i, r.Status, r.Body)
			}
			stops = append(stops, stop)
			continue
		}
		wantRefused(t, r, "open live standings streams from one address", api.DefaultStreamsPerAddress)
	}
	r, _ := openStream(t, one, standings, "", "X-Forwarded-For", "198.51.100.7")
	wantRefused(t, r, "open live standings streams from one address", api.DefaultStreamsPerAddress)
	if r, _ := openStream(t, fromAddress("127.0.0.3"), standings, ""); r.Status != 200 {
		t.Fatalf("another address's stream while 127.0.0.2 holds its bound: %d %s", r.Status, r.Body)
	}

	// A plain GET of the standings is no stream: not bounded here.
	e.want(200, nil, "GET", "/v1/sections/"+id(f.Section.ID)+"/standings", "", nil)

	// One token, from five addresses: the fifth is refused.
	for i := 1; i <= api.DefaultStreamsPerToken+1; i++ {
		r, _ := openStream(t, fromAddress(fmt.Sprintf("127.0.1.%d", i)), standings, directorToken)
		if i <= api.DefaultStreamsPerToken {
			if r.Status != 200 {
				t.Fatalf("the director's stream %d: %d %s", i, r.Status, r.Body)
			}
			continue
		}
		wantRefused(t, r, "open live standings streams with one token", api.DefaultStreamsPerToken)
	}

	// 127.0.0.2 ends a stream: it may open one again once the server has
	// seen it go.
	stops[0]()
	deadline := time.Now().Add(10 * time.Second)
	for {
		r, _ := openStream(t, one, standings, "")
		if r.Status == 200 {
			break
		}
		if r.Status != 429 || time.Now().After(deadline) {
			t.Fatalf("127.0.0.2 after one of its streams ended: %d %s", r.Status, r.Body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestStreamsBoundedBehindProxy: behind a trusted proxy the client address
// is X-Forwarded-For's, as for every per-address limit: one forwarded
// address is held to its bound while another still gets its stream.
func TestStreamsBoundedBehindProxy(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Proxied streams", true)
	proxied := e.another(api.Options{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}})
	standings := proxied.URL + "/v1/sections/" + id(f.Section.ID) + "/standings"
	for i := 1; i <= api.DefaultStreamsPerAddress+1; i++ {
		r, _ := openStream(t, http.DefaultClient, standings, "", "X-Forwarded-For", "203.0.113.7")
		if i <= api.DefaultStreamsPerAddress {
			if r.Status != 200 {
				t.Fatalf("stream %d for 203.0.113.7: %d %s", i, r.Status, r.Body)
			}
			continue
		}
		wantRefused(t, r, "open live standings streams from one address", api.DefaultStreamsPerAddress)
	}
	if r, _ := openStream(t, http.DefaultClient, standings, "", "X-Forwarded-For", "203.0.113.8"); r.Status != 200 {
		t.Fatalf("another forwarded address's stream: %d %s", r.Status, r.Body)
	}
}

// trickle sends a request whose headers promise a body of 100 bytes, and
// then one byte of it every 100 ms, over a connection of its own; it
// returns the answer (read within 10 s) and the connection's error.
func trickle(t *testing.T, url, method, path string, hdr ...string) *http.Response {
	t.Helper()
	conn, err := net.DialTimeout("tcp", strings.TrimPrefix(url, "http://"), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	head := method + " " + path + " HTTP/1.1\r\nHost: traveler\r\nContent-Type: application/json\r\nContent-Length: 100\r\n"
	for i := 0; i+1 < len(hdr); i += 2 {
		head += hdr[i] + ": " + hdr[i+1] + "\r\n"
	}
	if _, err := io.WriteString(conn, head+"\r\n{"); err != nil {
		t.Fatal(err)
	}
	go func() {
		for range 98 {
			time.Sleep(100 * time.Millisecond)
			if _, err := conn.Write([]byte(" ")); err != nil {
				return
			}
		}
	}()
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%s %s with a trickled body: no answer within 10 s: %v", method, path, err)
	}
	return res
}

// TestTrickledBodyAnswered408: a body that trickles (a byte every 100 ms
// of 100 promised) is cut at BodyTimeout (set to 1 s here) and answered
// 408 naming the body, logged at INFO as any request is and not as a
// failure of the server.
func TestTrickledBodyAnswered408(t *testing.T) {
	var logs apitest.LockedBuffer
	e := newEnv(t, withAPI(api.Options{BodyTimeout: time.Second,
		Logger: slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))}))
	res := trickle(t, e.url, "POST", "/v1/events", "Authorization", "Bearer "+directorToken)
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	er := apitest.CheckError(t, apitest.Reply{Method: "POST", Path: "/v1/events", Status: res.StatusCode, Header: res.Header, Body: b}, 408, "body")
	if !strings.Contains(er.Error, "did not arrive in time: at most 1s") {
		t.Errorf("408 %q: does not say the body was too slow and the bound", er.Error)
	}
	out := logs.String()
	if !strings.Contains(out, `"level":"INFO","msg":"request","method":"POST","path":"/v1/events","status":408`) {
		t.Errorf("no INFO request line with status 408:\n%s", out)
	}
	if strings.Contains(out, `"level":"ERROR"`) {
		t.Errorf("a trickled body logged as a failure of the server:\n%s", out)
	}
}
