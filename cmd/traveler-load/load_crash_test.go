//go:build linux

package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestLoadtestDatabaseCrash (issue 14 §3): 32 tables enter their results
// through the load tool while the database is killed under them. The test
// starts a throwaway PostgreSQL cluster of its own (db.StartLocal: a
// machine without PostgreSQL's server binaries fails the test, as CI must
// have them), serves the API over it, and once a third of the planned
// results are in and the next round has begun kills the postmaster and every
// backend with SIGKILL, leaves the database down for a moment (the server
// answers 503), and starts the cluster again on the same data directory
// (crash recovery).
// The tool retries every 5xx and network error with the same
// Idempotency-Key, so the run must end with every line the movement has
// its tables enter stored exactly once: none lost, none doubled, each
// request's key stored once — and the run must have retried across the
// outage, so it cannot pass without one.
func TestLoadtestDatabaseCrash(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "crash data")
	pgLog := slog.New(slog.NewTextHandler(apitest.TestLog{T: t}, &slog.HandlerOptions{Level: slog.LevelInfo}))
	startPG := func() *db.LocalServer {
		t.Helper()
		sctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
		defer cancel()
		pg, err := db.StartLocal(sctx, dir, pgLog)
		if err != nil {
			t.Fatalf("StartLocal(%s): %v", dir, err)
		}
		return pg
	}
	pg := startPG()
	t.Cleanup(func() { // the server running when the test ends, restarted or not
		if err := pg.Stop(context.Background()); err != nil {
			t.Errorf("stopping PostgreSQL: %v", err)
		}
	})
	if err := db.Migrate(ctx, pg.URL()); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	store, err := db.Open(ctx, pg.URL())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	svc := tournament.NewService(store, tournament.ServiceOptions{DirectorToken: directorToken})
	var logs apitest.LockedBuffer // 503s during the outage log an error each: kept out of the test's log
	srv := apitest.Serve(t, api.New(svc, api.Options{BaseURL: apitest.BaseURL, RateLimit: 100000, RateBurst: 100000,
		Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))}), "")

	// 2 sections of a 16-table Mitchell: 32 tables entering at once.
	var sections []*loadSection
	started := make(chan struct{})
	cfg := loadConfig{url: srv.URL, token: directorToken, sections: 2, tables: 16, rounds: 6, boardsPerRound: 2, batch: 1,
		probeEvery: 10 * time.Millisecond, retryFor: 40 * time.Second,
		started: func(s []*loadSection) { sections = s; close(started) }}
	runCtx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	type outcome struct {
		rep *loadReport
		err error
	}
	done := make(chan outcome, 1)
	t0 := time.Now()
	go func() {
		rep, err := loadtest(runCtx, cfg)
		done <- outcome{rep, err}
	}()

	// Crash the database as the first round past a third of the planned
	// results begins: then every table has an entry on its way (later in
	// a round most have finished it and wait for the director).
	select {
	case <-started:
	case o := <-done:
		t.Fatalf("the load run ended before it started playing: %v", o.err)
	}
	var planned int
	var byRound []int // results planned in each round, all sections together
	for _, s := range sections {
		planned += s.planned()
		for ri, r := range s.rounds {
			if ri == len(byRound) {
				byRound = append(byRound, 0)
			}
			for _, tb := range r.tables {
				byRound[ri] += len(tb.boards)
			}
		}
	}
	third := 0
	for _, n := range byRound {
		if third >= planned/3 {
			break
		}
		third += n
	}
	answered := func() int {
		n := 0
		for _, s := range sections {
			n += int(s.entered.Load())
		}
		return n
	}
	for answered() <= third {
		select {
		case o := <-done:
			t.Fatalf("the load run ended (%v) before a third of its %d results were in: %d", o.err, planned, answered())
		case <-time.After(2 * time.Millisecond):
		}
	}
	atKill := answered()
	port := pg.Port()
	down := time.Now()
	killCluster(t, pg.DataDir())
	time.Sleep(time.Second) // down for a while: the tables meet 503s
	pg = startPG()
	outage := time.Since(down)
	if pg.Adopted() {
		t.Fatal("StartLocal adopted the killed server")
	}
	if pg.Port() != port {
		t.Fatalf("the cluster came back on port %d, not %d (another program took it): the server's pool cannot follow", pg.Port(), port)
	}

	o := <-done
	if o.err != nil {
		t.Fatalf("load run: %v\nserver log:\n%s", o.err, logs.String())
	}
	rep := o.rep
	t.Logf("%d results planned, %d answered when PostgreSQL was killed, %d in all in %d requests, %.1f s; database down %v; "+
		"%d retries %v, %d answered as replays; %d failed %v; standings %d probes, %d stale; %d lines of server log",
		planned, atKill, rep.Entered, rep.Requests, time.Since(t0).Seconds(), outage.Round(time.Millisecond),
		rep.Retries, rep.RetriesByStatus, rep.Replayed, rep.Failed, rep.FailedByStatus, rep.Probes, rep.Stale, strings.Count(logs.String(), "\n"))

	if rep.Planned != planned || rep.Entered != planned || rep.Failed != 0 {
		t.Errorf("entered %d of %d, %d requests failed %v; want all, none failed\nserver log:\n%s",
			rep.Entered, rep.Planned, rep.Failed, rep.FailedByStatus, lastLines(logs.String(), 20))
	}
	fivexx := 0
	for k, n := range rep.RetriesByStatus {
		if strings.HasPrefix(k, "5") {
			fivexx += n
		}
	}
	if fivexx == 0 {
		t.Errorf("no request was retried after a 5xx (retries %v): the run did not cross the outage", rep.RetriesByStatus)
	}

	// The database itself: every line the movement has a table enter is
	// stored once, and no other.
	conn, err := pgx.Connect(ctx, pg.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	type slot struct {
		section      int64
		board, round int
		table        int
	}
	want := map[slot]bool{}
	var ids []int64
	for _, s := range sections {
		ids = append(ids, s.id)
		for ri, r := range s.rounds {
			for _, tb := range r.tables {
				for _, b := range tb.boards {
					want[slot{s.id, b, ri + 1, tb.table}] = true
				}
			}
		}
	}
	if len(want) != planned {
		t.Fatalf("the movement plans %d results in %d distinct lines", planned, len(want))
	}
	var lost, doubled, stray, audited int
	seen := map[slot]bool{}
	rows, _ := conn.Query(ctx, `
		SELECT r.section_id, r.board, r.round, r.table_no, count(DISTINCT r.id), count(a.id)
		FROM results r LEFT JOIN audit a ON a.result_id = r.id AND a.action = 'insert'
		WHERE r.section_id = ANY($1)
		GROUP BY r.section_id, r.board, r.round, r.table_no`, ids)
	var k slot
	var n, inserts int
	_, err = pgx.ForEachRow(rows, []any{&k.section, &k.board, &k.round, &k.table, &n, &inserts}, func() error {
		seen[k] = true
		switch {
		case !want[k]:
			stray += n
		case n > 1:
			doubled += n - 1
		}
		if inserts != n {
			audited++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for s := range want {
		if !seen[s] {
			lost++
		}
	}
	var keys int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM idempotency_keys WHERE section_id = ANY($1)`, ids).Scan(&keys); err != nil {
		t.Fatal(err)
	}
	t.Logf("database: %d lines planned, %d lost, %d doubled, %d not planned; %d idempotency keys for %d requests",
		len(want), lost, doubled, stray, keys, rep.Requests)
	if lost != 0 || doubled != 0 || stray != 0 {
		t.Errorf("%d lines lost, %d doubled, %d not planned; want none", lost, doubled, stray)
	}
	if audited != 0 {
		t.Errorf("%d lines whose insert audit rows do not match their results", audited)
	}
	if keys != rep.Requests {
		t.Errorf("%d idempotency keys stored for %d requests: want one each", keys, rep.Requests)
	}
}

// killCluster kills the PostgreSQL cluster serving pgdata as a crash
// would: it stops the postmaster (so it starts no new backend), finds its
// children, SIGKILLs them all, and waits until every one is gone (a
// backend still attached to the old shared memory would keep a new
// postmaster from starting). The cluster may run as another user: the test
// then runs as root, which may signal it.
func killCluster(t *testing.T, pgdata string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(pgdata, "postmaster.pid"))
	if err != nil {
		t.Fatalf("reading postmaster.pid: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
	if err != nil || pid <= 0 {
		t.Fatalf("postmaster.pid: no process number in %q", b)
	}
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatalf("stopping the postmaster %d: %v", pid, err)
	}
	victims := append([]int{pid}, childrenOf(t, pid)...)
	for _, p := range victims {
		if err := syscall.Kill(p, syscall.SIGKILL); err != nil && !errors.Is(err, syscall.ESRCH) {
			t.Fatalf("kill -9 %d: %v", p, err)
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for _, p := range victims {
		for alive(p) {
			if time.Now().After(deadline) {
				t.Fatalf("process %d of the cluster still alive 30 s after kill -9", p)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	t.Logf("killed the postmaster %d and its %d children", pid, len(victims)-1)
}

// childrenOf lists the processes whose parent is pid, from /proc.
func childrenOf(t *testing.T, pid int) []int {
	t.Helper()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatalf("listing processes: %v", err)
	}
	var kids []int
	for _, e := range ents {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p))
		if err != nil {
			continue // gone meanwhile
		}
		// "pid (comm) state ppid …": comm may hold spaces and parentheses
		s := string(stat)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			kids = append(kids, p)
		}
	}
	return kids
}

// alive reports whether process p still runs: a zombie (killed, not yet
// reaped by whoever inherited it) does not, and has no working directory.
func alive(p int) bool {
	_, err := os.Readlink(fmt.Sprintf("/proc/%d/cwd", p))
	return err == nil
}

// lastLines is the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
