package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
)

// noTokens is a store that knows no token but the configured director's.
type noTokens struct{ fakeStore }

func (*noTokens) TokenByHash(context.Context, []byte) (tournament.Token, error) {
	return tournament.Token{}, tournament.ErrNotFound
}

// newLimitServer is newTestServer over a noTokens store.
func newLimitServer(t *testing.T, o Options) (*httptest.Server, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	o.Logger = slog.New(slog.NewJSONHandler(logs, nil))
	svc := tournament.NewService(&noTokens{}, tournament.ServiceOptions{DirectorToken: testDirector})
	srv := httptest.NewServer(New(svc, o))
	t.Cleanup(srv.Close)
	return srv, logs
}

// local trusts the test server's own address as a proxy, so that
// X-Forwarded-For names the client address of a request.
var local = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}

// wantTooMany checks a 429 with a Retry-After of a second or more.
func wantTooMany(t *testing.T, what string, status int, h http.Header, b []byte) {
	t.Helper()
	if status != http.StatusTooManyRequests {
		t.Fatalf("%s: %d %s, want 429", what, status, b)
	}
	if ra, err := strconv.Atoi(h.Get("Retry-After")); err != nil || ra < 1 {
		t.Errorf("%s: Retry-After %q", what, h.Get("Retry-After"))
	}
}

// TestGarbageTokensThrottled: 400 requests from one address, each with
// another made-up token, met no limit (each token had its own bucket).
// Now past SignInFailures unknown tokens the address is answered 429
// before its token is checked — a good one too — while another address
// is not held back.
func TestGarbageTokensThrottled(t *testing.T) {
	srv, _ := newLimitServer(t, Options{TrustedProxies: local})
	from := func(ip string) []string { return []string{"X-Forwarded-For", ip} }
	var unauthorized, limited int
	for i := range 400 {
		status, h, b := do(t, "GET", srv.URL+"/v1/events", fmt.Sprintf("garbage-%d", i), nil, from("203.0.113.7")...)
		switch status {
		case http.StatusUnauthorized:
			unauthorized++
		case http.StatusTooManyRequests:
			limited++
			wantTooMany(t, "garbage token", status, h, b)
		default:
			t.Fatalf("garbage token %d: %d %s", i, status, b)
		}
	}
	if unauthorized != DefaultSignInFailures || limited != 400-DefaultSignInFailures {
		t.Errorf("%d answered 401 and %d 429, want %d and the rest", unauthorized, limited, DefaultSignInFailures)
	}
	// A malformed header counts too, and a good token is not checked.
	status, h, b := do(t, "GET", srv.URL+"/v1/events", testDirector, nil, from("203.0.113.7")...)
	wantTooMany(t, "director from the throttled address", status, h, b)
	// Another address (of the same IPv4 network even) is not held back.
	if status, _, b := do(t, "GET", srv.URL+"/v1/events", testDirector, nil, from("203.0.113.8")...); status != 200 {
		t.Errorf("director from another address: %d %s", status, b)
	}
	// Requests without a token are not sign-ins.
	if status, _, b := do(t, "GET", srv.URL+"/v1/events", "", nil, from("203.0.113.7")...); status != 200 {
		t.Errorf("public request from the throttled address: %d %s", status, b)
	}
}

// TestMalformedAuthorizationThrottled: an Authorization header that is not
// a bearer token is a failed sign-in too.
func TestMalformedAuthorizationThrottled(t *testing.T) {
	srv, _ := newLimitServer(t, Options{SignInFailures: 3})
	for i := range 3 {
		if status, _, b := do(t, "GET", srv.URL+"/v1/events", "", nil, "Authorization", fmt.Sprintf("Basic %d", i)); status != 401 {
			t.Fatalf("attempt %d: %d %s", i, status, b)
		}
	}
	status, h, b := do(t, "GET", srv.URL+"/v1/events", testDirector, nil)
	wantTooMany(t, "after 3 malformed headers", status, h, b)
}

// TestAddressRateLimit: one address is limited whatever tokens it
// presents; behind a trusted proxy X-Forwarded-For names the address,
// and without one the header is ignored (anyone can write it).
func TestAddressRateLimit(t *testing.T) {
	srv, _ := newLimitServer(t, Options{AddressRateLimit: 1, AddressRateBurst: 4, TrustedProxies: local})
	tokens := []string{"", testDirector, "", testDirector}
	for i, tok := range tokens {
		if status, _, b := do(t, "GET", srv.URL+"/v1/events", tok, nil, "X-Forwarded-For", "198.51.100.1"); status != 200 {
			t.Fatalf("request %d: %d %s", i, status, b)
		}
	}
	status, h, b := do(t, "GET", srv.URL+"/v1/events", testDirector, nil, "X-Forwarded-For", "198.51.100.1")
	wantTooMany(t, "5th request of the address", status, h, b)
	// The pages are limited too.
	status, h, b = do(t, "GET", srv.URL+"/", "", nil, "X-Forwarded-For", "198.51.100.1")
	wantTooMany(t, "a page", status, h, b)
	// The left-most entries are the client's own to write: a client
	// cannot name itself another address through the proxy.
	status, h, b = do(t, "GET", srv.URL+"/v1/events", "", nil, "X-Forwarded-For", "192.0.2.99, 198.51.100.1")
	wantTooMany(t, "a spoofed entry before the proxy's", status, h, b)
	if status, _, b := do(t, "GET", srv.URL+"/v1/events", "", nil, "X-Forwarded-For", "198.51.100.2"); status != 200 {
		t.Errorf("another address: %d %s", status, b)
	}
	if status, _, _ := do(t, "GET", srv.URL+"/healthz", "", nil, "X-Forwarded-For", "198.51.100.1"); status != 200 {
		t.Errorf("healthz %d", status)
	}

	// No trusted proxy: X-Forwarded-For is not believed.
	direct, _ := newLimitServer(t, Options{AddressRateLimit: 1, AddressRateBurst: 2})
	for i := range 2 {
		do(t, "GET", direct.URL+"/v1/events", "", nil, "X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i))
	}
	status, h, b = do(t, "GET", direct.URL+"/v1/events", "", nil, "X-Forwarded-For", "198.51.100.77")
	wantTooMany(t, "a forged X-Forwarded-For without a trusted proxy", status, h, b)
}

// TestSignInPageThrottled: 400 wrong director tokens on the sign-in page
// were all answered; now past SignInFailures the address gets 429 before
// its token is checked, the right one too.
func TestSignInPageThrottled(t *testing.T) {
	srv, _ := newLimitServer(t, Options{TrustedProxies: local})
	signIn := func(token, ip string) (int, http.Header, []byte) {
		form := url.Values{"token": {token}, "next": {"/director"}}.Encode()
		return do(t, "POST", srv.URL+"/director/login", "", []byte(form),
			"Content-Type", "application/x-www-form-urlencoded", "X-Forwarded-For", ip,
			"Origin", srv.URL, "Sec-Fetch-Site", "same-origin")
	}
	var refused, limited int
	for i := range 400 {
		status, h, b := signIn(fmt.Sprintf("wrong-%d", i), "203.0.113.9")
		switch {
		case status == http.StatusTooManyRequests:
			limited++
			wantTooMany(t, "wrong sign-in", status, h, b)
		case status >= 400:
			refused++
		default:
			t.Fatalf("wrong token %d: %d", i, status)
		}
	}
	if refused != DefaultSignInFailures || limited != 400-DefaultSignInFailures {
		t.Errorf("%d refused and %d answered 429, want %d and the rest", refused, limited, DefaultSignInFailures)
	}
	status, h, b := signIn(testDirector, "203.0.113.9")
	wantTooMany(t, "the right token from the throttled address", status, h, b)
	if status, _, b := signIn(testDirector, "203.0.113.10"); status >= 400 || strings.Contains(string(b), "too many") {
		t.Errorf("the right token from another address: %d %s", status, b)
	}
}

// TestFailedSignInsRecover: the failures of an address are forgotten at
// SignInFailures a SignInWindow.
func TestFailedSignInsRecover(t *testing.T) {
	l := newLimiters(10/time.Minute.Seconds(), 10)
	now := time.Unix(1000, 0)
	for range 10 {
		l.allow("a", now)
	}
	ok, wait := l.peek("a", now)
	if ok || wait != 6*time.Second {
		t.Fatalf("after 10 failures: ok %v wait %v, want refused for 6s", ok, wait)
	}
	if ok, _ := l.peek("a", now.Add(6*time.Second)); !ok {
		t.Error("still refused after 6 s")
	}
	if ok, _ := l.peek("never seen", now); !ok {
		t.Error("a new address refused")
	}
}

// TestLimiterMemoryBounded: a flood of new keys (addresses, made-up
// tokens) within a minute, before any is stale, keeps at most maxKeys.
func TestLimiterMemoryBounded(t *testing.T) {
	l := newLimiters(1, 1)
	l.maxKeys = 1000
	now := time.Unix(1000, 0)
	for i := range 50_000 {
		l.allow(strconv.Itoa(i), now)
		if len(l.byKey) > l.maxKeys {
			t.Fatalf("after %d keys: %d kept, want at most %d", i+1, len(l.byKey), l.maxKeys)
		}
	}
	// The key just used is kept.
	if _, ok := l.byKey["49999"]; !ok {
		t.Error("the newest key was evicted")
	}
}

// TestAddressKey: IPv4 by address, IPv6 by its /64.
func TestAddressKey(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.7":          "addr 203.0.113.7",
		"::ffff:203.0.113.7":   "addr 203.0.113.7",
		"2001:db8:1:2:3:4:5:6": "addr 2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::1": "addr 2001:db8:1:2::/64",
		"not an address":       "addr not an address",
	} {
		if got := addressKey(in); got != want {
			t.Errorf("addressKey(%q) = %q, want %q", in, got, want)
		}
	}
}
