package db_test

import (
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestFouledBoards stores, replaces and clears a board's versions, each
// with its change in the same transaction; the standings version moves with
// every mark; a version out of 2 to 4 is refused by the schema too.
func TestFouledBoards(t *testing.T) {
	s, _ := open(t)
	e := event(t, s)
	sec := mitchellSection(t, s, e.ID)
	before, err := s.StandingsVersion(ctx(t), sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	mark := func(f tournament.FouledBoard) {
		t.Helper()
		c := tournament.Change{EventID: e.ID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: "director",
			Before: map[string]any{"board 2": "x"}, After: map[string]any{"board 2": "y"}}
		if err := s.SetFouledBoard(ctx(t), f, &c); err != nil {
			t.Fatal(err)
		}
		if c.ID == 0 {
			t.Errorf("change not stored: %+v", c)
		}
	}
	mark(tournament.FouledBoard{SectionID: sec.ID, Board: 2, Slots: []tournament.SlotVersion{{Round: 1, Table: 1, Version: 2}, {Round: 2, Table: 7, Version: 3}}})
	mark(tournament.FouledBoard{SectionID: sec.ID, Board: 5, Slots: []tournament.SlotVersion{{Round: 1, Table: 2, Version: 2}}})
	got, err := s.FouledBoards(ctx(t), sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Board != 2 || len(got[0].Slots) != 2 || got[0].Slots[1] != (tournament.SlotVersion{Round: 2, Table: 7, Version: 3}) || got[1].Board != 5 {
		t.Fatalf("fouled boards: %+v", got)
	}
	marked, _ := s.StandingsVersion(ctx(t), sec.ID)
	if marked == before {
		t.Errorf("standings version %q did not change with a mark", marked)
	}

	// Replacing board 2's versions leaves board 5's; clearing removes them.
	mark(tournament.FouledBoard{SectionID: sec.ID, Board: 2, Slots: []tournament.SlotVersion{{Round: 1, Table: 1, Version: 2}}})
	mark(tournament.FouledBoard{SectionID: sec.ID, Board: 5})
	got, _ = s.FouledBoards(ctx(t), sec.ID)
	if len(got) != 1 || got[0].Board != 2 || len(got[0].Slots) != 1 {
		t.Fatalf("after replace and clear: %+v", got)
	}
	if v, _ := s.StandingsVersion(ctx(t), sec.ID); v == marked || v == before {
		t.Errorf("standings version %q after a change, was %q and %q", v, before, marked)
	}
	changes, err := s.Changes(ctx(t), e.ID)
	if err != nil || len(changes) != 4 {
		t.Errorf("changes: %d (%v), want 4", len(changes), err)
	}

	// The schema refuses a version 1 row (that is the rows' absence) and
	// leaves what was stored.
	c := tournament.Change{EventID: e.ID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: "director"}
	err = s.SetFouledBoard(ctx(t), tournament.FouledBoard{SectionID: sec.ID, Board: 2, Slots: []tournament.SlotVersion{{Round: 1, Table: 1, Version: 1}}}, &c)
	tError(t, err, tournament.ErrInvalid)
	if got, _ = s.FouledBoards(ctx(t), sec.ID); len(got) != 1 || got[0].Slots[0].Version != 2 {
		t.Errorf("after a refused mark: %+v", got)
	}
}
