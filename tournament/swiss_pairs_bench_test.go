package tournament_test

import (
	"context"
	"testing"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// BenchmarkSwissPairs200 pairs the 13th round of a Swiss pairs of 200
// pairs (100 tables, 2 boards a round, BUTLER on the WBF scale) through
// the Service against the database, as the director's "pair" does: the
// section and its 2,400 results read, the standings made (every board
// compared across the field, each match converted to VPs), SwissPairing
// on them and the 12 rounds released, and the draft stored. North's
// tricks follow (table + board + round) mod 5, so the standings spread.
// The goal: under 100 ms a round.
func BenchmarkSwissPairs200(b *testing.B) {
	bd := tournamenttest.New(b, newBenchStore(b))
	ev := bd.Event(tournament.EventInput{Name: "Swiss pairs", Scoring: string(tournament.MethodButler)})
	sec := bd.Section(ev.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Pairs: 200, Rounds: 13, BoardsPerRound: 2}})
	for r := 1; r <= 12; r++ {
		rd, _ := sec.Movement.Round(r)
		var batch []tournament.Result
		for _, t := range rd.Tables {
			for _, board := range t.Boards {
				batch = append(batch, tournamenttest.Line(sec, r, t.Table, board, "4S", "N", 7+(t.Table+board+r)%5))
			}
		}
		bd.Enter(tournament.Director, sec, batch...)
		if r == 12 {
			break
		}
		d, err := bd.Svc.PairSwissRound(bd.Ctx, tournament.Director, sec.ID, false)
		if err != nil {
			b.Fatal(err)
		}
		if sec, err = bd.Svc.ReleaseSwissRound(bd.Ctx, tournament.Director, sec.ID, d.Version); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		d, err := bd.Svc.PairSwissRound(bd.Ctx, tournament.Director, sec.ID, false)
		if err != nil {
			b.Fatal(err)
		}
		if d.Round != 13 || len(d.Matches) != 100 {
			b.Fatalf("paired round %d, %d matches; want round 13, 100 matches", d.Round, len(d.Matches))
		}
	}
}

// newBenchStore returns the db package's Store over a fresh database.
func newBenchStore(b *testing.B) *db.Store {
	b.Helper()
	store, err := db.Open(context.Background(), dbtest.URL(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(store.Close)
	return store
}
