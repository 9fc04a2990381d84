package tournament_test

// Director changes decided on a section's results, or deciding what an
// entry may store, raced against entries (issue 24 §7): a pair's number,
// the movement, a withdrawal, a result deleted under a table's own round.
// Each race is forced at its narrowest: the change (or the entry) is
// paused just after it has read the section's results it decides on, and
// the other runs then, to its end or until it waits for a lock the paused
// one holds. What the database holds afterwards must be what one of them
// made after the other: a change that read the results before an entry was
// stored must not be stored after it as if it had not been.

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// pauseHook runs a pause, once, after the read of a section's results that
// match picks: the read a check rests on.
type pauseHook struct {
	mu    sync.Mutex
	match func(tournament.ResultFilter) bool
	pause func()
}

// arm sets the pause to run after the next read match picks.
func (h *pauseHook) arm(match func(tournament.ResultFilter) bool, pause func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.match, h.pause = match, pause
}

// after runs the pause armed if f is the read it waits for, disarming it.
func (h *pauseHook) after(f tournament.ResultFilter) {
	h.mu.Lock()
	var p func()
	if h.match != nil && h.match(f) {
		p = h.pause
		h.match, h.pause = nil, nil
	}
	h.mu.Unlock()
	if p != nil {
		p()
	}
}

// pausing is a Store whose reads of results go through a pauseHook, also
// inside a change's transaction (HoldSection).
type pausing struct {
	tournament.Store
	hook *pauseHook
}

func (p pausing) Results(ctx context.Context, f tournament.ResultFilter) ([]tournament.Result, error) {
	rs, err := p.Store.Results(ctx, f)
	p.hook.after(f)
	return rs, err
}

func (p pausing) HoldSection(ctx context.Context, sectionID int64, change func(st tournament.Store) error) error {
	return p.Store.HoldSection(ctx, sectionID, func(st tournament.Store) error { return change(pausing{st, p.hook}) })
}

// heldRace is a Service over a pausing store and a pool to see its
// database's lock waits.
type heldRace struct {
	b    *tournamenttest.Builder
	hook *pauseHook
	pool *pgxpool.Pool
}

func newHeldRace(t *testing.T) *heldRace {
	h := &pauseHook{}
	r := newRaceOver(t, func(st tournament.Store) tournament.Store { return pausing{st, h} })
	r.hook = h
	return r
}

// newRaceOver is a heldRace whose Service runs over the db package's
// Store as wrap wraps it (the wrapper pausing or failing where its test
// needs), with no pauseHook of its own.
func newRaceOver(t *testing.T, wrap func(tournament.Store) tournament.Store) *heldRace {
	u := dbtest.URL(t)
	store, err := db.Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	pool, err := pgxpool.New(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return &heldRace{b: tournamenttest.New(t, wrap(store)), pool: pool}
}

// during runs f until it ends (true) or waits for the paused one's
// transaction (false); wait waits for its end.
func (r *heldRace) during(t *testing.T, f func()) (ended bool, wait func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	wait = func() { <-done }
	for {
		select {
		case <-done:
			return true, wait
		default:
		}
		// Waiting for the paused one: blocked by a transaction that is
		// idle, as the paused one's is (not a lock held for a moment, nor
		// a relation being extended).
		var waiting int
		if err := r.pool.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity w
			WHERE w.datname = current_database() AND EXISTS (
			    SELECT FROM pg_stat_activity h WHERE h.pid = ANY (pg_blocking_pids(w.pid)) AND h.state = 'idle in transaction')`).Scan(&waiting); err != nil {
			t.Error(err)
			return false, wait
		}
		if waiting > 0 {
			return false, wait
		}
		time.Sleep(time.Millisecond)
	}
}

// sectionReads picks the read of a whole section's results.
func sectionReads(id int64) func(tournament.ResultFilter) bool {
	return func(f tournament.ResultFilter) bool { return f == tournament.ResultFilter{SectionID: id} }
}

// fitsMovement reports the stored results of a section that its movement
// in force does not place: a round, table or board it has not there, or
// other pairs holding the cards.
func fitsMovement(t *testing.T, b *tournamenttest.Builder, id int64) []string {
	t.Helper()
	sec, err := b.Svc.Section(b.Ctx, tournament.Director, id)
	if err != nil {
		t.Fatal(err)
	}
	results, err := b.Svc.Results(b.Ctx, tournament.Director, tournament.ResultFilter{SectionID: id})
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	for _, r := range results {
		want := tournamenttest.Line(sec, r.Round, r.Table, r.Board, "", "", 0)
		boards := []int{}
		if rd, ok := sec.Movement.Round(r.Round); ok {
			if tb, ok := rd.Table(r.Table); ok {
				boards = tb.Boards
			}
		}
		in := false
		for _, bd := range boards {
			in = in || bd == r.Board
		}
		if !in || want.NS != r.NS || want.EW != r.EW {
			bad = append(bad, sec.Movement.Name+": board "+strconv.Itoa(r.Board)+" round "+strconv.Itoa(r.Round)+" table "+strconv.Itoa(r.Table)+" "+r.NS+"–"+r.EW)
		}
	}
	return bad
}

// clearResults deletes every result of a section, as the director.
func clearResults(t *testing.T, b *tournamenttest.Builder, id int64) {
	t.Helper()
	results, err := b.Svc.Results(b.Ctx, tournament.Director, tournament.ResultFilter{SectionID: id})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if err := b.Svc.DeleteResult(b.Ctx, tournament.Director, r.ID, 0); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPairNumberRacesEntry changes a pair's direction (NS k to EW k, and
// back) while a result of its table is entered, 200 times, the change
// paused just after it has found the pair without results. An entry
// stored while the change was paused must have the change refused (a pair
// that has played keeps its number); an entry that waited for the change
// is stored after it. On 1909fa9 the entry was stored during the pause and
// the pair renumbered all the same, every time.
func TestPairNumberRacesEntry(t *testing.T) {
	r := newHeldRace(t)
	b := r.b
	e := b.Event(tournament.EventInput{})
	sec := b.Mitchell(e.ID, 10, 2)
	pairs, err := b.Svc.Pairs(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	byTable := map[int]tournament.Pair{}
	for _, p := range pairs {
		if p.Direction == "EW" { // EW k free for NS k to take
			if err := b.Svc.DeletePair(b.Ctx, tournament.Director, p.ID); err != nil {
				t.Fatal(err)
			}
			continue
		}
		n, _ := strconv.Atoi(p.Number)
		byTable[n] = p // NS k sits at table k in round 1
	}
	wrong, blocked := 0, 0
	for i := range 200 {
		tb := i%10 + 1
		p := byTable[tb]
		cur, err := b.Svc.Pairs(b.Ctx, tournament.Director, sec.ID)
		if err != nil {
			t.Fatal(err)
		}
		dir := "EW"
		for _, q := range cur {
			if q.ID == p.ID && q.Direction == "EW" {
				dir = "NS"
			}
		}
		var (
			entered bool
			wait    func()
			entErr  error
		)
		r.hook.arm(sectionReads(sec.ID), func() {
			entered, wait = r.during(t, func() {
				_, _, entErr = b.Svc.EnterResults(b.Ctx, tournament.Director, sec.ID,
					[]tournament.Result{tournamenttest.Line(sec, 1, tb, tournamenttest.Boards(t, sec, 1, tb)[0], "3NT", "S", 9)}, nil)
			})
		})
		_, changeErr := b.Svc.UpdatePair(b.Ctx, tournament.Director, p.ID, tournament.PairPatch{Direction: &dir})
		if wait == nil {
			t.Fatal("the change never read the section's results")
		}
		wait()
		if entErr != nil {
			t.Fatalf("race %d: entry: %v", i, entErr)
		}
		switch {
		case entered && changeErr == nil:
			wrong++
			t.Errorf("race %d: table %d's result stored while the change to %s %s was checked, and the change made all the same", i, tb, p.Number, dir)
		case entered && !errors.Is(changeErr, tournament.ErrConflict):
			t.Fatalf("race %d: change: %v, want ErrConflict naming the result", i, changeErr)
		case !entered:
			blocked++
			if changeErr != nil {
				t.Fatalf("race %d: change (the entry waited for it): %v", i, changeErr)
			}
		}
		if wrong > 10 {
			t.Fatalf("stopped after %d wrong races", wrong)
		}
		clearResults(t, b, sec.ID)
	}
	t.Logf("%d of 200 entries waited for the change", blocked)
}

// TestMovementChangeRacesEntry changes a 5-table Mitchell to 3 rounds from
// round 2 on while the director enters a result of round 4, 200 times,
// the change paused just after it has read the section's results. After
// each race every stored result must fit the movement in force: the entry
// is refused (round 4 is gone) or the change is (a result of round 4 does
// not fit it). On 1909fa9 the entry was stored during the pause and the
// change made all the same, leaving a result the movement does not have.
func TestMovementChangeRacesEntry(t *testing.T) {
	r := newHeldRace(t)
	b := r.b
	e := b.Event(tournament.EventInput{})
	full := b.Mitchell(e.ID, 5, 2)
	short := tournament.MovementSpec{Kind: "mitchell", Tables: 5, BoardsPerRound: 2, Rounds: 3}
	wrong := 0
	for i := range 200 {
		tb := i%5 + 1
		var (
			wait   func()
			entErr error
		)
		r.hook.arm(sectionReads(full.ID), func() {
			_, wait = r.during(t, func() {
				_, _, entErr = b.Svc.EnterResults(b.Ctx, tournament.Director, full.ID,
					[]tournament.Result{tournamenttest.Line(full, 4, tb, tournamenttest.Boards(t, full, 4, tb)[0], "3NT", "S", 9)}, nil)
			})
		})
		_, changeErr := b.Svc.ChangeMovement(b.Ctx, tournament.Director, full.ID, tournament.MovementChange{Movement: short, FromRound: 2})
		if wait == nil {
			t.Fatal("the change never read the section's results")
		}
		wait()
		if entErr != nil && !errors.Is(entErr, tournament.ErrInvalid) {
			t.Fatalf("race %d: entry: %v", i, entErr)
		}
		if changeErr != nil && !errors.Is(changeErr, tournament.ErrInvalid) && !errors.Is(changeErr, tournament.ErrConflict) {
			t.Fatalf("race %d: change: %v", i, changeErr)
		}
		if bad := fitsMovement(t, b, full.ID); len(bad) > 0 {
			wrong++
			t.Errorf("race %d (entry %v, change %v): results the movement in force does not place: %v", i, entErr, changeErr, bad)
		}
		if wrong > 10 {
			t.Fatalf("stopped after %d wrong races", wrong)
		}
		clearResults(t, b, full.ID)
		if changeErr == nil { // back to the whole Mitchell, unraced
			if _, err := b.Svc.ChangeMovement(b.Ctx, tournament.Director, full.ID, tournament.MovementChange{Movement: full.Spec, FromRound: 2}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestWithdrawalRacesMovementChange withdraws a pair from round 2 while
// the movement changes to 3 rounds from round 2 on, 100 times, the
// withdrawal paused just after it has read the section's results (and
// found the boards left under the movement it read). After each race
// every stored result must fit the movement in force. On 1909fa9 the
// change was made during the pause and the withdrawal then stored the
// boards of rounds 4 and 5, which the movement no longer has.
func TestWithdrawalRacesMovementChange(t *testing.T) {
	r := newHeldRace(t)
	b := r.b
	e := b.Event(tournament.EventInput{})
	full := b.Mitchell(e.ID, 5, 2)
	short := tournament.MovementSpec{Kind: "mitchell", Tables: 5, BoardsPerRound: 2, Rounds: 3}
	pairs, err := b.Svc.Pairs(b.Ctx, tournament.Director, full.ID)
	if err != nil {
		t.Fatal(err)
	}
	wrong := 0
	for i := range 100 {
		p := pairs[i%len(pairs)]
		var (
			wait      func()
			changeErr error
		)
		r.hook.arm(sectionReads(full.ID), func() {
			_, wait = r.during(t, func() {
				_, changeErr = b.Svc.ChangeMovement(b.Ctx, tournament.Director, full.ID, tournament.MovementChange{Movement: short, FromRound: 2})
			})
		})
		_, wdErr := b.Svc.WithdrawPair(b.Ctx, tournament.Director, p.ID, tournament.Withdrawal{FromRound: 2})
		if wait == nil {
			t.Fatal("the withdrawal never read the section's results")
		}
		wait()
		if wdErr != nil {
			t.Fatalf("race %d: withdrawal: %v", i, wdErr)
		}
		if changeErr != nil && !errors.Is(changeErr, tournament.ErrInvalid) && !errors.Is(changeErr, tournament.ErrConflict) {
			t.Fatalf("race %d: change: %v", i, changeErr)
		}
		if bad := fitsMovement(t, b, full.ID); len(bad) > 0 {
			wrong++
			t.Errorf("race %d (change %v): results the movement in force does not place: %v", i, changeErr, bad)
		}
		if wrong > 10 {
			t.Fatalf("stopped after %d wrong races", wrong)
		}
		clearResults(t, b, full.ID)
		if changeErr == nil {
			if _, err := b.Svc.ChangeMovement(b.Ctx, tournament.Director, full.ID, tournament.MovementChange{Movement: full.Spec, FromRound: 2}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestTableRoundRacesDelete: a table that has every board of round 1 in is
// at round 2 by its own pace (TableRound) and enters a board of it while
// the director deletes one of its round-1 results, 200 times, the entry
// paused just after it has read the table's results. The deletion, made
// during the pause, puts the table back at round 1: its entry must be
// refused, not stored on the results it read before. On 1909fa9 it was
// stored every time.
func TestTableRoundRacesDelete(t *testing.T) {
	tableRoundRaces(t, 200, "deleted", func(b *tournamenttest.Builder, sec tournament.Section, tb int, first tournament.Result) (func() tournament.Result, error) {
		err := b.Svc.DeleteResult(b.Ctx, tournament.Director, first.ID, 0)
		return func() tournament.Result { return b.Play(sec, 1, tb, first.Board, "3NT", "S", 9) }, err
	})
}

// TestTableRoundRacesMovingCorrection: as TestTableRoundRacesDelete, but the
// director moves the table's round-1 result to its round-3 slot (a result
// written on the wrong round's line) rather than deleting it, 100 times.
// The move leaves round 1 short, which puts the table back at round 1: its
// round-2 entry must be refused. Before the correction was made holding
// the section, it was stored every time.
func TestTableRoundRacesMovingCorrection(t *testing.T) {
	tableRoundRaces(t, 100, "moved to round 3", func(b *tournamenttest.Builder, sec tournament.Section, tb int, first tournament.Result) (func() tournament.Result, error) {
		to := tournamenttest.Line(sec, 3, tb, tournamenttest.Boards(t, sec, 3, tb)[0], "3NT", "S", 9)
		moved, err := b.Svc.UpdateResult(b.Ctx, tournament.Director, first.ID, to, first.Version)
		return func() tournament.Result {
			back := tournamenttest.Line(sec, 1, tb, first.Board, "3NT", "S", 9)
			res, err := b.Svc.UpdateResult(b.Ctx, tournament.Director, moved.ID, back, moved.Version)
			if err != nil {
				t.Fatalf("moving it back: %v", err)
			}
			return res
		}, err
	})
}

// tableRoundRaces races, times over, a director's change to one table's
// first round-1 result (change, which returns how to put it back) against
// that table's entry of a round-2 board: every board of round 1 in, the
// table is at round 2 by its own pace; the entry is paused just after it
// has read the table's results, and the change made meanwhile leaves round
// 1 short. The entry must then be refused (the table is at round 1), or,
// if the change waited for it, stored.
func tableRoundRaces(t *testing.T, times int, what string, change func(b *tournamenttest.Builder, sec tournament.Section, tb int, first tournament.Result) (restore func() tournament.Result, err error)) {
	r := newHeldRace(t)
	b := r.b
	e := b.Event(tournament.EventInput{})
	sec := b.Mitchell(e.ID, 10, 2)
	first := map[int]tournament.Result{} // each table's first board of round 1, as stored
	for tb := 1; tb <= 10; tb++ {
		for k, bd := range tournamenttest.Boards(t, sec, 1, tb) {
			res := b.Play(sec, 1, tb, bd, "3NT", "S", 9)
			if k == 0 {
				first[tb] = res
			}
		}
	}
	wrong := 0
	for i := range times {
		tb := i%10 + 1
		var (
			changed   bool
			wait      func()
			changeErr error
			restore   func() tournament.Result
		)
		r.hook.arm(func(f tournament.ResultFilter) bool { return f.SectionID == sec.ID && f.Table == tb }, func() {
			changed, wait = r.during(t, func() { restore, changeErr = change(b, sec, tb, first[tb]) })
		})
		line := tournamenttest.Line(sec, 2, tb, tournamenttest.Boards(t, sec, 2, tb)[0], "3NT", "S", 9)
		stored, _, entErr := b.Svc.EnterResults(b.Ctx, tournamenttest.Table(sec, tb), sec.ID, []tournament.Result{line}, nil)
		if wait == nil {
			t.Fatal("the entry never read its table's results")
		}
		wait()
		if changeErr != nil {
			t.Fatalf("race %d: the change: %v", i, changeErr)
		}
		switch {
		case changed && entErr == nil:
			wrong++
			t.Errorf("race %d: table %d's round-2 entry stored after its round-1 board %d was %s", i, tb, first[tb].Board, what)
		case changed && !errors.Is(entErr, tournament.ErrForbidden):
			t.Fatalf("race %d: entry: %v, want ErrForbidden (the table is at round 1)", i, entErr)
		case !changed && entErr != nil:
			t.Fatalf("race %d: entry (the change waited for it): %v", i, entErr)
		}
		if wrong > 10 {
			t.Fatalf("stopped after %d wrong races", wrong)
		}
		for _, s := range stored {
			if err := b.Svc.DeleteResult(b.Ctx, tournament.Director, s.ID, 0); err != nil {
				t.Fatal(err)
			}
		}
		first[tb] = restore()
	}
}
