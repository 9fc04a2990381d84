package web

import (
	"bytes"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// importRoutes adds the director's import page: a results file (USEBIO or
// PBN) stored as a new event, the file's own figures compared with
// traveler's, and the director's choice of whose to keep (issue 27 §2).
func (p *Pages) importRoutes(d *echo.Group) {
	d.GET("/import", p.importPage)
	d.POST("/import", p.postImport)
	d.POST("/events/:id/figures", p.switchFigures)
	p.formPages["/director/import"] = behind(p.directorOnly, p.importPageError)
}

// switchFigures switches an imported event between the file's official
// line points and traveler's (tournament.Service.KeepFigures: each side a
// correction set or lifted, audited), from the import page's button, and
// shows the event's page saying how many sides changed; an event not
// imported from a file with figures of its own is refused there.
func (p *Pages) switchFigures(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.eventPageError(c, err)
	}
	figures := c.FormValue("figures")
	n, err := p.svc.KeepFigures(c.Request().Context(), actor(c), id, figures)
	if err != nil {
		return p.eventPageError(c, err)
	}
	sides := strconv.Itoa(n) + " line side"
	if n != 1 {
		sides += "s"
	}
	done := "Kept the file's official figures: " + sides + " corrected, each in the event's changes and flagged TD on its traveler"
	if figures == "traveler" {
		done = "Took traveler's figures: " + sides + " of the file's lifted, each in the event's changes"
	}
	return redirect(c, "/director/events/"+strconv.FormatInt(id, 10), done)
}

// importData is the import page's data: after an import, the event as
// stored and how the file was read — its notes, the figures of its own
// that differ from traveler's, whose were kept and what still differs.
type importData struct {
	Imported    *tournament.Event
	Sections    []tournament.Section
	Notes       []reports.Note // what the reader noted, but the differences
	Differences []reports.Difference
	Figures     string // "traveler" or "official"
	Corrections int
	Remaining   []reports.Difference
}

// importPage shows the form: the file, whose figures to keep where the
// file's own differ from traveler's, and whether such a file is refused.
func (p *Pages) importPage(c echo.Context) error {
	return p.render(c, 200, "event_import.html", View{Title: "Import a results file", Form: map[string]string{"figures": "traveler"}, Data: importData{}})
}

// importPageError shows the form again with err, and the fields sent.
func (p *Pages) importPageError(c echo.Context, arrived map[string]string, err error) error {
	v := View{Title: "Import a results file", Data: importData{}}
	if arrived != nil {
		v.Form = arrived
	}
	return p.renderError(c, "event_import.html", v, err)
}

// postImport reads the uploaded file as the API's import does
// (reports.ReadResults; strict refuses a file whose figures differ),
// keeps the file's official line points when the director chose them
// (ResultsFile.KeepOfficial: corrections, audited), stores the event all or
// nothing and shows what was read, what differs and what was kept.
func (p *Pages) postImport(c echo.Context) error {
	figures := c.FormValue("figures")
	if figures != "traveler" && figures != "official" {
		return p.importPageError(c, nil, tournament.Invalidf("figures", strconv.Quote(figures)+" is not a choice of figures", "traveler", "official"))
	}
	body, err := uploadedFile(c, "file", "file", "the results file (USEBIO or PBN)")
	if err != nil {
		return p.importPageError(c, nil, err)
	}
	name := ""
	if fh, err := c.FormFile("file"); err == nil {
		name = fh.Filename
	}
	f, err := reports.ReadResults(bytes.NewReader(body), reports.ReadOptions{Source: name, Strict: c.FormValue("strict") == "on"})
	if err != nil {
		return p.importPageError(c, nil, fileRefused(err))
	}
	corrections := 0
	if figures == "official" {
		corrections = f.KeepOfficial()
	}
	d := f.Event
	d.Digest = f.Digest[:]
	stored, err := p.svc.ImportEventWith(c.Request().Context(), actor(c), d, tournament.ImportOptions{Scored: true, Again: c.FormValue("again") == "on"})
	if err != nil {
		return p.importPageError(c, nil, err)
	}
	var notes []reports.Note // the rest: each difference is in the table
	for _, n := range f.Notes {
		if !n.Difference() {
			notes = append(notes, n)
		}
	}
	data := importData{Imported: &stored.Event, Notes: notes, Differences: f.Differences, Figures: figures, Corrections: corrections, Remaining: f.Compare(stored)}
	for _, sd := range stored.Sections {
		data.Sections = append(data.Sections, sd.Section)
	}
	return p.render(c, 200, "event_import.html", View{Title: "Import a results file", Flash: "Imported: " + stored.Event.Name, Form: map[string]string{"figures": figures}, Data: data})
}

// fileRefused is a file the reader refused, for the page: its line,
// element and what was expected, about the file input.
func fileRefused(err error) error {
	if fe, ok := err.(*reports.FileError); ok {
		return tournament.Invalidf("file", fe.Error())
	}
	return tournament.Invalidf("file", "not a results file traveler can read: "+err.Error())
}
