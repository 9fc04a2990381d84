package main

// What loadtest_test.go and loadtest_crash_test.go need of the server
// set-up the end-to-end suite (api/e2e) now owns: kept here only until the
// load generator and its tests move to a command of their own under cmd/
// (issue 23 §4, another branch), which brings its own; delete it then.

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// directorToken is the configured director token of every test server.
const directorToken = apitest.DirectorToken

// testBaseURL is the BaseURL table links are made from.
const testBaseURL = "http://traveler.test"

// apiEnv is a running API over a fresh database, and a client of it.
type apiEnv struct {
	apitest.Client
	url string
}

// newAPIEnv starts the API over a new database, wired as `traveler serve`
// wires it; warnings and errors go to the test log.
func newAPIEnv(t *testing.T, o api.Options) *apiEnv {
	t.Helper()
	store, err := db.Open(context.Background(), dbtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	svc := tournament.NewService(store, tournament.ServiceOptions{DirectorToken: directorToken})
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(testLog{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	if o.BaseURL == "" {
		o.BaseURL = testBaseURL
	}
	c := apitest.Serve(t, api.New(svc, o), "")
	return &apiEnv{Client: c, url: c.URL}
}

// want is the Client's Want.
func (e *apiEnv) want(status int, out any, method, path, token string, body any, hdr ...string) apitest.Reply {
	e.T.Helper()
	return e.Want(status, out, method, path, token, body, hdr...)
}

// testLog writes the server's log lines to the test log.
type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// lockedBuffer is a log sink safe for the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
