package web_test

import (
	"context"
	"net/http"
	"strconv"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestTravelerParFirstToName: a contract-2017 event shows by default par
// played by the first of the side to name the strain: East names no-trump
// before South can (North's 1NT fails doubled, −100), EW +90 in 1NT by East
// (scoring's TestParFirstToNameTheStrain works it). When the director sets
// its law option par_first_to_name off the traveler shows DDS's published
// par (NS +90, 1NT by South). Board 1 is dealt North, none vulnerable.
func TestTravelerParFirstToName(t *testing.T) {
	e := newSessionEnvWith(t, tournament.ServiceOptions{DoubleDummy: tournamenttest.NamingDDS{}})
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
	pageHas(t, "default", p, `Par under today&#39;s duplicate contract bridge laws (2017): <strong>EW &#43;90</strong> — 1NT E`)
	if _, err := e.svc.UpdateEvent(ctx, tournament.Director, sec.EventID, tournament.EventPatch{LawOptions: tournament.LawOptions{"par_first_to_name": false}}); err != nil {
		t.Fatal(err)
	}
	p = e.want(http.StatusOK, true, path, nil)
	pageHas(t, "par_first_to_name off", p, `Par under today&#39;s duplicate contract bridge laws (2017): <strong>NS &#43;90</strong> — 1NT S`)
}
