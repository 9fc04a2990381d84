package heavyproc

import (
	"context"
	"net/http"
	"os"
	"sync/atomic"
	"time"
)

// Gate is how result entry has the makings give way. On a machine of two
// CPUs no priority keeps a making from slowing entry: even a loop in
// Linux's idle class, kept to the CPU entry does not use, took entry p99
// from 4.3 to 9.3 ms here, two of them to 172 ms (BENCHMARKS.md, "Makings
// that give way") — the CPUs share what is beneath them. So a making
// stops while entry works: the serving process counts the writes in
// flight (Writes), in a page of memory it shares with every making it
// starts (on Linux; elsewhere the count stays in the process), and a
// making waits at each of its yield points (GiveWay) while one is, a
// little at a time and never more than MaxGiveWay at one point, so that it
// always goes on.
type Gate struct {
	f *os.File      // the shared page's file, handed to a making as its fourth file (fd 4); nil: not shared
	n *atomic.Int64 // the writes in flight
}

// MaxGiveWay is the longest a making waits at one yield point while
// entry works: entry at a thousand results a second never stops a making
// for good.
const MaxGiveWay = 20 * time.Millisecond

// giveWayStep is how long a making sleeps before it looks again.
const giveWayStep = 500 * time.Microsecond

// gateFD is the file a making's process finds the shared page on.
const gateFD = 4

// Enter counts a write begun; Leave counts it ended.
func (g *Gate) Enter() { g.n.Add(1) }

// Leave counts a write ended (Enter).
func (g *Gate) Leave() { g.n.Add(-1) }

// Writes returns h with every request that writes (not GET, HEAD or
// OPTIONS) counted while it is served: result entry, and every other
// change a director or a table makes.
func (g *Gate) Writes(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			g.Enter()
			defer g.Leave()
		}
		h.ServeHTTP(w, r)
	})
}

// GiveWay waits while a write is in flight, at most MaxGiveWay, or until
// ctx ends. A nil Gate never waits.
func (g *Gate) GiveWay(ctx context.Context) {
	if g == nil || g.n.Load() <= 0 {
		return
	}
	deadline := time.Now().Add(MaxGiveWay)
	for g.n.Load() > 0 && ctx.Err() == nil && time.Now().Before(deadline) {
		time.Sleep(giveWayStep)
	}
}
