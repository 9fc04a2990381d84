package db_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/tournament"
)

// gatheredCall is a CreateResults call made while the store's lanes are
// busy, and what it answered.
type gatheredCall struct {
	name     string
	section  int64
	results  []tournament.Result
	idem     *tournament.Idempotency
	ctx      context.Context
	stored   []tournament.Result
	replayed bool
	err      error
}

// gather makes calls at once while every lane of s is busy, frees the lanes
// when all of them wait, and returns when all have answered.
func gather(t *testing.T, s *db.Store, calls []*gatheredCall) {
	t.Helper()
	release := db.HoldLanes(s)
	var wg sync.WaitGroup
	for _, c := range calls {
		if c.ctx == nil {
			c.ctx = ctx(t)
		}
		wg.Go(func() { c.stored, c.replayed, c.err = s.CreateResults(c.ctx, c.section, c.results, c.idem) })
	}
	for deadline := time.Now().Add(10 * time.Second); db.Waiting(s) < len(calls); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d calls wait to be gathered", db.Waiting(s), len(calls))
		}
	}
	release()
	wg.Wait()
}

// TestGatheredEntries: calls that arrive while the store is busy are stored
// by one statement (one transaction: their rows share an xmin), each with
// its own answer: results in the order sent, a key stored before replayed,
// two calls with one key stored once; a gathering one of whose calls
// clashes is stored again call by call, so the others are stored and the
// clash answered as when alone; a call whose caller gives up while waiting
// is not stored.
func TestGatheredEntries(t *testing.T) {
	s, u := open(t)
	p := rawPool(t, u)
	c := ctx(t)
	secA := mitchellSection(t, s, event(t, s).ID)
	secB := mitchellSection(t, s, event(t, s).ID)
	taken, _, err := s.CreateResults(c, secA.ID, []tournament.Result{played(7)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	before, _, err := s.CreateResults(c, secA.ID, []tournament.Result{played(8)}, key("k-before", "b8"))
	if err != nil {
		t.Fatal(err)
	}
	xmin := func(r tournament.Result) string {
		var x string
		if err := p.QueryRow(c, `SELECT xmin::text FROM results WHERE id = $1`, r.ID).Scan(&x); err != nil {
			t.Fatal(err)
		}
		return x
	}

	calls := []*gatheredCall{
		{name: "A boards 1 and 2", section: secA.ID, results: []tournament.Result{played(1), played(2)}},
		{name: "B board 1", section: secB.ID, results: []tournament.Result{played(1)}},
		{name: "A board 3 under k3", section: secA.ID, results: []tournament.Result{played(3)}, idem: key("k3", "b3")},
		{name: "A board 3 under k3 again", section: secA.ID, results: []tournament.Result{played(3)}, idem: key("k3", "b3")},
		{name: "A board 8 under k-before", section: secA.ID, results: []tournament.Result{played(8)}, idem: key("k-before", "b8")},
	}
	gather(t, s, calls)
	for _, cl := range calls {
		if cl.err != nil {
			t.Fatalf("%s: %v", cl.name, cl.err)
		}
		for i, r := range cl.stored {
			if r.SectionID != cl.section || r.Board != cl.results[i].Board || r.Version != 1 {
				t.Errorf("%s: stored[%d] is board %d of section %d version %d, want board %d of section %d version 1",
					cl.name, i, r.Board, r.SectionID, r.Version, cl.results[i].Board, cl.section)
			}
		}
		if len(cl.stored) != len(cl.results) {
			t.Errorf("%s: %d results answered, want %d", cl.name, len(cl.stored), len(cl.results))
		}
	}
	k3, k3again := calls[2], calls[3]
	if k3.replayed == k3again.replayed || k3.stored[0].ID != k3again.stored[0].ID {
		t.Errorf("two calls under k3: replayed %v and %v, ids %d and %d; want one stored, the other its replay",
			k3.replayed, k3again.replayed, k3.stored[0].ID, k3again.stored[0].ID)
	}
	if k3.replayed {
		k3 = k3again
	}
	if !calls[4].replayed || calls[4].stored[0].ID != before[0].ID {
		t.Errorf("k-before: replayed %v, id %d; want the replay of result %d", calls[4].replayed, calls[4].stored[0].ID, before[0].ID)
	}
	one := xmin(calls[0].stored[0])
	for _, r := range []tournament.Result{calls[0].stored[1], calls[1].stored[0], k3.stored[0]} {
		if x := xmin(r); x != one {
			t.Errorf("result %d (board %d of section %d) stored by transaction %s, the first of the gathering by %s: not one statement",
				r.ID, r.Board, r.SectionID, x, one)
		}
	}
	var results, inserts int
	if err := p.QueryRow(c, `SELECT (SELECT count(*) FROM results), (SELECT count(*) FROM audit WHERE action = 'insert')`).Scan(&results, &inserts); err != nil {
		t.Fatal(err)
	}
	// Boards 7 and 8 before; then boards 1, 2, 3 of A and 1 of B.
	if results != 6 || inserts != 6 {
		t.Errorf("%d results and %d insert audit rows stored, want 6 and 6", results, inserts)
	}

	// A clash in a gathering: the others stored all the same.
	clash := []*gatheredCall{
		{name: "A board 4", section: secA.ID, results: []tournament.Result{played(4)}},
		{name: "A board 7 again", section: secA.ID, results: []tournament.Result{played(7)}},
		{name: "B board 2", section: secB.ID, results: []tournament.Result{played(2)}},
	}
	gather(t, s, clash)
	for _, cl := range []*gatheredCall{clash[0], clash[2]} {
		if cl.err != nil || len(cl.stored) != 1 {
			t.Errorf("%s beside a clash: %v, %d stored; want it stored", cl.name, cl.err, len(cl.stored))
		}
	}
	te := tError(t, clash[1].err, tournament.ErrConflict)
	if te.Current == nil || te.Current.ID != taken[0].ID {
		t.Errorf("the clash names %+v, want result %d, stored there before", te.Current, taken[0].ID)
	}

	// A caller that gives up while waiting: not stored.
	gone, cancel := context.WithCancel(c)
	waiting := &gatheredCall{name: "A board 5, given up", section: secA.ID, results: []tournament.Result{played(5)}, ctx: gone}
	release := db.HoldLanes(s)
	done := make(chan struct{})
	go func() {
		waiting.stored, waiting.replayed, waiting.err = s.CreateResults(gone, secA.ID, waiting.results, nil)
		close(done)
	}()
	for db.Waiting(s) < 1 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	<-done
	release()
	if !errors.Is(waiting.err, context.Canceled) {
		t.Errorf("%s: %v, want the context's end", waiting.name, waiting.err)
	}
	var n int
	if err := p.QueryRow(c, `SELECT count(*) FROM results WHERE section_id = $1 AND board = 5`, secA.ID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 || db.Waiting(s) != 0 {
		t.Errorf("%d results on board 5 and %d calls waiting after the caller gave up, want 0 and 0", n, db.Waiting(s))
	}
}
