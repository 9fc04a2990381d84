package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/reports"
)

// runRescore reads a USEBIO or PBN results file, scores every line again,
// compares and ranks it as traveler would, and prints the standings and
// travelers as JSON (the API's shape: api.EventResultsResponse) or as
// tables. Notes about the file (what traveler assumed, a score that differs
// from the recomputed one) go to stderr, and into the JSON. It exits 1 when
// the file cannot be read, 2 for bad arguments.
func runRescore(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rescore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "json", "output: json or table")
	var ff fileFlags
	ff.register(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler rescore FILE [--format json|table] [--method M] [--name N] [--date D] [--encoding E] [--strict]")
		fmt.Fprintln(stderr, "\nFILE is a USEBIO 1.2 or PBN results file (\"-\" reads stdin). Every score, comparison and")
		fmt.Fprintln(stderr, "ranking is worked out again from the traveler lines, exactly as traveler stores and ranks an event.")
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "traveler rescore: give one results file (got %d)\n", len(pos))
		fs.Usage()
		return 2
	}
	if *format != "json" && *format != "table" {
		fmt.Fprintf(stderr, "traveler rescore: --format %q: must be json or table\n", *format)
		return 2
	}
	opt, err := ff.options(pos[0], "")
	if err != nil {
		fmt.Fprintf(stderr, "traveler rescore: %v\n", err)
		return 2
	}
	rf, err := readResultsFile(pos[0], stdin, opt)
	if err != nil {
		fmt.Fprintf(stderr, "traveler rescore: %v\n", err)
		return 1
	}
	printNotes(stderr, "rescore", pos[0], rf.Notes)
	if *format == "table" {
		err = reports.WriteText(stdout, append(reports.ResultsText(rf.Event), reports.FiguresText(rf.Differences, "", 0, nil)...))
	} else {
		err = writeJSON(stdout, api.NewEventResultsResponse(rf.Event, rf))
	}
	if err != nil {
		fmt.Fprintf(stderr, "traveler rescore: %v\n", err)
		return 1
	}
	return 0
}
