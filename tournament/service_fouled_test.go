package tournament_test

// Fouled boards (SetFouledBoard, BoardVersions; issue 22 §2): the director
// marks which tables played a fouled version of a board; each version is
// compared only within itself (Law 87; LAWS.md "Fouled board") in the
// traveler and the standings, and the mark is kept in the event's changes.
//
// On the 3-table Mitchell of tournamenttest (2 boards a round) board 1 is
// played at round 1 table 1 (NS 1 v EW 1), round 2 table 3 (NS 3 v EW 2)
// and round 3 table 2 (NS 2 v EW 3). Scores are Law 77 (board 1 not
// vulnerable): 4S making 10 = 420, making 11 = 450, 2S making 8 = 110.
//
// As dealt, EBU matchpoints (2 per score beaten, 1 per tie), top 2(3−1) = 4:
// 110 → 0, 420 → 2, 450 → 4.
// Fouled, round 3 table 2 played version 2: version 1 (420, 450; m = 2) and
// version 2 (110; m = 1), each scaled to the board's n = 3 by Neuberg,
// (raw + 1)·n/m − 1 (scoring.Matchpoints): 420 (0+1)·3/2 − 1 = 0.5,
// 450 (2+1)·3/2 − 1 = 3.5, 110 (0+1)·3/1 − 1 = 2. Each pair has played
// board 1 only, so its total is these points and its percentage points / 4.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

func TestFouledBoard(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Fouled", Published: true}).ID, 3, 2)
	for _, c := range []struct{ round, table, ns, ew int }{{1, 1, 1, 4}, {2, 3, 3, 5}, {3, 2, 2, 6}} {
		rd, _ := sec.Movement.Round(c.round)
		if s, _ := rd.Table(c.table); s.NS != c.ns || s.EW != c.ew || s.Boards[0] != 1 {
			t.Fatalf("round %d table %d: NS %d EW %d boards %v, want %d, %d, board 1", c.round, c.table, s.NS, s.EW, s.Boards, c.ns, c.ew)
		}
	}
	b.Enter(tournament.Director, sec, line(sec, 1, 1, 1, "4S", "N", 10), line(sec, 2, 3, 1, "4S", "N", 11), line(sec, 3, 2, 1, "2S", "N", 8))
	d := tournament.Director

	totals := func() string {
		t.Helper()
		st, err := b.Svc.Standings(b.Ctx, d, sec.ID)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, p := range st.Pairs {
			if p.Boards > 0 {
				s = append(s, fmt.Sprintf("%s%s %v %v%%", p.Number, p.Direction, p.Total, p.Percentage))
			}
		}
		return strings.Join(s, ", ")
	}
	traveler := func() string {
		t.Helper()
		tr, err := b.Svc.Traveler(b.Ctx, tournament.Public, sec.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, l := range tr.Lines {
			s = append(s, fmt.Sprintf("%d/%d v%d %v|%v", l.Result.Round, l.Result.Table, l.Result.BoardVersion, l.NSPoints, l.EWPoints))
		}
		return strings.Join(s, ", ")
	}
	const dealt = "3NS 4 100%, 1NS 2 50%, 2NS 0 0%, 3EW 4 100%, 1EW 2 50%, 2EW 0 0%"
	const dealtTraveler = "1/1 v1 2|2, 2/3 v1 4|0, 3/2 v1 0|4" // as dealt, every line is on version 1
	if got := totals(); got != dealt {
		t.Fatalf("standings as dealt: %s, want %s", got, dealt)
	}
	if got := traveler(); got != dealtTraveler {
		t.Fatalf("traveler as dealt: %s, want %s", got, dealtTraveler)
	}

	// Refusals name the field and change nothing.
	for _, c := range []struct {
		slots []tournament.SlotVersion
		field string
	}{
		{[]tournament.SlotVersion{{Round: 1, Table: 2, Version: 2}}, "lines[0].table"}, // table 2 plays board 1 in round 3
		{[]tournament.SlotVersion{{Round: 3, Table: 2, Version: 2}, {Round: 3, Table: 2, Version: 3}}, "lines[1].table"},
		{[]tournament.SlotVersion{{Round: 3, Table: 2, Version: 5}}, "lines[0].board_version"},
	} {
		_, err := b.Svc.SetFouledBoard(b.Ctx, d, sec.ID, 1, c.slots)
		wantError(t, err, tournament.ErrInvalid, c.field)
	}
	_, err := b.Svc.SetFouledBoard(b.Ctx, d, sec.ID, 7, nil) // 6 boards
	wantError(t, err, tournament.ErrNotFound, "board")
	_, err = b.Svc.SetFouledBoard(b.Ctx, tournamenttest.Table(sec, 2), sec.ID, 1, []tournament.SlotVersion{{Round: 3, Table: 2, Version: 2}})
	wantError(t, err, tournament.ErrForbidden, "")
	if got := totals(); got != dealt {
		t.Fatalf("standings after refusals: %s, want %s", got, dealt)
	}

	// Mark: round 3 table 2 played version 2.
	bv, err := b.Svc.SetFouledBoard(b.Ctx, d, sec.ID, 1, []tournament.SlotVersion{{Round: 3, Table: 2, Version: 2}})
	if err != nil || len(bv) != 3 || bv[2] != (tournament.SlotVersion{Round: 3, Table: 2, Version: 2}) || bv[0].Version != 1 {
		t.Errorf("marked: %+v (%v)", bv, err)
	}
	if read, err := b.Svc.BoardVersions(b.Ctx, tournament.Public, sec.ID, 1); err != nil || len(read) != 3 || read[2].Version != 2 {
		t.Errorf("read back: %+v (%v)", read, err)
	}
	if got, want := traveler(), "1/1 v1 0.5|3.5, 2/3 v1 3.5|0.5, 3/2 v2 2|2"; got != want {
		t.Errorf("traveler fouled: %s, want %s", got, want)
	}
	const fouled = "3NS 3.5 87.5%, 2NS 2 50%, 1NS 0.5 12.5%, 1EW 3.5 87.5%, 3EW 2 50%, 2EW 0.5 12.5%"
	if got := totals(); got != fouled {
		t.Errorf("standings fouled: %s, want %s", got, fouled)
	}

	// The changes keep who marked what, once: the same marks again change
	// nothing and are not kept.
	if _, err := b.Svc.SetFouledBoard(b.Ctx, d, sec.ID, 1, []tournament.SlotVersion{{Round: 3, Table: 2, Version: 2}, {Round: 1, Table: 1, Version: 1}}); err != nil {
		t.Fatal(err)
	}
	changes, err := b.Svc.Changes(b.Ctx, d, sec.EventID)
	if err != nil {
		t.Fatal(err)
	}
	marks := 0
	for _, c := range changes {
		if c.Before["board 1"] != nil {
			marks++
		}
	}
	if marks != 1 {
		t.Errorf("%d changes of board 1's versions, want 1: %+v", marks, changes)
	}
	if last := changes[len(changes)-1]; last.Kind != "section" || last.Action != "update" || last.Actor != "director" ||
		last.Before["board 1"] != "every table as dealt" || last.After["board 1"] != "version 2: round 3 table 2" {
		t.Errorf("change: %+v", last)
	}

	// Clear: the standings are as dealt again.
	if bv, err := b.Svc.SetFouledBoard(b.Ctx, d, sec.ID, 1, nil); err != nil || bv[2].Version != 1 {
		t.Errorf("cleared: %+v (%v)", bv, err)
	}
	if got := totals(); got != dealt {
		t.Errorf("standings cleared: %s, want %s", got, dealt)
	}
	if got := traveler(); got != dealtTraveler {
		t.Errorf("traveler cleared: %s, want %s", got, dealtTraveler)
	}
}
