package movement_test

import (
	"fmt"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// playSwiss plays rounds of a Swiss event of n teams with SwissPairing,
// every match won 13–7 by the team with the lower number and a bye scoring
// 12, and returns each round's pairing and the scores before it.
func playSwiss(t testing.TB, n, rounds int) (pairings [][]movement.Match, before [][]float64) {
	scores := make([]float64, n)
	var played []movement.Match
	for r := 1; r <= rounds; r++ {
		m, err := movement.SwissPairing(scores, played)
		if err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
		pairings = append(pairings, m)
		before = append(before, append([]float64(nil), scores...))
		for _, mt := range m {
			if mt.Away == 0 {
				scores[mt.Home-1] += 12
				continue
			}
			scores[min(mt.Home, mt.Away)-1] += 13
			scores[max(mt.Home, mt.Away)-1] += 7
		}
		played = append(played, m...)
	}
	return pairings, before
}

// TestSwissSevenTeams pairs 7 teams over 6 rounds (the lower number wins
// each match 13–7, a bye scores 12), each round checked by hand against
// the rule: rank by VPs (a tie: the lower number first); the bye to the
// lowest-ranked team without one; then each team in rank order meets the
// highest-ranked free team it has not met.
//
//	R1 all 0: rank 1..7; bye 7; 1-2 3-4 5-6.
//	R2 1:13 3:13 5:13 7:12 2:7 4:7 6:7; bye 6 (lowest without one); 1-3 5-7 2-4.
//	R3 1:26 5:26 2:20 3:20 6:19 7:19 4:14; bye 4; 1-5 (1 met 2, 3), 2-3 (2 met 1, 4), 6-7.
//	R4 1:39 2:33 5:33 6:32 3:27 4:26 7:26; without a bye: 1 2 3 5 → bye 3;
//	   1-6 (met 2 3 5), 2-5 (met 1 4 3), 4-7.
//	R5 1:52 2:46 5:40 3:39 4:39 6:39 7:33; without a bye 1 2 5 → bye 5;
//	   1-4 (met 2 3 5 6), 2-6 (met 1 3 4 5), 3-7 (3 met 4 1 2).
//	R6 1:65 2:59 3:52 5:52 4:46 6:46 7:40; without a bye 1 2 → bye 2;
//	   1-7 (met every other), 3-5 (3 met 4 1 2 7), 4-6.
//
// No two teams meet twice and each team has at most one bye.
func TestSwissSevenTeams(t *testing.T) {
	want := []string{
		"[{1 2} {3 4} {5 6} {7 0}]",
		"[{1 3} {5 7} {2 4} {6 0}]",
		"[{1 5} {2 3} {6 7} {4 0}]",
		"[{1 6} {2 5} {4 7} {3 0}]",
		"[{1 4} {2 6} {3 7} {5 0}]",
		"[{1 7} {3 5} {4 6} {2 0}]",
	}
	checkSwiss(t, 7, want)
}

// TestSwissEightTeams pairs 8 teams over 6 rounds as TestSwissSevenTeams
// does, each round checked by hand:
//
//	R1 all 0: 1-2 3-4 5-6 7-8.
//	R2 1 3 5 7 on 13, 2 4 6 8 on 7: 1-3 5-7 2-4 6-8.
//	R3 1:26 5:26 2:20 3:20 6:20 7:20 4:14 8:14: 1-5 2-3 6-7 4-8.
//	R4 1:39 2:33 5:33 6:33 3:27 4:27 7:27 8:21: 1-6 (met 2 3 5), 2-5 (met 1 3 4);
//	   3-7 would leave 4-8, who met in R3: back up to 3-8, 4-7.
//	R5 1:52 2:46 3:40 4:40 5:40 6:40 7:34 8:28: 1-4 (met 2 3 5 6), 2-6 (met 1 3 4 5);
//	   3-5 would leave 7-8, who met in R1: 3-7, 5-8.
//	R6 1:65 2:59 3:53 5:53 4:47 6:47 7:41 8:35: 1-7 (met 2 3 4 5 6), 2-8 (met 1 3 4 5 6),
//	   3-5 (3 met 1 2 4 7 8), 4-6.
func TestSwissEightTeams(t *testing.T) {
	want := []string{
		"[{1 2} {3 4} {5 6} {7 8}]",
		"[{1 3} {5 7} {2 4} {6 8}]",
		"[{1 5} {2 3} {6 7} {4 8}]",
		"[{1 6} {2 5} {3 8} {4 7}]",
		"[{1 4} {2 6} {3 7} {5 8}]",
		"[{1 7} {2 8} {3 5} {4 6}]",
	}
	checkSwiss(t, 8, want)
}

// checkSwiss plays a Swiss of n teams over len(want) rounds and checks
// each round's pairing, that no two teams meet twice and no team has two
// byes.
func checkSwiss(t *testing.T, n int, want []string) {
	t.Helper()
	got, before := playSwiss(t, n, len(want))
	met, byes := map[[2]int]int{}, map[int]int{}
	for r := range want {
		if s := fmt.Sprint(got[r]); s != want[r] {
			t.Errorf("round %d, scores %v: %s, want %s", r+1, before[r], s, want[r])
		}
		for _, mt := range got[r] {
			if mt.Away == 0 {
				if byes[mt.Home]++; byes[mt.Home] > 1 {
					t.Errorf("round %d: team %d has a second bye", r+1, mt.Home)
				}
				continue
			}
			k := [2]int{min(mt.Home, mt.Away), max(mt.Home, mt.Away)}
			if met[k]++; met[k] > 1 {
				t.Errorf("round %d: teams %v meet again", r+1, k)
			}
		}
	}
}

// BenchmarkSwissPairing200 pairs a round of a Swiss of 200 teams after 12
// rounds (a long congress Swiss) and after 41 (where a search that backs
// up team by team took minutes), the matches ending by a fixed
// pseudo-random rule (the goal: under 100 ms a round).
func BenchmarkSwissPairing200(b *testing.B) {
	for _, rounds := range []int{12, 41} {
		b.Run(fmt.Sprintf("after%d", rounds), func(b *testing.B) {
			scores, played := randomSwiss(b, 200, rounds)
			b.ResetTimer()
			for b.Loop() {
				if _, err := movement.SwissPairing(scores, played); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// randomSwiss plays rounds of a Swiss of n teams, each match's VPs (0 to
// 20, the rest to the opponents) from a fixed xorshift sequence, a bye 12.
func randomSwiss(tb testing.TB, n, rounds int) ([]float64, []movement.Match) {
	scores := make([]float64, n)
	var played []movement.Match
	x := uint32(2463534242)
	for r := range rounds {
		m, err := movement.SwissPairing(scores, played)
		if err != nil {
			tb.Fatalf("round %d: %v", r+1, err)
		}
		for _, mt := range m {
			if mt.Away == 0 {
				scores[mt.Home-1] += 12
				continue
			}
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			v := float64(x % 21)
			scores[mt.Home-1] += v
			scores[mt.Away-1] += 20 - v
		}
		played = append(played, m...)
	}
	return scores, played
}

// TestSwissPairingSearch checks SwissPairing against the search it stands
// for, on 3,000 random histories of 4 to 12 teams: rank the teams, the top
// team meets the first team below it it may meet for which the rest can be
// paired (found by trying every way), and so on, at the fewest rematches
// a pairing can have (teams that met at most once, then twice …); with an
// odd number the bye to the lowest-ranked team of the fewest byes for which
// the rest can be paired.
func TestSwissPairingSearch(t *testing.T) {
	x := uint32(88172645)
	next := func(n int) int {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		return int(x % uint32(n))
	}
	for k := range 3000 {
		n := 4 + next(9)
		scores := make([]float64, n)
		for i := range scores {
			scores[i] = float64(next(5))
		}
		var played []movement.Match
		for range next(3 * n) {
			a, b := 1+next(n), next(n+1)
			if a == b {
				continue
			}
			if b == 0 && n%2 == 0 {
				continue
			}
			played = append(played, movement.Match{Home: a, Away: b})
		}
		got, err := movement.SwissPairing(scores, played)
		if err != nil {
			t.Fatalf("case %d: %v", k, err)
		}
		if want := searchPairing(scores, played); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("case %d, scores %v, played %v: %v, the search %v", k, scores, played, got, want)
		}
	}
}

// searchPairing is the pairing by exhaustive search TestSwissPairingSearch
// compares with.
func searchPairing(scores []float64, played []movement.Match) []movement.Match {
	n := len(scores)
	met, byes, _ := movement.SwissHistory(n, played)
	rank := movement.SwissRank(scores)
	var try func(free []int, limit int) ([]movement.Match, bool)
	try = func(free []int, limit int) ([]movement.Match, bool) {
		if len(free) == 0 {
			return nil, true
		}
		for j := 1; j < len(free); j++ {
			if met[free[0]][free[j]] > limit {
				continue
			}
			rest := append(append([]int(nil), free[1:j]...), free[j+1:]...)
			if m, ok := try(rest, limit); ok {
				return append([]movement.Match{{Home: free[0], Away: free[j]}}, m...), true
			}
		}
		return nil, false
	}
	for limit := 0; ; limit++ {
		if n%2 == 0 {
			if m, ok := try(rank, limit); ok {
				return m
			}
			continue
		}
		fewest := byes[1]
		for t := 2; t <= n; t++ {
			fewest = min(fewest, byes[t])
		}
		for i := n - 1; i >= 0; i-- {
			if byes[rank[i]] != fewest {
				continue
			}
			rest := append(append([]int(nil), rank[:i]...), rank[i+1:]...)
			if m, ok := try(rest, limit); ok {
				return append(m, movement.Match{Home: rank[i]})
			}
		}
	}
}
