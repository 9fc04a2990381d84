package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/dds"
	"github.com/traveler-bridge/traveler/tournament"
)

// runDD reads the deals of a PBN file and writes each one's double-dummy
// analysis as a JSON line, in the file's order, each board's deal once: the
// trick table and par under every law code.
func runDD(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	threads := fs.Int("threads", runtime.NumCPU(), "threads DDS solves with (each keeps ~95 MB of tables)")
	memory := fs.Int("memory", 0, "megabytes DDS's tables may take in all (0: DDS chooses, ~95 MB a thread; 30 to 80 a thread: its small tables, slower)")
	laws := fs.String("laws", strings.Join(scoring.LawNames(), ","), "the law codes to find par under, comma-separated")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler dd [--threads N] [--laws CODES] [FILE|-]")
		fmt.Fprintln(stderr, "\nReads the deals of a PBN file ([Deal], with [Board], [Dealer] and [Vulnerable] where given: a deal")
		fmt.Fprintln(stderr, "without [Board] is numbered by its place, dealer and vulnerability follow the number) and")
		fmt.Fprintln(stderr, "writes one JSON line a deal:")
		fmt.Fprintln(stderr, `  {"board": 1, "deal": "N:…", "tricks": {"N": {"C": 7, …}, …}, "par": {"contract-2017": {"ns_score": -110, "contracts": ["2S EW"]}, …}}`)
		fmt.Fprintln(stderr, "Needs DDS, the double-dummy solver (Debian: apt-get install libdds0).")
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	if len(pos) > 1 {
		fmt.Fprintf(stderr, "traveler dd: unexpected argument %q: one PBN file (or - for stdin)\n", pos[1])
		return 2
	}
	if *threads < 1 {
		fmt.Fprintf(stderr, "traveler dd: --threads %d: must be 1 or more\n", *threads)
		return 2
	}
	if *memory != 0 && *memory < dds.MinMemoryMB**threads {
		fmt.Fprintf(stderr, "traveler dd: --memory %d: must be 0 (DDS chooses) or at least %d MB a thread (DDS stops the program below that)\n", *memory, dds.MinMemoryMB)
		return 2
	}
	var rules []scoring.Rules
	for _, name := range strings.Split(*laws, ",") {
		law, err := scoring.ParseLaw("--laws", strings.TrimSpace(name))
		if err != nil {
			fmt.Fprintf(stderr, "traveler dd: %v\n", err)
			return 2
		}
		rules = append(rules, scoring.NewRules(law))
	}
	name := "-"
	if len(pos) == 1 && pos[0] != "" {
		name = pos[0]
	}
	in := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(stderr, "traveler dd: %v\n", err)
			return 1
		}
		defer f.Close()
		in = f
	}
	records, err := reports.ReadDeals(in)
	if err != nil {
		fmt.Fprintf(stderr, "traveler dd: %s: %v\n", displayName(name), err)
		return 1
	}
	// A results file repeats the deal with every result played on it:
	// each board's deal is analysed once.
	type seen struct {
		board int
		deal  scoring.Deal
	}
	done := map[seen]bool{}
	var boards []tournament.Board
	var kept []reports.HandRecord
	for _, rec := range records {
		b, err := tournament.ParseBoard("", rec.Board)
		if err != nil {
			fmt.Fprintf(stderr, "traveler dd: %s: %s\n", displayName(name), ddError(err, rec))
			return 1
		}
		if k := (seen{b.Number, b.Deal}); !done[k] {
			done[k] = true
			boards = append(boards, b)
			kept = append(kept, rec)
		}
	}
	if ctx.Err() != nil {
		return 1
	}
	analyses, err := tournament.Analyse(&dds.Lazy{Config: dds.Config{Threads: *threads, MemoryMB: *memory}}, boards, rules)
	if err != nil {
		var be *tournament.BoardError
		if errors.As(err, &be) {
			te := *be.Err
			te.Field = be.Field
			err = errors.New(ddError(&te, kept[be.Index]))
		}
		fmt.Fprintf(stderr, "traveler dd: %s: %v\n", displayName(name), err)
		return 1
	}
	w := bufio.NewWriter(stdout)
	enc := json.NewEncoder(w)
	for _, a := range analyses {
		if err := enc.Encode(api.NewAnalysisDTO(a)); err != nil {
			fmt.Fprintf(stderr, "traveler dd: %v\n", err)
			return 1
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "traveler dd: %v\n", err)
		return 1
	}
	return 0
}

// ddError phrases a hand record's error for the file: the line its game
// starts on, its board and the PBN tag the field came from.
func ddError(err error, rec reports.HandRecord) string {
	tags := map[string]string{"deal": "[Deal]", "dealer": "[Dealer]", "vulnerable": "[Vulnerable]"}
	var te *tournament.Error
	if errors.As(err, &te) {
		if tag, ok := tags[te.Field]; ok {
			return fmt.Sprintf("%s, board %d: %s %s", rec.Where(), rec.Board.Number, tag, te.Message)
		}
	}
	return fmt.Sprintf("%s, board %d: %v", rec.Where(), rec.Board.Number, err)
}
