package api

import (
	"strconv"

	"github.com/traveler-bridge/traveler/tournament"
)

// OverallResponse is an event's overall ranking (GET
// /v1/events/{id}/standings): its sessions and sections ranked together.
type OverallResponse struct {
	Event    string                 `json:"event"`
	Method   string                 `json:"method"`
	Options  OverallOptionsBody     `json:"options"`
	Sessions []int                  `json:"sessions"`
	Results  int                    `json:"results"`
	Entries  []OverallEntryResponse `json:"entries"`
	Grading  *GradingDTO            `json:"grading,omitempty"` // the strata and handicap every section shares, which the ranking is graded by; absent: not graded
	// Knockouts is how many knockout matches the ranking leaves out: a
	// knockout has no overall ranking, its result is the bracket (GET
	// /v1/events/{id}/bracket).
	Knockouts int `json:"knockouts,omitempty"`
}

// OverallEntryResponse is one partnership's (team's) overall place.
type OverallEntryResponse struct {
	Name       string                 `json:"name,omitempty"` // IMP_TEAMS: the team's name
	Players    []string               `json:"players"`
	Direction  string                 `json:"direction"` // "NS"/"EW" where one session's directions are ranked apart
	Total      float64                `json:"total"`
	Percentage float64                `json:"percentage"`
	Place      string                 `json:"place"`
	Boards     int                    `json:"boards"`
	Sessions   []SessionScoreResponse `json:"sessions"` // one a session of "sessions"
	GradeDTO
}

// SessionScoreResponse is an entry's result in one session; boards 0 where
// it did not play.
type SessionScoreResponse struct {
	Section    string  `json:"section"`
	Number     string  `json:"number"`
	Direction  string  `json:"direction"`
	Points     float64 `json:"points"` // as counted overall (scaled, factored to the session's top)
	Percentage float64 `json:"percentage"`
	Boards     int     `json:"boards"`
}

// NewOverallResponse converts an overall ranking to its answer.
func NewOverallResponse(o tournament.Overall) OverallResponse {
	d := OverallResponse{Event: o.Event.Name, Method: string(o.Method), Options: newOverallOptionsBody(o.Options),
		Sessions: o.Sessions, Results: o.Results, Knockouts: o.Knockouts, Entries: make([]OverallEntryResponse, len(o.Entries))}
	if d.Sessions == nil {
		d.Sessions = []int{}
	}
	for i, e := range o.Entries {
		players := e.Players
		if players == nil {
			players = []string{}
		}
		r := OverallEntryResponse{Name: e.Name, Players: players, Direction: e.Direction, Total: round2(e.Total),
			Percentage: round2(e.Percentage), Place: strconv.Itoa(e.Place), Boards: e.Boards,
			Sessions: make([]SessionScoreResponse, len(e.Sessions))}
		for k, s := range e.Sessions {
			r.Sessions[k] = SessionScoreResponse{Section: s.Section, Number: s.Number, Direction: s.Direction,
				Points: round2(s.Points), Percentage: round2(s.Percentage), Boards: s.Boards}
		}
		r.GradeDTO = newGradeDTO(&o.Grading, &e.Grade)
		d.Entries[i] = r
	}
	if g := &o.Grading; g.Stratified() || g.Handicapped() {
		gd := newGradingDTO(*g)
		d.Grading = &gd
	}
	return d
}
