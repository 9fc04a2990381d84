package api

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/api/internal/problem"
	"github.com/traveler-bridge/traveler/tournament"
)

// httpError is a failure the api itself finds (a malformed request, a
// missing header, a limit reached): its status and its answer.
type httpError struct {
	Status int
	Body   dto.ErrorResponse
}

// Error returns the answer's message.
func (e *httpError) Error() string { return e.Body.Error }

// badRequest is a 400 about field.
func badRequest(field, message string, allowed ...string) *httpError {
	msg := message
	if field != "" {
		msg = field + ": " + message
	}
	return &httpError{Status: http.StatusBadRequest, Body: dto.ErrorResponse{Error: msg, Field: field, Allowed: allowed}}
}

// tooLarge is the 413 for a body over limit bytes.
func tooLarge(limit int64) *httpError {
	return &httpError{Status: http.StatusRequestEntityTooLarge, Body: dto.ErrorResponse{
		Error: "request body too large: at most " + strconv.FormatInt(limit, 10) + " bytes", Field: "body"}}
}

// Answer maps an error to its HTTP status and answer; internal reports
// whether it is a failure of the server (to be logged, its text never
// shown). It is the one place errors become the API's answers:
//
//   - the api's own errors (malformed JSON, a bad path id or header, a body
//     too large, a rate limit): their status, 400 for a malformed request;
//   - echo's own errors (no route 404, wrong method 405) in the same shape;
//   - everything else as problem.Of maps it, for the pages too
//     (tournament kinds, *scoring.Error 422, a timeout 503, else 500
//     {"error": "internal error"}); a tournament.ErrConflict or ErrStale
//     carrying the stored result answers it too, ErrStale's under the
//     field "version".
func Answer(err error) (status int, body dto.ErrorResponse, internal bool) {
	var he *httpError
	if errors.As(err, &he) {
		return he.Status, he.Body, false
	}
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return http.StatusRequestEntityTooLarge, tooLarge(mbe.Limit).Body, false
	}
	var ee *echo.HTTPError
	if errors.As(err, &ee) {
		switch {
		case ee.Code == http.StatusNotFound:
			return ee.Code, dto.ErrorResponse{Error: "not found: no such path"}, false
		case ee.Code == http.StatusMethodNotAllowed:
			return ee.Code, dto.ErrorResponse{Error: "method not allowed on this path"}, false
		case ee.Code == http.StatusRequestEntityTooLarge:
			return ee.Code, dto.ErrorResponse{Error: "request body too large", Field: "body"}, false
		case ee.Code >= 400 && ee.Code < 500:
			return ee.Code, dto.ErrorResponse{Error: http.StatusText(ee.Code)}, false
		}
		return http.StatusInternalServerError, dto.ErrorResponse{Error: problem.InternalMessage}, true
	}
	p := problem.Of(err)
	body = dto.ErrorResponse{Error: p.Message, Field: p.Field, Allowed: p.Allowed}
	var te *tournament.Error
	if !p.Internal && errors.As(err, &te) {
		body.EventID = te.Event
		if te.Current != nil {
			cur := dto.NewResultResponse(*te.Current)
			body.Current = &cur
			if body.Field == "" && p.Status == http.StatusPreconditionFailed {
				body.Field = "version"
			}
		}
	}
	return p.Status, body, p.Internal
}

// errorHandler answers every error a handler or middleware returns, in the
// one JSON shape, and logs the server's own failures.
func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status, body, internal := Answer(err)
		if internal {
			r := c.Request()
			log.LogAttrs(r.Context(), slog.LevelError, "request failed",
				slog.String("method", r.Method), slog.String("path", loggedPath(r.URL.Path)), slog.String("error", err.Error()))
		}
		if status == http.StatusUnauthorized {
			c.Response().Header().Set("WWW-Authenticate", `Bearer realm="traveler"`)
		}
		if ra := retryAfterOf(err); ra != "" && c.Response().Header().Get("Retry-After") == "" {
			c.Response().Header().Set("Retry-After", ra)
		}
		if status == http.StatusServiceUnavailable && c.Response().Header().Get("Retry-After") == "" {
			c.Response().Header().Set("Retry-After", problem.RetryAfter)
		}
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, body)
	}
}
