package db

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5" // the pgx5:// database driver
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"github.com/jackc/pgx/v5/pgxpool"
)

// migrations are the schema's migration files, NNNN_name.up.sql and
// NNNN_name.down.sql.
//
//go:embed migrations/*.sql
var migrations embed.FS

// Migrate brings the database at databaseURL (postgres://, postgresql:// or
// pgx5://) up to the newest schema. A database already there is not an
// error; several servers migrating one database at once take turns.
// Cancelling ctx stops after the migration being run, with ctx's error.
//
// It runs one file at a time (Steps(1)) and checks ctx between them rather
// than stopping golang-migrate through its GracefulStop channel: up to
// v4.20.1 (the newest) Migrate.stop reads and writes isGracefulStop from
// both Up's goroutines without a lock, a data race -race reports whenever a
// stop arrives mid-run (a deadline passing on a busy machine).
func Migrate(ctx context.Context, databaseURL string) error {
	if err := migrateOwn(ctx, databaseURL); err != nil {
		return err
	}
	// Then the analysis queue's tables, river's own (analysis.go).
	pool, err := pgxpool.New(ctx, connURL(databaseURL))
	if err != nil {
		return fmt.Errorf("db: migrate up: %s", redact(err.Error(), databaseURL))
	}
	defer pool.Close()
	return migrateRiver(ctx, pool)
}

// migrateOwn runs traveler's own migration files up (Migrate).
func migrateOwn(ctx context.Context, databaseURL string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	newest, err := newestMigration()
	if err != nil {
		return err
	}
	m, err := newMigrate(databaseURL)
	if err != nil {
		return err
	}
	defer closeMigrate(m)
	m.LockTimeout = lockTimeout(ctx)
	for {
		v, dirty, err := m.Version()
		switch {
		case errors.Is(err, migrate.ErrNilVersion):
			v, dirty = 0, false
		case err != nil:
			return fmt.Errorf("db: migrate up: %w", err)
		}
		// Read outside the lock, dirty may be another migrator's file
		// running: Steps decides under the lock (ErrDirty when it is not).
		if v > newest {
			return fmt.Errorf("db: migrate up: the database's schema (version %d) is newer than this traveler's (%d)", v, newest)
		}
		if v == newest && !dirty {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		err = m.Steps(1)
		if errors.Is(err, os.ErrNotExist) {
			// Another migrator took the last step while this one waited
			// for the lock: Version says so at the top of the loop.
			if nv, ndirty, verr := m.Version(); verr == nil && nv == newest && !ndirty {
				return nil
			}
		}
		if err != nil {
			return fmt.Errorf("db: migrate up: %w", err)
		}
	}
}

// The time a migrator waits for another's lock on the schema: the
// context's time left when it has a deadline, else minLockTimeout.
// golang-migrate's own default (15 s) is shorter than a slow migration on a
// busy machine.
const minLockTimeout = 2 * time.Minute

// lockTimeout is how long Migrate waits for the migration lock under ctx.
func lockTimeout(ctx context.Context) time.Duration {
	if d, ok := ctx.Deadline(); ok {
		return max(time.Until(d), time.Second)
	}
	return minLockTimeout
}

// newestMigration is the version of the newest embedded migration.
func newestMigration() (uint, error) {
	files, err := fs.Glob(migrations, "migrations/*.up.sql")
	if err != nil || len(files) == 0 {
		return 0, fmt.Errorf("db: no embedded migrations (%v)", err)
	}
	var newest uint
	for _, f := range files {
		n, _, _ := strings.Cut(path.Base(f), "_")
		v, err := strconv.ParseUint(n, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("db: migration file %s: its name must start with its number", f)
		}
		newest = max(newest, uint(v))
	}
	return newest, nil
}

// MigrateDown undoes the newest steps migrations, or all of them when steps
// is 0 or less, and then the analysis queue's tables too.
func MigrateDown(databaseURL string, steps int) error {
	m, err := newMigrate(databaseURL)
	if err != nil {
		return err
	}
	defer closeMigrate(m)
	if steps <= 0 {
		err = m.Down()
	} else {
		err = m.Steps(-steps)
	}
	if err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("db: migrate down: %w", err)
	}
	if steps > 0 {
		return nil
	}
	// All the way down takes the analysis queue's tables too.
	pool, err := pgxpool.New(context.Background(), connURL(databaseURL))
	if err != nil {
		return fmt.Errorf("db: migrate down: %s", redact(err.Error(), databaseURL))
	}
	defer pool.Close()
	return unmigrateRiver(context.Background(), pool)
}

// connURL is databaseURL as pgx reads it (pgx5:// is golang-migrate's).
func connURL(databaseURL string) string {
	if rest, ok := strings.CutPrefix(databaseURL, "pgx5://"); ok {
		return "postgres://" + rest
	}
	return databaseURL
}

// MigrateForce records version as the schema's version and clears the dirty
// flag, without running any migration: for a database a failed migration left
// dirty, once it has been repaired by hand. Version -1 records no version.
func MigrateForce(databaseURL string, version int) error {
	m, err := newMigrate(databaseURL)
	if err != nil {
		return err
	}
	defer closeMigrate(m)
	if err := m.Force(version); err != nil {
		return fmt.Errorf("db: migrate force %d: %w", version, err)
	}
	return nil
}

// MigrateVersion returns the schema's version (0 when no migration has run)
// and whether a failed migration left it dirty.
func MigrateVersion(databaseURL string) (version uint, dirty bool, err error) {
	m, err := newMigrate(databaseURL)
	if err != nil {
		return 0, false, err
	}
	defer closeMigrate(m)
	version, dirty, err = m.Version()
	if errors.Is(err, migrate.ErrNilVersion) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("db: migrate version: %w", err)
	}
	return version, dirty, nil
}

// newMigrate returns a migrate instance over the embedded migrations and the
// database at databaseURL.
func newMigrate(databaseURL string) (*migrate.Migrate, error) {
	u, err := migrateURL(databaseURL)
	if err != nil {
		return nil, err
	}
	src, err := iofs.New(migrations, "migrations")
	if err != nil {
		return nil, fmt.Errorf("db: migrations: %w", err)
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, u)
	if err != nil {
		src.Close()
		return nil, fmt.Errorf("db: migrate: %s", redact(err.Error(), databaseURL))
	}
	return m, nil
}

// closeMigrate closes m's source and database connection.
func closeMigrate(m *migrate.Migrate) {
	m.Close() // errors closing are of no use to the caller: the work is done or failed already
}

// migrateURL turns a postgres:// or postgresql:// URL into the pgx5:// URL
// golang-migrate's pgx v5 driver reads, leaving out the pool_ parameters
// that only pgxpool understands.
func migrateURL(databaseURL string) (string, error) {
	u, err := url.Parse(databaseURL)
	if err != nil || u.Scheme == "" {
		return "", errors.New("db: the database URL must look like postgres://user@host:5432/name")
	}
	switch u.Scheme {
	case "postgres", "postgresql", "pgx5":
		u.Scheme = "pgx5"
	default:
		return "", fmt.Errorf("db: database URL scheme %q: use postgres://", u.Scheme)
	}
	q := u.Query()
	for k := range q {
		if strings.HasPrefix(k, "pool_") {
			q.Del(k)
		}
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// redact removes the password of databaseURL from s.
func redact(s, databaseURL string) string {
	u, err := url.Parse(databaseURL)
	if err != nil || u.User == nil {
		return s
	}
	if p, ok := u.User.Password(); ok && p != "" {
		s = strings.ReplaceAll(s, p, "xxxxx")
	}
	return s
}
