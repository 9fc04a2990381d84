package db_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
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

// TestDiskFullUnavailable fills a real disk: the events table on a
// tablespace of a 256 KiB tmpfs, filled by another table, so that storing
// an event meets PostgreSQL's own "could not extend file": No space left on
// device (53100); CreateEvent answers tournament.Unavailable. It needs
// root (to mount) and a server on this machine (the tablespace's
// directory is the server's): elsewhere it skips.
func TestDiskFullUnavailable(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounting a tmpfs needs root")
	}
	pg, err := user.Lookup("postgres")
	if err != nil {
		t.Skip("no postgres user on this machine: the server is elsewhere")
	}
	admin := os.Getenv("TEST_DATABASE_URL")
	if admin == "" {
		t.Fatal("TEST_DATABASE_URL is not set")
	}
	// Not under t.TempDir, whose parents the server's user cannot enter.
	dir, err := os.MkdirTemp("", "traveler-full-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(dir) })
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=256k,mode=0700", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here: %v: %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
	uid, _ := strconv.Atoi(pg.Uid)
	gid, _ := strconv.Atoi(pg.Gid)
	if err := os.Chown(dir, uid, gid); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	space := "traveler_test_full_" + strconv.Itoa(os.Getpid())
	if _, err := conn.Exec(ctx, `CREATE TABLESPACE `+space+` LOCATION '`+dir+`'`); err != nil {
		t.Skipf("the server cannot use %s (not on this machine?): %v", dir, err)
	}
	// Cleanups run last first: the database (dbtest.URL's, registered
	// after) is dropped before its tablespace.
	t.Cleanup(func() {
		c, err := pgx.Connect(ctx, admin)
		if err != nil {
			t.Error(err)
			return
		}
		defer c.Close(ctx)
		if _, err := c.Exec(ctx, `DROP TABLESPACE `+space); err != nil {
			t.Error(err)
		}
	})
	u := dbtest.URL(t)
	s, err := db.Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	raw := rawPool(t, u)
	if _, err := raw.Exec(ctx, `ALTER TABLE events SET TABLESPACE `+space); err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(ctx, `CREATE TABLE filler (x text) TABLESPACE `+space); err != nil {
		t.Fatal(err)
	}
	var full *pgconn.PgError
	for i := 0; i < 1000 && full == nil; i++ {
		_, err := raw.Exec(ctx, `INSERT INTO filler SELECT repeat('x', 2000) FROM generate_series(1, 4)`)
		if err != nil && !errors.As(err, &full) {
			t.Fatal(err)
		}
	}
	if full == nil || full.Code != "53100" {
		t.Fatalf("the tablespace never filled: %v", full)
	}
	e := tournament.Event{Name: "Full", Date: "2026-11-27", Law: scoring.Contract2017, Scoring: tournament.MethodMP}
	_, err = s.CreateEvent(ctx, &e, nil)
	if !errors.Is(err, tournament.ErrUnavailable) {
		t.Fatalf("storing an event on a full disk: %v, want tournament.ErrUnavailable", err)
	}
	if !strings.Contains(err.Error(), "No space left on device") {
		t.Errorf("the cause (for the log) is not kept: %v", err)
	}
}
