package api

import (
	"bytes"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// PlayerDTO is one player: a name and, when given, a membership number.
type PlayerDTO struct {
	Name   string `json:"name"`
	Number string `json:"number,omitempty"`
	// FromRound and ToRound are an individual's substitute's rounds: the
	// player sat in the entrant's seat from round from_round to to_round
	// (left out: to the last round); left out for everyone else.
	FromRound int `json:"from_round,omitempty"`
	ToRound   int `json:"to_round,omitempty"`
}

func playersIn(ps []PlayerDTO) []tournament.Player {
	out := make([]tournament.Player, len(ps))
	for i, p := range ps {
		out[i] = tournament.Player{Name: p.Name, Number: p.Number, From: p.FromRound, To: p.ToRound}
	}
	return out
}

func playersOut(ps []tournament.Player) []PlayerDTO {
	out := make([]PlayerDTO, len(ps))
	for i, p := range ps {
		out[i] = PlayerDTO{Name: p.Name, Number: p.Number, FromRound: p.From, ToRound: p.To}
	}
	return out
}

// PairRequest is one pair of POST /v1/sections/{id}/pairs.
type PairRequest struct {
	Number    string      `json:"number"`
	Direction string      `json:"direction"`
	Team      int         `json:"team"`
	Players   []PlayerDTO `json:"players"`
	Stratum   string      `json:"stratum"`  // a stratified section: one of its strata; "": the top
	Handicap  float64     `json:"handicap"` // a handicap event: percent or points, as the section's grading says
}

// Pair converts the request to the domain.
func (q *PairRequest) Pair() tournament.Pair {
	return tournament.Pair{Number: q.Number, Direction: q.Direction, Team: q.Team, Players: playersIn(q.Players), Stratum: q.Stratum, Handicap: q.Handicap}
}

// PairResponse is a stored pair.
type PairResponse struct {
	ID        int64       `json:"id"`
	SectionID int64       `json:"section_id"`
	Number    string      `json:"number"`
	Direction string      `json:"direction"`
	Team      int         `json:"team,omitempty"`
	Players   []PlayerDTO `json:"players"`
	Stratum   string      `json:"stratum,omitempty"`
	Handicap  float64     `json:"handicap,omitempty"`
}

// NewPairResponse converts a pair to its answer.
func NewPairResponse(p tournament.Pair) PairResponse {
	return PairResponse{ID: p.ID, SectionID: p.SectionID, Number: p.Number, Direction: p.Direction, Team: p.Team, Players: playersOut(p.Players),
		Stratum: p.Stratum, Handicap: p.Handicap}
}

// TeamRequest is one team of POST /v1/sections/{id}/teams.
type TeamRequest struct {
	Number   int         `json:"number"`
	Name     string      `json:"name"`
	Players  []PlayerDTO `json:"players"`
	Stratum  string      `json:"stratum"`  // a stratified section: one of its strata; "": the top
	Handicap float64     `json:"handicap"` // a handicap event: VPs added
}

// Roster converts the request to the domain.
func (q *TeamRequest) Roster() tournament.Roster {
	return tournament.Roster{Number: q.Number, Name: q.Name, Players: playersIn(q.Players), Stratum: q.Stratum, Handicap: q.Handicap}
}

// TeamResponse is a stored team.
type TeamResponse struct {
	ID        int64       `json:"id"`
	SectionID int64       `json:"section_id"`
	Number    int         `json:"number"`
	Name      string      `json:"name"`
	Players   []PlayerDTO `json:"players"`
	Stratum   string      `json:"stratum,omitempty"`
	Handicap  float64     `json:"handicap,omitempty"`
}

// NewTeamResponse converts a team to its answer.
func NewTeamResponse(r tournament.Roster) TeamResponse {
	return TeamResponse{ID: r.ID, SectionID: r.SectionID, Number: r.Number, Name: r.Name, Players: playersOut(r.Players),
		Stratum: r.Stratum, Handicap: r.Handicap}
}

// BoardRequest is one board of PUT /v1/sections/{id}/boards (JSON).
type BoardRequest struct {
	Number     int    `json:"number"`
	Dealer     string `json:"dealer"`
	Vulnerable string `json:"vulnerable"`
	Deal       string `json:"deal"`
}

// Input converts the request to the domain.
func (q *BoardRequest) Input() tournament.BoardInput {
	return tournament.BoardInput{Number: q.Number, Dealer: q.Dealer, Vulnerable: q.Vulnerable, Deal: q.Deal}
}

// BoardResponse is a board: its number, dealer, vulnerability and deal.
type BoardResponse struct {
	Number     int    `json:"number"`
	Dealer     string `json:"dealer"`
	Vulnerable string `json:"vulnerable"`
	Deal       string `json:"deal,omitempty"`
}

// DealtBoardsResponse answers POST .../boards/deal: how many boards were
// dealt, and every board of the section.
type DealtBoardsResponse struct {
	Dealt  int             `json:"dealt"`
	Boards []BoardResponse `json:"boards"`
}

// NewBoardResponse converts a board to its answer.
func NewBoardResponse(b tournament.Board) BoardResponse {
	return BoardResponse{Number: b.Number, Dealer: b.Dealer.String(), Vulnerable: b.Vulnerability.String(), Deal: b.Deal.PBN()}
}

// boardsFromFile reads the hand records of a hand-record file in format
// f, "" to sniff it (see reports.ReadHandRecordsIn); a file that holds
// none is a 422 naming where.
func boardsFromFile(body []byte, f reports.HandFormat) ([]tournament.BoardInput, error) {
	hs, err := reports.ReadHandRecordsIn(bytes.NewReader(body), f)
	if err != nil {
		return nil, fileError(err)
	}
	return convert(hs, func(h reports.HandRecord) tournament.BoardInput { return h.Board }), nil
}
