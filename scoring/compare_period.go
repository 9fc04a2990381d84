package scoring

// lineValue returns a compared line's NS score: its NSScore, or for an assigned line the
// weighted sum of its parts.
func lineValue(lines []CompareLine, assigned [][]Weighted, i int) float64 {
	if !hasParts(lines, assigned, i) {
		return float64(lines[i].NSScore)
	}
	v := 0.0
	for _, p := range partsOf(lines, assigned, i) {
		v += p.Weight * float64(p.NSScore)
	}
	return v
}

// PlusMinus scores a board by the period method of Duplicate Auction Law H (LAWS.md, "Comparing
// results"): each NS score is compared with the average of all the scores made on the same hands
// (the same group of a fouled board), NS getting the difference as plus or minus points and EW its
// negative. An assigned line counts as its weighted score; artificial and unplayed lines get 0,
// the average. The points of a group sum to zero.
func PlusMinus(lines []CompareLine, assigned [][]Weighted) (ns, ew []float64) {
	ns = make([]float64, len(lines))
	ew = make([]float64, len(lines))
	for _, members := range compareGroups(lines) {
		sum := 0.0
		for _, i := range members {
			sum += lineValue(lines, assigned, i)
		}
		mean := sum / float64(len(members))
		for _, i := range members {
			ns[i] = lineValue(lines, assigned, i) - mean
			ew[i] = -ns[i]
		}
	}
	return ns, ew
}

// TotalPoints scores a board by total points (LAWS.md, "Comparing results"; Law G of the period
// code: a team adds its pairs' scores): NS keep their score, EW its negative. An assigned line
// counts as its weighted score; artificial and unplayed lines get 0.
func TotalPoints(lines []CompareLine, assigned [][]Weighted) (ns, ew []float64) {
	ns = make([]float64, len(lines))
	ew = make([]float64, len(lines))
	for i, l := range lines {
		if compared(l) {
			ns[i] = lineValue(lines, assigned, i)
			ew[i] = -ns[i]
		}
	}
	return ns, ew
}
