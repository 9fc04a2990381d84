package movement

import "strconv"

// NumberedApart reports whether the movement numbers its NS and its EW
// pairs apart, each from 1: a Mitchell, and a two-winner custom movement.
// Movement pair p is then NS pair p up to Tables, and EW pair p−Tables
// above it.
func (m *Movement) NumberedApart() bool {
	return m.Kind == KindMitchell || (m.Kind == KindCustom && m.Winners == 2)
}

// PairLabel returns the number and direction players call movement pair p
// by: in a Mitchell and in a two-winner custom movement NS pairs 1..Tables
// and EW pairs 1..Tables; in an individual the partnership's two players,
// "3-7"; elsewhere the pair's number and no direction.
func (m *Movement) PairLabel(p int) (number, direction string) {
	if m.Kind == KindIndividual {
		return partnershipLabel(p), ""
	}
	if m.NumberedApart() {
		if p > m.Tables {
			return strconv.Itoa(p - m.Tables), "EW"
		}
		return strconv.Itoa(p), "NS"
	}
	return strconv.Itoa(p), ""
}

// PairOf returns the movement pair a number and direction name, and whether
// there is one. In an individual, whose section lists players where another
// lists pairs, it is the player: 1..Players.
func (m *Movement) PairOf(number, direction string) (int, bool) {
	n, err := strconv.Atoi(number)
	if err != nil || n < 1 || strconv.Itoa(n) != number {
		return 0, false
	}
	if m.NumberedApart() {
		switch direction {
		case "NS":
			return n, n <= m.Tables
		case "EW":
			return n + m.Tables, n <= m.Tables
		}
		return 0, false
	}
	if m.Kind == KindIndividual {
		return n, direction == "" && n <= m.Players
	}
	return n, direction == "" && n <= m.Pairs
}

// Entrants returns how many entrants the section's standings rank: the
// players of an individual, the pairs of any other movement.
func (m *Movement) Entrants() int {
	if m.Kind == KindIndividual {
		return m.Players
	}
	return m.Pairs
}

// PairDirections lists the directions a pair may be given in this movement.
func (m *Movement) PairDirections() []string {
	if m.NumberedApart() {
		return []string{"NS", "EW"}
	}
	return []string{""}
}

// Field returns the field movement pair p is ranked in: 1 for an EW pair
// of a two-winner movement numbered NS and EW apart (see PairLabel), 0
// otherwise (every pair of a one-winner movement, the NS pairs of a
// two-winner one).
func (m *Movement) Field(p int) int {
	if m.Winners == 2 && m.NumberedApart() && p > m.Tables {
		return 1
	}
	return 0
}

// Plays returns how many times each board (index board-1) is played in the
// movement: the tables of a round that share a board play it once each.
func (m *Movement) Plays() []int {
	n := make([]int, m.Boards)
	for _, r := range m.Rounds {
		for _, t := range r.Tables {
			for _, b := range t.Boards {
				if b >= 1 && b <= m.Boards {
					n[b-1]++
				}
			}
		}
	}
	return n
}
