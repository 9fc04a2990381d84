package reports

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"github.com/traveler-bridge/traveler/tournament"
)

// csvNumber prints points or a percentage with two decimals.
func csvNumber(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// csvCell is one cell of a CSV row: text (names, section and pair numbers
// as people typed them, contracts, free text), which csvInert makes inert,
// or a figure we formatted ourselves (a place, a score such as -620, points),
// written as it is so that a spreadsheet still reads it as a number. The
// field decides which, never the first character alone.
type csvCell struct {
	s      string
	figure bool
}

// csvText is a text cell, made inert by csvInert when it is written.
func csvText(s string) csvCell { return csvCell{s: s} }

// csvFigure is a cell holding a number we printed, written as it is.
func csvFigure(s string) csvCell { return csvCell{s: s, figure: true} }

// csvInert is the one rule for text in every CSV we write: a cell that a
// spreadsheet program would take for a formula — one starting with =, +, -,
// @, a tab or a carriage return (OWASP, "CSV Injection":
// https://owasp.org/www-community/attacks/CSV_Injection) — gets a leading
// apostrophe, which spreadsheets read as "this is text" and hide; any
// other text is left as it is.
func csvInert(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// csvWriter writes rows of cells, text made inert, figures as they are:
// every CSV writer in this package writes through it.
type csvWriter struct {
	cw  *csv.Writer
	row []string
}

// newCSVWriter writes CSV to w.
func newCSVWriter(w io.Writer) *csvWriter { return &csvWriter{cw: csv.NewWriter(w)} }

// header writes the header row (our own column names).
func (w *csvWriter) header(names ...string) error { return w.cw.Write(names) }

// write writes one row of cells.
func (w *csvWriter) write(cells ...csvCell) error {
	w.row = w.row[:0]
	for _, c := range cells {
		if c.figure {
			w.row = append(w.row, c.s)
		} else {
			w.row = append(w.row, csvInert(c.s))
		}
	}
	return w.cw.Write(w.row)
}

// flush writes what is buffered and reports the first error of any write.
func (w *csvWriter) flush() error {
	w.cw.Flush()
	return w.cw.Error()
}

// WriteStandingsCSV writes every section's standings as CSV: a header row,
// then a row per pair or team, section by section, by direction and place.
// Beside the players' names, "membership_numbers" gives their numbers in the
// same order and with the same " & " between them (an empty place for a
// player without one; empty when none has one), as a club's records or a
// masterpoint return take them. The percentage is empty for methods that
// have none. An event with a graded section has the grading columns too
// (grading.go): stratum, strata_places ("A 3, B 2, C 1"), handicap, net,
// scratch_place; place is then the place by net.
func WriteStandingsCSV(w io.Writer, d tournament.EventData) error {
	cw := newCSVWriter(w)
	if err := cw.header(append([]string{"section", "direction", "place", "number", "name", "players", "membership_numbers", "score", "percentage", "boards"},
		gradingColumns(&d, true)...)...); err != nil {
		return fmt.Errorf("csv: standings header: %w", err)
	}
	for i := range d.Sections {
		sd := &d.Sections[i]
		who := newStandingPlayers(sd)
		for _, st := range sd.Standings.Pairs {
			pct := ""
			if d.Event.Scoring.HasPercentage() {
				pct = csvNumber(st.Percentage)
			}
			names, numbers := who.columns(&st)
			row := append([]csvCell{csvText(sd.Section.Name), csvText(st.Direction), csvFigure(strconv.Itoa(st.Place)), csvText(st.Number), csvText(st.Name),
				csvText(names), csvText(numbers), csvFigure(csvNumber(st.Total)), csvFigure(pct), csvFigure(strconv.Itoa(st.Boards))},
				gradingCSV(gradingCells(&d, &sd.Section.Grading, &st))...)
			if err := cw.write(row...); err != nil {
				return fmt.Errorf("csv: standings of section %s, pair %s: %w", sd.Section.Name, st.Number, err)
			}
		}
	}
	if err := cw.flush(); err != nil {
		return fmt.Errorf("csv: standings: %w", err)
	}
	return nil
}

// WriteTravelersCSV writes every traveler line as CSV: a header row, then a
// row per line, section by section and board by board, with the board's
// dealer and vulnerability, the line's seats, contract, tricks, NS score
// (empty without one) and the points each side earned.
func WriteTravelersCSV(w io.Writer, d tournament.EventData) error {
	cw := newCSVWriter(w)
	if err := cw.header("section", "board", "dealer", "vulnerability", "round", "table", "ns", "ew", "status", "contract", "declarer", "tricks", "ns_score", "ns_points", "ew_points"); err != nil {
		return fmt.Errorf("csv: travelers header: %w", err)
	}
	for _, sd := range d.Sections {
		for _, t := range sd.Travelers {
			for _, l := range t.Lines {
				r := &l.Result
				score, tr := "", ""
				if hasScore(r) {
					score = strconv.Itoa(r.NSScore)
				}
				if v, ok := tricks(r).(int); ok {
					tr = strconv.Itoa(v)
				}
				contract := contractText(r)
				if err := cw.write(csvText(sd.Section.Name), csvFigure(strconv.Itoa(t.Board.Number)), csvText(t.Board.Dealer.String()), csvText(t.Board.Vulnerability.String()),
					csvFigure(strconv.Itoa(r.Round)), csvFigure(strconv.Itoa(r.Table)), csvText(r.NS), csvText(r.EW), csvText(string(r.Status)), csvText(contract), csvText(r.Declarer), csvFigure(tr), csvFigure(score),
					csvFigure(csvNumber(l.NSPoints)), csvFigure(csvNumber(l.EWPoints))); err != nil {
					return fmt.Errorf("csv: traveler of section %s, board %d, round %d, table %d: %w", sd.Section.Name, t.Board.Number, r.Round, r.Table, err)
				}
			}
		}
	}
	if err := cw.flush(); err != nil {
		return fmt.Errorf("csv: travelers: %w", err)
	}
	return nil
}
