// Package problem is the one mapping of an error to what its caller is
// told: the HTTP status of each kind of tournament.Error, of a
// *scoring.Error, of a results or hand-record file reports cannot read (a
// *reports.FileError), of a request that ran out of time, of a client past
// one of its bounds (a *limit.Exceeded) or whose body did not arrive in
// time (limit.ErrBodyTimeout), and the words
// that may be shown. The API answers it as JSON (api.Answer), the pages phrase
// it (web's explain); neither decides a status of its own.
package problem

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/api/internal/limit"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// Problem is what a caller learns of an error.
type Problem struct {
	Status   int      // the HTTP status
	Message  string   // what was wrong, safe to show: the error's own words, or a stand-in when Internal
	Field    string   // the input field it is about; "" when none
	Allowed  []string // what the field allows instead, when the error lists it
	Internal bool     // a failure of the server (5xx): to be logged; Message never holds its text
}

// RetryAfter is the Retry-After (seconds) of a 503: the database cannot be
// reached or has no room (disk full), or a request took too long.
const RetryAfter = "5"

// InternalMessage is all a caller learns of a failure that is not theirs.
const InternalMessage = "internal error"

// timeoutMessage is the answer to a request that ran out of time.
const timeoutMessage = "the request took too long; try again"

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
	{tournament.ErrBusy, http.StatusServiceUnavailable},
}

// Of maps err to its problem:
//
//   - a *tournament.Error by its kind: ErrInvalid 422, ErrNotFound 404,
//     ErrConflict 409, ErrStale 412, ErrForbidden 403, ErrUnauthorized
//     401, ErrUnavailable 503 (Internal: logged, its message the store's
//     own "try again"), ErrBusy 503 (not Internal: the server is well, its
//     workers busy; its own words); with its message, field and allowed values; one of
//     no known kind is a 500;
//   - a sentinel wrapped without a *tournament.Error: the same statuses,
//     the error's text as the message;
//   - a *scoring.Error 422, with its field and allowed values;
//   - a *reports.FileError 422, "file: " and its words, the field naming
//     where (FileField);
//   - a *limit.Exceeded 429, its words naming the bound (the caller sets
//     Retry-After from its RetryAfter);
//   - limit.ErrBodyTimeout 408: the client's slowness, not the server's
//     failure;
//   - context.DeadlineExceeded 503, Internal;
//   - anything else 500, Internal, InternalMessage.
func Of(err error) Problem {
	var te *tournament.Error
	if errors.As(err, &te) {
		status, ok := statusOf(te.Kind)
		if !ok {
			return internal()
		}
		internal := status >= http.StatusInternalServerError && !errors.Is(te.Kind, tournament.ErrBusy)
		return Problem{Status: status, Message: te.Error(), Field: te.Field, Allowed: te.Allowed, Internal: internal}
	}
	if status, ok := statusOf(err); ok {
		if status >= http.StatusInternalServerError {
			// a bare sentinel's text may name what could not be reached
			return Problem{Status: status, Message: tournament.Unavailable.Error(), Internal: true}
		}
		return Problem{Status: status, Message: err.Error()}
	}
	var se *scoring.Error
	if errors.As(err, &se) {
		return Problem{Status: http.StatusUnprocessableEntity, Message: se.Error(), Field: se.Field, Allowed: se.Allowed}
	}
	var fe *reports.FileError
	if errors.As(err, &fe) {
		return Problem{Status: http.StatusUnprocessableEntity, Message: "file: " + fe.Error(), Field: FileField(fe)}
	}
	var le *limit.Exceeded
	if errors.As(err, &le) {
		return Problem{Status: http.StatusTooManyRequests, Message: le.Error()}
	}
	if errors.Is(err, limit.ErrBodyTimeout) {
		return Problem{Status: http.StatusRequestTimeout, Message: err.Error(), Field: "body"}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return Problem{Status: http.StatusServiceUnavailable, Message: timeoutMessage, Internal: true}
	}
	return internal()
}

// FileField names where in a file fe is, as the field of its problem:
// "file: line 12 BOARD/TRAVELLER_LINE/SCORE", "file: line 3" or "file".
func FileField(fe *reports.FileError) string {
	var where []string
	if fe.Line > 0 {
		where = append(where, "line "+strconv.Itoa(fe.Line))
	}
	if fe.Element != "" {
		where = append(where, fe.Element)
	}
	if len(where) == 0 {
		return "file"
	}
	return "file: " + strings.Join(where, " ")
}

// internal is the problem of a failure of the server.
func internal() Problem {
	return Problem{Status: http.StatusInternalServerError, Message: InternalMessage, Internal: true}
}

// statusOf returns the status of the tournament sentinel err is or wraps.
func statusOf(err error) (int, bool) {
	if err == nil {
		return 0, false
	}
	for _, k := range kindStatus {
		if errors.Is(err, k.kind) {
			return k.status, true
		}
	}
	return 0, false
}
