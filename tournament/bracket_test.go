package tournament_test

import (
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// koSection makes a knockout match of 1 segment of 2 boards between two
// named teams, dealt and at round 1.
func koSection(b *tournamenttest.Builder, eventID int64, name, home, away string) tournament.Section {
	b.T.Helper()
	sec := b.CreateSection(eventID, tournament.SectionInput{Name: name, Movement: tournament.MovementSpec{Kind: "knockout", Rounds: 1, BoardsPerRound: 2}})
	_, err := b.Svc.AddTeams(b.Ctx, tournament.Director, sec.ID, []tournament.Roster{
		{Number: 1, Name: home, Players: []tournament.Player{{Name: home + " North"}, {Name: home + " South"}}},
		{Number: 2, Name: away, Players: []tournament.Player{{Name: away + " North"}, {Name: away + " South"}}}})
	if err != nil {
		b.T.Fatal(err)
	}
	b.Deal(sec, tournamenttest.OneSuitDeal)
	return b.Round(sec, 1)
}

// TestKnockoutBracket: semi-finals A (Aces v Bears) and B (Cats v Dogs),
// 2 boards each, and the final between their winners. A: Aces win board 1
// (4♠ v 3♠ none vul, 250 = 6 IMPs). B is first unfinished, then tied 0–0
// (both boards flat), then played off (2 boards, 3 and 4; Dogs win board
// 3, EW vul so NS not: 4♠ v 3♠, 6 IMPs). The final is refused from an
// unfinished or tied match, from the same match twice, and made once from
// A and B: Aces (team 1) v Dogs (team 2), with their players; A's winner
// cannot go on twice. The bracket: round 1 A, B (each going on to the
// final), round 2 the final.
func TestKnockoutBracket(t *testing.T) {
	b := newBuilder(t)
	ctx, dir := b.Ctx, tournament.Director
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodIMPTeams)})
	a := koSection(b, e.ID, "A", "Aces", "Bears")
	bs := koSection(b, e.ID, "B", "Cats", "Dogs")
	playKnockoutSegment(b, a, 1, koBoard{1, "4S", "3S", 10, 10})
	final := tournament.AdvanceInput{From: [2]int64{a.ID, bs.ID}, Name: "Final", Spec: tournament.MovementSpec{Kind: "knockout", Rounds: 2, BoardsPerRound: 2}}

	_, err := b.Svc.AdvanceKnockout(ctx, dir, e.ID, final)
	te := wantError(t, err, tournament.ErrConflict, "from[1]")
	if !strings.Contains(te.Message, "match B (section") || !strings.Contains(te.Message, "not finished, 0 of 2 boards") {
		t.Errorf("unfinished: %v", te)
	}
	playKnockoutSegment(b, bs, 1)
	_, err = b.Svc.AdvanceKnockout(ctx, dir, e.ID, final)
	te = wantError(t, err, tournament.ErrConflict, "from[1]")
	if !strings.Contains(te.Message, "tied 0–0, undecided until its play-off of 2 boards") {
		t.Errorf("tied: %v", te)
	}
	km, err := b.Svc.AddKnockoutPlayoff(ctx, dir, bs.ID)
	if err != nil {
		t.Fatal(err)
	}
	b.Deal(km.Section, tournamenttest.OneSuitDeal)
	playKnockoutSegment(b, km.Section, 2, koBoard{1, "3S", "4S", 10, 10})

	twice := final
	twice.From = [2]int64{a.ID, a.ID}
	_, err = b.Svc.AdvanceKnockout(ctx, dir, e.ID, twice)
	wantError(t, err, tournament.ErrInvalid, "from")
	_, err = b.Svc.AdvanceKnockout(ctx, tournament.Public, e.ID, final)
	if err == nil {
		t.Error("the public advanced a winner")
	}

	f, err := b.Svc.AdvanceKnockout(ctx, dir, e.ID, final)
	if err != nil {
		t.Fatal(err)
	}
	teams, err := b.Svc.Teams(ctx, dir, f.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(teams) != 2 || teams[0].Name != "Aces" || teams[1].Name != "Dogs" || teams[1].Players[0].Name != "Dogs North" || f.Movement.Boards != 4 {
		t.Errorf("final: %+v, teams %+v; want Aces v Dogs over 4 boards", f, teams)
	}
	_, err = b.Svc.AdvanceKnockout(ctx, dir, e.ID, final)
	te = wantError(t, err, tournament.ErrConflict, "from[0]")
	if !strings.Contains(te.Message, "already plays in section") {
		t.Errorf("advanced twice: %v", te)
	}

	// The final lengthened to 3 segments stays in the bracket.
	f, err = b.Svc.ChangeMovement(ctx, dir, f.ID, tournament.MovementChange{Movement: tournament.MovementSpec{Kind: "knockout", Rounds: 3, BoardsPerRound: 2}, FromRound: 1})
	if err != nil {
		t.Fatal(err)
	}
	if f.Movement.Boards != 6 || len(f.Spec.From) != 2 {
		t.Errorf("final lengthened: %d boards, from %v; want 6 boards, from A and B", f.Movement.Boards, f.Spec.From)
	}
	// Made a round robin it would leave the bracket: refused, the final kept.
	_, err = b.Svc.ChangeMovement(ctx, dir, f.ID, tournament.MovementChange{Movement: tournament.MovementSpec{Kind: "teams", Teams: 2, BoardsPerRound: 2}, FromRound: 1})
	wantError(t, err, tournament.ErrConflict, "movement.kind")

	br, err := b.Svc.Bracket(ctx, dir, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, r := range br.Rounds {
		for _, m := range r {
			w := "-"
			if m.Match.Winner != 0 {
				w = m.Match.Teams[m.Match.Winner-1].Name
			}
			next := ""
			if m.Next == f.ID {
				next = " → Final"
			}
			got = append(got, spaced(i+1, m.Match.Section.Name, m.Match.Teams[0].Name, m.Match.Teams[1].Name, w)+next)
		}
	}
	want := "1 A Aces Bears Aces → Final; 1 B Cats Dogs Dogs → Final; 2 Final Aces Dogs -"
	if strings.Join(got, "; ") != want {
		t.Errorf("bracket: %s\nwant %s", strings.Join(got, "; "), want)
	}
}

// TestKnockoutAdvanceRace: two directors advance the same two finished
// matches at once (A: Aces win board 1, 4♠ v 3♠, 6 IMPs; B: Dogs win
// board 1, 3♠ v 4♠, 6 IMPs), several times over in fresh events. Each
// time exactly one final is made — one succeeds, the other is refused as
// a conflict naming the final its winner already plays in — and the event
// holds three sections: A, B and one final. Nothing half made is left: the
// final has both its teams.
func TestKnockoutAdvanceRace(t *testing.T) {
	b := newBuilder(t)
	ctx, dir := b.Ctx, tournament.Director
	for try := range 8 {
		e := b.Event(tournament.EventInput{Name: "Race " + strconv.Itoa(try), Scoring: string(tournament.MethodIMPTeams)})
		a := koSection(b, e.ID, "A", "Aces", "Bears")
		bs := koSection(b, e.ID, "B", "Cats", "Dogs")
		playKnockoutSegment(b, a, 1, koBoard{1, "4S", "3S", 10, 10})
		playKnockoutSegment(b, bs, 1, koBoard{1, "3S", "4S", 10, 10})
		var wg sync.WaitGroup
		errs := make([]error, 2)
		start := make(chan struct{})
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				in := tournament.AdvanceInput{From: [2]int64{a.ID, bs.ID}, Name: "Final" + strconv.Itoa(i+1), Spec: tournament.MovementSpec{Kind: "knockout", Rounds: 1, BoardsPerRound: 2}}
				_, errs[i] = b.Svc.AdvanceKnockout(ctx, dir, e.ID, in)
			}()
		}
		close(start)
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
				continue
			}
			var te *tournament.Error
			if !errors.As(err, &te) || te.Kind != tournament.ErrConflict || !strings.Contains(te.Message, "already plays in section") {
				t.Errorf("try %d: the losing advance: %v; want a conflict, its winner already plays", try, err)
			}
		}
		if ok != 1 {
			t.Fatalf("try %d: %d advances succeeded (%v); want exactly 1", try, ok, errs)
		}
		secs, err := b.Svc.Sections(ctx, dir, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(secs) != 3 {
			t.Fatalf("try %d: %d sections; want A, B and one final", try, len(secs))
		}
		teams, err := b.Svc.Teams(ctx, dir, secs[2].ID)
		if err != nil || len(teams) != 2 || teams[0].Name != "Aces" || teams[1].Name != "Dogs" {
			t.Errorf("try %d: the final's teams %+v, %v; want Aces v Dogs", try, teams, err)
		}
	}
}
