package api

import (
	"bytes"
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

func (eventStore) SectionVersions(context.Context, int64) (map[int64]string, error) { return nil, nil }

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
		return s.heavyWrite(c, "file", nil, "application/octet-stream", "report.xlsx", func(_ context.Context, w io.Writer, d tournament.EventData) error {
			return write(w, d)
		})
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
//
// The making runs at the caller's priority here (Nice below 0): in the
// idle scheduling class it is made in by default, a busy machine (the rest
// of the suite on both cores) could starve it past this test's 10 s wait;
// the low priority itself is TestHeavyMadeAtLowPriority's to check.
func TestHeavyPastDeadline(t *testing.T) {
	const size = 3 << 20
	srv, svc := heavyServer(t, tournament.HeavyOptions{Nice: -1}, 200*time.Millisecond, func(w io.Writer, d tournament.EventData) error {
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

// TestHeavyServedFromFile: a file past HeavyOptions.SpillAt, made into a
// temporary file rather than memory, is answered 200 whole with its
// Content-Length, to each of several requests at once and again later.
func TestHeavyServedFromFile(t *testing.T) {
	const size = 3<<20 + 123
	file := make([]byte, size)
	for i := range file {
		file[i] = byte(i % 251)
	}
	srv, svc := heavyServer(t, tournament.HeavyOptions{SpillAt: 1 << 20, Dir: t.TempDir()}, 10*time.Second, func(w io.Writer, d tournament.EventData) error {
		for rest := file; len(rest) > 0; rest = rest[min(len(rest), 4096):] {
			if _, err := w.Write(rest[:min(len(rest), 4096)]); err != nil {
				return err
			}
		}
		return nil
	})
	var wg sync.WaitGroup
	for i := range 5 {
		if i == 4 {
			wg.Wait() // the fifth after the others: what was kept
		}
		wg.Go(func() {
			res, err := http.Get(srv.URL + "/test/7/file")
			if err != nil {
				t.Error(err)
				return
			}
			body, err := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK || err != nil || res.ContentLength != size || !bytes.Equal(body, file) {
				t.Errorf("request %d: %d, %d bytes (%v), Content-Length %d; want 200 and the %d bytes made", i, res.StatusCode, len(body), err, res.ContentLength, size)
			}
		})
	}
	wg.Wait()
	if got := svc.HeavyMade(); got != 1 {
		t.Errorf("made %d times, want once", got)
	}
}
