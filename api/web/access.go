package web

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// accessRoutes are the director's access page: director tokens, table
// links and signed-in browsers, each listed, expiring and revocable.
func (p *Pages) accessRoutes(e *echo.Echo) {
	e.GET("/director/access", p.accessPage, p.directorOnly)
	e.POST("/director/access/tokens", p.makeDirectorToken, p.directorOnly)
	e.POST("/director/access/tokens/:id/revoke", p.revokeToken, p.directorOnly)
	e.POST("/director/access/tokens/:id/expiry", p.setTokenExpiry, p.directorOnly)
	e.POST("/director/access/sign-ins/:id/end", p.endSignIn, p.directorOnly)
}

// sectionTableLinks is one section's table links that work now.
type sectionTableLinks struct {
	Event   tournament.Event
	Section tournament.Section
	Working int       // links that work now
	Ends    time.Time // when the first of them expires
}

// accessData is the access page's data.
type accessData struct {
	Directors []tournament.Token  // director tokens, newest first, every state
	Now       time.Time           // for each token's state
	Tables    []sectionTableLinks // sections with working table links
	SignIns   []tournament.SignIn // browsers signed in now
	Current   int64               // this browser's sign-in
	Made      string              // a director token just made, shown once
	MadeName  string              // its name
	MaxDays   int                 // the longest life a token may be given, in days
}

// accessData reads what the access page lists.
func (p *Pages) accessData(c echo.Context) (accessData, error) {
	ctx, a := c.Request().Context(), actor(c)
	d := accessData{Now: time.Now(), Current: a.SignInID, MaxDays: int(tournament.MaxTokenLife / (24 * time.Hour))}
	var err error
	if d.Directors, err = p.svc.Tokens(ctx, a, tournament.TokenFilter{Role: tournament.RoleDirector}); err != nil {
		return d, err
	}
	if d.SignIns, err = p.svc.SignIns(ctx, a); err != nil {
		return d, err
	}
	tables, err := p.svc.Tokens(ctx, a, tournament.TokenFilter{Role: tournament.RoleTable, State: tournament.TokenActive})
	if err != nil {
		return d, err
	}
	bySection := map[int64]*sectionTableLinks{}
	events := map[int64]tournament.Event{}
	for _, t := range tables {
		l, ok := bySection[t.SectionID]
		if !ok {
			l = &sectionTableLinks{Ends: t.ExpiresAt}
			if l.Section, err = p.svc.Section(ctx, a, t.SectionID); err != nil {
				return d, err
			}
			if l.Event, ok = events[l.Section.EventID]; !ok {
				if l.Event, err = p.svc.Event(ctx, a, l.Section.EventID); err != nil {
					return d, err
				}
				events[l.Event.ID] = l.Event
			}
			bySection[t.SectionID] = l
		}
		l.Working++
		if t.ExpiresAt.Before(l.Ends) {
			l.Ends = t.ExpiresAt
		}
	}
	for _, l := range bySection {
		d.Tables = append(d.Tables, *l)
	}
	sort.Slice(d.Tables, func(i, j int) bool {
		if d.Tables[i].Event.ID != d.Tables[j].Event.ID {
			return d.Tables[i].Event.ID > d.Tables[j].Event.ID
		}
		return d.Tables[i].Section.Name < d.Tables[j].Section.Name
	})
	return d, nil
}

// accessPage lists the tokens and sign-ins.
func (p *Pages) accessPage(c echo.Context) error {
	d, err := p.accessData(c)
	if err != nil {
		return p.renderError(c, "access.html", View{Title: "Access", Data: d}, err)
	}
	return p.render(c, http.StatusOK, "access.html", View{Title: "Access", Data: d})
}

// makeDirectorToken issues a director token and shows it once: this answer
// is the page itself, not a redirect.
func (p *Pages) makeDirectorToken(c echo.Context) error {
	v := View{Title: "Access"}
	expires, err := expiryFromForm(c, "days", 24*time.Hour, "never")
	if err == nil {
		var t tournament.IssuedToken
		if t, err = p.svc.CreateDirectorToken(c.Request().Context(), actor(c), c.FormValue("name"), expires); err == nil {
			d, derr := p.accessData(c)
			d.Made, d.MadeName = t.Secret, t.Token.Name
			v.Data, v.Flash = d, "Director token "+strconv.Quote(t.Token.Name)+" made: copy it now, it is shown only this once"
			if derr != nil {
				return p.renderError(c, "access.html", v, derr)
			}
			return p.render(c, http.StatusOK, "access.html", v)
		}
	}
	v.Data, _ = p.accessData(c)
	return p.renderError(c, "access.html", v, err)
}

// revokeToken revokes a director or table token.
func (p *Pages) revokeToken(c echo.Context) error {
	id, err := pathID(c, "id")
	if err == nil {
		var t tournament.Token
		if t, err = p.svc.RevokeToken(c.Request().Context(), actor(c), id); err == nil {
			return redirect(c, "/director/access", "Token "+strconv.Quote(t.Name)+" revoked: it no longer works")
		}
	}
	return p.accessError(c, err)
}

// setTokenExpiry sets when a token stops working, in days from now (empty:
// never, for a director token).
func (p *Pages) setTokenExpiry(c echo.Context) error {
	id, err := pathID(c, "id")
	if err == nil {
		var at time.Time
		if at, err = expiryFromForm(c, "days", 24*time.Hour, "never"); err == nil {
			var t tournament.Token
			if t, err = p.svc.SetTokenExpiry(c.Request().Context(), actor(c), id, at); err == nil {
				return redirect(c, "/director/access", "Token "+strconv.Quote(t.Name)+" now works "+untilWords(t.ExpiresAt))
			}
		}
	}
	return p.accessError(c, err)
}

// endSignIn signs a browser out.
func (p *Pages) endSignIn(c echo.Context) error {
	id, err := pathID(c, "id")
	if err == nil {
		if err = p.svc.EndSignIn(c.Request().Context(), actor(c), id); err == nil {
			if id == actor(c).SignInID {
				return redirect(c, "/director/login", "This browser is signed out")
			}
			return redirect(c, "/director/access", "Browser signed out")
		}
	}
	return p.accessError(c, err)
}

// accessError shows the access page again with err.
func (p *Pages) accessError(c echo.Context, err error) error {
	d, derr := p.accessData(c)
	if derr != nil {
		err = derr
	}
	return p.renderError(c, "access.html", View{Title: "Access", Data: d}, err)
}

// expiryFromForm reads how long a token should work from the form's field
// as a whole number of units (hours or days) from now, at most
// tournament.MaxTokenLife. An empty field is the zero time, whose meaning
// emptyMeans tells the director ("never", "48 hours").
func expiryFromForm(c echo.Context, field string, unit time.Duration, emptyMeans string) (time.Time, error) {
	v := strings.TrimSpace(c.FormValue(field))
	if v == "" {
		return time.Time{}, nil
	}
	most := int(tournament.MaxTokenLife / unit)
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > most {
		what := "days"
		if unit == time.Hour {
			what = "hours"
		}
		return time.Time{}, tournament.Invalidf(field, strconv.Quote(v)+": give a whole number of "+what+" from 1 to "+strconv.Itoa(most)+
			", or leave it empty for "+emptyMeans)
	}
	return time.Now().Add(time.Duration(n) * unit), nil
}

// expiresWords is a time as the pages show it: "Tue 24 Nov 2026 21:30 UTC".
func expiresWords(t time.Time) string {
	return t.UTC().Format("Mon 2 Jan 2006 15:04 MST")
}

// untilWords says how long a token works: "until Tue 24 Nov 2026 21:30
// UTC", or "until revoked".
func untilWords(t time.Time) string {
	if t.IsZero() {
		return "until revoked"
	}
	return "until " + expiresWords(t)
}
