package db_test

import (
	"bytes"
	"crypto/sha256"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestStoreChanges: each change is stored with its audit row in one
// transaction, a deleted section or event is read no more while its audit
// stays, and a section's name is unique among the sections still there.
func TestStoreChanges(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	e := event(t, s)
	sec := mitchellSection(t, s, e.ID)
	pairs := []tournament.Pair{
		{Number: "1", Direction: "NS", Players: []tournament.Player{{Name: "Ann"}, {Name: "Bob"}}},
		{Number: "1", Direction: "EW", Players: []tournament.Player{{Name: "Cat"}, {Name: "Dan"}}},
	}
	if err := s.AddPairs(c, sec.ID, pairs); err != nil {
		t.Fatal(err)
	}

	// A substitute for Bob.
	p, err := s.Pair(c, pairs[0].ID)
	if err != nil || p.Number != "1" || p.Direction != "NS" {
		t.Fatalf("pair: %+v, %v", p, err)
	}
	p.Players[1] = tournament.Player{Name: "Zoe", Number: "42"}
	ch := tournament.Change{EventID: e.ID, SectionID: sec.ID, Kind: "pair", TargetID: p.ID, Action: "update", Actor: "director",
		Before: map[string]any{"players": "Ann, Bob"}, After: map[string]any{"players": "Ann, Zoe"}}
	if err := s.UpdatePair(c, &p, &ch); err != nil {
		t.Fatal(err)
	}
	if ch.ID == 0 || ch.At.IsZero() {
		t.Errorf("the change was not given its id and time: %+v", ch)
	}
	if got, _ := s.Pair(c, p.ID); got.Players[1].Name != "Zoe" || got.Players[1].Number != "42" {
		t.Errorf("stored pair: %+v", got)
	}
	// Taking EW 1's number and direction is a conflict, and stores no change.
	p.Direction = "EW"
	tError(t, s.UpdatePair(c, &p, &tournament.Change{EventID: e.ID, Kind: "pair", TargetID: p.ID, Action: "update", Actor: "director"}), tournament.ErrConflict)

	if err := s.DeletePair(c, pairs[1].ID, &tournament.Change{EventID: e.ID, SectionID: sec.ID, Kind: "pair", TargetID: pairs[1].ID, Action: "delete", Actor: "director"}); err != nil {
		t.Fatal(err)
	}
	tError(t, s.DeletePair(c, pairs[1].ID, &tournament.Change{EventID: e.ID, Kind: "pair", TargetID: pairs[1].ID, Action: "delete", Actor: "director"}), tournament.ErrNotFound)

	// A result, then the section moves to session 2 as "B", then is deleted.
	if _, _, err := s.CreateResults(c, sec.ID, []tournament.Result{played(1)}, nil); err != nil {
		t.Fatal(err)
	}
	sec.Name, sec.Session = "B", 2
	if err := s.UpdateSection(c, &sec, &tournament.Change{EventID: e.ID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: "director"}, nil); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Section(c, sec.ID); err != nil || got.Name != "B" || got.Session != 2 {
		t.Errorf("moved section: %+v, %v", got, err)
	}
	other := mitchellSection(t, s, e.ID) // "A" in session 1
	other.Name, other.Session = "B", 2
	tError(t, s.UpdateSection(c, &other, &tournament.Change{EventID: e.ID, SectionID: other.ID, Kind: "section", TargetID: other.ID, Action: "update", Actor: "director"}, nil), tournament.ErrConflict)

	if err := s.DeleteSection(c, sec.ID, &tournament.Change{EventID: e.ID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "delete", Actor: "director"}); err != nil {
		t.Fatal(err)
	}
	tError(t, func() error { _, err := s.Section(c, sec.ID); return err }(), tournament.ErrNotFound)
	tError(t, func() error { _, err := s.Pairs(c, sec.ID); return err }(), tournament.ErrNotFound)
	tError(t, func() error { _, err := s.Pair(c, pairs[0].ID); return err }(), tournament.ErrNotFound)
	if secs, _ := s.Sections(c, e.ID); len(secs) != 1 || secs[0].ID != other.ID {
		t.Errorf("sections after the delete: %+v", secs)
	}
	// Now "B" is free in session 2.
	if err := s.UpdateSection(c, &other, &tournament.Change{EventID: e.ID, SectionID: other.ID, Kind: "section", TargetID: other.ID, Action: "update", Actor: "director"}, nil); err != nil {
		t.Errorf("B of session 2 after its namesake's deletion: %v", err)
	}

	// The event, with a file's digest, is deleted: read no more, its file
	// no longer held, its changes kept.
	digest := sha256.Sum256([]byte("a results file"))
	d := tournament.EventData{Event: tournament.Event{Name: "Imported", Date: "2026-11-25", Law: e.Law, LawOptions: tournament.LawOptions{}, Scoring: e.Scoring}, Digest: digest[:]}
	if err := s.ImportEvent(c, &d, "director", tournament.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.EventByDigest(c, digest[:]); err != nil || got.ID != d.Event.ID {
		t.Errorf("event by digest: %+v, %v; want event %d", got, err, d.Event.ID)
	}
	other2 := sha256.Sum256([]byte("another file"))
	tError(t, func() error { _, err := s.EventByDigest(c, other2[:]); return err }(), tournament.ErrNotFound)
	if err := s.DeleteEvent(c, d.Event.ID, &tournament.Change{EventID: d.Event.ID, Kind: "event", TargetID: d.Event.ID, Action: "delete", Actor: "director"}); err != nil {
		t.Fatal(err)
	}
	tError(t, func() error { _, err := s.EventByDigest(c, digest[:]); return err }(), tournament.ErrNotFound)
	tError(t, func() error { _, err := s.Event(c, d.Event.ID); return err }(), tournament.ErrNotFound)
	if evs, _ := s.Events(c); len(evs) != 1 || evs[0].ID != e.ID {
		t.Errorf("events after the delete: %+v", evs)
	}
	if cs, err := s.Changes(c, d.Event.ID); err != nil || len(cs) != 1 || cs[0].Action != "delete" || cs[0].SectionID != 0 || cs[0].After != nil {
		t.Errorf("a deleted event's changes: %+v, %v", cs, err)
	}

	cs, err := s.Changes(c, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	for _, x := range cs {
		got.WriteString(x.Kind + " " + x.Action + "; ")
	}
	// The refused update stored no change.
	if want := "pair update; pair delete; section update; section delete; section update; "; got.String() != want {
		t.Errorf("changes: %s, want %s", got.String(), want)
	}
	if cs[0].Before["players"] != "Ann, Bob" || cs[0].After["players"] != "Ann, Zoe" || cs[0].Actor != "director" {
		t.Errorf("the substitute's change: %+v", cs[0])
	}
	tError(t, func() error { _, err := s.Changes(c, 999999); return err }(), tournament.ErrNotFound)
}
