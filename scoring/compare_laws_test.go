package scoring_test

import (
	"math"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// TestCompareEveryLawCode: the comparisons work on the ns_score of the
// event's law code, whatever it is. The same six table results on one board
// (4 hearts by North, 8 to 12 tricks, one doubled) are scored under every
// code and matchpointed (EBU 2/1: top 10 for 6 results) and cross-IMPed:
// the matchpoints sum to top × results / 2 = 30 and the cross-IMPs to 0, and
// the better result for NS never earns fewer matchpoints.
func TestCompareEveryLawCode(t *testing.T) {
	tables := []struct {
		contract string
		tricks   int
	}{{"4H", 10}, {"4H", 11}, {"4HX", 9}, {"4H", 8}, {"4H", 12}, {"4H", 10}}
	for _, law := range scoring.Laws {
		rules := scoring.NewRules(law)
		var lines []scoring.CompareLine
		var scores []int
		for _, tb := range tables {
			text := tb.contract
			if law == scoring.Bridge || law == scoring.BridgePortland {
				text = text[1:] // the Bridge codes name the trump without a level
			}
			c, err := rules.ParseContract(text)
			if err != nil {
				t.Fatalf("%s: %v", law, err)
			}
			s, err := rules.Score(&scoring.Result{Contract: c, Declarer: scoring.North, Tricks: tb.tricks})
			if err != nil {
				t.Fatalf("%s: %v", law, err)
			}
			lines = append(lines, scoring.CompareLine{Kind: scoring.LinePlayed, NSScore: s.NSScore()})
			scores = append(scores, s.NSScore())
		}
		ns, ew, top := scoring.Matchpoints(lines, len(lines), scoring.MPScaleEBU)
		sum := 0.0
		for i := range ns {
			sum += ns[i] + ew[i]
			for j := range ns {
				if scores[i] > scores[j] && ns[i] <= ns[j] {
					t.Errorf("%s: NS %d earned %v, not more than %d's %v", law, scores[i], ns[i], scores[j], ns[j])
				}
			}
		}
		if top != 10 || math.Abs(sum-2*30) > 1e-9 {
			t.Errorf("%s: top %v, NS+EW matchpoints %v; want top 10 and 60 (30 a direction)", law, top, sum)
		}
		imps := 0.0
		for _, v := range scoring.CrossIMPs(scores) {
			imps += v
		}
		if math.Abs(imps) > 1e-9 {
			t.Errorf("%s: cross-IMPs sum to %v, want 0", law, imps)
		}
	}
}
