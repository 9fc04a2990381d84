package tournament_test

import (
	"context"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// chanWatcher is a StandingsWatcher handing the standings on a channel
// holding the newest only, closed when the watch ends.
type chanWatcher chan *tournament.SharedStandings

func (c chanWatcher) Send(sh *tournament.SharedStandings) {
	select {
	case <-c:
	default:
	}
	c <- sh
}

func (c chanWatcher) End() { close(c) }

// watch watches a section's standings as a sees them, on a channel, until
// ctx ends.
func watch(ctx context.Context, svc *tournament.Service, a tournament.Actor, sectionID int64) (<-chan *tournament.SharedStandings, error) {
	c := make(chanWatcher, 1)
	stop, err := svc.WatchStandings(ctx, a, sectionID, c)
	if err != nil {
		return nil, err
	}
	context.AfterFunc(ctx, stop)
	return c, nil
}

// TestWatchWokenByNotice (issue 24 §1): a change another process makes
// reaches a live stream when its notice is heard, not at the next look
// (here an hour away): for the director's standings and for the public's
// (made again in the background, then handed on). Before, a stream looked
// only every WatchEvery, whatever was heard, and this test waited in vain.
func TestWatchWokenByNotice(t *testing.T) {
	u := dbtest.URL(t)
	open := func() *db.Store {
		store, err := db.Open(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(store.Close)
		return store
	}
	store := open()
	watched := tournamenttest.New(t, store) // the process streaming
	tournament.SetWatchEvery(watched.Svc, time.Hour)
	ctx, stop := context.WithCancel(context.Background())
	listened := make(chan struct{})
	heard := make(chan struct{}, 1)
	go func() {
		_ = store.Listen(ctx, watched.Svc.Forget, func(on bool) {
			watched.Svc.Listening(on)
			if on {
				select {
				case heard <- struct{}{}:
				default:
				}
			}
		})
		close(listened)
	}()
	t.Cleanup(func() { stop(); <-listened })
	<-heard

	other := tournamenttest.New(t, open()) // another process entering
	sec := other.Mitchell(other.Event(tournament.EventInput{Name: "Woken", Published: true}).ID, 3, 2)
	wctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	director, err := watch(wctx, watched.Svc, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	public, err := watch(wctx, watched.Svc, tournament.Public, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if st := <-director; st.Results != 0 {
		t.Fatalf("the director's first standings count %d lines, want 0", st.Results)
	}
	if st := <-public; st.Results != 0 {
		t.Fatalf("the public's first standings count %d lines, want 0", st.Results)
	}
	// Board 1 played at all three tables: finished, the public counts it.
	other.Enter(tournament.Director, sec, line(sec, 1, 1, 1, "4S", "N", 10), line(sec, 2, 3, 1, "4S", "N", 10),
		line(sec, 3, 2, 1, "4S", "N", 9))
	until := func(who string, ch <-chan *tournament.SharedStandings) {
		t.Helper()
		limit := time.After(30 * time.Second) // only so that a broken watch fails; the next look is an hour away
		for {
			select {
			case st, ok := <-ch:
				if !ok {
					t.Fatalf("the %s's watch ended", who)
				}
				if st.Results == 3 {
					return
				}
			case <-limit:
				t.Fatalf("the %s's standings counting the 3 lines entered elsewhere did not come when the notice was heard", who)
			}
		}
	}
	until("director", director)
	until("public", public)
}

// TestWatchFieldWokenByOtherSection (issue 25 §4): in an event scored
// across the field, a result entered in section B changes section A's
// standings (board 1's top and matchpoints are the field's), and A's live
// stream has them when B's notice is heard, not at the next look (an hour
// away).
func TestWatchFieldWokenByOtherSection(t *testing.T) {
	u := dbtest.URL(t)
	store, err := db.Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	watched := tournamenttest.New(t, store)
	tournament.SetWatchEvery(watched.Svc, time.Hour)
	ctx, stop := context.WithCancel(context.Background())
	listened := make(chan struct{})
	heard := make(chan struct{}, 1)
	go func() {
		_ = store.Listen(ctx, watched.Svc.Forget, func(on bool) {
			watched.Svc.Listening(on)
			if on {
				select {
				case heard <- struct{}{}:
				default:
				}
			}
		})
		close(listened)
	}()
	t.Cleanup(func() { stop(); <-listened })
	<-heard

	ev := watched.Event(tournament.EventInput{Name: "Field", Overall: tournament.OverallOptions{Field: tournament.FieldAcross}})
	spec := tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}
	a := watched.Section(ev.ID, tournament.SectionInput{Name: "A", Movement: spec})
	b := watched.Section(ev.ID, tournament.SectionInput{Name: "B", Movement: spec})
	watched.Enter(tournament.Director, a, line(a, 1, 1, 1, "4S", "N", 10), line(a, 2, 3, 1, "4S", "N", 10), line(a, 3, 2, 1, "4S", "N", 9))
	wctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, err := watch(wctx, watched.Svc, tournament.Director, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	ns1 := func(st *tournament.SharedStandings) float64 {
		for _, p := range st.Pairs {
			if p.Number == "1" && p.Direction == "NS" {
				return p.Total
			}
		}
		return -1
	}
	first := ns1(<-ch)
	watched.Enter(tournament.Director, b, line(b, 1, 1, 1, "4S", "N", 11), line(b, 2, 3, 1, "4S", "N", 10), line(b, 3, 2, 1, "3S", "N", 9))
	limit := time.After(30 * time.Second)
	for {
		select {
		case st, ok := <-ch:
			if !ok {
				t.Fatal("A's watch ended")
			}
			if st.FieldSections == 2 && ns1(st) != first {
				return
			}
		case <-limit:
			t.Fatalf("A's standings did not change when B's results were heard (NS 1 had %v)", first)
		}
	}
}
