package scoring

import (
	"math"
	"sync"
)

// VPScale converts a team match's IMP margin to Victory Points out of its maximum (20, or 30 on
// the ACBL 30-VP scale).
type VPScale interface {
	// VP returns the VPs of a team that won a match of the given number of boards by margin IMPs
	// (negative: lost by); its opponents get Max − VP.
	VP(margin, boards int) float64
	// Max returns the VPs of a maximum win: the two teams' VPs in a match sum to it.
	Max() float64
}

// MaxVP is the VPs of a maximum win on the 20-VP scales.
const MaxVP = 20

// WBFContinuous is the WBF continuous 20-VP scale of 2013 ("The New WBF IMP to VP Scales",
// Technical Report of the WBF Scoring Panel — Bavin, Bethe, Bramley, Buchen — adopted for the
// 2013 Bali world championships; worldbridge.org). For a margin of I IMPs over N boards:
//
//	X = 15·√N (the blitz), τ = (√5 − 1)/2, VP = 10 + 10·(1 − τ^(3I/X)) / (1 − τ³), capped at 20,
//
// each value rounded to 2 decimals, and where that rounding makes an IMP worth more than the IMP
// before it (the scale must be concave: each extra IMP is worth no more than the previous one),
// the earlier value is raised by 0.01 until no such pair is left, as the report's tables do.
type WBFContinuous struct{}

// Max returns 20.
func (WBFContinuous) Max() float64 { return MaxVP }

// VP returns the winner's VPs for a margin of IMPs in a match of boards boards (see the type).
func (WBFContinuous) VP(margin, boards int) float64 {
	if margin < 0 {
		return MaxVP - WBFContinuous{}.VP(-margin, boards)
	}
	table := wbfTable(boards)
	if margin >= len(table) {
		return MaxVP
	}
	return float64(table[margin]) / 100
}

// wbfBlitz returns X = 15·√N, the margin that wins 20–0 on the continuous scale.
func wbfBlitz(boards int) float64 {
	if boards < 1 {
		boards = 1
	}
	return 15 * math.Sqrt(float64(boards))
}

// wbfRaw returns the unrounded continuous VP for a margin, before the cap.
func wbfRaw(margin int, blitz float64) float64 {
	tau := (math.Sqrt(5) - 1) / 2
	r := tau * tau * tau
	return 10 + 10*(1-math.Pow(r, float64(margin)/blitz))/(1-r)
}

// wbfTables holds the tables made so far, by number of boards; a table is never changed.
var wbfTables sync.Map

// wbfTable returns the continuous scale in hundredths of a VP for the margins 0 up to the
// blitz (20.00): rounded, then made concave as the WBF report does.
func wbfTable(boards int) []int {
	boards = max(boards, 1)
	if t, ok := wbfTables.Load(boards); ok {
		return t.([]int)
	}
	t, _ := wbfTables.LoadOrStore(boards, makeWBFTable(boards))
	return t.([]int)
}

// makeWBFTable computes the table wbfTable returns.
func makeWBFTable(boards int) []int {
	blitz := wbfBlitz(boards)
	n := int(math.Ceil(blitz))
	table := make([]int, n+1)
	for i := range table {
		v := wbfRaw(i, blitz)
		table[i] = min(int(math.Floor(v*100+0.5)), MaxVP*100)
	}
	for j := 2; j < len(table); {
		if table[j]-table[j-1] > table[j-1]-table[j-2] {
			table[j-1]++
			j = max(2, j-1)
			continue
		}
		j++
	}
	return table
}
