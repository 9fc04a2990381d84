package tournament

import (
	"context"
	"testing"
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
