package tournament

import (
	"errors"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
)

// The kinds of failure a use case reports; api maps each to one HTTP status.
var (
	ErrInvalid      = errors.New("invalid")             // the input breaks a rule: 422
	ErrNotFound     = errors.New("not found")           // no such thing, or not visible to the caller: 404
	ErrConflict     = errors.New("conflict")            // it clashes with what is stored (a duplicate): 409
	ErrForbidden    = errors.New("forbidden")           // the caller may not do this: 403
	ErrUnauthorized = errors.New("unauthorized")        // no caller, or an unknown token: 401
	ErrStale        = errors.New("precondition failed") // the version given is not the stored one: 412
	ErrUnavailable  = errors.New("unavailable")         // the store cannot be reached, or has no room, for now: 503, try again
)

// ErrEntryMoved is the store's answer to an entry checked against a
// section or event that has changed since (CreateResultsAt): nothing was
// stored; the Service reads them again and checks the entry anew. It never
// reaches a caller of the Service.
var ErrEntryMoved = errors.New("the section or its event changed while the entry was checked")

// Unavailable is the error of a store that cannot take a request for now
// (the database is down or restarting, or out of a resource: its disk full,
// its connections taken): nothing was changed, and the same request may be
// tried again in a moment.
var Unavailable = &Error{Kind: ErrUnavailable, Message: "the database cannot take the request just now (out of reach, or out of room); nothing was changed: try again in a moment"}

// Error is a failure a user can act on: its kind (one of the Err sentinels),
// what was wrong in plain words, the field it is about, what is allowed there,
// and, for ErrStale and ErrConflict on a result, the stored value.
type Error struct {
	Kind    error    // ErrInvalid, ErrNotFound, ErrConflict, ErrForbidden, ErrUnauthorized or ErrStale
	Message string   // what was wrong, e.g. `board 29: the section has boards 1 to 27`
	Field   string   // the input field, e.g. "board" or "results[3].tricks"; "" when none
	Allowed []string // what is allowed instead, when that is a short list
	Current *Result  // ErrStale, ErrConflict: the result as stored now
	Event   int64    // ErrConflict on an import: the event that holds the same file
}

// Error returns the message, prefixed with the field when there is one.
func (e *Error) Error() string {
	var b strings.Builder
	if e.Field != "" && !strings.HasPrefix(e.Message, e.Field) {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	if len(e.Allowed) > 0 {
		b.WriteString(" (allowed: ")
		b.WriteString(strings.Join(e.Allowed, ", "))
		b.WriteString(")")
	}
	return b.String()
}

// Unwrap returns the kind, so errors.Is(err, ErrNotFound) works.
func (e *Error) Unwrap() error { return e.Kind }

// Invalidf returns an ErrInvalid error about field.
func Invalidf(field, message string, allowed ...string) *Error {
	return &Error{Kind: ErrInvalid, Field: field, Message: message, Allowed: allowed}
}

// NotFoundf returns an ErrNotFound error, e.g. NotFoundf("event", 7).
func NotFoundf(what string, id int64) *Error {
	return &Error{Kind: ErrNotFound, Message: what + " " + strconv.FormatInt(id, 10) + " does not exist"}
}

// fromScoring turns a *scoring.Error into an ErrInvalid one, its field put
// under prefix (e.g. "results[2]."); any other error is returned as it is.
func fromScoring(err error, prefix string) error {
	var se *scoring.Error
	if !errors.As(err, &se) {
		return err
	}
	msg := se.Problem
	if se.Value != "" {
		msg = strconv.Quote(se.Value) + ": " + msg
	}
	return &Error{Kind: ErrInvalid, Field: prefix + se.Field, Message: msg, Allowed: se.Allowed}
}
