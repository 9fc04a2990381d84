package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// changeRoutes adds the pages that change what is set up (issue 13 §1):
// a pair's players, number and withdrawal, a team's roster, a section's
// name and session, deleting a pair, a section or an event, and the
// event's changes. Each calls the Service, which audits the change.
func (p *Pages) changeRoutes(d *echo.Group) {
	d.GET("/sections/:id/pairs/:pair", p.pairPage)
	d.POST("/sections/:id/pairs/:pair", p.updatePair)
	d.POST("/sections/:id/pairs/:pair/withdraw", p.withdrawPair)
	d.POST("/sections/:id/pairs/:pair/delete", p.deletePair)
	d.GET("/sections/:id/teams/:team", p.teamPage)
	d.POST("/sections/:id/teams/:team", p.updateTeam)
	d.POST("/sections/:id/change", p.changeSection)
	d.POST("/sections/:id/law", p.changeSectionLaw)
	d.GET("/sections/:id/delete", p.sectionDeletePage)
	d.POST("/sections/:id/delete", p.deleteSection)
	d.GET("/events/:id/delete", p.eventDeletePage)
	d.POST("/events/:id/delete", p.deleteEvent)
	d.GET("/events/:id/changes", p.changesPage)
	p.movementRoutes(d)
	p.gradingRoutes(d)
	p.penaltyRoutes(d)
}

// pairRows is how many players the pair form offers: the pair and two
// substitutes (tournament.checkPairs allows 4).
const pairRows = 4

// pairPageData is a pair's page: its players, its withdrawal, its deletion.
type pairPageData struct {
	Event      tournament.Event
	Section    tournament.Section
	Pair       tournament.Pair
	Name       string                  // "pair 3 NS"
	Mitchell   bool                    // the pair has a direction to change
	Rows       []int                   // the player rows, 0 to pairRows-1
	Rounds     []int                   // the rounds it may leave from
	Changes    string                  // the event's changes page, this section's
	Artificial bool                    // the withdrawal form shows an artificial score chosen
	Individual bool                    // an individual: a row after the first is a substitute for some rounds
	Entrant    string                  // what the page's entrant is called: "pair", or "player" in an individual
	Roster     []tournament.ClubPlayer // the club's players the form's lists offer
}

// pairLabel names a pair as a page says it: "pair 3 NS", "pair 5".
func pairLabel(pr tournament.Pair) string {
	if pr.Direction == "" {
		return "pair " + pr.Number
	}
	return "pair " + pr.Number + " " + pr.Direction
}

// sectionPair reads the section and the pair the path names; a pair of
// another section, or deleted, is not found.
func (p *Pages) sectionPair(c echo.Context) (tournament.Event, tournament.Section, tournament.Pair, error) {
	ctx, a := c.Request().Context(), actor(c)
	sid, err := pathID(c, "id")
	if err != nil {
		return tournament.Event{}, tournament.Section{}, tournament.Pair{}, err
	}
	pid, err := pathID(c, "pair")
	if err != nil {
		return tournament.Event{}, tournament.Section{}, tournament.Pair{}, err
	}
	sec, err := p.svc.Section(ctx, a, sid)
	if err != nil {
		return tournament.Event{}, tournament.Section{}, tournament.Pair{}, err
	}
	ev, err := p.svc.Event(ctx, a, sec.EventID)
	if err != nil {
		return tournament.Event{}, tournament.Section{}, tournament.Pair{}, err
	}
	pairs, err := p.svc.Pairs(ctx, a, sid)
	if err != nil {
		return tournament.Event{}, tournament.Section{}, tournament.Pair{}, err
	}
	for _, pr := range pairs {
		if pr.ID == pid {
			return ev, sec, pr, nil
		}
	}
	return tournament.Event{}, tournament.Section{}, tournament.Pair{}, &tournament.Error{Kind: tournament.ErrNotFound, Field: "pair",
		Message: "section " + sec.Name + " has no pair " + strconv.FormatInt(pid, 10) + " (deleted, or of another section)"}
}

// pairForm is the pair page's form as stored, with the values sent over it.
func pairForm(sec tournament.Section, pr tournament.Pair, sent map[string]string) map[string]string {
	f := map[string]string{"number": pr.Number, "direction": pr.Direction, "from_round": strconv.Itoa(max(sec.CurrentRound, 1)),
		"status": string(tournament.StatusNotPlayed), "pair_percent": "40", "opponents_percent": "60",
		"stratum": pr.Stratum, "handicap": strconv.FormatFloat(pr.Handicap, 'f', -1, 64)}
	for i, pl := range pr.Players {
		f["player_name_"+strconv.Itoa(i)] = pl.Name
		f["player_number_"+strconv.Itoa(i)] = pl.Number
		if pl.From > 0 {
			f["player_from_"+strconv.Itoa(i)] = strconv.Itoa(pl.From)
		}
		if pl.To > 0 {
			f["player_to_"+strconv.Itoa(i)] = strconv.Itoa(pl.To)
		}
	}
	for k, v := range sent {
		f[k] = v
	}
	return f
}

// renderPair shows a pair's page, with err explained when there is one.
func (p *Pages) renderPair(c echo.Context, ev tournament.Event, sec tournament.Section, pr tournament.Pair, sent map[string]string, err error) error {
	d := pairPageData{Event: ev, Section: sec, Pair: pr, Name: pairLabel(pr), Mitchell: sec.Movement.Kind == movement.KindMitchell,
		Changes: changesPath(ev.ID, sec.ID), Roster: p.picker(c), Individual: sec.Movement.Kind == movement.KindIndividual, Entrant: "pair"}
	if d.Individual {
		d.Name, d.Entrant = "player "+pr.Number, "player"
	}
	for i := range pairRows {
		d.Rows = append(d.Rows, i)
	}
	for r := range sec.Movement.Rounds {
		d.Rounds = append(d.Rounds, r+1)
	}
	form := pairForm(sec, pr, sent)
	d.Artificial = form["status"] == string(tournament.StatusArtificial)
	v := View{Title: "Section " + sec.Name + ", " + d.Name + " · " + ev.Name, Data: d, Form: form}
	if err != nil {
		return p.renderError(c, "pair_edit.html", v, err)
	}
	return p.render(c, http.StatusOK, "pair_edit.html", v)
}

// pairPage shows a pair: its players to change, its withdrawal, its deletion.
func (p *Pages) pairPage(c echo.Context) error {
	ev, sec, pr, err := p.sectionPair(c)
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Pair not found", Data: messageData{}}, err)
	}
	return p.renderPair(c, ev, sec, pr, nil, nil)
}

// playersFrom reads the player rows of a form (player_name_i,
// player_number_i, and an individual's substitute's rounds player_from_i
// and player_to_i, "" for none): empty rows are left out. rows says which
// row each player came from, to mark the right row when the Service
// refuses one; a round that is not a number is the Service's to refuse
// (it reads as 0, no round).
func playersFrom(form map[string]string, n int) (players []tournament.Player, rows []int) {
	players = []tournament.Player{}
	for i := range n {
		name := strings.TrimSpace(form["player_name_"+strconv.Itoa(i)])
		number := strings.TrimSpace(form["player_number_"+strconv.Itoa(i)])
		if name == "" && number == "" {
			continue
		}
		from, _ := strconv.Atoi(strings.TrimSpace(form["player_from_"+strconv.Itoa(i)]))
		to, _ := strconv.Atoi(strings.TrimSpace(form["player_to_"+strconv.Itoa(i)]))
		players = append(players, tournament.Player{Name: name, Number: number, From: from, To: to})
		rows = append(rows, i)
	}
	return players, rows
}

// onRow turns the Service's refusal of players[k] into one about the form's
// row the player came from.
func onRow(err error, rows []int) error {
	var te *tournament.Error
	if !errors.As(err, &te) || !strings.HasPrefix(te.Field, "players[") {
		return err
	}
	k, rest, ok := strings.Cut(strings.TrimPrefix(te.Field, "players["), "]")
	i, aerr := strconv.Atoi(k)
	if !ok || aerr != nil || i >= len(rows) {
		return err
	}
	return &tournament.Error{Kind: te.Kind, Field: "players[" + strconv.Itoa(rows[i]) + "]" + rest,
		Message: "player " + strconv.Itoa(rows[i]+1) + ": " + te.Message, Allowed: te.Allowed}
}

// updatePair stores a pair's players, number and direction.
func (p *Pages) updatePair(c echo.Context) error {
	ev, sec, pr, err := p.sectionPair(c)
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Pair not found", Data: messageData{}}, err)
	}
	form := formValues(c)
	players, rows := playersFrom(form, pairRows)
	if len(players) == 0 {
		return p.renderPair(c, ev, sec, pr, form, tournament.Invalidf("players[0].name", "a pair needs its players: write at least one name"))
	}
	number, direction := form["number"], pr.Direction
	if sec.Movement.Kind == movement.KindMitchell {
		direction = form["direction"]
	}
	stratum, handicap, err := gradeFrom(form, &sec.Grading)
	if err != nil {
		return p.renderPair(c, ev, sec, pr, form, err)
	}
	next, err := p.svc.UpdatePair(c.Request().Context(), actor(c), pr.ID, tournament.PairPatch{Number: &number, Direction: &direction, Players: players,
		Stratum: stratum, Handicap: handicap})
	if err != nil {
		return p.renderPair(c, ev, sec, pr, form, onRow(err, rows))
	}
	return redirect(c, sectionPath(sec.ID), strings.ToUpper(pairLabel(next)[:1])+pairLabel(next)[1:]+" saved: "+playerNames(next.Players))
}

// withdrawPercent reads a percentage of the withdrawal form.
func withdrawPercent(form map[string]string, field, who string) (int, error) {
	s := strings.TrimSpace(form[field])
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, tournament.Invalidf(field, strconv.Quote(s)+": write "+who+" percentage of the top as a whole number, e.g. 40")
	}
	return n, nil
}

// withdrawPair scores the boards a pair leaving mid-session has not played.
func (p *Pages) withdrawPair(c echo.Context) error {
	ev, sec, pr, err := p.sectionPair(c)
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Pair not found", Data: messageData{}}, err)
	}
	form := formValues(c)
	w, err := withdrawalFrom(form)
	if err != nil {
		return p.renderPair(c, ev, sec, pr, form, err)
	}
	done, err := p.svc.WithdrawPair(c.Request().Context(), actor(c), pr.ID, w)
	if err != nil {
		return p.renderPair(c, ev, sec, pr, form, err)
	}
	how := "not played"
	if w.Status == tournament.StatusArtificial {
		how = "scored " + strconv.Itoa(w.PairPercent) + "% to the pair, " + strconv.Itoa(w.OpponentsPercent) + "% to its opponents"
	}
	msg := strings.ToUpper(pairLabel(pr)[:1]) + pairLabel(pr)[1:] + " withdrawn from round " + strconv.Itoa(done.FromRound) + ": " +
		strconv.Itoa(len(done.Results)) + " boards " + how
	return redirect(c, sectionPath(sec.ID), msg)
}

// withdrawalFrom reads the withdrawal form: the round, and not played or an
// artificial score with its two percentages.
func withdrawalFrom(form map[string]string) (tournament.Withdrawal, error) {
	s := strings.TrimSpace(form["from_round"])
	from, err := strconv.Atoi(s)
	if err != nil {
		return tournament.Withdrawal{}, tournament.Invalidf("from_round", strconv.Quote(s)+": choose the first round the pair misses from the list")
	}
	w := tournament.Withdrawal{FromRound: from, Status: tournament.Status(form["status"])}
	if w.Status != tournament.StatusArtificial {
		return w, nil // the percentages belong to an artificial score only
	}
	if w.PairPercent, err = withdrawPercent(form, "pair_percent", "the pair's"); err != nil {
		return w, err
	}
	if w.OpponentsPercent, err = withdrawPercent(form, "opponents_percent", "the opponents'"); err != nil {
		return w, err
	}
	return w, nil
}

// confirmed refuses a deletion whose box "yes, delete …" was not ticked.
func confirmed(form map[string]string, what string) error {
	if form["confirm"] == "yes" {
		return nil
	}
	return tournament.Invalidf("confirm", "tick \"yes, delete "+what+"\" to delete it; nothing was deleted")
}

// deletePair deletes a pair withdrawn before it plays, once confirmed.
func (p *Pages) deletePair(c echo.Context) error {
	ev, sec, pr, err := p.sectionPair(c)
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Pair not found", Data: messageData{}}, err)
	}
	form := formValues(c)
	if err := confirmed(form, pairLabel(pr)); err != nil {
		return p.renderPair(c, ev, sec, pr, form, err)
	}
	if err := p.svc.DeletePair(c.Request().Context(), actor(c), pr.ID); err != nil {
		return p.renderPair(c, ev, sec, pr, form, err)
	}
	return redirect(c, sectionPath(sec.ID), strings.ToUpper(pairLabel(pr)[:1])+pairLabel(pr)[1:]+" deleted ("+playerNames(pr.Players)+")")
}

// sectionPath is a section's page.
func sectionPath(id int64) string { return "/director/sections/" + strconv.FormatInt(id, 10) }

// teamPageData is a team's page: its name and roster.
type teamPageData struct {
	Event   tournament.Event
	Section tournament.Section
	Team    tournament.Roster
	Rows    []int
	Changes string
	Roster  []tournament.ClubPlayer // the club's players the form's lists offer
}

// teamRows is how many player rows a team's form has: two empty rows
// after its players, at least 6, at most 8 (tournament's limit).
func teamRows(t tournament.Roster) int { return min(max(len(t.Players)+2, 6), 8) }

// sectionTeam reads the section and the team the path names.
func (p *Pages) sectionTeam(c echo.Context) (tournament.Event, tournament.Section, tournament.Roster, error) {
	ctx, a := c.Request().Context(), actor(c)
	sid, err := pathID(c, "id")
	if err != nil {
		return tournament.Event{}, tournament.Section{}, tournament.Roster{}, err
	}
	tid, err := pathID(c, "team")
	if err != nil {
		return tournament.Event{}, tournament.Section{}, tournament.Roster{}, err
	}
	sec, err := p.svc.Section(ctx, a, sid)
	if err != nil {
		return tournament.Event{}, tournament.Section{}, tournament.Roster{}, err
	}
	ev, err := p.svc.Event(ctx, a, sec.EventID)
	if err != nil {
		return tournament.Event{}, tournament.Section{}, tournament.Roster{}, err
	}
	teams, err := p.svc.Teams(ctx, a, sid)
	if err != nil {
		return tournament.Event{}, tournament.Section{}, tournament.Roster{}, err
	}
	for _, t := range teams {
		if t.ID == tid {
			return ev, sec, t, nil
		}
	}
	return tournament.Event{}, tournament.Section{}, tournament.Roster{}, &tournament.Error{Kind: tournament.ErrNotFound, Field: "team",
		Message: "section " + sec.Name + " has no team " + strconv.FormatInt(tid, 10)}
}

// renderTeam shows a team's page, with err explained when there is one.
func (p *Pages) renderTeam(c echo.Context, ev tournament.Event, sec tournament.Section, t tournament.Roster, sent map[string]string, err error) error {
	d := teamPageData{Event: ev, Section: sec, Team: t, Changes: changesPath(ev.ID, sec.ID), Roster: p.picker(c)}
	for i := range teamRows(t) {
		d.Rows = append(d.Rows, i)
	}
	form := map[string]string{"name": t.Name, "stratum": t.Stratum, "handicap": strconv.FormatFloat(t.Handicap, 'f', -1, 64)}
	for i, pl := range t.Players {
		form["player_name_"+strconv.Itoa(i)] = pl.Name
		form["player_number_"+strconv.Itoa(i)] = pl.Number
	}
	for k, v := range sent {
		form[k] = v
	}
	v := View{Title: "Section " + sec.Name + ", team " + strconv.Itoa(t.Number) + " · " + ev.Name, Data: d, Form: form}
	if err != nil {
		return p.renderError(c, "team_edit.html", v, err)
	}
	return p.render(c, http.StatusOK, "team_edit.html", v)
}

// teamPage shows a team's name and roster to change.
func (p *Pages) teamPage(c echo.Context) error {
	ev, sec, t, err := p.sectionTeam(c)
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Team not found", Data: messageData{}}, err)
	}
	return p.renderTeam(c, ev, sec, t, nil, nil)
}

// updateTeam stores a team's name and roster.
func (p *Pages) updateTeam(c echo.Context) error {
	ev, sec, t, err := p.sectionTeam(c)
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Team not found", Data: messageData{}}, err)
	}
	form := formValues(c)
	players, rows := playersFrom(form, teamRows(t))
	name := form["name"]
	stratum, handicap, err := gradeFrom(form, &sec.Grading)
	if err != nil {
		return p.renderTeam(c, ev, sec, t, form, err)
	}
	next, err := p.svc.UpdateTeam(c.Request().Context(), actor(c), t.ID, tournament.TeamPatch{Name: &name, Players: players,
		Stratum: stratum, Handicap: handicap})
	if err != nil {
		return p.renderTeam(c, ev, sec, t, form, onRow(err, rows))
	}
	return redirect(c, sectionPath(sec.ID), "Team "+strconv.Itoa(next.Number)+" saved: "+next.Name+" ("+playerNames(next.Players)+")")
}

// changeSection renames a section or moves it to another session.
func (p *Pages) changeSection(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "section_page.html", View{Title: "Section"}, err)
	}
	form := formValues(c)
	name := form["name"]
	s := strings.TrimSpace(form["session"])
	session, err := strconv.Atoi(s)
	if err != nil {
		return p.sectionPageError(c, form, tournament.Invalidf("session", strconv.Quote(s)+": write the session's number, e.g. 2"))
	}
	sec, err := p.svc.UpdateSection(c.Request().Context(), actor(c), id, tournament.SectionPatch{Name: &name, Session: &session})
	if err != nil {
		return p.sectionPageError(c, form, err)
	}
	return redirect(c, sectionPath(id), "Saved: section "+sec.Name+", session "+strconv.Itoa(sec.Session))
}

// changeSectionLaw gives a section a law code of its own, or its event's
// again (""): its results are scored again under it (Service.UpdateSection).
func (p *Pages) changeSectionLaw(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "section_page.html", View{Title: "Section"}, err)
	}
	form := formValues(c)
	law := form["law"]
	sec, err := p.svc.UpdateSection(c.Request().Context(), actor(c), id, tournament.SectionPatch{Law: &law})
	if err != nil {
		return p.sectionPageError(c, form, err)
	}
	says := "Section " + sec.Name + " plays its event's law code; its results are scored under it"
	if sec.Law != 0 {
		says = "Section " + sec.Name + " plays " + sec.Law.String() + "; its results are scored under it"
	}
	return redirect(c, sectionPath(id), says)
}

// deletePageData is a confirmation page of a deletion.
type deletePageData struct {
	Event    tournament.Event
	Section  *tournament.Section // nil when the event is deleted
	What     string              // what the box names: "section A and its 12 results"
	Sections int                 // the event's sections
	Pairs    int                 // the section's pairs
	Results  int                 // the results deleted with it
	Action   string              // where the form goes
	Back     string              // the page to go back to
	Changes  string              // the changes page, where the deletion will show
}

// sectionDeleteData reads what deleting the path's section deletes.
func (p *Pages) sectionDeleteData(c echo.Context) (deletePageData, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return deletePageData{}, err
	}
	ctx, a := c.Request().Context(), actor(c)
	sec, err := p.svc.Section(ctx, a, id)
	if err != nil {
		return deletePageData{}, err
	}
	ev, err := p.svc.Event(ctx, a, sec.EventID)
	if err != nil {
		return deletePageData{}, err
	}
	pairs, err := p.svc.Pairs(ctx, a, id)
	if err != nil {
		return deletePageData{}, err
	}
	results, err := p.svc.Results(ctx, a, tournament.ResultFilter{SectionID: id})
	if err != nil {
		return deletePageData{}, err
	}
	return deletePageData{Event: ev, Section: &sec, Pairs: len(pairs), Results: len(results),
		What:   "section " + sec.Name + " and its " + plural(len(results), "result"),
		Action: sectionPath(id) + "/delete", Back: sectionPath(id), Changes: changesPath(ev.ID, 0)}, nil
}

// plural writes a count and its noun: "1 result", "12 results".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// sectionDeletePage asks to confirm deleting a section.
func (p *Pages) sectionDeletePage(c echo.Context) error {
	d, err := p.sectionDeleteData(c)
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Section not found", Data: messageData{}}, err)
	}
	return p.render(c, http.StatusOK, "confirm_delete.html", View{Title: "Delete section " + d.Section.Name + "? · " + d.Event.Name, Data: d})
}

// deleteSection deletes a section once the box is ticked, and goes to its event.
func (p *Pages) deleteSection(c echo.Context) error {
	d, err := p.sectionDeleteData(c)
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Section not found", Data: messageData{}}, err)
	}
	v := View{Title: "Delete section " + d.Section.Name + "? · " + d.Event.Name, Data: d}
	form := formValues(c)
	if err := confirmed(form, d.What); err != nil {
		return p.renderError(c, "confirm_delete.html", v, err)
	}
	if err := p.svc.DeleteSection(c.Request().Context(), actor(c), d.Section.ID); err != nil {
		return p.renderError(c, "confirm_delete.html", v, err)
	}
	return redirect(c, "/director/events/"+strconv.FormatInt(d.Event.ID, 10), "Section "+d.Section.Name+" deleted with its "+
		plural(d.Results, "result")+"; the deletion is on the event's changes page")
}

// eventDeleteData reads what deleting the path's event deletes.
func (p *Pages) eventDeleteData(c echo.Context) (deletePageData, error) {
	ev, err := p.pathEvent(c)
	if err != nil {
		return deletePageData{}, err
	}
	ctx, a := c.Request().Context(), actor(c)
	secs, err := p.svc.Sections(ctx, a, ev.ID)
	if err != nil {
		return deletePageData{}, err
	}
	d := deletePageData{Event: ev, Sections: len(secs), Action: "/director/events/" + strconv.FormatInt(ev.ID, 10) + "/delete",
		Back: "/director/events/" + strconv.FormatInt(ev.ID, 10), Changes: changesPath(ev.ID, 0)}
	for _, s := range secs {
		rs, err := p.svc.Results(ctx, a, tournament.ResultFilter{SectionID: s.ID})
		if err != nil {
			return deletePageData{}, err
		}
		d.Results += len(rs)
	}
	d.What = "event " + ev.Name + ", its " + plural(d.Sections, "section") + " and " + plural(d.Results, "result")
	return d, nil
}

// eventDeletePage asks to confirm deleting an event.
func (p *Pages) eventDeletePage(c echo.Context) error {
	d, err := p.eventDeleteData(c)
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Event not found", Data: messageData{}}, err)
	}
	return p.render(c, http.StatusOK, "confirm_delete.html", View{Title: "Delete " + d.Event.Name + "?", Data: d})
}

// deleteEvent deletes an event once the box is ticked, and goes to the events.
func (p *Pages) deleteEvent(c echo.Context) error {
	d, err := p.eventDeleteData(c)
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Event not found", Data: messageData{}}, err)
	}
	v := View{Title: "Delete " + d.Event.Name + "?", Data: d}
	if err := confirmed(formValues(c), d.What); err != nil {
		return p.renderError(c, "confirm_delete.html", v, err)
	}
	if err := p.svc.DeleteEvent(c.Request().Context(), actor(c), d.Event.ID); err != nil {
		return p.renderError(c, "confirm_delete.html", v, err)
	}
	return redirect(c, "/director", "Event "+d.Event.Name+" deleted with its "+plural(d.Sections, "section")+" and "+
		plural(d.Results, "result")+"; its changes stay at "+d.Changes)
}
