package tournament_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// bigSection builds the largest section allowed (limits.go): a 200-table
// Mitchell, 400 pairs, 25 rounds of 4 boards, every one of its 20,000
// results entered, in an event published; and returns its builder (the
// Service hearing the database's notices) and its results.
func bigSection(b *testing.B) (*tournamenttest.Builder, tournament.Section, []tournament.Result) {
	b.Helper()
	store, err := db.Open(context.Background(), dbtest.URL(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(store.Close)
	bd := tournamenttest.New(b, store)
	ctx, stop := context.WithCancel(context.Background())
	listened := make(chan struct{})
	go func() { _ = store.Listen(ctx, bd.Svc.Forget, bd.Svc.Listening); close(listened) }()
	b.Cleanup(func() { stop(); <-listened })
	ev := bd.Event(tournament.EventInput{Name: "Congress", Published: true})
	sec := bd.Section(ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: tournament.MaxTables, Rounds: 25, BoardsPerRound: 4}})
	var all []tournament.Result
	for _, rd := range sec.Movement.Rounds {
		var batch []tournament.Result
		for _, t := range rd.Tables {
			for i, board := range t.Boards {
				batch = append(batch, line(sec, rd.Number, t.Table, board, "4S", "N", 8+(t.Table+i+rd.Number)%5))
			}
			if len(batch) >= 100 {
				all = append(all, bd.Enter(tournament.Director, sec, batch...)...)
				batch = nil
			}
		}
		if len(batch) > 0 {
			all = append(all, bd.Enter(tournament.Director, sec, batch...)...)
		}
	}
	if len(all) != 20000 {
		b.Fatalf("entered %d results, want 20,000", len(all))
	}
	return bd, sec, all
}

// BenchmarkStandings200Tables reads a 200-table section's standings
// (20,000 results): made afresh (what every read cost before issue 24);
// the public's and the director's from memory with nothing changing; and
// the public's while a result is corrected 100 times a second (each
// announced by the database, each making the standings anew at most every
// refreshAfter). Run with -benchtime=… and read reads/s as 1e9 / ns/op.
func BenchmarkStandings200Tables(b *testing.B) {
	bd, sec, all := bigSection(b)
	ctx := context.Background()
	read := func(a tournament.Actor) {
		if _, err := bd.Svc.Standings(ctx, a, sec.ID); err != nil {
			b.Error(err)
		}
	}
	waitHeard := func() { // the notices of the entries heard: the public reads from memory
		read(tournament.Public)
		time.Sleep(2 * time.Second)
		read(tournament.Public)
	}
	b.Run("made-each-read", func(b *testing.B) {
		for b.Loop() {
			bd.Svc.Forget(tournament.Changed{Kind: tournament.ChangedStandings, ID: sec.ID})
			read(tournament.Director)
		}
	})
	b.Run("public-kept", func(b *testing.B) {
		waitHeard()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				read(tournament.Public)
			}
		})
	})
	b.Run("director-kept", func(b *testing.B) {
		read(tournament.Director)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				read(tournament.Director)
			}
		})
	})
	b.Run("public-entry-100/s", func(b *testing.B) {
		waitHeard()
		stop := make(chan struct{})
		done := make(chan struct{})
		var corrected atomic.Int64
		go func() { // ten tables, each correcting a line every 100 ms
			defer close(done)
			var wg sync.WaitGroup
			for w := range 10 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					tick := time.NewTicker(100 * time.Millisecond)
					defer tick.Stop()
					for i := w; ; i += 10 {
						select {
						case <-stop:
							return
						case <-tick.C:
						}
						r := &all[i%len(all)]
						in := *r
						in.Tricks = 8 + (r.Tricks-8+1)%5
						got, err := bd.Svc.UpdateResult(ctx, tournament.Director, r.ID, in, r.Version)
						if err != nil {
							b.Error(err)
							return
						}
						*r = got
						corrected.Add(1)
					}
				}()
			}
			wg.Wait()
		}()
		t0 := time.Now()
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				read(tournament.Public)
			}
		})
		b.StopTimer()
		close(stop)
		<-done
		b.ReportMetric(float64(corrected.Load())/time.Since(t0).Seconds(), "corrections/s")
	})
}
