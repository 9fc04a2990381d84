package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/tournament"
)

// runRescore reads a USEBIO or PBN results file, scores every line again,
// compares and ranks it as traveler would, and prints the standings and
// travelers as JSON (the API's shape: api.EventResultsResponse) or as
// tables. Notes about the file (what traveler assumed, a score that differs
// from the recomputed one) go to stderr, and into the JSON. It exits 1 when
// the file cannot be read, 2 for bad arguments.
func runRescore(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rescore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "json", "output: json or table")
	var ff fileFlags
	ff.register(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler rescore FILE [--format json|table] [--method M] [--name N] [--date D] [--encoding E] [--strict]")
		fmt.Fprintln(stderr, "\nFILE is a USEBIO 1.2 or PBN results file (\"-\" reads stdin). Every score, comparison and")
		fmt.Fprintln(stderr, "ranking is worked out again from the traveler lines, exactly as traveler stores and ranks an event.")
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "traveler rescore: give one results file (got %d)\n", len(pos))
		fs.Usage()
		return 2
	}
	if *format != "json" && *format != "table" {
		fmt.Fprintf(stderr, "traveler rescore: --format %q: must be json or table\n", *format)
		return 2
	}
	opt, err := ff.options(pos[0], "")
	if err != nil {
		fmt.Fprintf(stderr, "traveler rescore: %v\n", err)
		return 2
	}
	rf, err := readResultsFile(pos[0], stdin, opt)
	if err != nil {
		fmt.Fprintf(stderr, "traveler rescore: %v\n", err)
		return 1
	}
	printNotes(stderr, "rescore", pos[0], rf.Notes)
	out := api.NewEventResultsResponse(rf.Event, rf)
	if *format == "table" {
		err = writeResultsTable(stdout, out)
	} else {
		err = writeJSON(stdout, out)
	}
	if err != nil {
		fmt.Fprintf(stderr, "traveler rescore: %v\n", err)
		return 1
	}
	return 0
}

// writeResultsTable writes each section's standings and every board's
// traveler as aligned columns.
func writeResultsTable(w io.Writer, r api.EventResultsResponse) error {
	bw := bufio.NewWriter(w)
	for i, sec := range r.Sections {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		st := sec.Standings
		method := tournament.Method(st.Method)
		fmt.Fprintf(bw, "%s, section %s\nScored %s, %s\n\n", r.Event.Name, sec.Name, st.Method, r.Event.Law)
		tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', tabwriter.AlignRight)
		who := "Pair"
		if method == tournament.MethodIMPTeams {
			who = "Team"
		}
		fmt.Fprintf(tw, "Place\t%s\tDir\tTotal\tPercent\tBoards\tPlayers\t\n", who)
		for _, p := range st.Pairs {
			pct := ""
			if method.HasPercentage() {
				pct = strconv.FormatFloat(p.Percentage, 'f', 2, 64)
			}
			who := p.Number
			if p.Name != "" {
				who = p.Name
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%.2f\t%s\t%d\t%s\t\n", p.Place, who, p.Direction, p.Total, pct, p.Boards, joinPlayers(p.Players))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		for _, t := range sec.Travelers {
			if len(t.Lines) == 0 {
				continue
			}
			fmt.Fprintf(bw, "\nBoard %d\n", t.Board.Number)
			fmt.Fprint(tw, "NS\tEW\tContract\tBy\tTricks\tScore\tNS points\tEW points\t\n")
			for _, l := range t.Lines {
				score, tricks := "-", ""
				switch tournament.Status(l.Status) {
				case tournament.StatusPlayed:
					score, tricks = strconv.Itoa(l.NSScore), strconv.Itoa(l.Tricks)
				case tournament.StatusPassedOut:
					score = "0"
				case tournament.StatusArtificial:
					score = fmt.Sprintf("A%d%%/%d%%", l.NSPercent, l.EWPercent)
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", l.NS, l.EW, l.Contract, l.Declarer, tricks, score, formatNumber(l.NSPoints), formatNumber(l.EWPoints))
			}
			if err := tw.Flush(); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// joinPlayers writes a pair's players "A & B".
func joinPlayers(ps []string) string {
	out := ""
	for i, p := range ps {
		if i > 0 {
			out += " & "
		}
		out += p
	}
	return out
}
