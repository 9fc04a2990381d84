package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
)

// givePenalty is POST /v1/sections/{id}/penalties: the director gives a
// pair or team a procedural penalty.
func (s *server) givePenalty(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q PenaltyRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	p, err := s.svc.GivePenalty(c.Request().Context(), actor(c), id, q.Penalty())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, NewPenaltyResponse(p))
}

// listPenalties is GET /v1/sections/{id}/penalties: a section's
// penalties in the order given.
func (s *server) listPenalties(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	ps, err := s.svc.Penalties(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, convert(ps, NewPenaltyResponse))
}

// liftPenalty is DELETE /v1/sections/{id}/penalties/{pid}: the director
// takes a penalty back.
func (s *server) liftPenalty(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	pid, err := pathID(c, "pid")
	if err != nil {
		return err
	}
	if err := s.svc.LiftPenalty(c.Request().Context(), actor(c), id, pid); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// putCorrection is PUT /v1/sections/{id}/boards/{n}/corrections: the
// director sets one side's points on one line of the board.
func (s *server) putCorrection(c echo.Context) error {
	id, board, err := boardPath(c)
	if err != nil {
		return err
	}
	var q CorrectionRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	pc, err := s.svc.CorrectPoints(c.Request().Context(), actor(c), id, q.Correction(board))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewCorrectionResponse(pc))
}

// deleteCorrection is DELETE
// /v1/sections/{id}/boards/{n}/corrections?round=&table=&side=: the
// director lifts a line's side's points; the comparison's stand again.
func (s *server) deleteCorrection(c echo.Context) error {
	id, board, err := boardPath(c)
	if err != nil {
		return err
	}
	// The line's round, table and side, from the query; one that is not
	// there is 0 or "", which no correction has (the Service, which checks
	// the director first, then answers not found naming the line).
	var at [2]int
	for i, name := range []string{"round", "table"} {
		if v := c.QueryParam(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return badRequest(name, strconv.Quote(v)+": a whole number, 1 or more (…?round=2&table=1&side=NS)")
			}
			at[i] = n
		}
	}
	side := c.QueryParam("side")
	if err := s.svc.LiftCorrection(c.Request().Context(), actor(c), id, board, at[0], at[1], side); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
