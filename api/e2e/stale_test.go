package e2e

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/api/web"
)

// TestStaleAnswersAlike: a correction made from a version that is no
// longer the stored one was a 412 from the API and a 409 from the
// director's result page (issue 14: one error mapping). Now both answer
// 412, and neither changes the line.
func TestStaleAnswersAlike(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Stale", false)
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1)
	var res dto.ResultResponse
	e.want(201, &res, "POST", "/v1/sections/"+id(f.Section.ID)+"/results", tok[1], f.Line(1, 1, 1, "4S", "N", 10))
	path := "/v1/results/" + id(res.ID)
	e.want(200, &res, "PUT", path, directorToken, f.Line(1, 1, 1, "4S", "N", 11), "If-Match", `"1"`)

	// The API: an old If-Match.
	e.wantError(412, "version", "PUT", path, directorToken, f.Line(1, 1, 1, "4S", "N", 9), "If-Match", `"1"`)

	// The pages: the director's result form sent with version 1.
	cookie := pagesSignIn(t, e.url)
	form := url.Values{"version": {"1"}, "status": {"played"}, "contract": {"4S"}, "declarer": {"N"}, "tricks": {"9"},
		"csrf": {web.FormToken(cookie.Value)}}
	req, err := http.NewRequest(http.MethodPost, e.url+"/director/results/"+id(res.ID), strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(cookie)
	status, body := pagesSend(t, req)
	if status != http.StatusPreconditionFailed || !strings.Contains(body, "someone changed this line") {
		t.Errorf("the result page's stale form: %d, want 412 saying so\n%.400s", status, body)
	}

	var now dto.ResultResponse
	e.want(200, &now, "GET", path, directorToken, nil)
	if now.Version != 2 || now.Tricks != 11 {
		t.Errorf("a stale correction changed the line: version %d, %d tricks; want 2, 11", now.Version, now.Tricks)
	}
}

// pagesSignIn signs the director in on the pages at base, with the header
// name/value pairs hdr, and returns the sign-in cookie the browser would
// keep.
func pagesSignIn(t *testing.T, base string, hdr ...string) *http.Cookie {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+"/director/login", strings.NewReader(url.Values{"token": {directorToken}}.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := pagesClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for _, c := range res.Cookies() {
		if c.HttpOnly && c.Value != "" {
			return c
		}
	}
	t.Fatalf("signing in: %d without a cookie", res.StatusCode)
	return nil
}

// pagesClient is a client that answers a redirect as it is.
var pagesClient = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// pagesSend sends req without following redirects: the status and body.
func pagesSend(t *testing.T, req *http.Request) (int, string) {
	t.Helper()
	res, err := pagesClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}
