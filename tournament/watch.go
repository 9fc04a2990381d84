package tournament

import (
	"context"
	"errors"
	"sync"
	"time"
)

// WatchEvery is how often a watched section is looked at for a change made
// through any process: live standings follow a result within it and the
// time to make them.
const WatchEvery = 500 * time.Millisecond

// MaxWatchers bounds the live standings one process streams at once (each
// is an open connection); past it WatchStandings answers ErrUnavailable.
const MaxWatchers = 10000

// watchers are the sections being watched, each by one poller however many
// are watching it.
type watchers struct {
	mu        sync.Mutex
	count     int
	bySection map[int64]*watcher
	every     time.Duration // how often a section is looked at without a notice; 0: WatchEvery
}

// watcher polls one section's shared standings (standings_memo.go) for
// each audience watching, and hands each reader the ones it has not had.
type watcher struct {
	subs map[StandingsWatcher]*watchSub
	stop context.CancelFunc
	wake chan struct{} // a change was heard, or new standings kept: look now
	// field: its event scored across the field when the watch began, so any
	// section's change may change its standings (overall.go): every
	// section's notice wakes it.
	field bool
}

// watchSub is one reader of a section's live standings.
type watchSub struct {
	director bool             // the director's standings, else everyone's
	last     *SharedStandings // the standings it was last handed
}

// A StandingsWatcher is handed a section's live standings (WatchStandings):
// an open stream.
type StandingsWatcher interface {
	// Send hands it the newest standings, in place of any it has not used;
	// it must not block (it is called with the watchers held).
	Send(*SharedStandings)
	// End tells it the watch is over: stopped, or the section can no longer
	// be read (deleted, unpublished). It is called once.
	End()
}

// WatchStandings hands w a section's standings as a sees them: the current
// ones at once, then new ones whenever any process stores, changes or
// rescores a result or changes its event (at once when the change notice
// is heard, else looked at every WatchEvery). The standings are those every
// reader of the audience shares (SharedStandings): made once per change,
// however many watch. The watch ends (w.End) when stop is called or the
// section can no longer be read; ctx bounds the first read only. An error
// (the standings cannot be read, too many are watched) is answered before
// anything is sent. A watch costs no goroutine and no context.
func (s *Service) WatchStandings(ctx context.Context, a Actor, sectionID int64, sub StandingsWatcher) (stop func(), err error) {
	first, err := s.SharedStandings(ctx, a, sectionID)
	if err != nil {
		return nil, err
	}
	w := &s.watch
	w.mu.Lock()
	if w.count >= MaxWatchers {
		w.mu.Unlock()
		return nil, &Error{Kind: ErrUnavailable, Message: "too many live standings are open on this server: reload the page in a moment"}
	}
	if w.bySection == nil {
		w.bySection = map[int64]*watcher{}
	}
	wt := w.bySection[sectionID]
	if wt == nil {
		pctx, stop := context.WithCancel(context.WithoutCancel(ctx))
		wt = &watcher{subs: map[StandingsWatcher]*watchSub{}, stop: stop, wake: make(chan struct{}, 1), field: acrossField(&first.Event)}
		w.bySection[sectionID] = wt
		go s.poll(pctx, sectionID, wt)
	}
	// The reader's first standings are the ones the poller compares with:
	// a change made as soon as they were read is the poller's next.
	sub.Send(first)
	wt.subs[sub] = &watchSub{director: seesAll(a), last: first}
	w.count++
	w.mu.Unlock()
	return func() { s.unwatch(sectionID, wt, sub) }, nil
}

// unwatch takes a reader off its section, stopping the poller after the last.
func (s *Service) unwatch(sectionID int64, wt *watcher, sub StandingsWatcher) {
	w := &s.watch
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := wt.subs[sub]; !ok {
		return
	}
	delete(wt.subs, sub)
	sub.End()
	w.count--
	if len(wt.subs) == 0 {
		wt.stop()
		delete(w.bySection, sectionID)
	}
}

// wakeWatchers wakes the pollers a change concerns: the section's, or
// every one when the change is an event's or unknown (few sections are
// watched at once; a poller woken for nothing finds nothing new in memory).
func (s *Service) wakeWatchers(c Changed) {
	switch c.Kind {
	case ChangedToken, ChangedSignIn, ChangedBoards:
		return
	case ChangedSection, ChangedStandings:
		s.wakeSection(c.ID)
		s.wakeFields()
		return
	}
	s.watch.mu.Lock()
	defer s.watch.mu.Unlock()
	for _, wt := range s.watch.bySection {
		wt.poke()
	}
}

// wakeSection wakes a section's poller, if it is watched.
func (s *Service) wakeSection(sectionID int64) {
	s.watch.mu.Lock()
	defer s.watch.mu.Unlock()
	if wt := s.watch.bySection[sectionID]; wt != nil {
		wt.poke()
	}
}

// wakeFields wakes the pollers of sections scored across the field: a
// change to any section may be in their field.
func (s *Service) wakeFields() {
	s.watch.mu.Lock()
	defer s.watch.mu.Unlock()
	for _, wt := range s.watch.bySection {
		if wt.field {
			wt.poke()
		}
	}
}

// poke wakes the poller unless it is already to wake.
func (wt *watcher) poke() {
	select {
	case wt.wake <- struct{}{}:
	default:
	}
}

// poll looks at a section's shared standings when woken (a change heard,
// new standings kept) and every WatchEvery, for the director and for
// everyone else, and hands them to every reader of the audience that has
// not had them. Looking costs what any reader's does (standings_memo.go):
// nothing while nothing changed and notices are heard, else the store's
// version, read where the audience's standings are (the public's from the
// replica, if any), so a replica behind the primary cannot leave the
// public with standings older than the version they were made at. The
// public's standings made again after a notice are made in the background
// (Service.refresh): keeping them wakes the poller once more.
func (s *Service) poll(ctx context.Context, sectionID int64, wt *watcher) {
	every := s.watch.every
	if every <= 0 {
		every = WatchEvery
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-wt.wake:
		}
		for _, director := range []bool{true, false} {
			s.watch.mu.Lock()
			var readers []StandingsWatcher
			for sub, ws := range wt.subs {
				if ws.director == director {
					readers = append(readers, sub)
				}
			}
			s.watch.mu.Unlock()
			if len(readers) == 0 {
				continue
			}
			a := Public
			if director {
				a = Director
			}
			sh, err := s.SharedStandings(ctx, a, sectionID)
			if err != nil && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrForbidden) && !errors.Is(err, ErrUnauthorized) {
				continue // a database out of reach is looked at again next time
			}
			for _, sub := range readers {
				if err != nil {
					s.unwatch(sectionID, wt, sub) // no longer readable: the stream ends
				} else {
					s.offer(wt, sub, sh)
				}
			}
		}
	}
}

// offer gives a reader the newest standings unless it has had them.
func (s *Service) offer(wt *watcher, sub StandingsWatcher, sh *SharedStandings) {
	s.watch.mu.Lock()
	defer s.watch.mu.Unlock()
	ws, ok := wt.subs[sub]
	if !ok || ws.last == sh {
		return // gone meanwhile, or had them
	}
	ws.last = sh
	sub.Send(sh)
}
