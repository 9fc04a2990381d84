package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// command is one subcommand: its name, a one-line summary and its body.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = []command{
	{"score", "score results read as JSON lines on stdin, one JSON line out per line in", runScore},
	{"rescore", "score, compare and rank a USEBIO or PBN results file again: traveler rescore FILE", runRescore},
	{"serve", "run the HTTP service (REST API under /v1), with its own PostgreSQL unless DATABASE_URL is set", runServe},
	{"migrate", "migrate the database schema: traveler migrate up|down [N|all]|force N|version", runMigrate},
	{"import", "store a results file as a new event, all or none: traveler import usebio|pbn FILE", runImport},
	{"export", "write an event as xlsx, CSV, USEBIO or PBN: traveler export FORMAT (--event ID | --from FILE) [-o FILE]", runExport},
	{"report", "print the Royalton report or the law-code comparison: traveler report royalton|laws (--event ID | --from FILE)", runReport},
	{"dd", "double-dummy tables and par under every law code for the deals of a PBN file: traveler dd [FILE|-]", runDD},
	{"movement", "read and check a movement file (.ASC) and print its rounds and balance: traveler movement [--boards-per-round N] [--json] FILE", runMovement},
	{"deal", "deal boards at random and write them as a file of hand records (PBN, DUP, DLM, BRI, LIN): traveler deal [--boards N] [--dd] [--format F]", runDeal},
	{"make-heavy", "make one report or file for serve, in a process apart from it (serve starts it: --heavy-apart)", runMakeHeavy},
	{"token", "director tokens: traveler token create [--name NAME] [--expires DURATION] | list | revoke ID", runToken},
}

func main() {
	// A closed terminal or a dropped SSH session (SIGHUP) stops a command
	// as cleanly as ^C or a service manager (serve: requests in flight
	// finish, its PostgreSQL is stopped).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	endWithGoRun()
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run dispatches to a subcommand and returns the exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(ctx, args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "traveler: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "traveler: a duplicate bridge tournament service")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: traveler <command> [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "traveler <command> -h" for a command's flags.`)
}
