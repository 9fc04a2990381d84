package scoring

import (
	"slices"
	"sort"
)

// impSteps are the lower ends of the WBF Law 78B IMP scale (2017 Laws of Duplicate Bridge):
// a difference of at least impSteps[k] points is worth k+1 IMPs. The scale prints ranges of
// multiples of 10 (20–40 → 1, 50–80 → 2, …, 4000 and up → 24); a difference between two ranges
// (possible under the older law codes) takes the lower range.
var impSteps = [...]int{20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900,
	1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000}

// MaxIMPs is the most IMPs one board can give: 24.
const MaxIMPs = len(impSteps)

// IMPs converts a score difference to IMPs on the WBF Law 78B scale (sign kept).
func IMPs(diff int) int {
	if diff < 0 {
		return -IMPs(-diff)
	}
	return sort.SearchInts(impSteps[:], diff+1)
}

// roundTo rounds num/den to the nearest multiple of step, halves away from zero (den > 0, step ≥ 1).
func roundTo(num, den, step int) int {
	d := den * step
	if num < 0 {
		return -((-2*num + d) / (2 * d)) * step
	}
	return ((2*num + d) / (2 * d)) * step
}

// ButlerDatum: the mean of the played scores after dropping `trim` highest and `trim` lowest,
// rounded to the nearest `round` (halves away from zero).
// A trim that would leave no score is cut to leave one (two, for an even count); round < 1 is 1;
// no scores give 0.
func ButlerDatum(scores []int, trim, round int) int {
	if len(scores) == 0 {
		return 0
	}
	if round < 1 {
		round = 1
	}
	if trim < 0 {
		trim = 0
	}
	if max := (len(scores) - 1) / 2; trim > max {
		trim = max
	}
	kept := scores
	if trim > 0 {
		kept = slices.Clone(scores)
		slices.Sort(kept)
		kept = kept[trim : len(kept)-trim]
	}
	sum := 0
	for _, s := range kept {
		sum += s
	}
	return roundTo(sum, len(kept), round)
}

// Butler IMPs every score against the board's datum (ButlerDatum with trim and round) and
// returns each line's NS IMPs and the datum.
func Butler(scores []int, trim, round int) (imps []int, datum int) {
	datum = ButlerDatum(scores, trim, round)
	imps = make([]int, len(scores))
	for i, s := range scores {
		imps[i] = IMPs(s - datum)
	}
	return imps, datum
}
