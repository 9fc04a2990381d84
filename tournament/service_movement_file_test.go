package tournament_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestSectionFromMovementFile: a section whose movement is given as an .ASC
// file (the format's own example, http://www.pjms.nl/movementfile_standard.html:
// 14 pairs, 7 tables, 6 rounds, groups A to F) is stored as a custom
// movement with its schedule, read back the same; bad files, a file with a
// schedule and a file for another kind are refused naming the field, and
// nothing is stored for them.
func TestSectionFromMovementFile(t *testing.T) {
	b := newBuilder(t)
	ev := b.Event(tournament.EventInput{Name: "From a file"})
	text, err := os.ReadFile("movement/testdata/pjms_example.asc")
	if err != nil {
		t.Fatal(err)
	}
	spec := tournament.MovementSpec{Kind: "custom", BoardsPerRound: 3, File: string(text)}
	sec := b.CreateSection(ev.ID, tournament.SectionInput{Name: "A", Movement: spec})
	got, err := b.Svc.Section(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	m := got.Movement
	// 6 groups of 3 boards: 18 boards; the second line's table 6 is "1-10 F": boards 16 to 18.
	if m.Pairs != 14 || m.Tables != 7 || len(m.Rounds) != 6 || m.Boards != 18 ||
		fmt.Sprint(m.Rounds[1].Tables[5].NS, m.Rounds[1].Tables[5].EW, m.Rounds[1].Tables[5].Boards) != "1 10 [16 17 18]" {
		t.Errorf("stored movement: %d pairs, %d tables, %d rounds, %d boards, round 2 table 6 %+v", m.Pairs, m.Tables, len(m.Rounds), m.Boards, m.Rounds[1].Tables[5])
	}
	if got.Spec.File != "" || len(got.Spec.Schedule) != 6 {
		t.Errorf("stored spec: file %q, %d scheduled rounds; want the file read into 6 rounds", got.Spec.File, len(got.Spec.Schedule))
	}

	bad := []struct {
		name  string
		spec  tournament.MovementSpec
		field string
		words string
	}{
		{"meet again", tournament.MovementSpec{Kind: "custom", BoardsPerRound: 2, File: "4 2 3 6 0\n1-2 A 3-4 B\n1-3 C 2-4 D\n2-1 E 4-3 F\n"},
			"movement.file", "line 4: round 3, table 1: pairs 2 and 1 meet again"},
		{"group twice", tournament.MovementSpec{Kind: "custom", BoardsPerRound: 2, File: "4 2 2 2 0\n1-2 A 3-4 B\n1-3 A 2-4 B\n"},
			"movement.file", "round 2, table 1: pair 1 plays board group A again"},
		{"no boards a group", tournament.MovementSpec{Kind: "custom", File: string(text)}, "movement.boards_per_round", "board group"},
		{"not custom", tournament.MovementSpec{Kind: "howell", Pairs: 14, BoardsPerRound: 2, File: string(text)}, "movement.file", `kind "custom"`},
		{"too long", tournament.MovementSpec{Kind: "custom", BoardsPerRound: 2, File: strings.Repeat(" ", tournament.MaxMovementFile+1)}, "movement.file", "at most"},
	}
	for _, c := range bad {
		_, err := b.Svc.CreateSection(b.Ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "B", Movement: c.spec})
		te := wantError(t, err, tournament.ErrInvalid, c.field)
		if !strings.Contains(te.Error(), c.words) {
			t.Errorf("%s: %q does not say %q", c.name, te.Error(), c.words)
		}
	}
	secs, err := b.Svc.Sections(b.Ctx, tournament.Director, ev.ID)
	if err != nil || len(secs) != 1 {
		t.Errorf("sections after the refusals: %d (%v), want the 1 made from the good file", len(secs), err)
	}

	// The same file whose pairs meet again is taken when the director
	// allows it, as a hand-typed schedule is ("unbalanced": true): pairs 1
	// and 2 meet in rounds 1 and 3, and the section keeps the allowance.
	again := tournament.MovementSpec{Kind: "custom", BoardsPerRound: 2, File: bad[0].spec.File, Unbalanced: true}
	sec2 := b.CreateSection(ev.ID, tournament.SectionInput{Name: "C", Movement: again})
	got2, err := b.Svc.Section(b.Ctx, tournament.Director, sec2.ID)
	if err != nil {
		t.Fatal(err)
	}
	if r := got2.Movement.Rounds; len(r) != 3 || r[2].Tables[0].NS != 2 || r[2].Tables[0].EW != 1 || !got2.Spec.Unbalanced {
		t.Errorf("allowed unbalanced file: %d rounds, round 3 table 1 %+v, unbalanced %v; want 3 rounds, 2 v 1, kept", len(r), r[len(r)-1].Tables[0], got2.Spec.Unbalanced)
	}
}
