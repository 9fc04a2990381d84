package api

import (
	"strconv"

	"github.com/traveler-bridge/traveler/tournament"
)

// KnockoutTeamDTO is one side of a knockout match.
type KnockoutTeamDTO struct {
	Number int     `json:"number"` // 1 (at home: NS in room 1) or 2
	Name   string  `json:"name"`   // "" until the roster is entered
	Carry  float64 `json:"carry"`  // the IMPs it starts with
	Total  float64 `json:"total"`  // its IMPs with the carry-over over the boards scored
}

// KnockoutSegmentDTO is one segment of a knockout match.
type KnockoutSegmentDTO struct {
	Segment int        `json:"segment"`
	Boards  []int      `json:"boards"`  // the boards it plays
	Scored  int        `json:"scored"`  // boards both rooms have a result on
	IMPs    [2]float64 `json:"imps"`    // IMPs team 1 and team 2 won in it; a half from a split score (Law 86B)
	Running [2]float64 `json:"running"` // each team's total after it, carry-over included
	Penalty [2]float64 `json:"penalty"` // procedural penalties in IMPs (Law 90) given team 1 and team 2 on its boards, off the running total
	Playoff bool       `json:"playoff"` // a play-off added after a tie
}

// KnockoutResponse is a knockout match's running score and result.
type KnockoutResponse struct {
	SectionID int64                `json:"section_id"`
	Teams     [2]KnockoutTeamDTO   `json:"teams"`
	TieRule   string               `json:"tie_rule"` // "playoff" or "carryover"
	Segments  []KnockoutSegmentDTO `json:"segments"`
	Complete  bool                 `json:"complete"` // every board of every segment scored
	Winner    int                  `json:"winner"`   // 1 or 2; 0 while undecided
	Decided   string               `json:"decided"`  // "imps", "carryover" (a tie under that rule), "" while undecided
	Tied      bool                 `json:"tied"`     // complete and level: a play-off is to be added
	Playoff   int                  `json:"playoff"`  // when tied: the play-off's boards
}

// newKnockoutResponse converts a knockout match to its answer.
func newKnockoutResponse(km tournament.KnockoutMatch) KnockoutResponse {
	out := KnockoutResponse{SectionID: km.Section.ID, TieRule: km.TieRule, Segments: make([]KnockoutSegmentDTO, len(km.Segments)),
		Complete: km.Complete, Winner: km.Winner, Decided: km.Decided, Tied: km.Tied, Playoff: km.Playoff}
	for i, t := range km.Teams {
		out.Teams[i] = KnockoutTeamDTO{Number: t.Number, Name: t.Name, Carry: km.Carry[i], Total: km.Total[i]}
	}
	for i, sg := range km.Segments {
		out.Segments[i] = KnockoutSegmentDTO(sg)
	}
	return out
}

// AdvanceRequest makes the next round's match of a bracket: the two
// finished matches whose winners meet (the first's at home) and the new
// section.
type AdvanceRequest struct {
	From     []int64         `json:"from"` // two section ids
	Session  int             `json:"session"`
	Name     string          `json:"name"`
	Movement MovementSpecDTO `json:"movement"` // kind "knockout"
}

// Input converts the request to the domain, refusing a from that is not
// two sections.
func (q *AdvanceRequest) Input() (tournament.AdvanceInput, error) {
	if len(q.From) != 2 {
		return tournament.AdvanceInput{}, tournament.Invalidf("from", strconv.Itoa(len(q.From))+" sections: the next match is between the winners of two, e.g. [3, 4]")
	}
	return tournament.AdvanceInput{From: [2]int64(q.From), Session: q.Session, Name: q.Name, Spec: q.Movement.Spec()}, nil
}

// BracketMatchDTO is one match of a bracket.
type BracketMatchDTO struct {
	Round int              `json:"round"`
	Name  string           `json:"name"` // the section's
	From  []int64          `json:"from"` // the matches whose winners meet here; [] in round 1
	Next  int64            `json:"next"` // the match the winner went on to; 0: not yet, or the final
	Match KnockoutResponse `json:"match"`
}

// BracketResponse is an event's knockout matches by round.
type BracketResponse struct {
	EventID int64               `json:"event_id"`
	Rounds  [][]BracketMatchDTO `json:"rounds"` // round 1 first, each by section name
}

// newBracketResponse converts a bracket to its answer.
func newBracketResponse(br tournament.Bracket) BracketResponse {
	out := BracketResponse{EventID: br.EventID, Rounds: make([][]BracketMatchDTO, len(br.Rounds))}
	for i, r := range br.Rounds {
		out.Rounds[i] = make([]BracketMatchDTO, len(r))
		for j, m := range r {
			from := m.From
			if from == nil {
				from = []int64{}
			}
			out.Rounds[i][j] = BracketMatchDTO{Round: m.Round, Name: m.Match.Section.Name, From: from, Next: m.Next, Match: newKnockoutResponse(m.Match)}
		}
	}
	return out
}
