package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/dds"
	"github.com/traveler-bridge/traveler/tournament"
)

// reportKinds are the reports `traveler report` prints.
var reportKinds = []string{"royalton", "laws", "par", "codes", "declaration"}

// reportFormats are the forms a report is printed in.
var reportFormats = []string{"table", "json"}

// reportArgs is what `traveler report` was asked for, once checked.
type reportArgs struct {
	kind   string        // royalton, laws, par or codes
	format string        // table or json
	to     []scoring.Law // laws: the codes compared with; nil: every other one
	with   *eventSource  // codes: the other event on the same boards; nil: the event's own sections under their codes
	// nulloBudget: declaration: the positions each board's nullo search
	// may take (reports.MakeDeclarationReportWithin)
	nulloBudget int
}

// maxNulloBudget bounds --nullo-budget: a billion positions, hours a board.
const maxNulloBudget = 1_000_000_000

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
	with := fs.String("with", "", "codes: the other event on the same boards, played under another law code: its id in the database, or a results file")
	nulloBudget := fs.Int("nullo-budget", reports.DeclarationNulloBudget, fmt.Sprintf("declaration: the positions each board's double-dummy nullo questions may take in all (1 to %d; a whole deal's take hundreds of thousands to millions, seconds each: BENCHMARKS.md); a board not settled within it has those nullos left out", maxNulloBudget))
	deals := fs.Int("deals", 0, fmt.Sprintf("royalton: deal this many random boards (1 to %d) and test the author's game at 40 on them, by double dummy (needs libdds0)", maxDealt))
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler report royalton|laws|par|codes|declaration (--event ID [--section ID] [--session N] | --from FILE) [--with ID|FILE]")
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
		fmt.Fprintln(stderr, "  codes     the same deals under two law codes (sections with codes of their own, or --with another")
		fmt.Fprintln(stderr, "            event): board by board par reached and the spread around it, and a Wilcoxon signed-rank")
		fmt.Fprintln(stderr, "            test across the boards of which code came nearer par, its p-value in plain words")
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
	if err == nil {
		ra.nulloBudget, err = checkNulloBudget(fs, ra.kind, *nulloBudget)
	}
	dealt := false
	fs.Visit(func(f *flag.Flag) { dealt = dealt || f.Name == "deals" })
	switch {
	case err != nil:
	case dealt:
		err = checkDeals(fs, ra, *deals)
	default:
		err = src.check(fs)
	}
	if err == nil {
		ra.with, err = withSource(fs, &src, ra.kind, *with)
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
	var other *tournament.EventData
	if ra.with != nil {
		d2, err := ra.with.load(ctx, stdin, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "traveler report: --with: %v\n", err)
			return exitCode(err)
		}
		other = &d2
	}
	if ra.kind == "codes" {
		if err := printCodes(stdout, stderr, ra, d, other, src.from); err != nil {
			fmt.Fprintf(stderr, "traveler report codes: %v\n", err)
			return 1
		}
		return 0
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

// checkNulloBudget checks --nullo-budget: the declaration report only,
// 1 to maxNulloBudget.
func checkNulloBudget(fs *flag.FlagSet, kind string, n int) (int, error) {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "nullo-budget" })
	switch {
	case !given:
		return n, nil
	case kind != "declaration":
		return 0, usagef("--nullo-budget: only the declaration report searches nullos")
	case n < 1 || n > maxNulloBudget:
		return 0, usagef("--nullo-budget %d: allowed 1 to %d positions", n, maxNulloBudget)
	}
	return n, nil
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
	boards := tournament.DealBoards(scoring.CryptoRand(), 1, n)
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
		rep, err := reports.MakeDeclarationReportWithin(d, ra.nulloBudget)
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
			if par, err := reports.ParReportIfAnalysed(d); err == nil && par != nil {
				out.WithPar(d, *par)
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
		if par, err := reports.ParReportIfAnalysed(d); err == nil && par != nil {
			out.WithPar(d, *par)
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

// withSource reads --with: only the codes report takes it; an id is an
// event in the same database, anything else a results file read as --from
// is.
func withSource(fs *flag.FlagSet, src *eventSource, kind, with string) (*eventSource, error) {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "with" })
	switch {
	case !given:
		return nil, nil
	case kind != "codes":
		return nil, usagef("--with: only the codes report compares with another event")
	case strings.TrimSpace(with) == "":
		return nil, usagef("--with: empty; give another event's id, or a results file")
	}
	other := *src
	other.sectionID, other.session, other.eventID, other.from = 0, 0, 0, ""
	if n, err := strconv.ParseInt(with, 10, 64); err == nil {
		if n < 1 {
			return nil, usagef("--with %d: must be an event's id, 1 or more", n)
		}
		other.eventID = n
		if err := other.db.resolve(); err != nil {
			return nil, err
		}
		return &other, nil
	}
	other.from = with
	if _, err := other.file.options(with, ""); err != nil {
		return nil, err
	}
	return &other, nil
}

// printCodes compares the same deals under two law codes — the event's
// sections under their own codes, or the event against other — solving
// double dummy the boards without an analysis where it can (par; without
// libdds0 the report goes on without it), and prints the comparison.
func printCodes(w, stderr io.Writer, ra reportArgs, d tournament.EventData, other *tournament.EventData, from string) error {
	for _, e := range []*tournament.EventData{&d, other} {
		if e == nil {
			continue
		}
		if err := tournament.AnalyseMissing(&dds.Lazy{}, e); err != nil {
			fmt.Fprintf(stderr, "traveler report codes: boards without an analysis have no par: %v\n", err)
		}
	}
	d.With = other
	cs, err := reports.CompareWith(d, d.With)
	if err != nil {
		return err
	}
	if ra.format == "json" {
		out := api.NewCodesResponse(d, cs)
		out.From = from
		return writeJSON(w, out)
	}
	return reports.WriteText(w, reports.CodesText(cs))
}
