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
	Missing int // boards without a hand record
}

// handsPage shows a section's hand records to print: each board's four
// hands, dealer and vulnerability, double-dummy table and par under the
// event's code.
func (p *Pages) handsPage(c echo.Context) error {
	v := View{Title: "Hand records"}
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "hands.html", v, err)
	}
	ctx, a := c.Request().Context(), actor(c)
	sec, err := p.svc.Section(ctx, a, id)
	if err != nil {
		return p.renderError(c, "hands.html", v, err)
	}
	ev, err := p.svc.Event(ctx, a, sec.EventID)
	if err != nil {
		return p.renderError(c, "hands.html", v, err)
	}
	boards, err := p.svc.Boards(ctx, a, id)
	if err != nil {
		return p.renderError(c, "hands.html", v, err)
	}
	analyses, err := p.svc.SectionAnalyses(ctx, a, id)
	if err != nil {
		return p.renderError(c, "hands.html", v, err)
	}
	byBoard := map[int]tournament.Analysis{}
	for _, an := range analyses {
		byBoard[an.Board] = an
	}
	d := handsPageData{Event: ev, Section: sec}
	for _, b := range boards {
		if b.Deal == "" {
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
	v.Title, v.Data = "Hand records · "+ev.Name+" · section "+sec.Name, d
	return p.render(c, http.StatusOK, "hands.html", v)
}
