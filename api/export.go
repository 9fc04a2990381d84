package api

import (
	"bytes"
	"io"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// xlsxType is the media type of a workbook.
const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// getWorkbook answers GET /v1/events/{id}/report.xlsx: the event's
// standings, travelers, scorecards, frequencies and Royalton report.
func (s *server) getWorkbook(c echo.Context) error {
	return s.export(c, "report.xlsx", xlsxType, func(w io.Writer, d tournament.EventData) error {
		return reports.WriteReport(w, d)
	})
}

// getStandingsCSV answers GET /v1/events/{id}/standings.csv.
func (s *server) getStandingsCSV(c echo.Context) error {
	return s.export(c, "standings.csv", "text/csv; charset=utf-8", reports.WriteStandingsCSV)
}

// getTravelersCSV answers GET /v1/events/{id}/travelers.csv.
func (s *server) getTravelersCSV(c echo.Context) error {
	return s.export(c, "travelers.csv", "text/csv; charset=utf-8", reports.WriteTravelersCSV)
}

// export writes an event's file to a buffer first, so that a failure
// answers an error instead of half a file, then sends it as an attachment
// named after the event.
func (s *server) export(c echo.Context, name, mediaType string, write func(io.Writer, tournament.EventData) error) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	d, err := s.svc.EventData(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := write(&buf, d); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="event-`+strconv.FormatInt(id, 10)+"-"+name+`"`)
	return c.Blob(http.StatusOK, mediaType, buf.Bytes())
}
