package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// getOverall answers GET /v1/events/{id}/standings: the event's sessions
// and sections ranked together as its overall options say.
func (s *server) getOverall(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	o, err := s.svc.OverallStandings(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewOverallResponse(o))
}
