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

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// reportKinds are the reports `traveler report` prints.
var reportKinds = []string{"royalton", "laws"}

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
		fmt.Fprintln(stderr, "Usage: traveler report royalton|laws (--event ID [--section ID] [--session N] | --from FILE)")
		fmt.Fprintln(stderr, "                       [--to CODE|all] [--format table|json]")
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "  royalton  the Royalton test report: contracts made exactly, with overtricks, defeated;")
		fmt.Fprintln(stderr, "            strains, odd tricks, games, slams, doubles; per board the contracts reached")
		fmt.Fprintln(stderr, "  laws      the same played results scored under another law code (--to) or all of them:")
		fmt.Fprintln(stderr, "            per pair the places moved and Kendall's tau-b, per line what changed and why")
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

// printReport works the report out and prints it.
func printReport(w io.Writer, ra reportArgs, d tournament.EventData, from string) error {
	if ra.kind == "royalton" {
		rep := reports.Royalton(d)
		if ra.format == "json" {
			return writeJSON(w, royaltonJSONFor(d, from, rep))
		}
		return writeRoyaltonTable(w, d, rep)
	}
	cs, err := compareLaws(d, ra.to)
	if err != nil {
		return err
	}
	if ra.format == "json" {
		return writeJSON(w, lawsJSONFor(d, from, cs))
	}
	return writeLawsTable(w, d, cs)
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

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// reportEventJSON is the event a report is about.
type reportEventJSON struct {
	ID       int64               `json:"id,omitempty"`   // 0 (left out) for a results file
	From     string              `json:"from,omitempty"` // the results file read, when not the database
	Name     string              `json:"name"`
	Date     string              `json:"date"`
	Law      string              `json:"law"`
	Scoring  string              `json:"scoring"`
	Sections []reportSectionJSON `json:"sections"`
}

// reportSectionJSON is a section the report covers.
type reportSectionJSON struct {
	ID      int64  `json:"id,omitempty"`
	Name    string `json:"name"`
	Session int    `json:"session"`
}

// reportEventFor describes the event and the sections a report covers.
func reportEventFor(d tournament.EventData, from string) reportEventJSON {
	out := reportEventJSON{ID: d.Event.ID, From: from, Name: d.Event.Name, Date: d.Event.Date,
		Law: d.Event.Law.String(), Scoring: string(d.Event.Scoring), Sections: []reportSectionJSON{}}
	for _, sd := range d.Sections {
		out.Sections = append(out.Sections, reportSectionJSON{ID: sd.Section.ID, Name: sd.Section.Name, Session: sd.Section.Session})
	}
	return out
}

// royaltonJSON is the Royalton test report as JSON.
type royaltonJSON struct {
	Event          reportEventJSON     `json:"event"`
	Law            string              `json:"law"`
	Results        int                 `json:"results"`
	LeftOut        int                 `json:"left_out"`
	Unreadable     []notCountedJSON    `json:"unreadable"`
	PassedOut      int                 `json:"passed_out"`
	Contracts      int                 `json:"contracts"`
	Unlevelled     int                 `json:"unlevelled"`
	Exact          countJSON           `json:"made_exactly"`
	Overtricks     countJSON           `json:"made_with_overtricks"`
	Defeated       countJSON           `json:"defeated"`
	Strains        []strainJSON        `json:"strains"`
	OddTricksBid   float64             `json:"average_odd_tricks_bid"`
	OddTricksMade  float64             `json:"average_odd_tricks_made"`
	GameTrickScore int                 `json:"game_trick_score"`
	Games          outcomeJSON         `json:"games"`
	Slams          outcomeJSON         `json:"slams"`
	Doubled        outcomeJSON         `json:"doubled"`
	Redoubled      outcomeJSON         `json:"redoubled"`
	RoyalBids      *outcomeJSON        `json:"royal_bids"` // null when the law code has no royal bids
	Nullos         *outcomeJSON        `json:"nullos"`     // null when the law code has no nullo
	Boards         []boardContractJSON `json:"boards"`
}

// notCountedJSON is a result left out of a report, and why.
type notCountedJSON struct {
	Section string `json:"section"`
	Board   int    `json:"board"`
	Round   int    `json:"round"`
	Table   int    `json:"table"`
	Reason  string `json:"reason"`
}

// countJSON is a number of contracts and its share in percent.
type countJSON struct {
	N     int     `json:"n"`
	Share float64 `json:"share"`
}

// strainJSON is how often a strain was the final declaration.
type strainJSON struct {
	Strain string  `json:"strain"`
	N      int     `json:"n"`
	Share  float64 `json:"share"`
}

// outcomeJSON is how often a kind of contract was bid and how it ended.
type outcomeJSON struct {
	Bid      int `json:"bid"`
	Made     int `json:"made"`
	Defeated int `json:"defeated"`
}

// boardContractJSON is one board's contracts across the tables.
type boardContractJSON struct {
	Section   string         `json:"section"`
	Board     int            `json:"board"`
	Results   int            `json:"results"`
	Same      bool           `json:"same_contract_everywhere"`
	Contracts []contractJSON `json:"contracts"`
}

// contractJSON is one contract reached on a board and how many tables reached it.
type contractJSON struct {
	Contract string `json:"contract"`
	Side     string `json:"side"` // NS, EW, or "" when passed out
	Tables   int    `json:"tables"`
}

// royaltonJSONFor converts a Royalton report to its JSON form.
func royaltonJSONFor(d tournament.EventData, from string, r reports.RoyaltonReport) royaltonJSON {
	out := royaltonJSON{
		Event: reportEventFor(d, from), Law: r.Law, Results: r.Results, LeftOut: r.LeftOut,
		Unreadable: notCountedJSONFor(r.Unreadable), PassedOut: r.PassedOut, Contracts: r.Declared, Unlevelled: r.Unlevelled,
		Exact: countJSONFor(r.Exact), Overtricks: countJSONFor(r.Overtricks), Defeated: countJSONFor(r.Defeated),
		Strains: []strainJSON{}, OddTricksBid: r.OddBid, OddTricksMade: r.OddMade, GameTrickScore: r.GameAt,
		Games: outcomeJSONFor(r.Games), Slams: outcomeJSONFor(r.Slams), Doubled: outcomeJSONFor(r.Doubled), Redoubled: outcomeJSONFor(r.Redoubled),
		Boards: []boardContractJSON{},
	}
	royal, nullo := lawHasRoyalNullo(r.Law)
	if royal {
		o := outcomeJSONFor(r.Royal)
		out.RoyalBids = &o
	}
	if nullo {
		o := outcomeJSONFor(r.Nullo)
		out.Nullos = &o
	}
	for _, s := range r.Strains {
		out.Strains = append(out.Strains, strainJSON{Strain: s.Strain, N: s.N, Share: s.Share})
	}
	for _, b := range r.Boards {
		bj := boardContractJSON{Section: b.Section, Board: b.Board, Results: b.Results, Same: b.Same, Contracts: []contractJSON{}}
		for _, c := range b.Contracts {
			bj.Contracts = append(bj.Contracts, contractJSON{Contract: c.Contract, Side: c.Side, Tables: c.N})
		}
		out.Boards = append(out.Boards, bj)
	}
	return out
}

// countJSONFor converts a count of contracts.
func countJSONFor(c reports.Count) countJSON { return countJSON{N: c.N, Share: c.Share} }

// outcomeJSONFor converts how a kind of contract ended.
func outcomeJSONFor(o reports.Outcome) outcomeJSON {
	return outcomeJSON{Bid: o.Bid, Made: o.Made, Defeated: o.Defeated}
}

// notCountedJSONFor converts results left out of a report; never nil.
func notCountedJSONFor(ns []reports.NotCounted) []notCountedJSON {
	out := make([]notCountedJSON, 0, len(ns))
	for _, n := range ns {
		out = append(out, notCountedJSON{Section: n.Section, Board: n.Board, Round: n.Round, Table: n.Table, Reason: n.Reason})
	}
	return out
}

// lawHasRoyalNullo tells whether a law code (by name) has royal bids
// (royal-auction-1913's royal spades, royalton-1915's royal bid in any
// strain) and nullo contracts.
func lawHasRoyalNullo(name string) (royal, nullo bool) {
	l, err := scoring.ParseLaw("law", name)
	if err != nil {
		return false, false
	}
	rules := scoring.NewRules(l)
	strains := rules.Strains()
	return l == scoring.Royalton1915 || slices.Contains(strains, scoring.RoyalSpades), slices.Contains(strains, scoring.Nullo)
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
	royal, nullo := lawHasRoyalNullo(r.Law)
	if royal {
		outcome("royal bids", r.Royal)
	}
	if nullo {
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

// lawsJSON is the law-code comparison as JSON.
type lawsJSON struct {
	Event       reportEventJSON     `json:"event"`
	Comparisons []lawComparisonJSON `json:"comparisons"`
}

// lawComparisonJSON is the event's results under its own code and one other.
type lawComparisonJSON struct {
	From          string                `json:"from"`
	To            string                `json:"to"`
	Fields        []fieldComparisonJSON `json:"fields"`
	Boards        []boardComparisonJSON `json:"boards"`
	ChangedLines  int                   `json:"changed_lines"`
	NotComparable []notCountedJSON      `json:"not_comparable"`
}

// fieldComparisonJSON is one field's standings under both codes.
type fieldComparisonJSON struct {
	Section       string         `json:"section"`
	Direction     string         `json:"direction"`      // NS or EW in a two-winner Mitchell, else ""
	KendallTauB   *float64       `json:"kendall_tau_b"`  // null when undefined
	Pairs         []pairMoveJSON `json:"pairs"`          // by place under from
	LargestGains  []pairMoveJSON `json:"largest_gains"`  // most places first
	LargestLosses []pairMoveJSON `json:"largest_losses"` // most places first
}

// pairMoveJSON is one pair's or team's place and total under both codes.
type pairMoveJSON struct {
	Number         string   `json:"number"`
	Direction      string   `json:"direction"`
	Players        []string `json:"players"`
	FromPlace      int      `json:"from_place"`
	ToPlace        int      `json:"to_place"`
	PlacesGained   int      `json:"places_gained"`
	FromTotal      float64  `json:"from_total"`
	ToTotal        float64  `json:"to_total"`
	FromPercentage *float64 `json:"from_percentage,omitempty"` // matchpoint methods only
	ToPercentage   *float64 `json:"to_percentage,omitempty"`   // matchpoint methods only
}

// boardComparisonJSON is one board's traveler under both codes.
type boardComparisonJSON struct {
	Section string               `json:"section"`
	Board   int                  `json:"board"`
	Lines   []lineComparisonJSON `json:"lines"`
}

// lineComparisonJSON is one traveler line under both codes and why its
// score changed.
type lineComparisonJSON struct {
	Round      int      `json:"round"`
	Table      int      `json:"table"`
	NS         string   `json:"ns"`
	EW         string   `json:"ew"`
	Status     string   `json:"status"`
	Contract   string   `json:"contract"`
	Declarer   string   `json:"declarer"`
	Tricks     *int     `json:"tricks"` // null when not played
	FromScore  int      `json:"from_score"`
	ToScore    int      `json:"to_score"`
	FromPoints float64  `json:"from_points"`
	ToPoints   float64  `json:"to_points"`
	Changed    bool     `json:"changed"`
	FromLines  []string `json:"from_lines"`
	ToLines    []string `json:"to_lines"`
	OnlyFrom   []string `json:"only_from"` // items only the event's code scores
	OnlyTo     []string `json:"only_to"`   // items only the other code scores
}

// lawsJSONFor converts law comparisons to their JSON form.
func lawsJSONFor(d tournament.EventData, from string, cs []reports.LawComparison) lawsJSON {
	out := lawsJSON{Event: reportEventFor(d, from), Comparisons: []lawComparisonJSON{}}
	pct := hasPercentages(d.Event.Scoring)
	for _, c := range cs {
		cj := lawComparisonJSON{From: c.From, To: c.To, Fields: []fieldComparisonJSON{}, Boards: []boardComparisonJSON{},
			NotComparable: notCountedJSONFor(c.NotComparable)}
		for _, f := range c.Fields {
			cj.Fields = append(cj.Fields, fieldJSONFor(f, pct))
		}
		for _, b := range c.Boards {
			bj := boardComparisonJSON{Section: b.Section, Board: b.Board, Lines: []lineComparisonJSON{}}
			for _, l := range b.Lines {
				bj.Lines = append(bj.Lines, lineJSONFor(l))
				if l.Changed {
					cj.ChangedLines++
				}
			}
			cj.Boards = append(cj.Boards, bj)
		}
		out.Comparisons = append(out.Comparisons, cj)
	}
	return out
}

// fieldJSONFor converts one field's comparison; pct says whether the
// method's standings have percentages.
func fieldJSONFor(f reports.FieldComparison, pct bool) fieldComparisonJSON {
	moves := func(ps []reports.PairMove) []pairMoveJSON {
		out := make([]pairMoveJSON, 0, len(ps))
		for _, p := range ps {
			pj := pairMoveJSON{Number: p.Number, Direction: p.Direction, Players: nonNil(p.Players),
				FromPlace: p.FromPlace, ToPlace: p.ToPlace, PlacesGained: p.Move, FromTotal: p.FromTotal, ToTotal: p.ToTotal}
			if pct {
				pj.FromPercentage, pj.ToPercentage = &p.FromPct, &p.ToPct
			}
			out = append(out, pj)
		}
		return out
	}
	fj := fieldComparisonJSON{Section: f.Section, Direction: f.Direction,
		Pairs: moves(f.Pairs), LargestGains: moves(f.Gains), LargestLosses: moves(f.Losses)}
	if f.TauDefined {
		tau := f.Tau
		fj.KendallTauB = &tau
	}
	return fj
}

// lineJSONFor converts one line's comparison.
func lineJSONFor(l reports.LineComparison) lineComparisonJSON {
	lj := lineComparisonJSON{Round: l.Round, Table: l.Table, NS: l.NS, EW: l.EW, Status: l.Status,
		Contract: l.Contract, Declarer: l.Declarer, FromScore: l.FromScore, ToScore: l.ToScore,
		FromPoints: l.FromPoints, ToPoints: l.ToPoints, Changed: l.Changed,
		FromLines: nonNil(l.FromLines), ToLines: nonNil(l.ToLines), OnlyFrom: nonNil(l.OnlyFrom), OnlyTo: nonNil(l.OnlyTo)}
	if l.Status == string(tournament.StatusPlayed) {
		tricks := l.Tricks
		lj.Tricks = &tricks
	}
	return lj
}

// nonNil returns s, or an empty list for nil (JSON [] rather than null).
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// hasPercentages tells whether a method's standings carry percentages.
func hasPercentages(m tournament.Method) bool {
	return m == tournament.MethodMP || m == tournament.MethodMPACBL
}

// writeLawsTable prints each comparison as text: the results not
// comparable, each field's standings under both codes with the largest
// moves and Kendall's tau-b, then the lines whose score changed and why.
func writeLawsTable(w io.Writer, d tournament.EventData, cs []reports.LawComparison) error {
	fmt.Fprintf(w, "Law-code comparison: %s\n", describeEvent(d))
	pct := hasPercentages(d.Event.Scoring)
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
