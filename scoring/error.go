package scoring

import (
	"fmt"
	"strings"
)

// Error is bad input: the field it is in, the value given, what was wrong,
// and what is allowed.
type Error struct {
	Field   string   // the input field, e.g. "contract" or "revokes[1].penalty"
	Value   string   // the value given, as text
	Problem string   // what was wrong, in plain words
	Allowed []string // what is allowed instead, when that is a short list
}

// Error returns the message: field, value, problem and what is allowed.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Field)
	if e.Value != "" {
		fmt.Fprintf(&b, " %q", e.Value)
	}
	b.WriteString(": ")
	b.WriteString(e.Problem)
	if len(e.Allowed) > 0 {
		b.WriteString(" (allowed: ")
		b.WriteString(strings.Join(e.Allowed, ", "))
		b.WriteString(")")
	}
	return b.String()
}

// invalid makes an *Error.
func invalid(field, value, problem string, allowed ...string) *Error {
	return &Error{Field: field, Value: value, Problem: problem, Allowed: allowed}
}
