package web

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// compareAll is the #compare-to choice that compares every other law code.
const compareAll = "all"

// changedLine is a traveler line whose score differs under the two codes.
type changedLine struct {
	Section string
	Board   int
	reports.LineComparison
}

// lawSummary is one law code's comparison in a line of the overview.
type lawSummary struct {
	To            string
	Changed       int // lines whose NS score differs
	NotComparable int
	Nothing       bool // no result is comparable: no standings compared
	Fields        []reports.FieldComparison
}

// reportsData is the reports page's data.
type reportsData struct {
	Event      tournament.Event
	Royalton   royaltonView
	Laws       []string // the law codes to compare with: every one but the event's
	To         string   // the choice made, "" for none yet
	Comparison *reports.LawComparison
	Changed    []changedLine      // Comparison's lines whose score changed
	All        []lawSummary       // the overview when every code is compared
	Par        *reports.ParReport // the par report, nil when no board has its double-dummy analysis
	// Declarations is the declaration report (Hawley's (a) and (b)), nil
	// when no board has its double-dummy analysis.
	Declarations *reports.DeclarationReport
}

// reportsPage shows the Royalton report and, when asked (?to=), the law
// comparison with one law code or every other one.
func (p *Pages) reportsPage(c echo.Context) error {
	v := View{Title: "Reports"}
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "reports_event.html", v, err)
	}
	ed, err := p.svc.EventData(c.Request().Context(), actor(c), id)
	if err != nil {
		return p.renderError(c, "reports_event.html", v, err)
	}
	d := reportsData{Event: ed.Event, Royalton: directorRoyalton(reports.Royalton(ed)), To: c.QueryParam("to")}
	for _, name := range scoring.LawNames() {
		if name != ed.Event.Law.String() {
			d.Laws = append(d.Laws, name)
		}
	}
	if par, err := reports.MakeParReport(ed); err == nil && par.Analysed > 0 {
		d.Par = &par
	}
	if decl, err := reports.MakeDeclarationReport(ed); err == nil && decl.Analysed > 0 {
		d.Declarations = &decl
	}
	v.Title, v.Data = "Reports · "+ed.Event.Name, &d
	if err := compareInto(&d, ed); err != nil {
		return p.renderError(c, "reports_event.html", v, err)
	}
	return p.render(c, http.StatusOK, "reports_event.html", v)
}

// compareInto fills in the law comparison d.To asks for.
func compareInto(d *reportsData, ed tournament.EventData) error {
	switch {
	case d.To == "":
		return nil
	case d.To == compareAll:
		all, err := reports.CompareAllLaws(ed)
		if err != nil {
			return err
		}
		for _, lc := range all {
			d.All = append(d.All, lawSummary{To: lc.To, Changed: len(changedLines(lc)), NotComparable: len(lc.NotComparable), Nothing: lc.NothingComparable(), Fields: lc.Fields})
		}
		return nil
	case !slices.Contains(d.Laws, d.To):
		return tournament.Invalidf("to", strconv.Quote(d.To)+": choose another law code than the event's own ("+ed.Event.Law.String()+")", append([]string{compareAll}, d.Laws...)...)
	}
	law, err := scoring.ParseLaw("to", d.To)
	if err != nil {
		return tournament.Invalidf("to", err.Error(), d.Laws...)
	}
	lc, err := reports.CompareLaws(ed, scoring.NewRules(law))
	if err != nil {
		return err
	}
	d.Comparison, d.Changed = &lc, changedLines(lc)
	return nil
}

// changedLines lists the lines of a comparison whose NS score changed.
func changedLines(lc reports.LawComparison) []changedLine {
	var out []changedLine
	for _, b := range lc.Boards {
		for _, l := range b.Lines {
			if l.Changed {
				out = append(out, changedLine{Section: b.Section, Board: b.Board, LineComparison: l})
			}
		}
	}
	return out
}
