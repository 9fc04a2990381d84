package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// publicRoutes adds the pages anyone may read once the director publishes
// an event: the events, live standings, travelers of finished boards, a
// pair's scorecard and the Royalton report.
func (p *Pages) publicRoutes(e *echo.Echo) {
	e.GET("/", p.homePage, p.identify)
	e.GET("/events/:id", p.publicEventPage, p.identify)
	e.GET("/events/:id/royalton", p.publicRoyaltonPage, p.identify)
	e.GET("/events/:id/bracket", p.publicBracketPage, p.identify)
	e.GET("/events/:id/standings", p.overallPage, p.identify)
	e.GET("/sections/:id/standings", p.standingsPage, p.identify)
	e.GET("/sections/:id/travelers/:board", p.publicTravelerPage, p.identify)
	e.GET("/sections/:id/scorecards/:pair", p.scorecardPage, p.identify)
	e.GET("/sections/:id/boards", p.publicBoardsPage, p.identify)
}

// messageData is the data of a page that only says something.
type messageData struct {
	Text string
}

// publicError renders what a public page could not show: "not published
// yet" (403) for an event the director has not published, else the error
// explained (404 for what does not exist).
func (p *Pages) publicError(c echo.Context, err error) error {
	if errors.Is(err, tournament.ErrUnauthorized) || errors.Is(err, tournament.ErrForbidden) {
		return p.render(c, http.StatusForbidden, "public_message.html", View{Title: "Not published yet",
			Data: messageData{Text: "The director has not published these results yet. They appear here as soon as the director publishes the event."}})
	}
	return p.renderError(c, "public_message.html", View{Title: "Results"}, err)
}

// homeData is the home page's data.
type homeData struct {
	Events []tournament.Event
}

// homePage lists the published events (every event for a signed-in
// director, the unpublished marked).
func (p *Pages) homePage(c echo.Context) error {
	events, err := p.svc.Events(c.Request().Context(), actor(c))
	if err != nil {
		return p.publicError(c, err)
	}
	return p.render(c, http.StatusOK, "public_home.html", View{Title: "Results", Data: homeData{Events: events}})
}

// sectionLinks is a section on the public event page: its boards, the
// finished ones linked to their travelers.
type sectionLinks struct {
	Section  tournament.Section
	Boards   []boardLink
	Finished int
	Over     bool // the session is over: its frequencies and hand records are public
}

// boardLink is a board on the event page.
type boardLink struct {
	Number   int
	Finished bool
}

// publicEventData is the public event page's data.
type publicEventData struct {
	Event    tournament.Event
	Sections []sectionLinks
	Knockout bool // the event has knockout matches: link its bracket
}

// publicEventPage shows a published event's sections with their standings
// and travelers.
func (p *Pages) publicEventPage(c echo.Context) error {
	ctx, a := c.Request().Context(), actor(c)
	id, err := pathID(c, "id")
	if err != nil {
		return p.publicError(c, err)
	}
	ev, err := p.svc.Event(ctx, a, id)
	if err != nil {
		return p.publicError(c, err)
	}
	secs, err := p.svc.Sections(ctx, a, id)
	if err != nil {
		return p.publicError(c, err)
	}
	d := publicEventData{Event: ev}
	for _, sec := range secs {
		d.Knockout = d.Knockout || sec.Spec.Kind == "knockout"
		results, err := p.svc.Results(ctx, a, tournament.ResultFilter{SectionID: sec.ID})
		if err != nil {
			return p.publicError(c, err)
		}
		done := tournament.FinishedBoards(&sec, results)
		sl := sectionLinks{Section: sec}
		for b := 1; b <= sec.Movement.Boards; b++ {
			sl.Boards = append(sl.Boards, boardLink{Number: b, Finished: done[b]})
			if done[b] {
				sl.Finished++
			}
		}
		sl.Over = tournament.SessionOver(&sec, results)
		d.Sections = append(d.Sections, sl)
	}
	return p.render(c, http.StatusOK, "public_event.html", View{Title: ev.Name, Data: d})
}

// standingRow is a pair's line in the standings.
type standingRow struct {
	tournament.Standing
	PlaceText string // the place, "=" after a tie: "2="
	Scorecard string // the pair's scorecard page
	gradeText
}

// gradeText is a graded row's places as written: in a section's standings
// and in the overall ranking alike (markGraded).
type gradeText struct {
	StrataText  []string // stratified: its place in each stratum below the top ("" where it is not ranked), ties marked
	ScratchText string   // a handicap event: the place without the handicap, ties marked
}

// standingsField is one ranking: the whole section, or one direction of a
// two-winner Mitchell.
type standingsField struct {
	ID        string // the table's id
	Direction string // "NS", "EW", or "" for one field
	Caption   string
	Rows      []standingRow
	ShowPct   bool        // the method gives percentages
	Grading   gradingView // the section's strata and handicap, the columns they take
	Entrant   string      // the heading of who is ranked: "Pair", or "Player" in an individual
	Penalties []string    // the procedural penalties of its pairs, one a line (penaltyNotes); nil: none, and no penalty column
}

// standingsData is the standings page's data.
type standingsData struct {
	Event   tournament.Event
	Section tournament.Section
	Method  tournament.Method
	Results int
	ShowPct bool // the method gives percentages
	Fields  []standingsField
	Split   bool          // two fields, wrapped in one element with id standings
	Refresh int           // seconds between reloads
	Over    bool          // every board finished: the standings are final
	Teams   *teamsView    // a teams method and a Swiss pairs: the (Swiss) table and the matches, instead of Fields
	Running *runningScore // a knockout match: its running score by segment
	Grading gradingView
	Field   int // the sections its boards were compared over, scored across the field; 0 within the section
}

// gradingView is what the standings page says of a graded section: the
// strata below the top (a column each), whether places rank a handicap,
// and which of the usual columns it keeps on a phone's width (a graded
// section's boards played are on each pair's scorecard).
type gradingView struct {
	Top       string               // the top stratum's name (the whole field); "": not stratified
	Lower     []tournament.Stratum // the strata below the top, a column each
	Handicap  string               // "percent", "points" or ""
	Plain     bool                 // neither: every usual column
	ShowTotal bool                 // the total column: all but a handicap in percent
	ShowPct   bool                 // the percentage column (where the method gives one): all but a handicap in points
}

// newGradingView is the standings page's view of a section's grading.
func newGradingView(g *tournament.Grading) gradingView {
	v := gradingView{Handicap: g.Handicap, Plain: !g.Stratified() && !g.Handicapped(),
		ShowTotal: g.Handicap != tournament.HandicapPercent, ShowPct: g.Handicap != tournament.HandicapPoints}
	if g.Stratified() {
		v.Top, v.Lower = g.Strata[0].Name, g.Strata[1:]
	}
	return v
}

// refreshSeconds is how often the standings page reloads itself.
const refreshSeconds = 30

// standingsPage shows a section's live standings; the page reloads itself.
func (p *Pages) standingsPage(c echo.Context) error {
	ctx, a := c.Request().Context(), actor(c)
	id, err := pathID(c, "id")
	if err != nil {
		return p.publicError(c, err)
	}
	st, err := p.svc.Standings(ctx, a, id)
	if err != nil {
		return p.publicError(c, err)
	}
	d := standingsData{Event: st.Event, Section: st.Section, Method: st.Method, Results: st.Results, Refresh: refreshSeconds,
		ShowPct: st.Method.HasPercentage(), Over: st.Over, Field: st.FieldSections}
	if st.Method.Teams() || st.Section.Spec.SwissPairs() {
		d.Teams = teamsStandings(&st)
		// A Swiss is over only once its last round is released and played.
		d.Over = d.Over && d.Teams.Released >= d.Teams.Of
		if d.Teams.Knockout {
			km, err := p.svc.Knockout(ctx, a, id)
			if err != nil {
				return p.publicError(c, err)
			}
			d.Running = runningScoreOf(&km)
		}
	} else {
		d.Fields = standingsFields(&st)
	}
	d.Split = len(d.Fields) > 1
	d.Grading = newGradingView(&st.Section.Grading)
	return p.render(c, http.StatusOK, "public_standings.html", View{Title: "Standings · " + st.Event.Name + " · section " + st.Section.Name, Data: d})
}

// standingsFields splits standings into their rankings: one per direction
// in a two-winner Mitchell, else one.
func standingsFields(st *tournament.Standings) []standingsField {
	var fields []standingsField
	if st.Section.Movement.Winners == 2 {
		fields = []standingsField{
			{ID: "standings-ns", Direction: "NS", Caption: "North-South"},
			{ID: "standings-ew", Direction: "EW", Caption: "East-West"},
		}
	} else {
		fields = []standingsField{{ID: "standings", Caption: "Section " + st.Section.Name}}
	}
	for i := range fields {
		fields[i].ShowPct, fields[i].Grading = st.Method.HasPercentage(), newGradingView(&st.Section.Grading)
		fields[i].Entrant = "Pair"
		if st.Section.Movement.Kind == movement.KindIndividual {
			fields[i].Entrant = "Player"
		}
	}
	for _, s := range st.Pairs {
		for i := range fields {
			if fields[i].Direction == "" || fields[i].Direction == s.Direction {
				fields[i].Rows = append(fields[i].Rows, standingRow{Standing: s,
					Scorecard: scorecardPath(st.Section.ID, s.Number, s.Direction)})
			}
		}
	}
	for i := range fields {
		fields[i].Penalties = penaltyNotes(st.Pairs, fields[i].Direction)
		markTies(fields[i].Rows, st.Event.Conv())
		rows := fields[i].Rows
		markGraded(&st.Section.Grading, len(rows), func(k int) (*tournament.Grade, *gradeText) { return &rows[k].Grade, &rows[k].gradeText })
	}
	return fields
}

// markGraded writes a graded ranking's places (row i's grade and where
// its text goes, n rows): each row's place in every stratum below the top
// ("" where the pair is not ranked in it) and its scratch place, "=" after
// a tie, as markTies writes the overall place.
func markGraded(g *tournament.Grading, n int, row func(i int) (*tournament.Grade, *gradeText)) {
	if g.Handicapped() {
		shared := map[int]int{}
		for i := range n {
			gd, _ := row(i)
			shared[gd.Scratch]++
		}
		for i := range n {
			gd, t := row(i)
			t.ScratchText = strconv.Itoa(gd.Scratch)
			if shared[gd.Scratch] > 1 {
				t.ScratchText += "="
			}
		}
	}
	for j := 1; j < len(g.Strata); j++ {
		shared := map[int]int{}
		for i := range n {
			if gd, _ := row(i); j < len(gd.Strata) {
				shared[gd.Strata[j].Place]++
			}
		}
		for i := range n {
			gd, t := row(i)
			text := ""
			if j < len(gd.Strata) {
				place := gd.Strata[j].Place
				text = strconv.Itoa(place)
				if shared[place] > 1 {
					text += "="
				}
			}
			t.StrataText = append(t.StrataText, text)
		}
	}
}

// markTies writes each place as the event's convention writes a shared
// one ("3=", "4-5"); under a convention that writes it plainly
// (traveler's own) the page still marks it "3=", so a reader sees the tie.
func markTies(rows []standingRow, conv scoring.Convention) {
	shared := map[int]int{}
	for _, r := range rows {
		shared[r.Place]++
	}
	if conv.Ties == scoring.TiesPlain {
		conv.Ties = scoring.TiesEquals
	}
	for i := range rows {
		rows[i].PlaceText = conv.Place(rows[i].Place, shared[rows[i].Place])
	}
}

// scorecardPath is the page of a pair's scorecard.
func scorecardPath(sectionID int64, number, direction string) string {
	path := "/sections/" + strconv.FormatInt(sectionID, 10) + "/scorecards/" + number
	if direction != "" {
		path += "?direction=" + direction
	}
	return path
}
