package reports

import (
	"fmt"
	"math"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// DealtReport is the Royalton author's case for game at 40 (seed 000: "each
// and every set of four hands contains a declaration from which four tricks
// or more odd can be made", and summary point 17; Law 84, game is 40),
// tested by double dummy on dealt boards: how many of them hold a
// declaration, in some strain by some seat, taking ten tricks (six and
// four odd), nullos left out (double dummy counts the most tricks a side
// can take, and a nullo declarer wants the fewest); the same per strain;
// and par under every code on the same deals.
type DealtReport struct {
	Deals    int    // boards analysed
	GameAt40 int    // of them, those with a declaration making four odd tricks
	ByStrain [5]int // the same in each strain, clubs to no-trump (scoring.Clubs … scoring.NoTrump)
	Codes    []DealtPar
}

// DealtPar is par under one code over the dealt boards.
type DealtPar struct {
	Law           string
	NullosLeftOut bool
	PassedOut     int     // deals whose par is no contract (all pass)
	MeanAbsPar    float64 // the mean of |par|, in the code's points
	ParSpread     float64 // the variance of par: the spread the cards make
}

// MakeDealtReport tallies the analyses of dealt boards (tournament.Analyse,
// every code asked for).
func MakeDealtReport(analyses []tournament.Analysis) DealtReport {
	rep := DealtReport{Deals: len(analyses)}
	type acc struct {
		law    scoring.Law
		nullos bool
		passed int
		pars   []float64
	}
	var codes []*acc
	byLaw := map[scoring.Law]*acc{}
	for _, a := range analyses {
		game := false
		for s := scoring.Clubs; s <= scoring.NoTrump; s++ {
			for seat := scoring.North; seat <= scoring.West; seat++ {
				if tricks, _ := a.Tricks.Tricks(seat, s); tricks >= 10 {
					rep.ByStrain[s]++
					game = true
					break
				}
			}
		}
		if game {
			rep.GameAt40++
		}
		for _, lp := range a.Par {
			c := byLaw[lp.Law]
			if c == nil {
				c = &acc{law: lp.Law}
				byLaw[lp.Law] = c
				codes = append(codes, c)
			}
			c.nullos = c.nullos || lp.Par.NullosLeftOut
			if lp.Par.NSScore == 0 && len(lp.Par.Contracts) == 0 {
				c.passed++
			}
			c.pars = append(c.pars, float64(lp.Par.NSScore))
		}
	}
	for _, c := range codes {
		dp := DealtPar{Law: c.law.String(), NullosLeftOut: c.nullos, PassedOut: c.passed, ParSpread: variance(c.pars)}
		for _, p := range c.pars {
			dp.MeanAbsPar += math.Abs(p)
		}
		if len(c.pars) > 0 {
			dp.MeanAbsPar /= float64(len(c.pars))
		}
		rep.Codes = append(rep.Codes, dp)
	}
	return rep
}

// share is n of the report's deals as a percentage text.
func (r DealtReport) share(n int) string {
	if r.Deals == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(r.Deals))
}

// Text lays the report out for text.
func (r DealtReport) Text() []TextPart {
	strains := &Sheet{Header: []string{"declaration", "deals", "share"}}
	strains.Rows = append(strains.Rows, []any{"any strain (game at 40)", r.GameAt40, r.share(r.GameAt40)})
	for s := scoring.Clubs; s <= scoring.NoTrump; s++ {
		strains.Rows = append(strains.Rows, []any{s.String(), r.ByStrain[s], r.share(r.ByStrain[s])})
	}
	codes := &Sheet{Header: []string{"law code", "passed out at par", "mean |par|", "par's spread"}}
	for _, c := range r.Codes {
		name := CodePar{Law: c.Law, NullosLeftOut: c.NullosLeftOut}.Name()
		codes.Rows = append(codes.Rows, []any{name, c.PassedOut, fmt.Sprintf("%.1f", c.MeanAbsPar), fmt.Sprintf("%.0f", c.ParSpread)})
	}
	return []TextPart{
		{Lines: []string{"Royalton's game at 40 on " + strconv.Itoa(r.Deals) + " random deals, by double dummy (nullos left out):",
			"deals holding a declaration that makes four odd tricks (ten tricks), in any strain and in each", ""}, Table: strains, Right: true},
		{Lines: []string{"", "Par under every code on the same deals:"}, Table: codes, Right: true},
	}
}
