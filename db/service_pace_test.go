package db_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/tournament"
)

// paceSetUp stores the 7-table Mitchell of mitchellSection (3 boards a
// round, 7 rounds) and returns a Service over it, the section and the
// actor of table n's token.
func paceSetUp(t *testing.T) (*tournament.Service, *db.Store, tournament.Section, func(n int) tournament.Actor) {
	t.Helper()
	s, _ := open(t)
	e := event(t, s)
	sec := mitchellSection(t, s, e.ID)
	svc := tournament.NewService(s, tournament.ServiceOptions{})
	table := func(n int) tournament.Actor {
		return tournament.Actor{Role: tournament.RoleTable, Name: "table " + strconv.Itoa(n) + " A", SectionID: sec.ID, Table: n}
	}
	return svc, s, sec, table
}

// boardsOf returns the boards table plays in round of sec's movement.
func boardsOf(t *testing.T, sec *tournament.Section, round, table int) []int {
	t.Helper()
	rd, ok := sec.Movement.Round(round)
	if !ok {
		t.Fatalf("no round %d", round)
	}
	tb, ok := rd.Table(table)
	if !ok {
		t.Fatalf("table %d has no play in round %d", table, round)
	}
	return tb.Boards
}

// made is 4S by North making 10 tricks at a slot; the pairs come from the movement.
func made(board, round, table int) tournament.Result {
	return tournament.Result{Board: board, Round: round, Table: table, Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 10}
}

// A table enters and corrects a board of an earlier round after the
// director moved the section on, until the director closes that round for
// it; then it is refused with a message naming the round and the table.
// Today's code refused the earlier round outright.
func TestTableEntersEarlierRoundUntilClosed(t *testing.T) {
	svc, _, sec, table := paceSetUp(t)
	c := ctx(t)
	if _, err := svc.SetCurrentRound(c, tournament.Director, sec.ID, 2); err != nil {
		t.Fatal(err)
	}
	b1 := boardsOf(t, &sec, 1, 1)
	got, _, err := svc.EnterResults(c, table(1), sec.ID, []tournament.Result{made(b1[0], 1, 1)}, nil)
	if err != nil {
		t.Fatalf("table 1 entering round 1 while the section plays round 2: %v", err)
	}
	fix := made(b1[0], 1, 1)
	fix.Tricks = 11
	if _, err := svc.UpdateResult(c, table(1), got[0].ID, fix, got[0].Version); err != nil {
		t.Fatalf("table 1 correcting its round 1 board: %v", err)
	}

	if _, err := svc.CloseRounds(c, tournament.Director, sec.ID, 1, []int{1}); err != nil {
		t.Fatal(err)
	}
	_, _, err = svc.EnterResults(c, table(1), sec.ID, []tournament.Result{made(b1[1], 1, 1)}, nil)
	te := tError(t, err, tournament.ErrForbidden)
	if !strings.Contains(te.Message, "round 1") || !strings.Contains(te.Message, "table 1") {
		t.Errorf("refusal %q does not name round 1 and table 1", te.Message)
	}
	fix.Tricks = 9
	if _, err := svc.UpdateResult(c, table(1), got[0].ID, fix, got[0].Version+1); !strings.Contains(errString(err), "closed round 1 for table 1") {
		t.Errorf("correcting in a closed round: got %v, want it refused as closed", err)
	}
	// Table 2's round 1 is still open; the director enters anywhere.
	if _, _, err := svc.EnterResults(c, table(2), sec.ID, []tournament.Result{made(boardsOf(t, &sec, 1, 2)[0], 1, 2)}, nil); err != nil {
		t.Errorf("table 2, round 1 not closed for it: %v", err)
	}
	if _, _, err := svc.EnterResults(c, tournament.Director, sec.ID, []tournament.Result{made(b1[1], 1, 1)}, nil); err != nil {
		t.Errorf("the director in a closed round: %v", err)
	}
	// Closed for all, then reopened for table 1.
	if _, err := svc.CloseRounds(c, tournament.Director, sec.ID, 1, nil); err != nil {
		t.Fatal(err)
	}
	read, err := svc.Section(c, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(read.Pace.Closed); n != 7 {
		t.Errorf("round 1 closed for %d tables, want the 7 of the movement", n)
	}
	if _, err := svc.ReopenRounds(c, tournament.Director, sec.ID, 1, []int{1}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.EnterResults(c, table(1), sec.ID, []tournament.Result{made(b1[2], 1, 1)}, nil); err != nil {
		t.Errorf("table 1 after round 1 was reopened for it: %v", err)
	}
	if _, err := svc.ReopenRounds(c, tournament.Director, sec.ID, 9, nil); err == nil {
		t.Error("reopening round 9 of a 7-round movement was taken")
	}
}

// errString is err's message, "" for nil.
func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// A table that has entered every board of its round goes on to the next by
// itself, but no further.
func TestTableGoesOnAtItsOwnPace(t *testing.T) {
	svc, _, sec, table := paceSetUp(t)
	c := ctx(t)
	b2 := boardsOf(t, &sec, 2, 3)
	_, _, err := svc.EnterResults(c, table(3), sec.ID, []tournament.Result{made(b2[0], 2, 3)}, nil)
	te := tError(t, err, tournament.ErrForbidden)
	if !strings.Contains(te.Message, "table 3") || !strings.Contains(te.Message, "round 1") {
		t.Errorf("round 2 before round 1 is done: %q, want it to say table 3 is at round 1", te.Message)
	}
	var round1 []tournament.Result
	for _, b := range boardsOf(t, &sec, 1, 3) {
		round1 = append(round1, made(b, 1, 3))
	}
	if _, _, err := svc.EnterResults(c, table(3), sec.ID, round1, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.EnterResults(c, table(3), sec.ID, []tournament.Result{made(b2[0], 2, 3)}, nil); err != nil {
		t.Errorf("round 2 once every board of round 1 is in: %v", err)
	}
	b3 := boardsOf(t, &sec, 3, 3)
	if _, _, err := svc.EnterResults(c, table(3), sec.ID, []tournament.Result{made(b3[0], 3, 3)}, nil); err == nil {
		t.Error("round 3 with round 2 not done was taken")
	}
	read, _ := svc.Section(c, tournament.Director, sec.ID)
	rs, _ := svc.Results(c, tournament.Director, tournament.ResultFilter{SectionID: sec.ID, Table: 3})
	if got := tournament.TableRound(&read, 3, rs); got != 2 {
		t.Errorf("table 3's own round: %d, want 2 (round 1 all in, round 2 not)", got)
	}
	if got := tournament.TableRound(&read, 4, rs); got != 1 {
		t.Errorf("table 4's own round: %d, want 1, the announced round", got)
	}
}

// A slot marked to be played later does not hold its board's traveler back
// from the others while it has no result; closing it (not played) or
// entering it later makes it a normal line. Today's FinishedBoards waited
// for every table.
func TestLatePlayDoesNotHoldTheTravelerBack(t *testing.T) {
	svc, _, sec, _ := paceSetUp(t)
	c := ctx(t)
	if _, err := svc.SetCurrentRound(c, tournament.Director, sec.ID, 7); err != nil {
		t.Fatal(err)
	}
	// Board 1 is played once at each of the 7 tables of the Mitchell; enter
	// all but the first table's.
	var slots []tournament.Slot
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			for _, b := range tb.Boards {
				if b == 1 {
					slots = append(slots, tournament.Slot{Board: 1, Round: rd.Number, Table: tb.Table})
				}
			}
		}
	}
	if len(slots) != 7 {
		t.Fatalf("board 1 is played at %d slots, want 7 (one per table of the Mitchell)", len(slots))
	}
	var in []tournament.Result
	for _, sl := range slots[1:] {
		in = append(in, made(sl.Board, sl.Round, sl.Table))
	}
	if _, _, err := svc.EnterResults(c, tournament.Director, sec.ID, in, nil); err != nil {
		t.Fatal(err)
	}
	finished := func() bool {
		t.Helper()
		read, err := svc.Section(c, tournament.Director, sec.ID)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := svc.Results(c, tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
		if err != nil {
			t.Fatal(err)
		}
		return tournament.FinishedBoards(&read, rs)[1]
	}
	if finished() {
		t.Fatal("board 1 finished with a slot missing")
	}
	late := slots[0]
	if _, err := svc.MarkLate(c, tournament.Director, sec.ID, late); err != nil {
		t.Fatal(err)
	}
	if !finished() {
		t.Error("board 1 with its last slot to be played later is not finished: the late play holds the traveler back")
	}
	// A slot already played is not to be played later.
	if _, err := svc.MarkLate(c, tournament.Director, sec.ID, slots[1]); err == nil {
		t.Error("a slot with its result was marked to be played later")
	}
	// Closing it: the director's "not played".
	r, err := svc.CloseLatePlay(c, tournament.Director, sec.ID, late, tournament.Result{Status: tournament.StatusNotPlayed})
	if err != nil {
		t.Fatal(err)
	}
	if r.Board != late.Board || r.Round != late.Round || r.Table != late.Table || r.Status != tournament.StatusNotPlayed {
		t.Errorf("closed late play: %+v, want not played at %+v", r, late)
	}
	if !finished() {
		t.Error("board 1 not finished once its late play was closed")
	}
	// Played later after all: the director corrects the line to the contract.
	if _, err := svc.UpdateResult(c, tournament.Director, r.ID, made(late.Board, late.Round, late.Table), r.Version); err != nil {
		t.Errorf("entering the late play's result: %v", err)
	}
	if _, err := svc.CloseLatePlay(c, tournament.Director, sec.ID, tournament.Slot{Board: 2, Round: late.Round, Table: late.Table}, tournament.Result{Status: tournament.StatusNotPlayed}); err == nil {
		t.Error("closing a slot not marked to be played later was taken")
	}
	// Unmarked, the slot holds its board again only while it has no result.
	if _, err := svc.UnmarkLate(c, tournament.Director, sec.ID, late); err != nil {
		t.Fatal(err)
	}
	if !finished() {
		t.Error("board 1, every slot in, is not finished")
	}
}
