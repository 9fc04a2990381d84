package reports

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// overallIsIn is what a file that cannot say an event's overall ranking
// (USEBIO 1.2 as traveler writes it, PBN 2.1) says of where it is.
const overallIsIn = "the overall ranking of every section and session is in overall.csv and the workbook, report.xlsx"

// WriteOverallCSV writes the event's overall ranking (every session and
// section ranked together as its overall options say,
// tournament.OverallStandings) as CSV: a header row, then a row per
// partnership or team by field and place, with where it played and what it
// scored in each session (empty where it did not play); where every
// section is graded the same way, the grading columns (gradingHeader) of
// the overall ranking graded so, place then the place by net.
func WriteOverallCSV(w io.Writer, d tournament.EventData) error {
	if err := d.NoOverall(); err != nil {
		return err
	}
	o := d.Overall()
	cw := newCSVWriter(w)
	header := []string{"direction", "place", "players", "name", "total", "percentage", "boards"}
	for _, s := range o.Sessions {
		n := "session_" + strconv.Itoa(s) + "_"
		header = append(header, n+"section", n+"number", n+"direction", n+"points", n+"percentage", n+"boards")
	}
	g := &o.Grading
	header = append(header, gradingHeader(g.Stratified(), g.Handicapped(), true)...)
	if err := cw.header(header...); err != nil {
		return fmt.Errorf("csv: overall header: %w", err)
	}
	pct := func(v float64) string {
		if d.Event.Scoring.HasPercentage() {
			return csvNumber(v)
		}
		return ""
	}
	for _, e := range o.Entries {
		row := []csvCell{csvText(e.Direction), csvFigure(strconv.Itoa(e.Place)), csvText(strings.Join(e.Players, " & ")), csvText(e.Name),
			csvFigure(csvNumber(e.Total)), csvFigure(pct(e.Percentage)), csvFigure(strconv.Itoa(e.Boards))}
		for _, s := range e.Sessions {
			if s.Number == "" {
				row = append(row, csvText(""), csvText(""), csvText(""), csvFigure(""), csvFigure(""), csvFigure(""))
				continue
			}
			row = append(row, csvText(s.Section), csvText(s.Number), csvText(s.Direction), csvFigure(csvNumber(s.Points)),
				csvFigure(pct(s.Percentage)), csvFigure(strconv.Itoa(s.Boards)))
		}
		row = append(row, gradingCSV(gradeCells(g.Stratified(), g.Handicapped(), g, &e.Grade))...)
		if err := cw.write(row...); err != nil {
			return fmt.Errorf("csv: overall, place %d: %w", e.Place, err)
		}
	}
	if err := cw.flush(); err != nil {
		return fmt.Errorf("csv: overall: %w", err)
	}
	return nil
}
