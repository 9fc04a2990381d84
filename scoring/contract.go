package scoring

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Strain is what a contract is played in: a trump suit, no-trump, or
// nullo (play to lose tricks).
type Strain uint8

// The strains of every code. Spades is the 1913 "lone spade" at 2 in
// royal-auction-1913 and the plain spade elsewhere; RoyalSpades is 1913's
// royal spade at 9.
const (
	Clubs Strain = iota
	Diamonds
	Hearts
	Spades
	NoTrump
	Nullo
	RoyalSpades
	numStrains
)

var strainNames = [numStrains]string{"C", "D", "H", "S", "NT", "NL", "RS"}

// String returns the strain's letters: C, D, H, S, NT, NL or RS.
func (s Strain) String() string {
	if s >= numStrains {
		return "?"
	}
	return strainNames[s]
}

// trumpSuit returns the suit that is trumps in the strain, and false at
// no-trump and nullo.
func (s Strain) trumpSuit() (Suit, bool) {
	switch s {
	case Clubs:
		return SuitClubs, true
	case Diamonds:
		return SuitDiamonds, true
	case Hearts:
		return SuitHearts, true
	case Spades, RoyalSpades:
		return SuitSpades, true
	}
	return 0, false
}

// Strains returns the strains the code allows, lowest first in its bid
// order (Bridge codes: in order of trick value).
func (r *Rules) Strains() []Strain { return slices.Clone(r.strains()) }

// strains is Strains without the copy, for reading only.
func (r *Rules) strains() []Strain {
	switch r.Law {
	case Bridge, BridgePortland:
		return bridgeStrains[:]
	case RoyalAuction1913:
		if r.Options.Nullo {
			return royal1913Strains[:]
		}
		return royal1913NoNulloStrains[:]
	case Royalton1915:
		return royaltonStrains[:]
	default:
		return auctionStrains[:]
	}
}

// The strains of each code, lowest first (Strains).
var (
	bridgeStrains           = [...]Strain{Spades, Clubs, Diamonds, Hearts, NoTrump}
	royal1913Strains        = [...]Strain{Spades, Clubs, Diamonds, Hearts, Nullo, RoyalSpades, NoTrump}
	royal1913NoNulloStrains = [...]Strain{Spades, Clubs, Diamonds, Hearts, RoyalSpades, NoTrump}
	royaltonStrains         = [...]Strain{Spades, Clubs, Diamonds, Hearts, NoTrump, Nullo}
	auctionStrains          = [...]Strain{Clubs, Diamonds, Hearts, Spades, NoTrump}
)

func (r *Rules) allowsStrain(s Strain) bool {
	for _, t := range r.strains() {
		if t == s {
			return true
		}
	}
	return false
}

func (r *Rules) strainNames() []string {
	ss := r.strains()
	names := make([]string, len(ss))
	for i, s := range ss {
		names[i] = s.String()
	}
	return names
}

// Contract is a final contract, or a passed-out board.
type Contract struct {
	Level   int8   // odd tricks bid, 1–7; 0 for a Bridge declaration or a pass
	Strain  Strain // the strain
	Royal   bool   // royalton-1915: a royal bid (100 an undertrick)
	Doubles uint8  // 0 undoubled, 1 doubled, 2 redoubled; Bridge codes: any number of doublings
	Pass    bool   // the board was passed out
}

// String prints the contract as ParseContract reads it: "4SX", "3HR",
// "2NLRX", "NTXXX" or "PASS".
func (c Contract) String() string {
	if c.Pass {
		return "PASS"
	}
	var b strings.Builder
	if c.Level > 0 {
		b.WriteByte(byte('0' + c.Level))
	}
	b.WriteString(c.Strain.String())
	if c.Royal {
		b.WriteByte('R')
	}
	for i := uint8(0); i < c.Doubles; i++ {
		b.WriteByte('X')
	}
	return b.String()
}

// maxBridgeDoublings bounds the Bridge codes' doubling "continued
// indefinitely" (seed 002) so that a score always fits.
const maxBridgeDoublings = 20

// ParseContract reads a contract under the rules: a level 1–7 (none in the
// Bridge codes), a strain, Royalton's R, then X or XX (Bridge: any number of
// X); or PASS where the code lets a board be passed out.
func (r *Rules) ParseContract(s string) (Contract, error) {
	const field = "contract"
	if len(s) > 32 {
		return Contract{}, invalid(field, clip(s, 32), "too long to be a contract")
	}
	u := strings.ToUpper(strings.TrimSpace(s))
	if u == "PASS" || u == "P" || u == "PASSED" {
		if r.Law.isBridge() || r.Law == RoyalAuction1913 {
			return Contract{}, invalid(field, s, "a board cannot be passed out under "+r.Law.String()+": the dealer must declare")
		}
		return Contract{Pass: true}, nil
	}
	var c Contract
	rest := u
	if !r.Law.isBridge() {
		if rest == "" || rest[0] < '1' || rest[0] > '7' {
			return Contract{}, invalid(field, s, "must start with a level from 1 to 7, then a strain ("+strings.Join(r.strainNames(), ", ")+")"+r.passHint())
		}
		c.Level = int8(rest[0] - '0')
		rest = rest[1:]
	} else if rest != "" && rest[0] >= '0' && rest[0] <= '9' {
		return Contract{}, invalid(field, s, "the Bridge codes have no level: the dealer names the trump, e.g. H, NT, SXX")
	}
	strain, n, ok := r.matchStrain(rest)
	if !ok && r.Law == RoyalAuction1913 && !r.Options.Nullo && strings.HasPrefix(rest, "NL") {
		return Contract{}, invalid(field, s, "nullos are off for this event (option nullo)", r.strainNames()...)
	}
	if !ok {
		return Contract{}, invalid(field, s, "no strain of "+r.Law.String()+" after the level", r.strainNames()...)
	}
	c.Strain = strain
	rest = rest[n:]
	if r.Law == Royalton1915 && strings.HasPrefix(rest, "R") {
		c.Royal = true
		rest = rest[1:]
	}
	for len(rest) > 0 && rest[0] == 'X' {
		c.Doubles++
		rest = rest[1:]
	}
	if rest != "" {
		what := "X for doubled or XX for redoubled"
		if r.Law == Royalton1915 {
			what = "R for royal, then X or XX"
		} else if r.Law.isBridge() {
			what = "one X for each doubling"
		}
		return Contract{}, invalid(field, s, "unexpected "+strconv.Quote(rest)+" after the strain; expected "+what)
	}
	if err := r.checkDoubles(c); err != nil {
		return Contract{}, err
	}
	return c, nil
}

func (r *Rules) passHint() string {
	if r.Law.isBridge() || r.Law == RoyalAuction1913 {
		return ""
	}
	return ", or PASS"
}

// matchStrain finds the code's strain at the start of s, longest name first.
func (r *Rules) matchStrain(s string) (Strain, int, bool) {
	best, bestLen := Strain(0), 0
	for _, t := range r.strains() {
		name := t.String()
		if len(name) > bestLen && strings.HasPrefix(s, name) {
			best, bestLen = t, len(name)
		}
	}
	return best, bestLen, bestLen > 0
}

// checkDoubles refuses more doublings than the code allows.
func (r *Rules) checkDoubles(c Contract) error {
	switch r.Law {
	case Bridge:
		if c.Doubles > maxBridgeDoublings {
			return invalid("contract", c.String(), "more than "+strconv.Itoa(maxBridgeDoublings)+" doublings")
		}
	case BridgePortland:
		if max := r.maxPortlandDoublings(c.Strain); int(c.Doubles) > max {
			return invalid("contract", c.String(), "doubling stops once a trick is worth 100 (seed 004 Law 58): at "+
				c.Strain.String()+" at most "+strconv.Itoa(max)+" doublings")
		}
	default:
		if c.Doubles > 2 {
			return invalid("contract", c.String(), "a declaration may be doubled and redoubled once, not more", "X", "XX")
		}
	}
	return nil
}

// maxPortlandDoublings returns how many doublings the Portland code allows
// in a strain: doubling may go on while a trick is worth less than 100.
func (r *Rules) maxPortlandDoublings(s Strain) int {
	v, n := r.TrickValue(s), 0
	for v < 100 {
		v *= 2
		n++
	}
	return n
}

// clip cuts s to at most n bytes on a character boundary and marks the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
