// Package sse writes server-sent events (text/event-stream), the one way
// the API and the pages stream live standings: headers that keep proxies
// from buffering, the newest event only (a reader behind skips to it), a
// comment when a stream has been idle for Heartbeat so that connections
// stay open, a write deadline per write (a reader that takes nothing for
// writeWithin is dropped), and an end after MaxLife, after which browsers
// reconnect on their own.
//
// Once its headers are written a stream holds no goroutine of its own: its
// connection is taken from net/http (hijacked: net/http's goroutine, its
// background read and its buffers are let go) and every stream of the
// process is written by one hub's few writer goroutines, so that an open
// stream costs its socket and a few hundred bytes. The stream is then HTTP/1.1
// with "Connection: close", its body ending when the connection does; a
// client's going away is noticed when a write fails or, within sweepEvery,
// when its socket reports the end. A connection that cannot be taken
// (HTTP/2) is streamed the same way through its ResponseWriter, its handler
// waiting until the stream ends.
package sse

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Heartbeat is how long a stream may be idle before it sends a comment.
const Heartbeat = 15 * time.Second

// MaxLife is how long one stream lasts before it ends and the client
// connects again (EventSource does, after Retry).
const MaxLife = time.Hour

// Retry is what the stream tells EventSource to wait before reconnecting.
const Retry = 2 * time.Second

// stillHere is the heartbeat's comment.
var stillHere = []byte(": still here\n\n")

// writeWithin bounds each write: a reader that takes no bytes for this long
// is gone (the socket's send buffer, hundreds of KB, is full by then).
const writeWithin = 10 * time.Second

// Wants reports whether a request asks for an event stream.
func Wants(r *http.Request) bool {
	for _, v := range r.Header.Values("Accept") {
		if strings.Contains(strings.ToLower(v), "text/event-stream") {
			return true
		}
	}
	return false
}

// Event is one event named name holding data (one line: JSON), as Stream
// writes it: made once, it can be written to any number of streams.
func Event(name string, data []byte) []byte {
	return fmt.Appendf(nil, "event: %s\ndata: %s\n\n", name, data)
}

// Stream is one live stream of values of type T, each written as the
// frame its frame function makes (Event's bytes: a value shared by many
// streams can hand each the same bytes). Open it, hand it values (Send),
// then Serve it; it ends when End is called, its client goes, a write
// fails or MaxLife passes.
type Stream[T any] struct {
	*conn
	frame func(T) ([]byte, error)
}

// Open begins a stream answering r. What WithRelease gathered for r, and
// what OnEnd adds, is done when the stream ends (once Serve has taken r's
// connection, not when the handler returns).
func Open[T any](r *http.Request, frame func(T) ([]byte, error)) *Stream[T] {
	return &Stream[T]{conn: &conn{r: r}, frame: frame}
}

// Send hands the stream v, to be written next in place of any value not
// yet written. It never blocks.
func (s *Stream[T]) Send(v T) {
	s.offer(func() ([]byte, error) { return s.frame(v) })
}

// OnEnd adds f to what is done when the stream ends; at once if it has
// ended.
func (c *conn) OnEnd(f func()) {
	c.mu.Lock()
	if !c.ended {
		c.ends = append(c.ends, f)
		c.mu.Unlock()
		return
	}
	c.mu.Unlock()
	f()
}

// Release is what must be done when a request's stream ends (a bound's
// count given back), gathered by middleware before the handler runs
// (WithRelease). A stream that takes the request's connection takes them
// over; otherwise Done does them when the handler returns.
type Release struct {
	mu    sync.Mutex
	fns   []func()
	taken bool
}

// releaseKey is the context key of a request's Release.
type releaseKey struct{}

// WithRelease returns r carrying a Release, and the Release.
func WithRelease(r *http.Request) (*http.Request, *Release) {
	rl := &Release{}
	return r.WithContext(context.WithValue(r.Context(), releaseKey{}, rl)), rl
}

// Add adds f to what is done when the stream ends.
func (rl *Release) Add(f func()) {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	rl.fns = append(rl.fns, f)
}

// Done does what was added, unless a stream took it over: call it when
// the handler has returned.
func (rl *Release) Done() {
	rl.mu.Lock()
	fns := rl.fns
	if rl.taken {
		fns = nil
	}
	rl.fns = nil
	rl.mu.Unlock()
	for _, f := range fns {
		f()
	}
}

// take takes over what is to be done, for a stream.
func (rl *Release) take() []func() {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	rl.taken = true
	fns := rl.fns
	rl.fns = nil
	return fns
}

// conn is a stream as the hub sees it: whatever its values' type, the next
// thing to write.
type conn struct {
	r *http.Request // until served

	mu      sync.Mutex
	sink    sink                   // nil until served
	pending func() ([]byte, error) // the newest frame not yet written
	beat    bool                   // a heartbeat is due
	queued  bool                   // in the hub's queue or being written
	ended   bool
	wrote   time.Time // the last write's start
	endAt   time.Time // MaxLife after it was served
	ends    []func()  // done when it ends
}

// sink is where a stream's bytes go: its connection, or its ResponseWriter.
type sink interface {
	write(b []byte) error
	gone() bool // the client has gone (a cheap look, no waiting)
	close()
}

// offer makes f the next frame, queuing the stream unless it is queued.
func (c *conn) offer(f func() ([]byte, error)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ended {
		return
	}
	c.pending = f
	c.queueLocked()
}

// queueLocked queues the stream for the hub's writers if it is served and
// not queued; c.mu is held.
func (c *conn) queueLocked() {
	if c.sink == nil || c.queued {
		return
	}
	c.queued = true
	theHub.enqueue(c)
}

// End ends the stream: its connection closed, what is to be done when it
// ends done. It may be called any number of times, from anywhere.
func (c *conn) End() {
	c.mu.Lock()
	if c.ended {
		c.mu.Unlock()
		return
	}
	c.ended = true
	snk, ends := c.sink, c.ends
	c.pending, c.ends = nil, nil
	c.mu.Unlock()
	if snk != nil {
		snk.close()
		theHub.remove(c)
	}
	for _, f := range ends {
		f()
	}
}

// Serve writes the stream's headers (those w holds, set by middleware,
// and the stream's own) and the retry time, then hands the stream to the
// hub, which writes what it is sent until it ends. It returns once the
// connection is taken from net/http (at once), or, when it cannot be
// taken, when the stream ends; the error is one that stopped the headers.
// After Serve the handler must write nothing.
func (c *conn) Serve(w http.ResponseWriter) error {
	theHub.start()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	retry := fmt.Appendf(nil, "retry: %d\n\n", Retry.Milliseconds())
	rc := http.NewResponseController(w)
	nc, _, err := rc.Hijack()
	if errors.Is(err, http.ErrNotSupported) {
		return c.serveWriter(w, rc, retry)
	}
	if err != nil {
		c.End()
		return err
	}
	h.Del("Content-Length")
	h.Del("Transfer-Encoding")
	h.Set("Connection", "close")
	h.Set("Date", time.Now().UTC().Format(http.TimeFormat))
	var b bytes.Buffer
	b.WriteString("HTTP/1.1 200 OK\r\n")
	_ = h.Write(&b)
	b.WriteString("\r\n")
	b.Write(retry)
	snk := &connSink{c: nc}
	if err := snk.write(b.Bytes()); err != nil {
		snk.close()
		c.End()
		return nil // the connection is not net/http's: nothing more to answer
	}
	c.serving(snk)
	return nil
}

// serveWriter streams through w, for a connection net/http keeps (HTTP/2):
// the handler waits until the stream ends.
func (c *conn) serveWriter(w http.ResponseWriter, rc *http.ResponseController, retry []byte) error {
	_ = rc.SetWriteDeadline(time.Now().Add(writeWithin))
	w.WriteHeader(http.StatusOK)
	if _, err := w.Write(retry); err != nil {
		c.End()
		return err
	}
	if err := rc.Flush(); err != nil {
		c.End()
		return err
	}
	snk := &writerSink{w: w, rc: rc, closed: make(chan struct{})}
	gone := c.r.Context().Done()
	c.serving(snk)
	select {
	case <-gone: // the client went
		c.End()
	case <-snk.closed:
	}
	<-snk.closed
	return nil
}

// serving hands the stream, its headers written, to the hub.
func (c *conn) serving(snk sink) {
	var ends []func()
	if rl, ok := c.r.Context().Value(releaseKey{}).(*Release); ok {
		ends = rl.take()
	}
	now := time.Now()
	c.mu.Lock()
	c.r = nil    // its headers are not kept for the stream's life
	if c.ended { // ended while its headers were written
		c.mu.Unlock()
		snk.close()
		for _, f := range ends {
			f()
		}
		return
	}
	c.sink, c.ends, c.wrote, c.endAt = snk, append(c.ends, ends...), now, now.Add(MaxLife)
	theHub.add(c)
	if c.pending != nil {
		c.queueLocked()
	}
	c.mu.Unlock()
}

// writeNext writes the stream's next frame (or heartbeat), by a writer of
// the hub, ending the stream if the write fails.
func (c *conn) writeNext() {
	c.mu.Lock()
	if c.ended {
		c.mu.Unlock()
		return
	}
	next, beat, snk := c.pending, c.beat, c.sink
	c.pending, c.beat = nil, false
	c.wrote = time.Now()
	c.mu.Unlock()
	var chunk []byte
	var err error
	switch {
	case next != nil:
		chunk, err = next()
	case beat:
		chunk = stillHere
	}
	if err == nil && chunk != nil {
		err = snk.write(chunk)
	}
	if err != nil {
		c.End()
		return
	}
	c.mu.Lock()
	c.queued = false
	if c.pending != nil || c.beat {
		c.queueLocked() // sent more while this was written
	}
	c.mu.Unlock()
}

// sweep ends the stream if its life is over or its client has gone, and
// queues a heartbeat if it has been idle for Heartbeat.
func (c *conn) sweep(now time.Time) {
	c.mu.Lock()
	over := now.After(c.endAt)
	snk := c.sink
	if !over && !c.ended && !c.queued && now.Sub(c.wrote) >= Heartbeat {
		c.beat = true
		c.queueLocked()
	}
	c.mu.Unlock()
	if over || snk.gone() {
		c.End()
	}
}

// connSink is a stream's connection, taken from net/http.
type connSink struct{ c net.Conn }

func (s *connSink) write(b []byte) error {
	_ = s.c.SetWriteDeadline(time.Now().Add(writeWithin))
	_, err := s.c.Write(b)
	return err
}

func (s *connSink) gone() bool { return peerGone(s.c) }

func (s *connSink) close() { _ = s.c.Close() }

// writerSink is a stream's ResponseWriter, for a connection net/http keeps;
// closed is closed once nothing more will be written to it.
type writerSink struct {
	w      http.ResponseWriter
	rc     *http.ResponseController
	mu     sync.Mutex
	done   bool
	closed chan struct{}
}

func (s *writerSink) write(b []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done {
		return net.ErrClosed
	}
	_ = s.rc.SetWriteDeadline(time.Now().Add(writeWithin))
	if _, err := s.w.Write(b); err != nil {
		return err
	}
	return s.rc.Flush()
}

func (s *writerSink) gone() bool { return false } // its handler sees its request's context end

func (s *writerSink) close() {
	s.mu.Lock() // after any write under way
	defer s.mu.Unlock()
	if !s.done {
		s.done = true
		close(s.closed)
	}
}
