package reports

// exactMeetings is the most meetings seatMeetings searches for the fewest
// rounds; a bigger field is seated greedily.
const exactMeetings = 400

// searchSteps bounds the backtracking for one number of rounds: past it,
// seatMeetings tries one round more.
const searchSteps = 100_000

// seatMeetings gives every meeting a round (0-based) so that no two
// meetings of a round share a pair or a board, and returns the rounds and
// how many there are. It colours the graph of conflicting meetings: first
// greedily by DSatur (most distinctly coloured neighbours first), then, for
// up to exactMeetings meetings, by a DSatur backtracking search for each
// number of rounds from the lower bound (the most meetings one pair or one
// board has) up, each bounded by searchSteps, keeping the first that
// succeeds.
func seatMeetings(meetings []meeting) ([]int, int) {
	adj, lower := conflicts(meetings)
	most := 0
	for _, a := range adj {
		most = max(most, len(a))
	}
	colour, _ := colourGraph(adj, most+1, 0)
	rounds := countColours(colour)
	if len(meetings) > exactMeetings {
		return colour, rounds
	}
	for k := lower; k < rounds; k++ {
		if c, ok := colourGraph(adj, k, searchSteps); ok {
			return c, countColours(c)
		}
	}
	return colour, rounds
}

// conflicts returns, for each meeting, the meetings it cannot share a round
// with (a pair or a board in common; an individual's: a player), and the lower bound on the rounds:
// the most meetings any one pair or any one board has.
func conflicts(meetings []meeting) (adj [][]int, lower int) {
	type key struct{ board, id int } // board 0: pair id; board 1: board id
	groups := map[key][]int{}
	keys := make([][]key, len(meetings))
	for i, m := range meetings {
		if m.seats[0] != 0 {
			// An individual's meeting: its four players. Its boards do
			// not keep meetings apart: the published individuals play a
			// round's boards at every table at once (movement.Individual).
			for _, p := range m.seats {
				keys[i] = append(keys[i], key{0, p})
			}
		} else {
			keys[i] = append(keys[i], key{0, m.ns}, key{0, m.ew})
			for _, b := range m.boards {
				keys[i] = append(keys[i], key{1, b})
			}
		}
		for _, k := range keys[i] {
			groups[k] = append(groups[k], i)
			lower = max(lower, len(groups[k]))
		}
	}
	adj = make([][]int, len(meetings))
	seen := make([]int, len(meetings))
	for i := range seen {
		seen[i] = -1
	}
	for v := range meetings {
		for _, k := range keys[v] {
			for _, u := range groups[k] {
				if u != v && seen[u] != v {
					seen[u] = v
					adj[v] = append(adj[v], u)
				}
			}
		}
	}
	return adj, lower
}

// countColours returns how many colours a colouring uses (they run from 0).
func countColours(colour []int) int {
	n := 0
	for _, c := range colour {
		n = max(n, c+1)
	}
	return n
}

// colourGraph colours the graph with at most k colours by DSatur: the
// vertex with the most distinct colours among its neighbours next (then
// the most neighbours, then the lowest index), each colour tried lowest
// first. With steps > 0 it backtracks, giving up after that many vertices
// placed; with steps 0 it never backtracks (k must then exceed every
// vertex's neighbours). ok reports whether every vertex got a colour.
func colourGraph(adj [][]int, k, steps int) (colour []int, ok bool) {
	d := &dsatur{adj: adj, k: k, budget: steps, colour: make([]int, len(adj)), count: make([][]int32, len(adj)), sat: make([]int, len(adj))}
	for v := range adj {
		d.colour[v] = -1
		d.count[v] = make([]int32, k)
	}
	if !d.search(0, 0) {
		return nil, false
	}
	return d.colour, true
}

// dsatur is the state of a DSatur colouring.
type dsatur struct {
	adj    [][]int
	k      int       // colours allowed
	budget int       // vertices the search may place; 0: no limit
	steps  int       // vertices placed so far
	colour []int     // each vertex's colour, -1 while it has none
	count  [][]int32 // count[v][c]: v's neighbours coloured c
	sat    []int     // the distinct colours among v's neighbours
}

// search colours the rest of the graph, done vertices having colours from
// 0 to used-1; it reports whether it succeeded.
func (d *dsatur) search(done, used int) bool {
	if done == len(d.adj) {
		return true
	}
	d.steps++
	if d.spent() {
		return false
	}
	v := d.next()
	for c := 0; c < min(used+1, d.k); c++ { // a colour beyond used+1 would only rename one
		if d.count[v][c] > 0 {
			continue
		}
		d.paint(v, c, 1)
		if d.search(done+1, max(used, c+1)) {
			return true
		}
		d.paint(v, c, -1)
		if d.spent() {
			return false
		}
	}
	return false
}

// spent reports whether the search has used up its budget.
func (d *dsatur) spent() bool { return d.budget > 0 && d.steps > d.budget }

// next returns the uncoloured vertex to colour next.
func (d *dsatur) next() int {
	best := -1
	for v, c := range d.colour {
		if c >= 0 {
			continue
		}
		if best < 0 || d.sat[v] > d.sat[best] || (d.sat[v] == d.sat[best] && len(d.adj[v]) > len(d.adj[best])) {
			best = v
		}
	}
	return best
}

// paint gives v colour c (delta 1) or takes it away again (delta -1).
func (d *dsatur) paint(v, c int, delta int32) {
	if delta > 0 {
		d.colour[v] = c
	} else {
		d.colour[v] = -1
	}
	for _, u := range d.adj[v] {
		d.count[u][c] += delta
		switch {
		case delta > 0 && d.count[u][c] == 1:
			d.sat[u]++
		case delta < 0 && d.count[u][c] == 0:
			d.sat[u]--
		}
	}
}
