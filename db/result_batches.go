package db

import (
	"context"
	"slices"
	"sync"
	"time"
)

// Gathering result entries (group commit). A statement that stores one
// table's result costs PostgreSQL far more than the row it adds: the plan
// started and ended, 14 CHECK constraints read back from their text, the
// foreign-key triggers prepared, a commit and its WAL flush, a round trip.
// Unpaced, those fixed costs were most of the database's CPU a result
// (BENCHMARKS.md, "Unpaced, 416 tables"). So entries that arrive while
// batchLanes statements are already storing others wait, and the next lane
// free stores all that wait with one statement (insertResultsSQL), at most
// batchEntries entries and batchRows results. A store that is not busy
// stores an entry at once, on its caller's context, as before.
const (
	batchLanes   = 4    // statements storing results at once
	batchEntries = 64   // entries a statement gathers at most
	batchRows    = 1000 // results a statement gathers at most (an entry larger goes alone)
	batchTimeout = time.Minute
)

// resultBatches gathers the CreateResults calls of a Store.
type resultBatches struct {
	s     *Store
	lanes int

	mu      sync.Mutex
	waiting []*resultEntry
	running int // lanes in use
}

// insert stores e: at once on ctx when a lane is free and none waits, else
// with the entries gathered by the next lane free. An entry taken into a
// statement is stored even if ctx ends meanwhile (as a request whose answer
// is lost: its Idempotency-Key replays it); one still waiting when ctx ends
// is not.
func (b *resultBatches) insert(ctx context.Context, e *resultEntry) error {
	b.mu.Lock()
	if b.running < b.lanes && len(b.waiting) == 0 {
		b.running++
		b.mu.Unlock()
		err := b.s.insertEntries(ctx, []*resultEntry{e})
		b.release()
		return err
	}
	e.done = make(chan struct{})
	e.deadline, _ = ctx.Deadline()
	b.waiting = append(b.waiting, e)
	b.mu.Unlock()
	select {
	case <-e.done:
		return e.err
	case <-ctx.Done():
		b.mu.Lock()
		if i := slices.Index(b.waiting, e); i >= 0 {
			b.waiting = slices.Delete(b.waiting, i, i+1)
			b.mu.Unlock()
			return ctx.Err()
		}
		b.mu.Unlock()
		<-e.done
		return e.err
	}
}

// release hands a lane that has finished to the entries waiting, or frees
// it.
func (b *resultBatches) release() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.waiting) == 0 {
		b.running--
		return
	}
	go b.drain()
}

// drain stores the waiting entries, a gathering a statement, until none
// waits; then it frees its lane.
func (b *resultBatches) drain() {
	for {
		b.mu.Lock()
		batch := b.take()
		if len(batch) == 0 {
			b.running--
			b.mu.Unlock()
			return
		}
		b.mu.Unlock()
		ctx, cancel := batchContext(batch)
		err := b.s.insertEntries(ctx, batch)
		cancel()
		for _, e := range batch {
			e.err, e.shared = err, len(batch) > 1
			close(e.done)
		}
	}
}

// take removes from the waiting entries those the next statement stores,
// oldest first: at most batchEntries and batchRows (but always one), never
// two with one idempotency key (the later one waits for the next).
func (b *resultBatches) take() []*resultEntry {
	var (
		batch []*resultEntry
		rows  int
		keys  map[[2]string]bool
		left  = b.waiting[:0]
	)
	for _, e := range b.waiting {
		full := len(batch) == batchEntries || (len(batch) > 0 && rows+e.rows() > batchRows)
		var key [2]string
		if e.idem != nil {
			key = [2]string{e.idem.Scope, e.idem.Key}
		}
		if full || (e.idem != nil && keys[key]) {
			left = append(left, e)
			continue
		}
		batch, rows = append(batch, e), rows+e.rows()
		if e.idem != nil {
			if keys == nil {
				keys = map[[2]string]bool{}
			}
			keys[key] = true
		}
	}
	clear(b.waiting[len(left):])
	b.waiting = left
	return batch
}

// batchContext bounds a gathering's statement by the latest deadline of its
// entries' callers, and by batchTimeout.
func batchContext(batch []*resultEntry) (context.Context, context.CancelFunc) {
	limit := time.Now().Add(batchTimeout)
	var latest time.Time
	for _, e := range batch {
		if e.deadline.IsZero() {
			latest = limit
			break
		}
		if e.deadline.After(latest) {
			latest = e.deadline
		}
	}
	if latest.After(limit) {
		latest = limit
	}
	return context.WithDeadline(context.Background(), latest)
}
