package scoring

import "strings"

// Seat is a player's place at the table: North, East, South or West.
type Seat uint8

// The four seats in the order of play.
const (
	North Seat = iota
	East
	South
	West
)

// Seats lists the seats clockwise from North.
var Seats = [4]Seat{North, East, South, West}

var seatNames = [4]string{"N", "E", "S", "W"}

// String returns the seat's letter: N, E, S or W.
func (s Seat) String() string {
	if s > West {
		return "?"
	}
	return seatNames[s]
}

// Side returns the partnership the seat belongs to.
func (s Seat) Side() Side { return Side(s & 1) }

// Partner returns the seat opposite.
func (s Seat) Partner() Seat { return (s + 2) & 3 }

// Next returns the seat on this seat's left, the next to call or play.
func (s Seat) Next() Seat { return (s + 1) & 3 }

// ParseSeat reads N, E, S or W (or the full word), in any case.
func ParseSeat(field, s string) (Seat, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "N", "NORTH":
		return North, nil
	case "E", "EAST":
		return East, nil
	case "S", "SOUTH":
		return South, nil
	case "W", "WEST":
		return West, nil
	}
	return 0, invalid(field, s, "not a seat", "N", "E", "S", "W")
}

// Side is a partnership: North-South or East-West.
type Side uint8

// The two partnerships.
const (
	NS Side = iota
	EW
)

// String returns "NS" or "EW".
func (s Side) String() string {
	if s == NS {
		return "NS"
	}
	return "EW"
}

// Other returns the opposing partnership.
func (s Side) Other() Side { return s ^ 1 }

// ParseSide reads NS or EW, in any case.
func ParseSide(field, s string) (Side, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "NS", "N-S", "N/S":
		return NS, nil
	case "EW", "E-W", "E/W":
		return EW, nil
	}
	return 0, invalid(field, s, "not a side", "NS", "EW")
}

// Vulnerability says which sides are vulnerable on a board (contract-2017).
type Vulnerability uint8

// The four vulnerabilities.
const (
	VulNone Vulnerability = iota
	VulNS
	VulEW
	VulAll
)

var vulNames = [4]string{"None", "NS", "EW", "All"}

// String returns None, NS, EW or All.
func (v Vulnerability) String() string {
	if v > VulAll {
		return "?"
	}
	return vulNames[v]
}

// Vulnerable reports whether the side is vulnerable.
func (v Vulnerability) Vulnerable(s Side) bool {
	return v == VulAll || (v == VulNS && s == NS) || (v == VulEW && s == EW)
}

// ParseVulnerability reads None, NS, EW or All, and the PBN spellings
// Love, "-" and Both.
func ParseVulnerability(field, s string) (Vulnerability, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "NONE", "LOVE", "-", "O":
		return VulNone, nil
	case "NS", "N-S", "N/S":
		return VulNS, nil
	case "EW", "E-W", "E/W":
		return VulEW, nil
	case "ALL", "BOTH", "B":
		return VulAll, nil
	}
	return 0, invalid(field, s, "not a vulnerability", "None", "NS", "EW", "All")
}

// BoardVulnerability returns the vulnerability of a board number under the
// standard 16-board cycle (board 1 None, 2 NS, 3 EW, 4 All, ...).
func BoardVulnerability(board int) Vulnerability {
	if board < 1 {
		return VulNone
	}
	return boardVul[(board-1)%16]
}

var boardVul = [16]Vulnerability{
	VulNone, VulNS, VulEW, VulAll,
	VulNS, VulEW, VulAll, VulNone,
	VulEW, VulAll, VulNone, VulNS,
	VulAll, VulNone, VulNS, VulEW,
}

// BoardDealer returns the dealer of a board number: board 1 North, 2 East,
// and so on round the table.
func BoardDealer(board int) Seat {
	if board < 1 {
		return North
	}
	return Seat((board - 1) % 4)
}
