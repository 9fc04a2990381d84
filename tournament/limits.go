package tournament

import (
	"strconv"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// The largest sizes a request may name. Generating, checking and storing a
// movement costs about tables × rounds × boards a round (a Mitchell of a
// million tables ran for minutes and out of memory), so every size is
// refused above what a real event can need, before any work is done:
//
//   - MaxTables 200: the largest sections of a national congress have some
//     50 tables; 200 seats a whole hall as one Mitchell.
//   - MaxPairs 400: two pairs a table of MaxTables.
//   - MaxTeams 100: a teams section of 100 teams fills MaxTables (two tables
//     a match), and its round robin has 99 rounds.
//   - MaxBoardsPerRound 36: a long teams match is 32 to 36 boards in one
//     round; a pairs round has 2 to 4.
//   - MaxRounds 100: a session plays 7 to 27 rounds; 100 holds the round robin
//     of MaxTeams teams and a multi-session custom movement.
//   - MaxBoards 7200: MaxTables sets of MaxBoardsPerRound boards (a Mitchell
//     has a set a table): the highest board number a movement may have.
//   - MaxPlayers 28: an individual's players (seven tables); its
//     partnerships, any two of them (378), stay within MaxPairs.
//   - MaxSections 100: the sections of one imported event (26 letters over a
//     few sessions).
//   - MaxMovementFile 256 KiB: a movement file (.ASC) of MaxRounds rounds of
//     MaxTables tables at 12 characters a table is 240,000 characters.
const (
	MaxTables         = 200
	MaxPairs          = 2 * MaxTables
	MaxTeams          = 100
	MaxBoardsPerRound = 36
	MaxRounds         = 100
	MaxBoards         = MaxTables * MaxBoardsPerRound
	MaxSections       = 100
	MaxMovementFile   = 256 << 10
	MaxPlayers        = 28
)

// MaxAssignedParts bounds one side's weighted assigned score (Law 12C1(c)):
// a director weighs two to four outcomes; 10 is more than any ruling needs.
const MaxAssignedParts = 10

// tooMany returns the ErrInvalid error for a size n above its bound max.
func tooMany(field string, n, max int, what string) *Error {
	return Invalidf(field, strconv.Itoa(n)+": at most "+strconv.Itoa(max)+" "+what)
}

// checkSize refuses a spec naming a size above the bounds, before anything
// is generated. Fields are named under "movement.".
func (s MovementSpec) checkSize() error {
	const f = "movement."
	switch {
	case s.Tables > MaxTables:
		return tooMany(f+"tables", s.Tables, MaxTables, "tables in a section")
	case s.Pairs > MaxPairs:
		return tooMany(f+"pairs", s.Pairs, MaxPairs, "pairs in a section")
	case s.Players > MaxPlayers:
		return tooMany(f+"players", s.Players, MaxPlayers, "players in an individual")
	case s.Teams > MaxTeams:
		return tooMany(f+"teams", s.Teams, MaxTeams, "teams in a section")
	case s.BoardsPerRound > MaxBoardsPerRound:
		return tooMany(f+"boards_per_round", s.BoardsPerRound, MaxBoardsPerRound, "boards a round")
	case s.Rounds > MaxRounds:
		return tooMany(f+"rounds", s.Rounds, MaxRounds, "rounds in a section")
	case len(s.ArrowSwitch) > MaxRounds:
		return tooMany(f+"arrow_switch", len(s.ArrowSwitch), MaxRounds, "rounds in a section")
	case len(s.Switches) > MaxRounds:
		return tooMany(f+"switches", len(s.Switches), MaxRounds, "rounds in a section")
	case len(s.RoverTables) > MaxRounds:
		return tooMany(f+"rover_tables", len(s.RoverTables), MaxRounds, "rounds in a section")
	case s.Appendix > MaxTables:
		return tooMany(f+"appendix", s.Appendix, MaxTables, "tables in a section")
	case len(s.Schedule) > MaxRounds:
		return tooMany(f+"schedule", len(s.Schedule), MaxRounds, "rounds in a section")
	}
	for i, sw := range s.Switches {
		if len(sw.Tables) > MaxTables {
			return tooMany(f+index("switches", i)+".tables", len(sw.Tables), MaxTables, "tables in a round")
		}
	}
	for i, r := range s.Schedule {
		rf := f + index("schedule", i) + "."
		if len(r.Tables) > MaxTables {
			return tooMany(rf+"tables", len(r.Tables), MaxTables, "tables in a round")
		}
		if len(r.SitOut) > MaxPairs {
			return tooMany(rf+"sit_out", len(r.SitOut), MaxPairs, "pairs in a section")
		}
		if len(r.ByeStand) > MaxBoards {
			return tooMany(rf+"bye_stand", len(r.ByeStand), MaxBoards, "boards in a section")
		}
		for j, p := range r.SitOut {
			if p > MaxPairs {
				return tooMany(rf+index("sit_out", j), p, MaxPairs, "pairs in a section")
			}
		}
		for j, b := range r.ByeStand {
			if b > MaxBoards {
				return tooMany(rf+index("bye_stand", j), b, MaxBoards, "boards in a section")
			}
		}
		for j, t := range r.Tables {
			tf := rf + index("tables", j) + "."
			switch {
			case t.Table > MaxTables:
				return tooMany(tf+"table", t.Table, MaxTables, "tables in a section")
			case t.NS > MaxPairs:
				return tooMany(tf+"ns", t.NS, MaxPairs, "pairs in a section")
			case t.EW > MaxPairs:
				return tooMany(tf+"ew", t.EW, MaxPairs, "pairs in a section")
			case len(t.Boards) > MaxBoardsPerRound:
				return tooMany(tf+"boards", len(t.Boards), MaxBoardsPerRound, "boards a round")
			case len(t.Players) > 4:
				return tooMany(tf+"players", len(t.Players), 4, "players at a table")
			}
			for k, b := range t.Boards {
				if b > MaxBoards {
					return tooMany(tf+index("boards", k), b, MaxBoards, "boards in a section")
				}
			}
		}
	}
	return nil
}

// checkGenerated refuses a movement generated from sizes within the bounds
// that still plays more rounds than MaxRounds (a Mitchell of more than
// MaxRounds tables, all its rounds played).
func checkGenerated(m *movement.Movement) error {
	if n := len(m.Rounds); n > MaxRounds {
		return Invalidf("movement.rounds", strconv.Itoa(n)+" rounds: at most "+strconv.Itoa(MaxRounds)+" rounds in a section; give the rounds to play")
	}
	return nil
}

// index names element i (0-based) of a list field: "rounds[2]".
func index(field string, i int) string { return field + "[" + strconv.Itoa(i) + "]" }
