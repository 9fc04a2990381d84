package tournament_test

// KeepFigures (issue 27 §2): switching an imported event between a file's
// own line points and traveler's is one transaction over every section the
// figures are of. A failure at any side leaves every side as it was, and
// two switches at once end as one after the other.

import (
	"context"
	"crypto/sha256"
	"errors"
	"sync"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// errInjected is the failure figureFaults answers in place of the store.
var errInjected = errors.New("injected: the database went away")

// faults says which of a Store's correction writes (SetCorrection and
// DeleteCorrection, counted together from 1) fails, and what runs once
// after the next one.
type faults struct {
	mu     sync.Mutex
	failAt int    // the write that fails; 0: none
	writes int    // the writes so far
	pause  func() // run after the next write, once; nil: none
}

// before counts a write and says whether it is the one to fail.
func (f *faults) before() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.writes++
	if f.writes == f.failAt {
		return errInjected
	}
	return nil
}

// after runs the pause armed, once.
func (f *faults) after() {
	f.mu.Lock()
	p := f.pause
	f.pause = nil
	f.mu.Unlock()
	if p != nil {
		p()
	}
}

// figureFaults is a Store whose correction writes go through faults, also
// inside a transaction holding a section (HoldSection).
type figureFaults struct {
	tournament.Store
	f *faults
}

func (x figureFaults) SetCorrection(ctx context.Context, pc *tournament.PointCorrection, c *tournament.Change) error {
	if err := x.f.before(); err != nil {
		return err
	}
	err := x.Store.SetCorrection(ctx, pc, c)
	x.f.after()
	return err
}

func (x figureFaults) DeleteCorrection(ctx context.Context, pc tournament.PointCorrection, c *tournament.Change) error {
	if err := x.f.before(); err != nil {
		return err
	}
	err := x.Store.DeleteCorrection(ctx, pc, c)
	x.f.after()
	return err
}

func (x figureFaults) HoldSection(ctx context.Context, sectionID int64, change func(st tournament.Store) error) error {
	return x.Store.HoldSection(ctx, sectionID, func(st tournament.Store) error { return change(figureFaults{st, x.f}) })
}

// importedWithFigures builds an event of two 3-table Mitchell sections, A
// and B, each with board 1 played twice — 4S by N making 10 (420, Law 77:
// 120 + 300 not vulnerable) at round 1 table 1 and 3NT by S making 9 (400)
// at round 2 table 3, so traveler gives the 420 line 1 and 0 on a top of
// 1 — and imports it as read from a file whose own figures split that
// line, 0.5 to each side: four sides in all, two a section, that differ
// from traveler's. It returns the imported event's id and sections.
func importedWithFigures(t *testing.T, b *tournamenttest.Builder) (int64, []tournament.Section) {
	t.Helper()
	e := b.Event(tournament.EventInput{Name: "Figures"})
	for _, name := range []string{"A", "B"} {
		sec := b.Section(e.ID, tournament.SectionInput{Name: name,
			Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2}})
		b.Play(sec, 1, 1, 1, "4S", "N", 10)
		b.Round(sec, 2)
		b.Play(sec, 2, 3, 1, "3NT", "S", 9)
	}
	d, err := b.Svc.EventData(b.Ctx, tournament.Director, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte("a file with figures of its own"))
	d.Digest, d.Figures = sum[:], true
	for i := range d.Sections {
		for _, side := range []string{"NS", "EW"} {
			d.Sections[i].Official = append(d.Sections[i].Official, tournament.PointCorrection{
				Board: 1, Round: 1, Table: 1, Side: side, Points: 0.5, Reason: "the file's official figure 0.5 (line 1)"})
		}
	}
	imp, err := b.Svc.ImportEvent(b.Ctx, tournament.Director, d)
	if err != nil {
		t.Fatal(err)
	}
	var secs []tournament.Section
	for _, sd := range imp.Sections {
		secs = append(secs, sd.Section)
	}
	return imp.Event.ID, secs
}

// fileSides counts the sides of the sections that hold the file's figure,
// as the database has them.
func fileSides(t *testing.T, b *tournamenttest.Builder, secs []tournament.Section) int {
	t.Helper()
	n := 0
	for _, s := range secs {
		sec, err := b.Svc.Section(b.Ctx, tournament.Director, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, pc := range sec.Corrections {
			if pc.Points == 0.5 && pc.Reason == "the file's official figure 0.5 (line 1)" {
				n++
			}
		}
	}
	return n
}

// changeCount is how many changes the event's audit holds.
func changeCount(t *testing.T, b *tournamenttest.Builder, eventID int64) int {
	t.Helper()
	cs, err := b.Svc.Changes(b.Ctx, tournament.Director, eventID)
	if err != nil {
		t.Fatal(err)
	}
	return len(cs)
}

// TestKeepFiguresAllOrNothing: a switch whose third side's write fails —
// the first side of section B, after both of section A's — changes no side
// and audits nothing, either way; without the failure the same switch
// changes all four, audited once a side. On f46578a (a transaction a side)
// section A's two sides stayed switched.
func TestKeepFiguresAllOrNothing(t *testing.T) {
	f := &faults{}
	r := newRaceOver(t, func(st tournament.Store) tournament.Store { return figureFaults{st, f} })
	b := r.b
	eid, secs := importedWithFigures(t, b)
	audit := changeCount(t, b, eid)

	f.failAt, f.writes = 3, 0
	if _, err := b.Svc.KeepFigures(b.Ctx, tournament.Director, eid, "official"); !errors.Is(err, errInjected) {
		t.Fatalf("official with its third write failing: %v, want the injected failure", err)
	}
	if n := fileSides(t, b, secs); n != 0 {
		t.Errorf("%d sides hold the file's figure after a failed switch to them, want 0", n)
	}
	if n := changeCount(t, b, eid); n != audit {
		t.Errorf("%d changes after a failed switch, want %d as before", n, audit)
	}

	f.failAt = 0
	n, err := b.Svc.KeepFigures(b.Ctx, tournament.Director, eid, "official")
	if err != nil || n != 4 || fileSides(t, b, secs) != 4 || changeCount(t, b, eid) != audit+4 {
		t.Fatalf("official: %d sides (%v), %d hold the file's, %d changes; want 4, 4, %d", n, err, fileSides(t, b, secs), changeCount(t, b, eid), audit+4)
	}
	audit += 4

	f.failAt, f.writes = 3, 0
	if _, err := b.Svc.KeepFigures(b.Ctx, tournament.Director, eid, "traveler"); !errors.Is(err, errInjected) {
		t.Fatalf("traveler with its third write failing: %v, want the injected failure", err)
	}
	if n := fileSides(t, b, secs); n != 4 {
		t.Errorf("%d sides hold the file's figure after a failed switch back, want all 4", n)
	}
	if n := changeCount(t, b, eid); n != audit {
		t.Errorf("%d changes after a failed switch back, want %d as before", n, audit)
	}

	f.failAt = 0
	n, err = b.Svc.KeepFigures(b.Ctx, tournament.Director, eid, "traveler")
	if err != nil || n != 4 || fileSides(t, b, secs) != 0 || changeCount(t, b, eid) != audit+4 {
		t.Errorf("traveler: %d sides (%v), %d hold the file's, %d changes; want 4, 0, %d", n, err, fileSides(t, b, secs), changeCount(t, b, eid), audit+4)
	}
}

// TestKeepFiguresRace: a switch to the file's figures is paused just after
// its first side is written, and a switch to traveler's runs then. It must
// wait for the first (both sections held) and then lift all four sides:
// the end is the two one after the other — no side with the file's figure,
// 4 sides switched each way, 8 changes audited. On f46578a the second ran
// through during the pause, lifting the one side written so far, and the
// first then wrote the other three: 3 of 4 sides the file's.
func TestKeepFiguresRace(t *testing.T) {
	f := &faults{}
	r := newRaceOver(t, func(st tournament.Store) tournament.Store { return figureFaults{st, f} })
	b := r.b
	eid, secs := importedWithFigures(t, b)
	audit := changeCount(t, b, eid)

	var back int
	var backErr error
	waited := false
	waitBack := func() {}
	f.pause = func() {
		ended, wait := r.during(t, func() {
			back, backErr = b.Svc.KeepFigures(context.Background(), tournament.Director, eid, "traveler")
		})
		waited, waitBack = !ended, wait
	}
	n, err := b.Svc.KeepFigures(b.Ctx, tournament.Director, eid, "official")
	if err != nil {
		t.Fatal(err)
	}
	waitBack()
	if backErr != nil {
		t.Fatal(backErr)
	}
	if !waited {
		t.Errorf("the switch to traveler's figures ran through while the switch to the file's was halfway")
	}
	if got := fileSides(t, b, secs); got != 0 || n != 4 || back != 4 || changeCount(t, b, eid) != audit+8 {
		t.Errorf("after both: %d sides the file's, switched %d then %d, %d changes; want 0, 4, 4, %d", got, n, back, changeCount(t, b, eid), audit+8)
	}
}

// TestKeepFiguresRacesCorrection: a switch back to traveler's figures is
// paused just after it has lifted its first side, and the director then
// corrects another of the file's sides (section B's board 1 round 1 table
// 1 EW) to 0.25 by hand. The correction must wait for the switch (both
// decide on the section's corrections) and then stand: the switch, which
// read that side as the file's and lifted it, came first. On b5795d5
// (the switch held its sections, a correction did not) the two
// deadlocked: the correction took the side's row and waited for the
// section, the switch held the section and waited for the side, and
// PostgreSQL failed the correction ("deadlock detected").
func TestKeepFiguresRacesCorrection(t *testing.T) {
	f := &faults{}
	r := newRaceOver(t, func(st tournament.Store) tournament.Store { return figureFaults{st, f} })
	b := r.b
	eid, secs := importedWithFigures(t, b)
	if n, err := b.Svc.KeepFigures(b.Ctx, tournament.Director, eid, "official"); err != nil || n != 4 {
		t.Fatalf("official: %d sides, %v; want 4", n, err)
	}
	hand := tournament.PointCorrection{Board: 1, Round: 1, Table: 1, Side: "EW", Points: 0.25, Reason: "the director's"}
	var corrErr error
	waited := false
	waitCorr := func() {}
	f.pause = func() {
		ended, wait := r.during(t, func() {
			_, corrErr = b.Svc.CorrectPoints(context.Background(), tournament.Director, secs[1].ID, hand)
		})
		waited, waitCorr = !ended, wait
	}
	n, err := b.Svc.KeepFigures(b.Ctx, tournament.Director, eid, "traveler")
	if err != nil || n != 4 {
		t.Fatalf("traveler: %d sides, %v; want 4", n, err)
	}
	waitCorr()
	if corrErr != nil {
		t.Fatal(corrErr)
	}
	if !waited {
		t.Errorf("the director's correction ran through while the switch was halfway")
	}
	sec, err := b.Svc.Section(b.Ctx, tournament.Director, secs[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, pc := range sec.Corrections {
		got = append(got, pc.Side+" "+pc.Reason)
	}
	if len(sec.Corrections) != 1 || sec.Corrections[0].Points != 0.25 || sec.Corrections[0].Side != "EW" {
		t.Errorf("section B's corrections after both: %v; want only the director's EW 0.25", got)
	}
}
