package e2e

// Issue 27 §1 on the pages: the director chooses an event's convention on
// the new-event form; the event page and the section's standings say
// which. The section is the worked Mitchell (enterWorked) in an event made
// on the form with default options, so Law 12C2's average plus and minus go
// by the pair's session percentage (law option average_session): EW 3,
// not at the artificial board, has 9.5 of 12 = 79.166… %, which
// RealBridge's convention cuts to 79.16 (traveler's own prints 79.17).

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

func TestBrowserConvention(t *testing.T) {
	b := newEnv(t, withBrowser())
	d := b.phone("director")
	d.open("/director")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.noError("sign in")
	d.submit("#new-event")
	d.fill("#name", "RealBridge evening")
	d.fill("#date", "2026-11-27")
	d.fill("#law", "contract-2017")
	d.fill("#scoring", string(tournament.MethodMP))
	d.fill("#convention", "realbridge")
	d.shot("new event with a convention")
	d.submit("#create-event")
	d.noError("create the event")
	evID := idFrom(t, d.path(), "/director/events/")
	if got := d.text("#convention-state"); !strings.Contains(got, "realbridge") || !strings.Contains(got, "48.12") {
		t.Errorf("the event page says %q, want realbridge and what it does", got)
	}
	d.shot("event page with its convention")

	bl := b.build()
	sec := bl.Section(evID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}})
	enterWorked(b, sec)
	d.open("/sections/" + id(sec.ID) + "/standings")
	d.noError("open the standings")
	if got := d.text("#convention-note"); !strings.Contains(got, "realbridge") {
		t.Errorf("the standings say %q, want the realbridge convention", got)
	}
	if got := d.text("#standings"); !strings.Contains(got, "79.16") || strings.Contains(got, "79.17") {
		t.Errorf("the standings do not show EW 3 at 79.16 %%:\n%s", got)
	}
	d.shot("standings by the realbridge convention")
}
