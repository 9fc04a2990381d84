package web

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// Tables at their own pace on the session board (tournament/pace.go): the
// director closes a round for one table or for all, marks a board at a
// table to be played later and closes it, and sees the entries the
// service refused from the tables' phones.

// paceRoutes adds the session board's forms for the tables' pace.
func (p *Pages) paceRoutes(e *echo.Echo) {
	d := e.Group("/director", p.directorOnly)
	d.POST("/sections/:id/rounds/close", p.postCloseRounds)
	d.POST("/sections/:id/rounds/reopen", p.postReopenRounds)
	d.POST("/sections/:id/late-plays", p.postMarkLate)
	d.POST("/sections/:id/late-plays/unmark", p.postUnmarkLate)
	d.POST("/sections/:id/late-plays/close", p.postCloseLatePlay)
	d.POST("/sections/:id/refusals/:rid/dismiss", p.postDismissRefusal)
}

// refusedView is a refused entry as the session board lists it.
type refusedView struct {
	tournament.Refusal
	What string // the entry in words: "3NT by South, 9 tricks"
}

// latePlayView is a slot to be played later, as the session board lists it.
type latePlayView struct {
	tournament.Slot
	NS, EW string // the pairs at the table, as players call them
	Result int64  // the result entered since, 0 while it waits
}

// paceBoard is what the session board shows of the tables' pace.
type paceBoard struct {
	Refused []refusedView  // open refused entries, by table, round, board
	Late    []latePlayView // slots to be played later
	Waiting int            // late plays without a result yet
}

// entryWords writes a refused entry's body (the API's result JSON) in
// words, "" when it cannot be read.
func entryWords(body []byte) string {
	var e struct {
		Status   string `json:"status"`
		Contract string `json:"contract"`
		Declarer string `json:"declarer"`
		Tricks   *int   `json:"tricks"`
		Auction  []string
		Query    string `json:"query"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	var parts []string
	switch {
	case e.Contract == "PASS" || e.Status == "passed_out":
		parts = append(parts, "passed out")
	case e.Contract != "":
		w := e.Contract
		if e.Declarer != "" {
			w += " by " + seatName(e.Declarer)
		}
		parts = append(parts, w)
	case len(e.Auction) > 0:
		parts = append(parts, "auction "+strings.Join(e.Auction, " "))
	}
	if e.Tricks != nil && e.Contract != "PASS" {
		parts = append(parts, strconv.Itoa(*e.Tricks)+" tricks")
	}
	if e.Query != "" {
		parts = append(parts, "query: “"+e.Query+"”")
	}
	return strings.Join(parts, ", ")
}

// addPace lays the section's pace and the open refused entries over a
// built session board: rounds closed per table, late plays, refusals.
func addPace(d *sessionBoardData, refusals []tournament.Refusal, results []tournament.Result) {
	sec := &d.Section
	refusedAt := map[slotKey]string{}
	for _, r := range refusals {
		d.Pace.Refused = append(d.Pace.Refused, refusedView{Refusal: r, What: entryWords(r.Entry)})
		refusedAt[slotKey{r.Board, r.Round, r.Table}] = r.Reason
	}
	entered := map[slotKey]int64{}
	for _, r := range results {
		entered[slotKey{r.Board, r.Round, r.Table}] = r.ID
	}
	for i := range d.Rows {
		row := &d.Rows[i]
		row.AllClosed = true
		for j := range row.Tables {
			cell := &row.Tables[j]
			if !cell.InPlay {
				continue
			}
			cell.Closed = sec.Pace.RoundClosed(cell.Table, row.Round)
			row.AllClosed = row.AllClosed && cell.Closed
			for k := range cell.Boards {
				b := &cell.Boards[k]
				key := slotKey{b.Board, row.Round, cell.Table}
				b.Refused = refusedAt[key]
				if b.Status == "missing" && sec.Pace.IsLate(tournament.Slot{Board: b.Board, Round: row.Round, Table: cell.Table}) {
					b.Status = "late"
				}
			}
		}
	}
	m := &sec.Movement
	for _, sl := range sec.Pace.Late {
		v := latePlayView{Slot: sl, Result: entered[slotKey{sl.Board, sl.Round, sl.Table}]}
		if rd, ok := m.Round(sl.Round); ok {
			if t, ok := rd.Table(sl.Table); ok {
				v.NS, _ = m.PairLabel(t.NS)
				v.EW, _ = m.PairLabel(t.EW)
			}
		}
		if v.Result == 0 {
			d.Pace.Waiting++
		}
		d.Pace.Late = append(d.Pace.Late, v)
	}
}

// sessionBoardURL is the session board of section id.
func sessionBoardURL(id int64) string {
	return "/director/sections/" + strconv.FormatInt(id, 10) + "/board"
}

// paceFormError shows the session board again with err, the form refilled.
func (p *Pages) paceFormError(c echo.Context, id int64, err error) error {
	return p.renderSessionBoard(c, id, err)
}

// formInt reads a whole number from a form field; 0 when it is empty.
func formInt(form map[string]string, field string) (int, error) {
	s := strings.TrimSpace(form[field])
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, tournament.Invalidf(field, strconv.Quote(s)+" is not a number: give a whole number, 1 or more")
	}
	return n, nil
}

// postCloseRounds closes a round for one table (form field table) or all.
func (p *Pages) postCloseRounds(c echo.Context) error { return p.postRounds(c, true) }

// postReopenRounds reopens a round for one table or all.
func (p *Pages) postReopenRounds(c echo.Context) error { return p.postRounds(c, false) }

// postRounds closes or reopens a round from the session board.
func (p *Pages) postRounds(c echo.Context, closing bool) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "session_board.html", View{Title: "Session board"}, err)
	}
	form := formValues(c)
	round, err := formInt(form, "round")
	if err == nil && round == 0 {
		err = tournament.Invalidf("round", "required: the round to close or reopen")
	}
	var table int
	if err == nil {
		table, err = formInt(form, "table")
	}
	if err != nil {
		return p.paceFormError(c, id, err)
	}
	var tables []int
	who := "every table"
	if table > 0 {
		tables, who = []int{table}, "table "+strconv.Itoa(table)
	}
	if closing {
		_, err = p.svc.CloseRounds(c.Request().Context(), actor(c), id, round, tables)
	} else {
		_, err = p.svc.ReopenRounds(c.Request().Context(), actor(c), id, round, tables)
	}
	if err != nil {
		return p.paceFormError(c, id, err)
	}
	done := "Round " + strconv.Itoa(round) + " closed for " + who + ": its table links no longer enter or correct it"
	if !closing {
		done = "Round " + strconv.Itoa(round) + " reopened for " + who
	}
	return redirect(c, sessionBoardURL(id), done)
}

// formSlot reads a slot (board, round, table) from a form.
func formSlot(form map[string]string) (tournament.Slot, error) {
	var sl tournament.Slot
	for _, f := range []struct {
		name string
		to   *int
	}{{"board", &sl.Board}, {"round", &sl.Round}, {"table", &sl.Table}} {
		n, err := formInt(form, f.name)
		if err != nil {
			return sl, err
		}
		if n == 0 {
			return sl, tournament.Invalidf(f.name, "required: the "+f.name+" number")
		}
		*f.to = n
	}
	return sl, nil
}

// postMarkLate marks a slot to be played later.
func (p *Pages) postMarkLate(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "session_board.html", View{Title: "Session board"}, err)
	}
	sl, err := formSlot(formValues(c))
	if err == nil {
		_, err = p.svc.MarkLate(c.Request().Context(), actor(c), id, sl)
	}
	if err != nil {
		return p.paceFormError(c, id, err)
	}
	return redirect(c, sessionBoardURL(id), slotWords(sl)+" is to be played later: the board's traveler no longer waits for it")
}

// slotWords names a slot: "Board 3 at table 2 in round 1".
func slotWords(sl tournament.Slot) string {
	return "Board " + strconv.Itoa(sl.Board) + " at table " + strconv.Itoa(sl.Table) + " in round " + strconv.Itoa(sl.Round)
}

// postUnmarkLate removes a slot's late-play mark.
func (p *Pages) postUnmarkLate(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "session_board.html", View{Title: "Session board"}, err)
	}
	sl, err := formSlot(formValues(c))
	if err == nil {
		_, err = p.svc.UnmarkLate(c.Request().Context(), actor(c), id, sl)
	}
	if err != nil {
		return p.paceFormError(c, id, err)
	}
	return redirect(c, sessionBoardURL(id), slotWords(sl)+" is no longer to be played later")
}

// postCloseLatePlay closes a late play that will not be played: not
// played, or an artificial adjusted score (ns_percent/ew_percent).
func (p *Pages) postCloseLatePlay(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "session_board.html", View{Title: "Session board"}, err)
	}
	form := formValues(c)
	sl, err := formSlot(form)
	if err != nil {
		return p.paceFormError(c, id, err)
	}
	r := tournament.Result{Status: tournament.Status(form["status"])}
	if r.Status == tournament.StatusArtificial {
		if r.NSPercent, err = formInt(form, "ns_percent"); err == nil {
			r.EWPercent, err = formInt(form, "ew_percent")
		}
		if err != nil {
			return p.paceFormError(c, id, err)
		}
	}
	if _, err := p.svc.CloseLatePlay(c.Request().Context(), actor(c), id, sl, r); err != nil {
		return p.paceFormError(c, id, err)
	}
	return redirect(c, sessionBoardURL(id), slotWords(sl)+" closed: "+strings.ReplaceAll(string(r.Status), "_", " "))
}

// postDismissRefusal dismisses a refused entry the director has dealt with.
func (p *Pages) postDismissRefusal(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "session_board.html", View{Title: "Session board"}, err)
	}
	rid, err := pathID(c, "rid")
	if err != nil {
		return p.paceFormError(c, id, err)
	}
	if err := p.svc.WithdrawRefusal(c.Request().Context(), actor(c), id, "", rid); err != nil {
		return p.paceFormError(c, id, err)
	}
	return redirect(c, sessionBoardURL(id), "Refused entry dismissed")
}
