package db_test

import (
	"context"
	"runtime"
	"testing"
	"unsafe"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestResultsReadAllocates: reading a section's 2,000 results allocates
// less than three times what the results themselves hold (issue 24 §1:
// the standings of a 200-table section read 20,000 on every change, and
// what they allocate is the garbage collector's headroom). Before, the
// list grew a quarter at a time and each row's scan allocated a row of
// its own: 6.0 times.
func TestResultsReadAllocates(t *testing.T) {
	s, _ := open(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	ctx := context.Background()
	const n = 2000
	for b := 0; b < n; b += 100 {
		rs := make([]tournament.Result, 100)
		for i := range rs {
			rs[i] = played(b + i + 1)
		}
		if _, _, err := s.CreateResults(ctx, sec.ID, rs, nil); err != nil {
			t.Fatal(err)
		}
	}
	read := func() uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		rs, err := s.Results(ctx, tournament.ResultFilter{SectionID: sec.ID})
		runtime.ReadMemStats(&after)
		if err != nil || len(rs) != n {
			t.Fatalf("read %d results (%v), want %d", len(rs), err, n)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	read() // the statement prepared
	held := uint64(n) * uint64(unsafe.Sizeof(tournament.Result{}))
	if got := read(); got > 3*held {
		t.Errorf("reading %d results allocated %d bytes: %.1f times the %d they hold, want under 3", n, got, float64(got)/float64(held), held)
	}
}
