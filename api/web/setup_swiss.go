package web

import (
	"errors"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// swissRoutes adds the director's Swiss page: the standings, the rounds
// released, the next round's draft pairing, and the forms that pair it,
// swap two teams in it and release it (tournament/swiss.go).
func (p *Pages) swissRoutes(d *echo.Group) {
	d.GET("/sections/:id/swiss", p.swissPage)
	d.POST("/sections/:id/swiss/pair", p.pairSwiss)
	d.POST("/sections/:id/swiss/swap", p.swapSwiss)
	d.POST("/sections/:id/swiss/replace", p.replaceSwiss)
	d.POST("/sections/:id/swiss/release", p.releaseSwiss)
}

// swissPageData is the Swiss page's data.
type swissPageData struct {
	Event     tournament.Event
	Section   tournament.Section
	Standings []standingRow          // the table, tied places written "3=" as the public's (markTies)
	Released  []swissRoundWords      // the rounds the tables see
	Draft     *tournament.SwissDraft // the next round's pairing; nil: none proposed
	DraftRows []swissMatchWords      // the draft's matches as the page lists them
	DraftText string                 // the draft's matches as the replace form takes them
	Next      int                    // the round to pair next; 0: every round is released
	Teams     []int                  // 1..the teams, for the swap form
}

// swissRoundWords is a released round as the page lists it.
type swissRoundWords struct {
	Round   int
	Matches []swissMatchWords
}

// swissMatchWords is one match: its tables and teams, or a bye.
type swissMatchWords struct {
	Tables     string // "1 and 2"; "" for a bye
	Home, Away int    // Away 0: Home has a bye
	HomeName   string
	AwayName   string
}

// swissPage shows a Swiss section's rounds and its next round's draft.
func (p *Pages) swissPage(c echo.Context) error {
	v, err := p.swissView(c)
	if err != nil {
		return p.renderError(c, "swiss.html", v, err)
	}
	return p.render(c, 200, "swiss.html", v)
}

// swissView reads what the Swiss page shows.
func (p *Pages) swissView(c echo.Context) (View, error) {
	v := View{Title: "Swiss"}
	id, err := pathID(c, "id")
	if err != nil {
		return v, err
	}
	ctx, a := c.Request().Context(), actor(c)
	sec, err := p.svc.Section(ctx, a, id)
	if err != nil {
		return v, err
	}
	ev, err := p.svc.Event(ctx, a, sec.EventID)
	if err != nil {
		return v, err
	}
	st, err := p.svc.Standings(ctx, a, id)
	if err != nil {
		return v, err
	}
	teams, err := p.svc.Teams(ctx, a, id)
	if err != nil {
		return v, err
	}
	names := map[int]string{}
	for _, t := range teams {
		names[t.Number] = t.Name
	}
	d := swissPageData{Event: ev, Section: sec}
	for _, s := range st.Pairs {
		d.Standings = append(d.Standings, standingRow{Standing: s})
	}
	markTies(d.Standings)
	v.Title = "Swiss · Section " + sec.Name + " · " + ev.Name
	m := &sec.Movement
	for r := range m.Rounds {
		d.Released = append(d.Released, swissRoundWords{Round: r + 1, Matches: swissRows(m.Matches(r+1), names)})
	}
	for t := 1; t <= len(m.Teams); t++ {
		d.Teams = append(d.Teams, t)
	}
	if len(m.Rounds) < sec.Spec.Rounds {
		d.Next = len(m.Rounds) + 1
	}
	draft, err := p.svc.SwissDraftOf(ctx, a, id)
	switch {
	case err == nil:
		d.Draft = &draft
		d.DraftRows = swissRows(draft.Matches, names)
		d.DraftText = pairingWords(draft.Matches)
	case !errors.Is(err, tournament.ErrNotFound):
		v.Data = d
		return v, err
	}
	v.Data = d
	return v, nil
}

// swissRows writes matches for the page, match k at tables 2k−1 and 2k.
func swissRows(matches []movement.Match, names map[int]string) []swissMatchWords {
	out := make([]swissMatchWords, len(matches))
	for i, mt := range matches {
		out[i] = swissMatchWords{Home: mt.Home, Away: mt.Away, HomeName: names[mt.Home], AwayName: names[mt.Away]}
		if mt.Away != 0 {
			out[i].Tables = strconv.Itoa(2*i+1) + " and " + strconv.Itoa(2*i+2)
		}
	}
	return out
}

// swissBack sends the director back to the Swiss page with done said.
func swissBack(c echo.Context, done string) error {
	return redirect(c, "/director/sections/"+c.Param("id")+"/swiss", done)
}

// swissRefused shows the Swiss page with the refusal of a form.
func (p *Pages) swissRefused(c echo.Context, err error) error {
	v, rerr := p.swissView(c)
	if rerr != nil {
		return p.renderError(c, "swiss.html", v, rerr)
	}
	return p.renderError(c, "swiss.html", v, err)
}

// pairSwiss proposes the next round's pairing (force: though the previous
// round is not complete).
func (p *Pages) pairSwiss(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.swissRefused(c, err)
	}
	d, err := p.svc.PairSwissRound(c.Request().Context(), actor(c), id, c.FormValue("force") != "")
	if err != nil {
		return p.swissRefused(c, err)
	}
	return swissBack(c, "Round "+strconv.Itoa(d.Round)+" paired: check it, swap teams if you must, then release it")
}

// swapSwiss swaps two teams in the draft.
func (p *Pages) swapSwiss(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.swissRefused(c, err)
	}
	version, err := formInt(formValues(c), "version")
	if err != nil {
		return p.swissRefused(c, err)
	}
	x, err := formInt(formValues(c), "team_a")
	if err != nil {
		return p.swissRefused(c, err)
	}
	y, err := formInt(formValues(c), "team_b")
	if err != nil {
		return p.swissRefused(c, err)
	}
	if _, err := p.svc.SwapSwissTeams(c.Request().Context(), actor(c), id, version, x, y); err != nil {
		return p.swissRefused(c, err)
	}
	return swissBack(c, "Teams "+strconv.Itoa(x)+" and "+strconv.Itoa(y)+" swapped")
}

// releaseSwiss releases the draft to the tables.
func (p *Pages) releaseSwiss(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.swissRefused(c, err)
	}
	version, err := formInt(formValues(c), "version")
	if err != nil {
		return p.swissRefused(c, err)
	}
	sec, err := p.svc.ReleaseSwissRound(c.Request().Context(), actor(c), id, version)
	if err != nil {
		return p.swissRefused(c, err)
	}
	return swissBack(c, "Round "+strconv.Itoa(len(sec.Movement.Rounds))+" released: the tables see it now")
}
