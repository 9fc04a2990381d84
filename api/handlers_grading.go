package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// putGrading is PUT /v1/sections/{id}/grading: the section's strata and
// handicap option.
func (s *server) putGrading(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q GradingDTO
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	sec, err := s.svc.SetGrading(c.Request().Context(), actor(c), id, q.Grading())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewSectionResponse(sec))
}

// gradePlayers is POST /v1/sections/{id}/grading/players: every pair's (or
// team's) stratum and handicap from a table of player numbers.
func (s *server) gradePlayers(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q GradePlayersRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	g, err := s.svc.GradeFromPlayers(c.Request().Context(), actor(c), id, q.Table())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewGradedResponse(g))
}
