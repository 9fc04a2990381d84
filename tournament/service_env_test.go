package tournament_test

// The use cases' tests (service_*_test.go) drive a Service over the db
// package's Store on a fresh test database (dbtest.URL: TEST_DATABASE_URL
// names the server), building their events through tournamenttest.

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// newBuilder returns a Builder over a Service over a fresh database.
func newBuilder(t *testing.T) *tournamenttest.Builder {
	t.Helper()
	return tournamenttest.New(t, newStore(t))
}

// newStore returns the db package's Store over a fresh database, for a
// test that checks what the Service left stored.
func newStore(t *testing.T) *db.Store {
	t.Helper()
	store, err := db.Open(context.Background(), dbtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	return store
}

// wantError returns err as a *tournament.Error of kind, failing the test if
// it is not one, if (field not "") it names another field, or if
// PostgreSQL's own words reach its message.
func wantError(t *testing.T, err, kind error, field string) *tournament.Error {
	t.Helper()
	var te *tournament.Error
	if !errors.As(err, &te) || !errors.Is(err, kind) {
		t.Fatalf("got error %v (%T), want a *tournament.Error of kind %v", err, err, kind)
	}
	if field != "" && te.Field != field {
		t.Errorf("error %q names field %q, want %q", te.Error(), te.Field, field)
	}
	for _, word := range []string{"violates", "SQLSTATE", "constraint", "relation", "ERROR", "pgx", "duplicate key"} {
		if strings.Contains(te.Error(), word) {
			t.Errorf("error %q has PostgreSQL's words in it (%q)", te.Error(), word)
		}
	}
	return te
}

// TestBuilderSections builds each kind of section the tests use and checks
// it is ready to play: its pairs or teams, its hand records, round 1.
func TestBuilderSections(t *testing.T) {
	b := newBuilder(t)
	e := b.Event(tournament.EventInput{})
	for _, c := range []struct {
		sec           tournament.Section
		pairs, boards int
	}{
		// Mitchell of 3 tables: 6 pairs, 3 rounds of 2 boards.
		{b.Mitchell(e.ID, 3, 2), 6, 6},
		// Howell of 4 pairs: 6 rounds of 1 board (three meetings of two
		// rounds, movement_howell.go).
		{b.Section(e.ID, tournament.SectionInput{Name: "B", Movement: tournament.MovementSpec{Kind: "howell", Pairs: 4, BoardsPerRound: 1}}), 4, 6},
	} {
		pairs, err := b.Svc.Pairs(b.Ctx, tournament.Director, c.sec.ID)
		if err != nil || len(pairs) != c.pairs {
			t.Errorf("section %s: %d pairs (%v), want %d", c.sec.Name, len(pairs), err, c.pairs)
		}
		boards, err := b.Svc.Boards(b.Ctx, tournament.Director, c.sec.ID)
		if err != nil || len(boards) != c.boards || boards[0].Deal.Empty() {
			t.Errorf("section %s: %d boards (%v), want %d with hand records", c.sec.Name, len(boards), err, c.boards)
		}
		if c.sec.CurrentRound != 1 {
			t.Errorf("section %s: round %d, want 1", c.sec.Name, c.sec.CurrentRound)
		}
	}
	e2 := b.Event(tournament.EventInput{Name: "Teams", Scoring: string(tournament.MethodIMPTeams)})
	tm := b.Teams(e2.ID, 4, 2)
	teams, err := b.Svc.Teams(b.Ctx, tournament.Director, tm.ID)
	if err != nil || len(teams) != 4 || teams[0].Name != "Team 1" {
		t.Errorf("teams section: %+v (%v), want 4 teams", teams, err)
	}
	// A Mitchell line at round 1, table 1 is NS 1 against EW 1; 4S making
	// 10 on board 1 (none vulnerable) scores 420 (Law 77: 4×30 + 300).
	m := b.Mitchell(b.Event(tournament.EventInput{Name: "Play"}).ID, 3, 2)
	r := b.Play(m, 1, 1, tournamenttest.Boards(t, m, 1, 1)[0], "4S", "N", 10)
	if r.NS != "1" || r.EW != "1" || r.NSScore != 420 || r.EnteredBy != "table 1 A" {
		t.Errorf("played line %+v", r)
	}
}
