package e2e

// Issue 13 §1 and §5 in a real browser: a director gives a pair a
// substitute, withdraws a pair mid-session (its boards left not played),
// deletes a section and then the event, each deletion confirmed by a ticked
// box, and reads the changes page. The figures are worked by hand below.

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// The section is a 3-table Mitchell, 2 boards a round: 3 rounds, 6 boards.
// Its movement (TestAPIChangePairs checks the seats): NS n
// stays at table n; EW 1 sits at tables 1, 2, 3 in rounds 1, 2, 3, EW 2 at
// 2, 3, 1, EW 3 at 3, 1, 2; table t plays in round r the boards of set
// (t+r−2) mod 3 + 1 (set 1: boards 1-2, set 2: 3-4, set 3: 5-6):
//
//	round 1: T1 NS1–EW1 b1-2, T2 NS2–EW2 b3-4, T3 NS3–EW3 b5-6
//	round 2: T1 NS1–EW3 b3-4, T2 NS2–EW1 b5-6, T3 NS3–EW2 b1-2
//	round 3: T1 NS1–EW2 b5-6, T2 NS2–EW3 b1-2, T3 NS3–EW1 b3-4
//
// EW 3 leaves after round 1: withdrawn from round 2, its boards left not
// played — round 2 table 1 boards 3-4 and round 3 table 2 boards 1-2: 4
// boards. Every board played is 3NT by South making 9, so each board's
// played lines tie and every line earns half the top (matchpoints 2 for a
// score beaten, 1 for a tie; a board with 2 lines instead of 3 is
// Neuberg-scaled, and a tie stays half the top): 50% for every pair.
// Boards played (a board not played counts for neither side):
//
//	NS 1: b1-2, b5-6 (b3-4 not played)  4    NS 2: b3-4, b5-6 (b1-2 not)  4
//	NS 3: 6                                   EW 1: 6      EW 2: 6
//	EW 3: b5-6                          2
//
// Each total is scaled to the most boards played in its direction (6):
// EW 3 has 2 boards × 2 matchpoints = 4, × 6/2 = 12; NS 1 has 4 × 2 = 8,
// × 6/4 = 12; NS 3 has 6 × 2 = 12. The section then holds 18 results: 6
// each round (the two boards of each of 3 tables), the 4 not played among them.

// changeSection creates section A of the event with the builder: the six
// pairs (apitest.NewMitchell's names), round 1's results, and round 1 as
// the current round.
func changeSection(t *testing.T, b *env, eventID int64) tournament.Section {
	t.Helper()
	bb := b.build()
	sec := bb.CreateSection(eventID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2}})
	var pairs []tournament.Pair
	for _, p := range []struct{ number, dir, a, b string }{
		{"1", "NS", "Ann North", "Bob South"}, {"2", "NS", "Cat North", "Dan South"}, {"3", "NS", "Eve North", "Fay South"},
		{"1", "EW", "Gus East", "Hal West"}, {"2", "EW", "Ivy East", "Jon West"}, {"3", "EW", "Kim East", "Lou West"},
	} {
		pairs = append(pairs, tournament.Pair{Number: p.number, Direction: p.dir, Players: []tournament.Player{{Name: p.a}, {Name: p.b}}})
	}
	if _, err := b.svc.AddPairs(bb.Ctx, tournament.Director, sec.ID, pairs); err != nil {
		t.Fatal(err)
	}
	sec = bb.Round(sec, 1)
	enterRounds(t, b, sec, 1)
	return sec
}

// enterRounds enters 3NT by S making 9 on every board of the rounds that
// has no result yet (the boards of the withdrawn pair have theirs).
func enterRounds(t *testing.T, b *env, sec tournament.Section, rounds ...int) {
	t.Helper()
	ctx := context.Background()
	have, err := b.svc.Results(ctx, tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
	if err != nil {
		t.Fatal(err)
	}
	taken := map[[3]int]bool{}
	for _, r := range have {
		taken[[3]int{r.Round, r.Table, r.Board}] = true
	}
	var in []tournament.Result
	for _, round := range rounds {
		for _, tb := range sec.Movement.Rounds[round-1].Tables {
			for _, board := range tb.Boards {
				if !taken[[3]int{round, tb.Table, board}] {
					in = append(in, tournament.Result{Board: board, Round: round, Table: tb.Table, Status: tournament.StatusPlayed, Contract: "3NT", Declarer: "S", Tricks: 9})
				}
			}
		}
	}
	b.build().Enter(tournament.Director, sec, in...)
}

// TestBrowserChanges renames a pair's player, withdraws a pair, deletes a
// section and the event, in Chromium.
func TestBrowserChanges(t *testing.T) {
	b := newEnv(t, withBrowser())
	d := b.tab
	eventID := directorCreatesEvent(t, d)
	sec := changeSection(t, b, eventID)
	other := b.build().CreateSection(eventID, tournament.SectionInput{Name: "B",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 4, BoardsPerRound: 2}})
	section := fmt.Sprintf("/director/sections/%d", sec.ID)

	// A substitute: Sid Sub sits in for Dan South in pair 2 NS.
	d.open(section)
	d.submit(`#pairs tr[data-pair="2"][data-direction="NS"] a.pair-edit`)
	d.noError("open pair 2 NS")
	if got := eval[string](d, "read player 2", `document.querySelector("#player-name-1").value`); got != "Dan South" {
		t.Fatalf("pair 2 NS's second player shows %q, want Dan South", got)
	}
	d.fill("#player-name-1", "Sid Sub")
	d.fill("#player-number-1", "EBU 4242")
	d.shot("pair-substitute")
	d.submit("#save-pair")
	d.noError("save pair 2 NS")
	if got := d.text(`#pairs tr[data-pair="2"][data-direction="NS"]`); !strings.Contains(got, "Cat North & Sid Sub (EBU 4242)") {
		t.Errorf("pair 2 NS shows %q, want Cat North & Sid Sub (EBU 4242)", got)
	}
	d.shot("section-after-substitute")

	// Round 2 starts without EW 3: withdrawn from the current round, its
	// boards left not played (4, worked above).
	directorSetsRound(t, d, sec.ID, 2)
	d.submit(`#pairs tr[data-pair="3"][data-direction="EW"] a.pair-edit`)
	if got := eval[string](d, "read the round", `document.querySelector("#from_round").value`); got != "2" {
		t.Errorf("the withdrawal starts from round %q, want the current round 2", got)
	}
	d.check("#status-not-played", true)
	d.shot("withdraw-ew3")
	d.submit("#withdraw-pair")
	d.noError("withdraw EW 3")
	if got := d.text("p.flash"); !strings.Contains(got, "Pair 3 EW withdrawn from round 2: 4 boards not played") {
		t.Errorf("after the withdrawal the page says %q", got)
	}
	enterRounds(t, b, sec, 2, 3)

	// The standings count each pair's boards played (worked above).
	d.open(section + "/results")
	d.noError("open the results")
	d.shot("results-after-withdrawal")
	for _, w := range []struct {
		number, dir string
		boards      string
		total       string
	}{{"3", "EW", "2", "12"}, {"1", "NS", "4", "12"}, {"2", "NS", "4", "12"}, {"3", "NS", "6", "12"}, {"1", "EW", "6", "12"}, {"2", "EW", "6", "12"}} {
		row := fmt.Sprintf(`tr[data-pair="%s"][data-direction="%s"]`, w.number, w.dir)
		if got := d.text(row + " td.boards"); got != w.boards {
			t.Errorf("pair %s %s played %s boards, want %s", w.number, w.dir, got, w.boards)
		}
		if got := d.text(row + " td.total"); got != w.total {
			t.Errorf("pair %s %s total %s, want %s", w.number, w.dir, got, w.total)
		}
		if got := d.text(row + " td.pct"); got != "50.00" {
			t.Errorf("pair %s %s: %s%%, want 50.00", w.number, w.dir, got)
		}
	}

	// The changes: the substitute and the withdrawal.
	d.open(fmt.Sprintf("/director/events/%d", eventID))
	d.submit("#changes-link")
	d.noError("open the changes")
	d.shot("changes")
	if n := d.count("#changes tr.change"); n != 2 {
		t.Errorf("the changes page has %d rows, want 2", n)
	}
	if got := d.text("#changes"); !strings.Contains(got, "Cat North & Sid Sub (EBU 4242)") || !strings.Contains(got, "withdrawn") {
		t.Errorf("the changes page says %q", got)
	}

	// Deleting section A: the box must be ticked; 18 results go with it.
	d.open(section)
	d.submit("#delete-section-link")
	if got := d.text("#confirm-delete-form"); !strings.Contains(got, "yes, delete section A and its 18 results") {
		t.Errorf("the confirmation says %q", got)
	}
	d.submit("#delete")
	d.shot("delete-section-unticked")
	if msg := d.pageError(); !strings.Contains(msg, "nothing was deleted") {
		t.Errorf("deleting unticked: the page says %q", msg)
	}
	if got := eval[string](d, "read aria-invalid", `document.querySelector("#confirm-delete").getAttribute("aria-invalid") || ""`); got != "true" {
		t.Errorf("the unticked box is not marked aria-invalid")
	}
	d.check("#confirm-delete", true)
	d.submit("#delete")
	d.noError("delete section A")
	d.shot("event-after-section-deleted")
	if p := d.path(); p != fmt.Sprintf("/director/events/%d", eventID) {
		t.Errorf("after deleting the section the page is %s, want the event's", p)
	}
	if got := d.text("p.flash"); !strings.Contains(got, "Section A deleted with its 18 results") {
		t.Errorf("after deleting the section the page says %q", got)
	}
	if n := d.count("#sections a.section-link"); n != 1 {
		t.Errorf("the event lists %d sections, want 1 (B)", n)
	}
	d.open(section)
	d.shot("deleted-section-url")
	if msg := d.pageError(); !strings.Contains(msg, fmt.Sprintf("section %d does not exist", sec.ID)) {
		t.Errorf("the deleted section's page says %q, want not found", msg)
	}

	// Deleting the event: its 1 section (B) and no result.
	d.open(fmt.Sprintf("/director/events/%d", eventID))
	d.submit("#delete-event-link")
	if got := d.text("#confirm-delete-form"); !strings.Contains(got, "yes, delete event Browser Howell, its 1 section and 0 results") {
		t.Errorf("the confirmation says %q", got)
	}
	d.check("#confirm-delete", true)
	d.shot("delete-event-ticked")
	d.submit("#delete")
	d.noError("delete the event")
	d.shot("events-after-delete")
	if p := d.path(); p != "/director" {
		t.Errorf("after deleting the event the page is %s, want the events list", p)
	}
	if got := d.text("p.flash"); !strings.Contains(got, "Event Browser Howell deleted") {
		t.Errorf("after deleting the event the page says %q", got)
	}
	if n := d.count(fmt.Sprintf(`a[href="/director/events/%d"]`, eventID)); n != 0 {
		t.Errorf("the events list still links the deleted event")
	}
	for _, path := range []string{fmt.Sprintf("/director/events/%d", eventID), fmt.Sprintf("/director/sections/%d", other.ID)} {
		d.open(path)
		if msg := d.pageError(); !strings.Contains(msg, "does not exist") {
			t.Errorf("%s after the delete says %q, want not found", path, msg)
		}
	}
	d.shot("deleted-event-url")
	// Its audit stays: the changes, the two deletions last.
	d.open(fmt.Sprintf("/director/events/%d/changes", eventID))
	d.noError("the deleted event's changes")
	d.shot("deleted-event-changes")
	if n := d.count("#changes tr.change"); n != 4 {
		t.Errorf("the deleted event's changes page has %d rows, want 4", n)
	}
	if got := d.text("#changes tr.change:last-child"); !strings.Contains(got, "the event") || !strings.Contains(got, "name: Browser Howell") {
		t.Errorf("the last change is %q, want the event's deletion", got)
	}
}
