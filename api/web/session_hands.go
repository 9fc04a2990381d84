package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// handRecordView is one board of the hand records to print.
type handRecordView struct {
	Board         tournament.Board
	Vulnerability string // in words, "" when the law code does not use it
	Deal          *dealView
	Analysis      *analysisView // nil: not analysed yet
}

// handsPageData is the printable hand records of a section.
type handsPageData struct {
	Event   tournament.Event
	Section tournament.Section
	Boards  []handRecordView
	Sheets  [][]handRecordView // Boards four to a printed sheet
	Missing int                // boards without a hand record
}

// handsPage shows a section's hand records to print, four boards a sheet:
// each board's four hands, dealer and vulnerability, double-dummy table
// and par under the event's code.
func (p *Pages) handsPage(c echo.Context) error {
	v := View{Title: "Hand records"}
	d, err := p.handRecords(c)
	if err != nil {
		return p.renderError(c, "hands.html", v, err)
	}
	v.Title, v.Data = "Hand records · "+d.Event.Name+" · section "+d.Section.Name, d
	return p.render(c, http.StatusOK, "hands.html", v)
}

// handRecords reads the section of the path's id and its hand records, as
// the hands page and its PDF show them.
func (p *Pages) handRecords(c echo.Context) (handsPageData, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return handsPageData{}, err
	}
	ctx, a := c.Request().Context(), actor(c)
	sec, err := p.svc.Section(ctx, a, id)
	if err != nil {
		return handsPageData{}, err
	}
	ev, err := p.svc.Event(ctx, a, sec.EventID)
	if err != nil {
		return handsPageData{}, err
	}
	boards, err := p.svc.Boards(ctx, a, id)
	if err != nil {
		return handsPageData{}, err
	}
	analyses, err := p.svc.SectionAnalyses(ctx, a, id)
	if err != nil {
		return handsPageData{}, err
	}
	byBoard := map[int]tournament.Analysis{}
	for _, an := range analyses {
		byBoard[an.Board] = an
	}
	d := handsPageData{Event: ev, Section: sec}
	for _, b := range boards {
		if b.Deal.Empty() {
			d.Missing++
			continue
		}
		anchor := "b" + strconv.Itoa(b.Number) + "-"
		hv := handRecordView{Board: b, Deal: newDealView(b.Deal)}
		if hv.Deal != nil {
			hv.Deal.Anchor = anchor
		}
		if ev.Law.UsesVulnerability() {
			hv.Vulnerability = vulnerabilityWords(b.Vulnerability)
		}
		if an, ok := byBoard[b.Number]; ok {
			hv.Analysis = newAnalysisView(an, ev.Law)
			hv.Analysis.Anchor = anchor
		}
		d.Boards = append(d.Boards, hv)
	}
	d.Sheets = sheetsOf(d.Boards, 4)
	return d, nil
}
