package tournament

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// SharedStandings are a section's standings as one audience sees them (the
// director, or everyone else), made once per change and handed to every
// reader and every live stream until the next: do not change them. What a
// reader makes of them (the API's JSON, a stream's event) is made once too
// (Encoded).
type SharedStandings struct {
	Standings
	stamp   memoStamp // the changes heard before they were made
	version string    // the store's StandingsVersion read before they were made
	made    time.Time // when they were made

	mu  sync.Mutex
	enc map[string]encoded
}

// encoded is what one encoder made of standings.
type encoded struct {
	b   []byte
	err error
}

// Encoded returns what encode makes of the standings, made by the first
// caller of each name and shared with every other: every caller passing a
// name must pass the same encode. The bytes are shared: do not change them.
func (sh *SharedStandings) Encoded(name string, encode func(Standings) ([]byte, error)) ([]byte, error) {
	sh.mu.Lock()
	defer sh.mu.Unlock() // the first caller encodes; the others wait for its bytes
	if e, ok := sh.enc[name]; ok {
		return e.b, e.err
	}
	b, err := encode(sh.Standings)
	if sh.enc == nil {
		sh.enc = map[string]encoded{}
	}
	sh.enc[name] = encoded{b, err}
	return b, err
}

// standingsMemo keeps, beside the cache (cache.go), each section's
// standings as each audience sees them: made once per change, however many
// read them. A change is known two ways. Notices (Forget: ChangedStandings
// from migration 0017's triggers, ChangedSection, ChangedEvent, and
// forgetAll) count up the generations the standings were stamped with;
// while they are heard (Listening(true)) the public — who never writes —
// takes the standings kept while no change was heard, and, after one, the
// last made while the next are made (at most one making a section and
// audience at a time, no sooner than refreshAfter after the last). Anyone
// else — a director or a table, who may just have written; the public
// reading a replica; every reader while notices go unheard — also compares
// the store's StandingsVersion with the one the standings were made at and
// waits for new ones when they differ: a writer never reads standings
// older than its own change, whichever process it was made through.
type standingsMemo struct {
	mu         sync.Mutex
	kept       map[memoKey]*SharedStandings
	refreshing map[memoKey]bool // a making started for the public in the background
	makes      flights          // one making of a section's standings for an audience at a time
	listening  atomic.Bool      // notices are heard (Service.Listening)
	begun      atomic.Uint64    // counts the makings begun and the reads that must see what they saw (SharedStandings)
}

// memoKey names a section's standings for an audience.
type memoKey struct {
	section  int64
	director bool
}

// memoStamp is the changes heard, when standings began to be made, of what
// they are made of.
type memoStamp struct{ epoch, section, standings, event, field uint64 }

// maxKept bounds the standings kept; past it, half are dropped.
const maxKept = 1024

// refreshAfter is the least time between two makings of the public's
// standings of a section while results come in: a 200-table section's
// take 70–160 ms of CPU, and results may change them 100 times a second.
const refreshAfter = 250 * time.Millisecond

// memoStamp returns the changes heard so far of a section of event eventID;
// of an event scored across the field (across), the changes heard of any
// section's standings too, since the other sections' results score its
// boards.
func (s *Service) memoStamp(sectionID, eventID int64, across bool) memoStamp {
	st := memoStamp{
		epoch:     s.cache.epoch.Load(),
		section:   s.cache.stamp(genKey{"section", sectionID}).gen,
		standings: s.cache.stamp(genKey{"standings", sectionID}).gen,
		event:     s.cache.stamp(genKey{"event", eventID}).gen,
	}
	if across {
		st.field = s.cache.fieldGen.Load()
	}
	return st
}

// standingsVersion is the store's StandingsVersion of a section or, in an
// event scored across the field, of every section of the event (one read):
// a change to any of them changes the section's standings.
func standingsVersion(ctx context.Context, store Store, sectionID int64, e *Event) (string, error) {
	if !acrossField(e) {
		return store.StandingsVersion(ctx, sectionID)
	}
	vs, err := store.SectionVersions(ctx, e.ID)
	if err != nil {
		return "", err
	}
	ids := slices.Sorted(maps.Keys(vs))
	var b strings.Builder
	for _, id := range ids {
		b.WriteString(strconv.FormatInt(id, 10) + ":" + vs[id] + "|")
	}
	return b.String(), nil
}

// SharedStandings returns a section's standings as a sees them (Standings),
// shared with every other reader of the same audience until the next
// change.
func (s *Service) SharedStandings(ctx context.Context, a Actor, sectionID int64) (*SharedStandings, error) {
	sec, e, err := s.sectionEvent(ctx, sectionID)
	if err != nil {
		return nil, err
	}
	if err := canReadResults(a, &e, &sec, 0); err != nil {
		return nil, err
	}
	k := memoKey{section: sectionID, director: seesAll(a)}
	now := s.memoStamp(sectionID, sec.EventID, acrossField(&e))
	s.memo.mu.Lock()
	old := s.memo.kept[k]
	s.memo.mu.Unlock()
	trust := a.Role == RolePublic && s.replica == nil && s.memo.listening.Load()
	asked := s.memo.begun.Add(1) // before this read's look at the version
	switch {
	case old == nil:
	case trust && old.stamp == now:
		return old, nil
	case trust:
		s.refresh(k, sectionID, sec.EventID, old)
		return old, nil
	case old.stamp == now:
		v, err := standingsVersion(ctx, s.reader(a), sectionID, &e)
		if err != nil {
			return nil, err
		}
		if v == old.version {
			return old, nil
		}
	}
	made, err := s.makeStandings(ctx, k, s.reader(a), sectionID, sec.EventID)
	if err == nil && !trust && made.begun < asked {
		// The making joined began before this read looked: it may have read
		// the results before a change this reader has seen (its own entry,
		// whose answer it had): one begun now sees it.
		made, err = s.makeStandings(ctx, k, s.reader(a), sectionID, sec.EventID)
	}
	return made.sh, err
}

// refresh makes the public's standings again in the background, after a
// change heard since old were made, unless it is being done.
func (s *Service) refresh(k memoKey, sectionID, eventID int64, old *SharedStandings) {
	m := &s.memo
	m.mu.Lock()
	if m.refreshing[k] {
		m.mu.Unlock()
		return
	}
	if m.refreshing == nil {
		m.refreshing = map[memoKey]bool{}
	}
	m.refreshing[k] = true
	m.mu.Unlock()
	go func() {
		defer func() {
			m.mu.Lock()
			delete(m.refreshing, k)
			m.mu.Unlock()
		}()
		if wait := refreshAfter - s.now().Sub(old.made); wait > 0 {
			time.Sleep(wait)
		}
		_, _ = s.makeStandings(context.Background(), k, s.reader(Public), sectionID, eventID)
	}()
}

// makeStandings makes a section's standings for k's audience from store
// and keeps them; callers that ask meanwhile share the making. The making
// does not end with the first caller (whose client may leave) but within
// readWithin.
func (s *Service) makeStandings(ctx context.Context, k memoKey, store Store, sectionID, eventID int64) (making, error) {
	fk := genKey{kind: "standings", id: sectionID}
	switch {
	case k.director:
		fk.kind = "standings/director"
	case store != s.store:
		fk.kind = "standings/replica"
	}
	v, err := s.memo.makes.do(fk, func() (any, error) {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), readWithin)
		defer cancel()
		begun := s.memo.begun.Add(1)
		e0, err := s.cache.Event(ctx, eventID)
		if err != nil {
			return nil, err
		}
		stamp := s.memoStamp(sectionID, eventID, acrossField(&e0)) // before anything else is read: a change heard from now on is not in them
		version, err := standingsVersion(ctx, store, sectionID, &e0)
		if err != nil {
			return nil, err
		}
		s.memo.mu.Lock()
		kept := s.memo.kept[k]
		s.memo.mu.Unlock()
		if kept != nil && kept.stamp == stamp && kept.version == version {
			return making{kept, begun}, nil // made by a making that ended as this one began: as new as this one's look
		}
		sec, e, err := s.sectionEvent(ctx, sectionID)
		if err != nil {
			return nil, err
		}
		// The other audience's are made from the same read if someone reads
		// them (they are kept) and they are read from the same store: one
		// read of the results a change, not one an audience.
		other := memoKey{section: sectionID, director: !k.director}
		s.memo.mu.Lock()
		both := s.memo.kept[other] != nil && s.replica == nil
		s.memo.mu.Unlock()
		dir, pub, err := s.standingsFrom(ctx, store, &sec, &e, k.director || both, !k.director || both)
		if err != nil {
			return nil, err
		}
		mine, theirs := pub, dir
		if k.director {
			mine, theirs = dir, pub
		}
		made := s.now()
		sh := &SharedStandings{Standings: mine, stamp: stamp, version: version, made: made}
		s.memo.keep(k, sh)
		if both {
			s.memo.keep(other, &SharedStandings{Standings: theirs, stamp: stamp, version: version, made: made})
		}
		s.wakeSection(sectionID) // watch.go: live standings take them at once
		return making{sh, begun}, nil
	})
	if err != nil {
		return making{}, err
	}
	return v.(making), nil
}

// making is what one making of standings gave: the standings, and when
// it began (the memo's count of makings and reads, standingsMemo.begun).
type making struct {
	sh    *SharedStandings
	begun uint64
}

// keep keeps sh for k unless standings made later are kept.
func (m *standingsMemo) keep(k memoKey, sh *SharedStandings) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if old := m.kept[k]; old != nil && old.made.After(sh.made) {
		return
	}
	if m.kept == nil {
		m.kept = map[memoKey]*SharedStandings{}
	}
	if len(m.kept) >= maxKept {
		n := 0
		for key := range m.kept { // a map's order is random: a random half goes
			if n++; n > maxKept/2 {
				break
			}
			delete(m.kept, key)
		}
	}
	m.kept[k] = sh
}
