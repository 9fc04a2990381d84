package db_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestUnavailableCodes: PostgreSQL's "insufficient resources" (class 53:
// disk full, out of memory, too many connections) pass, so the store
// answers them tournament.Unavailable — the API's 503 with Retry-After
// (issue 24: a full disk was a 500) — as it does a lost connection; a
// configuration limit (53400) and a constraint are not.
func TestUnavailableCodes(t *testing.T) {
	for _, c := range []struct {
		code string
		want bool
	}{
		{"53000", true}, // insufficient_resources
		{"53100", true}, // disk_full
		{"53200", true}, // out_of_memory
		{"53300", true}, // too_many_connections
		{"08006", true}, // connection_failure
		{"57P01", true}, // admin_shutdown
		{"53400", false},
		{"23505", false},
		{"40001", false},
	} {
		err := db.Unavailable(fmt.Errorf("insert: %w", &pgconn.PgError{Code: c.code, Message: "could not extend file"}))
		if got := errors.Is(err, tournament.ErrUnavailable); got != c.want {
			t.Errorf("SQLSTATE %s: unavailable %v, want %v (%v)", c.code, got, c.want, err)
		}
	}
}

// TestDiskFullUnavailable fills a real disk (dbtest.FillDisk: the events
// table on a full tmpfs), so that storing an event meets PostgreSQL's own
// "could not extend file": No space left on device (53100): CreateEvent
// answers tournament.Unavailable, keeping the cause for the log. It skips
// where a tmpfs cannot be mounted for the server (not root, the server
// elsewhere).
func TestDiskFullUnavailable(t *testing.T) {
	s, u := open(t)
	dbtest.FillDisk(t, u, "events")
	e := tournament.Event{Name: "Full", Date: "2026-11-27", Law: scoring.Contract2017, Scoring: tournament.MethodMP}
	_, err := s.CreateEvent(context.Background(), &e, nil)
	if !errors.Is(err, tournament.ErrUnavailable) {
		t.Fatalf("storing an event on a full disk: %v, want tournament.ErrUnavailable", err)
	}
	if !strings.Contains(err.Error(), "No space left on device") {
		t.Errorf("the cause (for the log) is not kept: %v", err)
	}
}
