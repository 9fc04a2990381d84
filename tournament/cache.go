package tournament

import (
	"context"
	"sync"
)

// cache keeps what a result entry reads on every request — the section with
// its movement, its event, its boards — so that entering a result costs one
// transaction. Every change made through the Service replaces or drops the
// entry it touches; a Store changed behind the Service's back (another server
// process on the same database) is not seen until restart, which is why one
// database has one server process (deploy/README.md).
type cache struct {
	sections sync.Map // int64 → Section
	events   sync.Map // int64 → Event
	boards   sync.Map // int64 (section) → map[int]Board, every board of the section
}

// section returns a section, from the cache or the store.
func (s *Service) section(ctx context.Context, id int64) (Section, error) {
	if v, ok := s.cache.sections.Load(id); ok {
		return v.(Section), nil
	}
	sec, err := s.store.Section(ctx, id)
	if err != nil {
		return Section{}, err
	}
	s.cache.sections.Store(id, sec)
	return sec, nil
}

// event returns an event, from the cache or the store.
func (s *Service) event(ctx context.Context, id int64) (Event, error) {
	if v, ok := s.cache.events.Load(id); ok {
		return v.(Event), nil
	}
	e, err := s.store.Event(ctx, id)
	if err != nil {
		return Event{}, err
	}
	s.cache.events.Store(id, e)
	return e, nil
}

// boardMap returns every board of a section by number (stored, or implied by
// its number), from the cache or the store. The map is shared: do not change it.
func (s *Service) boardMap(ctx context.Context, sec *Section) (map[int]Board, error) {
	if v, ok := s.cache.boards.Load(sec.ID); ok {
		return v.(map[int]Board), nil
	}
	stored, err := s.store.Boards(ctx, sec.ID)
	if err != nil {
		return nil, err
	}
	m := make(map[int]Board, sec.Movement.Boards)
	for _, b := range stored {
		m[b.Number] = b
	}
	m = withImplied(m, sec)
	s.cache.boards.Store(sec.ID, m)
	return m, nil
}
