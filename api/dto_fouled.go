package api

import "github.com/traveler-bridge/traveler/tournament"

// SlotVersionDTO is one table's play of a board: the round, the table and
// the version of the board it played (1 as dealt, 2 … a fouled version).
type SlotVersionDTO struct {
	Round        int `json:"round"`
	Table        int `json:"table"`
	BoardVersion int `json:"board_version"`
}

// BoardVersionsRequest marks a fouled board: the tables that played a
// version other than as dealt. Tables not listed played the board as
// dealt; an empty list clears the mark.
type BoardVersionsRequest struct {
	Lines []SlotVersionDTO `json:"lines"`
}

// Slots converts the request for the Service.
func (q BoardVersionsRequest) Slots() []tournament.SlotVersion {
	out := make([]tournament.SlotVersion, len(q.Lines))
	for i, l := range q.Lines {
		out[i] = tournament.SlotVersion{Round: l.Round, Table: l.Table, Version: l.BoardVersion}
	}
	return out
}

// BoardVersionsResponse is every table that plays a board, with the
// version of the board it played.
type BoardVersionsResponse struct {
	SectionID int64            `json:"section_id"`
	Board     int              `json:"board"`
	Fouled    bool             `json:"fouled"` // some table played another version than as dealt
	Lines     []SlotVersionDTO `json:"lines"`
}

// NewBoardVersionsResponse converts a board's tables and their versions.
func NewBoardVersionsResponse(sectionID int64, board int, slots []tournament.SlotVersion) BoardVersionsResponse {
	d := BoardVersionsResponse{SectionID: sectionID, Board: board, Lines: make([]SlotVersionDTO, len(slots))}
	for i, sv := range slots {
		d.Lines[i] = SlotVersionDTO{Round: sv.Round, Table: sv.Table, BoardVersion: sv.Version}
		d.Fouled = d.Fouled || sv.Version > 1
	}
	return d
}
