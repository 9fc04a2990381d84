package limit

import (
	"fmt"
	"io"
	"time"
)

// Body returns r, a request's body, cut when it has not arrived within
// within: the connection's read deadline is set to then (setDeadline is
// http.ResponseController's SetReadDeadline) and a read it stops answers
// ErrBodyTimeout. net/http lifts the deadline itself once the body has
// been read to its end (it then waits for the client to go, with none).
// Without a connection that takes deadlines (setDeadline fails), r is
// returned as is.
func Body(r io.ReadCloser, within time.Duration, setDeadline func(time.Time) error) io.ReadCloser {
	if setDeadline(time.Now().Add(within)) != nil {
		return r
	}
	return &body{ReadCloser: r, within: within}
}

// body is Body's reader.
type body struct {
	io.ReadCloser
	within time.Duration
}

// Read reads the body, an error past its deadline ErrBodyTimeout.
func (b *body) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && isTimeout(err) {
		return n, fmt.Errorf("%w: at most %s", ErrBodyTimeout, b.within)
	}
	return n, err
}
