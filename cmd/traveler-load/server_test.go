package main

import (
	"context"
	"log/slog"
	"net/http"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// directorToken is the configured director token of every test server.
const directorToken = apitest.DirectorToken

// id is apitest.ID: an ID as a path segment.
func id(n int64) string { return apitest.ID(n) }

// newServer starts the API over a new database (TEST_DATABASE_URL), wired
// as `traveler serve` wires it: db.Open → tournament.NewService → api.New;
// warnings and errors go to the test log.
func newServer(t *testing.T) apitest.Client {
	t.Helper()
	return newServerWith(t, api.Options{}, nil)
}

// newServerWith is newServer with opts (BaseURL and Logger set here), its
// handler wrapped by wrap when wrap is not nil.
func newServerWith(t *testing.T, opts api.Options, wrap func(http.Handler) http.Handler) apitest.Client {
	t.Helper()
	store, err := db.Open(context.Background(), dbtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	svc := tournament.NewService(store, tournament.ServiceOptions{DirectorToken: directorToken})
	opts.BaseURL = apitest.BaseURL
	opts.Logger = slog.New(slog.NewTextHandler(apitest.TestLog{T: t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	var h http.Handler = api.New(svc, opts)
	if wrap != nil {
		h = wrap(h)
	}
	return apitest.Serve(t, h, "")
}
