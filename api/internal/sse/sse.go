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

// Stream writes each value from in as an event named name, its data
// encode's bytes (one line: JSON), until in closes, ctx ends or MaxLife
// passes. It returns the error that stopped a write.
func Stream[T any](ctx context.Context, w http.ResponseWriter, in <-chan T, name string, encode func(T) ([]byte, error)) error {
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
			chunk = []byte(": still here\n\n")
		case v, ok := <-in:
			if !ok {
				return nil
			}
			data, err := encode(v)
			if err != nil {
				return err
			}
			chunk = fmt.Appendf(nil, "event: %s\ndata: %s\n\n", name, data)
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
