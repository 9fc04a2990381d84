// Package dto holds the JSON shapes the API and the pages both answer: a
// stored result (ResultResponse, with its revokes and assigned parts), an
// error (ErrorResponse) and a player of the club's roster by name and
// number (ClubPlayerRequest: POST /v1/players' body, and each player the
// roster's type-ahead offers), with their converters from and to the
// domain. api and the pages of api/web both use them, so the table page's
// stored results and the roster's type-ahead are the API's JSON, not copies
// of it. They live here, below both, because api mounts
// the pages (api imports api/web), so the pages cannot import api.
//
// What it does not hold: the API's other request and response types
// (api/dto_*.go, and the *Request and *Response types beside their
// handlers), the pages' own script data (api/web), any rule (tournament).
package dto

import (
	"time"

	"github.com/traveler-bridge/traveler/tournament"
)

// RevokeRequest is one revoke: the side that revoked and the penalty the
// innocent declarer chose ("tricks" or "points").
type RevokeRequest struct {
	Side    string `json:"side"`
	Penalty string `json:"penalty,omitempty"`
}

// AssignedPartDTO is one weighted part of an assigned adjusted score.
type AssignedPartDTO struct {
	NSScore int     `json:"ns_score"`
	Weight  float64 `json:"weight"`
}

// ResultResponse is a stored result: the line as entered, its score
// itemised, and its version for If-Match.
type ResultResponse struct {
	ID        int64             `json:"id,omitzero"`
	SectionID int64             `json:"section_id,omitzero"`
	Board     int               `json:"board"`
	Round     int               `json:"round"`
	Table     int               `json:"table"`
	NS        string            `json:"ns"`
	EW        string            `json:"ew"`
	Status    string            `json:"status"`
	Contract  string            `json:"contract"`
	Declarer  string            `json:"declarer"`
	Tricks    int               `json:"tricks"`
	Lead      string            `json:"lead,omitempty"`
	Revokes   []RevokeRequest   `json:"revokes,omitempty"`
	Honours   map[string]int    `json:"honours,omitempty"`
	Chicane   []string          `json:"chicane,omitempty"`
	Auction   []string          `json:"auction,omitempty"`
	NSPercent int               `json:"ns_percent"`
	EWPercent int               `json:"ew_percent"`
	Assigned  []AssignedPartDTO `json:"assigned,omitempty"`
	// EWAssigned is the EW side's own assigned score on a split score (Law
	// 12C1(b)): NS scores as the EW line is compared with, e.g. 650 for "EW −650".
	EWAssigned []AssignedPartDTO `json:"ew_assigned,omitempty"`
	EWScore    *int              `json:"ew_score,omitempty"` // a split score: the NS score the EW side's line counts (its ew_assigned weighted)
	Query      string            `json:"query"`              // what the players asked the director about; "" when nothing
	NSScore    int               `json:"ns_score"`
	Lines      []string          `json:"lines"`
	Version    int               `json:"version"`
	EnteredBy  string            `json:"entered_by"`
	EnteredAt  time.Time         `json:"entered_at,omitzero"`
	UpdatedAt  time.Time         `json:"updated_at,omitzero"`
}

// NewResultResponse converts a result to its answer.
func NewResultResponse(r tournament.Result) ResultResponse {
	d := ResultResponse{ID: r.ID, SectionID: r.SectionID, Board: r.Board, Round: r.Round, Table: r.Table, NS: r.NS, EW: r.EW,
		Status: string(r.Status), Contract: r.Contract, Declarer: r.Declarer, Tricks: r.Tricks, Lead: r.Lead,
		Honours: r.Honours, Chicane: r.Chicane, Auction: r.Auction, NSPercent: r.NSPercent, EWPercent: r.EWPercent, Query: r.Query,
		NSScore: r.NSScore, Lines: r.Lines, Version: r.Version, EnteredBy: r.EnteredBy, EnteredAt: r.EnteredAt, UpdatedAt: r.UpdatedAt}
	for _, rv := range r.Revokes {
		d.Revokes = append(d.Revokes, RevokeRequest{Side: rv.Side, Penalty: rv.Penalty})
	}
	for _, a := range r.Assigned {
		d.Assigned = append(d.Assigned, AssignedPartDTO{NSScore: a.NSScore, Weight: a.Weight})
	}
	for _, a := range r.EWAssigned {
		d.EWAssigned = append(d.EWAssigned, AssignedPartDTO{NSScore: a.NSScore, Weight: a.Weight})
	}
	if r.Split() {
		ew := r.EWSideScore()
		d.EWScore = &ew
	}
	if d.Lines == nil {
		d.Lines = []string{}
	}
	return d
}

// ErrorResponse is every error answer: the message, the field it is about,
// what is allowed there, and, for a stale or conflicting result, the result
// as stored now.
type ErrorResponse struct {
	Error   string          `json:"error"`
	Field   string          `json:"field,omitempty"`
	Allowed []string        `json:"allowed,omitempty"`
	Current *ResultResponse `json:"current,omitempty"`
	EventID int64           `json:"event_id,omitempty"` // a 409 on an import: the event that holds the same file
}

// ClubPlayerRequest is a player the club knows, by name and, where given,
// membership number: the body of POST /v1/players, and each player the
// pages' roster type-ahead offers (what its form fills in).
type ClubPlayerRequest struct {
	Name   string `json:"name"`
	Number string `json:"number"`
}

// ClubPlayer converts the request to the domain.
func (q *ClubPlayerRequest) ClubPlayer() tournament.ClubPlayer {
	return tournament.ClubPlayer{Name: q.Name, Number: q.Number}
}
