package tournament_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestPutHandSet: Service.PutHandSet against the store. The issue's
// Mitchell of 7 tables, 3 boards a round, plays boards 1 to 21: a set of
// boards 1 to 24 but 5 stores 20 boards, leaves out 22–24 and says 5 is
// missing; a refusal names the deal by its place in what was given (the
// duplicate board 2 is the 4th deal given, boards[3], after board 23 left
// out); a set of none of the section's boards is refused; neither refusal
// changes what was stored.
func TestPutHandSet(t *testing.T) {
	s := newStore(t)
	b := tournamenttest.New(t, s)
	c, svc := b.Ctx, b.Svc
	// A section with no hand records yet (CreateSection, not Section).
	sec := b.CreateSection(b.Event(tournament.EventInput{Name: "Tuesday pairs"}).ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 7, Rounds: 7, BoardsPerRound: 3}})
	const deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
	var in []tournament.BoardInput
	for n := 1; n <= 24; n++ {
		if n != 5 {
			in = append(in, tournament.BoardInput{Number: n, Deal: deal})
		}
	}
	set, err := svc.PutHandSet(c, tournament.Director, sec.ID, in)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(set.LeftOut, []int{22, 23, 24}) || !slices.Equal(set.Missing, []int{5}) || len(set.Stored) != 20 || len(set.Boards) != 20 {
		t.Errorf("left out %v, missing %v, stored %d (%d boards); want [22 23 24], [5], 20", set.LeftOut, set.Missing, len(set.Stored), len(set.Boards))
	}
	if got := tournament.NumberRanges(set.Stored); got != "1–4, 6–21" {
		t.Errorf("stored %q, want 1–4, 6–21", got)
	}

	_, err = svc.PutHandSet(c, tournament.Director, sec.ID, []tournament.BoardInput{{Number: 1}, {Number: 23}, {Number: 2}, {Number: 2}})
	var te *tournament.Error
	if !errors.As(err, &te) || te.Field != "boards[3].number" {
		t.Errorf("board 2 twice: %v, want an error on boards[3].number", err)
	}
	_, err = svc.PutHandSet(c, tournament.Director, sec.ID, []tournament.BoardInput{{Number: 30, Deal: deal}})
	if !errors.As(err, &te) || !errors.Is(err, tournament.ErrInvalid) || te.Field != "boards" {
		t.Errorf("board 30 alone: %v, want an invalid boards", err)
	}
	boards, err := s.Boards(c, sec.ID)
	if err != nil || len(boards) != 20 || boards[0].Deal.Empty() {
		t.Errorf("after the refusals: %d boards (%v), want the 20 stored", len(boards), err)
	}
}
