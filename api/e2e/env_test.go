package e2e

// The suite's one set-up: a server over a test database wired as `traveler
// serve` wires it (db.Open → tournament.NewService → api.New), a client of
// it, and — for the tests of the pages — a headless Chromium
// (browser_test.go). What a test needs otherwise is an option of newEnv.

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// directorToken is the configured director token of every test server.
const directorToken = apitest.DirectorToken

// testBaseURL is the BaseURL table links are made from, unless the env has
// a browser (then it is the server's own address, so that links open).
const testBaseURL = apitest.BaseURL

// env is a running server over a test database, a client of it (signed
// out: each call names its token), and, with withBrowser, a browser.
type env struct {
	apitest.Client
	t         *testing.T
	url       string              // the server's address, e.g. http://127.0.0.1:41234 (the Client's URL)
	svc       *tournament.Service // the same Service the server uses, for set-ups and checks behind the API
	dbURL     string              // the test's database, for what no route does (letting a token's time pass)
	*headless                     // nil without withBrowser
}

// envConfig is what newEnv's options set.
type envConfig struct {
	service    tournament.ServiceOptions
	noDirector bool        // no configured director token
	api        api.Options // Logger and BaseURL filled in when left empty
	dbURL      string      // "" for a fresh database
	listen     bool        // follow the change notices, as every server of a database does
	analysis   bool        // work the analysis queue
	browser    bool        // start Chromium with a director's tab
}

// envOption is an option of newEnv.
type envOption func(*envConfig)

// withService sets the Service's options; its director token is still
// directorToken unless withoutDirectorToken.
func withService(o tournament.ServiceOptions) envOption {
	return func(c *envConfig) { c.service = o }
}

// withoutDirectorToken configures no director token: only stored ones work.
func withoutDirectorToken() envOption {
	return func(c *envConfig) { c.noDirector = true }
}

// withAPI sets the API's options (a Logger left nil writes warnings and
// errors to the test log; a BaseURL left empty is testBaseURL, or the
// server's own address with a browser).
func withAPI(o api.Options) envOption {
	return func(c *envConfig) { c.api = o }
}

// withDatabase serves the database at u (already migrated: dbtest.URL's)
// instead of a fresh one: two envs on one database are two server
// processes sharing it.
func withDatabase(u string) envOption {
	return func(c *envConfig) { c.dbURL = u }
}

// withListen follows the database's change notices (LISTEN/NOTIFY) as
// `traveler serve` does, so that what another server changes reaches this
// one's caches.
func withListen() envOption {
	return func(c *envConfig) { c.listen = true }
}

// withAnalysis works the analysis queue (one worker) with the Service's
// DoubleDummy, as `traveler serve` does when it has one.
func withAnalysis() envOption {
	return func(c *envConfig) { c.analysis = true }
}

// withBrowser starts a headless Chromium with a director's tab (env.tab),
// the server's table links at its own address.
func withBrowser() envOption {
	return func(c *envConfig) { c.browser = true }
}

// newEnv starts the server over a new database (TEST_DATABASE_URL; see
// dbtest.URL), wired as `traveler serve` wires it, with the options given.
func newEnv(t *testing.T, opts ...envOption) *env {
	t.Helper()
	var c envConfig
	for _, o := range opts {
		o(&c)
	}
	var chromium string
	if c.browser {
		chromium = chromiumPath(t) // before anything starts: CI must have it
	}
	ctx, stop := context.WithCancel(context.Background())
	dbURL := c.dbURL
	if dbURL == "" {
		dbURL = dbtest.URL(t)
	}
	store, err := db.Open(ctx, dbURL)
	if err != nil {
		stop()
		t.Fatal(err)
	}
	if !c.noDirector {
		c.service.DirectorToken = directorToken
	}
	svc := tournament.NewService(store, c.service)
	listened := make(chan struct{})
	if c.listen {
		svc.Listening(false)
		go func() { _ = store.Listen(ctx, svc.Forget, svc.Listening); close(listened) }()
	} else {
		close(listened)
	}
	t.Cleanup(func() { stop(); <-listened; store.Close() })
	if c.analysis && c.service.DoubleDummy != nil {
		w, err := store.StartAnalysis(ctx, svc.AnalyseBoard, db.AnalysisOptions{Workers: 1, PollEvery: 100 * time.Millisecond, SolveNullos: svc.SolveNullos})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { w.Stop(context.Background()) })
	}

	srv := httptest.NewUnstartedServer(nil)
	own := "http://" + srv.Listener.Addr().String()
	o := c.api
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(apitest.TestLog{T: t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	if o.BaseURL == "" {
		o.BaseURL = testBaseURL
		if c.browser {
			o.BaseURL = own
		}
	}
	srv.Config.Handler = api.New(svc, o)
	srv.Start()
	t.Cleanup(srv.Close)

	e := &env{Client: apitest.Client{T: t, URL: own}, t: t, url: own, svc: svc, dbURL: dbURL}
	if c.browser {
		e.headless = startBrowser(t, e, chromium)
	}
	return e
}

// build returns a builder of events and sections through the env's
// Service (package tournamenttest, the one builder the use cases' tests
// use too): the set-ups a test makes behind the API and the pages.
func (e *env) build() *tournamenttest.Builder {
	e.t.Helper()
	return tournamenttest.For(e.t, e.svc)
}

// another serves the env's Service again, with API options o as given,
// and returns a client of that server: the same data behind other settings
// (a trusted proxy, say).
func (e *env) another(o api.Options) apitest.Client {
	e.t.Helper()
	return apitest.Serve(e.t, api.New(e.svc, o), "")
}

// do, want and wantError are the Client's Do, Want and WantError (package
// apitest) under the names the tests here call them by.
func (e *env) do(method, path, token string, body any, hdr ...string) apitest.Reply {
	e.t.Helper()
	return e.Do(method, path, token, body, hdr...)
}

func (e *env) want(status int, out any, method, path, token string, body any, hdr ...string) apitest.Reply {
	e.t.Helper()
	return e.Want(status, out, method, path, token, body, hdr...)
}

func (e *env) wantError(status int, field, method, path, token string, body any, hdr ...string) dto.ErrorResponse {
	e.t.Helper()
	return e.WantError(status, field, method, path, token, body, hdr...)
}

// id is apitest.ID: an ID as a path segment.
func id(n int64) string { return apitest.ID(n) }
