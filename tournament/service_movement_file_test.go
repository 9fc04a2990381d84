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

// libraryM176 is "[M176] Howell. 8 Players. The two tables share boards."
// of EBUScore's individual movement library ISMovements.txt (the English
// Bridge Union's scoring program), as rhindonltd/bridge-box-scorer carries
// it (src/movement/ISMovements.txt, commit a04a1b72, lines 2–5; not
// committed, no licence stated): 8 players, 2 tables, 7 rounds of 4
// boards, a line a table of North, South, East, West and set each round.
const libraryM176 = "[M176] Howell. 8 Players. The two tables share boards.\r\n" +
	"3,2,28,4,7,8\r\n" +
	"8,1,5,7,1,8,2,6,1,2,8,3,7,2,3,8,4,1,3,4,8,5,2,4,5,8,6,3,5,6,8,7,4,6,7\r\n" +
	"2,6,4,3,1,3,7,5,4,2,4,1,6,5,3,5,2,7,6,4,6,3,1,7,5,7,4,2,1,6,1,5,3,2,7\r\n"

// TestSectionFromIndividualFile: an individual section whose movement is
// EBUScore's [M176] pasted as a file is stored as an individual of the
// header's 8 players — round 1, table 1 North 8, East 5, South 1, West 7
// ("8,1,5,7" read North, South, East, West), boards 1–4 — its spec holding
// the schedule and the players, not the file. A players count other than
// the header's, a pairs file (EBUScore's or .ASC), an individual file given
// as a custom movement and a file with a schedule are refused naming the field,
// and nothing is stored for them.
func TestSectionFromIndividualFile(t *testing.T) {
	b := newBuilder(t)
	ev := b.Event(tournament.EventInput{Name: "Individual from a file"})
	sec := b.CreateSection(ev.ID, tournament.SectionInput{Name: "I", Movement: tournament.MovementSpec{Kind: "individual", BoardsPerRound: 4, File: libraryM176}})
	got, err := b.Svc.Section(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	m := got.Movement
	if m.Kind.String() != "individual" || m.Players != 8 || m.Pairs != 28 || m.Tables != 2 || len(m.Rounds) != 7 || m.Boards != 28 ||
		fmt.Sprint(m.Rounds[0].Tables[0].Players, m.Rounds[0].Tables[0].Boards) != "[8 5 1 7] [1 2 3 4]" {
		t.Errorf("stored: %v, %d players, %d partnerships, %d tables, %d rounds, %d boards, round 1 table 1 %+v",
			m.Kind, m.Players, m.Pairs, m.Tables, len(m.Rounds), m.Boards, m.Rounds[0].Tables[0])
	}
	if got.Spec.File != "" || len(got.Spec.Schedule) != 7 || got.Spec.Players != 8 {
		t.Errorf("stored spec: file %q, %d rounds, %d players; want the file read into 7 rounds of 8 players", got.Spec.File, len(got.Spec.Schedule), got.Spec.Players)
	}
	pairsFile := "0,4,24,4,6,0\n8,1,1,8,2,2,8,3,3,8,4,4,8,5,5,8,6,6\n7,5,1,7,6,2,7,1,3,2,7,4,3,7,5,4,7,6\n3,4,2,4,5,3,5,6,4,6,1,5,1,2,6,2,3,1\n6,2,3,1,3,4,2,4,5,3,5,6,4,6,1,5,1,2\n"
	for _, c := range []struct {
		name         string
		spec         tournament.MovementSpec
		field, words string
	}{
		{"players", tournament.MovementSpec{Kind: "individual", Players: 12, BoardsPerRound: 4, File: libraryM176}, "movement.players", "the file's header seats 8 players"},
		{"pairs file", tournament.MovementSpec{Kind: "individual", BoardsPerRound: 4, File: pairsFile}, "movement.file", "line 1: movement type 0 is a pairs movement"},
		{"asc pairs file", tournament.MovementSpec{Kind: "individual", BoardsPerRound: 2, File: "4 2 3 6 0\n1-2 A 3-4 B\n1-3 C 2-4 D\n2-1 E 4-3 F\n"}, "movement.file", "line 1: the header's last number 0 is a pairs movement: create a custom section with it (kind custom)"},
		{"as custom", tournament.MovementSpec{Kind: "custom", BoardsPerRound: 4, File: libraryM176}, "movement.file", "line 2: movement type 3 is an individual movement: create an individual section with it (kind individual)"},
		{"both", tournament.MovementSpec{Kind: "individual", BoardsPerRound: 4, File: libraryM176, Schedule: got.Spec.Schedule}, "movement.file", "not both"},
	} {
		_, err := b.Svc.CreateSection(b.Ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "J", Movement: c.spec})
		te := wantError(t, err, tournament.ErrInvalid, c.field)
		if !strings.Contains(te.Error(), c.words) {
			t.Errorf("%s: %q does not say %q", c.name, te.Error(), c.words)
		}
	}
	if secs, err := b.Svc.Sections(b.Ctx, tournament.Director, ev.ID); err != nil || len(secs) != 1 {
		t.Errorf("sections after the refusals: %d (%v), want only I", len(secs), err)
	}
}
