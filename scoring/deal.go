package scoring

import (
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Suit is a suit of cards, in PBN's order: spades, hearts, diamonds, clubs.
type Suit uint8

// The four suits in PBN order.
const (
	SuitSpades Suit = iota
	SuitHearts
	SuitDiamonds
	SuitClubs
)

// Hand is a set of cards: bit suit*13+rank, rank 0 the two and 12 the ace.
type Hand uint64

const rankChars = "23456789TJQKA"

// rankOf maps a character of rankChars, in either case, to its rank plus
// one; 0 for any other byte.
var rankOf = func() (t [256]uint8) {
	for r := 0; r < len(rankChars); r++ {
		c := rankChars[r]
		t[c] = uint8(r + 1)
		if c >= 'A' && c <= 'Z' {
			t[c-'A'+'a'] = uint8(r + 1)
		}
	}
	return t
}()

// suitMask returns the thirteen cards of a suit.
func suitMask(s Suit) Hand { return Hand(0x1fff) << (13 * uint(s)) }

// honourMask returns the ace, king, queen, knave and ten of a suit.
func honourMask(s Suit) Hand { return Hand(0x1f00) << (13 * uint(s)) }

// aceMask holds the four aces.
const aceMask = Hand(1<<12 | 1<<25 | 1<<38 | 1<<51)

// Count returns the number of cards in the hand.
func (h Hand) Count() int { return bits.OnesCount64(uint64(h)) }

// String prints the hand in PBN form: "AKQJ2.K3.Q54.A76", "-" for none.
func (h Hand) String() string {
	var b strings.Builder
	h.appendPBN(&b)
	return b.String()
}

func (h Hand) appendPBN(b *strings.Builder) {
	for s := SuitSpades; s <= SuitClubs; s++ {
		if s > 0 {
			b.WriteByte('.')
		}
		for r := 12; r >= 0; r-- {
			if h&(1<<(13*uint(s)+uint(r))) != 0 {
				b.WriteByte(rankChars[r])
			}
		}
	}
}

// Deal is the four hands of a board, as in a PBN Deal tag.
type Deal struct {
	Hands [4]Hand // by Seat
	Given [4]bool // whether the hand was given, or was "-"
	First Seat    // the seat the PBN value starts from
}

// ParseDeal reads a PBN Deal value: "N:AKQJ2.K3.Q54.A76 ..." — the first
// seat, then four hands clockwise, each spades.hearts.diamonds.clubs with
// ranks AKQJT98765432, or "-" for a hand not given. No card may appear
// twice and a given hand holds 13 cards.
func ParseDeal(field, s string) (Deal, error) {
	var d Deal
	v := strings.TrimSpace(s)
	if len(v) > 100 {
		return d, invalid(field, v[:40]+"…", "too long to be a PBN deal")
	}
	if len(v) < 2 || v[1] != ':' {
		return d, invalid(field, s, `must start with the first seat and a colon, e.g. "N:AKQJ2.K3.Q54.A76 ..."`)
	}
	first, err := ParseSeat(field, v[:1])
	if err != nil {
		return d, invalid(field, s, "the first seat must be N, E, S or W")
	}
	d.First = first
	var four [4]string
	parts := fields4(v[2:], &four)
	if len(parts) != 4 {
		return d, invalid(field, s, "must give four hands separated by spaces (\"-\" for one not known)")
	}
	var seen Hand
	for i, p := range parts {
		seat := (first + Seat(i)) & 3
		if p == "-" {
			continue
		}
		h, err := parseHand(field, seat, p)
		if err != nil {
			return d, err
		}
		if dup := seen & h; dup != 0 {
			return d, invalid(field, s, "a card appears twice: "+firstCard(dup))
		}
		seen |= h
		d.Hands[seat], d.Given[seat] = h, true
	}
	return d, nil
}

// fields4 returns the fields of s split at white space as strings.Fields
// splits it, in four's room when there are at most four and s is ASCII (a
// deal parsed for every result allocates nothing); more than four fields,
// or any other character, take strings.Fields.
func fields4(s string, four *[4]string) []string {
	n := 0
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c >= utf8.RuneSelf:
			return strings.Fields(s)
		case c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			i++
			continue
		}
		if n == len(four) {
			return strings.Fields(s)
		}
		start := i
		for i < len(s) && s[i] != ' ' && (s[i] < '\t' || s[i] > '\r') && s[i] < utf8.RuneSelf {
			i++
		}
		four[n] = s[start:i]
		n++
	}
	return four[:n]
}

func parseHand(field string, seat Seat, p string) (Hand, error) {
	if strings.Count(p, ".") != 3 {
		return 0, invalid(field, p, "the "+seat.String()+" hand must have four suits separated by dots (spades.hearts.diamonds.clubs)")
	}
	var h Hand
	si := uint(0)
	for j := 0; j < len(p); j++ {
		if p[j] == '.' {
			si++
			continue
		}
		r := rankOf[p[j]]
		if r == 0 {
			return 0, invalid(field, p, "the "+seat.String()+" hand has "+p[j:j+1]+", not a rank (AKQJT98765432)")
		}
		bit := Hand(1) << (13*si + uint(r) - 1)
		if h&bit != 0 {
			return 0, invalid(field, p, "the "+seat.String()+" hand repeats a card")
		}
		h |= bit
	}
	if h.Count() != 13 {
		return 0, invalid(field, p, "the "+seat.String()+" hand has "+strconv.Itoa(h.Count())+" cards, not 13")
	}
	return h, nil
}

func firstCard(h Hand) string {
	i := bits.TrailingZeros64(uint64(h))
	return string("SHDC"[i/13]) + string(rankChars[i%13])
}

// String prints the deal as a PBN Deal value from its first seat, ranks in
// order, "-" for a hand not given.
func (d Deal) String() string {
	var b strings.Builder
	b.WriteString(d.First.String())
	b.WriteByte(':')
	for i := 0; i < 4; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		seat := (d.First + Seat(i)) & 3
		if !d.Given[seat] {
			b.WriteByte('-')
			continue
		}
		d.Hands[seat].appendPBN(&b)
	}
	return b.String()
}

// Empty reports whether the deal gives no hand: the zero Deal, which a
// board without a hand record holds.
func (d Deal) Empty() bool { return d.Given == [4]bool{} }

// PBN writes the deal as a board's hand record is stored and sent: its PBN
// Deal value (String), or "" when it gives no hand (Empty).
func (d Deal) PBN() string {
	if d.Empty() {
		return ""
	}
	return d.String()
}

// Complete returns the four hands, working out a single missing hand from
// the other three, and false when more than one hand is missing.
func (d Deal) Complete() ([4]Hand, bool) {
	missing, given := -1, Hand(0)
	for s := 0; s < 4; s++ {
		if !d.Given[s] {
			if missing >= 0 {
				return d.Hands, false
			}
			missing = s
			continue
		}
		given |= d.Hands[s]
	}
	hands := d.Hands
	if missing >= 0 {
		hands[missing] = ^given & (1<<52 - 1)
	}
	return hands, true
}

// Full reports whether every hand of the deal is given: all 52 cards, as
// double dummy needs them (ParseDeal has checked each hand's 13 cards).
func (d Deal) Full() bool { return d.Given[0] && d.Given[1] && d.Given[2] && d.Given[3] }

// Holding is what honours and chicane are scored from: trump honours (the
// aces at no-trump and nullo) per seat, and which seats are void of trumps.
type Holding struct {
	Known   bool    // false when neither a deal nor counts were given
	Honours [4]int8 // by Seat
	Void    [4]bool // by Seat: the hand holds no trump (chicane)
}

// HoldingOf derives the holding in a strain from the deal's four hands.
func HoldingOf(hands [4]Hand, s Strain) Holding {
	h := Holding{Known: true}
	suit, trumps := s.trumpSuit()
	for seat := 0; seat < 4; seat++ {
		if !trumps {
			h.Honours[seat] = int8((hands[seat] & aceMask).Count())
			continue
		}
		h.Honours[seat] = int8((hands[seat] & honourMask(suit)).Count())
		h.Void[seat] = hands[seat]&suitMask(suit) == 0
	}
	return h
}
