package tournament

import (
	"slices"
	"testing"
)

// paceMitchell is a 3-table Mitchell of one board a round (3 rounds) at
// the announced round current.
func paceMitchell(t *testing.T, current int) *Section {
	t.Helper()
	m, err := MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	return &Section{ID: 1, Name: "A", Movement: m, CurrentRound: current}
}

// entered is a result at each slot of table in rounds.
func entered(t *testing.T, sec *Section, table int, rounds ...int) []Result {
	t.Helper()
	var out []Result
	for _, r := range rounds {
		rd, _ := sec.Movement.Round(r)
		tb, ok := rd.Table(table)
		if !ok {
			t.Fatalf("table %d has no play in round %d", table, r)
		}
		for _, b := range tb.Boards {
			out = append(out, Result{Board: b, Round: r, Table: table, Status: StatusNotPlayed})
		}
	}
	return out
}

// TestTableRounds: a table's own round is the announced one or, its
// boards all in, further on (the page opens on it); the rounds open to it
// leave out the closed ones.
func TestTableRounds(t *testing.T) {
	sec := paceMitchell(t, 1)
	if got := TableRound(sec, 1, nil); got != 1 {
		t.Errorf("nothing entered: own round %d, want 1", got)
	}
	if got := TableRound(sec, 1, entered(t, sec, 1, 1)); got != 2 {
		t.Errorf("round 1 in: own round %d, want 2", got)
	}
	if got := TableRound(sec, 1, entered(t, sec, 1, 1, 2, 3)); got != 3 {
		t.Errorf("every round in: own round %d, want 3, the last", got)
	}
	if got := TableRound(sec, 1, entered(t, sec, 2, 1)); got != 1 {
		t.Errorf("another table's results: own round %d, want 1", got)
	}
	// A round's board to be played later counts as in.
	rd, _ := sec.Movement.Round(1)
	tb, _ := rd.Table(1)
	sec.Pace.Late = []Slot{{Board: tb.Boards[0], Round: 1, Table: 1}}
	if got := TableRound(sec, 1, nil); got != 2 {
		t.Errorf("round 1's board to be played later: own round %d, want 2", got)
	}
	sec.Pace.Late = nil

	// The director announces round 3; table 1 has round 1 in, not round 2:
	// its page opens on round 3, the announced round (round 2 stays open
	// to it, below, until the director closes it).
	sec.CurrentRound = 3
	rs := entered(t, sec, 1, 1)
	if got := TableRound(sec, 1, rs); got != 3 {
		t.Errorf("behind: the table is on round %d, want 3, the announced round", got)
	}
	sec.Pace.Closed = []ClosedRound{{Table: 1, Round: 2}}
	if got := OpenRounds(sec, 1, 3); !slices.Equal(got, []int{1, 3}) {
		t.Errorf("open rounds %v, want [1 3] (2 closed)", got)
	}
	if err := tableMayEnter(Actor{Role: RoleTable, SectionID: 1, Table: 1}, sec, 1, 2, 3, "table"); err == nil {
		t.Error("a closed round was open to the table")
	}
	if err := tableMayEnter(Actor{Role: RoleTable, SectionID: 1, Table: 1}, sec, 1, 1, 3, "table"); err != nil {
		t.Errorf("round 1, not closed: %v", err)
	}
}

// TestFinishedBoardsLatePlay: a slot to be played later is not waited for
// while it has no result, and counts as any other once it has one.
func TestFinishedBoardsLatePlay(t *testing.T) {
	sec := paceMitchell(t, 3)
	var slots []Slot
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			if slices.Contains(tb.Boards, 1) {
				slots = append(slots, Slot{Board: 1, Round: rd.Number, Table: tb.Table})
			}
		}
	}
	if len(slots) != 3 {
		t.Fatalf("board 1 at %d slots, want 3", len(slots))
	}
	var rs []Result
	for _, sl := range slots[1:] {
		rs = append(rs, Result{Board: 1, Round: sl.Round, Table: sl.Table, Status: StatusNotPlayed})
	}
	if FinishedBoards(sec, rs)[1] {
		t.Fatal("board 1 finished with a slot missing")
	}
	sec.Pace.Late = []Slot{slots[0]}
	if !FinishedBoards(sec, rs)[1] {
		t.Error("board 1 not finished with its missing slot to be played later")
	}
	rs = append(rs, Result{Board: 1, Round: slots[0].Round, Table: slots[0].Table, Status: StatusNotPlayed})
	if !FinishedBoards(sec, rs)[1] {
		t.Error("board 1 not finished with the late play entered")
	}
}
