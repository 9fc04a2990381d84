package api

import (
	"bytes"
	"errors"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// importParams are the query parameters of POST /v1/events/import.
var importParams = []string{"format", "method", "name", "date", "encoding", "strict", "again", "figures"}

// figureChoices are the values of the import's figures parameter: take
// traveler's figures (the default) or keep the file's official ones.
var figureChoices = []string{"traveler", "official"}

// xmlTypes are the media types read as a USEBIO file.
var xmlTypes = []string{"application/xml", "text/xml"}

// ImportResponse is the answer to POST /v1/events/import: the event as
// stored, the sections it was given, and how the file was read.
type ImportResponse struct {
	EventResponse
	Sections []SectionRefDTO `json:"sections"`
	File     FileReadDTO     `json:"file"`
}

// FileReadDTO says how a results file was read: its format, its text
// encoding, and every assumption traveler made (a note each).
type FileReadDTO struct {
	Format   string    `json:"format"`
	Encoding string    `json:"encoding"`
	Notes    []NoteDTO `json:"notes"`
	// Differences are the file's own figures traveler does not reproduce
	// from its lines (reports.Difference), as read.
	Differences []FigureDifferenceDTO `json:"differences"`
	// Figures says whose figures the import kept: "traveler" or "official"
	// (the file's line points as the director's corrections); "" when the
	// file was only read.
	Figures string `json:"figures,omitempty"`
	// Corrections is how many line sides were given the file's figure.
	Corrections int `json:"corrections,omitempty"`
	// Remaining are the file's figures the imported event still does not
	// show, corrections and all: a pair's figure a line's points cannot
	// reproduce. Absent when nothing was imported.
	Remaining []FigureDifferenceDTO `json:"remaining,omitempty"`
}

// FigureDifferenceDTO is one figure of a file's own that differs from
// traveler's: where, which, the two figures and by how much.
type FigureDifferenceDTO struct {
	Line      int     `json:"line"`
	Element   string  `json:"element"`
	Section   string  `json:"section,omitempty"`
	Figure    string  `json:"figure"` // points, line_percentage (a line's, PBN's Percentage_NS/EW), total, percentage or place
	Board     int     `json:"board,omitempty"`
	Round     int     `json:"round,omitempty"`
	Table     int     `json:"table,omitempty"`
	Side      string  `json:"side,omitempty"`
	Pair      string  `json:"pair,omitempty"`
	Direction string  `json:"direction,omitempty"`
	File      string  `json:"file"`
	Traveler  float64 `json:"traveler"`
	By        float64 `json:"by"`
	Rounding  bool    `json:"rounding"`
	Where     string  `json:"where"`
	Why       string  `json:"why"`
}

// NewFigureDifferences converts a file's differing figures to their answer.
func NewFigureDifferences(ds []reports.Difference) []FigureDifferenceDTO {
	return convert(ds, func(d reports.Difference) FigureDifferenceDTO {
		return FigureDifferenceDTO{Line: d.Line, Element: d.Element, Section: d.Section, Figure: d.Figure, Board: d.Board, Round: d.Round, Table: d.Table,
			Side: d.Side, Pair: d.Pair, Direction: d.Direction, File: d.File, Traveler: d.Traveler, By: d.By, Rounding: d.Rounding, Where: d.Where(), Why: d.Why}
	})
}

// NoteDTO is something traveler assumed or found reading a file: where
// (line 0 and element "" for the whole file) and what.
type NoteDTO struct {
	Line    int    `json:"line"`
	Element string `json:"element"`
	Note    string `json:"note"`
}

// NewFileReadDTO converts how a file was read to its answer.
func NewFileReadDTO(f *reports.ResultsFile) FileReadDTO {
	return FileReadDTO{Format: string(f.Format), Encoding: f.Encoding, Notes: convert(f.Notes, func(n reports.Note) NoteDTO {
		return NoteDTO{Line: n.Line, Element: n.Element, Note: n.Text}
	}), Differences: NewFigureDifferences(f.Differences)}
}

// ImportedFileDTO is how a file was read and imported: figures is whose
// figures the director chose ("official" kept the file's as corrections,
// of which there are corrections), stored the event as imported, compared
// with the file again.
func ImportedFileDTO(f *reports.ResultsFile, figures string, corrections int, stored tournament.EventData) FileReadDTO {
	out := NewFileReadDTO(f)
	out.Figures, out.Corrections = figures, corrections
	out.Remaining = NewFigureDifferences(f.Compare(stored))
	return out
}

// ImportFigures reads the choice of whose figures an import keeps:
// "traveler" (also "") or "official"; field names the option for the error.
func ImportFigures(field, v string) (string, error) {
	switch v = strings.TrimSpace(v); v {
	case "", "traveler":
		return "traveler", nil
	case "official":
		return v, nil
	}
	return "", badRequest(field, strconv.Quote(v)+": not a choice of figures", figureChoices...)
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

// importEvent answers POST /v1/events/import: it reads the body as a
// USEBIO or PBN results file and stores the whole event, or nothing
// (directors only). The query says what the file leaves open: format
// (usebio or pbn; else from the Content-Type, else sniffed), method,
// name, date, encoding, strict=true to refuse a written score that
// disagrees with its contract or a figure of the file's own that traveler
// does not reproduce (by default a note), and figures=official to keep the
// file's line points as the director's corrections (figures=traveler, the
// default, takes traveler's). A file an event holds
// already (the same bytes) is a 409 naming the event, unless again=true.
func (s *server) importEvent(c echo.Context) error {
	a := actor(c)
	if err := mayImport(a); err != nil {
		return err
	}
	opt, err := readOptions(c)
	if err != nil {
		return err
	}
	figures, err := ImportFigures("figures", c.QueryParam("figures"))
	if err != nil {
		return err
	}
	body, err := readBody(c.Request())
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return badRequest("body", "empty: expected a USEBIO or PBN results file")
	}
	if opt.Format == "" && reports.SniffFormat("", body) == "" {
		return badRequest("format", "not given, and neither the Content-Type "+strconv.Quote(c.Request().Header.Get(echo.HeaderContentType))+
			" nor the body's first character says which file this is: add ?format=", "usebio", "pbn")
	}
	f, err := reports.ReadResults(bytes.NewReader(body), opt)
	if err != nil {
		return fileError(err)
	}
	again, err := boolParam(c, "again")
	if err != nil {
		return err
	}
	corrections := 0
	if figures == "official" {
		corrections = f.KeepOfficial()
	}
	d := f.Event
	d.Digest = f.Digest[:]
	stored, err := s.svc.ImportEventWith(c.Request().Context(), a, d, tournament.ImportOptions{Again: again, Scored: true})
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/events/"+strconv.FormatInt(stored.Event.ID, 10))
	return c.JSON(http.StatusCreated, ImportResponse{EventResponse: NewEventResponse(stored.Event), Sections: newSectionRefs(stored), File: ImportedFileDTO(f, figures, corrections, stored)})
}

// FiguresResponse answers POST /v1/events/{id}/figures: whose figures the
// event now shows and how many line sides changed.
type FiguresResponse struct {
	Figures string `json:"figures"` // "official" or "traveler"
	Changed int    `json:"changed"` // the line sides corrected (official) or lifted (traveler); 0 when already as asked
}

// keepFigures answers POST /v1/events/{id}/figures?figures=official|traveler
// (directors only): an event imported from a file with figures of its own
// switches between the file's line points (the director's corrections,
// audited, flagged on the travelers) and traveler's
// (tournament.Service.KeepFigures); an event not imported from such a
// file is a 409.
func (s *server) keepFigures(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	for name := range c.QueryParams() {
		if name != "figures" {
			return badRequest(name, "not a query parameter here", "figures")
		}
	}
	if c.QueryParam("figures") == "" {
		return badRequest("figures", "missing: whose figures the event shows", figureChoices...)
	}
	figures, err := ImportFigures("figures", c.QueryParam("figures"))
	if err != nil {
		return err
	}
	n, err := s.svc.KeepFigures(c.Request().Context(), actor(c), id, figures)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, FiguresResponse{Figures: figures, Changed: n})
}

// readOptions reads the import's query parameters into ReadOptions; the
// format comes from ?format=, else from the Content-Type (XML: USEBIO, PBN's
// own: PBN), else ReadResults sniffs it.
func readOptions(c echo.Context) (reports.ReadOptions, error) {
	var opt reports.ReadOptions
	for name := range c.QueryParams() {
		if !slices.Contains(importParams, name) {
			return opt, badRequest(name, "not a query parameter here", importParams...)
		}
	}
	q := c.QueryParam
	var err error
	if opt.Format, err = reports.ParseFormat(q("format")); err != nil {
		return opt, badRequest("format", strconv.Quote(q("format"))+": not a file format traveler imports", "usebio", "pbn")
	}
	if opt.Format == "" {
		mt, _, _ := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType))
		switch {
		case isXML(mt):
			opt.Format = reports.FormatUSEBIO
		case isPBN(mt):
			opt.Format = reports.FormatPBN
		}
	}
	if opt.Method, err = reports.ParseMethod(q("method")); err != nil {
		return opt, badRequest("method", strconv.Quote(q("method"))+": not a scoring method", methodNames()...)
	}
	opt.Name, opt.Date, opt.Encoding = strings.TrimSpace(q("name")), strings.TrimSpace(q("date")), strings.TrimSpace(q("encoding"))
	if opt.Date != "" {
		if _, err := time.Parse(time.DateOnly, opt.Date); err != nil {
			return opt, badRequest("date", strconv.Quote(opt.Date)+": not a date", "YYYY-MM-DD")
		}
	}
	if _, err := reports.ParseEncoding(opt.Encoding); err != nil {
		return opt, badRequest("encoding", strconv.Quote(opt.Encoding)+": not an encoding traveler reads", reports.Encodings...)
	}
	switch v := q("strict"); v {
	case "", "false":
	case "true":
		opt.Strict = true
	default:
		return opt, badRequest("strict", strconv.Quote(v)+": not a boolean", "true", "false")
	}
	return opt, nil
}

// methodNames lists the scoring methods by name.
func methodNames() []string {
	return convert(tournament.Methods, func(m tournament.Method) string { return string(m) })
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

// isXML reports whether a media type is one of xmlTypes.
func isXML(mt string) bool {
	for _, t := range xmlTypes {
		if strings.EqualFold(mt, t) {
			return true
		}
	}
	return false
}

// fileError is a file reports cannot read, for the one status table
// (api/internal/problem): a *reports.FileError as it is (a 422 whose field
// names the line and element, "file: line 12 BOARD/TRAVELLER_LINE/SCORE",
// and whose message says what was found and what was expected), any other
// reader's error an ErrInvalid about "file".
func fileError(err error) error {
	var fe *reports.FileError
	if errors.As(err, &fe) {
		return err
	}
	return tournament.Invalidf("file", "file: not a results file traveler can read: "+err.Error())
}
