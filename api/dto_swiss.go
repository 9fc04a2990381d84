package api

import (
	"time"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// MatchDTO is a match of a Swiss round: the home team (its first pair NS
// in room 1) and the away team — in a Swiss pairs the home pair (NS) and
// the away pair (EW); away 0 is a bye for home.
type MatchDTO struct {
	Home int `json:"home"`
	Away int `json:"away"`
}

// SwissDraftResponse is a Swiss section's draft pairing of its next round,
// which the tables do not see until it is released.
type SwissDraftResponse struct {
	SectionID int64      `json:"section_id"`
	Round     int        `json:"round"`
	Version   int        `json:"version"` // send it back to change or release the draft
	Matches   []MatchDTO `json:"matches"` // match k plays at tables 2k−1 and 2k (a Swiss pairs: at table k); a bye last
	Forced    bool       `json:"forced"`  // paired before the previous round's results were complete
	Notes     []string   `json:"notes"`   // an unavoidable rematch, …
	CreatedAt time.Time  `json:"created_at"`
	UpdatedAt time.Time  `json:"updated_at"`
}

// newSwissDraftResponse converts a draft to its answer.
func newSwissDraftResponse(d tournament.SwissDraft) SwissDraftResponse {
	out := SwissDraftResponse{SectionID: d.SectionID, Round: d.Round, Version: d.Version, Matches: make([]MatchDTO, len(d.Matches)),
		Forced: d.Forced, Notes: d.Notes, CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt}
	if out.Notes == nil {
		out.Notes = []string{}
	}
	for i, m := range d.Matches {
		out.Matches[i] = MatchDTO(m)
	}
	return out
}

// SwissPairRequest is the body of POST /v1/sections/{id}/swiss/pair.
type SwissPairRequest struct {
	Force bool `json:"force"` // pair though the previous round's results are not complete
}

// SwissDraftRequest is the body of PUT /v1/sections/{id}/swiss/draft: a
// pairing made by hand in place of the draft's.
type SwissDraftRequest struct {
	Version int        `json:"version"`
	Matches []MatchDTO `json:"matches"`
}

// Domain converts the request's matches to the domain.
func (q *SwissDraftRequest) Domain() []movement.Match {
	out := make([]movement.Match, len(q.Matches))
	for i, m := range q.Matches {
		out[i] = movement.Match(m)
	}
	return out
}

// SwissSwapRequest is the body of POST /v1/sections/{id}/swiss/draft/swap:
// two teams that exchange places in the draft.
type SwissSwapRequest struct {
	Version int   `json:"version"`
	Teams   []int `json:"teams"` // two team numbers; in a Swiss pairs, two pair numbers
}

// SwissReleaseRequest is the body of POST /v1/sections/{id}/swiss/release.
type SwissReleaseRequest struct {
	Version int `json:"version"` // the draft's version the director saw
}

// SwissWithdrawRequest is POST /v1/sections/{id}/swiss/withdraw: the team
// (in a Swiss pairs, the pair) that leaves the rounds not yet released.
type SwissWithdrawRequest struct {
	Number int `json:"number"`
}
