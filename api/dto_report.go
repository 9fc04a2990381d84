package api

import (
	"math"
	"slices"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// RoyaltonResponse is GET /v1/events/{id}/reports/royalton and `traveler
// report royalton --format json`: the Royalton test report over the
// sections asked for.
type RoyaltonResponse struct {
	// Par is the par report under the event's own code, per board the par
	// and the tables that reached it, when boards have their double-dummy
	// analysis (ParReportResponse).
	Par *CodeParDTO `json:"par,omitempty"`

	EventID    int64               `json:"event_id"`       // 0 for a results file
	From       string              `json:"from,omitempty"` // the results file read (the CLI's --from); absent for the database
	EventName  string              `json:"event_name"`
	EventDate  string              `json:"event_date"`
	Scoring    string              `json:"scoring"`    // the event's method: MP, MP_ACBL, AVERAGE, TOTAL, CROSS_IMP, BUTLER or IMP_TEAMS
	Sections   []SectionRefDTO     `json:"sections"`   // the sections the figures cover
	Law        string              `json:"law"`        // the event's law code, under which the contracts are read
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
	Royal      *OutcomeDTO         `json:"royal"`      // royal bids; null when the law code has none
	Nullo      *OutcomeDTO         `json:"nullo"`      // nullo contracts; null when the law code (with its options) has none
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

// NewRoyaltonResponse converts a Royalton report over d to its answer;
// the CLI sets From.
func NewRoyaltonResponse(d tournament.EventData, r reports.RoyaltonReport) RoyaltonResponse {
	rules := d.Event.RulesOrDefaults()
	out := RoyaltonResponse{
		EventID: d.Event.ID, EventName: d.Event.Name, EventDate: d.Event.Date, Scoring: string(d.Event.Scoring),
		Sections: newSectionRefs(d), Law: r.Law,
		Results: r.Results, LeftOut: r.LeftOut, Unreadable: convert(r.Unreadable, newNotCounted),
		PassedOut: r.PassedOut, Declared: r.Declared, Unlevelled: r.Unlevelled,
		Exact: newCount(r.Exact), Overtricks: newCount(r.Overtricks), Defeated: newCount(r.Defeated),
		Strains: convert(r.Strains, func(s reports.StrainCount) StrainCountDTO {
			return StrainCountDTO{Strain: s.Strain, N: s.N, Share: s.Share}
		}),
		OddBid: r.OddBid, OddMade: r.OddMade, GameAt: r.GameAt,
		Games: newOutcome(r.Games), Slams: newOutcome(r.Slams), Doubled: newOutcome(r.Doubled),
		Redoubled: newOutcome(r.Redoubled),
		Boards:    convert(r.Boards, newBoardContracts),
	}
	if rules.Law.HasRoyalBids() {
		o := newOutcome(r.Royal)
		out.Royal = &o
	}
	if rules.HasNullo() {
		o := newOutcome(r.Nullo)
		out.Nullo = &o
	}
	return out
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

// LawsResponse is GET /v1/events/{id}/reports/laws and `traveler report
// laws --format json`: the event's played results scored again under one
// law code or every other one.
type LawsResponse struct {
	EventID     int64              `json:"event_id"`       // 0 for a results file
	From        string             `json:"from,omitempty"` // the results file read (the CLI's --from); absent for the database
	EventName   string             `json:"event_name"`
	EventDate   string             `json:"event_date"`
	Scoring     string             `json:"scoring"`  // the event's method: what the totals and points are, and whether there are percentages
	Sections    []SectionRefDTO    `json:"sections"` // the sections compared
	Law         string             `json:"law"`      // the event's own law code
	Comparisons []LawComparisonDTO `json:"comparisons"`
	// Par is the par report under every code (ParReportResponse's codes),
	// when boards of the event have their double-dummy analysis.
	Par []CodeParDTO `json:"par,omitempty"`
}

// LawComparisonDTO is the results under the event's law code (from) and
// under another (to).
type LawComparisonDTO struct {
	From          string               `json:"from"`
	To            string               `json:"to"`
	Boards        []BoardComparisonDTO `json:"boards"`
	NotComparable []NotCountedDTO      `json:"not_comparable"` // results one of the codes cannot score, left out of both standings
	Fields        []FieldComparisonDTO `json:"fields"`
	ChangedLines  int                  `json:"changed_lines"` // how many lines' NS score differs (changed)
	Comparable    int                  `json:"comparable"`    // played and passed-out results both codes score
	// NothingComparable: no result can be scored under both codes, so
	// boards and fields are empty (no standings are compared).
	NothingComparable bool `json:"nothing_comparable"`
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
	Tricks     *int     `json:"tricks"` // null when not played
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
	FromPercentage *float64 `json:"from_percentage"` // null unless the method has percentages (matchpoints)
	ToPercentage   *float64 `json:"to_percentage"`   // null unless the method has percentages (matchpoints)
	Move           int      `json:"move"`            // places gained (positive: moved up)
}

// NewLawsResponse converts the comparisons of d's results to the answer;
// the CLI sets From.
func NewLawsResponse(d tournament.EventData, cs []reports.LawComparison) LawsResponse {
	pct := d.Event.Scoring.HasPercentage()
	return LawsResponse{EventID: d.Event.ID, EventName: d.Event.Name, EventDate: d.Event.Date, Scoring: string(d.Event.Scoring),
		Sections: newSectionRefs(d), Law: d.Event.Law.String(),
		Comparisons: convert(cs, func(c reports.LawComparison) LawComparisonDTO { return newLawComparison(c, pct) })}
}

// newLawComparison converts one comparison; pct says whether the event's
// method has percentages.
func newLawComparison(c reports.LawComparison, pct bool) LawComparisonDTO {
	out := LawComparisonDTO{From: c.From, To: c.To, NotComparable: convert(c.NotComparable, newNotCounted),
		Boards: convert(c.Boards, func(b reports.BoardComparison) BoardComparisonDTO {
			return BoardComparisonDTO{Section: b.Section, Board: b.Board, Lines: convert(b.Lines, newLineComparison)}
		}),
		Fields:     convert(c.Fields, func(f reports.FieldComparison) FieldComparisonDTO { return newFieldComparison(f, pct) }),
		Comparable: c.Comparable, NothingComparable: c.NothingComparable()}
	for _, b := range c.Boards {
		for _, l := range b.Lines {
			if l.Changed {
				out.ChangedLines++
			}
		}
	}
	return out
}

func newLineComparison(l reports.LineComparison) LineComparisonDTO {
	out := LineComparisonDTO{Round: l.Round, Table: l.Table, NS: l.NS, EW: l.EW, Status: l.Status,
		Contract: l.Contract, Declarer: l.Declarer,
		FromScore: l.FromScore, ToScore: l.ToScore, FromPoints: l.FromPoints, ToPoints: l.ToPoints,
		FromLines: strs(l.FromLines), ToLines: strs(l.ToLines), OnlyFrom: strs(l.OnlyFrom), OnlyTo: strs(l.OnlyTo),
		Changed: l.Changed}
	if l.Status == string(tournament.StatusPlayed) {
		tricks := l.Tricks
		out.Tricks = &tricks
	}
	return out
}

func newFieldComparison(f reports.FieldComparison, pct bool) FieldComparisonDTO {
	move := func(p reports.PairMove) PairMoveDTO { return newPairMove(p, pct) }
	d := FieldComparisonDTO{Section: f.Section, Direction: f.Direction, Pairs: convert(f.Pairs, move),
		Gains: convert(f.Gains, move), Losses: convert(f.Losses, move)}
	if f.TauDefined {
		tau := f.Tau
		d.Tau = &tau
	}
	return d
}

func newPairMove(p reports.PairMove, pct bool) PairMoveDTO {
	out := PairMoveDTO{Number: p.Number, Direction: p.Direction, Players: strs(p.Players),
		FromPlace: p.FromPlace, ToPlace: p.ToPlace, FromTotal: p.FromTotal, ToTotal: p.ToTotal, Move: p.Move}
	if pct {
		from, to := p.FromPct, p.ToPct
		out.FromPercentage, out.ToPercentage = &from, &to
	}
	return out
}

// strs returns s, or an empty list for nil so the JSON says [].
func strs(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// ParReportResponse is GET /v1/events/{id}/reports/par and `traveler
// report par --format json`: under each law code, the analysed boards'
// par, how many tables reached it and how far the others fell, and how much
// of the scores' spread the cards make against the tables (reports.ParReport).
type ParReportResponse struct {
	EventID   int64           `json:"event_id"`       // 0 for a results file
	From      string          `json:"from,omitempty"` // the results file read (the CLI's --from)
	EventName string          `json:"event_name"`
	EventDate string          `json:"event_date"`
	Sections  []SectionRefDTO `json:"sections"`
	Analysed  int             `json:"analysed_boards"` // boards with a double-dummy analysis
	Codes     []CodeParDTO    `json:"codes"`           // the event's own code first
}

// CodeParDTO is one law code's part of the par report.
type CodeParDTO struct {
	Law           string        `json:"law"`
	Own           bool          `json:"own"` // the event's own code, with its options (the others with their defaults)
	NullosLeftOut bool          `json:"nullos_left_out,omitempty"`
	Note          string        `json:"note,omitempty"` // NulloNote when nullos are left out, as every par says
	Results       int           `json:"results"`        // played and passed-out results on analysed boards the code scores
	AtPar         int           `json:"at_par"`         // of them, those scoring exactly par
	MeanFromPar   float64       `json:"mean_from_par"`  // mean distance of a result's NS score from par, in the code's points
	CardsSpread   float64       `json:"cards_spread"`   // variance of par over the results: the cards' spread
	TablesSpread  float64       `json:"tables_spread"`  // variance of the results around par: the tables'
	CardsShare    float64       `json:"cards_share"`    // the cards' share of the two, 0 to 1
	BoardsShare   float64       `json:"boards_share"`   // η²: the scores' sum of squares between boards over the total, 0 to 1 (no par needed)
	Boards        []BoardParDTO `json:"boards"`
}

// BoardParDTO is one board under one code.
type BoardParDTO struct {
	Section     string   `json:"section"`
	Board       int      `json:"board"`
	Par         int      `json:"par"` // for North-South
	Contracts   []string `json:"contracts"`
	Results     int      `json:"results"`
	AtPar       int      `json:"at_par"`
	MeanFromPar float64  `json:"mean_from_par"`
}

// NewParReportResponse converts a par report of d.
func NewParReportResponse(d tournament.EventData, r reports.ParReport) ParReportResponse {
	round := func(f float64) float64 { return math.Round(f*100) / 100 }
	return ParReportResponse{EventID: d.Event.ID, EventName: d.Event.Name, EventDate: d.Event.Date, Sections: newSectionRefs(d), Analysed: r.Analysed,
		Codes: convert(r.Codes, func(c reports.CodePar) CodeParDTO {
			note := ""
			if c.NullosLeftOut {
				note = NulloNote
			}
			return CodeParDTO{Law: c.Law, Own: c.Own, NullosLeftOut: c.NullosLeftOut, Note: note, Results: c.Results, AtPar: c.AtPar,
				MeanFromPar: round(c.MeanFromPar), CardsSpread: round(c.CardsSpread), TablesSpread: round(c.TablesSpread), CardsShare: math.Round(c.CardsShare*1000) / 1000,
				BoardsShare: math.Round(c.BoardsShare*1000) / 1000,
				Boards: convert(c.Boards, func(b reports.BoardPar) BoardParDTO {
					return BoardParDTO{Section: b.Section, Board: b.Board, Par: b.Par, Contracts: nonNil(b.Contracts), Results: b.Results, AtPar: b.AtPar, MeanFromPar: round(b.MeanFromPar)}
				})}
		})}
}

// nonNil is s, or an empty list for nil (JSON [] rather than null).
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// WithPar adds the par report of the event's own code to the Royalton
// report, when any board was analysed.
func (r *RoyaltonResponse) WithPar(d tournament.EventData, par reports.ParReport) {
	if par.Analysed == 0 {
		return
	}
	for _, c := range NewParReportResponse(d, par).Codes {
		if c.Own {
			r.Par = &c
		}
	}
}

// WithPar adds the par report under every code to the law comparison,
// when any board was analysed.
func (r *LawsResponse) WithPar(d tournament.EventData, par reports.ParReport) {
	if par.Analysed > 0 {
		r.Par = NewParReportResponse(d, par).Codes
	}
}

// DealtResponse is `traveler report royalton --deals N`: the Royalton
// author's game at 40 tested by double dummy on N random deals
// (reports.DealtReport).
type DealtResponse struct {
	Deals    int            `json:"deals"`
	GameAt40 int            `json:"game_at_40"` // deals holding a declaration that makes four odd tricks, nullos left out
	Share    float64        `json:"game_at_40_share"`
	ByStrain map[string]int `json:"by_strain"` // the same in each strain: C, D, H, S, NT
	Note     string         `json:"note"`      // NulloNote: nullos are left out
	Codes    []DealtParDTO  `json:"codes"`
}

// DealtParDTO is par under one code over the dealt boards.
type DealtParDTO struct {
	Law           string  `json:"law"`
	NullosLeftOut bool    `json:"nullos_left_out,omitempty"`
	PassedOut     int     `json:"passed_out"`   // deals whose par is no contract
	MeanAbsPar    float64 `json:"mean_abs_par"` // the mean of |par|, in the code's points
	ParSpread     float64 `json:"par_spread"`   // the variance of par
}

// NewDealtResponse converts a dealt-boards report.
func NewDealtResponse(r reports.DealtReport) DealtResponse {
	round := func(f float64) float64 { return math.Round(f*100) / 100 }
	out := DealtResponse{Deals: r.Deals, GameAt40: r.GameAt40, ByStrain: map[string]int{}, Note: NulloNote,
		Codes: convert(r.Codes, func(c reports.DealtPar) DealtParDTO {
			return DealtParDTO{Law: c.Law, NullosLeftOut: c.NullosLeftOut, PassedOut: c.PassedOut, MeanAbsPar: round(c.MeanAbsPar), ParSpread: round(c.ParSpread)}
		})}
	if r.Deals > 0 {
		out.Share = math.Round(1000*float64(r.GameAt40)/float64(r.Deals)) / 1000
	}
	for s := scoring.Clubs; s <= scoring.NoTrump; s++ {
		out.ByStrain[s.String()] = r.ByStrain[s]
	}
	return out
}

// CodesResponse is GET /v1/events/{id}/reports/codes and `traveler report
// codes --format json`: the duplicate-whist test (issue 28 §2) — the same
// deals played under two law codes (an event's sections with codes of
// their own, or two events), board by board, with a paired test across
// the boards (reports.CodeComparison).
type CodesResponse struct {
	EventID     int64               `json:"event_id"`       // 0 for a results file
	From        string              `json:"from,omitempty"` // the results file read (the CLI's --from)
	EventName   string              `json:"event_name"`
	Sections    []SectionRefDTO     `json:"sections"`
	With        *EventRefDTO        `json:"with,omitempty"` // the other event compared with (?with=); left out: the event's own sections compared
	Comparisons []CodeComparisonDTO `json:"comparisons"`    // each two codes compared, the event's own first
}

// EventRefDTO names an event.
type EventRefDTO struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// CodeComparisonDTO is two sides compared on the deals both played.
type CodeComparisonDTO struct {
	A           CodeSideDTO     `json:"a"`
	B           CodeSideDTO     `json:"b"`
	Boards      []CodeBoardDTO  `json:"boards"`
	Unmatched   []string        `json:"unmatched"` // boards only one side played with that deal, and why
	AtPar       SignedRankDTO   `json:"at_par_test"`
	AtParWords  string          `json:"at_par_words"`  // the test and its p-value in plain words
	InBest      SignedRankDTO   `json:"in_best_test"`  // the same test on the share of contracts in the best declaration
	InBestWords string          `json:"in_best_words"` // what it found, in plain words
	Unscored    []NotCountedDTO `json:"unscored"`      // results a side's code cannot score
}

// CodeSideDTO is one side's figures over the matched boards.
type CodeSideDTO struct {
	Name          string              `json:"name"`
	Law           string              `json:"law"`
	Note          string              `json:"note,omitempty"` // NulloNote when par leaves nullos out under the code
	Results       int                 `json:"results"`
	WithPar       int                 `json:"with_par"`
	AtPar         int                 `json:"at_par"`
	MeanFromPar   float64             `json:"mean_from_par"`   // mean |NS score − par|, in the code's points
	SpreadFromPar float64             `json:"spread_from_par"` // standard deviation of NS score − par, in the code's points
	CardsShare    float64             `json:"cards_share"`     // against par: the variance of par over its sum with the variance around par, 0 to 1
	BoardsShare   float64             `json:"boards_share"`    // η²: the part of the scores' sum of squares between boards (the cards), 0 to 1
	Declarations  DeclarationTallyDTO `json:"declarations"`
}

// DeclarationTallyDTO is the declaration measure summed over tables
// (reports.DeclarationTally): the Royalton author's (a) and (b).
type DeclarationTallyDTO struct {
	Measured       int     `json:"measured"`        // tables with a double-dummy trick table
	Judged         int     `json:"judged"`          // contracts judged (nullos are not)
	InBest         int     `json:"in_best"`         // in the declaring side's best declaration
	ShareInBest    float64 `json:"share_in_best"`   // 0 to 1
	Levelled       int     `json:"levelled"`        // judged contracts with a level
	MeanLevelGap   float64 `json:"mean_level_gap"`  // highest level the declarer could fulfil − level bid, on average
	MeanAbsGap     float64 `json:"mean_abs_gap"`    // its size on average
	Leads          int     `json:"leads"`           // tables with a side that could make most
	LeaderDeclared int     `json:"leader_declared"` // of them, where that side declared
}

// CodeBoardDTO is one board under both codes.
type CodeBoardDTO struct {
	Board      int              `json:"board"`
	Deal       string           `json:"deal"`
	A          CodeBoardSideDTO `json:"a"`
	B          CodeBoardSideDTO `json:"b"`
	Nearer     string           `json:"nearer"`      // "A", "B", "tie", or "" when the board does not count in the test
	NearerBest string           `json:"nearer_best"` // the same for the share of contracts in the best declaration
}

// CodeBoardSideDTO is one board under one side's code.
type CodeBoardSideDTO struct {
	Sections      []string            `json:"sections"`
	Par           *int                `json:"par"` // NS par; null without an analysis
	ParContracts  []string            `json:"par_contracts"`
	Results       int                 `json:"results"`
	AtPar         int                 `json:"at_par"`
	ShareAtPar    float64             `json:"share_at_par"`
	MeanFromPar   float64             `json:"mean_from_par"`
	SpreadFromPar float64             `json:"spread_from_par"`
	Contracts     []ContractCountDTO  `json:"contracts"`
	Declarations  DeclarationTallyDTO `json:"declarations"`
}

// SignedRankDTO is a Wilcoxon signed-rank test (reports.SignedRank).
type SignedRankDTO struct {
	Test   string  `json:"test"` // "Wilcoxon signed-rank"
	N      int     `json:"n"`    // boards with a non-zero difference
	Zeros  int     `json:"zeros"`
	Plus   int     `json:"a_ahead"`
	Minus  int     `json:"b_ahead"`
	WPlus  float64 `json:"w_plus"`
	WMinus float64 `json:"w_minus"`
	P      float64 `json:"p_value"` // two-sided
	Exact  bool    `json:"exact"`   // counted exactly, not by the normal approximation
}

// NewCodesResponse converts comparisons of d (of d and another event's
// boards when two events are compared).
func NewCodesResponse(d tournament.EventData, cs []reports.CodeComparison) CodesResponse {
	round := func(f float64) float64 { return math.Round(f*100) / 100 }
	decl := func(t reports.DeclarationTally) DeclarationTallyDTO {
		return DeclarationTallyDTO{Measured: t.Measured, Judged: t.Judged, InBest: t.InBest, ShareInBest: math.Round(t.ShareInBest*1000) / 1000,
			Levelled: t.Levelled, MeanLevelGap: round(t.MeanLevelGap), MeanAbsGap: round(t.MeanAbsGap), Leads: t.Leads, LeaderDeclared: t.LeaderDeclared}
	}
	test := func(t reports.SignedRank) SignedRankDTO {
		return SignedRankDTO{Test: "Wilcoxon signed-rank", N: t.N, Zeros: t.Zeros, Plus: t.Plus, Minus: t.Minus, WPlus: t.WPlus, WMinus: t.WMinus,
			P: math.Round(t.P*1e6) / 1e6, Exact: t.Exact}
	}
	side := func(s reports.CodeSideSummary) CodeSideDTO {
		note := ""
		if s.NullosLeftOut {
			note = NulloNote
		}
		return CodeSideDTO{Name: s.Name, Law: s.Law, Note: note, Results: s.Results, WithPar: s.WithPar, AtPar: s.AtPar,
			MeanFromPar: round(s.MeanFromPar), SpreadFromPar: round(s.SpreadFromPar),
			CardsShare: math.Round(s.Cards.CardsShare*1000) / 1000, BoardsShare: math.Round(s.Cards.BoardsShare*1000) / 1000, Declarations: decl(s.Declarations)}
	}
	boardSide := func(b reports.CodeBoardSide) CodeBoardSideDTO {
		return CodeBoardSideDTO{Sections: nonNil(b.Sections), Par: b.Par, ParContracts: nonNil(b.ParContracts), Results: b.Results, AtPar: b.AtPar,
			ShareAtPar: math.Round(b.ShareAtPar*1000) / 1000, MeanFromPar: round(b.MeanFromPar), SpreadFromPar: round(b.SpreadFromPar),
			Contracts: convert(b.Contracts, func(c reports.ContractCount) ContractCountDTO {
				return ContractCountDTO{Contract: c.Contract, Side: c.Side, N: c.N}
			}),
			Declarations: decl(b.Declarations)}
	}
	out := CodesResponse{EventID: d.Event.ID, EventName: d.Event.Name, Sections: newSectionRefs(d), Comparisons: []CodeComparisonDTO{}}
	if d.With != nil {
		out.With = &EventRefDTO{ID: d.With.Event.ID, Name: d.With.Event.Name}
	}
	for _, c := range cs {
		out.Comparisons = append(out.Comparisons, CodeComparisonDTO{A: side(c.A), B: side(c.B),
			Boards: convert(c.Boards, func(b reports.CodeBoard) CodeBoardDTO {
				return CodeBoardDTO{Board: b.Board, Deal: b.Deal, A: boardSide(b.A), B: boardSide(b.B), Nearer: b.Nearer, NearerBest: b.NearerBest}
			}),
			Unmatched:   nonNil(c.Unmatched),
			AtPar:       test(c.AtPar),
			AtParWords:  c.AtParWords,
			InBest:      test(c.InBest),
			InBestWords: c.InBestWords,
			Unscored:    convert(append(slices.Clone(c.A.Unscored), c.B.Unscored...), newNotCounted),
		})
	}
	return out
}

// DeclarationReportResponse is GET /v1/events/{id}/reports/declaration and
// `traveler report declaration --format json`: the Royalton author's (a)
// and (b) answered by double dummy — per law code, board and table, whether
// the contract was in the declaring side's best declaration, how far its
// level was from the highest it could fulfil, and whether the side that
// could make most declared (reports.DeclarationReport).
type DeclarationReportResponse struct {
	EventID   int64                `json:"event_id"`       // 0 for a results file
	From      string               `json:"from,omitempty"` // the results file read (the CLI's --from)
	EventName string               `json:"event_name"`
	EventDate string               `json:"event_date"`
	Sections  []SectionRefDTO      `json:"sections"`
	Analysed  int                  `json:"analysed_boards"` // boards with a double-dummy analysis
	Codes     []CodeDeclarationDTO `json:"codes"`
}

// DeclarationCountDTO is the declaration measure summed over tables.
type DeclarationCountDTO struct {
	Tables         int     `json:"contracts"`       // played contracts double dummy judges (the tables with one)
	PassedOut      int     `json:"passed_out"`      // passed-out results
	NotJudged      int     `json:"not_judged"`      // nullo contracts on boards whose nullos are left out (search too long)
	InBest         int     `json:"in_best"`         // contracts in the declaring side's best declaration
	Levelled       int     `json:"levelled"`        // contracts with a level
	AtHighest      int     `json:"at_highest"`      // of them, bid at the highest the declarer could fulfil
	Under          int     `json:"under"`           // bid lower than that
	Over           int     `json:"over"`            // bid higher than that
	MeanLevelGap   float64 `json:"mean_level_gap"`  // mean of the highest fulfillable level less the level bid
	Leading        int     `json:"leading"`         // results on boards where one side could make most
	LeaderDeclared int     `json:"leader_declared"` // of them, that side declared
}

// CodeDeclarationDTO is one law code's part of the declaration report.
type CodeDeclarationDTO struct {
	Law                string `json:"law"`
	NullosLeftOut      bool   `json:"nullos_left_out,omitempty"`       // on some boards the nullos were not solved and are left out
	NulloBoardsLeftOut int    `json:"nullo_boards_left_out,omitempty"` // on how many
	Note               string `json:"note,omitempty"`                  // DeclarationNulloNote when nullos are left out
	DeclarationCountDTO
	Boards []BoardDeclarationDTO `json:"boards"`
}

// BoardDeclarationDTO is one board's tables under one code.
type BoardDeclarationDTO struct {
	Section string   `json:"section"`
	Board   int      `json:"board"`
	BestNS  []string `json:"best_ns"` // NS's best declarations ("1C"); [] when NS cannot declare (Bridge codes)
	BestEW  []string `json:"best_ew"`
	Leader  string   `json:"leader,omitempty"` // the side that could make most; absent when neither
	// NullosLeftOut: the code has nullos and this board's were not solved
	// within the search's bound: a nullo played here is not judged.
	NullosLeftOut bool `json:"nullos_left_out,omitempty"`
	DeclarationCountDTO
	Tables []DeclarationLineDTO `json:"tables"`
}

// DeclarationLineDTO is one table's result measured.
type DeclarationLineDTO struct {
	Round          int    `json:"round"`
	Table          int    `json:"table"`
	Contract       string `json:"contract"` // "PASS" when passed out
	Declarer       string `json:"declarer,omitempty"`
	Judged         bool   `json:"judged"`              // false for a pass or a nullo on a board whose nullos are left out
	InBest         bool   `json:"in_best"`             // the contract is in its side's best declaration
	Highest        *int   `json:"highest,omitempty"`   // the most odd tricks the declarer takes in its strain (contracts with a level)
	LevelGap       *int   `json:"level_gap,omitempty"` // highest less the level bid
	LeaderDeclared bool   `json:"leader_declared"`     // the side that could make most declared
}

// NewDeclarationReportResponse converts a declaration report of d.
func NewDeclarationReportResponse(d tournament.EventData, r reports.DeclarationReport) DeclarationReportResponse {
	count := func(c reports.DeclarationCount) DeclarationCountDTO {
		return DeclarationCountDTO{Tables: c.Tables, PassedOut: c.PassedOut, NotJudged: c.NotJudged, InBest: c.InBest, Levelled: c.Levelled,
			AtHighest: c.AtHighest, Under: c.Under, Over: c.Over, MeanLevelGap: math.Round(c.MeanLevelGap*100) / 100, Leading: c.Leading, LeaderDeclared: c.LeaderDeclared}
	}
	return DeclarationReportResponse{EventID: d.Event.ID, EventName: d.Event.Name, EventDate: d.Event.Date, Sections: newSectionRefs(d), Analysed: r.Analysed,
		Codes: convert(r.Codes, func(c reports.CodeDeclaration) CodeDeclarationDTO {
			note := ""
			if c.NullosLeftOut {
				note = DeclarationNulloNote
			}
			return CodeDeclarationDTO{Law: c.Law, NullosLeftOut: c.NullosLeftOut, NulloBoardsLeftOut: c.NulloBoardsLeftOut, Note: note, DeclarationCountDTO: count(c.DeclarationCount),
				Boards: convert(c.Boards, func(b reports.BoardDeclaration) BoardDeclarationDTO {
					return BoardDeclarationDTO{Section: b.Section, Board: b.Board, BestNS: nonNil(b.Best[0]), BestEW: nonNil(b.Best[1]), Leader: b.Leader, NullosLeftOut: b.NullosLeftOut,
						DeclarationCountDTO: count(b.DeclarationCount),
						Tables: convert(b.Tables, func(l reports.DeclarationLine) DeclarationLineDTO {
							out := DeclarationLineDTO{Round: l.Round, Table: l.Table, Contract: l.Contract, Declarer: l.Declarer, Judged: l.Judged, InBest: l.InBest, LeaderDeclared: l.LeaderDeclared}
							if l.Levelled {
								h, g := l.Highest, l.LevelGap
								out.Highest, out.LevelGap = &h, &g
							}
							if l.PassedOut {
								out.Declarer = ""
							}
							return out
						})}
				})}
		})}
}
