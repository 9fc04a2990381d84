package db

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
)

// startStandby makes a streaming standby of primary in dir, as an operator
// does (`pg_basebackup -R`, then start it on another port), and stops it
// when the test ends.
func startStandby(t *testing.T, primary *LocalServer, dir string) *LocalServer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	s := &LocalServer{dataDir: dir, pgdata: filepath.Join(dir, localClusterDir), runDir: filepath.Join(dir, localRunDir),
		bin: primary.bin, owner: primary.owner, log: testLogger(t)}
	if err := s.prepareDirs(); err != nil {
		t.Fatal(err)
	}
	// pg_basebackup sits beside the real postgres (bin.dir may hold only links to it)
	real, err := filepath.EvalSymlinks(filepath.Join(s.bin.dir, "postgres"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.run(ctx, filepath.Join(filepath.Dir(real), "pg_basebackup"), "-D", s.pgdata, "-R", "-X", "stream", "-c", "fast",
		"-h", "127.0.0.1", "-p", strconv.Itoa(primary.port), "-U", localUser)
	if err != nil {
		t.Fatalf("pg_basebackup -R: %v: %s", err, out)
	}
	if err := s.start(ctx); err != nil {
		t.Fatalf("starting the standby: %v", err)
	}
	t.Cleanup(func() { _ = s.Stop(context.Background()) })
	return s
}

// TestReplicaServesThePublic: a real streaming standby of a primary (both
// clusters started here). With the standby's replay paused, an event the
// director publishes is in the director's list at once (a writer reads
// the primary: their own write) and not in the public's (the public reads
// the standby); resumed, the public sees it. With the standby stopped, the
// public's reads fall back to the primary.
func TestReplicaServesThePublic(t *testing.T) {
	ctx := context.Background()
	primary := startLocal(t, filepath.Join(t.TempDir(), "primary"))
	standby := startStandby(t, primary, filepath.Join(t.TempDir(), "standby"))
	if err := Migrate(ctx, primary.URL()); err != nil {
		t.Fatal(err)
	}
	pstore, err := Open(ctx, primary.URL())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pstore.Close)
	rstore, err := Open(ctx, standby.URL())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rstore.Close)
	svc := tournament.NewService(pstore, tournament.ServiceOptions{Replica: rstore})

	publish := func(name string) {
		t.Helper()
		if _, err := svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: name, Date: "2026-11-24", Law: "contract-2017", Scoring: "MP", Published: true}); err != nil {
			t.Fatal(err)
		}
	}
	names := func(a tournament.Actor) []string {
		t.Helper()
		es, err := svc.Events(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range es {
			out = append(out, e.Name)
		}
		return out
	}
	waitPublic := func(n int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for len(names(tournament.Public)) != n {
			if time.Now().After(deadline) {
				t.Fatalf("the public sees %v, want %d events, 10 s on", names(tournament.Public), n)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	sql := func(url, q string) {
		t.Helper()
		conn := connect(t, url)
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}

	publish("First")
	waitPublic(1)
	sql(standby.URL(), "SELECT pg_wal_replay_pause()")
	publish("Second")
	if got := names(tournament.Director); len(got) != 2 {
		t.Fatalf("the director, who wrote, sees %v; want both events", got)
	}
	time.Sleep(300 * time.Millisecond) // replay is paused: no time brings it
	if got := names(tournament.Public); len(got) != 1 {
		t.Fatalf("the public sees %v with the standby paused; want only the first: public reads are not the standby's", got)
	}
	sql(standby.URL(), "SELECT pg_wal_replay_resume()")
	waitPublic(2)

	if err := standby.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	publish("Third")
	if got := names(tournament.Public); len(got) != 3 {
		t.Errorf("with the standby stopped the public sees %v; want all three, from the primary", got)
	}
}
