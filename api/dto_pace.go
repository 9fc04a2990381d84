package api

import (
	"encoding/json"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
)

// RoundsRequest is the body of POST /v1/sections/{id}/rounds/close and
// …/rounds/reopen: a round, and the tables (none: every table).
type RoundsRequest struct {
	Round  int   `json:"round"`
	Tables []int `json:"tables"`
}

// SlotDTO is a board at a table in a round: a late play, or the slot
// named by POST /v1/sections/{id}/late-plays.
type SlotDTO struct {
	Board int `json:"board"`
	Round int `json:"round"`
	Table int `json:"table"`
}

// Slot converts the DTO to the domain.
func (d SlotDTO) Slot() tournament.Slot {
	return tournament.Slot{Board: d.Board, Round: d.Round, Table: d.Table}
}

// ClosedRoundDTO is a round the director closed for a table.
type ClosedRoundDTO struct {
	Table int `json:"table"`
	Round int `json:"round"`
}

// PaceDTO is a section's pace in its answer: the rounds closed for each
// table and the slots to be played later.
type PaceDTO struct {
	ClosedRounds []ClosedRoundDTO `json:"closed_rounds"`
	LatePlays    []SlotDTO        `json:"late_plays"`
}

// newPaceDTO converts a section's pace.
func newPaceDTO(p tournament.SectionPace) PaceDTO {
	d := PaceDTO{ClosedRounds: []ClosedRoundDTO{}, LatePlays: []SlotDTO{}}
	for _, c := range p.Closed {
		d.ClosedRounds = append(d.ClosedRounds, ClosedRoundDTO{Table: c.Table, Round: c.Round})
	}
	for _, s := range p.Late {
		d.LatePlays = append(d.LatePlays, SlotDTO{Board: s.Board, Round: s.Round, Table: s.Table})
	}
	return d
}

// RefusalResponse is an entry a table's phone had queued that the service
// refused, still open.
type RefusalResponse struct {
	ID        int64           `json:"id"`
	SectionID int64           `json:"section_id"`
	Table     int             `json:"table"`
	Key       string          `json:"key"`
	Board     int             `json:"board,omitempty"`
	Round     int             `json:"round,omitempty"`
	Entry     json.RawMessage `json:"entry"`
	Reason    string          `json:"reason"`
	Field     string          `json:"field,omitempty"`
	RefusedAt time.Time       `json:"refused_at"`
	CalledAt  *time.Time      `json:"called_at,omitempty"`
}

// NewRefusalResponse converts a refused entry.
func NewRefusalResponse(r tournament.Refusal) RefusalResponse {
	d := RefusalResponse{ID: r.ID, SectionID: r.SectionID, Table: r.Table, Key: r.Key, Board: r.Board, Round: r.Round,
		Entry: json.RawMessage(r.Entry), Reason: r.Reason, Field: r.Field, RefusedAt: r.RefusedAt}
	if !json.Valid(d.Entry) {
		d.Entry = json.RawMessage("{}")
	}
	if !r.CalledAt.IsZero() {
		at := r.CalledAt
		d.CalledAt = &at
	}
	return d
}
