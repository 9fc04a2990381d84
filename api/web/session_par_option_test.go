package web_test

import (
	"context"
	"net/http"
	"strconv"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// namingDDS answers issue 28's trick table for every deal — at no-trump N
// 6, E 7, S 7, W 6 tricks, no suit making for anyone — and, as DDS's own
// par, the side's better seat: NS +90, 1NT by South (40 + 50, Law 77).
type namingDDS struct{}

func (namingDDS) Tables(deals []scoring.Deal) ([]scoring.TrickTable, error) {
	out := make([]scoring.TrickTable, len(deals))
	for i := range deals {
		out[i][scoring.North][scoring.NoTrump] = 6
		out[i][scoring.East][scoring.NoTrump] = 7
		out[i][scoring.South][scoring.NoTrump] = 7
		out[i][scoring.West][scoring.NoTrump] = 6
	}
	return out, nil
}

func (namingDDS) DealerPar(scoring.TrickTable, scoring.Seat, scoring.Vulnerability) (scoring.Par, error) {
	return scoring.Par{NSScore: 90, Contracts: []scoring.ParContract{{Contract: scoring.Contract{Level: 1, Strain: scoring.NoTrump}, Side: scoring.NS, OneSeat: true, Seat: scoring.South}}}, nil
}

// TestTravelerParFirstToName: a contract-2017 event shows DDS's par (NS
// +90, 1NT by South) until the director sets its law option
// par_first_to_name; then the traveler shows par played by the first of the
// side to name the strain: East names no-trump before South can (North's
// 1NT fails doubled, −100), EW +90 in 1NT by East (scoring's
// TestParFirstToNameTheStrain works it). Board 1 is dealt North, none
// vulnerable.
func TestTravelerParFirstToName(t *testing.T) {
	e := newSessionEnvWith(t, tournament.ServiceOptions{DoubleDummy: namingDDS{}})
	ctx := context.Background()
	sec := newHowellSection(t, e.svc, "Par first to name", "contract-2017")
	if _, err := e.svc.PutBoards(ctx, tournament.Director, sec.ID, []tournament.BoardInput{{Number: 1, Deal: listDeal1}}); err != nil {
		t.Fatal(err)
	}
	if err := e.svc.AnalyseBoard(ctx, sec.ID, 1, pbnDeal(listDeal1)); err != nil {
		t.Fatal(err)
	}
	path := "/director/sections/" + strconv.FormatInt(sec.ID, 10) + "/travelers/1"
	p := e.want(http.StatusOK, true, path, nil)
	pageHas(t, "default", p, `Par under today&#39;s duplicate contract bridge laws (2017): <strong>NS &#43;90</strong> — 1NT S`)
	if _, err := e.svc.UpdateEvent(ctx, tournament.Director, sec.EventID, tournament.EventPatch{LawOptions: tournament.LawOptions{"par_first_to_name": true}}); err != nil {
		t.Fatal(err)
	}
	p = e.want(http.StatusOK, true, path, nil)
	pageHas(t, "par_first_to_name", p, `Par under today&#39;s duplicate contract bridge laws (2017): <strong>EW &#43;90</strong> — 1NT E`)
}
