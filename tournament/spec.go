package tournament

import (
	"slices"
	"strconv"
)

// movementKinds are the kinds a MovementSpec may name.
var movementKinds = []string{"mitchell", "howell", "teams", "custom"}

// Build generates the movement the spec describes and checks it. Errors are
// ErrInvalid and name the field under "movement.".
func (s MovementSpec) Build() (Movement, error) {
	m, err := s.generate()
	if err != nil {
		return Movement{}, fromScoring(err, "movement.")
	}
	if _, err := m.Validate(); err != nil {
		field := "movement."
		if s.Kind == "custom" {
			field = "movement.schedule: "
		}
		return Movement{}, fromScoring(err, field)
	}
	return m, nil
}

// generate runs the generator for the spec's kind.
func (s MovementSpec) generate() (Movement, error) {
	per := s.BoardsPerRound
	switch s.Kind {
	case "mitchell":
		o := MitchellOptions{Tables: s.Tables, BoardsPerRound: per, Rounds: s.Rounds, SkipAfter: s.SkipAfter,
			Missing: s.Missing, Phantom: s.Phantom, ArrowSwitch: s.ArrowSwitch}
		switch s.Even {
		case "", "skip":
			o.Even = EvenSkip
		case "relay":
			o.Even = EvenRelay
		default:
			return Movement{}, Invalidf("movement.even", strconv.Quote(s.Even)+": not a way to play an even number of tables", "skip", "relay")
		}
		return Mitchell(o)
	case "howell":
		return Howell(HowellOptions{Pairs: s.Pairs, BoardsPerRound: per, Rounds: s.Rounds, ShareBoards: s.ShareBoards})
	case "teams":
		m, err := TeamsRoundRobin(TeamsOptions{Teams: s.Teams, BoardsPerRound: per})
		if err != nil {
			return m, err
		}
		if s.Rounds < 0 || s.Rounds > len(m.Rounds) {
			return m, Invalidf("movement.rounds", strconv.Itoa(s.Rounds)+": a round robin of "+strconv.Itoa(s.Teams)+" teams has "+strconv.Itoa(len(m.Rounds))+" rounds")
		}
		if s.Rounds > 0 && s.Rounds < len(m.Rounds) {
			m.Rounds = m.Rounds[:s.Rounds]
			m.Boards = s.Rounds * per
			m.Name += ", " + strconv.Itoa(s.Rounds) + " rounds"
		}
		return m, nil
	case "custom":
		return customMovement(s.Schedule)
	case "":
		return Movement{}, Invalidf("movement.kind", "required", movementKinds...)
	}
	return Movement{}, Invalidf("movement.kind", strconv.Quote(s.Kind)+": not a movement", movementKinds...)
}

// customMovement makes a one-winner movement of a schedule given table by
// table: pairs, tables and boards are the highest numbers it uses. A
// schedule whose tables name matches is a teams movement.
func customMovement(schedule []Round) (Movement, error) {
	if len(schedule) == 0 {
		return Movement{}, Invalidf("movement.schedule", "required for a custom movement: the rounds, table by table")
	}
	m := Movement{Name: "Custom movement", Kind: KindCustom, Winners: 1, Rounds: make([]Round, len(schedule))}
	for i, r := range schedule {
		if r.Number != 0 && r.Number != i+1 {
			return Movement{}, Invalidf("movement.schedule["+strconv.Itoa(i)+"].round", strconv.Itoa(r.Number)+": rounds are listed in order from 1; expected "+strconv.Itoa(i+1))
		}
		r.Number = i + 1
		r.Tables = slices.Clone(r.Tables)
		for _, t := range r.Tables {
			m.Tables = max(m.Tables, t.Table)
			m.Pairs = max(m.Pairs, t.NS, t.EW)
			for _, b := range t.Boards {
				m.Boards = max(m.Boards, b)
			}
		}
		for _, p := range r.SitOut {
			m.Pairs = max(m.Pairs, p)
		}
		for _, b := range r.ByeStand {
			m.Boards = max(m.Boards, b)
		}
		m.Rounds[i] = r
	}
	m.Name = "Custom movement, " + strconv.Itoa(m.Pairs) + " pairs, " + strconv.Itoa(len(m.Rounds)) + " rounds"
	if hasMatches(m.Rounds) {
		// A schedule of matches is a teams movement: team k fields pairs
		// 2k−1 and 2k, as TeamsRoundRobin numbers them.
		m.Kind = KindTeams
		for k := 1; 2*k <= m.Pairs; k++ {
			m.Teams = append(m.Teams, Team{Number: k, Pairs: [2]int{2*k - 1, 2 * k}})
		}
		m.Name = "Custom teams movement, " + strconv.Itoa(len(m.Teams)) + " teams, " + strconv.Itoa(len(m.Rounds)) + " rounds"
	}
	return m, nil
}

// hasMatches reports whether any table of the schedule belongs to a match.
func hasMatches(rounds []Round) bool {
	for _, r := range rounds {
		for _, t := range r.Tables {
			if t.Match > 0 {
				return true
			}
		}
	}
	return false
}

// PairLabel returns the number and direction players call movement pair p
// by: in a Mitchell NS pairs 1..Tables and EW pairs 1..Tables; elsewhere the
// pair's number and no direction.
func (m *Movement) PairLabel(p int) (number, direction string) {
	if m.Kind == KindMitchell {
		if p > m.Tables {
			return strconv.Itoa(p - m.Tables), "EW"
		}
		return strconv.Itoa(p), "NS"
	}
	return strconv.Itoa(p), ""
}

// PairOf returns the movement pair a number and direction name, and whether
// there is one.
func (m *Movement) PairOf(number, direction string) (int, bool) {
	n, err := strconv.Atoi(number)
	if err != nil || n < 1 || strconv.Itoa(n) != number {
		return 0, false
	}
	if m.Kind == KindMitchell {
		switch direction {
		case "NS":
			return n, n <= m.Tables
		case "EW":
			return n + m.Tables, n <= m.Tables
		}
		return 0, false
	}
	return n, direction == "" && n <= m.Pairs
}

// PairDirections lists the directions a pair may be given in this movement.
func (m *Movement) PairDirections() []string {
	if m.Kind == KindMitchell {
		return []string{"NS", "EW"}
	}
	return []string{""}
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
