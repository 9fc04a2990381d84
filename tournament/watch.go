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
}

// watcher polls one section's shared standings (standings_memo.go) for
// each audience watching, and hands each reader the ones it has not had.
type watcher struct {
	subs map[chan *SharedStandings]*watchSub
	stop context.CancelFunc
}

// watchSub is one reader of a section's live standings.
type watchSub struct {
	director bool             // the director's standings, else everyone's
	last     *SharedStandings // the standings it was last handed
}

// WatchStandings streams a section's standings as a sees them: the current
// ones at once, then new ones whenever any process stores, changes or
// rescores a result or changes its event (looked at every WatchEvery). The
// standings are those every reader of the audience shares (SharedStandings):
// made once per change, however many watch. A reader too slow for them gets
// the newest. The channel closes when ctx ends or the section can no longer
// be read (deleted, unpublished).
func (s *Service) WatchStandings(ctx context.Context, a Actor, sectionID int64) (<-chan *SharedStandings, error) {
	first, err := s.SharedStandings(ctx, a, sectionID)
	if err != nil {
		return nil, err
	}
	out := make(chan *SharedStandings, 1)
	out <- first
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
		wt = &watcher{subs: map[chan *SharedStandings]*watchSub{}, stop: stop}
		w.bySection[sectionID] = wt
		go s.poll(pctx, sectionID, wt)
	}
	// The reader's first standings are the ones the poller compares with:
	// a change made as soon as they were read is the poller's next.
	wt.subs[out] = &watchSub{director: seesAll(a), last: first}
	w.count++
	w.mu.Unlock()
	context.AfterFunc(ctx, func() { s.unwatch(sectionID, wt, out) }) // no goroutine a reader while it reads
	return out, nil
}

// unwatch takes a reader off its section, stopping the poller after the last.
func (s *Service) unwatch(sectionID int64, wt *watcher, ch chan *SharedStandings) {
	w := &s.watch
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := wt.subs[ch]; !ok {
		return
	}
	delete(wt.subs, ch)
	close(ch)
	w.count--
	if len(wt.subs) == 0 {
		wt.stop()
		delete(w.bySection, sectionID)
	}
}

// poll looks at a section's shared standings every WatchEvery, for the
// director and for everyone else, and hands them to every reader of the
// audience that has not had them. Looking costs what any reader's does
// (standings_memo.go): nothing while nothing changed and notices are heard,
// else the store's version, read where the audience's standings are (the
// public's from the replica, if any), so a replica behind the primary
// cannot leave the public with standings older than the version they were
// made at.
func (s *Service) poll(ctx context.Context, sectionID int64, wt *watcher) {
	tick := time.NewTicker(WatchEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		for _, director := range []bool{true, false} {
			s.watch.mu.Lock()
			var readers []chan *SharedStandings
			for ch, sub := range wt.subs {
				if sub.director == director {
					readers = append(readers, ch)
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
			for _, ch := range readers {
				if err != nil {
					s.unwatch(sectionID, wt, ch) // no longer readable: the stream ends
				} else {
					s.offer(wt, ch, sh)
				}
			}
		}
	}
}

// offer gives a reader the newest standings, replacing any it has not read,
// unless it has had them.
func (s *Service) offer(wt *watcher, ch chan *SharedStandings, sh *SharedStandings) {
	s.watch.mu.Lock()
	defer s.watch.mu.Unlock()
	sub, ok := wt.subs[ch]
	if !ok || sub.last == sh {
		return // closed meanwhile, or had them
	}
	sub.last = sh
	select {
	case <-ch:
	default:
	}
	ch <- sh
}
