package web

import (
	"errors"
	"html/template"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/internal/sitelink"

	"github.com/traveler-bridge/traveler/tournament"
)

// tableRoutes adds the director's table links page and the tables' own
// entry page.
func (p *Pages) tableRoutes(e *echo.Echo) {
	e.GET("/director/sections/:id/tables", p.tableLinksPage, p.directorOnly)
	e.POST("/director/sections/:id/tables", p.makeTableLinks, p.directorOnly)
	e.POST("/director/sections/:id/tables/revoke", p.revokeTableLinks, p.directorOnly)
	e.GET("/t/:token", p.tablePage)
	e.GET("/t/:token/round", p.tableRoundNow)
}

// tableLink is one table's link as printed on its card.
type tableLink struct {
	Table int
	Path  string        // "/t/<token>", the link on this site
	URL   string        // the full link, as the QR code holds it
	QR    template.HTML // the QR code of URL, an inline SVG made by qrSVG
}

// tableLinksData is the table links page's data.
type tableLinksData struct {
	Event   tournament.Event
	Section tournament.Section
	Links   []tableLink        // the links just made; empty on GET
	Issued  []tournament.Token // the section's links that work now, by table
	Hours   int                // how long new links work, the form's default
	MaxHour int                // the longest they may work, in hours
	Base    string             // the address links are written with (sitelink.Base)
	Problem string             // why a phone cannot open links written with Base, and what to do; "" when it can
	Tables  []int              // the section's tables, for remaking one table's link
}

// tableLinksPage shows what making table links does, and the button.
func (p *Pages) tableLinksPage(c echo.Context) error {
	d, err := p.tableLinksBase(c)
	if err != nil {
		return p.renderError(c, "table_links.html", View{Title: "Table links"}, err)
	}
	return p.render(c, http.StatusOK, "table_links.html", View{Title: "Table links · section " + d.Section.Name, Data: d})
}

// makeTableLinks issues a token for every table and shows their links and
// QR codes: the only time the secrets are shown, so this answer is the page
// itself, not a redirect.
func (p *Pages) makeTableLinks(c echo.Context) error {
	d, err := p.tableLinksBase(c)
	v := View{Title: "Table links", Data: d}
	if err != nil {
		return p.renderError(c, "table_links.html", v, err)
	}
	v.Title += " · section " + d.Section.Name
	expires, err := expiryFromForm(c, "hours", time.Hour, strconv.Itoa(int(tournament.DefaultTableTokenLife/time.Hour))+" hours")
	if err != nil {
		return p.renderError(c, "table_links.html", v, err)
	}
	one, err := oneTableFromForm(c, &d.Section)
	if err != nil {
		return p.renderError(c, "table_links.html", v, err)
	}
	in := tournament.TableTokensInput{ExpiresAt: expires}
	if one > 0 {
		in.Tables = []int{one}
	}
	issued, err := p.svc.CreateTableTokens(c.Request().Context(), actor(c), d.Section.ID, in)
	if err != nil {
		return p.renderError(c, "table_links.html", v, err)
	}
	for _, t := range issued {
		l := tableLink{Table: t.Token.Table, Path: "/t/" + t.Secret}
		l.URL = d.Base + l.Path
		if l.QR, err = qrSVG(l.URL); err != nil {
			return p.renderError(c, "table_links.html", v, err)
		}
		d.Links = append(d.Links, l)
	}
	if d.Issued, err = p.svc.Tokens(c.Request().Context(), actor(c), tournament.TokenFilter{SectionID: d.Section.ID, State: tournament.TokenActive}); err != nil {
		return p.renderError(c, "table_links.html", v, err)
	}
	v.Data = d
	v.Flash = madeLinksWords(one, len(d.Links), issued[0].Token.ExpiresAt)
	return p.render(c, http.StatusOK, "table_links.html", v)
}

// revokeTableLinks revokes every link of the section's tables: a lost
// card, or the session over.
func (p *Pages) revokeTableLinks(c echo.Context) error {
	d, err := p.tableLinksBase(c)
	v := View{Title: "Table links", Data: d}
	if err != nil {
		return p.renderError(c, "table_links.html", v, err)
	}
	n, err := p.svc.RevokeTableTokens(c.Request().Context(), actor(c), d.Section.ID)
	if err != nil {
		return p.renderError(c, "table_links.html", v, err)
	}
	return redirect(c, "/director/sections/"+strconv.FormatInt(d.Section.ID, 10)+"/tables", strconv.Itoa(n)+" table links revoked: they no longer work")
}

// tableLinksBase reads the section and event of the links page.
func (p *Pages) tableLinksBase(c echo.Context) (tableLinksData, error) {
	var d tableLinksData
	id, err := pathID(c, "id")
	if err != nil {
		return d, err
	}
	ctx := c.Request().Context()
	d.Hours, d.MaxHour = int(tournament.DefaultTableTokenLife/time.Hour), int(tournament.MaxTokenLife/time.Hour)
	if d.Section, err = p.svc.Section(ctx, actor(c), id); err != nil {
		return d, err
	}
	if d.Event, err = p.svc.Event(ctx, actor(c), d.Section.EventID); err != nil {
		return d, err
	}
	d.Base = sitelink.Base(p.base, c)
	d.Problem = sitelink.Problem(d.Base)
	for t := 1; t <= d.Section.Movement.Tables; t++ {
		d.Tables = append(d.Tables, t)
	}
	d.Issued, err = p.svc.Tokens(ctx, actor(c), tournament.TokenFilter{SectionID: id, State: tournament.TokenActive})
	return d, err
}

// tablePage is a table's entry page, opened with its token.
func (p *Pages) tablePage(c echo.Context) error {
	// The token is in the path: keep it out of Referer headers.
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
	ctx := c.Request().Context()
	secret := c.Param("token")
	a, err := p.svc.Authenticate(ctx, secret)
	if err == nil && a.Role != tournament.RoleTable {
		err = &tournament.Error{Kind: tournament.ErrForbidden, Field: "token",
			Message: "this link is not a table's link: open the link or QR code the director printed for your table"}
	}
	if err != nil {
		return p.renderError(c, "table_error.html", View{Title: "This table link does not work"}, linkEnded(err))
	}
	d, err := p.tableData(c, a, secret)
	if err != nil {
		return p.renderError(c, "table_error.html", View{Title: "This table link does not work"}, err)
	}
	title := "Table " + strconv.Itoa(a.Table) + " · section " + d.Section.Name
	return p.render(c, http.StatusOK, "table.html", View{Title: title, Data: d})
}

// linkEnded phrases for the players a table link that no longer opens
// (revoked, remade or expired: tournament's words name times and tokens,
// for the API); any other error is returned as it is.
func linkEnded(err error) error {
	if !errors.Is(err, tournament.ErrUnauthorized) {
		return err
	}
	return &tournament.Error{Kind: tournament.ErrUnauthorized, Field: "link",
		Message: "this table's link no longer works: the director has made a new link for this table, or ended the links of the session. Ask the director for the table's new card"}
}
