package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestBrowserSectionLawChange is issue 28 §2 on the director's section
// page at phone size: a section of a contract-2017 event holding 4S by
// North making 10 on board 1 (the one-suit deal, none vulnerable: +420,
// WBF 2017 Law 77) is switched to auction-1915 from its law-code form, and
// the result is scored again: +251 (seed 003 as TestAPISectionLawChange
// works it: 36 for the tricks, 125 game, 90 for five honours in one
// hand). The form then offers the code chosen, and the event's code again
// scores +420.
func TestBrowserSectionLawChange(t *testing.T) {
	b := newEnv(t, withBrowser())
	ctx, svc, bb := context.Background(), b.svc, b.build()
	ev := bb.Event(tournament.EventInput{Name: "Code changed", Date: "2026-11-27", Law: "contract-2017", Scoring: "MP"})
	sec := bb.Mitchell(ev.ID, 3, 2)
	bb.Enter(tournament.Director, sec, tournamenttest.Line(sec, 1, 1, 1, "4S", "N", 10))
	score := func(want int, when string) {
		t.Helper()
		rs, err := svc.Results(ctx, tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
		if err != nil || len(rs) != 1 || rs[0].NSScore != want {
			t.Errorf("%s: results %+v (%v), want one at NS %d", when, rs, err, want)
		}
	}
	score(420, "contract-2017")

	phone := b.phone("director")
	phone.signInDirector()
	page := fmt.Sprintf("/director/sections/%d", sec.ID)
	phone.open(page)
	phone.noError("open the section page")
	phone.fill("#section-law", "auction-1915")
	phone.submit("#save-section-law")
	phone.noError("switch the section to auction-1915")
	if got := phone.text("body"); !strings.Contains(got, "plays auction-1915") {
		t.Errorf("after the change the page does not say the code: %q", got[:min(len(got), 400)])
	}
	phone.shot("section-law-390")
	checkFitsPhone(t, phone, "the section page with its law-code form")
	score(251, "auction-1915")
	if v := eval[string](phone, "read the law-code form", `document.querySelector("#section-law").value`); v != "auction-1915" {
		t.Errorf("the form offers %q chosen, want auction-1915", v)
	}

	phone.fill("#section-law", "")
	phone.submit("#save-section-law")
	phone.noError("back to the event's code")
	score(420, "the event's contract-2017 again")
}
