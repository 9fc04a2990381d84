package api

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// eventStore is a store of one published event of no sections: what a
// heavy read needs to find its version and read the event.
type eventStore struct{ fakeStore }

func (eventStore) Event(_ context.Context, id int64) (tournament.Event, error) {
	return tournament.Event{ID: id, Name: "Big event", Published: true}, nil
}

func (eventStore) Sections(context.Context, int64) ([]tournament.Section, error) { return nil, nil }

func (eventStore) Changes(context.Context, int64) ([]tournament.Change, error) { return nil, nil }

// heavyServer starts the API's own echo with one more route, GET
// /test/:id/file, answered by server.heavy with the file write makes; each
// request's deadline is deadline (the API's is requestTimeout).
func heavyServer(t *testing.T, o tournament.HeavyOptions, deadline time.Duration, write func(io.Writer, tournament.EventData) error) (*httptest.Server, *tournament.Service) {
	t.Helper()
	logs := &syncBuffer{}
	ao := Options{Logger: slog.New(slog.NewJSONHandler(logs, nil))}
	svc := tournament.NewService(&eventStore{}, tournament.ServiceOptions{DirectorToken: testDirector, Heavy: o})
	e := newEcho(svc, ao)
	s := &server{svc: svc, log: ao.Logger}
	e.GET("/test/:id/file", func(c echo.Context) error {
		ctx, cancel := context.WithTimeout(c.Request().Context(), deadline)
		defer cancel()
		c.SetRequest(c.Request().WithContext(ctx))
		return s.heavy(c, "file", nil, "application/octet-stream", "report.xlsx", write)
	})
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return srv, svc
}

// TestHeavyPastDeadline: a file that cannot be made within the request's
// deadline — 3 MiB, its second half slow (2 ms a 4 KiB chunk) — is
// answered 503 with Retry-After and the error's JSON, never a 200 with the
// part made (issue 24: a report.xlsx cut at the 30 s deadline was sent as a
// truncated 200). The making goes on, and the next request gets it whole,
// with its length.
func TestHeavyPastDeadline(t *testing.T) {
	const size = 3 << 20
	srv, svc := heavyServer(t, tournament.HeavyOptions{}, 200*time.Millisecond, func(w io.Writer, d tournament.EventData) error {
		chunk := make([]byte, 4096)
		for n := 0; n < size; n += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return err
			}
			if n > size/2 {
				time.Sleep(2 * time.Millisecond)
			}
		}
		return nil
	})
	res, err := http.Get(srv.URL + "/test/7/file")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatalf("reading the answer: %v (a download cut short)", err)
	}
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
		t.Errorf("past the deadline: %d, Retry-After %q; want 503 with Retry-After", res.StatusCode, res.Header.Get("Retry-After"))
	}
	var problem struct{ Error string }
	if err := json.Unmarshal(body, &problem); err != nil || problem.Error == "" {
		t.Errorf("past the deadline: a body of %d bytes that is not the error's JSON (%v)", len(body), err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		res, err := http.Get(srv.URL + "/test/7/file")
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusOK {
			if err != nil || len(body) != size || res.ContentLength != size {
				t.Errorf("the file made: %d bytes (%v), Content-Length %d; want %d", len(body), err, res.ContentLength, size)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the file was never answered: %d %s", res.StatusCode, body)
		}
	}
	if got := svc.HeavyMade(); got != 1 {
		t.Errorf("the file was made %d times, want once (the second request served what the first began)", got)
	}
}

// TestHeavyBusyAnswers503: while the one worker makes a file, a request for
// another that waits past HeavyOptions.Wait for it is answered 503 with
// Retry-After and says why, rather than waiting in a queue without end.
func TestHeavyBusyAnswers503(t *testing.T) {
	release := make(chan struct{})
	var once sync.Once
	t.Cleanup(func() { once.Do(func() { close(release) }) })
	srv, _ := heavyServer(t, tournament.HeavyOptions{Workers: 1, Wait: 50 * time.Millisecond}, time.Second, func(w io.Writer, d tournament.EventData) error {
		<-release
		return nil
	})
	go func() { // the first takes the worker and holds it until release
		if res, err := http.Get(srv.URL + "/test/1/file"); err == nil {
			res.Body.Close()
		}
	}()
	time.Sleep(100 * time.Millisecond)
	res, err := http.Get(srv.URL + "/test/2/file")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
		t.Errorf("workers busy: %d, Retry-After %q, %s; want 503 with Retry-After", res.StatusCode, res.Header.Get("Retry-After"), body)
	}
	var problem struct{ Error string }
	if json.Unmarshal(body, &problem); problem.Error == "" || problem.Error == "internal error" {
		t.Errorf("workers busy: the error says %q; want why (busy)", problem.Error)
	}
}
