package tournament_test

// Correction (UpdateResult, DeleteResult) with optimistic concurrency: a
// correction names the version it corrects, a stale one is refused with
// the result as stored, and the audit keeps every version and who made it.
// The section is the 3-table Mitchell of service_result_test.go; board 1
// is not vulnerable, so 4S by North is 420 making 10, 450 making 11
// (an overtrick of 30) and −50 making 9 (one down, Law 77).

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestUpdateResultVersions: the director corrects a table's line at its
// version; the table, correcting the version it last saw, is refused with
// the stored result, retries at the current version, and the audit holds
// the three versions by their two correctors.
func TestUpdateResultVersions(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Corrections"}).ID, 3, 2)
	t1 := tournamenttest.Table(sec, 1)
	res := b.Play(sec, 1, 1, 1, "4S", "N", 10)
	if res.Version != 1 || res.NSScore != 420 {
		t.Fatalf("entered %+v, want version 1 scoring 420", res)
	}

	fixed, err := b.Svc.UpdateResult(b.Ctx, tournament.Director, res.ID, line(sec, 1, 1, 1, "4S", "N", 11), 1)
	if err != nil || fixed.Version != 2 || fixed.NSScore != 450 || fixed.EnteredBy != "director" {
		t.Fatalf("the director's correction: %+v (%v), want version 2 scoring 450", fixed, err)
	}
	_, err = b.Svc.UpdateResult(b.Ctx, t1, res.ID, line(sec, 1, 1, 1, "4S", "N", 9), 1)
	te := wantError(t, err, tournament.ErrStale, "version")
	if te.Current == nil || te.Current.Version != 2 || te.Current.NSScore != 450 || te.Current.Tricks != 11 {
		t.Fatalf("stale correction's current: %+v", te.Current)
	}
	fixed, err = b.Svc.UpdateResult(b.Ctx, t1, res.ID, line(sec, 1, 1, 1, "4S", "N", 9), te.Current.Version)
	if err != nil || fixed.Version != 3 || fixed.NSScore != -50 || fixed.EnteredBy != "table 1 A" {
		t.Errorf("retried correction: %+v (%v), want version 3 scoring -50", fixed, err)
	}
	// No version is no correction; a bad line is refused naming its field.
	_, err = b.Svc.UpdateResult(b.Ctx, t1, res.ID, line(sec, 1, 1, 1, "4S", "N", 9), 0)
	wantError(t, err, tournament.ErrInvalid, "version")
	_, err = b.Svc.UpdateResult(b.Ctx, tournament.Director, res.ID, line(sec, 1, 1, 1, "4S", "N", 14), 3)
	wantError(t, err, tournament.ErrInvalid, "tricks")
	_, err = b.Svc.UpdateResult(b.Ctx, tournament.Director, 999999, line(sec, 1, 1, 1, "4S", "N", 9), 1)
	wantError(t, err, tournament.ErrNotFound, "")

	audit, err := b.Svc.Audit(b.Ctx, tournament.Director, res.ID)
	if err != nil || len(audit) != 3 {
		t.Fatalf("audit: %d entries (%v), want 3: %+v", len(audit), err, audit)
	}
	for i, want := range []struct {
		action          string
		actor           string
		before, after   int // tricks, -1: none
		beforeV, afterV int
	}{{"insert", "table 1 A", -1, 10, 0, 1}, {"update", "director", 10, 11, 1, 2}, {"update", "table 1 A", 11, 9, 2, 3}} {
		a := audit[i]
		if a.Action != want.action || a.ResultID != res.ID || a.Actor != want.actor || a.At.IsZero() {
			t.Errorf("audit %d: %+v, want %s by %s", i, a, want.action, want.actor)
		}
		if (want.before < 0) != (a.Before == nil) || (a.Before != nil && (a.Before.Tricks != want.before || a.Before.Version != want.beforeV)) {
			t.Errorf("audit %d before: %+v", i, a.Before)
		}
		if a.After == nil || a.After.Tricks != want.after || a.After.Version != want.afterV {
			t.Errorf("audit %d after: %+v", i, a.After)
		}
	}
	_, err = b.Svc.Audit(b.Ctx, t1, res.ID)
	wantError(t, err, tournament.ErrForbidden, "")
}

// TestCorrectionsAreTheTables: a table corrects its own line only, not
// another table's nor from another section; only the director deletes,
// at the stored version, and the audit keeps the deleted line.
func TestCorrectionsAreTheTables(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Roles"}).ID, 3, 2)
	other := b.Mitchell(b.Event(tournament.EventInput{Name: "Other"}).ID, 3, 2)
	mine := b.Play(sec, 1, 1, 1, "4S", "N", 10)
	theirs := b.Play(sec, 1, 2, 3, "2H", "E", 8)

	_, err := b.Svc.UpdateResult(b.Ctx, tournamenttest.Table(sec, 1), theirs.ID, line(sec, 1, 2, 3, "2H", "E", 9), 1)
	wantError(t, err, tournament.ErrForbidden, "table")
	_, err = b.Svc.UpdateResult(b.Ctx, tournamenttest.Table(other, 1), mine.ID, line(sec, 1, 1, 1, "4S", "N", 11), 1)
	wantError(t, err, tournament.ErrForbidden, "table")
	_, err = b.Svc.UpdateResult(b.Ctx, tournament.Public, mine.ID, line(sec, 1, 1, 1, "4S", "N", 11), 1)
	wantError(t, err, tournament.ErrUnauthorized, "Authorization")
	// A table does not move its line to another table's board.
	_, err = b.Svc.UpdateResult(b.Ctx, tournamenttest.Table(sec, 1), mine.ID, line(sec, 1, 2, 3, "4S", "N", 10), 1)
	wantError(t, err, tournament.ErrForbidden, "table")

	err = b.Svc.DeleteResult(b.Ctx, tournamenttest.Table(sec, 1), mine.ID, 1)
	wantError(t, err, tournament.ErrForbidden, "")
	fixed, err := b.Svc.UpdateResult(b.Ctx, tournament.Director, mine.ID, line(sec, 1, 1, 1, "4S", "N", 11), 1)
	if err != nil {
		t.Fatal(err)
	}
	te := wantError(t, b.Svc.DeleteResult(b.Ctx, tournament.Director, mine.ID, 1), tournament.ErrStale, "")
	if te.Current == nil || te.Current.Version != 2 {
		t.Errorf("stale delete's current: %+v, want version 2", te.Current)
	}
	if err := b.Svc.DeleteResult(b.Ctx, tournament.Director, mine.ID, fixed.Version); err != nil {
		t.Fatal(err)
	}
	_, err = b.Svc.Result(b.Ctx, tournament.Director, mine.ID)
	wantError(t, err, tournament.ErrNotFound, "")
	audit, err := b.Svc.Audit(b.Ctx, tournament.Director, mine.ID)
	if err != nil || len(audit) != 3 || audit[2].Action != "delete" || audit[2].Actor != "director" || audit[2].Before == nil || audit[2].Before.Tricks != 11 {
		t.Errorf("audit of a deleted line: %+v (%v), want insert, update, delete by the director of the 11-trick line", audit, err)
	}
}

// TestUpdateEventRescores: a change of law code or of its options scores
// every result again, each changed score audited as a "rescore" by the
// director; a result unchanged is not touched. Board 1 (not vulnerable),
// 4S by North making 10, with the hand record where North holds the five
// spade honours (tournamenttest.OneSuitDeal):
//
//	contract-2017: 4×30 + 300 = 420 (Law 77);
//	auction-1915 (../shared/LAWS.md): 4 odd tricks at 9 = 36, game at 30
//	trick points +125, five honours in one hand at 10 tricks' worth of 9 =
//	90 to NS: 251; with a game premium of 100 instead: 226.
//
// Board 2 is passed out: 0 under every code.
func TestUpdateEventRescores(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Rescore"}).ID, 3, 2)
	made := b.Play(sec, 1, 1, 1, "4S", "N", 10)
	passed := b.Enter(tournamenttest.Table(sec, 1), sec, tournament.Result{Board: 2, Round: 1, Table: 1, Status: tournament.StatusPassedOut})[0]
	score := func(id int64) (int, int) {
		t.Helper()
		r, err := b.Svc.Result(b.Ctx, tournament.Director, id)
		if err != nil {
			t.Fatal(err)
		}
		return r.NSScore, r.Version
	}
	if s, _ := score(made.ID); s != 420 {
		t.Fatalf("4S made under contract-2017: %d, want 420", s)
	}

	law := "auction-1915"
	if _, err := b.Svc.UpdateEvent(b.Ctx, tournament.Director, sec.EventID, tournament.EventPatch{Law: &law}); err != nil {
		t.Fatal(err)
	}
	if s, v := score(made.ID); s != 251 || v != 2 {
		t.Errorf("4S made under auction-1915: %d at version %d, want 251 at version 2", s, v)
	}
	if s, v := score(passed.ID); s != 0 || v != 1 {
		t.Errorf("the passed-out board: %d at version %d, want 0 untouched at version 1", s, v)
	}
	if _, err := b.Svc.UpdateEvent(b.Ctx, tournament.Director, sec.EventID, tournament.EventPatch{LawOptions: tournament.LawOptions{"game_premium": 100}}); err != nil {
		t.Fatal(err)
	}
	if s, v := score(made.ID); s != 226 || v != 3 {
		t.Errorf("4S made with a game premium of 100: %d at version %d, want 226 at version 3", s, v)
	}
	audit, err := b.Svc.Audit(b.Ctx, tournament.Director, made.ID)
	if err != nil || len(audit) != 3 {
		t.Fatalf("audit %+v (%v), want the entry and two rescores", audit, err)
	}
	for i, want := range [][2]int{{420, 251}, {251, 226}} {
		a := audit[i+1]
		if a.Action != "rescore" || a.Actor != "director" || a.Before == nil || a.After == nil || a.Before.NSScore != want[0] || a.After.NSScore != want[1] {
			t.Errorf("audit %d: %+v, want a rescore by the director from %d to %d", i+1, a, want[0], want[1])
		}
	}
	// An option the code does not have is refused on its field, and
	// nothing is rescored.
	_, err = b.Svc.UpdateEvent(b.Ctx, tournament.Director, sec.EventID, tournament.EventPatch{LawOptions: tournament.LawOptions{"nullo": true}})
	if te := wantError(t, err, tournament.ErrInvalid, ""); !strings.Contains(te.Field, "nullo") {
		t.Errorf("auction-1915 refused the option nullo (royal-auction-1913's) on the field %q, want it named", te.Field)
	}
	if s, v := score(made.ID); s != 226 || v != 3 {
		t.Errorf("after a refused change: %d at version %d, want 226 at version 3", s, v)
	}
}
