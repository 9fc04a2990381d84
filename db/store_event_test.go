package db_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

func TestEvents(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	// Options of each kind a law code has: a switch and a whole number
	// (royal-auction-1913 reads nullo, nullo_value: scoring.Law.Options).
	older := tournament.Event{Name: "Whist Club", Date: "1913-10-01", Law: scoring.RoyalAuction1913,
		LawOptions: tournament.LawOptions{"nullo": true, "nullo_value": 8}, Scoring: tournament.MethodTotal}
	newer := tournament.Event{Name: "Tuesday pairs", Date: "2026-11-24", Law: scoring.Auction1915,
		LawOptions: tournament.LawOptions{}, Scoring: tournament.MethodMP, Published: true}
	for _, e := range []*tournament.Event{&older, &newer} {
		if _, err := s.CreateEvent(c, e, nil); err != nil {
			t.Fatal(err)
		}
		if e.ID == 0 || e.CreatedAt.IsZero() || !e.UpdatedAt.Equal(e.CreatedAt) {
			t.Fatalf("CreateEvent set ID %d, CreatedAt %v, UpdatedAt %v", e.ID, e.CreatedAt, e.UpdatedAt)
		}
	}
	got, err := s.Event(c, older.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, older) {
		t.Errorf("Event:\n got %+v\nwant %+v", got, older)
	}
	all, err := s.Events(c)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 || all[0].ID != newer.ID || all[1].ID != older.ID {
		t.Errorf("Events: %+v, want the 2026 event then the 1913 one", all)
	}

	_, err = s.Event(c, 999)
	if te := tError(t, err, tournament.ErrNotFound); te.Message != "event 999 does not exist" {
		t.Errorf("message %q", te.Message)
	}

	// Refused by the schema's constraints, named by field.
	for _, tc := range []struct {
		e     tournament.Event
		field string
	}{
		{tournament.Event{Name: "x", Date: "2026-02-30", Law: scoring.Bridge, Scoring: tournament.MethodMP}, "date"},
		{tournament.Event{Name: "x", Date: "yesterday", Law: scoring.Bridge, Scoring: tournament.MethodMP}, "date"},
		{tournament.Event{Name: "", Date: "2026-01-01", Law: scoring.Bridge, Scoring: tournament.MethodMP}, "name"},
		{tournament.Event{Name: "x", Date: "2026-01-01", Law: scoring.Law(99), Scoring: tournament.MethodMP}, "law"},
		{tournament.Event{Name: "x", Date: "2026-01-01", Law: scoring.Bridge, Scoring: "RUBBER"}, "scoring"},
	} {
		_, err := s.CreateEvent(c, &tc.e, nil)
		if te := tError(t, err, tournament.ErrInvalid); te.Field != tc.field {
			t.Errorf("%+v: field %q, want %q (%v)", tc.e, te.Field, tc.field, err)
		}
	}
}

func TestUpdateEventRescores(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	e := event(t, s)
	sec := mitchellSection(t, s, e.ID)
	other := event(t, s)
	otherSec := mitchellSection(t, s, other.ID)
	stored, _, err := s.CreateResults(c, sec.ID, []tournament.Result{played(1), played(2)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	foreign, _, err := s.CreateResults(c, otherSec.ID, []tournament.Result{played(1)}, nil)
	if err != nil {
		t.Fatal(err)
	}

	// Under auction-1915 4S made with 10 tricks scores 4 odd tricks at 9
	// (spades) = 36 (../shared/LAWS.md); board 2 keeps its score, and a
	// result of another event is not touched.
	e.Law, e.Name = scoring.Auction1915, "Tuesday auction"
	before := e.UpdatedAt
	scores := []tournament.ResultScore{{ResultID: stored[0].ID, NSScore: 36}, {ResultID: stored[1].ID, NSScore: 420},
		{ResultID: foreign[0].ID, NSScore: 36}}
	if err := s.UpdateEvent(c, &e, given(scores), "director"); err != nil {
		t.Fatal(err)
	}
	if !e.UpdatedAt.After(before) {
		t.Errorf("UpdatedAt %v not after %v", e.UpdatedAt, before)
	}
	got, err := s.Event(c, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Law != scoring.Auction1915 || got.Name != "Tuesday auction" {
		t.Errorf("stored %+v", got)
	}
	r1, _ := s.Result(c, stored[0].ID)
	r2, _ := s.Result(c, stored[1].ID)
	rf, _ := s.Result(c, foreign[0].ID)
	if r1.NSScore != 36 || r1.Version != 2 || r2.NSScore != 420 || r2.Version != 1 || rf.NSScore != 420 || rf.Version != 1 {
		t.Errorf("after rescore: %d v%d, %d v%d, other event %d v%d", r1.NSScore, r1.Version, r2.NSScore, r2.Version, rf.NSScore, rf.Version)
	}
	audit, err := s.Audit(c, r1.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(audit) != 2 || audit[1].Action != "rescore" || audit[1].Actor != "director" ||
		audit[1].Before.NSScore != 420 || audit[1].After.NSScore != 36 || audit[1].After.Version != 2 {
		t.Errorf("audit: %+v", audit)
	}
	if a2, _ := s.Audit(c, r2.ID); len(a2) != 1 {
		t.Errorf("an unchanged score audited: %+v", a2)
	}

	// A missing event changes nothing, rescores included.
	missing := e
	missing.ID = 999
	err = s.UpdateEvent(c, &missing, given([]tournament.ResultScore{{ResultID: r2.ID, NSScore: 1}}), "director")
	tError(t, err, tournament.ErrNotFound)
	// A refused change rolls the rescore back.
	bad := e
	bad.Scoring = "RUBBER"
	err = s.UpdateEvent(c, &bad, given([]tournament.ResultScore{{ResultID: r2.ID, NSScore: 1}}), "director")
	tError(t, err, tournament.ErrInvalid)
	if r, _ := s.Result(context.Background(), r2.ID); r.NSScore != 420 {
		t.Errorf("a refused UpdateEvent rescored: %d", r.NSScore)
	}
}

// TestCreateEventIdempotent: one Idempotency-Key sent 8 times at once
// through two Stores (two servers) makes one event; the other 7 are
// replays of it. The key with another request is ErrConflict, in another
// scope it is another key.
func TestCreateEventIdempotent(t *testing.T) {
	s1, u := open(t)
	s2, err := db.Open(ctx(t), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s2.Close)
	idem := &tournament.Idempotency{Key: "k", Scope: "role:director", RequestHash: []byte("request 1")}
	type answer struct {
		id       int64
		replayed bool
		err      error
	}
	out := make(chan answer, 8)
	start := make(chan struct{})
	for i := range 8 {
		s := []*db.Store{s1, s2}[i%2]
		go func() {
			<-start
			e := tournament.Event{Name: "Once", Date: "2026-11-27", Law: scoring.Contract2017, Scoring: tournament.MethodMP}
			replayed, err := s.CreateEvent(ctx(t), &e, idem)
			out <- answer{e.ID, replayed, err}
		}()
	}
	close(start)
	ids, replays := map[int64]bool{}, 0
	for range 8 {
		a := <-out
		if a.err != nil {
			t.Fatal(a.err)
		}
		ids[a.id] = true
		if a.replayed {
			replays++
		}
	}
	events, err := s1.Events(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 1 || replays != 7 || len(events) != 1 {
		t.Fatalf("8 tries under one key: events %v answered, %d replays, %d stored; want 1, 7, 1", ids, replays, len(events))
	}
	e := tournament.Event{Name: "Other", Date: "2026-11-27", Law: scoring.Contract2017, Scoring: tournament.MethodMP}
	other := &tournament.Idempotency{Key: "k", Scope: "role:director", RequestHash: []byte("request 2")}
	if _, err := s1.CreateEvent(ctx(t), &e, other); tError(t, err, tournament.ErrConflict).Field != "Idempotency-Key" {
		t.Errorf("the key with another request: %v", err)
	}
	other.Scope = "token:7"
	if replayed, err := s2.CreateEvent(ctx(t), &e, other); err != nil || replayed || ids[e.ID] {
		t.Errorf("the key in another scope: event %d replayed %v, %v; want a new event", e.ID, replayed, err)
	}
	// Pruned with the results' keys: then the key is a new request.
	if n, err := s1.DeleteIdempotencyKeys(ctx(t), time.Now().Add(time.Minute)); err != nil || n != 2 {
		t.Errorf("every key: %d deleted, %v; want 2: k of the director and of token 7", n, err)
	}
	other.Scope = "role:director"
	if replayed, err := s1.CreateEvent(ctx(t), &e, other); err != nil || replayed {
		t.Errorf("k after it was forgotten: replayed %v, %v", replayed, err)
	}
}
