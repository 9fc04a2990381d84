package reports

import (
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// OverallSheet is the workbook's sheet of an event's overall ranking: each
// partnership's (team's) place, total and percentage, then where it played
// and what it scored in each session.
func OverallSheet(o tournament.Overall) Sheet {
	sh := Sheet{Name: "Overall", Header: []string{"Place", "Direction", "Players", "Total", "Percentage", "Boards"}}
	for _, s := range o.Sessions {
		n := "Session " + strconv.Itoa(s)
		sh.Header = append(sh.Header, n, n+" points", n+" %")
	}
	g := &o.Grading
	sh.Header = append(sh.Header, gradingHeader(g.Stratified(), g.Handicapped(), false)...)
	for _, e := range o.Entries {
		who := strings.Join(e.Players, " & ")
		if e.Name != "" {
			who = e.Name
		}
		row := []any{e.Place, e.Direction, who, e.Total, e.Percentage, e.Boards}
		for _, s := range e.Sessions {
			if s.Boards == 0 && s.Number == "" {
				row = append(row, "", nil, nil)
				continue
			}
			row = append(row, strings.TrimSpace(s.Section+" "+s.Number+" "+s.Direction), s.Points, s.Percentage)
		}
		row = append(row, gradeCells(g.Stratified(), g.Handicapped(), g, &e.Grade)...)
		sh.Rows = append(sh.Rows, row)
	}
	return sh
}
