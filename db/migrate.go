package db

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5" // the pgx5:// database driver
	"github.com/golang-migrate/migrate/v4/source/iofs"
)

// migrations are the schema's migration files, NNNN_name.up.sql and
// NNNN_name.down.sql.
//
//go:embed migrations/*.sql
var migrations embed.FS

// Migrate brings the database at databaseURL (postgres://, postgresql:// or
// pgx5://) up to the newest schema. A database already there is not an
// error. Cancelling ctx stops after the migration being run.
func Migrate(ctx context.Context, databaseURL string) error {
	m, err := newMigrate(databaseURL)
	if err != nil {
		return err
	}
	defer closeMigrate(m)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			m.GracefulStop <- true
		case <-done:
		}
	}()
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("db: migrate up: %w", err)
	}
	return ctx.Err()
}

// MigrateDown undoes the newest steps migrations, or all of them when steps
// is 0 or less.
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
	return nil
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
