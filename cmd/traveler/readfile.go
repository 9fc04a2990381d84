package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
)

// fileFlags are the flags that say how to read a results file where the
// file leaves it open: the same for rescore, import, export --from and
// report --from.
type fileFlags struct {
	method   string
	name     string
	date     string
	encoding string
	strict   bool
	conv     string
}

// register adds the flags to fs.
func (f *fileFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.method, "method", "", "compare by this scoring method instead of the file's (MP, MP_ACBL, BUTLER, CROSS_IMP, TOTAL, AVERAGE; team matches: IMP_TEAMS, BAM_TEAMS, PATTON_TEAMS, AGGREGATE_TEAMS)")
	fs.StringVar(&f.name, "name", "", "the event's name, instead of the file's")
	fs.StringVar(&f.date, "date", "", "the event's date (YYYY-MM-DD), instead of the file's")
	fs.StringVar(&f.encoding, "encoding", "", "the file's text encoding ("+strings.Join(reports.Encodings, ", ")+"); detected when not given")
	fs.StringVar(&f.conv, "convention", "", "work the figures out by this convention ("+strings.Join(scoring.ConventionNames(), ", ")+"); by default the one the file's program is known to use, else traveler's own")
	fs.BoolVar(&f.strict, "strict", false, "refuse a written score that disagrees with its contract, or a figure of the file's own (a line's points, a pair's total, percentage or place) that traveler does not reproduce (by default a note each, and traveler's is used)")
}

// options turns the flags into ReadOptions for the file named source;
// its errors are usage errors naming the flag.
func (f *fileFlags) options(source string, format reports.Format) (reports.ReadOptions, error) {
	opt := reports.ReadOptions{Format: format, Source: source, Name: f.name, Date: f.date, Strict: f.strict}
	var err error
	if opt.Method, err = reports.ParseMethod(f.method); err != nil {
		return opt, usagef("--method %v", err)
	}
	if f.date != "" {
		if _, err := time.Parse(time.DateOnly, f.date); err != nil {
			return opt, usagef("--date %q: not a date; write it YYYY-MM-DD", f.date)
		}
	}
	if opt.Encoding, err = reports.ParseEncoding(f.encoding); err != nil {
		return opt, usagef("--encoding %v", err)
	}
	if f.conv != "" {
		c, err := scoring.ParseConvention("--convention", f.conv)
		if err != nil {
			return opt, usagef("%v", err)
		}
		opt.Convention = c.Name
		if opt.Convention == "" {
			opt.Convention = "traveler"
		}
	}
	return opt, nil
}

// readResultsFile reads the results file name ("-": stdin) through
// reports.ReadResults; errors name the file (and the line and element at
// fault).
func readResultsFile(name string, stdin io.Reader, opt reports.ReadOptions) (*reports.ResultsFile, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	rf, err := reports.ReadResults(r, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", displayName(name), err)
	}
	return rf, nil
}

// printNotes writes what traveler assumed reading a file, a line each:
// "traveler import: note: file.pbn line 2 [Date]: ...".
func printNotes(w io.Writer, command, name string, notes []reports.Note) {
	for _, n := range notes {
		fmt.Fprintf(w, "traveler %s: note: %s: %s\n", command, displayName(name), n)
	}
}
