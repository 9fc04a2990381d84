package movement_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// sameness is how far two movements agree, from the weakest to the strongest.
type sameness int

const (
	different    sameness = iota // none of the below
	sameMeetings                 // renumbered, but some pairs sit the other way round at their table
	renumbered                   // equal after renumbering pairs, tables, boards and rounds
	identical                    // the same pairs at the same tables playing the same boards, round by round
)

// String names the sameness.
func (s sameness) String() string {
	return [...]string{"different", "same meetings", "renumbered", "identical"}[s]
}

// compareMovements says how far a and b agree.
//
//   - identical: the same number of pairs, boards and winners, and in every
//     round the same tables (by number) with the same NS pair, EW pair and
//     boards in the same order, arrow switches and sit-outs; the name, kind,
//     table count and bye-stands are not compared.
//   - renumbered: there are one-to-one renumberings of the pairs, of the
//     tables in play, of the rounds and of the boards that turn a into b:
//     round i of a is round ρ(i) of b, and a's table t in round i, NS p, EW q,
//     boards B, is b's table τ(t) in round ρ(i) with NS π(p), EW π(q) and
//     boards β(B) (as a set: the order of play at a table is not compared).
//   - same meetings: the same, but π may put a table's NS pair EW and its EW
//     pair NS: who meets whom on which boards agrees, the directions do not.
func compareMovements(a, b *movement.Movement) sameness {
	switch {
	case a.Pairs != b.Pairs || a.Boards != b.Boards || len(a.Rounds) != len(b.Rounds):
		return different
	case a.Winners == b.Winners && fmt.Sprint(identity(a)) == fmt.Sprint(identity(b)):
		return identical
	case newMatcher(a, b, true).run():
		return renumbered
	case newMatcher(a, b, false).run():
		return sameMeetings
	}
	return different
}

// identity is what "identical" compares of a movement.
func identity(m *movement.Movement) [][]string {
	var rows [][]string
	for _, r := range m.Rounds {
		var row []string
		for _, t := range r.Tables {
			row = append(row, fmt.Sprint(t.Table, t.NS, t.EW, t.Boards, t.ArrowSwitch, t.Match))
		}
		slices.Sort(row)
		sit := slices.Sorted(slices.Values(r.SitOut))
		rows = append(rows, append(row, fmt.Sprint("sit out ", sit)))
	}
	return append(rows, []string{fmt.Sprint(m.Pairs, m.Boards)})
}

// matcher searches for the renumberings of compareMovements by backtracking:
// round by round, table by table; the board renumbering is checked once
// every table is matched.
type matcher struct {
	a, b       *movement.Movement
	directions bool         // NS must map to NS
	pair, pinv map[int]int  // π and its inverse
	tab, tinv  map[int]int  // τ and its inverse
	rnd, rinv  map[int]int  // ρ and its inverse, by round index
	usedTables map[int]bool // b's tables of the round being matched
	undo       []func()     // how to take back each assignment
}

// newMatcher starts a search; directions: keep NS and EW.
func newMatcher(a, b *movement.Movement, directions bool) *matcher {
	return &matcher{a: a, b: b, directions: directions, pair: map[int]int{}, pinv: map[int]int{}, tab: map[int]int{}, tinv: map[int]int{},
		rnd: map[int]int{}, rinv: map[int]int{}}
}

// run reports whether the renumberings exist.
func (s *matcher) run() bool { return s.round(0) }

// bind sets m[k] = v and inv[v] = k, or reports a clash; it records the undo.
func (s *matcher) bind(m, inv map[int]int, k, v int) bool {
	if got, ok := m[k]; ok {
		return got == v
	}
	if _, ok := inv[v]; ok {
		return false
	}
	m[k], inv[v] = v, k
	s.undo = append(s.undo, func() { delete(m, k); delete(inv, v) })
	return true
}

// rollback takes back the assignments after mark.
func (s *matcher) rollback(mark int) {
	for len(s.undo) > mark {
		s.undo[len(s.undo)-1]()
		s.undo = s.undo[:len(s.undo)-1]
	}
}

// round matches a's round i to every b round still free in turn.
func (s *matcher) round(i int) bool {
	if i == len(s.a.Rounds) {
		return s.boardsAgree()
	}
	for j := range s.b.Rounds {
		if len(s.a.Rounds[i].Tables) != len(s.b.Rounds[j].Tables) {
			continue
		}
		mark := len(s.undo)
		if s.bind(s.rnd, s.rinv, i, j) {
			s.usedTables = map[int]bool{}
			if s.table(i, j, 0) {
				return true
			}
		}
		s.rollback(mark)
	}
	return false
}

// table matches table k of a's round i to each free table of b's round j.
func (s *matcher) table(i, j, k int) bool {
	ra, rb := &s.a.Rounds[i], &s.b.Rounds[j]
	if k == len(ra.Tables) {
		return s.round(i + 1)
	}
	ta := ra.Tables[k]
	for _, tb := range rb.Tables {
		if s.usedTables[tb.Table] || len(ta.Boards) != len(tb.Boards) || ta.ArrowSwitch != tb.ArrowSwitch {
			continue
		}
		ways := [][2]int{{tb.NS, tb.EW}}
		if !s.directions {
			ways = append(ways, [2]int{tb.EW, tb.NS})
		}
		for _, w := range ways {
			mark := len(s.undo)
			if s.bind(s.tab, s.tinv, ta.Table, tb.Table) && s.bind(s.pair, s.pinv, ta.NS, w[0]) && s.bind(s.pair, s.pinv, ta.EW, w[1]) {
				s.usedTables[tb.Table] = true
				if s.table(i, j, k+1) {
					return true
				}
				delete(s.usedTables, tb.Table)
			}
			s.rollback(mark)
		}
	}
	return false
}

// boardsAgree checks a board renumbering β exists: every board of a is
// played at the (ρ, τ) images of its sittings, and b has a board played at
// exactly those, as often.
func (s *matcher) boardsAgree() bool {
	sigs := func(m *movement.Movement, mapRound func(int) int, mapTable func(int) int) map[string]int {
		slots := make([][][2]int, m.Boards+1)
		for ri, r := range m.Rounds {
			for _, t := range r.Tables {
				for _, bd := range t.Boards {
					slots[bd] = append(slots[bd], [2]int{mapRound(ri), mapTable(t.Table)})
				}
			}
		}
		count := map[string]int{}
		for _, sl := range slots[1:] {
			slices.SortFunc(sl, func(x, y [2]int) int { return x[0]*1000 + x[1] - y[0]*1000 - y[1] })
			count[fmt.Sprint(sl)]++
		}
		return count
	}
	self := func(x int) int { return x }
	sa := sigs(s.a, func(r int) int { return s.rnd[r] }, func(t int) int { return s.tab[t] })
	sb := sigs(s.b, self, self)
	return fmt.Sprint(sa) == fmt.Sprint(sb)
}

// TestCompareMovements checks compareMovements on movements whose relation
// is known by construction: a generated Howell against itself, against a
// random renumbering of itself, with one table's pairs swapped, and with two
// boards exchanged between tables.
func TestCompareMovements(t *testing.T) {
	base, err := movement.Howell(movement.HowellOptions{Pairs: 9, BoardsPerRound: 2})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	renum := renumber(base, rng)
	swapped := renumber(base, rng)
	tb := &swapped.Rounds[3].Tables[1]
	tb.NS, tb.EW = tb.EW, tb.NS
	moved := renumber(base, rng)
	x, y := &moved.Rounds[2].Tables[0], &moved.Rounds[2].Tables[1]
	x.Boards[0], y.Boards[0] = y.Boards[0], x.Boards[0]
	for _, c := range []struct {
		name string
		b    movement.Movement
		want sameness
	}{
		{"itself", base, identical},
		{"renumbered", renum, renumbered},
		{"one table's pairs swapped", swapped, sameMeetings},
		{"two boards exchanged", moved, different},
	} {
		if got := compareMovements(&base, &c.b); got != c.want {
			t.Errorf("%s: compareMovements = %v, want %v", c.name, got, c.want)
		}
	}
}

// renumber returns m with its pairs, tables, boards and rounds renumbered at random.
func renumber(m movement.Movement, rng *rand.Rand) movement.Movement {
	perm := func(n int) []int {
		p := append([]int{0}, rng.Perm(n)...)
		for i := 1; i <= n; i++ {
			p[i]++
		}
		return p
	}
	pp, tp, bp := perm(m.Pairs), perm(m.Tables), perm(m.Boards)
	out := m
	out.Rounds = nil
	for _, ri := range rng.Perm(len(m.Rounds)) {
		r := m.Rounds[ri]
		nr := movement.Round{Number: len(out.Rounds) + 1}
		for _, t := range r.Tables {
			nt := t
			nt.Table, nt.NS, nt.EW, nt.Boards = tp[t.Table], pp[t.NS], pp[t.EW], nil
			for _, b := range t.Boards {
				nt.Boards = append(nt.Boards, bp[b])
			}
			nr.Tables = append(nr.Tables, nt)
		}
		for _, p := range r.SitOut {
			nr.SitOut = append(nr.SitOut, pp[p])
		}
		out.Rounds = append(out.Rounds, nr)
	}
	return out
}

// TestPublishedMovementsValidate loads every published movement and checks
// it passes Validate with the figures its shape gives: a board is played
// once at every table that holds its set over the movement (plays), a pair
// plays every board but those of a round it sits out (played), and the
// comparison matrix sums to boards·plays·(plays-1) over all pairs of pairs
// (every two plays of a board at different tables put two pairs of pairs
// on the same cards), which fixes its mean. Min and max are what Validate
// reports; min = max is a perfectly balanced movement.
func TestPublishedMovementsValidate(t *testing.T) {
	want := map[string]struct {
		plays, played int // times each board is played; boards each pair plays
		min, max      int // the comparison matrix's spread
	}{
		// 4 pairs at 2 tables: each set at both tables. The comparisons are
		// worked by hand in TestValidateHowell4ByHand: 2 sets of 3 boards each.
		"Movement.2TablesArmonk.yaml": {2, 18, 6, 6},
		"Movement.Armonk2Tables.yaml": {2, 18, 6, 6},
		"Movement.Howell04T2B18.yaml": {2, 18, 6, 6},
		"Movement.Howell04T2B24.yaml": {2, 24, 8, 8},
		// 5 pairs: the 6-pair movements without pair 6's table; each pair sits out one round of 4 boards.
		"Movement.Howell05T2B20.yaml":      {2, 16, 4, 4},
		"Movement.Howell2Table5Teams.yaml": {2, 16, 4, 4},
		// 6 pairs at 3 tables. The shared-last-round schedule is uneven, the half-set one even.
		"Movement.Howell06T3B15Relay.yaml":  {3, 15, 3, 9},
		"Movement.Howell06T3B20.yaml":       {3, 20, 8, 8},
		"Movement.Howell06T3B20Relay.yaml":  {3, 20, 4, 12},
		"Movement.Howell06T3B25Relay.yaml":  {3, 25, 5, 15},
		"Movement.Howell06T3B30Relay.yaml":  {3, 30, 6, 18},
		"Movement.Howell3TableNoRelay.yaml": {3, 20, 8, 8},
		// 7 pairs: 8 without pair 8's table, one sit-out round of 3 boards.
		"Movement.Howell07T3B21.yaml": {3, 18, 6, 6},
		"Movement.Howell08T4B14.yaml": {4, 14, 6, 6},
		"Movement.Howell08T4B21.yaml": {4, 21, 9, 9},
		// 9 pairs: 10 without pair 10's table, one sit-out round of 2 boards.
		"Movement.Howell09T4B18.yaml": {4, 16, 4, 8},
		"Movement.Howell10T5B18.yaml": {5, 18, 6, 10},
		// 8 of 9 rounds, 8 sets of 3: each of the 5 tables holds each set once.
		"Movement.Howell10T5B24Relay.yaml": {5, 24, 6, 15},
		"Movement.Howell11T5B22.yaml":      {5, 20, 6, 10},
		"Movement.Howell12T6B22.yaml":      {6, 22, 10, 10},
		"Movement.Howell13T6B26.yaml":      {6, 24, 6, 12},
		"Movement.Howell14T7B26.yaml":      {7, 26, 10, 14},
		// The Mitchell: two winners, NS pairs compared with each other on all 18 boards, EW likewise.
		"Movement.Mitchell3Table.yaml": {3, 18, 18, 18},
	}
	pubs := publishedMovements(t)
	if len(pubs) != len(want) {
		t.Errorf("%d published movements, want %d (a file added or gone: add it to this table)", len(pubs), len(want))
	}
	for _, pub := range pubs {
		t.Run(pub.file, func(t *testing.T) {
			w, ok := want[pub.file]
			if !ok {
				t.Fatalf("no expectation for %s", pub.file)
			}
			m := pub.movement
			rep, err := m.Validate()
			if err != nil {
				t.Fatalf("Validate: %v", err)
			}
			if rep.Plays != w.plays {
				t.Errorf("plays = %d, want %d", rep.Plays, w.plays)
			}
			for p, n := range rep.Played {
				if n != w.played {
					t.Errorf("pair %d plays %d boards, want %d", p+1, n, w.played)
				}
			}
			if rep.Balance.Min != w.min || rep.Balance.Max != w.max {
				t.Errorf("balance min–max = %d–%d, want %d–%d", rep.Balance.Min, rep.Balance.Max, w.min, w.max)
			}
			if m.Winners == 1 {
				checkComparisonSum(t, &m, rep)
			}
			checkEachRoundOnce(t, &m)
		})
	}
}

// checkComparisonSum checks a one-winner movement without a phantom: its
// comparison matrix sums to boards·plays·(plays-1), so its mean over the
// P(P-1)/2 pairs of pairs is that over P(P-1)/2.
func checkComparisonSum(t *testing.T, m *movement.Movement, rep movement.Report) {
	t.Helper()
	sum := 0
	for p := range rep.Same {
		for q := p + 1; q < len(rep.Same); q++ {
			sum += rep.Same[p][q]
		}
	}
	want := m.Boards * rep.Plays * (rep.Plays - 1)
	if sum != want {
		t.Errorf("comparison matrix sums to %d, want boards·plays·(plays-1) = %d", sum, want)
	}
	pairs := m.Pairs * (m.Pairs - 1) / 2
	if mean := float64(want) / float64(pairs); rep.Balance.Pairs == pairs && !near(rep.Balance.Mean, mean) {
		t.Errorf("balance mean = %v, want %v", rep.Balance.Mean, mean)
	}
}

// checkEachRoundOnce checks, apart from Validate, that every pair is in every
// round exactly once (at one table or sitting out) and never plays a board twice.
func checkEachRoundOnce(t *testing.T, m *movement.Movement) {
	t.Helper()
	boards := map[[2]int]int{} // pair, board -> round
	for _, r := range m.Rounds {
		seen := map[int]int{}
		for _, tb := range r.Tables {
			seen[tb.NS]++
			seen[tb.EW]++
			for _, b := range tb.Boards {
				for _, p := range [2]int{tb.NS, tb.EW} {
					if first, ok := boards[[2]int{p, b}]; ok && p != m.Phantom {
						t.Errorf("pair %d plays board %d in rounds %d and %d", p, b, first, r.Number)
					}
					boards[[2]int{p, b}] = r.Number
				}
			}
		}
		for _, p := range r.SitOut {
			seen[p]++
		}
		for p := 1; p <= m.Pairs; p++ {
			if seen[p] != 1 && p != m.Phantom {
				t.Errorf("round %d: pair %d is there %d times, want once", r.Number, p, seen[p])
			}
		}
	}
}

// near reports whether two figures agree to 1e-9.
func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// TestGeneratedMatchPublished builds each published movement's size with the
// generators and compares (compareMovements says what each level means).
func TestGeneratedMatchPublished(t *testing.T) {
	howell := func(pairs, perRound, rounds int, share bool) func() (movement.Movement, error) {
		return func() (movement.Movement, error) {
			return movement.Howell(movement.HowellOptions{Pairs: pairs, BoardsPerRound: perRound, Rounds: rounds, ShareBoards: share})
		}
	}
	cases := []struct {
		file  string
		build func() (movement.Movement, error)
		want  sameness
		why   string
	}{
		{"Movement.Mitchell3Table.yaml", func() (movement.Movement, error) {
			return movement.Mitchell(movement.MitchellOptions{Tables: 3, BoardsPerRound: 6})
		}, identical, ""},
		{"Movement.Howell04T2B18.yaml", howell(4, 3, 0, false), identical, ""},
		{"Movement.Howell04T2B24.yaml", howell(4, 4, 0, false), identical, ""},
		{"Movement.2TablesArmonk.yaml", howell(4, 3, 0, false), sameMeetings,
			"(the same meetings on the same boards, but Armonk's stationary pair changes direction each round and the moving table's do not)"},
		{"Movement.Armonk2Tables.yaml", howell(4, 3, 0, false), sameMeetings, "(as 2TablesArmonk)"},
		{"Movement.Howell05T2B20.yaml", howell(5, 4, 0, false), identical, ""},
		{"Movement.Howell2Table5Teams.yaml", howell(5, 4, 0, false), renumbered,
			"(another numbering of the same 5-pair movement: the 6-pair Howell3TableNoRelay without table 3)"},
		{"Movement.Howell06T3B15Relay.yaml", howell(6, 3, 0, false), identical, "(an odd number of boards a round takes the shared schedule)"},
		{"Movement.Howell06T3B20.yaml", howell(6, 4, 0, false), identical, ""},
		{"Movement.Howell06T3B20Relay.yaml", howell(6, 4, 0, true), identical, ""},
		{"Movement.Howell06T3B25Relay.yaml", howell(6, 5, 0, false), identical, ""},
		{"Movement.Howell06T3B30Relay.yaml", howell(6, 6, 0, true), identical, ""},
		{"Movement.Howell3TableNoRelay.yaml", howell(6, 4, 0, false), renumbered,
			"(the half-set Howell with its tables, pairs and boards numbered otherwise)"},
		{"Movement.Howell07T3B21.yaml", howell(7, 3, 0, false), identical, ""},
		{"Movement.Howell08T4B14.yaml", howell(8, 2, 0, false), identical, ""},
		{"Movement.Howell08T4B21.yaml", howell(8, 3, 0, false), identical, ""},
		{"Movement.Howell09T4B18.yaml", howell(9, 2, 0, false), identical, ""},
		{"Movement.Howell10T5B18.yaml", howell(10, 2, 0, false), identical, ""},
		{"Movement.Howell10T5B24Relay.yaml", howell(10, 3, 8, false), identical, ""},
		{"Movement.Howell11T5B22.yaml", howell(11, 2, 0, false), identical, ""},
		{"Movement.Howell12T6B22.yaml", howell(12, 2, 0, false), identical, ""},
		{"Movement.Howell13T6B26.yaml", howell(13, 2, 0, false), identical, ""},
		{"Movement.Howell14T7B26.yaml", howell(14, 2, 0, false), identical, ""},
	}
	pubs := map[string]publishedMovement{}
	for _, p := range publishedMovements(t) {
		pubs[p.file] = p
	}
	if len(cases) != len(pubs) {
		t.Errorf("%d cases for %d published movements: every file needs a case", len(cases), len(pubs))
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			pub, ok := pubs[c.file]
			if !ok {
				t.Fatalf("%s not among the published movements", c.file)
			}
			gen, err := c.build()
			if err != nil {
				t.Fatal(err)
			}
			if got := compareMovements(&gen, &pub.movement); got != c.want {
				t.Errorf("generated %q is %v to the published one, want %v %s", gen.Name, got, c.want, c.why)
			}
		})
	}
}

// TestPublishedMovementsBalanced: every published movement of testdata
// passes CheckBalanced — no two pairs meet twice (but over two rounds at one
// table) and every board is played equally often — so a director typing
// one in needs no allowance.
func TestPublishedMovementsBalanced(t *testing.T) {
	for _, pub := range publishedMovements(t) {
		if err := pub.movement.CheckBalanced(); err != nil {
			t.Errorf("%s: %v", pub.file, err)
		}
	}
}
