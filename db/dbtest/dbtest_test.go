package dbtest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/db/dbtest"
)

// TestParallel gives parallel tests a database each, migrated, and drops
// each when its test ends.
func TestParallel(t *testing.T) {
	names := make(chan string, 8)
	t.Run("group", func(t *testing.T) {
		for i := range 8 {
			t.Run(fmt.Sprint(i), func(t *testing.T) {
				t.Parallel()
				u := dbtest.URL(t)
				conn, err := pgx.Connect(context.Background(), u)
				if err != nil {
					t.Fatal(err)
				}
				defer conn.Close(context.Background())
				var name string
				var results int
				err = conn.QueryRow(context.Background(), `SELECT current_database(), (SELECT count(*) FROM results)`).Scan(&name, &results)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.HasPrefix(name, "traveler_test_") || results != 0 {
					t.Errorf("database %s with %d results", name, results)
				}
				names <- name
			})
		}
	})
	close(names)
	// Any database of the server lists them all.
	conn, err := pgx.Connect(context.Background(), dbtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	seen := map[string]bool{}
	for n := range names {
		if seen[n] {
			t.Errorf("database %s given twice", n)
		}
		seen[n] = true
		var exists bool
		if err := conn.QueryRow(context.Background(), `SELECT EXISTS (SELECT FROM pg_database WHERE datname = $1)`, n).Scan(&exists); err != nil {
			t.Fatal(err)
		}
		if exists {
			t.Errorf("database %s is still there after its test", n)
		}
	}
	if len(seen) != 8 {
		t.Errorf("%d databases, want 8", len(seen))
	}
}

// fatalTB is a testing.TB whose Fatal stops the function and keeps the
// message, to test what URL says when it fails.
type fatalTB struct {
	testing.TB
	msg string
}

type stop struct{}

func (f *fatalTB) Helper() {}
func (f *fatalTB) Fatal(args ...any) {
	f.msg = fmt.Sprint(args...)
	panic(stop{})
}
func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	panic(stop{})
}
func (f *fatalTB) recover() {
	if r := recover(); r != nil {
		if _, ok := r.(stop); !ok {
			panic(r)
		}
	}
}

func TestMissingServer(t *testing.T) {
	for _, tc := range []struct{ env, want string }{
		{"", "TEST_DATABASE_URL is not set"},
		{"mysql://root@localhost/x", "must be a postgres:// URL"},
		{"postgres://postgres@127.0.0.1:1/postgres?sslmode=disable&connect_timeout=2", "cannot reach the server"},
	} {
		t.Setenv("TEST_DATABASE_URL", tc.env)
		f := &fatalTB{TB: t}
		func() {
			defer f.recover()
			dbtest.URL(f)
		}()
		if !strings.Contains(f.msg, tc.want) || !strings.Contains(f.msg, "TEST_DATABASE_URL=") {
			t.Errorf("TEST_DATABASE_URL=%q: %q, want it to say %q and how to set it", tc.env, f.msg, tc.want)
		}
	}
}
