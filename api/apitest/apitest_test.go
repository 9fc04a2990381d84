package apitest_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api/apitest"
)

// echoRequest answers what it was sent: the Authorization and Content-Type
// headers and the body; a body "fail" is answered with a 422 in the error
// shape, "leak" with one that leaks SQL, "junk" with a 400 that is no JSON.
func echoRequest(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	w.Header().Set("Content-Type", "application/json")
	switch string(b) {
	case "fail":
		w.WriteHeader(422)
		fmt.Fprint(w, `{"error": "no such contract", "field": "contract", "allowed": ["1C", "7NT"]}`)
	case "leak":
		w.WriteHeader(500)
		fmt.Fprint(w, `{"error": "SELECT failed (SQLSTATE 42P01)"}`)
	case "junk":
		w.WriteHeader(400)
		fmt.Fprint(w, `bad request`)
	default:
		json.NewEncoder(w).Encode(map[string]string{
			"auth": r.Header.Get("Authorization"), "type": r.Header.Get("Content-Type"), "body": string(b), "path": r.URL.Path})
	}
}

// TestClient: the token of a call, else the Client's, else none; a body
// sent as is or as JSON; headers set last; the answer decoded.
func TestClient(t *testing.T) {
	c := apitest.Serve(t, http.HandlerFunc(echoRequest), "director")
	for _, tc := range []struct {
		token string
		body  any
		hdr   []string
		want  map[string]string
	}{
		{"", nil, nil, map[string]string{"auth": "Bearer director", "type": "", "body": ""}},
		{"table-1", "4S", nil, map[string]string{"auth": "Bearer table-1", "type": "application/json", "body": "4S"}},
		{apitest.NoToken, []byte("[Deal]"), []string{"Content-Type", "application/x-pbn"}, map[string]string{"auth": "", "type": "application/x-pbn", "body": "[Deal]"}},
		{"", map[string]int{"board": 1}, nil, map[string]string{"auth": "Bearer director", "type": "application/json", "body": `{"board":1}`}},
		{"", []byte(nil), nil, map[string]string{"auth": "Bearer director", "type": "", "body": ""}},
	} {
		var got map[string]string
		r := c.Want(200, &got, "POST", "/v1/score", tc.token, tc.body, tc.hdr...)
		if r.Status != 200 || r.Method != "POST" || r.Path != "/v1/score" || got["path"] != "/v1/score" {
			t.Errorf("%+v: reply %d %s %s, path %q", tc, r.Status, r.Method, r.Path, got["path"])
		}
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("%+v: %s %q, want %q", tc, k, got[k], v)
			}
		}
	}
	if rs := c.Concurrently(5, "GET", "/healthz", "", nil); len(rs) != 5 || rs[4].Status != 200 {
		t.Errorf("Concurrently: %d replies", len(rs))
	}
	er := c.WantError(422, "contract", "POST", "/v1/score", "", "fail")
	if er.Error != "no such contract" || len(er.Allowed) != 2 {
		t.Errorf("WantError = %+v", er)
	}
	c.WantError(422, "*", "POST", "/v1/score", "", "fail")
}

// recorder is a testing.TB that keeps what the helpers report; its Fatal
// stops the function.
type recorder struct {
	testing.TB
	msgs []string
}

type stop struct{}

func (f *recorder) Helper() {}
func (f *recorder) Errorf(format string, args ...any) {
	f.msgs = append(f.msgs, fmt.Sprintf(format, args...))
}
func (f *recorder) Fatalf(format string, args ...any) {
	f.msgs = append(f.msgs, fmt.Sprintf(format, args...))
	panic(stop{})
}

// TestFailures: a wrong status, a wrong field, an answer not in the error
// shape and one that leaks SQL each fail the test, saying so.
func TestFailures(t *testing.T) {
	srv := apitest.Serve(t, http.HandlerFunc(echoRequest), "")
	for _, tc := range []struct {
		name string
		call func(c apitest.Client)
		want string
	}{
		{"status", func(c apitest.Client) { c.Want(201, nil, "GET", "/x", "", nil) }, "GET /x: status 200, want 201"},
		{"error status", func(c apitest.Client) { c.WantError(400, "*", "POST", "/x", "", "fail") }, "POST /x: status 422, want 400"},
		{"field", func(c apitest.Client) { c.WantError(422, "board", "POST", "/x", "", "fail") }, `field "contract", want "board"`},
		{"not the error JSON", func(c apitest.Client) { c.WantError(400, "*", "POST", "/x", "", "junk") }, "400, not the error JSON: bad request"},
		{"success is no error", func(c apitest.Client) { c.WantError(200, "*", "GET", "/x", "", nil) }, "not the error JSON"},
		{"leak", func(c apitest.Client) { c.WantError(500, "", "POST", "/x", "", "leak") }, `leaks "SQLSTATE"`},
	} {
		f := &recorder{TB: t}
		c := srv
		c.T = f
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(stop); !ok {
						panic(r)
					}
				}
			}()
			tc.call(c)
		}()
		if all := strings.Join(f.msgs, "\n"); !strings.Contains(all, tc.want) {
			t.Errorf("%s: reported %q, want %q", tc.name, all, tc.want)
		}
	}
}
