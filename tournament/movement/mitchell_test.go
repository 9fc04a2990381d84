package movement_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// seating is one table in one round written out: "NS-EW:set".
func seating(m *movement.Movement, perSet int) [][]string {
	var rows [][]string
	for _, r := range m.Rounds {
		var row []string
		for _, t := range r.Tables {
			row = append(row, fmt.Sprintf("%d-%d:%d", t.NS, t.EW, (t.Boards[0]-1)/perSet+1))
		}
		if len(r.ByeStand) > 0 {
			row = append(row, fmt.Sprintf("bye:%d", (r.ByeStand[0]-1)/perSet+1))
		}
		rows = append(rows, row)
	}
	return rows
}

// TestMitchellByHand checks small Mitchells against schedules worked by hand
// from the rules: NS pair t stays at table t, EW pair n+t starts at table t
// and moves up one table a round, set s starts at table s and moves down one.
func TestMitchellByHand(t *testing.T) {
	cases := []struct {
		name string
		o    movement.MitchellOptions
		want [][]string // per round, per table in order: NS-EW:set, then the bye-stand's set
	}{
		// 3 tables: EW 4 at tables 1, 2, 3; the set at table t in round r is t+r-1 (mod 3).
		{"3 tables", movement.MitchellOptions{Tables: 3, BoardsPerRound: 2}, [][]string{
			{"1-4:1", "2-5:2", "3-6:3"},
			{"1-6:2", "2-4:3", "3-5:1"},
			{"1-5:3", "2-6:1", "3-4:2"},
		}},
		// 4 tables, skip after round 2: in round 3 the EW pairs move up two
		// tables (EW 6 from table 3 to table 1); 3 rounds, each EW pair misses
		// the NS pair two tables on from its start (EW 5 never meets NS 3).
		{"4 tables skip", movement.MitchellOptions{Tables: 4, BoardsPerRound: 2}, [][]string{
			{"1-5:1", "2-6:2", "3-7:3", "4-8:4"},
			{"1-8:2", "2-5:3", "3-6:4", "4-7:1"},
			{"1-6:3", "2-7:4", "3-8:1", "4-5:2"},
		}},
		// 4 tables, relay: sets 1 and 2 on tables 1 and 2, set 3 on the
		// bye-stand between tables 2 and 3, set 4 on table 3, table 4 shares
		// set 1 with table 1. The boards go round table 1 and 4 → table 3 →
		// bye-stand → table 2 → tables 1 and 4.
		{"4 tables relay", movement.MitchellOptions{Tables: 4, BoardsPerRound: 2, Even: movement.EvenRelay}, [][]string{
			{"1-5:1", "2-6:2", "3-7:4", "4-8:1", "bye:3"},
			{"1-8:2", "2-5:3", "3-6:1", "4-7:2", "bye:4"},
			{"1-7:3", "2-8:4", "3-5:2", "4-6:3", "bye:1"},
			{"1-6:4", "2-7:1", "3-8:3", "4-5:4", "bye:2"},
		}},
		// 3 tables with NS 3 missing: EW 6, 5, 4 sit out at table 3 in rounds 1, 2, 3.
		{"2½ tables", movement.MitchellOptions{Tables: 3, BoardsPerRound: 2, Missing: 3}, [][]string{
			{"1-4:1", "2-5:2"},
			{"1-6:2", "2-4:3"},
			{"1-5:3", "2-6:1"},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := movement.Mitchell(c.o)
			if err != nil {
				t.Fatal(err)
			}
			if got := seating(&m, c.o.BoardsPerRound); fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("seating\n got %v\nwant %v", got, c.want)
			}
			if _, err := m.Validate(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestMitchellHalfTableSitOut checks who sits out at a half table: the
// opponents the missing pair would have had, one a round.
func TestMitchellHalfTableSitOut(t *testing.T) {
	m, err := movement.Mitchell(movement.MitchellOptions{Tables: 3, BoardsPerRound: 2, Missing: 3})
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, r := range m.Rounds {
		got = append(got, r.SitOut...)
	}
	if want := []int{6, 5, 4}; !slices.Equal(got, want) { // TestMitchellByHand: table 3 meets EW 6, 5, 4
		t.Errorf("sit-outs = %v, want %v", got, want)
	}
}

// TestMitchellErrors checks every refusal names its field and what is allowed.
func TestMitchellErrors(t *testing.T) {
	cases := []struct {
		o    movement.MitchellOptions
		want string
	}{
		{movement.MitchellOptions{Tables: 1, BoardsPerRound: 2}, `tables "1": a Mitchell needs at least 2 tables`},
		{movement.MitchellOptions{Tables: 5}, `boards_per_round "0": a round has at least 1 board`},
		{movement.MitchellOptions{Tables: 4, BoardsPerRound: 2, Even: 7}, `even "7": not an even-table Mitchell (allowed: 0 (skip), 1 (relay))`},
		{movement.MitchellOptions{Tables: 5, BoardsPerRound: 2, Rounds: 6}, `rounds "6": a Mitchell of 5 tables plays 1 to 5 rounds`},
		{movement.MitchellOptions{Tables: 6, BoardsPerRound: 2, Even: movement.EvenRelay, Rounds: 5},
			`rounds "5": a relay Mitchell plays all its rounds: the bye-stand and the shared set even out only then (allowed: 6)`},
		{movement.MitchellOptions{Tables: 8, BoardsPerRound: 2, SkipAfter: 2},
			`skip_after "2": the EW pairs must skip after a round from 3 to 4 or they meet a set twice`},
		{movement.MitchellOptions{Tables: 7, BoardsPerRound: 2, SkipAfter: 3},
			`skip_after "3": only a skip Mitchell (an even number of tables, even: skip) skips a table (allowed: 0)`},
		{movement.MitchellOptions{Tables: 5, BoardsPerRound: 2, Missing: 11}, `missing "11": no such pair: 0 (none) or 1 to 10`},
		{movement.MitchellOptions{Tables: 5, BoardsPerRound: 2, Missing: 5, Rounds: 4},
			`rounds "4": a half-table Mitchell plays all its rounds, so the missing pair's boards rest as often as each other (allowed: 5)`},
		{movement.MitchellOptions{Tables: 5, BoardsPerRound: 2, Phantom: true}, `missing "0": a phantom needs the missing pair named`},
		{movement.MitchellOptions{Tables: 5, BoardsPerRound: 2, ArrowSwitch: []int{5, 5}},
			`arrow_switch[1] "5": a round from 1 to 5, each once`},
	}
	for _, c := range cases {
		_, err := movement.Mitchell(c.o)
		if err == nil || err.Error() != c.want {
			t.Errorf("Mitchell(%+v) = %v, want %s", c.o, err, c.want)
		}
	}
}

// mitchellVariant is one option set the property test builds at every size.
type mitchellVariant struct {
	name string
	make func(n int) (movement.MitchellOptions, bool) // false: not for n tables
}

// mitchellVariants are the options of a Mitchell, each at every size it applies to.
var mitchellVariants = []mitchellVariant{
	{"plain", func(n int) (movement.MitchellOptions, bool) { return movement.MitchellOptions{Tables: n}, true }},
	{"relay", func(n int) (movement.MitchellOptions, bool) {
		return movement.MitchellOptions{Tables: n, Even: movement.EvenRelay}, n%2 == 0
	}},
	{"skip with revenge round", func(n int) (movement.MitchellOptions, bool) {
		return movement.MitchellOptions{Tables: n, Rounds: n}, n%2 == 0
	}},
	{"early skip", func(n int) (movement.MitchellOptions, bool) {
		return movement.MitchellOptions{Tables: n, SkipAfter: n/2 - 1}, n%2 == 0 && n >= 4
	}},
	{"curtailed", func(n int) (movement.MitchellOptions, bool) {
		return movement.MitchellOptions{Tables: n, Rounds: n - 2}, n >= 4
	}},
	{"half table, NS sits out", func(n int) (movement.MitchellOptions, bool) {
		return movement.MitchellOptions{Tables: n, Missing: n}, true
	}},
	{"half table relay", func(n int) (movement.MitchellOptions, bool) {
		return movement.MitchellOptions{Tables: n, Even: movement.EvenRelay, Missing: n}, n%2 == 0
	}},
	{"half table, EW phantom", func(n int) (movement.MitchellOptions, bool) {
		return movement.MitchellOptions{Tables: n, Missing: 2 * n, Phantom: true}, true
	}},
	{"arrow switch last round", func(n int) (movement.MitchellOptions, bool) {
		o := movement.MitchellOptions{Tables: n}
		m, _ := movement.Mitchell(movement.MitchellOptions{Tables: n, BoardsPerRound: 1})
		o.ArrowSwitch = []int{len(m.Rounds)}
		return o, true
	}},
	{"arrow switch a quarter of the rounds, relay", func(n int) (movement.MitchellOptions, bool) {
		o := movement.MitchellOptions{Tables: n, Even: movement.EvenRelay}
		for r := 1; r <= max(1, n/4); r++ {
			o.ArrowSwitch = append(o.ArrowSwitch, n+1-r)
		}
		return o, true
	}},
}

// TestMitchellProperties builds every Mitchell of 2 to 15 tables with each
// option (1, 2 or 3 boards a round by size) and checks what every Mitchell
// must satisfy, beyond Validate passing:
//
//   - every pair is in every round once and plays no board twice;
//   - NS pairs sit NS, EW pairs EW; every table plays one whole set;
//   - a board is played once a round (a relay Mitchell: every round but the
//     one on the bye-stand, twice in the one shared), less one at a half table;
//   - an EW pair meets an NS pair at most once, but for the skip Mitchell's
//     revenge round; in a complete Mitchell it meets every NS pair;
//   - without arrow switches two winners, and every two pairs of a direction
//     compared on the same number of boards when every pair plays every board;
//   - with them one winner, and exactly the listed rounds switched.
func TestMitchellProperties(t *testing.T) {
	for n := 2; n <= 15; n++ {
		for _, v := range mitchellVariants {
			o, ok := v.make(n)
			if !ok {
				continue
			}
			o.BoardsPerRound = 1 + n%3
			t.Run(fmt.Sprintf("%d tables %s", n, v.name), func(t *testing.T) {
				m, err := movement.Mitchell(o)
				if err != nil {
					t.Fatal(err)
				}
				rep, err := m.Validate()
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				checkEachRoundOnce(t, &m)
				checkMitchell(t, o, &m, rep)
			})
		}
	}
}

// checkMitchell checks the Mitchell properties of TestMitchellProperties.
func checkMitchell(t *testing.T, o movement.MitchellOptions, m *movement.Movement, rep movement.Report) {
	t.Helper()
	n := o.Tables
	relay := n%2 == 0 && o.Even == movement.EvenRelay
	rounds := len(m.Rounds)
	wantPlays := rounds
	if o.Missing != 0 {
		wantPlays--
	}
	if rep.Plays != wantPlays {
		t.Errorf("every board played %d times, want %d", rep.Plays, wantPlays)
	}
	met := map[[2]int]int{}
	for _, r := range m.Rounds {
		for _, tb := range r.Tables {
			if tb.NS < 1 || tb.NS > n || tb.EW <= n || tb.EW > 2*n || tb.Table != tb.NS {
				t.Errorf("round %d: table %d has NS %d, EW %d; want NS %d and an EW pair of %d to %d", r.Number, tb.Table, tb.NS, tb.EW, tb.Table, n+1, 2*n)
			}
			first := tb.Boards[0]
			if (first-1)%o.BoardsPerRound != 0 || !slices.Equal(tb.Boards, boardsFrom(first, o.BoardsPerRound)) {
				t.Errorf("round %d table %d plays %v, not one whole set of %d", r.Number, tb.Table, tb.Boards, o.BoardsPerRound)
			}
			if slices.Contains(o.ArrowSwitch, r.Number) != tb.ArrowSwitch {
				t.Errorf("round %d table %d: arrow switch %v, want it only in rounds %v", r.Number, tb.Table, tb.ArrowSwitch, o.ArrowSwitch)
			}
			met[[2]int{tb.NS, tb.EW}]++
		}
		if o.Missing != 0 && !o.Phantom && len(r.SitOut) != 1 {
			t.Errorf("round %d: %d pairs sit out, want 1", r.Number, len(r.SitOut))
		}
	}
	revenge := n%2 == 0 && !relay && rounds == n
	twice := 0
	for _, k := range met {
		if k > 1 {
			twice++
		}
	}
	switch {
	case revenge && o.Missing == 0 && twice != n:
		t.Errorf("%d EW pairs meet an NS pair twice; the revenge round has every EW pair meet its first opponent again", twice)
	case !revenge && twice > 0:
		t.Errorf("%d pairs meet twice", twice)
	}
	complete := rounds == n && !revenge && o.Missing == 0
	if complete && len(met) != n*n {
		t.Errorf("%d NS-EW meetings, want all %d", len(met), n*n)
	}
	if (len(o.ArrowSwitch) > 0) != (m.Winners == 1) {
		t.Errorf("winners = %d with arrow switches %v", m.Winners, o.ArrowSwitch)
	}
	if m.Winners == 2 && (complete || revenge && o.Missing == 0) && rep.Balance.Min != rep.Balance.Max {
		t.Errorf("two-winner balance %d–%d; every pair plays every board, so every two of a direction compare on all", rep.Balance.Min, rep.Balance.Max)
	}
	if m.Winners == 2 && complete && rep.Balance.Min != m.Boards {
		t.Errorf("two-winner comparisons = %d, want all %d boards", rep.Balance.Min, m.Boards)
	}
}

// boardsFrom returns the boards first..first+n-1.
func boardsFrom(first, n int) []int {
	b := make([]int, n)
	for i := range b {
		b[i] = first + i
	}
	return b
}

// TestArrowSwitchByHand works a 3-table Mitchell, one board a round, with
// round 3 arrow-switched, by hand. Board b's plays (NS cards, EW cards):
//
//	board 1: R1 T1 (1, 4), R2 T3 (3, 5), R3 T2 (6, 2)  — switched: EW 6 has the NS cards
//	board 2: R1 T2 (2, 5), R2 T1 (1, 6), R3 T3 (4, 3)
//	board 3: R1 T3 (3, 6), R2 T2 (2, 4), R3 T1 (5, 1)
//
// Two pairs are compared on a board when they hold the same cards at
// different tables: (1,3) b1, (1,6) b1 b3, (3,6) b1 b2, (4,5) b1, (2,4) b1 b2,
// (2,5) b1 b3, (1,2) b2, (1,4) b2 b3, (5,6) b2, (3,5) b2 b3, (2,3) b3,
// (4,6) b3; (1,5), (2,6), (3,4) never (they meet in the switched round).
// Over the 15 pairs of pairs: three 0s, six 1s, six 2s: mean 1.2, variance
// (3·1.44 + 6·0.04 + 6·0.64)/15 = 0.56.
func TestArrowSwitchByHand(t *testing.T) {
	m, err := movement.Mitchell(movement.MitchellOptions{Tables: 3, BoardsPerRound: 1, ArrowSwitch: []int{3}})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := m.Validate()
	if err != nil {
		t.Fatal(err)
	}
	want := map[[2]int]int{
		{1, 3}: 1, {1, 6}: 2, {3, 6}: 2, {4, 5}: 1, {2, 4}: 2, {2, 5}: 2, {1, 2}: 1, {1, 4}: 2,
		{5, 6}: 1, {3, 5}: 2, {2, 3}: 1, {4, 6}: 1, {1, 5}: 0, {2, 6}: 0, {3, 4}: 0,
	}
	for pq, w := range want {
		if got := rep.Same[pq[0]-1][pq[1]-1]; got != w {
			t.Errorf("pairs %d and %d compared on %d boards, want %d", pq[0], pq[1], got, w)
		}
	}
	b := rep.Balance
	if b.Pairs != 15 || b.Min != 0 || b.Max != 2 || !near(b.Mean, 1.2) || !near(b.StdDev*b.StdDev, 0.56) {
		t.Errorf("balance = %+v, want 15 pairs of pairs, 0–2, mean 1.2, variance 0.56", b)
	}
}

// TestMitchellPhantom checks a half table kept as a phantom: 3 tables with EW
// pair 6 a phantom. Its tables stay in the movement (3 a round, nobody sits
// out) but play nothing: each board is played twice (3 rounds, less the one
// against the phantom), every real pair plays 2 of its 3 rounds (4 boards)
// but EW 4 and 5, who never meet 6, play all 3 (6 boards), and pair 6 has
// no guide card.
func TestMitchellPhantom(t *testing.T) {
	m, err := movement.Mitchell(movement.MitchellOptions{Tables: 3, BoardsPerRound: 2, Missing: 6, Phantom: true})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := m.Validate()
	if err != nil {
		t.Fatal(err)
	}
	if m.Phantom != 6 || rep.Plays != 2 {
		t.Errorf("phantom %d, plays %d; want 6 and 2", m.Phantom, rep.Plays)
	}
	for _, r := range m.Rounds {
		if len(r.Tables) != 3 || len(r.SitOut) != 0 {
			t.Errorf("round %d: %d tables, sit-outs %v; want 3 tables and none", r.Number, len(r.Tables), r.SitOut)
		}
	}
	if got, want := fmt.Sprint(rep.Played), "[4 4 4 6 6 0]"; got != want {
		t.Errorf("boards played = %s, want %s", got, want)
	}
	if n := len(m.GuideCards()); n != 5 {
		t.Errorf("%d guide cards, want 5", n)
	}
}
