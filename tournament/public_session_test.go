package tournament

import "testing"

// TestSessionOver: a section's session is over when every board its
// movement plays has all its results (FinishedBoards), and not while one
// table's result of one board is missing; a section without results is not
// over (issue 22 §6: frequencies and hand records go public then).
func TestSessionOver(t *testing.T) {
	m, err := MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sec := &Section{Movement: m}
	var all []Result
	for _, rd := range m.Rounds {
		for _, tb := range rd.Tables {
			for _, b := range tb.Boards {
				all = append(all, Result{Board: b, Round: rd.Number, Table: tb.Table, Status: StatusPlayed})
			}
		}
	}
	// 3 tables × 5 rounds × 2 boards: 30 results, each of the 10 boards 3 times.
	if len(all) != 30 {
		t.Fatalf("%d slots in a 6-pair Howell of 2 boards a round, want 30", len(all))
	}
	if SessionOver(sec, nil) {
		t.Error("a section without results is over")
	}
	if SessionOver(sec, all[1:]) {
		t.Errorf("the session is over without board %d's result at round %d table %d", all[0].Board, all[0].Round, all[0].Table)
	}
	if !SessionOver(sec, all) {
		t.Error("every result in, and the session is not over")
	}
}
