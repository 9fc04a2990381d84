package tournament

import (
	"context"
	"slices"
	"strconv"
	"strings"
)

// MaxBoardVersion is the most versions a fouled board may have: the board
// as dealt (1) and up to three fouled ones.
const MaxBoardVersion = 4

// SlotVersion is the version of a board one table played in one round.
type SlotVersion struct {
	Round, Table int
	Version      int // 1 the board as dealt, 2 … MaxBoardVersion a fouled version
}

// FouledBoard is which tables played which version of a board (Law 87: a
// board fouled in play is scored in groups, each compared only within
// itself). Tables not listed played the board as dealt.
type FouledBoard struct {
	SectionID int64
	Board     int
	Slots     []SlotVersion // version 2 and above only, by round then table; empty: not fouled
}

// Fouled reports whether some table played another version than as dealt.
func (f FouledBoard) Fouled() bool { return len(f.Slots) > 0 }

// FouledStore is what the Store keeps of fouled boards.
type FouledStore interface {
	// FouledBoards returns a section's fouled boards, by board, each with
	// its slots by round then table.
	FouledBoards(ctx context.Context, sectionID int64) ([]FouledBoard, error)
	// SetFouledBoard replaces the versions stored for f's board with f's
	// slots (none: the board is no longer fouled) and stores the change c,
	// in one transaction, setting its ID and At.
	SetFouledBoard(ctx context.Context, f FouledBoard, c *Change) error
}

// PlayedVersion returns the version of its board a result was played on:
// 1 (as dealt) when none is set.
func (r *Result) PlayedVersion() int { return max(r.BoardVersion, 1) }

// BoardVersions returns every table that plays a board in the section's
// movement, by round then table, each with the version of the board it
// played (1 unless the board is marked fouled): to a director, or to anyone
// who may read the section's results.
func (s *Service) BoardVersions(ctx context.Context, a Actor, sectionID int64, board int) ([]SlotVersion, error) {
	sec, e, err := s.sectionEvent(ctx, sectionID)
	if err != nil {
		return nil, err
	}
	if err := canReadResults(a, &e, &sec, 0); err != nil {
		return nil, err
	}
	if err := boardOf(&sec, board); err != nil {
		return nil, err
	}
	fouled, err := s.reader(a).FouledBoards(ctx, sec.ID)
	if err != nil {
		return nil, err
	}
	return slotVersions(&sec, board, fouled), nil
}

// SetFouledBoard marks which tables played which version of a board, as a
// director finds a board fouled: slots lists the tables (round and table)
// with their version; a table not listed, or listed with version 1, played
// the board as dealt, so an empty list clears the mark. Every slot must be
// a table that plays the board in the section's movement, given once. The
// change is kept in the event's changes (none when the versions stay as
// they are). It returns the board's tables as BoardVersions does.
func (s *Service) SetFouledBoard(ctx context.Context, a Actor, sectionID int64, board int, slots []SlotVersion) ([]SlotVersion, error) {
	if err := directorOnly(a, "mark a fouled board"); err != nil {
		return nil, err
	}
	sec, err := s.cache.Section(ctx, sectionID)
	if err != nil {
		return nil, err
	}
	if err := boardOf(&sec, board); err != nil {
		return nil, err
	}
	next, err := checkSlotVersions(&sec, board, slots)
	if err != nil {
		return nil, err
	}
	stored, err := s.store.FouledBoards(ctx, sec.ID)
	if err != nil {
		return nil, err
	}
	old := FouledBoard{SectionID: sec.ID, Board: board}
	if i := slices.IndexFunc(stored, func(f FouledBoard) bool { return f.Board == board }); i >= 0 {
		old = stored[i]
	}
	if slices.Equal(old.Slots, next.Slots) {
		return slotVersions(&sec, board, []FouledBoard{next}), nil // nothing changes: no change to keep
	}
	key := "board " + strconv.Itoa(board)
	c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: a.Name,
		Before: map[string]any{key: versionsWords(old)}, After: map[string]any{key: versionsWords(next)}}
	if err := s.store.SetFouledBoard(ctx, next, &c); err != nil {
		return nil, err
	}
	return slotVersions(&sec, board, []FouledBoard{next}), nil
}

// boardOf checks that a section plays a board.
func boardOf(sec *Section, board int) error {
	if board < 1 || board > sec.Movement.Boards {
		return &Error{Kind: ErrNotFound, Field: "board", Message: "board " + strconv.Itoa(board) + " is not in section " + sec.Name + ": it plays boards 1 to " + strconv.Itoa(sec.Movement.Boards)}
	}
	return nil
}

// boardPlays lists the tables that play a board in a section's movement,
// by round then table, each with version 1.
func boardPlays(sec *Section, board int) []SlotVersion {
	var out []SlotVersion
	for _, rd := range sec.Movement.Rounds {
		for _, t := range rd.Tables {
			if slices.Contains(t.Boards, board) {
				out = append(out, SlotVersion{Round: rd.Number, Table: t.Table, Version: 1})
			}
		}
	}
	slices.SortFunc(out, compareSlots)
	return out
}

// compareSlots orders slots by round then table.
func compareSlots(a, b SlotVersion) int {
	if a.Round != b.Round {
		return a.Round - b.Round
	}
	return a.Table - b.Table
}

// slotVersions lists the tables that play a board, each with the version
// the fouled boards give it.
func slotVersions(sec *Section, board int, fouled []FouledBoard) []SlotVersion {
	out := boardPlays(sec, board)
	for _, f := range fouled {
		if f.Board != board {
			continue
		}
		for _, sv := range f.Slots {
			for i := range out {
				if out[i].Round == sv.Round && out[i].Table == sv.Table {
					out[i].Version = sv.Version
				}
			}
		}
	}
	return out
}

// checkSlotVersions checks the versions given for a board's tables and
// returns the fouled board they make: slots of version 2 and above, by
// round then table.
func checkSlotVersions(sec *Section, board int, slots []SlotVersion) (FouledBoard, error) {
	plays := map[[2]int]bool{}
	var where []string
	for _, sv := range boardPlays(sec, board) {
		plays[[2]int{sv.Round, sv.Table}] = true
		where = append(where, "round "+strconv.Itoa(sv.Round)+" table "+strconv.Itoa(sv.Table))
	}
	if len(slots) > len(plays) {
		return FouledBoard{}, Invalidf("lines", strconv.Itoa(len(slots))+" lines given, but board "+strconv.Itoa(board)+" is played at "+strconv.Itoa(len(plays))+" tables: give each of them at most once")
	}
	out := FouledBoard{SectionID: sec.ID, Board: board}
	seen := map[[2]int]bool{}
	for i, sv := range slots {
		field := "lines[" + strconv.Itoa(i) + "]"
		k := [2]int{sv.Round, sv.Table}
		if !plays[k] {
			allowed := where
			if len(allowed) > 12 {
				allowed = append(slices.Clip(allowed[:12]), "…")
			}
			return FouledBoard{}, Invalidf(field+".table", "round "+strconv.Itoa(sv.Round)+" table "+strconv.Itoa(sv.Table)+" does not play board "+strconv.Itoa(board)+" in section "+sec.Name, allowed...)
		}
		if seen[k] {
			return FouledBoard{}, Invalidf(field+".table", "round "+strconv.Itoa(sv.Round)+" table "+strconv.Itoa(sv.Table)+" is given twice: give each table once")
		}
		seen[k] = true
		if sv.Version < 1 || sv.Version > MaxBoardVersion {
			return FouledBoard{}, Invalidf(field+".board_version", "board_version "+strconv.Itoa(sv.Version)+": a board's version is 1 (as dealt) to "+strconv.Itoa(MaxBoardVersion))
		}
		if sv.Version > 1 {
			out.Slots = append(out.Slots, sv)
		}
	}
	slices.SortFunc(out.Slots, compareSlots)
	return out, nil
}

// versionsWords says in words which tables played which version, for the
// change log: "version 2: round 1 table 3, round 2 table 1", or "every
// table as dealt".
func versionsWords(f FouledBoard) string {
	if !f.Fouled() {
		return "every table as dealt"
	}
	by := map[int][]string{}
	var versions []int
	for _, sv := range f.Slots {
		if _, ok := by[sv.Version]; !ok {
			versions = append(versions, sv.Version)
		}
		by[sv.Version] = append(by[sv.Version], "round "+strconv.Itoa(sv.Round)+" table "+strconv.Itoa(sv.Table))
	}
	slices.Sort(versions)
	parts := make([]string, len(versions))
	for i, v := range versions {
		parts[i] = "version " + strconv.Itoa(v) + ": " + strings.Join(by[v], ", ")
	}
	return strings.Join(parts, "; ")
}

// withVersions sets on each of a section's results the version of its
// board it was played on, as the store has the section's fouled boards.
func (s *Service) withVersions(ctx context.Context, a Actor, sectionID int64, results []Result) error {
	fouled, err := s.reader(a).FouledBoards(ctx, sectionID)
	if err != nil {
		return err
	}
	applyVersions(results, fouled)
	return nil
}

// applyVersions sets each result's BoardVersion from the fouled boards:
// the version of its slot, 1 when its slot is not listed.
func applyVersions(results []Result, fouled []FouledBoard) {
	at := map[[3]int]int{}
	for _, f := range fouled {
		for _, sv := range f.Slots {
			at[[3]int{f.Board, sv.Round, sv.Table}] = sv.Version
		}
	}
	for i := range results {
		r := &results[i]
		r.BoardVersion = max(at[[3]int{r.Board, r.Round, r.Table}], 1)
	}
}

// FouledBoards reads the standby.
func (r *replicaReads) FouledBoards(ctx context.Context, sectionID int64) ([]FouledBoard, error) {
	return fromStandby(r, func(s Store) ([]FouledBoard, error) { return s.FouledBoards(ctx, sectionID) })
}
