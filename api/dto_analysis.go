package api

import (
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// AnalysisDTO is a board's double-dummy analysis, as `traveler dd` writes
// it a line a deal and the API answers it: the tricks each seat takes as
// declarer in each strain, and par under each law code, keyed by its name.
type AnalysisDTO struct {
	Board      int               `json:"board"`
	Deal       string            `json:"deal"`
	Dealer     string            `json:"dealer"`
	Vulnerable string            `json:"vulnerable"`
	Tricks     TrickTableDTO     `json:"tricks"`
	Par        map[string]ParDTO `json:"par"`
	// Nullo is the tricks each seat takes as a nullo's declarer by double
	// dummy (his side playing to take fewest), solved in the background
	// for a section whose code has nullos; absent until solved.
	Nullo *SeatTricksDTO `json:"nullo,omitempty"`
}

// SeatTricksDTO is a number of tricks for each seat.
type SeatTricksDTO struct {
	N int `json:"N"`
	E int `json:"E"`
	S int `json:"S"`
	W int `json:"W"`
}

// TrickTableDTO is a double-dummy table by declarer.
type TrickTableDTO struct {
	N StrainTricksDTO `json:"N"`
	E StrainTricksDTO `json:"E"`
	S StrainTricksDTO `json:"S"`
	W StrainTricksDTO `json:"W"`
}

// StrainTricksDTO is the tricks one declarer takes in each strain.
type StrainTricksDTO struct {
	C  int `json:"C"`
	D  int `json:"D"`
	H  int `json:"H"`
	S  int `json:"S"`
	NT int `json:"NT"`
}

// ParDTO is par under one code: the score for North-South and the final
// contracts that reach it ("4SX EW -1": the contract, the side or the one
// seat that plays it, the tricks over or under), and what par leaves out.
type ParDTO struct {
	NSScore   int      `json:"ns_score"`
	Contracts []string `json:"contracts"`
	Note      string   `json:"note,omitempty"`
}

// NulloNote is what every par of a code with nullos says: they are left
// out (scoring.Rules.ParOf).
const NulloNote = "nullos left out: double dummy counts the most tricks a side can take, and a nullo declarer wants the fewest"

// DeclarationNulloNote is what the declaration report says of a code
// whose nullos it left out on some boards: it judges nullos by a
// double-dummy search of its own, bounded per board.
const DeclarationNulloNote = "nullos left out on some boards (nullo_boards_left_out): their nullos are not solved yet (the analysis solves them in the background) and the report's own bounded search did not settle them; nullos played on them are not judged"

// NewAnalysisDTO converts an analysis.
func NewAnalysisDTO(a tournament.Analysis) AnalysisDTO {
	row := func(seat scoring.Seat) StrainTricksDTO {
		t := a.Tricks[seat]
		return StrainTricksDTO{C: int(t[scoring.Clubs]), D: int(t[scoring.Diamonds]), H: int(t[scoring.Hearts]), S: int(t[scoring.Spades]), NT: int(t[scoring.NoTrump])}
	}
	out := AnalysisDTO{Board: a.Board, Deal: a.Deal.PBN(), Dealer: a.Dealer.String(), Vulnerable: a.Vulnerability.String(),
		Tricks: TrickTableDTO{N: row(scoring.North), E: row(scoring.East), S: row(scoring.South), W: row(scoring.West)},
		Par:    make(map[string]ParDTO, len(a.Par))}
	for _, lp := range a.Par {
		out.Par[lp.Law.String()] = NewParDTO(lp.Par)
	}
	if a.Nullo != nil {
		out.Nullo = &SeatTricksDTO{N: a.Nullo.Tricks(scoring.North), E: a.Nullo.Tricks(scoring.East), S: a.Nullo.Tricks(scoring.South), W: a.Nullo.Tricks(scoring.West)}
	}
	return out
}

// NewParDTO converts a par.
func NewParDTO(p scoring.Par) ParDTO {
	out := ParDTO{NSScore: p.NSScore, Contracts: make([]string, len(p.Contracts))}
	for i, c := range p.Contracts {
		out.Contracts[i] = c.String()
	}
	if p.NullosLeftOut {
		out.Note = NulloNote
	}
	return out
}
