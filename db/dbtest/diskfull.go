package dbtest

import (
	"context"
	"errors"
	"os"
	osexec "os/exec"
	"os/user"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// FillDisk puts tables (empty ones: they are moved, not copied) of the
// database at dbURL (one of URL's) on a disk of their own and fills it, so
// that the next row stored in any of them meets PostgreSQL's own "could
// not extend file": No space left on device (SQLSTATE 53100, disk_full).
// The disk is a 256 KiB tmpfs mounted for the test, a tablespace on it,
// filled by a table of its own; the tables go back, the tablespace is
// dropped and the tmpfs unmounted when the test ends. It needs root (to
// mount) and the server TEST_DATABASE_URL names on this machine (the
// tablespace's directory is the server's): elsewhere the test skips.
func FillDisk(t testing.TB, dbURL string, tables ...string) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("dbtest: filling a disk mounts a tmpfs, which needs root")
	}
	pg, err := user.Lookup("postgres")
	if err != nil {
		t.Skip("dbtest: no postgres user on this machine: the server is elsewhere")
	}
	// Not under t.TempDir, whose parents the server's user cannot enter.
	dir, err := os.MkdirTemp("", "traveler-full-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(dir) })
	if out, err := osexec.Command("mount", "-t", "tmpfs", "-o", "size=256k,mode=0700", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("dbtest: cannot mount a tmpfs here: %v: %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := osexec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("dbtest: umount %s: %v: %s", dir, err, out)
		}
	})
	uid, _ := strconv.Atoi(pg.Uid)
	gid, _ := strconv.Atoi(pg.Gid)
	if err := os.Chown(dir, uid, gid); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	space := pgx.Identifier{"traveler_test_full_" + strconv.Itoa(os.Getpid()) + "_" + strconv.FormatInt(time.Now().UnixNano(), 36)}.Sanitize()
	if _, err := conn.Exec(ctx, `CREATE TABLESPACE `+space+` LOCATION '`+dir+`'`); err != nil {
		t.Skipf("dbtest: the server cannot use %s (not on this machine?): %v", dir, err)
	}
	// Runs before the umount (cleanups run last first) and before URL's
	// drop of the database (registered before this).
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		c, err := pgx.Connect(ctx, dbURL)
		if err != nil {
			t.Error(err)
			return
		}
		defer c.Close(context.Background())
		stmts := []string{`DROP TABLE IF EXISTS traveler_test_filler`}
		for _, tb := range tables {
			stmts = append(stmts, `ALTER TABLE `+pgx.Identifier{tb}.Sanitize()+` SET TABLESPACE pg_default`)
		}
		stmts = append(stmts, `DROP TABLESPACE `+space)
		for _, q := range stmts {
			if _, err := c.Exec(ctx, q); err != nil {
				t.Errorf("dbtest: %s: %v", q, err)
			}
		}
	})
	for _, tb := range tables {
		if _, err := conn.Exec(ctx, `ALTER TABLE `+pgx.Identifier{tb}.Sanitize()+` SET TABLESPACE `+space); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := conn.Exec(ctx, `CREATE TABLE traveler_test_filler (x text) TABLESPACE `+space); err != nil {
		t.Fatal(err)
	}
	for range 1000 {
		_, err := conn.Exec(ctx, `INSERT INTO traveler_test_filler SELECT repeat('x', 2000) FROM generate_series(1, 4)`)
		var pe *pgconn.PgError
		switch {
		case err == nil:
		case errors.As(err, &pe) && pe.Code == "53100":
			return
		default:
			t.Fatal(err)
		}
	}
	t.Fatal("dbtest: the tablespace never filled")
}
