package tournament

import (
	"context"
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

// watcher polls one section's StandingsVersion and makes its standings
// once a change for each audience watching.
type watcher struct {
	subs map[chan Standings]bool // → whether its reader is the director
	stop context.CancelFunc
}

// WatchStandings streams a section's standings as a sees them: the current
// ones at once, then new ones whenever any process stores, changes or
// rescores a result or changes its event (looked at every WatchEvery). A
// reader too slow for them gets the newest. The channel closes when ctx
// ends or the section can no longer be read (deleted, unpublished).
func (s *Service) WatchStandings(ctx context.Context, a Actor, sectionID int64) (<-chan Standings, error) {
	first, err := s.Standings(ctx, a, sectionID)
	if err != nil {
		return nil, err
	}
	out := make(chan Standings, 1)
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
		wt = &watcher{subs: map[chan Standings]bool{}, stop: stop}
		w.bySection[sectionID] = wt
		go s.poll(pctx, sectionID, wt)
	}
	wt.subs[out] = a.Role == RoleDirector
	w.count++
	w.mu.Unlock()
	go func() {
		<-ctx.Done()
		s.unwatch(sectionID, wt, out)
	}()
	return out, nil
}

// unwatch takes a reader off its section, stopping the poller after the last.
func (s *Service) unwatch(sectionID int64, wt *watcher, ch chan Standings) {
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

// poll looks at a section's version every WatchEvery and, when it changes,
// sends its new standings to every reader, made once for the director and
// once for everyone else. Each audience's version is read where its
// standings are (the public's from the replica, if any), so a replica
// behind the primary cannot leave the public with standings older than the
// version they were sent for.
func (s *Service) poll(ctx context.Context, sectionID int64, wt *watcher) {
	tick := time.NewTicker(WatchEvery)
	defer tick.Stop()
	last := map[bool]string{}
	for _, director := range []bool{true, false} {
		last[director], _ = s.audienceStore(director).StandingsVersion(ctx, sectionID)
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		s.watch.mu.Lock()
		subs := make(map[chan Standings]bool, len(wt.subs))
		for ch, director := range wt.subs {
			subs[ch] = director
		}
		s.watch.mu.Unlock()
		for _, director := range []bool{true, false} {
			var readers []chan Standings
			for ch, d := range subs {
				if d == director {
					readers = append(readers, ch)
				}
			}
			if len(readers) == 0 {
				continue
			}
			v, err := s.audienceStore(director).StandingsVersion(ctx, sectionID)
			if err != nil || v == last[director] {
				continue // a database out of reach is looked at again next time
			}
			last[director] = v
			a := Public
			if director {
				a = Director
			}
			st, err := s.Standings(ctx, a, sectionID)
			for _, ch := range readers {
				if err != nil {
					s.unwatch(sectionID, wt, ch) // no longer readable: the stream ends
				} else {
					s.offer(wt, ch, st)
				}
			}
		}
	}
}

// audienceStore is where the director's (true) or everyone else's
// standings are read.
func (s *Service) audienceStore(director bool) Store {
	if director {
		return s.store
	}
	return s.reader(Public)
}

// offer gives a reader the newest standings, replacing any it has not read.
func (s *Service) offer(wt *watcher, ch chan Standings, st Standings) {
	s.watch.mu.Lock()
	defer s.watch.mu.Unlock()
	if _, ok := wt.subs[ch]; !ok {
		return // closed meanwhile
	}
	select {
	case <-ch:
	default:
	}
	ch <- st
}
