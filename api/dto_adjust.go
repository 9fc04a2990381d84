package api

import (
	"time"

	"github.com/traveler-bridge/traveler/tournament"
)

// PenaltyRequest gives a pair or team a procedural penalty (Law 90): a
// pair by its number and, where NS and EW are ranked apart, direction; a
// team by its number; the amount in unit ("mp", "percent_top", "imp",
// "vp", as the section's method takes), the reason, and the board it was
// given on (0 or absent: none).
type PenaltyRequest struct {
	Number    string  `json:"number"`
	Direction string  `json:"direction"`
	Amount    float64 `json:"amount"`
	Unit      string  `json:"unit"`
	Reason    string  `json:"reason"`
	Board     int     `json:"board"`
}

// Penalty converts the request for the Service.
func (q PenaltyRequest) Penalty() tournament.Penalty {
	return tournament.Penalty{Number: q.Number, Direction: q.Direction, Amount: q.Amount, Unit: tournament.PenaltyUnit(q.Unit), Reason: q.Reason, Board: q.Board}
}

// PenaltyResponse is a penalty given: what PenaltyRequest said, with its
// id, who gave it and when.
type PenaltyResponse struct {
	ID        int64     `json:"id"`
	SectionID int64     `json:"section_id"`
	Number    string    `json:"number"`
	Direction string    `json:"direction"`
	Amount    float64   `json:"amount"`
	Unit      string    `json:"unit"`
	Reason    string    `json:"reason"`
	Board     int       `json:"board,omitempty"`
	GivenBy   string    `json:"given_by"`
	GivenAt   time.Time `json:"given_at"`
}

// NewPenaltyResponse converts a penalty.
func NewPenaltyResponse(p tournament.Penalty) PenaltyResponse {
	return PenaltyResponse{ID: p.ID, SectionID: p.SectionID, Number: p.Number, Direction: p.Direction, Amount: round2(p.Amount),
		Unit: string(p.Unit), Reason: p.Reason, Board: p.Board, GivenBy: p.By, GivenAt: p.At}
}

// CorrectionRequest sets a director's points for one side of one line of
// the board in the path: the line by round and table, the side "NS" or
// "EW", the points the side shows and counts, and why.
type CorrectionRequest struct {
	Round  int     `json:"round"`
	Table  int     `json:"table"`
	Side   string  `json:"side"`
	Points float64 `json:"points"`
	Reason string  `json:"reason"`
}

// Correction converts the request for the Service.
func (q CorrectionRequest) Correction(board int) tournament.PointCorrection {
	return tournament.PointCorrection{Board: board, Round: q.Round, Table: q.Table, Side: q.Side, Points: q.Points, Reason: q.Reason}
}

// CorrectionResponse is a director's points on one side of a line.
type CorrectionResponse struct {
	Board  int       `json:"board"`
	Round  int       `json:"round"`
	Table  int       `json:"table"`
	Side   string    `json:"side"`
	Points float64   `json:"points"`
	Reason string    `json:"reason"`
	SetBy  string    `json:"set_by"`
	SetAt  time.Time `json:"set_at"`
}

// NewCorrectionResponse converts a correction.
func NewCorrectionResponse(pc tournament.PointCorrection) CorrectionResponse {
	return CorrectionResponse{Board: pc.Board, Round: pc.Round, Table: pc.Table, Side: pc.Side, Points: round2(pc.Points), Reason: pc.Reason, SetBy: pc.By, SetAt: pc.At}
}
