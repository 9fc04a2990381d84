package tournament

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// countingStore answers Section from one section and counts the reads.
type countingStore struct {
	Store
	sec   Section
	reads int
}

func (c *countingStore) Section(context.Context, int64) (Section, error) {
	c.reads++
	return c.sec, nil
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
		sec, err := s.section(ctx, 7)
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
	read(3)
	s.Listening(false)
	read(4)
	read(5) // deaf: nothing kept
	s.Listening(true)
	read(6)
	read(6)

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
