package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestDirectorErrorPages: a director's unknown path, a method a path does
// not take and a refused request answer with a page (HTML, the layout, the
// way back to the events), never the API's JSON.
func TestDirectorErrorPages(t *testing.T) {
	e := newSessionEnv(t)
	for _, tc := range []struct {
		path   string
		form   url.Values
		status int
		says   string
	}{
		{"/director/nowhere", nil, http.StatusNotFound, "There is no director&#39;s page at /director/nowhere"},
		{"/director/sections/1/nowhere/else", nil, http.StatusNotFound, "There is no director&#39;s page at /director/sections/1/nowhere/else"},
		{"/director/events/1/publish", nil, http.StatusNotFound, "There is no director&#39;s page at /director/events/1/publish"}, // a form's address, opened as a page
		{"/director/sections/999/results", nil, http.StatusNotFound, "section 999"},
		{"/director/sections/abc/board", nil, http.StatusNotFound, "is not a number traveler gave to anything"},
	} {
		p := e.request(true, tc.path, tc.form)
		if p.status != tc.status || strings.HasPrefix(strings.TrimSpace(p.body), "{") || !strings.Contains(p.body, "<!doctype html>") {
			t.Errorf("%s: %d, want a page with %d\n%.300s", tc.path, p.status, tc.status, p.body)
			continue
		}
		pageHas(t, tc.path, p, tc.says, `href="/director"`)
	}
	// Outside /director the API's answers stay JSON.
	if p := e.request(false, "/v1/nowhere", nil); p.status != http.StatusNotFound || strings.Contains(p.body, "<!doctype html>") {
		t.Errorf("/v1/nowhere: %d %.200s, want the API's 404", p.status, p.body)
	}
}
