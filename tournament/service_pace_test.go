package tournament_test

// Round moves and tables at their own pace (pace.go, issue 22 §2) on a
// 7-table Mitchell of 3 boards a round (7 rounds, 21 boards), built by
// tournamenttest: the director announces a round (SetCurrentRound), a
// table goes on by itself once its round is in, enters earlier rounds until
// the director closes them for it, and a slot to be played later does not
// hold its board back. Moved from db/service_pace_test.go, unchanged in
// what it asserts.

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// paceSetUp builds the 7-table Mitchell, 3 boards a round, round 1 current.
func paceSetUp(t *testing.T) (*tournamenttest.Builder, tournament.Section) {
	t.Helper()
	b := newBuilder(t)
	return b, b.Mitchell(b.Event(tournament.EventInput{Name: "Tuesday pairs"}).ID, 7, 3)
}

// made is 4S by North making 10 tricks at a slot of sec, the pairs those
// the movement seats there.
func made(sec tournament.Section, board, round, table int) tournament.Result {
	return tournamenttest.Line(sec, round, table, board, "4S", "N", 10)
}

// errString is err's message, "" for nil.
func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// A table enters and corrects a board of an earlier round after the
// director moved the section on, until the director closes that round for
// it; then it is refused with a message naming the round and the table.
// Today's code refused the earlier round outright.
func TestTableEntersEarlierRoundUntilClosed(t *testing.T) {
	b, sec := paceSetUp(t)
	svc, c, table := b.Svc, b.Ctx, func(n int) tournament.Actor { return tournamenttest.Table(sec, n) }
	if _, err := svc.SetCurrentRound(c, tournament.Director, sec.ID, 2); err != nil {
		t.Fatal(err)
	}
	b1 := tournamenttest.Boards(t, sec, 1, 1)
	got, _, err := svc.EnterResults(c, table(1), sec.ID, []tournament.Result{made(sec, b1[0], 1, 1)}, nil)
	if err != nil {
		t.Fatalf("table 1 entering round 1 while the section plays round 2: %v", err)
	}
	fix := made(sec, b1[0], 1, 1)
	fix.Tricks = 11
	if _, err := svc.UpdateResult(c, table(1), got[0].ID, fix, got[0].Version); err != nil {
		t.Fatalf("table 1 correcting its round 1 board: %v", err)
	}

	if _, err := svc.CloseRounds(c, tournament.Director, sec.ID, 1, []int{1}); err != nil {
		t.Fatal(err)
	}
	_, _, err = svc.EnterResults(c, table(1), sec.ID, []tournament.Result{made(sec, b1[1], 1, 1)}, nil)
	te := wantError(t, err, tournament.ErrForbidden, "")
	if !strings.Contains(te.Message, "round 1") || !strings.Contains(te.Message, "table 1") {
		t.Errorf("refusal %q does not name round 1 and table 1", te.Message)
	}
	fix.Tricks = 9
	if _, err := svc.UpdateResult(c, table(1), got[0].ID, fix, got[0].Version+1); !strings.Contains(errString(err), "closed round 1 for table 1") {
		t.Errorf("correcting in a closed round: got %v, want it refused as closed", err)
	}
	// Table 2's round 1 is still open; the director enters anywhere.
	if _, _, err := svc.EnterResults(c, table(2), sec.ID, []tournament.Result{made(sec, tournamenttest.Boards(t, sec, 1, 2)[0], 1, 2)}, nil); err != nil {
		t.Errorf("table 2, round 1 not closed for it: %v", err)
	}
	if _, _, err := svc.EnterResults(c, tournament.Director, sec.ID, []tournament.Result{made(sec, b1[1], 1, 1)}, nil); err != nil {
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
	if _, _, err := svc.EnterResults(c, table(1), sec.ID, []tournament.Result{made(sec, b1[2], 1, 1)}, nil); err != nil {
		t.Errorf("table 1 after round 1 was reopened for it: %v", err)
	}
	if _, err := svc.ReopenRounds(c, tournament.Director, sec.ID, 9, nil); err == nil {
		t.Error("reopening round 9 of a 7-round movement was taken")
	}
}

// A table that has entered every board of its round goes on to the next by
// itself, but no further.
func TestTableGoesOnAtItsOwnPace(t *testing.T) {
	b, sec := paceSetUp(t)
	svc, c, table := b.Svc, b.Ctx, func(n int) tournament.Actor { return tournamenttest.Table(sec, n) }
	b2 := tournamenttest.Boards(t, sec, 2, 3)
	_, _, err := svc.EnterResults(c, table(3), sec.ID, []tournament.Result{made(sec, b2[0], 2, 3)}, nil)
	te := wantError(t, err, tournament.ErrForbidden, "")
	if !strings.Contains(te.Message, "table 3") || !strings.Contains(te.Message, "round 1") {
		t.Errorf("round 2 before round 1 is done: %q, want it to say table 3 is at round 1", te.Message)
	}
	var round1 []tournament.Result
	for _, n := range tournamenttest.Boards(t, sec, 1, 3) {
		round1 = append(round1, made(sec, n, 1, 3))
	}
	if _, _, err := svc.EnterResults(c, table(3), sec.ID, round1, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.EnterResults(c, table(3), sec.ID, []tournament.Result{made(sec, b2[0], 2, 3)}, nil); err != nil {
		t.Errorf("round 2 once every board of round 1 is in: %v", err)
	}
	b3 := tournamenttest.Boards(t, sec, 3, 3)
	if _, _, err := svc.EnterResults(c, table(3), sec.ID, []tournament.Result{made(sec, b3[0], 3, 3)}, nil); err == nil {
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
	b, sec := paceSetUp(t)
	svc, c := b.Svc, b.Ctx
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
		in = append(in, made(sec, sl.Board, sl.Round, sl.Table))
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
	if _, err := svc.UpdateResult(c, tournament.Director, r.ID, made(sec, late.Board, late.Round, late.Table), r.Version); err != nil {
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

// The director announces the rounds, within the movement's; a table does
// not, and a table's token follows the announced round: round 2 is its
// own once the director starts it, though round 1 is not all in.
func TestSetCurrentRound(t *testing.T) {
	b, sec := paceSetUp(t)
	_, err := b.Svc.SetCurrentRound(b.Ctx, tournamenttest.Table(sec, 1), sec.ID, 2)
	wantError(t, err, tournament.ErrForbidden, "")
	for _, round := range []int{0, 8} { // a 7-table Mitchell plays 7 rounds
		_, err := b.Svc.SetCurrentRound(b.Ctx, tournament.Director, sec.ID, round)
		wantError(t, err, tournament.ErrInvalid, "current_round")
	}
	b2 := tournamenttest.Boards(t, sec, 2, 1)
	_, _, err = b.Svc.EnterResults(b.Ctx, tournamenttest.Table(sec, 1), sec.ID, []tournament.Result{made(sec, b2[0], 2, 1)}, nil)
	wantError(t, err, tournament.ErrForbidden, "table")
	moved := b.Round(sec, 2)
	if moved.CurrentRound != 2 {
		t.Errorf("section at round %d, want 2", moved.CurrentRound)
	}
	if read, err := b.Svc.Section(b.Ctx, tournament.Director, sec.ID); err != nil || read.CurrentRound != 2 {
		t.Errorf("section read back at round %d (%v), want 2", read.CurrentRound, err)
	}
	b.Enter(tournamenttest.Table(sec, 1), sec, made(sec, b2[0], 2, 1))
}

// A table's entry refused in a round the director closed for it is kept
// for the director (RecordRefusal, as the API does for a phone's queued
// entry): the director sees every table's, a table its own; the table
// calls the director about it; it is resolved once the director enters the
// board, or withdrawn by the table (by key) or dismissed by the director
// (by id).
func TestRefusedEntriesKept(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Own pace"}).ID, 3, 2)
	t1, t2 := tournamenttest.Table(sec, 1), tournamenttest.Table(sec, 2)
	boards := tournamenttest.Boards(t, sec, 1, 1) // 2 boards a round
	b.Round(sec, 2)
	b.Enter(t1, sec, line(sec, 1, 1, boards[0], "4S", "N", 10))
	closed, err := b.Svc.CloseRounds(b.Ctx, tournament.Director, sec.ID, 1, []int{1})
	if err != nil || len(closed.Pace.Closed) != 1 || closed.Pace.Closed[0] != (tournament.ClosedRound{Table: 1, Round: 1}) {
		t.Fatalf("closed rounds %+v (%v), want round 1 of table 1", closed.Pace, err)
	}
	late := line(sec, 1, 1, boards[1], "3NT", "S", 9)
	_, _, err = b.Svc.EnterResults(b.Ctx, t1, sec.ID, []tournament.Result{late}, nil)
	te := wantError(t, err, tournament.ErrForbidden, "table")
	keep := func(a tournament.Actor, key string, r tournament.Result, te *tournament.Error) (tournament.Refusal, error) {
		return b.Svc.RecordRefusal(b.Ctx, a, sec.ID, tournament.Refusal{Key: key, Board: r.Board, Round: r.Round,
			Entry: []byte(`{"contract": "` + r.Contract + `"}`), Reason: te.Message, Field: te.Field})
	}
	for range 2 { // the phone retries: one refused entry
		if _, err := keep(t1, "k-late", late, te); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := keep(tournament.Director, "k-director", late, te); err == nil {
		t.Error("the director recorded a table's refused entry")
	}
	open := func(a tournament.Actor) []tournament.Refusal {
		t.Helper()
		rs, err := b.Svc.Refusals(b.Ctx, a, sec.ID)
		if err != nil {
			t.Fatal(err)
		}
		return rs
	}
	all := open(tournament.Director)
	if len(all) != 1 {
		t.Fatalf("the director sees %d refused entries, want 1: %+v", len(all), all)
	}
	if r := all[0]; r.Table != 1 || r.Round != 1 || r.Board != boards[1] || r.Key != "k-late" || r.Field != "table" || r.Reason != te.Message || !r.CalledAt.IsZero() || !strings.Contains(string(r.Entry), "3NT") {
		t.Errorf("refused entry %+v, want table 1, round 1, board %d, key k-late, the reason on the field table, not called", r, boards[1])
	}
	if own, other := open(t1), open(t2); len(own) != 1 || len(other) != 0 {
		t.Errorf("table 1 sees %d refused entries, table 2 %d; want 1 and 0", len(own), len(other))
	}
	if called, err := b.Svc.CallDirectorAbout(b.Ctx, t1, sec.ID, "k-late"); err != nil || called.CalledAt.IsZero() {
		t.Errorf("calling the director: %+v (%v), want the call noted", called, err)
	}
	_, err = b.Svc.CallDirectorAbout(b.Ctx, t2, sec.ID, "k-late")
	wantError(t, err, tournament.ErrNotFound, "")

	// The director enters the board: the refusal is resolved.
	b.Enter(tournament.Director, sec, late)
	if n := len(open(tournament.Director)); n != 0 {
		t.Errorf("after the director entered the board, %d refused entries are open", n)
	}

	// Bad data is kept too; the table withdraws it by key, the director
	// dismisses another by id.
	bad := line(sec, 2, 1, tournamenttest.Boards(t, sec, 2, 1)[0], "8S", "N", 10)
	_, _, err = b.Svc.EnterResults(b.Ctx, t1, sec.ID, []tournament.Result{bad}, nil)
	te = wantError(t, err, tournament.ErrInvalid, "contract")
	for _, key := range []string{"k-bad", "k-bad-2"} {
		if _, err := keep(t1, key, bad, te); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Svc.WithdrawRefusal(b.Ctx, t1, sec.ID, "k-bad", 0); err != nil {
		t.Fatal(err)
	}
	wantError(t, b.Svc.WithdrawRefusal(b.Ctx, t1, sec.ID, "k-bad", 0), tournament.ErrNotFound, "")
	wantError(t, b.Svc.WithdrawRefusal(b.Ctx, tournament.Director, sec.ID, "", 0), tournament.ErrInvalid, "id")
	left := open(t1)
	if len(left) != 1 || left[0].Key != "k-bad-2" {
		t.Fatalf("table 1's refused entries %+v, want k-bad-2 only", left)
	}
	if err := b.Svc.WithdrawRefusal(b.Ctx, tournament.Director, sec.ID, "", left[0].ID); err != nil {
		t.Fatal(err)
	}
	if n := len(open(t1)); n != 0 {
		t.Errorf("dismissed by the director, table 1 still has %d", n)
	}

	// Reopened, table 1 corrects its round 1 board again.
	if _, err := b.Svc.ReopenRounds(b.Ctx, tournament.Director, sec.ID, 1, nil); err != nil {
		t.Fatal(err)
	}
	rs, err := b.Svc.Results(b.Ctx, tournament.Director, tournament.ResultFilter{SectionID: sec.ID, Table: 1, Board: boards[0]})
	if err != nil || len(rs) != 1 {
		t.Fatalf("table 1's board %d: %+v (%v)", boards[0], rs, err)
	}
	if _, err := b.Svc.UpdateResult(b.Ctx, t1, rs[0].ID, line(sec, 1, 1, boards[0], "4S", "N", 11), rs[0].Version); err != nil {
		t.Errorf("table 1 correcting round 1 once reopened: %v", err)
	}
}

// A late play is closed with the director's "not played" or an adjusted
// score, not a played line (that is entered as any result); only the
// director marks one.
func TestCloseLatePlayStatus(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Late play", Published: true}).ID, 3, 2)
	late := tournament.Slot{Board: 1, Round: 1, Table: 1}
	_, err := b.Svc.MarkLate(b.Ctx, tournamenttest.Table(sec, 1), sec.ID, late)
	wantError(t, err, tournament.ErrForbidden, "")
	marked, err := b.Svc.MarkLate(b.Ctx, tournament.Director, sec.ID, late)
	if err != nil || len(marked.Pace.Late) != 1 || marked.Pace.Late[0] != late {
		t.Fatalf("late plays %+v (%v), want the one marked", marked.Pace.Late, err)
	}
	played := line(sec, 1, 1, 1, "4S", "N", 10)
	_, err = b.Svc.CloseLatePlay(b.Ctx, tournament.Director, sec.ID, late, played)
	wantError(t, err, tournament.ErrInvalid, "status")
	r, err := b.Svc.CloseLatePlay(b.Ctx, tournament.Director, sec.ID, late, tournament.Result{Status: tournament.StatusArtificial, NSPercent: 60, EWPercent: 40})
	if err != nil || r.Status != tournament.StatusArtificial || r.NSPercent != 60 || r.EWPercent != 40 {
		t.Errorf("closed with an artificial score: %+v (%v), want 60/40", r, err)
	}
}
