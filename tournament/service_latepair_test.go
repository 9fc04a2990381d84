package tournament

import (
	"context"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestHowellFilledKeepsTheSchedule: the Howell an odd field plays with its
// missing pair's place filled is that field's own schedule with the
// missing pair's tables in play — for a published base (13 pairs), a
// searched and balanced one (15 pairs: the 16-pair Howell's may differ) and
// a partial Howell (9 pairs in 7 of 9 rounds) — so a late pair joining at
// round 1 leaves every other table as it was.
func TestHowellFilledKeepsTheSchedule(t *testing.T) {
	for _, o := range []movement.HowellOptions{{Pairs: 13, BoardsPerRound: 2}, {Pairs: 15, BoardsPerRound: 1}, {Pairs: 9, BoardsPerRound: 2, Rounds: 7}} {
		m, err := movement.Howell(o)
		if err != nil {
			t.Fatal(err)
		}
		filled, err := movement.HowellFilled(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if filled.Pairs != o.Pairs+1 || len(filled.Rounds) != len(m.Rounds) {
			t.Errorf("%d pairs filled: %d pairs, %d rounds; want %d, %d", o.Pairs, filled.Pairs, len(filled.Rounds), o.Pairs+1, len(m.Rounds))
		}
		if err := sameBut(&m, &filled, o.Pairs+1, 1); err != nil {
			t.Errorf("%d pairs: %v", o.Pairs, err)
		}
		if _, err := filled.Validate(); err != nil {
			t.Errorf("%d pairs filled: %v", o.Pairs, err)
		}
	}
}
