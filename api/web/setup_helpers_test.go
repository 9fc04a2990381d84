package web_test

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"golang.org/x/net/html"

	"github.com/traveler-bridge/traveler/api/web"
	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// setupDirectorToken is the director token the setup tests sign in with.
const setupDirectorToken = "director-secret"

// setupSite is a server of the pages over a fresh database, and a browser
// that keeps cookies and does not follow redirects.
type setupSite struct {
	t      *testing.T
	svc    *tournament.Service
	srv    *httptest.Server
	client *http.Client
}

// newSetupSite starts the pages over a fresh, migrated database.
func newSetupSite(t *testing.T) *setupSite {
	t.Helper()
	return newSetupSiteWith(t, tournament.ServiceOptions{})
}

// newSetupSiteWith is newSetupSite with the service's options (its
// director token is always setupDirectorToken).
func newSetupSiteWith(t *testing.T, o tournament.ServiceOptions) *setupSite {
	t.Helper()
	store, err := db.Open(context.Background(), dbtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	o.DirectorToken = setupDirectorToken
	svc := tournament.NewService(store, o)
	e := echo.New()
	if err := web.Register(e, svc, web.Options{}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &setupSite{t: t, svc: svc, srv: srv, client: client}
}

// setupPage is an answer: its status, Location, headers and body.
type setupPage struct {
	Status   int
	Location string
	Header   http.Header
	Body     []byte
	Doc      *html.Node // the body parsed as HTML
}

// do sends a request and reads the answer.
func (s *setupSite) do(req *http.Request) setupPage {
	s.t.Helper()
	resp, err := s.client.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	p := setupPage{Status: resp.StatusCode, Location: resp.Header.Get("Location"), Header: resp.Header, Body: body}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		if p.Doc, err = html.Parse(bytes.NewReader(body)); err != nil {
			s.t.Fatal(err)
		}
	}
	return p
}

// get fetches path.
func (s *setupSite) get(path string) setupPage {
	s.t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.srv.URL+path, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	return s.do(req)
}

// formToken is the form token for the browser's director cookie, as the
// pages put it in their forms; "" when not signed in.
func (s *setupSite) formToken() string {
	u, err := url.Parse(s.srv.URL)
	if err != nil {
		s.t.Fatal(err)
	}
	for _, c := range s.client.Jar.Cookies(u) {
		if c.Name == web.CookieName && c.Value != "" {
			return web.FormToken(c.Value)
		}
	}
	return ""
}

// post sends a form to path, with the form token a page's form carries
// (unless form has one already).
func (s *setupSite) post(path string, form url.Values) setupPage {
	s.t.Helper()
	if tok := s.formToken(); tok != "" && !form.Has("csrf") {
		form = cloneValues(form)
		form.Set("csrf", tok)
	}
	req, err := http.NewRequest(http.MethodPost, s.srv.URL+path, strings.NewReader(form.Encode()))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return s.do(req)
}

// cloneValues copies a form, so adding the token leaves the caller's alone.
func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, x := range v {
		out[k] = append([]string(nil), x...)
	}
	return out
}

// upload sends a multipart form with one file (and the form token) to path.
func (s *setupSite) upload(path, field, filename string, content []byte) setupPage {
	s.t.Helper()
	return s.uploadWith(path, nil, field, filename, content)
}

// uploadWith is upload with the form's other fields, as a browser sends a
// form of fields and a file.
func (s *setupSite) uploadWith(path string, form url.Values, field, filename string, content []byte) setupPage {
	s.t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	if tok := s.formToken(); tok != "" {
		if err := w.WriteField("csrf", tok); err != nil {
			s.t.Fatal(err)
		}
	}
	for k, vs := range form {
		for _, v := range vs {
			if err := w.WriteField(k, v); err != nil {
				s.t.Fatal(err)
			}
		}
	}
	fw, err := w.CreateFormFile(field, filename)
	if err != nil {
		s.t.Fatal(err)
	}
	if _, err := fw.Write(content); err != nil {
		s.t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		s.t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, s.srv.URL+path, &b)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	return s.do(req)
}

// signIn signs the browser in as the director.
func (s *setupSite) signIn() {
	s.t.Helper()
	p := s.post("/director/login", url.Values{"token": {setupDirectorToken}, "next": {"/director"}})
	if p.Status != http.StatusSeeOther || p.Location != "/director" {
		s.t.Fatalf("sign-in: status %d, Location %q, want 303 to /director", p.Status, p.Location)
	}
}

// want checks the answer's status, showing the page's error when it differs.
func (p setupPage) want(t *testing.T, what string, status int) {
	t.Helper()
	if p.Status != status {
		msg := ""
		if n := p.byID("page-error"); n != nil {
			msg = setupText(n)
		}
		t.Fatalf("%s: status %d, want %d (Location %q, error %q)", what, p.Status, status, p.Location, msg)
	}
}

// byID finds the element with that id, nil when there is none.
func (p setupPage) byID(id string) *html.Node {
	var found *html.Node
	setupWalk(p.Doc, func(n *html.Node) {
		if found == nil && setupAttr(n, "id") == id {
			found = n
		}
	})
	return found
}

// mustID finds the element with that id, failing the test when it is missing.
func (p setupPage) mustID(t *testing.T, id string) *html.Node {
	t.Helper()
	n := p.byID(id)
	if n == nil {
		t.Fatalf("no element #%s on the page:\n%s", id, p.Body)
	}
	return n
}

// byClass lists the elements under root (the page when nil) with that class.
func (p setupPage) byClass(root *html.Node, class string) []*html.Node {
	if root == nil {
		root = p.Doc
	}
	var out []*html.Node
	setupWalk(root, func(n *html.Node) {
		if n.Type == html.ElementNode && setupHasClass(n, class) {
			out = append(out, n)
		}
	})
	return out
}

// errorText is the page's error message, "" when there is none.
func (p setupPage) errorText() string {
	if n := p.byID("page-error"); n != nil {
		return setupText(n)
	}
	return ""
}

// setupWalk calls f on n and every node under it, in document order.
func setupWalk(n *html.Node, f func(*html.Node)) {
	if n == nil {
		return
	}
	f(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		setupWalk(c, f)
	}
}

// setupAttr returns an element's attribute, "" when it has none.
func setupAttr(n *html.Node, name string) string {
	if n.Type != html.ElementNode {
		return ""
	}
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

// setupHasClass reports whether the element has the class.
func setupHasClass(n *html.Node, class string) bool {
	for _, c := range strings.Fields(setupAttr(n, "class")) {
		if c == class {
			return true
		}
	}
	return false
}

// setupText returns the text under n, spaces collapsed.
func setupText(n *html.Node) string {
	var b strings.Builder
	setupWalk(n, func(c *html.Node) {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
			b.WriteByte(' ')
		}
	})
	return strings.Join(strings.Fields(b.String()), " ")
}

// setupFormFields returns what a browser with scripts off sends for the form:
// each named input's value and each select's selected option (the first
// when none is), in document order; a checkbox only when checked.
func setupFormFields(form *html.Node) url.Values {
	out := url.Values{}
	setupWalk(form, func(n *html.Node) {
		name := setupAttr(n, "name")
		if n.Type != html.ElementNode || name == "" {
			return
		}
		switch n.Data {
		case "input":
			typ := setupAttr(n, "type")
			if typ == "submit" || typ == "file" || ((typ == "checkbox" || typ == "radio") && !setupHasAttr(n, "checked")) {
				return
			}
			out.Add(name, setupAttr(n, "value"))
		case "select":
			out.Add(name, setupSelected(n))
		case "textarea":
			out.Add(name, setupText(n))
		}
	})
	return out
}

// setupSelected returns a select's chosen value: the selected option's, else the first's.
func setupSelected(sel *html.Node) string {
	first, chosen := "", ""
	seen := false
	setupWalk(sel, func(n *html.Node) {
		if n.Type != html.ElementNode || n.Data != "option" {
			return
		}
		if !seen {
			first, seen = setupAttr(n, "value"), true
		}
		if setupHasAttr(n, "selected") && chosen == "" {
			chosen = setupAttr(n, "value")
		}
	})
	if chosen != "" {
		return chosen
	}
	return first
}

// setupHasAttr reports whether the element has the attribute at all.
func setupHasAttr(n *html.Node, name string) bool {
	for _, a := range n.Attr {
		if a.Key == name {
			return true
		}
	}
	return false
}

// setupOptions lists a select's option values in order.
func setupOptions(sel *html.Node) []string {
	var out []string
	setupWalk(sel, func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "option" {
			out = append(out, setupAttr(n, "value"))
		}
	})
	return out
}
