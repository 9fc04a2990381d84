// Package apitest drives the REST API in tests: a signed-in client whose
// calls send a request and check its answer — the status, the JSON, the one
// error shape — in one line each, so that a test reads as a table of calls.
// It serves a handler it is given (Serve) and starts no database: the
// end-to-end suite (package api/e2e) wires the server. It builds one
// standard event through the API (NewMitchell, with the DirectorToken every
// test server has), for that suite and the command's tests alike; events
// built behind the API, through the Service, are tournament/tournamenttest's.
package apitest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/traveler-bridge/traveler/api/dto"
)

// NoToken, as a call's token, sends no Authorization header even when the
// Client has a Token.
const NoToken = "-"

// Client sends requests to the API at URL on behalf of the test T.
type Client struct {
	T     testing.TB // the test a failed call fails
	URL   string     // the server's base URL; a call's path is appended to it
	Token string     // the bearer token of calls whose token is ""
}

// Reply is an answer of the API, with the request it answers.
type Reply struct {
	Method, Path string      // the request
	Status       int         // the status code
	Header       http.Header // the answer's headers
	Body         []byte      // the answer's body, read in full
}

// Serve starts a test server for h, closed when the test ends, and returns
// a Client of it signed in with token ("" for none).
func Serve(t testing.TB, h http.Handler, token string) Client {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return Client{T: t, URL: srv.URL, Token: token}
}

// Send sends a request and reads the answer. body is nil, []byte or string
// (sent as is) or any other value (sent as JSON), with Content-Type
// application/json; hdr are header name/value pairs, set last. token ""
// sends the Client's Token, NoToken none. Send never fails the test, so it
// is safe in goroutines.
func (c Client) Send(method, path, token string, body any, hdr ...string) (Reply, error) {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		if b != nil {
			rd = bytes.NewReader(b)
		}
	case string:
		rd = strings.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			return Reply{}, err
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, c.URL+path, rd)
	if err != nil {
		return Reply{}, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	switch {
	case token == NoToken:
	case token != "":
		req.Header.Set("Authorization", "Bearer "+token)
	case c.Token != "":
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return Reply{}, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return Reply{Method: method, Path: path, Status: res.StatusCode, Header: res.Header, Body: b}, err
}

// Do is Send failing the test on a transport error.
func (c Client) Do(method, path, token string, body any, hdr ...string) Reply {
	c.T.Helper()
	r, err := c.Send(method, path, token, body, hdr...)
	if err != nil {
		c.T.Fatalf("%s %s: %v", method, path, err)
	}
	return r
}

// Want sends a request that must answer status, and decodes the JSON answer
// into out (unless nil); otherwise it fails the test.
func (c Client) Want(status int, out any, method, path, token string, body any, hdr ...string) Reply {
	c.T.Helper()
	r := c.Do(method, path, token, body, hdr...)
	if r.Status != status {
		c.T.Fatalf("%s %s: status %d, want %d: %s", method, path, r.Status, status, r.Body)
	}
	if out != nil {
		if err := json.Unmarshal(r.Body, out); err != nil {
			c.T.Fatalf("%s %s: %v: %s", method, path, err, r.Body)
		}
	}
	return r
}

// WantError sends a request that must fail with status and the error JSON
// naming field ("*": any), and returns the error (see CheckError).
func (c Client) WantError(status int, field, method, path, token string, body any, hdr ...string) dto.ErrorResponse {
	c.T.Helper()
	return CheckError(c.T, c.Do(method, path, token, body, hdr...), status, field)
}

// CheckError checks an error answer: its status, its shape (dto.ErrorResponse
// and nothing else: "error" given, "field", "allowed", "current"), its field
// ("*": any), and that it leaks no internals (SQL, pgx, a panic).
func CheckError(t testing.TB, r Reply, status int, field string) dto.ErrorResponse {
	t.Helper()
	var er dto.ErrorResponse
	dec := json.NewDecoder(bytes.NewReader(r.Body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&er); err != nil || er.Error == "" {
		t.Fatalf("%s %s: %d, not the error JSON: %s", r.Method, r.Path, r.Status, r.Body)
	}
	if r.Status != status {
		t.Fatalf("%s %s: status %d, want %d: %s", r.Method, r.Path, r.Status, status, r.Body)
	}
	if field != "*" && er.Field != field {
		t.Errorf("%s %s: field %q, want %q: %s", r.Method, r.Path, er.Field, field, r.Body)
	}
	for _, leak := range []string{"SQLSTATE", "pgx", "goroutine ", "panic", "INSERT ", "SELECT "} {
		if strings.Contains(string(r.Body), leak) {
			t.Errorf("%s %s: the answer leaks %q: %s", r.Method, r.Path, leak, r.Body)
		}
	}
	return er
}

// Concurrently sends n copies of a request at once (see Send) and returns
// their answers; a transport error fails the test.
func (c Client) Concurrently(n int, method, path, token string, body any, hdr ...string) []Reply {
	c.T.Helper()
	out := make([]Reply, n)
	errs := make([]error, n)
	var start, done sync.WaitGroup
	start.Add(1)
	for i := range n {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			out[i], errs[i] = c.Send(method, path, token, body, hdr...)
		}()
	}
	start.Done()
	done.Wait()
	for _, err := range errs {
		if err != nil {
			c.T.Fatal(err)
		}
	}
	return out
}
