package tournament

import (
	"context"
	"sync"
	"sync/atomic"
)

// cache keeps what a result entry reads on every request — the section with
// its movement, its event, its boards — so that entering a result costs one
// transaction. Every change made through the Service replaces or drops the
// entry it touches; a change made by another process on the same database is
// heard through Forget (db.Store.Listen), and while no one listens for them
// (Listening(false)) nothing is kept. gen counts the changes heard, so that a
// read that raced with one does not keep what it read.
type cache struct {
	sections sync.Map // int64 → Section
	events   sync.Map // int64 → Event
	boards   sync.Map // int64 (section) → map[int]Board, every board of the section
	gen      atomic.Uint64
	deaf     atomic.Bool // changes elsewhere may go unheard: keep nothing
}

// keep stores v under key in m unless a change was heard since gen was read
// or changes are going unheard.
func (c *cache) keep(m *sync.Map, key any, v any, gen uint64) {
	if !c.deaf.Load() && c.gen.Load() == gen {
		m.Store(key, v)
	}
}

// ChangedKind is what a change notice is about.
type ChangedKind string

// The kinds of change notice.
const (
	ChangedSection ChangedKind = "section" // a section (its round, name, deletion); ID is the section's
	ChangedEvent   ChangedKind = "event"   // an event (its law code, scoring, publication); ID is the event's
	ChangedBoards  ChangedKind = "boards"  // a section's hand records; ID is the section's
	ChangedToken   ChangedKind = "token"   // a token's expiry or revocation; ID is the token's
	ChangedSignIn  ChangedKind = "sign_in" // a sign-in's end; ID is the sign-in's
)

// Changed is a change notice: what was changed, by any process.
type Changed struct {
	Kind ChangedKind
	ID   int64
}

// Forget drops what the caches hold of a change, made by this process or
// another: the next request reads it from the store.
func (s *Service) Forget(c Changed) {
	s.cache.gen.Add(1)
	switch c.Kind {
	case ChangedSection:
		s.cache.sections.Delete(c.ID)
		s.cache.boards.Delete(c.ID)
		s.forget(func(x Actor) bool { return x.SectionID == c.ID })
	case ChangedEvent:
		s.cache.events.Delete(c.ID)
	case ChangedBoards:
		s.cache.boards.Delete(c.ID)
	case ChangedToken:
		s.forget(func(x Actor) bool { return x.TokenID == c.ID })
	case ChangedSignIn:
		s.forget(func(x Actor) bool { return x.SignInID == c.ID })
	default:
		s.forgetAll()
	}
}

// forgetAll empties every cache.
func (s *Service) forgetAll() {
	s.cache.gen.Add(1)
	for _, m := range []*sync.Map{&s.cache.sections, &s.cache.events, &s.cache.boards, &s.actors} {
		m.Clear()
	}
}

// Listening tells the Service whether changes made by other processes are
// being heard (through Forget). When they stop being heard it empties its
// caches and keeps nothing until they are heard again; when they are heard
// again it starts afresh. A Service nobody tells is alone on its store and
// keeps what it reads.
func (s *Service) Listening(on bool) {
	s.cache.deaf.Store(!on)
	s.forgetAll()
}

// section returns a section, from the cache or the store.
func (s *Service) section(ctx context.Context, id int64) (Section, error) {
	if v, ok := s.cache.sections.Load(id); ok {
		return v.(Section), nil
	}
	gen := s.cache.gen.Load()
	sec, err := s.store.Section(ctx, id)
	if err != nil {
		return Section{}, err
	}
	s.cache.keep(&s.cache.sections, id, sec, gen)
	return sec, nil
}

// event returns an event, from the cache or the store.
func (s *Service) event(ctx context.Context, id int64) (Event, error) {
	if v, ok := s.cache.events.Load(id); ok {
		return v.(Event), nil
	}
	gen := s.cache.gen.Load()
	e, err := s.store.Event(ctx, id)
	if err != nil {
		return Event{}, err
	}
	s.cache.keep(&s.cache.events, id, e, gen)
	return e, nil
}

// boardMap returns every board of a section by number (stored, or implied by
// its number), from the cache or the store. The map is shared: do not change it.
func (s *Service) boardMap(ctx context.Context, sec *Section) (map[int]Board, error) {
	if v, ok := s.cache.boards.Load(sec.ID); ok {
		return v.(map[int]Board), nil
	}
	gen := s.cache.gen.Load()
	stored, err := s.store.Boards(ctx, sec.ID)
	if err != nil {
		return nil, err
	}
	m := make(map[int]Board, sec.Movement.Boards)
	for _, b := range stored {
		m[b.Number] = b
	}
	m = withImplied(m, sec)
	s.cache.keep(&s.cache.boards, sec.ID, m, gen)
	return m, nil
}
