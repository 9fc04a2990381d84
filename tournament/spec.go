package tournament

import (
	"context"
	"strconv"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// movementKinds are the kinds a MovementSpec may name.
var movementKinds = []string{"mitchell", "howell", "teams", "swiss", "knockout", "individual", "custom"}

// Build generates the movement the spec describes and checks it. Errors are
// ErrInvalid and name the field under "movement.".
func (s MovementSpec) Build() (movement.Movement, error) {
	return s.BuildContext(context.Background())
}

// BuildContext is Build for a request: a size above the bounds (limits.go)
// is refused before any work, and the search for a Howell stops, returning
// ctx.Err(), when ctx ends.
func (s MovementSpec) BuildContext(ctx context.Context) (movement.Movement, error) {
	if err := s.ReadFile(); err != nil {
		return movement.Movement{}, err
	}
	if err := s.checkSize(); err != nil {
		return movement.Movement{}, err
	}
	m, err := s.generate(ctx)
	if err != nil {
		return movement.Movement{}, fromScoring(err, "movement.")
	}
	if err := checkGenerated(&m); err != nil {
		return movement.Movement{}, err
	}
	if _, err := m.Validate(); err != nil {
		field := "movement."
		if s.Kind == "custom" || (s.Kind == "individual" && len(s.Schedule) > 0) {
			field = "movement.schedule: "
		}
		return movement.Movement{}, fromScoring(err, field)
	}
	if s.Kind == "custom" && !s.Unbalanced {
		if err := m.CheckBalanced(); err != nil {
			return movement.Movement{}, fromScoring(err, "movement.")
		}
	}
	if err := s.checkVP(&m); err != nil {
		return movement.Movement{}, err
	}
	if s.Kind == "swiss" {
		m.Boards = s.Rounds * s.BoardsPerRound // every round's boards, though one round is paired so far
	}
	return m, nil
}

// generate runs the generator for the spec's kind.
func (s MovementSpec) generate(ctx context.Context) (movement.Movement, error) {
	per := s.BoardsPerRound
	if s.Winners != 0 && s.Kind != "custom" {
		return movement.Movement{}, Invalidf("movement.winners", strconv.Itoa(s.Winners)+": only a custom movement is given its winners (a Mitchell has two unless it arrow-switches, a Howell and teams one)")
	}
	if err := s.knockoutOnly(); err != nil {
		return movement.Movement{}, err
	}
	switch s.Kind {
	case "mitchell":
		o := movement.MitchellOptions{Tables: s.Tables, BoardsPerRound: per, Rounds: s.Rounds, SkipAfter: s.SkipAfter,
			Missing: s.Missing, Phantom: s.Phantom, ArrowSwitch: s.ArrowSwitch,
			Variant: s.Variant, Switches: s.Switches, RoverTables: s.RoverTables, Appendix: s.Appendix}
		switch s.Even {
		case "", "skip":
			o.Even = movement.EvenSkip
		case "relay":
			o.Even = movement.EvenRelay
		default:
			return movement.Movement{}, Invalidf("movement.even", strconv.Quote(s.Even)+": not a way to play an even number of tables", "skip", "relay")
		}
		return movement.Mitchell(o)
	case "howell":
		return movement.HowellContext(ctx, movement.HowellOptions{Pairs: s.Pairs, BoardsPerRound: per, Rounds: s.Rounds, ShareBoards: s.ShareBoards})
	case "teams":
		m, err := movement.TeamsRoundRobin(movement.TeamsOptions{Teams: s.Teams, BoardsPerRound: per})
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
	case "swiss":
		return s.swissFirstRound()
	case "knockout":
		return s.knockoutMovement()
	case "custom":
		return movement.Custom(s.Schedule, s.Winners, s.Tables)
	case "individual":
		return s.individualMovement()
	case "":
		return movement.Movement{}, Invalidf("movement.kind", "required", movementKinds...)
	}
	return movement.Movement{}, Invalidf("movement.kind", strconv.Quote(s.Kind)+": not a movement", movementKinds...)
}

// ReadFile reads a movement given as a file (File) into its Schedule and
// empties File, so the section stores it as any movement given table by
// table: a custom movement's in the .ASC format or EBUScore's
// (movement.ReadMovementFile), an individual's likewise
// (movement.ReadIndividualFile), Players then the header's. A spec
// without a file is left as it is. Errors are ErrInvalid naming the field
// under "movement." (a fault in the file: "movement.file", with its line,
// round and table).
func (s *MovementSpec) ReadFile() error {
	if s.File == "" {
		return nil
	}
	switch {
	case s.Kind != "custom" && s.Kind != "individual":
		return Invalidf("movement.file", "a movement file is given with kind \"custom\" (or \"individual\", an individual movement), not "+strconv.Quote(s.Kind), "custom", "individual")
	case len(s.Schedule) > 0:
		return Invalidf("movement.file", "give the schedule or a movement file, not both")
	case len(s.File) > MaxMovementFile:
		return tooMany("movement.file", len(s.File), MaxMovementFile, "characters in a movement file")
	case s.BoardsPerRound < 1:
		return Invalidf("movement.boards_per_round", strconv.Itoa(s.BoardsPerRound)+": a movement file needs the boards of each board group, 1 or more")
	case s.BoardsPerRound > MaxBoardsPerRound:
		return tooMany("movement.boards_per_round", s.BoardsPerRound, MaxBoardsPerRound, "boards a round")
	}
	if s.Kind == "individual" {
		m, err := movement.ReadIndividualFile(s.File, s.BoardsPerRound)
		if err != nil {
			return fromScoring(err, "movement.")
		}
		if s.Players != 0 && s.Players != m.Players {
			return Invalidf("movement.players", strconv.Itoa(s.Players)+": the file's header seats "+strconv.Itoa(m.Players)+" players; give "+
				strconv.Itoa(m.Players)+" or leave players out", strconv.Itoa(m.Players))
		}
		s.Schedule, s.Players, s.File = m.Rounds, m.Players, ""
		return nil
	}
	sched, err := movement.ReadMovementFile(s.File, s.BoardsPerRound, s.Unbalanced)
	if err != nil {
		return fromScoring(err, "movement.")
	}
	s.Schedule, s.File = sched, ""
	return nil
}

// individualMovement is an individual's movement: the published one for
// s.Players players in s.Rounds rounds (movement.Individual; 0: its
// default), or the schedule given table by
// table, its players at North, East, South and West and its partnerships
// made from them (movement.SeatPartnerships).
func (s MovementSpec) individualMovement() (movement.Movement, error) {
	if len(s.Schedule) == 0 {
		return movement.Individual(movement.IndividualOptions{Players: s.Players, BoardsPerRound: s.BoardsPerRound, Rounds: s.Rounds})
	}
	if s.Players < 4 || s.Players > MaxPlayers {
		return movement.Movement{}, Invalidf("movement.players", strconv.Itoa(s.Players)+": an individual's schedule seats 4 to "+strconv.Itoa(MaxPlayers)+" players, numbered 1 to players")
	}
	m, err := movement.Custom(s.Schedule, 1, 0)
	if err != nil {
		return m, err
	}
	m.Kind, m.Players, m.Pairs = movement.KindIndividual, s.Players, 0
	m.Name = "Individual, " + strconv.Itoa(s.Players) + " players, " + strconv.Itoa(len(m.Rounds)) + " rounds"
	m.SeatPartnerships()
	return m, nil
}
