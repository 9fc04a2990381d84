package web

import (
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
)

// vulnerabilityWords says a board's vulnerability as players say it.
func vulnerabilityWords(v scoring.Vulnerability) string {
	switch v {
	case scoring.VulNone:
		return "nobody vulnerable"
	case scoring.VulAll:
		return "both sides vulnerable"
	}
	return v.String() + " vulnerable"
}

// suitView is one suit of a hand in the diagram: "♠" and "A K 10 4".
type suitView struct {
	Symbol string
	Name   string // "spades", for a screen reader
	Red    bool
	Cards  string // "—" for a void
}

// handView is one seat's hand in the diagram.
type handView struct {
	Seat  string // "North"…
	Given bool   // the hand record has this hand
	Suits []suitView
}

// dealView is a hand record drawn as the four hands around the table.
type dealView struct {
	North, East, South, West handView
	Anchor                   string // put before its element's id where a page shows several ("b3-"); "" on a traveler
}

// suitFaces are the suits in PBN order: spades, hearts, diamonds, clubs.
var suitFaces = [4]struct {
	symbol, name string
	red          bool
}{{"♠", "spades", false}, {"♥", "hearts", true}, {"♦", "diamonds", true}, {"♣", "clubs", false}}

// cardRanks are the ranks from the ace down, bit 12 to bit 0 of a suit.
var cardRanks = [13]string{"A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"}

// newDealView draws a board's deal; nil when there is none.
func newDealView(d scoring.Deal) *dealView {
	if d.Empty() {
		return nil
	}
	hand := func(seat scoring.Seat, name string) handView {
		h := handView{Seat: name, Given: d.Given[seat]}
		if !h.Given {
			return h
		}
		for s := range 4 {
			var cards []string
			for i, r := range cardRanks {
				if d.Hands[seat]&(scoring.Hand(1)<<(13*s+12-i)) != 0 {
					cards = append(cards, r)
				}
			}
			sv := suitView{Symbol: suitFaces[s].symbol, Name: suitFaces[s].name, Red: suitFaces[s].red, Cards: strings.Join(cards, " ")}
			if sv.Cards == "" {
				sv.Cards = "—"
			}
			h.Suits = append(h.Suits, sv)
		}
		return h
	}
	return &dealView{North: hand(scoring.North, "North"), East: hand(scoring.East, "East"), South: hand(scoring.South, "South"), West: hand(scoring.West, "West")}
}
