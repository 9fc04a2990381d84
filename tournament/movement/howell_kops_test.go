package movement

import (
	"fmt"
	"strings"
	"testing"
)

// TestReadKoPS: the generator's KoPS Howells are read from the committed
// movements.json (testdata/howellki_movements.json, emkael/howellki,
// GPL-2.0) and nowhere else: its 62 Howells of 2 to 16 tables, 4-7 (8
// pairs, 7 rounds) among them as the file gives it — "positions" [8, 1, 5,
// 4, 2, 7, 3, 6], "sets" [1, 2, 3, 0, 4, 0, 0]: table 1 8 v 1 on set 1,
// table 4 3 v 6 on set 5. A movement the rotation would not play as the
// file says is refused, naming it: one whose moving seats are not pair R's,
// R−1's, … 1's, or whose table starts with no set.
func TestReadKoPS(t *testing.T) {
	m := kopsHowells()
	if len(m) != 62 {
		t.Errorf("%d Howells read, want 62", len(m))
	}
	b := m[[2]int{8, 7}]
	if got := fmt.Sprint(b.rounds, b.tables); got != "7 [{8 1 [[0 0]] 0} {5 4 [[1 0]] 0} {2 7 [[2 0]] 0} {3 6 [[4 0]] 0}]" {
		t.Errorf("4-7: %s", got)
	}
	for _, c := range []struct{ json, want string }{
		{`{"4-7": {"tables": 4, "rounds": 7, "sets": [1, 2, 3, 0, 4, 0, 0], "movement": ["4E", "3E", "2N", "2E", "4N", "3N", "1E"], "positions": [8, 1, 5, 4, 2, 7, 3, 6]}}`,
			"4-7: moving seat 1 is 4E, pair 7 sits at 3E"},
		{`{"4-7": {"tables": 4, "rounds": 7, "sets": [1, 2, 3, 0, 3, 0, 0], "movement": ["3E", "4E", "2N", "2E", "4N", "3N", "1E"], "positions": [8, 1, 5, 4, 2, 7, 3, 6]}}`,
			"4-7: set 5 starts at table 3"},
		{`{"4-7": {"tables": 4, "rounds": 7, "sets": [1, 2, 3, 0, 4, 0, 0], "movement": ["3E", "4E", "2N", "2E", "4N", "3N", "1E"], "positions": [8, 1, 5, 4, 2, 7, 3, 8]}}`,
			"4-7: positions: pair 8"},
	} {
		if _, err := readKoPS([]byte(c.json)); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("readKoPS: %v, want %q", err, c.want)
		}
	}
}
