package tournament

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestContinueMovement: a 3-table Mitchell (1 board a round) continued from
// round 3 by a custom two-winner schedule numbering its pairs as a Mitchell
// does is taken (here the Mitchell's own rounds, so nothing is replayed);
// a Howell, numbering its pairs otherwise, is refused; a schedule that has
// pair 1 NS play board 1 again in round 2 is refused naming the pair, the
// board and both rounds.
func TestContinueMovement(t *testing.T) {
	old, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	custom := MovementSpec{Kind: "custom", Winners: 2, Tables: 3, Schedule: old.Rounds}
	nm, err := custom.Build()
	if err != nil {
		t.Fatal(err)
	}
	m, err := continueMovement(&old, &nm, 3, nil)
	if err != nil {
		t.Fatalf("a custom two-winner schedule: %v", err)
	}
	if m.Kind != movement.KindCustom || len(m.Rounds) != 3 || m.Winners != 2 {
		t.Errorf("continued: %s, %d rounds, %d winners", m.Kind, len(m.Rounds), m.Winners)
	}
	howell, err := MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := continueMovement(&old, &howell, 2, nil); err == nil || !strings.Contains(err.Error(), "movement.kind") {
		t.Errorf("a Howell after a Mitchell: %v", err)
	}
	// Round 1 of the Mitchell: NS 1 against EW 1 (pair 4) on board 1 at
	// table 1. The schedule plays the Mitchell's rounds 2, 1, 3: its round 2
	// seats them again on board 1.
	again := custom
	again.Schedule = nil
	for i, n := range []int{2, 1, 3} {
		r := old.Rounds[n-1]
		r.Number = i + 1
		again.Schedule = append(again.Schedule, r)
	}
	nm, err = again.Build()
	if err == nil {
		_, err = continueMovement(&old, &nm, 2, nil)
	}
	if err == nil || !strings.Contains(err.Error(), "pair 1 NS would play board 1 twice: in round 1 at table 1 and in round 2 at table 1") {
		t.Errorf("a board played twice: %v", err)
	}
}
