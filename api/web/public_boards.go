package web

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// publicBoard is one board on the public page of a section's boards: its
// frequencies and its hand record.
type publicBoard struct {
	Frequencies boardFrequencies
	Hand        handRecordView
}

// publicBoardsData is the public page of a section's frequencies and hand
// records, shown once the session is over (tournament.SessionOver).
type publicBoardsData struct {
	Event   tournament.Event
	Section tournament.Section
	Method  tournament.Method
	Boards  []publicBoard
}

// publicBoardsPage shows a section's frequencies and hand records, every
// board on one page, once the session is over: every board finished (and,
// for the public, the event published). Before that it says when.
func (p *Pages) publicBoardsPage(c echo.Context) error {
	ctx, a := c.Request().Context(), actor(c)
	ed, sd, err := p.sectionData(c)
	if err != nil {
		return p.publicError(c, err)
	}
	id := sd.Section.ID
	if !tournament.SessionOver(&sd.Section, sd.Results) {
		done := tournament.FinishedBoards(&sd.Section, sd.Results)
		n := 0
		for _, f := range done {
			if f {
				n++
			}
		}
		return p.publicError(c, &tournament.Error{Kind: tournament.ErrNotFound, Field: "section",
			Message: "the frequencies and hand records of section " + sd.Section.Name + " show here once the session is over: " +
				strconv.Itoa(n) + " of " + strconv.Itoa(len(done)) + " boards are finished so far"})
	}
	analyses, err := p.svc.SectionAnalyses(ctx, a, id)
	if err != nil {
		return p.publicError(c, err)
	}
	d := publicBoardsData{Event: ed.Event, Section: sd.Section, Method: sd.Standings.Method}
	for _, t := range sd.Travelers {
		b := publicBoard{Frequencies: frequencies(t), Hand: handRecordView{Board: t.Board}}
		b.Frequencies.Finished = true
		anchor := "b" + strconv.Itoa(t.Board.Number) + "-"
		if b.Hand.Deal = newDealView(t.Board.Deal); b.Hand.Deal != nil {
			b.Hand.Deal.Anchor = anchor
		}
		if ed.Event.Law.UsesVulnerability() {
			b.Hand.Vulnerability = vulnerabilityWords(t.Board.Vulnerability)
		}
		if j := slices.IndexFunc(analyses, func(an tournament.Analysis) bool { return an.Board == t.Board.Number }); j >= 0 && b.Hand.Deal != nil {
			b.Hand.Analysis = newAnalysisView(analyses[j], ed.Event.Law)
			b.Hand.Analysis.Anchor = anchor
		}
		d.Boards = append(d.Boards, b)
	}
	return p.render(c, http.StatusOK, "public_boards.html", View{Title: "Frequencies and hand records · " + ed.Event.Name + " · section " + sd.Section.Name, Data: d})
}

// sectionData reads the event of the section in the path (:id) as the
// caller may see it, and that section's part of it.
func (p *Pages) sectionData(c echo.Context) (tournament.EventData, *tournament.SectionData, error) {
	ctx, a := c.Request().Context(), actor(c)
	id, err := pathID(c, "id")
	if err != nil {
		return tournament.EventData{}, nil, err
	}
	sec, err := p.svc.Section(ctx, a, id)
	if err != nil {
		return tournament.EventData{}, nil, err
	}
	ed, err := p.svc.EventData(ctx, a, sec.EventID)
	if err != nil {
		return tournament.EventData{}, nil, err
	}
	i := slices.IndexFunc(ed.Sections, func(sd tournament.SectionData) bool { return sd.Section.ID == id })
	if i < 0 {
		return tournament.EventData{}, nil, tournament.NotFoundf("section", id)
	}
	return ed, &ed.Sections[i], nil
}
