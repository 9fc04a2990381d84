package web

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// frequencyRow is one score of a board's frequencies: how many tables got
// it and what it earned each side.
type frequencyRow struct {
	NSScore  int
	Version  int // the version of a fouled board it was made on: 1 as dealt
	Count    int
	NSPoints float64
	EWPoints float64
}

// boardFrequencies is a board's frequencies: its played scores from NS's
// best down, then its adjusted scores and boards not played in words.
type boardFrequencies struct {
	Board    int
	Results  int // lines on the traveler
	Finished bool
	Rows     []frequencyRow
	Other    []string // "artificial: NS 60%, EW 40% (1)"
}

// sectionResultsData is the director's results page of a section: the
// standings, then every board's frequencies, before the event is published.
type sectionResultsData struct {
	Event     tournament.Event
	Section   tournament.Section
	Method    tournament.Method
	ShowPct   bool
	Fields    []standingsField
	Results   int
	Boards    []boardFrequencies
	Finished  int
	Published bool
}

// sectionResultsPage shows a section's standings and each board's
// frequencies to the director, published or not, with each board's
// traveler a link away: what the public will see, checked before it does.
func (p *Pages) sectionResultsPage(c echo.Context) error {
	v := View{Title: "Results before publishing"}
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "session_results.html", v, err)
	}
	ctx, a := c.Request().Context(), actor(c)
	sec, err := p.svc.Section(ctx, a, id)
	if err != nil {
		return p.renderError(c, "session_results.html", v, err)
	}
	ed, err := p.svc.EventData(ctx, a, sec.EventID)
	if err != nil {
		return p.renderError(c, "session_results.html", v, err)
	}
	i := slices.IndexFunc(ed.Sections, func(sd tournament.SectionData) bool { return sd.Section.ID == id })
	if i < 0 {
		return p.renderError(c, "session_results.html", v, tournament.NotFoundf("section", id))
	}
	sd := &ed.Sections[i]
	d := sectionResultsData{Event: ed.Event, Section: sd.Section, Method: sd.Standings.Method, ShowPct: sd.Standings.Method.HasPercentage(),
		Fields: standingsFields(&sd.Standings), Results: sd.Standings.Results, Published: ed.Event.Published}
	for i := range d.Fields { // the director's copy: its own ids, no scorecard links
		d.Fields[i].ID = "director-" + d.Fields[i].ID
		for k := range d.Fields[i].Rows {
			d.Fields[i].Rows[k].Scorecard = ""
		}
	}
	done := tournament.FinishedBoards(&sd.Section, sd.Results)
	for _, t := range sd.Travelers {
		f := frequencies(t)
		f.Finished = done[t.Board.Number]
		if f.Finished {
			d.Finished++
		}
		d.Boards = append(d.Boards, f)
	}
	v.Title = "Results · " + ed.Event.Name + " · section " + sd.Section.Name
	v.Data = d
	return p.render(c, http.StatusOK, "session_results.html", v)
}

// frequencies counts a traveler's scores: each played or passed-out NS
// score once with the tables that got it (its points are the first such
// line's: equal scores earn equal points), from the highest down — on a
// fouled board version by version, as each version's points are its own;
// adjusted scores and boards not played are counted by their words.
func frequencies(t tournament.Traveler) boardFrequencies {
	f := boardFrequencies{Board: t.Board.Number, Results: len(t.Lines)}
	at := map[[2]int]int{} // (version, NS score) → row
	other := map[string]int{}
	var order []string
	for _, l := range t.Lines {
		r := l.Result
		if r.Status != tournament.StatusPlayed && r.Status != tournament.StatusPassedOut {
			w := newLineView(l).Adjusted
			if other[w] == 0 {
				order = append(order, w)
			}
			other[w]++
			continue
		}
		key := [2]int{r.PlayedVersion(), r.NSScore}
		if k, ok := at[key]; ok {
			f.Rows[k].Count++
			continue
		}
		at[key] = len(f.Rows)
		f.Rows = append(f.Rows, frequencyRow{NSScore: r.NSScore, Version: key[0], Count: 1, NSPoints: l.NSPoints, EWPoints: l.EWPoints})
	}
	slices.SortStableFunc(f.Rows, func(a, b frequencyRow) int {
		if a.Version != b.Version {
			return a.Version - b.Version
		}
		return b.NSScore - a.NSScore
	})
	for _, w := range order {
		f.Other = append(f.Other, w+" ("+strconv.Itoa(other[w])+")")
	}
	return f
}
