package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestBrowserParFirstToNameOnPhone: on a 390-pixel phone, board 1's public
// traveler of a contract-2017 event with the law option par_first_to_name
// shows par played by the first of the side to name the strain: EW +90 in
// 1NT by East, who names no-trump before South can (North dealing, none
// vulnerable; scoring's TestParFirstToNameTheStrain works it), where DDS's
// published par is NS +90 in 1NT by South; all within the screen.
func TestBrowserParFirstToNameOnPhone(t *testing.T) {
	b := newEnv(t, withBrowser(), withService(tournament.ServiceOptions{DoubleDummy: tournamenttest.NamingDDS{}}))
	ctx, svc, bb := context.Background(), b.svc, b.build()
	ev := bb.Event(tournament.EventInput{Name: "First to name", Date: "2026-11-28",
		Law: "contract-2017", Scoring: "MP", Published: true, LawOptions: tournament.LawOptions{"par_first_to_name": true}})
	sec := bb.CreateSection(ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}})
	if _, err := svc.PutBoards(ctx, tournament.Director, sec.ID, []tournament.BoardInput{{Number: 1, Deal: listDeal1}}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.DealBoards(ctx, tournament.Director, sec.ID, scoring.CryptoRand()); err != nil {
		t.Fatal(err)
	}
	var results []tournament.Result
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			for _, bd := range tb.Boards {
				if bd == 1 {
					results = append(results, tournament.Result{Board: 1, Round: rd.Number, Table: tb.Table, Status: tournament.StatusPlayed, Contract: "1NT", Declarer: "E", Tricks: 7})
				}
			}
		}
	}
	bb.Enter(tournament.Director, sec, results...)
	deal1, err := scoring.ParseDeal("deal", listDeal1)
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.AnalyseBoard(ctx, sec.ID, 1, deal1); err != nil {
		t.Fatal(err)
	}
	phone := b.phone("player")
	phone.open(fmt.Sprintf("/sections/%d/travelers/1", sec.ID))
	phone.noError("open the public traveler")
	if s := phone.text("#dd-par"); !strings.Contains(s, "EW +90") || !strings.Contains(s, "1NT E") {
		t.Errorf("par reads %q, want EW +90 in 1NT E", s)
	}
	phone.shot("public-traveler-par-first-to-name-390")
	checkFitsPhone(t, phone, "the public traveler with par first to name")
}
