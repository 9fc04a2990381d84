package web

import (
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// A director's correction of a line's points on the director's traveler
// (issue 26 §2; Service.CorrectPoints and Service.LiftCorrection): the form
// that sets one side's points of one line with its reason, and a button on
// each corrected side that lifts it.

// correctionRoutes adds the traveler's correction forms.
func (p *Pages) correctionRoutes(d *echo.Group) {
	d.POST("/sections/:id/travelers/:board/corrections", p.postCorrection)
	d.POST("/sections/:id/travelers/:board/corrections/lift", p.liftCorrection)
}

// postCorrection sets the points of one side of one line of the board from
// the form: line ("round/table"), side, points and reason.
func (p *Pages) postCorrection(c echo.Context) error {
	id, board, err := travelerParams(c)
	if err != nil {
		return p.showDirectorTraveler(c, 0, View{}, err)
	}
	pc := tournament.PointCorrection{Board: board, Side: c.FormValue("side"), Reason: c.FormValue("reason")}
	if pc.Round, pc.Table, err = lineField(c.FormValue("line")); err != nil {
		return p.showDirectorTraveler(c, 0, View{}, err)
	}
	raw := strings.TrimSpace(strings.ReplaceAll(c.FormValue("points"), "−", "-"))
	if pc.Points, err = strconv.ParseFloat(raw, 64); err != nil {
		return p.showDirectorTraveler(c, 0, View{}, tournament.Invalidf("points", strconv.Quote(c.FormValue("points"))+": write the side's points as a number, e.g. 2 or 2.5"))
	}
	set, err := p.svc.CorrectPoints(c.Request().Context(), actor(c), id, pc)
	if err != nil {
		return p.showDirectorTraveler(c, 0, View{}, err)
	}
	return redirect(c, travelerPath(id, board), "Points set: "+correctionNote(set))
}

// liftCorrection takes the director's figure off one side of one line:
// the comparison's points stand again.
func (p *Pages) liftCorrection(c echo.Context) error {
	id, board, err := travelerParams(c)
	if err != nil {
		return p.showDirectorTraveler(c, 0, View{}, err)
	}
	round, table, err := lineField(c.FormValue("line"))
	if err != nil {
		return p.showDirectorTraveler(c, 0, View{}, err)
	}
	side := c.FormValue("side")
	if err := p.svc.LiftCorrection(c.Request().Context(), actor(c), id, board, round, table, side); err != nil {
		return p.showDirectorTraveler(c, 0, View{}, err)
	}
	return redirect(c, travelerPath(id, board), "Correction lifted: round "+strconv.Itoa(round)+", table "+strconv.Itoa(table)+" "+side+" has the comparison's points again")
}

// lineField reads the form's line, "round/table".
func lineField(s string) (round, table int, err error) {
	r, t, ok := strings.Cut(s, "/")
	round, err1 := strconv.Atoi(r)
	table, err2 := strconv.Atoi(t)
	if !ok || err1 != nil || err2 != nil || round < 1 || table < 1 {
		return 0, 0, tournament.Invalidf("line", "choose the round and table whose points are set")
	}
	return round, table, nil
}

// correctionNote says a correction in a line: "round 3, table 2 NS: 2
// (score misread)".
func correctionNote(pc tournament.PointCorrection) string {
	return "round " + strconv.Itoa(pc.Round) + ", table " + strconv.Itoa(pc.Table) + " " + pc.Side + ": " +
		strconv.FormatFloat(scoring.Round2(pc.Points), 'f', -1, 64) + " (" + pc.Reason + ")"
}

// boardCorrections lists a section's corrections of board b, for the
// traveler's lift buttons.
func boardCorrections(sec *tournament.Section, b int) []tournament.PointCorrection {
	var out []tournament.PointCorrection
	for _, pc := range sec.Corrections {
		if pc.Board == b {
			out = append(out, pc)
		}
	}
	return out
}
