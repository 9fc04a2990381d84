package reports

import (
	"math"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestDealtReport tallies three made-up trick tables (the tally reads the
// table only) against the author's game at 40 (seed 000: "each and every
// set of four hands contains a declaration from which four tricks or more
// odd can be made"; four odd is ten tricks). Deal 1: North takes 10 at
// spades (counted: spades). Deal 2: at most 9 anywhere (not counted).
// Deal 3: East and West both take 10 at no-trump and South 11 at clubs
// (counted once: no-trump and clubs each once). So 2 of 3 deals; clubs 1,
// diamonds 0, hearts 0, spades 1, no-trump 1. Par under contract-2017: 420,
// -100, and passed out (0, no contract): mean |par| (420+100+0)/3 =
// 173.33; the mean 320/3 = 106.67, the variance ((313.33)² + (-206.67)² +
// (-106.67)²)/3 = (98177.8 + 42711.1 + 11377.8)/3 = 50755.6.
func TestDealtReport(t *testing.T) {
	var t1, t2, t3 scoring.TrickTable
	for seat := range 4 {
		for k := range 5 {
			t1[seat][k], t2[seat][k], t3[seat][k] = 6, 9, 3
		}
	}
	t1[scoring.North][scoring.Spades] = 10
	t3[scoring.East][scoring.NoTrump], t3[scoring.West][scoring.NoTrump] = 10, 10
	t3[scoring.South][scoring.Clubs] = 11
	par := func(ns int, contracts int) []tournament.LawPar {
		p := scoring.Par{NSScore: ns}
		for range contracts {
			p.Contracts = append(p.Contracts, scoring.ParContract{Contract: scoring.Contract{Level: 4, Strain: scoring.Spades}})
		}
		return []tournament.LawPar{{Law: scoring.Contract2017, Par: p}}
	}
	rep := MakeDealtReport([]tournament.Analysis{
		{Board: 1, Tricks: t1, Par: par(420, 1)},
		{Board: 2, Tricks: t2, Par: par(-100, 1)},
		{Board: 3, Tricks: t3, Par: par(0, 0)},
	})
	if rep.Deals != 3 || rep.GameAt40 != 2 || rep.ByStrain != [5]int{1, 0, 0, 1, 1} {
		t.Fatalf("%d deals, %d at game, by strain %v; want 3, 2, [1 0 0 1 1]", rep.Deals, rep.GameAt40, rep.ByStrain)
	}
	if len(rep.Codes) != 1 {
		t.Fatalf("codes %+v", rep.Codes)
	}
	c := rep.Codes[0]
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.1 }
	if c.Law != "contract-2017" || c.PassedOut != 1 || !near(c.MeanAbsPar, 173.33) || !near(c.ParSpread, 50755.6) {
		t.Errorf("contract-2017: %+v", c)
	}
}
