package scoring

import (
	"context"
	"math/bits"
)

// A nullo by double dummy. DDS (scoring/dds) solves the normal game, where
// each side plays to take the most tricks; a nullo (royal-auction-1913's
// nullo chapter, seed 001; royalton-1915, seed 000) is played without
// trumps and the declarer's side plays to take the FEWEST tricks — and the
// defenders, whose score is the declarer's tricks over his contract's
// limit, to make him take the most (LAWS.md "Contract made / defeated":
// a nullo is made when the opponents take 6 + level tricks). The game tree
// is no-trump play; only the objective is reversed: each side plays to
// lose tricks. This file solves that game exactly with a small
// double-dummy search of its own:
//
//   - null-window tests "can the side that wants North-South to take
//     tricks make them take k or more", and the value found by bisection
//     between the bounds known;
//   - a transposition table at the start of each trick holding bounds on
//     the tricks North-South take from there, matched by partition search
//     (DDS's "winning ranks"): an answer is stored with the leader, the
//     number of cards of each suit in each hand, and the holders of only
//     those cards of each suit, from the highest down, that the answer
//     depended on — down to the lowest card that won a trick by its rank
//     anywhere in the proof, or that a run of touching cards tried once
//     stood for — and serves every position that matches them, whichever
//     small cards are gone and whoever holds the cards below (the cards
//     below never beat one another in the proof, so its play maps card
//     for card onto the other position);
//   - touching cards played once: of cards of one hand with no card of
//     another hand (or of the trick in progress) between them, only one is
//     tried;
//   - moves ordered to cut early (in a nullo: duck under the card winning
//     the trick with the highest card that ducks, discard high cards,
//     lead low);
//   - the last hand's cards first looked up in the table: a card ending
//     the trick in a position whose bounds already decide is a cut found
//     without searching (enhanced transposition cutoff);
//   - sure tricks at a trick's start: when the side on lead holds only
//     cards the other side cannot beat in their suits, or the leader holds
//     the highest cards left of every suit he holds, the side on lead
//     takes every trick left; in a nullo, when the other side holds only
//     such cards and the leader a card of a suit it holds, the side on
//     lead takes none (TestDDSolverSureTricks checks both against the
//     plain minimax).
//
// It solves the normal no-trump game too (TestDDNoTrumpAgainstDDS checks
// it against DDS's published tables): the search is the same, only who
// wants tricks differs.

// NulloTable is a deal's nullo tricks by double dummy: the tricks each seat
// takes as a nullo's declarer (indexed by Seat), his side playing to take
// fewest and the defenders, the declarer's left-hand opponent leading, to
// make him take most. A nullo of level L is made when the declarer takes
// 7 − L tricks or fewer.
type NulloTable [4]uint8

// Tricks returns the tricks the declarer takes in a nullo.
func (t *NulloTable) Tricks(declarer Seat) int { return int(t[declarer&3]) }

// NulloBudget is a bound on the positions SolveNullo searches for one
// deal that solved every whole deal measured (BENCHMARKS.md, "Nullo by
// double dummy": DDS's first test deals, minutes each on a loaded
// machine); it bounds the time a harder deal can take.
const NulloBudget = 20_000_000

// SolveNullo solves a deal's nullos by double dummy for each declarer
// seat: the four hands must hold the same number of cards, none twice
// (a whole deal: 13 each). It searches at most budget positions (trick
// starts searched afresh) and returns false when that was not enough; the
// table is then not known.
func SolveNullo(hands [4]Hand, budget int) (NulloTable, bool) {
	return SolveNulloContext(context.Background(), hands, budget)
}

// SolveNulloContext is SolveNullo that also gives up, returning false,
// when ctx ends (a background job's time limit).
func SolveNulloContext(ctx context.Context, hands [4]Hand, budget int) (NulloTable, bool) {
	var t NulloTable
	s := NewNulloSolver(hands, budget)
	s.s.done = ctx.Done()
	for d := North; d <= West; d++ {
		n, ok := s.Tricks(d)
		if !ok {
			return t, false
		}
		t[d] = uint8(n)
	}
	return t, true
}

// NulloSolver answers questions on one deal's nullos by double dummy —
// "does the declarer hold himself to t tricks or fewer" and "how many
// tricks does he take" — sharing one transposition table and one budget
// of positions between them, so that a caller asks only what it needs: a
// question far from the answer is settled in few positions, an exact
// count takes several such questions near it.
type NulloSolver struct {
	s     *ddSolver
	cards int
	// lo and hi bound each declarer's tricks as the questions so far
	// have settled them.
	lo, hi [4]int
}

// NewNulloSolver starts the search of a deal's nullos (the four hands of
// the same number of cards, none twice), spending at most budget
// positions over all the questions asked of it.
func NewNulloSolver(hands [4]Hand, budget int) *NulloSolver {
	n := hands[0].Count()
	return &NulloSolver{s: newDDSolver(hands, true, budget), cards: n, hi: [4]int{n, n, n, n}}
}

// AtMost reports whether declarer, playing a nullo (his side to take
// fewest tricks, his left-hand opponent leading), takes t tricks or
// fewer; known is false when the budget ran out before it was settled.
func (n *NulloSolver) AtMost(declarer Seat, t int) (yes, known bool) {
	d := declarer & 3
	switch {
	case t >= n.hi[d]:
		return true, true
	case t < n.lo[d]:
		return false, true
	}
	if n.s.over {
		return false, false
	}
	// North-South's tricks v from the lead of the declarer's left hand:
	// the declarer takes v (North-South) or cards − v (East-West).
	var more bool // the declarer takes more than t
	if d.Side() == NS {
		more = n.s.reach(d.Next(), t+1)
	} else {
		more = !n.s.reach(d.Next(), n.cards-t)
	}
	if n.s.over {
		return false, false
	}
	if more {
		n.lo[d] = t + 1
	} else {
		n.hi[d] = t
	}
	return !more, true
}

// Tricks returns the tricks declarer takes in a nullo by double dummy;
// false when the budget ran out first.
func (n *NulloSolver) Tricks(declarer Seat) (int, bool) {
	return n.TricksUpTo(declarer, n.cards)
}

// TricksUpTo returns the declarer's nullo tricks when they are most or
// fewer, else most (all a caller needs who counts no trick above most);
// false when the budget ran out first.
//
// The questions start at a guess, the count of another declarer already
// known (the four declarers play one game, only its leader differs, and
// the counts from neighbouring leads are seldom far apart), and step from
// it: a question near the answer costs the most, and bisection from the
// middle asks several such; far from a guess, it bisects.
func (n *NulloSolver) TricksUpTo(declarer Seat, most int) (int, bool) {
	d := declarer & 3
	k, guessed := n.guess(d)
	steps := 0
	for n.lo[d] < min(most, n.hi[d]) {
		top := min(most, n.hi[d])
		if !guessed || steps >= 2 {
			k = (n.lo[d] + top) / 2
		}
		k = max(n.lo[d], min(k, top-1))
		yes, ok := n.AtMost(d, k)
		if !ok {
			return 0, false
		}
		// Next: one step on from the answer.
		if yes {
			k--
		} else {
			k++
		}
		steps++
	}
	return min(n.lo[d], most), true
}

// guess returns the tricks declarer d likely takes: those of the declarer
// whose lead is nearest d's already known, in d's terms; false when none
// is known.
func (n *NulloSolver) guess(d Seat) (int, bool) {
	for _, o := range []Seat{d.Next().Next(), d.Next(), d.Next().Next().Next()} {
		if n.lo[o] != n.hi[o] {
			continue
		}
		ns := n.lo[o] // North-South's tricks from o's left hand's lead
		if o.Side() == EW {
			ns = n.cards - ns
		}
		if d.Side() == EW {
			return n.cards - ns, true
		}
		return ns, true
	}
	return 0, false
}

// Positions returns the positions searched so far (trick starts searched
// afresh), all questions together.
func (n *NulloSolver) Positions() int { return n.s.nodes }

// ddSolver is one deal's search; its transposition table serves every
// leader of the same game.
type ddSolver struct {
	hands  [4]Hand
	gone   Hand // the cards of the tricks completed
	misere bool // each side plays to take fewest tricks: a nullo
	tt     ddTable
	nodes  int // trick starts searched
	budget int
	over   bool            // the budget was spent: results are not known
	done   <-chan struct{} // closed: give up (over), as when the budget is spent
	// whole: every card of a position is relevant to its result (the
	// table matches positions on every card, as before partition search);
	// the tests' reference.
	whole bool
}

// newDDSolver starts a search of the no-trump game of hands; misere: each
// side wants fewest tricks.
func newDDSolver(hands [4]Hand, misere bool, budget int) *ddSolver {
	return &ddSolver{hands: hands, misere: misere, tt: make(ddTable, 1<<12), budget: budget}
}

// value returns the tricks North-South take with leader on lead, and false
// when the budget ran out.
func (s *ddSolver) value(leader Seat) (int, bool) {
	lo, hi := 0, s.hands[leader].Count()
	for lo < hi && !s.over {
		k := (lo + hi + 1) / 2
		if s.reach(leader, k) {
			lo = k
		} else {
			hi = k - 1
		}
	}
	return lo, !s.over
}

// cancelled reports whether done is closed.
func (s *ddSolver) cancelled() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// maximises reports whether the seat plays for North-South to take tricks:
// North and South in the normal game, East and West in a nullo.
func (s *ddSolver) maximises(p Seat) bool { return (p.Side() == NS) != s.misere }

// reach reports whether the side that wants North-South's tricks makes
// them take k or more of the tricks left, leader to lead to the next.
func (s *ddSolver) reach(leader Seat, k int) bool {
	r, _ := s.search(leader, k)
	return r
}

// search is reach, and also returns the cards the answer depended on
// (partition search, as DDS's "winning ranks"): in each suit, the cards of
// the position from the highest down to the lowest card that won a trick
// by its rank (over another card of the suit led) somewhere in the proof.
// Any position with the same leader, the same number of cards of each suit
// in each hand and those cards held by the same hands has the same answer:
// the cards below are interchangeable, none of them ever beating another
// by rank, and a proof's play maps card for card onto the other position.
func (s *ddSolver) search(leader Seat, k int) (bool, Hand) {
	n := s.hands[leader].Count()
	if k <= 0 {
		return true, 0
	}
	if k > n {
		return false, 0
	}
	if s.over {
		return false, 0
	}
	if n == 1 {
		won, rel := s.lastTrick(leader)
		return won >= k, rel
	}
	if s.masters(leader.Side()) {
		// The leader's side wins every trick.
		return leader.Side() == NS, s.mastersRelevant(leader.Side())
	}
	if s.tops(leader) {
		return leader.Side() == NS, s.topsRelevant(leader)
	}
	if s.misere && s.masters(1-leader.Side()) && s.leadsInto(leader) {
		// In a nullo the side on lead loses every trick: it leads into a
		// suit the other side holds, which must win it with a card its
		// side cannot beat, and wins every trick after.
		return leader.Side() == EW, s.mastersRelevant(1 - leader.Side()) // North-South take all n ≥ k, or none
	}
	pos := s.position(leader)
	if d, depth := s.tt.decide(&pos, k); d != 0 {
		return d > 0, s.cardsOf(&pos, depth)
	}
	s.nodes++
	if s.nodes > s.budget || (s.nodes&1023 == 0 && s.cancelled()) {
		s.over = true
		return false, 0
	}
	var t ddTrick
	t.leader = leader
	res, rel := s.play(&t, 0, k)
	if s.over {
		return false, 0
	}
	depth := s.depths(&pos, rel)
	if res {
		s.tt.store(&pos, depth, true, k)
	} else {
		s.tt.store(&pos, depth, false, k-1)
	}
	return res, s.cardsOf(&pos, depth)
}

// ddPosition is a trick-start position as the table sees it: the leader,
// each hand's cards of each suit counted, and per suit the holders of its
// cards from the highest down (2 bits a card, the highest first).
type ddPosition struct {
	key   ddKey
	owner [4]uint32 // per suit, the holders from the highest card down
	// packed: the owners of each suit from the highest card down from the
	// top bit of a 32-bit half (spades and hearts, diamonds and clubs),
	// so that an entry's top cards are matched by a mask.
	packed [2]uint64
	count  [4]uint8 // per suit, the cards left
	suit   [4]Hand  // per suit, the cards left
}

// ddKey is what a table entry must match exactly: the leader and the
// number of cards of each suit in each hand (4 bits each; West's clubs
// left out, the rest of his cards).
type ddKey uint64

// ddDepth is how many of each suit's highest cards a position's answer
// depended on.
type ddDepth [4]uint8

// ddEntry is one bound known on the tricks North-South take from every
// position matching it: those with its key and, in each suit, its top
// depth cards held as owner says.
type ddEntry struct {
	owner [2]uint64 // the holders of the top depth cards, as packed
	mask  [2]uint64 // the bits of packed those cards take
	depth ddDepth
	lower bool  // tricks ≥ v; else tricks ≤ v
	v     uint8 // the bound
}

// ddTable is the transposition table: entries by key.
type ddTable map[ddKey]*ddBucket

// ddBucket holds the entries of one key: the lower bounds from the highest
// down and the upper bounds from the lowest up, so that a question "k or
// more?" reads only the entries that could settle it and stops at the
// first that matches.
type ddBucket struct {
	lower, upper []ddEntry
}

// matches reports whether the position's top cards are held as the
// entry's.
func (e *ddEntry) matches(p *ddPosition) bool {
	return p.packed[0]&e.mask[0] == e.owner[0] && p.packed[1]&e.mask[1] == e.owner[1]
}

// decide reports what the table knows of "North-South take k or more
// tricks from the position": +1 yes, −1 no, 0 not known; and the depths
// the answer depended on.
func (t ddTable) decide(p *ddPosition, k int) (int, ddDepth) {
	b := t[p.key]
	if b == nil {
		return 0, ddDepth{}
	}
	for i := range b.lower {
		e := &b.lower[i]
		if int(e.v) < k {
			break
		}
		if e.matches(p) {
			return 1, e.depth
		}
	}
	for i := range b.upper {
		e := &b.upper[i]
		if int(e.v) >= k {
			break
		}
		if e.matches(p) {
			return -1, e.depth
		}
	}
	return 0, ddDepth{}
}

// store records a bound for the positions matching p's top depth cards.
func (t ddTable) store(p *ddPosition, depth ddDepth, lower bool, v int) {
	var e ddEntry
	e.depth, e.lower, e.v = depth, lower, uint8(v)
	for su := 0; su < 4; su++ {
		e.mask[su/2] |= uint64(^uint32(0)<<(32-2*uint(depth[su]))) << (32 * uint(1-su%2))
	}
	e.owner[0], e.owner[1] = p.packed[0]&e.mask[0], p.packed[1]&e.mask[1]
	b := t[p.key]
	if b == nil {
		b = &ddBucket{}
		t[p.key] = b
	}
	list := &b.upper
	if lower {
		list = &b.lower
	}
	// better: a's bound is tighter than b's, so a comes first.
	better := func(a, b uint8) bool { return (lower && a > b) || (!lower && a < b) }
	l := *list
	for i := range l {
		o := &l[i]
		if o.depth == depth && o.owner == e.owner {
			if !better(e.v, o.v) {
				return
			}
			l = append(l[:i], l[i+1:]...) // re-placed below by its new bound
			break
		}
	}
	at := len(l)
	for i := range l {
		if better(e.v, l[i].v) {
			at = i
			break
		}
	}
	l = append(l, ddEntry{})
	copy(l[at+1:], l[at:])
	l[at] = e
	*list = l
}

// position reads the trick-start position with leader on lead.
func (s *ddSolver) position(leader Seat) ddPosition {
	var p ddPosition
	for su := 0; su < 4; su++ {
		var m [4]uint32
		var u uint32
		for h := 0; h < 4; h++ {
			m[h] = uint32(s.hands[h]>>(13*uint(su))) & 0x1fff
			u |= m[h]
			if 4*su+h < 15 {
				p.key |= ddKey(bits.OnesCount32(m[h])) << (4 * uint(4*su+h))
			}
		}
		p.suit[su] = Hand(u) << (13 * uint(su))
		var code uint32
		n := 0
		for u != 0 {
			r := 31 - bits.LeadingZeros32(u)
			bit := uint32(1) << uint(r)
			u &^= bit
			var o uint32
			switch {
			case m[1]&bit != 0:
				o = 1
			case m[2]&bit != 0:
				o = 2
			case m[3]&bit != 0:
				o = 3
			}
			code = code<<2 | o
			n++
		}
		p.owner[su], p.count[su] = code, uint8(n)
		p.packed[su/2] |= uint64(code<<(32-2*uint(n))) << (32 * uint(1-su%2))
	}
	p.key |= ddKey(leader) << 60
	return p
}

// depths turns the cards an answer depended on into the depth of each
// suit: its cards left from the highest down to the lowest of them (every
// card, when the solver is whole).
func (s *ddSolver) depths(p *ddPosition, rel Hand) ddDepth {
	var d ddDepth
	for su := 0; su < 4; su++ {
		if s.whole {
			d[su] = p.count[su]
			continue
		}
		r := rel & p.suit[su]
		if r == 0 {
			continue
		}
		low := bits.TrailingZeros64(uint64(r))
		d[su] = uint8(bits.OnesCount64(uint64(p.suit[su] >> uint(low))))
	}
	return d
}

// cardsOf returns the top depth cards of each suit of the position.
func (s *ddSolver) cardsOf(p *ddPosition, d ddDepth) Hand {
	var out Hand
	for su := 0; su < 4; su++ {
		c := p.suit[su]
		for i := int(p.count[su]); i > int(d[su]); i-- {
			c &= c - 1 // drop the lowest
		}
		out |= c
	}
	return out
}

// masters reports whether every card side x holds is higher than every
// card of its suit the other side holds: then, x on lead, each trick is
// led with a card the other side cannot beat, x wins it and leads again.
func (s *ddSolver) masters(x Side) bool {
	a, b := Seat(x), Seat(x)+2
	return outranks(s.hands[a]|s.hands[b], s.hands[a.Next()]|s.hands[b.Next()])
}

// outranks reports whether, in each suit, every card of own is higher
// than every card of rest.
func outranks(own, rest Hand) bool {
	for su := 0; su < 4; su++ {
		o := uint32(own>>(13*uint(su))) & 0x1fff
		t := uint32(rest>>(13*uint(su))) & 0x1fff
		if o != 0 && t != 0 && bits.TrailingZeros32(o) < 31-bits.LeadingZeros32(t) {
			return false
		}
	}
	return true
}

// leadsInto reports whether the leader holds a card of a suit the other
// side holds.
func (s *ddSolver) leadsInto(leader Seat) bool {
	other := s.hands[leader.Next()] | s.hands[leader.Next().Next().Next()]
	for su := 0; su < 4; su++ {
		if s.hands[leader]&suitMask(Suit(su)) != 0 && other&suitMask(Suit(su)) != 0 {
			return true
		}
	}
	return false
}

// tops reports whether the leader's cards are in each suit he holds the
// highest cards of that suit left: then every trick he leads he wins
// (nobody, partner included, holds a higher card of the suit), and he
// leads again.
func (s *ddSolver) tops(leader Seat) bool {
	rest := s.hands[leader.Next()] | s.hands[leader.Next().Next()] | s.hands[leader.Next().Next().Next()]
	return outranks(s.hands[leader], rest)
}

// mastersRelevant is what masters(x) depends on: side x's cards of each
// suit the other side also holds (they are its highest cards).
func (s *ddSolver) mastersRelevant(x Side) Hand {
	a, b := Seat(x), Seat(x)+2
	own, other := s.hands[a]|s.hands[b], s.hands[a.Next()]|s.hands[b.Next()]
	return own & spread(other)
}

// topsRelevant is what tops(leader) depends on: the leader's cards of each
// suit another hand also holds.
func (s *ddSolver) topsRelevant(leader Seat) Hand {
	rest := s.hands[leader.Next()] | s.hands[leader.Next().Next()] | s.hands[leader.Next().Next().Next()]
	return s.hands[leader] & spread(rest)
}

// spread returns every card of each suit h holds a card of.
func spread(h Hand) Hand {
	var out Hand
	for su := Suit(0); su < 4; su++ {
		if h&suitMask(su) != 0 {
			out |= suitMask(su)
		}
	}
	return out
}

// lastTrick plays the one card each hand has left: 1 when North-South win
// the trick; and the winning card when it won by its rank.
func (s *ddSolver) lastTrick(leader Seat) (int, Hand) {
	lead := bits.TrailingZeros64(uint64(s.hands[leader]))
	suit, win, best := lead/13, leader, lead
	followed := false
	for i := Seat(1); i < 4; i++ {
		p := (leader + i) & 3
		c := bits.TrailingZeros64(uint64(s.hands[p]))
		if c/13 == suit {
			followed = true
			if c > best {
				best, win = c, p
			}
		}
	}
	var rel Hand
	if followed {
		rel = Hand(1) << uint(best)
	}
	if win.Side() == NS {
		return 1, rel
	}
	return 0, rel
}

// ddTrick is the trick in progress.
type ddTrick struct {
	leader Seat
	cards  [4]int // bit of each card played, in order
	win    Seat   // the seat winning it so far
	best   int    // its card's bit
	ranked bool   // another card of the suit led was played: best wins by its rank
}

// play tries each card the seat i places from the leader may play, and
// reports whether the side wanting North-South's tricks gets k or more,
// with the cards the answer depended on (search).
func (s *ddSolver) play(t *ddTrick, i int, k int) (bool, Hand) {
	p := (t.leader + Seat(i)) & 3
	var moves, low [13]int
	n := s.moves(t, i, p, &moves, &low)
	mx := s.maximises(p)
	if i == 3 {
		if ok, rel := s.settled(t, p, moves[:n], k, mx); ok {
			return mx, rel
		}
	}
	// What every card tried depended on, and the run of touching cards
	// each stood for when it stood for more than itself: the other
	// position must hold the same runs for its cards to be those tried.
	var all Hand
	for j, c := range moves[:n] {
		bit := Hand(1) << uint(c)
		s.hands[p] &^= bit
		t.cards[i] = c
		win, best, ranked := t.win, t.best, t.ranked
		if i == 0 {
			t.win, t.best, t.ranked = p, c, false
		} else if c/13 == t.best/13 {
			t.ranked = true
			if c > t.best {
				t.win, t.best = p, c
			}
		}
		var r bool
		var rel Hand
		if i < 3 {
			r, rel = s.play(t, i+1, k)
		} else {
			played := Hand(1)<<uint(t.cards[0]) | Hand(1)<<uint(t.cards[1]) | Hand(1)<<uint(t.cards[2]) | Hand(1)<<uint(t.cards[3])
			s.gone |= played
			kk := k
			if t.win.Side() == NS {
				kk--
			}
			r, rel = s.search(t.win, kk)
			if t.ranked {
				rel |= Hand(1) << uint(t.best)
			}
			s.gone &^= played
		}
		t.win, t.best, t.ranked = win, best, ranked
		s.hands[p] |= bit
		if s.over {
			return false, 0
		}
		if r == mx {
			return r, rel
		}
		all |= rel
		if low[j] != c {
			all |= Hand(1) << uint(low[j])
		}
	}
	return !mx, all
}

// settled reports whether one of the cards the last hand p may play to
// trick t ends the trick in a position whose bounds in the table already
// give p's side what it wants (k or more tricks to North-South when mx):
// a cut found without searching (enhanced transposition cutoff); and the
// cards that depended on.
func (s *ddSolver) settled(t *ddTrick, p Seat, moves []int, k int, mx bool) (bool, Hand) {
	left := s.hands[p].Count() - 1 // tricks left after this one
	trick := Hand(1)<<uint(t.cards[0]) | Hand(1)<<uint(t.cards[1]) | Hand(1)<<uint(t.cards[2])
	for _, c := range moves {
		win, best, ranked := t.win, t.best, t.ranked
		if c/13 == t.best/13 {
			ranked = true
			if c > t.best {
				win, best = p, c
			}
		}
		var rel Hand
		if ranked {
			rel = Hand(1) << uint(best)
		}
		kk := k
		if win.Side() == NS {
			kk--
		}
		if kk <= 0 {
			if mx {
				return true, rel
			}
			continue
		}
		if kk > left {
			if !mx {
				return true, rel
			}
			continue
		}
		if left <= 1 {
			continue
		}
		bit := Hand(1) << uint(c)
		played := trick | bit
		s.hands[p] &^= bit
		s.gone |= played
		pos := s.position(win)
		var cut Hand
		d, depth := s.tt.decide(&pos, kk)
		ok := d != 0 && (d > 0) == mx
		if ok {
			cut = s.cardsOf(&pos, depth)
		}
		s.gone &^= played
		s.hands[p] |= bit
		if ok {
			return true, rel | cut
		}
	}
	return false, 0
}

// moves writes into out the cards seat p (i-th to play to trick t) may
// play, one of each run of touching cards, best first; it returns how many.
func (s *ddSolver) moves(t *ddTrick, i int, p Seat, out, low *[13]int) int {
	h := s.hands[p]
	follow := -1
	if i > 0 {
		follow = t.cards[0] / 13
		if h&suitMask(Suit(follow)) == 0 {
			follow = -1
		} else {
			h &= suitMask(Suit(follow))
		}
	}
	partnerWins := i > 0 && t.win.Side() == p.Side()
	var score [13]int
	n := 0
	for su := 0; su < 4; su++ {
		m := uint32(h>>(13*uint(su))) & 0x1fff
		if m == 0 {
			continue
		}
		present := ^uint32(s.gone>>(13*uint(su))) & 0x1fff
		length := bits.OnesCount32(m)
		top := 31 - bits.LeadingZeros32(present)
		run := false
		for r := 12; r >= 0; r-- {
			bit := uint32(1) << uint(r)
			if present&bit == 0 {
				continue
			}
			if m&bit == 0 {
				run = false
				continue
			}
			if run {
				low[n-1] = 13*su + r
				continue // touches the card above it, already tried
			}
			run = true
			c := 13*su + r
			out[n], low[n] = c, c
			score[n] = s.order(t, i, p, c, r, top, length, follow >= 0, partnerWins)
			n++
		}
	}
	// Insertion sort, best (highest score) first.
	for a := 1; a < n; a++ {
		for b := a; b > 0 && score[b] > score[b-1]; b-- {
			score[b], score[b-1] = score[b-1], score[b]
			out[b], out[b-1] = out[b-1], out[b]
			low[b], low[b-1] = low[b-1], low[b]
		}
	}
	return n
}

// misereLead scores a lead c (rank r) of the nullo: a suit the opponents
// hold, the fewer of their cards below it the better (they cannot duck
// it), an opponent holding none below it (he must win it) best; a suit
// they do not hold, last (the leader's side takes the trick).
func (s *ddSolver) misereLead(p Seat, c, r int) int {
	su := c / 13
	var opp [2]uint32
	for j, o := range []Seat{p.Next(), p.Next().Next().Next()} {
		opp[j] = uint32(s.hands[o]>>(13*uint(su))) & 0x1fff
	}
	if opp[0]|opp[1] == 0 {
		return 20 - r
	}
	below := uint32(1)<<uint(r) - 1
	score := 300 - 16*bits.OnesCount32((opp[0]|opp[1])&below) - r
	for _, m := range opp {
		if m != 0 && m&below == 0 {
			score += 100 // he must win it
		}
	}
	return score
}

// order scores a card for move ordering: higher is tried first.
func (s *ddSolver) order(t *ddTrick, i int, p Seat, c, r, top, length int, following, partnerWins bool) int {
	switch {
	case i == 0 && s.misere:
		return s.misereLead(p, c, r)
	case i == 0:
		if r == top {
			return 200 + length // a winner, from the longer suit
		}
		return 100 - r
	case !following && s.misere:
		return r*4 + length // discard the high cards, from long suits
	case !following:
		return 100 - r*4 + length // discard low, from long suits
	}
	beats := c > t.best
	if s.misere {
		if i == 3 && partnerWins {
			return 300 + r // his side takes it anyway: unblock, the highest
		}
		if !beats {
			return 200 + r // duck with the highest card that ducks
		}
		return 100 + r // forced over: the highest
	}
	if beats && !partnerWins {
		return 200 - r // win as cheaply as possible
	}
	return 100 - r
}
