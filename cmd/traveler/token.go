package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/tournament"
)

// tokenActions are the actions of `traveler token`.
var tokenActions = []string{"create", "list", "revoke"}

// runToken manages access tokens on the database, acting as the director:
// `traveler token create [--name NAME] [--expires DURATION]` stores a new
// director token and prints it once; `traveler token list [--format
// table|json]` lists every token (never a secret); `traveler token revoke
// ID` revokes one. It exits 0 when done, 1 when the database refused, 2
// for bad arguments.
func runToken(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	var dbc dbConfig
	var logc logConfig
	fs := flag.NewFlagSet("token", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("name", "director", "create: what to call the token (shown in the audit of what it changes)")
	expires := fs.Duration("expires", 0, "create: how long the token works, e.g. 720h (0: until revoked; at most 8784h)")
	format := fs.String("format", "table", "list: table or json (the API's GET /v1/tokens answer)")
	dbc.register(fs)
	logc.register(fs, "warn")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler token create [--name NAME] [--expires DURATION]")
		fmt.Fprintln(stderr, "       traveler token list [--format table|json]")
		fmt.Fprintln(stderr, "       traveler token revoke ID")
		fmt.Fprintln(stderr, "       (each with [--database-url URL] [--data-dir DIR])")
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "create stores a director token (only its hash) and prints it once on stdout; send it as")
		fmt.Fprintln(stderr, "\"Authorization: Bearer <token>\". list shows every director and table token with its state,")
		fmt.Fprintln(stderr, "never a secret; revoke ends one at once. Table tokens are made through the API")
		fmt.Fprintln(stderr, "(POST /v1/sections/{id}/tokens) or the section's table links page.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	if len(pos) == 0 || !slices.Contains(tokenActions, pos[0]) {
		if len(pos) == 0 {
			fmt.Fprintln(stderr, "traveler token: give an action: "+strings.Join(tokenActions, ", "))
		} else {
			fmt.Fprintf(stderr, "traveler token: unknown action %q: the actions are %s\n", pos[0], strings.Join(tokenActions, ", "))
		}
		fs.Usage()
		return 2
	}
	action := pos[0]
	var revokeID int64
	switch {
	case action == "revoke" && len(pos) != 2:
		fmt.Fprintln(stderr, "traveler token revoke: give the token's id (see traveler token list)")
		return 2
	case action == "revoke":
		id, err := strconv.ParseInt(pos[1], 10, 64)
		if err != nil || id < 1 {
			fmt.Fprintf(stderr, "traveler token revoke: %q is not a token's id (see traveler token list)\n", pos[1])
			return 2
		}
		revokeID = id
	case len(pos) > 1:
		fmt.Fprintf(stderr, "traveler token %s: unexpected argument %q\n", action, pos[1])
		return 2
	}
	if action == "create" && strings.TrimSpace(*name) == "" {
		fmt.Fprintln(stderr, "traveler token create: --name: must not be empty")
		return 2
	}
	if *expires < 0 || *expires > tournament.MaxTokenLife {
		fmt.Fprintf(stderr, "traveler token create: --expires: %s: give a duration from 1h to %s, or 0 for until revoked\n", *expires, tournament.MaxTokenLife)
		return 2
	}
	if *format != "table" && *format != "json" {
		fmt.Fprintf(stderr, "traveler token list: --format: %q: table or json\n", *format)
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
	err = withService(ctx, &dbc, log, func(svc *tournament.Service) error {
		switch action {
		case "create":
			at := time.Time{}
			if *expires > 0 {
				at = time.Now().Add(*expires)
			}
			issued, err := svc.CreateDirectorToken(ctx, tournament.Director, *name, at)
			if err != nil {
				return err
			}
			fmt.Fprintln(stdout, issued.Secret)
			fmt.Fprintf(stderr, "traveler token create: director token %q (id %d) created, working %s; it is shown only this once.\n",
				issued.Token.Name, issued.Token.ID, untilText(issued.Token.ExpiresAt))
		case "list":
			ts, err := svc.Tokens(ctx, tournament.Director, tournament.TokenFilter{})
			if err != nil {
				return err
			}
			return printTokens(stdout, ts, *format)
		case "revoke":
			t, err := svc.RevokeToken(ctx, tournament.Director, revokeID)
			if err != nil {
				return err
			}
			fmt.Fprintf(stderr, "traveler token revoke: token %d (%s) revoked at %s.\n", t.ID, t.Name, t.RevokedAt.Format(time.RFC3339))
		}
		return nil
	})
	if err != nil {
		fmt.Fprintf(stderr, "traveler token %s: %v\n", action, err)
		return 1
	}
	return 0
}

// untilText says how long a token works.
func untilText(t time.Time) string {
	if t.IsZero() {
		return "until revoked"
	}
	return "until " + t.UTC().Format(time.RFC3339)
}

// printTokens writes tokens as the API lists them (json) or as a table.
func printTokens(w io.Writer, ts []tournament.Token, format string) error {
	now := time.Now()
	rows := make([]api.TokenInfoResponse, len(ts))
	for i, t := range ts {
		rows[i] = api.NewTokenInfoResponse(t, now)
	}
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tROLE\tNAME\tSTATE\tCREATED\tEXPIRES\tREVOKED")
	for _, r := range rows {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Role, r.Name, r.State, stamp(r.CreatedAt), stamp(r.ExpiresAt), stamp(r.RevokedAt))
	}
	return tw.Flush()
}

// stamp is a time in a token list: RFC 3339, "-" for none.
func stamp(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}
