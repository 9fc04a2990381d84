package web_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestSectionPageWarnsUnbalanced: a custom movement the director accepted
// unbalanced ("unbalanced": true) — pairs 1 and 2 meeting in rounds 1 and 3,
// movement's TestCheckBalancedRefuses's schedule — is stored, and the
// section page warns of the repeated meeting, naming the round, table and
// pairs; a balanced custom movement's page has no warning.
func TestSectionPageWarnsUnbalanced(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	ctx := context.Background()
	ev, err := s.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Club night", Date: "2026-11-27", Law: "contract-2017", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	tb := func(table, ns, ew int, boards ...int) movement.Table {
		return movement.Table{Table: table, NS: ns, EW: ew, Boards: boards}
	}
	again := []movement.Round{
		{Tables: []movement.Table{tb(1, 1, 2, 1, 2), tb(2, 3, 4, 3, 4)}},
		{Tables: []movement.Table{tb(1, 1, 3, 5, 6), tb(2, 2, 4, 5, 6)}},
		{Tables: []movement.Table{tb(1, 1, 2, 3, 4), tb(2, 3, 4, 1, 2)}},
	}
	sec, err := s.svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "custom", Schedule: again, Unbalanced: true}})
	if err != nil {
		t.Fatal(err)
	}
	p := s.get("/director/sections/" + strconv.FormatInt(sec.ID, 10))
	p.want(t, "the section page", http.StatusOK)
	if txt := setupText(p.mustID(t, "movement-unbalanced")); !strings.Contains(txt, "round 3, table 1: pairs 1 and 2 meet again (they met in round 1 at table 1)") {
		t.Errorf("warning: %q", txt)
	}
	balanced, err := s.svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "B",
		Movement: tournament.MovementSpec{Kind: "custom", Schedule: again[:1], Unbalanced: true}})
	if err != nil {
		t.Fatal(err)
	}
	p = s.get("/director/sections/" + strconv.FormatInt(balanced.ID, 10))
	p.want(t, "a balanced section's page", http.StatusOK)
	if p.byID("movement-unbalanced") != nil {
		t.Error("a balanced custom movement is warned of")
	}
}
