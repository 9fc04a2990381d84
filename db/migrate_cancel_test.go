package db_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
)

// TestMigrateCancelled cancels migrations part-way, many at once, as a
// busy machine's deadlines do: each stops cleanly between files (never
// dirty, no data race inside golang-migrate, which -race reported when
// Migrate stopped it through its GracefulStop channel), and a second
// Migrate finishes the work.
func TestMigrateCancelled(t *testing.T) {
	for i := range 8 {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Parallel()
			u := dbtest.URL(t)
			if err := db.MigrateDown(u, 0); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			go func() {
				time.Sleep(time.Duration(i) * 5 * time.Millisecond)
				cancel()
			}()
			err := db.Migrate(ctx, u)
			cancel()
			if err != nil && !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled Migrate: %v, want nil or context.Canceled", err)
			}
			if v, dirty := version(t, u); dirty || v > newest {
				t.Fatalf("after a cancelled Migrate: version %d dirty %v", v, dirty)
			}
			if err := db.Migrate(context.Background(), u); err != nil {
				t.Fatal(err)
			}
			if v, dirty := version(t, u); v != newest || dirty {
				t.Fatalf("after Migrate: version %d dirty %v, want %d clean", v, dirty, newest)
			}
		})
	}
}

// TestMigrateConcurrent runs several Migrate calls on one empty database
// at once, as servers starting together do: all succeed, the schema is
// migrated once.
func TestMigrateConcurrent(t *testing.T) {
	u := dbtest.URL(t)
	if err := db.MigrateDown(u, 0); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 6)
	for range 6 {
		wg.Go(func() { errs <- db.Migrate(context.Background(), u) })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if v, dirty := version(t, u); v != newest || dirty {
		t.Fatalf("version %d dirty %v, want %d clean", v, dirty, newest)
	}
}

// TestMigrateDeadlinePassed: a context already over does no work and says
// why.
func TestMigrateDeadlinePassed(t *testing.T) {
	u := dbtest.URL(t)
	if err := db.MigrateDown(u, 0); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := db.Migrate(ctx, u); !errors.Is(err, context.Canceled) {
		t.Fatalf("Migrate with a cancelled context: %v, want context.Canceled", err)
	}
	if v, _ := version(t, u); v != 0 {
		t.Fatalf("version %d after a cancelled Migrate, want 0", v)
	}
}
