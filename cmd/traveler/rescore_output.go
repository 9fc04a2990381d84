package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/traveler-bridge/traveler/reports"
)

// writeRescoreJSON writes the result in the shape other tools read
// (issue 3, section 4), keys in that order, one pair or line to a row:
//
//	{"event": "...", "method": "MP|BUTLER|CROSS_IMP|IMP_TEAMS",
//	 "pairs": [{"number", "direction", "total", "percentage", "place"}],
//	 "lines": [{"board", "ns", "ew", "score", "ns_points", "ew_points"}]}
//
// score is null on a line with an artificial score or no result; points
// are rounded to 2 decimals.
func writeRescoreJSON(w io.Writer, r *rescored) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `{"event": %s, "method": %s,`+"\n", jsonString(r.event), jsonString(string(r.method)))
	bw.WriteString(` "pairs": [`)
	for i, p := range r.pairs {
		if i > 0 {
			bw.WriteByte(',')
		}
		fmt.Fprintf(bw, "\n  {\"number\": %s, \"direction\": %s, \"total\": %s, \"percentage\": %s, \"place\": %s}",
			jsonString(p.number), jsonString(p.direction), jsonNumber(p.total), jsonNumber(p.percentage), jsonString(strconv.Itoa(p.place)))
	}
	bw.WriteString("],\n \"lines\": [")
	for i, l := range r.lines {
		if i > 0 {
			bw.WriteByte(',')
		}
		score := "null"
		if l.hasScore {
			score = strconv.Itoa(l.score)
		}
		fmt.Fprintf(bw, "\n  {\"board\": %d, \"ns\": %s, \"ew\": %s, \"score\": %s, \"ns_points\": %s, \"ew_points\": %s}",
			l.board, jsonString(l.ns), jsonString(l.ew), score, jsonNumber(l.nsPoints), jsonNumber(l.ewPoints))
	}
	bw.WriteString("]}\n")
	return bw.Flush()
}

// jsonString returns s as a JSON string.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// jsonNumber returns x rounded to 2 decimals as a JSON number, without a
// negative zero.
func jsonNumber(x float64) string {
	x = reports.RoundTo(x, 2)
	if x == 0 {
		x = 0
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// methodNames says each method in words for the table's heading.
var methodNames = map[rescoreMethod]string{
	methodMP:       "matchpoints",
	methodButler:   "Butler IMPs",
	methodCrossIMP: "cross-IMPs",
	methodTeams:    "IMPs, two-room team matches",
}

// writeRescoreTable writes the standings and every board's traveler as
// aligned columns.
func writeRescoreTable(w io.Writer, r *rescored) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s\nScored by %s (%s)\n\n", r.event, methodNames[r.method], r.method)
	tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', tabwriter.AlignRight)
	who := "Pair"
	if r.method == methodTeams {
		who = "Team"
	}
	fmt.Fprintf(tw, "Place\t%s\tDir\tTotal\tPercent\tBoards\t\n", who)
	for _, p := range r.pairs {
		pct := ""
		if r.method == methodMP {
			pct = fmt.Sprintf("%.2f", p.percentage)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%.2f\t%s\t%d\t\n", p.place, p.number, p.direction, p.total, pct, p.played)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	board := -1
	for _, l := range r.lines {
		if l.board != board {
			if board >= 0 {
				if err := tw.Flush(); err != nil {
					return err
				}
			}
			board = l.board
			fmt.Fprintf(bw, "\nBoard %d\n", board)
			fmt.Fprint(tw, "NS\tEW\tScore\tNS points\tEW points\t\n")
		}
		score := "-"
		if l.hasScore {
			score = strconv.Itoa(l.score)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", l.ns, l.ew, score, jsonNumber(l.nsPoints), jsonNumber(l.ewPoints))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return bw.Flush()
}
