package api

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestHSTSBehindTrustedProxy: HSTS went out only when traveler itself
// held the TLS connection, so behind the TLS proxy the deploy notes ask
// for it never did; and the request's scheme, which sets the sign-in
// cookie's Secure flag, came from X-Forwarded-Proto as any loopback or
// private-network client wrote it. Now the scheme is the connection's, or
// a trusted proxy's X-Forwarded-Proto (issue 14 §2).
func TestHSTSBehindTrustedProxy(t *testing.T) {
	proxy := []netip.Prefix{netip.MustParsePrefix("198.51.100.0/24")} // a proxy at a public address, which echo would not trust itself
	for _, tc := range []struct {
		name    string
		trusted []netip.Prefix
		peer    string
		header  []string
		https   bool
		kept    string // the scheme headers the handlers still see
	}{
		{"plain http", nil, "203.0.113.9:4000", nil, false, ""},
		{"untrusted client says https", nil, "203.0.113.9:4000", []string{"X-Forwarded-Proto", "https"}, false, ""},
		{"private-network client says https", nil, "10.1.2.3:4000", []string{"X-Forwarded-Proto", "https"}, false, ""},
		{"loopback client says https", nil, "127.0.0.1:4000", []string{"X-Forwarded-Proto", "https"}, false, ""},
		{"client behind no proxy says ssl on", nil, "192.168.1.20:4000", []string{"X-Forwarded-Ssl", "on"}, false, ""},
		{"client says https past a proxy", proxy, "203.0.113.9:4000", []string{"X-Forwarded-Proto", "https"}, false, ""},
		{"trusted proxy says https", proxy, "198.51.100.7:4000", []string{"X-Forwarded-Proto", "https"}, true, "https"},
		{"trusted proxy says http", proxy, "198.51.100.7:4000", []string{"X-Forwarded-Proto", "http"}, false, "http"},
		{"trusted proxy passes a client's X-Url-Scheme", proxy, "198.51.100.7:4000", []string{"X-Url-Scheme", "https"}, false, ""},
		{"trusted proxy over IPv6", []netip.Prefix{netip.MustParsePrefix("2001:db8::/64")}, "[2001:db8::5]:4000", []string{"X-Forwarded-Proto", "https"}, true, "https"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEcho(tournament.NewService(&fakeStore{}, tournament.ServiceOptions{DirectorToken: testDirector}), Options{TrustedProxies: tc.trusted})
			e.GET("/scheme-of-test", func(c echo.Context) error {
				return c.String(http.StatusOK, c.Scheme()+" "+c.Request().Header.Get("X-Forwarded-Proto")+c.Request().Header.Get("X-Forwarded-Ssl")+c.Request().Header.Get("X-Url-Scheme"))
			})
			for _, path := range []string{"/healthz", "/scheme-of-test"} {
				r := httptest.NewRequest(http.MethodGet, path, nil)
				r.RemoteAddr = tc.peer
				for i := 0; i+1 < len(tc.header); i += 2 {
					r.Header.Set(tc.header[i], tc.header[i+1])
				}
				w := httptest.NewRecorder()
				e.ServeHTTP(w, r)
				if w.Code != http.StatusOK {
					t.Fatalf("%s: %d %s", path, w.Code, w.Body)
				}
				if hsts := w.Header().Get("Strict-Transport-Security"); (hsts != "") != tc.https {
					t.Errorf("%s: Strict-Transport-Security %q, want it %v", path, hsts, tc.https)
				}
				if path != "/scheme-of-test" {
					continue
				}
				want := "http " + tc.kept
				if tc.https {
					want = "https " + tc.kept
				}
				if got := w.Body.String(); got != want {
					t.Errorf("scheme and forwarded headers behind it: %q, want %q", got, want)
				}
			}
		})
	}
}

// TestHSTSOverTLS: over traveler's own TLS, and over plain HTTP from a
// trusted proxy that says https, every answer carries HSTS; over plain
// HTTP, or when a client that is no trusted proxy says https, none does.
func TestHSTSOverTLS(t *testing.T) {
	svc := tournament.NewService(&fakeStore{}, tournament.ServiceOptions{DirectorToken: testDirector})
	tlsSrv := httptest.NewTLSServer(New(svc, Options{}))
	t.Cleanup(tlsSrv.Close)
	untrusted := httptest.NewServer(New(svc, Options{}))
	t.Cleanup(untrusted.Close)
	behindProxy := httptest.NewServer(New(svc, Options{TrustedProxies: local})) // the test client stands for the proxy
	t.Cleanup(behindProxy.Close)
	for _, tc := range []struct {
		name   string
		srv    *httptest.Server
		header []string
		hsts   bool
	}{
		{"TLS", tlsSrv, nil, true},
		{"trusted proxy says https", behindProxy, []string{"X-Forwarded-Proto", "https"}, true},
		{"untrusted client says https", untrusted, []string{"X-Forwarded-Proto", "https"}, false},
		{"plain http", untrusted, nil, false},
		{"plain http from a trusted proxy", behindProxy, nil, false},
	} {
		for _, path := range []string{"/healthz", "/", "/v1/events", "/v1/nowhere"} {
			req, err := http.NewRequest(http.MethodGet, tc.srv.URL+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i+1 < len(tc.header); i += 2 {
				req.Header.Set(tc.header[i], tc.header[i+1])
			}
			res, err := tc.srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if hsts := res.Header.Get("Strict-Transport-Security"); (hsts == "max-age=31536000") != tc.hsts || (hsts != "") != tc.hsts {
				t.Errorf("%s %s: %d, Strict-Transport-Security %q, want it %v", tc.name, path, res.StatusCode, hsts, tc.hsts)
			}
		}
	}
}
