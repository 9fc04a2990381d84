package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestBrowserCodesWithAnotherEvent is issue 28 §2 on the director's
// reports page at phone size: two events on the same one-suit boards, the
// first under contract-2017, the second switched to auction-1915, each
// with 4S by North making 10 on board 1 (+420, WBF 2017 Law 77; +251,
// seed 003 as TestAPISectionLawChange works it). The director chooses the
// second event in the page's "compare with another event" form and the
// two are compared board by board, the signed-rank test named, within a
// 390 px screen.
func TestBrowserCodesWithAnotherEvent(t *testing.T) {
	b := newEnv(t, withBrowser())
	bb := b.build()
	var events []tournament.Event
	for _, name := range []string{"Contract night", "Auction night"} {
		ev := bb.Event(tournament.EventInput{Name: name, Date: "2026-11-27", Law: "contract-2017", Scoring: "MP"})
		sec := bb.Mitchell(ev.ID, 3, 2)
		bb.Enter(tournament.Director, sec, tournamenttest.Line(sec, 1, 1, 1, "4S", "N", 10))
		events = append(events, ev)
	}
	law := "auction-1915"
	if _, err := b.svc.UpdateEvent(bb.Ctx, tournament.Director, events[1].ID, tournament.EventPatch{Law: &law}); err != nil {
		t.Fatal(err)
	}

	phone := b.phone("director")
	phone.signInDirector()
	phone.open(fmt.Sprintf("/director/events/%d/reports", events[0].ID))
	phone.noError("open the reports page")
	if n := phone.count("#codes-report-0"); n != 0 {
		t.Fatalf("%d code comparisons before another event is chosen, want none (one section, one code)", n)
	}
	phone.fill("#codes-with", strconv.FormatInt(events[1].ID, 10))
	phone.submit("#compare-with")
	phone.noError("compare with the auction-1915 event")
	phone.shot("reports-codes-with-390")
	checkFitsPhoneScrolled(t, phone, "the reports page comparing two events")
	heading := phone.text("#codes-heading-0")
	for _, want := range []string{"contract-2017 (Contract night)", "auction-1915 (Auction night)"} {
		if !strings.Contains(heading, want) {
			t.Errorf("the comparison's heading %q does not name %q", heading, want)
		}
	}
	if n := phone.count("#codes-report-0 .codes-boards tbody tr"); n != 6 {
		t.Errorf("%d boards compared, want the 6 both events played", n)
	}
	if words := phone.text("#codes-report-0 .test-words"); !strings.Contains(words, "Wilcoxon signed-rank") {
		t.Errorf("the test in words reads %q, want it named", words)
	}
}
