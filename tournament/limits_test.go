package tournament

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestBuildRefusesSizesAboveBounds: every size a MovementSpec can name is
// refused above its bound (limits.go) with an ErrInvalid error naming the
// field and the bound, before any work — the Mitchell of a million tables
// of issue 14 ran for minutes and out of memory. The test's context
// measures "at once": each Build must end well within it.
func TestBuildRefusesSizesAboveBounds(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	oneTable := func(boards ...int) []movement.Round {
		return []movement.Round{{Tables: []movement.Table{{Table: 1, NS: 1, EW: 2, Boards: boards}}}}
	}
	longSchedule := make([]movement.Round, MaxRounds+1)
	for i := range longSchedule {
		longSchedule[i] = movement.Round{Tables: []movement.Table{{Table: 1, NS: 1, EW: 2, Boards: []int{i + 1}}}}
	}
	wideRound := movement.Round{}
	for i := range MaxTables + 1 {
		wideRound.Tables = append(wideRound.Tables, movement.Table{Table: i + 1, NS: 2*i + 1, EW: 2*i + 2, Boards: []int{1}})
	}
	manyBoards := make([]int, MaxBoardsPerRound+1)
	for i := range manyBoards {
		manyBoards[i] = i + 1
	}
	for _, c := range []struct {
		name  string
		spec  MovementSpec
		field string
		bound int
	}{
		{"mitchell of a million tables", MovementSpec{Kind: "mitchell", Tables: 1_000_000, BoardsPerRound: 2}, "movement.tables", MaxTables},
		{"mitchell of 2,000 tables", MovementSpec{Kind: "mitchell", Tables: 2000, BoardsPerRound: 2}, "movement.tables", MaxTables},
		{"mitchell one table over", MovementSpec{Kind: "mitchell", Tables: MaxTables + 1, BoardsPerRound: 2}, "movement.tables", MaxTables},
		{"mitchell of every round over the rounds bound", MovementSpec{Kind: "mitchell", Tables: MaxRounds + 1, BoardsPerRound: 2}, "movement.rounds", MaxRounds},
		{"mitchell boards a round", MovementSpec{Kind: "mitchell", Tables: 5, BoardsPerRound: 1_000_000}, "movement.boards_per_round", MaxBoardsPerRound},
		{"mitchell rounds", MovementSpec{Kind: "mitchell", Tables: 5, BoardsPerRound: 2, Rounds: MaxRounds + 1}, "movement.rounds", MaxRounds},
		{"howell pairs", MovementSpec{Kind: "howell", Pairs: 1_000_000, BoardsPerRound: 2}, "movement.pairs", MaxPairs},
		{"teams of a million", MovementSpec{Kind: "teams", Teams: 1_000_000, BoardsPerRound: 2}, "movement.teams", MaxTeams},
		{"teams one over", MovementSpec{Kind: "teams", Teams: MaxTeams + 1, BoardsPerRound: 2}, "movement.teams", MaxTeams},
		{"teams boards a round", MovementSpec{Kind: "teams", Teams: 4, BoardsPerRound: MaxBoardsPerRound + 1}, "movement.boards_per_round", MaxBoardsPerRound},
		{"custom rounds", MovementSpec{Kind: "custom", Schedule: longSchedule}, "movement.schedule", MaxRounds},
		{"custom tables in a round", MovementSpec{Kind: "custom", Schedule: []movement.Round{wideRound}}, "movement.schedule[0].tables", MaxTables},
		{"custom table number", MovementSpec{Kind: "custom", Schedule: []movement.Round{{Tables: []movement.Table{{Table: 1_000_000_000, NS: 1, EW: 2, Boards: []int{1}}}}}},
			"movement.schedule[0].tables[0].table", MaxTables},
		{"custom pair number", MovementSpec{Kind: "custom", Schedule: []movement.Round{{Tables: []movement.Table{{Table: 1, NS: 1, EW: 1_000_000_000, Boards: []int{1}}}}}},
			"movement.schedule[0].tables[0].ew", MaxPairs},
		{"custom board number", MovementSpec{Kind: "custom", Schedule: oneTable(1_000_000_000)}, "movement.schedule[0].tables[0].boards[0]", MaxBoards},
		{"custom boards at a table", MovementSpec{Kind: "custom", Schedule: oneTable(manyBoards...)}, "movement.schedule[0].tables[0].boards", MaxBoardsPerRound},
		{"custom sit-out pair", MovementSpec{Kind: "custom", Schedule: []movement.Round{{Tables: oneTable(1)[0].Tables, SitOut: []int{1_000_000_000}}}},
			"movement.schedule[0].sit_out[0]", MaxPairs},
		{"custom bye-stand board", MovementSpec{Kind: "custom", Schedule: []movement.Round{{Tables: oneTable(1)[0].Tables, ByeStand: []int{1_000_000_000}}}},
			"movement.schedule[0].bye_stand[0]", MaxBoards},
		{"two-winner custom tables", MovementSpec{Kind: "custom", Winners: 2, Tables: 1_000_000, Schedule: oneTable(1)}, "movement.tables", MaxTables},
	} {
		t.Run(c.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err := c.spec.BuildContext(ctx)
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-ctx.Done():
				t.Fatalf("Build still working when the test's context ended")
			}
			var te *Error
			if !errors.As(err, &te) || !errors.Is(err, ErrInvalid) {
				t.Fatalf("err %v, want ErrInvalid", err)
			}
			if te.Field != c.field || !strings.Contains(te.Message, "at most "+strconv.Itoa(c.bound)) {
				t.Errorf("err %q (field %q), want field %q and the bound %d named", err, te.Field, c.field, c.bound)
			}
		})
	}
}

// TestBuildAtTheBounds: the largest movements the bounds allow are built,
// so the bounds refuse nothing a real event needs.
func TestBuildAtTheBounds(t *testing.T) {
	for _, s := range []MovementSpec{
		{Kind: "mitchell", Tables: MaxTables, BoardsPerRound: 2, Rounds: 27},
		{Kind: "mitchell", Tables: MaxRounds - 1, BoardsPerRound: MaxBoardsPerRound},
		{Kind: "teams", Teams: MaxTeams, BoardsPerRound: 8},
		{Kind: "howell", Pairs: 16, BoardsPerRound: 2},
	} {
		if _, err := s.Build(); err != nil {
			t.Errorf("%+v: %v", s, err)
		}
	}
}

// TestHowellSearchStopsWithItsContext: a movement spec is built with the
// request's context, so the search for a Howell base gives up, with the
// context's error, once the request has ended. (11 pairs in 7 rounds has no
// published base — 11 pairs in 9 rounds has had one since KoPS's Howells
// came in — and no other test of this package builds it: it is searched
// for. The search itself is tested in package movement.)
func TestHowellSearchStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := MovementSpec{Kind: "howell", Pairs: 11, BoardsPerRound: 2, Rounds: 7}.BuildContext(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want context.Canceled", err)
	}
}

// TestImportRowsBounded: an imported event is refused at once, naming the
// list and the bound, when it holds more sections than MaxSections, or a
// section more pairs, boards or results than its movement has room for —
// before any row is checked (the store is never reached: it is nil here).
func TestImportRowsBounded(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	svc := NewService(nil, ServiceOptions{})
	ev := Event{Name: "Imported", Date: "2026-11-24", Law: scoring.Contract2017, Scoring: MethodMP}
	mitchell := func(name string) SectionData {
		return SectionData{Section: Section{Name: name, Spec: MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2}}}
	}
	many := EventData{Event: ev}
	for i := range MaxSections + 1 {
		many.Sections = append(many.Sections, mitchell("S"+strconv.Itoa(i)))
	}
	pairs, boards, results := mitchell("A"), mitchell("A"), mitchell("A")
	for i := range 10000 {
		pairs.Pairs = append(pairs.Pairs, Pair{Number: "1", Direction: "NS"})
		boards.Boards = append(boards.Boards, Board{Number: i + 1})
		results.Results = append(results.Results, Result{Board: 1, Round: 1, Table: 1})
	}
	// A 3-table Mitchell of 2 boards a round: 6 pairs, 6 boards, 3 rounds
	// of 3 tables playing 2 boards, 18 plays.
	for _, c := range []struct {
		d     EventData
		field string
		bound int
	}{
		{many, "sections", MaxSections},
		{EventData{Event: ev, Sections: []SectionData{pairs}}, "sections[0].pairs", 6},
		{EventData{Event: ev, Sections: []SectionData{boards}}, "sections[0].boards", 6},
		{EventData{Event: ev, Sections: []SectionData{results}}, "sections[0].results", 18},
	} {
		_, err := svc.ImportEvent(ctx, Director, c.d)
		var te *Error
		if !errors.As(err, &te) || !errors.Is(err, ErrInvalid) {
			t.Fatalf("%s: err %v, want ErrInvalid", c.field, err)
		}
		if te.Field != c.field || !strings.Contains(te.Message, "at most "+strconv.Itoa(c.bound)) {
			t.Errorf("err %q (field %q), want field %q and the bound %d named", err, te.Field, c.field, c.bound)
		}
	}
}
