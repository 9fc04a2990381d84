package tournament

import (
	"context"
	"slices"
	"strconv"
)

// movementKinds are the kinds a MovementSpec may name.
var movementKinds = []string{"mitchell", "howell", "teams", "custom"}

// Build generates the movement the spec describes and checks it. Errors are
// ErrInvalid and name the field under "movement.".
func (s MovementSpec) Build() (Movement, error) {
	return s.BuildContext(context.Background())
}

// BuildContext is Build for a request: a size above the bounds (limits.go)
// is refused before any work, and the search for a Howell stops, returning
// ctx.Err(), when ctx ends.
func (s MovementSpec) BuildContext(ctx context.Context) (Movement, error) {
	if err := s.checkSize(); err != nil {
		return Movement{}, err
	}
	m, err := s.generate(ctx)
	if err != nil {
		return Movement{}, fromScoring(err, "movement.")
	}
	if err := checkGenerated(&m); err != nil {
		return Movement{}, err
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
func (s MovementSpec) generate(ctx context.Context) (Movement, error) {
	per := s.BoardsPerRound
	if s.Winners != 0 && s.Kind != "custom" {
		return Movement{}, Invalidf("movement.winners", strconv.Itoa(s.Winners)+": only a custom movement is given its winners (a Mitchell has two unless it arrow-switches, a Howell and teams one)")
	}
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
		return HowellContext(ctx, HowellOptions{Pairs: s.Pairs, BoardsPerRound: per, Rounds: s.Rounds, ShareBoards: s.ShareBoards})
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
		return customMovement(s)
	case "":
		return Movement{}, Invalidf("movement.kind", "required", movementKinds...)
	}
	return Movement{}, Invalidf("movement.kind", strconv.Quote(s.Kind)+": not a movement", movementKinds...)
}

// customMovement makes the movement of a schedule given table by table:
// pairs, tables and boards are the highest numbers it uses. A schedule
// whose tables name matches is a teams movement. With Winners 2 it is a
// two-winner movement numbered as a Mitchell is (see PairLabel): Tables
// pairs each way, NS pair n being movement pair n and EW pair n movement
// pair Tables+n, its tables numbered 1 to Tables; Validate then checks
// that the NS pairs play the NS cards and the EW pairs the EW cards.
func customMovement(s MovementSpec) (Movement, error) {
	schedule := s.Schedule
	if len(schedule) == 0 {
		return Movement{}, Invalidf("movement.schedule", "required for a custom movement: the rounds, table by table")
	}
	switch s.Winners {
	case 0, 1:
	case 2:
		if s.Tables < 1 {
			return Movement{}, Invalidf("movement.tables", strconv.Itoa(s.Tables)+": a two-winner custom movement needs its tables, 1 or more: NS pairs and EW pairs are each numbered 1 to tables")
		}
	default:
		return Movement{}, Invalidf("movement.winners", strconv.Itoa(s.Winners)+": not a number of winners", "1", "2")
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
	if s.Winners == 2 {
		return twoWinnerCustom(m, s.Tables)
	}
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

// twoWinnerCustom makes m, a custom movement as its schedule gives it, a
// two-winner movement of tables pairs each way and tables 1 to tables.
func twoWinnerCustom(m Movement, tables int) (Movement, error) {
	n := strconv.Itoa(tables)
	why := ": a two-winner custom movement of " + n + " tables has tables 1 to " + n + " and pairs 1 to " + strconv.Itoa(2*tables) +
		" (NS pair n is pair n, EW pair n is pair " + n + "+n)"
	switch {
	case hasMatches(m.Rounds):
		return Movement{}, Invalidf("movement.winners", "2: a schedule of team matches has one winner", "1")
	case m.Tables > tables:
		return Movement{}, Invalidf("movement.schedule", "table "+strconv.Itoa(m.Tables)+why)
	case m.Pairs > 2*tables:
		return Movement{}, Invalidf("movement.schedule", "pair "+strconv.Itoa(m.Pairs)+why)
	}
	m.Winners, m.Tables, m.Pairs = 2, tables, 2*tables
	m.Name = "Custom two-winner movement, " + n + " pairs each way, " + strconv.Itoa(len(m.Rounds)) + " rounds"
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

// numberedApart reports whether the movement numbers its NS and its EW
// pairs apart, each from 1: a Mitchell, and a two-winner custom movement.
// Movement pair p is then NS pair p up to Tables, and EW pair p−Tables
// above it.
func (m *Movement) numberedApart() bool {
	return m.Kind == KindMitchell || (m.Kind == KindCustom && m.Winners == 2)
}

// PairLabel returns the number and direction players call movement pair p
// by: in a Mitchell and in a two-winner custom movement NS pairs 1..Tables
// and EW pairs 1..Tables; elsewhere the pair's number and no direction.
func (m *Movement) PairLabel(p int) (number, direction string) {
	if m.numberedApart() {
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
	if m.numberedApart() {
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
	if m.numberedApart() {
		return []string{"NS", "EW"}
	}
	return []string{""}
}

// Field returns the field movement pair p is ranked in: 1 for an EW pair
// of a two-winner movement numbered NS and EW apart (see PairLabel), 0
// otherwise (every pair of a one-winner movement, the NS pairs of a
// two-winner one).
func (m *Movement) Field(p int) int {
	if m.Winners == 2 && m.numberedApart() && p > m.Tables {
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
