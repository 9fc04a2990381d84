package apitest

import (
	"bytes"
	"strings"
	"sync"
	"testing"
)

// BaseURL is the BaseURL a test server makes table links from.
const BaseURL = "http://traveler.test"

// TestLog writes a server's log lines to the test log.
type TestLog struct{ T testing.TB }

// Write logs p, a line, to the test.
func (l TestLog) Write(p []byte) (int, error) {
	l.T.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// LockedBuffer is a log sink safe for a server's goroutines, read back with
// String.
type LockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (l *LockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String is everything written so far.
func (l *LockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
