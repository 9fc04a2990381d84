package db_test

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/db"
)

// stepsAbove counts the migrations in migrations/ numbered above version:
// the steps down to it (the numbers need not follow on).
func stepsAbove(t *testing.T, version uint) int {
	t.Helper()
	files, err := os.ReadDir("migrations")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		v, err := strconv.ParseUint(strings.SplitN(f.Name(), "_", 2)[0], 10, 32)
		if err == nil && strings.HasSuffix(f.Name(), ".up.sql") && uint(v) > version {
			n++
		}
	}
	return n
}

// TestMigrateDownEndsTokens: below 0008 a token has no end (no revoked_at,
// no expires_at), so going down deletes the tokens that have ended —
// revoked, or expired by then — rather than revive them (issue 24: the
// pre-0008 binary let a revoked director token create an event). A token
// still running stays, without its end, as every token was before 0008;
// up again, the ended ones stay gone.
func TestMigrateDownEndsTokens(t *testing.T) {
	_, u := open(t)
	p := rawPool(t, u)
	c := context.Background()
	for _, q := range []string{
		`INSERT INTO tokens (role, name, hash, revoked_at) VALUES ('director', 'revoked', '\x0101010101010101010101010101010101', now())`,
		`INSERT INTO tokens (role, name, hash, created_at, expires_at) VALUES ('director', 'expired', '\x0202020202020202020202020202020202', now() - interval '2 hours', now() - interval '1 hour')`,
		`INSERT INTO tokens (role, name, hash, expires_at, revoked_at) VALUES ('director', 'expiring, revoked', '\x0303030303030303030303030303030303', now() + interval '1 hour', now())`,
		`INSERT INTO tokens (role, name, hash, expires_at) VALUES ('director', 'expiring', '\x0404040404040404040404040404040404', now() + interval '1 hour')`,
		`INSERT INTO tokens (role, name, hash) VALUES ('director', 'for good', '\x0505050505050505050505050505050505')`,
	} {
		if _, err := p.Exec(c, q); err != nil {
			t.Fatal(err)
		}
	}
	p.Close() // golang-migrate's down takes locks an open pool would hold up
	names := func() []string { return column(t, u, `SELECT name FROM tokens ORDER BY name`) }

	if err := db.MigrateDown(u, stepsAbove(t, 7)); err != nil {
		t.Fatal(err)
	}
	if v, _ := version(t, u); v != 7 {
		t.Fatalf("after down to 0007: version %d", v)
	}
	want := []string{"expiring", "for good"}
	if got := names(); !slices.Equal(got, want) {
		t.Errorf("tokens at 0007: %q, want %q (the ended ones gone)", got, want)
	}
	if err := db.Migrate(c, u); err != nil {
		t.Fatal(err)
	}
	if got := names(); !slices.Equal(got, want) {
		t.Errorf("tokens up again: %q, want %q", got, want)
	}
}
