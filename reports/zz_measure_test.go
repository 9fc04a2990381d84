package reports

import (
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/scoring"
)

func TestZZMeasure(t *testing.T) {
	for _, an := range handSetAnalysed(t, "testdata/pbn/bridgewebs_hands_2025.pbn") {
		hands, _ := an.Deal.Complete()
		s := scoring.NewNulloSolver(hands, 3_000_000)
		start := time.Now()
		var v [4]int
		for d := scoring.North; d <= scoring.West; d++ {
			n, ok := s.Tricks(d)
			if !ok {
				n = -1
			}
			v[d] = n
		}
		t.Logf("board %d: %v positions %d in %v", an.Board, v, s.Positions(), time.Since(start))
	}
}
