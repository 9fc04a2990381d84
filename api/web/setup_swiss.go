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
// swap two teams (or pairs, in a Swiss pairs) in it and release it
// (tournament/swiss.go, swiss_pairs.go).
func (p *Pages) swissRoutes(d *echo.Group) {
	d.GET("/sections/:id/swiss", p.swissPage)
	d.POST("/sections/:id/swiss/pair", p.pairSwiss)
	d.POST("/sections/:id/swiss/swap", p.swapSwiss)
	d.POST("/sections/:id/swiss/replace", p.replaceSwiss)
	d.POST("/sections/:id/swiss/release", p.releaseSwiss)
	d.POST("/sections/:id/swiss/withdraw", p.withdrawSwiss)
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
	Teams     []int                  // 1..the teams (or pairs), for the swap form
	Unit      string                 // what is paired: "team", or "pair" in a Swiss pairs
	ByPct     bool                   // a Swiss pairs at matchpoints without VPs: the standings are percentages
	Pct       bool                   // a Swiss pairs at matchpoints: a percentage beside the VPs, not IMPs
}

// swissRoundWords is a released round as the page lists it.
type swissRoundWords struct {
	Round   int
	Matches []swissMatchWords
}

// swissMatchWords is one match: its tables and teams (or pairs), or a bye.
type swissMatchWords struct {
	Tables     string // "1 and 2" (a Swiss pairs: "1"); "" for a bye
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
	names, err := p.swissNames(c, &sec)
	if err != nil {
		return v, err
	}
	d := swissPageData{Event: ev, Section: sec, Unit: "team"}
	for _, s := range st.Pairs {
		d.Standings = append(d.Standings, standingRow{Standing: s})
	}
	markTies(d.Standings, ev.Conv())
	v.Title = "Swiss · Section " + sec.Name + " · " + ev.Name
	m := &sec.Movement
	rooms, entrants := 2, len(m.Teams)
	if sec.Spec.SwissPairs() {
		d.Unit, rooms, entrants = "pair", 1, m.Pairs
		d.ByPct, d.Pct = !st.InVPs(), ev.Scoring.HasPercentage()
	}
	for r := range m.Rounds {
		d.Released = append(d.Released, swissRoundWords{Round: r + 1, Matches: swissRows(m.Matches(r+1), names, rooms)})
	}
	for t := 1; t <= entrants; t++ {
		d.Teams = append(d.Teams, t)
	}
	if len(m.Rounds) < sec.Spec.Rounds {
		d.Next = len(m.Rounds) + 1
	}
	draft, err := p.svc.SwissDraftOf(ctx, a, id)
	switch {
	case err == nil:
		d.Draft = &draft
		d.DraftRows = swissRows(draft.Matches, names, rooms)
		d.DraftText = pairingWords(draft.Matches)
	case !errors.Is(err, tournament.ErrNotFound):
		v.Data = d
		return v, err
	}
	v.Data = d
	return v, nil
}

// swissNames returns the names the Swiss page gives each team (its name)
// or, in a Swiss pairs, each pair (its players').
func (p *Pages) swissNames(c echo.Context, sec *tournament.Section) (map[int]string, error) {
	ctx, a := c.Request().Context(), actor(c)
	names := map[int]string{}
	if sec.Spec.SwissPairs() {
		pairs, err := p.svc.Pairs(ctx, a, sec.ID)
		if err != nil {
			return nil, err
		}
		for _, pr := range pairs {
			n, _ := strconv.Atoi(pr.Number)
			names[n] = playerNames(pr.Players)
		}
		return names, nil
	}
	teams, err := p.svc.Teams(ctx, a, sec.ID)
	if err != nil {
		return nil, err
	}
	for _, t := range teams {
		names[t.Number] = t.Name
	}
	return names, nil
}

// swissRows writes matches for the page: with rooms 2 (teams) match k at
// tables 2k−1 and 2k, with rooms 1 (a Swiss pairs) at table k.
func swissRows(matches []movement.Match, names map[int]string, rooms int) []swissMatchWords {
	out := make([]swissMatchWords, len(matches))
	for i, mt := range matches {
		out[i] = swissMatchWords{Home: mt.Home, Away: mt.Away, HomeName: names[mt.Home], AwayName: names[mt.Away]}
		switch {
		case mt.Away == 0:
		case rooms == 1:
			out[i].Tables = strconv.Itoa(i + 1)
		default:
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
	return swissBack(c, "Round "+strconv.Itoa(d.Round)+" paired: check it, swap two of it if you must, then release it")
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
	sec, err := p.svc.Section(c.Request().Context(), actor(c), id)
	if err != nil {
		return p.swissRefused(c, err)
	}
	if _, err := p.svc.SwapSwissTeams(c.Request().Context(), actor(c), id, version, x, y); err != nil {
		return p.swissRefused(c, err)
	}
	unit := "Teams "
	if sec.Spec.SwissPairs() {
		unit = "Pairs "
	}
	return swissBack(c, unit+strconv.Itoa(x)+" and "+strconv.Itoa(y)+" swapped")
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

// withdrawSwiss withdraws a team (pair) from the rounds not yet released.
func (p *Pages) withdrawSwiss(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.swissRefused(c, err)
	}
	n, err := formInt(formValues(c), "number")
	if err != nil {
		return p.swissRefused(c, err)
	}
	sec, err := p.svc.WithdrawSwiss(c.Request().Context(), actor(c), id, n)
	if err != nil {
		return p.swissRefused(c, err)
	}
	unit := "Team "
	if sec.Spec.SwissPairs() {
		unit = "Pair "
	}
	return swissBack(c, unit+strconv.Itoa(n)+" withdrawn: it is not paired from round "+strconv.Itoa(len(sec.Movement.Rounds)+1)+" on")
}
