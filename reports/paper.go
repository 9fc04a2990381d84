package reports

import (
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// Paper is a sheet size the printed PDFs are laid out for.
type Paper string

// The sheet sizes: ISO A4 (210 × 297 mm) and US Letter (8.5 × 11 in).
const (
	PaperA4     Paper = "a4"
	PaperLetter Paper = "letter"
)

// Papers lists the sheet sizes, for messages.
var Papers = []string{string(PaperA4), string(PaperLetter)}

// ParsePaper reads a sheet size ("a4" or "letter", any case; "" is A4);
// anything else is an error naming field.
func ParsePaper(field, s string) (Paper, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "a4":
		return PaperA4, nil
	case "letter":
		return PaperLetter, nil
	}
	return "", tournament.Invalidf(field, "paper "+s+" is not a sheet size traveler prints on", Papers...)
}

// size is the sheet's width and height in points (1/72 in).
func (p Paper) size() (w, h float64) {
	if p == PaperLetter {
		return 612, 792
	}
	return 595.28, 841.89
}

// PrintedHand is one board of the hand records as a page prints it, every
// text already phrased: the PDF draws what the page shows.
type PrintedHand struct {
	Title string         // "Board 1"
	Facts string         // "Dealer N · None vulnerable"
	Hands [4]PrintedSeat // North, East, South, West
	DD    *PrintedDD     // nil: not worked out yet
	Note  string         // said instead of the double-dummy grid when there is none
}

// PrintedSeat is one hand: the seat's name and its four suits' cards
// (spades, hearts, diamonds, clubs; "—" for a void), or none when the hand
// record leaves the hand out.
type PrintedSeat struct {
	Seat  string
	Suits []string // empty: the hand is not in the hand record
}

// PrintedDD is a board's double-dummy grid and par: tricks by declarer
// (rows) in clubs, diamonds, hearts, spades and no-trump, and par phrased.
type PrintedDD struct {
	Seats  []string
	Tricks [][5]int
	Par    string // "Par (contract-2017): EW +110 — 2S EW"
}

// PrintedCard is a card to print: a title, a line under it, and a table
// of rows under a head. A row of two cells is a round head and one cell
// that spans the rest ("not in play", "sits out").
type PrintedCard struct {
	Title    string
	Subtitle string
	Head     []string
	Rows     [][]string
}

// Spans says whether a row is a head and one cell spanning the rest of a
// table of n columns.
func Spans(row []string, n int) bool { return len(row) == 2 && n > 2 }
