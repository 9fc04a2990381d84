package tournament_test

// Changes to sections and events (UpdateSection, DeleteSection,
// DeleteEvent, Changes): renamed and moved within the rule that a name is
// unique in a session, deleted with their results but not their audit, and
// every change kept in the event's changes, the deletion last.

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestChangeSectionsAndEvents walks TestAPIChangeSectionsAndEvents'
// evening at the Service: section A renamed B and moved to session 2, C
// renamed B in session 1, each clash refused on its field; C deleted (its
// result's audit kept, its name free again); the event deleted.
func TestChangeSectionsAndEvents(t *testing.T) {
	b := newBuilder(t)
	e := b.Event(tournament.EventInput{Name: "Tuesday", Published: true})
	a := b.Mitchell(e.ID, 3, 2)
	c := b.Section(e.ID, tournament.SectionInput{Name: "C", Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2}})
	d := tournament.Director
	str := func(s string) *string { return &s }
	num := func(n int) *int { return &n }
	patch := func(id int64, p tournament.SectionPatch) (tournament.Section, error) {
		return b.Svc.UpdateSection(b.Ctx, d, id, p)
	}

	s, err := patch(a.ID, tournament.SectionPatch{Name: str("B")})
	if err != nil || s.Name != "B" || s.Session != 1 || s.CurrentRound != 1 {
		t.Errorf("renamed: %+v (%v)", s, err)
	}
	_, err = patch(c.ID, tournament.SectionPatch{Name: str("B")})
	wantError(t, err, tournament.ErrConflict, "name")
	s, err = patch(a.ID, tournament.SectionPatch{Session: num(2), CurrentRound: num(2)})
	if err != nil || s.Session != 2 || s.CurrentRound != 2 {
		t.Errorf("moved: %+v (%v)", s, err)
	}
	if _, err := patch(c.ID, tournament.SectionPatch{Name: str("B")}); err != nil { // session 1 has no B now
		t.Errorf("C renamed B in session 1: %v", err)
	}
	_, err = patch(c.ID, tournament.SectionPatch{Session: num(2)})
	wantError(t, err, tournament.ErrConflict, "session")
	_, err = patch(c.ID, tournament.SectionPatch{Session: num(0)})
	wantError(t, err, tournament.ErrInvalid, "session")
	_, err = patch(c.ID, tournament.SectionPatch{Name: str("a name far too long for a section")})
	wantError(t, err, tournament.ErrInvalid, "name")
	_, err = b.Svc.UpdateSection(b.Ctx, tournamenttest.Table(c, 1), c.ID, tournament.SectionPatch{Name: str("D")})
	wantError(t, err, tournament.ErrForbidden, "")

	// Delete C: gone, its results too; its result's audit stays; its name
	// is free again in session 1.
	stored := b.Play(c, 1, 1, 1, "3NT", "S", 9)
	if err := b.Svc.DeleteSection(b.Ctx, d, c.ID); err != nil {
		t.Fatal(err)
	}
	_, err = b.Svc.Section(b.Ctx, d, c.ID)
	wantError(t, err, tournament.ErrNotFound, "")
	_, err = b.Svc.Standings(b.Ctx, tournament.Public, c.ID)
	wantError(t, err, tournament.ErrNotFound, "")
	_, err = b.Svc.Result(b.Ctx, d, stored.ID)
	wantError(t, err, tournament.ErrNotFound, "")
	wantError(t, b.Svc.DeleteSection(b.Ctx, d, c.ID), tournament.ErrNotFound, "")
	if secs, err := b.Svc.Sections(b.Ctx, d, e.ID); err != nil || len(secs) != 1 || secs[0].ID != a.ID {
		t.Errorf("sections after the delete: %+v (%v)", secs, err)
	}
	if audit, err := b.Svc.Audit(b.Ctx, d, stored.ID); err != nil || len(audit) != 1 {
		t.Errorf("the deleted section's result lost its audit: %+v (%v)", audit, err)
	}
	b.CreateSection(e.ID, tournament.SectionInput{Name: "B", Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2}})

	// Delete the event: not found everywhere; its changes stay, the
	// deletion last, keeping what the event was.
	wantError(t, b.Svc.DeleteEvent(b.Ctx, tournamenttest.Table(a, 1), e.ID), tournament.ErrForbidden, "")
	if err := b.Svc.DeleteEvent(b.Ctx, d, e.ID); err != nil {
		t.Fatal(err)
	}
	_, err = b.Svc.Event(b.Ctx, d, e.ID)
	wantError(t, err, tournament.ErrNotFound, "")
	_, err = b.Svc.Event(b.Ctx, tournament.Public, e.ID)
	wantError(t, err, tournament.ErrNotFound, "")
	_, err = b.Svc.Section(b.Ctx, d, a.ID)
	wantError(t, err, tournament.ErrNotFound, "")
	_, err = b.Svc.Pairs(b.Ctx, d, a.ID)
	wantError(t, err, tournament.ErrNotFound, "")
	_, err = b.Svc.CreateSection(b.Ctx, d, e.ID, tournament.SectionInput{Name: "Z", Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2}})
	wantError(t, err, tournament.ErrNotFound, "")
	wantError(t, b.Svc.DeleteEvent(b.Ctx, d, e.ID), tournament.ErrNotFound, "")
	if evs, err := b.Svc.Events(b.Ctx, d); err != nil || len(evs) != 0 {
		t.Errorf("events after the delete: %+v (%v)", evs, err)
	}
	changes, err := b.Svc.Changes(b.Ctx, d, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range changes {
		got = append(got, c.Kind+" "+c.Action)
	}
	if want := "section update, section update, section update, section delete, event delete"; strings.Join(got, ", ") != want {
		t.Errorf("changes %v, want %s", got, want)
	}
	if last := changes[len(changes)-1]; last.Before["name"] != "Tuesday" || last.Before["sections"] != float64(2) {
		t.Errorf("the event's deletion keeps %v, want its name and its 2 sections", last.Before)
	}
}

// TestChangePairs: a substitute sits in and a membership number is given;
// a pair's number may change while it has no result, within the movement
// and to a number no other pair holds; a pair with a result keeps its
// number and direction and is withdrawn, not deleted; one without is
// deleted. The section is the 3-table Mitchell of service_withdraw_test.go.
func TestChangePairs(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Changes", Published: true}).ID, 3, 2)
	pairs := pairIDs(t, b, sec)
	d := tournament.Director
	str := func(s string) *string { return &s }
	update := func(a tournament.Actor, key string, p tournament.PairPatch) (tournament.Pair, error) {
		return b.Svc.UpdatePair(b.Ctx, a, pairs[key], p)
	}

	p, err := update(d, "1 NS", tournament.PairPatch{Players: []tournament.Player{{Name: "North 1", Number: "EBU 123"}, {Name: " Zoe Sub "}}})
	if err != nil || p.Number != "1" || p.Direction != "NS" || len(p.Players) != 2 || p.Players[1].Name != "Zoe Sub" || p.Players[0].Number != "EBU 123" {
		t.Errorf("patched pair: %+v (%v)", p, err)
	}
	// A number another pair holds (NS 2) is a conflict; one the movement
	// lacks (3 tables: NS 1 to 3) is invalid.
	_, err = update(d, "1 NS", tournament.PairPatch{Number: str("2")})
	wantError(t, err, tournament.ErrConflict, "number")
	_, err = update(d, "1 NS", tournament.PairPatch{Number: str("4")})
	wantError(t, err, tournament.ErrInvalid, "number")
	_, err = update(d, "1 NS", tournament.PairPatch{Players: []tournament.Player{{Name: "Ann"}, {Name: " "}}})
	wantError(t, err, tournament.ErrInvalid, "players[1].name")
	_, err = update(tournamenttest.Table(sec, 1), "1 NS", tournament.PairPatch{Players: []tournament.Player{}})
	wantError(t, err, tournament.ErrForbidden, "")
	_, err = b.Svc.UpdatePair(b.Ctx, d, 999999, tournament.PairPatch{Players: []tournament.Player{}})
	wantError(t, err, tournament.ErrNotFound, "")

	// Board 1, round 1, table 1: NS 1 v EW 1. Now both have a result:
	// their numbers and directions stay, their players may still change.
	b.Play(sec, 1, 1, 1, "4S", "N", 10)
	_, err = update(d, "1 EW", tournament.PairPatch{Number: str("3")})
	if te := wantError(t, err, tournament.ErrConflict, "number"); !strings.Contains(te.Message, "pair 1 EW has 1 result(s) (boards 1)") {
		t.Errorf("refusal: %s", te.Message)
	}
	_, err = update(d, "1 NS", tournament.PairPatch{Direction: str("EW")})
	wantError(t, err, tournament.ErrConflict, "direction")
	if _, err := update(d, "1 EW", tournament.PairPatch{Players: []tournament.Player{{Name: "East 1"}, {Name: "West 1"}, {Name: "Sam Sub"}}}); err != nil {
		t.Errorf("a third player for EW 1: %v", err)
	}
	if te := wantError(t, b.Svc.DeletePair(b.Ctx, d, pairs["1 NS"]), tournament.ErrConflict, "id"); !strings.Contains(te.Message, "withdraw") {
		t.Errorf("refusal does not say to withdraw the pair instead: %s", te.Message)
	}

	// EW 2 leaves before it plays: deleted, gone from the list.
	wantError(t, b.Svc.DeletePair(b.Ctx, tournamenttest.Table(sec, 1), pairs["2 EW"]), tournament.ErrForbidden, "")
	if err := b.Svc.DeletePair(b.Ctx, d, pairs["2 EW"]); err != nil {
		t.Fatal(err)
	}
	if left := pairIDs(t, b, sec); len(left) != 5 || left["2 EW"] != 0 {
		t.Errorf("pairs after the delete: %v", left)
	}
	wantError(t, b.Svc.DeletePair(b.Ctx, d, pairs["2 EW"]), tournament.ErrNotFound, "")

	changes, err := b.Svc.Changes(b.Ctx, d, sec.EventID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range changes {
		got = append(got, c.Kind+" "+c.Action)
	}
	if want := "pair update, pair update, pair delete"; strings.Join(got, ", ") != want {
		t.Errorf("changes %v, want %s", got, want)
	}
}

// TestChangeTeams: a team's name and roster change, each alone, audited in
// the event's changes; an empty name or player is refused on its field.
func TestChangeTeams(t *testing.T) {
	b := newBuilder(t)
	sec := b.Teams(b.Event(tournament.EventInput{Name: "Teams", Scoring: string(tournament.MethodIMPTeams)}).ID, 4, 2)
	teams, err := b.Svc.Teams(b.Ctx, tournament.Director, sec.ID)
	if err != nil || len(teams) != 4 || teams[0].Name != "Team 1" {
		t.Fatalf("teams %+v (%v), want the builder's 4", teams, err)
	}
	str := func(s string) *string { return &s }
	tm, err := b.Svc.UpdateTeam(b.Ctx, tournament.Director, teams[0].ID, tournament.TeamPatch{Name: str("Aces High"),
		Players: []tournament.Player{{Name: "Ann"}, {Name: "Bob", Number: "42"}}})
	if err != nil || tm.Name != "Aces High" || tm.Number != 1 || len(tm.Players) != 2 || tm.Players[1].Number != "42" {
		t.Errorf("patched team: %+v (%v)", tm, err)
	}
	tm, err = b.Svc.UpdateTeam(b.Ctx, tournament.Director, teams[1].ID, tournament.TeamPatch{Players: []tournament.Player{{Name: "Cat"}}})
	if err != nil || tm.Name != "Team 2" || len(tm.Players) != 1 {
		t.Errorf("a roster alone changes the roster alone: %+v (%v)", tm, err)
	}
	_, err = b.Svc.UpdateTeam(b.Ctx, tournament.Director, teams[0].ID, tournament.TeamPatch{Name: str("")})
	wantError(t, err, tournament.ErrInvalid, "name")
	_, err = b.Svc.UpdateTeam(b.Ctx, tournament.Director, teams[0].ID, tournament.TeamPatch{Players: []tournament.Player{{Name: ""}}})
	wantError(t, err, tournament.ErrInvalid, "players[0].name")
	_, err = b.Svc.UpdateTeam(b.Ctx, tournament.Public, teams[0].ID, tournament.TeamPatch{Name: str("X")})
	wantError(t, err, tournament.ErrUnauthorized, "Authorization")
	_, err = b.Svc.UpdateTeam(b.Ctx, tournament.Director, 999999, tournament.TeamPatch{Name: str("X")})
	wantError(t, err, tournament.ErrNotFound, "")
	changes, err := b.Svc.Changes(b.Ctx, tournament.Director, sec.EventID)
	if err != nil || len(changes) != 2 || changes[0].Kind != "team" || changes[0].Before["name"] != "Team 1" || changes[0].After["name"] != "Aces High" {
		t.Errorf("changes: %+v (%v), want the two team updates, Team 1 renamed Aces High first", changes, err)
	}
}

// TestEventChangeAfterSectionDeleted: an event whose section was deleted
// still changes its law code (scoring its live section's results again)
// and switches to compare its sections across the field. Both held every
// section of the event, the deleted one too, and then read it to score it
// again: "section N does not exist" (found by
// TestSectionCodeRacesAcrossSwitch). 4S by North making 10 on board 1 (none
// vulnerable) is 420 under contract-2017 (Law 77) and 251 under
// auction-1915 on the one-suit deal (TestAPISectionLawChange works it
// from seed 003).
func TestEventChangeAfterSectionDeleted(t *testing.T) {
	b := newBuilder(t)
	e := b.Event(tournament.EventInput{Law: "contract-2017"})
	a := b.Mitchell(e.ID, 3, 2)
	gone := b.Section(e.ID, tournament.SectionInput{Name: "C", Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2}})
	b.Play(gone, 1, 1, 1, "4S", "N", 10)
	if err := b.Svc.DeleteSection(b.Ctx, tournament.Director, gone.ID); err != nil {
		t.Fatal(err)
	}
	r := b.Play(a, 1, 1, 1, "4S", "N", 10)
	law := "auction-1915"
	if _, err := b.Svc.UpdateEvent(b.Ctx, tournament.Director, e.ID, tournament.EventPatch{Law: &law}); err != nil {
		t.Fatalf("law changed with a deleted section: %v", err)
	}
	if got, err := b.Svc.Result(b.Ctx, tournament.Director, r.ID); err != nil || got.NSScore != 251 {
		t.Errorf("4S= under auction-1915: %d (%v), want 251", got.NSScore, err)
	}
	across := tournament.OverallOptions{Field: tournament.FieldAcross}
	if _, err := b.Svc.UpdateEvent(b.Ctx, tournament.Director, e.ID, tournament.EventPatch{Overall: &across}); err != nil {
		t.Fatalf("switched across the field with a deleted section: %v", err)
	}
}
