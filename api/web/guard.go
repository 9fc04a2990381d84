package web

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

// contentSecurityPolicy lets a page load scripts, styles, images and API
// calls from this site only, and nothing inline: a script an attacker
// slipped into a page would not run. Inline style attributes are refused
// too (the pages have none; the QR codes are SVG presentation attributes,
// which CSP does not count as style). frame-ancestors 'none' keeps the
// pages out of other sites' frames (clickjacking); form-action 'self' keeps
// a form from being sent elsewhere.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the headers every answer carries: the CSP,
// nosniff, no Referer (a table page's address holds its token, which must
// not travel to anyone, this server's own logs included), and HSTS when the
// request's scheme is https: over TLS, or behind a TLS proxy that says so
// (c.Scheme(), which package api believes only from a trusted proxy).
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY") // frame-ancestors for browsers without CSP 2
		if c.Scheme() == "https" {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		return next(c)
	}
}

// formTokenField is the hidden field every page form that changes
// something carries (templates: {{template "csrf" $}}).
const formTokenField = "csrf"

// FormToken is the form token that goes with a director's cookie value:
// an HMAC of a fixed label keyed by the cookie's secret. Another site can
// make a browser send the cookie but cannot read it, so it cannot know the
// token; every server behind a proxy computes the same one without shared
// state. Exported for tests that post forms without reading a page first.
func FormToken(cookie string) string {
	m := hmac.New(sha256.New, []byte(cookie))
	m.Write([]byte("traveler page form v1"))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// formToken is the token for this request's cookie, "" without one.
func formToken(c echo.Context) string {
	ck, err := c.Cookie(CookieName)
	if err != nil || ck.Value == "" {
		return ""
	}
	return FormToken(ck.Value)
}

// crossOrigin refuses a browser's request that another site started
// (Sec-Fetch-Site, else Origin against Host).
var crossOrigin = http.NewCrossOriginProtection()

// guardForms protects the director's pages' forms against cross-site
// request forgery, since SameSite cookies alone leave gaps (older browsers,
// sibling subdomains): a request that changes something (not GET, HEAD or
// OPTIONS) to /director… is refused with 403 when the browser says another
// site sent it, or when it carries the director's cookie without the form
// token that goes with it. Signing in needs no token (the cookie it would
// protect is the one being replaced), only the same-origin check. Every
// page's form is read here first (readForm): one whose body did not arrive
// in time is sent back by its page as 408 (slowForm), checked and done no
// further.
func (p *Pages) guardForms(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		path := r.URL.Path
		if !strings.HasPrefix(path, "/v1/") {
			if arrived, err := readForm(r); isSlowBody(err) {
				return p.slowForm(c, arrived, err) // before the token, which may not have arrived: nothing is done
			}
		}
		if path != "/director" && !strings.HasPrefix(path, "/director/") {
			return next(c)
		}
		if err := crossOrigin.Check(r); err != nil {
			return p.refuseForm(c, "it was sent from another site")
		}
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		if path == "/director/login" {
			return next(c)
		}
		if want := formToken(c); want != "" && !hmac.Equal([]byte(c.FormValue(formTokenField)), []byte(want)) {
			return p.refuseForm(c, "the form did not carry this page's token (it may be from before you signed in again, or from another site)")
		}
		return next(c)
	}
}

// refuseForm answers a refused form: 403 and a plain page, nothing changed.
func (p *Pages) refuseForm(c echo.Context, why string) error {
	return p.render(c, http.StatusForbidden, "public_message.html", View{Title: "Not done",
		Data: messageData{Text: "This form was refused because " + why + ". Nothing was changed: go back, reload the page and send it again."}})
}
