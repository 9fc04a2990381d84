package db

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// The analysis queue is river's (riverqueue/river, a job queue in
// PostgreSQL built on pgx v5): a board stored with a deal enqueues a job in
// the same transaction (ReplaceBoards), so no board is stored without its
// job nor a job without its board; a server that can solve double dummy
// works the jobs (StartAnalysis). river keeps a job until it is done, and
// rescues one whose worker died; the work itself is done at most once a
// deal, as it first asks whether the deal is analysed already — once a deal
// whose analysis was saved: a job cancelled (its server stopping) after its
// work and before its save stored nothing, and is rightly done again.

// boardDeal is a job's board: its section, number and deal as it was
// stored (PBN), the one shape of every analysis job's arguments.
type boardDeal struct {
	SectionID int64  `json:"section_id"`
	Board     int    `json:"board"`
	Deal      string `json:"deal"`
}

// job gives the board the job works on.
func (b boardDeal) job() boardDeal { return b }

// analyseArgs is one board to analyse: the deal as it was stored.
type analyseArgs struct{ boardDeal }

// Kind names the job in river's tables.
func (analyseArgs) Kind() string { return "analyse_board" }

// InsertOpts: one job a board and deal while one waits, runs or is done.
func (analyseArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}, MaxAttempts: 10}
}

// nulloArgs is one board whose deal's nullo table is to be solved: a job
// of a queue of its own (nulloQueue), worked one at a time, as a table
// takes seconds to minutes and the double-dummy analyses of every other
// board must not wait behind it.
type nulloArgs struct{ boardDeal }

// nulloQueue is the nullo tables' queue.
const nulloQueue = "nullos"

// Kind names the job in river's tables.
func (nulloArgs) Kind() string { return "solve_nullos" }

// InsertOpts: the nullo queue; one job a board and deal while one waits,
// runs or is done.
func (nulloArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: nulloQueue, UniqueOpts: river.UniqueOpts{ByArgs: true}, MaxAttempts: 10}
}

// riverLockKey is the advisory lock river's migration runs under, so that
// servers starting together do not make its tables twice.
const riverLockKey = 0x7472_6176_6c72 // "travlr"

// migrateRiver makes or updates river's own tables.
func migrateRiver(ctx context.Context, pool *pgxpool.Pool) error {
	return runRiverMigration(ctx, pool, rivermigrate.DirectionUp, nil)
}

// unmigrateRiver drops river's tables (migrating river all the way down).
func unmigrateRiver(ctx context.Context, pool *pgxpool.Pool) error {
	return runRiverMigration(ctx, pool, rivermigrate.DirectionDown, &rivermigrate.MigrateOpts{TargetVersion: -1})
}

// runRiverMigration migrates river's tables in direction (each of river's
// versions in a transaction of its own: some cannot share one), under an
// advisory lock held meanwhile, so that servers starting together take
// turns.
func runRiverMigration(ctx context.Context, pool *pgxpool.Pool, direction rivermigrate.Direction, opts *rivermigrate.MigrateOpts) error {
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), &rivermigrate.Config{Logger: discardLogger()})
	if err != nil {
		return fmt.Errorf("db: the analysis queue's tables: %w", err)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("db: the analysis queue's tables: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, int64(riverLockKey)); err != nil {
		return fmt.Errorf("db: the analysis queue's tables: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(riverLockKey))
	if _, err := migrator.Migrate(ctx, direction, opts); err != nil {
		return fmt.Errorf("db: the analysis queue's tables: %w", err)
	}
	return nil
}

// newJobClient returns an insert-only river client over the pool: it puts
// jobs in the queue and works none.
func newJobClient(pool *pgxpool.Pool) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: discardLogger()})
}

// enqueueAnalyses adds a job for every board with a deal, in tx.
func (s *Store) enqueueAnalyses(ctx context.Context, tx pgx.Tx, sectionID int64, boards []tournament.Board) error {
	var params []river.InsertManyParams
	for _, b := range boards {
		if !b.Deal.Empty() {
			params = append(params, river.InsertManyParams{Args: analyseArgs{boardDeal{SectionID: sectionID, Board: b.Number, Deal: b.Deal.PBN()}}})
		}
	}
	if len(params) == 0 {
		return nil
	}
	_, err := s.jobs.InsertManyTx(ctx, tx, params)
	return err
}

// enqueueNulloAnalyses adds, in tx, a nullo job for every board analysed
// without its nullo table of the sections where picks (on sections s and
// sessions se, with $1): their code now has nullos. A board not analysed
// yet has its analysis job, which queues its nullos.
func (s *Store) enqueueNulloAnalyses(ctx context.Context, tx pgx.Tx, where string, id int64) error {
	rows, _ := tx.Query(ctx, `
		SELECT a.section_id, a.number, a.deal
		FROM board_analyses a JOIN boards b ON (b.section_id, b.number, b.deal) = (a.section_id, a.number, a.deal)
		JOIN sections s ON s.id = a.section_id JOIN sessions se ON se.id = s.session_id
		WHERE `+where+` AND s.deleted_at IS NULL AND a.nullo_tricks IS NULL
		ORDER BY a.section_id, a.number`, id)
	params, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (river.InsertManyParams, error) {
		var a nulloArgs
		err := row.Scan(&a.SectionID, &a.Board, &a.Deal)
		return river.InsertManyParams{Args: a}, err
	})
	if err != nil || len(params) == 0 {
		return err
	}
	_, err = s.jobs.InsertManyTx(ctx, tx, params)
	return err
}

// AwaitLawChange waits till no change of the section's law code is in
// progress: it takes the event's row, then the section's, FOR SHARE, as a
// law change holds them (UpdateEvent, a section's change), each statement
// letting go at once, so it neither holds nor waits on two rows at a time,
// and an entry (which takes the section's row FOR SHARE too) never waits
// on it.
func (s *Store) AwaitLawChange(ctx context.Context, sectionID int64) error {
	for _, q := range []string{
		`SELECT FROM events WHERE id = (SELECT se.event_id FROM sections s JOIN sessions se ON se.id = s.session_id WHERE s.id = $1) FOR SHARE`,
		`SELECT FROM sections WHERE id = $1 FOR SHARE`,
	} {
		if _, err := s.q.Exec(ctx, q, sectionID); err != nil {
			return translate("await a law change", err, ids{section: sectionID})
		}
	}
	return nil
}

// QueueNullos queues the solving of a board's nullo table (the analysis
// job asks it for a section whose code has nullos).
func (s *Store) QueueNullos(ctx context.Context, sectionID int64, board int, deal scoring.Deal) error {
	_, err := s.jobs.Insert(ctx, nulloArgs{boardDeal{SectionID: sectionID, Board: board, Deal: deal.PBN()}}, nil)
	if err != nil {
		return fmt.Errorf("db: queue the nullos of board %d: %w", board, err)
	}
	return nil
}

// PutNulloTable stores the nullo table of a board's analysis when the
// analysis of that deal is stored without one, and reports whether it did.
func (s *Store) PutNulloTable(ctx context.Context, sectionID int64, board int, deal scoring.Deal, t scoring.NulloTable) (bool, error) {
	tricks := make([]int16, len(t))
	for i, n := range t {
		tricks[i] = int16(n)
	}
	tag, err := s.q.Exec(ctx, `UPDATE board_analyses SET nullo_tricks = $4
		WHERE section_id = $1 AND number = $2 AND deal = $3 AND nullo_tricks IS NULL`,
		sectionID, board, deal.PBN(), tricks)
	if err != nil {
		return false, translate("store nullo table", err, ids{section: sectionID})
	}
	return tag.RowsAffected() == 1, nil
}

// AnalyseFunc analyses one board's deal and stores it (tournament's
// Service.AnalyseBoard).
type AnalyseFunc func(ctx context.Context, sectionID int64, board int, deal scoring.Deal) error

// boardJob is the arguments of a job on one board's deal: analyseArgs or
// nulloArgs.
type boardJob interface {
	river.JobArgs
	job() boardDeal
}

// boardWorker works one kind of board job with an AnalyseFunc: the DDS
// analyses (analyseArgs) and the nullo tables (nulloArgs) alike.
type boardWorker[A boardJob] struct {
	river.WorkerDefaults[A]
	work    AnalyseFunc
	timeout time.Duration // a job running longer is cancelled
}

// Work works the job's board. A job whose deal does not read fails (river
// retries it, then discards it).
func (w *boardWorker[A]) Work(ctx context.Context, job *river.Job[A]) error {
	b := job.Args.job()
	deal, err := scanDeal(b.Deal)
	if err != nil {
		return fmt.Errorf("db: %s job of board %d: %w", job.Args.Kind(), b.Board, err)
	}
	return w.work(ctx, b.SectionID, b.Board, deal)
}

// Timeout is the worker's timeout.
func (w *boardWorker[A]) Timeout(*river.Job[A]) time.Duration { return w.timeout }

// AnalysisOptions are how a server works the analysis queue.
type AnalysisOptions struct {
	Workers     int           // jobs worked at once (DDS solves one call at a time anyway)
	RescueAfter time.Duration // a job running this long is taken for its worker's death and run again (at least a job's time limit: a nullo job's is tournament.NulloTime and a minute); 0: twice that
	SolveNullos AnalyseFunc   // solves and stores a board's nullo table (tournament's Service.SolveNullos), one job at a time in a queue of its own; nil: the nullo queue is not worked here
	PollEvery   time.Duration // how often the queue is looked at when no notice came; 0: river's default (1 s)
}

// AnalysisWorkers work the analysis queue (StartAnalysis).
type AnalysisWorkers struct{ client *river.Client[pgx.Tx] }

// Stop stops taking jobs and waits for those running to end, or for ctx.
func (w *AnalysisWorkers) Stop(ctx context.Context) error { return w.client.Stop(ctx) }

// StopAndCancel stops at once, cancelling the jobs running: they are run
// again later, by this server or another (as after a crash).
func (w *AnalysisWorkers) StopAndCancel(ctx context.Context) error {
	return w.client.StopAndCancel(ctx)
}

// StartAnalysis works the analysis queue with analyse until ctx ends or
// the workers are stopped. Every server that can solve double dummy may run
// it: river gives each job to one of them.
func (s *Store) StartAnalysis(ctx context.Context, analyse AnalyseFunc, o AnalysisOptions) (*AnalysisWorkers, error) {
	workers := river.NewWorkers()
	// A deal takes DDS a fraction of a second: a minute is trouble.
	if err := river.AddWorkerSafely(workers, &boardWorker[analyseArgs]{work: analyse, timeout: time.Minute}); err != nil {
		return nil, err
	}
	queues := map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: max(o.Workers, 1)}}
	if o.SolveNullos != nil {
		// The solver gives up at tournament.NulloTime itself.
		if err := river.AddWorkerSafely(workers, &boardWorker[nulloArgs]{work: o.SolveNullos, timeout: tournament.NulloTime + time.Minute}); err != nil {
			return nil, err
		}
		queues[nulloQueue] = river.QueueConfig{MaxWorkers: 1}
	}
	cfg := &river.Config{
		Logger:               discardLogger(),
		Queues:               queues,
		Workers:              workers,
		RescueStuckJobsAfter: o.RescueAfter,
		FetchPollInterval:    o.PollEvery,
	}
	if cfg.RescueStuckJobsAfter == 0 {
		cfg.RescueStuckJobsAfter = 2 * (tournament.NulloTime + time.Minute)
	}
	client, err := river.NewClient(riverpgxv5.New(s.pool), cfg)
	if err != nil {
		return nil, fmt.Errorf("db: the analysis queue: %w", err)
	}
	if err := client.Start(ctx); err != nil {
		return nil, fmt.Errorf("db: the analysis queue: %w", err)
	}
	return &AnalysisWorkers{client: client}, nil
}

// Analysed reports whether the board's analysis of this deal is stored,
// with its nullo table when nullo.
func (s *Store) Analysed(ctx context.Context, sectionID int64, board int, deal scoring.Deal, nullo bool) (bool, error) {
	var ok bool
	err := s.q.QueryRow(ctx, `SELECT EXISTS (SELECT FROM board_analyses WHERE section_id = $1 AND number = $2 AND deal = $3
		AND (NOT $4 OR nullo_tricks IS NOT NULL))`,
		sectionID, board, deal.PBN(), nullo).Scan(&ok)
	return ok, translate("analysed", err, ids{section: sectionID})
}

// PutAnalysis stores a board's analysis when the board still holds the
// deal it was made of, and reports whether it did (a board given another
// deal meanwhile has a job of its own).
func (s *Store) PutAnalysis(ctx context.Context, a tournament.StoredAnalysis) (bool, error) {
	tricks := make([]int16, 0, 20)
	for seat := range 4 {
		for k := range 5 {
			tricks = append(tricks, int16(a.Tricks[seat][k]))
		}
	}
	contracts := make([]string, len(a.DealerPar.Contracts))
	for i, c := range a.DealerPar.Contracts {
		contracts[i] = c.String()
	}
	tag, err := s.q.Exec(ctx, `
		INSERT INTO board_analyses (section_id, number, deal, tricks, par_score, par_contracts)
		SELECT $1, $2, $3, $4, $5, $6
		WHERE EXISTS (SELECT FROM boards WHERE section_id = $1 AND number = $2 AND deal = $3)
		ON CONFLICT (section_id, number) DO UPDATE
		SET deal = EXCLUDED.deal, tricks = EXCLUDED.tricks, par_score = EXCLUDED.par_score,
		    par_contracts = EXCLUDED.par_contracts, nullo_tricks = NULL, analysed_at = now()
		WHERE board_analyses.deal <> EXCLUDED.deal`,
		a.SectionID, a.Board, a.Deal.PBN(), tricks, a.DealerPar.NSScore, contracts)
	if err != nil {
		return false, translate("store analysis", err, ids{section: a.SectionID})
	}
	return tag.RowsAffected() == 1, nil
}

// Analyses returns a section's stored analyses of the deals its boards
// hold now, by board number.
func (s *Store) Analyses(ctx context.Context, sectionID int64) ([]tournament.StoredAnalysis, error) {
	rows, err := s.q.Query(ctx, `
		SELECT a.number, a.deal, a.tricks, a.par_score, a.par_contracts, a.analysed_at, a.nullo_tricks
		FROM board_analyses a JOIN boards b ON (b.section_id, b.number, b.deal) = (a.section_id, a.number, a.deal)
		WHERE a.section_id = $1
		ORDER BY a.number`, sectionID)
	if err != nil {
		return nil, translate("analyses", err, ids{section: sectionID})
	}
	rules := scoring.NewRules(scoring.Contract2017)
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (tournament.StoredAnalysis, error) {
		a := tournament.StoredAnalysis{SectionID: sectionID}
		var tricks, nullo []int16
		var contracts []string
		var deal string
		if err := row.Scan(&a.Board, &deal, &tricks, &a.DealerPar.NSScore, &contracts, &a.At, &nullo); err != nil {
			return a, err
		}
		if nullo != nil {
			if len(nullo) != 4 {
				return a, fmt.Errorf("board %d: %d nullo tricks stored, not 4", a.Board, len(nullo))
			}
			var t scoring.NulloTable
			for i, n := range nullo {
				t[i] = uint8(n)
			}
			a.Nullo = &t
		}
		var err error
		if a.Deal, err = scanDeal(deal); err != nil {
			return a, fmt.Errorf("board %d: %w", a.Board, err)
		}
		if len(tricks) != 20 {
			return a, fmt.Errorf("board %d: %d tricks stored, not 20", a.Board, len(tricks))
		}
		for i, n := range tricks {
			a.Tricks[i/5][i%5] = uint8(n)
		}
		for _, text := range contracts {
			c, err := rules.ParseParContract(text)
			if err != nil {
				return a, fmt.Errorf("board %d: %w", a.Board, err)
			}
			a.DealerPar.Contracts = append(a.DealerPar.Contracts, c)
		}
		return a, nil
	})
	if err != nil {
		return nil, translate("analyses", err, ids{section: sectionID})
	}
	return out, nil
}

// discardLogger is river's logger: the queue's own chatter is not the
// server's log (a failed analysis is logged by its worker).
func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }
