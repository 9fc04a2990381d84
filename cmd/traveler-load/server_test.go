package main

import (
	"context"
	"log/slog"
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
	store, err := db.Open(context.Background(), dbtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	svc := tournament.NewService(store, tournament.ServiceOptions{DirectorToken: directorToken})
	return apitest.Serve(t, api.New(svc, api.Options{BaseURL: apitest.BaseURL,
		Logger: slog.New(slog.NewTextHandler(apitest.TestLog{T: t}, &slog.HandlerOptions{Level: slog.LevelWarn}))}), "")
}
