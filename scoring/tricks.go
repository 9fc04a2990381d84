package scoring

import (
	"strconv"
	"strings"
)

// TableStrains are the strains of a double-dummy table, in the table's
// order: the four suits from clubs up, then no-trump.
var TableStrains = [5]Strain{Clubs, Diamonds, Hearts, Spades, NoTrump}

// TrickTable is a deal's double-dummy table: the tricks each seat takes as
// declarer in each strain when all four hands are seen and every card is
// played perfectly. Indexed by declarer and by strain (TableStrains).
type TrickTable [4][5]uint8

// Tricks returns the tricks the declarer takes in the strain. A royal spade
// (royal-auction-1913) is played as spades. Nullo has no entry: DDS
// maximises tricks, and a nullo declarer wants fewest; it returns false.
func (t *TrickTable) Tricks(declarer Seat, s Strain) (int, bool) {
	switch s {
	case Clubs, Diamonds, Hearts, Spades, NoTrump:
		return int(t[declarer&3][s]), true
	case RoyalSpades:
		return int(t[declarer&3][Spades]), true
	}
	return 0, false
}

// ParContract is one contract reaching the par score: Contract played by
// the side (or the one seat, when only that seat makes the score) with
// Result tricks over (positive) or under (negative) the contract.
type ParContract struct {
	Contract Contract
	Side     Side
	Seat     Seat
	OneSeat  bool // only Seat of the side gets the par score as declarer
	Result   int  // tricks over (+) or under (-) the contract; 0: just made
}

// String writes the contract as "4SX EW -1", "3NT N +1", "2S EW".
func (p ParContract) String() string {
	var b strings.Builder
	b.WriteString(p.Contract.String())
	b.WriteByte(' ')
	if p.OneSeat {
		b.WriteString(p.Seat.String())
	} else {
		b.WriteString(p.Side.String())
	}
	if p.Result != 0 {
		b.WriteByte(' ')
		if p.Result > 0 {
			b.WriteByte('+')
		}
		b.WriteString(strconv.Itoa(p.Result))
	}
	return b.String()
}

// Par is a deal's par: the score, for North-South, that neither side can
// better by bidding on or by doubling, and the contracts that reach it (none
// when the deal is passed out).
type Par struct {
	NSScore       int
	Contracts     []ParContract
	NullosLeftOut bool // the code has nullos, which par leaves out (ParOf)
}

// ParseParContract reads a par contract as ParContract.String writes it:
// "4SX EW -1", "3NT N +1", "2S EW", "NTX S +2" (a Bridge declaration).
func (r *Rules) ParseParContract(s string) (ParContract, error) {
	var p ParContract
	f := strings.Fields(s)
	if len(f) < 2 || len(f) > 3 {
		return p, invalid("contract", s, `not a par contract such as "4SX EW -1"`)
	}
	c, err := r.ParseContract(f[0])
	if err != nil {
		return p, err
	}
	p.Contract = c
	switch f[1] {
	case "NS", "EW":
		p.Side, _ = ParseSide("contract", f[1])
	default:
		seat, err := ParseSeat("contract", f[1])
		if err != nil {
			return p, invalid("contract", s, "the side (NS, EW) or seat (N, E, S, W) after the contract")
		}
		p.Seat, p.Side, p.OneSeat = seat, seat.Side(), true
	}
	if len(f) == 3 {
		n, err := strconv.Atoi(f[2])
		if err != nil || n == 0 || f[2][0] != '+' && f[2][0] != '-' {
			return p, invalid("contract", s, "the tricks over (+1) or under (-1) the contract last")
		}
		p.Result = n
	}
	return p, nil
}
