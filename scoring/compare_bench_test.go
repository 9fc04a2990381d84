package scoring_test

import (
	"math/rand/v2"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// The scale of a world-wide simultaneous pairs: 40 boards × 25,000 results = 1,000,000 results
// (issue 3, "Tests and speed").
const (
	benchBoardCount = 40
	benchPerBoard   = 25000
)

// benchEvent deals the event: each board's scores drawn from 8–24 plausible results (so ties
// abound, as on a real traveler), one line in 500 artificial and each board played 24,000 to
// 25,000 times, so Neuberg scales every board to 25,000.
func benchEvent() [][]scoring.CompareLine {
	rng := rand.New(rand.NewPCG(2024, 1))
	boards := make([][]scoring.CompareLine, benchBoardCount)
	for b := range boards {
		m := benchPerBoard - rng.IntN(1000)
		scores := randomBoard(rng, m)
		lines := make([]scoring.CompareLine, m)
		for i, s := range scores {
			lines[i] = played(s)
			if rng.IntN(500) == 0 {
				lines[i] = artificial(60, 40)
			}
		}
		boards[b] = lines
	}
	return boards
}

// benchScores returns each board's played scores.
func benchScores(boards [][]scoring.CompareLine) [][]int {
	out := make([][]int, len(boards))
	for b, lines := range boards {
		for _, l := range lines {
			if l.Kind == scoring.LinePlayed {
				out[b] = append(out[b], l.NSScore)
			}
		}
	}
	return out
}

// BenchmarkMatchpointsNeuberg matchpoints 1,000,000 results (40 boards × up to 25,000), every
// board Neuberg-scaled to 25,000; one op is the whole event.
func BenchmarkMatchpointsNeuberg(b *testing.B) {
	boards := benchEvent()
	b.ResetTimer()
	for range b.N {
		for _, lines := range boards {
			scoring.Matchpoints(lines, benchPerBoard, scoring.MPScaleEBU)
		}
	}
}

// BenchmarkCrossIMPs IMPs across the field the same 1,000,000 results; one op is the whole event.
func BenchmarkCrossIMPs(b *testing.B) {
	scores := benchScores(benchEvent())
	b.ResetTimer()
	for range b.N {
		for _, s := range scores {
			scoring.CrossIMPs(s)
		}
	}
}

// BenchmarkCrossIMPsDistinct is the worst case for CrossIMPs: 40 boards of 25,000 scores that
// are nearly all different (uniform over ±4,500, so most share no value).
func BenchmarkCrossIMPsDistinct(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 7))
	scores := make([][]int, benchBoardCount)
	for i := range scores {
		scores[i] = make([]int, benchPerBoard)
		for k := range scores[i] {
			scores[i][k] = rng.IntN(9_000_001) - 4_500_000
		}
	}
	b.ResetTimer()
	for range b.N {
		for _, s := range scores {
			scoring.CrossIMPs(s)
		}
	}
}

// BenchmarkCrossIMPLines is CrossIMPLines (groups, artificial lines) on the same event.
func BenchmarkCrossIMPLines(b *testing.B) {
	boards := benchEvent()
	b.ResetTimer()
	for range b.N {
		for _, lines := range boards {
			scoring.CrossIMPLines(lines, nil)
		}
	}
}

// BenchmarkButler is ButlerLines (trim 1, round 10) on the same event.
func BenchmarkButler(b *testing.B) {
	boards := benchEvent()
	b.ResetTimer()
	for range b.N {
		for _, lines := range boards {
			scoring.ButlerLines(lines, nil, 1, 10)
		}
	}
}
