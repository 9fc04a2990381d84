package db_test

import (
	"context"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
)

func TestOpen(t *testing.T) {
	u := dbtest.URL(t)
	s, err := db.Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	// 4·GOMAXPROCS+4 connections unless the URL says.
	if got, want := db.MaxConns(s), int32(4*runtime.GOMAXPROCS(0)+4); got != want {
		t.Errorf("pool of %d connections, want %d", got, want)
	}
	s.Close()
	withMax, _ := url.Parse(u)
	q := withMax.Query()
	q.Set("pool_max_conns", "3")
	withMax.RawQuery = q.Encode()
	s, err = db.Open(context.Background(), withMax.String())
	if err != nil {
		t.Fatal(err)
	}
	if got := db.MaxConns(s); got != 3 {
		t.Errorf("pool of %d connections, want the URL's 3", got)
	}
	s.Close()

	// Nothing listens on port 1; the password is not in the error.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = db.Open(ctx, "postgres://traveler:s3cret@127.0.0.1:1/traveler?connect_timeout=2")
	if err == nil || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("Open of a server that is not there: %v", err)
	}
	_, err = db.Open(ctx, "postgres://traveler:s3cret@127.0.0.1:5432/x?pool_max_conns=many")
	if err == nil || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("Open of a bad URL: %v", err)
	}
}

// TestNicedPlansNoParallelWorkers: a making apart's connections (Niced)
// keep to the pool size they are given and plan without parallel workers —
// server processes of their own that would escape the nice value and the
// CPUs its backend is given — while a server's connections keep the
// database's setting.
func TestNicedPlansNoParallelWorkers(t *testing.T) {
	u := dbtest.URL(t)
	s, err := db.Open(context.Background(), u, db.Niced(2, 0))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := db.MaxConns(s); got != 2 {
		t.Errorf("pool of %d connections, want Niced's 2", got)
	}
	if v, err := db.Setting(s, "max_parallel_workers_per_gather"); err != nil || v != "0" {
		t.Errorf("a niced connection's max_parallel_workers_per_gather = %q (%v), want 0", v, err)
	}
	plain, err := db.Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	if v, err := db.Setting(plain, "max_parallel_workers_per_gather"); err != nil || v == "0" {
		t.Errorf("a server's connection's max_parallel_workers_per_gather = %q (%v), want the database's own (2 by default)", v, err)
	}
}
