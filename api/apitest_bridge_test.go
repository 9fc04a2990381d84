package api_test

import (
	"net/http"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
)

// init gives package api's own tests (ApitestDo, server_test.go) the shared
// client's Do, which they cannot import themselves.
func init() {
	api.ApitestDo = func(t testing.TB, method, url, token string, body []byte, header ...string) (int, http.Header, []byte) {
		t.Helper()
		r := apitest.Client{T: t}.Do(method, url, token, body, header...)
		return r.Status, r.Header, r.Body
	}
}
