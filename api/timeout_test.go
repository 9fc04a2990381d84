package api

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestTimeoutSparesOnlyStreamRoutes: a request asking for an event stream
// goes without the request deadline on a route that streams, and keeps it
// on any other (a client cannot lift the bound by sending the header).
func TestTimeoutSparesOnlyStreamRoutes(t *testing.T) {
	s := &server{}
	for _, c := range []struct {
		streams, asks, deadline bool
	}{
		{true, true, false},
		{true, false, true},
		{false, true, true},
		{false, false, true},
	} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		if c.asks {
			req.Header.Set("Accept", "text/event-stream")
		}
		e := echo.New()
		ctx := e.NewContext(req, httptest.NewRecorder())
		var has bool
		h := s.timeout(c.streams)(func(c echo.Context) error {
			_, has = c.Request().Context().Deadline()
			return nil
		})
		if err := h(ctx); err != nil {
			t.Fatal(err)
		}
		if has != c.deadline {
			t.Errorf("route streams %v, request asks %v: deadline %v, want %v", c.streams, c.asks, has, c.deadline)
		}
	}
	if !streamRoutes["GET /v1/sections/:id/standings"] {
		t.Error("the standings route is not a stream route")
	}
}
