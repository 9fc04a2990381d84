package reports

import (
	"math"
	"slices"
)

// SignedRank is the Wilcoxon signed-rank test of paired differences (one
// difference a board): are the differences centred on zero, or does one
// side of the pairs tend to be larger? Zero differences are dropped
// (Wilcoxon's own rule); the others are ranked by size, ties sharing the
// mean of their ranks, and W+ is the sum of the ranks of the positive
// differences. Under the hypothesis that neither side tends to be larger
// each difference is as likely positive as negative, and P is the
// two-sided chance of a W+ at least as far from its mean n(n+1)/4 as the
// one seen. It is counted exactly over the 2^n sign patterns for up to
// maxExactSignedRank differences (ties included: the midranks, doubled,
// are whole numbers), and by the normal approximation with the tie
// correction and a continuity correction of ½ above.
type SignedRank struct {
	N      int     // non-zero differences: the boards that count
	Zeros  int     // zero differences, dropped
	Plus   int     // positive differences
	Minus  int     // negative differences
	WPlus  float64 // the sum of the ranks of the positive differences
	WMinus float64 // the sum of the ranks of the negative differences
	P      float64 // two-sided p-value; 1 when N is 0
	Exact  bool    // P counted exactly (else the normal approximation)
}

// maxExactSignedRank is the most differences whose p-value is counted
// exactly: the count runs over n·n(n+1) sums.
const maxExactSignedRank = 200

// WilcoxonSignedRank tests the paired differences d (SignedRank).
func WilcoxonSignedRank(d []float64) SignedRank {
	var t SignedRank
	type diff struct {
		abs      float64
		positive bool
	}
	var nz []diff
	for _, x := range d {
		switch {
		case x == 0 || math.IsNaN(x):
			t.Zeros++
		default:
			nz = append(nz, diff{math.Abs(x), x > 0})
		}
	}
	t.N = len(nz)
	if t.N == 0 {
		t.P = 1
		return t
	}
	slices.SortFunc(nz, func(a, b diff) int {
		switch {
		case a.abs < b.abs:
			return -1
		case a.abs > b.abs:
			return 1
		}
		return 0
	})
	// Doubled midranks: a run of ties from rank i+1 to j shares (i+1+j)/2.
	ranks2 := make([]int, t.N)
	tieCorrection := 0.0 // Σ (t³ − t) over the runs of ties
	for i := 0; i < t.N; {
		j := i
		for j < t.N && nz[j].abs == nz[i].abs {
			j++
		}
		for k := i; k < j; k++ {
			ranks2[k] = i + 1 + j
		}
		run := float64(j - i)
		tieCorrection += run*run*run - run
		i = j
	}
	w2 := 0 // doubled W+
	for k, x := range nz {
		if x.positive {
			t.Plus++
			w2 += ranks2[k]
		} else {
			t.Minus++
		}
	}
	n := float64(t.N)
	t.WPlus = float64(w2) / 2
	t.WMinus = n*(n+1)/2 - t.WPlus
	if t.N <= maxExactSignedRank {
		t.Exact = true
		t.P = exactSignedRankP(ranks2, w2)
		return t
	}
	mean := n * (n + 1) / 4
	sd := math.Sqrt(n*(n+1)*(2*n+1)/24 - tieCorrection/48)
	z := (math.Abs(t.WPlus-mean) - 0.5) / sd
	if z < 0 {
		z = 0
	}
	t.P = math.Min(1, math.Erfc(z/math.Sqrt2))
	return t
}

// exactSignedRankP is the two-sided p-value of a doubled W+ of w2 over
// every sign pattern of the doubled ranks: the chance of a sum at least as
// far from the mean as w2.
func exactSignedRankP(ranks2 []int, w2 int) float64 {
	total := 0
	for _, r := range ranks2 {
		total += r
	}
	// p[s] is the chance that the doubled ranks given a plus sign sum to s.
	p := make([]float64, total+1)
	p[0] = 1
	top := 0
	for _, r := range ranks2 {
		for s := top; s >= 0; s-- {
			if p[s] == 0 {
				continue
			}
			p[s+r] += p[s] / 2
			p[s] /= 2
		}
		top += r
	}
	// The distribution is symmetric about total/2: the two-sided p-value
	// sums both tails beyond |w2 − total/2|.
	far := math.Abs(float64(w2) - float64(total)/2)
	sum := 0.0
	for s, ps := range p {
		if math.Abs(float64(s)-float64(total)/2) >= far-1e-9 {
			sum += ps
		}
	}
	return math.Min(1, sum)
}
