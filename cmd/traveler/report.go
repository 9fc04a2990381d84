package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/dds"
	"github.com/traveler-bridge/traveler/tournament"
)

// reportKinds are the reports `traveler report` prints.
var reportKinds = []string{"royalton", "laws", "par", "declaration"}

// reportFormats are the forms a report is printed in.
var reportFormats = []string{"table", "json"}

// reportArgs is what `traveler report` was asked for, once checked.
type reportArgs struct {
	kind   string        // royalton or laws
	format string        // table or json
	to     []scoring.Law // laws: the codes compared with; nil: every other one
}

// runReport prints the Royalton test report or the law-code comparison of
// an event from the database (--event) or a results file (--from), as a
// table or as JSON. It exits 0 when printed, 1 when the event or the file
// cannot be read, 2 for bad arguments.
func runReport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var src eventSource
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	src.register(fs)
	to := fs.String("to", "all", "laws: the law code to compare with ("+strings.Join(scoring.LawNames(), ", ")+"), or all")
	format := fs.String("format", "table", "output: table (readable text) or json")
	deals := fs.Int("deals", 0, fmt.Sprintf("royalton: deal this many random boards (1 to %d) and test the author's game at 40 on them, by double dummy (needs libdds0)", maxDealt))
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler report royalton|laws|par|declaration (--event ID [--section ID] [--session N] | --from FILE)")
		fmt.Fprintln(stderr, "       traveler report royalton --deals N [--format table|json]")
		fmt.Fprintln(stderr, "                       [--to CODE|all] [--format table|json]")
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "  royalton  the Royalton test report: contracts made exactly, with overtricks, defeated;")
		fmt.Fprintln(stderr, "            strains, odd tricks, games, slams, doubles; per board the contracts reached")
		fmt.Fprintln(stderr, "  laws      the same played results scored under another law code (--to) or all of them:")
		fmt.Fprintln(stderr, "            per pair the places moved and Kendall's tau-b, per line what changed and why")
		fmt.Fprintln(stderr, "  par       under every law code: each board's double-dummy par, the tables that reached it,")
		fmt.Fprintln(stderr, "            how far the others fell, and how much of the scores' spread is the cards' and how")
		fmt.Fprintln(stderr, "            much the tables' (boards without an analysis are solved here: needs libdds0)")
		fmt.Fprintln(stderr, "  declaration  per table, board and code: was the contract in its side's best declaration by")
		fmt.Fprintln(stderr, "            double dummy, how far its level was from the highest it could make, and whether the")
		fmt.Fprintln(stderr, "            side that could make most declared (Hawley's (a) and (b); needs libdds0 as par)")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	ra, err := checkReportArgs(fs, pos, *to, *format)
	dealt := false
	fs.Visit(func(f *flag.Flag) { dealt = dealt || f.Name == "deals" })
	switch {
	case err != nil:
	case dealt:
		err = checkDeals(fs, ra, *deals)
	default:
		err = src.check(fs)
	}
	if err != nil {
		fmt.Fprintf(stderr, "traveler report: %v\n", err)
		if len(pos) == 0 {
			fs.Usage()
		}
		return 2
	}
	if dealt {
		return printDealt(ctx, stdout, stderr, ra, *deals)
	}
	d, err := src.load(ctx, stdin, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "traveler report: %v\n", err)
		return exitCode(err)
	}
	if err := printReport(stdout, ra, d, src.from); err != nil {
		fmt.Fprintf(stderr, "traveler report %s: %v\n", ra.kind, err)
		return 1
	}
	return 0
}

// checkReportArgs reads the report's kind, --to and --format.
func checkReportArgs(fs *flag.FlagSet, pos []string, to, format string) (reportArgs, error) {
	switch {
	case len(pos) == 0:
		return reportArgs{}, usagef("REPORT: missing; allowed: %s", strings.Join(reportKinds, ", "))
	case len(pos) > 1:
		return reportArgs{}, usagef("unexpected argument %q: give one REPORT", pos[1])
	case !slices.Contains(reportKinds, pos[0]):
		return reportArgs{}, usagef("REPORT %q: not a report traveler prints; allowed: %s", pos[0], strings.Join(reportKinds, ", "))
	case !slices.Contains(reportFormats, format):
		return reportArgs{}, usagef("--format %q: allowed: %s", format, strings.Join(reportFormats, ", "))
	}
	ra := reportArgs{kind: pos[0], format: format}
	toGiven := false
	fs.Visit(func(f *flag.Flag) { toGiven = toGiven || f.Name == "to" })
	if ra.kind != "laws" {
		if toGiven {
			return reportArgs{}, usagef("--to: only the laws report compares law codes")
		}
		return ra, nil
	}
	if to == "all" {
		return ra, nil
	}
	law, err := scoring.ParseLaw("--to", to)
	if err != nil {
		return reportArgs{}, usagef("--to %q: not a law code; allowed: all, %s", to, strings.Join(scoring.LawNames(), ", "))
	}
	ra.to = []scoring.Law{law}
	return ra, nil
}

// checkDeals checks --deals: the royalton report only, no event or file
// with it, and 1 to maxDealt boards.
func checkDeals(fs *flag.FlagSet, ra reportArgs, n int) error {
	other := ""
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "event" || f.Name == "from" || f.Name == "section" || f.Name == "session" {
			other = f.Name
		}
	})
	switch {
	case ra.kind != "royalton":
		return usagef("--deals: only the royalton report deals boards")
	case other != "":
		return usagef("--deals and --%s: give one: boards dealt here, or an event or a results file", other)
	case n < 1 || n > maxDealt:
		return usagef("--deals %d: must be 1 to %d boards", n, maxDealt)
	}
	return nil
}

// printDealt deals n boards at random, solves them double dummy under every
// code and prints the Royalton author's game at 40 on them
// (reports.DealtReport).
func printDealt(ctx context.Context, stdout, stderr io.Writer, ra reportArgs, n int) int {
	boards := dealBoards(scoring.CryptoRand(), 1, n)
	var rules []scoring.Rules
	for _, l := range scoring.Laws {
		rules = append(rules, scoring.NewRules(l))
	}
	an, err := tournament.Analyse(&dds.Lazy{}, boards, rules)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	if err != nil {
		fmt.Fprintf(stderr, "traveler report royalton: %v\n", err)
		return 1
	}
	rep := reports.MakeDealtReport(an)
	if ra.format == "json" {
		err = writeJSON(stdout, api.NewDealtResponse(rep))
	} else {
		err = reports.WriteText(stdout, rep.Text())
	}
	if err != nil {
		fmt.Fprintf(stderr, "traveler report royalton: %v\n", err)
		return 1
	}
	return 0
}

// printReport works the report out and prints it: as a table, or as the
// API's answer (api.RoyaltonResponse, api.LawsResponse) with from, the
// results file read, when not the database.
func printReport(w io.Writer, ra reportArgs, d tournament.EventData, from string) error {
	if ra.kind == "par" {
		if err := tournament.AnalyseMissing(&dds.Lazy{}, &d); err != nil {
			return err
		}
		rep, err := reports.MakeParReport(d)
		if err != nil {
			return err
		}
		if ra.format == "json" {
			out := api.NewParReportResponse(d, rep)
			out.From = from
			return writeJSON(w, out)
		}
		return reports.WriteText(w, rep.Text(d))
	}
	if ra.kind == "declaration" {
		if err := tournament.AnalyseMissing(&dds.Lazy{}, &d); err != nil {
			return err
		}
		rep, err := reports.MakeDeclarationReport(d)
		if err != nil {
			return err
		}
		if ra.format == "json" {
			out := api.NewDeclarationReportResponse(d, rep)
			out.From = from
			return writeJSON(w, out)
		}
		return reports.WriteText(w, rep.Text(d))
	}
	if ra.kind == "royalton" {
		rep := reports.Royalton(d)
		if ra.format == "json" {
			out := api.NewRoyaltonResponse(d, rep)
			out.From = from
			if par, err := reports.MakeParReport(d); err == nil {
				out.WithPar(d, par)
			}
			return writeJSON(w, out)
		}
		return reports.WriteText(w, rep.Text(d))
	}
	cs, err := compareLaws(d, ra.to)
	if err != nil {
		return err
	}
	if ra.format == "json" {
		out := api.NewLawsResponse(d, cs)
		out.From = from
		if par, err := reports.MakeParReport(d); err == nil {
			out.WithPar(d, par)
		}
		return writeJSON(w, out)
	}
	return reports.WriteText(w, reports.LawComparisonText(d, cs))
}

// writeJSON writes v as JSON indented by two spaces, as encoding/json
// orders it: struct fields in their order, so the same report prints the
// same bytes.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// compareLaws compares the event's results with every law code in to, or
// with every other code when to is nil.
func compareLaws(d tournament.EventData, to []scoring.Law) ([]reports.LawComparison, error) {
	if to == nil {
		return reports.CompareAllLaws(d)
	}
	var out []reports.LawComparison
	for _, l := range to {
		c, err := reports.CompareLaws(d, scoring.NewRules(l))
		if err != nil {
			return nil, fmt.Errorf("--to %s: %w", l, err)
		}
		out = append(out, c)
	}
	return out, nil
}
