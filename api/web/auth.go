package web

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// actorKey is where a page's signed-in actor is kept in the echo context.
const actorKey = "web.actor"

// actor returns who is asking: the director signed in by cookie, or the public.
func actor(c echo.Context) tournament.Actor {
	if a, ok := c.Get(actorKey).(tournament.Actor); ok {
		return a
	}
	return tournament.Actor{Role: tournament.RolePublic}
}

// identify reads the director's sign-in cookie, if any, into the context;
// an unknown, ended or expired sign-in is treated as none.
func (p *Pages) identify(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if ck, err := c.Cookie(CookieName); err == nil && ck.Value != "" {
			if a, err := p.svc.AuthenticateSignIn(c.Request().Context(), ck.Value); err == nil {
				c.Set(actorKey, a)
			}
		}
		return next(c)
	}
}

// directorOnly sends anyone who is not a signed-in director to the
// sign-in page, to come back here afterwards.
func (p *Pages) directorOnly(next echo.HandlerFunc) echo.HandlerFunc {
	return p.identify(func(c echo.Context) error {
		if actor(c).Role != tournament.RoleDirector {
			back := c.Request().URL.RequestURI()
			if c.Request().Method != http.MethodGet {
				back = "/director"
			}
			return c.Redirect(http.StatusSeeOther, "/director/login?next="+url.QueryEscape(back))
		}
		return next(c)
	})
}

// authRoutes are the director's sign-in and sign-out.
func (p *Pages) authRoutes(e *echo.Echo) {
	e.GET("/director/login", p.loginPage, p.identify)
	e.POST("/director/login", p.login, p.identify)
	e.POST("/director/logout", p.logout)
}

// loginData is the sign-in page's data.
type loginData struct{ Next string }

func (p *Pages) loginPage(c echo.Context) error {
	return p.render(c, http.StatusOK, "login.html", View{Title: "Director sign-in", Data: loginData{Next: safeNext(c.QueryParam("next"))}})
}

// login checks the director token given in the form and signs the
// browser in: the HttpOnly cookie holds a sign-in's own secret, stored
// hashed and expiring, never the token.
func (p *Pages) login(c echo.Context) error {
	next := safeNext(c.FormValue("next"))
	secret := strings.TrimSpace(c.FormValue("token"))
	v := View{Title: "Director sign-in", Data: loginData{Next: next}}
	if secret == "" {
		return p.renderError(c, "login.html", v, tournament.Invalidf("token", "required: paste the director token traveler printed when it first started (or make one with `traveler token create`)"))
	}
	si, cookie, err := p.svc.SignIn(c.Request().Context(), secret, c.Request().UserAgent())
	if err != nil {
		return p.renderError(c, "login.html", v, err)
	}
	c.SetCookie(&http.Cookie{Name: CookieName, Value: cookie, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: c.Scheme() == "https", Expires: si.ExpiresAt, MaxAge: int(time.Until(si.ExpiresAt).Seconds())})
	return c.Redirect(http.StatusSeeOther, next)
}

// logout ends the browser's sign-in on the server and forgets the cookie.
func (p *Pages) logout(c echo.Context) error {
	if ck, err := c.Cookie(CookieName); err == nil && ck.Value != "" {
		if err := p.svc.SignOut(c.Request().Context(), ck.Value); err != nil {
			return p.renderError(c, "public_message.html", View{Title: "Not signed out", Data: messageData{}}, err)
		}
	}
	c.SetCookie(&http.Cookie{Name: CookieName, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: c.Scheme() == "https"})
	return redirect(c, "/", "Signed out")
}

// safeNext keeps a return path on this site: a path that starts with one
// "/" and has no scheme, host, backslash or control character, else
// /director. Browsers read a backslash as "/" and drop tabs and newlines,
// so "/\evil.com" or "/<tab>/evil.com" would leave the site.
func safeNext(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.ContainsRune(next, '\\') ||
		strings.ContainsFunc(next, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return "/director"
	}
	if u, err := url.Parse(next); err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" {
		return "/director"
	}
	return next
}
