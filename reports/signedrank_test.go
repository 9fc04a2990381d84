package reports_test

import (
	"math"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
)

// TestWilcoxonSignedRankPublished checks the test against a published
// example: Hollander & Wolfe, Nonparametric Statistical Methods (1973),
// Example 3.1, the Hamilton depression scale factor IV of nine patients
// before (x) and after (y) a tranquilliser, the example of R's
// stats::wilcox.test help page ("wilcox.test(x, y, paired = TRUE,
// alternative = "greater")" prints V = 40, p-value = 0.01953) and of
// NSM3::pPairedWilcoxon. By hand: the differences x − y are 0.952, −0.147,
// 1.022, 0.43, 0.62, 0.59, 0.49, −0.08, 0.01; ranked by size the negative
// ones are ranks 2 and 3, so W+ = 45 − 5 = 40 and W− = 5. A W+ of 40 or
// more is a set of negative ranks summing to 5 or less: {}, {1}, {2}, {3},
// {4}, {5}, {1,2}, {1,3}, {1,4}, {2,3} — 10 of the 2^9 = 512 sign
// patterns, 0.01953 one-sided; two-sided (W− of 5 or less as well) 20/512
// = 0.0390625.
func TestWilcoxonSignedRankPublished(t *testing.T) {
	x := []float64{1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30}
	y := []float64{0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29}
	d := make([]float64, len(x))
	for i := range x {
		d[i] = x[i] - y[i]
	}
	got := reports.WilcoxonSignedRank(d)
	if got.N != 9 || got.Zeros != 0 || got.Plus != 7 || got.Minus != 2 || got.WPlus != 40 || got.WMinus != 5 || !got.Exact {
		t.Errorf("got %+v, want N 9, 7 positive, 2 negative, W+ 40, W− 5, exact", got)
	}
	if math.Abs(got.P-20.0/512) > 1e-12 {
		t.Errorf("p = %v, want 20/512 = 0.0390625 (twice R's one-sided 0.01953)", got.P)
	}
}

// TestWilcoxonSignedRankTiesAndZeros: zeros are dropped and ties share
// their mean rank. Differences 0, 1, 1, −1, 2: the zero goes; |1| three
// times shares ranks 1–3 (mean 2), 2 is rank 4; W+ = 2 + 2 + 4 = 8, W− = 2.
// Over the 16 sign patterns of the doubled ranks 4, 4, 4, 8 (sum 20, mean
// 10) a doubled W+ of 16 is 6 from the mean; sums at least 6 away are
// 0 (1 pattern), 4 (3), 16 (3), 20 (1): 8/16 = 0.5.
func TestWilcoxonSignedRankTiesAndZeros(t *testing.T) {
	got := reports.WilcoxonSignedRank([]float64{0, 1, 1, -1, 2})
	if got.N != 4 || got.Zeros != 1 || got.WPlus != 8 || got.WMinus != 2 || math.Abs(got.P-0.5) > 1e-12 {
		t.Errorf("got %+v, want N 4, 1 zero, W+ 8, W− 2, p 0.5", got)
	}
	if none := reports.WilcoxonSignedRank([]float64{0, 0}); none.N != 0 || none.P != 1 {
		t.Errorf("all zero: got %+v, want N 0, p 1", none)
	}
}

// TestWilcoxonSignedRankNormal: past the exact count the normal
// approximation. 250 differences 1..250 all positive: W+ = 250·251/2 =
// 31375, mean 15687.5, sd √(250·251·501/24) = 1145.8; z ≈ 13.7, p far
// below 1e-30; and 125 positive, 125 negative alternating by size give W+
// near the mean and p near 1.
func TestWilcoxonSignedRankNormal(t *testing.T) {
	var all, half []float64
	for i := 1; i <= 250; i++ {
		all = append(all, float64(i))
		if i%2 == 0 {
			half = append(half, float64(i))
		} else {
			half = append(half, -float64(i))
		}
	}
	got := reports.WilcoxonSignedRank(all)
	if got.Exact || got.WPlus != 31375 || got.P > 1e-30 {
		t.Errorf("all positive: got %+v, want normal approximation, W+ 31375, p < 1e-30", got)
	}
	// Even ranks sum to 2+4+…+250 = 15750: 62.5 above the mean, z = 62/1145.8.
	h := reports.WilcoxonSignedRank(half)
	want := math.Erfc(62 / math.Sqrt(250*251*501/24.0) / math.Sqrt2)
	if h.WPlus != 15750 || math.Abs(h.P-want) > 1e-12 {
		t.Errorf("alternating: got %+v, want W+ 15750, p %v", h, want)
	}
}
