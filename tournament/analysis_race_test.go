package tournament_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestNulloQueuedWhenLawChangeRacesAnalysis: a board analysed while a
// change of its event's law code to one with nullos is in progress (written,
// not yet committed) gets its nullo table queued once the change commits.
// The change's own search for boards analysed without a table ran before
// this analysis was stored and found none (db's enqueueNulloAnalyses), so
// the analysis must read the code as the change leaves it: it waits for the
// change. Before, it read the old code (contract-2017, no nullos) and queued
// nothing, and the board's nullos were never judged. The deal is
// scoring's TestSolveNulloLowCards, whose nullo table is worked by hand.
func TestNulloQueuedWhenLawChangeRacesAnalysis(t *testing.T) {
	u := dbtest.URL(t)
	ctx := context.Background()
	store, err := db.Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	svc := tournament.NewService(store, tournament.ServiceOptions{DirectorToken: tournamenttest.DirectorToken, DoubleDummy: tournamenttest.NamingDDS{}})
	b := tournamenttest.For(t, svc)
	e := b.Event(tournament.EventInput{Law: "contract-2017"})
	sec := b.Mitchell(e.ID, 3, 2)
	const lowCards = "N:8765432.765432.. AKQJT9.AKQJT98.. ..8765432.765432 ..AKQJT9.AKQJT98"
	deal, err := scoring.ParseDeal("deal", lowCards)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.PutBoards(ctx, tournament.Director, sec.ID, []tournament.BoardInput{{Number: 1, Deal: lowCards}}); err != nil {
		t.Fatal(err)
	}

	pool, err := pgxpool.New(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	change, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = change.Rollback(ctx) }() // a no-op once committed
	if _, err := change.Exec(ctx, `UPDATE events SET law = 'royalton-1915', law_options = '{"game_premium": 125, "part_score_premium": 0}' WHERE id = $1`, e.ID); err != nil {
		t.Fatal(err)
	}
	analysed := make(chan error, 1)
	go func() { analysed <- svc.AnalyseBoard(ctx, sec.ID, 1, deal) }()
	select {
	case err := <-analysed:
		t.Errorf("the analysis ended while the law change was in progress (%v): it read the code the change was replacing", err)
	case <-time.After(300 * time.Millisecond):
		if err := change.Commit(ctx); err != nil {
			t.Fatal(err)
		}
		if err := <-analysed; err != nil {
			t.Fatal(err)
		}
	}
	var jobs int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'solve_nullos' AND (args->>'section_id')::bigint = $1 AND args->>'board' = '1'`, sec.ID).Scan(&jobs); err != nil {
		t.Fatal(err)
	}
	if jobs != 1 {
		t.Errorf("%d nullo jobs queued for board 1 under royalton-1915, want 1", jobs)
	}
}
