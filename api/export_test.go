package api

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/internal/download"
	"github.com/traveler-bridge/traveler/tournament"
)

// fileOf is a file of n bytes of a repeating pattern, written 4 KiB at a
// time (as the workbook's zip writes), followed by the error fail (nil: the
// file is whole).
func fileOf(n int, fail error) func(io.Writer) error {
	return func(w io.Writer) error {
		chunk := bytes.Repeat([]byte("0123456789abcdef"), 256)
		for left := n; left > 0; left -= len(chunk) {
			if _, err := w.Write(chunk[:min(left, len(chunk))]); err != nil {
				return err
			}
		}
		return fail
	}
}

// fileServer starts the API's own echo — its middleware, error handler and
// log — with one more route, GET /test/file, that answers with download.Send
// and the file write makes; over HTTP/2 and TLS when h2.
func fileServer(t *testing.T, write func(io.Writer) error, h2 bool) (*httptest.Server, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	o := Options{}
	o.Logger = slog.New(slog.NewJSONHandler(logs, nil))
	svc := tournament.NewService(&fakeStore{}, tournament.ServiceOptions{DirectorToken: testDirector})
	e := newEcho(svc, o)
	s := &server{log: o.Logger}
	e.GET("/test/file", func(c echo.Context) error {
		return download.Send(c, s.log, "event-1-report.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", write)
	})
	srv := httptest.NewUnstartedServer(e)
	if h2 {
		srv.EnableHTTP2 = true
		srv.StartTLS()
	} else {
		srv.Start()
	}
	t.Cleanup(srv.Close)
	return srv, logs
}

// get downloads the test file: the answer, and its body as far as it was
// read with the error that ended it.
func get(t *testing.T, srv *httptest.Server) (*http.Response, []byte, error) {
	t.Helper()
	res, err := srv.Client().Get(srv.URL + "/test/file")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	return res, body, err
}

// TestSendFile: a file up to download.WholeUpTo goes out whole with its length, a
// larger one streamed, and an error before the answer is sent is answered
// as any other (500, the JSON error, no attachment).
func TestSendFile(t *testing.T) {
	small, large := download.WholeUpTo/10, 3*download.WholeUpTo
	for _, tc := range []struct {
		name   string
		size   int
		fail   error
		status int
		length int64 // the Content-Length, -1 for none
	}{
		{"small", small, nil, 200, int64(small)},
		{"exactly download.WholeUpTo", download.WholeUpTo, nil, 200, download.WholeUpTo},
		{"large", large, nil, 200, -1},
		{"empty", 0, nil, 200, 0},
		{"fails early", small, errors.New("xlsx: the comparison failed"), 500, -2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := fileServer(t, fileOf(tc.size, tc.fail), false)
			res, body, err := get(t, srv)
			if err != nil {
				t.Fatalf("reading the body: %v", err)
			}
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %.200s", res.StatusCode, tc.status, body)
			}
			if tc.fail != nil {
				if e := errorBody(t, body); strings.Contains(e.Error, "comparison") {
					t.Errorf("error %q: the internal error leaks", e.Error)
				}
				if d := res.Header.Get(echo.HeaderContentDisposition); d != "" {
					t.Errorf("an error answered as an attachment: %q", d)
				}
				return
			}
			if res.ContentLength != tc.length {
				t.Errorf("Content-Length %d, want %d", res.ContentLength, tc.length)
			}
			if len(body) != tc.size || !strings.HasPrefix(string(body), "0123456789abcdef"[:min(tc.size, 16)]) {
				t.Errorf("%d bytes, want %d", len(body), tc.size)
			}
			if d := res.Header.Get(echo.HeaderContentDisposition); d != `attachment; filename="event-1-report.xlsx"` {
				t.Errorf("Content-Disposition %q", d)
			}
		})
	}
}

// TestSendFileFailsLate: a file that fails after its answer was sent (past
// download.WholeUpTo) is never a success for the client: over HTTP/1.1 the chunked
// body ends without its last chunk, over HTTP/2 the stream is reset, and
// reading the body is an error in both, not a 200 with a file that looks
// whole. The server logs why.
func TestSendFileFailsLate(t *testing.T) {
	for _, h2 := range []bool{false, true} {
		t.Run("HTTP/2 "+strconv.FormatBool(h2), func(t *testing.T) {
			srv, logs := fileServer(t, fileOf(2*download.WholeUpTo+123, errors.New("xlsx: the database went away")), h2)
			res, body, err := get(t, srv)
			if res.StatusCode != 200 || res.ProtoMajor != map[bool]int{false: 1, true: 2}[h2] {
				t.Fatalf("%s %d, want the answer sent as 200 before the failure", res.Proto, res.StatusCode)
			}
			if err == nil {
				t.Fatalf("%d bytes read to a clean end: a file cut short reads as whole", len(body))
			}
			if len(body) > 2*download.WholeUpTo+123 {
				t.Errorf("%d bytes, more than was written", len(body))
			}
			t.Logf("%s: %d bytes, then %v", res.Proto, len(body), err)
			deadline := time.Now().Add(5 * time.Second)
			for !strings.Contains(logs.String(), "download cut short") && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if l := logs.String(); !strings.Contains(l, "download cut short") || !strings.Contains(l, "the database went away") {
				t.Errorf("log: %s", l)
			}
		})
	}
}

// TestSendFileClientGone: when the client goes away mid-download the file
// is not made to its end: its writer is told at its next write.
func TestSendFileClientGone(t *testing.T) {
	stopped := make(chan error, 1)
	endless := func(w io.Writer) error {
		chunk := make([]byte, 4096)
		for {
			if _, err := w.Write(chunk); err != nil {
				stopped <- err
				return err
			}
		}
	}
	srv, _ := fileServer(t, endless, false)
	res, err := srv.Client().Get(srv.URL + "/test/file")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.CopyN(io.Discard, res.Body, 2*download.WholeUpTo); err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	srv.CloseClientConnections()
	select {
	case err := <-stopped:
		t.Logf("the writer stopped: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the writer still writes 10 s after the client went away")
	}
}
