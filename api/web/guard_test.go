package web_test

import (
	"context"
	"crypto/tls"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/traveler-bridge/traveler/api/web"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestCrossSiteFormsRefused: a form another site posted with the
// director's cookie deleted a result (303). A state-changing form is now
// refused with 403 and a page, nothing changed, when the browser says
// another site sent it or the form lacks the cookie's token.
func TestCrossSiteFormsRefused(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	ctx := context.Background()
	token := s.formToken()
	if token == "" {
		t.Fatal("signed in, but no form token")
	}
	page := s.get("/director/events/new")
	page.want(t, "new-event form", http.StatusOK)
	create := setupFormFields(page.mustID(t, "event-form"))
	create.Del("csrf")
	create.Set("name", "Forged")
	create.Set("date", "2026-05-05")
	send := func(form url.Values, header ...string) setupPage {
		req, err := http.NewRequest(http.MethodPost, s.srv.URL+"/director/events", strings.NewReader(form.Encode()))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		return s.do(req)
	}
	with := func(tok string) url.Values {
		f := cloneValues(create)
		if tok != "" {
			f.Set("csrf", tok)
		}
		return f
	}
	for _, tc := range []struct {
		what   string
		form   url.Values
		header []string
	}{
		{"Sec-Fetch-Site: cross-site", with(token), []string{"Sec-Fetch-Site", "cross-site"}},
		{"Sec-Fetch-Site: same-site (a sibling subdomain)", with(token), []string{"Sec-Fetch-Site", "same-site"}},
		{"Origin of another site", with(token), []string{"Origin", "https://evil.example"}},
		{"Origin null", with(token), []string{"Origin", "null"}},
		{"no token (a browser that sends neither header)", with(""), nil},
		{"another cookie's token", with(web.FormToken("someone-else")), []string{"Sec-Fetch-Site", "same-origin"}},
	} {
		p := send(tc.form, tc.header...)
		if p.Status != http.StatusForbidden {
			t.Errorf("%s: status %d (Location %q), want 403", tc.what, p.Status, p.Location)
			continue
		}
		if !strings.HasPrefix(p.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(p.Body), "Nothing was changed") {
			t.Errorf("%s: 403 answered %q %q, want a page saying nothing was changed", tc.what, p.Header.Get("Content-Type"), p.Body)
		}
	}
	if evs, err := s.svc.Events(ctx, tournament.Director); err != nil {
		t.Fatal(err)
	} else if len(evs) != 0 {
		t.Fatalf("refused forms made events: %+v", evs)
	}

	// Signing out is a change too: refused from another site, the cookie kept.
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/director/logout", strings.NewReader(url.Values{"csrf": {token}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if p := s.do(req); p.Status != http.StatusForbidden {
		t.Errorf("cross-site sign-out: %d, want 403", p.Status)
	}
	// So is signing in (a forged sign-in would sign the director in as
	// someone else).
	req, _ = http.NewRequest(http.MethodPost, s.srv.URL+"/director/login", strings.NewReader(url.Values{"token": {setupDirectorToken}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "https://evil.example")
	if p := s.do(req); p.Status != http.StatusForbidden {
		t.Errorf("cross-site sign-in: %d, want 403", p.Status)
	}

	// The same form from the site's own page goes through.
	p := send(with(token), "Sec-Fetch-Site", "same-origin", "Origin", s.srv.URL)
	p.want(t, "same-origin form with its token", http.StatusSeeOther)
	if evs, err := s.svc.Events(ctx, tournament.Director); err != nil || len(evs) != 1 {
		t.Fatalf("same-origin form: events %+v, %v; want the one made", evs, err)
	}
}

// TestPageFormsCarryToken: every form that posts carries the token, read
// from the templates themselves so a new form without it fails; and the
// pages really fill it in for a signed-in director.
func TestPageFormsCarryToken(t *testing.T) {
	forms := regexp.MustCompile(`(?is)<form\b[^>]*>.*?</form>`)
	posts := regexp.MustCompile(`(?i)^<form\b[^>]*method="post"`)
	n := 0
	err := fs.WalkDir(os.DirFS("templates"), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(filepath.Join("templates", path))
		if err != nil {
			return err
		}
		for _, f := range forms.FindAllString(string(b), -1) {
			if !posts.MatchString(f) || strings.Contains(f, `action="/director/login"`) {
				continue
			}
			n++
			if !strings.Contains(f, `{{template "csrf"`) {
				t.Errorf("%s: a form posts without {{template \"csrf\" $}}: %.120s…", path, f)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 15 {
		t.Errorf("found %d posting forms in the templates; the scan has gone wrong", n)
	}

	s := newSetupSite(t)
	s.signIn()
	p := s.get("/director/events/new")
	p.want(t, "new event page", http.StatusOK)
	count := 0
	setupWalk(p.Doc, func(n *html.Node) {
		if n.Data != "form" || !strings.EqualFold(setupAttr(n, "method"), "post") {
			return
		}
		count++
		if got := setupFormFields(n).Get("csrf"); got != s.formToken() {
			t.Errorf("form %q carries token %q, want the cookie's", setupAttr(n, "action"), got)
		}
	})
	if count != 2 { // sign-out and the new event
		t.Errorf("%d posting forms on the new event page, want 2", count)
	}
}

// TestSecurityHeaders: every answer (pages, assets, a 404, the table page)
// carries a CSP without inline script that forbids framing, nosniff and a
// Referrer-Policy; HSTS only over TLS.
func TestSecurityHeaders(t *testing.T) {
	s := newSetupSite(t)
	tlsSrv := httptest.NewTLSServer(s.srv.Config.Handler)
	t.Cleanup(tlsSrv.Close)
	tlsClient := tlsSrv.Client()
	tlsClient.Transport.(*http.Transport).TLSClientConfig = &tls.Config{InsecureSkipVerify: true}
	for _, path := range []string{"/", "/director/login", "/director", "/assets/style.css", "/t/not-a-token", "/no-such-page"} {
		for _, base := range []string{s.srv.URL, tlsSrv.URL} {
			client := s.client
			if base == tlsSrv.URL {
				client = tlsClient
				client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
			}
			res, err := client.Get(base + path)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			h := res.Header
			csp := h.Get("Content-Security-Policy")
			for _, want := range []string{"script-src 'self'", "frame-ancestors 'none'", "default-src 'self'", "object-src 'none'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("%s%s: CSP %q lacks %s", base, path, csp, want)
				}
			}
			if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
				t.Errorf("%s%s: CSP %q allows inline code", base, path, csp)
			}
			if got := h.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("%s%s: X-Content-Type-Options %q", base, path, got)
			}
			if got := h.Get("Referrer-Policy"); got == "" {
				t.Errorf("%s%s: no Referrer-Policy", base, path)
			}
			hsts := h.Get("Strict-Transport-Security")
			if base == tlsSrv.URL && !strings.Contains(hsts, "max-age=") {
				t.Errorf("%s%s over TLS: Strict-Transport-Security %q", base, path, hsts)
			}
			if base == s.srv.URL && hsts != "" {
				t.Errorf("%s%s over plain HTTP: Strict-Transport-Security %q, want none", base, path, hsts)
			}
		}
	}
}

// TestTemplatesHaveNoInlineCode: the CSP refuses inline scripts, event
// handler attributes and style attributes, so the templates must have none
// (a <script> only with src, or a JSON data block).
func TestTemplatesHaveNoInlineCode(t *testing.T) {
	script := regexp.MustCompile(`(?i)<script\b[^>]*>`)
	handler := regexp.MustCompile(`(?i)<[a-z][^>]*\s(on[a-z]+|style)\s*=`)
	jsURL := regexp.MustCompile(`(?i)(href|src|action)\s*=\s*"\s*javascript:`)
	files, err := filepath.Glob("templates/*.html")
	if err != nil || len(files) == 0 {
		t.Fatalf("templates: %v, %v", files, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, tag := range script.FindAllString(string(b), -1) {
			if !strings.Contains(tag, "src=") && !strings.Contains(tag, `type="application/json"`) {
				t.Errorf("%s: inline script %s", f, tag)
			}
		}
		for _, m := range handler.FindAllString(string(b), -1) {
			t.Errorf("%s: inline handler or style: %s", f, m)
		}
		for _, m := range jsURL.FindAllString(string(b), -1) {
			t.Errorf("%s: javascript: URL: %s", f, m)
		}
	}
}

// TestCrossSiteDeleteRefused is the attack as it was found: another site's
// form, posted with the director's cookie, deleted a result (303). Now it
// is refused, whether the browser says where it came from or not, and the
// result stays.
func TestCrossSiteDeleteRefused(t *testing.T) {
	e := newSessionEnv(t)
	f := newSessionHowell(t, e.svc)
	enterAllBut(t, e.svc, f.section)
	r := storedAt(t, e.svc, f.section.ID, b1r1)
	path := e.url + "/director/results/" + strconv.FormatInt(r.ID, 10) + "/delete"
	for _, header := range [][]string{
		{"Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example"},
		{"Origin", "https://evil.example"},
		{}, // a browser that sends neither: the token is missing
	} {
		req, err := http.NewRequest(http.MethodPost, path, strings.NewReader(url.Values{"version": {strconv.Itoa(r.Version)}}.Encode()))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		req.AddCookie(&http.Cookie{Name: web.CookieName, Value: e.cookie})
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("forged delete with %v: %d to %q, want 403", header, res.StatusCode, res.Header.Get("Location"))
		}
	}
	if _, err := e.svc.Result(context.Background(), tournament.Director, r.ID); err != nil {
		t.Fatalf("after forged deletes the result is gone: %v", err)
	}
	// The director's own form, with its token, still deletes it.
	e.want(http.StatusSeeOther, true, "/director/results/"+strconv.FormatInt(r.ID, 10)+"/delete", url.Values{"version": {strconv.Itoa(r.Version)}})
	if _, err := e.svc.Result(context.Background(), tournament.Director, r.ID); err == nil {
		t.Fatal("the director's own delete left the result")
	}
}
