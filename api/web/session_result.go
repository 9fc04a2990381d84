package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// auditView is one change to a result as the history shows it.
type auditView struct {
	At     string
	Actor  string
	Action string
	Before string // the line before, in words; "" for an insert
	After  string // the line after, in words; "" for a delete
}

// resultData is the result correction page's data.
type resultData struct {
	Event    tournament.Event
	Section  tournament.Section
	Result   tournament.Result
	Version  int                 // the version the form corrects
	Current  *tournament.Result  // the line as stored now, when a correction found it changed
	Audit    []auditView         // the line's history, oldest first
	Statuses []tournament.Status // what the status select offers
	Seats    []string            // what the declarer select offers
	Form     map[string]string   // the form's values: the stored line, or those sent
	Lines    []string            // the stored line's score itemised
	Traveler string              // the traveler page of the line's board
	Assigned string              // the assigned parts as the form writes them
	Names    map[string]string   // the statuses in words
}

// statusWords are the statuses in words for the status select.
var statusWords = map[string]string{
	string(tournament.StatusPlayed):     "played",
	string(tournament.StatusPassedOut):  "passed out",
	string(tournament.StatusNotPlayed):  "not played",
	string(tournament.StatusArtificial): "artificial adjusted score",
	string(tournament.StatusAssigned):   "assigned adjusted score",
}

// resultWords describes a result in one line, for the history.
func resultWords(r *tournament.Result) string {
	if r == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("round " + strconv.Itoa(r.Round) + " table " + strconv.Itoa(r.Table) + ", " + r.NS + " v " + r.EW + ": ")
	switch r.Status {
	case tournament.StatusPlayed:
		b.WriteString(r.Contract + " by " + r.Declarer + ", " + strconv.Itoa(r.Tricks) + " tricks, NS " + strconv.Itoa(r.NSScore))
	case tournament.StatusArtificial:
		b.WriteString("artificial NS " + strconv.Itoa(r.NSPercent) + "%, EW " + strconv.Itoa(r.EWPercent) + "%")
	case tournament.StatusAssigned:
		if r.Split() {
			b.WriteString("assigned (Law 12C1(b)) " + splitWords(r))
		} else {
			b.WriteString("assigned " + assignedWords(r.Assigned) + " (NS " + strconv.Itoa(r.NSScore) + ")")
		}
	default:
		b.WriteString(statusWords[string(r.Status)])
	}
	if r.Query != "" {
		b.WriteString("; query: " + r.Query)
	}
	b.WriteString(" (version " + strconv.Itoa(r.Version) + ")")
	return b.String()
}

// formOf is a result as the correction form holds it.
func formOf(r tournament.Result) map[string]string {
	f := map[string]string{"status": string(r.Status), "contract": r.Contract, "declarer": r.Declarer, "lead": r.Lead,
		"query": r.Query, "assigned": assignedForm(r.Assigned, 1), "ew_assigned": assignedForm(r.EWAssigned, -1)}
	switch r.Status {
	case tournament.StatusPlayed:
		f["tricks"] = strconv.Itoa(r.Tricks)
	case tournament.StatusArtificial:
		f["ns_percent"], f["ew_percent"] = strconv.Itoa(r.NSPercent), strconv.Itoa(r.EWPercent)
	}
	return f
}

// assignedForm writes assigned parts as the form reads them: "420 60%, -50 40%";
// sign −1 writes EW's own parts as EW scores them (assignedSides).
func assignedForm(parts []tournament.AssignedPart, sign int) string {
	out := make([]string, len(parts))
	for i, a := range parts {
		out[i] = strconv.Itoa(sign * a.NSScore)
		if len(parts) > 1 {
			out[i] += " " + strconv.FormatFloat(a.Weight*100, 'f', -1, 64) + "%"
		}
	}
	return strings.Join(out, ", ")
}

// loadResult gathers the correction page for result id.
func (p *Pages) loadResult(c echo.Context, id int64) (resultData, error) {
	ctx, a := c.Request().Context(), actor(c)
	r, err := p.svc.Result(ctx, a, id)
	if err != nil {
		return resultData{}, err
	}
	sec, err := p.svc.Section(ctx, a, r.SectionID)
	if err != nil {
		return resultData{}, err
	}
	ev, err := p.svc.Event(ctx, a, sec.EventID)
	if err != nil {
		return resultData{}, err
	}
	entries, err := p.svc.Audit(ctx, a, id)
	if err != nil {
		return resultData{}, err
	}
	d := resultData{Event: ev, Section: sec, Result: r, Version: r.Version, Statuses: tournament.Statuses,
		Seats: []string{"N", "E", "S", "W"}, Form: formOf(r), Lines: r.Lines, Names: statusWords,
		Traveler: "/director/sections/" + strconv.FormatInt(sec.ID, 10) + "/travelers/" + strconv.Itoa(r.Board)}
	for _, e := range entries {
		d.Audit = append(d.Audit, auditView{At: e.At.In(time.Local).Format("2 Jan 2006 15:04:05"), Actor: e.Actor, Action: e.Action,
			Before: resultWords(e.Before), After: resultWords(e.After)})
	}
	return d, nil
}

// resultTitle is the correction page's title.
func resultTitle(d resultData) string {
	return "Board " + strconv.Itoa(d.Result.Board) + ", round " + strconv.Itoa(d.Result.Round) + ", table " + strconv.Itoa(d.Result.Table)
}

// resultPage shows a result's correction form and its history.
func (p *Pages) resultPage(c echo.Context) error {
	v := View{Title: "Correct a result"}
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "result_edit.html", v, err)
	}
	d, err := p.loadResult(c, id)
	if err != nil {
		return p.renderError(c, "result_edit.html", v, err)
	}
	v.Title, v.Data = resultTitle(d), d
	return p.render(c, http.StatusOK, "result_edit.html", v)
}

// postResult corrects a result if the version the form was made from is
// still the stored one; else it shows the line as it is now, keeping what
// the director typed, to be saved again over it.
func (p *Pages) postResult(c echo.Context) error {
	v := View{Title: "Correct a result"}
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "result_edit.html", v, err)
	}
	in, version, err := resultInput(c)
	if err == nil {
		var saved tournament.Result
		saved, err = p.svc.UpdateResult(c.Request().Context(), actor(c), id, in, version)
		if err == nil {
			return redirect(c, travelerPath(saved.SectionID, saved.Board),
				"Board "+strconv.Itoa(saved.Board)+", round "+strconv.Itoa(saved.Round)+", table "+strconv.Itoa(saved.Table)+" corrected")
		}
	}
	d, lerr := p.loadResult(c, id)
	if lerr != nil {
		return p.renderError(c, "result_edit.html", v, lerr)
	}
	d.Form = formValues(c)
	d.Version = version
	var te *tournament.Error
	if errors.Is(err, tournament.ErrStale) && errors.As(err, &te) && te.Current != nil {
		cur := d.Result
		d.Current, d.Version = &cur, cur.Version
		err = &tournament.Error{Kind: tournament.ErrStale,
			Message: "someone changed this line while you were correcting it (it is now at version " + strconv.Itoa(cur.Version) +
				"). Look at the line as it is now, below; your values are still in the form: save again to replace it"}
	}
	v.Title, v.Data, v.Form = resultTitle(d), d, d.Form
	return p.renderError(c, "result_edit.html", v, err)
}

// resultInput reads the correction form: the line and the version it corrects.
func resultInput(c echo.Context) (tournament.Result, int, error) {
	version, err := strconv.Atoi(c.FormValue("version"))
	if err != nil || version < 1 {
		return tournament.Result{}, 0, tournament.Invalidf("version", "the form lost the version of the line it corrects: open the line again")
	}
	r := tournament.Result{Status: tournament.Status(c.FormValue("status")), Query: c.FormValue("query"), Tricks: tournament.TricksNotGiven}
	switch r.Status {
	case tournament.StatusPlayed, tournament.StatusPassedOut:
		r.Contract, r.Declarer, r.Lead = c.FormValue("contract"), c.FormValue("declarer"), c.FormValue("lead")
		if r.Status == tournament.StatusPassedOut {
			r.Contract, r.Declarer = "PASS", ""
		}
		if s := strings.TrimSpace(c.FormValue("tricks")); s != "" && r.Status == tournament.StatusPlayed {
			if r.Tricks, err = strconv.Atoi(s); err != nil {
				return r, version, tournament.Invalidf("tricks", strconv.Quote(s)+": tricks won by the declarer's side, a number 0 to 13")
			}
		}
		if r.Status == tournament.StatusPassedOut {
			r.Lead = ""
		}
	case tournament.StatusArtificial:
		if r.NSPercent, err = percentField(c, "ns_percent", "NS"); err != nil {
			return r, version, err
		}
		if r.EWPercent, err = percentField(c, "ew_percent", "EW"); err != nil {
			return r, version, err
		}
	case tournament.StatusAssigned:
		if r.Assigned, r.EWAssigned, err = assignedSides(c); err != nil {
			return r, version, err
		}
	case tournament.StatusNotPlayed:
	default:
		return r, version, tournament.Invalidf("status", strconv.Quote(string(r.Status))+": choose what happened at the table",
			"played", "passed_out", "not_played", "artificial", "assigned")
	}
	return r, version, nil
}

// deleteResult deletes a result, if it is still the version the page showed.
func (p *Pages) deleteResult(c echo.Context) error {
	v := View{Title: "Correct a result"}
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "result_edit.html", v, err)
	}
	d, err := p.loadResult(c, id)
	if err != nil {
		return p.renderError(c, "result_edit.html", v, err)
	}
	version, _ := strconv.Atoi(c.FormValue("version"))
	if version < 1 {
		err = tournament.Invalidf("version", "the form lost the version of the line it deletes: open the line again")
	} else {
		err = p.svc.DeleteResult(c.Request().Context(), actor(c), id, version)
	}
	if err != nil {
		if errors.Is(err, tournament.ErrStale) {
			err = &tournament.Error{Kind: tournament.ErrStale,
				Message: "someone changed this line since you opened it (it is now at version " + strconv.Itoa(d.Result.Version) + "): look at it again before deleting it"}
		}
		v.Title, v.Data = resultTitle(d), d
		return p.renderError(c, "result_edit.html", v, err)
	}
	return redirect(c, d.Traveler, "Board "+strconv.Itoa(d.Result.Board)+", round "+strconv.Itoa(d.Result.Round)+", table "+strconv.Itoa(d.Result.Table)+" deleted")
}
