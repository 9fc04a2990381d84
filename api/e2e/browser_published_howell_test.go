package e2e

// Issue 26 §1, Howells of any size: a director on a phone makes a 9-table
// Howell for 17 pairs with the tables sharing boards, as BridgeWx publishes
// it (tournament/movement/testdata/bridgewx_newschemadata.cpp, MIT:
// 6howel18.1-3, 6howel18.2-3, 5howel18.3-3), and prints its cards.

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserSharedHowell: the new-section form says which Howells are
// published and which share boards; 17 pairs with "Tables share boards"
// make BridgeWx's 18-pair Howell, pair 18 missing: 17 rounds of 2 boards,
// 34 boards. Its round 1 ("{ 1, 2, 1, 0}, … {13,14, 1, 1}, {15,16, 2, 2},
// {17,18, 3, 3}"): table 7 (13 v 14) plays set 1, boards 1–2, shared with
// table 1, and table 9 (pair 17 against the missing 18) is not in play —
// the printable table cards say both.
func TestBrowserSharedHowell(t *testing.T) {
	b := newEnv(t, withBrowser())
	d := b.phone("director")
	directorCreatesEvent(t, d)
	d.submit("#new-section")
	d.fill("#section-name", "H")
	d.fill("#kind", "howell")
	if hint := d.text("#pairs-hint"); !strings.Contains(hint, "The published movement is used wherever one was found") {
		t.Errorf("the pairs hint: %q", hint)
	}
	d.fill("#pairs", "17")
	d.fill("#boards_per_round", "2")
	d.check("#share_boards", true)
	d.shot("shared howell form")
	d.submit("#create-section")
	d.noError("create the 17-pair Howell with shared boards")
	sectionID := idFrom(t, d.path(), "/director/sections/")
	sec, err := b.svc.Section(t.Context(), tournament.Director, sectionID)
	if err != nil {
		t.Fatal(err)
	}
	if !sec.Spec.ShareBoards || sec.Movement.Pairs != 17 || len(sec.Movement.Rounds) != 17 || sec.Movement.Boards != 34 {
		t.Fatalf("the section: share boards %v, %d pairs, %d rounds, %d boards; want true, 17, 17, 34",
			sec.Spec.ShareBoards, sec.Movement.Pairs, len(sec.Movement.Rounds), sec.Movement.Boards)
	}
	d.open("/director/sections/" + id(sectionID) + "/cards")
	d.noError("open the cards")
	row := func(table int) string {
		return eval[string](d, "read table card", `[...document.querySelector('.table-card[data-table="`+id(int64(table))+`"] tbody tr').cells].map(c => c.textContent.trim()).join(" ")`)
	}
	if got := row(7); got != "1 13 14 1–2 shared with table 1" {
		t.Errorf("table 7's card, round 1: %q, want 1 13 14 1–2 shared with table 1", got)
	}
	if got := row(9); got != "1 not in play" {
		t.Errorf("table 9's card, round 1: %q, want 1 not in play", got)
	}
	d.shot("shared howell cards")
}
