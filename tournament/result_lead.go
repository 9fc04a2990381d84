package tournament

import (
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
)

// suitNames name the suits in PBN order, for messages.
var suitNames = [4]string{"spades", "hearts", "diamonds", "clubs"}

// seatWords name the seats, for messages.
var seatWords = [4]string{"North", "East", "South", "West"}

// checkLead reads a played result's opening lead ("" when not recorded)
// and writes it in its usual form, suit then rank ("SA", "DT"). When the
// board's hand record gives the opening leader's hand — the declarer's
// left-hand opponent's — the card must be in it. It is the one check of
// a lead, for the API, the director's pages and the tables alike; errors
// name prefix+"lead". The declarer is already checked (scoreResult).
func checkLead(b *Board, r *Result, prefix string) error {
	if r.Lead == "" {
		return nil
	}
	if r.Status != StatusPlayed {
		return Invalidf(prefix+"lead", "a board "+strings.ReplaceAll(string(r.Status), "_", " ")+" has no opening lead: leave it out")
	}
	card, err := scoring.ParseCard("lead", r.Lead)
	if err != nil {
		return fromScoring(err, prefix)
	}
	r.Lead = card.String()
	declarer, err := scoring.ParseSeat("declarer", r.Declarer)
	if err != nil || b.Deal.Empty() {
		return nil
	}
	deal := b.Deal
	leader := declarer.Next()
	hand, known := deal.Hands[leader], deal.Given[leader]
	if hands, ok := deal.Complete(); ok {
		hand, known = hands[leader], true
	}
	if !known || hand.Has(card) {
		return nil
	}
	held := holdingIn(hand, card.Suit)
	if held == "" {
		held = "no " + suitNames[card.Suit]
	} else {
		held = suitNames[card.Suit] + " " + held
	}
	return &Error{Kind: ErrInvalid, Field: prefix + "lead",
		Message: card.String() + " is not in the opening leader's hand: " + seatWords[leader] + " leads (the declarer " + seatWords[declarer] +
			"'s left-hand opponent) and, by the hand record, holds " + held + "; check the card led, or the declarer"}
}

// holdingIn writes a hand's cards in one suit, highest first: "K Q 2";
// "" when it has none.
func holdingIn(h scoring.Hand, s scoring.Suit) string {
	var cards []string
	for r := 12; r >= 0; r-- {
		c := scoring.Card{Suit: s, Rank: uint8(r)}
		if h.Has(c) {
			cards = append(cards, c.String()[1:])
		}
	}
	return strings.Join(cards, " ")
}

// fileLead is the lead of a result read from a file, in its usual form when
// it reads as a card. A file is a record of what was played: its leads are
// kept as it has them, not checked against its hand record (real files
// hold leads their hand record does not, e.g. Compscore3's
// mp_pairs_howell.xml, board of results[4]).
func fileLead(lead string) string {
	lead = strings.ToUpper(strings.TrimSpace(lead))
	if c, err := scoring.ParseCard("lead", lead); err == nil {
		return c.String()
	}
	return lead
}
