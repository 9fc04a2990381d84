package movement_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// ebuscoreThreeQuarter8 is "3/4 Howell, ACBL SPECIAL" of PSMovements.txt,
// the pairs movement library of EBUScore (the English Bridge Union's
// scoring program), as rhindonltd/bridge-box-scorer carries it
// (src/movement/PSMovements.txt, commit a04a1b72d780a31f267eef04cf9d6409ca85b008;
// the repository states no licence, so the file is not committed here, and
// only this movement's figures are quoted). Its header "0,4,24,4,6,0" is
// EBUScore's "Movement, Tables, Boards, Boards per Round, Rounds, Missing
// Pair" (forums.ebu.co.uk, "Writing New Movements in EBU Score"): a Howell
// (type 0) of 4 tables, 24 boards, 4 a round, 6 rounds. Then a line a
// table: round by round, NS pair, EW pair, set.
var ebuscoreThreeQuarter8 = [4][18]int{
	{8, 1, 1, 8, 2, 2, 8, 3, 3, 8, 4, 4, 8, 5, 5, 8, 6, 6},
	{7, 5, 1, 7, 6, 2, 7, 1, 3, 2, 7, 4, 3, 7, 5, 4, 7, 6},
	{3, 4, 2, 4, 5, 3, 5, 6, 4, 6, 1, 5, 1, 2, 6, 2, 3, 1},
	{6, 2, 3, 1, 3, 4, 2, 4, 5, 3, 5, 6, 4, 6, 1, 5, 1, 2},
}

// TestThreeQuarterHowell8PairsEBUScore: the ¾ Howell of 8 pairs (4 tables,
// 6 of the 7 rounds) is the ACBL's as EBUScore publishes it
// (ebuscoreThreeQuarter8): round by round, table by table, the same NS
// pair, EW pair and set (4 boards a set: set s is boards 4s−3 to 4s),
// tables 1 and 2 sharing a set every round, pair 8 NS at table 1 and pair 7
// at table 2 changing seats from round 4. It passes Validate and
// CheckBalanced (no two pairs meet twice, every set played 4 times), each
// set not at a table rests on the relay stand, and the table and guide
// cards say what the schedule says. With 7 pairs pair 8 is missing: table
// 1 stays empty and its opponent sits out.
func TestThreeQuarterHowell8PairsEBUScore(t *testing.T) {
	for _, played := range []int{8, 7} {
		m, err := movement.ThreeQuarterHowell(played, 4)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Rounds) != 6 || m.Boards != 24 || m.Tables != 4 {
			t.Fatalf("%d pairs: %d rounds, %d boards, %d tables; want 6, 24, 4", played, len(m.Rounds), m.Boards, m.Tables)
		}
		cards := m.TableCards()
		for ri := range 6 {
			r := &m.Rounds[ri]
			atTables := map[int]bool{}
			for ti, line := range ebuscoreThreeQuarter8 {
				ns, ew, s := line[3*ri], line[3*ri+1], line[3*ri+2]
				boards := []int{4*s - 3, 4*s - 2, 4*s - 1, 4 * s}
				atTables[s] = true
				got, in := r.Table(ti + 1)
				if ns > played || ew > played {
					if in || !slices.Equal(r.SitOut, []int{ns + ew - played - 1}) {
						t.Errorf("%d pairs, round %d: table %d in play %v, sitting out %v", played, ri+1, ti+1, in, r.SitOut)
					}
					continue
				}
				if !in || got.NS != ns || got.EW != ew || !slices.Equal(got.Boards, boards) {
					t.Errorf("%d pairs, round %d, table %d: %+v; want %d v %d on set %d", played, ri+1, ti+1, got, ns, ew, s)
				}
				if c := cards[ti].Rounds[ri]; !c.InPlay || c.NS != ns || c.EW != ew || !slices.Equal(c.Boards, boards) {
					t.Errorf("%d pairs, round %d: table card %d says %+v", played, ri+1, ti+1, c)
				}
			}
			var relay []int
			for s := 1; s <= 6; s++ {
				if !atTables[s] {
					relay = append(relay, 4*s-3, 4*s-2, 4*s-1, 4*s)
				}
			}
			if fmt.Sprint(r.ByeStand) != fmt.Sprint(relay) {
				t.Errorf("%d pairs, round %d: bye-stand %v, want %v", played, ri+1, r.ByeStand, relay)
			}
			if got := r.SharesWith(1); played == 8 && fmt.Sprint(got) != "[2]" {
				t.Errorf("round %d: table 1 shares its set with %v, want [2]", ri+1, got)
			}
		}
		rep, err := m.Validate()
		if err != nil {
			t.Fatalf("%d pairs: Validate: %v", played, err)
		}
		if err := m.CheckBalanced(); err != nil {
			t.Errorf("%d pairs: CheckBalanced: %v", played, err)
		}
		checkEachRoundOnce(t, &m)
		if want := 4 - played%2; rep.Plays != want {
			t.Errorf("%d pairs: each board played at %d tables, want %d", played, rep.Plays, want)
		}
	}
}
