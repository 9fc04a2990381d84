package movement

// pairing pairs teams for SwissPairing: the highest-ranked free team meets
// the highest-ranked free team it may meet such that the teams left can
// still all be paired, and so on down the ranking — the pairing a search
// with full backtracking finds, without its cost. Whether the teams left
// can all be paired is kept as a perfect matching of them (Edmonds'
// blossom algorithm, as e-maxx.ru's "Edmonds' algorithm for maximum
// matching in general graphs" writes it): committing a match the matching
// holds costs nothing, any other one augmenting path search.
type pairing struct {
	n       int     // teams, vertices 0..n-1 (team t is vertex t-1)
	adj     [][]int // adj[v]: the teams v may meet
	met     [][]int // met[a][b]: the matches teams a and b (1-based) have played
	limit   int     // teams may meet if they have met at most this many times
	alive   []bool  // still to be paired
	match   []int   // the matching: v's partner, -1 none
	p, base []int   // the search's tree and blossom bases
	used    []bool
	blossom []bool
	inPath  []bool
	q       []int
}

// newPairing makes the graph of the teams in free (1-based numbers) that
// may meet: two teams that have met at most limit times.
func newPairing(n int, met [][]int, limit int, free []int) *pairing {
	g := &pairing{n: n, adj: make([][]int, n), met: met, limit: limit, alive: make([]bool, n), match: make([]int, n),
		p: make([]int, n), base: make([]int, n), used: make([]bool, n), blossom: make([]bool, n), inPath: make([]bool, n)}
	for i := range g.match {
		g.match[i] = -1
	}
	for _, t := range free {
		g.alive[t-1] = true
	}
	for _, a := range free {
		for _, b := range free {
			if a != b && met[a][b] <= limit {
				g.adj[a-1] = append(g.adj[a-1], b-1)
			}
		}
	}
	return g
}

// perfect matches every free team, reporting whether it can: greedily
// first, then by augmenting paths from the teams left unmatched.
func (g *pairing) perfect() bool {
	for v := range g.n {
		if !g.alive[v] || g.match[v] != -1 {
			continue
		}
		for _, u := range g.adj[v] {
			if g.alive[u] && g.match[u] == -1 {
				g.match[v], g.match[u] = u, v
				break
			}
		}
	}
	for v := range g.n {
		if !g.alive[v] || g.match[v] != -1 {
			continue
		}
		end := g.findPath(v)
		if end == -1 {
			return false // v stays unmatched in every maximum matching
		}
		g.augment(end)
	}
	return true
}

// pair returns the matches of the free teams in rank order (free as
// ranked), each the highest-ranked team left at home; g must hold a
// perfect matching of them (perfect).
func (g *pairing) pair(free []int) []Match {
	var out []Match
	for i, top := range free {
		if !g.alive[top-1] {
			continue
		}
		for _, other := range free[i+1:] {
			if g.alive[other-1] && g.allowed(top-1, other-1) && g.commit(top-1, other-1) {
				out = append(out, Match{Home: top, Away: other})
				break
			}
		}
	}
	return out
}

// allowed reports whether vertices a and b may meet.
func (g *pairing) allowed(a, b int) bool { return g.met[a+1][b+1] <= g.limit }

// commit pairs a and b if the teams left can still all be paired, keeping
// a perfect matching of them; it reports whether it did.
func (g *pairing) commit(a, b int) bool {
	if g.match[a] == b {
		g.alive[a], g.alive[b] = false, false
		return true
	}
	saved := append([]int(nil), g.match...)
	x, y := g.match[a], g.match[b] // their partners, left unmatched
	g.match[a], g.match[b], g.match[x], g.match[y] = -1, -1, -1, -1
	g.alive[a], g.alive[b] = false, false
	if end := g.findPath(x); end != -1 {
		g.augment(end) // end is y, the one other unmatched team
		return true
	}
	copy(g.match, saved)
	g.alive[a], g.alive[b] = true, true
	return false
}

// findPath searches for an augmenting path from the unmatched root among
// the free teams, returning its other end (-1: none).
func (g *pairing) findPath(root int) int {
	for i := range g.n {
		g.used[i], g.p[i], g.base[i] = false, -1, i
	}
	g.used[root] = true
	g.q = append(g.q[:0], root)
	for qh := 0; qh < len(g.q); qh++ {
		v := g.q[qh]
		for _, to := range g.adj[v] {
			if !g.alive[to] || g.base[v] == g.base[to] || g.match[v] == to {
				continue
			}
			if to == root || (g.match[to] != -1 && g.p[g.match[to]] != -1) {
				cur := g.lca(v, to)
				for i := range g.blossom {
					g.blossom[i] = false
				}
				g.markPath(v, cur, to)
				g.markPath(to, cur, v)
				for i := range g.n {
					if g.alive[i] && g.blossom[g.base[i]] {
						g.base[i] = cur
						if !g.used[i] {
							g.used[i] = true
							g.q = append(g.q, i)
						}
					}
				}
			} else if g.p[to] == -1 {
				g.p[to] = v
				if g.match[to] == -1 {
					return to
				}
				g.used[g.match[to]] = true
				g.q = append(g.q, g.match[to])
			}
		}
	}
	return -1
}

// lca finds the base of the blossom an edge between a and b closes.
func (g *pairing) lca(a, b int) int {
	for i := range g.inPath {
		g.inPath[i] = false
	}
	for {
		a = g.base[a]
		g.inPath[a] = true
		if g.match[a] == -1 {
			break
		}
		a = g.p[g.match[a]]
	}
	for {
		b = g.base[b]
		if g.inPath[b] {
			return b
		}
		b = g.p[g.match[b]]
	}
}

// markPath marks the blossom's vertices on the path from v to its base b.
func (g *pairing) markPath(v, b, child int) {
	for g.base[v] != b {
		g.blossom[g.base[v]], g.blossom[g.base[g.match[v]]] = true, true
		g.p[v] = child
		child = g.match[v]
		v = g.p[g.match[v]]
	}
}

// augment flips the matching along the path found, ending at v.
func (g *pairing) augment(v int) {
	for v != -1 {
		pv := g.p[v]
		ppv := g.match[pv]
		g.match[v], g.match[pv] = pv, v
		v = ppv
	}
}
