package api

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/traveler-bridge/traveler/api/internal/limit"
	"github.com/traveler-bridge/traveler/api/internal/sse"
	"github.com/traveler-bridge/traveler/api/web"
)

// The defaults of the per-client bounds of Options (issue 24 §3).
const (
	// DefaultStreamsPerAddress is how many live standings one client
	// address may hold open at once: a few screens and phones behind one
	// address, not the whole server's.
	DefaultStreamsPerAddress = 8
	// DefaultStreamsPerToken is how many one token (a bearer token, or a
	// signed-in browser's cookie) may hold open at once.
	DefaultStreamsPerToken = 4
	// DefaultConnectionsPerAddress is how many connections one client
	// address may hold open at once (Listener): a club's phones and the
	// load generator's tables behind one address fit.
	DefaultConnectionsPerAddress = 512
	// DefaultBodyTimeout is how long a request body may take to arrive; the
	// request's work is bounded by the same time (requestTimeout).
	DefaultBodyTimeout = requestTimeout
)

// streamRetryAfter is the Retry-After of a stream refused for its client's
// bound: time for one of its streams to end (a reader gone is noticed at
// the next heartbeat's write).
const streamRetryAfter = 30 * time.Second

// pageStreamRoutes are the pages' live streams (package web, live.go):
// they stream whatever the request's Accept says.
var pageStreamRoutes = map[string]bool{
	http.MethodGet + " /sections/:id/live":          true,
	http.MethodGet + " /director/sections/:id/live": true,
}

// streaming reports whether a request will be answered with a live stream:
// a page's change stream, or a route of streamRoutes asked for
// text/event-stream.
func streaming(c echo.Context) bool {
	route := c.Request().Method + " " + c.Path()
	return pageStreamRoutes[route] || (streamRoutes[route] && sse.Wants(c.Request()))
}

// streamToken is the credential a stream request counts against: its
// bearer token, else its signed-in browser's cookie; "" for the public.
func streamToken(c echo.Context) string {
	if secret, err := bearer(c.Request().Header.Get(echo.HeaderAuthorization)); err == nil && secret != "" {
		return "token " + secret
	}
	if ck, err := c.Cookie(web.CookieName); err == nil && ck.Value != "" {
		return "cookie " + ck.Value
	}
	return ""
}

// limitStreams admits a live stream while its client address holds fewer
// than StreamsPerAddress and its token fewer than StreamsPerToken, and
// counts it until it ends; past either bound it answers 429 naming the
// bound, with Retry-After, whatever other clients hold (the server's own
// cap, tournament.MaxWatchers, is for all of them).
func (s *server) limitStreams(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !streaming(c) {
			return next(c)
		}
		req, release := sse.WithRelease(c.Request()) // given back when the stream ends, not when its handler returns
		c.SetRequest(req)
		defer release.Done()
		addr := addressKey(c.RealIP())
		if !s.streams.Take(addr, s.opts.StreamsPerAddress) {
			return &limit.Exceeded{What: "open live standings streams from one address", Bound: s.opts.StreamsPerAddress, RetryAfter: streamRetryAfter}
		}
		release.Add(func() { s.streams.Give(addr) })
		if tok := streamToken(c); tok != "" {
			if !s.streams.Take(tok, s.opts.StreamsPerToken) {
				return &limit.Exceeded{What: "open live standings streams with one token", Bound: s.opts.StreamsPerToken, RetryAfter: streamRetryAfter}
			}
			release.Add(func() { s.streams.Give(tok) })
		}
		return next(c)
	}
}

// bodyDeadline gives a request's body BodyTimeout to arrive: one that
// trickles is cut then and answered 408 (limit.ErrBodyTimeout, through
// problem), not held.
func (s *server) bodyDeadline(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0 {
			r.Body = limit.Body(r.Body, s.opts.BodyTimeout, http.NewResponseController(c.Response()).SetReadDeadline)
		}
		return next(c)
	}
}

// Listener returns ln accepting at most o.ConnectionsPerAddress
// (DefaultConnectionsPerAddress when 0) open connections from one client
// address; the excess is closed as soon as it is accepted and logged at
// INFO through o.Logger. Connections from o.TrustedProxies are not
// counted: the proxy in front bounds its clients' connections. `traveler
// serve` serves New's handler on it.
func Listener(ln net.Listener, o Options) net.Listener {
	if o.ConnectionsPerAddress <= 0 {
		o.ConnectionsPerAddress = DefaultConnectionsPerAddress
	}
	return limit.Listener(ln, o.ConnectionsPerAddress, o.TrustedProxies, o.Logger)
}

// retryAfterOf is the Retry-After (seconds) of an answer to err: that of a
// bound exceeded, else "".
func retryAfterOf(err error) string {
	var le *limit.Exceeded
	if errors.As(err, &le) && le.RetryAfter > 0 {
		return fmt.Sprint(int(max(le.RetryAfter.Seconds(), 1)))
	}
	return ""
}
