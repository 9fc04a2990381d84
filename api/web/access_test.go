package web_test

import (
	"context"
	"crypto/sha256"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"golang.org/x/net/html"

	"github.com/traveler-bridge/traveler/api/web"
	"github.com/traveler-bridge/traveler/tournament"
)

// cookie returns the browser's sign-in cookie ("" when it has none).
func (s *tableSite) cookie() string {
	u, _ := url.Parse(s.srv.URL)
	for _, c := range s.client.Jar.Cookies(u) {
		if c.Name == web.CookieName {
			return c.Value
		}
	}
	return ""
}

// browser is another browser on the same site, with cookies of its own.
func (s *tableSite) browser() *tableSite {
	jar, err := cookiejar.New(nil)
	if err != nil {
		s.t.Fatal(err)
	}
	o := *s
	o.client = &http.Client{Jar: jar, CheckRedirect: s.client.CheckRedirect}
	return &o
}

// exec runs SQL on the site's database (what no page does: letting time pass,
// reading what is stored).
func (s *tableSite) exec(sql string, args ...any) {
	s.t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.dbURL)
	if err != nil {
		s.t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql, args...); err != nil {
		s.t.Fatal(err)
	}
}

// signedIn reports whether the browser's cookie opens a director's page.
func (s *tableSite) signedIn() bool {
	s.t.Helper()
	a := s.get("/director")
	switch {
	case a.status == http.StatusOK:
		return true
	case a.status == http.StatusSeeOther && strings.HasPrefix(a.header.Get("Location"), "/director/login"):
		return false
	}
	s.t.Fatalf("GET /director: %d %q", a.status, a.header.Get("Location"))
	return false
}

// TestSignInIsAServerSession: signing in stores a sign-in of its own (the
// cookie is not the token, only its hash is kept, HttpOnly, SameSite
// Strict, expiring), and it ends at sign-out (the old cookie replayed
// opens nothing), when its token is revoked, and when it expires.
func TestSignInIsAServerSession(t *testing.T) {
	s := newTableSite(t)
	ctx := context.Background()
	stored, err := s.svc.CreateDirectorToken(ctx, tournament.Director, "assistant", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	signIn := func(b *tableSite) {
		t.Helper()
		a := b.postForm("/director/login", url.Values{"token": {stored.Secret}, "next": {"/director"}})
		if a.status != http.StatusSeeOther {
			t.Fatalf("sign-in: %d %s", a.status, a.body)
		}
		var ck *http.Cookie
		for _, c := range (&http.Response{Header: a.header}).Cookies() {
			if c.Name == web.CookieName {
				ck = c
			}
		}
		switch {
		case ck == nil:
			t.Fatal("sign-in set no cookie")
		case ck.Value == stored.Secret || strings.Contains(ck.Value, stored.Secret):
			t.Fatal("the cookie holds the director token")
		case !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode:
			t.Errorf("cookie HttpOnly %v SameSite %v, want HttpOnly and Strict", ck.HttpOnly, ck.SameSite)
		case ck.MaxAge <= 0 || time.Duration(ck.MaxAge)*time.Second > tournament.SignInLifetime:
			t.Errorf("cookie Max-Age %d s, want up to %s", ck.MaxAge, tournament.SignInLifetime)
		}
	}
	signIn(s)
	if !s.signedIn() {
		t.Fatal("signed in, the director's page is refused")
	}
	cookie := s.cookie()
	sum := sha256.Sum256([]byte(cookie))
	sessions, err := s.svc.SignIns(ctx, tournament.Director)
	if err != nil || len(sessions) != 1 || string(sessions[0].Hash) != string(sum[:]) || sessions[0].TokenID != stored.Token.ID {
		t.Fatalf("stored sign-ins %+v (%v), want one holding the cookie's sha-256 and token %d", sessions, err, stored.Token.ID)
	}

	// The access page marks this browser's sign-in.
	a := s.get("/director/access")
	row := tableFind(a.doc, func(n *html.Node) bool {
		return tableAttr(n, "data-sign-in") == strconv.FormatInt(sessions[0].ID, 10) && n.Data == "tr"
	})
	if a.status != http.StatusOK || row == nil || !strings.Contains(tableText(row), "(this browser)") {
		t.Fatalf("access page: %d, the sign-in's row %v", a.status, row != nil)
	}

	// Sign-out ends it on the server: the same cookie, replayed, is nobody.
	a = s.postForm("/director/logout", url.Values{})
	if a.status != http.StatusSeeOther {
		t.Fatalf("sign-out: %d", a.status)
	}
	replay := s.browser()
	u, _ := url.Parse(s.srv.URL)
	replay.client.Jar.SetCookies(u, []*http.Cookie{{Name: web.CookieName, Value: cookie, Path: "/"}})
	if replay.signedIn() {
		t.Error("the cookie of a signed-out browser still opens the director's pages")
	}

	// Revoking the token ends the sign-ins made with it.
	signIn(s)
	if _, err := s.svc.RevokeToken(ctx, tournament.Director, stored.Token.ID); err != nil {
		t.Fatal(err)
	}
	if s.signedIn() {
		t.Error("a sign-in outlives its revoked token")
	}

	// A sign-in ends when it expires.
	b := s.browser()
	b.signIn()
	b.exec(`UPDATE sign_ins SET expires_at = created_at + interval '1 millisecond' WHERE ended_at IS NULL`) // not yet read, so not cached
	if b.signedIn() {
		t.Error("an expired sign-in still opens the director's pages")
	}
}

// TestAccessPage: a director makes a director token on the access page
// (shown once, and it works), sets when it expires, is refused an expiry
// out of bounds with the field named, revokes it (it stops working at
// once), and signs another browser out.
func TestAccessPage(t *testing.T) {
	s := newTableSite(t)
	s.signIn()
	a := s.postForm("/director/access/tokens", url.Values{"name": {"assistant"}, "days": {"30"}})
	secret := tableByID(a.doc, "made-secret")
	if a.status != http.StatusOK || secret == nil {
		t.Fatalf("make a token: %d, no #made-secret: %s", a.status, a.body)
	}
	token := tableText(secret)
	api := func(token string) int {
		return s.do(http.MethodGet, "/v1/tokens", nil, map[string]string{"Authorization": "Bearer " + token}).status
	}
	if st := api(token); st != http.StatusOK {
		t.Fatalf("the new token lists tokens: %d, want 200", st)
	}
	ts, err := s.svc.Tokens(context.Background(), tournament.Director, tournament.TokenFilter{Role: tournament.RoleDirector})
	if err != nil || len(ts) != 1 || ts[0].Name != "assistant" {
		t.Fatalf("stored director tokens %+v %v", ts, err)
	}
	tok := ts[0]
	if d := time.Until(tok.ExpiresAt); d < 29*24*time.Hour || d > 30*24*time.Hour {
		t.Errorf("a token made for 30 days expires in %s", d)
	}
	id := strconv.FormatInt(tok.ID, 10)

	for _, bad := range []string{"0", "367", "soon"} {
		a = s.postForm("/director/access/tokens/"+id+"/expiry", url.Values{"days": {bad}})
		if a.status != http.StatusUnprocessableEntity || !strings.Contains(a.body, "days") || !strings.Contains(a.body, "1 to 366") {
			t.Errorf("expiry %q: %d, want 422 naming days and 1 to 366", bad, a.status)
		}
	}
	a = s.postForm("/director/access/tokens/"+id+"/expiry", url.Values{"days": {"2"}})
	if a.status != http.StatusSeeOther {
		t.Fatalf("expiry in 2 days: %d %s", a.status, a.body)
	}
	ts, _ = s.svc.Tokens(context.Background(), tournament.Director, tournament.TokenFilter{Role: tournament.RoleDirector})
	if d := time.Until(ts[0].ExpiresAt); d < 47*time.Hour || d > 48*time.Hour {
		t.Errorf("after setting 2 days it expires in %s", d)
	}

	a = s.postForm("/director/access/tokens/"+id+"/revoke", url.Values{})
	if a.status != http.StatusSeeOther {
		t.Fatalf("revoke: %d %s", a.status, a.body)
	}
	if st := api(token); st != http.StatusUnauthorized {
		t.Errorf("the revoked token: %d, want 401", st)
	}
	a = s.get("/director/access")
	row := tableFind(a.doc, func(n *html.Node) bool { return n.Data == "tr" && tableAttr(n, "data-token") == id })
	if row == nil || tableAttr(row, "data-state") != "revoked" {
		t.Errorf("the access page does not show token %s revoked", id)
	}

	// Another browser, signed out from this one.
	other := s.browser()
	other.signIn()
	sessions, err := s.svc.SignIns(context.Background(), tournament.Director)
	if err != nil || len(sessions) != 2 {
		t.Fatalf("sign-ins %+v %v, want 2", sessions, err)
	}
	a = s.postForm("/director/access/sign-ins/"+strconv.FormatInt(sessions[0].ID, 10)+"/end", url.Values{}) // the newest: the other browser's
	if a.status != http.StatusSeeOther {
		t.Fatalf("sign the other browser out: %d", a.status)
	}
	if other.signedIn() {
		t.Error("the browser signed out from the access page is still signed in")
	}
	if !s.signedIn() {
		t.Error("signing another browser out signed this one out")
	}
}

// TestTableLinksReplaceAndRevoke: making a section's links again revokes
// the old ones (their table page refuses them at once), the links work for
// the hours the director gives, and the revoke button ends them all.
func TestTableLinksReplaceAndRevoke(t *testing.T) {
	s := newTableSite(t)
	sec := s.section("contract-2017", nil, "A")
	path := "/director/sections/" + strconv.FormatInt(sec.ID, 10) + "/tables"
	s.signIn()
	links := func(form url.Values) []string {
		t.Helper()
		a := s.postForm(path, form)
		if a.status != http.StatusOK {
			t.Fatalf("make links %v: %d %s", form, a.status, a.body)
		}
		var out []string
		for _, card := range tableByClass(a.doc, "table-link") {
			l := tableFind(card, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(tableAttr(n, "href"), "/t/") })
			out = append(out, tableAttr(l, "href"))
		}
		if len(out) != 3 {
			t.Fatalf("%d links, want 3", len(out))
		}
		return out
	}
	table := s.browser()
	opens := func(link string) int { return table.get(link).status }

	old := links(url.Values{"hours": {"5"}})
	if st := opens(old[0]); st != http.StatusOK {
		t.Fatalf("table 1's link: %d", st)
	}
	ts, err := s.svc.Tokens(context.Background(), tournament.Director, tournament.TokenFilter{SectionID: sec.ID, State: tournament.TokenActive})
	if err != nil || len(ts) != 3 {
		t.Fatalf("working tokens %+v %v", ts, err)
	}
	if d := time.Until(ts[0].ExpiresAt); d < 4*time.Hour || d > 5*time.Hour {
		t.Errorf("links made for 5 hours expire in %s", d)
	}
	for _, bad := range []string{"0", "9000", "x"} {
		a := s.postForm(path, url.Values{"hours": {bad}})
		if a.status != http.StatusUnprocessableEntity || !strings.Contains(a.body, "hours") {
			t.Errorf("hours %q: %d, want 422 naming hours", bad, a.status)
		}
	}

	renewed := links(url.Values{})
	for i := range old {
		if st := opens(old[i]); st != http.StatusUnauthorized {
			t.Errorf("table %d's old link after new links were made: %d, want 401", i+1, st)
		}
		if st := opens(renewed[i]); st != http.StatusOK {
			t.Errorf("table %d's new link: %d, want 200", i+1, st)
		}
	}
	a := s.get(path)
	if n := tableByID(a.doc, "issued-links"); n == nil || !strings.Contains(tableText(n), "3 of 3 tables have a working link") {
		t.Error("the links page does not say which tables have a working link")
	}

	a = s.postForm(path+"/revoke", url.Values{})
	if a.status != http.StatusSeeOther || !strings.Contains(a.header.Get("Location"), "3+table+links+revoked") {
		t.Fatalf("revoke: %d %q", a.status, a.header.Get("Location"))
	}
	for i, l := range renewed {
		if st := opens(l); st != http.StatusUnauthorized {
			t.Errorf("table %d's link after revoking: %d, want 401", i+1, st)
		}
	}
}
