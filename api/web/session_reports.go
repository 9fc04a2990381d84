package web

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

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
	// CodeComparisons are the event's sections under different law codes
	// compared on the same deals, or the event against the one With names
	// (reports.CompareWith); none when every section plays the event's
	// code and no other event is chosen.
	CodeComparisons []reports.CodeComparison
	// Others are the events the director may compare this one with on
	// the same boards (?with=ID), With the one chosen ("" for none).
	Others []tournament.Event
	With   string
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
	if par, err := reports.ParReportIfAnalysed(ed); err == nil {
		d.Par = par
	}
	if err := p.codesInto(c, &d, ed); err != nil {
		v.Title, v.Data = "Reports · "+ed.Event.Name, &d
		return p.renderError(c, "reports_event.html", v, err)
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

// codesInto fills in the code comparison: the event's sections under
// their own codes, or with ?with=ID the event against that event on the
// boards both played (reports.CompareWith, as the API's ?with= and the
// CLI's --with), and the events to choose from.
func (p *Pages) codesInto(c echo.Context, d *reportsData, ed tournament.EventData) error {
	ctx, a := c.Request().Context(), actor(c)
	events, err := p.svc.Events(ctx, a)
	if err != nil {
		return err
	}
	for _, e := range events {
		if e.ID != ed.Event.ID {
			d.Others = append(d.Others, e)
		}
	}
	d.With = strings.TrimSpace(c.QueryParam("with"))
	if d.With == "" {
		if cs, err := reports.CompareWith(ed, nil); err == nil {
			d.CodeComparisons = cs
		}
		return nil
	}
	with, err := strconv.ParseInt(d.With, 10, 64)
	if err != nil || with < 1 {
		return tournament.Invalidf("with", strconv.Quote(d.With)+": choose another event from the list")
	}
	other, err := p.svc.OtherEventData(ctx, a, ed.Event.ID, with)
	if err != nil {
		return err
	}
	d.CodeComparisons, err = reports.CompareWith(ed, &other)
	return err
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

// dealtData is the random-deal Royalton page's data.
type dealtData struct {
	Deals  string               // the number asked for, as typed
	Most   int                  // tournament.MaxDealtRequest
	Report *reports.DealtReport // nil until a number is given
}

// dealtPage deals ?deals=N boards at random, solves them and shows the
// Royalton author's game at 40 on them with par under every code
// (reports.DealtReport, as `traveler report royalton --deals N` prints
// it); without ?deals= it shows the form only. N is 1 to
// tournament.MaxDealtRequest: a refusal naming deals above.
func (p *Pages) dealtPage(c echo.Context) error {
	d := dealtData{Deals: c.QueryParam("deals"), Most: tournament.MaxDealtRequest}
	v := View{Title: "Royalton's game at 40 on random deals", Data: d}
	if d.Deals == "" {
		return p.render(c, http.StatusOK, "reports_dealt.html", v)
	}
	n, err := strconv.Atoi(strings.TrimSpace(d.Deals))
	if err != nil {
		return p.renderError(c, "reports_dealt.html", v, tournament.Invalidf("deals", strconv.Quote(d.Deals)+": not a whole number; write how many boards to deal, 1 to "+strconv.Itoa(tournament.MaxDealtRequest)))
	}
	an, err := p.svc.DealtAnalyses(c.Request().Context(), actor(c), n)
	if err != nil {
		return p.renderError(c, "reports_dealt.html", v, err)
	}
	rep := reports.MakeDealtReport(an)
	d.Report = &rep
	v.Data = d
	return p.render(c, http.StatusOK, "reports_dealt.html", v)
}
