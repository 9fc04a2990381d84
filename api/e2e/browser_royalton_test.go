package e2e

import (
	"fmt"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserRoyaltonOnPhone is issue 22 §6 on the public Royalton report:
// on a 390 px phone, with one board still to be played at one table, the
// report fits the screen, every board it lists (the finished ones: 9 of
// the Howell's 10) has its number as a link, and tapping one opens that
// board's public traveler.
func TestBrowserRoyaltonOnPhone(t *testing.T) {
	b := newEnv(t, withBrowser())
	ev, sec := b.eventSection(tournament.EventInput{Name: "Thursday pairs", Date: "2026-11-26", Law: "contract-2017", Scoring: "MP", Published: true},
		tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}, nil)
	// Every board 4S by N making 10 but the first board of the last round's
	// table 1, not played yet.
	last := sec.Movement.Rounds[len(sec.Movement.Rounds)-1]
	waiting := last.Tables[0].Boards[0]
	var results []tournament.Result
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			for _, bd := range tb.Boards {
				if rd.Number == last.Number && tb.Table == last.Tables[0].Table && bd == waiting {
					continue
				}
				results = append(results, tournament.Result{Board: bd, Round: rd.Number, Table: tb.Table, Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 10})
			}
		}
	}
	b.build().Enter(tournament.Director, sec, results...)

	phone := b.phone("player")
	phone.open(fmt.Sprintf("/events/%d/royalton", ev.ID))
	phone.noError("open the Royalton report")
	phone.shot("royalton-390")
	checkFitsPhone(t, phone, "the public Royalton report")
	if n := phone.count("#royalton-boards a.traveler-link"); n != sec.Movement.Boards-1 {
		t.Errorf("%d board numbers are links, want the %d finished boards", n, sec.Movement.Boards-1)
	}
	if n := phone.count(fmt.Sprintf(`#royalton-boards a[data-board="%d"]`, waiting)); n != 0 {
		t.Errorf("board %d, still to be played, is linked", waiting)
	}
	board := phone.text("#royalton-boards a.traveler-link")
	phone.submit("#royalton-boards a.traveler-link")
	phone.noError("open a board's traveler from the Royalton report")
	if want := fmt.Sprintf("/sections/%d/travelers/%s", sec.ID, board); phone.path() != want {
		t.Errorf("board %s's link opened %s, want %s", board, phone.path(), want)
	}
	phone.shot("traveler-from-royalton")
}
