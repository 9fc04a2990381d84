package api

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/internal/download"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// allLaws is the value of ?to= that compares with every other law code.
const allLaws = "all"

// getRoyalton answers GET /v1/events/{id}/reports/royalton[?section=&session=]:
// the Royalton test report over the results of the sections asked for.
func (s *server) getRoyalton(c echo.Context) error {
	return s.heavy(c, "royalton", nil, echo.MIMEApplicationJSON, "")
}

// getResults answers GET /v1/events/{id}/results[?section=&session=]: the
// event's standings and every board's traveler, section by section — the
// shape `traveler rescore --format json` prints for a results file,
// written a section at a time.
func (s *server) getResults(c echo.Context) error {
	return s.heavy(c, "results", nil, echo.MIMEApplicationJSON, "")
}

// getLaws answers GET /v1/events/{id}/reports/laws[?to=CODE|all&section=&session=]:
// the played results scored again under the law code to (every other code
// for "all", the default), board by board and pair by pair.
func (s *server) getLaws(c echo.Context) error {
	to, err := lawsTo(c.QueryParam("to"))
	if err != nil {
		return err
	}
	return s.heavy(c, lawsName(to), []string{"to"}, echo.MIMEApplicationJSON, "")
}

// getParReport answers GET /v1/events/{id}/reports/par[?section=&session=]:
// under each law code, the analysed boards' par and how the tables fared
// against it (reports.ParReport).
func (s *server) getParReport(c echo.Context) error {
	return s.heavy(c, "par", nil, echo.MIMEApplicationJSON, "")
}

// getCodes answers GET /v1/events/{id}/reports/codes[?section=&session=]:
// the duplicate-whist test — the event's sections that play the same deals
// under different law codes (a section's own code), compared board by
// board with a paired test across the boards (reports.CompareEventCodes).
// An event whose sections share one code is a 422 naming "law".
//
// With ?with=OTHER it compares the event with event OTHER on the boards
// both played with the same deals, each under its own code
// (reports.CompareWith); the caller must be allowed to read both. An id
// that is not a number is a 422 naming with, an event that does not exist
// a 404 naming it, two events without a board in common a 422 naming it
// and saying what differs.
func (s *server) getCodes(c echo.Context) error {
	return s.heavy(c, "codes", []string{"with"}, echo.MIMEApplicationJSON, "")
}

// getDealt answers GET /v1/reports/dealt?deals=N (directors): N boards
// dealt at random and solved double dummy, the Royalton author's game at
// 40 tested on them with par under every code (reports.DealtReport, as
// `traveler report royalton --deals N` prints it). N is 1 to
// tournament.MaxDealtRequest: above, a 422 naming deals.
func (s *server) getDealt(c echo.Context) error {
	for name := range c.QueryParams() {
		if name != "deals" {
			return badRequest(name, "not a query parameter here", "deals")
		}
	}
	v := c.QueryParam("deals")
	n, err := strconv.Atoi(v)
	if err != nil {
		return badRequest("deals", "expected how many boards to deal, a whole number from 1 to "+strconv.Itoa(tournament.MaxDealtRequest)+", got "+strconv.Quote(v))
	}
	an, err := s.svc.DealtAnalyses(c.Request().Context(), actor(c), n)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewDealtResponse(reports.MakeDealtReport(an)))
}

// getDeclarationReport answers GET /v1/events/{id}/reports/declaration
// [?section=&session=]: per law code, board and table, the contracts
// against the four hands' best declaration (reports.DeclarationReport).
func (s *server) getDeclarationReport(c echo.Context) error {
	return s.heavy(c, "declaration", nil, echo.MIMEApplicationJSON, "")
}

// HeavyWriter returns the writer of the heavy read named name, as the
// handlers ask the Service for it (tournament.Service.Heavy): a file of
// reports.Files by its name ("report.xlsx", "standings.csv", …), "results",
// or a JSON report — "royalton", "par", "codes", "declaration", "laws?to=CODE" or "laws?to=all". A
// law-code comparison holds at most maxLawLines lines (0:
// DefaultMaxLawLines). It is the one list of heavy reads: a process that
// makes them apart (traveler make-heavy) makes what a request named by it.
func HeavyWriter(name string, maxLawLines int) (func(context.Context, io.Writer, tournament.EventData) error, error) {
	if f, ok := reports.FileNamed(name); ok {
		return download.Write(f), nil
	}
	switch name {
	case "results":
		return func(_ context.Context, w io.Writer, d tournament.EventData) error { return WriteEventResults(w, d) }, nil
	case "royalton":
		return jsonReport(func(d tournament.EventData) (any, error) {
			out := NewRoyaltonResponse(d, reports.Royalton(d))
			if par, err := reports.ParReportIfAnalysed(d); err == nil && par != nil {
				out.WithPar(d, *par)
			}
			return out, nil
		}), nil
	case "codes":
		return jsonReport(func(d tournament.EventData) (any, error) {
			cs, err := reports.CompareWith(d, d.With)
			if err != nil {
				return nil, err
			}
			return NewCodesResponse(d, cs), nil
		}), nil
	case "par":
		return jsonReport(func(d tournament.EventData) (any, error) {
			rep, err := reports.MakeParReport(d)
			if err != nil {
				return nil, err
			}
			return NewParReportResponse(d, rep), nil
		}), nil
	case "declaration":
		return jsonReport(func(d tournament.EventData) (any, error) {
			rep, err := reports.MakeDeclarationReport(d)
			if err != nil {
				return nil, err
			}
			return NewDeclarationReportResponse(d, rep), nil
		}), nil
	}
	code, ok := strings.CutPrefix(name, "laws?to=")
	if !ok {
		return nil, fmt.Errorf("api: %q is not a heavy read", name)
	}
	to, err := lawsTo(code)
	if err != nil {
		return nil, fmt.Errorf("api: %q: %w", name, err)
	}
	return jsonReport(func(d tournament.EventData) (any, error) {
		if err := lawLinesBound(d, to, cmp.Or(maxLawLines, DefaultMaxLawLines)); err != nil {
			return nil, err
		}
		var cs []reports.LawComparison
		var err error
		if to == nil {
			cs, err = reports.CompareAllLaws(d)
		} else {
			var one reports.LawComparison
			one, err = reports.CompareLaws(d, scoring.NewRules(*to))
			cs = []reports.LawComparison{one}
		}
		if err != nil {
			return nil, err
		}
		out := NewLawsResponse(d, cs)
		if par, err := reports.ParReportIfAnalysed(d); err == nil && par != nil {
			out.WithPar(d, *par)
		}
		return out, nil
	}), nil
}

// lawsName is the heavy read's name of a law-code comparison with to (every
// other code when nil).
func lawsName(to *scoring.Law) string {
	if to == nil {
		return "laws?to=" + allLaws
	}
	return "laws?to=" + to.String()
}

// DefaultMaxLawLines bounds a law-code comparison (GET …/reports/laws): the
// traveler lines it would hold, each line once for every code compared
// with. Past it the request is refused, naming "to" (when it asks for every
// code) or "section", rather than made: its answer would run to hundreds
// of megabytes (about 560 bytes a line: BENCHMARKS.md "Heavy reads").
const DefaultMaxLawLines = 50_000

// lawLinesBound refuses a comparison of d with to (every other code when
// nil) that would hold more than most lines.
func lawLinesBound(d tournament.EventData, to *scoring.Law, most int) error {
	lines := 0
	for i := range d.Sections {
		lines += len(d.Sections[i].Results)
	}
	codes := 1
	if to == nil {
		codes = len(scoring.LawNames()) - 1
	}
	if lines*codes <= most {
		return nil
	}
	what := strconv.Itoa(lines) + " results"
	if to == nil {
		return tournament.Invalidf("to", what+" compared with "+strconv.Itoa(codes)+" law codes is more than "+
			strconv.Itoa(most)+" lines: ask for one code (?to=CODE), or one section (?section=) or session (?session=)",
			scoring.LawNames()...)
	}
	return tournament.Invalidf("section", what+" is more than "+strconv.Itoa(most)+
		" lines to compare: ask for one section (?section=) or session (?session=)")
}

// jsonReport is the writer of the JSON of what report makes of the event.
func jsonReport(report func(tournament.EventData) (any, error)) func(context.Context, io.Writer, tournament.EventData) error {
	return func(_ context.Context, w io.Writer, d tournament.EventData) error {
		out, err := report(d)
		if err != nil {
			return err
		}
		return json.NewEncoder(w).Encode(out)
	}
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
