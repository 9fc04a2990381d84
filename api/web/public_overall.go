package web

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// overallField is one table of the overall standings: every entry, or
// one direction's where an event of one session ranks them apart.
type overallField struct {
	ID, Caption string
	Rows        []overallRow
}

// overallRow is one partnership's line in the overall standings.
type overallRow struct {
	tournament.OverallEntry
	PlaceText string   // the place, "=" after a tie
	Who       string   // the players, or the team's name
	Where     []string // per session: section, number and direction ("" where it did not play)
	Played    string   // where it played, the sessions' Where joined
	gradeText
}

// overallData is what the overall standings page shows.
type overallData struct {
	Overall tournament.Overall
	Fields  []overallField
	Words   string // how it is ranked, in plain words
	ShowPct bool   // matchpoint methods: percentages
	Grading gradingView
	Several bool // more than one session: a column each (one session's is the total)
}

// overallPage shows an event's overall standings (GET
// /events/{id}/standings): to anyone when it is published, to a director
// always, as the event page.
func (p *Pages) overallPage(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.publicError(c, err)
	}
	o, err := p.svc.OverallStandings(c.Request().Context(), actor(c), id)
	if err != nil {
		return p.publicError(c, err)
	}
	d := overallData{Overall: o, Words: overallWords(o.Event), ShowPct: o.Method == tournament.MethodMP || o.Method == tournament.MethodMPACBL}
	byDir := map[string]int{}
	for _, e := range o.Entries {
		k, ok := byDir[e.Direction]
		if !ok {
			f := overallField{ID: "overall", Caption: "Overall"}
			if e.Direction != "" {
				f.ID, f.Caption = "overall-"+strings.ToLower(e.Direction), "Overall, "+e.Direction
			}
			k = len(d.Fields)
			byDir[e.Direction] = k
			d.Fields = append(d.Fields, f)
		}
		r := overallRow{OverallEntry: e, Who: strings.Join(e.Players, " & ")}
		if e.Name != "" {
			r.Who = e.Name
		}
		for _, s := range e.Sessions {
			w := ""
			if s.Number != "" {
				w = strings.TrimSpace(s.Section + " " + s.Number + " " + s.Direction)
			}
			r.Where = append(r.Where, w)
		}
		r.Played = strings.Join(slices.DeleteFunc(slices.Clone(r.Where), func(w string) bool { return w == "" }), ", ")
		d.Fields[k].Rows = append(d.Fields[k].Rows, r)
	}
	for i := range d.Fields {
		rows := d.Fields[i].Rows
		shared := map[int]int{}
		for _, r := range rows {
			shared[r.Place]++
		}
		for k := range rows {
			rows[k].PlaceText = strconv.Itoa(rows[k].Place)
			if shared[rows[k].Place] > 1 {
				rows[k].PlaceText += "="
			}
		}
		markGraded(&o.Grading, len(rows), func(k int) (*tournament.Grade, *gradeText) { return &rows[k].Grade, &rows[k].gradeText })
	}
	d.Grading = newGradingView(&o.Grading)
	d.Several = len(o.Sessions) > 1
	return p.render(c, http.StatusOK, "public_overall.html", View{Title: o.Event.Name + ": overall standings", Data: d})
}
