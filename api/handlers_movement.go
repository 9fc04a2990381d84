package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// MovementChangeRequest is the body of POST /v1/sections/{id}/movement: the
// movement the section plays from from_round on, and pairs that join with
// the change (a late pair taking a half table's missing place).
type MovementChangeRequest struct {
	Movement  MovementSpecDTO `json:"movement"`
	FromRound int             `json:"from_round"` // the first round of the new movement; 0 or left out: the current round
	Add       []PairRequest   `json:"add"`        // pairs to add, each a pair of the new movement
}

// Change converts the request to the domain.
func (q *MovementChangeRequest) Change() tournament.MovementChange {
	ch := tournament.MovementChange{Movement: q.Movement.Spec(), FromRound: q.FromRound}
	for i := range q.Add {
		ch.Add = append(ch.Add, q.Add[i].Pair())
	}
	return ch
}

// changeMovement is POST /v1/sections/{id}/movement: the section plays
// another movement for the rounds not yet played, its results kept; 409
// naming a stored result the new movement would not fit.
func (s *server) changeMovement(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q MovementChangeRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	sec, err := s.svc.ChangeMovement(c.Request().Context(), actor(c), id, q.Change())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewSectionResponse(sec))
}
