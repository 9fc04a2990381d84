package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/tournament"
)

// PairPatchRequest is the body of PATCH /v1/pairs/{id}: what is left out
// stays as it is.
type PairPatchRequest struct {
	Number    *string     `json:"number"`
	Direction *string     `json:"direction"`
	Players   []PlayerDTO `json:"players"`  // every player, a substitute among them; left out: unchanged
	Stratum   *string     `json:"stratum"`  // a stratified section: one of its strata; "": the top
	Handicap  *float64    `json:"handicap"` // a handicap event: percent or points, as the section's grading says
}

// Patch converts the request to the domain.
func (q *PairPatchRequest) Patch() tournament.PairPatch {
	p := tournament.PairPatch{Number: q.Number, Direction: q.Direction, Stratum: q.Stratum, Handicap: q.Handicap}
	if q.Players != nil {
		p.Players = playersIn(q.Players)
	}
	return p
}

// TeamPatchRequest is the body of PATCH /v1/teams/{id}.
type TeamPatchRequest struct {
	Name     *string     `json:"name"`
	Players  []PlayerDTO `json:"players"`  // the roster; left out: unchanged
	Stratum  *string     `json:"stratum"`  // a stratified section: one of its strata; "": the top
	Handicap *float64    `json:"handicap"` // a handicap event: VPs added
}

// Patch converts the request to the domain.
func (q *TeamPatchRequest) Patch() tournament.TeamPatch {
	p := tournament.TeamPatch{Name: q.Name, Stratum: q.Stratum, Handicap: q.Handicap}
	if q.Players != nil {
		p.Players = playersIn(q.Players)
	}
	return p
}

// WithdrawRequest is the body of POST /v1/pairs/{id}/withdraw.
type WithdrawRequest struct {
	FromRound        int    `json:"from_round"`        // the first round the pair misses; 0 or left out: the current round
	Status           string `json:"status"`            // "not_played" (the default) or "artificial"
	PairPercent      int    `json:"pair_percent"`      // artificial: the pair's percentage of the top
	OpponentsPercent int    `json:"opponents_percent"` // artificial: its opponents'
}

// WithdrawResponse is what a withdrawal stored.
type WithdrawResponse struct {
	Pair      PairResponse         `json:"pair"`
	FromRound int                  `json:"from_round"`
	Results   []dto.ResultResponse `json:"results"`
	Change    ChangeResponse       `json:"change"`
}

// ChangeResponse is one change to an event, a section, a pair or a team.
type ChangeResponse struct {
	ID        int64          `json:"id"`
	EventID   int64          `json:"event_id"`
	SectionID int64          `json:"section_id,omitempty"`
	Kind      string         `json:"kind"`
	TargetID  int64          `json:"target_id"`
	Action    string         `json:"action"`
	Actor     string         `json:"actor"`
	At        time.Time      `json:"at"`
	Before    map[string]any `json:"before"`
	After     map[string]any `json:"after"`
}

// NewChangeResponse converts a change to its answer.
func NewChangeResponse(c tournament.Change) ChangeResponse {
	return ChangeResponse{ID: c.ID, EventID: c.EventID, SectionID: c.SectionID, Kind: c.Kind, TargetID: c.TargetID,
		Action: c.Action, Actor: c.Actor, At: c.At, Before: c.Before, After: c.After}
}

// boolParam reads a query parameter that is true, false or absent.
func boolParam(c echo.Context, name string) (bool, error) {
	switch v := c.QueryParam(name); v {
	case "", "false":
		return false, nil
	case "true":
		return true, nil
	default:
		return false, badRequest(name, strconv.Quote(v)+": not a boolean", "true", "false")
	}
}

// patchPair is PATCH /v1/pairs/{id}.
func (s *server) patchPair(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q PairPatchRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	p, err := s.svc.UpdatePair(c.Request().Context(), actor(c), id, q.Patch())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewPairResponse(p))
}

// deletePair is DELETE /v1/pairs/{id}: a pair withdrawn before it plays.
func (s *server) deletePair(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if err := s.svc.DeletePair(c.Request().Context(), actor(c), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// withdrawPair is POST /v1/pairs/{id}/withdraw: a pair that leaves
// mid-session, its remaining boards not played or given an artificial score.
func (s *server) withdrawPair(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q WithdrawRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	w, err := s.svc.WithdrawPair(c.Request().Context(), actor(c), id, tournament.Withdrawal{
		FromRound: q.FromRound, Status: tournament.Status(q.Status), PairPercent: q.PairPercent, OpponentsPercent: q.OpponentsPercent})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, WithdrawResponse{Pair: NewPairResponse(w.Pair), FromRound: w.FromRound,
		Results: convert(w.Results, dto.NewResultResponse), Change: NewChangeResponse(w.Change)})
}

// patchTeam is PATCH /v1/teams/{id}.
func (s *server) patchTeam(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var q TeamPatchRequest
	if err := bindJSON(c, &q, ""); err != nil {
		return err
	}
	t, err := s.svc.UpdateTeam(c.Request().Context(), actor(c), id, q.Patch())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewTeamResponse(t))
}

// deleteSection is DELETE /v1/sections/{id}.
func (s *server) deleteSection(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if err := s.svc.DeleteSection(c.Request().Context(), actor(c), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// deleteEvent is DELETE /v1/events/{id}.
func (s *server) deleteEvent(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if err := s.svc.DeleteEvent(c.Request().Context(), actor(c), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// listChanges is GET /v1/events/{id}/changes: the audit of the event, its
// sections, pairs and teams (a deleted event's too).
func (s *server) listChanges(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	cs, err := s.svc.Changes(c.Request().Context(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, convert(cs, NewChangeResponse))
}
