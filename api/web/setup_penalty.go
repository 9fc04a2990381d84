package web

import (
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// Procedural penalties (issue 26 §2, WBF Laws 2017 Law 90): the section
// page's form that gives one (Service.GivePenalty), its list with a
// button that lifts each (Service.LiftPenalty), and the notes the
// standings pages print under their tables.

// penaltyRoutes adds the section page's penalty forms.
func (p *Pages) penaltyRoutes(d *echo.Group) {
	d.POST("/sections/:id/penalties", p.givePenalty)
	d.POST("/sections/:id/penalties/:pid/lift", p.liftPenalty)
}

// unitWords names a penalty's unit for the form (tournament.PenaltyUnit.Words).
func unitWords(u string) string {
	return tournament.PenaltyUnit(u).Words()
}

// givePenalty gives the pair or team chosen a procedural penalty from the
// section page's form: number ("3 NS" or "3"), amount, unit, reason, board.
func (p *Pages) givePenalty(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.sectionPageError(c, nil, err)
	}
	form := formValues(c)
	number, dir, _ := strings.Cut(strings.TrimSpace(form["number"]), " ")
	pen := tournament.Penalty{Number: number, Direction: strings.TrimSpace(dir), Unit: tournament.PenaltyUnit(form["unit"]), Reason: form["reason"]}
	if raw := strings.TrimSpace(form["amount"]); raw != "" {
		if pen.Amount, err = strconv.ParseFloat(raw, 64); err != nil {
			return p.sectionPageError(c, form, tournament.Invalidf("amount", strconv.Quote(raw)+": write the penalty as a number, e.g. 25"))
		}
	}
	if raw := strings.TrimSpace(form["board"]); raw != "" {
		if pen.Board, err = strconv.Atoi(raw); err != nil {
			return p.sectionPageError(c, form, tournament.Invalidf("board", strconv.Quote(raw)+": a board number, or nothing"))
		}
	}
	given, err := p.svc.GivePenalty(c.Request().Context(), actor(c), id, pen)
	if err != nil {
		return p.sectionPageError(c, form, err)
	}
	return redirect(c, sectionPath(id), "Penalty given: "+penaltyNote(given))
}

// liftPenalty takes a penalty back from the section page's list.
func (p *Pages) liftPenalty(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.sectionPageError(c, nil, err)
	}
	pid, err := pathID(c, "pid")
	if err != nil {
		return p.sectionPageError(c, nil, err)
	}
	if err := p.svc.LiftPenalty(c.Request().Context(), actor(c), id, pid); err != nil {
		return p.sectionPageError(c, nil, err)
	}
	return redirect(c, sectionPath(id), "Penalty lifted: the total is given back")
}

// penaltyNote says a penalty in a line: "3 NS: 25 % of a top, slow play
// (board 7)".
func penaltyNote(pen tournament.Penalty) string {
	return pen.Words()
}

// penaltyNotes lists the penalties of standings, each with what it took
// off the total: the notes under a standings table.
func penaltyNotes(pairs []tournament.Standing, direction string) []string {
	var out []string
	for _, s := range pairs {
		if direction != "" && s.Direction != direction {
			continue
		}
		for i, pen := range s.Penalties {
			note := penaltyNote(pen)
			if i == len(s.Penalties)-1 {
				note += " — " + strconv.FormatFloat(s.Penalty, 'f', -1, 64) + " off the total"
			}
			out = append(out, note)
		}
	}
	return out
}
