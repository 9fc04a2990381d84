package api

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/api/internal/limit"
)

// The defaults of the per-address limits of Options.
const (
	// DefaultAddressRateFactor is how many times the per-token rate and
	// burst one client address may send when Options leaves its own at 0:
	// a club's tables often share one public address.
	DefaultAddressRateFactor = 10
	// DefaultSignInFailures is how many failed sign-ins (a wrong director
	// token on the sign-in page, an unknown token on the table page, an
	// unknown or malformed bearer token on the API) one address may make in
	// DefaultSignInWindow before it is answered 429 without its token being
	// checked.
	DefaultSignInFailures = 10
	DefaultSignInWindow   = time.Minute
	// maxLimiterKeys bounds each limiter's memory: past it, idle and then
	// arbitrary keys are forgotten (a forgotten key starts with a full
	// bucket, which is what an idle one has anyway).
	maxLimiterKeys = 100_000
)

// ipExtractor is how the server finds a request's client address: the
// connection's remote address, or behind one of trusted (the proxies'
// addresses), the nearest X-Forwarded-For entry that is not a trusted proxy.
// Without trusted proxies the header is ignored: anyone can write it.
func ipExtractor(trusted []netip.Prefix) echo.IPExtractor {
	if len(trusted) == 0 {
		return echo.ExtractIPDirect()
	}
	return echo.ExtractIPFromXFFHeader(trustOnly(trusted)...)
}

// trustOnly are echo's trust options for the proxies trusted and no other
// address (echo trusts loopback, link-local and private addresses unless
// told not to).
func trustOnly(trusted []netip.Prefix) []echo.TrustOption {
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range trusted {
		p = p.Masked()
		opts = append(opts, echo.TrustIPRange(&net.IPNet{IP: p.Addr().AsSlice(), Mask: net.CIDRMask(p.Bits(), p.Addr().BitLen())}))
	}
	return opts
}

// fromTrustedProxy reports whether r came straight from one of trusted.
func fromTrustedProxy(r *http.Request, trusted []netip.Prefix) bool {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return false // a unix socket's peer, or no address: no proxy of ours
	}
	a := ap.Addr().Unmap()
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// otherSchemeHeaders are the headers besides X-Forwarded-Proto that echo
// or a framework behind it may read a request's scheme from; the proxy
// traveler trusts says it in X-Forwarded-Proto alone.
var otherSchemeHeaders = []string{echo.HeaderXForwardedProtocol, echo.HeaderXForwardedSsl, echo.HeaderXUrlScheme, "Front-End-Https"}

// trustedScheme makes a request's scheme (c.Scheme(), for the HSTS header,
// the sign-in cookie's Secure flag and the table links alike) the
// connection's — https over TLS — or a trusted proxy's X-Forwarded-Proto,
// never what a client wrote: echo believes X-Forwarded-Proto and its
// kin from any loopback or private address, and not from a trusted proxy
// at a public one. X-Forwarded-Proto is dropped from a request that did not
// come straight from a trusted proxy, the other scheme headers from every
// request, so nothing further in can read them either.
func (s *server) trustedScheme(next echo.HandlerFunc) echo.HandlerFunc {
	scheme := echo.ExtractSchemeFromHeaders(trustOnly(s.opts.TrustedProxies)...)
	return func(c echo.Context) error {
		r := c.Request()
		for _, h := range otherSchemeHeaders {
			r.Header.Del(h)
		}
		if !fromTrustedProxy(r, s.opts.TrustedProxies) {
			r.Header.Del(echo.HeaderXForwardedProto)
		}
		return next(schemeContext{Context: c, scheme: scheme(r)})
	}
}

// schemeContext is a request's echo.Context with the scheme trustedScheme
// found.
type schemeContext struct {
	echo.Context
	scheme string
}

// Scheme returns the scheme trustedScheme found: "https" or "http".
func (c schemeContext) Scheme() string { return c.scheme }

// addressKey is the limiters' and the stream counts' key for a client
// address (limit.AddressKey: an IPv4 address, the /64 of an IPv6 one).
func addressKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return "addr " + ip
	}
	return limit.AddressKey(a)
}

// tooMany is the 429 answer with its Retry-After, wait rounded up to whole
// seconds.
func tooMany(c echo.Context, wait time.Duration, why string) error {
	secs := max(int(math.Ceil(wait.Seconds())), 1)
	c.Response().Header().Set("Retry-After", strconv.Itoa(secs))
	return &httpError{Status: http.StatusTooManyRequests, Body: dto.ErrorResponse{
		Error: fmt.Sprintf("too many requests: %s; try again in %d s", why, secs)}}
}

// limitAddress allows each client address AddressRateLimit requests a
// second with bursts of AddressRateBurst, whatever tokens it presents, on
// every route but the health probes; past that it answers 429.
func (s *server) limitAddress(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		switch c.Request().URL.Path {
		case "/healthz", "/readyz":
			return next(c)
		}
		if ok, wait := s.byAddress.allow(addressKey(c.RealIP()), time.Now()); !ok {
			return tooMany(c, wait, fmt.Sprintf("at most %g a second from one address", s.opts.AddressRateLimit))
		}
		return next(c)
	}
}

// signInsThrottled answers 429 when the request's address has failed to
// sign in too often lately, before its token is checked.
func (s *server) signInsThrottled(c echo.Context) error {
	if ok, wait := s.failures.peek(addressKey(c.RealIP()), time.Now()); !ok {
		return tooMany(c, wait, fmt.Sprintf("%d failed sign-ins from your address", s.opts.SignInFailures))
	}
	return nil
}

// signInFailed counts a failed sign-in against the request's address.
func (s *server) signInFailed(c echo.Context) {
	s.failures.allow(addressKey(c.RealIP()), time.Now())
}

// signInPath is the pages' director sign-in (package web).
const signInPath = "/director/login"

// tablePagePrefix starts the pages' table page, /t/<token> (package web):
// a table's token in the address is a sign-in too.
const tablePagePrefix = "/t/"

// throttleSignIn guards the pages' sign-ins — the director's sign-in form
// and the table page — as authenticate guards the API's: an address with
// too many failed sign-ins is answered 429 before its token is checked. A
// director's sign-in answered with a 4xx (a wrong token, a table's token)
// counts as a failure, and so does a table page answered 401 (a token
// traveler does not know, or no longer honours); a sign-in that works
// answers a redirect, a table page 200.
func (s *server) throttleSignIn(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		login := r.Method == http.MethodPost && r.URL.Path == signInPath
		table := strings.HasPrefix(r.URL.Path, tablePagePrefix)
		if !login && !table {
			return next(c)
		}
		if err := s.signInsThrottled(c); err != nil {
			return err
		}
		if err := next(c); err != nil {
			c.Error(err)
		}
		st := c.Response().Status
		if (login && st >= 400 && st < 500 && st != http.StatusTooManyRequests) || (table && st == http.StatusUnauthorized) {
			s.signInFailed(c)
		}
		return nil
	}
}

// peek reports whether key's bucket has a token, without taking it, and if
// not, how long until it has. A key never seen has a full bucket.
func (l *limiters) peek(key string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	v, ok := l.byKey[key]
	if !ok {
		return true, 0
	}
	tokens := v.lim.TokensAt(now)
	if tokens >= 1 {
		return true, 0
	}
	return false, time.Duration((1 - tokens) / float64(l.limit) * float64(time.Second))
}

// evict makes room for a new key when l holds maxKeys: it forgets the keys
// idle past staleAfter, then, if that is not a tenth of them, arbitrary
// ones (map order) until a tenth is free. Called with l.mu held.
func (l *limiters) evict(now time.Time) {
	limit := l.maxKeys
	if limit <= 0 {
		limit = maxLimiterKeys
	}
	if len(l.byKey) < limit {
		return
	}
	for k, v := range l.byKey {
		if now.Sub(v.seen) > staleAfter {
			delete(l.byKey, k)
		}
	}
	for k := range l.byKey {
		if len(l.byKey) <= limit-max(limit/10, 1) {
			break
		}
		delete(l.byKey, k)
	}
}
