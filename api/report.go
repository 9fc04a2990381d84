package api

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
)

// allLaws is the value of ?to= that compares with every other law code.
const allLaws = "all"

// getRoyalton answers GET /v1/events/{id}/reports/royalton[?section=&session=]:
// the Royalton test report over the results of the sections asked for.
func (s *server) getRoyalton(c echo.Context) error {
	d, err := s.eventPart(c)
	if err != nil {
		return err
	}
	out := NewRoyaltonResponse(d, reports.Royalton(d))
	if par, err := reports.MakeParReport(d); err == nil {
		out.WithPar(d, par)
	}
	return c.JSON(http.StatusOK, out)
}

// getResults answers GET /v1/events/{id}/results[?section=&session=]: the
// event's standings and every board's traveler, section by section — the
// shape `traveler rescore --format json` prints for a results file.
func (s *server) getResults(c echo.Context) error {
	d, err := s.eventPart(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewEventResultsResponse(d, nil))
}

// getLaws answers GET /v1/events/{id}/reports/laws[?to=CODE|all&section=&session=]:
// the played results scored again under the law code to (every other code
// for "all", the default), board by board and pair by pair.
func (s *server) getLaws(c echo.Context) error {
	to, err := lawsTo(c.QueryParam("to"))
	if err != nil {
		return err
	}
	d, err := s.eventPart(c, "to")
	if err != nil {
		return err
	}
	var cs []reports.LawComparison
	if to == nil {
		cs, err = reports.CompareAllLaws(d)
	} else {
		var one reports.LawComparison
		one, err = reports.CompareLaws(d, scoring.NewRules(*to))
		cs = []reports.LawComparison{one}
	}
	if err != nil {
		return err
	}
	out := NewLawsResponse(d, cs)
	if par, err := reports.MakeParReport(d); err == nil {
		out.WithPar(d, par)
	}
	return c.JSON(http.StatusOK, out)
}

// getParReport answers GET /v1/events/{id}/reports/par[?section=&session=]:
// under each law code, the analysed boards' par and how the tables fared
// against it (reports.ParReport).
func (s *server) getParReport(c echo.Context) error {
	d, err := s.eventPart(c)
	if err != nil {
		return err
	}
	rep, err := reports.MakeParReport(d)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewParReportResponse(d, rep))
}

// lawsTo reads ?to=: a law code, or nil for "all" or nothing. Anything
// else is a 400 naming "to" with the law codes allowed.
func lawsTo(v string) (*scoring.Law, error) {
	if v == "" || strings.EqualFold(strings.TrimSpace(v), allLaws) {
		return nil, nil
	}
	l, err := scoring.ParseLaw("to", v)
	if err != nil {
		return nil, badRequest("to", strconv.Quote(v)+": not a law code traveler knows", append(scoring.LawNames(), allLaws)...)
	}
	return &l, nil
}
