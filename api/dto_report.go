package api

import (
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// RoyaltonResponse is GET /v1/events/{id}/reports/royalton: the Royalton
// test report over the sections asked for.
type RoyaltonResponse struct {
	EventID    int64               `json:"event_id"`
	Sections   []SectionRefDTO     `json:"sections"` // the sections the figures cover
	Law        string              `json:"law"`
	Results    int                 `json:"results"`    // played and passed-out results counted
	LeftOut    int                 `json:"left_out"`   // not played, artificial or assigned adjusted scores
	Unreadable []NotCountedDTO     `json:"unreadable"` // results the law code cannot read, and why
	PassedOut  int                 `json:"passed_out"` // counted in results, in no contract figure
	Declared   int                 `json:"declared"`   // played results with a contract
	Unlevelled int                 `json:"unlevelled"` // Bridge declarations (no level): in the strains only
	Exact      CountDTO            `json:"exact"`      // made exactly
	Overtricks CountDTO            `json:"overtricks"` // made with overtricks
	Defeated   CountDTO            `json:"defeated"`   // defeated
	Strains    []StrainCountDTO    `json:"strains"`    // the final declaration's strain, in bid order
	OddBid     float64             `json:"odd_bid"`    // average odd tricks bid
	OddMade    float64             `json:"odd_made"`   // average odd tricks made
	GameAt     int                 `json:"game_at"`    // the trick score of a game under the code
	Games      OutcomeDTO          `json:"games"`      // contracts worth a game
	Slams      OutcomeDTO          `json:"slams"`      // contracts of 6 or 7
	Doubled    OutcomeDTO          `json:"doubled"`    // doubled once
	Redoubled  OutcomeDTO          `json:"redoubled"`  // redoubled
	Royal      OutcomeDTO          `json:"royal"`      // royal bids
	Nullo      OutcomeDTO          `json:"nullo"`      // nullo contracts
	Boards     []BoardContractsDTO `json:"boards"`     // per board, the contracts reached
}

// NotCountedDTO is a result a report leaves out, and why.
type NotCountedDTO struct {
	Section string `json:"section"`
	Board   int    `json:"board"`
	Round   int    `json:"round"`
	Table   int    `json:"table"`
	Reason  string `json:"reason"`
}

// CountDTO is a number of contracts and its share of the contracts with a
// level, in percent to 2 decimals.
type CountDTO struct {
	N     int     `json:"n"`
	Share float64 `json:"share"`
}

// StrainCountDTO is how often one strain was the final declaration.
type StrainCountDTO struct {
	Strain string  `json:"strain"` // C, D, H, S, NT, NL or RS
	N      int     `json:"n"`
	Share  float64 `json:"share"` // of the declared contracts, in percent to 2 decimals
}

// OutcomeDTO is how often a kind of contract was bid and how it ended.
type OutcomeDTO struct {
	Bid      int `json:"bid"`
	Made     int `json:"made"`
	Defeated int `json:"defeated"`
}

// BoardContractsDTO is one board's contracts across the tables.
type BoardContractsDTO struct {
	Section   string             `json:"section"`
	Board     int                `json:"board"`
	Results   int                `json:"results"`
	Contracts []ContractCountDTO `json:"contracts"` // each different contract, most often first
	Same      bool               `json:"same"`      // every table reached the same contract
}

// ContractCountDTO is one contract reached on a board, by which side ("" when passed out), and how often.
type ContractCountDTO struct {
	Contract string `json:"contract"`
	Side     string `json:"side"`
	N        int    `json:"n"`
}

// NewRoyaltonResponse converts a Royalton report over d to its answer.
func NewRoyaltonResponse(d tournament.EventData, r reports.RoyaltonReport) RoyaltonResponse {
	return RoyaltonResponse{
		EventID: d.Event.ID, Sections: newSectionRefs(d), Law: r.Law,
		Results: r.Results, LeftOut: r.LeftOut, Unreadable: convert(r.Unreadable, newNotCounted),
		PassedOut: r.PassedOut, Declared: r.Declared, Unlevelled: r.Unlevelled,
		Exact: newCount(r.Exact), Overtricks: newCount(r.Overtricks), Defeated: newCount(r.Defeated),
		Strains: convert(r.Strains, func(s reports.StrainCount) StrainCountDTO {
			return StrainCountDTO{Strain: s.Strain, N: s.N, Share: s.Share}
		}),
		OddBid: r.OddBid, OddMade: r.OddMade, GameAt: r.GameAt,
		Games: newOutcome(r.Games), Slams: newOutcome(r.Slams), Doubled: newOutcome(r.Doubled),
		Redoubled: newOutcome(r.Redoubled), Royal: newOutcome(r.Royal), Nullo: newOutcome(r.Nullo),
		Boards: convert(r.Boards, newBoardContracts),
	}
}

func newNotCounted(n reports.NotCounted) NotCountedDTO {
	return NotCountedDTO{Section: n.Section, Board: n.Board, Round: n.Round, Table: n.Table, Reason: n.Reason}
}

func newCount(c reports.Count) CountDTO { return CountDTO{N: c.N, Share: c.Share} }

func newOutcome(o reports.Outcome) OutcomeDTO {
	return OutcomeDTO{Bid: o.Bid, Made: o.Made, Defeated: o.Defeated}
}

func newBoardContracts(b reports.BoardContracts) BoardContractsDTO {
	return BoardContractsDTO{Section: b.Section, Board: b.Board, Results: b.Results, Same: b.Same,
		Contracts: convert(b.Contracts, func(c reports.ContractCount) ContractCountDTO {
			return ContractCountDTO{Contract: c.Contract, Side: c.Side, N: c.N}
		})}
}

// LawsResponse is GET /v1/events/{id}/reports/laws: the event's played
// results scored again under one law code or every other one.
type LawsResponse struct {
	EventID     int64              `json:"event_id"`
	Sections    []SectionRefDTO    `json:"sections"` // the sections compared
	Law         string             `json:"law"`      // the event's own law code
	Comparisons []LawComparisonDTO `json:"comparisons"`
}

// LawComparisonDTO is the results under the event's law code (from) and
// under another (to).
type LawComparisonDTO struct {
	From          string               `json:"from"`
	To            string               `json:"to"`
	Boards        []BoardComparisonDTO `json:"boards"`
	NotComparable []NotCountedDTO      `json:"not_comparable"` // results one of the codes cannot score, left out of both standings
	Fields        []FieldComparisonDTO `json:"fields"`
}

// BoardComparisonDTO is one board's traveler under both codes.
type BoardComparisonDTO struct {
	Section string              `json:"section"`
	Board   int                 `json:"board"`
	Lines   []LineComparisonDTO `json:"lines"`
}

// LineComparisonDTO is one traveler line under both codes: the NS scores
// and points side by side, each itemised, and the items only one has.
type LineComparisonDTO struct {
	Round      int      `json:"round"`
	Table      int      `json:"table"`
	NS         string   `json:"ns"`
	EW         string   `json:"ew"`
	Status     string   `json:"status"`
	Contract   string   `json:"contract"`
	Declarer   string   `json:"declarer"`
	Tricks     int      `json:"tricks"`
	FromScore  int      `json:"from_score"`
	ToScore    int      `json:"to_score"`
	FromPoints float64  `json:"from_points"`
	ToPoints   float64  `json:"to_points"`
	FromLines  []string `json:"from_lines"`
	ToLines    []string `json:"to_lines"`
	OnlyFrom   []string `json:"only_from"` // why the score changed: items of from that to does not have
	OnlyTo     []string `json:"only_to"`   // items of to that from does not have
	Changed    bool     `json:"changed"`   // the NS score differs
}

// FieldComparisonDTO is the standings of one field under both codes.
type FieldComparisonDTO struct {
	Section   string        `json:"section"`
	Direction string        `json:"direction"` // "NS" or "EW" in a two-winner Mitchell, else ""
	Pairs     []PairMoveDTO `json:"pairs"`     // by place under from
	Gains     []PairMoveDTO `json:"gains"`     // the largest moves up, at most 3
	Losses    []PairMoveDTO `json:"losses"`    // the largest moves down, at most 3
	Tau       *float64      `json:"tau"`       // Kendall's tau-b between the two orders; null when undefined
}

// PairMoveDTO is one pair's (or team's) place and total under both codes.
type PairMoveDTO struct {
	Number         string   `json:"number"`
	Direction      string   `json:"direction"`
	Players        []string `json:"players"`
	FromPlace      int      `json:"from_place"`
	ToPlace        int      `json:"to_place"`
	FromTotal      float64  `json:"from_total"`
	ToTotal        float64  `json:"to_total"`
	FromPercentage float64  `json:"from_percentage"`
	ToPercentage   float64  `json:"to_percentage"`
	Move           int      `json:"move"` // places gained (positive: moved up)
}

// NewLawsResponse converts the comparisons of d's results to the answer.
func NewLawsResponse(d tournament.EventData, cs []reports.LawComparison) LawsResponse {
	return LawsResponse{EventID: d.Event.ID, Sections: newSectionRefs(d), Law: d.Event.Law.String(),
		Comparisons: convert(cs, newLawComparison)}
}

func newLawComparison(c reports.LawComparison) LawComparisonDTO {
	return LawComparisonDTO{From: c.From, To: c.To, NotComparable: convert(c.NotComparable, newNotCounted),
		Boards: convert(c.Boards, func(b reports.BoardComparison) BoardComparisonDTO {
			return BoardComparisonDTO{Section: b.Section, Board: b.Board, Lines: convert(b.Lines, newLineComparison)}
		}),
		Fields: convert(c.Fields, newFieldComparison)}
}

func newLineComparison(l reports.LineComparison) LineComparisonDTO {
	return LineComparisonDTO{Round: l.Round, Table: l.Table, NS: l.NS, EW: l.EW, Status: l.Status,
		Contract: l.Contract, Declarer: l.Declarer, Tricks: l.Tricks,
		FromScore: l.FromScore, ToScore: l.ToScore, FromPoints: l.FromPoints, ToPoints: l.ToPoints,
		FromLines: strs(l.FromLines), ToLines: strs(l.ToLines), OnlyFrom: strs(l.OnlyFrom), OnlyTo: strs(l.OnlyTo),
		Changed: l.Changed}
}

func newFieldComparison(f reports.FieldComparison) FieldComparisonDTO {
	d := FieldComparisonDTO{Section: f.Section, Direction: f.Direction, Pairs: convert(f.Pairs, newPairMove),
		Gains: convert(f.Gains, newPairMove), Losses: convert(f.Losses, newPairMove)}
	if f.TauDefined {
		tau := f.Tau
		d.Tau = &tau
	}
	return d
}

func newPairMove(p reports.PairMove) PairMoveDTO {
	return PairMoveDTO{Number: p.Number, Direction: p.Direction, Players: strs(p.Players),
		FromPlace: p.FromPlace, ToPlace: p.ToPlace, FromTotal: p.FromTotal, ToTotal: p.ToTotal,
		FromPercentage: p.FromPct, ToPercentage: p.ToPct, Move: p.Move}
}

// strs returns s, or an empty list for nil so the JSON says [].
func strs(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
