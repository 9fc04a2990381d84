package api

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/internal/download"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// partQuery are the query parameters that narrow an export or a report to
// part of an event.
var partQuery = []string{"section", "session"}

// getWorkbook answers GET /v1/events/{id}/report.xlsx[?section=&session=]:
// the standings, travelers, scorecards, frequencies, Royalton report and
// law-code comparison.
func (s *server) getWorkbook(c echo.Context) error {
	return s.export(c, "report.xlsx", false)
}

// getStandingsCSV answers GET /v1/events/{id}/standings.csv[?section=&session=].
func (s *server) getStandingsCSV(c echo.Context) error {
	return s.export(c, "standings.csv", false)
}

// getTravelersCSV answers GET /v1/events/{id}/travelers.csv[?section=&session=].
func (s *server) getTravelersCSV(c echo.Context) error {
	return s.export(c, "travelers.csv", false)
}

// getUSEBIO answers GET /v1/events/{id}/usebio.xml[?section=&session=]: a
// USEBIO 1.2 file, which holds one section.
func (s *server) getUSEBIO(c echo.Context) error {
	return s.export(c, "usebio.xml", true)
}

// getPBN answers GET /v1/events/{id}/results.pbn[?section=&session=]: the
// hand records and played results as a PBN file.
func (s *server) getPBN(c echo.Context) error {
	return s.export(c, "results.pbn", true)
}

// export writes the part of an event the query asks for as an attachment
// named after the event. name is one of reports.Files; shaped says the
// format cannot hold every event, so its writer's errors are the event's
// (see shapeErrors): such a file is written whole first, so that a refusal
// answers its 422 and not a download cut short. The others (the workbook,
// the CSVs) go out as they are made (download.Send).
func (s *server) export(c echo.Context, name string, shaped bool) error {
	f, ok := reports.FileNamed(name)
	if !ok {
		return errors.New("api: no file " + name + " in reports.Files")
	}
	d, err := s.eventPart(c)
	if err != nil {
		return err
	}
	attachment := "event-" + strconv.FormatInt(d.Event.ID, 10) + "-" + name
	if !shaped {
		return download.Send(c, s.log, attachment, f.MediaType, func(w io.Writer) error { return f.Write(w, d) })
	}
	var buf bytes.Buffer
	if err := shapeErrors(f.Write)(&buf, d); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+attachment+`"`)
	return c.Blob(http.StatusOK, f.MediaType, buf.Bytes())
}

// eventPart reads the event of the path's id as the caller may see it,
// narrowed to the section and session of the query (partQuery, plus the
// names in more, which the caller reads itself); any other query
// parameter is a 400. A section or session the event does not have is a
// 404 naming it.
func (s *server) eventPart(c echo.Context, more ...string) (tournament.EventData, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return tournament.EventData{}, err
	}
	sectionID, session, err := partOf(c, more)
	if err != nil {
		return tournament.EventData{}, err
	}
	d, err := s.svc.EventData(c.Request().Context(), actor(c), id)
	if err != nil {
		return tournament.EventData{}, err
	}
	return d.Select(sectionID, session)
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

// shapeErrors makes a writer's errors 422s naming "event". The writers it
// wraps write to a buffer, which cannot fail, so every error they give is
// about what the event holds (its scoring method, a kind of result the
// format has no form for), not a failure of the server.
func shapeErrors(write func(io.Writer, tournament.EventData) error) func(io.Writer, tournament.EventData) error {
	return func(w io.Writer, d tournament.EventData) error {
		err := write(w, d)
		if err == nil {
			return nil
		}
		var te *tournament.Error
		var se *scoring.Error
		if errors.As(err, &te) || errors.As(err, &se) {
			return err
		}
		return tournament.Invalidf("event", err.Error())
	}
}
