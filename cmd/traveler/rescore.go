package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/traveler-bridge/traveler/reports"
)

// runRescore reads a USEBIO or PBN results file, scores every line again,
// compares and ranks, and prints the result as JSON or a table. Notes about
// the file (a score that differs from the recomputed one, a room with no
// partner) go to stderr. It exits 1 when the file cannot be read.
func runRescore(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rescore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "json", "output: json or table")
	methodFlag := fs.String("method", "", "compare by MP, BUTLER, CROSS_IMP or IMP_TEAMS instead of what the file says")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler rescore FILE [--format json|table] [--method MP|BUTLER|CROSS_IMP|IMP_TEAMS]")
		fmt.Fprintln(stderr, "\nFILE is a USEBIO 1.2 XML results file or a PBN file of team matches (\"-\" reads stdin).")
		fmt.Fprintln(stderr, "Every score, comparison and ranking is worked out again from the traveler lines.")
		fs.PrintDefaults()
	}
	var files []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(files) != 1 {
		fmt.Fprintf(stderr, "traveler rescore: give one results file (got %d)\n", len(files))
		fs.Usage()
		return 2
	}
	if *format != "json" && *format != "table" {
		fmt.Fprintf(stderr, "traveler rescore: --format %q: must be json or table\n", *format)
		return 2
	}
	method, err := parseRescoreMethod(*methodFlag)
	if err != nil {
		fmt.Fprintf(stderr, "traveler rescore: %v\n", err)
		return 2
	}
	data, err := readInput(files[0], stdin)
	if err != nil {
		fmt.Fprintf(stderr, "traveler rescore: %v\n", err)
		return 1
	}
	res, err := rescoreData(data, method)
	if err != nil {
		fmt.Fprintf(stderr, "traveler rescore: %s: %v\n", files[0], err)
		return 1
	}
	for _, n := range res.notes {
		fmt.Fprintf(stderr, "traveler rescore: note: %s\n", n)
	}
	if *format == "table" {
		err = writeRescoreTable(stdout, res)
	} else {
		err = writeRescoreJSON(stdout, res)
	}
	if err != nil {
		fmt.Fprintf(stderr, "traveler rescore: %v\n", err)
		return 1
	}
	return 0
}

// maxResultsFile is the largest results file rescore reads.
const maxResultsFile = 256 << 20

// readInput reads the named file, or stdin for "-".
func readInput(name string, stdin io.Reader) ([]byte, error) {
	var r io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxResultsFile+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxResultsFile {
		return nil, fmt.Errorf("%s: larger than %d MiB", name, maxResultsFile>>20)
	}
	return data, nil
}

// rescoreData tells a USEBIO file (XML) from a PBN file by its first
// character, reads it and rescores it; method overrides the file's when
// not "".
func rescoreData(data []byte, method rescoreMethod) (*rescored, error) {
	body := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	if bytes.HasPrefix(body, []byte("<")) {
		u, err := reports.ReadUSEBIO(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		t, err := travelerFromUSEBIO(u, method)
		if err != nil {
			return nil, err
		}
		return rescorePairs(t), nil
	}
	if method != "" && method != methodTeams {
		return nil, fmt.Errorf("--method %s: a PBN file is rescored as two-room team matches (IMP_TEAMS)", method)
	}
	results, err := reports.ReadPBNResults(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return rescoreTeams(results)
}
