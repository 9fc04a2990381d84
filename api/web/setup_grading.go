package web

import (
	"math"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// The director's strata and handicaps (issue 25 §5): the section page's
// form of the section's strata and handicap option, its box for a table of
// player numbers pasted or uploaded, and the stratum and handicap on each
// pair's and team's page. Each calls the Service (SetGrading,
// GradeFromPlayers, UpdatePair, UpdateTeam), which checks them.

// gradingRoutes adds the section page's two grading forms.
func (p *Pages) gradingRoutes(d *echo.Group) {
	d.POST("/sections/:id/grading", p.setGrading)
	d.POST("/sections/:id/grading/players", p.gradePlayers)
}

// gradingRows is how many strata the form offers (tournament.MaxStrata).
const gradingRows = tournament.MaxStrata

// gradingForm is the grading form filled from a section's grading:
// stratum_name_i and stratum_below_i for each row, and handicap.
func gradingForm(g *tournament.Grading) map[string]string {
	f := map[string]string{"handicap": g.Handicap}
	for i, s := range g.Strata {
		f["stratum_name_"+strconv.Itoa(i)] = s.Name
		if s.Below > 0 {
			f["stratum_below_"+strconv.Itoa(i)] = strconv.FormatFloat(s.Below, 'f', -1, 64)
		}
	}
	return f
}

// gradingFrom reads the grading form: the strata in the rows written (an
// empty row ends them), the handicap option. A limit that is not a number
// is refused naming its row's field as the Service names it.
func gradingFrom(form map[string]string) (tournament.Grading, error) {
	g := tournament.Grading{Handicap: strings.TrimSpace(form["handicap"])}
	for i := range gradingRows {
		name := strings.TrimSpace(form["stratum_name_"+strconv.Itoa(i)])
		below := strings.TrimSpace(form["stratum_below_"+strconv.Itoa(i)])
		if name == "" && below == "" {
			continue
		}
		s := tournament.Stratum{Name: name}
		if below != "" {
			v, err := strconv.ParseFloat(below, 64)
			if err != nil || math.IsInf(v, 0) {
				return g, tournament.Invalidf("grading.strata["+strconv.Itoa(len(g.Strata))+"].below", strconv.Quote(below)+": write the masterpoints as a number, e.g. 500")
			}
			s.Below = v
		}
		g.Strata = append(g.Strata, s)
	}
	return g, nil
}

// gradingError shows the section page again with err, the grading forms
// keeping what was sent.
func (p *Pages) gradingError(c echo.Context, form map[string]string, err error) error {
	d, rerr := p.sectionPageData(c)
	if rerr != nil {
		return p.renderError(c, "section_page.html", View{Title: "Section"}, rerr)
	}
	d.GradingForm = form
	return p.renderError(c, "section_page.html", View{Title: sectionTitle(d), Data: d, Form: form}, err)
}

// setGrading stores the section's strata and handicap option.
func (p *Pages) setGrading(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.sectionPageError(c, nil, err)
	}
	form := formValues(c)
	g, err := gradingFrom(form)
	if err != nil {
		return p.gradingError(c, form, err)
	}
	sec, err := p.svc.SetGrading(c.Request().Context(), actor(c), id, g)
	if err != nil {
		return p.gradingError(c, form, err)
	}
	return redirect(c, sectionPath(sec.ID), gradingWords(&sec.Grading))
}

// gradingWords says what a section's grading is now.
func gradingWords(g *tournament.Grading) string {
	var parts []string
	if g.Stratified() {
		parts = append(parts, "strata "+strings.Join(g.Names(), ", "))
	}
	switch g.Handicap {
	case tournament.HandicapPercent:
		parts = append(parts, "a handicap in percent")
	case tournament.HandicapPoints:
		parts = append(parts, "a handicap in points")
	}
	if len(parts) == 0 {
		return "No strata and no handicap: the standings rank the whole field only"
	}
	return "Saved: " + strings.Join(parts, " and ")
}

// gradePlayers grades every pair (team) from the table of player numbers
// pasted in the box or uploaded as a file, one player a line.
func (p *Pages) gradePlayers(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.sectionPageError(c, nil, err)
	}
	ctx, a := c.Request().Context(), actor(c)
	form := formValues(c)
	text, err := typedAndFile(c, form["grades_text"], "grades_file", "player numbers", `"12345 850"`)
	if err != nil {
		return p.gradingError(c, form, err)
	}
	sec, err := p.svc.Section(ctx, a, id)
	if err != nil {
		return p.gradingError(c, form, err)
	}
	table, err := tournament.ParseGradeTable(text, &sec.Grading)
	if err == nil && len(table) == 0 {
		err = tournament.Invalidf("players", "paste the table of player numbers, one player a line, or upload it as a file")
	}
	if err != nil {
		return p.gradingError(c, form, err)
	}
	g, err := p.svc.GradeFromPlayers(ctx, a, id, table)
	if err != nil {
		return p.gradingError(c, form, err)
	}
	done := "Graded " + strconv.Itoa(len(g.Pairs)+len(g.Teams)) + " of " + strconv.Itoa(len(g.Pairs)+len(g.Teams)+len(g.Ungraded))
	if len(g.Ungraded) > 0 {
		done += "; left as they were: " + strings.Join(g.Ungraded, "; ")
	}
	return redirect(c, sectionPath(sec.ID), done)
}

// gradeFrom reads a pair's or team's stratum and handicap from its page's
// form (stratum, handicap), each nil when the form has no such field (a
// section without strata, or without handicaps).
func gradeFrom(form map[string]string, g *tournament.Grading) (stratum *string, handicap *float64, err error) {
	if g.Stratified() {
		s := strings.TrimSpace(form["stratum"])
		stratum = &s
	}
	if g.Handicapped() {
		h := 0.0
		if s := strings.TrimSpace(form["handicap"]); s != "" {
			if h, err = strconv.ParseFloat(s, 64); err != nil || math.IsInf(h, 0) {
				return nil, nil, tournament.Invalidf("handicap", strconv.Quote(s)+": write the handicap as a number, e.g. -2.5 or 3")
			}
		}
		handicap = &h
	}
	return stratum, handicap, nil
}
