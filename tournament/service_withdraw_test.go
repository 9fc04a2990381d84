package tournament_test

// Withdrawal (WithdrawPair): a pair that leaves gets its boards left
// without a result scored at once, not played or artificial. The section is
// the 3-table Mitchell of service_result_test.go, whose seats by round are
// (movement_mitchell.go: EW move up a table, boards down one set):
//
//	round 1: table 1 NS1–EW1 boards 1-2, table 2 NS2–EW2 boards 3-4, table 3 NS3–EW3 boards 5-6
//	round 2: table 1 NS1–EW3 boards 3-4, table 2 NS2–EW1 boards 5-6, table 3 NS3–EW2 boards 1-2
//	round 3: table 1 NS1–EW2 boards 5-6, table 2 NS2–EW3 boards 1-2, table 3 NS3–EW1 boards 3-4
//
// The test checks these seats before it counts on them.

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// slots lists results as "round/table/board status ns%/ew%".
func slots(rs []tournament.Result) string {
	var b []string
	for _, r := range rs {
		b = append(b, fmt.Sprintf("%d/%d/%d %s %d/%d", r.Round, r.Table, r.Board, r.Status, r.NSPercent, r.EWPercent))
	}
	return strings.Join(b, ", ")
}

// pairIDs returns a section's pairs' ids by "1 NS", "3 EW".
func pairIDs(t *testing.T, b *tournamenttest.Builder, sec tournament.Section) map[string]int64 {
	t.Helper()
	pairs, err := b.Svc.Pairs(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, p := range pairs {
		out[p.Number+" "+p.Direction] = p.ID
	}
	return out
}

// TestWithdrawPair: NS 3 leaves after round 1 with 40% and its opponents
// get 60%; EW 1 leaves from the current round, its boards not played; EW 2
// leaves for the last round with 30%, its NS opponents get 70% (the
// percentages go to the sides the pairs sat). Boards with a result keep
// it; every refusal names its field.
func TestWithdrawPair(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Changes", Published: true}).ID, 3, 2)
	for _, c := range []struct{ round, table, ns, ew int }{{1, 1, 1, 4}, {2, 3, 3, 5}, {3, 3, 3, 4}, {2, 2, 2, 4}, {3, 1, 1, 5}} {
		rd, _ := sec.Movement.Round(c.round)
		if s, _ := rd.Table(c.table); s.NS != c.ns || s.EW != c.ew {
			t.Fatalf("round %d table %d: NS %d EW %d, want %d, %d (EW pair n is movement pair n+3)", c.round, c.table, s.NS, s.EW, c.ns, c.ew)
		}
	}
	pairs := pairIDs(t, b, sec)
	b.Play(sec, 1, 1, 1, "4S", "N", 10)

	// NS 3's table 3 plays boards 1-2 in round 2 and 3-4 in round 3, none
	// with a result: 4 artificial results, NS (the pair) 40, EW 60.
	w, err := b.Svc.WithdrawPair(b.Ctx, tournament.Director, pairs["3 NS"], tournament.Withdrawal{FromRound: 2,
		Status: tournament.StatusArtificial, PairPercent: 40, OpponentsPercent: 60})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := slots(w.Results), "2/3/1 artificial 40/60, 2/3/2 artificial 40/60, 3/3/3 artificial 40/60, 3/3/4 artificial 40/60"; got != want {
		t.Errorf("withdrawal stored %s, want %s", got, want)
	}
	if w.FromRound != 2 || w.Pair.ID != pairs["3 NS"] || w.Change.Action != "withdraw" || w.Change.Kind != "pair" || w.Change.Actor != "director" || w.Change.After["results"] != 4 {
		t.Errorf("withdrawal: from %d, pair %+v, change %+v", w.FromRound, w.Pair, w.Change)
	}
	audit, err := b.Svc.Audit(b.Ctx, tournament.Director, w.Results[0].ID)
	if err != nil || len(audit) != 1 || audit[0].Action != "insert" || audit[0].Actor != "director" {
		t.Errorf("a withdrawal's result is audited as an insert: %+v (%v)", audit, err)
	}

	// Refusals: nothing left to score; a status, a round or a percentage
	// out of bounds; a table.
	for _, c := range []struct {
		pair  string
		w     tournament.Withdrawal
		kind  error
		field string
	}{
		{"3 NS", tournament.Withdrawal{FromRound: 2}, tournament.ErrConflict, "from_round"},
		{"1 NS", tournament.Withdrawal{Status: tournament.StatusPlayed}, tournament.ErrInvalid, "status"},
		{"1 NS", tournament.Withdrawal{FromRound: 4}, tournament.ErrInvalid, "from_round"},
		{"1 NS", tournament.Withdrawal{Status: tournament.StatusArtificial, PairPercent: 120}, tournament.ErrInvalid, "pair_percent"},
		{"1 NS", tournament.Withdrawal{PairPercent: 40}, tournament.ErrInvalid, "pair_percent"},
	} {
		_, err := b.Svc.WithdrawPair(b.Ctx, tournament.Director, pairs[c.pair], c.w)
		wantError(t, err, c.kind, c.field)
	}
	_, err = b.Svc.WithdrawPair(b.Ctx, tournamenttest.Table(sec, 1), pairs["1 NS"], tournament.Withdrawal{})
	wantError(t, err, tournament.ErrForbidden, "")
	_, err = b.Svc.WithdrawPair(b.Ctx, tournament.Director, 999999, tournament.Withdrawal{})
	wantError(t, err, tournament.ErrNotFound, "")

	// EW 1 from round 1 (the current round), not played: its boards are
	// 1-2 at table 1 (board 1 has its result), 5-6 at table 2 in round 2,
	// 3-4 at table 3 in round 3 (NS 3's withdrawal scored them): 3 lines.
	w, err = b.Svc.WithdrawPair(b.Ctx, tournament.Director, pairs["1 EW"], tournament.Withdrawal{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := slots(w.Results), "1/1/2 not_played 0/0, 2/2/5 not_played 0/0, 2/2/6 not_played 0/0"; got != want || w.FromRound != 1 {
		t.Errorf("withdrawal from round %d stored %s, want %s", w.FromRound, got, want)
	}
	// EW 2 for round 3, at table 1 on boards 5-6: the pair sits EW, so EW
	// gets its 30% and NS the opponents' 70%.
	w, err = b.Svc.WithdrawPair(b.Ctx, tournament.Director, pairs["2 EW"], tournament.Withdrawal{FromRound: 3,
		Status: tournament.StatusArtificial, PairPercent: 30, OpponentsPercent: 70})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := slots(w.Results), "3/1/5 artificial 70/30, 3/1/6 artificial 70/30"; got != want {
		t.Errorf("EW 2's withdrawal stored %s, want %s", got, want)
	}

	// The event's changes, oldest first, are the three withdrawals.
	changes, err := b.Svc.Changes(b.Ctx, tournament.Director, sec.EventID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range changes {
		got = append(got, fmt.Sprintf("%s %s %d", c.Kind, c.Action, c.TargetID))
	}
	want := []string{fmt.Sprint("pair withdraw ", pairs["3 NS"]), fmt.Sprint("pair withdraw ", pairs["1 EW"]), fmt.Sprint("pair withdraw ", pairs["2 EW"])}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("changes %v, want %v", got, want)
	}
}

// TestWithdrawPairRacingEntry: a pair withdrawn while its table enters
// the same boards, 50 times over. Each side either stores or is refused
// 409 naming the board that was taken — never an internal error (issue 24:
// 2 tries in 5 answered 500, "current transaction is aborted", the
// withdrawal reading the result it clashed with in its failed
// transaction) — and what is stored is whole: NS 1's six boards at table 1
// (boards 1-2, 3-4, 5-6 in rounds 1-3) each hold one result, the entry's
// two played when the entry was stored, and a withdrawal is kept (its
// change) exactly when it was answered stored.
func TestWithdrawPairRacingEntry(t *testing.T) {
	b := newBuilder(t)
	const tries = 50
	outcomes := map[string]int{}
	for try := range tries {
		sec := b.Mitchell(b.Event(tournament.EventInput{Name: fmt.Sprintf("Race %d", try)}).ID, 3, 2)
		ns1 := pairIDs(t, b, sec)["1 NS"]
		entry := []tournament.Result{
			tournamenttest.Line(sec, 1, 1, 1, "4S", "N", 10),
			tournamenttest.Line(sec, 1, 1, 2, "3NT", "S", 9),
		}
		var werr, eerr error
		var wg sync.WaitGroup
		start := make(chan struct{})
		wg.Add(2)
		go func() {
			defer wg.Done()
			<-start
			_, werr = b.Svc.WithdrawPair(b.Ctx, tournament.Director, ns1, tournament.Withdrawal{FromRound: 1})
		}()
		go func() {
			defer wg.Done()
			<-start
			_, _, eerr = b.Svc.EnterResults(b.Ctx, tournamenttest.Table(sec, 1), sec.ID, entry, nil)
		}()
		close(start)
		wg.Wait()
		for _, c := range []struct {
			who string
			err error
		}{{"withdrawal", werr}, {"entry", eerr}} {
			if c.err == nil {
				continue
			}
			var te *tournament.Error
			if !errors.As(c.err, &te) || !errors.Is(c.err, tournament.ErrConflict) || !strings.Contains(te.Message, "board ") {
				t.Fatalf("try %d: the %s answered %v, want stored or a conflict naming the board", try, c.who, c.err)
			}
		}
		if werr != nil && eerr != nil {
			t.Fatalf("try %d: both refused: withdrawal %v, entry %v", try, werr, eerr)
		}
		stored, err := b.Svc.Results(b.Ctx, tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
		if err != nil {
			t.Fatal(err)
		}
		got := map[[2]int]tournament.Status{}
		for _, r := range stored {
			if _, dup := got[[2]int{r.Round, r.Board}]; dup || r.Table != 1 {
				t.Fatalf("try %d: result %+v twice or at another table", try, r)
			}
			got[[2]int{r.Round, r.Board}] = r.Status
		}
		want := map[[2]int]tournament.Status{}
		if werr == nil {
			for _, s := range [][2]int{{1, 1}, {1, 2}, {2, 3}, {2, 4}, {3, 5}, {3, 6}} {
				want[s] = tournament.StatusNotPlayed
			}
		}
		if eerr == nil {
			want[[2]int{1, 1}], want[[2]int{1, 2}] = tournament.StatusPlayed, tournament.StatusPlayed
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("try %d (withdrawal %v, entry %v): stored %v, want %v", try, werr, eerr, got, want)
		}
		changes, err := b.Svc.Changes(b.Ctx, tournament.Director, sec.EventID)
		if err != nil {
			t.Fatal(err)
		}
		withdrawals := 0
		for _, c := range changes {
			if c.Action == "withdraw" {
				withdrawals++
			}
		}
		if want := map[bool]int{true: 1, false: 0}[werr == nil]; withdrawals != want {
			t.Fatalf("try %d: %d withdrawals kept, want %d (withdrawal: %v)", try, withdrawals, want, werr)
		}
		outcomes[fmt.Sprintf("withdrawal %v, entry %v", werr == nil, eerr == nil)]++
	}
	t.Logf("outcomes of %d tries (true: stored): %v", tries, outcomes)
}
