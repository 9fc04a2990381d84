package scoring

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"
)

// minimaxNT is the plain game of no-trump play, written apart from the
// solver: every legal card tried at every turn, no pruning, no table, no
// run of touching cards skipped. It returns the tricks North-South take
// from the position (leader to lead to a new trick), North-South playing
// for most tricks (misere false) or for fewest (a nullo: misere true),
// East-West the opposite.
func minimaxNT(hands [4]Hand, leader Seat, misere bool) int {
	if hands[leader] == 0 {
		return 0
	}
	var rec func(i int, suit int, win Seat, best int) int
	rec = func(i int, suit int, win Seat, best int) int {
		if i == 4 {
			ns := 0
			if win.Side() == NS {
				ns = 1
			}
			return ns + minimaxNT(hands, win, misere)
		}
		p := (leader + Seat(i)) & 3
		legal := hands[p]
		if i > 0 && hands[p]&suitMask(Suit(suit)) != 0 {
			legal &= suitMask(Suit(suit))
		}
		wantsNS := (p.Side() == NS) != misere
		out := -1
		for m := uint64(legal); m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			hands[p] &^= Hand(1) << uint(c)
			var v int
			switch {
			case i == 0:
				v = rec(1, c/13, p, c)
			case c/13 == suit && c > best:
				v = rec(i+1, suit, p, c)
			default:
				v = rec(i+1, suit, win, best)
			}
			hands[p] |= Hand(1) << uint(c)
			if out < 0 || (wantsNS && v > out) || (!wantsNS && v < out) {
				out = v
			}
		}
		return out
	}
	return rec(0, 0, leader, 0)
}

// randomEnding deals n cards to each hand from the cards of the given
// suits (fewer suits: more following, deeper play).
func randomEnding(r *rand.Rand, n int, suits []Suit) [4]Hand {
	var pack []int
	for _, s := range suits {
		for rank := 0; rank < 13; rank++ {
			pack = append(pack, 13*int(s)+rank)
		}
	}
	r.Shuffle(len(pack), func(i, j int) { pack[i], pack[j] = pack[j], pack[i] })
	var h [4]Hand
	for i := 0; i < 4*n; i++ {
		h[i%4] |= Hand(1) << uint(pack[i])
	}
	return h
}

// TestDDSolverAgainstMinimax: the solver (transposition table, touching
// cards, ordering, null windows) agrees with the plain minimax on random
// endings of 1–5 cards a hand (580 endings, 4,640 positions) from every leader, in the nullo and in the
// normal no-trump game. The expected figures are minimaxNT's: the rules of
// play (follow suit, highest card of the suit led wins, the winner leads)
// and nothing else.
func TestDDSolverAgainstMinimax(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 1913))
	all := []Suit{SuitSpades, SuitHearts, SuitDiamonds, SuitClubs}
	type shape struct {
		cards, count int
		suits        []Suit
	}
	shapes := []shape{
		{1, 40, all}, {2, 100, all}, {3, 200, all}, {4, 60, all},
		{3, 100, all[:2]}, {4, 40, all[:2]}, {4, 30, all[:3]}, {5, 10, all[:2]},
	}
	positions := 0
	for _, sh := range shapes {
		for k := 0; k < sh.count; k++ {
			hands := randomEnding(r, sh.cards, sh.suits)
			for _, misere := range []bool{true, false} {
				s := newDDSolver(hands, misere, NulloBudget)
				for leader := North; leader <= West; leader++ {
					want := minimaxNT(hands, leader, misere)
					got, ok := s.value(leader)
					positions++
					if !ok || got != want {
						t.Fatalf("%v leader %s misere %v: solver %d (%v), minimax %d", hands, leader, misere, got, ok, want)
					}
				}
			}
		}
	}
	if positions < 1000 {
		t.Fatalf("only %d positions", positions)
	}
}

// rotate moves every hand one seat clockwise (North's hand to East).
func rotate(h [4]Hand) [4]Hand { return [4]Hand{h[3], h[0], h[1], h[2]} }

// swapSuits exchanges spades with clubs and hearts with diamonds.
func swapSuits(h Hand) Hand {
	var out Hand
	for s := 0; s < 4; s++ {
		out |= ((h >> (13 * uint(s))) & 0x1fff) << (13 * uint(3-s))
	}
	return out
}

// TestSolveNulloInvariants: on random 7-card endings (whole deals take
// seconds each: BENCHMARKS.md), turning the table a seat turns the nullo
// table a seat; renaming the suits changes nothing; and each declarer's
// tricks agree with the value searched from his left hand's lead by a
// fresh solver of the same game (the one transposition table SolveNullo
// shares between the four leads gives each what a solver of its own
// would).
func TestSolveNulloInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(1915, 28))
	all := []Suit{SuitSpades, SuitHearts, SuitDiamonds, SuitClubs}
	const n = 7
	for k := 0; k < 30; k++ {
		hands := randomEnding(r, n, all)
		tab, ok := SolveNullo(hands, NulloBudget)
		if !ok {
			t.Fatalf("%v: over budget", hands)
		}
		rot, ok := SolveNullo(rotate(hands), NulloBudget)
		if !ok || rot != (NulloTable{tab[3], tab[0], tab[1], tab[2]}) {
			t.Errorf("%v: %v, turned %v", hands, tab, rot)
		}
		var sw [4]Hand
		for i, h := range hands {
			sw[i] = swapSuits(h)
		}
		if got, ok := SolveNullo(sw, NulloBudget); !ok || got != tab {
			t.Errorf("%v: %v, suits renamed %v", hands, tab, got)
		}
		for decl := North; decl <= West; decl++ {
			ns, ok := newDDSolver(hands, true, NulloBudget).value(decl.Next())
			want := ns
			if decl.Side() == EW {
				want = n - ns
			}
			if !ok || tab.Tricks(decl) != want {
				t.Errorf("%v declarer %s: table %d, alone %d", hands, decl, tab.Tricks(decl), want)
			}
		}
	}
}

// TestSolveNulloLowCards works a whole deal by hand. North holds ♠8–2 and
// ♥7–2, South ♦8–2 and ♣7–2; East ♠A–9 and ♥A–8, West ♦A–9 and ♣A–8.
// Every East-West card outranks every North-South card of its suit, and in
// every suit one of East and West holds cards. A trick led by East or West
// holds an East-West card of the suit led, higher than any North-South card
// of it: East-West win it and lead again. So North-South never win a trick
// once East-West are on lead.
//
//   - Nullo by North (East leads) or South (West leads): East-West lead
//     throughout and North-South take 0 tricks: 7 odd tricks to the
//     opponents, the grand slam in nullo.
//   - Nullo by East (South leads) or West (North leads): the lead is a
//     diamond or club (South) or a spade or heart (North); West or East
//     follows with a higher card and wins; then East-West lead throughout:
//     East-West take all 13.
func TestSolveNulloLowCards(t *testing.T) {
	d, err := ParseDeal("deal", "N:8765432.765432.. AKQJT9.AKQJT98.. ..8765432.765432 ..AKQJT9.AKQJT98")
	if err != nil {
		t.Fatal(err)
	}
	got, ok := SolveNullo(d.Hands, NulloBudget)
	if want := (NulloTable{0, 13, 0, 13}); !ok || got != want {
		t.Errorf("got %v (%v), want %v", got, ok, want)
	}
}

// TestSolveNulloBudget: a budget too small to search a whole deal is said,
// not answered.
func TestSolveNulloBudget(t *testing.T) {
	d := RandomDeal(rand.New(rand.NewPCG(1, 2)))
	if _, ok := SolveNullo(d.Hands, 10); ok {
		t.Error("10 positions solved a whole deal")
	}
}

// BenchmarkSolveNulloEndings solves random endings of 6 to 12 cards a hand
// (the four leads, one shared table) and reports the positions searched
// (positions/op): how the search grows with the cards left.
func BenchmarkSolveNulloEndings(b *testing.B) {
	all := []Suit{SuitSpades, SuitHearts, SuitDiamonds, SuitClubs}
	for _, n := range []int{6, 8, 10, 11, 12} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(7, uint64(n)))
			nodes := 0
			for i := 0; i < b.N; i++ {
				s := newDDSolver(randomEnding(r, n, all), true, NulloBudget)
				for l := North; l <= West; l++ {
					s.value(l)
				}
				nodes += s.nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "positions/op")
		})
	}
}

// TestNulloSolverQuestions: the questions the declaration report asks
// (AtMost: is the nullo's declarer held to t tricks or fewer; TricksUpTo:
// his tricks, none counted above most) agree with the plain minimax
// (minimaxNT, the declarer's left hand leading: the declarer's tricks are
// North-South's when he is North or South, the rest when East or West) on
// 81 random endings of 2–5 cards a hand, every declarer and every t, asked in
// turn of one solver (its table and its settled bounds shared), then its
// count up to every cap.
func TestNulloSolverQuestions(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 43))
	all := []Suit{SuitSpades, SuitHearts, SuitDiamonds, SuitClubs}
	asked := 0
	for _, n := range []int{2, 3, 4, 5} {
		count := 25
		if n == 5 {
			count = 6 // the minimax of five cards a hand is slow
		}
		for k := 0; k < count; k++ {
			hands := randomEnding(r, n, all[:2+k%3])
			s := NewNulloSolver(hands, NulloBudget)
			var want [4]int
			for d := North; d <= West; d++ {
				ns := minimaxNT(hands, d.Next(), true)
				want[d] = ns
				if d.Side() == EW {
					want[d] = n - ns
				}
				// Thresholds from the top down and up again: bounds
				// settled by one answer serve the next.
				for _, t0 := range []int{n, n - 1, 1, n / 2, 0, n - 2} {
					t0 = max(0, t0)
					yes, known := s.AtMost(d, t0)
					asked++
					if !known || yes != (want[d] <= t0) {
						t.Fatalf("%v declarer %s: at most %d said %v (%v); minimax %d", hands, d, t0, yes, known, want[d])
					}
				}
			}
			for d := North; d <= West; d++ {
				for most := 0; most <= n; most++ {
					got, ok := s.TricksUpTo(d, most)
					asked++
					if !ok || got != min(want[d], most) {
						t.Fatalf("%v declarer %s: up to %d said %d (%v); minimax %d", hands, d, most, got, ok, want[d])
					}
				}
				if got, ok := s.Tricks(d); !ok || got != want[d] {
					t.Fatalf("%v declarer %s: %d (%v); minimax %d", hands, d, got, ok, want[d])
				}
			}
		}
	}
	if asked < 1000 {
		t.Fatalf("only %d questions", asked)
	}
}

// TestDDSolverSureTricks checks the solver's bounds at a trick's start
// against the plain minimax: when the leader's side holds only cards
// higher than every card of their suits the other side holds (masters),
// or the leader holds in each of his suits its highest cards left (tops),
// the leader's side takes every trick left, in the nullo and in the
// normal game (the rules of play alone decide it); and in the nullo, when
// the other side holds only masters and the leader a card of a suit it
// holds, the side on lead takes nothing (it leads into that suit, the
// other side must win the trick and then wins every trick). Random endings
// of 1–4 cards a hand in two or three suits, every leader; at least 100
// positions where each bound holds.
func TestDDSolverSureTricks(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 28))
	all := []Suit{SuitSpades, SuitHearts, SuitDiamonds, SuitClubs}
	hits, intoHits := 0, 0
	for k := 0; k < 600; k++ {
		n := 1 + k%4
		hands := randomEnding(r, n, all[:2+k%2])
		s := newDDSolver(hands, true, NulloBudget)
		for leader := North; leader <= West; leader++ {
			if !s.masters(leader.Side()) && !s.tops(leader) {
				continue
			}
			hits++
			for _, misere := range []bool{true, false} {
				ns := minimaxNT(hands, leader, misere)
				want := 0
				if leader.Side() == NS {
					want = n
				}
				if ns != want {
					t.Fatalf("%v leader %s misere %v: minimax %d, the bound says %d", hands, leader, misere, ns, want)
				}
				if got, ok := newDDSolver(hands, misere, NulloBudget).value(leader); !ok || got != want {
					t.Fatalf("%v leader %s misere %v: solver %d", hands, leader, misere, got)
				}
			}
		}
		// In the nullo: the other side holding only masters of the suits
		// it holds, a leader holding one of those suits leads into it and
		// his side takes nothing.
		for leader := North; leader <= West; leader++ {
			if !s.masters(1-leader.Side()) || !s.leadsInto(leader) {
				continue
			}
			intoHits++
			want := n
			if leader.Side() == NS {
				want = 0
			}
			if ns := minimaxNT(hands, leader, true); ns != want {
				t.Fatalf("%v leader %s: minimax %d, leading into the masters says %d", hands, leader, ns, want)
			}
		}
	}
	if hits < 100 || intoHits < 100 {
		t.Fatalf("only %d and %d positions where a bound holds", hits, intoHits)
	}
}

// TestDDSolverPartitionAgainstWhole: the table matched by partition search
// (only the cards an answer depended on) gives every value a table matched
// on every card gives (whole: the search as it was before partition
// search, itself checked against the plain minimax above), on 64 random
// endings of 4–7 cards a hand in two to four suits, every leader, in the
// nullo and the normal no-trump game, one table shared by the four leads
// as SolveNullo shares it; and on the endings of 4 cards, against the
// minimax itself. It also checks that the partition finds answers in
// fewer positions than the whole table (the point of it).
func TestDDSolverPartitionAgainstWhole(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	all := []Suit{SuitSpades, SuitHearts, SuitDiamonds, SuitClubs}
	part, whole := 0, 0
	for k := 0; k < 64; k++ {
		n := 4 + k%4
		suits := 2 + k%3
		if 4*n > 13*suits {
			suits = 4
		}
		hands := randomEnding(r, n, all[:suits])
		for _, misere := range []bool{true, false} {
			a := newDDSolver(hands, misere, NulloBudget)
			b := newDDSolver(hands, misere, NulloBudget)
			b.whole = true
			for l := North; l <= West; l++ {
				x, okx := a.value(l)
				y, oky := b.value(l)
				if !okx || !oky || x != y {
					t.Fatalf("%v leader %s misere %v: partition %d, whole %d", hands, l, misere, x, y)
				}
				if n == 4 {
					if m := minimaxNT(hands, l, misere); x != m {
						t.Fatalf("%v leader %s misere %v: partition %d, minimax %d", hands, l, misere, x, m)
					}
				}
			}
			part += a.nodes
			whole += b.nodes
		}
	}
	if part >= whole {
		t.Errorf("partition searched %d positions, the whole table %d", part, whole)
	}
	t.Logf("positions: partition %d, whole table %d", part, whole)
}

// TestSolveNulloContext: a context ended gives up the search, said as a
// budget spent is.
func TestSolveNulloContext(t *testing.T) {
	d := RandomDeal(rand.New(rand.NewPCG(1, 2)))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok := SolveNulloContext(ctx, d.Hands, NulloBudget); ok {
		t.Error("a cancelled search solved a whole deal")
	}
}
