package api

import (
	"github.com/traveler-bridge/traveler/tournament"
)

// GradingDTO is a section's strata and handicap option (issue 25 §5): the
// body of PUT /v1/sections/{id}/grading and a part of a section's answer.
type GradingDTO struct {
	Strata   []StratumDTO `json:"strata"`   // the top (the whole field) first; empty: not stratified
	Handicap string       `json:"handicap"` // "percent", "points" or "": no handicap
}

// StratumDTO is one stratum: its name and the masterpoints its pairs'
// higher-ranked player holds fewer than (left out for the top).
type StratumDTO struct {
	Name  string  `json:"name"`
	Below float64 `json:"below,omitempty"`
}

// Grading converts the request to the domain.
func (d *GradingDTO) Grading() tournament.Grading {
	g := tournament.Grading{Handicap: d.Handicap}
	for _, s := range d.Strata {
		g.Strata = append(g.Strata, tournament.Stratum{Name: s.Name, Below: s.Below})
	}
	return g
}

// newGradingDTO converts a grading to its answer.
func newGradingDTO(g tournament.Grading) GradingDTO {
	d := GradingDTO{Strata: make([]StratumDTO, len(g.Strata)), Handicap: g.Handicap}
	for i, s := range g.Strata {
		d.Strata[i] = StratumDTO{Name: s.Name, Below: s.Below}
	}
	return d
}

// PlayerGradeDTO is one line of a table of player numbers: the player's
// masterpoints (a stratified section) and handicap (a handicap event).
type PlayerGradeDTO struct {
	Number       string   `json:"number"`
	Masterpoints *float64 `json:"masterpoints,omitempty"`
	Handicap     *float64 `json:"handicap,omitempty"`
}

// GradePlayersRequest is the body of POST /v1/sections/{id}/grading/players.
type GradePlayersRequest struct {
	Players []PlayerGradeDTO `json:"players"`
}

// Table converts the request to the domain.
func (q *GradePlayersRequest) Table() []tournament.PlayerGrade {
	return convert(q.Players, func(p PlayerGradeDTO) tournament.PlayerGrade {
		return tournament.PlayerGrade{Number: p.Number, Masterpoints: p.Masterpoints, Handicap: p.Handicap}
	})
}

// GradedResponse answers POST /v1/sections/{id}/grading/players: the pairs
// (teams) graded, with their new stratum and handicap, and those left as
// they were, each with why.
type GradedResponse struct {
	Pairs    []PairResponse `json:"pairs"`
	Teams    []TeamResponse `json:"teams"`
	Ungraded []string       `json:"ungraded"`
}

// NewGradedResponse converts what GradeFromPlayers did to its answer.
func NewGradedResponse(g tournament.Graded) GradedResponse {
	d := GradedResponse{Pairs: convert(g.Pairs, NewPairResponse), Teams: convert(g.Teams, NewTeamResponse), Ungraded: g.Ungraded}
	if d.Pairs == nil {
		d.Pairs = []PairResponse{}
	}
	if d.Teams == nil {
		d.Teams = []TeamResponse{}
	}
	if d.Ungraded == nil {
		d.Ungraded = []string{}
	}
	return d
}

// StratumPlaceDTO is a pair's place in one stratum it is ranked in.
type StratumPlaceDTO struct {
	Stratum string `json:"stratum"`
	Place   string `json:"place"`
}
