// Package sse writes server-sent events (text/event-stream), the one way
// the API and the pages stream live standings: headers that keep proxies
// from buffering, a flush after every event, a comment every Heartbeat so
// that idle connections stay open, a write deadline per event (the
// server's WriteTimeout would cut a long stream), and an end after
// MaxLife, after which browsers reconnect on their own.
package sse

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Heartbeat is how often an idle stream sends a comment.
const Heartbeat = 15 * time.Second

// MaxLife is how long one stream lasts before it ends and the client
// connects again (EventSource does, after Retry).
const MaxLife = time.Hour

// Retry is what the stream tells EventSource to wait before reconnecting.
const Retry = 2 * time.Second

// stillHere is the heartbeat's comment.
var stillHere = []byte(": still here\n\n")

// writeWithin bounds each write: a reader that takes no bytes for this long
// is gone.
const writeWithin = 30 * time.Second

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

// Stream writes the event frame makes of each value from in (Event's
// bytes: a value shared by many streams can hand each the same bytes),
// until in closes, ctx ends or MaxLife passes. It returns the error that
// stopped a write.
func Stream[T any](ctx context.Context, w http.ResponseWriter, in <-chan T, frame func(T) ([]byte, error)) error {
	ctx, cancel := context.WithTimeout(ctx, MaxLife)
	defer cancel()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Now().Add(writeWithin))
	w.WriteHeader(http.StatusOK)
	if _, err := fmt.Fprintf(w, "retry: %d\n\n", Retry.Milliseconds()); err != nil {
		return err
	}
	if err := rc.Flush(); err != nil {
		return err
	}
	beat := time.NewTicker(Heartbeat)
	defer beat.Stop()
	for {
		var chunk []byte
		select {
		case <-ctx.Done():
			return nil
		case <-beat.C:
			chunk = stillHere
		case v, ok := <-in:
			if !ok {
				return nil
			}
			var err error
			if chunk, err = frame(v); err != nil {
				return err
			}
		}
		_ = rc.SetWriteDeadline(time.Now().Add(writeWithin))
		if _, err := w.Write(chunk); err != nil {
			return err
		}
		if err := rc.Flush(); err != nil {
			return err
		}
	}
}
