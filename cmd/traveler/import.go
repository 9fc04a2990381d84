package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// importKinds maps the import command's formats to the results file kinds
// parseEventFile reads.
var importKinds = map[string]string{"usebio": "USEBIO", "pbn": "PBN"}

// runImport stores a USEBIO or PBN results file as a new event, all or
// none, and prints the event's id, name, sections and counts. It exits 0
// when the event is stored, 1 when the file cannot be read or the event is
// refused (nothing is stored), 2 for bad arguments.
func runImport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var dbc dbConfig
	var logc logConfig
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbc.register(fs)
	logc.register(fs, "warn")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler import usebio|pbn FILE [--database-url URL] [--data-dir DIR]")
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "Stores a USEBIO 1.2 or PBN results file (\"-\" reads stdin) as a new event: every result is")
		fmt.Fprintln(stderr, "checked and scored as if entered, and the whole event is stored or none of it. Prints the")
		fmt.Fprintln(stderr, "new event's id, name, sections and counts.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	kind, file, ok := importArgs(pos, stderr)
	if !ok {
		fs.Usage()
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
	data, err := readInput(file, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "traveler import: %v\n", err)
		return 1
	}
	d, err := parseEventFile(file, kind, data)
	if err != nil {
		fmt.Fprintf(stderr, "traveler import: %v\n", err)
		return 1
	}
	var stored tournament.EventData
	err = withService(ctx, &dbc, log, func(svc *tournament.Service) error {
		var err error
		stored, err = svc.ImportEvent(ctx, tournament.Director, d)
		return err
	})
	if err != nil {
		fmt.Fprintf(stderr, "traveler import: %s: refused, nothing stored: %v\n", displayName(file), err)
		return 1
	}
	writeImported(stdout, stored)
	return 0
}

// importArgs reads the positional arguments: the format and the file.
func importArgs(pos []string, stderr io.Writer) (kind, file string, ok bool) {
	if len(pos) == 0 {
		fmt.Fprintln(stderr, "traveler import: FORMAT: missing; allowed: usebio, pbn")
		return "", "", false
	}
	kind, known := importKinds[pos[0]]
	if !known {
		fmt.Fprintf(stderr, "traveler import: FORMAT %q: not a format traveler reads; allowed: usebio, pbn\n", pos[0])
		return "", "", false
	}
	switch len(pos) {
	case 1:
		fmt.Fprintf(stderr, "traveler import %s: FILE: missing; give the results file, or - for stdin\n", pos[0])
		return "", "", false
	case 2:
		return kind, pos[1], true
	}
	fmt.Fprintf(stderr, "traveler import %s: unexpected argument %q: one file is imported at a time\n", pos[0], pos[2])
	return "", "", false
}

// writeImported prints a stored event: a line for the event, then a line
// per section with its id and counts.
func writeImported(w io.Writer, d tournament.EventData) {
	e := d.Event
	fmt.Fprintf(w, "event %d: %s (%s, law code %s, scored %s)\n", e.ID, e.Name, e.Date, e.Law, e.Scoring)
	for _, sd := range d.Sections {
		counts := []string{plural(len(sd.Pairs), "pair")}
		if len(sd.Teams) > 0 {
			counts = append(counts, plural(len(sd.Teams), "team"))
		}
		counts = append(counts, plural(len(sd.Boards), "board"), plural(len(sd.Results), "result"))
		fmt.Fprintf(w, "  section %d %q, session %d, %s movement: %s\n",
			sd.Section.ID, sd.Section.Name, sd.Section.Session, sd.Section.Spec.Kind, strings.Join(counts, ", "))
	}
}

// plural writes "1 pair" or "3 pairs".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
