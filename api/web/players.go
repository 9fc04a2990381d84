package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/tournament"
)

// playerRoutes adds the club's roster: its page (list, search, add), a
// player's page (change name or number), and the suggestions the pair and
// team forms' type-ahead asks for.
func (p *Pages) playerRoutes(d *echo.Group) {
	d.GET("/players", p.playersPage)
	d.POST("/players", p.addPlayer)
	d.GET("/players.json", p.playerSuggestions)
	d.GET("/players/:id", p.playerPage)
	d.POST("/players/:id", p.updatePlayer)
	d.POST("/players/:id/delete", p.deletePlayer)
}

// playersPageSize is the roster page's players a page.
const playersPageSize = 50

// suggestionsSize is how many players the type-ahead offers at once.
const suggestionsSize = 8

// pickerSize is how many players a form's list (<datalist>) holds for a
// browser without JavaScript: the first of the roster by name.
const pickerSize = tournament.MaxPlayersPage

// playersData is the roster page's data.
type playersData struct {
	Players  []tournament.ClubPlayer
	Total    int    // players the search matches
	Search   string // the search, "" for all
	From, To int    // the players shown, counted from 1
	Prev     string // the previous page's address, "" on the first
	Next     string // the next page's address, "" on the last
}

// playersPage lists the roster a page at a time, searched by ?q=, with
// the form to add a player.
func (p *Pages) playersPage(c echo.Context) error {
	return p.renderPlayers(c, nil, nil)
}

// renderPlayers shows the roster page, with a refused add form's values
// (sent) and err explained when there is one.
func (p *Pages) renderPlayers(c echo.Context, sent map[string]string, perr error) error {
	v := View{Title: "Players", Form: sent}
	q := tournament.PlayerQuery{Search: c.QueryParam("q"), Limit: playersPageSize}
	if o := c.QueryParam("offset"); o != "" {
		n, err := strconv.Atoi(o)
		if err != nil {
			v.Data = playersData{Search: q.Search}
			return p.renderError(c, "players.html", v, tournament.Invalidf("offset", strconv.Quote(o)+": the players to skip, a whole number"))
		}
		q.Offset = n
	}
	page, err := p.svc.ClubPlayers(c.Request().Context(), actor(c), q)
	d := playersData{Players: page.Players, Total: page.Total, Search: strings.TrimSpace(q.Search), From: q.Offset + 1, To: q.Offset + len(page.Players)}
	at := func(offset int) string {
		u := url.Values{}
		if d.Search != "" {
			u.Set("q", d.Search)
		}
		if offset > 0 {
			u.Set("offset", strconv.Itoa(offset))
		}
		if len(u) == 0 {
			return "/director/players"
		}
		return "/director/players?" + u.Encode()
	}
	if q.Offset > 0 {
		d.Prev = at(max(q.Offset-playersPageSize, 0))
	}
	if d.To < page.Total {
		d.Next = at(q.Offset + playersPageSize)
	}
	v.Data = d
	if err == nil {
		err = perr
	}
	if err != nil {
		return p.renderError(c, "players.html", v, err)
	}
	return p.render(c, http.StatusOK, "players.html", v)
}

// addPlayer adds a player to the roster from the page's form.
func (p *Pages) addPlayer(c echo.Context) error {
	form := formValues(c)
	pl, err := p.svc.AddClubPlayer(c.Request().Context(), actor(c), tournament.ClubPlayer{Name: form["name"], Number: form["number"]})
	if err != nil {
		return p.renderPlayers(c, form, err)
	}
	return redirect(c, "/director/players?q="+url.QueryEscape(pl.Name), pl.Name+rosterNumber(pl.Number)+" added to the club's players")
}

// rosterNumber is " (100234)" for a player with a number, "" without.
func rosterNumber(n string) string {
	if n == "" {
		return ""
	}
	return " (" + n + ")"
}

// playerData is a roster player's page.
type playerData struct{ Player tournament.ClubPlayer }

// playerPage shows a roster player's name and number to change.
func (p *Pages) playerPage(c echo.Context) error {
	return p.renderPlayer(c, nil, nil)
}

// renderPlayer shows a roster player's page, with a refused form's values
// and err explained when there is one.
func (p *Pages) renderPlayer(c echo.Context, sent map[string]string, perr error) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Player not found", Data: messageData{}}, err)
	}
	pl, err := p.svc.ClubPlayer(c.Request().Context(), actor(c), id)
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Player not found", Data: messageData{}}, err)
	}
	form := map[string]string{"name": pl.Name, "number": pl.Number}
	for k, v := range sent {
		form[k] = v
	}
	v := View{Title: pl.Name + rosterNumber(pl.Number), Data: playerData{Player: pl}, Form: form}
	if perr != nil {
		return p.renderError(c, "player_edit.html", v, perr)
	}
	return p.render(c, http.StatusOK, "player_edit.html", v)
}

// updatePlayer stores a roster player's name and number.
func (p *Pages) updatePlayer(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Player not found", Data: messageData{}}, err)
	}
	form := formValues(c)
	name, number := form["name"], form["number"]
	pl, err := p.svc.UpdateClubPlayer(c.Request().Context(), actor(c), id, tournament.ClubPlayerPatch{Name: &name, Number: &number})
	if err != nil {
		return p.renderPlayer(c, form, err)
	}
	return redirect(c, "/director/players?q="+url.QueryEscape(pl.Name), pl.Name+rosterNumber(pl.Number)+" saved")
}

// playerSuggestions answers the type-ahead: the first suggestionsSize
// roster players ?q= finds (by name or the start of a number), as JSON,
// each as the API takes a player ({"name", "number"}, dto.ClubPlayerRequest:
// what the form fills in), an error as the API answers one.
func (p *Pages) playerSuggestions(c echo.Context) error {
	q := strings.TrimSpace(c.QueryParam("q"))
	out := []dto.ClubPlayerRequest{}
	if q != "" {
		page, err := p.svc.ClubPlayers(c.Request().Context(), actor(c), tournament.PlayerQuery{Search: q, Limit: suggestionsSize})
		if err != nil {
			pr := explain(err)
			return c.JSON(pr.Status, dto.ErrorResponse{Error: pr.Message, Field: pr.Field, Allowed: pr.Allowed})
		}
		for _, pl := range page.Players {
			out = append(out, dto.ClubPlayerRequest{Name: pl.Name, Number: pl.Number})
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSONBlob(http.StatusOK, b)
}

// picker returns the first players of the roster for a form's lists
// (<datalist>), so a browser without JavaScript offers them too; a roster
// that cannot be read leaves the lists empty (typing still works).
func (p *Pages) picker(c echo.Context) []tournament.ClubPlayer {
	page, err := p.svc.ClubPlayers(c.Request().Context(), actor(c), tournament.PlayerQuery{Limit: pickerSize})
	if err != nil {
		p.log.Warn("roster for a form's list", "err", err)
		return nil
	}
	return page.Players
}

// deletePlayer removes a player from the roster once the box is ticked.
func (p *Pages) deletePlayer(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "public_message.html", View{Title: "Player not found", Data: messageData{}}, err)
	}
	if c.FormValue("confirm") != "yes" {
		return p.renderPlayer(c, nil, tournament.Invalidf("confirm", "tick the box to remove the player: nothing was removed"))
	}
	pl, err := p.svc.ClubPlayer(c.Request().Context(), actor(c), id)
	if err == nil {
		err = p.svc.DeleteClubPlayer(c.Request().Context(), actor(c), id)
	}
	if err != nil {
		return p.renderPlayer(c, nil, err)
	}
	return redirect(c, "/director/players", pl.Name+rosterNumber(pl.Number)+" removed from the club's players")
}
