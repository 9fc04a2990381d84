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

// ebuscoreHowells are three partial Howells of EBUScore's PSMovements.txt
// (the same file as ebuscoreThreeQuarter8: rhindonltd/bridge-box-scorer,
// src/movement/PSMovements.txt, commit a04a1b72, not committed here), each
// its header (Howell, tables, boards, boards a round, rounds, missing pair)
// and a line a table: round by round, NS pair, EW pair, set.
var ebuscoreHowells = []struct {
	name   string
	header [6]int
	lines  [][]int
}{
	{"3/4 Howell, ACBL SPECIAL", [6]int{0, 11, 24, 2, 12, 0}, [][]int{
		{13, 1, 1, 13, 2, 2, 13, 3, 3, 13, 4, 4, 13, 5, 5, 13, 6, 6, 7, 13, 7, 13, 8, 8, 13, 9, 9, 10, 13, 10, 11, 13, 11, 12, 13, 12},
		{14, 12, 2, 14, 1, 3, 14, 2, 4, 14, 3, 5, 14, 4, 6, 14, 5, 7, 6, 14, 8, 14, 7, 9, 14, 8, 10, 9, 14, 11, 10, 14, 12, 11, 14, 1},
		{15, 11, 3, 15, 12, 4, 15, 1, 5, 15, 2, 6, 15, 3, 7, 15, 4, 8, 5, 15, 9, 15, 6, 10, 15, 7, 11, 8, 15, 12, 9, 15, 1, 10, 15, 2},
		{16, 10, 4, 16, 11, 5, 16, 12, 6, 16, 1, 7, 16, 2, 8, 16, 3, 9, 4, 16, 10, 16, 5, 11, 16, 6, 12, 7, 16, 1, 8, 16, 2, 9, 16, 3},
		{17, 9, 5, 17, 10, 6, 17, 11, 7, 17, 12, 8, 17, 1, 9, 17, 2, 10, 3, 17, 11, 17, 4, 12, 17, 5, 1, 6, 17, 2, 7, 17, 3, 8, 17, 4},
		{18, 8, 7, 18, 9, 8, 18, 10, 9, 18, 11, 10, 18, 12, 11, 18, 1, 12, 2, 18, 1, 18, 3, 2, 18, 4, 3, 5, 18, 4, 6, 18, 5, 7, 18, 6},
		{19, 7, 8, 19, 8, 9, 19, 9, 10, 19, 10, 11, 19, 11, 12, 19, 12, 1, 1, 19, 2, 19, 2, 3, 19, 3, 4, 4, 19, 5, 5, 19, 6, 6, 19, 7},
		{20, 6, 9, 20, 7, 10, 20, 8, 11, 20, 9, 12, 20, 10, 1, 20, 11, 2, 12, 20, 3, 20, 1, 4, 20, 2, 5, 3, 20, 6, 4, 20, 7, 5, 20, 8},
		{21, 5, 10, 21, 6, 11, 21, 7, 12, 21, 8, 1, 21, 9, 2, 21, 10, 3, 11, 21, 4, 21, 12, 5, 21, 1, 6, 2, 21, 7, 3, 21, 8, 4, 21, 9},
		{22, 4, 11, 22, 5, 12, 22, 6, 1, 22, 7, 2, 22, 8, 3, 22, 9, 4, 10, 22, 5, 22, 11, 6, 22, 12, 7, 1, 22, 8, 2, 22, 9, 3, 22, 10},
		{3, 2, 12, 4, 3, 1, 5, 4, 2, 6, 5, 3, 7, 6, 4, 8, 7, 5, 9, 8, 6, 10, 9, 7, 11, 10, 8, 12, 11, 9, 1, 12, 10, 2, 1, 11},
	}},
	{"[F52] 3/4 Howell (Yellow EBU26 T 12,SBU 12Tab 26B 34)", [6]int{0, 12, 26, 2, 13, 0}, [][]int{
		{7, 8, 1, 8, 9, 2, 9, 10, 3, 10, 11, 4, 11, 12, 5, 12, 13, 6, 13, 1, 7, 1, 2, 8, 2, 3, 9, 3, 4, 10, 4, 5, 11, 5, 6, 12, 6, 7, 13},
		{22, 1, 2, 22, 2, 3, 22, 3, 4, 22, 4, 5, 22, 5, 6, 22, 6, 7, 22, 7, 8, 22, 8, 9, 22, 9, 10, 22, 10, 11, 22, 11, 12, 22, 12, 13, 22, 13, 1},
		{21, 3, 3, 21, 4, 4, 21, 5, 5, 21, 6, 6, 21, 7, 7, 21, 8, 8, 21, 9, 9, 10, 21, 10, 11, 21, 11, 12, 21, 12, 13, 21, 13, 1, 21, 1, 2, 21, 2},
		{20, 5, 4, 20, 6, 5, 20, 7, 6, 20, 8, 7, 20, 9, 8, 20, 10, 9, 20, 11, 10, 12, 20, 11, 13, 20, 12, 1, 20, 13, 2, 20, 1, 3, 20, 2, 4, 20, 3},
		{2, 19, 5, 3, 19, 6, 4, 19, 7, 5, 19, 8, 6, 19, 9, 7, 19, 10, 8, 19, 11, 19, 9, 12, 19, 10, 13, 19, 11, 1, 19, 12, 2, 19, 13, 3, 19, 1, 4},
		{10, 18, 6, 11, 18, 7, 12, 18, 8, 13, 18, 9, 1, 18, 10, 2, 18, 11, 3, 18, 12, 18, 4, 13, 18, 5, 1, 18, 6, 2, 18, 7, 3, 18, 8, 4, 18, 9, 5},
		{12, 17, 7, 13, 17, 8, 1, 17, 9, 2, 17, 10, 3, 17, 11, 4, 17, 12, 5, 17, 13, 17, 6, 1, 17, 7, 2, 17, 8, 3, 17, 9, 4, 17, 10, 5, 17, 11, 6},
		{4, 16, 8, 5, 16, 9, 6, 16, 10, 7, 16, 11, 8, 16, 12, 9, 16, 13, 10, 16, 1, 16, 11, 2, 16, 12, 3, 16, 13, 4, 16, 1, 5, 16, 2, 6, 16, 3, 7},
		{15, 11, 9, 15, 12, 10, 15, 13, 11, 15, 1, 12, 15, 2, 13, 15, 3, 1, 15, 4, 2, 5, 15, 3, 6, 15, 4, 7, 15, 5, 8, 15, 6, 9, 15, 7, 10, 15, 8},
		{14, 13, 10, 14, 1, 11, 14, 2, 12, 14, 3, 13, 14, 4, 1, 14, 5, 2, 14, 6, 3, 7, 14, 4, 8, 14, 5, 9, 14, 6, 10, 14, 7, 11, 14, 8, 12, 14, 9},
		{6, 23, 11, 7, 23, 12, 8, 23, 13, 9, 23, 1, 10, 23, 2, 11, 23, 3, 12, 23, 4, 23, 13, 5, 23, 1, 6, 23, 2, 7, 23, 3, 8, 23, 4, 9, 23, 5, 10},
		{24, 9, 11, 24, 10, 12, 24, 11, 13, 24, 12, 1, 13, 24, 2, 1, 24, 3, 2, 24, 4, 3, 24, 5, 4, 24, 6, 5, 24, 7, 24, 6, 8, 24, 7, 9, 24, 8, 10},
	}},
	{"[G174] 10 Table 3/4 Howell 11 Rounds, Groner", [6]int{0, 10, 22, 2, 11, 0}, [][]int{
		{18, 1, 1, 18, 2, 2, 18, 3, 3, 18, 4, 4, 18, 5, 5, 18, 6, 6, 18, 7, 7, 18, 8, 8, 18, 9, 9, 18, 10, 10, 18, 11, 11},
		{17, 5, 2, 17, 6, 3, 17, 7, 4, 8, 17, 5, 9, 17, 6, 10, 17, 7, 17, 11, 8, 17, 1, 9, 17, 2, 10, 3, 17, 11, 4, 17, 1},
		{16, 11, 3, 16, 1, 4, 2, 16, 5, 3, 16, 6, 16, 4, 7, 16, 5, 8, 6, 16, 9, 7, 16, 10, 16, 8, 11, 16, 9, 1, 10, 16, 2},
		{20, 2, 4, 20, 3, 5, 20, 4, 6, 20, 5, 7, 6, 20, 8, 7, 20, 9, 8, 20, 10, 9, 20, 11, 10, 20, 1, 20, 11, 2, 20, 1, 3},
		{19, 10, 4, 19, 11, 5, 19, 1, 6, 19, 2, 7, 19, 3, 8, 19, 4, 9, 5, 19, 10, 6, 19, 11, 7, 19, 1, 8, 19, 2, 9, 19, 3},
		{9, 15, 5, 10, 15, 6, 15, 11, 7, 15, 1, 8, 15, 2, 9, 3, 15, 10, 4, 15, 11, 5, 15, 1, 15, 6, 2, 15, 7, 3, 8, 15, 4},
		{7, 8, 6, 8, 9, 7, 9, 10, 8, 10, 11, 9, 11, 1, 10, 1, 2, 11, 2, 3, 1, 3, 4, 2, 4, 5, 3, 5, 6, 4, 6, 7, 5},
		{6, 14, 7, 14, 7, 8, 14, 8, 9, 9, 14, 10, 10, 14, 11, 14, 11, 1, 14, 1, 2, 2, 14, 3, 3, 14, 4, 14, 4, 5, 14, 5, 6},
		{4, 13, 8, 5, 13, 9, 6, 13, 10, 13, 7, 11, 8, 13, 1, 13, 9, 2, 13, 10, 3, 13, 11, 4, 1, 13, 5, 13, 2, 6, 3, 13, 7},
		{3, 12, 9, 12, 4, 10, 5, 12, 11, 12, 6, 1, 7, 12, 2, 8, 12, 3, 9, 12, 4, 12, 10, 5, 12, 11, 6, 12, 1, 7, 2, 12, 8},
	}},
}

// ebuscoreRounds turns an EBUScore table's lines into kopsPlay's form: per
// round, per table, the NS pair, the EW pair and the set.
func ebuscoreRounds(lines [][]int, rounds int) [][][3]int {
	out := make([][][3]int, rounds)
	for r := range out {
		for _, l := range lines {
			out[r] = append(out[r], [3]int{l[3*r], l[3*r+1], l[3*r+2]})
		}
	}
	return out
}

// TestPublishedHowellsEBUScore: the Howells of 22 pairs in 12 rounds, 24
// pairs in 13 and 20 pairs in 11 — sizes neither thebridsk/bridgescorer nor
// KoPS publishes — are EBUScore's (ebuscoreHowells: the ACBL's "3/4 Howell,
// ACBL SPECIAL" of 11 tables; "[F52] 3/4 Howell (Yellow EBU26 T 12)", the
// EBU's yellow guide cards; "[G174] 10 Table 3/4 Howell 11 Rounds,
// Groner"): round by round, table by table, the same NS pair, EW pair and
// set, the stationary pairs changing seats in the rounds the file says,
// tables sharing a set where it has them share (their table cards say
// with which). Each passes Validate and CheckBalanced, each pair is in
// every round once; with one pair fewer the highest-numbered (stationary)
// pair is missing and its opponent sits out.
func TestPublishedHowellsEBUScore(t *testing.T) {
	for _, pub := range ebuscoreHowells {
		t.Run(pub.name, func(t *testing.T) {
			pairs, per, rounds := 2*pub.header[1], pub.header[3], pub.header[4]
			if per != 2 || pub.header[2] != 2*rounds {
				t.Fatalf("header %v: want 2 boards a round, a set a round", pub.header)
			}
			want := ebuscoreRounds(pub.lines, rounds)
			for _, played := range []int{pairs, pairs - 1} {
				m, err := movement.Howell(movement.HowellOptions{Pairs: played, BoardsPerRound: 2, Rounds: rounds})
				if err != nil {
					t.Fatalf("%d pairs: %v", played, err)
				}
				checkKoPS(t, &m, want, played)
			}
		})
	}
}
