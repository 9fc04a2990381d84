// Package dbtest gives each test a fresh, migrated PostgreSQL database on the
// server TEST_DATABASE_URL names (URL), dropped when the test ends; a
// missing server fails the test rather than skipping it; and, for the fault
// tests, a full disk under some of its tables (FillDisk). It holds no test
// events or sections: tests build those through the tournament.Service.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/db"
)

// howTo tells a developer how to give the tests a database.
const howTo = `set TEST_DATABASE_URL to a PostgreSQL server the tests may create databases on, e.g.
	TEST_DATABASE_URL='postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable' go test ./...
(on Debian/Ubuntu: apt-get install postgresql; the README says more)`

// URL creates a database named traveler_test_<random hex> on the server
// TEST_DATABASE_URL names, migrates it to the newest schema, drops it (with
// any connection still open) when the test ends, and returns its URL. A
// missing or unreachable server fails the test. Safe for parallel tests and
// packages: each call has its own database.
func URL(t testing.TB) string {
	t.Helper()
	admin := os.Getenv("TEST_DATABASE_URL")
	if admin == "" {
		t.Fatal("dbtest: TEST_DATABASE_URL is not set: " + howTo)
	}
	u, err := url.Parse(admin)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("dbtest: TEST_DATABASE_URL must be a postgres:// URL: %s", howTo)
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	name := "traveler_test_" + hex.EncodeToString(b[:])

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	exec(ctx, t, admin, `CREATE DATABASE `+pgx.Identifier{name}.Sanitize())
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		exec(ctx, t, admin, `DROP DATABASE IF EXISTS `+pgx.Identifier{name}.Sanitize()+` WITH (FORCE)`)
	})

	u.Path = "/" + name
	q := u.Query()
	q.Del("dbname")
	u.RawQuery = q.Encode()
	dbURL := u.String()
	// Its own deadline, longer than a minute: on a machine busy with
	// every package's tests at once, migrating alone can take that long.
	mctx, mcancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer mcancel()
	if err := db.Migrate(mctx, dbURL); err != nil {
		t.Fatalf("dbtest: migrate %s: %v", name, err)
	}
	return dbURL
}

// exec runs one statement on the server at admin in a connection of its own.
func exec(ctx context.Context, t testing.TB, admin, sql string) {
	t.Helper()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("dbtest: cannot reach the server of TEST_DATABASE_URL: %v\n%s", err, howTo)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, sql); err != nil {
		t.Fatalf("dbtest: %s: %v", sql, err)
	}
}
