package scoring

import "strings"

// Card is one playing card: its suit and rank (0 the two, 12 the ace).
type Card struct {
	Suit Suit
	Rank uint8
}

// suitLetters are the suits' letters in PBN order: S, H, D, C.
const suitLetters = "SHDC"

// ParseCard reads a card as a lead is written: suit then rank ("SA",
// "H7", "DT" or "D10") or rank then suit ("AS", "10D"), in any case.
func ParseCard(field, s string) (Card, error) {
	v := strings.ToUpper(strings.TrimSpace(s))
	v = strings.Replace(v, "10", "T", 1)
	if len(v) == 2 {
		for _, p := range [2][2]byte{{v[0], v[1]}, {v[1], v[0]}} {
			suit := strings.IndexByte(suitLetters, p[0])
			if r := rankOf[p[1]]; suit >= 0 && r > 0 {
				return Card{Suit: Suit(suit), Rank: r - 1}, nil
			}
		}
	}
	return Card{}, invalid(field, s, "not a card: write the suit and the rank, e.g. SA, H7, DT (or D10), C2")
}

// String writes the card suit first: "SA", "DT".
func (c Card) String() string {
	return string([]byte{suitLetters[c.Suit], rankChars[c.Rank]})
}

// Has reports whether the hand holds the card.
func (h Hand) Has(c Card) bool { return h&(1<<(13*uint(c.Suit)+uint(c.Rank))) != 0 }
