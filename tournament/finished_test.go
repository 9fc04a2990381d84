package tournament

import "testing"

// TestFinishedBoardsHalfTable: a board is finished once every table that
// plays it has its result in; a half table's missing pair holds no board
// back, whether its opponents sit out (their tables are not in the
// movement) or play a phantom (their tables are, and are not waited for);
// an odd Howell's sit-out neither.
func TestFinishedBoardsHalfTable(t *testing.T) {
	for _, spec := range []MovementSpec{
		{Kind: "mitchell", Tables: 3, BoardsPerRound: 2, Missing: 6},
		{Kind: "mitchell", Tables: 3, BoardsPerRound: 2, Missing: 6, Phantom: true},
		{Kind: "howell", Pairs: 5, BoardsPerRound: 2},
	} {
		m, err := spec.Build()
		if err != nil {
			t.Fatal(err)
		}
		sec := &Section{Movement: m}
		var all []Result
		for _, rd := range m.Rounds {
			for _, tb := range rd.Tables {
				if tb.Opponent(m.Phantom) != 0 {
					continue // the phantom's table: nobody plays there
				}
				for _, b := range tb.Boards {
					all = append(all, Result{Board: b, Round: rd.Number, Table: tb.Table})
				}
			}
		}
		done := FinishedBoards(sec, all)
		for b := 1; b <= m.Boards; b++ {
			if !done[b] {
				t.Errorf("%s: board %d not finished with every table there in", m.Name, b)
			}
		}
		last := all[len(all)-1]
		done = FinishedBoards(sec, all[:len(all)-1])
		if done[last.Board] {
			t.Errorf("%s: board %d finished without round %d table %d's result", m.Name, last.Board, last.Round, last.Table)
		}
	}
}
