package tournament

import (
	"container/list"
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"
)

// HeavyOptions bound the Service's heavy reads (Heavy): an event's reports
// and files, which cost in proportion to the whole event.
type HeavyOptions struct {
	Workers int           // how many are made at once; 0: DefaultHeavyWorkers
	Wait    time.Duration // how long one waits for a worker before it is refused (ErrBusy); 0: DefaultHeavyWait
	Within  time.Duration // how long one may take to be made, whoever waits for it; 0: DefaultHeavyWithin
	KeepFor time.Duration // how long one is kept at most, even when its event's version holds; 0: DefaultHeavyKeepFor
	Keep    int64         // how many bytes are kept in all (the least recently read go first); 0: DefaultHeavyKeep
}

// The defaults of HeavyOptions, for a server of two cores.
const (
	DefaultHeavyWorkers = 1
	DefaultHeavyWait    = 20 * time.Second
	DefaultHeavyWithin  = 5 * time.Minute
	DefaultHeavyKeepFor = 10 * time.Minute
	DefaultHeavyKeep    = 128 << 20
)

// ErrBusy is the kind of error of a heavy read refused because every worker
// stayed busy for HeavyOptions.Wait: the caller is to try again later.
var ErrBusy = errors.New("busy")

// Heavy returns the bytes build makes of the part of the event a may read
// (EventData, Select: only that part is read; a section or session it does
// not have is a 404) — a report, a file — under name (the report and its
// options: one name, one output), made once for every request that asks for it while the event is
// unchanged:
//
//   - kept: while the event's version (heavyVersion: its row, its change
//     log, its sections, their results, boards, analyses and entries) is
//     the one it was made at, and for at most KeepFor (what the version may
//     not see: a club player's name changed in the roster);
//   - made once: requests for the same name, event, audience and version
//     while it is being made wait for that one making (single flight);
//   - bounded: at most Workers makings at once, apart from the requests
//     entering results; one that waits longer than Wait for a worker is
//     refused with ErrBusy (a 503 with Retry-After to the caller). A
//     making is not the first request's: its client may leave, or its
//     deadline pass (its answer is then the deadline's error, never a part
//     of the output), and the making goes on, within Within, for the next.
//
// build reads what it needs of d; its errors are not kept. The bytes
// returned are shared: do not change them.
func (s *Service) Heavy(ctx context.Context, a Actor, eventID int64, part EventPart, name string, build func(ctx context.Context, d EventData) ([]byte, error)) ([]byte, error) {
	e, err := s.cache.Event(ctx, eventID)
	if err != nil {
		return nil, err
	}
	if err := canRead(a, &e, 0); err != nil {
		return nil, err
	}
	version, err := s.heavyVersion(ctx, a, e)
	if err != nil {
		return nil, err
	}
	key := heavyKey{event: eventID, audience: audienceOf(a), part: part, name: name}
	return s.heavy.get(ctx, key, version, func(ctx context.Context) ([]byte, error) {
		d, err := s.eventData(ctx, a, eventID, nil, part)
		if err != nil {
			return nil, err
		}
		if d, err = d.Select(part.SectionID, part.Session); err != nil {
			return nil, err
		}
		return build(ctx, d)
	})
}

// HeavyMade counts the heavy reads made (not served from memory) since the
// Service began: what tests and operators read to see that one making served
// many requests.
func (s *Service) HeavyMade() int64 {
	s.heavy.mu.Lock()
	defer s.heavy.mu.Unlock()
	return s.heavy.made
}

// audienceOf names whom a read is made for: every director sees the same,
// the public the same, a table token its own table's lines besides.
func audienceOf(a Actor) string {
	switch a.Role {
	case RoleDirector:
		return "director"
	case RoleTable:
		return "table:" + strconv.FormatInt(a.SectionID, 10) + ":" + strconv.Itoa(a.Table)
	}
	return "public"
}

// heavyVersion is a value that changes whenever what an event's reports
// are made from changes, by any process: the event's row (law code,
// scoring, publication: its updated_at), the director's changes to it
// (pairs, teams, sections: the change log), its sections (their rounds),
// each section's StandingsVersion (results, their scores, late plays,
// refused entries, board versions) and analyses (how many), and the changes
// heard of its sections and hand records (the cache's generations). It
// reads a few small rows per section, never the results themselves.
func (s *Service) heavyVersion(ctx context.Context, a Actor, e Event) (string, error) {
	secs, err := s.reader(a).Sections(ctx, e.ID)
	if err != nil {
		return "", err
	}
	changes, err := s.store.Changes(ctx, e.ID)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(e.UpdatedAt.UTC().Format(time.RFC3339Nano))
	b.WriteString("|" + strconv.Itoa(len(changes)))
	if n := len(changes); n > 0 {
		b.WriteString("." + strconv.FormatInt(max(changes[0].ID, changes[n-1].ID), 10))
	}
	b.WriteString("|" + strconv.FormatUint(s.cache.stamp(genKey{"event", e.ID}).gen, 10))
	b.WriteString("|" + strconv.FormatUint(s.cache.epoch.Load(), 10))
	for i := range secs {
		sec := &secs[i]
		v, err := s.reader(a).StandingsVersion(ctx, sec.ID)
		if err != nil {
			return "", err
		}
		analyses, err := s.reader(a).Analyses(ctx, sec.ID)
		if err != nil {
			return "", err
		}
		b.WriteString("|" + strconv.FormatInt(sec.ID, 10) + "." + strconv.Itoa(sec.CurrentRound) + "." + v + "." + strconv.Itoa(len(analyses)))
		b.WriteString("." + strconv.FormatUint(s.cache.stamp(genKey{"section", sec.ID}).gen, 10))
		b.WriteString("." + strconv.FormatUint(s.cache.stamp(genKey{"boards", sec.ID}).gen, 10))
	}
	return b.String(), nil
}

// heavyKey names one heavy read: what, of which event, for whom.
type heavyKey struct {
	event    int64
	audience string
	part     EventPart
	name     string
}

// EventPart is a part of an event: a section, the sections of a session, or
// (the zero EventPart) all of it, as EventData.Select narrows it.
type EventPart struct {
	SectionID int64 // 0: every section
	Session   int   // 0: every session
}

// has reports whether sec is in the part.
func (p EventPart) has(sec *Section) bool {
	return (p.SectionID == 0 || sec.ID == p.SectionID) && (p.Session == 0 || sec.Session == p.Session)
}

// heavyReads are the heavy reads kept and being made, and the workers that
// make them.
type heavyReads struct {
	o     HeavyOptions
	slots chan struct{} // one token per worker busy

	mu    sync.Mutex
	kept  map[heavyKey]*list.Element // → *heldHeavy, in lru
	lru   list.List                  // most recently read first
	bytes int64                      // kept in all
	in    map[heavyFlightKey]*heavyFlight
	made  int64
}

// heldHeavy is a heavy read kept: its bytes, the version they were made at
// and when.
type heldHeavy struct {
	key     heavyKey
	version string
	body    []byte
	err     error // a refusal (ErrInvalid) of what the version holds: the same for every request
	made    time.Time
}

// heavyFlightKey is one making: a read at a version.
type heavyFlightKey struct {
	heavyKey
	version string
}

// heavyFlight is one making in progress: done closes when body and err are set.
type heavyFlight struct {
	done chan struct{}
	body []byte
	err  error
}

// newHeavyReads returns the heavy reads of options o, defaults filled in.
func newHeavyReads(o HeavyOptions) *heavyReads {
	if o.Workers <= 0 {
		o.Workers = DefaultHeavyWorkers
	}
	if o.Wait <= 0 {
		o.Wait = DefaultHeavyWait
	}
	if o.Within <= 0 {
		o.Within = DefaultHeavyWithin
	}
	if o.KeepFor <= 0 {
		o.KeepFor = DefaultHeavyKeepFor
	}
	if o.Keep <= 0 {
		o.Keep = DefaultHeavyKeep
	}
	return &heavyReads{o: o, slots: make(chan struct{}, o.Workers), kept: map[heavyKey]*list.Element{}, in: map[heavyFlightKey]*heavyFlight{}}
}

// get returns what is kept of k at version, or joins or starts its making,
// and waits for it as long as ctx lets it.
func (h *heavyReads) get(ctx context.Context, k heavyKey, version string, build func(context.Context) ([]byte, error)) ([]byte, error) {
	h.mu.Lock()
	if el, ok := h.kept[k]; ok {
		held := el.Value.(*heldHeavy)
		if held.version == version && time.Since(held.made) < h.o.KeepFor {
			h.lru.MoveToFront(el)
			h.mu.Unlock()
			return held.body, held.err
		}
		h.drop(el)
	}
	fk := heavyFlightKey{k, version}
	fl, ok := h.in[fk]
	if !ok {
		fl = &heavyFlight{done: make(chan struct{})}
		h.in[fk] = fl
		go h.run(context.WithoutCancel(ctx), fk, fl, build)
	}
	h.mu.Unlock()
	select {
	case <-fl.done:
		return fl.body, fl.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// run makes one heavy read on a worker, within Within, and keeps it.
func (h *heavyReads) run(ctx context.Context, fk heavyFlightKey, fl *heavyFlight, build func(context.Context) ([]byte, error)) {
	defer func() {
		h.mu.Lock()
		delete(h.in, fk)
		if fl.err == nil || errors.Is(fl.err, ErrInvalid) {
			h.keep(fk, fl.body, fl.err)
		}
		h.mu.Unlock()
		close(fl.done)
	}()
	wait := time.NewTimer(h.o.Wait)
	defer wait.Stop()
	select {
	case h.slots <- struct{}{}:
	case <-wait.C:
		fl.err = &Error{Kind: ErrBusy, Message: "the server is making other reports; try again shortly"}
		return
	}
	defer func() { <-h.slots }()
	ctx, cancel := context.WithTimeout(ctx, h.o.Within)
	defer cancel()
	h.mu.Lock()
	h.made++
	h.mu.Unlock()
	fl.body, fl.err = build(ctx)
}

// keep holds body (or a refusal, err) as fk's, dropping the least recently read until all kept
// fit Keep. One larger than Keep is not kept. h.mu is held.
func (h *heavyReads) keep(fk heavyFlightKey, body []byte, err error) {
	size := int64(len(body))
	if size > h.o.Keep {
		return
	}
	if el, ok := h.kept[fk.heavyKey]; ok {
		h.drop(el)
	}
	for h.bytes+size > h.o.Keep {
		h.drop(h.lru.Back())
	}
	h.kept[fk.heavyKey] = h.lru.PushFront(&heldHeavy{key: fk.heavyKey, version: fk.version, body: body, err: err, made: time.Now()})
	h.bytes += size
}

// drop forgets a kept read. h.mu is held.
func (h *heavyReads) drop(el *list.Element) {
	held := h.lru.Remove(el).(*heldHeavy)
	delete(h.kept, held.key)
	h.bytes -= int64(len(held.body))
}
