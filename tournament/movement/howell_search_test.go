package movement

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
)

// checkBase checks the starter-adder conditions of howell_search.go
// on a one-family base: the rotating positions split into singletons (one
// per stationary pair) and pairs, the pairs' differences ±(b-a) all different
// and never rounds/2, and the values set-position all different.
func checkBase(b cyclicBase) error {
	r := b.rounds
	pos, vals, diffs := make([]int, r), make([]int, r), make([]int, r)
	for _, t := range b.tables {
		if len(t.units) != 1 {
			return fmt.Errorf("table %v: %d units, want 1", t, len(t.units))
		}
		k := t.units[0][0]
		var rot []int
		for _, p := range []int{t.ns, t.ew} {
			if p <= r {
				rot = append(rot, p-1)
				pos[p-1]++
				vals[mod(k-(p-1), r)]++
			}
		}
		if len(rot) == 2 {
			d := mod(rot[1]-rot[0], r)
			if 2*d == r {
				return fmt.Errorf("table %v: difference %d is half of %d: the two would meet twice", t, d, r)
			}
			diffs[min(d, r-d)]++
		}
	}
	for i := range r {
		if pos[i] != 1 || vals[i] != 1 || diffs[i] > 1 {
			return fmt.Errorf("position %d: at %d tables, value taken %d times, difference used %d times; want 1, 1, at most 1", i, pos[i], vals[i], diffs[i])
		}
	}
	return nil
}

// TestPublishedBasesAreCyclic checks the published first rounds
// (publishedBases, kopsHowells) meet the conditions (so the rotation gives
// a Howell), and that each found base does.
func TestPublishedBasesAreCyclic(t *testing.T) {
	for key, b := range publishedBases {
		if b.families != 1 {
			continue // the 6-pair half-set base: TestHowellProperties checks what it gives
		}
		if err := checkBase(b); err != nil {
			t.Errorf("published base %v: %v", key, err)
		}
	}
	for key, b := range kopsHowells() {
		if len(b.tables) != key[0]/2 || b.rounds != key[1] {
			t.Errorf("KoPS's Howell %v: %d tables, %d rounds", key, len(b.tables), b.rounds)
		}
		if err := checkBase(b); err != nil {
			t.Errorf("KoPS's Howell %v: %v", key, err)
		}
	}
	for field := 8; field <= 16; field += 2 {
		for r := field / 2; r < field; r++ {
			b, ok, _ := searchBase(context.Background(), r, field-r, false)
			if !ok {
				t.Errorf("%d pairs, %d rounds: no base found", field, r)
				continue
			}
			if err := checkBase(b); err != nil {
				t.Errorf("%d pairs, %d rounds: %v", field, r, err)
			}
		}
	}
	// 18 to 32 pairs (9 to 16 tables), the randomised search: every size
	// from half the rounds to all of them, each table of a round with its
	// own set but where sharedSetsOnly says there is none (it finds one for
	// every complete Howell, as published complete Howells have).
	for field := 18; field <= 32; field += 2 {
		for r := field / 2; r < field; r++ {
			b, distinct, err := cyclicBase{}, false, error(nil)
			if !sharedSetsOnly(field, r) {
				b, distinct, err = searchRandom(context.Background(), r, field-r, true)
				if !distinct && err == nil {
					t.Errorf("%d pairs, %d rounds: no base with a set per table, and sharedSetsOnly does not say so", field, r)
				}
			}
			if err == nil && !distinct {
				b, _, err = searchRandom(context.Background(), r, field-r, false)
			}
			if err != nil || len(b.tables) == 0 {
				t.Errorf("%d pairs, %d rounds: no base found (%v)", field, r, err)
				continue
			}
			if err := checkBase(b); err != nil {
				t.Errorf("%d pairs, %d rounds: %v", field, r, err)
			}
			if r == field-1 && !distinct {
				t.Errorf("%d pairs, complete: tables share a set", field)
			}
		}
	}
}

// TestWhereSetsMustBeShared records the sizes where no cyclic Howell gives
// every table of a round its own set, found by exhausting the search (not by
// its limit): 4 and 6 pairs (there is no Room square of side 3 or 5), and
// some partial Howells, among them 10 pairs in 8 rounds, which is why
// Movement.Howell10T5B24Relay has tables 1 and 2 share their boards.
func TestWhereSetsMustBeShared(t *testing.T) {
	var shared [][2]int
	for field := 4; field <= 16; field += 2 {
		for r := max(3, field/2); r < field; r++ {
			st := &baseSearch{r: r, used: make([]bool, r), vused: make([]bool, r), dused: make([]bool, r), sused: make([]bool, r),
				stationaryPairs: field, distinct: true, limit: searchLimit}
			st.stationary(0, 0)
			ok := st.step(field - r - 1)
			if st.nodes > searchLimit {
				t.Errorf("%d pairs, %d rounds: the search hit its limit", field, r)
			}
			if !ok {
				shared = append(shared, [2]int{field, r})
				if _, found, _ := searchBase(context.Background(), r, field-r, false); !found {
					t.Errorf("%d pairs, %d rounds: no base even with shared sets", field, r)
				}
			}
		}
	}
	want := [][2]int{{4, 3}, {6, 5}, {8, 4}, {8, 5}, {8, 6}, {10, 8}, {12, 6}, {12, 7}, {16, 8}, {16, 9}}
	if !slices.Equal(shared, want) {
		t.Errorf("sizes needing shared sets = %v, want %v", shared, want)
	}
}

// TestHowellSearchStopsWithItsContext: the search for a Howell base gives
// up, with the context's error, once the request's context has ended.
func TestHowellSearchStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	// 11 pairs in 7 rounds has no published base (neither publishedBases
	// nor kopsHowells has 12 pairs in 7 rounds): it is searched for (not
	// taken from what an earlier test found).
	howellBases.Delete([2]int{11, 7})
	_, err := HowellContext(ctx, HowellOptions{Pairs: 11, BoardsPerRound: 2, Rounds: 7})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want context.Canceled", err)
	}
	if _, _, err := searchBase(ctx, 15, 1, true); !errors.Is(err, context.Canceled) {
		t.Errorf("searchBase: err %v, want context.Canceled", err)
	}
	howellBases.Delete([2]int{32, 31})
	if _, err := HowellContext(ctx, HowellOptions{Pairs: 32, BoardsPerRound: 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("32 pairs: err %v, want context.Canceled", err)
	}
}

// BenchmarkHowell32Pairs makes the complete Howell of 32 pairs (16 tables,
// 31 rounds) and its 3/4 Howell (24 rounds) from nothing: the base searched
// for (the cache of found bases emptied each time), its directions
// balanced, the movement built. BENCHMARKS.md has the figures.
func BenchmarkHowell32Pairs(b *testing.B) {
	for _, rounds := range []int{31, 24} {
		b.Run(fmt.Sprintf("%d rounds", rounds), func(b *testing.B) {
			for b.Loop() {
				howellBases.Delete([2]int{32, rounds})
				if _, err := Howell(HowellOptions{Pairs: 32, BoardsPerRound: 2, Rounds: rounds}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
