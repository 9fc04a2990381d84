package scoring_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// randomTraveler deals a board's traveler: played lines (from randomBoard), some artificial
// (60/40, 50/50, 40/60, 40/40), some not played, some assigned with two or three parts, and on
// a fouled board (one in four) two groups.
func randomTraveler(rng *rand.Rand, n int) ([]scoring.CompareLine, [][]scoring.Weighted) {
	scores := randomBoard(rng, n)
	lines := make([]scoring.CompareLine, n)
	assigned := make([][]scoring.Weighted, n)
	fouled := rng.IntN(4) == 0
	splits := [][2]int{{60, 40}, {50, 50}, {40, 60}, {40, 40}}
	for i, s := range scores {
		lines[i] = played(s)
		if fouled {
			lines[i].Group = rng.IntN(2)
		}
		switch rng.IntN(12) {
		case 0:
			sp := splits[rng.IntN(len(splits))]
			lines[i] = artificial(sp[0], sp[1])
		case 1:
			lines[i] = scoring.CompareLine{Kind: scoring.LineNotPlayed}
		case 2:
			lines[i].Kind = scoring.LineAssigned
			other := randomBoard(rng, 2)
			assigned[i] = []scoring.Weighted{{NSScore: s, Weight: 0.6}, {NSScore: other[0], Weight: 0.3}, {NSScore: other[1], Weight: 0.1}}
		}
	}
	return lines, assigned
}

// mirror swaps NS and EW: every score negated, the artificial percentages swapped.
func mirror(lines []scoring.CompareLine, assigned [][]scoring.Weighted) ([]scoring.CompareLine, [][]scoring.Weighted) {
	ml := make([]scoring.CompareLine, len(lines))
	for i, l := range lines {
		ml[i] = l
		ml[i].NSScore = -l.NSScore
		ml[i].NSPercent, ml[i].EWPercent = l.EWPercent, l.NSPercent
	}
	ma := make([][]scoring.Weighted, len(assigned))
	for i, parts := range assigned {
		for _, p := range parts {
			ma[i] = append(ma[i], scoring.Weighted{NSScore: -p.NSScore, Weight: p.Weight})
		}
	}
	return ml, ma
}

// groupsOf returns the indexes of the compared lines of each group.
func groupsOf(lines []scoring.CompareLine) map[int][]int {
	g := map[int][]int{}
	for i, l := range lines {
		if l.Kind == scoring.LinePlayed || l.Kind == scoring.LineAssigned {
			g[l.Group] = append(g[l.Group], i)
		}
	}
	return g
}

// TestMatchpointsProperties: on random travelers in both conventions, with n from the lines or
// larger (Neuberg), every group's NS matchpoints sum to top × results / 2, each compared line's
// NS + EW is the top, every figure lies in [0, top], an artificial line gets exactly its
// percentages, an unplayed line nothing, and swapping NS and EW mirrors everything.
func TestMatchpointsProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 3000; round++ {
		lines, assigned := randomTraveler(rng, rng.IntN(30))
		for _, scale := range []scoring.MPScale{scoring.MPScaleACBL, scoring.MPScaleEBU} {
			full := 0
			if rng.IntN(2) == 0 {
				full = len(lines) + rng.IntN(5)
			}
			ns, ew, top := scoring.MatchpointsAssigned(lines, assigned, full, scale)
			for _, members := range groupsOf(lines) {
				sum := 0.0
				for _, i := range members {
					sum += ns[i]
					if !near(ns[i]+ew[i], top) || ns[i] < -1e-9 || ns[i] > top+1e-9 {
						t.Fatalf("%v: line %d: ns %v ew %v top %v", lines, i, ns[i], ew[i], top)
					}
				}
				if want := top * float64(len(members)) / 2; math.Abs(sum-want) > 1e-6 {
					t.Fatalf("%v (full %d, scale %d): group sum %v, want top %v × %d / 2 = %v", lines, full, scale, sum, top, len(members), want)
				}
			}
			for i, l := range lines {
				switch l.Kind {
				case scoring.LineArtificial:
					if !near(ns[i], top*float64(l.NSPercent)/100) || !near(ew[i], top*float64(l.EWPercent)/100) {
						t.Fatalf("artificial %v: %v/%v of top %v", l, ns[i], ew[i], top)
					}
				case scoring.LineNotPlayed:
					if ns[i] != 0 || ew[i] != 0 {
						t.Fatalf("not played: %v/%v", ns[i], ew[i])
					}
				}
			}
			ml, ma := mirror(lines, assigned)
			mns, mew, mtop := scoring.MatchpointsAssigned(ml, ma, full, scale)
			if !sameFloats(mns, ew) || !sameFloats(mew, ns) || mtop != top {
				t.Fatalf("%v: mirrored ns %v ew %v, want ns %v ew %v", lines, mns, mew, ew, ns)
			}
		}
	}
}

// TestIMPProperties: on random travelers, cross-IMPs and plus/minus points of every group sum to
// zero, Butler and total points are antisymmetric lines, and swapping NS and EW mirrors every
// method.
func TestIMPProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for round := 0; round < 3000; round++ {
		lines, assigned := randomTraveler(rng, rng.IntN(30))
		ml, ma := mirror(lines, assigned)
		cross, crossEW := scoring.CrossIMPLines(lines, assigned)
		plus, plusEW := scoring.PlusMinus(lines, assigned)
		for _, members := range groupsOf(lines) {
			var sc, sp float64
			for _, i := range members {
				sc += cross[i]
				sp += plus[i]
			}
			if math.Abs(sc) > 1e-9 || math.Abs(sp) > 1e-6 {
				t.Fatalf("%v: group sums: cross-IMPs %v, plus/minus %v; want 0", lines, sc, sp)
			}
		}
		trim, round10 := rng.IntN(3), []int{1, 10, 50}[rng.IntN(3)]
		butler, butlerEW, datum := scoring.ButlerLines(lines, assigned, trim, round10)
		total, totalEW := scoring.TotalPoints(lines, assigned)
		mcross, mcrossEW := scoring.CrossIMPLines(ml, ma)
		mplus, mplusEW := scoring.PlusMinus(ml, ma)
		mbutler, mbutlerEW, mdatum := scoring.ButlerLines(ml, ma, trim, round10)
		mtotal, mtotalEW := scoring.TotalPoints(ml, ma)
		for _, c := range []struct {
			name             string
			ns, ew, mns, mew []float64
		}{
			{"cross-IMPs", cross, crossEW, mcross, mcrossEW},
			{"plus/minus", plus, plusEW, mplus, mplusEW},
			{"Butler", butler, butlerEW, mbutler, mbutlerEW},
			{"total points", total, totalEW, mtotal, mtotalEW},
		} {
			if !sameFloats(c.mns, c.ew) || !sameFloats(c.mew, c.ns) {
				t.Fatalf("%s of %v: mirrored ns %v ew %v, want ns %v ew %v", c.name, lines, c.mns, c.mew, c.ew, c.ns)
			}
		}
		for g, d := range datum {
			if mdatum[g] != -d {
				t.Fatalf("%v: datum %d, mirrored %d", lines, d, mdatum[g])
			}
		}
	}
}
