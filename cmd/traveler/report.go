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
	"text/tabwriter"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// reportKinds are the reports `traveler report` prints.
var reportKinds = []string{"royalton", "laws", "par"}

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
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler report royalton|laws|par (--event ID [--section ID] [--session N] | --from FILE)")
		fmt.Fprintln(stderr, "                       [--to CODE|all] [--format table|json]")
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "  royalton  the Royalton test report: contracts made exactly, with overtricks, defeated;")
		fmt.Fprintln(stderr, "            strains, odd tricks, games, slams, doubles; per board the contracts reached")
		fmt.Fprintln(stderr, "  laws      the same played results scored under another law code (--to) or all of them:")
		fmt.Fprintln(stderr, "            per pair the places moved and Kendall's tau-b, per line what changed and why")
		fmt.Fprintln(stderr, "  par       under every law code: each board's double-dummy par, the tables that reached it,")
		fmt.Fprintln(stderr, "            how far the others fell, and how much of the scores' spread is the cards' and how")
		fmt.Fprintln(stderr, "            much the tables' (boards without an analysis are solved here: needs libdds0)")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	ra, err := checkReportArgs(fs, pos, *to, *format)
	if err == nil {
		err = src.check(fs)
	}
	if err != nil {
		fmt.Fprintf(stderr, "traveler report: %v\n", err)
		if len(pos) == 0 {
			fs.Usage()
		}
		return 2
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

// printReport works the report out and prints it: as a table, or as the
// API's answer (api.RoyaltonResponse, api.LawsResponse) with from, the
// results file read, when not the database.
func printReport(w io.Writer, ra reportArgs, d tournament.EventData, from string) error {
	if ra.kind == "par" {
		if err := tournament.AnalyseMissing(&lazyDDS{}, &d); err != nil {
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
		return writeParTable(w, d, rep)
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
		return writeRoyaltonTable(w, d, rep)
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
	return writeLawsTable(w, d, cs)
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

// writeRoyaltonTable prints the Royalton report as text: the figures, the
// outcomes by kind of contract, then the contracts reached on each board.
func writeRoyaltonTable(w io.Writer, d tournament.EventData, r reports.RoyaltonReport) error {
	fmt.Fprintf(w, "Royalton report: %s; law code %s\n\n", describeEvent(d), r.Law)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "Results counted\t%d\n", r.Results)
	fmt.Fprintf(tw, "Left out (not played, artificial or assigned adjusted scores)\t%d\n", r.LeftOut)
	fmt.Fprintf(tw, "Unreadable under %s\t%d\n", r.Law, len(r.Unreadable))
	fmt.Fprintf(tw, "Passed out\t%d\n", r.PassedOut)
	fmt.Fprintf(tw, "Contracts\t%d\n", r.Declared)
	if r.Unlevelled > 0 {
		fmt.Fprintf(tw, "Declarations with no level (in the strains only)\t%d\n", r.Unlevelled)
	}
	fmt.Fprintf(tw, "Made exactly\t%s\n", r.Exact)
	fmt.Fprintf(tw, "Made with overtricks\t%s\n", r.Overtricks)
	fmt.Fprintf(tw, "Defeated\t%s\n", r.Defeated)
	for _, s := range r.Strains {
		fmt.Fprintf(tw, "Final declaration %s\t%d (%s%%)\n", s.Strain, s.N, formatFixed(s.Share))
	}
	fmt.Fprintf(tw, "Average odd tricks bid\t%s\n", formatFixed(r.OddBid))
	fmt.Fprintf(tw, "Average odd tricks made\t%s\n", formatFixed(r.OddMade))
	if err := tw.Flush(); err != nil {
		return err
	}

	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "Kind of contract\tBid\tMade\tDefeated")
	outcome := func(name string, o reports.Outcome) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\n", name, o.Bid, o.Made, o.Defeated)
	}
	outcome("games (trick score "+strconv.Itoa(r.GameAt)+")", r.Games)
	outcome("slams", r.Slams)
	outcome("doubled", r.Doubled)
	outcome("redoubled", r.Redoubled)
	rules := d.Event.RulesOrDefaults()
	if rules.Law.HasRoyalBids() {
		outcome("royal bids", r.Royal)
	}
	if rules.HasNullo() {
		outcome("nullos", r.Nullo)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	writeNotCounted(w, "Unreadable results, left out", r.Unreadable)

	fmt.Fprintln(w)
	fmt.Fprintln(w, "Contracts reached, board by board")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "Section\tBoard\tResults\tContracts\tSame everywhere\tSpread")
	for _, b := range r.Boards {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s\n", b.Section, b.Board, b.Results, len(b.Contracts), yesNo(b.Same), contractSpread(b.Contracts))
	}
	return tw.Flush()
}

// contractSpread writes a board's contracts as "4S NS ×5, 3NT NS ×2, PASS ×1".
func contractSpread(cs []reports.ContractCount) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		s := c.Contract
		if c.Side != "" {
			s += " " + c.Side
		}
		parts[i] = s + " ×" + strconv.Itoa(c.N)
	}
	return strings.Join(parts, ", ")
}

// writeNotCounted prints the results a report left out, under a title;
// nothing when there are none.
func writeNotCounted(w io.Writer, title string, ns []reports.NotCounted) {
	if len(ns) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s (%d):\n", title, len(ns))
	for _, n := range ns {
		fmt.Fprintf(w, "  section %s board %d round %d table %d: %s\n", n.Section, n.Board, n.Round, n.Table, n.Reason)
	}
}

// describeEvent names an event in a report's heading.
func describeEvent(d tournament.EventData) string {
	s := d.Event.Name
	if d.Event.ID != 0 {
		s = "event " + strconv.FormatInt(d.Event.ID, 10) + " " + s
	}
	var names []string
	for _, sd := range d.Sections {
		names = append(names, sd.Section.Name)
	}
	return fmt.Sprintf("%s, %s, scored %s, section %s", s, d.Event.Date, d.Event.Scoring, strings.Join(names, ", "))
}

// writeLawsTable prints each comparison as text: the results not
// comparable, each field's standings under both codes with the largest
// moves and Kendall's tau-b, then the lines whose score changed and why.
func writeLawsTable(w io.Writer, d tournament.EventData, cs []reports.LawComparison) error {
	fmt.Fprintf(w, "Law-code comparison: %s\n", describeEvent(d))
	pct := d.Event.Scoring.HasPercentage()
	for _, c := range cs {
		fmt.Fprintf(w, "\n== %s (the event's code) against %s ==\n", c.From, c.To)
		writeNotCounted(w, "Not comparable, left out of both standings", c.NotComparable)
		for _, f := range c.Fields {
			if err := writeFieldTable(w, c, f, pct); err != nil {
				return err
			}
		}
		if err := writeChangedLines(w, c); err != nil {
			return err
		}
	}
	return nil
}

// writeFieldTable prints one field's standings under both codes, its
// largest gains and losses and Kendall's tau-b.
func writeFieldTable(w io.Writer, c reports.LawComparison, f reports.FieldComparison, pct bool) error {
	title := "Section " + f.Section
	if f.Direction != "" {
		title += " " + f.Direction
	}
	tau := "undefined (fewer than 2 pairs, or all tied)"
	if f.TauDefined {
		tau = strconv.FormatFloat(f.Tau, 'f', 4, 64)
	}
	fmt.Fprintf(w, "\n%s: Kendall's tau-b between the two standings %s\n", title, tau)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := "Pair\tPlayers\tPlace\tPlace " + c.To + "\tMoved\tTotal\tTotal " + c.To
	if pct {
		head += "\t%\t% " + c.To
	}
	fmt.Fprintln(tw, head)
	for _, p := range f.Pairs {
		row := fmt.Sprintf("%s\t%s\t%d\t%d\t%s\t%s\t%s", pairLabel(p), strings.Join(p.Players, " & "),
			p.FromPlace, p.ToPlace, signed(p.Move), formatNumber(p.FromTotal), formatNumber(p.ToTotal))
		if pct {
			row += "\t" + formatFixed(p.FromPct) + "\t" + formatFixed(p.ToPct)
		}
		fmt.Fprintln(tw, row)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "Largest gains: %s\n", movesText(f.Gains))
	fmt.Fprintf(w, "Largest losses: %s\n", movesText(f.Losses))
	return nil
}

// pairLabel is a pair's number, with its direction in a Mitchell.
func pairLabel(p reports.PairMove) string {
	if p.Direction != "" {
		return p.Number + " " + p.Direction
	}
	return p.Number
}

// movesText writes pairs' moves as "5 +3 (7 → 4), 9 +2 (6 → 4)", or "none".
func movesText(ps []reports.PairMove) string {
	if len(ps) == 0 {
		return "none"
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = fmt.Sprintf("%s %s (%d → %d)", pairLabel(p), signed(p.Move), p.FromPlace, p.ToPlace)
	}
	return strings.Join(parts, ", ")
}

// writeChangedLines prints the traveler lines whose NS score differs under
// the two codes, with the items only one code scores.
func writeChangedLines(w io.Writer, c reports.LawComparison) error {
	total, changed := 0, 0
	for _, b := range c.Boards {
		total += len(b.Lines)
		for _, l := range b.Lines {
			if l.Changed {
				changed++
			}
		}
	}
	fmt.Fprintf(w, "\nLines whose score changed: %d of %d\n", changed, total)
	if changed == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "Section\tBoard\tRound\tTable\tNS\tEW\tContract\tBy\tTricks\tNS score\tNS score %s\tNS points\tNS points %s\tWhy\n", c.To, c.To)
	for _, b := range c.Boards {
		for _, l := range b.Lines {
			if !l.Changed {
				continue
			}
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%d\t%d\t%s\t%s\t%s\n", b.Section, b.Board, l.Round, l.Table,
				l.NS, l.EW, l.Contract, l.Declarer, tricksText(l), l.FromScore, l.ToScore,
				formatNumber(l.FromPoints), formatNumber(l.ToPoints), whyChanged(c.From, c.To, l))
		}
	}
	return tw.Flush()
}

// tricksText is a line's tricks, or "-" when it was not played.
func tricksText(l reports.LineComparison) string {
	if l.Status != string(tournament.StatusPlayed) {
		return "-"
	}
	return strconv.Itoa(l.Tricks)
}

// whyChanged says why a line's score differs: the items only one code
// scores.
func whyChanged(from, to string, l reports.LineComparison) string {
	var parts []string
	if len(l.OnlyFrom) > 0 {
		parts = append(parts, "only "+from+": "+strings.Join(l.OnlyFrom, "; "))
	}
	if len(l.OnlyTo) > 0 {
		parts = append(parts, "only "+to+": "+strings.Join(l.OnlyTo, "; "))
	}
	if len(parts) == 0 {
		return "the same items, adding up differently"
	}
	return strings.Join(parts, " | ")
}

// signed writes a number of places with its sign: "+3", "-2", "0".
func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// formatNumber writes points rounded to 2 decimals without trailing zeros.
func formatNumber(x float64) string {
	return strconv.FormatFloat(reports.RoundTo(x, 2), 'f', -1, 64)
}

// formatFixed writes a share or an average with 2 decimals.
func formatFixed(x float64) string {
	return strconv.FormatFloat(x, 'f', 2, 64)
}

// yesNo writes a bool as yes or no.
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// writeParTable prints the par report as text: per code the figures, then
// per board its par and how the tables fared.
func writeParTable(w io.Writer, d tournament.EventData, r reports.ParReport) error {
	fmt.Fprintf(w, "Par report: %s; %d boards analysed double dummy\n", describeEvent(d), r.Analysed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "\nlaw code\tresults\tat par\tmean from par\tcards' spread\ttables' spread\tcards' share\t")
	for _, c := range r.Codes {
		name := c.Law
		if c.Own {
			name += " (the event's)"
		}
		if c.NullosLeftOut {
			name += " (nullos left out)"
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\t%.0f\t%.0f\t%.1f%%\t\n", name, c.Results, c.AtPar, c.MeanFromPar, c.CardsSpread, c.TablesSpread, 100*c.CardsShare)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, c := range r.Codes {
		fmt.Fprintf(w, "\n%s, board by board:\n", c.Law)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "section\tboard\tpar (NS)\tcontracts\tresults\tat par\tmean from par")
		for _, b := range c.Boards {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%d\t%d\t%.1f\n", b.Section, b.Board, b.Par, strings.Join(b.Contracts, ", "), b.Results, b.AtPar, b.MeanFromPar)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}
