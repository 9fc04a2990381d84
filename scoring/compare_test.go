package scoring_test

import (
	"math"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// played is a shorthand for a played line with this NS score.
func played(score int) scoring.CompareLine {
	return scoring.CompareLine{Kind: scoring.LinePlayed, NSScore: score}
}

// playedIn is a played line in a fouled board's group.
func playedIn(group, score int) scoring.CompareLine {
	return scoring.CompareLine{Kind: scoring.LinePlayed, NSScore: score, Group: group}
}

// artificial is an artificial adjusted line of these percentages.
func artificial(ns, ew int) scoring.CompareLine {
	return scoring.CompareLine{Kind: scoring.LineArtificial, NSPercent: ns, EWPercent: ew}
}

// near reports whether two figures agree to a billionth.
func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// sameFloats compares two slices to a billionth.
func sameFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !near(a[i], b[i]) {
			return false
		}
	}
	return true
}

// TestMatchpoints works boards by hand in both conventions (LAWS.md "Comparing results":
// 1 per score beaten and ½ per tie, EBU/WBF 2 and 1) with Neuberg, artificial scores, fouled
// groups and unplayed lines. Neuberg (testdata README): scaled = (raw + u)·n/m − u, u = ½ or 1.
func TestMatchpoints(t *testing.T) {
	five := []scoring.CompareLine{played(420), played(420), played(450), played(170), played(-50)}
	cases := []struct {
		name   string
		lines  []scoring.CompareLine
		full   int
		scale  scoring.MPScale
		ns, ew []float64
		top    float64
	}{{
		// 450 beats four: 4. Each 420 beats 170 and −50 and ties the other 420: 2½.
		// 170 beats −50: 1. −50: 0. Sum 10 = top 4 × 5 lines / 2.
		name: "ACBL five results", lines: five, full: 5, scale: scoring.MPScaleACBL,
		ns: []float64{2.5, 2.5, 4, 1, 0}, ew: []float64{1.5, 1.5, 0, 3, 4}, top: 4,
	}, {
		// The same doubled: 2 per score beaten, 1 per tie; top 2(5−1) = 8.
		name: "EBU five results", lines: five, full: 5, scale: scoring.MPScaleEBU,
		ns: []float64{5, 5, 8, 2, 0}, ew: []float64{3, 3, 0, 6, 8}, top: 8,
	}, {
		// full 0: n is the count of lines that are not "not played": 5.
		name: "full 0 counts the lines", lines: five, full: 0, scale: scoring.MPScaleACBL,
		ns: []float64{2.5, 2.5, 4, 1, 0}, ew: []float64{1.5, 1.5, 0, 3, 4}, top: 4,
	}, {
		// Played 5 times, others 6 times (n=6, m=5), ACBL: (raw+½)·6/5 − ½.
		// 450: 4.5·1.2 − .5 = 4.9; 420: 3·1.2 − .5 = 3.1; 170: 1.5·1.2 − .5 = 1.3;
		// −50: .5·1.2 − .5 = .1. Top 5; sum 12.5 = 5 × 5 / 2.
		name: "ACBL Neuberg 5 of 6", lines: five, full: 6, scale: scoring.MPScaleACBL,
		ns: []float64{3.1, 3.1, 4.9, 1.3, 0.1}, ew: []float64{1.9, 1.9, 0.1, 3.7, 4.9}, top: 5,
	}, {
		// EBU, n=6, m=5: (raw+1)·6/5 − 1. 450: 9·1.2 − 1 = 9.8; 420: 6·1.2 − 1 = 6.2;
		// 170: 3·1.2 − 1 = 2.6; −50: 1.2 − 1 = .2 (the figures of the testdata's board 26).
		name: "EBU Neuberg 5 of 6", lines: five, full: 6, scale: scoring.MPScaleEBU,
		ns: []float64{6.2, 6.2, 9.8, 2.6, 0.2}, ew: []float64{3.8, 3.8, 0.2, 7.4, 9.8}, top: 10,
	}, {
		// An average-plus/minus line (60/40) among five: n = 5, m = 4, EBU top 8.
		// Raw among 450, 420, 420, 170: 6, 3, 3, 0 → (raw+1)·5/4 − 1: 7.75, 4, 4, .25.
		// The artificial line: NS 60 % of 8 = 4.8, EW 40 % = 3.2 (LAWS.md: not compared).
		name:  "EBU artificial 60/40",
		lines: []scoring.CompareLine{played(450), played(420), artificial(60, 40), played(420), played(170)},
		full:  0, scale: scoring.MPScaleEBU,
		ns: []float64{7.75, 4, 4.8, 4, 0.25}, ew: []float64{0.25, 4, 3.2, 4, 7.75}, top: 8,
	}, {
		// 50/50 and 40/40 (both average minus) in six lines, ACBL: n = 6, top 5, m = 4.
		// Raw among 100, 200, 300, 300: 0, 1, 2.5, 2.5 → (raw+½)·6/4 − ½: .25, 1.75, 4, 4.
		name:  "ACBL two artificial lines",
		lines: []scoring.CompareLine{played(100), artificial(50, 50), played(200), played(300), artificial(40, 40), played(300)},
		full:  0, scale: scoring.MPScaleACBL,
		ns: []float64{0.25, 2.5, 1.75, 4, 2, 4}, ew: []float64{4.75, 2.5, 3.25, 1, 2, 1}, top: 5,
	}, {
		// A line not played takes no part and scores nothing; n = 3 (full 0), top 2.
		name:  "not played",
		lines: []scoring.CompareLine{played(100), {Kind: scoring.LineNotPlayed}, played(200), played(100)},
		full:  0, scale: scoring.MPScaleACBL,
		ns: []float64{0.5, 0, 2, 0.5}, ew: []float64{1.5, 0, 0, 1.5}, top: 2,
	}, {
		// Fouled board (LAWS.md, Law B3: matchpoint fouled groups separately): groups of 3 and 3,
		// each scaled to n = 6, ACBL: (raw+½)·6/3 − ½ = 2·raw + ½.
		// Group 0: 400, 420, 450 → raw 0, 1, 2 → .5, 2.5, 4.5.
		// Group 1: 100, 140, 140 → raw 0, 1.5, 1.5 → .5, 3.5, 3.5. Each group sums to 3 × 5 / 2.
		name:  "fouled board, two groups",
		lines: []scoring.CompareLine{playedIn(0, 400), playedIn(1, 140), playedIn(0, 420), playedIn(1, 100), playedIn(0, 450), playedIn(1, 140)},
		full:  6, scale: scoring.MPScaleACBL,
		ns: []float64{0.5, 3.5, 2.5, 0.5, 4.5, 3.5}, ew: []float64{4.5, 1.5, 2.5, 4.5, 0.5, 1.5}, top: 5,
	}, {
		// One result alone gets the average: (0 + 1)·4/1 − 1 = 3 of a top of 6.
		name: "a lone result", lines: []scoring.CompareLine{played(620)}, full: 4, scale: scoring.MPScaleEBU,
		ns: []float64{3}, ew: []float64{3}, top: 6,
	}, {
		name: "empty", lines: nil, full: 0, scale: scoring.MPScaleEBU,
		ns: []float64{}, ew: []float64{}, top: 0,
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ns, ew, top := scoring.Matchpoints(c.lines, c.full, c.scale)
			if !sameFloats(ns, c.ns) || !sameFloats(ew, c.ew) || !near(top, c.top) {
				t.Errorf("Matchpoints = ns %v ew %v top %v, want ns %v ew %v top %v", ns, ew, top, c.ns, c.ew, c.top)
			}
		})
	}
}

// TestMatchpointsAssigned works an assigned (weighted) score by hand (Law 12C1(c)): five lines,
// ACBL, top 4: A 620, B 170, C 170, D −100 and W = 50 % of 620 + 50 % of 170.
//
//	A: beats B, C, D (3) and against W ½·½ + ½·1 = .75 → 3.75
//	B: ties C (½), beats D (1), against W ½·0 + ½·½ = .25 → 1.75; C the same
//	D: 0
//	W: its 620 part scores ½ + 1 + 1 + 1 = 3.5, its 170 part 0 + ½ + ½ + 1 = 2; ½·3.5 + ½·2 = 2.75
//
// Sum 3.75 + 1.75 + 1.75 + 0 + 2.75 = 10 = 4 × 5 / 2.
func TestMatchpointsAssigned(t *testing.T) {
	lines := []scoring.CompareLine{played(620), played(170), played(170), played(-100), {Kind: scoring.LineAssigned}}
	assigned := [][]scoring.Weighted{4: {{NSScore: 620, Weight: 0.5}, {NSScore: 170, Weight: 0.5}}}
	ns, ew, top := scoring.MatchpointsAssigned(lines, assigned, 5, scoring.MPScaleACBL)
	wantNS := []float64{3.75, 1.75, 1.75, 0, 2.75}
	wantEW := []float64{0.25, 2.25, 2.25, 4, 1.25}
	if !sameFloats(ns, wantNS) || !sameFloats(ew, wantEW) || top != 4 {
		t.Errorf("ns %v ew %v top %v, want ns %v ew %v top 4", ns, ew, top, wantNS, wantEW)
	}
	// Shares that do not sum to 1 are taken in proportion: 1 and 1 are ½ and ½.
	assigned[4] = []scoring.Weighted{{NSScore: 620, Weight: 1}, {NSScore: 170, Weight: 1}}
	if ns2, _, _ := scoring.MatchpointsAssigned(lines, assigned, 5, scoring.MPScaleACBL); !sameFloats(ns2, wantNS) {
		t.Errorf("shares 1:1 gave %v, want %v", ns2, wantNS)
	}
	// An assigned line with one part of weight 1 is a played line; without parts it is its NSScore.
	one := [][]scoring.Weighted{4: {{NSScore: 450, Weight: 1}}}
	lines[4].NSScore = 450
	a, _, _ := scoring.MatchpointsAssigned(lines, one, 5, scoring.MPScaleACBL)
	b, _, _ := scoring.Matchpoints(lines, 5, scoring.MPScaleACBL)
	lines[4].Kind = scoring.LinePlayed
	c, _, _ := scoring.Matchpoints(lines, 5, scoring.MPScaleACBL)
	if !sameFloats(a, c) || !sameFloats(b, c) {
		t.Errorf("single-part assigned %v, partless assigned %v, played %v: want all equal", a, b, c)
	}
	// Neuberg counts an assigned line as one result: four lines (m = 4) scaled to n = 5, EBU.
	// W's 620 part beats 170, 170, −100 (3); its 170 part ties two and beats −100 (½+½+1 = 2);
	// ½·3 + ½·2 = 2.5 in ACBL units, 5 in EBU; (5+1)·5/4 − 1 = 6.5 of a top of 8.
	lines = []scoring.CompareLine{played(170), played(170), played(-100), {Kind: scoring.LineAssigned}}
	assigned = [][]scoring.Weighted{3: {{NSScore: 620, Weight: 0.5}, {NSScore: 170, Weight: 0.5}}}
	ns, _, top = scoring.MatchpointsAssigned(lines, assigned, 5, scoring.MPScaleEBU)
	if !near(ns[3], 6.5) || top != 8 {
		t.Errorf("assigned line under Neuberg: %v (top %v), want 6.5 (top 8)", ns[3], top)
	}
}

// TestPlusMinus works the period method of Duplicate Auction Law H by hand (LAWS.md): 420, 450,
// 170, −50 average 990/4 = 247.5, so NS get +172.5, +202.5, −77.5, −297.5; a fouled group has its
// own average (100 and 200: 150); an artificial line gets the average, 0; an assigned line of
// 50 % 300 + 50 % 100 counts as 200.
func TestPlusMinus(t *testing.T) {
	lines := []scoring.CompareLine{played(420), played(450), playedIn(1, 100), played(170), artificial(60, 40), played(-50), playedIn(1, 200)}
	ns, ew := scoring.PlusMinus(lines, nil)
	want := []float64{172.5, 202.5, -50, -77.5, 0, -297.5, 50}
	for i := range want {
		if !near(ns[i], want[i]) || !near(ew[i], -want[i]) {
			t.Errorf("line %d: ns %v ew %v, want %v and %v", i, ns[i], ew[i], want[i], -want[i])
		}
	}
	lines = []scoring.CompareLine{played(100), {Kind: scoring.LineAssigned}, played(400)}
	ns, _ = scoring.PlusMinus(lines, [][]scoring.Weighted{1: {{NSScore: 300, Weight: 0.5}, {NSScore: 100, Weight: 0.5}}})
	// values 100, 200, 400: average 700/3.
	avg := 700.0 / 3
	if !sameFloats(ns, []float64{100 - avg, 200 - avg, 400 - avg}) {
		t.Errorf("assigned plus/minus %v", ns)
	}
}

// TestTotalPoints: NS keep their score, EW its negative (LAWS.md, total points).
func TestTotalPoints(t *testing.T) {
	lines := []scoring.CompareLine{played(420), artificial(60, 40), {Kind: scoring.LineNotPlayed}, played(-1100), {Kind: scoring.LineAssigned}}
	ns, ew := scoring.TotalPoints(lines, [][]scoring.Weighted{4: {{NSScore: 600, Weight: 0.25}, {NSScore: -200, Weight: 0.75}}})
	// assigned: .25·600 − .75·200 = 0
	if !sameFloats(ns, []float64{420, 0, 0, -1100, 0}) || !sameFloats(ew, []float64{-420, 0, 0, 1100, 0}) {
		t.Errorf("ns %v ew %v", ns, ew)
	}
}

// TestMPScaleTop: top = n − 1 (ACBL), 2(n − 1) (EBU).
func TestMPScaleTop(t *testing.T) {
	for _, c := range []struct {
		s    scoring.MPScale
		n    int
		want float64
	}{{scoring.MPScaleACBL, 13, 12}, {scoring.MPScaleEBU, 13, 24}, {scoring.MPScaleEBU, 1, 0}, {scoring.MPScaleACBL, 0, 0}} {
		if got := c.s.Top(c.n); got != c.want {
			t.Errorf("%v.Top(%d) = %v, want %v", c.s, c.n, got, c.want)
		}
	}
}
