package movement

import (
	"context"
	"math/rand/v2"
)

// A cyclic Howell of R rounds for R+S pairs, S of them stationary, is fixed by
// its first round (a starter and an adder, as for a cyclic Room square):
//
//   - the R rotating pairs, as positions 0..R-1, are split into S singletons
//     (each plays a stationary pair) and pairs {a, b} playing each other;
//   - every rotating pair meets every other at most once: the differences
//     ±(b-a) are all different, and never R/2 (that pair would meet twice);
//   - every pair meets every set once: a table with set s shows rotating pair
//     x the set s-a+x when x sits at position a, so the values s-a over every
//     position of every table are R different values;
//   - the stationary pairs meet each set once because the sets rotate.
//
// Then every board is played by every table once in R rounds, so equally
// often. searchBase finds one by depth-first search, trying first to give
// every table of a round its own set (no boards shared).

// searchLimit bounds the search so a size without a schedule fails quickly.
const searchLimit = 2_000_000

// baseSearch is the state of searchBase.
type baseSearch struct {
	r               int  // rounds
	distinct        bool // every table of a round has its own set
	used, vused     []bool
	dused, sused    []bool
	tables          []baseTable
	stationaryPairs int // the next stationary pair number, counting down
	nodes           int
	limit           int             // the most nodes this search visits
	rng             *rand.Rand      // nil: candidates in order; else each node tries them from a random start
	ctx             context.Context // the request: the search stops when it ends
	err             error           // ctx.Err() once the search stopped for it
}

// ctxEvery is how many nodes the search visits between looks at its context.
const ctxEvery = 1024

// searchBase finds a cyclic base of r rounds with s stationary pairs
// (numbered r+s down to r+1); distinct asks for a set per table. It stops
// with ctx.Err() when ctx ends.
func searchBase(ctx context.Context, r, s int, distinct bool) (cyclicBase, bool, error) {
	return searchBaseWith(ctx, r, s, distinct, searchLimit, nil)
}

// restartLimit is the nodes one randomised try of searchRandom visits
// before it starts again: a try that has not found a base by then has
// usually gone down a branch with none.
const restartLimit = 20_000

// restarts is how many randomised tries searchRandom makes at most (with
// restartLimit, twice searchLimit's nodes).
const restarts = 200

// searchRandom finds a cyclic base as searchBase does, for the sizes where
// the ordered search runs out of nodes (more than 16 pairs): it tries the
// candidates at each node from a random start and starts again after
// restartLimit nodes. The seed is fixed by r, s and distinct, so the same
// size always gives the same base. It stops with ctx.Err() when ctx ends.
func searchRandom(ctx context.Context, r, s int, distinct bool) (cyclicBase, bool, error) {
	seed := uint64(r)<<8 | uint64(s)<<1
	if distinct {
		seed |= 1
	}
	rng := rand.New(rand.NewPCG(seed, 0x486f77656c6c)) // "Howell"
	for range restarts {
		b, ok, err := searchBaseWith(ctx, r, s, distinct, restartLimit, rng)
		if ok || err != nil {
			return b, ok, err
		}
	}
	return cyclicBase{}, false, nil
}

// searchBaseWith is searchBase visiting at most limit nodes, trying the
// candidates from a random start at each node when rng is not nil.
func searchBaseWith(ctx context.Context, r, s int, distinct bool, limit int, rng *rand.Rand) (cyclicBase, bool, error) {
	st := &baseSearch{r: r, used: make([]bool, r), vused: make([]bool, r), dused: make([]bool, r), sused: make([]bool, r),
		stationaryPairs: r + s, distinct: distinct, ctx: ctx, limit: limit, rng: rng}
	// A translation of every position, or of every set, keeps a base a base:
	// the first stationary pair plays position 0 with set 0.
	st.stationary(0, 0)
	if !st.step(s - 1) {
		return cyclicBase{}, false, st.err
	}
	return cyclicBase{rounds: r, families: 1, tables: st.tables}, true, nil
}

// stationary seats the next stationary pair against position x with set k.
func (st *baseSearch) stationary(x, k int) {
	st.used[x], st.vused[mod(k-x, st.r)], st.sused[k] = true, true, true
	st.tables = append(st.tables, baseTable{ns: st.stationaryPairs, ew: x + 1, units: set(k)})
	st.stationaryPairs--
}

// step places the lowest free position, with left stationary pairs still to
// seat: against another rotating pair first (the ordered search finds a
// base much sooner that way), then against a stationary pair; a randomised
// search seats it against a stationary pair first as often as stationary
// pairs are left among the free positions.
func (st *baseSearch) step(left int) bool {
	st.nodes++
	if st.nodes > st.limit || st.err != nil {
		return false
	}
	if st.ctx != nil && st.nodes%ctxEvery == 1 {
		if st.err = st.ctx.Err(); st.err != nil {
			return false
		}
	}
	x := 0
	for x < st.r && st.used[x] {
		x++
	}
	if x == st.r {
		return left == 0
	}
	if st.rng != nil && left > 0 {
		free := 0
		for _, u := range st.used {
			if !u {
				free++
			}
		}
		if st.rng.IntN(free) < left {
			return st.againstStationary(x, left) || st.againstRotating(x, left)
		}
	}
	return st.againstRotating(x, left) || st.againstStationary(x, left)
}

// againstRotating tries position x against each free rotating position.
func (st *baseSearch) againstRotating(x, left int) bool {
	r := st.r
	if x+1 >= r {
		return false
	}
	yStart, kStart := st.start(r-x-1), st.start(r)
	for i := range r - x - 1 {
		y := x + 1 + (yStart+i)%(r-x-1)
		d := min(y-x, r-(y-x))
		if st.used[y] || 2*(y-x) == r || st.dused[d] {
			continue
		}
		for j := range r {
			k := (kStart + j) % r
			v1, v2 := mod(k-x, r), mod(k-y, r)
			if st.vused[v1] || st.vused[v2] || (st.distinct && st.sused[k]) {
				continue
			}
			sused := st.sused[k]
			st.used[x], st.used[y], st.dused[d], st.vused[v1], st.vused[v2], st.sused[k] = true, true, true, true, true, true
			st.tables = append(st.tables, baseTable{ns: x + 1, ew: y + 1, units: set(k)})
			if st.step(left) {
				return true
			}
			st.tables = st.tables[:len(st.tables)-1]
			st.used[x], st.used[y], st.dused[d], st.vused[v1], st.vused[v2], st.sused[k] = false, false, false, false, false, sused
		}
	}
	return false
}

// againstStationary tries position x against the next stationary pair.
func (st *baseSearch) againstStationary(x, left int) bool {
	if left == 0 {
		return false
	}
	r := st.r
	kStart := st.start(r)
	for j := range r {
		k := (kStart + j) % r
		if st.vused[mod(k-x, r)] || (st.distinct && st.sused[k]) {
			continue
		}
		sused := st.sused[k]
		st.stationary(x, k)
		if st.step(left - 1) {
			return true
		}
		st.tables = st.tables[:len(st.tables)-1]
		st.stationaryPairs++
		st.used[x], st.vused[mod(k-x, r)], st.sused[k] = false, false, sused
	}
	return false
}

// start is where a node starts trying its n candidates: 0, or a random
// place when the search is randomised.
func (st *baseSearch) start(n int) int {
	if st.rng == nil || n <= 0 {
		return 0
	}
	return st.rng.IntN(n)
}

// balanceDirections chooses who sits NS at each table of the base: each
// rotating table either way round, each stationary pair NS throughout or
// changing seats halfway. It keeps the choice whose one-winner comparison
// matrix is most even (the smallest max-min, then the smallest standard
// deviation): of every choice, the first such in the order tried, up to
// exhaustiveTables tables; beyond, the best found by turning one table at a
// time while that improves it. pairs is the field played (odd: the highest
// stationary pair is the phantom). It stops with ctx.Err() when ctx ends.
func balanceDirections(ctx context.Context, b cyclicBase, pairs, rounds int) (cyclicBase, error) {
	n := len(b.tables)
	score := func(mask uint64) (cyclicBase, int, float64) {
		c := b
		c.tables = make([]baseTable, n)
		for i, t := range b.tables {
			stationary := t.ns > b.rounds
			switch {
			case mask&(1<<i) == 0:
			case stationary:
				t.flips = fromRound(rounds/2 + 1)
			default:
				t.ns, t.ew = t.ew, t.ns
			}
			c.tables[i] = t
		}
		m := planMovement(c.plan(rounds), pairs, 1)
		fields, _ := m.checkDirections()
		bal := m.balance(m.compare().Same, fields)
		return c, bal.Max - bal.Min, bal.StdDev
	}
	best, bestSpread, bestDev := score(0)
	better := func(spread int, dev float64) bool {
		return spread < bestSpread || spread == bestSpread && dev < bestDev-1e-9
	}
	if n <= exhaustiveTables {
		for mask := uint64(1); mask < 1<<n; mask++ {
			if err := ctx.Err(); err != nil {
				return cyclicBase{}, err
			}
			if c, spread, dev := score(mask); better(spread, dev) {
				best, bestSpread, bestDev = c, spread, dev
			}
		}
		return best, nil
	}
	mask := uint64(0)
	for improved := true; improved; {
		improved = false
		for i := range n {
			if err := ctx.Err(); err != nil {
				return cyclicBase{}, err
			}
			if c, spread, dev := score(mask ^ 1<<i); better(spread, dev) {
				best, bestSpread, bestDev, mask, improved = c, spread, dev, mask^1<<i, true
			}
		}
	}
	return best, nil
}

// exhaustiveTables is the most tables whose every choice of directions
// balanceDirections tries (2^8 movements); 9 to 16 tables would be 2^9 to
// 2^16, seconds at 16.
const exhaustiveTables = 8
