package api

import (
	"slices"
	"strconv"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// SectionRequest is the body of POST /v1/events/{id}/sections.
type SectionRequest struct {
	Session    int             `json:"session"`
	Name       string          `json:"name"`
	Movement   MovementSpecDTO `json:"movement"`
	Law        string          `json:"law,omitempty"`         // a law code of its own, scoring its results in place of the event's; left out: the event's
	LawOptions map[string]any  `json:"law_options,omitempty"` // with law: options of that code
}

// Input converts the request to the domain.
func (q *SectionRequest) Input() tournament.SectionInput {
	return tournament.SectionInput{Session: q.Session, Name: q.Name, Movement: q.Movement.Spec(), Law: q.Law, LawOptions: q.LawOptions}
}

// MovementSpecDTO is a director's choice of movement: a kind and its
// options, or (kind "custom") the schedule itself.
type MovementSpecDTO struct {
	Kind           string               `json:"kind"`
	Players        int                  `json:"players,omitempty"` // individual: the players (a published movement for 8, 12, 16, 20, 24 or 28, or the players its schedule or file seats)
	Tables         int                  `json:"tables,omitempty"`
	Pairs          int                  `json:"pairs,omitempty"`
	Teams          int                  `json:"teams,omitempty"`
	Rounds         int                  `json:"rounds,omitempty"`
	BoardsPerRound int                  `json:"boards_per_round,omitempty"`
	Even           string               `json:"even,omitempty"`
	SkipAfter      int                  `json:"skip_after,omitempty"`
	Missing        int                  `json:"missing,omitempty"`
	Phantom        bool                 `json:"phantom,omitempty"`
	ArrowSwitch    []int                `json:"arrow_switch,omitempty"`
	Variant        string               `json:"variant,omitempty"`      // mitchell: "barometer", "web", "hesitation", "rover", "two-stanza" or "appendix"; left out: plain
	Switches       []SwitchDTO          `json:"switches,omitempty"`     // mitchell: arrow switches at chosen tables in chosen rounds (one winner)
	RoverTables    []int                `json:"rover_tables,omitempty"` // mitchell "rover": the rover's table each round from round 2 (or 1); left out: the EBU's order
	Appendix       int                  `json:"appendix,omitempty"`     // mitchell "appendix": 1, EBUScore's 1-table appendix Mitchell: table tables+1 sharing table 1's boards, table tables+2 a half table; 3 to 7 on 13 tables, EBUScore's [M23]/[M13d]
	ShareBoards    bool                 `json:"share_boards,omitempty"`
	Schedule       []RoundDTO           `json:"schedule,omitempty"`
	File           string               `json:"file,omitempty"`       // custom, in requests: the movement as an .ASC or EBUScore movement file, each board group boards_per_round boards; individual: an EBUScore or .ASC individual movement file; stored as its schedule
	Winners        int                  `json:"winners,omitempty"`    // custom: 2 ranks NS and EW apart (NS pair n is movement pair n, EW pair n is tables+n)
	Unbalanced     bool                 `json:"unbalanced,omitempty"` // custom: the director accepts pairs meeting again or boards played unequally often (refused otherwise)
	VPScale        string               `json:"vp_scale,omitempty"`   // teams, swiss: "wbf" (default), "acbl-20", "acbl-30" or "table"
	VPTable        []int                `json:"vp_table,omitempty"`   // vp_scale "table": the least margin for each VP above the draw
	ByeVPs         *float64             `json:"bye_vps,omitempty"`    // swiss: a bye's VPs; left out: 60% of the scale's maximum
	CarryTeam      int                  `json:"carry_team,omitempty"` // knockout: the team (1 or 2) that starts with carry_imps
	CarryIMPs      float64              `json:"carry_imps,omitempty"` // knockout: the carry-over, IMPs in halves
	TieRule        string               `json:"tie_rule,omitempty"`   // knockout: "playoff" (default) or "carryover"
	From           []int64              `json:"from,omitempty"`       // knockout, in answers only: the two matches whose winners meet here (POST /v1/events/{id}/knockout/advance)
	Withdrawn      []SwissWithdrawalDTO `json:"withdrawn,omitempty"`  // swiss, in answers only: the teams (pairs) withdrawn, never paired again (POST /v1/sections/{id}/swiss/withdraw)
}

// SwissWithdrawalDTO is a team (pair) withdrawn from a Swiss: from round
// from_round on it is in no match and has no bye.
type SwissWithdrawalDTO struct {
	Number    int `json:"number"`
	FromRound int `json:"from_round"`
}

// Spec converts the DTO to the domain.
func (d *MovementSpecDTO) Spec() tournament.MovementSpec {
	s := tournament.MovementSpec{Kind: d.Kind, Players: d.Players, Tables: d.Tables, Pairs: d.Pairs, Teams: d.Teams, Rounds: d.Rounds,
		BoardsPerRound: d.BoardsPerRound, Even: d.Even, SkipAfter: d.SkipAfter, Missing: d.Missing, Phantom: d.Phantom,
		ArrowSwitch: slices.Clone(d.ArrowSwitch), ShareBoards: d.ShareBoards, File: d.File, Winners: d.Winners, Unbalanced: d.Unbalanced,
		VPScale: d.VPScale, VPTable: slices.Clone(d.VPTable), ByeVPs: d.ByeVPs,
		CarryTeam: d.CarryTeam, CarryIMPs: d.CarryIMPs, TieRule: d.TieRule,
		Variant: d.Variant, RoverTables: slices.Clone(d.RoverTables), Appendix: d.Appendix}
	for _, sw := range d.Switches {
		s.Switches = append(s.Switches, movement.Switch{Round: sw.Round, Tables: slices.Clone(sw.Tables)})
	}
	for _, r := range d.Schedule {
		s.Schedule = append(s.Schedule, r.Domain())
	}
	return s
}

// newMovementSpecDTO converts a movement spec to its answer.
func newMovementSpecDTO(s tournament.MovementSpec) MovementSpecDTO {
	d := MovementSpecDTO{Kind: s.Kind, Players: s.Players, Tables: s.Tables, Pairs: s.Pairs, Teams: s.Teams, Rounds: s.Rounds,
		BoardsPerRound: s.BoardsPerRound, Even: s.Even, SkipAfter: s.SkipAfter, Missing: s.Missing, Phantom: s.Phantom,
		ArrowSwitch: slices.Clone(s.ArrowSwitch), ShareBoards: s.ShareBoards, Winners: s.Winners, Unbalanced: s.Unbalanced,
		VPScale: s.VPScale, VPTable: slices.Clone(s.VPTable), ByeVPs: s.ByeVPs,
		CarryTeam: s.CarryTeam, CarryIMPs: s.CarryIMPs, TieRule: s.TieRule, From: slices.Clone(s.From), Withdrawn: convert(s.Withdrawn, func(w tournament.SwissWithdrawal) SwissWithdrawalDTO { return SwissWithdrawalDTO(w) }),
		Variant: s.Variant, RoverTables: slices.Clone(s.RoverTables), Appendix: s.Appendix}
	for _, sw := range s.Switches {
		d.Switches = append(d.Switches, SwitchDTO{Round: sw.Round, Tables: slices.Clone(sw.Tables)})
	}
	for _, r := range s.Schedule {
		d.Schedule = append(d.Schedule, newRoundDTO(nil, r))
	}
	return d
}

// SwitchDTO is an arrow switch at chosen tables in one round of a Mitchell.
type SwitchDTO struct {
	Round  int   `json:"round"`
	Tables []int `json:"tables"`
}

// RoundDTO is one round of a movement: the tables in play, the pairs that
// sit out and the boards that rest.
type RoundDTO struct {
	Round    int        `json:"round"`
	Tables   []TableDTO `json:"tables"`
	SitOut   []int      `json:"sit_out"`
	ByeStand []int      `json:"bye_stand"`
}

// Domain converts the DTO to the domain.
func (d *RoundDTO) Domain() movement.Round {
	r := movement.Round{Number: d.Round, SitOut: slices.Clone(d.SitOut), ByeStand: slices.Clone(d.ByeStand)}
	for _, t := range d.Tables {
		r.Tables = append(r.Tables, movement.Table{Table: t.Table, NS: t.NS, EW: t.EW, Boards: slices.Clone(t.Boards),
			ArrowSwitch: t.ArrowSwitch, Match: t.Match, Players: slices.Clone(t.Players)})
	}
	return r
}

func newRoundDTO(m *movement.Movement, r movement.Round) RoundDTO {
	d := RoundDTO{Round: r.Number, Tables: make([]TableDTO, len(r.Tables)), SitOut: ints(r.SitOut), ByeStand: ints(r.ByeStand)}
	for i, t := range r.Tables {
		d.Tables[i] = TableDTO{Table: t.Table, NS: t.NS, EW: t.EW, NSPair: pairName(m, t.NS), EWPair: pairName(m, t.EW),
			Boards: ints(t.Boards), ArrowSwitch: t.ArrowSwitch, Match: t.Match, Players: slices.Clone(t.Players)}
	}
	return d
}

// pairName is how the players call movement pair p: "3", or "3 EW" in a
// Mitchell; "" for no pair or no movement (a spec's schedule as given).
func pairName(m *movement.Movement, p int) string {
	if p == 0 || m == nil {
		return ""
	}
	n, dir := m.PairLabel(p)
	if dir == "" {
		return n
	}
	return n + " " + dir
}

// TableDTO is one table in one round.
type TableDTO struct {
	Table       int    `json:"table"`
	NS          int    `json:"ns"`                // the movement's pair number at the NS seats
	EW          int    `json:"ew"`                // the movement's pair number at the EW seats
	NSPair      string `json:"ns_pair,omitempty"` // what the players call it: "3", or "3 NS" in a Mitchell (answers only)
	EWPair      string `json:"ew_pair,omitempty"` // what the players call it: "3", or "3 EW" in a Mitchell (answers only)
	Boards      []int  `json:"boards"`
	ArrowSwitch bool   `json:"arrow_switch,omitempty"`
	Match       int    `json:"match,omitempty"`
	Players     []int  `json:"players,omitempty"` // an individual: the players at North, East, South and West; ns and ew are then their partnerships ("3-7")
}

// TeamDTO is a team of a teams movement and its two pairs.
type TeamDTO struct {
	Number int    `json:"number"`
	Pairs  [2]int `json:"pairs"`
}

// MovementResponse is a generated movement, round by round.
type MovementResponse struct {
	Name    string     `json:"name"`
	Kind    string     `json:"kind"`
	Winners int        `json:"winners"`
	Pairs   int        `json:"pairs"`
	Players int        `json:"players,omitempty"` // an individual: its players; pairs is then every partnership of two of them
	Tables  int        `json:"tables"`
	Boards  int        `json:"boards"`
	Phantom int        `json:"phantom"`
	Teams   []TeamDTO  `json:"teams,omitempty"`
	Rounds  []RoundDTO `json:"rounds"`
}

// NewMovementResponse converts a movement to its answer.
func NewMovementResponse(m movement.Movement) MovementResponse {
	d := MovementResponse{Name: m.Name, Kind: m.Kind.String(), Winners: m.Winners, Pairs: m.Pairs, Players: m.Players, Tables: m.Tables,
		Boards: m.Boards, Phantom: m.Phantom, Rounds: make([]RoundDTO, len(m.Rounds))}
	for _, t := range m.Teams {
		d.Teams = append(d.Teams, TeamDTO{Number: t.Number, Pairs: t.Pairs})
	}
	for i, r := range m.Rounds {
		d.Rounds[i] = newRoundDTO(&m, r)
	}
	return d
}

// SectionResponse is a section: the movement the director asked for and
// the one it gave.
type SectionResponse struct {
	ID           int64            `json:"id"`
	EventID      int64            `json:"event_id"`
	Session      int              `json:"session"`
	Name         string           `json:"name"`
	CurrentRound int              `json:"current_round"` // the round the director announces; a table may be further on or behind
	Pace         PaceDTO          `json:"pace"`          // the rounds closed for each table, the slots to be played later
	Movement     MovementSpecDTO  `json:"movement"`
	Generated    MovementResponse `json:"generated"`
	Grading      GradingDTO       `json:"grading"`               // its strata and handicap option (PUT /v1/sections/{id}/grading)
	Law          string           `json:"law,omitempty"`         // its own law code, when it has one: its results are scored under it, not the event's
	LawOptions   map[string]any   `json:"law_options,omitempty"` // with law: every option of that code
	CreatedAt    time.Time        `json:"created_at"`
}

// NewSectionResponse converts a section to its answer.
func NewSectionResponse(s tournament.Section) SectionResponse {
	out := SectionResponse{ID: s.ID, EventID: s.EventID, Session: s.Session, Name: s.Name, CurrentRound: s.CurrentRound, Pace: newPaceDTO(s.Pace),
		Movement: newMovementSpecDTO(s.Spec), Generated: NewMovementResponse(s.Movement), Grading: newGradingDTO(s.Grading), LawOptions: s.LawOptions, CreatedAt: s.CreatedAt}
	if s.Law != 0 {
		out.Law = s.Law.String()
	}
	return out
}

// SectionPatchRequest is the body of PATCH /v1/sections/{id}.
type SectionPatchRequest struct {
	CurrentRound *int           `json:"current_round"`
	Name         *string        `json:"name"`
	Session      *int           `json:"session"`
	Law          *string        `json:"law"`         // a law code of its own, its results scored again under it; "": the event's code again
	LawOptions   map[string]any `json:"law_options"` // options of that code (without law: of the code it plays now)
}

// CardsResponse is GET /v1/sections/{id}/movement: the movement, a card
// for every table and a guide card for every pair.
type CardsResponse struct {
	MovementResponse
	TableCards []TableCardDTO `json:"table_cards"`
	GuideCards []GuideCardDTO `json:"guide_cards"`
}

// TableCardDTO is the card left on a table.
type TableCardDTO struct {
	Table  int                 `json:"table"`
	Rounds []TableCardRoundDTO `json:"rounds"`
}

// TableCardRoundDTO is one round on a table card.
type TableCardRoundDTO struct {
	Round       int    `json:"round"`
	InPlay      bool   `json:"in_play"`
	NS          int    `json:"ns,omitempty"`
	EW          int    `json:"ew,omitempty"`
	NSPair      string `json:"ns_pair,omitempty"` // what the players call the NS pair: "3", or "3 NS" in a Mitchell
	EWPair      string `json:"ew_pair,omitempty"` // what the players call the EW pair
	Boards      []int  `json:"boards"`
	ArrowSwitch bool   `json:"arrow_switch,omitempty"`
	SharesWith  []int  `json:"shares_with,omitempty"`
	Match       int    `json:"match,omitempty"`
	Players     []int  `json:"players,omitempty"` // an individual: the players at North, East, South and West; ns and ew are then their partnerships ("3-7")
}

// GuideCardDTO is a pair's own card; in an individual a player's.
type GuideCardDTO struct {
	Pair   int             `json:"pair"`
	Name   string          `json:"name"` // what the players call the pair: "3", or "3 EW" in a Mitchell
	Team   int             `json:"team,omitempty"`
	Rounds []GuideRoundDTO `json:"rounds"`
}

// GuideRoundDTO is one round on a guide card.
type GuideRoundDTO struct {
	Round     int    `json:"round"`
	SitsOut   bool   `json:"sits_out"`
	Table     int    `json:"table,omitempty"`
	Direction string `json:"direction,omitempty"`
	Cards     string `json:"cards,omitempty"`
	Opponent  int    `json:"opponent,omitempty"`
	OppName   string `json:"opponent_name,omitempty"` // what the players call the opponents
	Boards    []int  `json:"boards"`
	Seat      string `json:"seat,omitempty"`    // an individual: the seat taken, "North", "East", "South" or "West"
	Partner   int    `json:"partner,omitempty"` // an individual: the partner
}

// NewCardsResponse converts a movement and its cards to the answer.
func NewCardsResponse(m movement.Movement) CardsResponse {
	d := CardsResponse{MovementResponse: NewMovementResponse(m)}
	for _, c := range m.TableCards() {
		tc := TableCardDTO{Table: c.Table, Rounds: make([]TableCardRoundDTO, len(c.Rounds))}
		for i, r := range c.Rounds {
			tc.Rounds[i] = TableCardRoundDTO{Round: r.Round, InPlay: r.InPlay, NS: r.NS, EW: r.EW,
				NSPair: pairName(&m, r.NS), EWPair: pairName(&m, r.EW), Boards: ints(r.Boards),
				ArrowSwitch: r.ArrowSwitch, SharesWith: r.SharesWith, Match: r.Match, Players: slices.Clone(r.Players)}
		}
		d.TableCards = append(d.TableCards, tc)
	}
	for _, c := range m.GuideCards() {
		gc := GuideCardDTO{Pair: c.Pair, Name: pairName(&m, c.Pair), Team: c.Team, Rounds: make([]GuideRoundDTO, len(c.Rounds))}
		if m.Kind == movement.KindIndividual {
			gc.Name = strconv.Itoa(c.Pair) // a player's card
		}
		for i, r := range c.Rounds {
			g := GuideRoundDTO{Round: r.Round, SitsOut: r.SitsOut, Boards: ints(r.Boards)}
			if !r.SitsOut {
				g.Table, g.Direction, g.Cards, g.Opponent, g.OppName = r.Table, r.Direction.String(), r.Cards.String(), r.Opponent, pairName(&m, r.Opponent)
				if r.Partner > 0 {
					g.Seat, g.Partner = movement.SeatName(r.Seat), r.Partner
				}
			}
			gc.Rounds[i] = g
		}
		d.GuideCards = append(d.GuideCards, gc)
	}
	if d.TableCards == nil {
		d.TableCards = []TableCardDTO{}
	}
	if d.GuideCards == nil {
		d.GuideCards = []GuideCardDTO{}
	}
	return d
}

// ints returns s, or an empty list for nil so the JSON says [].
func ints(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}
