package scoring_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// TestWBFContinuous works the 2013 WBF continuous scale by hand: VP = 10 + 10·(1 − r^(I/X))/(1 − r),
// r = τ³ = ((√5 − 1)/2)³ = 0.2360680, X = 15·√N, to 2 decimals, concave.
//
//	16 boards, X = 60: I = 1: r^(1/60) = e^(−1.4436355/60) = 0.9762265, (1 − 0.9762265)/0.7639320
//	= 0.0311199 → 10.31 (9.69 to the loser); I = 30: r^½ = 0.4858683 → 0.6730055 → 16.73;
//	I = 60 and beyond: 20.
//	16 boards, I = 13, 14, 15: 13.516, 13.744, 13.966 round to 13.52, 13.74, 13.97: the steps
//	0.22 then 0.23 break concavity, so 13.74 becomes 13.75 (steps 0.23, 0.22).
//	8 boards, X = 42.43: I = 39, 40, 41: 19.618, 19.734, 19.846 → 19.62, 19.73, 19.85: the 40
//	becomes 19.74. I = 43 ≥ X: 20.
//	12 boards, X = 51.96: I = 51: r^(51/51.96) = 0.2424 → 19.92; I = 52: 20.
func TestWBFContinuous(t *testing.T) {
	var s scoring.VPScale = scoring.WBFContinuous{}
	cases := []struct {
		margin, boards int
		want           float64
	}{
		{0, 16, 10}, {1, 16, 10.31}, {-1, 16, 9.69}, {30, 16, 16.73}, {-30, 16, 3.27},
		{60, 16, 20}, {61, 16, 20}, {-200, 16, 0},
		{13, 16, 13.52}, {14, 16, 13.75}, {15, 16, 13.97},
		{39, 8, 19.62}, {40, 8, 19.74}, {41, 8, 19.85}, {43, 8, 20},
		{51, 12, 19.92}, {52, 12, 20},
	}
	for _, c := range cases {
		if got := s.VP(c.margin, c.boards); !near(got, c.want) {
			t.Errorf("VP(%d, %d boards) = %v, want %v", c.margin, c.boards, got, c.want)
		}
	}
}

// TestWBFContinuousShape checks, for 1 to 100 boards, the properties the WBF report requires:
// 10–10 for a draw, winner + loser = 20, non-decreasing, each IMP worth no more than the one
// before (concave), 20 from the blitz 15·√N on, and close to the formula: rounding moves a value
// by 0.005 and each concavity correction by 0.01, and near the blitz of a long match, where an
// IMP is worth one or two hundredths, corrections pile up (0.039 at most, 100 boards); 0.05 bounds
// them all.
func TestWBFContinuousShape(t *testing.T) {
	s := scoring.WBFContinuous{}
	r := math.Pow((math.Sqrt(5)-1)/2, 3)
	for n := 1; n <= 100; n++ {
		blitz := 15 * math.Sqrt(float64(n))
		prev, step := 10.0, math.Inf(1)
		for m := 0; m <= int(blitz)+3; m++ {
			v := s.VP(m, n)
			if m == 0 && v != 10 {
				t.Fatalf("%d boards: a draw is %v", n, v)
			}
			if !near(v+s.VP(-m, n), 20) {
				t.Fatalf("%d boards, margin %d: %v + %v ≠ 20", n, m, v, s.VP(-m, n))
			}
			if m > 0 {
				d := v - prev
				if d < -1e-9 || d > step+1e-9 {
					t.Fatalf("%d boards, margin %d: step %v after %v", n, m, d, step)
				}
				step = d
			}
			formula := math.Min(20, 10+10*(1-math.Pow(r, float64(m)/blitz))/(1-r))
			if math.Abs(v-formula) > 0.05 {
				t.Fatalf("%d boards, margin %d: %v, formula %v", n, m, v, formula)
			}
			if float64(m) >= blitz && v != 20 {
				t.Fatalf("%d boards, margin %d ≥ blitz %v: %v", n, m, blitz, v)
			}
			if !near(v*100, math.Round(v*100)) {
				t.Fatalf("%d boards, margin %d: %v is not to 2 decimals", n, m, v)
			}
			prev = v
		}
	}
}

// TestACBL20VP checks the published ACBL table (bridgehands.com "Victory Points") at both ends of
// every range: 6–8 boards 0 | 1–2 | 3–4 | 5–7 | 8–10 | 11–13 | 14–16 | 17–19 | 20–23 | 24–27 | 28+;
// 9–11 boards 0 | 1–2 | 3–5 | 6–9 | 10–13 | 14–17 | 18–21 | 22–25 | 26–30 | 31–35 | 36+.
func TestACBL20VP(t *testing.T) {
	tables := map[int][][2]int{
		7:  {{0, 0}, {1, 2}, {3, 4}, {5, 7}, {8, 10}, {11, 13}, {14, 16}, {17, 19}, {20, 23}, {24, 27}, {28, 90}},
		10: {{0, 0}, {1, 2}, {3, 5}, {6, 9}, {10, 13}, {14, 17}, {18, 21}, {22, 25}, {26, 30}, {31, 35}, {36, 90}},
	}
	for boards, ranges := range tables {
		for k, r := range ranges {
			for _, m := range r {
				if got := scoring.ACBL20VP.VP(m, boards); got != float64(10+k) {
					t.Errorf("%d boards, margin %d: %v, want %d", boards, m, got, 10+k)
				}
				if got := scoring.ACBL20VP.VP(-m, boards); got != float64(10-k) {
					t.Errorf("%d boards, margin %d: %v, want %d", boards, -m, got, 10-k)
				}
			}
		}
	}
	// Outside the brackets the nearest one is used: 4 boards as 6–8, 14 as 9–11.
	if scoring.ACBL20VP.VP(5, 4) != 13 || scoring.ACBL20VP.VP(6, 14) != 13 {
		t.Errorf("nearest bracket: %v, %v; want 13, 13", scoring.ACBL20VP.VP(5, 4), scoring.ACBL20VP.VP(6, 14))
	}
	if (scoring.DiscreteVPScale{}).VP(10, 8) != 10 {
		t.Errorf("an empty scale should give 10–10")
	}
}

// TestACBL30VP checks the published ACBL 30-VP table (bridgehands.com "Victory Points", "30 Point
// Victory Scale") at both ends of every range, winner and loser summing to 30:
// 6–8 boards 0 | 1 | 2 | 3 | 4 | 5–6 | 7–8 | 9–10 | 11–13 | 14–16 | 17–19 | 20–23 | 24–27 | 28+ for
// 15, 18, 19 … 30; 9–11 boards 0 | 1 | 2 | 3–4 | 5–6 | 7–8 | 9–11 | 12–14 | 15–17 | 18–21 | 22–25 |
// 26–30 | 31–35 | 36+.
func TestACBL30VP(t *testing.T) {
	vps := []int{15, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30}
	tables := map[int][][2]int{
		7:  {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 6}, {7, 8}, {9, 10}, {11, 13}, {14, 16}, {17, 19}, {20, 23}, {24, 27}, {28, 90}},
		10: {{0, 0}, {1, 1}, {2, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 11}, {12, 14}, {15, 17}, {18, 21}, {22, 25}, {26, 30}, {31, 35}, {36, 90}},
	}
	for boards, ranges := range tables {
		for k, r := range ranges {
			for _, m := range r {
				if got := scoring.ACBL30VP.VP(m, boards); got != float64(vps[k]) {
					t.Errorf("%d boards, margin %d: %v, want %d", boards, m, got, vps[k])
				}
				if got := scoring.ACBL30VP.VP(-m, boards); got != float64(30-vps[k]) {
					t.Errorf("%d boards, margin %d: %v, want %d", boards, -m, got, 30-vps[k])
				}
			}
		}
	}
	if scoring.ACBL30VP.Max() != 30 || scoring.ACBL20VP.Max() != 20 || (scoring.WBFContinuous{}).Max() != 20 {
		t.Errorf("maxima: %v, %v, %v; want 30, 20, 20", scoring.ACBL30VP.Max(), scoring.ACBL20VP.Max(), scoring.WBFContinuous{}.Max())
	}
}

// TestTableVPScale: a director's table of steps is the scale it says (the ACBL 20-VP 6–8 boards
// row given as a table wins the same VPs), and a table that is not monotone, starts at 0 or is too
// short is refused naming the step and why.
func TestTableVPScale(t *testing.T) {
	s, err := scoring.TableVPScale("vp_table", []int{1, 3, 5, 8, 11, 14, 17, 20, 24, 28})
	if err != nil {
		t.Fatal(err)
	}
	for m := -40; m <= 40; m++ {
		if s.VP(m, 7) != scoring.ACBL20VP.VP(m, 7) {
			t.Errorf("margin %d: %v, the ACBL table %v", m, s.VP(m, 7), scoring.ACBL20VP.VP(m, 7))
		}
	}
	bad := []struct {
		steps []int
		field string
		says  string
	}{
		{[]int{1, 3, 5, 4, 11, 14, 17, 20, 24, 28}, "vp_table[3]", "not monotone"},
		{[]int{0, 3, 5, 8, 11, 14, 17, 20, 24, 28}, "vp_table[0]", "1 IMP or more"},
		{[]int{1, 2, 3}, "vp_table", "5 to 50 steps"},
	}
	for _, c := range bad {
		_, err := scoring.TableVPScale("vp_table", c.steps)
		var se *scoring.Error
		if !errors.As(err, &se) || se.Field != c.field || !strings.Contains(se.Problem, c.says) {
			t.Errorf("%v: %v, want %s saying %q", c.steps, err, c.field, c.says)
		}
	}
}

// TestPercentVPScale: the Oxford Congress Swiss Pairs' scale of percentages (its booklet, page 2:
// 49.35–50.65% 10 VPs, 50.66–51.98 11, 51.99–53.33 12, 53.34–54.74 13, 54.75–56.23 14,
// 56.24–57.83 15, 57.84–59.64 16, 59.65–61.75 17, 61.76–64.40 18, 64.41–68.35 19, above 68.35
// 20) given as steps in hundredths of a point above 50% wins each band's VPs at its edges, its
// opponents the rest of 20; a step above 100% is refused naming it.
func TestPercentVPScale(t *testing.T) {
	s, err := scoring.PercentVPScale("vp_table", []int{66, 199, 334, 475, 624, 784, 965, 1176, 1441, 1836})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		pct float64
		vp  float64
	}{{50, 10}, {50.65, 10}, {50.66, 11}, {51.98, 11}, {51.99, 12}, {54.75, 14}, {59.64, 16}, {59.65, 17}, {64.41, 19}, {66.67, 19},
		{68.35, 19}, {68.36, 20}, {100, 20}, {49.35, 10}, {49.34, 9}, {33.33, 1}, {31.64, 0}} {
		margin := int(math.Round((c.pct - 50) * 100))
		if got := s.VP(margin, 7); got != c.vp {
			t.Errorf("%.2f%% (margin %d): %v VPs, want %v", c.pct, margin, got, c.vp)
		}
	}
	_, err = scoring.PercentVPScale("vp_table", []int{66, 199, 334, 475, 624, 784, 965, 1176, 1441, 5001})
	var se *scoring.Error
	if !errors.As(err, &se) || se.Field != "vp_table[9]" || !strings.Contains(se.Problem, "at most 5000 hundredths of a point above 50%") {
		t.Errorf("a step above 100%%: %v", err)
	}
}
