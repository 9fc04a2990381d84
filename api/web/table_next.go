package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// tableNext is where one pair of this table goes for the next round, as a
// guide card says it (movement.Movement.GuideCards), shown once the
// table has entered every board of the round.
type tableNext struct {
	Who       string // "Pair 3" ("Pair 3 NS" in a Mitchell), or in an individual "Player 8"
	Pair      string // what the players call the pair: "3", or "3 NS" in a Mitchell
	Seats     string // where it sits now: "North–South" or "East–West"
	SitsOut   bool   // it plays nothing next round
	Table     int    // the table it goes to
	Stays     bool   // that is this table
	Direction string // the seats it takes there: "North–South" or "East–West"; in an individual the seat, "North"
	Cards     string // the cards it plays when an arrow switch makes them differ from its seats; "" otherwise
	Opponent  string // who it plays against: "pair 2"; in an individual "partner 3, against 5 and 7"
	Boards    []int  // the boards it plays
}

// sideName names a side's seats: "North–South" or "East–West".
func sideName(s scoring.Side) string {
	if s == scoring.NS {
		return "North–South"
	}
	return "East–West"
}

// nextRoundOf works out where the pairs at this table go after round:
// nil in the last round (the session is over) or when the table is not
// in play. A pair whose next opponents are a half table's missing pair
// sits out too.
func nextRoundOf(m *movement.Movement, round int, seats *movement.Table) []tableNext {
	next, ok := m.Round(round + 1)
	if !ok || seats == nil {
		return nil
	}
	if m.Kind == movement.KindIndividual {
		return nextSeatsOf(next, seats)
	}
	label := func(p int) string {
		number, dir := m.PairLabel(p)
		return strings.TrimSpace(number + " " + dir)
	}
	var out []tableNext
	for _, now := range []struct {
		pair int
		side scoring.Side
	}{{seats.NS, scoring.NS}, {seats.EW, scoring.EW}} {
		if now.pair == 0 || now.pair == m.Phantom {
			continue
		}
		n := tableNext{Who: "Pair " + label(now.pair), Pair: label(now.pair), Seats: sideName(now.side)}
		t, ok := next.Seating(now.pair)
		if !ok || (m.Phantom != 0 && t.Opponent(now.pair) == m.Phantom) {
			n.SitsOut = true
			out = append(out, n)
			continue
		}
		seat, _ := t.Seat(now.pair)
		cards, _ := t.CardsOf(now.pair)
		n.Table, n.Stays, n.Direction = t.Table, t.Table == seats.Table, sideName(seat)
		if cards != seat {
			n.Cards = sideName(cards)
		}
		n.Opponent, n.Boards = "pair "+label(t.Opponent(now.pair)), t.Boards
		out = append(out, n)
	}
	return out
}

// nextSeatsOf is nextRoundOf in an individual: where each of the table's
// four players sits in the next round, whom they partner and play against.
func nextSeatsOf(next *movement.Round, seats *movement.Table) []tableNext {
	var out []tableNext
	for s, p := range seats.Players {
		who := strconv.Itoa(p)
		n := tableNext{Who: "Player " + who, Pair: who, Seats: movement.SeatName(s)}
		t, at, ok := next.SeatingPlayer(p)
		if !ok {
			n.SitsOut = true
			out = append(out, n)
			continue
		}
		pl := func(k int) string { return strconv.Itoa(t.Players[k%4]) }
		n.Table, n.Stays, n.Direction, n.Boards = t.Table, t.Table == seats.Table, movement.SeatName(at), t.Boards
		n.Opponent = pl(at+1) + " and " + pl(at+3) + ", partnering " + pl(at+2)
		out = append(out, n)
	}
	return out
}

// tableRound is what the table page's script polls to notice that its
// round has changed: the round the page would show now (the table's own
// pace, tournament.TableRound) and the round the director announces.
type tableRound struct {
	Round     int `json:"round"`     // the round the table page shows now
	Announced int `json:"announced"` // Section.CurrentRound
}

// tableRoundNow answers the table page's poll (GET /t/:token/round) with
// the round the page would show now and the section's announced round: a
// few bytes, so that every phone may ask every few seconds.
func (p *Pages) tableRoundNow(c echo.Context) error {
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
	c.Response().Header().Set("Cache-Control", "no-store")
	ctx := c.Request().Context()
	a, err := p.svc.Authenticate(ctx, c.Param("token"))
	if err == nil && a.Role != tournament.RoleTable {
		err = &tournament.Error{Kind: tournament.ErrForbidden, Field: "token", Message: "this link is not a table's link"}
	}
	if err != nil {
		return err
	}
	sec, err := p.svc.Section(ctx, a, a.SectionID)
	if err != nil {
		return err
	}
	rs, err := p.svc.Results(ctx, a, tournament.ResultFilter{SectionID: sec.ID, Table: a.Table})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, tableRound{Round: tournament.TableRound(&sec, a.Table, rs), Announced: sec.CurrentRound})
}
