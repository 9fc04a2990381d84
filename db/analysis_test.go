package db_test

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// Three real deals (DDS's hands/list100.txt, the first three) for boards
// 1, 2 and 5; board 3 has no hand record.
var queueDeals = map[int]scoring.Deal{
	1: pbnDeal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"),
	2: pbnDeal("E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63"),
	5: pbnDeal("N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93"),
}

// countingAnalysis is an AnalyseFunc that stores a made-up analysis (the
// queue does not care what is in it) the way tournament's AnalyseBoard
// does: nothing when the deal is analysed already. It counts the deals it
// analysed, and blocks on board block until released or cancelled.
type countingAnalysis struct {
	s       *db.Store
	mu      sync.Mutex
	solved  map[scoring.Deal]int // deal → times analysed and saved
	block   int
	started chan struct{} // closed when the blocking board starts
	release chan struct{}

	// holdSave, when not 0, is a board whose analysis, once solved, waits
	// for release (or cancellation) before it is saved; saving is closed
	// when it waits.
	holdSave int
	saving   chan struct{}
}

func (c *countingAnalysis) analyse(ctx context.Context, sectionID int64, board int, deal scoring.Deal) error {
	if board == c.block {
		select {
		case <-c.started:
		default:
			close(c.started)
		}
		select {
		case <-c.release:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	done, err := c.s.Analysed(ctx, sectionID, board, deal, false)
	if err != nil || done {
		return err
	}
	a := tournament.StoredAnalysis{SectionID: sectionID, Board: board, Deal: deal,
		DealerPar: scoring.Par{NSScore: -110, Contracts: []scoring.ParContract{{Contract: scoring.Contract{Level: 2, Strain: scoring.Spades}, Side: scoring.EW}}}}
	a.Tricks[scoring.North][scoring.NoTrump] = uint8(board)
	if board == c.holdSave {
		select {
		case <-c.saving:
		default:
			close(c.saving)
		}
		select {
		case <-c.release:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if _, err = c.s.PutAnalysis(ctx, a); err != nil {
		// Not saved (a cancelled job): the analysis is to be done again,
		// and is not counted as done.
		return err
	}
	c.mu.Lock()
	c.solved[deal]++ // counted once its save returned: a cancelled save is no analysis done
	c.mu.Unlock()
	return nil
}

// counts is how many times each deal was analysed and saved so far.
func (c *countingAnalysis) counts() map[scoring.Deal]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.solved)
}

// waitJobsDone waits until every analysis job is completed: river records
// it after the work returned, so every count is in by then.
func waitJobsDone(t *testing.T, u string) {
	t.Helper()
	pool := rawPool(t, u)
	deadline := time.Now().Add(30 * time.Second)
	for {
		var open int
		if err := pool.QueryRow(ctx(t), `SELECT count(*) FROM river_job WHERE kind = 'analyse_board' AND state <> 'completed'`).Scan(&open); err != nil {
			t.Fatal(err)
		}
		if open == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d analysis jobs not completed after 30 s", open)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitAnalysed waits until every board with a deal is analysed.
func waitAnalysed(t *testing.T, s *db.Store, sectionID int64, want int) []tournament.StoredAnalysis {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		got, err := s.Analyses(ctx(t), sectionID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) == want {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d analyses after 30 s, want %d", len(got), want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestAnalysisQueueSurvivesRestart: boards stored with their deals queue
// their analyses in the same transaction; a server working the queue stops
// (its jobs in flight cancelled, as at a restart: one before its work, one
// between its work and its save) and another takes over: every board with a
// deal ends analysed, each deal analysed and saved once (the one whose save
// was cancelled is done again, as it must be: nothing was stored), and the
// analyses read back as stored.
func TestAnalysisQueueSurvivesRestart(t *testing.T) {
	s, u := open(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	var boards []tournament.Board
	for _, n := range []int{1, 2, 3, 5} {
		b := tournament.Board{Number: n, Dealer: scoring.BoardDealer(n), Vulnerability: scoring.BoardVulnerability(n), Deal: queueDeals[n]}
		boards = append(boards, b)
	}
	if err := s.ReplaceBoards(ctx(t), sec.ID, boards, nil, "director"); err != nil {
		t.Fatal(err)
	}
	// Board 2 is stopped before its work, board 1 after its work and
	// before its save: the first server's stop cancels both.
	work := &countingAnalysis{s: s, solved: map[scoring.Deal]int{}, block: 2, started: make(chan struct{}), release: make(chan struct{}),
		holdSave: 1, saving: make(chan struct{})}
	opts := db.AnalysisOptions{Workers: 2, PollEvery: 100 * time.Millisecond}
	first, err := s.StartAnalysis(context.Background(), work.analyse, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []struct {
		ch   chan struct{}
		what string
	}{{work.started, "board 2's job never started"}, {work.saving, "board 1's analysis never came to its save"}} {
		select {
		case <-w.ch:
		case <-time.After(30 * time.Second):
			t.Fatal(w.what)
		}
	}
	// The first server goes, its board 2 half done: the job is cancelled
	// and left to be run again.
	if err := first.StopAndCancel(ctx(t)); err != nil {
		t.Fatal(err)
	}
	// Its board 2 is back in the queue, not done nor lost.
	board2 := func() string {
		var state string
		if err := rawPool(t, u).QueryRow(ctx(t), `SELECT state FROM river_job WHERE kind = 'analyse_board' AND args->>'board' = '2'`).Scan(&state); err != nil {
			t.Fatal(err)
		}
		return state
	}
	if st := board2(); st != "available" {
		t.Fatalf("board 2's job is %s after its server stopped, want available", st)
	}
	for _, b := range []int{1, 2} {
		if ok, err := s.Analysed(ctx(t), sec.ID, b, queueDeals[b], false); err != nil || ok {
			t.Fatalf("board %d analysed by the server that stopped: %v %v", b, ok, err)
		}
	}
	close(work.release)
	second, err := s.StartAnalysis(context.Background(), work.analyse, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Stop(context.Background())
	got := waitAnalysed(t, s, sec.ID, 3)
	for _, a := range got {
		if a.Deal != queueDeals[a.Board] || a.Tricks[scoring.North][scoring.NoTrump] != uint8(a.Board) ||
			a.DealerPar.NSScore != -110 || len(a.DealerPar.Contracts) != 1 || a.DealerPar.Contracts[0].String() != "2S EW" {
			t.Errorf("board %d read back as %+v", a.Board, a)
		}
	}
	// river records a job done a moment after its work returns.
	for deadline := time.Now().Add(10 * time.Second); board2() != "completed"; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("board 2's job is %s 10 s after its analysis was stored, want completed", board2())
		}
	}
	waitJobsDone(t, u)
	solved := work.counts()
	for deal, n := range solved {
		if n != 1 {
			t.Errorf("deal %s analysed %d times", deal, n)
		}
	}
	if len(solved) != 3 {
		t.Errorf("%d deals analysed, want 3", len(solved))
	}
}

// TestAnalysisFollowsTheDeal: a board given another deal loses the
// analysis of the old one in the same transaction and queues the new; an
// analysis of a deal the board no longer holds is not stored; the same
// deals stored again queue nothing new.
func TestAnalysisFollowsTheDeal(t *testing.T) {
	s, u := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	one := []tournament.Board{{Number: 1, Dealer: scoring.North, Deal: queueDeals[1]}}
	if err := s.ReplaceBoards(c, sec.ID, one, nil, "director"); err != nil {
		t.Fatal(err)
	}
	if err := s.ReplaceBoards(c, sec.ID, one, nil, "director"); err != nil {
		t.Fatal(err)
	}
	pool := rawPool(t, u)
	jobs := func() int {
		var n int
		if err := pool.QueryRow(c, `SELECT count(*) FROM river_job WHERE kind = 'analyse_board'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := jobs(); n != 1 {
		t.Fatalf("%d jobs after the same deal stored twice, want 1", n)
	}
	a := tournament.StoredAnalysis{SectionID: sec.ID, Board: 1, Deal: queueDeals[1]}
	if ok, err := s.PutAnalysis(c, a); err != nil || !ok {
		t.Fatalf("stored %v, %v", ok, err)
	}
	if ok, err := s.PutAnalysis(c, a); err != nil || ok {
		t.Fatalf("stored again: %v, %v; want false", ok, err)
	}
	// A section whose code has nullos wants the deal's nullo table too:
	// the analysis without it is not done for it, and gains it later.
	if ok, err := s.Analysed(c, sec.ID, 1, queueDeals[1], true); err != nil || ok {
		t.Fatalf("analysed with nullos before the table was stored: %v, %v", ok, err)
	}
	table := scoring.NulloTable{7, 6, 7, 6}
	if ok, err := s.PutNulloTable(c, sec.ID, 1, queueDeals[1], table); err != nil || !ok {
		t.Fatalf("nullo table stored %v, %v; want stored", ok, err)
	}
	if ok, err := s.PutNulloTable(c, sec.ID, 1, queueDeals[1], scoring.NulloTable{}); err != nil || ok {
		t.Fatalf("a second nullo table stored %v, %v; want false", ok, err)
	}
	if ok, err := s.Analysed(c, sec.ID, 1, queueDeals[1], true); err != nil || !ok {
		t.Fatalf("analysed with nullos after the table was stored: %v, %v", ok, err)
	}
	if got, err := s.Analyses(c, sec.ID); err != nil || len(got) != 1 || got[0].Nullo == nil || *got[0].Nullo != table {
		t.Fatalf("analyses read back %+v, %v; want the nullo table %v", got, err, table)
	}
	if ok, err := s.PutNulloTable(c, sec.ID, 1, queueDeals[5], table); err != nil || ok {
		t.Fatalf("a nullo table of a deal not analysed stored %v, %v; want false", ok, err)
	}
	other := []tournament.Board{{Number: 1, Dealer: scoring.North, Deal: queueDeals[5]}}
	if err := s.ReplaceBoards(c, sec.ID, other, nil, "director"); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Analyses(c, sec.ID); err != nil || len(got) != 0 {
		t.Fatalf("analyses after the deal changed: %v, %v; want none", got, err)
	}
	if ok, err := s.Analysed(c, sec.ID, 1, queueDeals[1], false); err != nil || ok {
		t.Fatalf("the old deal still analysed: %v, %v", ok, err)
	}
	if ok, err := s.PutAnalysis(c, a); err != nil || ok {
		t.Fatalf("the old deal's analysis stored: %v, %v; want refused", ok, err)
	}
	if n := jobs(); n != 2 {
		t.Fatalf("%d jobs after a new deal, want 2", n)
	}
}

// TestSectionVersions: an event's sections' versions read at once are
// each section's StandingsVersion and its standing analyses' count, and
// move when an analysis is stored and again when its deal is replaced (the
// analysis then no longer stands); a deleted event's are none.
func TestSectionVersions(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	e := event(t, s)
	a := mitchellSection(t, s, e.ID)
	b := a
	b.ID, b.Name = 0, "B"
	if err := s.CreateSection(c, &b, nil); err != nil {
		t.Fatal(err)
	}
	read := func() map[int64]string {
		t.Helper()
		got, err := s.SectionVersions(c, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, sec := range []int64{a.ID, b.ID} {
			v, err := s.StandingsVersion(c, sec)
			if err != nil {
				t.Fatal(err)
			}
			an, err := s.Analyses(c, sec)
			if err != nil {
				t.Fatal(err)
			}
			if want := v + "/" + strconv.Itoa(len(an)); got[sec] != want {
				t.Errorf("section %d: %q, want %q", sec, got[sec], want)
			}
		}
		if len(got) != 2 {
			t.Errorf("%d sections' versions, want 2: %v", len(got), got)
		}
		return got
	}
	one := []tournament.Board{{Number: 1, Dealer: scoring.North, Deal: queueDeals[1]}}
	if err := s.ReplaceBoards(c, a.ID, one, nil, "director"); err != nil {
		t.Fatal(err)
	}
	before := read()
	if ok, err := s.PutAnalysis(c, tournament.StoredAnalysis{SectionID: a.ID, Board: 1, Deal: queueDeals[1]}); err != nil || !ok {
		t.Fatalf("stored %v, %v", ok, err)
	}
	analysed := read()
	if analysed[a.ID] == before[a.ID] || analysed[b.ID] != before[b.ID] {
		t.Errorf("an analysis of section %d: %v → %v; want only its version moved", a.ID, before, analysed)
	}
	if err := s.ReplaceBoards(c, a.ID, []tournament.Board{{Number: 1, Dealer: scoring.North, Deal: queueDeals[5]}}, nil, "director"); err != nil {
		t.Fatal(err)
	}
	if again := read(); !strings.HasSuffix(again[a.ID], "/0") {
		t.Errorf("the analysis of a replaced deal still counted: %q", again[a.ID])
	}
	if got, err := s.SectionVersions(c, e.ID+1000); err != nil || len(got) != 0 {
		t.Errorf("an event with no sections: %v, %v; want none", got, err)
	}
}

// TestAnalysisQueueRescuesACrash: a server killed in the middle of a job
// (kill -9: nothing ran to put the job back) leaves it "running"; another
// server, once the job has run longer than RescueAfter, takes it up again
// (river's rescuer, which looks every 30 s) and the board ends analysed,
// once.
func TestAnalysisQueueRescuesACrash(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for river's rescuer (up to a minute)")
	}
	s, u := open(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	if err := s.ReplaceBoards(ctx(t), sec.ID, []tournament.Board{{Number: 1, Dealer: scoring.North, Deal: queueDeals[1]}}, nil, "director"); err != nil {
		t.Fatal(err)
	}
	// The dead server's doing: the job taken and never finished.
	if _, err := rawPool(t, u).Exec(ctx(t), `UPDATE river_job SET state = 'running', attempt = 1, attempted_at = now() - interval '1 hour',
		attempted_by = ARRAY['a-server-killed'] WHERE kind = 'analyse_board'`); err != nil {
		t.Fatal(err)
	}
	work := &countingAnalysis{s: s, solved: map[scoring.Deal]int{}, started: make(chan struct{}), release: make(chan struct{})}
	w, err := s.StartAnalysis(context.Background(), work.analyse, db.AnalysisOptions{Workers: 1, RescueAfter: time.Minute, PollEvery: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop(context.Background())
	deadline := time.Now().Add(90 * time.Second)
	for {
		ok, err := s.Analysed(context.Background(), sec.ID, 1, queueDeals[1], false)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the crashed job was not taken up again within 90 s")
		}
		time.Sleep(200 * time.Millisecond)
	}
	waitJobsDone(t, u)
	if n := work.counts()[queueDeals[1]]; n != 1 {
		t.Errorf("analysed %d times, want 1", n)
	}
}

// TestNulloAnalysesQueuedOnLawChange: an event whose code becomes one with
// nullos (royal-auction-1913, seed 001's nullo chapter) queues, in the same
// transaction, a nullo job for each deal analysed without its nullo table:
// not a deal whose table is stored, nor one not analysed yet (its analysis
// job queues its nullos), nor a board without a deal; the same change
// again queues nothing new (one job a deal, as river keeps one a set of
// args).
func TestNulloAnalysesQueuedOnLawChange(t *testing.T) {
	s, u := open(t)
	c := ctx(t)
	ev := event(t, s)
	sec := mitchellSection(t, s, ev.ID)
	boards := []tournament.Board{{Number: 1, Dealer: scoring.North, Deal: queueDeals[1]}, {Number: 2, Dealer: scoring.East, Deal: queueDeals[2]},
		{Number: 3, Dealer: scoring.South}, {Number: 4, Dealer: scoring.West, Deal: queueDeals[5]}}
	if err := s.ReplaceBoards(c, sec.ID, boards, nil, "director"); err != nil {
		t.Fatal(err)
	}
	for _, b := range []int{1, 2} {
		if ok, err := s.PutAnalysis(c, tournament.StoredAnalysis{SectionID: sec.ID, Board: b, Deal: queueDeals[b]}); err != nil || !ok {
			t.Fatalf("board %d stored %v, %v", b, ok, err)
		}
	}
	if ok, err := s.PutNulloTable(c, sec.ID, 2, queueDeals[2], scoring.NulloTable{6, 7, 6, 7}); err != nil || !ok {
		t.Fatalf("board 2's table stored %v, %v", ok, err)
	}
	pool := rawPool(t, u)
	nulloJobs := func() []int {
		rows, _ := pool.Query(c, `SELECT (args->>'board')::int FROM river_job WHERE kind = 'solve_nullos' ORDER BY 1`)
		got, err := pgx.CollectRows(rows, pgx.RowTo[int])
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	ev.Name = "renamed, still contract-2017"
	if err := s.UpdateEvent(c, &ev, nil, "director"); err != nil {
		t.Fatal(err)
	}
	if got := nulloJobs(); len(got) != 0 {
		t.Fatalf("nullo jobs under contract-2017: %v", got)
	}
	ev.Law, ev.LawOptions = scoring.RoyalAuction1913, nil
	for range 2 {
		if err := s.UpdateEvent(c, &ev, nil, "director"); err != nil {
			t.Fatal(err)
		}
		if got := nulloJobs(); !slices.Equal(got, []int{1}) {
			t.Fatalf("nullo jobs after the change to royal-auction-1913: boards %v, want [1] (2 has its table, 3 no deal, 4 not analysed)", got)
		}
	}
}
