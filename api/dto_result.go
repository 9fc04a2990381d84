package api

import (
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// ResultRequest is one traveler line as the tables or the director enter
// it: POST /v1/sections/{id}/results (one or a list) and PUT /v1/results/{id}.
type ResultRequest struct {
	Board     int                   `json:"board"`
	Round     int                   `json:"round"`
	Table     int                   `json:"table"`
	NS        string                `json:"ns"`
	EW        string                `json:"ew"`
	Status    string                `json:"status"`
	Contract  string                `json:"contract"`
	Declarer  string                `json:"declarer"`
	Tricks    *int                  `json:"tricks"`
	Lead      string                `json:"lead"`
	Revokes   []dto.RevokeRequest   `json:"revokes"`
	Honours   map[string]int        `json:"honours"`
	Chicane   []string              `json:"chicane"`
	Auction   []string              `json:"auction"` // the calls from the dealer, e.g. ["1H", "PASS", "2H", "X", "PASS", "PASS", "PASS"]; the contract and declarer are taken from them
	NSPercent int                   `json:"ns_percent"`
	EWPercent int                   `json:"ew_percent"`
	Assigned  []dto.AssignedPartDTO `json:"assigned"`
	// EWAssigned gives the EW side its own assigned score (Law 12C1(b)), as NS scores: NS +620 and EW −650 are assigned [{620, 1}] and ew_assigned [{650, 1}].
	EWAssigned []dto.AssignedPartDTO `json:"ew_assigned"`
	Query      string                `json:"query"` // what the players asked the director about, at most 500 characters; a director's correction without it clears it
}

// Result converts the request to the domain. A missing "tricks" is
// tournament.TricksNotGiven, not 0: the service refuses it for a played
// contract.
func (q *ResultRequest) Result() tournament.Result {
	r := tournament.Result{Board: q.Board, Round: q.Round, Table: q.Table, NS: q.NS, EW: q.EW,
		Status: tournament.Status(q.Status), Contract: q.Contract, Declarer: q.Declarer, Lead: q.Lead,
		Honours: maps.Clone(q.Honours), Chicane: slices.Clone(q.Chicane), Auction: slices.Clone(q.Auction), NSPercent: q.NSPercent, EWPercent: q.EWPercent,
		Query: q.Query}
	r.Tricks = tournament.TricksNotGiven
	if q.Tricks != nil {
		r.Tricks = *q.Tricks
	}
	for _, rv := range q.Revokes {
		r.Revokes = append(r.Revokes, tournament.RevokeLine{Side: rv.Side, Penalty: rv.Penalty})
	}
	for _, a := range q.Assigned {
		r.Assigned = append(r.Assigned, tournament.AssignedPart{NSScore: a.NSScore, Weight: a.Weight})
	}
	for _, a := range q.EWAssigned {
		r.EWAssigned = append(r.EWAssigned, tournament.AssignedPart{NSScore: a.NSScore, Weight: a.Weight})
	}
	return r
}

// AuditResponse is one change to a result: who, when, before and after
// (null before an insert and after a delete).
type AuditResponse struct {
	ID       int64               `json:"id"`
	ResultID int64               `json:"result_id"`
	Action   string              `json:"action"`
	Actor    string              `json:"actor"`
	At       time.Time           `json:"at"`
	Before   *dto.ResultResponse `json:"before"`
	After    *dto.ResultResponse `json:"after"`
}

// NewAuditResponse converts an audit entry to its answer.
func NewAuditResponse(a tournament.AuditEntry) AuditResponse {
	d := AuditResponse{ID: a.ID, ResultID: a.ResultID, Action: a.Action, Actor: a.Actor, At: a.At}
	if a.Before != nil {
		b := dto.NewResultResponse(*a.Before)
		d.Before = &b
	}
	if a.After != nil {
		x := dto.NewResultResponse(*a.After)
		d.After = &x
	}
	return d
}

// TravelerResponse is a board's traveler: the board and every line with
// the points each side earned under the event's method; on a fouled board
// each line says the version it played, compared only with its own.
type TravelerResponse struct {
	SectionID int64                  `json:"section_id"`
	Board     BoardResponse          `json:"board"`
	Method    string                 `json:"method"`
	Top       float64                `json:"top"`
	Datum     *int                   `json:"datum"`
	Datums    map[string]int         `json:"datums,omitempty"`
	Lines     []TravelerLineResponse `json:"lines"`
}

// TravelerLineResponse is a traveler line: the result and its points.
type TravelerLineResponse struct {
	dto.ResultResponse
	BoardVersion int                  `json:"board_version,omitempty"` // a fouled board's lines: the version each played (1 as dealt); absent on a board every table played as dealt
	NSPoints     float64              `json:"ns_points"`
	EWPoints     float64              `json:"ew_points"`
	Corrected    []CorrectionResponse `json:"corrected,omitempty"` // the sides whose points the director set (PUT …/boards/{n}/corrections): they show and count these, whatever the comparison gives
	// Suspect says why the director should check the line (a declarer on
	// the wrong side, a score the contract does not make); absent when the
	// line looks right, and to every reader but the director.
	Suspect *SuspectResponse `json:"suspect,omitempty"`
}

// SuspectResponse is a suspicious traveler line's flag (tournament.Suspicion).
type SuspectResponse struct {
	Kind string `json:"kind"` // "direction" or "score"
	Why  string `json:"why"`
}

// NewTravelerResponse converts a traveler to its answer, points rounded to
// 2 decimals.
func NewTravelerResponse(t tournament.Traveler) TravelerResponse {
	d := TravelerResponse{SectionID: t.Section.ID, Board: NewBoardResponse(t.Board), Method: string(t.Method), Top: t.Top,
		Datum: t.Datum, Lines: make([]TravelerLineResponse, len(t.Lines))}
	for i, l := range t.Lines {
		d.Lines[i] = TravelerLineResponse{ResultResponse: dto.NewResultResponse(l.Result),
			NSPoints: round2(l.NSPoints), EWPoints: round2(l.EWPoints)}
		if len(l.Result.Corrections) > 0 {
			d.Lines[i].Corrected = convert(l.Result.Corrections, NewCorrectionResponse)
		}
		if l.Suspect.Kind != "" {
			d.Lines[i].Suspect = &SuspectResponse{Kind: l.Suspect.Kind, Why: l.Suspect.Why}
		}
	}
	if slices.ContainsFunc(t.Lines, func(l tournament.TravelerLine) bool { return l.Result.PlayedVersion() > 1 }) {
		for i, l := range t.Lines {
			d.Lines[i].BoardVersion = l.Result.PlayedVersion()
		}
	}
	for v, datum := range t.Datums {
		if d.Datums == nil {
			d.Datums = map[string]int{}
		}
		d.Datums[strconv.Itoa(v)] = datum
	}
	return d
}

// StandingsResponse is a section's standings, the shape of `traveler
// rescore --format json`'s pairs with the event, section and count of
// results.
type StandingsResponse struct {
	Event   string             `json:"event"`
	Section string             `json:"section"`
	Method  string             `json:"method"`
	Results int                `json:"results"`
	Pairs   []StandingResponse `json:"pairs"`
	Points  string             `json:"points,omitempty"`  // a teams section: what a standing's total and a match's points are (teamPoints)
	Matches []MatchResult      `json:"matches,omitempty"` // a teams section: every match round by round, a Swiss's byes too
	Grading *GradingDTO        `json:"grading,omitempty"` // a stratified or handicap section: its strata and handicap option
	Places  string             `json:"places"`            // how the event's convention shares and writes places (scoring.Convention.TieRule)
}

// MatchResult is one match of a teams section's standings, or a Swiss
// bye: the two teams, the IMPs each won and the points each scored under
// the event's method (tournament.MatchScore).
type MatchResult struct {
	Round      int     `json:"round"`
	Home       int     `json:"home"`
	Away       int     `json:"away"` // 0: home has a bye
	HomeIMPs   int     `json:"home_imps"`
	AwayIMPs   int     `json:"away_imps"`
	HomePoints float64 `json:"home_points"` // VPs, board points, Patton points or net total points (StandingsResponse.Points); a bye's
	AwayPoints float64 `json:"away_points"`
	Boards     int     `json:"boards"` // boards both rooms have played; 0: not begun
}

// teamPoints names what a teams section's standings count
// (tournament.Method.MatchPoints): "VPs", "board points", "Patton points",
// "total points"; a knockout match's "IMPs" (with the carry-over); "" for
// pairs.
func teamPoints(s *tournament.Standings) string {
	if s.Method.Teams() && s.Section.Spec.Kind == "knockout" {
		return "IMPs"
	}
	return s.Method.MatchPoints()
}

// StandingResponse is one pair's (a teams method: team's) place.
type StandingResponse struct {
	Number     string   `json:"number"`
	Name       string   `json:"name,omitempty"` // a teams method: the team's name
	Direction  string   `json:"direction"`
	Players    []string `json:"players"`
	Total      float64  `json:"total"`
	Percentage float64  `json:"percentage"`
	Place      string   `json:"place"`
	Boards     int      `json:"boards"`
	IMPs       *int     `json:"imps,omitempty"`     // IMP_TEAMS: net IMPs; a Swiss pairs at IMPs: its IMPs against the field, rounded; a knockout match: its margin before procedural penalties, rounded (net_imps is after them)
	NetIMPs    *float64 `json:"net_imps,omitempty"` // a knockout match: its margin on the boards after procedural penalties, halves kept (Law 86B), without the carry-over

	GradeDTO
}

// GradeDTO is a graded pair's (team's) stratum, places by stratum,
// handicap, net result and scratch place: in a section's standings and in
// the overall ranking alike (tournament.Grade).
type GradeDTO struct {
	Stratum  string            `json:"stratum,omitempty"`       // stratified: the pair's stratum
	Strata   []StratumPlaceDTO `json:"strata,omitempty"`        // stratified: its place in its stratum and each one above, the top first
	Handicap *float64          `json:"handicap,omitempty"`      // a handicap event: the handicap added
	Net      *float64          `json:"net,omitempty"`           // a handicap event: percentage (or total) plus handicap, which place ranks
	Scratch  string            `json:"scratch_place,omitempty"` // a handicap event: the place without the handicap

	Penalty   *float64          `json:"penalty,omitempty"`   // procedural penalties: what they took off the total, in its unit (matchpoints before scaling)
	Penalties []PenaltyResponse `json:"penalties,omitempty"` // the penalties given, with their reasons
}

// NewStandingsResponse converts standings to their answer.
func NewStandingsResponse(s tournament.Standings) StandingsResponse {
	d := StandingsResponse{Event: s.Event.Name, Section: s.Section.Name, Method: string(s.Method), Results: s.Results,
		Pairs: make([]StandingResponse, len(s.Pairs))}
	places := s.PlaceTexts()
	d.Places = s.Event.Conv().TieRule()
	for i, p := range s.Pairs {
		players := p.Players
		if players == nil {
			players = []string{}
		}
		d.Pairs[i] = StandingResponse{Number: p.Number, Name: p.Name, Direction: p.Direction, Players: players, Total: round2(p.Total),
			Percentage: round2(p.Percentage), Place: places[i], Boards: p.Boards}
		if s.HasIMPs() {
			imps := p.IMPs
			d.Pairs[i].IMPs = &imps
		}
		if s.Section.Spec.Kind == "knockout" {
			net := round2(p.NetIMPs)
			d.Pairs[i].NetIMPs = &net
		}
		d.Pairs[i].GradeDTO = newGradeDTO(&s.Section.Grading, &p.Grade)
		if len(p.Penalties) > 0 {
			pen := round2(p.Penalty)
			d.Pairs[i].Penalty, d.Pairs[i].Penalties = &pen, convert(p.Penalties, NewPenaltyResponse)
		}
	}
	if g := &s.Section.Grading; g.Stratified() || g.Handicapped() {
		gd := newGradingDTO(*g)
		d.Grading = &gd
	}
	d.Points = teamPoints(&s)
	for _, m := range s.Matches {
		d.Matches = append(d.Matches, MatchResult{Round: m.Round, Home: m.Home, Away: m.Away, HomeIMPs: m.HomeIMPs, AwayIMPs: m.AwayIMPs,
			HomePoints: round2(m.HomeVPs), AwayPoints: round2(m.AwayVPs), Boards: m.Boards})
	}
	return d
}

// newGradeDTO is a graded pair's (team's) figures as g grades them; the
// zero GradeDTO when g grades nothing.
func newGradeDTO(g *tournament.Grading, p *tournament.Grade) GradeDTO {
	var d GradeDTO
	if g.Stratified() {
		d.Stratum = p.Stratum
		d.Strata = convert(p.Strata, func(sp tournament.StratumPlace) StratumPlaceDTO {
			return StratumPlaceDTO{Stratum: sp.Stratum, Place: strconv.Itoa(sp.Place)}
		})
	}
	if g.Handicapped() {
		h, net := round2(p.Handicap), round2(p.Net)
		d.Handicap, d.Net, d.Scratch = &h, &net, strconv.Itoa(p.Scratch)
	}
	return d
}

// round2 rounds to 2 decimals without a negative zero.
func round2(x float64) float64 {
	x = reports.RoundTo(x, 2)
	if x == 0 {
		return 0
	}
	return x
}
