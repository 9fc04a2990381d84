package db_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// heard collects the change notices and listening states Listen reports.
type heard struct {
	mu        sync.Mutex
	changes   []tournament.Changed
	listening []bool
}

func (h *heard) changed(c tournament.Changed) {
	h.mu.Lock()
	h.changes = append(h.changes, c)
	h.mu.Unlock()
}
func (h *heard) state(on bool) { h.mu.Lock(); h.listening = append(h.listening, on); h.mu.Unlock() }

// waitFor waits up to 5 s for ok to hold of what was heard.
func (h *heard) waitFor(t *testing.T, what string, ok func(*heard) bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		h.mu.Lock()
		done := ok(h)
		h.mu.Unlock()
		if done {
			return
		}
		if time.Now().After(deadline) {
			h.mu.Lock()
			defer h.mu.Unlock()
			t.Fatalf("%s: not heard in 5 s; heard %+v, listening %v", what, h.changes, h.listening)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// has reports whether c was heard.
func (h *heard) has(c tournament.Changed) bool {
	for _, x := range h.changes {
		if x == c {
			return true
		}
	}
	return false
}

// TestListenHearsEveryChange: a store listening hears, from another
// store on the same database (another process), each change to what the
// service caches — a section's round, an event, a section's boards, a
// token's revocation, a sign-in's end — once its transaction commits;
// nothing of a transaction rolled back; and after its connection is cut it
// says it is not listening, connects again, and hears again.
func TestListenHearsEveryChange(t *testing.T) {
	s, u := open(t)
	other, err := db.Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(other.Close)
	c := ctx(t)
	ev := event(t, other)
	sec := mitchellSection(t, other, ev.ID)

	h := &heard{}
	lctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Listen(lctx, h.changed, h.state) }()
	t.Cleanup(func() { stop(); <-done })
	h.waitFor(t, "listening", func(h *heard) bool { return len(h.listening) > 0 && h.listening[len(h.listening)-1] })

	if err := other.SetCurrentRound(c, sec.ID, 2); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the round moved", func(h *heard) bool { return h.has(tournament.Changed{Kind: tournament.ChangedSection, ID: sec.ID}) })

	ev.Name = "Renamed"
	if err := other.UpdateEvent(c, &ev, nil, "director"); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the event changed", func(h *heard) bool { return h.has(tournament.Changed{Kind: tournament.ChangedEvent, ID: ev.ID}) })

	if err := other.ReplaceBoards(c, sec.ID, []tournament.Board{{Number: 1, Dealer: scoring.North, Vulnerability: scoring.VulAll}}, nil, "director"); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the boards replaced", func(h *heard) bool { return h.has(tournament.Changed{Kind: tournament.ChangedBoards, ID: sec.ID}) })

	tok := tournament.Token{Role: tournament.RoleDirector, Name: "assistant", Hash: sum("listen")}
	if err := other.CreateToken(c, &tok); err != nil {
		t.Fatal(err)
	}
	si := tournament.SignIn{TokenID: tok.ID, Hash: sum("listen-si"), ExpiresAt: time.Now().Add(time.Hour)}
	if err := other.CreateSignIn(c, &si); err != nil {
		t.Fatal(err)
	}
	if err := other.EndSignIn(c, si.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := other.RevokeToken(c, tok.ID); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the sign-in ended and the token revoked", func(h *heard) bool {
		return h.has(tournament.Changed{Kind: tournament.ChangedSignIn, ID: si.ID}) && h.has(tournament.Changed{Kind: tournament.ChangedToken, ID: tok.ID})
	})

	// A change rolled back is never heard.
	p := rawPool(t, u)
	tx, err := p.Begin(c)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(c, `UPDATE sections SET current_round = 3 WHERE id = $1`, sec.ID); err != nil {
		t.Fatal(err)
	}
	if err := tx.Rollback(c); err != nil {
		t.Fatal(err)
	}
	h.mu.Lock()
	before := len(h.changes)
	h.mu.Unlock()

	// The listening connection cut: not listening, then listening again.
	if _, err := p.Exec(c, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE query LIKE 'LISTEN traveler_changes%' AND pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "listening again after the cut", func(h *heard) bool {
		n := len(h.listening)
		return n >= 3 && !h.listening[n-2] && h.listening[n-1]
	})
	h.mu.Lock()
	if len(h.changes) != before {
		t.Errorf("heard %v after a rolled-back change", h.changes[before:])
	}
	h.mu.Unlock()
	if err := other.SetCurrentRound(c, sec.ID, 4); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "a change after the reconnection", func(h *heard) bool { return len(h.changes) > before })
}

// TestListenHearsStandingsChanges: what a section's standings are made of
// changed through another store (another process) — a result stored or
// deleted, a pair added or renamed — is heard as "standings:<section>"
// (migration 0017), once per statement, whatever number of rows it
// touched; a section untouched is not announced.
func TestListenHearsStandingsChanges(t *testing.T) {
	s, u := open(t)
	other, err := db.Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(other.Close)
	c := ctx(t)
	ev := event(t, other)
	sec := mitchellSection(t, other, ev.ID)
	quiet := mitchellSection(t, other, event(t, other).ID)

	h := &heard{}
	lctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Listen(lctx, h.changed, h.state) }()
	t.Cleanup(func() { stop(); <-done })
	h.waitFor(t, "listening", func(h *heard) bool { return len(h.listening) > 0 && h.listening[len(h.listening)-1] })
	want := tournament.Changed{Kind: tournament.ChangedStandings, ID: sec.ID}
	count := func(h *heard) int {
		n := 0
		for _, x := range h.changes {
			if x == want {
				n++
			}
		}
		return n
	}

	if _, _, err := other.CreateResults(c, sec.ID, []tournament.Result{played(1), played(2), played(3)}, nil); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "three results stored", func(h *heard) bool { return count(h) == 1 })

	pairs := []tournament.Pair{{Number: "1", Direction: "NS", Players: []tournament.Player{{Name: "Ann"}, {Name: "Bob"}}}}
	if err := other.AddPairs(c, sec.ID, pairs); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "a pair added", func(h *heard) bool { return count(h) == 2 })
	p := rawPool(t, u)
	if _, err := p.Exec(c, `UPDATE pairs SET players = '[{"name": "Ann Other"}, {"name": "Bob"}]' WHERE section_id = $1`, sec.ID); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "a pair renamed", func(h *heard) bool { return count(h) == 3 })
	if _, err := p.Exec(c, `DELETE FROM results WHERE section_id = $1`, sec.ID); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the results deleted", func(h *heard) bool { return count(h) == 4 })
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.has(tournament.Changed{Kind: tournament.ChangedStandings, ID: quiet.ID}) {
		t.Errorf("heard standings:%d, a section nothing changed in", quiet.ID)
	}
}
