package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// boardCell is one board of a table in a round on the session board.
type boardCell struct {
	Board    int
	Status   string // "missing", "entered", "queried", or "phantom" (a phantom's table with no result: not waited for)
	ResultID int64  // 0 when missing
	Query    string // the players' query, when queried
	Refused  string // the reason an entry of the slot from the table's phone was refused, while open
	Suspect  string // why the line looks mistyped (tournament.Suspicion), "" when it does not
}

// tableCell is a table in a round on the session board.
type tableCell struct {
	Table  int
	InPlay bool
	NS, EW string // the pairs at the table, as players call them
	Boards []boardCell
	Closed bool // the director closed the round for this table (session_pace.go)
}

// boardRow is a round of the session board.
type boardRow struct {
	Round     int
	Current   bool
	Tables    []tableCell // one per table of the movement, in table order
	AllClosed bool        // the round is closed for every table in play
}

// sessionBoardData is the session board page's data.
type sessionBoardData struct {
	Event    tournament.Event
	Section  tournament.Section
	Tables   []int
	Rows     []boardRow
	Boards   []int // every board, for the traveler links
	Entered  int
	Queried  int
	Due      int
	Queries  []tournament.Result // the queried results, for a list under the board
	Missing  int
	Finished bool
	Pace     paceBoard                // rounds closed, late plays, refused entries (session_pace.go)
	Suspects []tournament.SuspectLine // lines that look mistyped, for the director to check (tournament.Suspicion)
}

// slotKey names a board at a table in a round.
type slotKey struct{ board, round, table int }

// sessionBoardPage shows rounds × tables, each board missing, entered or
// queried.
func (p *Pages) sessionBoardPage(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "session_board.html", View{Title: "Session board"}, err)
	}
	return p.renderSessionBoard(c, id, nil)
}

// renderSessionBoard shows section id's session board; with formErr, the
// error of a form on it, explained above it with the form refilled.
func (p *Pages) renderSessionBoard(c echo.Context, id int64, formErr error) error {
	ctx, a := c.Request().Context(), actor(c)
	sec, err := p.svc.Section(ctx, a, id)
	if err != nil {
		return p.renderError(c, "session_board.html", View{Title: "Session board"}, err)
	}
	ev, err := p.svc.Event(ctx, a, sec.EventID)
	if err != nil {
		return p.renderError(c, "session_board.html", View{Title: "Session board"}, err)
	}
	results, err := p.svc.Results(ctx, a, tournament.ResultFilter{SectionID: sec.ID})
	if err != nil {
		return p.renderError(c, "session_board.html", View{Title: "Session board"}, err)
	}
	refusals, err := p.svc.Refusals(ctx, a, sec.ID)
	if err != nil {
		return p.renderError(c, "session_board.html", View{Title: "Session board"}, err)
	}
	suspects, err := p.svc.Suspects(ctx, a, sec.ID)
	if err != nil {
		return p.renderError(c, "session_board.html", View{Title: "Session board"}, err)
	}
	d := buildSessionBoard(ev, sec, results)
	addPace(&d, refusals, results)
	d.addSuspects(suspects)
	v := View{Title: "Session board · " + ev.Name + " · section " + sec.Name, Data: d}
	if formErr != nil {
		return p.renderError(c, "session_board.html", v, formErr)
	}
	return p.render(c, http.StatusOK, "session_board.html", v)
}

// buildSessionBoard lays a section's results over its movement.
func buildSessionBoard(ev tournament.Event, sec tournament.Section, results []tournament.Result) sessionBoardData {
	m := &sec.Movement
	bySlot := make(map[slotKey]tournament.Result, len(results))
	for _, r := range results {
		bySlot[slotKey{r.Board, r.Round, r.Table}] = r
	}
	d := sessionBoardData{Event: ev, Section: sec}
	for t := 1; t <= m.Tables; t++ {
		d.Tables = append(d.Tables, t)
	}
	for b := 1; b <= m.Boards; b++ {
		d.Boards = append(d.Boards, b)
	}
	for _, rd := range m.Rounds {
		row := boardRow{Round: rd.Number, Current: rd.Number == sec.CurrentRound}
		for _, t := range d.Tables {
			cell := tableCell{Table: t}
			if tb, ok := rd.Table(t); ok {
				cell.InPlay = true
				cell.NS, _ = m.PairLabel(tb.Cards(scoring.NS))
				cell.EW, _ = m.PairLabel(tb.Cards(scoring.EW))
				phantom := tb.Opponent(m.Phantom) != 0
				for _, b := range tb.Boards {
					k := slotKey{b, rd.Number, t}
					if _, in := bySlot[k]; phantom && !in {
						// The phantom's table holds no board back (tournament.FinishedBoards).
						cell.Boards = append(cell.Boards, boardCell{Board: b, Status: "phantom"})
						continue
					}
					cell.Boards = append(cell.Boards, d.count(bySlot, k))
				}
			}
			row.Tables = append(row.Tables, cell)
		}
		d.Rows = append(d.Rows, row)
	}
	for _, r := range results {
		if r.Query != "" {
			d.Queries = append(d.Queries, r)
		}
	}
	d.Missing = d.Due - d.Entered - d.Queried
	d.Finished = d.Due > 0 && d.Missing == 0
	return d
}

// count is the board cell of a slot, counted in d's totals.
func (d *sessionBoardData) count(bySlot map[slotKey]tournament.Result, k slotKey) boardCell {
	d.Due++
	r, ok := bySlot[k]
	switch {
	case !ok:
		return boardCell{Board: k.board, Status: "missing"}
	case r.Query != "":
		d.Queried++
		return boardCell{Board: k.board, Status: "queried", ResultID: r.ID, Query: r.Query}
	}
	d.Entered++
	return boardCell{Board: k.board, Status: "entered", ResultID: r.ID}
}

// addSuspects lists the lines to check and marks their cells.
func (d *sessionBoardData) addSuspects(suspects []tournament.SuspectLine) {
	d.Suspects = suspects
	for _, sl := range suspects {
		for ri := range d.Rows {
			if d.Rows[ri].Round != sl.Result.Round {
				continue
			}
			for ti := range d.Rows[ri].Tables {
				tc := &d.Rows[ri].Tables[ti]
				for bi := range tc.Boards {
					if tc.Table == sl.Result.Table && tc.Boards[bi].Board == sl.Result.Board {
						tc.Boards[bi].Suspect = sl.Suspect.Why
					}
				}
			}
		}
	}
}
