package movement

import (
	"slices"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
)

// Kind is the family a movement belongs to.
type Kind uint8

// The movement families.
const (
	KindCustom     Kind = iota // given table by table: a published schedule or a director's own
	KindMitchell               // every pair keeps its direction, NS and EW numbered apart: NS pairs stay, EW pairs move up and boards down (EBUScore's appendix Mitchells of 3 to 7 tables move NS pairs too)
	KindHowell                 // every pair but the stationary ones moves and changes direction
	KindTeams                  // two-room team matches: the same boards at both tables of a match
	KindIndividual             // four players a table, each changing partner every round (individual.go)
)

// kindNames are the Kind names, by Kind.
var kindNames = [...]string{"custom", "mitchell", "howell", "teams", "individual"}

// String returns "custom", "mitchell", "howell", "teams" or "individual".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Movement is who plays which boards against whom, round by round. Pairs (in a
// teams movement, the pairs of every team), tables and boards are numbered from 1.
type Movement struct {
	Name    string // what a director calls it, e.g. "Mitchell 7 tables"
	Kind    Kind   // the family it belongs to
	Winners int    // 1: one ranking across directions; 2: NS and EW ranked apart
	Pairs   int    // pairs numbered 1..Pairs
	Tables  int    // tables numbered 1..Tables (a table may stay empty in some rounds)
	Boards  int    // boards numbered 1..Boards
	Players int    // KindIndividual: players numbered 1..Players; Pairs is then the partnerships any two of them can form (Partnership)
	Phantom int    // a pair number no real pair holds (0: none), e.g. a half table's: a table where it sits plays nothing and its opponents get an artificial score; it may also be in no round at all
	Teams   []Team // KindTeams: the teams, team i+1 at index i
	Rounds  []Round
}

// Team is a team of a teams movement: its number and its two pairs.
type Team struct {
	Number int    // 1-based
	Pairs  [2]int // the pair that sits NS in its match and the pair that sits EW in the other room
}

// Round is one round of a movement: the tables in play, who sits out, and
// which boards rest.
type Round struct {
	Number   int     // 1-based, in order
	Tables   []Table // the tables in play, each table number at most once
	SitOut   []int   // the pairs that play no board this round
	ByeStand []int   // boards resting this round on a bye-stand or relay table, played by nobody
}

// Table is one table in one round: who sits where and which boards they play.
// Two tables that list the same board in a round share it (a relay of boards
// between them, or the two rooms of a team match).
type Table struct {
	Table       int   // the table number
	NS, EW      int   // the pairs at the North-South and East-West seats
	Boards      []int // the boards played, in the order listed
	ArrowSwitch bool  // the EW pair plays the NS cards and the NS pair the EW cards
	Match       int   // KindTeams: the match (1-based within the round) both its rooms belong to; 0 otherwise
	Players     []int // KindIndividual: the players at North, East, South and West; NS and EW are then the partnerships N–S and E–W (Partnership)
}

// Cards returns the pair that plays the side's cards: NS unless the table
// arrow-switches.
func (t Table) Cards(side scoring.Side) int {
	if (side == scoring.NS) != t.ArrowSwitch {
		return t.NS
	}
	return t.EW
}

// Opponent returns the pair that plays against pair at this table, or 0 if
// pair does not sit here.
func (t Table) Opponent(pair int) int {
	switch pair {
	case t.NS:
		return t.EW
	case t.EW:
		return t.NS
	}
	return 0
}

// Seat returns the seats pair takes at this table, and whether it sits here.
func (t Table) Seat(pair int) (scoring.Side, bool) {
	switch pair {
	case t.NS:
		return scoring.NS, true
	case t.EW:
		return scoring.EW, true
	}
	return scoring.NS, false
}

// CardsOf returns the cards pair plays at this table (its seats, swapped by an
// arrow switch), and whether it sits here.
func (t Table) CardsOf(pair int) (scoring.Side, bool) {
	seat, ok := t.Seat(pair)
	if ok && t.ArrowSwitch {
		seat = seat.Other()
	}
	return seat, ok
}

// Round returns round number n (1-based) and whether the movement has it.
func (m *Movement) Round(n int) (*Round, bool) {
	if n < 1 || n > len(m.Rounds) {
		return nil, false
	}
	return &m.Rounds[n-1], true
}

// TeamOf returns the team pair belongs to, or 0 in a pairs movement.
func (m *Movement) TeamOf(pair int) int {
	for _, t := range m.Teams {
		if t.Pairs[0] == pair || t.Pairs[1] == pair {
			return t.Number
		}
	}
	return 0
}

// Table returns the table with number n in this round, and whether it is in play.
func (r *Round) Table(n int) (*Table, bool) {
	for i := range r.Tables {
		if r.Tables[i].Table == n {
			return &r.Tables[i], true
		}
	}
	return nil, false
}

// SeatingPlayer returns the table player sits at this round in an
// individual movement, the seat (0 North, 1 East, 2 South, 3 West), and
// whether the player plays.
func (r *Round) SeatingPlayer(player int) (*Table, int, bool) {
	for i := range r.Tables {
		if s := slices.Index(r.Tables[i].Players, player); s >= 0 {
			return &r.Tables[i], s, true
		}
	}
	return nil, 0, false
}

// Seating returns the table pair sits at this round, and whether it plays.
func (r *Round) Seating(pair int) (*Table, bool) {
	for i := range r.Tables {
		if r.Tables[i].NS == pair || r.Tables[i].EW == pair {
			return &r.Tables[i], true
		}
	}
	return nil, false
}

// SharesWith returns the other tables of this round that play any board
// table n plays, in table order.
func (r *Round) SharesWith(n int) []int {
	t, ok := r.Table(n)
	if !ok {
		return nil
	}
	var with []int
	for _, o := range r.Tables {
		if o.Table == n {
			continue
		}
		for _, b := range o.Boards {
			if slices.Contains(t.Boards, b) {
				with = append(with, o.Table)
				break
			}
		}
	}
	slices.Sort(with)
	return with
}

// boardRange returns the boards first..first+n-1.
func boardRange(first, n int) []int {
	b := make([]int, n)
	for i := range b {
		b[i] = first + i
	}
	return b
}

// setBoards returns the boards of set s (1-based) when every set holds per boards.
func setBoards(s, per int) []int { return boardRange((s-1)*per+1, per) }

// invalid makes the *scoring.Error every movement error is: the field, the
// value given, what is wrong with it, and what is allowed.
func invalid(field string, value int, problem string, allowed ...string) *scoring.Error {
	return &scoring.Error{Field: field, Value: strconv.Itoa(value), Problem: problem, Allowed: allowed}
}

// index names element i (0-based) of a list field: "rounds[2]".
func index(field string, i int) string { return field + "[" + strconv.Itoa(i) + "]" }

// mod returns a mod n in 0..n-1.
func mod(a, n int) int { return ((a % n) + n) % n }
