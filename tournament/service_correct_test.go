package tournament_test

// Correction (UpdateResult, DeleteResult) with optimistic concurrency: a
// correction names the version it corrects, a stale one is refused with
// the result as stored, and the audit keeps every version and who made it.
// The section is the 3-table Mitchell of service_result_test.go; board 1
// is not vulnerable, so 4S by North is 420 making 10, 450 making 11
// (an overtrick of 30) and −50 making 9 (one down, Law 77).

import (
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
