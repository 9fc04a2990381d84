package tournament

import (
	"context"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// cachedStore is the primary Store with what every request reads kept in
// memory — a section with its movement, an event, a section's boards, a
// token or sign-in by its hash — so that entering a result costs one
// transaction. It is a Store wrapper, as replicaReads is: the Service reads
// through it where a request may take what was read before, and writes
// through the store it wraps. Every change made through the Service drops
// the entry it touches; a change made by another process on the same
// database is heard through Forget (db.Store.Listen), and while no one
// listens for them (listening(false)) nothing is kept. Each entry has a
// generation, counted up by every change heard of it (and all of them by
// forgetAll), so that a read that raced with a change does not keep what it
// read — and a change to one section does not stop another's read from
// being kept.
type cachedStore struct {
	Store                     // the primary: every other read, and every write
	now      func() time.Time // the Service's clock, for a token's age and state
	sections sync.Map         // int64 → Section
	stale    sync.Map         // int64 → Section: one changed since it was read, whose movement still holds
	events   sync.Map         // int64 → Event
	boards   sync.Map         // int64 (section) → heldBoards, every board of the section
	auth     sync.Map         // "t" or "s" and a token's or sign-in's hash → heldAuth, read again after authCacheFor
	gens     sync.Map         // genKey → *atomic.Uint64: the changes heard of it
	reads    flights          // one store read of an entry at a time, however many requests miss it
	epoch    atomic.Uint64
	fieldGen atomic.Uint64 // counts every section's standings and section notices: an event scored across the field (standings_memo.go)
	deaf     atomic.Bool   // changes elsewhere may go unheard: keep nothing
}

// heldBoards are a section's boards as read after the section was read at
// version: they are at least that new, and are used only with the section
// at that version (an entry checked against them is stored only at it).
type heldBoards struct {
	version int64 // the section's EntryVersion
	boards  map[int]Board
}

// heldAuth is a token or a sign-in as read by its hash, and when.
type heldAuth struct {
	token  Token
	signIn SignIn
	isSign bool      // signIn is the one read
	read   time.Time // when it was read from the store
}

// actor is who the token or sign-in held stands for.
func (h heldAuth) actor() Actor {
	if h.isSign {
		return signInActor(h.signIn)
	}
	return tokenActor(h.token)
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
func (c *cachedStore) stamp(k genKey) stamp {
	st := stamp{epoch: c.epoch.Load()}
	if v, ok := c.gens.Load(k); ok {
		st.gen = v.(*atomic.Uint64).Load()
	}
	return st
}

// bump counts a change heard of k.
func (c *cachedStore) bump(k genKey) {
	v, _ := c.gens.LoadOrStore(k, new(atomic.Uint64))
	v.(*atomic.Uint64).Add(1)
}

// keep stores v under key in m unless a change to k was heard since st was
// taken, or changes are going unheard.
func (c *cachedStore) keep(m *sync.Map, key any, v any, k genKey, st stamp) {
	if !c.deaf.Load() && c.stamp(k) == st {
		m.Store(key, v)
	}
}

// actorsGen is the generation of the tokens and sign-ins kept, counted up
// by every revocation, expiry change and sign-out heard.
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
	// ChangedStandings: what a section's standings are made of (results,
	// late plays, refused entries, fouled boards' versions, pairs, teams);
	// ID is the section's. Nothing but the standings memo keeps it.
	ChangedStandings ChangedKind = "standings"
)

// Changed is a change notice: what was changed, by any process.
type Changed struct {
	Kind ChangedKind
	ID   int64
}

// Forget drops what the caches hold of a change, made by this process or
// another: the next request reads it from the store.
func (s *Service) Forget(c Changed) {
	s.cache.forget(c)
	s.wakeWatchers(c) // watch.go: live standings look at once
}

// Listening tells the Service whether changes made by other processes are
// being heard (through Forget). When they stop being heard it empties its
// caches and keeps nothing until they are heard again; when they are heard
// again it starts afresh. A Service nobody tells is alone on its store and
// keeps what it reads.
func (s *Service) Listening(on bool) {
	s.cache.deaf.Store(!on)
	s.memo.listening.Store(on)
	s.cache.forgetAll()
}

// forget drops what is kept of a change.
func (c *cachedStore) forget(ch Changed) {
	switch ch.Kind {
	case ChangedSection:
		c.fieldGen.Add(1)
		c.bump(genKey{"section", ch.ID})
		c.bump(genKey{"boards", ch.ID})
		if v, ok := c.sections.LoadAndDelete(ch.ID); ok { // a round moved, renamed, deleted (its tokens revoked: their own notices)
			c.stale.Store(ch.ID, v)
		}
		c.boards.Delete(ch.ID)
	case ChangedEvent:
		c.bump(genKey{"event", ch.ID})
		c.events.Delete(ch.ID)
	case ChangedBoards:
		c.bump(genKey{"boards", ch.ID})
		c.boards.Delete(ch.ID)
	case ChangedStandings:
		c.fieldGen.Add(1)
		c.bump(genKey{"standings", ch.ID}) // standings_memo.go
	case ChangedToken:
		c.forgetAuth(func(x Actor) bool { return x.TokenID == ch.ID })
	case ChangedSignIn:
		c.forgetAuth(func(x Actor) bool { return x.SignInID == ch.ID })
	default:
		c.forgetAll()
	}
}

// forgetAll empties every cache.
func (c *cachedStore) forgetAll() {
	c.epoch.Add(1)
	for _, m := range []*sync.Map{&c.sections, &c.stale, &c.events, &c.boards, &c.auth} {
		m.Clear()
	}
}

// dropSection drops a section and its boards, changed or deleted through
// this process.
func (c *cachedStore) dropSection(id int64) {
	c.sections.Delete(id)
	c.boards.Delete(id)
}

// forgetAuth drops every token and sign-in kept whose actor drop says, so a
// revocation through this process takes effect at once.
func (c *cachedStore) forgetAuth(drop func(Actor) bool) {
	c.bump(actorsGen)
	c.auth.Range(func(k, v any) bool {
		if drop(v.(heldAuth).actor()) {
			c.auth.Delete(k)
		}
		return true
	})
}

// Section returns a section, kept or read from the store.
func (c *cachedStore) Section(ctx context.Context, id int64) (Section, error) {
	if v, ok := c.sections.Load(id); ok {
		return v.(Section), nil
	}
	k := genKey{"section", id}
	v, err := c.read(ctx, k, func(ctx context.Context) (any, error) {
		st := c.stamp(k)
		sec, err := c.sectionAfterChange(ctx, id)
		if err == nil {
			c.keep(&c.sections, id, sec, k, st)
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
func (c *cachedStore) sectionAfterChange(ctx context.Context, id int64) (Section, error) {
	v, ok := c.stale.Load(id)
	if !ok {
		return c.Store.Section(ctx, id)
	}
	old := v.(Section)
	sec, err := c.Store.SectionRow(ctx, id)
	if err != nil {
		c.stale.Delete(id) // deleted, most likely: keep nothing of it
		return sec, err
	}
	m, was := sec.Movement, old.Movement
	if m.Kind != was.Kind || m.Name != was.Name || m.Winners != was.Winners || m.Pairs != was.Pairs ||
		m.Tables != was.Tables || m.Boards != was.Boards || m.Phantom != was.Phantom ||
		!reflect.DeepEqual(sec.Spec, old.Spec) || !sec.CreatedAt.Equal(old.CreatedAt) {
		c.stale.Delete(id)
		return c.Store.Section(ctx, id)
	}
	sec.Movement.Rounds, sec.Movement.Teams = was.Rounds, was.Teams
	return sec, nil
}

// Event returns an event, kept or read from the store.
func (c *cachedStore) Event(ctx context.Context, id int64) (Event, error) {
	if v, ok := c.events.Load(id); ok {
		return v.(Event), nil
	}
	k := genKey{"event", id}
	v, err := c.read(ctx, k, func(ctx context.Context) (any, error) {
		st := c.stamp(k)
		e, err := c.Store.Event(ctx, id)
		if err == nil {
			c.keep(&c.events, id, e, k, st)
		}
		return e, err
	})
	if err != nil {
		return Event{}, err
	}
	return v.(Event), nil
}

// BoardMap returns every board of a section by number (stored, or implied by
// its number), kept or read from the store. The map is shared: do not change it.
// They are kept with sec's EntryVersion and used only for a section at that
// version: a section read after a change is not checked against boards
// read before it.
func (c *cachedStore) BoardMap(ctx context.Context, sec *Section) (map[int]Board, error) {
	if v, ok := c.boards.Load(sec.ID); ok && v.(heldBoards).version == sec.EntryVersion {
		return v.(heldBoards).boards, nil
	}
	k := genKey{"boards", sec.ID}
	// One read in flight per version: a read begun for an older version may
	// have read the boards before a change this version counts.
	flight := genKey{"boards@" + strconv.FormatInt(sec.EntryVersion, 10), sec.ID}
	v, err := c.read(ctx, flight, func(ctx context.Context) (any, error) {
		st := c.stamp(k)
		stored, err := c.Store.Boards(ctx, sec.ID)
		if err != nil {
			return nil, err
		}
		m := make(map[int]Board, sec.Movement.Boards)
		for _, b := range stored {
			m[b.Number] = b
		}
		m = withImplied(m, sec)
		c.keep(&c.boards, sec.ID, heldBoards{version: sec.EntryVersion, boards: m}, k, st)
		return m, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(map[int]Board), nil
}

// TokenByHash returns the token with this hash, kept for authCacheFor or
// read from the store. A token no longer active is not kept.
func (c *cachedStore) TokenByHash(ctx context.Context, hash []byte) (Token, error) {
	h, err := c.authByHash(ctx, "t"+string(hash), func(ctx context.Context) (heldAuth, error) {
		t, err := c.Store.TokenByHash(ctx, hash)
		return heldAuth{token: t, read: c.now()}, err
	})
	return h.token, err
}

// SignInByHash returns the sign-in with this hash, kept for authCacheFor or
// read from the store. A sign-in ended or expired is not kept.
func (c *cachedStore) SignInByHash(ctx context.Context, hash []byte) (SignIn, error) {
	h, err := c.authByHash(ctx, "s"+string(hash), func(ctx context.Context) (heldAuth, error) {
		si, err := c.Store.SignInByHash(ctx, hash)
		return heldAuth{signIn: si, isSign: true, read: c.now()}, err
	})
	return h.signIn, err
}

// authByHash returns what is kept under key when it was read less than
// authCacheFor ago, and otherwise reads it and keeps it while it is active.
func (c *cachedStore) authByHash(ctx context.Context, key string, read func(context.Context) (heldAuth, error)) (heldAuth, error) {
	if v, ok := c.auth.Load(key); ok {
		if h := v.(heldAuth); c.now().Sub(h.read) < authCacheFor {
			return h, nil
		}
	}
	st := c.stamp(actorsGen)
	h, err := read(ctx)
	if err != nil {
		return h, err
	}
	state := h.token.State(c.now())
	if h.isSign {
		state = h.signIn.State(c.now())
	}
	if state != TokenActive {
		c.auth.Delete(key)
		return h, nil
	}
	c.keep(&c.auth, key, h, actorsGen, st)
	return h, nil
}

// read runs one store read of k at a time: requests that miss k while it
// is being read wait for that read and share its answer (a round moved sends
// a section's every table to read it at once). The read does not end with
// the first request (whose client may leave) but within readWithin.
func (c *cachedStore) read(ctx context.Context, k genKey, f func(context.Context) (any, error)) (any, error) {
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
