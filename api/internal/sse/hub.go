package sse

import (
	"sync"
	"time"
)

// writers is how many goroutines write every stream of the process: a
// reader slow to take its bytes holds one of them for at most writeWithin.
const writers = 4

// sweepEvery is how often every stream is looked at: its life, its
// client's socket, its heartbeat.
const sweepEvery = time.Second

// hub holds every served stream of the process and the queue of those with
// something to write.
type hub struct {
	once  sync.Once
	mu    sync.Mutex
	ready *sync.Cond // a stream was queued
	queue []*conn    // each stream at most once (conn.queued)
	all   map[*conn]struct{}
}

// theHub serves the streams of the API and of the pages alike.
var theHub hub

// start starts the hub's writers and sweeper, the first time.
func (h *hub) start() {
	h.once.Do(func() {
		h.ready = sync.NewCond(&h.mu)
		h.all = map[*conn]struct{}{}
		for range writers {
			go h.write()
		}
		go h.sweep()
	})
}

// enqueue queues c for a writer.
func (h *hub) enqueue(c *conn) {
	h.mu.Lock()
	h.queue = append(h.queue, c)
	h.mu.Unlock()
	h.ready.Signal()
}

// add counts c among the served streams.
func (h *hub) add(c *conn) {
	h.mu.Lock()
	h.all[c] = struct{}{}
	h.mu.Unlock()
}

// remove forgets an ended stream.
func (h *hub) remove(c *conn) {
	h.mu.Lock()
	delete(h.all, c)
	h.mu.Unlock()
}

// write is one writer: it writes each queued stream's next frame.
func (h *hub) write() {
	for {
		h.mu.Lock()
		for len(h.queue) == 0 {
			h.ready.Wait()
		}
		c := h.queue[0]
		h.queue[0] = nil
		h.queue = h.queue[1:]
		h.mu.Unlock()
		c.writeNext()
	}
}

// sweep looks at every stream each sweepEvery (conn.sweep).
func (h *hub) sweep() {
	var all []*conn
	for now := range time.Tick(sweepEvery) {
		h.mu.Lock()
		all = all[:0]
		for c := range h.all {
			all = append(all, c)
		}
		h.mu.Unlock()
		for _, c := range all {
			c.sweep(now)
		}
		clear(all)
	}
}
