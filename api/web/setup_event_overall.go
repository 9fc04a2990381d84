package web

import (
	"errors"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// overallFromForm reads the event page's ranking form: how sections are
// scored (field), the sessions ranked (method, carry_over) and pairs known
// again (same_pair). A carry-over that is not a whole number is an error
// naming it; the rest the Service checks.
func overallFromForm(form map[string]string) (tournament.OverallOptions, error) {
	o := tournament.OverallOptions{
		Field:    strings.TrimSpace(form["field"]),
		Method:   strings.TrimSpace(form["method"]),
		SamePair: strings.TrimSpace(form["same_pair"]),
	}
	if v := strings.TrimSpace(form["carry_over"]); v != "" && o.Method == tournament.OverallCarryOver {
		n, err := strconv.Atoi(strings.TrimSuffix(v, "%"))
		if err != nil {
			return o, tournament.Invalidf("overall.carry_over", strconv.Quote(v)+": not a whole percentage", "1–99")
		}
		o.CarryOver = n
	}
	return o, nil
}

// overallForm is an event's ranking options as the form's values.
func overallForm(e tournament.Event) map[string]string {
	o := e.Overall.Defaults()
	out := map[string]string{"field": o.Field, "method": o.Method, "same_pair": o.SamePair}
	if o.CarryOver > 0 {
		out["carry_over"] = strconv.Itoa(o.CarryOver)
	}
	return out
}

// overallWords say in plain words how an event's sections and sessions
// are ranked, for its pages.
func overallWords(e tournament.Event) string {
	o := e.Overall.Defaults()
	var w []string
	if o.Field == tournament.FieldAcross {
		w = append(w, "each board matchpointed across the field (every section of the session that played it)")
	} else {
		w = append(w, "each section scored within itself")
	}
	if o.Method == tournament.OverallCarryOver {
		w = append(w, strconv.Itoa(o.CarryOver)+"% of each earlier session carried over into the last")
	} else {
		w = append(w, "the sessions added up")
	}
	if o.SamePair == tournament.SameNumber {
		w = append(w, "a pair known again by its section, number and direction")
	} else {
		w = append(w, "a pair known again by its players")
	}
	return strings.Join(w, "; ")
}

// setEventOverall changes how an event's sections and sessions are ranked
// together, from the event page.
func (p *Pages) setEventOverall(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.eventPageError(c, err)
	}
	o, err := overallFromForm(formValues(c))
	if err != nil {
		return p.eventOverallError(c, err)
	}
	ev, err := p.svc.UpdateEvent(c.Request().Context(), actor(c), id, tournament.EventPatch{Overall: &o})
	if err != nil {
		return p.eventOverallError(c, err)
	}
	return redirect(c, "/director/events/"+strconv.FormatInt(id, 10), "The overall ranking of "+ev.Name+": "+overallWords(ev))
}

// eventOverallError shows the event page again with err above it and the
// ranking form as it was sent, the field at fault marked.
func (p *Pages) eventOverallError(c echo.Context, err error) error {
	d, rerr := p.eventPageData(c)
	if rerr != nil {
		return p.eventPageError(c, rerr)
	}
	d.Overall = View{Form: formValues(c)}
	var te *tournament.Error
	if errors.As(err, &te) {
		d.Overall.Field = strings.TrimPrefix(te.Field, "overall.")
	}
	return p.renderError(c, "event_page.html", View{Title: d.Event.Name, Data: d, Form: map[string]string{}}, err)
}
