package db_test

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// BenchmarkCreateResults stores results through the Store: one a call
// (what a table's POST does), batches of 10 and 100, one a call from many
// goroutines at once (many tables), and one a call under an idempotency
// key. Each result is a new board of round 1, table 1, so none clash.
// results/s is the figure the API's 2,000 entries a second needs.
func BenchmarkCreateResults(b *testing.B) {
	s, _ := open(b)
	sec := mitchellSection(b, s, event(b, s).ID)
	c := context.Background() // no deadline: a benchmark runs as long as it needs
	var board atomic.Int64
	batch := func(n int) []tournament.Result {
		rs := make([]tournament.Result, n)
		for i := range rs {
			rs[i] = played(int(board.Add(1)))
		}
		return rs
	}
	for _, n := range []int{1, 10, 100} {
		b.Run(fmt.Sprintf("batch=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := s.CreateResults(c, sec.ID, batch(n), nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "results/s")
		})
	}
	b.Run("batch=1/idempotency-key", func(b *testing.B) {
		var k atomic.Int64
		for b.Loop() {
			idem := key("bench-"+strconv.FormatInt(k.Add(1), 10), "x")
			if _, _, err := s.CreateResults(c, sec.ID, batch(1), idem); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "results/s")
	})
	// What the Service stores through: checked at the section's and
	// event's entry versions (CreateResultsAt: the section held FOR SHARE).
	stored, err := s.Section(c, sec.ID)
	if err != nil {
		b.Fatal(err)
	}
	e, err := s.Event(c, stored.EventID)
	if err != nil {
		b.Fatal(err)
	}
	at := tournament.EntryAt{Section: stored.EntryVersion, Event: e.EntryVersion}
	for _, checked := range []bool{false, true} {
		name := "batch=1/parallel"
		if checked {
			name += "/checked"
		}
		b.Run(name, func(b *testing.B) {
			b.SetParallelism(8) // 8 goroutines a core: many tables at once
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					var err error
					if checked {
						_, _, err = s.CreateResultsAt(c, sec.ID, at, batch(1), nil)
					} else {
						_, _, err = s.CreateResults(c, sec.ID, batch(1), nil)
					}
					if err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "results/s")
		})
	}
	b.Run("batch=1/checked", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := s.CreateResultsAt(c, sec.ID, at, batch(1), nil); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "results/s")
	})
}

// BenchmarkResults reads a section's results, as live standings do on every
// request: 7 tables × 7 rounds × 3 boards, the Mitchell.
func BenchmarkResults(b *testing.B) {
	s, _ := open(b)
	sec := mitchellSection(b, s, event(b, s).ID)
	c := context.Background() // no deadline: a benchmark runs as long as it needs
	var all []tournament.Result
	for _, r := range sec.Movement.Rounds {
		for _, t := range r.Tables {
			for _, bd := range t.Boards {
				res := played(bd)
				res.Round, res.Table, res.NS, res.EW = r.Number, t.Table, strconv.Itoa(t.NS), strconv.Itoa(t.EW)
				all = append(all, res)
			}
		}
	}
	if _, _, err := s.CreateResults(c, sec.ID, all, nil); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		got, err := s.Results(c, tournament.ResultFilter{SectionID: sec.ID})
		if err != nil || len(got) != len(all) {
			b.Fatalf("%d results, %v", len(got), err)
		}
	}
}
