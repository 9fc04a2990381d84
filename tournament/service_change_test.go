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
