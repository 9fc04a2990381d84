package reports

import (
	"slices"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestColourGraph: a cycle of 5 vertices needs 3 colours (an odd cycle has
// no 2-colouring); the search proves 2 impossible and finds 3, and with a
// budget of one placed vertex gives up.
func TestColourGraph(t *testing.T) {
	adj := [][]int{{1, 4}, {0, 2}, {1, 3}, {2, 4}, {3, 0}}
	if _, ok := colourGraph(adj, 2, searchSteps); ok {
		t.Error("a 5-cycle coloured with 2 colours")
	}
	c, ok := colourGraph(adj, 3, searchSteps)
	if !ok {
		t.Fatal("no 3-colouring of a 5-cycle")
	}
	for v, ns := range adj {
		for _, u := range ns {
			if c[v] == c[u] || c[v] < 0 || c[v] > 2 {
				t.Errorf("vertices %d and %d both coloured %d", v, u, c[v])
			}
		}
	}
	if _, ok := colourGraph(adj, 3, 1); ok {
		t.Error("a search of one step coloured 5 vertices")
	}
}

// TestSeatMeetingsLargeField seats the meetings of a 25-table Mitchell of
// one board a round (25 rounds: 625 meetings, more than exactMeetings, so
// greedily): every meeting gets a round, no round has a pair or a board
// twice, and there are at least 25 rounds (each pair has 25 meetings).
func TestSeatMeetingsLargeField(t *testing.T) {
	m, err := movement.Mitchell(movement.MitchellOptions{Tables: 25, BoardsPerRound: 1})
	if err != nil {
		t.Fatal(err)
	}
	var meetings []meeting
	for _, r := range m.Rounds {
		for _, tb := range r.Tables {
			meetings = append(meetings, meeting{ns: tb.NS, ew: tb.EW, boards: slices.Clone(tb.Boards)})
		}
	}
	if len(meetings) <= exactMeetings {
		t.Fatalf("%d meetings; the test needs more than %d", len(meetings), exactMeetings)
	}
	round, n := seatMeetings(meetings)
	if n < 25 || len(round) != len(meetings) {
		t.Fatalf("%d rounds for %d meetings, want at least 25 for all %d", n, len(round), len(meetings))
	}
	type use struct{ round, board, pair int } // board 0: a pair; pair 0: a board
	seen := map[use]bool{}
	for i, mt := range meetings {
		keys := []use{{round[i], 0, mt.ns}, {round[i], 0, mt.ew}}
		for _, b := range mt.boards {
			keys = append(keys, use{round[i], b, 0})
		}
		for _, k := range keys {
			if seen[k] || round[i] < 0 || round[i] >= n {
				t.Fatalf("meeting %d v %d in round %d: %+v is there twice", mt.ns, mt.ew, round[i], k)
			}
			seen[k] = true
		}
	}
}
