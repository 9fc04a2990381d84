package db_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"reflect"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
)

// lines are results of every status with every field a result has.
func lines() []tournament.Result {
	return []tournament.Result{
		played(1),
		{Board: 2, Round: 1, Table: 1, NS: "1", EW: "8", Status: tournament.StatusPlayed, Contract: "3NTX", Declarer: "W",
			Tricks: 7, Revokes: []tournament.RevokeLine{{Side: "EW", Penalty: "tricks"}, {Side: "NS"}},
			Honours: map[string]int{"NS": 100}, Chicane: []string{"S"}, NSScore: 500, EnteredBy: "table 1"},
		{Board: 3, Round: 1, Table: 1, NS: "1", EW: "8", Status: tournament.StatusPassedOut, Contract: "PASS", EnteredBy: "table 1"},
		{Board: 4, Round: 2, Table: 1, NS: "1", EW: "9", Status: tournament.StatusArtificial, NSPercent: 60, EWPercent: 40, EnteredBy: "director"},
		{Board: 5, Round: 2, Table: 1, NS: "1", EW: "9", Status: tournament.StatusAssigned,
			Assigned: []tournament.AssignedPart{{NSScore: 620, Weight: 0.5}, {NSScore: -100, Weight: 0.3}, {NSScore: 170, Weight: 0.2}},
			NSScore:  264, EnteredBy: "director"},
		{Board: 6, Round: 2, Table: 2, NS: "2", EW: "8", Status: tournament.StatusNotPlayed, EnteredBy: "director"},
	}
}

func TestCreateResults(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	in := lines()
	start := time.Now().Add(-time.Second)
	stored, replayed, err := s.CreateResults(c, sec.ID, in, nil)
	if err != nil || replayed {
		t.Fatalf("CreateResults: replayed %v, %v", replayed, err)
	}
	if len(stored) != len(in) {
		t.Fatalf("%d stored, want %d", len(stored), len(in))
	}
	for i, r := range stored {
		if r.ID == 0 || r.SectionID != sec.ID || r.Version != 1 || r.EnteredAt.Before(start) || !r.UpdatedAt.Equal(r.EnteredAt) {
			t.Errorf("[%d] stored with ID %d section %d version %d at %v/%v", i, r.ID, r.SectionID, r.Version, r.EnteredAt, r.UpdatedAt)
		}
		if want := sameStored(in[i], r); !reflect.DeepEqual(r, want) {
			t.Errorf("[%d] stored\n %+v\nwant %+v", i, r, want)
		}
		got, err := s.Result(c, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, r) {
			t.Errorf("Result(%d)\n %+v\nwant %+v", r.ID, got, r)
		}
		audit, err := s.Audit(c, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(audit) != 1 || audit[0].Action != "insert" || audit[0].Actor != in[i].EnteredBy || audit[0].Before != nil ||
			audit[0].After == nil || !reflect.DeepEqual(*audit[0].After, r) {
			t.Errorf("[%d] audit %+v", i, audit)
		}
	}

	// A given EnteredAt is kept (to the microsecond PostgreSQL keeps).
	at := time.Date(2026, 11, 24, 19, 30, 0, 0, time.UTC)
	r := played(7)
	r.Round, r.EnteredAt = 3, at
	one, _, err := s.CreateResults(c, sec.ID, []tournament.Result{r}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !one[0].EnteredAt.Equal(at) || !one[0].UpdatedAt.Equal(at) {
		t.Errorf("entered at %v, updated at %v, want %v", one[0].EnteredAt, one[0].UpdatedAt, at)
	}

	// Nothing to store, nothing stored.
	if none, _, err := s.CreateResults(c, sec.ID, nil, nil); err != nil || len(none) != 0 {
		t.Errorf("no results: %v %v", none, err)
	}
	// A section that does not exist.
	_, _, err = s.CreateResults(c, 999, lines()[:1], nil)
	if te := tError(t, err, tournament.ErrNotFound); te.Message != "section 999 does not exist" {
		t.Errorf("message %q", te.Message)
	}
	// Refused by a CHECK: all or none.
	bad := lines()
	bad[0].Board, bad[1].Tricks = 20, 14
	_, _, err = s.CreateResults(c, sec.ID, bad, nil)
	if te := tError(t, err, tournament.ErrInvalid); te.Field != "tricks" || te.Message != "a side wins 0 to 13 tricks" {
		t.Errorf("field %q message %q", te.Field, te.Message)
	}
	if _, err := s.Results(c, tournament.ResultFilter{SectionID: sec.ID, Board: 20}); err != nil {
		t.Fatal(err)
	} else if got, _ := s.Results(c, tournament.ResultFilter{SectionID: sec.ID}); len(got) != len(in)+1 {
		t.Errorf("%d results after a refused request, want %d", len(got), len(in)+1)
	}
	huge := played(1)
	huge.Board = 1 << 40
	_, _, err = s.CreateResults(c, sec.ID, []tournament.Result{huge}, nil)
	if te := tError(t, err, tournament.ErrInvalid); te.Field != "board" {
		t.Errorf("field %q", te.Field)
	}
	_, err = s.Result(c, 999)
	if te := tError(t, err, tournament.ErrNotFound); te.Message != "result 999 does not exist" {
		t.Errorf("message %q", te.Message)
	}
}

func TestResultsFilter(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	in := lines()
	stored, _, err := s.CreateResults(c, sec.ID, []tournament.Result{in[5], in[3], in[0], in[4], in[2], in[1]}, nil)
	if err != nil {
		t.Fatal(err)
	}
	byBoard := map[int]int64{}
	for _, r := range stored {
		byBoard[r.Board] = r.ID
	}
	for _, tc := range []struct {
		f      tournament.ResultFilter
		boards []int
	}{
		{tournament.ResultFilter{SectionID: sec.ID}, []int{1, 2, 3, 4, 5, 6}},
		{tournament.ResultFilter{SectionID: sec.ID, Board: 4}, []int{4}},
		{tournament.ResultFilter{SectionID: sec.ID, Round: 2}, []int{4, 5, 6}},
		{tournament.ResultFilter{SectionID: sec.ID, Round: 2, Table: 1}, []int{4, 5}},
		{tournament.ResultFilter{SectionID: sec.ID, Pair: "8"}, []int{1, 2, 3, 6}},
		{tournament.ResultFilter{SectionID: sec.ID, Pair: "1", Round: 2}, []int{4, 5}},
		{tournament.ResultFilter{SectionID: sec.ID, Pair: "7"}, nil},
		{tournament.ResultFilter{Board: 6}, []int{6}},
	} {
		got, err := s.Results(c, tc.f)
		if err != nil {
			t.Fatal(err)
		}
		var boards []int
		for _, r := range got {
			boards = append(boards, r.Board)
			if r.ID != byBoard[r.Board] {
				t.Errorf("%+v: board %d is result %d, want %d", tc.f, r.Board, r.ID, byBoard[r.Board])
			}
		}
		if !reflect.DeepEqual(boards, tc.boards) {
			t.Errorf("%+v: boards %v, want %v", tc.f, boards, tc.boards)
		}
	}
	_, err = s.Results(c, tournament.ResultFilter{SectionID: 999})
	tError(t, err, tournament.ErrNotFound)
}

func TestResultConflict(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	first, _, err := s.CreateResults(c, sec.ID, []tournament.Result{played(3)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	again := played(3)
	again.Contract, again.Tricks, again.NSScore = "4S", 9, -50
	_, _, err = s.CreateResults(c, sec.ID, []tournament.Result{again}, nil)
	te := tError(t, err, tournament.ErrConflict)
	if te.Message != "board 3, round 1, table 1 already has a result" || te.Current == nil || !reflect.DeepEqual(*te.Current, first[0]) {
		t.Errorf("message %q, current %+v", te.Message, te.Current)
	}
	// In a batch, the field names which one.
	_, _, err = s.CreateResults(c, sec.ID, []tournament.Result{played(4), again}, nil)
	if te := tError(t, err, tournament.ErrConflict); te.Field != "results[1]" || te.Current == nil || te.Current.ID != first[0].ID {
		t.Errorf("field %q current %+v", te.Field, te.Current)
	}
	// Twice in one request.
	_, _, err = s.CreateResults(c, sec.ID, []tournament.Result{played(5), played(5)}, nil)
	if te := tError(t, err, tournament.ErrConflict); te.Field != "results[1]" || te.Current != nil {
		t.Errorf("field %q current %+v", te.Field, te.Current)
	}
	if all, _ := s.Results(c, tournament.ResultFilter{SectionID: sec.ID}); len(all) != 1 {
		t.Errorf("%d results, want 1", len(all))
	}
	// Moving a result onto another's board, round and table.
	second, _, err := s.CreateResults(c, sec.ID, []tournament.Result{played(4)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	moved := second[0]
	moved.Board = 3
	err = s.UpdateResult(c, &moved, 1)
	if te := tError(t, err, tournament.ErrConflict); te.Current == nil || te.Current.ID != first[0].ID {
		t.Errorf("current %+v", te.Current)
	}
}

func TestUpdateDeleteAudit(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	stored, _, err := s.CreateResults(c, sec.ID, []tournament.Result{played(1)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	v1 := stored[0]

	// The director corrects it: 4S down one, -50 (Law 77: 50 a trick not
	// vulnerable, undoubled).
	fix := v1
	fix.Tricks, fix.NSScore, fix.EnteredBy, fix.Lead = 9, -50, "director", ""
	fix.Lines = []string{"kept"}
	if err := s.UpdateResult(c, &fix, 1); err != nil {
		t.Fatal(err)
	}
	if fix.Version != 2 || fix.Tricks != 9 || fix.Lead != "" || !fix.EnteredAt.Equal(v1.EnteredAt) || !fix.UpdatedAt.After(v1.UpdatedAt) ||
		!reflect.DeepEqual(fix.Lines, []string{"kept"}) {
		t.Errorf("after update: %+v", fix)
	}
	v2, err := s.Result(c, v1.ID)
	if err != nil {
		t.Fatal(err)
	}
	fix.Lines = nil
	if !reflect.DeepEqual(v2, fix) {
		t.Errorf("stored\n %+v\nwant %+v", v2, fix)
	}

	// A table still holding version 1 is refused, and shown version 2.
	late := v1
	late.Tricks = 11
	err = s.UpdateResult(c, &late, 1)
	te := tError(t, err, tournament.ErrStale)
	if te.Current == nil || !reflect.DeepEqual(*te.Current, v2) {
		t.Errorf("current %+v, want %+v", te.Current, v2)
	}
	err = s.DeleteResult(c, v1.ID, 1, "director")
	if te := tError(t, err, tournament.ErrStale); te.Current == nil || te.Current.Version != 2 {
		t.Errorf("current %+v", te.Current)
	}
	missing := v1
	missing.ID = 999
	tError(t, s.UpdateResult(c, &missing, 1), tournament.ErrNotFound)
	bad := v2
	bad.Tricks = 14
	if te := tError(t, s.UpdateResult(c, &bad, 2), tournament.ErrInvalid); te.Field != "tricks" {
		t.Errorf("field %q", te.Field)
	}

	// The director deletes version 2; its history stays.
	if err := s.DeleteResult(c, v1.ID, 2, "director"); err != nil {
		t.Fatal(err)
	}
	_, err = s.Result(c, v1.ID)
	tError(t, err, tournament.ErrNotFound)
	tError(t, s.DeleteResult(c, v1.ID, 0, "director"), tournament.ErrNotFound)

	audit, err := s.Audit(c, v1.ID)
	if err != nil {
		t.Fatal(err)
	}
	type step struct {
		action, actor string
		before, after *tournament.Result
	}
	want := []step{{"insert", "table 1", nil, &v1}, {"update", "director", &v1, &v2}, {"delete", "director", &v2, nil}}
	if len(audit) != len(want) {
		t.Fatalf("%d audit rows, want %d: %+v", len(audit), len(want), audit)
	}
	for i, a := range audit {
		w := want[i]
		if a.ResultID != v1.ID || a.Action != w.action || a.Actor != w.actor || !reflect.DeepEqual(a.Before, w.before) || !reflect.DeepEqual(a.After, w.after) {
			t.Errorf("audit[%d]: %+v\nbefore %+v\nafter %+v\nwant %+v", i, a, a.Before, a.After, w)
		}
		if i > 0 && a.At.Before(audit[i-1].At) {
			t.Errorf("audit[%d] at %v before the row before", i, a.At)
		}
	}
	_, err = s.Audit(c, 999)
	tError(t, err, tournament.ErrNotFound)

	// Delete with version 0: whatever it is.
	other, _, err := s.CreateResults(c, sec.ID, []tournament.Result{played(2)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteResult(c, other[0].ID, 0, "director"); err != nil {
		t.Fatal(err)
	}
}

// key is an idempotency key of the table 1 token with the hash of body.
func key(k, body string) *tournament.Idempotency {
	h := sha256.Sum256([]byte(body))
	return &tournament.Idempotency{Key: k, Scope: "token 1", RequestHash: h[:]}
}

func TestIdempotency(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	idem := key("k1", "boards 1 and 2")
	first, replayed, err := s.CreateResults(c, sec.ID, []tournament.Result{played(1), played(2)}, idem)
	if err != nil || replayed {
		t.Fatalf("first: replayed %v, %v", replayed, err)
	}
	// The retry stores nothing and returns what the first stored, as it is now.
	fix := first[1]
	fix.Tricks, fix.NSScore = 9, -50
	if err := s.UpdateResult(c, &fix, 1); err != nil {
		t.Fatal(err)
	}
	again, replayed, err := s.CreateResults(c, sec.ID, []tournament.Result{played(1), played(2)}, idem)
	if err != nil || !replayed {
		t.Fatalf("retry: replayed %v, %v", replayed, err)
	}
	if !reflect.DeepEqual(again, []tournament.Result{first[0], fix}) {
		t.Errorf("retry returned\n %+v\nwant %+v", again, []tournament.Result{first[0], fix})
	}
	// A result deleted since makes the replay a conflict naming it (issue
	// 14 §1), not the rest as if the request had stored only those.
	if err := s.DeleteResult(c, first[0].ID, 0, "director"); err != nil {
		t.Fatal(err)
	}
	_, _, err = s.CreateResults(c, sec.ID, []tournament.Result{played(1), played(2)}, idem)
	want := `Idempotency-Key "k1" stored result ` + strconv.FormatInt(first[0].ID, 10) + `, deleted since: to enter it again send the request under a new key`
	if te := tError(t, err, tournament.ErrConflict); te.Message != want || te.Field != "Idempotency-Key" {
		t.Errorf("retry after a delete: %q (field %q), want %q", te.Message, te.Field, want)
	}

	// The same key with another body, or another section.
	_, _, err = s.CreateResults(c, sec.ID, []tournament.Result{played(3)}, key("k1", "board 3"))
	if te := tError(t, err, tournament.ErrConflict); te.Message != `Idempotency-Key "k1" was used for a different request` {
		t.Errorf("message %q", te.Message)
	}
	other := mitchellSection(t, s, event(t, s).ID)
	_, _, err = s.CreateResults(c, other.ID, []tournament.Result{played(1), played(2)}, idem)
	tError(t, err, tournament.ErrConflict)
	// The same key in another scope is another key.
	otherScope := key("k1", "boards 1 and 2")
	otherScope.Scope = "token 2"
	if _, replayed, err := s.CreateResults(c, other.ID, []tournament.Result{played(1)}, otherScope); err != nil || replayed {
		t.Errorf("another scope: replayed %v, %v", replayed, err)
	}
	// A refused request does not keep its key.
	k2 := key("k2", "board 1 again")
	_, _, err = s.CreateResults(c, sec.ID, []tournament.Result{played(2)}, k2)
	tError(t, err, tournament.ErrConflict)
	if _, err := s.Results(c, tournament.ResultFilter{SectionID: sec.ID}); err != nil {
		t.Fatal(err)
	}
	if _, replayed, err := s.CreateResults(c, sec.ID, []tournament.Result{played(5)}, k2); err != nil || replayed {
		t.Errorf("k2 after its refusal: replayed %v, %v", replayed, err)
	}

	// Forgotten keys: the next use of k1 is a new request.
	if n, err := s.DeleteIdempotencyKeys(c, time.Now().Add(-time.Hour)); err != nil || n != 0 {
		t.Errorf("keys older than an hour: %d deleted, %v", n, err)
	}
	if n, err := s.DeleteIdempotencyKeys(c, time.Now().Add(time.Minute)); err != nil || n != 3 {
		t.Errorf("every key: %d deleted, %v; want 3: k1, k1 of token 2, k2", n, err)
	}
	if _, replayed, err := s.CreateResults(c, sec.ID, []tournament.Result{played(6)}, key("k1", "board 6")); err != nil || replayed {
		t.Errorf("k1 after it was forgotten: replayed %v, %v", replayed, err)
	}
}

// concurrently runs f in n goroutines started together and returns their
// answers.
func concurrently[T any](n int, f func() (T, error)) ([]T, []error) {
	var (
		wg    sync.WaitGroup
		start = make(chan struct{})
		out   = make([]T, n)
		errs  = make([]error, n)
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			out[i], errs[i] = f()
		}()
	}
	close(start)
	wg.Wait()
	return out, errs
}

func TestConcurrentIdempotentRequests(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	idem := key("retry", "board 1")
	type answer struct {
		stored   []tournament.Result
		replayed bool
	}
	answers, errs := concurrently(20, func() (answer, error) {
		stored, replayed, err := s.CreateResults(c, sec.ID, []tournament.Result{played(1)}, idem)
		return answer{stored, replayed}, err
	})
	fresh := 0
	for i, a := range answers {
		if errs[i] != nil {
			t.Fatalf("[%d] %v", i, errs[i])
		}
		if !a.replayed {
			fresh++
		}
		if len(a.stored) != 1 || !reflect.DeepEqual(a.stored, answers[0].stored) {
			t.Errorf("[%d] got %+v, want %+v", i, a.stored, answers[0].stored)
		}
	}
	if fresh != 1 {
		t.Errorf("%d requests stored, want 1", fresh)
	}
	if all, _ := s.Results(c, tournament.ResultFilter{SectionID: sec.ID}); len(all) != 1 {
		t.Errorf("%d rows stored, want 1", len(all))
	}
}

func TestConcurrentSameSlot(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	answers, errs := concurrently(20, func() ([]tournament.Result, error) {
		stored, _, err := s.CreateResults(c, sec.ID, []tournament.Result{played(1)}, nil)
		return stored, err
	})
	var winner *tournament.Result
	for i, err := range errs {
		if err == nil {
			if winner != nil {
				t.Fatalf("two requests stored board 1: %d and %d", winner.ID, answers[i][0].ID)
			}
			winner = &answers[i][0]
		}
	}
	if winner == nil {
		t.Fatal("no request stored board 1")
	}
	for i, err := range errs {
		if err != nil {
			if te := tError(t, err, tournament.ErrConflict); te.Current == nil || te.Current.ID != winner.ID {
				t.Errorf("[%d] current %+v, want result %d", i, te.Current, winner.ID)
			}
		}
	}
	if all, _ := s.Results(c, tournament.ResultFilter{SectionID: sec.ID}); len(all) != 1 {
		t.Errorf("%d rows stored, want 1", len(all))
	}
}

func TestConcurrentUpdates(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	stored, _, err := s.CreateResults(c, sec.ID, []tournament.Result{played(1)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// 20 corrections of version 1: one wins, the rest are stale.
	_, errs := concurrently(20, func() (struct{}, error) {
		r := stored[0]
		r.Tricks, r.NSScore = 9, -50
		return struct{}{}, s.UpdateResult(c, &r, 1)
	})
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
			continue
		}
		if te := tError(t, err, tournament.ErrStale); te.Current == nil || te.Current.Version != 2 {
			t.Errorf("current %+v", te.Current)
		}
	}
	if ok != 1 {
		t.Errorf("%d updates of version 1 stored, want 1", ok)
	}
	if audit, _ := s.Audit(c, stored[0].ID); len(audit) != 2 {
		t.Errorf("%d audit rows, want 2", len(audit))
	}
}

func TestTokens(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	hash := func(secret string) []byte { h := sha256.Sum256([]byte(secret)); return h[:] }
	director := tournament.Token{Role: tournament.RoleDirector, Name: "director", Hash: hash("d")}
	table3 := tournament.Token{Role: tournament.RoleTable, Name: "table 3, section A", SectionID: sec.ID, Table: 3, Hash: hash("t3")}
	table1 := tournament.Token{Role: tournament.RoleTable, Name: "table 1, section A", SectionID: sec.ID, Table: 1, Hash: hash("t1")}
	for _, tk := range []*tournament.Token{&director, &table3, &table1} {
		if err := s.CreateToken(c, tk); err != nil {
			t.Fatal(err)
		}
		if tk.ID == 0 || tk.CreatedAt.IsZero() {
			t.Fatalf("CreateToken set %+v", tk)
		}
	}
	got, err := s.TokenByHash(c, hash("t3"))
	if err != nil || !reflect.DeepEqual(got, table3) {
		t.Errorf("TokenByHash: %+v, %v", got, err)
	}
	_, err = s.TokenByHash(c, hash("nobody"))
	tError(t, err, tournament.ErrNotFound)
	tables, err := s.Tokens(c, tournament.TokenFilter{SectionID: sec.ID})
	if err != nil || !reflect.DeepEqual(tables, []tournament.Token{table1, table3}) {
		t.Errorf("Tokens(section): %+v, %v", tables, err)
	}
	directors, err := s.Tokens(c, tournament.TokenFilter{Role: tournament.RoleDirector})
	if err != nil || !reflect.DeepEqual(directors, []tournament.Token{director}) {
		t.Errorf("Tokens(0): %+v, %v", directors, err)
	}
	_, err = s.Tokens(c, tournament.TokenFilter{SectionID: 999})
	tError(t, err, tournament.ErrNotFound)

	dup := table1
	tError(t, s.CreateToken(c, &dup), tournament.ErrConflict)
	noTable := tournament.Token{Role: tournament.RoleTable, SectionID: sec.ID, Hash: hash("x")}
	if te := tError(t, s.CreateToken(c, &noTable), tournament.ErrInvalid); te.Field != "table" {
		t.Errorf("field %q", te.Field)
	}
	public := tournament.Token{Role: tournament.RolePublic, Hash: hash("p")}
	tError(t, s.CreateToken(c, &public), tournament.ErrInvalid)
	elsewhere := tournament.Token{Role: tournament.RoleTable, SectionID: 999, Table: 1, Hash: hash("y")}
	tError(t, s.CreateToken(c, &elsewhere), tournament.ErrNotFound)
}

func TestPing(t *testing.T) {
	s, _ := open(t)
	if err := s.Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
	c, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Ping(c); !errors.Is(err, context.Canceled) {
		t.Errorf("Ping with a cancelled context: %v", err)
	}
}
