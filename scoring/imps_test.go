package scoring_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// TestIMPs checks both ends of every range of the WBF Law 78B scale (Laws of Duplicate Bridge
// 2017): 0–10 0, 20–40 1, 50–80 2, 90–120 3, 130–160 4, 170–210 5, 220–260 6, 270–310 7,
// 320–360 8, 370–420 9, 430–490 10, 500–590 11, 600–740 12, 750–890 13, 900–1090 14,
// 1100–1290 15, 1300–1490 16, 1500–1740 17, 1750–1990 18, 2000–2240 19, 2250–2490 20,
// 2500–2990 21, 3000–3490 22, 3500–3990 23, 4000 and more 24; the sign is kept; a difference
// between two printed ranges (15, 45: older codes' odd scores) takes the lower range.
func TestIMPs(t *testing.T) {
	ranges := [][2]int{{0, 10}, {20, 40}, {50, 80}, {90, 120}, {130, 160}, {170, 210}, {220, 260},
		{270, 310}, {320, 360}, {370, 420}, {430, 490}, {500, 590}, {600, 740}, {750, 890},
		{900, 1090}, {1100, 1290}, {1300, 1490}, {1500, 1740}, {1750, 1990}, {2000, 2240},
		{2250, 2490}, {2500, 2990}, {3000, 3490}, {3500, 3990}, {4000, 7600}}
	for imps, r := range ranges {
		for _, d := range r {
			if got := scoring.IMPs(d); got != imps {
				t.Errorf("IMPs(%d) = %d, want %d", d, got, imps)
			}
			if got := scoring.IMPs(-d); got != -imps {
				t.Errorf("IMPs(%d) = %d, want %d", -d, got, -imps)
			}
		}
	}
	for d, want := range map[int]int{15: 0, 19: 0, 45: 1, 49: 1, 3999: 23, 100000: 24, -19: 0, -21: -1} {
		if got := scoring.IMPs(d); got != want {
			t.Errorf("IMPs(%d) = %d, want %d", d, got, want)
		}
	}
	if scoring.MaxIMPs != 24 {
		t.Errorf("MaxIMPs = %d, want 24", scoring.MaxIMPs)
	}
}

// TestButlerDatum works datums by hand (testdata README: drop the highest and the lowest, mean,
// round to 10, halves away from zero).
func TestButlerDatum(t *testing.T) {
	cases := []struct {
		scores      []int
		trim, round int
		want        int
	}{
		// drop 650 and −100: 620 + 650 + 170 + 620 = 2060, /4 = 515 → 520 (half away from zero)
		{[]int{620, 650, 170, 620, -100, 650}, 1, 10, 520},
		// no trim: 2060 + 650 − 100 = 2610, /6 = 435 → 440
		{[]int{620, 650, 170, 620, -100, 650}, 0, 10, 440},
		// negative: −920/3 = −306.67 → −310
		{[]int{-420, -450, -50}, 0, 10, -310},
		// halves away from zero both ways
		{[]int{15}, 0, 10, 20}, {[]int{-15}, 0, 10, -20}, {[]int{14}, 0, 10, 10}, {[]int{-14}, 0, 10, -10},
		// trim 1 of 2 would leave nothing: cut to 0; mean 150
		{[]int{100, 200}, 1, 10, 150},
		// trim 2 of 5 leaves the median
		{[]int{-100, 420, 50, 990, 400}, 2, 10, 400},
		// round 0 means to the nearest point: 301/2 = 150.5 → 151
		{[]int{100, 201}, 0, 0, 151},
		// round 50: 170 → 150; 175 → 200
		{[]int{170}, 0, 50, 150}, {[]int{175}, 0, 50, 200},
		{nil, 1, 10, 0},
	}
	for _, c := range cases {
		if got := scoring.ButlerDatum(c.scores, c.trim, c.round); got != c.want {
			t.Errorf("ButlerDatum(%v, %d, %d) = %d, want %d", c.scores, c.trim, c.round, got, c.want)
		}
	}
	// The input is not reordered.
	in := []int{3, 1, 2}
	scoring.ButlerDatum(in, 1, 1)
	if in[0] != 3 || in[1] != 1 || in[2] != 2 {
		t.Errorf("ButlerDatum reordered its input: %v", in)
	}
}

// TestButler: datum 520 for the first case above; 620 − 520 = 100 → 3, 650 → 130 → 4,
// 170 → −350 → −8, −100 → −620 → −12.
func TestButler(t *testing.T) {
	imps, datum := scoring.Butler([]int{620, 650, 170, 620, -100, 650}, 1, 10)
	want := []int{3, 4, -8, 3, -12, 4}
	if datum != 520 || fmt.Sprint(imps) != fmt.Sprint(want) {
		t.Errorf("Butler = %v datum %d, want %v datum 520", imps, datum, want)
	}
}

// TestButlerLines: groups have their own datum; artificial lines get ±3 IMPs per 10 % (Law 12C2);
// an assigned line stays out of the datum and scores its weighted IMPs.
func TestButlerLines(t *testing.T) {
	lines := []scoring.CompareLine{
		played(620), played(650), playedIn(1, -100), played(170), artificial(60, 40),
		playedIn(1, -200), {Kind: scoring.LineAssigned}, {Kind: scoring.LineNotPlayed},
	}
	assigned := [][]scoring.Weighted{6: {{NSScore: 620, Weight: 0.5}, {NSScore: 170, Weight: 0.5}}}
	ns, ew, datum := scoring.ButlerLines(lines, assigned, 0, 10)
	// Group 0 datum (no trim): (620 + 650 + 170)/3 = 480. 620 → 140 → 4; 650 → 170 → 5;
	// 170 → −310 → −7; assigned: ½·4 + ½·(−7) = −1.5.
	// Group 1 datum: −150; −100 → 50 → 2; −200 → −50 → −2.
	wantNS := []float64{4, 5, 2, -7, 3, -2, -1.5, 0}
	wantEW := []float64{-4, -5, -2, 7, -3, 2, 1.5, 0}
	if !sameFloats(ns, wantNS) || !sameFloats(ew, wantEW) || datum[0] != 480 || datum[1] != -150 {
		t.Errorf("ns %v ew %v datum %v, want ns %v ew %v datum 0:480 1:−150", ns, ew, datum, wantNS, wantEW)
	}
}

// TestCrossIMPs works a board by hand: 420, 450, 170, −50.
//
//	420: −30 → −1, +250 → 6, +470 → 10: 15/3 = 5
//	450: +30 → 1, +280 → 7, +500 → 11: 19/3
//	170: −250 → −6, −280 → −7, +220 → 6: −7/3
//	−50: −10, −11, −6: −27/3 = −9
func TestCrossIMPs(t *testing.T) {
	got := scoring.CrossIMPs([]int{420, 450, 170, -50})
	want := []float64{5, 19.0 / 3, -7.0 / 3, -9}
	if !sameFloats(got, want) {
		t.Errorf("CrossIMPs = %v, want %v", got, want)
	}
	if got := scoring.CrossIMPs([]int{100}); !sameFloats(got, []float64{0}) {
		t.Errorf("one result: %v, want [0]", got)
	}
	if got := scoring.CrossIMPs(nil); len(got) != 0 {
		t.Errorf("no result: %v", got)
	}
	// Ties: 100, 100, 600: 100 vs 100 → 0, vs 600 → −11: −11/2; 600: +11 twice → 11.
	if got := scoring.CrossIMPs([]int{100, 600, 100}); !sameFloats(got, []float64{-5.5, 11, -5.5}) {
		t.Errorf("ties: %v", got)
	}
}

// naiveCrossIMPs is the O(n²) definition: each line against every other line, summed and
// divided by m − 1.
func naiveCrossIMPs(scores []int) []float64 {
	out := make([]float64, len(scores))
	if len(scores) < 2 {
		return out
	}
	for i, s := range scores {
		sum := 0
		for j, o := range scores {
			if i != j {
				sum += scoring.IMPs(s - o)
			}
		}
		out[i] = float64(sum) / float64(len(scores)-1)
	}
	return out
}

// randomBoard deals m scores: from a handful of plausible results (so there are many ties), or
// spread widely and not multiples of 10 (every IMP step between them).
func randomBoard(rng *rand.Rand, m int) []int {
	common := []int{-1430, -800, -650, -620, -500, -200, -140, -110, -100, -50, 50, 90, 110, 120, 140, 170, 200, 420, 450, 620, 650, 1430, 1440, 2220}
	scores := make([]int, m)
	wide := rng.IntN(3) == 0
	k := 1 + rng.IntN(len(common))
	for i := range scores {
		if wide {
			scores[i] = rng.IntN(9001) - 4500
		} else {
			scores[i] = common[rng.IntN(k)]
		}
	}
	return scores
}

// TestCrossIMPsMatchesDefinition compares the O(m log m) CrossIMPs with the O(m²) definition on
// random boards, exactly (both sum whole IMPs and divide once).
func TestCrossIMPsMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 78))
	for round := 0; round < 2000; round++ {
		scores := randomBoard(rng, rng.IntN(40))
		got, want := scoring.CrossIMPs(scores), naiveCrossIMPs(scores)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("scores %v: line %d: CrossIMPs %v, definition %v", scores, i, got[i], want[i])
			}
		}
		// CrossIMPLines on the same board gives the same, EW the negative.
		lines := make([]scoring.CompareLine, len(scores))
		for i, s := range scores {
			lines[i] = played(s)
		}
		ns, ew := scoring.CrossIMPLines(lines, nil)
		for i := range want {
			if ns[i] != want[i] || ew[i] != -want[i] {
				t.Fatalf("scores %v: line %d: CrossIMPLines %v/%v, definition %v", scores, i, ns[i], ew[i], want[i])
			}
		}
	}
}

// TestCrossIMPLinesAssigned checks an assigned line against the definition with weights: each
// pair of parts counts by the product of the shares, a line never against itself.
func TestCrossIMPLinesAssigned(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 2))
	for round := 0; round < 500; round++ {
		m := 2 + rng.IntN(12)
		scores := randomBoard(rng, m)
		lines := make([]scoring.CompareLine, m)
		parts := make([][]scoring.Weighted, m)
		for i, s := range scores {
			lines[i] = played(s)
			parts[i] = []scoring.Weighted{{NSScore: s, Weight: 1}}
			if rng.IntN(4) == 0 {
				lines[i].Kind = scoring.LineAssigned
				other := randomBoard(rng, 2)
				parts[i] = []scoring.Weighted{{NSScore: s, Weight: 0.5}, {NSScore: other[0], Weight: 0.25}, {NSScore: other[1], Weight: 0.25}}
			}
		}
		ns, _ := scoring.CrossIMPLines(lines, parts)
		for i := range lines {
			want := 0.0
			for j := range lines {
				if i == j {
					continue
				}
				for _, p := range parts[i] {
					for _, q := range parts[j] {
						want += p.Weight * q.Weight * float64(scoring.IMPs(p.NSScore-q.NSScore))
					}
				}
			}
			want /= float64(m - 1)
			if !near(ns[i], want) {
				t.Fatalf("parts %v: line %d: %v, definition %v", parts, i, ns[i], want)
			}
		}
	}
}

// TestCrossIMPLines: fouled groups are IMPed within themselves; artificial lines get
// ±3 IMPs per 10 % (Law 12C2(a)) and do not take part.
func TestCrossIMPLines(t *testing.T) {
	lines := []scoring.CompareLine{played(420), artificial(60, 40), playedIn(1, 100), played(450), playedIn(1, 600), played(170), played(-50), {Kind: scoring.LineNotPlayed}}
	ns, ew := scoring.CrossIMPLines(lines, nil)
	// group 0 as TestCrossIMPs; group 1: 100 vs 600 → −11 over 1 other.
	wantNS := []float64{5, 3, -11, 19.0 / 3, 11, -7.0 / 3, -9, 0}
	wantEW := []float64{-5, -3, 11, -19.0 / 3, -11, 7.0 / 3, 9, 0}
	if !sameFloats(ns, wantNS) || !sameFloats(ew, wantEW) {
		t.Errorf("ns %v ew %v, want %v %v", ns, ew, wantNS, wantEW)
	}
	for p, want := range map[int]float64{60: 3, 50: 0, 40: -3, 70: 6, 30: -6} {
		if got := scoring.ArtificialIMPs(p); got != want {
			t.Errorf("ArtificialIMPs(%d) = %v, want %v", p, got, want)
		}
	}
}

// TestTeamMatch works a three-board match by hand: 420 v 420 → 0; 620 v 170 → +450 → 10 home;
// −100 v +110 → −210 → 5 away. Home 10, away 5.
func TestTeamMatch(t *testing.T) {
	boards := []scoring.MatchBoard{{OpenNS: 420, ClosedNS: 420}, {OpenNS: 620, ClosedNS: 170}, {OpenNS: -100, ClosedNS: 110}}
	if h, a := scoring.TeamMatch(boards); h != 10 || a != 5 {
		t.Errorf("TeamMatch = %d–%d, want 10–5", h, a)
	}
	if got := boards[2].HomeIMPs(); got != -5 {
		t.Errorf("HomeIMPs = %d, want −5", got)
	}
}
