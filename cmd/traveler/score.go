package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/traveler-bridge/traveler/api"
)

// runScore streams JSON lines from stdin to stdout, one answer per line in
// the same order, scoring batches on every core. It exits 1 when any line
// failed.
func runScore(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "lines are scored by this many goroutines")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler score [-workers N] < results.jsonl")
		fmt.Fprintln(stderr, "\nEach input line is a JSON result, e.g.")
		fmt.Fprintln(stderr, `  {"law": "auction-1915", "contract": "4SX", "declarer": "N", "tricks": 10}`)
		fmt.Fprintln(stderr, "and gives one JSON line out: the score, or {\"error\": ...}.")
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "traveler score: unexpected argument %q: the results come on stdin\n", pos[0])
		return 2
	}
	if *workers < 1 {
		fmt.Fprintf(stderr, "traveler score: -workers %d: must be 1 or more\n", *workers)
		return 2
	}
	// Scoring garbage is short-lived: collecting less often is worth a
	// little more memory when streaming millions of lines.
	debug.SetGCPercent(400)
	failed, err := api.ScoreStream(ctx, stdin, stdout, *workers)
	if err != nil {
		fmt.Fprintf(stderr, "traveler score: %v\n", err)
		return 1
	}
	if failed > 0 {
		fmt.Fprintf(stderr, "traveler score: %d line(s) had errors\n", failed)
		return 1
	}
	return 0
}
