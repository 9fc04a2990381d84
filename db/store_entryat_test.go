package db_test

import (
	"errors"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestEntryAtVersions: results checked at a section's and event's entry
// versions are stored only while both are in force. Each change an entry is
// checked against (the round, a round closed, a late play marked, the boards,
// a change made holding the section, the event) counts a version up; an entry at the versions before it stores
// nothing, not even its idempotency key, and is tournament.ErrEntryMoved; at
// the versions after, it is stored. A correction (UpdateResultAt) likewise.
func TestEntryAtVersions(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	e := event(t, s)
	sec := mitchellSection(t, s, e.ID)
	at := func() tournament.EntryAt {
		t.Helper()
		sr, err := s.SectionRow(c, sec.ID)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := s.Event(c, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		return tournament.EntryAt{Section: sr.EntryVersion, Event: ev.EntryVersion}
	}
	changes := []struct {
		name   string
		change func() error
	}{
		{"round moved", func() error { return s.SetCurrentRound(c, sec.ID, 2) }},
		{"round closed", func() error { return s.CloseRounds(c, sec.ID, 1, []int{1}, "director") }},
		{"round reopened", func() error { return s.ReopenRounds(c, sec.ID, 1, []int{1}) }},
		{"late play marked", func() error { return s.MarkLate(c, sec.ID, tournament.Slot{Board: 1, Round: 1, Table: 1}, "director") }},
		{"boards replaced", func() error {
			return s.ReplaceBoards(c, sec.ID, []tournament.Board{{Number: 1, Dealer: scoring.North}}, nil, "director")
		}},
		{"movement changed", func() error {
			full, err := s.Section(c, sec.ID)
			if err != nil {
				return err
			}
			return s.ChangeMovement(c, &full, nil, &tournament.Change{EventID: e.ID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID,
				Action: "update", Actor: "director"})
		}},
		{"section held", func() error { // a pair's change, a withdrawal, a result deleted: Service.held
			return s.HoldSection(c, sec.ID, func(st tournament.Store) error {
				_, err := st.Results(c, tournament.ResultFilter{SectionID: sec.ID})
				return err
			})
		}},
		{"event changed", func() error {
			ev, err := s.Event(c, e.ID)
			if err != nil {
				return err
			}
			ev.Name = "renamed"
			return s.UpdateEvent(c, &ev, nil, "director")
		}},
	}
	board := 1
	for _, ch := range changes {
		before := at()
		if err := ch.change(); err != nil {
			t.Fatalf("%s: %v", ch.name, err)
		}
		after := at()
		if after == before {
			t.Errorf("%s: entry versions still %+v", ch.name, after)
		}
		board++
		idem := key("entry-at-"+ch.name, "x")
		_, _, err := s.CreateResultsAt(c, sec.ID, before, []tournament.Result{played(board)}, idem)
		if !errors.Is(err, tournament.ErrEntryMoved) {
			t.Fatalf("%s: an entry at the versions before: %v, want ErrEntryMoved", ch.name, err)
		}
		if got, _ := s.Results(c, tournament.ResultFilter{SectionID: sec.ID, Board: board}); len(got) != 0 {
			t.Errorf("%s: an entry at the versions before stored %+v", ch.name, got)
		}
		stored, replayed, err := s.CreateResultsAt(c, sec.ID, after, []tournament.Result{played(board)}, idem)
		if err != nil || replayed || len(stored) != 1 {
			t.Fatalf("%s: the same entry at the versions after: %v (replayed %v, %d stored)", ch.name, err, replayed, len(stored))
		}
		r := stored[0]
		r.Tricks = 9
		if err := s.UpdateResultAt(c, &r, 1, before); !errors.Is(err, tournament.ErrEntryMoved) {
			t.Errorf("%s: a correction at the versions before: %v, want ErrEntryMoved", ch.name, err)
		}
		if err := s.UpdateResultAt(c, &r, 1, after); err != nil || r.Version != 2 {
			t.Errorf("%s: a correction at the versions after: %v (version %d)", ch.name, err, r.Version)
		}
	}
}

// TestHoldSectionMakesEntriesWait: while a change holds a section
// (HoldSection), an entry checked at the versions before the hold waits for
// it and then stores nothing (ErrEntryMoved); a section that is not there
// is ErrNotFound and runs nothing; an error of the change undoes its hold.
func TestHoldSectionMakesEntriesWait(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	e := event(t, s)
	sec := mitchellSection(t, s, e.ID)
	before := func() tournament.EntryAt {
		sr, err := s.SectionRow(c, sec.ID)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := s.Event(c, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		return tournament.EntryAt{Section: sr.EntryVersion, Event: ev.EntryVersion}
	}()
	entered := make(chan error, 1)
	err := s.HoldSection(c, sec.ID, func(st tournament.Store) error {
		go func() {
			_, _, err := s.CreateResultsAt(c, sec.ID, before, []tournament.Result{played(1)}, nil)
			entered <- err
		}()
		// The entry cannot be stored while the section is held: it is
		// still waiting when the change reads the results it made.
		got, err := st.Results(c, tournament.ResultFilter{SectionID: sec.ID})
		if err == nil && len(got) != 0 {
			t.Errorf("an entry was stored while the section was held: %+v", got)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := <-entered; !errors.Is(err, tournament.ErrEntryMoved) {
		t.Errorf("an entry at the versions before the hold: %v, want ErrEntryMoved", err)
	}
	ran := false
	if err := s.HoldSection(c, 1<<40, func(tournament.Store) error { ran = true; return nil }); !errors.Is(err, tournament.ErrNotFound) || ran {
		t.Errorf("a section that is not there: %v (ran %v), want ErrNotFound and nothing run", err, ran)
	}
	mid := func() int64 { sr, _ := s.SectionRow(c, sec.ID); return sr.EntryVersion }
	v := mid()
	boom := errors.New("refused")
	if err := s.HoldSection(c, sec.ID, func(tournament.Store) error { return boom }); !errors.Is(err, boom) {
		t.Errorf("a change's own error: %v", err)
	}
	if mid() != v {
		t.Errorf("a refused change left the entry version at %d, was %d", mid(), v)
	}
}
