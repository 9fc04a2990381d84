package api

import (
	"bytes"
	"errors"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// The file formats POST /v1/events/import reads.
const (
	formatUSEBIO = "usebio"
	formatPBN    = "pbn"
)

// importFormats are the values of ?format=.
var importFormats = []string{formatUSEBIO, formatPBN}

// xmlTypes are the media types read as a USEBIO file.
var xmlTypes = []string{"application/xml", "text/xml"}

// ImportResponse is the answer to POST /v1/events/import: the event as
// stored and the sections it was given.
type ImportResponse struct {
	EventResponse
	Sections []SectionRefDTO `json:"sections"`
}

// SectionRefDTO names one section of an event: its id, name and session.
type SectionRefDTO struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Session int    `json:"session"`
}

// newSectionRefs lists the sections of an event's data.
func newSectionRefs(d tournament.EventData) []SectionRefDTO {
	return convert(d.Sections, func(sd tournament.SectionData) SectionRefDTO {
		return SectionRefDTO{ID: sd.Section.ID, Name: sd.Section.Name, Session: sd.Section.Session}
	})
}

// importEvent answers POST /v1/events/import[?format=usebio|pbn]: it reads
// the body as a USEBIO or PBN results file and stores the whole event, or
// nothing (directors only). The format comes from ?format=, else from the
// Content-Type, else from the body's first character.
func (s *server) importEvent(c echo.Context) error {
	a := actor(c)
	if err := mayImport(a); err != nil {
		return err
	}
	for name := range c.QueryParams() {
		if name != "format" {
			return badRequest(name, "not a query parameter here", "format")
		}
	}
	body, err := readBody(c.Request())
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return badRequest("body", "empty: expected a USEBIO or PBN results file")
	}
	format, err := importFormat(c.QueryParam("format"), c.Request().Header.Get(echo.HeaderContentType), body)
	if err != nil {
		return err
	}
	d, err := readEventFile(format, body)
	if err != nil {
		return err
	}
	stored, err := s.svc.ImportEvent(c.Request().Context(), a, d)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/events/"+strconv.FormatInt(stored.Event.ID, 10))
	return c.JSON(http.StatusCreated, ImportResponse{EventResponse: NewEventResponse(stored.Event), Sections: newSectionRefs(stored)})
}

// mayImport refuses anyone but the director before the body is read, so
// that nobody else has the server parse a file: the same answers
// Service.ImportEvent gives (401 without a token, 403 for a table token).
func mayImport(a tournament.Actor) error {
	switch a.Role {
	case tournament.RoleDirector:
		return nil
	case tournament.RolePublic:
		return &tournament.Error{Kind: tournament.ErrUnauthorized, Field: "Authorization",
			Message: "only the director may import events: send the director token as Authorization: Bearer <token>"}
	}
	return &tournament.Error{Kind: tournament.ErrForbidden, Message: "only the director may import events; a table token enters its own table's results"}
}

// importFormat decides how to read an imported file: ?format= when given;
// else an XML Content-Type is USEBIO and a PBN one is PBN; else a body
// starting with '<' is USEBIO and one starting with '[' or '%' (a tag or a
// PBN comment) is PBN. Anything else is a 400 naming "format".
func importFormat(param, contentType string, body []byte) (string, error) {
	switch strings.ToLower(param) {
	case formatUSEBIO, formatPBN:
		return strings.ToLower(param), nil
	case "":
	default:
		return "", badRequest("format", strconv.Quote(param)+": not a file format traveler imports", importFormats...)
	}
	mt, _, _ := mime.ParseMediaType(contentType)
	switch {
	case isXML(mt):
		return formatUSEBIO, nil
	case isPBN(mt):
		return formatPBN, nil
	}
	start := bytes.TrimLeft(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(start) > 0 {
		switch start[0] {
		case '<':
			return formatUSEBIO, nil
		case '[', '%':
			return formatPBN, nil
		}
	}
	return "", badRequest("format", "not given, and neither the Content-Type "+strconv.Quote(contentType)+
		" nor the body's first character says which file this is: add ?format=", importFormats...)
}

// isXML reports whether a media type is one of xmlTypes.
func isXML(mt string) bool {
	for _, t := range xmlTypes {
		if strings.EqualFold(mt, t) {
			return true
		}
	}
	return false
}

// readEventFile reads a results file of format into an event. The file
// is in memory, so every error is the file's: a *reports.FileError becomes
// a 422 whose field says where (see fileError).
func readEventFile(format string, body []byte) (tournament.EventData, error) {
	read := reports.ReadUSEBIOEvent
	if format == formatPBN {
		read = reports.ReadPBNEvent
	}
	d, err := read(bytes.NewReader(body))
	if err != nil {
		return tournament.EventData{}, fileError(format, err)
	}
	return d, nil
}

// fileError is the 422 for a file that cannot be read. A *reports.FileError
// is named in the field as "file: line 12 BOARD/TRAVELLER_LINE/SCORE" and
// its message says what was found and what was expected; any other error
// is named "file".
func fileError(format string, err error) error {
	var fe *reports.FileError
	if !errors.As(err, &fe) {
		return &httpError{Status: http.StatusUnprocessableEntity, Body: ErrorResponse{
			Error: "file: not a " + strings.ToUpper(format) + " file traveler can read: " + err.Error(), Field: "file"}}
	}
	var where []string
	if fe.Line > 0 {
		where = append(where, "line "+strconv.Itoa(fe.Line))
	}
	if fe.Element != "" {
		where = append(where, fe.Element)
	}
	field := "file"
	if len(where) > 0 {
		field += ": " + strings.Join(where, " ")
	}
	return &httpError{Status: http.StatusUnprocessableEntity, Body: ErrorResponse{Error: "file: " + fe.Error(), Field: field}}
}
