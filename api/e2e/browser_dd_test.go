package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// listDDS answers as DDS does for the first deal of DDS's own test list
// (dds_list100.txt: "TABLE 5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6",
// "PAR2 "-110" "2S-EW""), for the pages' tests under the race detector,
// where DDS cannot be loaded.
type listDDS struct{}

// listDeal1 is that deal (dealer North, nobody vulnerable: board 1's).
const listDeal1 = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"

func (listDDS) Tables(deals []scoring.Deal) ([]scoring.TrickTable, error) {
	out := make([]scoring.TrickTable, len(deals))
	for i := range deals {
		out[i] = scoring.TrickTable{ // by declarer: C D H S NT
			scoring.North: {7, 5, 6, 5, 6}, scoring.East: {5, 7, 6, 8, 6},
			scoring.South: {7, 5, 6, 5, 6}, scoring.West: {5, 7, 6, 8, 6},
		}
	}
	return out, nil
}

func (listDDS) DealerPar(scoring.TrickTable, scoring.Seat, scoring.Vulnerability) (scoring.Par, error) {
	return scoring.Par{NSScore: -110, Contracts: []scoring.ParContract{{Contract: scoring.Contract{Level: 2, Strain: scoring.Spades}, Side: scoring.EW}}}, nil
}

// TestBrowserDoubleDummyOnPhone: on a 390-pixel phone, board 1's public
// traveler, once every table has played it, shows the double-dummy grid
// (four declarers), par under the event's code — EW +110 in 1S making 8
// tricks, by the first of the side to name the strain (DDS's published par
// is 2S, the same score; api/web's publishedDDS works the bidding) —
// and, opened, par under the five other codes, all within
// the screen; the director's hand records page draws every board dealt.
func TestBrowserDoubleDummyOnPhone(t *testing.T) {
	b := newEnv(t, withBrowser(), withService(tournament.ServiceOptions{DoubleDummy: listDDS{}}))
	bb := b.build()
	ev := bb.Event(tournament.EventInput{Name: "Double dummy night", Date: "2026-11-25",
		Law: "contract-2017", Scoring: "MP", Published: true})
	sec := howellWithBoardOneAnalysed(t, b, ev.ID, "2S", "E", 8)

	phone := b.phone("player")
	phone.open(fmt.Sprintf("/sections/%d/travelers/1", sec.ID))
	phone.noError("open the public traveler")
	if n := phone.count("#dd-grid tbody tr"); n != 4 {
		t.Errorf("the grid has %d declarers, want 4", n)
	}
	if s := phone.text("#dd-par"); !strings.Contains(s, "EW +110") || !strings.Contains(s, "1S EW +1") {
		t.Errorf("par reads %q, want EW +110 in 1S EW +1", s)
	}
	phone.click(".dd-other-par summary")
	if n := phone.count(".dd-other-par li"); n != 5 {
		t.Errorf("%d other codes' par, want 5", n)
	}
	phone.shot("public-traveler-double-dummy-390")
	checkFitsPhone(t, phone, "the public traveler with its double dummy")

	b.tab.open("/director/login")
	b.tab.fill("#token", directorToken)
	b.tab.submit(`form[action="/director/login"] button[type=submit]`)
	b.tab.open(fmt.Sprintf("/director/sections/%d/hands", sec.ID))
	b.tab.noError("open the hand records")
	if n := b.tab.count(".hand-record"); n != sec.Movement.Boards {
		t.Errorf("%d boards on the hand records page, want %d", n, sec.Movement.Boards)
	}
	if n := b.tab.count(".hand-record .dd-grid"); n != 1 {
		t.Errorf("%d boards with a grid, want 1 (board 1, analysed)", n)
	}
	b.tab.shot("hand-records")
}

// howellWithBoardOneAnalysed makes a 6-pair Howell in the event with DDS's
// first test deal (listDeal1) as board 1 and the rest dealt, enters
// contract by declarer making tricks at every table that plays board 1,
// and analyses board 1 with the env's double dummy.
func howellWithBoardOneAnalysed(t *testing.T, b *env, eventID int64, contract, declarer string, tricks int) tournament.Section {
	t.Helper()
	ctx, svc, bb := context.Background(), b.svc, b.build()
	sec := bb.CreateSection(eventID, tournament.SectionInput{Name: "A",
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
					results = append(results, tournament.Result{Board: 1, Round: rd.Number, Table: tb.Table, Status: tournament.StatusPlayed, Contract: contract, Declarer: declarer, Tricks: tricks})
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
	return sec
}
