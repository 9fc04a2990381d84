package api

import (
	"time"

	"github.com/traveler-bridge/traveler/tournament"
)

// ClubPlayerPatchRequest is the body of PATCH /v1/players/{id}: what is
// left out stays as it is; "number": "" takes the number away.
type ClubPlayerPatchRequest struct {
	Name   *string `json:"name"`
	Number *string `json:"number"`
}

// Patch converts the request to the domain.
func (q *ClubPlayerPatchRequest) Patch() tournament.ClubPlayerPatch {
	return tournament.ClubPlayerPatch{Name: q.Name, Number: q.Number}
}

// ClubPlayerResponse is a player of the club's roster.
type ClubPlayerResponse struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Number    string    `json:"number,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// NewClubPlayerResponse converts a roster player to its answer.
func NewClubPlayerResponse(p tournament.ClubPlayer) ClubPlayerResponse {
	return ClubPlayerResponse{ID: p.ID, Name: p.Name, Number: p.Number, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
}

// ClubPlayersResponse is a page of the roster: the players, how many the
// search matches in all, and the page's limit and offset.
type ClubPlayersResponse struct {
	Players []ClubPlayerResponse `json:"players"`
	Total   int                  `json:"total"`
	Limit   int                  `json:"limit"`
	Offset  int                  `json:"offset"`
}

// NewClubPlayersResponse converts a page of the roster to its answer.
func NewClubPlayersResponse(p tournament.PlayerPage, q tournament.PlayerQuery) ClubPlayersResponse {
	if q.Limit == 0 {
		q.Limit = tournament.DefaultPlayersPage
	}
	return ClubPlayersResponse{Players: convert(p.Players, NewClubPlayerResponse), Total: p.Total, Limit: q.Limit, Offset: q.Offset}
}
