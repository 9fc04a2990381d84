package api

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/api/internal/redact"
	"github.com/traveler-bridge/traveler/api/internal/sse"
	"github.com/traveler-bridge/traveler/tournament"
	"golang.org/x/time/rate"
)

// requestLog writes one line per request: method, path, status, latency,
// and the caller's role.
func (s *server) requestLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		err := next(c)
		if err != nil {
			c.Error(err)
		}
		r := c.Request()
		attrs := []slog.Attr{
			slog.String("method", r.Method),
			slog.String("path", loggedPath(r.URL.Path)),
			slog.Int("status", c.Response().Status),
			slog.Duration("latency", time.Since(start)),
			slog.Int64("bytes", c.Response().Size),
		}
		if a, ok := c.Get(actorKey).(tournament.Actor); ok {
			attrs = append(attrs, slog.String("actor", a.Name))
		}
		s.log.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
		return nil
	}
}

// recover turns a panic in a handler into a 500, logged with its value.
func (s *server) recover(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) (err error) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				err = fmt.Errorf("panic: %v", v)
			}
		}()
		return next(c)
	}
}

// loggedPath is a request's path as the log may keep it: any segment
// shaped like a token is cut out (package redact).
func loggedPath(path string) string { return redact.Path(path) }

// limitBody refuses a body over limit bytes with 413: at once when its
// Content-Length says so, else when reading it passes the limit.
func (s *server) limitBody(limit int64) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			if r.ContentLength > limit {
				return tooLarge(limit)
			}
			if r.Body != nil {
				r.Body = http.MaxBytesReader(c.Response(), r.Body, limit)
			}
			return next(c)
		}
	}
}

// rateLimit allows each token (each client IP for requests without one)
// RateLimit requests a second with bursts of RateBurst; past that it
// answers 429 with Retry-After.
func (s *server) rateLimit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		key := "ip " + c.RealIP()
		if secret, err := bearer(c.Request().Header.Get(echo.HeaderAuthorization)); err == nil && secret != "" {
			key = "token " + secret
		}
		if ok, wait := s.limiter.allow(key, time.Now()); !ok {
			secs := int(math.Ceil(wait.Seconds()))
			c.Response().Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
			return &httpError{Status: http.StatusTooManyRequests, Body: dto.ErrorResponse{
				Error: fmt.Sprintf("too many requests: at most %g a second for each token; try again in %d s", s.opts.RateLimit, max(secs, 1))}}
		}
		return next(c)
	}
}

// requestTimeout bounds the work of one request (the store's queries
// take their deadline from the request's context); past it the answer is a
// 503.
const requestTimeout = 30 * time.Second

// timeout gives the request's context a deadline of requestTimeout, but
// for a live stream on a route that streams (streams bound themselves:
// sse.MaxLife). Any other route asked for a stream keeps the deadline.
func (s *server) timeout(streams bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if streams && sse.Wants(c.Request()) {
				return next(c)
			}
			ctx, cancel := context.WithTimeout(c.Request().Context(), requestTimeout)
			defer cancel()
			c.SetRequest(c.Request().WithContext(ctx))
			return next(c)
		}
	}
}

// actorKey is where authenticate leaves the caller in the echo.Context.
const actorKey = "traveler.actor"

// authenticate reads Authorization: Bearer <token> and asks the service who
// it stands for; no header is the public. An unknown token is a 401, and
// counts as a failed sign-in of the address: past Options.SignInFailures of
// them a token is not checked but answered 429 (signInsThrottled).
func (s *server) authenticate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		secret, err := bearer(c.Request().Header.Get(echo.HeaderAuthorization))
		if c.Request().Header.Get(echo.HeaderAuthorization) != "" {
			if terr := s.signInsThrottled(c); terr != nil {
				return terr
			}
		}
		if err != nil {
			s.signInFailed(c)
			return err
		}
		a, err := s.svc.Authenticate(c.Request().Context(), secret)
		if errors.Is(err, tournament.ErrUnauthorized) {
			s.signInFailed(c)
		}
		if err != nil {
			return err
		}
		c.Set(actorKey, a)
		return next(c)
	}
}

// actor returns the caller authenticate found.
func actor(c echo.Context) tournament.Actor {
	if a, ok := c.Get(actorKey).(tournament.Actor); ok {
		return a
	}
	return tournament.Public
}

// bearer reads the token of an Authorization header: "" when there is no
// header; a 401 for another scheme or an empty token.
func bearer(h string) (string, error) {
	if h == "" {
		return "", nil
	}
	scheme, token, _ := strings.Cut(strings.TrimSpace(h), " ")
	token = strings.TrimSpace(token)
	if !strings.EqualFold(scheme, "Bearer") || token == "" {
		return "", &httpError{Status: http.StatusUnauthorized, Body: dto.ErrorResponse{
			Error: "Authorization: expected \"Bearer <token>\"", Field: "Authorization", Allowed: []string{"Bearer"}}}
	}
	return token, nil
}

// limiters keeps a token bucket per key, forgetting keys idle for longer
// than staleAfter.
type limiters struct {
	mu        sync.Mutex
	limit     rate.Limit
	burst     int
	byKey     map[string]*visitor
	lastSweep time.Time
	maxKeys   int // the most keys kept (evict); 0: maxLimiterKeys
}

// visitor is one key's bucket and when it was last used.
type visitor struct {
	lim  *rate.Limiter
	seen time.Time
}

// staleAfter is how long an idle key's bucket is kept.
const staleAfter = 3 * time.Minute

func newLimiters(perSecond float64, burst int) *limiters {
	return &limiters{limit: rate.Limit(perSecond), burst: burst, byKey: map[string]*visitor{}}
}

// allow takes a token from key's bucket; when there is none it reports
// false and how long until there is.
func (l *limiters) allow(key string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) > time.Minute {
		for k, v := range l.byKey {
			if now.Sub(v.seen) > staleAfter {
				delete(l.byKey, k)
			}
		}
		l.lastSweep = now
	}
	v, ok := l.byKey[key]
	if !ok {
		l.evict(now)
		v = &visitor{lim: rate.NewLimiter(l.limit, l.burst)}
		l.byKey[key] = v
	}
	v.seen = now
	if v.lim.AllowN(now, 1) {
		return true, 0
	}
	r := v.lim.ReserveN(now, 1)
	wait := r.DelayFrom(now)
	r.CancelAt(now)
	return false, wait
}
