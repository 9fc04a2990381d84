package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// bracketRoutes adds the director's knockout bracket: the matches, a
// tied match's play-off, and the next round's match made from two
// winners (previewed before it is stored).
func (p *Pages) bracketRoutes(d *echo.Group) {
	d.GET("/events/:id/bracket", p.bracketPage)
	d.POST("/events/:id/bracket", p.advanceBracket)
	d.POST("/sections/:id/knockout/playoff", p.addPlayoff)
}

// bracketPageData is the director's bracket page's data.
type bracketPageData struct {
	Bracket bracketView
	Open    []bracketMatch  // the matches whose winners may go on
	Preview *advancePreview // the next round's match before it is stored
}

// advancePreview is the next round's match as the form describes it.
type advancePreview struct {
	Name       string
	Home, Away string // the two winners: team 1 (at home) and team 2
	From       [2]string
	Segments   *knockoutPreview
}

// bracketPage shows the director an event's bracket and the form that
// makes the next round's match.
func (p *Pages) bracketPage(c echo.Context) error {
	v, err := p.bracketPageView(c, map[string]string{"rounds": "4", "boards_per_round": "16"})
	if err != nil {
		return p.renderError(c, "bracket.html", v, err)
	}
	return p.render(c, http.StatusOK, "bracket.html", v)
}

// bracketPageView reads the bracket page's data, its form filled from form.
func (p *Pages) bracketPageView(c echo.Context, form map[string]string) (View, error) {
	v := View{Title: "Knockout bracket", Form: form}
	ev, err := p.pathEvent(c)
	if err != nil {
		return v, err
	}
	br, err := p.svc.Bracket(c.Request().Context(), actor(c), ev.ID)
	if err != nil {
		return v, err
	}
	d := bracketPageData{Bracket: bracketWords(ev, &br, true)}
	d.Bracket.CSRF = formToken(c)
	for _, r := range d.Bracket.Rounds {
		for _, m := range r.Matches {
			if m.Open {
				d.Open = append(d.Open, m)
			}
		}
	}
	v.Title = "Knockout bracket · " + ev.Name
	v.Data = d
	return v, nil
}

// advanceBracket previews (action=preview) or makes (action=advance) the
// next round's match between the winners of the two matches chosen.
func (p *Pages) advanceBracket(c echo.Context) error {
	form := formValues(c)
	v, err := p.bracketPageView(c, form)
	if err != nil {
		return p.renderError(c, "bracket.html", v, err)
	}
	d := v.Data.(bracketPageData)
	form["kind"] = "knockout"
	in, err := sectionInput(form, false) // a knockout: no Swiss pairs, no VP fields
	if err != nil {
		return p.renderError(c, "bracket.html", v, err)
	}
	adv := tournament.AdvanceInput{Name: in.Name, Session: in.Session, Spec: in.Movement}
	var pre advancePreview
	for i, f := range []string{"from_1", "from_2"} {
		s := strings.TrimSpace(form[f])
		id, err := strconv.ParseInt(s, 10, 64)
		field := "from[" + strconv.Itoa(i) + "]"
		if err != nil {
			return p.renderError(c, "bracket.html", v, tournament.Invalidf(field, strconv.Quote(s)+": choose a decided match from the list"))
		}
		adv.From[i] = id
		for _, m := range d.Open {
			if m.ID == id {
				pre.From[i] = m.Name
				if i == 0 {
					pre.Home = m.Winner
				} else {
					pre.Away = m.Winner
				}
			}
		}
	}
	if form["action"] == "advance" {
		sec, err := p.svc.AdvanceKnockout(c.Request().Context(), actor(c), d.Bracket.Event.ID, adv)
		if err != nil {
			return p.renderError(c, "bracket.html", v, err)
		}
		return redirect(c, "/director/events/"+strconv.FormatInt(d.Bracket.Event.ID, 10)+"/bracket",
			"Match "+sec.Name+" made: "+pre.Home+" v "+pre.Away+", "+sec.Movement.Name)
	}
	// The preview: the service's own checks of the matches come with the
	// match's making; here a match that may not go on is named at once.
	for i, name := range pre.From {
		if name == "" {
			return p.renderError(c, "bracket.html", v, tournament.Invalidf("from["+strconv.Itoa(i)+"]",
				"match "+strconv.FormatInt(adv.From[i], 10)+": not a decided match of this event whose winner is still to go on; choose one from the list"))
		}
	}
	if adv.From[0] == adv.From[1] {
		return p.renderError(c, "bracket.html", v, tournament.Invalidf("from", "match "+pre.From[0]+" twice: the winners of two different matches meet"))
	}
	if strings.TrimSpace(adv.Name) == "" {
		return p.renderError(c, "bracket.html", v, tournament.Invalidf("name", "required: the new match's name, e.g. Final"))
	}
	m, err := adv.Spec.BuildContext(c.Request().Context())
	if err != nil {
		return p.renderError(c, "bracket.html", v, err)
	}
	pre.Name = strings.TrimSpace(adv.Name)
	pre.Segments = knockoutWords(adv.Spec, &m)
	d.Preview = &pre
	v.Data = d
	return p.render(c, http.StatusOK, "bracket.html", v)
}

// addPlayoff adds a tied knockout match's play-off segment
// (tournament.Service.AddKnockoutPlayoff) and goes back to the bracket.
func (p *Pages) addPlayoff(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "bracket.html", View{Title: "Knockout bracket"}, err)
	}
	ctx, a := c.Request().Context(), actor(c)
	sec, err := p.svc.Section(ctx, a, id)
	if err != nil {
		return p.renderError(c, "bracket.html", View{Title: "Knockout bracket"}, err)
	}
	c.SetParamNames("id")
	c.SetParamValues(strconv.FormatInt(sec.EventID, 10))
	km, err := p.svc.AddKnockoutPlayoff(ctx, a, id)
	if err != nil {
		v, verr := p.bracketPageView(c, map[string]string{"rounds": "4", "boards_per_round": "16"})
		if verr != nil {
			return p.renderError(c, "bracket.html", v, verr)
		}
		return p.renderError(c, "bracket.html", v, err)
	}
	last := km.Segments[len(km.Segments)-1].Boards
	return redirect(c, "/director/events/"+strconv.FormatInt(sec.EventID, 10)+"/bracket",
		"Match "+sec.Name+": a play-off of "+strconv.Itoa(len(last))+" boards added, boards "+strconv.Itoa(last[0])+"–"+strconv.Itoa(last[len(last)-1])+
			" (give them their hand records on the section's page)")
}
