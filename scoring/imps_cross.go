package scoring

import "slices"

// CrossIMPs: each played line's NS IMPs against every other played line on the board, averaged
// over the others (sum/(m−1)), in O(m log m).
//
// The scale is a step function of |diff|: IMPs(d) = sign(d)·#{steps b : |d| ≥ b}. So a score s
// against the field earns Σ_b (#{t ≤ s−b} − #{t ≥ s+b}); after sorting, each step is one sweep
// of two pointers over the distinct scores (a line against itself gives 0 and needs no care).
func CrossIMPs(scores []int) []float64 {
	out := make([]float64, len(scores))
	if len(scores) < 2 {
		return out
	}
	sorted := slices.Clone(scores)
	slices.Sort(sorted)
	vals := sorted[:0:0]
	var below []float64 // below[k]: how many scores are under vals[k]; below[len(vals)] = m
	for k, s := range sorted {
		if k == 0 || s != sorted[k-1] {
			vals = append(vals, s)
			below = append(below, float64(k))
		}
	}
	below = append(below, float64(len(sorted)))
	net := crossNet(vals, below)
	others := float64(len(scores) - 1)
	for i, s := range scores {
		k, _ := slices.BinarySearch(vals, s)
		out[i] = net[k] / others
	}
	return out
}

// crossNet returns, for each distinct score vals[k], the sum of its IMPs against the whole field,
// where cum[k] is the weight of the field under vals[k] and cum[len(vals)] the whole field's.
func crossNet(vals []int, cum []float64) []float64 {
	net := make([]float64, len(vals))
	total := cum[len(vals)]
	for _, b := range impSteps {
		lo, hi := 0, 0 // lo: first value > s−b; hi: first value ≥ s+b
		for k, s := range vals {
			for lo < len(vals) && vals[lo] <= s-b {
				lo++
			}
			for hi < len(vals) && vals[hi] < s+b {
				hi++
			}
			net[k] += cum[lo] - (total - cum[hi])
		}
	}
	return net
}
