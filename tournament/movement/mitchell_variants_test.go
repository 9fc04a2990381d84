package movement_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// variant builds a Mitchell variant and validates it, failing the test on
// either error.
func variant(t *testing.T, o movement.MitchellOptions) (movement.Movement, movement.Report) {
	t.Helper()
	m, err := movement.Mitchell(o)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := m.Validate()
	if err != nil {
		t.Fatal(err)
	}
	return m, rep
}

// setAt is the set (1-based, per boards a set) table tab plays in round r.
func setAt(t *testing.T, m *movement.Movement, r, tab, per int) int {
	t.Helper()
	tb, ok := m.Rounds[r-1].Table(tab)
	if !ok {
		t.Fatalf("round %d: table %d not in play", r, tab)
	}
	return (tb.Boards[0]-1)/per + 1
}

// TestHesitationMitchellEBU reproduces the EBU's 7-table hesitation
// Mitchell (EBU newsletter, "Unusual Movements for Clubs – 1" by John
// Pain; the movement is E. E. Blandon's, bridgecentral.com "Hesitation
// Mitchell"): NS 1–7 and EW 8–14 at tables 1–7; sets of 3 boards 1-3, 4-6,
// 7-9 at tables 1–3, 10-12 on a relay, 13-15 … 22-24 at tables 4–7; pairs
// 1–6 stationary, pairs 7–14 move EW1 → … → EW7 → NS7 → EW1; an arrow
// switch in the last round at every table but table 7.
func TestHesitationMitchellEBU(t *testing.T) {
	m, rep := variant(t, movement.MitchellOptions{Tables: 7, BoardsPerRound: 3, Variant: movement.VariantHesitation})
	if len(m.Rounds) != 8 || m.Boards != 24 || m.Winners != 1 {
		t.Fatalf("rounds %d, boards %d, winners %d; want 8, 24, 1", len(m.Rounds), m.Boards, m.Winners)
	}
	r1 := m.Rounds[0]
	for tab := 1; tab <= 7; tab++ {
		tb, _ := r1.Table(tab)
		wantSet := []int{1, 2, 3, 5, 6, 7, 8}[tab-1] // boards 1-3, 4-6, 7-9, (relay 10-12), 13-15, 16-18, 19-21, 22-24
		if tb.NS != tab || tb.EW != 7+tab || (tb.Boards[0]-1)/3+1 != wantSet {
			t.Errorf("round 1 table %d: NS %d EW %d boards %v; want NS %d EW %d set %d", tab, tb.NS, tb.EW, tb.Boards, tab, 7+tab, wantSet)
		}
	}
	if fmt.Sprint(r1.ByeStand) != "[10 11 12]" {
		t.Errorf("round 1 relay %v, want boards 10-12", r1.ByeStand)
	}
	// Round 2 by the EBU's cycle: pair 7 (NS7) to EW1, pair 14 (EW7) to NS7,
	// pair 13 (EW6) to EW7; boards move down: table 1 gets set 2, table 7
	// set 1 (from table 1), the relay set 5 (from table 4).
	r2 := m.Rounds[1]
	t1, _ := r2.Table(1)
	t7, _ := r2.Table(7)
	if t1.EW != 7 || t7.NS != 14 || t7.EW != 13 || setAt(t, &m, 2, 1, 3) != 2 || setAt(t, &m, 2, 7, 3) != 1 || r2.ByeStand[0] != 13 {
		t.Errorf("round 2: table 1 %+v, table 7 %+v, relay %v", *t1, *t7, r2.ByeStand)
	}
	// Stationary pairs 1–6 sit NS at their table every round.
	for ri, r := range m.Rounds {
		for tab := 1; tab <= 6; tab++ {
			if tb, _ := r.Table(tab); tb.NS != tab {
				t.Errorf("round %d table %d NS %d, want stationary %d", ri+1, tab, tb.NS, tab)
			}
		}
	}
	for _, tb := range m.Rounds[7].Tables {
		if tb.ArrowSwitch != (tb.Table != 7) {
			t.Errorf("last round table %d arrow switch %v; the EBU switches every table but 7", tb.Table, tb.ArrowSwitch)
		}
	}
	// Every pair plays 8 rounds of 3 boards: all 24.
	for p, n := range rep.Played {
		if n != 24 {
			t.Errorf("pair %d plays %d boards, want 24", p+1, n)
		}
	}
	if rep.Plays != 7 || rep.Balance.Pairs != 14*13/2 {
		t.Errorf("plays %d, balance pairs %d; want each board 7 times, all 91 pairs of pairs compared (one winner)", rep.Plays, rep.Balance.Pairs)
	}
}

// TestWebMitchellBridgeCentral reproduces the web Mitchell's example of
// bridgecentral.com ("Web Mitchell", John Harris's movement): 10 tables, 7
// sets; tables 1-5 start with sets 1-5 (6 and 7 on a relay), tables 6-10
// with sets 4 3 2 1 7 (7 6 5 … 6 and 5 on the relay); boards move down a
// table within their group, EW pairs up one table through both, never
// skipping. Every pair plays every set.
func TestWebMitchellBridgeCentral(t *testing.T) {
	m, rep := variant(t, movement.MitchellOptions{Tables: 10, BoardsPerRound: 2, Rounds: 7, Variant: movement.VariantWeb})
	var got []int
	for tab := 1; tab <= 10; tab++ {
		got = append(got, setAt(t, &m, 1, tab, 2))
	}
	if fmt.Sprint(got) != "[1 2 3 4 5 4 3 2 1 7]" {
		t.Errorf("round 1 sets %v, want [1 2 3 4 5 4 3 2 1 7]", got)
	}
	// Set 6 is on both relays in round 1: nobody plays it.
	if fmt.Sprint(m.Rounds[0].ByeStand) != "[11 12]" {
		t.Errorf("round 1 bye-stand %v, want set 6 (boards 11-12)", m.Rounds[0].ByeStand)
	}
	// Round 2: table 1 gets table 2's set 2, table 5 the relay's set 6; table 6
	// gets table 7's set 3 and table 10 the relay's set 6.
	got = got[:0]
	for _, tab := range []int{1, 5, 6, 10} {
		got = append(got, setAt(t, &m, 2, tab, 2))
	}
	if fmt.Sprint(got) != "[2 6 3 6]" {
		t.Errorf("round 2 sets at tables 1, 5, 6, 10: %v, want [2 6 3 6]", got)
	}
	for r := 1; r <= 7; r++ {
		tb, _ := m.Rounds[r-1].Table(1)
		if want := 10 + (1-r+10)%10 + 1; tb.EW != want {
			t.Errorf("round %d table 1 EW %d, want %d (EW pairs move up one table)", r, tb.EW, want)
		}
	}
	// Each board is played at 5 tables of each group: 10 times; every pair
	// plays 14 boards, so two pairs of a direction are compared on all 14.
	if rep.Plays != 10 || rep.Balance.Min != 14 || rep.Balance.Max != 14 {
		t.Errorf("plays %d, balance %+v; want 10 and every pair of a direction compared on 14", rep.Plays, rep.Balance)
	}
}

// TestTwoStanzaMitchell checks the two-stanza Mitchell against the rule of
// jfklorenz/Bridge-Package's movements/features/mitchell_twostanza.js
// (tables 2K, K odd: table t, round r of the first stanza plays set
// (t+r) mod K, of the second K+(t+r) mod K, 0-based; EW t−r), worked by
// hand for 6 tables (K 3): round 1 (r 0) sets 1 2 3 1 2 3; round 4 (r 3,
// the second stanza's first) 3+(t+3) mod 3 = sets 4 5 6 4 5 6; round 6
// (r 5) 3+(t+5) mod 3: 6 4 5 6 4 5.
func TestTwoStanzaMitchell(t *testing.T) {
	m, rep := variant(t, movement.MitchellOptions{Tables: 6, BoardsPerRound: 4, Variant: movement.VariantTwoStanza})
	for _, c := range []struct {
		round int
		want  string
	}{{1, "[1 2 3 1 2 3]"}, {2, "[2 3 1 2 3 1]"}, {4, "[4 5 6 4 5 6]"}, {6, "[6 4 5 6 4 5]"}} {
		var got []int
		for tab := 1; tab <= 6; tab++ {
			got = append(got, setAt(t, &m, c.round, tab, 4))
		}
		if fmt.Sprint(got) != c.want {
			t.Errorf("round %d sets %v, want %s", c.round, got, c.want)
		}
	}
	// Every EW pair meets every NS pair once (4 boards), and plays all 24 boards.
	for ns := 1; ns <= 6; ns++ {
		for ew := 7; ew <= 12; ew++ {
			if rep.Against[ns-1][ew-1] != 4 {
				t.Errorf("NS %d v EW %d: %d boards, want 4", ns, ew-6, rep.Against[ns-1][ew-1])
			}
		}
	}
	if rep.Plays != 6 || rep.Balance.Min != 24 || rep.Balance.Max != 24 {
		t.Errorf("plays %d, balance %+v; want 6 and every pair of a direction compared on all 24 boards", rep.Plays, rep.Balance)
	}
}

// TestBarometerMitchell checks the barometer's defining property (every
// table plays the same boards each round; the published description is
// played in TestBarometerMitchellBridgeCentral): set r at every table in
// round r, the EW pairs meeting each NS pair once.
func TestBarometerMitchell(t *testing.T) {
	m, rep := variant(t, movement.MitchellOptions{Tables: 4, BoardsPerRound: 3, Variant: movement.VariantBarometer})
	for _, r := range m.Rounds {
		for _, tb := range r.Tables {
			if want := (r.Number-1)*3 + 1; tb.Boards[0] != want {
				t.Errorf("round %d table %d plays %v, want boards from %d", r.Number, tb.Table, tb.Boards, want)
			}
		}
	}
	for ns := 1; ns <= 4; ns++ {
		for ew := 5; ew <= 8; ew++ {
			if rep.Against[ns-1][ew-1] != 3 {
				t.Errorf("NS %d v EW %d: %d boards, want 3", ns, ew-4, rep.Against[ns-1][ew-1])
			}
		}
	}
	// 4 rounds of 3 boards, every board at all 4 tables: two NS pairs are
	// compared on all 12 boards.
	if rep.Plays != 4 || rep.Balance.Min != 12 || rep.Balance.Max != 12 {
		t.Errorf("plays %d, balance %+v; want 4 and 12", rep.Plays, rep.Balance)
	}
}

// TestBarometerMitchellBridgeCentral plays the published description of
// the barometer Mitchell (bridgecentral.com, "Barometers for few tables",
// http://www.bridgecentral.com/MvtHTML/barometersforfewtables.htm): "one
// set of boards played by all tables on a round simply by sharing all the
// boards of the set among all tables. For example 5-board sets can be
// shared among 4 tables […] At the end of the round, the E-W pairs move up
// one table and all tables play the next set of boards […] 15, 20, 25, 30
// or 35 boards can be played in 3, 4, 5, 6 or 7 rounds." With 4 tables and
// 5 boards a round, in 3 and 4 rounds: the NS pairs stay, every table plays
// round r's set (boards 5r−4 to 5r) and each of its boards is played at
// all 4 tables, the EW pair at table t in round r is the one at table t−1
// (4 after 1) in round r−1, and 15 or 20 boards are played. The page's 5
// to 7 rounds would have the EW pairs meet NS pairs a second time: traveler's
// barometer stops at one meeting each (4 rounds here), so those are a
// custom schedule the director accepts unbalanced.
func TestBarometerMitchellBridgeCentral(t *testing.T) {
	for _, c := range []struct{ rounds, boards int }{{3, 15}, {4, 20}} {
		m, rep := variant(t, movement.MitchellOptions{Tables: 4, BoardsPerRound: 5, Variant: movement.VariantBarometer, Rounds: c.rounds})
		if m.Boards != c.boards || len(m.Rounds) != c.rounds || rep.Plays != 4 {
			t.Errorf("%d rounds: %d boards in %d rounds, each played at %d tables; want %d boards, every board at the 4 tables", c.rounds, m.Boards, len(m.Rounds), rep.Plays, c.boards)
		}
		for _, r := range m.Rounds {
			for _, tb := range r.Tables {
				if fmt.Sprint(tb.Boards) != fmt.Sprint([]int{5*r.Number - 4, 5*r.Number - 3, 5*r.Number - 2, 5*r.Number - 1, 5 * r.Number}) || tb.NS != tb.Table {
					t.Errorf("round %d table %d: NS %d on %v, want NS %d on boards %d to %d", r.Number, tb.Table, tb.NS, tb.Boards, tb.Table, 5*r.Number-4, 5*r.Number)
				}
				if r.Number == 1 {
					continue
				}
				from := (tb.Table+2)%4 + 1 // table t−1, 4 after 1
				if prev, _ := m.Rounds[r.Number-2].Table(from); prev.EW != tb.EW {
					t.Errorf("round %d table %d: EW %d, want EW %d from table %d in round %d", r.Number, tb.Table, tb.EW, prev.EW, from, r.Number-1)
				}
			}
		}
	}
	if _, err := movement.Mitchell(movement.MitchellOptions{Tables: 4, BoardsPerRound: 5, Variant: movement.VariantBarometer, Rounds: 5}); err == nil {
		t.Error("a 5-round barometer of 4 tables was made; traveler's meets each NS pair once")
	}
}

// TestRoverMitchellEBU plays the EBU's rover orders (EBUScore Pairs
// movement manual, [M6] "Rover Mitchell": NS stationary, EW up one; a late
// pair, the rover, plays NS at the listed tables from round 2, the NS pair
// there sitting out) on traveler's Mitchell: the rover never plays a board
// twice (Validate), displaces each NS pair at most once, and meets an EW
// pair twice only at 9 and 15 tables, once, as the manual's note says.
// A different layout of the boards than the EBU's would make the rover
// replay a set.
func TestRoverMitchellEBU(t *testing.T) {
	for n := 6; n <= 15; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			m, rep := variant(t, movement.MitchellOptions{Tables: n, BoardsPerRound: 2, Variant: movement.VariantRover})
			rover := n + 1
			var tables []int
			met := map[int]int{}
			for _, r := range m.Rounds {
				if tb, ok := r.Seating(rover); ok {
					tables = append(tables, tb.Table)
					met[tb.EW]++
					if len(r.SitOut) != 1 || r.SitOut[0] != tb.Table {
						t.Errorf("round %d: sit-out %v, want NS %d displaced by the rover", r.Number, r.SitOut, tb.Table)
					}
				}
			}
			twice := 0
			for _, k := range met {
				if k > 1 {
					twice++
				}
			}
			if wantTwice := map[bool]int{true: 1}[n == 9 || n == 15]; twice != wantTwice {
				t.Errorf("rover meets %d EW pairs twice, want %d", twice, wantTwice)
			}
			if len(tables) != n-1 {
				t.Errorf("rover plays %d rounds, want %d (from round 2)", len(tables), n-1)
			}
			if rep.Played[rover-1] != 2*(n-1) || m.Phantom != 2*(n+1) {
				t.Errorf("rover plays %d boards, phantom %d", rep.Played[rover-1], m.Phantom)
			}
		})
	}
}

// TestRoverMitchellSearched checks an order found for a size the EBU does
// not publish (5 tables; a 4-table relay): the same properties as the EBU's.
func TestRoverMitchellSearched(t *testing.T) {
	for _, n := range []int{4, 5, 17} {
		m, _ := variant(t, movement.MitchellOptions{Tables: n, BoardsPerRound: 2, Variant: movement.VariantRover})
		seen := map[int]bool{}
		for _, r := range m.Rounds[1:] {
			tb, ok := r.Seating(n + 1)
			if !ok || seen[tb.Table] {
				t.Errorf("%d tables round %d: rover at %v (twice or not at all)", n, r.Number, tb)
				continue
			}
			seen[tb.Table] = true
		}
	}
}

// ebuscoreAppendix are two of the "1-Table Appendix Mitchell" movements of
// PSMovements.txt, the pairs movement library of EBUScore (the English
// Bridge Union's scoring program), as rhindonltd/bridge-box-scorer carries
// it (src/movement/PSMovements.txt, commit
// a04a1b72d780a31f267eef04cf9d6409ca85b008; the repository states no
// licence, so the file is not committed here and only these two
// movements' figures are quoted). A header "Movement, Tables, Boards,
// Boards per Round, Rounds, Missing Pair" (forums.ebu.co.uk, "Writing New
// Movements in EBU Score"; type 1: a Mitchell), then a line a table: round
// by round, NS pair, EW pair (each numbered 1.. in its own direction), set.
var ebuscoreAppendix = []struct {
	name   string
	header [6]int
	lines  [][]int
}{
	{"[M20] 1-Table Appendix Mitchell. Tables 1/10 share", [6]int{1, 11, 27, 3, 9, 11}, [][]int{
		{1, 1, 1, 1, 11, 2, 1, 10, 3, 1, 9, 4, 1, 8, 5, 1, 7, 6, 1, 6, 7, 1, 5, 8, 1, 4, 9},
		{2, 2, 2, 2, 1, 3, 2, 11, 4, 2, 10, 5, 2, 9, 6, 2, 8, 7, 2, 7, 8, 2, 6, 9, 2, 5, 1},
		{3, 3, 3, 3, 2, 4, 3, 1, 5, 3, 11, 6, 3, 10, 7, 3, 9, 8, 3, 8, 9, 3, 7, 1, 3, 6, 2},
		{4, 4, 4, 4, 3, 5, 4, 2, 6, 4, 1, 7, 4, 11, 8, 4, 10, 9, 4, 9, 1, 4, 8, 2, 4, 7, 3},
		{5, 5, 5, 5, 4, 6, 5, 3, 7, 5, 2, 8, 5, 1, 9, 5, 11, 1, 5, 10, 2, 5, 9, 3, 5, 8, 4},
		{6, 6, 6, 6, 5, 7, 6, 4, 8, 6, 3, 9, 6, 2, 1, 6, 1, 2, 6, 11, 3, 6, 10, 4, 6, 9, 5},
		{7, 7, 7, 7, 6, 8, 7, 5, 9, 7, 4, 1, 7, 3, 2, 7, 2, 3, 7, 1, 4, 7, 11, 5, 7, 10, 6},
		{8, 8, 8, 8, 7, 9, 8, 6, 1, 8, 5, 2, 8, 4, 3, 8, 3, 4, 8, 2, 5, 8, 1, 6, 8, 11, 7},
		{9, 9, 9, 9, 8, 1, 9, 7, 2, 9, 6, 3, 9, 5, 4, 9, 4, 5, 9, 3, 6, 9, 2, 7, 9, 1, 8},
		{10, 10, 1, 10, 9, 2, 10, 8, 3, 10, 7, 4, 10, 6, 5, 10, 5, 6, 10, 4, 7, 10, 3, 8, 10, 2, 9},
		{11, 11, 9, 11, 10, 8, 11, 9, 7, 11, 8, 6, 11, 7, 5, 11, 6, 4, 11, 5, 3, 11, 4, 2, 11, 3, 1},
	}},
	{"[M18] 1-Table Appendix Mitchell. Tables 1/9 share. Skip after 4 rounds", [6]int{1, 10, 24, 3, 8, 10}, [][]int{
		{1, 1, 1, 1, 10, 2, 1, 9, 3, 1, 8, 4, 1, 6, 5, 1, 5, 6, 1, 4, 7, 1, 3, 8},
		{2, 2, 2, 2, 1, 3, 2, 10, 4, 2, 9, 5, 2, 7, 6, 2, 6, 7, 2, 5, 8, 2, 4, 1},
		{3, 3, 3, 3, 2, 4, 3, 1, 5, 3, 10, 6, 3, 8, 7, 3, 7, 8, 3, 6, 1, 3, 5, 2},
		{4, 4, 4, 4, 3, 5, 4, 2, 6, 4, 1, 7, 4, 9, 8, 4, 8, 1, 4, 7, 2, 4, 6, 3},
		{5, 5, 5, 5, 4, 6, 5, 3, 7, 5, 2, 8, 5, 10, 1, 5, 9, 2, 5, 8, 3, 5, 7, 4},
		{6, 6, 6, 6, 5, 7, 6, 4, 8, 6, 3, 1, 6, 1, 2, 6, 10, 3, 6, 9, 4, 6, 8, 5},
		{7, 7, 7, 7, 6, 8, 7, 5, 1, 7, 4, 2, 7, 2, 3, 7, 1, 4, 7, 10, 5, 7, 9, 6},
		{8, 8, 8, 8, 7, 1, 8, 6, 2, 8, 5, 3, 8, 3, 4, 8, 2, 5, 8, 1, 6, 8, 10, 7},
		{9, 9, 1, 9, 8, 2, 9, 7, 3, 9, 6, 4, 9, 4, 5, 9, 3, 6, 9, 2, 7, 9, 1, 8},
		{10, 10, 8, 10, 9, 7, 10, 8, 6, 10, 7, 5, 10, 5, 4, 10, 4, 3, 10, 3, 2, 10, 2, 1},
	}},
}

// TestAppendixMitchellEBUScore: the appendix Mitchell is EBUScore's "1-Table
// Appendix Mitchell" (ebuscoreAppendix): a Mitchell of n tables (9; 8 with
// the EW pairs skipping a table after round 4) whose boards go round those
// n tables, table n+1 sharing table 1's set every round, and the EW pairs
// going up a table a round round all n+2 tables, table n+2 a half table
// (its NS pair, n+2, the file's missing pair: the EW pair there sits out).
// Round by round, table by table, the same NS pair, EW pair (the file's EW
// e is pair n+2+e, EW pairs being numbered after the NS pairs) and set
// (boards 3s−2 to 3s, 3 a round); the pair at table n+2 sits out. It passes Validate
// and CheckBalanced: no pair meets another twice, every set is played at
// n+1 tables.
func TestAppendixMitchellEBUScore(t *testing.T) {
	for _, pub := range ebuscoreAppendix {
		n, per, rounds := pub.header[1]-2, pub.header[3], pub.header[4]
		m, rep := variant(t, movement.MitchellOptions{Tables: n, BoardsPerRound: per, Variant: movement.VariantAppendix, Appendix: 1})
		if len(m.Rounds) != rounds || m.Boards != pub.header[2] || m.Tables != n+2 || m.Pairs != 2*(n+2) || m.Phantom != pub.header[5] {
			t.Fatalf("%s: %d rounds, %d boards, %d tables, %d pairs, phantom %d; want %d, %d, %d, %d, %d", pub.name,
				len(m.Rounds), m.Boards, m.Tables, m.Pairs, m.Phantom, rounds, pub.header[2], n+2, 2*(n+2), pub.header[5])
		}
		for ri, r := range m.Rounds {
			for ti, line := range pub.lines {
				ns, ew, s := line[3*ri], line[3*ri+1]+n+2, line[3*ri+2]
				got, in := r.Table(ti + 1)
				if ns == pub.header[5] {
					if in || !slices.Equal(r.SitOut, []int{ew}) {
						t.Errorf("%s, round %d: table %d in play %v, sitting out %v; want pair %d sitting out", pub.name, ri+1, ti+1, in, r.SitOut, ew)
					}
					continue
				}
				var want []int
				for b := per*(s-1) + 1; b <= per*s; b++ {
					want = append(want, b)
				}
				if !in || got.NS != ns || got.EW != ew || !slices.Equal(got.Boards, want) {
					t.Errorf("%s, round %d, table %d: %+v; want %d v %d on boards %v", pub.name, ri+1, ti+1, got, ns, ew, want)
				}
			}
			if got := r.SharesWith(1); fmt.Sprint(got) != fmt.Sprint([]int{n + 1}) {
				t.Errorf("%s, round %d: table 1 shares with %v, want [%d]", pub.name, ri+1, got, n+1)
			}
		}
		if err := m.CheckBalanced(); err != nil {
			t.Errorf("%s: CheckBalanced: %v", pub.name, err)
		}
		if rep.Plays != n+1 {
			t.Errorf("%s: each board played at %d tables, want %d", pub.name, rep.Plays, n+1)
		}
	}
	// The same route for every Mitchell of 3 to 20 tables holds together:
	// no pair meets another or a board twice, every set at n+1 tables.
	for n := 3; n <= 20; n++ {
		m, rep := variant(t, movement.MitchellOptions{Tables: n, BoardsPerRound: 2, Variant: movement.VariantAppendix, Appendix: 1})
		if err := m.CheckBalanced(); err != nil || rep.Plays != n+1 {
			t.Errorf("%d tables: CheckBalanced %v, each board played at %d tables; want nil, %d", n, err, rep.Plays, n+1)
		}
	}
}

// TestScrambledMitchell checks switches at chosen tables in chosen rounds:
// only those tables switch, and the movement has one winner.
func TestScrambledMitchell(t *testing.T) {
	m, rep := variant(t, movement.MitchellOptions{Tables: 5, BoardsPerRound: 2,
		Switches: []movement.Switch{{Round: 2, Tables: []int{1, 3}}, {Round: 5, Tables: []int{4}}}})
	var got []string
	for _, r := range m.Rounds {
		for _, tb := range r.Tables {
			if tb.ArrowSwitch {
				got = append(got, fmt.Sprintf("r%dt%d", r.Number, tb.Table))
			}
		}
	}
	if fmt.Sprint(got) != "[r2t1 r2t3 r5t4]" || m.Winners != 1 {
		t.Errorf("switched %v winners %d", got, m.Winners)
	}
	// One winner: the balance report counts every pair of the 10 pairs, 10·9/2 = 45.
	if rep.Balance.Pairs != 45 {
		t.Errorf("balance over %d pairs of pairs, want 45", rep.Balance.Pairs)
	}
	// A hesitation Mitchell given switches takes them in place of the EBU's.
	h, _ := variant(t, movement.MitchellOptions{Tables: 7, BoardsPerRound: 3, Variant: movement.VariantHesitation,
		Switches: []movement.Switch{{Round: 7, Tables: []int{1, 2}}}})
	n := 0
	for _, r := range h.Rounds {
		for _, tb := range r.Tables {
			if tb.ArrowSwitch {
				n++
			}
		}
	}
	if n != 2 {
		t.Errorf("hesitation with 2 chosen switches has %d switched tables", n)
	}
}

// TestMitchellVariantErrors checks each refusal names its field, what was
// wrong and what is allowed.
func TestMitchellVariantErrors(t *testing.T) {
	cases := []struct {
		o    movement.MitchellOptions
		want string
	}{
		{movement.MitchellOptions{Tables: 5, BoardsPerRound: 2, Switches: []movement.Switch{{Round: 6, Tables: []int{1}}}},
			`switches[0].round "6": no such round: the movement has rounds 1 to 5`},
		{movement.MitchellOptions{Tables: 5, BoardsPerRound: 2, Switches: []movement.Switch{{Round: 2, Tables: []int{9}}}},
			`switches[0].tables[0] "9": table 9 is not in play in round 2 (allowed: 1, 2, 3, 4, 5)`},
		{movement.MitchellOptions{Tables: 5, BoardsPerRound: 2, Switches: []movement.Switch{{Round: 2, Tables: []int{1}}, {Round: 2, Tables: []int{1}}}},
			`switches[1].tables[0] "1": table 1 is switched twice in round 2; name each table of a round once`},
		{movement.MitchellOptions{Tables: 5, BoardsPerRound: 2, Switches: []movement.Switch{{Round: 2}}},
			`switches[0].tables "0": name the tables that switch in round 2, at least 1`},
		{movement.MitchellOptions{Tables: 2, BoardsPerRound: 2, Variant: movement.VariantHesitation},
			`tables "2": a hesitation Mitchell needs at least 3 tables`},
		{movement.MitchellOptions{Tables: 7, BoardsPerRound: 2, Variant: movement.VariantHesitation, Rounds: 7},
			`rounds "7": a hesitation Mitchell plays one round more than its tables: every set once (allowed: 8)`},
		{movement.MitchellOptions{Tables: 9, BoardsPerRound: 2, Variant: movement.VariantWeb},
			`tables "9": a web Mitchell needs an even number of tables (two equal groups); an odd number plays a plain Mitchell (allowed: 8, 10)`},
		{movement.MitchellOptions{Tables: 10, BoardsPerRound: 2, Variant: movement.VariantWeb, Rounds: 8},
			`rounds "8": a web Mitchell of 10 tables plays an odd number of rounds (one set each) from 5 to 9: fewer and a group's tables outnumber its sets, more and an EW pair meets an NS pair twice`},
		{movement.MitchellOptions{Tables: 8, BoardsPerRound: 2, Variant: movement.VariantTwoStanza},
			`tables "8": a two-stanza Mitchell needs an even number of tables whose half is odd, so that each stanza's sets reach every EW pair once (allowed: 2, 6, 10, 14, 18, 22, 26)`},
		{movement.MitchellOptions{Tables: 4, BoardsPerRound: 2, Variant: movement.VariantBarometer, Rounds: 5},
			`rounds "5": a barometer Mitchell of 4 tables plays 1 to 4 rounds: the EW pairs meet each NS pair once`},
		{movement.MitchellOptions{Tables: 7, BoardsPerRound: 2, Variant: movement.VariantRover, RoverTables: []int{1, 3}},
			`rover_tables "2": the rover's table for each round from round 2 (6 tables) or from round 1 (7) (allowed: 6, 7)`},
		{movement.MitchellOptions{Tables: 7, BoardsPerRound: 2, Variant: movement.VariantRover, RoverTables: []int{1, 1, 2, 3, 4, 5}},
			`rover_tables[1] "1": the rover is at table 1 twice; its NS pair would sit out twice`},
		// Round 2 table 1 plays set 2, round 3 table 7 set 7+3-1 = 9 ≡ 2 (mod 7): the rover would play boards 3-4 twice.
		{movement.MitchellOptions{Tables: 7, BoardsPerRound: 2, Variant: movement.VariantRover, RoverTables: []int{1, 7, 2, 3, 4, 5}},
			`rover_tables[1] "7": at table 7 in round 3 the rover would play board 3 again (it played it in round 2); no pair plays a board twice`},
		// Tables 1 to 6 from round 2: the rover meets EW 7 (table t−r+1 ≡ 7) every round.
		{movement.MitchellOptions{Tables: 7, BoardsPerRound: 2, Variant: movement.VariantRover, RoverTables: []int{1, 2, 3, 4, 5, 6}},
			`rover_tables "6": the rover meets an EW pair again 5 times; the EBU's order or one found meets none again`},
		{movement.MitchellOptions{Tables: 6, BoardsPerRound: 2, Variant: movement.VariantAppendix, Appendix: 1, Even: movement.EvenRelay},
			`even "1": the published appendix Mitchell of an even number of tables (EBUScore's) skips a table after half the rounds (allowed: 0 (skip))`},
		// What EBUScore's PSMovements.txt publishes: a 1-table appendix (and a half table) on any Mitchell, [M20]/[M18];
		// 3 to 7 appendix tables on a 13-table one, [M23] and [M13d] (TestAppendixMitchellsEBUScore).
		{movement.MitchellOptions{Tables: 5, BoardsPerRound: 2, Variant: movement.VariantAppendix, Appendix: 2},
			`appendix "2": on 5 tables the published appendix Mitchell (EBUScore's) appends one table, sharing table 1's boards, and a half table; 3 to 7 appendix tables are published on a 13-table Mitchell only (EBUScore's [M23] and [M13d], 16 to 20 tables) (allowed: 1)`},
		{movement.MitchellOptions{Tables: 9, BoardsPerRound: 2, Variant: movement.VariantAppendix, Appendix: 4},
			`appendix "4": on 9 tables the published appendix Mitchell (EBUScore's) appends one table, sharing table 1's boards, and a half table; 3 to 7 appendix tables are published on a 13-table Mitchell only (EBUScore's [M23] and [M13d], 16 to 20 tables) (allowed: 1)`},
		{movement.MitchellOptions{Tables: 13, BoardsPerRound: 2, Variant: movement.VariantAppendix, Appendix: 2},
			`appendix "2": EBUScore publishes a 13-table appendix Mitchell with 1 appendix table (and a half table), or with 3 to 7 ([M23], [M13d]: 16 to 20 tables) (allowed: 1, 3, 4, 5, 6, 7)`},
		{movement.MitchellOptions{Tables: 13, BoardsPerRound: 2, Variant: movement.VariantAppendix, Appendix: 8},
			`appendix "8": EBUScore publishes a 13-table appendix Mitchell with 1 appendix table (and a half table), or with 3 to 7 ([M23], [M13d]: 16 to 20 tables) (allowed: 1, 3, 4, 5, 6, 7)`},
		{movement.MitchellOptions{Tables: 13, BoardsPerRound: 2, Variant: movement.VariantAppendix, Appendix: 4, Rounds: 13},
			`rounds "13": EBUScore's appendix Mitchell of 17 tables ([M13d]) plays 12 rounds of its 13 sets: 1 to 12 (0: 12)`},
		{movement.MitchellOptions{Tables: 9, BoardsPerRound: 2, Variant: movement.VariantAppendix, Appendix: 1, Rounds: 10},
			`rounds "10": an appendix Mitchell of 9 tables plays 1 to 9 rounds (0: all)`},
		{movement.MitchellOptions{Tables: 5, BoardsPerRound: 2, Variant: "howell"},
			`variant: "howell": not a Mitchell variant (allowed: barometer, web, hesitation, rover, two-stanza, appendix)`},
		{movement.MitchellOptions{Tables: 5, BoardsPerRound: 2, Variant: movement.VariantWeb, Missing: 3},
			`missing "3": a web Mitchell is for full tables: it has no half table (allowed: 0)`},
	}
	for _, c := range cases {
		m, err := movement.Mitchell(c.o)
		if err == nil {
			_, err = m.Validate()
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.o, err, c.want)
		}
	}
}

// TestWebMitchellDefaultSets: left to itself a web Mitchell plays 13 sets,
// the EBU's 26 boards of 2 (EBUScore Pairs movement manual, [M13e]: "any
// number of tables from 14 to 26 … designed for playing 26 boards"), or the
// nearest odd number its tables allow: 9 at 10 tables (at most 9), 15 at 30
// (at least 30/2).
func TestWebMitchellDefaultSets(t *testing.T) {
	for _, c := range []struct{ tables, rounds int }{{10, 9}, {14, 13}, {26, 13}, {30, 15}} {
		m, _ := variant(t, movement.MitchellOptions{Tables: c.tables, BoardsPerRound: 2, Variant: movement.VariantWeb})
		if len(m.Rounds) != c.rounds {
			t.Errorf("%d tables: %d rounds, want %d", c.tables, len(m.Rounds), c.rounds)
		}
	}
}

// TestHesitationMitchellExeter reproduces the even-table hesitation
// Mitchells of Exeter Bridge Club's movement list (bridgewebs.com/exeter,
// "info"): 8 tables, "Hesitation Mitchell, 9 rounds, 27 boards … 9 sets of
// 3 boards, 2 relays between 4 & 5, tables 8 & 1 share, swival at table 8
// … Arrow switch on last round all except table 8": round 1 sets 1-4 at
// tables 1-4, sets 5 and 6 on the relays, 7-9 at tables 5-7, table 8
// sharing set 1; and 12 tables with its switches ("Arrow switch on round
// 12 except tables 5, 6 & 12. Last round all except table 12"), which the
// balance report shows spread the comparisons more evenly than the last
// round's switches alone.
func TestHesitationMitchellExeter(t *testing.T) {
	m, _ := variant(t, movement.MitchellOptions{Tables: 8, BoardsPerRound: 3, Variant: movement.VariantHesitation})
	var got []int
	for tab := 1; tab <= 8; tab++ {
		got = append(got, setAt(t, &m, 1, tab, 3))
	}
	if fmt.Sprint(got) != "[1 2 3 4 7 8 9 1]" || fmt.Sprint(m.Rounds[0].ByeStand) != "[13 14 15 16 17 18]" {
		t.Errorf("round 1 sets %v relays %v; want [1 2 3 4 7 8 9 1], sets 5 and 6 (boards 13-18)", got, m.Rounds[0].ByeStand)
	}
	if len(m.Rounds) != 9 || m.Boards != 27 {
		t.Errorf("%d rounds %d boards, want 9 and 27", len(m.Rounds), m.Boards)
	}
	for _, r := range m.Rounds {
		if got := r.SharesWith(8); fmt.Sprint(got) != "[1]" {
			t.Errorf("round %d: table 8 shares with %v, want table 1", r.Number, got)
		}
		if tb, _ := r.Table(8); tb.ArrowSwitch || (r.Number == 9) != mustTable(t, &r, 1).ArrowSwitch {
			t.Errorf("round %d: switches at table 8 %v, table 1 %v; want the last round, all but table 8", r.Number, tb.ArrowSwitch, mustTable(t, &r, 1).ArrowSwitch)
		}
	}
	_, plain := variant(t, movement.MitchellOptions{Tables: 12, BoardsPerRound: 2, Variant: movement.VariantHesitation})
	_, exeter := variant(t, movement.MitchellOptions{Tables: 12, BoardsPerRound: 2, Variant: movement.VariantHesitation, Switches: []movement.Switch{
		{Round: 12, Tables: []int{1, 2, 3, 4, 7, 8, 9, 10, 11}}, {Round: 13, Tables: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}}}})
	if exeter.Balance.StdDev >= plain.Balance.StdDev {
		t.Errorf("Exeter's switches spread %.2f, the last round's alone %.2f: want Exeter's more even", exeter.Balance.StdDev, plain.Balance.StdDev)
	}
}

// mustTable returns table n of round r, failing the test if it is not in play.
func mustTable(t *testing.T, r *movement.Round, n int) *movement.Table {
	t.Helper()
	tb, ok := r.Table(n)
	if !ok {
		t.Fatalf("round %d: table %d not in play", r.Number, n)
	}
	return tb
}
