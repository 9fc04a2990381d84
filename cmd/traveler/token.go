package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/tournament"
)

// runToken manages access tokens: `traveler token create [--name NAME]`
// stores a new director token and prints it once. It exits 0 when done, 1
// when the database refused, 2 for bad arguments.
func runToken(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	var dbc dbConfig
	var logc logConfig
	fs := flag.NewFlagSet("token", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("name", "director", "what to call the token (shown in the audit of what it changes)")
	dbc.register(fs)
	logc.register(fs, "warn")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler token create [--name NAME] [--database-url URL] [--data-dir DIR]")
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "Creates a director token, stores only its hash, and prints the token once on stdout.")
		fmt.Fprintln(stderr, "Send it as \"Authorization: Bearer <token>\". Table tokens are made through the API")
		fmt.Fprintln(stderr, "(POST /v1/sections/{id}/tokens).")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	if len(pos) == 0 || pos[0] != "create" {
		if len(pos) == 0 {
			fmt.Fprintln(stderr, "traveler token: give an action: create")
		} else {
			fmt.Fprintf(stderr, "traveler token: unknown action %q: the action is create\n", pos[0])
		}
		fs.Usage()
		return 2
	}
	if len(pos) > 1 {
		fmt.Fprintf(stderr, "traveler token create: unexpected argument %q (a name is given with --name)\n", pos[1])
		return 2
	}
	if strings.TrimSpace(*name) == "" {
		fmt.Fprintln(stderr, "traveler token create: --name: must not be empty")
		return 2
	}
	if err := dbc.resolve(); err != nil {
		fmt.Fprintf(stderr, "traveler token: %v\n", err)
		return 2
	}
	log, err := logc.logger(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "traveler token: %v\n", err)
		return 2
	}
	database, err := dbc.openDatabase(ctx, log)
	if err != nil {
		fmt.Fprintf(stderr, "traveler token: %v\n", err)
		return 1
	}
	secret, err := createDirectorToken(ctx, database.url, *name)
	if rerr := database.release(true); rerr != nil && err == nil {
		err = rerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "traveler token create: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, secret)
	fmt.Fprintf(stderr, "traveler token create: director token %q created; it is shown only this once.\n", *name)
	return 0
}

// createDirectorToken migrates the database (a fresh one has no tables yet)
// and stores a new director token.
func createDirectorToken(ctx context.Context, url, name string) (string, error) {
	if err := db.Migrate(ctx, url); err != nil {
		return "", fmt.Errorf("migrating the database: %w", err)
	}
	store, err := db.Open(ctx, url)
	if err != nil {
		return "", fmt.Errorf("opening the database: %w", err)
	}
	defer store.Close()
	svc := tournament.NewService(store, tournament.ServiceOptions{})
	issued, err := svc.CreateDirectorToken(ctx, name)
	if err != nil {
		return "", err
	}
	return issued.Secret, nil
}
