package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// runImport stores a USEBIO or PBN results file as a new event, all or
// none, and prints the event's id, name, sections and counts. It exits 0
// when the event is stored, 1 when the file cannot be read or the event is
// refused (nothing is stored), 2 for bad arguments.
func runImport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var dbc dbConfig
	var logc logConfig
	var ff fileFlags
	var again bool
	var figures string
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ff.register(fs)
	fs.BoolVar(&again, "again", false, "import the file even if an event holds it already (the same bytes); by default that is refused, naming the event")
	fs.StringVar(&figures, "figures", "traveler", "where the file's own figures differ from traveler's: traveler (take traveler's) or official (keep the file's line points as the director's corrections, audited)")
	dbc.register(fs)
	logc.register(fs, "warn")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler import [usebio|pbn] FILE [--method M] [--name N] [--date D] [--encoding E] [--strict] [--figures traveler|official] [--again] [--database-url URL] [--data-dir DIR]")
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "Stores a USEBIO 1.2 or PBN results file (\"-\" reads stdin; the format is told from the file")
		fmt.Fprintln(stderr, "when not given) as a new event: every result is checked and scored as if entered, and the")
		fmt.Fprintln(stderr, "whole event is stored or none of it. Prints the new event's id, name, sections and counts,")
		fmt.Fprintln(stderr, "and on stderr a note for everything traveler had to assume about the file.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	format, file, ok := importArgs(pos, stderr)
	if !ok {
		fs.Usage()
		return 2
	}
	opt, err := ff.options(file, format)
	if err != nil {
		fmt.Fprintf(stderr, "traveler import: %v\n", err)
		return 2
	}
	if figures != "traveler" && figures != "official" {
		fmt.Fprintf(stderr, "traveler import: --figures %q: must be traveler or official\n", figures)
		return 2
	}
	if err := dbc.resolve(); err != nil {
		fmt.Fprintf(stderr, "traveler import: %v\n", err)
		return 2
	}
	log, err := logc.logger(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "traveler import: %v\n", err)
		return 2
	}
	rf, err := readResultsFile(file, stdin, opt)
	if err != nil {
		fmt.Fprintf(stderr, "traveler import: %v\n", err)
		return 1
	}
	printNotes(stderr, "import", file, rf.Notes)
	corrections := 0
	if figures == "official" {
		corrections = rf.KeepOfficial()
	}
	d := rf.Event
	d.Digest = rf.Digest[:]
	var stored tournament.EventData
	err = withService(ctx, &dbc, log, func(svc *tournament.Service) error {
		var err error
		stored, err = svc.ImportEventWith(ctx, tournament.Director, d, tournament.ImportOptions{Again: again, Scored: true})
		return err
	})
	if err != nil {
		fmt.Fprintf(stderr, "traveler import: %s: refused, nothing stored: %v\n", displayName(file), err)
		return 1
	}
	// stored: a failed write to stdout does not undo it
	reports.WriteText(stdout, append(reports.EventSummary(stored), reports.FiguresText(rf.Differences, figures, corrections, rf.Compare(stored))...))
	return 0
}

// importArgs reads the positional arguments: the format, when given,
// and the file.
func importArgs(pos []string, stderr io.Writer) (format reports.Format, file string, ok bool) {
	if len(pos) == 2 {
		f, err := reports.ParseFormat(pos[0])
		if err != nil || f == "" {
			fmt.Fprintf(stderr, "traveler import: FORMAT %q: not a format traveler reads; allowed: usebio, pbn (or leave it out)\n", pos[0])
			return "", "", false
		}
		return f, pos[1], true
	}
	switch len(pos) {
	case 0:
		fmt.Fprintln(stderr, "traveler import: FILE: missing; give the results file, or - for stdin")
		return "", "", false
	case 1:
		if f, err := reports.ParseFormat(pos[0]); err == nil && f != "" {
			fmt.Fprintf(stderr, "traveler import %s: FILE: missing; give the results file, or - for stdin\n", pos[0])
			return "", "", false
		}
		return "", pos[0], true
	}
	fmt.Fprintf(stderr, "traveler import: unexpected argument %q: one file is imported at a time\n", pos[2])
	return "", "", false
}
