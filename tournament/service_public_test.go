package tournament_test

// What the public and a table see (canRead, publicResults): nothing of an
// unpublished event; once it is published, the standings and travelers of
// the boards every table has played (FinishedBoards) — live standings
// included. The section is the 3-table Mitchell of service_result_test.go:
// board 1 is played at table 1 in round 1, table 3 in round 2, table 2 in
// round 3; board 3 at table 2, table 1, table 3 (movement_mitchell.go).

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestPublicSeesFinishedBoards: before publication the public reads
// nothing and a table its own table's lines; after it the public's
// standings count the finished boards' lines only, and an unfinished
// board's traveler is not there for it.
func TestPublicSeesFinishedBoards(t *testing.T) {
	b := newBuilder(t)
	e := b.Event(tournament.EventInput{Name: "Club night"})
	sec := b.Mitchell(e.ID, 3, 2)
	mine := b.Play(sec, 1, 1, 1, "4S", "N", 10)
	theirs := b.Play(sec, 1, 2, 3, "2H", "E", 8)

	_, err := b.Svc.Standings(b.Ctx, tournament.Public, sec.ID)
	wantError(t, err, tournament.ErrUnauthorized, "Authorization")
	if evs, err := b.Svc.Events(b.Ctx, tournament.Public); err != nil || len(evs) != 0 {
		t.Errorf("the public sees %d unpublished events (%v)", len(evs), err)
	}
	t1 := tournamenttest.Table(sec, 1)
	if _, err := b.Svc.Result(b.Ctx, t1, mine.ID); err != nil {
		t.Errorf("table 1 reading its own line: %v", err)
	}
	_, err = b.Svc.Result(b.Ctx, t1, theirs.ID)
	wantError(t, err, tournament.ErrForbidden, "")
	_, err = b.Svc.Standings(b.Ctx, t1, sec.ID)
	wantError(t, err, tournament.ErrForbidden, "")

	published := true
	if _, err := b.Svc.UpdateEvent(b.Ctx, tournament.Director, e.ID, tournament.EventPatch{Published: &published}); err != nil {
		t.Fatal(err)
	}
	// Board 1 at its other two tables: finished; board 3 played once.
	b.Enter(tournament.Director, sec, line(sec, 2, 3, 1, "4S", "N", 10), line(sec, 3, 2, 1, "4S", "N", 9))
	count := func(a tournament.Actor) int {
		t.Helper()
		st, err := b.Svc.Standings(b.Ctx, a, sec.ID)
		if err != nil {
			t.Fatal(err)
		}
		return st.Results
	}
	if d, p := count(tournament.Director), count(tournament.Public); d != 4 || p != 3 {
		t.Errorf("standings count %d lines for the director, %d for the public; want 4 and 3 (board 1's, finished)", d, p)
	}
	if tr, err := b.Svc.Traveler(b.Ctx, tournament.Public, sec.ID, 1); err != nil || len(tr.Lines) != 3 {
		t.Errorf("board 1's traveler for the public: %d lines (%v), want 3", len(tr.Lines), err)
	}
	_, err = b.Svc.Traveler(b.Ctx, tournament.Public, sec.ID, 3)
	wantError(t, err, tournament.ErrNotFound, "board")
	if _, _, err := b.Svc.EnterResults(b.Ctx, tournament.Public, sec.ID, []tournament.Result{line(sec, 2, 1, 3, "4S", "N", 10)}, nil); err == nil {
		t.Error("the public entered a result in a published event")
	}
}

// TestWatchStandingsByAudience: live standings are made for each reader's
// audience: the public's stream counts the finished boards' lines only,
// the director's every line.
func TestWatchStandingsByAudience(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Live", Published: true}).ID, 3, 2)
	// Board 1 finished (3 lines), board 3 played at table 2 only.
	b.Enter(tournament.Director, sec, line(sec, 1, 1, 1, "4S", "N", 10), line(sec, 2, 3, 1, "4S", "N", 10),
		line(sec, 3, 2, 1, "4S", "N", 9), line(sec, 1, 2, 3, "2H", "E", 8))

	ctx, cancel := context.WithCancel(b.Ctx)
	defer cancel()
	public, err := watch(ctx, b.Svc, tournament.Public, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	director, err := watch(ctx, b.Svc, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	// until reads a stream's standings until they count want lines, each
	// before counting one of was; it fails on any other count, or when
	// nothing comes for 20 polls.
	until := func(who string, ch <-chan *tournament.SharedStandings, want int, was ...int) {
		t.Helper()
		for {
			select {
			case st := <-ch:
				if st.Results == want {
					return
				}
				if !slices.Contains(was, st.Results) {
					t.Fatalf("the %s's standings count %d lines, want %d", who, st.Results, want)
				}
			case <-time.After(20 * tournament.WatchEvery):
				t.Fatalf("the %s's standings counting %d lines did not come", who, want)
			}
		}
	}
	until("public", public, 3)
	until("director", director, 4)
	// The poller reads the version it compares with when it starts, after
	// the first standings were made, so a change made at once would be
	// missed until the next one (watch.go). Rename the event (its standings
	// stay as they are) until the public's stream answers: the poller runs.
	for i := 1; ; i++ {
		name := fmt.Sprint("Live ", i)
		if _, err := b.Svc.UpdateEvent(b.Ctx, tournament.Director, sec.EventID, tournament.EventPatch{Name: &name}); err != nil {
			t.Fatal(err)
		}
		select {
		case st := <-public:
			if st.Results != 3 {
				t.Fatalf("the public's standings after a rename count %d lines, want 3", st.Results)
			}
		case <-time.After(4 * tournament.WatchEvery):
			if i < 10 {
				continue
			}
			t.Fatal("the public's stream does not answer")
		}
		break
	}
	// Board 3 at a second table: still unfinished. Each tick makes the
	// director's standings, then the public's; a rename's may still come
	// first.
	b.Enter(tournament.Director, sec, line(sec, 2, 1, 3, "4S", "N", 10))
	until("director", director, 5, 4)
	until("public", public, 3)
	// Board 3 at its third table: finished, the public sees its lines.
	b.Enter(tournament.Director, sec, line(sec, 3, 3, 3, "4S", "N", 10))
	until("director", director, 6, 5)
	until("public", public, 6, 3)
}
