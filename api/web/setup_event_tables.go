package web

import (
	"errors"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// tableOptionNames are the event form's table option boxes.
var tableOptionNames = []string{"table_traveler", "table_lead"}

// tableOptionsFromForm reads the event form's table option boxes: ticked
// ("on") or not (absent, or ""). Anything else is an error naming the box.
func tableOptionsFromForm(form map[string]string) (traveler, lead bool, err error) {
	got := make([]bool, len(tableOptionNames))
	for i, name := range tableOptionNames {
		switch v := strings.TrimSpace(form[name]); strings.ToLower(v) {
		case "on", "true", "yes":
			got[i] = true
		case "", "false", "no", "off":
		default:
			return false, false, tournament.Invalidf(name, strconv.Quote(v)+": tick the box or leave it empty", "on", "")
		}
	}
	return got[0], got[1], nil
}

// tableOptionsForm is an event's table options as the form's values.
func tableOptionsForm(e tournament.Event) map[string]string {
	out := map[string]string{}
	if e.TableTraveler {
		out["table_traveler"] = "on"
	}
	if e.TableLead {
		out["table_lead"] = "on"
	}
	return out
}

// tableOptionWords say in plain words what an event's tables see, for its page.
func tableOptionWords(e tournament.Event) string {
	var on []string
	if e.TableTraveler {
		on = append(on, "the traveler so far after each board")
	}
	if e.TableLead {
		on = append(on, "the opening lead is entered")
	}
	if len(on) == 0 {
		return "results only: no traveler after a board, no opening lead"
	}
	return strings.Join(on, "; ")
}

// setEventTables changes an event's table options from the event page.
func (p *Pages) setEventTables(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.eventPageError(c, err)
	}
	traveler, lead, err := tableOptionsFromForm(formValues(c))
	if err != nil {
		return p.eventTablesError(c, err)
	}
	ev, err := p.svc.UpdateEvent(c.Request().Context(), actor(c), id, tournament.EventPatch{TableTraveler: &traveler, TableLead: &lead})
	if err != nil {
		return p.eventTablesError(c, err)
	}
	return redirect(c, "/director/events/"+strconv.FormatInt(id, 10), "The tables of "+ev.Name+" now see: "+tableOptionWords(ev))
}

// eventTablesError shows the event page again with err above it and the
// table options form as it was sent, the box at fault marked.
func (p *Pages) eventTablesError(c echo.Context, err error) error {
	d, rerr := p.eventPageData(c)
	if rerr != nil {
		return p.eventPageError(c, rerr)
	}
	d.Tables = View{Form: formValues(c)}
	var te *tournament.Error
	if errors.As(err, &te) {
		d.Tables.Field = te.Field
	}
	return p.renderError(c, "event_page.html", View{Title: d.Event.Name, Data: d, Form: map[string]string{}}, err)
}
