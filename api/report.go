package api

import (
	"cmp"
	"context"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// allLaws is the value of ?to= that compares with every other law code.
const allLaws = "all"

// getRoyalton answers GET /v1/events/{id}/reports/royalton[?section=&session=]:
// the Royalton test report over the results of the sections asked for.
func (s *server) getRoyalton(c echo.Context) error {
	return s.jsonReport(c, "royalton", nil, func(d tournament.EventData) (any, error) {
		out := NewRoyaltonResponse(d, reports.Royalton(d))
		if par, err := reports.MakeParReport(d); err == nil {
			out.WithPar(d, par)
		}
		return out, nil
	})
}

// getResults answers GET /v1/events/{id}/results[?section=&session=]: the
// event's standings and every board's traveler, section by section — the
// shape `traveler rescore --format json` prints for a results file,
// written a section at a time.
func (s *server) getResults(c echo.Context) error {
	return s.heavy(c, "results", nil, echo.MIMEApplicationJSON, "", func(_ context.Context, w io.Writer, d tournament.EventData) error {
		return WriteEventResults(w, d)
	})
}

// getLaws answers GET /v1/events/{id}/reports/laws[?to=CODE|all&section=&session=]:
// the played results scored again under the law code to (every other code
// for "all", the default), board by board and pair by pair.
func (s *server) getLaws(c echo.Context) error {
	to, err := lawsTo(c.QueryParam("to"))
	if err != nil {
		return err
	}
	name := "laws?to=" + allLaws
	if to != nil {
		name = "laws?to=" + to.String()
	}
	return s.jsonReport(c, name, []string{"to"}, func(d tournament.EventData) (any, error) {
		if err := lawLinesBound(d, to, cmp.Or(s.opts.MaxLawLines, DefaultMaxLawLines)); err != nil {
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
		if par, err := reports.MakeParReport(d); err == nil {
			out.WithPar(d, par)
		}
		return out, nil
	})
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

// getParReport answers GET /v1/events/{id}/reports/par[?section=&session=]:
// under each law code, the analysed boards' par and how the tables fared
// against it (reports.ParReport).
func (s *server) getParReport(c echo.Context) error {
	return s.jsonReport(c, "par", nil, func(d tournament.EventData) (any, error) {
		rep, err := reports.MakeParReport(d)
		if err != nil {
			return nil, err
		}
		return NewParReportResponse(d, rep), nil
	})
}

// jsonReport answers with the JSON of what report makes of the part of the
// event the query asks for (partQuery, and the parameters in more, which
// the caller reads itself), made once per version of the event and kept
// (heavy).
func (s *server) jsonReport(c echo.Context, name string, more []string, report func(tournament.EventData) (any, error)) error {
	return s.heavy(c, name, more, echo.MIMEApplicationJSON, "", func(_ context.Context, w io.Writer, d tournament.EventData) error {
		out, err := report(d)
		if err != nil {
			return err
		}
		return json.NewEncoder(w).Encode(out)
	})
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
