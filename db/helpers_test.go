package db_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// open returns a Store over a fresh database, and the database's URL.
func open(t testing.TB) (*db.Store, string) {
	t.Helper()
	u := dbtest.URL(t)
	s, err := db.Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s, u
}

// rawPool returns a pgx pool on the database at u, for raw SQL.
func rawPool(t testing.TB, u string) *pgxpool.Pool {
	t.Helper()
	p, err := pgxpool.New(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}

// ctx is the context of a test step.
func ctx(t testing.TB) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}

// event stores an event: Tuesday pairs, contract-2017, MP (the issue's
// example, with the modern code).
func event(t testing.TB, s *db.Store) tournament.Event {
	t.Helper()
	e := tournament.Event{Name: "Tuesday pairs", Date: "2026-11-24", Law: scoring.Contract2017,
		LawOptions: tournament.LawOptions{}, Scoring: tournament.MethodMP}
	if _, err := s.CreateEvent(ctx(t), &e, nil); err != nil {
		t.Fatal(err)
	}
	return e
}

// mitchellSection stores section A of event e: a Mitchell of 7 tables, 3
// boards a round (the example), current round 1.
func mitchellSection(t testing.TB, s *db.Store, eventID int64) tournament.Section {
	t.Helper()
	spec := tournament.MovementSpec{Kind: "mitchell", Tables: 7, Rounds: 7, BoardsPerRound: 3}
	m, err := movement.Mitchell(movement.MitchellOptions{Tables: 7, Rounds: 7, BoardsPerRound: 3})
	if err != nil {
		t.Fatal(err)
	}
	sec := tournament.Section{EventID: eventID, Session: 1, Name: "A", Spec: spec, Movement: m, CurrentRound: 1}
	if err := s.CreateSection(ctx(t), &sec, nil); err != nil {
		t.Fatal(err)
	}
	return sec
}

// played is a played result at table 1 in round 1 of a 7-table Mitchell (NS
// 1 against EW 8): 4S by North making 10 tricks, 420 not vulnerable under
// contract-2017 (Law 77: 4×30 trick score + 300 game premium).
func played(board int) tournament.Result {
	return tournament.Result{Board: board, Round: 1, Table: 1, NS: "1", EW: "8", Status: tournament.StatusPlayed,
		Contract: "4S", Declarer: "N", Tricks: 10, Lead: "HK", NSScore: 420, EnteredBy: "table 1"}
}

// tError returns err as a *tournament.Error of kind, failing the test if it
// is not one.
func tError(t testing.TB, err, kind error) *tournament.Error {
	t.Helper()
	var te *tournament.Error
	if !errors.As(err, &te) || !errors.Is(err, kind) {
		t.Fatalf("got error %v (%T), want a *tournament.Error of kind %v", err, err, kind)
	}
	// Nothing of PostgreSQL's own words reaches a user.
	for _, word := range []string{"violates", "SQLSTATE", "constraint", "relation", "ERROR", "pgx", "duplicate key"} {
		if strings.Contains(te.Error(), word) {
			t.Errorf("error %q has PostgreSQL's words in it (%q)", te.Error(), word)
		}
	}
	return te
}

// sameStored returns want as the store should have stored it: with the
// fields the store sets (ID, section, version, times) taken from got.
func sameStored(want, got tournament.Result) tournament.Result {
	want.ID, want.SectionID, want.Version, want.EnteredAt, want.UpdatedAt = got.ID, got.SectionID, got.Version, got.EnteredAt, got.UpdatedAt
	return want
}

// pbnDeal reads a deal a test gives in PBN, as tournament.ParseBoard reads
// one given as text.
func pbnDeal(pbn string) scoring.Deal {
	d, err := scoring.ParseDeal("deal", pbn)
	if err != nil {
		panic(err)
	}
	return d
}
