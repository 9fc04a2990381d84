package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
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

// errFromGiven refuses a section request naming a knockout's earlier
// matches: only the advance, which checks them, sets them.
var errFromGiven = tournament.Invalidf("movement.from", "set when the winners of two finished matches are advanced (POST /v1/events/{id}/knockout/advance), not given")

// getBracket is GET /v1/events/{id}/bracket: the event's knockout matches
// by round, each with its score, winner and the match its winner went on
// to; readable as the standings are.
func (s *server) getBracket(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	br, err := s.svc.Bracket(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, newBracketResponse(br))
}

// advanceKnockout is POST /v1/events/{id}/knockout/advance: the next
// round's match between the winners of two finished matches (director,
// 201, the section); 409 naming a match not finished, tied or already
// advanced.
func (s *server) advanceKnockout(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q AdvanceRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	if q.Movement.From != nil {
		return errFromGiven
	}
	in, err := q.Input()
	if err != nil {
		return err
	}
	sec, err := s.svc.AdvanceKnockout(c.Request().Context(), actor(c), id, in)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/sections/"+strconv.FormatInt(sec.ID, 10))
	return c.JSON(http.StatusCreated, NewSectionResponse(sec))
}
