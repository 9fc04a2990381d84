package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestBrowserParFirstToNameOnPhone: on a 390-pixel phone, board 1's public
// traveler of a contract-2017 event made with its default law options
// (par_first_to_name on) shows par played by the first of the side to name
// the strain: EW +90 in
// 1NT by East, who names no-trump before South can (North dealing, none
// vulnerable; scoring's TestParFirstToNameTheStrain works it), where DDS's
// published par is NS +90 in 1NT by South; all within the screen.
func TestBrowserParFirstToNameOnPhone(t *testing.T) {
	b := newEnv(t, withBrowser(), withService(tournament.ServiceOptions{DoubleDummy: tournamenttest.NamingDDS{}}))
	bb := b.build()
	ev := bb.Event(tournament.EventInput{Name: "First to name", Date: "2026-11-28",
		Law: "contract-2017", Scoring: "MP", Published: true})
	sec := howellWithBoardOneAnalysed(t, b, ev.ID, "1NT", "E", 7)
	phone := b.phone("player")
	phone.open(fmt.Sprintf("/sections/%d/travelers/1", sec.ID))
	phone.noError("open the public traveler")
	if s := phone.text("#dd-par"); !strings.Contains(s, "EW +90") || !strings.Contains(s, "1NT E") {
		t.Errorf("par reads %q, want EW +90 in 1NT E", s)
	}
	phone.shot("public-traveler-par-first-to-name-390")
	checkFitsPhone(t, phone, "the public traveler with par first to name")
}
