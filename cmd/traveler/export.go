package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// runExport writes an event as a workbook, CSV, USEBIO or PBN file: from
// the database (--event) or from a results file (--from, no database). It
// exits 0 when the file is written, 1 when the event or the file cannot be
// read or the output not written, 2 for bad arguments.
func runExport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var src eventSource
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	src.register(fs)
	var out string
	fs.StringVar(&out, "o", "-", "the file to write; - writes to stdout")
	fs.StringVar(&out, "output", "-", "the same as -o")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler export FORMAT (--event ID [--section ID] [--session N] | --from FILE) [-o FILE]")
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "Writes an event from the database (--event), or from a USEBIO or PBN results file with no")
		fmt.Fprintln(stderr, "database at all (--from). A file is written whole or not at all. FORMAT is one of:")
		for _, f := range reports.Files {
			fmt.Fprintf(stderr, "  %-14s %s\n", f.Format, f.About)
		}
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	format, ok := findExportFormat(pos, stderr)
	if !ok {
		fs.Usage()
		return 2
	}
	if err := src.check(fs); err != nil {
		fmt.Fprintf(stderr, "traveler export: %v\n", err)
		return 2
	}
	if err := checkOutput(out, format, stdout); err != nil {
		fmt.Fprintf(stderr, "traveler export: %v\n", err)
		return 2
	}
	d, err := src.load(ctx, stdin, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "traveler export: %v\n", err)
		return exitCode(err)
	}
	err = writeOutput(out, stdout, func(w io.Writer) error { return format.Write(w, d) })
	if err != nil {
		fmt.Fprintf(stderr, "traveler export %s: %v\n", format.Format, err)
		return 1
	}
	return 0
}

// findExportFormat reads the one positional argument, the format, and says
// on stderr what is wrong when it is missing or unknown.
func findExportFormat(pos []string, stderr io.Writer) (reports.File, bool) {
	allowed := strings.Join(reports.FileFormats(), ", ")
	switch {
	case len(pos) == 0:
		fmt.Fprintf(stderr, "traveler export: FORMAT: missing; allowed: %s\n", allowed)
		return reports.File{}, false
	case len(pos) > 1:
		fmt.Fprintf(stderr, "traveler export: unexpected argument %q: give one FORMAT, and the output with -o\n", pos[1])
		return reports.File{}, false
	}
	if f, ok := reports.FileFormat(pos[0]); ok {
		return f, true
	}
	fmt.Fprintf(stderr, "traveler export: FORMAT %q: not a format traveler writes; allowed: %s\n", pos[0], allowed)
	return reports.File{}, false
}

// checkOutput refuses an output that cannot be right before any work is
// done: a folder, or a binary workbook written to a terminal.
func checkOutput(out string, format reports.File, stdout io.Writer) error {
	if out == "" || out == "-" {
		if format.Binary && isTerminal(stdout) {
			return fmt.Errorf("-o: the %s workbook is binary and stdout is a terminal; give -o FILE", format.Format)
		}
		return nil
	}
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		return fmt.Errorf("-o %s: is a folder; give a file name", out)
	}
	return nil
}

// writeOutput runs write on stdout when out is "" or "-", else writes the
// file out whole or not at all (reports.WriteFile); a failure of the file
// itself is told as -o's.
func writeOutput(out string, stdout io.Writer, write func(io.Writer) error) error {
	if out == "" || out == "-" {
		bw := bufio.NewWriter(stdout)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	var werr error
	err := reports.WriteFile(out, func(w io.Writer) error { werr = write(w); return werr })
	if err != nil && err != werr {
		return fmt.Errorf("-o %w", err)
	}
	return err
}

// eventSource is where export and report take an event from: the database
// (--event, narrowed by --section and --session) or a results file (--from).
type eventSource struct {
	eventID   int64
	sectionID int64
	session   int
	from      string
	file      fileFlags // how to read the --from file
	command   string    // the command, for notes: "export" or "report"
	db        dbConfig
	log       logConfig
	given     map[string]bool // the flags given on the command line
}

// register adds the source's flags to fs: --event, --section, --session,
// --from, and the database's and the log's.
func (s *eventSource) register(fs *flag.FlagSet) {
	s.command = fs.Name()
	fs.Int64Var(&s.eventID, "event", 0, "the id of the event in the database")
	fs.Int64Var(&s.sectionID, "section", 0, "only this section (its id), with --event")
	fs.IntVar(&s.session, "session", 0, "only this session (its number, from 1), with --event")
	fs.StringVar(&s.from, "from", "", "a USEBIO (.xml) or PBN (.pbn) results file instead of the database; - reads stdin")
	s.file.register(fs)
	s.db.register(fs)
	s.log.register(fs, "warn")
}

// usageError is a bad argument: the command exits 2.
type usageError struct{ msg string }

// Error returns the message.
func (e *usageError) Error() string { return e.msg }

// usagef returns a *usageError.
func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// exitCode is 2 for a *usageError, else 1.
func exitCode(err error) int {
	var ue *usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

// check tells whether the flags name one source: --event or --from, not
// both, with --section and --session only beside --event. Its errors are
// usage errors.
func (s *eventSource) check(fs *flag.FlagSet) error {
	s.given = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { s.given[f.Name] = true })
	switch {
	case s.given["event"] && s.given["from"]:
		return usagef("--event and --from: give one, not both: an event in the database, or a results file")
	case !s.given["event"] && !s.given["from"]:
		return usagef("--event or --from: missing; give the event's id in the database, or a USEBIO or PBN results file")
	case s.given["event"] && s.eventID < 1:
		return usagef("--event %d: must be an event's id, 1 or more", s.eventID)
	case s.given["from"] && s.from == "":
		return usagef("--from: empty; give a file name, or - for stdin")
	case s.given["section"] && s.sectionID < 1:
		return usagef("--section %d: must be a section's id, 1 or more", s.sectionID)
	case s.given["session"] && s.session < 1:
		return usagef("--session %d: must be a session's number, 1 or more", s.session)
	}
	if s.given["from"] {
		for _, name := range []string{"section", "session"} {
			if s.given[name] {
				return usagef("--%s: goes with --event only; a results file is read whole", name)
			}
		}
		_, err := s.file.options(s.from, "")
		return err
	}
	for _, name := range []string{"method", "name", "date", "encoding", "strict"} {
		if s.given[name] {
			return usagef("--%s: goes with --from only; it says how to read a results file", name)
		}
	}
	return s.db.resolve()
}

// load reads the event: from the results file, or from the database and
// narrowed to the section or session asked for.
func (s *eventSource) load(ctx context.Context, stdin io.Reader, stderr io.Writer) (tournament.EventData, error) {
	if s.from != "" {
		opt, err := s.file.options(s.from, "")
		if err != nil {
			return tournament.EventData{}, err
		}
		f, err := readResultsFile(s.from, stdin, opt)
		if err != nil {
			return tournament.EventData{}, fmt.Errorf("--from %w", err)
		}
		printNotes(stderr, s.command, s.from, f.Notes)
		return f.Event, nil
	}
	log, err := s.log.logger(stderr)
	if err != nil {
		return tournament.EventData{}, &usageError{msg: err.Error()}
	}
	var d tournament.EventData
	err = withService(ctx, &s.db, log, func(svc *tournament.Service) error {
		var err error
		d, err = svc.EventData(ctx, tournament.Director, s.eventID)
		if err != nil {
			return fmt.Errorf("--event %d: %w", s.eventID, err)
		}
		if d, err = d.Select(s.sectionID, s.session); err != nil {
			return selectError(err)
		}
		return nil
	})
	return d, err
}

// selectError names the flag an EventData.Select error is about:
// "--section: event 3 has no section 9".
func selectError(err error) error {
	var te *tournament.Error
	if !errors.As(err, &te) {
		return err
	}
	flagName := "--section"
	if te.Field == "session" {
		flagName = "--session"
	}
	return fmt.Errorf("%s: %s", flagName, te.Message)
}

// displayName is how a file is named in messages: "stdin" for "-".
func displayName(name string) string {
	if name == "-" {
		return "stdin"
	}
	return name
}

// withService opens the database (DATABASE_URL's, or the managed local
// PostgreSQL, started for the command and stopped after unless it was
// running already), migrates it, and calls use with a Service over it.
func withService(ctx context.Context, dbc *dbConfig, log *slog.Logger, use func(*tournament.Service) error) (err error) {
	database, err := dbc.openDatabase(ctx, log)
	if err != nil {
		return err
	}
	defer func() {
		if rerr := database.release(true); rerr != nil && err == nil {
			err = fmt.Errorf("stopping the managed PostgreSQL: %w", rerr)
		}
	}()
	if err := db.Migrate(ctx, database.url); err != nil {
		return fmt.Errorf("migrating the database: %w", err)
	}
	store, err := db.Open(ctx, database.url)
	if err != nil {
		return fmt.Errorf("opening the database: %w", err)
	}
	defer store.Close()
	return use(tournament.NewService(store, tournament.ServiceOptions{}))
}
