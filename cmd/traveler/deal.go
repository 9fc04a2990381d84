package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/dds"
	"github.com/traveler-bridge/traveler/tournament"
)

// maxDealt is the most boards `traveler deal` deals at once.
const maxDealt = tournament.MaxBoards

// runDeal deals boards at random and writes them as a file of hand
// records (PBN, with their double-dummy analysis when asked, or a dealing
// machine's DUP, DLM, BRI or LIN).
func runDeal(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("deal", flag.ContinueOnError)
	fs.SetOutput(stderr)
	boards := fs.Int("boards", 36, fmt.Sprintf("how many boards to deal (1 to %d)", maxDealt))
	first := fs.Int("first", 1, "the number of the first board (dealer and vulnerability follow the numbers)")
	lawName := fs.String("law", scoring.Contract2017.String(), "the law code the boards are for (the PBN's TravelerLaw and, with --dd, par under it)")
	dd := fs.Bool("dd", false, "add each board's double-dummy table and par (needs DDS: apt-get install libdds0)")
	threads := fs.Int("threads", 0, "with --dd: threads DDS solves with (0: every core)")
	out := fs.String("o", "-", "the file to write; - writes to stdout")
	format := fs.String("format", "", "the hand-record file's format: pbn, dup, dlm, bri or lin (default: -o's extension, else pbn)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler deal [--boards N] [--first K] [--law CODE] [--dd] [--format pbn|dup|dlm|bri|lin] [-o FILE]")
		fmt.Fprintln(stderr, "\nDeals boards at random (every deal as likely as any other, from the operating system's")
		fmt.Fprintln(stderr, "cryptographic generator) and writes them as a file of hand records, ready for a")
		fmt.Fprintln(stderr, "dealing machine or PUT /v1/sections/{id}/boards: PBN, Duplimate's DUP or DLM, BRI, or BBO's LIN.")
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "traveler deal: unexpected argument %q\n", pos[0])
		return 2
	}
	if *boards < 1 || *boards > maxDealt {
		fmt.Fprintf(stderr, "traveler deal: --boards %d: must be 1 to %d\n", *boards, maxDealt)
		return 2
	}
	if *first < 1 || *first+*boards-1 > 999 {
		fmt.Fprintf(stderr, "traveler deal: --first %d: the boards must be numbered 1 to 999\n", *first)
		return 2
	}
	law, err := scoring.ParseLaw("--law", *lawName)
	if err != nil {
		fmt.Fprintf(stderr, "traveler deal: %v\n", err)
		return 2
	}
	hf, err := reports.ParseHandFormat(*format)
	if err != nil {
		fmt.Fprintf(stderr, "traveler deal: --format: %v\n", err)
		return 2
	}
	if hf == "" {
		if hf = reports.HandFormatOfName(*out); hf == "" {
			hf = reports.HandPBN
		}
	}
	if *dd && hf != reports.HandPBN {
		fmt.Fprintf(stderr, "traveler deal: --dd: only PBN carries the double-dummy tables, not %s\n", strings.ToUpper(string(hf)))
		return 2
	}
	sec := tournament.SectionData{Boards: tournament.DealBoards(scoring.CryptoRand(), *first, *boards)}
	for _, b := range sec.Boards {
		sec.Travelers = append(sec.Travelers, tournament.Traveler{Board: b})
	}
	if *dd {
		rules := []scoring.Rules{scoring.NewRules(scoring.Contract2017)}
		if law != scoring.Contract2017 {
			rules = append(rules, scoring.NewRules(law))
		}
		if sec.Analyses, err = tournament.Analyse(&dds.Lazy{Config: dds.Config{Threads: *threads}}, sec.Boards, rules); err != nil {
			fmt.Fprintf(stderr, "traveler deal: %v\n", err)
			return 1
		}
	}
	if ctx.Err() != nil {
		return 1
	}
	data := tournament.EventData{Event: tournament.Event{Name: "Boards dealt by traveler", Date: time.Now().Format(time.DateOnly), Law: law},
		Sections: []tournament.SectionData{sec}}
	write := func(w io.Writer) error { return reports.WritePBN(w, data) }
	if hf != reports.HandPBN {
		if err := reports.WriteHandRecords(io.Discard, hf, sec.Boards); err != nil {
			fmt.Fprintf(stderr, "traveler deal: --format %s: %v\n", hf, err)
			return 2 // what the format cannot hold, before any file is written
		}
		write = func(w io.Writer) error { return reports.WriteHandRecords(w, hf, sec.Boards) }
	}
	if err := writeOutput(*out, stdout, write); err != nil {
		fmt.Fprintf(stderr, "traveler deal: %v\n", err)
		return 1
	}
	return 0
}
