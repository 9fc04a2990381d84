package scoring

// Par under every code, from a deal's double-dummy table (TrickTable) and
// its four hands (honours and chicane follow from them).
//
// Rulings (README, "Double dummy and par"):
//
//   - Under the historical auction codes a contract is played by the
//     player of its side who first named its strain (seed 001 Law 46, seed
//     003 Law 47, seed 000 Law 34): who that is, is a move of the auction
//     (par_naming.go). Under contract-2017 it is by default that player
//     too, by the same game: the 2017 Laws' definition of declarer is the
//     same ("the player who, for the side that makes the final bid, first
//     bid the denomination named in the final bid", Definitions). With the
//     event's law option par_first_to_name off it is played by whichever
//     seat of its side takes more, as published par has it (DDS's, which
//     hand records print): the par score differs only where the seat decides
//     which side gets it, and the contract is listed at DDS's level. A
//     contract is doubled when it
//     fails: the opponents double a contract that goes down and never one
//     that makes, and a doubled declarer never redoubles a failing contract.
//     The score is the code's own (Rules.Score): trick values, honours and
//     chicane from the deal, slams, the duplicate game premium of LAWS.md.
//   - The auction codes (royal-auction-1913, auction-1915, royalton-1915,
//     contract-2017) are a game of perfect information: the two sides bid
//     in turn, each may overcall with any bid its code's order places higher
//     (Rules.Bids: seed 001 Law 44, seed 003 Law 45, seed 000 Law 32) or
//     pass; the last bid stands. The dealer's side bids first. Passing the
//     deal out scores 0 where a code allows it (auction-1915 Laws 42 and 44:
//     the dealer "must either pass or declare", and when all four pass
//     "the deal passes to the next player"; royalton-1915's "no bid";
//     contract-2017); under royal-auction-1913 the
//     dealer must declare, and the lone "one spade" at 2 is only his opening
//     (seed 001 Law 48), played by him.
//   - The Bridge codes (bridge, bridge-portland) have no auction: the
//     dealer's side names the trump (the dealer, or his partner when it is
//     left to him, seed 002) and the dealer plays it. The other side's
//     answer is to double when it will take the odd tricks (the side
//     winning them is the only one that gains by doubling, and the
//     declarer's side cannot redouble what was not doubled); Portland's 100
//     a trick is Rules.Score's own.
//   - Nullos are left out: DDS counts the most tricks a side can take, and a
//     nullo declarer wants the fewest. Par under a code with nullos is par
//     among its other strains, and says so (Par.NullosLeftOut).
//
// Par.Contracts are the final contracts reaching the par score that the
// other side cannot better by bidding on: the lowest of each strain (and
// royal or plain) for each side, with the seat that plays it when only one
// seat of the side reaches the score. Under the historical auction codes
// they are read off the game itself: every final contract that some line
// of best calls by both sides ends in, with the seat that named its strain
// (par_naming.go). That list is often lower than the backward search's
// (on 60 of DDS's 100 deals under auction-1915 it differs: "1S NS +1"
// where that gave "2S NS", since the other side's sacrifice above 1S would
// be outbid), the par scores the same on all 100.

// ParOf returns the deal's par under the rules: its double-dummy table, its
// four hands, the dealer and (contract-2017) the vulnerability.
func (r *Rules) ParOf(t *TrickTable, hands [4]Hand, dealer Seat, vul Vulnerability) (Par, error) {
	return r.parOfBids(t, hands, dealer, vul, 7)
}

// parOfBids is ParOf with bids of at most maxLevel odd tricks (the tests'
// small cases, where every auction can be tried).
func (r *Rules) parOfBids(t *TrickTable, hands [4]Hand, dealer Seat, vul Vulnerability, maxLevel int8) (Par, error) {
	switch {
	case r.Law.isBridge():
		return r.bridgePar(t, hands, dealer)
	case r.Law == Contract2017 && !r.Options.ParFirstToName:
		return r.auctionPar(t, hands, dealer, vul, maxLevel)
	}
	return r.namingPar(t, hands, dealer, vul, maxLevel)
}

// parPlay is one contract played to its double-dummy end by the better seat
// of a side: the NS score, and which of the side's seats reach it.
type parPlay struct {
	ns     int
	seats  [2]bool // the side's seats (Seat(side), Seat(side)+2) reaching ns
	tricks int     // the declarer's side's tricks
	double uint8
}

// better reports whether a is better than b for side x.
func better(x Side, a, b int) bool {
	if x == NS {
		return a > b
	}
	return a < b
}

// bestFor returns the better of a and b for side x.
func bestFor(x Side, a, b int) int {
	if better(x, a, b) {
		return a
	}
	return b
}

// play scores contract c for side x: each seat of x that may declare (only
// seat only, when set) plays it, doubled when it fails.
func (r *Rules) play(t *TrickTable, hands [4]Hand, c Contract, x Side, only *Seat, vul Vulnerability) (parPlay, error) {
	var out parPlay
	first := true
	holding := HoldingOf(hands, c.Strain)
	for k, seat := range [2]Seat{Seat(x), Seat(x) + 2} {
		if only != nil && seat != *only {
			continue
		}
		tricks, ok := t.Tricks(seat, c.Strain)
		if !ok {
			continue
		}
		played := c
		need := 6 + int(c.Level)
		if tricks < need {
			played.Doubles = 1
		}
		res := Result{Contract: played, Declarer: seat, Tricks: tricks, Holding: holding, Vulnerability: vul}
		sc, err := r.Score(&res)
		if err != nil {
			return out, err
		}
		ns := sc.NSScore()
		switch {
		case first || better(x, ns, out.ns):
			out = parPlay{ns: ns, tricks: tricks, double: played.Doubles}
			out.seats[k] = true
			first = false
		case ns == out.ns:
			out.seats[k] = true
		}
	}
	return out, nil
}

// auctionPar is par under an auction code: the bidding game of the rulings
// above, solved backwards from the highest bid.
func (r *Rules) auctionPar(t *TrickTable, hands [4]Hand, dealer Seat, vul Vulnerability, maxLevel int8) (Par, error) {
	var par Par
	bids := r.parBids(&par, maxLevel)
	n := len(bids)
	lone := func(i int) bool { return r.Law == RoyalAuction1913 && bids[i].Strain == Spades && bids[i].Level == 1 }
	plays := make([][2]parPlay, n)
	for i, b := range bids {
		for x := NS; x <= EW; x++ {
			var only *Seat
			if lone(i) {
				if dealer.Side() != x {
					continue
				}
				only = &dealer
			}
			p, err := r.play(t, hands, Contract{Level: b.Level, Strain: b.Strain, Royal: b.Royal}, x, only, vul)
			if err != nil {
				return par, err
			}
			plays[i][x] = p
		}
	}
	// f[i][x]: the NS score when side x has just bid bids[i] and the other
	// side is to call: it passes (the contract stands) or overcalls.
	f := make([][2]int, n)
	var above [2]int // the other side's best overcall of what is above i, for each bidder
	var any [2]bool
	for i := n - 1; i >= 0; i-- {
		for x := NS; x <= EW; x++ {
			y := 1 - x
			v := plays[i][x].ns
			if any[y] {
				v = bestFor(y, v, above[y])
			}
			f[i][x] = v
		}
		for y := NS; y <= EW; y++ {
			if lone(i) {
				continue // never an overcall
			}
			if !any[y] {
				above[y], any[y] = f[i][y], true
			} else {
				above[y] = bestFor(y, above[y], f[i][y])
			}
		}
	}
	// The openings: the best first bid of each side.
	d, o := dealer.Side(), 1-dealer.Side()
	open := func(x Side) (int, bool) {
		v, ok := 0, false
		for i := range bids {
			if lone(i) && (x != d) {
				continue
			}
			if !ok || better(x, f[i][x], v) {
				v, ok = f[i][x], true
			}
		}
		return v, ok
	}
	fd, _ := open(d)
	fo, _ := open(o)
	if r.Law == RoyalAuction1913 {
		par.NSScore = fd // the dealer must declare
	} else {
		// Dealer, then each other seat in turn, may open; four passes: 0.
		v := bestFor(o, fo, 0)
		v = bestFor(d, fd, v)
		v = bestFor(o, fo, v)
		par.NSScore = bestFor(d, fd, v)
	}
	// The contracts: final, reaching par, with no overcall the other side
	// would rather play (doubled when it fails) than defend it; the lowest
	// of each strain for each side, the highest bid first.
	type key struct {
		strain Strain
		royal  bool
		side   Side
	}
	seen := map[key]bool{}
	var sacrifice [2]int // the other side's best play of a bid above i, for each of its sides
	var sacrificed [2]bool
	var found []ParContract
	for i := n - 1; i >= 0; i-- {
		b := bids[i]
		for x := NS; x <= EW; x++ {
			p := plays[i][x]
			y := 1 - x
			if lone(i) && x != d || p.ns != par.NSScore || f[i][x] != par.NSScore || sacrificed[y] && better(y, sacrifice[y], p.ns) {
				continue
			}
			found = append(found, parContract(b, x, p))
		}
		for y := NS; y <= EW; y++ {
			if lone(i) {
				continue
			}
			if !sacrificed[y] || better(y, plays[i][y].ns, sacrifice[y]) {
				sacrifice[y], sacrificed[y] = plays[i][y].ns, true
			}
		}
	}
	// found runs from the highest bid down: keep the last (lowest) of each
	// strain, in that order.
	for k := len(found) - 1; k >= 0; k-- {
		c := found[k]
		key := key{c.Contract.Strain, c.Contract.Royal, c.Side}
		if seen[key] {
			found[k].Contract.Level = 0 // a higher one of a strain already kept
			continue
		}
		seen[key] = true
	}
	for _, c := range found {
		if c.Contract.Level != 0 {
			par.Contracts = append(par.Contracts, c)
		}
	}
	return par, nil
}

// parBids lists the code's bids up to maxLevel but nullos, and notes in
// par that nullos are left out.
func (r *Rules) parBids(par *Par, maxLevel int8) []Bid {
	var bids []Bid
	for _, b := range r.Bids() {
		if b.Strain == Nullo {
			par.NullosLeftOut = true
			continue
		}
		if b.Level <= maxLevel {
			bids = append(bids, b)
		}
	}
	return bids
}

// parContract is bid b played by side x as p.
func parContract(b Bid, x Side, p parPlay) ParContract {
	pc := ParContract{Contract: Contract{Level: b.Level, Strain: b.Strain, Royal: b.Royal, Doubles: p.double}, Side: x,
		Result: p.tricks - 6 - int(b.Level)}
	if !p.seats[0] || !p.seats[1] {
		pc.OneSeat = true
		pc.Seat = Seat(x)
		if p.seats[1] {
			pc.Seat = Seat(x) + 2
		}
	}
	return pc
}

// bridgePar is par under a Bridge code: the dealer's side names the strain
// that scores best for it, the dealer plays it, the other side doubles when
// it takes the odd tricks.
func (r *Rules) bridgePar(t *TrickTable, hands [4]Hand, dealer Seat) (Par, error) {
	var par Par
	d := dealer.Side()
	first := true
	type option struct {
		c      Contract
		ns     int
		tricks int
	}
	var options []option
	for _, s := range r.strains() {
		tricks, ok := t.Tricks(dealer, s)
		if !ok {
			continue
		}
		c := Contract{Strain: s}
		if tricks < 7 {
			c.Doubles = 1
		}
		res := Result{Contract: c, Declarer: dealer, Tricks: tricks, Holding: HoldingOf(hands, s)}
		sc, err := r.Score(&res)
		if err != nil {
			return par, err
		}
		ns := sc.NSScore()
		options = append(options, option{c, ns, tricks})
		if first || better(d, ns, par.NSScore) {
			par.NSScore, first = ns, false
		}
	}
	for _, o := range options {
		if o.ns == par.NSScore {
			par.Contracts = append(par.Contracts, ParContract{Contract: o.c, Side: d, Seat: dealer, OneSeat: true, Result: o.tricks - 6})
		}
	}
	return par, nil
}
