package db_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// movementSpecs are movements of every kind and option the generators have:
// sit-outs (odd Howells, half tables), bye-stands (relay Mitchells, Howells
// with relays), arrow switches, phantoms, teams with byes, a custom schedule.
var movementSpecs = []tournament.MovementSpec{
	{Kind: "mitchell", Tables: 7, Rounds: 7, BoardsPerRound: 3},
	{Kind: "mitchell", Tables: 8, BoardsPerRound: 2, Even: "relay"},
	{Kind: "mitchell", Tables: 8, BoardsPerRound: 2, Even: "skip", SkipAfter: 3},
	{Kind: "mitchell", Tables: 6, BoardsPerRound: 3, Missing: 12},
	{Kind: "mitchell", Tables: 6, BoardsPerRound: 3, Missing: 12, Phantom: true},
	{Kind: "mitchell", Tables: 7, BoardsPerRound: 2, ArrowSwitch: []int{6, 7}},
	{Kind: "howell", Pairs: 4, BoardsPerRound: 4},
	{Kind: "howell", Pairs: 5, BoardsPerRound: 4},
	{Kind: "howell", Pairs: 6, BoardsPerRound: 3, ShareBoards: true},
	{Kind: "howell", Pairs: 7, BoardsPerRound: 3},
	{Kind: "howell", Pairs: 10, BoardsPerRound: 3},
	{Kind: "howell", Pairs: 16, BoardsPerRound: 2, Rounds: 11},
	{Kind: "teams", Teams: 4, BoardsPerRound: 8},
	{Kind: "teams", Teams: 5, BoardsPerRound: 6},
	{Kind: "teams", Teams: 6, BoardsPerRound: 4, Rounds: 3},
	{Kind: "custom", Schedule: customSchedule()},
}

// customSchedule is the 4-pair Howell given table by table, as a director
// would give a published movement, with the tables of each round listed
// last first (the order given is kept).
func customSchedule() []movement.Round {
	m, err := movement.Howell(movement.HowellOptions{Pairs: 4, BoardsPerRound: 2})
	if err != nil {
		panic(err)
	}
	for i := range m.Rounds {
		slices.Reverse(m.Rounds[i].Tables)
	}
	return m.Rounds
}

func TestMovementRoundTrip(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	e := event(t, s)
	var (
		want []tournament.Section
		seen = map[string]bool{}
	)
	for i, spec := range movementSpecs {
		m, err := spec.Build()
		if err != nil {
			t.Fatalf("%+v: %v", spec, err)
		}
		seen["teams"] = seen["teams"] || len(m.Teams) > 0
		seen["phantom"] = seen["phantom"] || m.Phantom > 0
		for _, r := range m.Rounds {
			seen["sit-out"] = seen["sit-out"] || len(r.SitOut) > 0
			seen["bye-stand"] = seen["bye-stand"] || len(r.ByeStand) > 0
			for _, tb := range r.Tables {
				seen["arrow switch"] = seen["arrow switch"] || tb.ArrowSwitch
				seen["match"] = seen["match"] || tb.Match > 0
			}
		}
		sec := tournament.Section{EventID: e.ID, Session: 1 + i%2, Name: fmt.Sprintf("%c", 'A'+i), Spec: spec, Movement: m, CurrentRound: 1}
		if err := s.CreateSection(c, &sec, nil); err != nil {
			t.Fatalf("%+v: %v", spec, err)
		}
		if sec.ID == 0 || sec.CreatedAt.IsZero() {
			t.Fatalf("CreateSection set ID %d, CreatedAt %v", sec.ID, sec.CreatedAt)
		}
		got, err := s.Section(c, sec.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, sec) {
			t.Errorf("%s (%s): read back differs\n got %+v\nwant %+v", sec.Name, m.Name, got, sec)
		}
		want = append(want, sec)
	}
	for _, what := range []string{"teams", "phantom", "sit-out", "bye-stand", "arrow switch", "match"} {
		if !seen[what] {
			t.Errorf("no movement has a %s: the round trip does not cover it", what)
		}
	}
	// Sections: by session, then name.
	var ordered []tournament.Section
	for _, session := range []int{1, 2} {
		for _, sec := range want {
			if sec.Session == session {
				ordered = append(ordered, sec)
			}
		}
	}
	all, err := s.Sections(c, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(all, ordered) {
		t.Errorf("Sections differ from the sections stored")
		for i := range min(len(all), len(ordered)) {
			if !reflect.DeepEqual(all[i], ordered[i]) {
				t.Errorf("[%d]\n got %+v\nwant %+v", i, all[i], ordered[i])
			}
		}
	}
}

func TestSections(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	e := event(t, s)
	a := mitchellSection(t, s, e.ID)

	// A second section A in session 1 is refused; in session 2 it is not.
	dup := a
	dup.ID = 0
	err := s.CreateSection(c, &dup, nil)
	if te := tError(t, err, tournament.ErrConflict); te.Field != "name" {
		t.Errorf("field %q", te.Field)
	}
	dup.Session = 2
	if err := s.CreateSection(c, &dup, nil); err != nil {
		t.Fatal(err)
	}
	if all, err := s.Sections(c, e.ID); err != nil || len(all) != 2 || all[0].ID != a.ID || all[1].Session != 2 {
		t.Errorf("Sections: %d sections, %v", len(all), err)
	}

	// A missing event, section; an empty event.
	missing := a
	missing.EventID, missing.Name = 999, "Z"
	err = s.CreateSection(c, &missing, nil)
	if te := tError(t, err, tournament.ErrNotFound); te.Message != "event 999 does not exist" {
		t.Errorf("message %q", te.Message)
	}
	_, err = s.Section(c, 999)
	tError(t, err, tournament.ErrNotFound)
	_, err = s.Sections(c, 999)
	tError(t, err, tournament.ErrNotFound)
	empty := event(t, s)
	if none, err := s.Sections(c, empty.ID); err != nil || len(none) != 0 {
		t.Errorf("Sections of an event without any: %v, %v", none, err)
	}

	// The current round: 0 (not started) to the 7 rounds of the movement.
	if err := s.SetCurrentRound(c, a.ID, 7); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Section(c, a.ID); got.CurrentRound != 7 {
		t.Errorf("current round %d, want 7", got.CurrentRound)
	}
	err = s.SetCurrentRound(c, a.ID, 8)
	if te := tError(t, err, tournament.ErrInvalid); te.Field != "round" {
		t.Errorf("field %q", te.Field)
	}
	tError(t, s.SetCurrentRound(c, 999, 1), tournament.ErrNotFound)

	// A section of no name, a bad movement, a session 0.
	bad := a
	bad.Name = ""
	tError(t, s.CreateSection(c, &bad, nil), tournament.ErrInvalid)
	bad = a
	bad.Name, bad.Session = "B", 0
	if te := tError(t, s.CreateSection(c, &bad, nil), tournament.ErrInvalid); te.Field != "session" {
		t.Errorf("field %q", te.Field)
	}
	bad = a
	bad.Name = "C"
	bad.Movement.Winners = 3
	if te := tError(t, s.CreateSection(c, &bad, nil), tournament.ErrInvalid); te.Field != "movement.winners" {
		t.Errorf("field %q", te.Field)
	}
}

// TestSectionRow: a section's row is the section as Section reads it but
// for its movement's rounds and teams; a section deleted is not found.
func TestSectionRow(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	if err := s.SetCurrentRound(c, sec.ID, 3); err != nil {
		t.Fatal(err)
	}
	whole, err := s.Section(c, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	row, err := s.SectionRow(c, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if row.Movement.Rounds != nil || row.Movement.Teams != nil || row.CurrentRound != 3 {
		t.Errorf("row: %d rounds, %d teams, round %d; want none, none and 3", len(row.Movement.Rounds), len(row.Movement.Teams), row.CurrentRound)
	}
	row.Movement.Rounds, row.Movement.Teams = whole.Movement.Rounds, whole.Movement.Teams
	if !reflect.DeepEqual(row, whole) {
		t.Errorf("row with the movement's rounds\n %+v\nwant %+v", row, whole)
	}
	if _, err := s.SectionRow(c, 999); !errors.Is(err, tournament.ErrNotFound) {
		t.Errorf("section 999: %v, want ErrNotFound", err)
	}
}
