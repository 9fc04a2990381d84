package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/tournament"
)

// playerQuery names the query parameters of GET /v1/players.
var playerQuery = []string{"q", "limit", "offset"}

// PlayerQuery reads the query of GET /v1/players (and the pages' roster
// search): q, limit and offset; an unknown parameter or a count that is
// not a whole number is a 400 naming it.
func PlayerQuery(params map[string][]string) (tournament.PlayerQuery, error) {
	var q tournament.PlayerQuery
	for name, vs := range params {
		v := vs[0]
		switch name {
		case "q":
			q.Search = v
		case "limit", "offset":
			n, err := strconv.Atoi(v)
			if err != nil {
				return q, badRequest(name, "expected a whole number, got "+strconv.Quote(v))
			}
			if name == "limit" {
				q.Limit = n
			} else {
				q.Offset = n
			}
		default:
			return q, badRequest(name, "not a parameter of the players list", playerQuery...)
		}
	}
	return q, nil
}

func (s *server) listPlayers(c echo.Context) error {
	q, err := PlayerQuery(c.QueryParams())
	if err != nil {
		return err
	}
	page, err := s.svc.ClubPlayers(c.Request().Context(), actor(c), q)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewClubPlayersResponse(page, q))
}

func (s *server) createPlayer(c echo.Context) error {
	var q dto.ClubPlayerRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	p, err := s.svc.AddClubPlayer(c.Request().Context(), actor(c), q.ClubPlayer())
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/players/"+strconv.FormatInt(p.ID, 10))
	return c.JSON(http.StatusCreated, NewClubPlayerResponse(p))
}

func (s *server) getPlayer(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	p, err := s.svc.ClubPlayer(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewClubPlayerResponse(p))
}

func (s *server) patchPlayer(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q ClubPlayerPatchRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	p, err := s.svc.UpdateClubPlayer(c.Request().Context(), actor(c), id, q.Patch())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewClubPlayerResponse(p))
}

func (s *server) deletePlayer(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if err := s.svc.DeleteClubPlayer(c.Request().Context(), actor(c), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
