package movement_test

import (
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestHowellStationaryPairsChangeSeatsHalfway: a pair that stays at one
// table all session and changes seats (as Movement.Howell10T5B24Relay's
// pair 9 does from round 5 of 8) sits North-South for half its rounds and
// East-West for the other half (one more EW round when the count is odd),
// changing once. Checked on every partial Howell the search makes, 3/4
// Howells of 7 to 32 pairs, where stationary pairs are several; at least one
// of them must change seats, or the test proves nothing.
func TestHowellStationaryPairsChangeSeatsHalfway(t *testing.T) {
	changing := 0
	for pairs := 7; pairs <= 32; pairs++ {
		m, err := movement.ThreeQuarterHowell(pairs, 2)
		if err != nil {
			t.Fatal(err)
		}
		table := map[int]int{} // pair → its one table, or -1 when it moves
		ns, ew, changes, last := map[int]int{}, map[int]int{}, map[int]int{}, map[int]int{}
		seat := func(p, tb, dir int) {
			if prev, ok := table[p]; ok && prev != tb {
				table[p] = -1
			} else if !ok {
				table[p] = tb
			}
			if last[p] != 0 && last[p] != dir {
				changes[p]++
			}
			last[p] = dir
			if dir == 1 {
				ns[p]++
			} else {
				ew[p]++
			}
		}
		for _, r := range m.Rounds {
			for _, tb := range r.Tables {
				seat(tb.NS, tb.Table, 1)
				seat(tb.EW, tb.Table, 2)
			}
		}
		for p, tb := range table {
			if tb < 0 || ns[p] == 0 || ew[p] == 0 {
				continue // moving, or stationary in one direction
			}
			changing++
			played := ns[p] + ew[p]
			if changes[p] != 1 || last[p] != 2 || ns[p] != played/2 || ew[p] != played-played/2 {
				t.Errorf("%d pairs, %d rounds: stationary pair %d at table %d sits NS %d and EW %d rounds, changing %d times; want NS %d then EW %d, one change",
					pairs, len(m.Rounds), p, tb, ns[p], ew[p], changes[p], played/2, played-played/2)
			}
		}
	}
	if changing == 0 {
		t.Fatal("no stationary pair changes seats in any 3/4 Howell: the test checks nothing")
	}
}
