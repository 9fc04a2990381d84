package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/traveler-bridge/traveler/db"
)

// runMigrate runs the schema's migrations by hand: up, down [N|all],
// force N, version. It exits 0 when done, 1 when the database refused, 2 for
// bad arguments.
func runMigrate(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	var dbc dbConfig
	var logc logConfig
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbc.register(fs)
	logc.register(fs, "warn")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler migrate [--database-url URL] [--data-dir DIR] up | down [N|all] | force N | version")
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "  up         apply every migration not applied yet (serve does this at start)")
		fmt.Fprintln(stderr, "  down [N]   undo the newest N migrations (default 1); \"down all\" undoes every one")
		fmt.Fprintln(stderr, "  force N    record version N and clear the dirty flag, running nothing: for a")
		fmt.Fprintln(stderr, "             database a failed migration left dirty, once repaired by hand (-1: none)")
		fmt.Fprintln(stderr, "  version    print the schema's version, and \"dirty\" when a migration failed half way")
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "The database is DATABASE_URL's, else the managed local PostgreSQL in --data-dir.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	if len(pos) == 0 {
		fmt.Fprintln(stderr, "traveler migrate: give up, down [N|all], force N or version")
		fs.Usage()
		return 2
	}
	var action func(ctx context.Context, url string) error
	switch verb, rest := pos[0], pos[1:]; verb {
	case "up":
		if len(rest) > 0 {
			fmt.Fprintf(stderr, "traveler migrate up: unexpected argument %q: up applies every migration\n", rest[0])
			return 2
		}
		action = func(ctx context.Context, url string) error {
			if err := db.Migrate(ctx, url); err != nil {
				return err
			}
			return printVersion(stdout, stderr, url)
		}
	case "down":
		steps := 1
		if len(rest) > 1 {
			fmt.Fprintf(stderr, "traveler migrate down: unexpected argument %q\n", rest[1])
			return 2
		}
		if len(rest) == 1 {
			if rest[0] == "all" {
				steps = 0
			} else if n, err := strconv.Atoi(rest[0]); err != nil || n < 1 {
				fmt.Fprintf(stderr, "traveler migrate down: %q: give how many migrations to undo (1 or more), or all\n", rest[0])
				return 2
			} else {
				steps = n
			}
		}
		action = func(_ context.Context, url string) error {
			if err := db.MigrateDown(url, steps); err != nil {
				return err
			}
			return printVersion(stdout, stderr, url)
		}
	case "force":
		if len(rest) != 1 {
			fmt.Fprintln(stderr, "traveler migrate force: give the version to record, e.g. traveler migrate force 3")
			return 2
		}
		n, err := strconv.Atoi(rest[0])
		if err != nil || n < -1 {
			fmt.Fprintf(stderr, "traveler migrate force: %q: the version is a migration's number (e.g. 3), or -1 for none\n", rest[0])
			return 2
		}
		action = func(_ context.Context, url string) error {
			if err := db.MigrateForce(url, n); err != nil {
				return err
			}
			return printVersion(stdout, stderr, url)
		}
	case "version":
		if len(rest) > 0 {
			fmt.Fprintf(stderr, "traveler migrate version: unexpected argument %q\n", rest[0])
			return 2
		}
		action = func(_ context.Context, url string) error { return printVersion(stdout, stderr, url) }
	default:
		fmt.Fprintf(stderr, "traveler migrate: unknown action %q: give up, down [N|all], force N or version\n", verb)
		return 2
	}
	if err := dbc.resolve(); err != nil {
		fmt.Fprintf(stderr, "traveler migrate: %v\n", err)
		return 2
	}
	log, err := logc.logger(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "traveler migrate: %v\n", err)
		return 2
	}
	database, err := dbc.openDatabase(ctx, log)
	if err != nil {
		fmt.Fprintf(stderr, "traveler migrate: %v\n", err)
		return 1
	}
	err = action(ctx, database.url)
	if rerr := database.release(true); rerr != nil {
		fmt.Fprintf(stderr, "traveler migrate: %v\n", rerr)
		if err == nil {
			return 1
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "traveler migrate %s: %v\n", pos[0], err)
		return 1
	}
	return 0
}

// printVersion prints the schema's version: "3", "3 dirty", or "none".
func printVersion(stdout, stderr io.Writer, url string) error {
	v, dirty, err := db.MigrateVersion(url)
	if err != nil {
		return err
	}
	switch {
	case dirty:
		fmt.Fprintf(stdout, "%d dirty\n", v)
		fmt.Fprintf(stderr, "traveler migrate: migration %d failed half way: repair the database by hand, then run \"traveler migrate force N\" with the version it is now at\n", v)
	case v == 0:
		fmt.Fprintln(stdout, "none")
	default:
		fmt.Fprintf(stdout, "%d\n", v)
	}
	return nil
}
