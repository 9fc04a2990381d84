package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// httpError is a failure the api itself finds (a malformed request, a
// missing header, a limit reached): its status and its answer.
type httpError struct {
	Status int
	Body   ErrorResponse
}

// Error returns the answer's message.
func (e *httpError) Error() string { return e.Body.Error }

// badRequest is a 400 about field.
func badRequest(field, message string, allowed ...string) *httpError {
	msg := message
	if field != "" {
		msg = field + ": " + message
	}
	return &httpError{Status: http.StatusBadRequest, Body: ErrorResponse{Error: msg, Field: field, Allowed: allowed}}
}

// tooLarge is the 413 for a body over limit bytes.
func tooLarge(limit int64) *httpError {
	return &httpError{Status: http.StatusRequestEntityTooLarge, Body: ErrorResponse{
		Error: "request body too large: at most " + strconv.FormatInt(limit, 10) + " bytes", Field: "body"}}
}

// kindStatus is the status of each kind of tournament error.
var kindStatus = []struct {
	kind   error
	status int
}{
	{tournament.ErrInvalid, http.StatusUnprocessableEntity},
	{tournament.ErrNotFound, http.StatusNotFound},
	{tournament.ErrConflict, http.StatusConflict},
	{tournament.ErrStale, http.StatusPreconditionFailed},
	{tournament.ErrForbidden, http.StatusForbidden},
	{tournament.ErrUnauthorized, http.StatusUnauthorized},
	{tournament.ErrUnavailable, http.StatusServiceUnavailable},
}

// retryAfter is the Retry-After (seconds) of a 503: the database cannot be
// reached, or a request took too long.
const retryAfter = "5"

// internalMessage is all a caller learns of a failure that is not theirs.
const internalMessage = "internal error"

// Answer maps an error to its HTTP status and answer; internal reports
// whether it is a failure of the server (to be logged, its text never
// shown). It is the one place errors become statuses:
//
//   - the api's own errors (malformed JSON, a bad path id or header, a body
//     too large, a rate limit): their status, 400 for a malformed request;
//   - tournament.ErrInvalid 422, ErrNotFound 404, ErrConflict 409 (with the
//     stored result when the error carries it), ErrStale 412 (likewise),
//     ErrForbidden 403, ErrUnauthorized 401, ErrUnavailable 503 with
//     Retry-After (logged);
//   - a *scoring.Error 422;
//   - echo's own errors (no route 404, wrong method 405) in the same shape;
//   - anything else 500 {"error": "internal error"}.
func Answer(err error) (status int, body ErrorResponse, internal bool) {
	var he *httpError
	if errors.As(err, &he) {
		return he.Status, he.Body, false
	}
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return http.StatusRequestEntityTooLarge, tooLarge(mbe.Limit).Body, false
	}
	var te *tournament.Error
	if errors.As(err, &te) {
		status, _ := statusOfKind(te.Kind)
		body := ErrorResponse{Error: te.Error(), Field: te.Field, Allowed: te.Allowed, EventID: te.Event}
		if te.Current != nil {
			cur := NewResultResponse(*te.Current)
			body.Current = &cur
			if body.Field == "" && status == http.StatusPreconditionFailed {
				body.Field = "version"
			}
		}
		if status == 0 {
			return http.StatusInternalServerError, ErrorResponse{Error: internalMessage}, true
		}
		// the store out of reach is the server's failure, logged, its
		// cause never shown
		return status, body, status == http.StatusServiceUnavailable
	}
	if status, ok := statusOfKind(err); ok {
		return status, ErrorResponse{Error: err.Error()}, false
	}
	var se *scoring.Error
	if errors.As(err, &se) {
		return http.StatusUnprocessableEntity, NewErrorResponse(se), false
	}
	var ee *echo.HTTPError
	if errors.As(err, &ee) {
		switch {
		case ee.Code == http.StatusNotFound:
			return ee.Code, ErrorResponse{Error: "not found: no such path"}, false
		case ee.Code == http.StatusMethodNotAllowed:
			return ee.Code, ErrorResponse{Error: "method not allowed on this path"}, false
		case ee.Code == http.StatusRequestEntityTooLarge:
			return ee.Code, ErrorResponse{Error: "request body too large", Field: "body"}, false
		case ee.Code >= 400 && ee.Code < 500:
			return ee.Code, ErrorResponse{Error: http.StatusText(ee.Code)}, false
		}
		return http.StatusInternalServerError, ErrorResponse{Error: internalMessage}, true
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return http.StatusServiceUnavailable, ErrorResponse{Error: "the request took too long; try again"}, true
	}
	return http.StatusInternalServerError, ErrorResponse{Error: internalMessage}, true
}

// statusOfKind returns the status of the tournament sentinel err wraps.
func statusOfKind(err error) (int, bool) {
	for _, k := range kindStatus {
		if errors.Is(err, k.kind) {
			return k.status, true
		}
	}
	return 0, false
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
		if status == http.StatusServiceUnavailable && c.Response().Header().Get("Retry-After") == "" {
			c.Response().Header().Set("Retry-After", retryAfter)
		}
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, body)
	}
}
