package db_test

import (
	"context"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
)

// newest and previous are the numbers of the two newest migrations in
// migrations/ (the numbers need not follow on: branches take their own).
var newest, previous = newestMigrations()

// newestMigrations reads the numbers of the two newest migrations.
func newestMigrations() (newest, previous uint) {
	files, err := os.ReadDir("migrations")
	if err != nil {
		panic(err)
	}
	for _, f := range files {
		n, err := strconv.ParseUint(strings.SplitN(f.Name(), "_", 2)[0], 10, 32)
		if err != nil || !strings.HasSuffix(f.Name(), ".up.sql") {
			continue
		}
		switch v := uint(n); {
		case v > newest:
			newest, previous = v, newest
		case v > previous && v < newest:
			previous = v
		}
	}
	return newest, previous
}

// tables lists the tables of the schema in database u, but golang-migrate's.
func tables(t *testing.T, u string) []string {
	return column(t, u, `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'
		ORDER BY tablename`)
}

// column runs query, of one text column, on database u with a pool of its
// own (closed after) and returns its rows.
func column(t *testing.T, u, query string) []string {
	t.Helper()
	p := rawPool(t, u)
	defer p.Close()
	rows, err := p.Query(context.Background(), query)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func version(t *testing.T, u string) (uint, bool) {
	t.Helper()
	v, dirty, err := db.MigrateVersion(u)
	if err != nil {
		t.Fatal(err)
	}
	return v, dirty
}

func TestMigrateUpDownUp(t *testing.T) {
	u := dbtest.URL(t)
	if v, dirty := version(t, u); v != newest || dirty {
		t.Fatalf("after dbtest.URL: version %d dirty %v, want %d clean", v, dirty, newest)
	}
	up := tables(t, u)
	var own, queue []string
	for _, n := range up {
		if strings.HasPrefix(n, "river_") {
			queue = append(queue, n)
		} else {
			own = append(own, n)
		}
	}
	if len(own) != 25 || !slices.Contains(queue, "river_job") {
		t.Errorf("tables after up: %v, want the 25 of migrations/ and river's (the analysis queue: river_job …)", up)
	}
	// Up again: nothing to do is not an error.
	if err := db.Migrate(context.Background(), u); err != nil {
		t.Fatal(err)
	}

	// One step down and up again: the newest down file works.
	if err := db.MigrateDown(u, 1); err != nil {
		t.Fatal(err)
	}
	if v, _ := version(t, u); v != previous {
		t.Fatalf("after one step down: version %d, want %d", v, previous)
	}
	if err := db.Migrate(context.Background(), u); err != nil {
		t.Fatal(err)
	}

	// All the way down: every down file works and nothing is left.
	if err := db.MigrateDown(u, 0); err != nil {
		t.Fatal(err)
	}
	if v, dirty := version(t, u); v != 0 || dirty {
		t.Fatalf("after down: version %d dirty %v, want 0 clean", v, dirty)
	}
	if left := tables(t, u); len(left) != 0 {
		t.Fatalf("tables left after down: %v", left)
	}
	// Down again: nothing to do is not an error.
	if err := db.MigrateDown(u, 0); err != nil {
		t.Fatal(err)
	}

	// And up again, to the same schema.
	if err := db.Migrate(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	if v, _ := version(t, u); v != newest {
		t.Fatalf("after up: version %d, want %d", v, newest)
	}
	if again := tables(t, u); len(again) != len(up) {
		t.Fatalf("tables after up, down, up: %v, want %v", again, up)
	}
}

func TestMigrateForceDirty(t *testing.T) {
	u := dbtest.URL(t)
	p := rawPool(t, u)
	// What a failed migration leaves: the version it was running, dirty.
	if _, err := p.Exec(context.Background(), `UPDATE schema_migrations SET dirty = true`); err != nil {
		t.Fatal(err)
	}
	if v, dirty := version(t, u); v != newest || !dirty {
		t.Fatalf("version %d dirty %v, want %d dirty", v, dirty, newest)
	}
	if err := db.Migrate(context.Background(), u); err == nil {
		t.Fatal("Migrate on a dirty database: no error")
	}
	if err := db.MigrateForce(u, int(newest)); err != nil {
		t.Fatal(err)
	}
	if v, dirty := version(t, u); v != newest || dirty {
		t.Fatalf("after force: version %d dirty %v, want %d clean", v, dirty, newest)
	}
	if err := db.Migrate(context.Background(), u); err != nil {
		t.Fatalf("Migrate after force: %v", err)
	}
	// Force to an older version, then up runs the newer files again.
	if err := db.MigrateDown(u, 1); err != nil {
		t.Fatal(err)
	}
	if err := db.MigrateForce(u, int(previous)); err != nil {
		t.Fatal(err)
	}
	if err := db.Migrate(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	if v, _ := version(t, u); v != newest {
		t.Fatalf("version %d, want %d", v, newest)
	}
}

func TestMigrateURLs(t *testing.T) {
	u := dbtest.URL(t)
	// postgresql:// and pool_ parameters are read too.
	alt, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	alt.Scheme = "postgresql"
	q := alt.Query()
	q.Set("pool_max_conns", "2")
	alt.RawQuery = q.Encode()
	if _, _, err := db.MigrateVersion(alt.String()); err != nil {
		t.Fatalf("MigrateVersion(%s): %v", alt, err)
	}
	if err := db.Migrate(context.Background(), "mysql://x@y/z"); err == nil {
		t.Error("Migrate with a mysql:// URL: no error")
	}
}
