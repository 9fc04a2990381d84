package api

import "testing"

// TestLoggedPath keeps table tokens out of the request log: the table
// page's path is its token.
func TestLoggedPath(t *testing.T) {
	for in, want := range map[string]string{
		"/t/trv_t_secret":             "/t/…",
		"/v1/sections/3/results":      "/v1/sections/3/results",
		"/director/sections/3/tables": "/director/sections/3/tables",
	} {
		if got := loggedPath(in); got != want {
			t.Errorf("loggedPath(%q) = %q, want %q", in, got, want)
		}
	}
}
