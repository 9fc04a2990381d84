package tournament

import (
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
)

// DoubleDummy solves deals double dummy; scoring/dds's Solver is one (the
// only package that loads DDS: tournament declares what it needs of it).
type DoubleDummy interface {
	// Tables returns each deal's trick table; every deal is whole.
	Tables(deals []scoring.Deal) ([]scoring.TrickTable, error)
	// DealerPar is DDS's own par under contract-2017.
	DealerPar(t scoring.TrickTable, dealer scoring.Seat, vul scoring.Vulnerability) (scoring.Par, error)
}

// Analysis is a board's double-dummy analysis: what each seat makes as
// declarer in each strain, and par under each law code asked for.
type Analysis struct {
	Board         int
	Deal          string // PBN, "N:…"
	Dealer        scoring.Seat
	Vulnerability scoring.Vulnerability
	Tricks        scoring.TrickTable
	Par           []LawPar // in the order of the codes asked for
}

// LawPar is a board's par under one law code.
type LawPar struct {
	Law scoring.Law
	Par scoring.Par
}

// Analyse solves the boards double dummy and finds par under each of the
// rules: contract-2017's is DDS's own (DealerPar), every other code's
// scoring's search over the table (Rules.ParOf; the rulings are there). A
// board without a whole deal is an *Error naming it ("boards[i].deal").
func Analyse(dd DoubleDummy, boards []Board, rules []scoring.Rules) ([]Analysis, error) {
	deals := make([]scoring.Deal, len(boards))
	hands := make([][4]scoring.Hand, len(boards))
	for i, b := range boards {
		field := "boards[" + strconv.Itoa(i) + "].deal"
		if b.Deal == "" {
			return nil, Invalidf(field, "board "+strconv.Itoa(b.Number)+" has no hand record: double dummy needs the deal")
		}
		d, err := scoring.ParseDeal(field, b.Deal)
		if err != nil {
			return nil, fromScoring(err, "")
		}
		h, whole := d.Complete()
		if !whole || !d.Given[0] || !d.Given[1] || !d.Given[2] || !d.Given[3] {
			return nil, Invalidf(field, strconv.Quote(b.Deal)+": a hand is not given (\"-\"): double dummy needs all 52 cards")
		}
		deals[i], hands[i] = d, h
	}
	tables, err := dd.Tables(deals)
	if err != nil {
		return nil, err
	}
	out := make([]Analysis, len(boards))
	for i, b := range boards {
		a := Analysis{Board: b.Number, Deal: deals[i].String(), Dealer: b.Dealer, Vulnerability: b.Vulnerability, Tricks: tables[i]}
		for k := range rules {
			r := &rules[k]
			var par scoring.Par
			if r.Law == scoring.Contract2017 {
				par, err = dd.DealerPar(tables[i], b.Dealer, b.Vulnerability)
			} else {
				par, err = r.ParOf(&tables[i], hands[i], b.Dealer, b.Vulnerability)
			}
			if err != nil {
				return nil, err
			}
			a.Par = append(a.Par, LawPar{Law: r.Law, Par: par})
		}
		out[i] = a
	}
	return out, nil
}
