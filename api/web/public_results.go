package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// publicTravelerData is the public traveler page's data.
type publicTravelerData struct {
	Event    tournament.Event
	Section  tournament.Section
	Traveler travelerView
}

// publicTravelerPage shows a finished board's traveler: the Service
// answers the public's request for a board still in play as not found
// (tournament's public rule, FinishedBoards), so the page asks it alone.
func (p *Pages) publicTravelerPage(c echo.Context) error {
	ctx, a := c.Request().Context(), actor(c)
	id, err := pathID(c, "id")
	if err != nil {
		return p.publicError(c, err)
	}
	board, err := boardParam(c)
	if err != nil {
		return p.publicError(c, err)
	}
	t, err := p.svc.Traveler(ctx, a, id, board)
	if err != nil {
		return p.publicError(c, err)
	}
	ev, err := p.svc.Event(ctx, a, t.Section.EventID)
	if err != nil {
		return p.publicError(c, err)
	}
	d := publicTravelerData{Event: ev, Section: t.Section, Traveler: newTravelerView(t, ev, false)}
	d.Traveler.Analysis = p.analysisView(ctx, a, t, ev)
	return p.render(c, http.StatusOK, "public_traveler.html", View{Title: travelerTitle(ev, t.Section, board), Data: d})
}

// scorecardRow is one board a pair played, from its side.
type scorecardRow struct {
	Round     int
	Table     int
	Board     int
	Seats     string // "NS" or "EW": the cards the pair held
	Opponents string // the opponents' number and names
	Finished  bool   // the board is finished: its result and points are shown
	Played    bool   // a contract was played
	Contract  string
	Declarer  string
	Tricks    int
	Adjusted  string  // an adjusted score or a board not played, in words
	Score     string  // the pair's score, signed; "" when none
	Points    float64 // the pair's points
	Running   float64 // the pair's points so far
	SitsOut   bool    // the pair does not play this round
	Missing   bool    // the board is finished but this table has no result (a half table)
}

// scorecardData is the scorecard page's data.
type scorecardData struct {
	Event     tournament.Event
	Section   tournament.Section
	Number    string
	Direction string
	Players   string
	Entrant   string // "Pair", or "Player" in an individual
	Rows      []scorecardRow
	Total     float64
	Method    tournament.Method
	Penalty   float64  // procedural penalties: what they took off Total (at matchpoints before scaling); 0: none
	Scaled    *float64 // the standings' total when it is Total scaled to the most boards played; nil when the same
	Boards    int      // with Scaled: the boards the entrant played
	Penalties []string // the penalties, one a line (penaltyNote)
}

// scorecardPage shows a pair's scorecard: round by round its opponents and,
// for each finished board, the contract, result, score, points and running
// total.
func (p *Pages) scorecardPage(c echo.Context) error {
	ed, sd, err := p.sectionData(c)
	if err != nil {
		return p.publicError(c, err)
	}
	number, direction := c.Param("pair"), c.QueryParam("direction")
	pair, ok := sd.Section.Movement.PairOf(number, direction)
	if !ok {
		return p.publicError(c, &tournament.Error{Kind: tournament.ErrNotFound, Field: "pair",
			Message: "section " + sd.Section.Name + " has no pair " + number + " " + direction + ": choose a pair on the standings page",
			Allowed: sd.Section.Movement.PairDirections()})
	}
	d := buildScorecard(ed.Event, sd, pair)
	title := "Scorecard · " + strings.ToLower(d.Entrant) + " " + d.Number
	if d.Direction != "" {
		title += " " + d.Direction
	}
	return p.render(c, http.StatusOK, "public_scorecard.html", View{Title: title + " · " + ed.Event.Name, Data: d})
}

// buildScorecard works out movement pair pair's scorecard from its section.
func buildScorecard(ev tournament.Event, sd *tournament.SectionData, pair int) scorecardData {
	m := &sd.Section.Movement
	number, direction := m.PairLabel(pair)
	d := scorecardData{Event: ev, Section: sd.Section, Number: number, Direction: direction, Players: pairPlayers(sd.Pairs, number, direction), Method: ev.Scoring, Entrant: "Pair"}
	done := tournament.FinishedBoards(&sd.Section, sd.Results)
	if m.Kind == movement.KindIndividual {
		d.Number, d.Direction, d.Players, d.Entrant = strconv.Itoa(pair), "", pairPlayers(sd.Pairs, strconv.Itoa(pair), ""), "Player"
	}
	for _, rd := range m.Rounds {
		if _, sub, _ := sd.SeatedAt(pair, rd.Number); m.Kind == movement.KindIndividual && sub {
			continue // a substitute sat in the player's seat: the round is not the player's (tournament's playerTotals)
		}
		t, side, seats, opp, ok := scorecardSeat(m, &rd, pair, sd)
		if !ok {
			d.Rows = append(d.Rows, scorecardRow{Round: rd.Number, SitsOut: true, Running: d.Total})
			continue
		}
		for _, b := range t.Boards {
			row := scorecardRow{Round: rd.Number, Table: t.Table, Board: b, Seats: seats, Opponents: opp, Finished: done[b]}
			if row.Finished {
				d.fill(&row, sd, side)
			}
			row.Running = d.Total
			d.Rows = append(d.Rows, row)
		}
	}
	for _, st := range sd.Standings.Pairs {
		if st.Number == d.Number && st.Direction == d.Direction && len(st.Penalties) > 0 {
			d.Penalty = st.Penalty
			for _, pen := range st.Penalties {
				d.Penalties = append(d.Penalties, penaltyNote(pen))
			}
			d.Total -= st.Penalty
		}
		if m.Kind == movement.KindIndividual && st.Number == d.Number && st.Direction == d.Direction && st.Boards > 0 && scoring.Round2(d.Total) != st.Total {
			// The standings scale a total played on fewer boards than
			// the most played (a substitute's rounds, a late pair).
			d.Scaled, d.Boards = &st.Total, st.Boards
		}
	}
	return d
}

// scorecardSeat is where pair (in an individual, the player) sits in round
// rd: its table, the cards it plays, its seats as the scorecard names them
// ("NS"; in an individual "North"), and whom it plays against ("2 EW (Ivy &
// Jon)"; in an individual "5 & 7 (Eve & Gus), partnering 1 (Ann)"); false
// when it sits out.
func scorecardSeat(m *movement.Movement, rd *movement.Round, pair int, sd *tournament.SectionData) (*movement.Table, scoring.Side, string, string, bool) {
	pairs := sd.Pairs
	if m.Kind == movement.KindIndividual {
		t, seat, ok := rd.SeatingPlayer(pair)
		if !ok {
			return nil, scoring.NS, "", "", false
		}
		side := scoring.NS
		if seat%2 == 1 {
			side = scoring.EW
		}
		who := func(seats ...int) string {
			var nums, names []string
			for _, s := range seats {
				n := t.Players[s%4]
				nums = append(nums, strconv.Itoa(n))
				if pl, _, ok := sd.SeatedAt(n, rd.Number); ok && pl.Name != "" {
					names = append(names, pl.Name) // who sat there that round, a substitute if one did
				}
			}
			out := strings.Join(nums, " & ")
			if len(names) == len(nums) {
				out += " (" + strings.Join(names, " & ") + ")"
			}
			return out
		}
		return t, side, movement.SeatName(seat), who(seat+1, seat+3) + ", partnering " + who(seat+2), true
	}
	t, ok := rd.Seating(pair)
	if !ok {
		return nil, scoring.NS, "", "", false
	}
	side, _ := t.CardsOf(pair)
	oppNumber, oppDirection := m.PairLabel(t.Opponent(pair))
	opp := oppNumber
	if oppDirection != "" {
		opp += " " + oppDirection
	}
	if names := pairPlayers(pairs, oppNumber, oppDirection); names != "" {
		opp += " (" + names + ")"
	}
	return t, side, side.String(), opp, true
}

// fill puts a finished board's result into row, from the pair's side, and
// adds its points to the total.
func (d *scorecardData) fill(row *scorecardRow, sd *tournament.SectionData, side scoring.Side) {
	if row.Board < 1 || row.Board > len(sd.Travelers) {
		return
	}
	for _, l := range sd.Travelers[row.Board-1].Lines {
		r := l.Result
		if r.Round != row.Round || r.Table != row.Table {
			continue
		}
		v := newLineView(l)
		row.Played, row.Contract, row.Declarer, row.Tricks, row.Adjusted = v.Played, r.Contract, r.Declarer, r.Tricks, v.Adjusted
		score, points := r.NSScore, l.NSPoints
		if side == scoring.EW {
			score, points = -r.NSScore, l.EWPoints
		}
		if r.Status != tournament.StatusArtificial && r.Status != tournament.StatusNotPlayed {
			row.Score = strconv.Itoa(score)
			if score > 0 {
				row.Score = "+" + row.Score
			}
		}
		row.Points = points
		d.Total += points
		return
	}
	row.Missing = true
}

// pairPlayers names the players of the pair with this number and
// direction: "Ann Smith & Bob Jones" ("" when there is no such pair).
func pairPlayers(pairs []tournament.Pair, number, direction string) string {
	for _, p := range pairs {
		if p.Number == number && p.Direction == direction {
			return playerNames(p.Players)
		}
	}
	return ""
}

// royaltonData is the public Royalton page's data.
type royaltonData struct {
	Event    tournament.Event
	Royalton royaltonView
}

// publicRoyaltonPage shows a published event's Royalton report, of the
// results the Service lets the reader see.
func (p *Pages) publicRoyaltonPage(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.publicError(c, err)
	}
	ed, err := p.svc.EventData(c.Request().Context(), actor(c), id)
	if err != nil {
		return p.publicError(c, err)
	}
	// The Service gives the public the lines of finished boards only
	// (tournament's public rule); finished only says which boards to link.
	finished := finishedBySection(&ed)
	return p.render(c, http.StatusOK, "public_royalton.html", View{Title: "Royalton report · " + ed.Event.Name,
		Data: royaltonData{Event: ed.Event, Royalton: publicRoyalton(reports.Royalton(ed), finished)}})
}
