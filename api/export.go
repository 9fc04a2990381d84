package api

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"

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
// the CSVs) go out as they are made (sendFile).
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
		return s.sendFile(c, attachment, f.MediaType, func(w io.Writer) error { return f.Write(w, d) })
	}
	var buf bytes.Buffer
	if err := shapeErrors(f.Write)(&buf, d); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+attachment+`"`)
	return c.Blob(http.StatusOK, f.MediaType, buf.Bytes())
}

// wholeUpTo is how much of a file sendFile holds before it answers: a file
// no larger goes out whole, with its Content-Length, or not at all (its
// error answered as any other); past it the answer is sent and the file
// streamed.
const wholeUpTo = 1 << 20

// sendFile answers with the file write makes, as an attachment named
// filename of type mediaType, while write makes it: its first wholeUpTo
// bytes are held, so that a small file, or an error early on, is answered
// as before; then the answer (200, no Content-Length: chunked in HTTP/1.1)
// is sent and the rest follows as it is made, so that memory does not grow
// with the file. A failure after the answer is sent must not end the body
// as if the file were whole: it is logged and the connection aborted
// (http.ErrAbortHandler), so that the client sees a cut body — an HTTP/1.1
// chunked body without its last chunk, an HTTP/2 stream reset — and an
// error, never a 200 with half a file. Writing stops when the request's
// context ends (the client gone, the request's time up).
func (s *server) sendFile(c echo.Context, filename, mediaType string, write func(io.Writer) error) error {
	fw := &fileWriter{c: c, filename: filename, mediaType: mediaType}
	err := write(fw)
	if err == nil && !fw.sent {
		fw.answer(true)
		_, err = c.Response().Write(fw.head)
	}
	if err == nil || !fw.sent {
		return err
	}
	r := c.Request()
	s.log.LogAttrs(r.Context(), slog.LevelWarn, "download cut short",
		slog.String("method", r.Method), slog.String("path", loggedPath(r.URL.Path)),
		slog.Int64("bytes", c.Response().Size), slog.String("error", err.Error()))
	panic(http.ErrAbortHandler)
}

// fileWriter is the answer sendFile writes a file to.
type fileWriter struct {
	c                   echo.Context
	filename, mediaType string
	head                []byte // the file's first bytes, held until wholeUpTo
	sent                bool   // the answer's status and headers are sent
}

// Write holds p, or sends it.
func (w *fileWriter) Write(p []byte) (int, error) {
	if err := w.c.Request().Context().Err(); err != nil {
		return 0, err
	}
	if !w.sent {
		if len(w.head)+len(p) <= wholeUpTo {
			w.head = append(w.head, p...)
			return len(p), nil
		}
		w.answer(false)
		if _, err := w.c.Response().Write(w.head); err != nil {
			return 0, err
		}
		w.head = nil
	}
	return w.c.Response().Write(p)
}

// answer sends the status and headers, with the length of the file when
// whole (it is then all in head).
func (w *fileWriter) answer(whole bool) {
	h := w.c.Response().Header()
	h.Set(echo.HeaderContentType, w.mediaType)
	h.Set(echo.HeaderContentDisposition, `attachment; filename="`+w.filename+`"`)
	if whole {
		h.Set(echo.HeaderContentLength, strconv.Itoa(len(w.head)))
	}
	w.c.Response().WriteHeader(http.StatusOK)
	w.sent = true
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
