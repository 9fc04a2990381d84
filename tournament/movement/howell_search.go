package movement

import (
	"context"
	"math"
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
	ctx             context.Context // the request: the search stops when it ends
	err             error           // ctx.Err() once the search stopped for it
}

// ctxEvery is how many nodes the search visits between looks at its context.
const ctxEvery = 1024

// searchBase finds a cyclic base of r rounds with s stationary pairs
// (numbered r+s down to r+1); distinct asks for a set per table. It stops
// with ctx.Err() when ctx ends.
func searchBase(ctx context.Context, r, s int, distinct bool) (cyclicBase, bool, error) {
	st := &baseSearch{r: r, used: make([]bool, r), vused: make([]bool, r), dused: make([]bool, r), sused: make([]bool, r),
		stationaryPairs: r + s, distinct: distinct, ctx: ctx}
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
// seat: against another rotating pair first (the search finds a base much
// sooner that way), then against a stationary pair.
func (st *baseSearch) step(left int) bool {
	st.nodes++
	if st.nodes > searchLimit || st.err != nil {
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
	r := st.r
	for y := x + 1; y < r; y++ {
		d := min(y-x, r-(y-x))
		if st.used[y] || 2*(y-x) == r || st.dused[d] {
			continue
		}
		for k := range r {
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
	if left > 0 {
		for k := range r {
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
	}
	return false
}

// balanceDirections chooses who sits NS at each table of the base: each
// rotating table either way round, each stationary pair NS throughout or
// changing seats halfway. It keeps the choice whose one-winner comparison
// matrix is most even (the smallest max-min, then the smallest standard
// deviation), the first such in the order tried. pairs is the field played
// (odd: the highest stationary pair is the phantom). It stops with
// ctx.Err() when ctx ends.
func balanceDirections(ctx context.Context, b cyclicBase, pairs, rounds int) (cyclicBase, error) {
	best, bestSpread, bestDev := b, math.MaxInt, math.Inf(1)
	n := len(b.tables)
	for mask := range 1 << n {
		if err := ctx.Err(); err != nil {
			return cyclicBase{}, err
		}
		c := b
		c.tables = make([]baseTable, n)
		for i, t := range b.tables {
			stationary := t.ns > b.rounds
			switch {
			case mask&(1<<i) == 0:
			case stationary:
				t.flipFrom = rounds/2 + 1
			default:
				t.ns, t.ew = t.ew, t.ns
			}
			c.tables[i] = t
		}
		m := planMovement(c.plan(rounds), pairs, 1)
		fields, _ := m.checkDirections()
		bal := m.balance(m.compare().Same, fields)
		if spread := bal.Max - bal.Min; spread < bestSpread || spread == bestSpread && bal.StdDev < bestDev-1e-9 {
			best, bestSpread, bestDev = c, spread, bal.StdDev
		}
	}
	return best, nil
}
