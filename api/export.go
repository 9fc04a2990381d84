package api

import (
	"context"
	"errors"
	"io"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/internal/download"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// partQuery are the query parameters that narrow an export or a report to
// part of an event.
var partQuery = []string{"section", "session"}

// getWorkbook answers GET /v1/events/{id}/report.xlsx[?section=&session=&with=]:
// the standings, travelers, scorecards, frequencies, Royalton report and
// law-code comparison; with ?with=OTHER its Code comparison sheet compares
// the event with event OTHER (as GET …/reports/codes?with= does).
func (s *server) getWorkbook(c echo.Context) error {
	return s.export(c, "report.xlsx")
}

// getStandingsCSV answers GET /v1/events/{id}/standings.csv[?section=&session=].
func (s *server) getStandingsCSV(c echo.Context) error {
	return s.export(c, "standings.csv")
}

// getOverallCSV answers GET /v1/events/{id}/overall.csv[?section=&session=]:
// the overall standings (of the part asked for) as CSV.
func (s *server) getOverallCSV(c echo.Context) error {
	return s.export(c, "overall.csv")
}

// getTravelersCSV answers GET /v1/events/{id}/travelers.csv[?section=&session=].
func (s *server) getTravelersCSV(c echo.Context) error {
	return s.export(c, "travelers.csv")
}

// getUSEBIO answers GET /v1/events/{id}/usebio.xml[?section=&session=]: a
// USEBIO 1.2 file, which holds one section.
func (s *server) getUSEBIO(c echo.Context) error {
	return s.export(c, "usebio.xml")
}

// getPBN answers GET /v1/events/{id}/results.pbn[?section=&session=]: the
// hand records and played results as a PBN file.
func (s *server) getPBN(c echo.Context) error {
	return s.export(c, "results.pbn")
}

// export answers with the part of an event the query asks for as an
// attachment named after the event. name is one of reports.Files; a
// format that cannot hold every event refuses it with a 422
// (download.Write). Every file is made whole before it is answered
// (heavy), so that a refusal answers its 422 and a failure its 5xx, never
// a download cut short.
func (s *server) export(c echo.Context, name string) error {
	f, ok := reports.FileNamed(name)
	if !ok {
		return errors.New("api: no file " + name + " in reports.Files")
	}
	var more []string
	if name == workbookName { // its Code comparison sheet compares with another event (?with=), as GET …/reports/codes does
		more = []string{"with"}
	}
	return s.heavy(c, name, more, f.MediaType, name)
}

// workbookName is the report workbook's name among reports.Files.
const workbookName = "report.xlsx"

// heavy answers with the heavy read named name (HeavyWriter) of the part of
// the event the query asks for (partQuery, and the parameters in more,
// which the caller reads itself: any other is a 400; name holds their
// values as the caller read them), of type mediaType, as an attachment named
// after the event and attachment unless that is "". It is made whole, once
// for every request while the event is unchanged, on the Service's bounded
// workers (tournament.Service.Heavy), and sent with its length: a request
// that waits too long for a worker is answered 503 with Retry-After, and one
// whose deadline passes while it is made 503 too (the making goes on and is
// kept for the next request) — never a 200 with a part of the output.
func (s *server) heavy(c echo.Context, name string, more []string, mediaType, attachment string) error {
	write, err := HeavyWriter(name, s.opts.MaxLawLines)
	if err != nil {
		return err
	}
	return s.heavyWrite(c, name, more, mediaType, attachment, write)
}

// heavyWrite is heavy with the writer of name given.
func (s *server) heavyWrite(c echo.Context, name string, more []string, mediaType, attachment string, write func(context.Context, io.Writer, tournament.EventData) error) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	sectionID, session, err := partOf(c, more)
	if err != nil {
		return err
	}
	part := tournament.EventPart{SectionID: sectionID, Session: session}
	var with int64
	if v := c.QueryParam("with"); v != "" && slices.Contains(more, "with") {
		if with, err = strconv.ParseInt(v, 10, 64); err != nil || with < 1 {
			return tournament.Invalidf("with", "expected another event's id, a positive whole number, got "+strconv.Quote(v))
		}
	}
	out, err := s.svc.HeavyWith(c.Request().Context(), actor(c), id, with, part, name, write)
	if err != nil {
		return err
	}
	filename := ""
	if attachment != "" {
		filename = "event-" + strconv.FormatInt(id, 10) + "-" + attachment
	}
	return download.Send(c, filename, mediaType, out)
}

// partOf reads ?section=ID and ?session=N (0 when not given), refusing a
// query parameter that is neither nor one of more.
func partOf(c echo.Context, more []string) (sectionID int64, session int, err error) {
	allowed := append(slices.Clone(partQuery), more...)
	for name, vs := range c.QueryParams() {
		if !slices.Contains(allowed, name) {
			return 0, 0, badRequest(name, "not a query parameter here", allowed...)
		}
		if len(vs) > 1 {
			return 0, 0, badRequest(name, "given "+strconv.Itoa(len(vs))+" times; give it once")
		}
	}
	if v := c.QueryParam("section"); v != "" {
		if sectionID, err = strconv.ParseInt(v, 10, 64); err != nil || sectionID < 1 {
			return 0, 0, badRequest("section", "expected a section id, a positive whole number, got "+strconv.Quote(v))
		}
	}
	if v := c.QueryParam("session"); v != "" {
		if session, err = strconv.Atoi(v); err != nil || session < 1 {
			return 0, 0, badRequest("session", "expected a session number, a positive whole number, got "+strconv.Quote(v))
		}
	}
	return sectionID, session, nil
}
