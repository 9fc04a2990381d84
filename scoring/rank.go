package scoring

import (
	"cmp"
	"slices"
)

// Places gives places with ties sharing a place and the next skipped (1, 2, 2, 4): totals higher is
// better; returns the place of each entry, 1-based. Totals within tieTolerance of each other tie (the
// same points summed in another order differ in the last bits of a float).
func Places(totals []float64) []int {
	order := make([]int, len(totals))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(totals[b], totals[a]) })
	places := make([]int, len(totals))
	for k, i := range order {
		if k > 0 && tied(totals[i], totals[order[k-1]]) {
			places[i] = places[order[k-1]]
		} else {
			places[i] = k + 1
		}
	}
	return places
}

// tieTolerance is how far apart two totals may be and still tie: far below any real difference
// (the smallest is a hundredth of a VP or a fraction of a matchpoint with a denominator of a few
// thousand) and far above float rounding.
const tieTolerance = 1e-9

// tied reports whether two totals tie.
func tied(a, b float64) bool {
	d := a - b
	return d < tieTolerance && d > -tieTolerance
}

// PlacesPerField gives places within each field: entries with the same field[i] are ranked among
// themselves (a two-winner pairs event: field 0 for NS and 1 for EW; a one-winner event: all 0).
// Ties share a place and the next is skipped, as in Places.
func PlacesPerField(totals []float64, field []int) []int {
	places := make([]int, len(totals))
	members := map[int][]int{}
	var order []int
	for i := range totals {
		f := 0
		if i < len(field) {
			f = field[i]
		}
		if _, ok := members[f]; !ok {
			order = append(order, f)
		}
		members[f] = append(members[f], i)
	}
	for _, f := range order {
		sub := make([]float64, len(members[f]))
		for k, i := range members[f] {
			sub[k] = totals[i]
		}
		for k, p := range Places(sub) {
			places[members[f][k]] = p
		}
	}
	return places
}

// SharedPlaces reports, for each place of places (Places, PlacesPerField),
// whether another entry holds the same place: a tie. Entries of separate
// fields holding the same number are told apart by field (nil: one field).
func SharedPlaces(places []int, field ...[]int) []bool {
	type key struct{ field, place int }
	count := map[key]int{}
	at := func(i int) key {
		f := 0
		if len(field) > 0 && i < len(field[0]) {
			f = field[0][i]
		}
		return key{f, places[i]}
	}
	for i := range places {
		count[at(i)]++
	}
	out := make([]bool, len(places))
	for i := range places {
		out[i] = count[at(i)] > 1
	}
	return out
}
