package web_test

import (
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"testing"

	"golang.org/x/net/html"
)

// TestSignInNextStaysOnSite: GET /director/login?next=/%5Cevil.com, then
// signing in, answered Location: /\evil.com, which browsers read as
// //evil.com. Only a local path is kept; anything else goes to /director.
func TestSignInNextStaysOnSite(t *testing.T) {
	s := newSetupSite(t)
	p := s.get("/director/login?next=/%5Cevil.com")
	p.want(t, "sign-in page", http.StatusOK)
	var next string
	setupWalk(p.Doc, func(n *html.Node) {
		if setupAttr(n, "name") == "next" {
			next = setupAttr(n, "value")
		}
	})
	if next != "/director" {
		t.Errorf("sign-in page for next=/\\evil.com carries next %q, want /director", next)
	}
	for _, tc := range []struct{ next, want string }{
		{`/\evil.com`, "/director"},
		{`/\/evil.com`, "/director"},
		{`\/evil.com`, "/director"},
		{"//evil.com", "/director"},
		{"///evil.com", "/director"},
		{"/\t/evil.com", "/director"},
		{"/\n/evil.com", "/director"},
		{"https://evil.com/", "/director"},
		{"javascript:alert(1)", "/director"},
		{"evil.com", "/director"},
		{"", "/director"},
		{"/director/events/3?tab=a", "/director/events/3?tab=a"},
		{"/", "/"},
	} {
		s.client.Jar, _ = cookiejar.New(nil)
		p := s.post("/director/login", url.Values{"token": {setupDirectorToken}, "next": {tc.next}})
		if p.Status != http.StatusSeeOther || p.Location != tc.want {
			t.Errorf("sign in with next %q: %d to %q, want 303 to %q", tc.next, p.Status, p.Location, tc.want)
		}
	}
}
