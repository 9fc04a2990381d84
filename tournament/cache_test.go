package tournament

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// countingStore answers Section from one section and counts the reads.
type countingStore struct {
	Store
	sec      Section
	reads    int
	rowReads int
}

func (c *countingStore) Section(context.Context, int64) (Section, error) {
	c.reads++
	return c.sec, nil
}

// SectionRow answers the section without its movement's rounds and teams,
// and counts the reads apart.
func (c *countingStore) SectionRow(context.Context, int64) (Section, error) {
	c.rowReads++
	sec := c.sec
	sec.Movement.Rounds, sec.Movement.Teams = nil, nil
	return sec, nil
}

// TestCacheHearsChanges: alone on its store a Service keeps what it
// reads; told it is listening, it keeps it until a change notice about it;
// told it is not (the notices' connection lost), it keeps nothing, since a
// change elsewhere would go unheard.
func TestCacheHearsChanges(t *testing.T) {
	ctx := context.Background()
	st := &countingStore{sec: Section{ID: 7, CurrentRound: 1}}
	s := NewService(st, ServiceOptions{})
	read := func(want int) {
		t.Helper()
		sec, err := s.cache.Section(ctx, 7)
		if err != nil || sec.ID != 7 {
			t.Fatalf("section: %+v %v", sec, err)
		}
		if st.reads != want {
			t.Fatalf("store read %d times, want %d", st.reads, want)
		}
	}
	read(1)
	read(1) // kept
	s.Listening(true)
	read(2) // emptied when listening starts
	read(2)
	s.Forget(Changed{Kind: ChangedEvent, ID: 7})
	read(2) // another kind's notice leaves the section
	s.Forget(Changed{Kind: ChangedSection, ID: 8})
	read(2) // another section's too
	s.Forget(Changed{Kind: ChangedSection, ID: 7})
	read(2) // its row only (below)
	s.Listening(false)
	read(3)
	read(4) // deaf: nothing kept
	s.Listening(true)
	read(5)
	read(5)

	// A section changed (its round moved) is read again without its
	// movement's rounds, which are kept from before; unless its movement is
	// not the one kept.
	st.sec.Movement = movement.Movement{Name: "Mitchell 2 tables", Kind: movement.KindMitchell, Pairs: 4, Tables: 2, Boards: 4,
		Rounds: []movement.Round{{Number: 1}, {Number: 2}}}
	s.Forget(Changed{Kind: ChangedSection, ID: 7})
	read(6) // the row read saw another movement than the one kept: read whole
	st.sec.CurrentRound = 2
	s.Forget(Changed{Kind: ChangedSection, ID: 7})
	read(6)
	if sec, _ := s.cache.Section(ctx, 7); st.rowReads != 3 || sec.CurrentRound != 2 || len(sec.Movement.Rounds) != 2 {
		t.Fatalf("after a round moved: %d row reads, round %d, %d rounds; want 3, 2 and 2", st.rowReads, sec.CurrentRound, len(sec.Movement.Rounds))
	}
	st.sec.Movement.Tables = 3
	s.Forget(Changed{Kind: ChangedSection, ID: 7})
	read(7)
	if st.rowReads != 4 {
		t.Fatalf("%d row reads, want 4", st.rowReads)
	}

	// A read that raced with a notice about its section does not keep what
	// it read; one that raced with another section's notice does.
	k9, k10 := genKey{"section", 9}, genKey{"section", 10}
	st9, st10 := s.cache.stamp(k9), s.cache.stamp(k10)
	s.Forget(Changed{Kind: ChangedSection, ID: 9})
	s.cache.keep(&s.cache.sections, int64(9), Section{ID: 9}, k9, st9)
	s.cache.keep(&s.cache.sections, int64(10), Section{ID: 10}, k10, st10)
	if _, ok := s.cache.sections.Load(int64(9)); ok {
		t.Error("a section read before a change notice about it was kept after it")
	}
	if _, ok := s.cache.sections.Load(int64(10)); !ok {
		t.Error("a section read while another section's notice came was not kept")
	}
	// Everything forgotten (Listening) stops every read in flight from keeping.
	st10 = s.cache.stamp(k10)
	s.Listening(true)
	s.cache.keep(&s.cache.sections, int64(10), Section{ID: 10}, k10, st10)
	if _, ok := s.cache.sections.Load(int64(10)); ok {
		t.Error("a read from before everything was forgotten was kept")
	}
}

// TestFlightsShareOneRead: requests missing the same entry at once share
// one store read; another entry's read is its own.
func TestFlightsShareOneRead(t *testing.T) {
	var fs flights
	release := make(chan struct{})
	var reads atomic.Int32
	read := func() (any, error) { reads.Add(1); <-release; return 7, nil }
	var wg sync.WaitGroup
	got := make([]any, 5)
	for i := range got {
		wg.Add(1)
		go func() { defer wg.Done(); got[i], _ = fs.do(genKey{"section", 1}, read) }()
	}
	for reads.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	other, _ := fs.do(genKey{"section", 2}, func() (any, error) { return 8, nil })
	for joined := 0; joined < 4; { // the other four wait for the read in flight
		time.Sleep(time.Millisecond)
		fs.mu.Lock()
		joined = fs.in[genKey{"section", 1}].waiting
		fs.mu.Unlock()
	}
	close(release)
	wg.Wait()
	if n := reads.Load(); n != 1 {
		t.Errorf("%d reads of section 1 for 5 requests at once, want 1", n)
	}
	for i, v := range got {
		if v != 7 {
			t.Errorf("request %d got %v", i, v)
		}
	}
	if other != 8 {
		t.Errorf("section 2's read got %v", other)
	}
}
