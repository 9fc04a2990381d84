package web

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/internal/download"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// sectionRow is one section on the event page.
type sectionRow struct {
	Section  tournament.Section
	Pairs    int  // pairs entered
	Finished int  // boards finished: those the public sees (tournament.FinishedBoards)
	Places   int  // pairs the movement has room for, a half table's missing pair not counted
	Over     bool // every board finished (tournament.SessionOver): no round to show
}

// eventPageData is the event page's data.
type eventPageData struct {
	Event       tournament.Event
	LawOptions  []string // "Label: value" (the option in plain words), sorted
	Description string   // the scoring method in plain words
	Sections    []sectionRow
	Files       []fileLink
	USEBIOLinks bool   // the last download failed for want of one section: show the per-section links first
	NoUSEBIO    string // why a USEBIO file cannot hold the event ("" when it can)
	PublicSees  string // what published standings show: "12 of 13 boards finished"
	Tables      View   // the table options form: its values and the field an error is about
	TableWords  string // what the tables see, in plain words
	Knockout    bool   // the event has knockout matches: link the bracket
	Overall     View   // the ranking form (setup_event_overall.go): its values and the field an error is about
	OverallSays string // how sections and sessions are ranked, in plain words
}

// fileLink is one download of the event page.
type fileLink struct {
	ID, File, Label string
}

// eventFiles are the event's downloads: file name, element id and label.
var eventFiles = []fileLink{
	{ID: "download-xlsx", File: "report.xlsx", Label: "Workbook with every report (Excel)"},
	{ID: "download-standings-csv", File: "standings.csv", Label: "Standings (CSV)"},
	{ID: "download-overall-csv", File: "overall.csv", Label: "Overall standings (CSV)"},
	{ID: "download-travelers-csv", File: "travelers.csv", Label: "Travelers (CSV)"},
	{ID: "download-usebio", File: "usebio.xml", Label: "USEBIO 1.2 (XML, one section)"},
	{ID: "download-pbn", File: "results.pbn", Label: "Hand records and results (PBN)"},
}

// eventPage shows an event: its sections, publishing and downloads.
func (p *Pages) eventPage(c echo.Context) error {
	d, err := p.eventPageData(c)
	if err != nil {
		return p.renderError(c, "event_page.html", View{Title: "Event"}, err)
	}
	return p.render(c, http.StatusOK, "event_page.html", View{Title: d.Event.Name, Data: d})
}

// eventPageData reads what the event page shows.
func (p *Pages) eventPageData(c echo.Context) (eventPageData, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return eventPageData{}, err
	}
	ctx, a := c.Request().Context(), actor(c)
	ev, err := p.svc.Event(ctx, a, id)
	if err != nil {
		return eventPageData{}, err
	}
	secs, err := p.svc.Sections(ctx, a, id)
	if err != nil {
		return eventPageData{}, err
	}
	d := eventPageData{Event: ev, Description: methodDescriptions[ev.Scoring], Files: eventFiles, Tables: View{Form: tableOptionsForm(ev)}, TableWords: tableOptionWords(ev),
		Overall: View{Form: overallForm(ev)}, OverallSays: overallWords(ev)}
	if err := reports.USEBIOHolds(ev); err != nil {
		d.NoUSEBIO = err.Error()
		d.Files = slices.DeleteFunc(slices.Clone(eventFiles), func(f fileLink) bool { return f.File == "usebio.xml" })
	}
	for k, v := range ev.LawOptions {
		label := k
		if o, ok := ev.Law.LookupOption(k); ok && o.Label != "" {
			label = o.Label
		}
		d.LawOptions = append(d.LawOptions, label+": "+lawOptionText(v))
	}
	sort.Strings(d.LawOptions)
	for _, s := range secs {
		pairs, err := p.svc.Pairs(ctx, a, s.ID)
		if err != nil {
			return eventPageData{}, err
		}
		results, err := p.svc.Results(ctx, a, tournament.ResultFilter{SectionID: s.ID})
		if err != nil {
			return eventPageData{}, err
		}
		d.Knockout = d.Knockout || s.Spec.Kind == "knockout"
		places := s.Movement.Entrants() // an individual's places are its players
		if s.Movement.Phantom != 0 {
			places-- // a half table's missing pair is no place to fill
		}
		d.Sections = append(d.Sections, sectionRow{Section: s, Pairs: len(pairs), Finished: countFinished(&s, results), Places: places,
			Over: tournament.SessionOver(&s, results)})
	}
	d.PublicSees = publicSees(d.Sections)
	return d, nil
}

// countFinished counts a section's finished boards, by the one rule the
// public pages, the API and the exports follow (tournament.FinishedBoards).
func countFinished(sec *tournament.Section, results []tournament.Result) int {
	n := 0
	for _, done := range tournament.FinishedBoards(sec, results) {
		if done {
			n++
		}
	}
	return n
}

// publicSees says what the public sees of published standings: "12 of 13
// boards finished", section by section when there are several.
func publicSees(rows []sectionRow) string {
	if len(rows) == 0 {
		return "no section yet"
	}
	var parts []string
	for _, r := range rows {
		s := strconv.Itoa(r.Finished) + " of " + strconv.Itoa(r.Section.Movement.Boards) + " boards finished"
		if len(rows) > 1 {
			s = "section " + r.Section.Name + ": " + s
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// lawOptionText writes a law option's value: yes/no or the number.
func lawOptionText(v any) string {
	switch x := v.(type) {
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return "?"
}

// publishEvent publishes the event's standings and travelers, or takes
// them back (published=false).
func (p *Pages) publishEvent(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "event_page.html", View{Title: "Event"}, err)
	}
	publish, err := strconv.ParseBool(c.FormValue("published"))
	if err != nil {
		return p.eventPageError(c, tournament.Invalidf("published", strconv.Quote(c.FormValue("published"))+": use the Publish or Unpublish button", "true", "false"))
	}
	ev, err := p.svc.UpdateEvent(c.Request().Context(), actor(c), id, tournament.EventPatch{Published: &publish})
	if err != nil {
		return p.eventPageError(c, err)
	}
	d, err := p.eventPageData(c)
	if err != nil {
		return p.eventPageError(c, err)
	}
	done := "Published: " + d.PublicSees + ". Anyone can now see the standings and travelers of " + ev.Name + "; a board shows once every table that plays it has its result in"
	if !publish {
		done = "Unpublished: only directors can see " + ev.Name + " now"
	}
	return redirect(c, "/director/events/"+strconv.FormatInt(id, 10), done)
}

// eventPageError shows the event page again with err above it.
func (p *Pages) eventPageError(c echo.Context, err error) error {
	d, rerr := p.eventPageData(c)
	if rerr != nil {
		return p.renderError(c, "event_page.html", View{Title: "Event"}, rerr)
	}
	var te *tournament.Error
	d.USEBIOLinks = errors.As(err, &te) && te.Field == "section"
	return p.renderError(c, "event_page.html", View{Title: d.Event.Name, Data: d, Form: map[string]string{}}, err)
}

// eventFile writes one download of the event (of one section with
// ?section=ID) as an attachment; a file that cannot be written shows the
// event page with the reason.
func (p *Pages) eventFile(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "event_page.html", View{Title: "Event"}, err)
	}
	name := c.Param("file")
	fw, ok := reports.FileNamed(name)
	if !ok {
		names := make([]string, 0, len(eventFiles))
		for _, f := range eventFiles {
			names = append(names, f.File)
		}
		return p.eventPageError(c, &tournament.Error{Kind: tournament.ErrNotFound, Field: "file", Message: strconv.Quote(name) + ": not a file traveler writes", Allowed: names})
	}
	var part tournament.EventPart
	if s := c.QueryParam("section"); s != "" {
		sid, perr := strconv.ParseInt(s, 10, 64)
		if perr != nil {
			return p.eventPageError(c, tournament.Invalidf("section", strconv.Quote(s)+": not a section number"))
		}
		part.SectionID = sid
	}
	ev, err := p.svc.Event(c.Request().Context(), actor(c), id)
	if err != nil {
		return p.eventPageError(c, err)
	}
	// Made as the API makes it (the same name, part and writer: one making
	// for both), once per version of the event, on the Service's bounded
	// workers.
	out, err := p.svc.Heavy(c.Request().Context(), actor(c), id, part, name, download.Write(fw))
	if err != nil {
		return p.eventPageError(c, downloadError(name, err)) // refused before any of it was sent
	}
	return download.Send(c, downloadName(ev, name), fw.MediaType, out)
}

// downloadError explains why a file could not be written: the writers refuse
// what the file format cannot hold, in words a director can act on.
func downloadError(name string, err error) error {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return err // not the file's: the request's time ran out while it was made
	}
	var te *tournament.Error
	if errors.As(err, &te) {
		return &tournament.Error{Kind: te.Kind, Field: te.Field, Message: name + " cannot be written: " + te.Message, Allowed: te.Allowed}
	}
	return tournament.Invalidf("file", name+" cannot be written: "+err.Error())
}

// downloadName names a download after its event, e.g. "club-pairs-2026-05-01-report.xlsx".
func downloadName(e tournament.Event, file string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(e.Name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	slug := strings.TrimRight(b.String(), "-")
	if slug == "" {
		slug = "event-" + strconv.FormatInt(e.ID, 10)
	}
	return slug + "-" + e.Date + "-" + file
}
