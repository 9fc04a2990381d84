package e2e

import (
	"net/netip"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestSignInCookieSecureBehindProxy: the sign-in cookie is Secure when a
// trusted TLS proxy says the browser came over https, and not when a
// client that is no trusted proxy says so (it believed any loopback or
// private-network client) (issue 14 §2).
func TestSignInCookieSecureBehindProxy(t *testing.T) {
	e := newEnv(t) // the test client is no trusted proxy
	proxied := e.another(api.Options{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	for _, tc := range []struct {
		name   string
		url    string
		header []string
		secure bool
	}{
		{"trusted proxy, https", proxied.URL, []string{"X-Forwarded-Proto", "https"}, true},
		{"trusted proxy, http", proxied.URL, []string{"X-Forwarded-Proto", "http"}, false},
		{"untrusted client says https", e.url, []string{"X-Forwarded-Proto", "https"}, false},
		{"untrusted client says ssl on", e.url, []string{"X-Forwarded-Ssl", "on"}, false},
		{"plain http", e.url, nil, false},
	} {
		if c := pagesSignIn(t, tc.url, tc.header...); c.Secure != tc.secure {
			t.Errorf("%s: cookie Secure %v, want %v", tc.name, c.Secure, tc.secure)
		}
	}
}
