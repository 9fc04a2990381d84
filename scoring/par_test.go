package scoring_test

import (
	"math/rand/v2"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// randomDeal deals 52 cards at random into four hands of 13.
func randomDeal(rng *rand.Rand) [4]scoring.Hand {
	cards := rng.Perm(52)
	var hands [4]scoring.Hand
	for i, c := range cards {
		hands[i/13] |= 1 << uint(c)
	}
	return hands
}

// randomTable is a trick table for the search: the search takes any table,
// so every entry is drawn from 0 to 13, the partners' often alike (as a
// real deal's mostly are) so that the seat a side chooses matters and
// ties happen.
func randomTable(rng *rand.Rand) scoring.TrickTable {
	var t scoring.TrickTable
	for seat := range 4 {
		for k := range 5 {
			if seat >= 2 && rng.IntN(2) == 0 {
				t[seat][k] = t[seat-2][k]
				continue
			}
			t[seat][k] = uint8(rng.IntN(14))
		}
	}
	return t
}

// bruteAuction plays out every auction of four seats in turn from the
// dealer: each may pass or make any bid of at most maxLevel the code places
// higher (the lone 1913 spade only as the dealer's opening); three passes
// after a bid end it, four at the start pass the deal out (not under
// royal-auction-1913, whose dealer must bid). The final contract is played
// doubled when it fails, scored by Rules.Score — an independent reckoning
// of every contract — by the player of its side who first named its strain
// (seed 001 Law 46, seed 003 Law 47, seed 000 Law 34), or under
// contract-2017 by the better seat of the side, as published par has it
// (ParOf's rulings), unless its option par_first_to_name is on. Every auction is remembered in full: the last bid and
// its bidder, the seat to call, the passes, and who of each side named
// each strain first. It returns the NS score of best calls by both sides.
func bruteAuction(t *testing.T, r *scoring.Rules, table *scoring.TrickTable, hands [4]scoring.Hand, dealer scoring.Seat, vul scoring.Vulnerability, maxLevel int8) int {
	var bids []scoring.Bid
	for _, b := range r.Bids() {
		if b.Strain != scoring.Nullo && b.Level <= maxLevel {
			bids = append(bids, b)
		}
	}
	// published: contract-2017's better seat, unless its option
	// par_first_to_name says the first of the side to name the strain
	published := r.Law == scoring.Contract2017 && !r.Options.ParFirstToName
	lone := func(i int) bool {
		return r.Law == scoring.RoyalAuction1913 && bids[i].Strain == scoring.Spades && bids[i].Level == 1
	}
	// score of bid i played by seat
	score := func(i int, seat scoring.Seat) int {
		b := bids[i]
		tricks, _ := table.Tricks(seat, b.Strain)
		c := scoring.Contract{Level: b.Level, Strain: b.Strain, Royal: b.Royal}
		if tricks < 6+int(b.Level) {
			c.Doubles = 1
		}
		res := scoring.Result{Contract: c, Declarer: seat, Tricks: tricks, Holding: scoring.HoldingOf(hands, b.Strain), Vulnerability: vul}
		sc, err := r.Score(&res)
		if err != nil {
			t.Fatalf("%s %s by %s: %v", r.Law, c, seat, err)
		}
		return sc.NSScore()
	}
	type state struct {
		last   int // index of the last bid, -1 none
		bidder scoring.Seat
		toMove scoring.Seat
		passes int
		named  [2][8]int8 // the seat + 1 of each side that first named each strain, 0 none
	}
	final := func(s state) int {
		x := s.bidder.Side()
		if published {
			a, b := score(s.last, scoring.Seat(x)), score(s.last, scoring.Seat(x)+2)
			if (x == scoring.NS) == (a > b) {
				return a
			}
			return b
		}
		return score(s.last, scoring.Seat(s.named[x][bids[s.last].Strain]-1))
	}
	memo := map[state]int{}
	var value func(s state) int
	value = func(s state) int {
		if s.last >= 0 && s.passes == 3 {
			return final(s)
		}
		if s.last < 0 && s.passes == 4 {
			return 0
		}
		if v, ok := memo[s]; ok {
			return v
		}
		side := s.toMove.Side()
		next := (s.toMove + 1) & 3
		best, first := 0, true
		consider := func(v int) {
			if first || (side == scoring.NS && v > best) || (side == scoring.EW && v < best) {
				best, first = v, false
			}
		}
		mustBid := r.Law == scoring.RoyalAuction1913 && s.last < 0 && s.toMove == dealer
		if !mustBid {
			p := s
			p.toMove, p.passes = next, s.passes+1
			consider(value(p))
		}
		for j := s.last + 1; j < len(bids); j++ {
			if lone(j) && !(s.last < 0 && s.toMove == dealer && s.passes == 0) {
				continue
			}
			b := s
			b.last, b.bidder, b.toMove, b.passes = j, s.toMove, next, 0
			if !published && b.named[side][bids[j].Strain] == 0 {
				b.named[side][bids[j].Strain] = int8(s.toMove) + 1
			}
			consider(value(b))
		}
		memo[s] = best
		return best
	}
	return value(state{last: -1, toMove: dealer})
}

// bruteBridge tries every strain the dealer may name, with every sequence
// of doublings the sides may make (the other side doubles, the dealer's
// re-doubles, and so on, up to six or as far as Portland's limit lets),
// each side choosing what is best for it.
func bruteBridge(t *testing.T, r *scoring.Rules, table *scoring.TrickTable, hands [4]scoring.Hand, dealer scoring.Seat) int {
	d := dealer.Side()
	best, first := 0, true
	for _, s := range r.Strains() {
		tricks, _ := table.Tricks(dealer, s)
		var doubling func(n uint8) int
		doubling = func(n uint8) int {
			res := scoring.Result{Contract: scoring.Contract{Strain: s, Doubles: n}, Declarer: dealer, Tricks: tricks, Holding: scoring.HoldingOf(hands, s)}
			sc, err := r.Score(&res)
			if err != nil {
				t.Fatalf("%s %s: %v", r.Law, res.Contract, err)
			}
			stop := sc.NSScore()
			further := scoring.Result{Contract: scoring.Contract{Strain: s, Doubles: n + 1}, Declarer: dealer, Tricks: tricks, Holding: res.Holding}
			if n == 6 || r.Check(&further) != nil { // Portland: no doubling past 100 a trick
				return stop
			}
			// the side to double: the other side first, then in turn
			doubler := 1 - d
			if n%2 == 1 {
				doubler = d
			}
			on := doubling(n + 1)
			if (doubler == scoring.NS && on > stop) || (doubler == scoring.EW && on < stop) {
				return on
			}
			return stop
		}
		v := doubling(0)
		if first || (d == scoring.NS && v > best) || (d == scoring.EW && v < best) {
			best, first = v, false
		}
	}
	return best
}

// TestParAgainstBruteForce: on random deals and tables, under every code,
// par is the score of best play found by trying every auction (the auction
// codes) or every declaration and doubling (the Bridge codes), and every
// par contract, scored again by the seat that plays it, makes that score.
// Under the historical auction codes, whose declarer first named the strain,
// the search that remembers every auction in full is exponential, so the
// deals are bid up to one odd trick (ParOfBids; up to 10 bids, and every
// seat may name each strain first) — the same game, every call of it tried
// — and TestParFirstToNameTheStrain checks the whole bidding on a table
// worked by hand.
//
// contract-2017 is tried twice: by default (its option par_first_to_name
// on), where its par is the historical codes' game (par_naming.go) and is
// bid up to one odd trick like theirs, and with the option off, as
// published par has it (the better seat, bids to seven).
func TestParAgainstBruteForce(t *testing.T) {
	variants := make([]scoring.Rules, 0, len(scoring.Laws)+1)
	for _, law := range scoring.Laws {
		variants = append(variants, scoring.NewRules(law))
	}
	published := scoring.NewRules(scoring.Contract2017)
	if err := published.Options.SetBool(scoring.Contract2017, "par_first_to_name", false); err != nil {
		t.Fatal(err)
	}
	variants = append(variants, published)
	for _, rules := range variants {
		law := rules.Law
		published := law == scoring.Contract2017 && !rules.Options.ParFirstToName
		seed := uint64(law)
		if law == scoring.Contract2017 && rules.Options.ParFirstToName {
			seed += 100 // deals of its own; the published variant keeps law's
		}
		rng := rand.New(rand.NewPCG(16, seed))
		deals := 300
		if !published && law != scoring.Bridge && law != scoring.BridgePortland {
			deals = 24 // the full search takes up to 2 s a deal
		}
		if testing.Short() {
			deals /= 8
		}
		for n := range deals {
			hands := randomDeal(rng)
			table := randomTable(rng)
			dealer := scoring.Seat(rng.IntN(4))
			vul := scoring.Vulnerability(rng.IntN(4))
			maxLevel := int8(7)
			if !published {
				maxLevel = 1
			}
			par, err := scoring.ParOfBids(&rules, &table, hands, dealer, vul, maxLevel)
			if err != nil {
				t.Fatalf("%s deal %d: %v", law, n, err)
			}
			var want int
			if law == scoring.Bridge || law == scoring.BridgePortland {
				want = bruteBridge(t, &rules, &table, hands, dealer)
			} else {
				want = bruteAuction(t, &rules, &table, hands, dealer, vul, maxLevel)
			}
			if par.NSScore != want {
				t.Fatalf("%s deal %d (dealer %s, %s, bids to %d): par %d %v, brute force %d", law, n, dealer, vul, maxLevel, par.NSScore, par.Contracts, want)
			}
			if len(par.Contracts) == 0 && par.NSScore != 0 {
				t.Fatalf("%s deal %d: par %d with no contract", law, n, par.NSScore)
			}
			for _, c := range par.Contracts {
				seats := []scoring.Seat{scoring.Seat(c.Side), scoring.Seat(c.Side) + 2}
				if c.OneSeat {
					seats = []scoring.Seat{c.Seat}
				}
				for _, seat := range seats {
					tricks, _ := table.Tricks(seat, c.Contract.Strain)
					res := scoring.Result{Contract: c.Contract, Declarer: seat, Tricks: tricks, Holding: scoring.HoldingOf(hands, c.Contract.Strain), Vulnerability: vul}
					sc, err := rules.Score(&res)
					if err != nil || sc.NSScore() != par.NSScore {
						t.Fatalf("%s deal %d: par contract %s by %s scores %d (%v), par %d", law, n, c, seat, sc.NSScore(), err, par.NSScore)
					}
				}
			}
			if par.NullosLeftOut != rules.HasNullo() {
				t.Errorf("%s: nullos left out %v, the code has nullos %v", law, par.NullosLeftOut, rules.HasNullo())
			}
		}
	}
}

// TestParFirstToNameTheStrain: the trick table — at no-trump North
// takes 6 tricks, East 7, South 7, West 6; in every other strain each seat
// 0, so nothing else is bid — North dealing, none vulnerable. Under
// auction-1915 East names no-trump before South can (North's 1NT fails by
// one, doubled), so East plays 1NT, EW +10 for the trick (seed 003: no
// trump 10 a trick; the aces split, seed 003's honours: the hands below
// hold none in a strain that would count, see the deal). Under
// contract-2017, by default (its option par_first_to_name on), the 2017
// Laws' own declarer (Definitions: "the player who, for the side that
// makes the final bid, first bid the denomination named in the final bid")
// plays it, as under the historical codes: East names no-trump before
// South can, and North's 1NT fails by one doubled (−100 none vulnerable,
// Law 77), so par is EW +90, 1NT by East (40 + 50 part-score bonus). With
// the option off par is the side's better seat, as published (DDS) par
// has it: NS +90, 1NT by South.
func TestParFirstToNameTheStrain(t *testing.T) {
	var table scoring.TrickTable
	table[scoring.North][scoring.NoTrump] = 6
	table[scoring.East][scoring.NoTrump] = 7
	table[scoring.South][scoring.NoTrump] = 7
	table[scoring.West][scoring.NoTrump] = 6
	// every suit contract fails badly for both sides: no suit is bid
	var hands [4]scoring.Hand
	for c := range 52 { // each hand one ace (cards dealt round): the aces split 2–2, no honours at no-trump
		hands[c%4] |= 1 << uint(c)
	}
	for _, c := range []struct {
		law       scoring.Law
		published bool // contract-2017's option par_first_to_name off
		par       int
		want      string
	}{
		// contract-2017 none vulnerable: 1NT = 40 + 50 = 90 (Law 77).
		{scoring.Contract2017, false, -90, "1NT E"},
		{scoring.Contract2017, true, 90, "1NT S"},
		{scoring.Auction1915, false, -10, "1NT E"},
		// royalton-1915 (seed 000 Law 32): a royal bid outranks the plain
		// one of the same number, so a plain 1NT by East would let South
		// name no-trump royal and play it (+10 for NS): East bids it royal.
		{scoring.Royalton1915, false, -10, "1NTR E"},
	} {
		rules := scoring.NewRules(c.law)
		if c.published {
			if err := rules.Options.SetBool(c.law, "par_first_to_name", false); err != nil {
				t.Fatal(err)
			}
		}
		par, err := rules.ParOf(&table, hands, scoring.North, scoring.VulNone)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, pc := range par.Contracts {
			got = append(got, pc.String())
		}
		if par.NSScore != c.par || len(got) != 1 || got[0] != c.want {
			t.Errorf("%s (published par %v): par %d %v, want %d [%s]", c.law, c.published, par.NSScore, got, c.par, c.want)
		}
	}
}

// TestParOnlyOneSideMakes: when North-South take all thirteen tricks in
// every strain and East-West none, par under contract-2017 is the grand
// slam worth most, 7NT, and no sacrifice pays.
func TestParOnlyOneSideMakes(t *testing.T) {
	// NS take 13 tricks in every strain from either seat; EW take none.
	var table scoring.TrickTable
	for k := range 5 {
		table[scoring.North][k], table[scoring.South][k] = 13, 13
	}
	var hands [4]scoring.Hand
	for c := range 52 { // cards dealt round: each hand a mix
		hands[c%4] |= 1 << uint(c)
	}
	// contract-2017, none vulnerable: 7NT by NS = 1520 (Law 77: 40+6×30
	// = 220, grand slam 1000, game 300).
	rules := scoring.NewRules(scoring.Contract2017)
	par, err := rules.ParOf(&table, hands, scoring.North, scoring.VulNone)
	if err != nil {
		t.Fatal(err)
	}
	if par.NSScore != 1520 || len(par.Contracts) != 1 || par.Contracts[0].String() != "7NT NS" {
		t.Fatalf("par %d %v, want 1520 [7NT NS]", par.NSScore, par.Contracts)
	}
}
