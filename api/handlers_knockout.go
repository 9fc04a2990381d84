package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// getKnockout is GET /v1/sections/{id}/knockout: a knockout match's running
// score by segment, carry-over included, and its winner once every board
// is scored; readable as the standings are; 409 for a section that is not
// a knockout match.
func (s *server) getKnockout(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	km, err := s.svc.Knockout(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, newKnockoutResponse(km))
}

// addKnockoutPlayoff is POST /v1/sections/{id}/knockout/playoff: a tied
// match's play-off segment added (director, 201), the match as it is then;
// 409 for a match not finished or not tied.
func (s *server) addKnockoutPlayoff(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	km, err := s.svc.AddKnockoutPlayoff(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, newKnockoutResponse(km))
}
