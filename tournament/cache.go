package tournament

import (
	"context"
	"reflect"
	"sync"
	"sync/atomic"
	"time"
)

// cache keeps what a result entry reads on every request — the section with
// its movement, its event, its boards — so that entering a result costs one
// transaction. Every change made through the Service replaces or drops the
// entry it touches; a change made by another process on the same database is
// heard through Forget (db.Store.Listen), and while no one listens for them
// (Listening(false)) nothing is kept. Each entry has a generation, counted
// up by every change heard of it (and all of them by forgetAll), so that a
// read that raced with a change does not keep what it read — and a change
// to one section does not stop another's read from being kept.
type cache struct {
	sections sync.Map // int64 → Section
	stale    sync.Map // int64 → Section: one changed since it was read, whose movement still holds
	events   sync.Map // int64 → Event
	boards   sync.Map // int64 (section) → map[int]Board, every board of the section
	gens     sync.Map // genKey → *atomic.Uint64: the changes heard of it
	reads    flights  // one store read of an entry at a time, however many requests miss it
	epoch    atomic.Uint64
	deaf     atomic.Bool // changes elsewhere may go unheard: keep nothing
}

// genKey names what a generation counts: a kind ("section", "event",
// "boards", "actors") and an id (0 for "actors").
type genKey struct {
	kind string
	id   int64
}

// stamp is when a read began: the epoch and the generation of what it reads.
type stamp struct{ epoch, gen uint64 }

// stamp returns k's stamp now.
func (c *cache) stamp(k genKey) stamp {
	st := stamp{epoch: c.epoch.Load()}
	if v, ok := c.gens.Load(k); ok {
		st.gen = v.(*atomic.Uint64).Load()
	}
	return st
}

// bump counts a change heard of k.
func (c *cache) bump(k genKey) {
	v, _ := c.gens.LoadOrStore(k, new(atomic.Uint64))
	v.(*atomic.Uint64).Add(1)
}

// keep stores v under key in m unless a change to k was heard since st was
// taken, or changes are going unheard.
func (c *cache) keep(m *sync.Map, key any, v any, k genKey, st stamp) {
	if !c.deaf.Load() && c.stamp(k) == st {
		m.Store(key, v)
	}
}

// actorsGen is the generation of the auth cache, counted up by every
// revocation, expiry change and sign-out heard.
var actorsGen = genKey{kind: "actors"}

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
	switch c.Kind {
	case ChangedSection:
		s.cache.bump(genKey{"section", c.ID})
		s.cache.bump(genKey{"boards", c.ID})
		if v, ok := s.cache.sections.LoadAndDelete(c.ID); ok { // a round moved, renamed, deleted (its tokens revoked: their own notices)
			s.cache.stale.Store(c.ID, v)
		}
		s.cache.boards.Delete(c.ID)
	case ChangedEvent:
		s.cache.bump(genKey{"event", c.ID})
		s.cache.events.Delete(c.ID)
	case ChangedBoards:
		s.cache.bump(genKey{"boards", c.ID})
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
	s.cache.epoch.Add(1)
	for _, m := range []*sync.Map{&s.cache.sections, &s.cache.stale, &s.cache.events, &s.cache.boards, &s.actors} {
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
	k := genKey{"section", id}
	v, err := s.cache.read(ctx, k, func(ctx context.Context) (any, error) {
		st := s.cache.stamp(k)
		sec, err := s.sectionAfterChange(ctx, id)
		if err == nil {
			s.cache.keep(&s.cache.sections, id, sec, k, st)
		}
		return sec, err
	})
	if err != nil {
		return Section{}, err
	}
	return v.(Section), nil
}

// sectionAfterChange reads a section from the store. A section kept before
// a change (a round moved, a name changed) keeps its movement: a movement
// changes only with its name and spec (ChangeMovement), and its rounds are most of what a section read
// costs (13 tables of a section read it at once after every round). Only
// the section's own row is read then, and the whole section if its movement
// is not the one kept.
func (s *Service) sectionAfterChange(ctx context.Context, id int64) (Section, error) {
	v, ok := s.cache.stale.Load(id)
	if !ok {
		return s.store.Section(ctx, id)
	}
	old := v.(Section)
	sec, err := s.store.SectionRow(ctx, id)
	if err != nil {
		s.cache.stale.Delete(id) // deleted, most likely: keep nothing of it
		return sec, err
	}
	m, was := sec.Movement, old.Movement
	if m.Kind != was.Kind || m.Name != was.Name || m.Winners != was.Winners || m.Pairs != was.Pairs ||
		m.Tables != was.Tables || m.Boards != was.Boards || m.Phantom != was.Phantom ||
		!reflect.DeepEqual(sec.Spec, old.Spec) || !sec.CreatedAt.Equal(old.CreatedAt) {
		s.cache.stale.Delete(id)
		return s.store.Section(ctx, id)
	}
	sec.Movement.Rounds, sec.Movement.Teams = was.Rounds, was.Teams
	return sec, nil
}

// event returns an event, from the cache or the store.
func (s *Service) event(ctx context.Context, id int64) (Event, error) {
	if v, ok := s.cache.events.Load(id); ok {
		return v.(Event), nil
	}
	k := genKey{"event", id}
	v, err := s.cache.read(ctx, k, func(ctx context.Context) (any, error) {
		st := s.cache.stamp(k)
		e, err := s.store.Event(ctx, id)
		if err == nil {
			s.cache.keep(&s.cache.events, id, e, k, st)
		}
		return e, err
	})
	if err != nil {
		return Event{}, err
	}
	return v.(Event), nil
}

// boardMap returns every board of a section by number (stored, or implied by
// its number), from the cache or the store. The map is shared: do not change it.
func (s *Service) boardMap(ctx context.Context, sec *Section) (map[int]Board, error) {
	if v, ok := s.cache.boards.Load(sec.ID); ok {
		return v.(map[int]Board), nil
	}
	k := genKey{"boards", sec.ID}
	v, err := s.cache.read(ctx, k, func(ctx context.Context) (any, error) {
		st := s.cache.stamp(k)
		stored, err := s.store.Boards(ctx, sec.ID)
		if err != nil {
			return nil, err
		}
		m := make(map[int]Board, sec.Movement.Boards)
		for _, b := range stored {
			m[b.Number] = b
		}
		m = withImplied(m, sec)
		s.cache.keep(&s.cache.boards, sec.ID, m, k, st)
		return m, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(map[int]Board), nil
}

// read runs one store read of k at a time: requests that miss k while it
// is being read wait for that read and share its answer (a round moved sends
// a section's every table to read it at once). The read does not end with
// the first request (whose client may leave) but within readWithin.
func (c *cache) read(ctx context.Context, k genKey, f func(context.Context) (any, error)) (any, error) {
	return c.reads.do(k, func() (any, error) {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), readWithin)
		defer cancel()
		return f(rctx)
	})
}

// flights are the reads in flight, by what they read. (DESIGN.md keeps
// tournament free of imports beyond the standard library, so this is not
// golang.org/x/sync/singleflight.)
type flights struct {
	mu sync.Mutex
	in map[genKey]*flight
}

// flight is one read in flight: done closes when v and err are set.
type flight struct {
	done    chan struct{}
	v       any
	err     error
	waiting int // requests sharing it but the first
}

// do runs f for k unless a run of it is in flight, and returns that run's
// answer either way.
func (fs *flights) do(k genKey, f func() (any, error)) (any, error) {
	fs.mu.Lock()
	if fl, ok := fs.in[k]; ok {
		fl.waiting++
		fs.mu.Unlock()
		<-fl.done
		return fl.v, fl.err
	}
	if fs.in == nil {
		fs.in = map[genKey]*flight{}
	}
	fl := &flight{done: make(chan struct{})}
	fs.in[k] = fl
	fs.mu.Unlock()
	defer func() {
		fs.mu.Lock()
		delete(fs.in, k)
		fs.mu.Unlock()
		close(fl.done)
	}()
	fl.v, fl.err = f()
	return fl.v, fl.err
}

// readWithin bounds a shared read of the cache.
const readWithin = 10 * time.Second
