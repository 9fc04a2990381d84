package scoring

import "slices"

// Par under the historical auction codes (royal-auction-1913, auction-1915,
// royalton-1915), and contract-2017 unless its option par_first_to_name is
// off (the 2017 Laws' Definitions: declarer is "the player who, for the
// side that makes the final bid, first bid the denomination"), whose
// contract is played by the player of the side who
// first named its strain: seed 001 Law 46 (and Clark: "he plays the
// combined hands … unless he has raised the suit his partner first named.
// In that case the original bidder plays"), seed 003 Law 47, seed 000 Law
// 34. Which seat of a side plays is then a move of the auction, not the
// side's choice: with North dealing and no-trump worth 6 tricks to North, 7
// to East and South, 6 to West, East names no-trump before South can, and
// par is EW's 1NT by East, not NS's by South.
//
// The search is the auction game of ParOf's rulings (four seats in turn
// from the dealer, each passing or bidding higher; three passes after a bid
// end it; four at the start pass the deal out where the code allows it;
// the final contract doubled when it fails) solved depth-first with each
// state's value remembered. A state is the last bid, the seat to call, the
// passes since the last bid — the last bidder follows from them — and, for
// each side and strain, which of its seats named the strain first. Only
// where the side's two seats take different tricks in the strain does that
// matter (the score depends on the declarer's seat through his tricks
// alone: honours, chicane and vulnerability are the side's), so only those
// (side, strain) pairs are kept: with k of them the states are at most
// bids × 16 × 3^k, and on dealt cards partners mostly take the same tricks
// (k is 0 on 59 of DDS's 100 test deals, 1 on 27, at most 5). Each state
// weighs its bids in one step (bidsFrom). The test compares it with a
// search that keeps every pair and the last bidder (par_test.go);
// BENCHMARKS.md has its time a deal.

// namingGame is the auction game of one deal under a code whose declarer
// first named the strain.
type namingGame struct {
	r      *Rules
	bids   []Bid
	plays  [][4]parPlay // bid i played by each seat (doubled when it fails)
	slot   [2][numStrains]int8
	dealer Seat
	memo   map[uint64]int
}

// Keys of the memo: the last bid + 1, the seat to call, the passes, then two
// bits for each kept (side, strain): 0 not named, 1 named first by the
// side's first seat (N or E), 2 by its second (S or W).
const (
	keyLast   = 0
	keyToMove = 8
	keyPasses = 10
	keyFlags  = 13
)

// namingPar is par under a code whose declarer first named the strain.
func (r *Rules) namingPar(t *TrickTable, hands [4]Hand, dealer Seat, vul Vulnerability, maxLevel int8) (Par, error) {
	var par Par
	g := namingGame{r: r, bids: r.parBids(&par, maxLevel), dealer: dealer, memo: map[uint64]int{}}
	g.plays = make([][4]parPlay, len(g.bids))
	for i, b := range g.bids {
		for seat := North; seat <= West; seat++ {
			if g.lone(i) && seat != dealer {
				continue
			}
			only := seat
			p, err := r.play(t, hands, Contract{Level: b.Level, Strain: b.Strain, Royal: b.Royal}, seat.Side(), &only, vul)
			if err != nil {
				return par, err
			}
			g.plays[i][seat] = p
		}
	}
	next := int8(0)
	for x := NS; x <= EW; x++ {
		for s := range g.slot[x] {
			g.slot[x][s] = -1
			if Strain(s) == Nullo {
				continue
			}
			a, _ := t.Tricks(Seat(x), Strain(s))
			b, _ := t.Tricks(Seat(x)+2, Strain(s))
			if a != b {
				g.slot[x][s] = next
				next++
			}
		}
	}
	start := uint64(dealer) << keyToMove
	par.NSScore = g.value(start)
	// The contracts: every final contract some line of best calls by both
	// sides reaches, the lowest of each strain (royal or plain) for each
	// side, the highest bid first; a seat named when only it plays it.
	type final struct {
		bid  int
		side Side
	}
	reached := map[final]*[2]bool{}
	seen := map[uint64]bool{}
	var walk func(k uint64)
	walk = func(k uint64) {
		if seen[k] {
			return
		}
		seen[k] = true
		if last, done, decl := g.ended(k); done {
			if last >= 0 {
				f := final{last, decl.Side()}
				if reached[f] == nil {
					reached[f] = new([2]bool)
				}
				if g.slot[decl.Side()][g.bids[last].Strain] < 0 && !g.lone(last) {
					reached[f][0], reached[f][1] = true, true
				} else {
					reached[f][decl>>1] = true
				}
			}
			return
		}
		g.bestMoves(k, walk)
	}
	walk(start)
	finals := make([]final, 0, len(reached))
	for f := range reached {
		finals = append(finals, f)
	}
	slices.SortFunc(finals, func(a, b final) int {
		if a.bid != b.bid {
			return b.bid - a.bid
		}
		return int(a.side) - int(b.side)
	})
	type key struct {
		strain Strain
		royal  bool
		side   Side
	}
	lowest := map[key]int{}
	for _, f := range finals {
		lowest[key{g.bids[f.bid].Strain, g.bids[f.bid].Royal, f.side}] = f.bid // sorted highest first: the last is the lowest
	}
	for _, f := range finals {
		b := g.bids[f.bid]
		if lowest[key{b.Strain, b.Royal, f.side}] != f.bid {
			continue
		}
		seats := reached[f]
		k := 0
		if !seats[0] {
			k = 1
		}
		p := g.plays[f.bid][Seat(f.side)+Seat(2*k)]
		p.seats = *seats
		par.Contracts = append(par.Contracts, parContract(b, f.side, p))
	}
	return par, nil
}

// lone reports whether bid i is royal-auction-1913's lone "one spade", the
// dealer's opening only, played by him (seed 001 Law 48).
func (g *namingGame) lone(i int) bool {
	return g.r.Law == RoyalAuction1913 && g.bids[i].Strain == Spades && g.bids[i].Level == 1
}

// ended reports whether the auction of state k is over: the last bid (−1
// when passed out) and the seat that plays it.
func (g *namingGame) ended(k uint64) (int, bool, Seat) {
	last := int(k>>keyLast&0xff) - 1
	toMove := Seat(k >> keyToMove & 3)
	passes := int(k >> keyPasses & 7)
	switch {
	case last < 0 && passes == 4:
		return -1, true, 0
	case last >= 0 && passes == 3:
		if g.lone(last) {
			return last, true, g.dealer
		}
		x := toMove.Side() // three passes after the bid: the bidder is to call again
		decl := Seat(x)
		if s := g.slot[x][g.bids[last].Strain]; s >= 0 && k>>(keyFlags+2*uint(s))&3 == 2 {
			decl += 2
		}
		return last, true, decl
	}
	return 0, false, 0
}

// bestMoves calls f with each state a best call from state k leads to:
// passing when it keeps k's value, and each bid that does, found through
// bidsFrom so that the bids past the last good one are not tried.
func (g *namingGame) bestMoves(k uint64, f func(uint64)) {
	v := g.value(k)
	last := int(k>>keyLast&0xff) - 1
	toMove := Seat(k >> keyToMove & 3)
	passes := k >> keyPasses & 7
	flags := k >> keyFlags
	opening := last < 0 && passes == 0 && toMove == g.dealer
	if !(opening && g.r.Law == RoyalAuction1913) {
		if c := uint64(last+1)<<keyLast | uint64((toMove+1)&3)<<keyToMove | (passes+1)<<keyPasses | flags<<keyFlags; g.value(c) == v {
			f(c)
		}
	}
	if opening && len(g.bids) > 0 && g.lone(0) {
		if c := g.bid(0, toMove, flags); g.value(c) == v {
			f(c)
		}
	}
	for j := last + 1; j < len(g.bids) && g.bidsFrom(j, toMove, flags) == v; j++ {
		if c := g.bid(j, toMove, flags); !g.lone(j) && g.value(c) == v {
			f(c)
		}
	}
}

// value is the NS score of state k with best calls by both sides: the
// better of passing and the best bid (bidsFrom).
func (g *namingGame) value(k uint64) int {
	if last, done, decl := g.ended(k); done {
		if last < 0 {
			return 0
		}
		return g.plays[last][decl].ns
	}
	if v, ok := g.memo[k]; ok {
		return v
	}
	last := int(k>>keyLast&0xff) - 1
	toMove := Seat(k >> keyToMove & 3)
	passes := k >> keyPasses & 7
	flags := k >> keyFlags
	x := toMove.Side()
	opening := last < 0 && passes == 0 && toMove == g.dealer
	best, first := 0, true
	consider := func(v int) {
		if first || better(x, v, best) {
			best, first = v, false
		}
	}
	if !(opening && g.r.Law == RoyalAuction1913) {
		consider(g.value(uint64(last+1)<<keyLast | uint64((toMove+1)&3)<<keyToMove | (passes+1)<<keyPasses | flags<<keyFlags))
	}
	if opening && len(g.bids) > 0 && g.lone(0) {
		consider(g.value(g.bid(0, toMove, flags)))
	}
	if last+1 < len(g.bids) {
		consider(g.bidsFrom(last+1, toMove, flags))
	}
	g.memo[k] = best
	return best
}

// bidsFrom is the NS score of seat's best bid of bids[j:] (the lone spade
// left out) with the naming flags given: the better of bids[j] and the best
// of bids[j+1:], so that each state weighs its bids in one step.
func (g *namingGame) bidsFrom(j int, seat Seat, flags uint64) int {
	k := 1<<63 | uint64(j)<<keyLast | uint64(seat)<<keyToMove | flags<<keyFlags
	if v, ok := g.memo[k]; ok {
		return v
	}
	x := seat.Side()
	best, first := 0, true
	if !g.lone(j) {
		best, first = g.value(g.bid(j, seat, flags)), false
	}
	if j+1 < len(g.bids) {
		if v := g.bidsFrom(j+1, seat, flags); first || better(x, v, best) {
			best = v
		}
	}
	g.memo[k] = best
	return best
}

// bid is the state after seat bids bids[j] with the naming flags given.
func (g *namingGame) bid(j int, seat Seat, flags uint64) uint64 {
	if s := g.slot[seat.Side()][g.bids[j].Strain]; s >= 0 && flags>>(2*uint(s))&3 == 0 {
		flags |= uint64(1+seat>>1) << (2 * uint(s))
	}
	return uint64(j+1)<<keyLast | uint64((seat+1)&3)<<keyToMove | flags<<keyFlags
}
