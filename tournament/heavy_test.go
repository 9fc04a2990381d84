package tournament_test

import (
	"context"
	"errors"
	"io"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestHeavyOncePerVersion: four requests at once for the same report of a
// published event make it once and all get its bytes; a fifth, later, is
// served what was kept; a result entered (a new version of the event) makes
// it again; another name, or another audience, is another report.
func TestHeavyOncePerVersion(t *testing.T) {
	b := newBuilder(t)
	e := b.Event(tournament.EventInput{Published: true})
	sec := b.Mitchell(e.ID, 3, 2)
	b.Play(sec, 1, 1, 1, "3NT", "N", 9)

	var runs atomic.Int64
	release := make(chan struct{})
	report := func(ctx context.Context, w io.Writer, d tournament.EventData) error {
		runs.Add(1)
		<-release // every request is waiting before the first is answered
		n := 0
		for _, s := range d.Sections {
			n += len(s.Results)
		}
		_, err := io.WriteString(w, strconv.Itoa(n))
		return err
	}
	get := func(a tournament.Actor, name string) (string, error) {
		return heavyRead(b.Svc.Heavy(b.Ctx, a, e.ID, tournament.EventPart{}, name, report))
	}

	var wg sync.WaitGroup
	answers := make([]string, 4)
	for i := range answers {
		wg.Go(func() {
			var err error
			if answers[i], err = get(tournament.Director, "laws?to=all"); err != nil {
				t.Error(err)
			}
		})
	}
	// the first making waits on release: give the others time to join it
	for deadline := time.Now().Add(5 * time.Second); runs.Load() == 0 && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	close(release)
	wg.Wait()
	if got := runs.Load(); got != 1 {
		t.Errorf("4 requests at once made the report %d times, want 1", got)
	}
	for i, a := range answers {
		if a != "1" {
			t.Errorf("request %d got %q, want the 1 result", i, a)
		}
	}
	if a, err := get(tournament.Director, "laws?to=all"); err != nil || a != "1" || runs.Load() != 1 {
		t.Errorf("a later request: %q, %v, %d makings; want the kept \"1\", 1 making", a, err, runs.Load())
	}
	if got := b.Svc.HeavyMade(); got != 1 {
		t.Errorf("HeavyMade %d, want 1", got)
	}

	b.Play(sec, 1, 1, 2, "3NT", "N", 10) // table 1 plays boards 1 and 2 in round 1
	if a, err := get(tournament.Director, "laws?to=all"); err != nil || a != "2" || runs.Load() != 2 {
		t.Errorf("after a result entered: %q, %v, %d makings; want \"2\" made again (2 makings)", a, err, runs.Load())
	}
	if _, err := get(tournament.Director, "par"); err != nil || runs.Load() != 3 {
		t.Errorf("another report: %v, %d makings; want it made (3)", err, runs.Load())
	}
	// the public sees the lines of finished boards only: none yet
	if a, err := get(tournament.Public, "par"); err != nil || a != "0" || runs.Load() != 4 {
		t.Errorf("the public's report: %q, %v, %d makings; want \"0\" made apart from the director's (4)", a, err, runs.Load())
	}
}

// TestHeavyBusy: while the one worker makes a report, another report that
// waits longer than Wait for it is refused with ErrBusy, not queued; a
// request whose deadline passes while its report is made gets the
// deadline's error, and the making goes on and is kept for the next.
func TestHeavyBusy(t *testing.T) {
	svc := tournament.NewService(newStore(t), tournament.ServiceOptions{
		DirectorToken: tournamenttest.DirectorToken,
		Heavy:         tournament.HeavyOptions{Workers: 1, Wait: 20 * time.Millisecond},
	})
	b := tournamenttest.For(t, svc)
	e := b.Event(tournament.EventInput{Published: true})
	b.Mitchell(e.ID, 3, 2)

	release := make(chan struct{})
	started := make(chan struct{})
	var runs atomic.Int64
	slow := func(ctx context.Context, w io.Writer, d tournament.EventData) error {
		if runs.Add(1) == 1 {
			close(started)
		}
		<-release
		_, err := io.WriteString(w, "slow")
		return err
	}
	// The first request leaves once its making holds the one worker (not
	// after a fixed time: on a loaded machine the event's read alone may
	// take longer than any deadline picked here).
	leaving, leave := context.WithCancel(b.Ctx)
	defer leave()
	go func() {
		<-started
		leave()
	}()
	if _, err := svc.Heavy(leaving, tournament.Public, e.ID, tournament.EventPart{}, "slow", slow); !errors.Is(err, context.Canceled) {
		t.Fatalf("a request that left while its report was made: %v, want its context's error", err)
	}
	quick := func(ctx context.Context, w io.Writer, d tournament.EventData) error {
		_, err := io.WriteString(w, "quick")
		return err
	}
	_, err := svc.Heavy(b.Ctx, tournament.Public, e.ID, tournament.EventPart{}, "other", quick)
	wantError(t, err, tournament.ErrBusy, "")
	close(release)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		out, err := heavyRead(svc.Heavy(b.Ctx, tournament.Public, e.ID, tournament.EventPart{}, "slow", slow))
		if err == nil && out == "slow" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the slow report: %q, %v", out, err)
		}
	}
	if got := runs.Load(); got != 1 {
		t.Errorf("the slow report was made %d times, want once (kept after its first request left)", got)
	}
}

// heavyRead reads a heavy read's output whole and lets it go.
func heavyRead(out *tournament.HeavyOutput, err error) (string, error) {
	if err != nil {
		return "", err
	}
	defer out.Close()
	b, err := io.ReadAll(out.Reader())
	return string(b), err
}

// TestHeavyPublicVersionKept: while the Service hears every change
// (Listening), the public's version of an event's reports is kept until a
// notice of the event's content is heard (at most heavyVersionFor), rather
// than read from every section on each request — 165 ms of the database a
// request for a kept report of a 355-section event, 0.4 ms kept
// (BENCHMARKS.md "Heavy reads"). A result stored with no notice heard yet
// leaves the public's report as it was; a director's read, read afresh,
// has it; the notice, once heard, brings it to the public too.
func TestHeavyPublicVersionKept(t *testing.T) {
	b := newBuilder(t)
	e := b.Event(tournament.EventInput{Published: true})
	sec := b.Mitchell(e.ID, 3, 2)
	// Every board played but the last line of round 3: the public sees the
	// 15 lines of the five boards finished (FinishedBoards), not the two of
	// the sixth.
	var last [3]int
	for r := 1; r <= 3; r++ {
		for tb := 1; tb <= 3; tb++ {
			for _, bd := range tournamenttest.Boards(t, sec, r, tb) {
				if r == 3 && tb == 3 && last[0] == 0 {
					last = [3]int{r, tb, bd}
					continue
				}
				b.Play(sec, r, tb, bd, "3NT", "N", 9)
			}
		}
	}
	b.Svc.Listening(true)
	report := func(ctx context.Context, w io.Writer, d tournament.EventData) error {
		n := 0
		for _, s := range d.Sections {
			n += len(s.Results)
		}
		_, err := io.WriteString(w, strconv.Itoa(n))
		return err
	}
	get := func(a tournament.Actor) string {
		t.Helper()
		out, err := heavyRead(b.Svc.Heavy(b.Ctx, a, e.ID, tournament.EventPart{}, "results", report))
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if got := get(tournament.Actor{Role: tournament.RolePublic}); got != "15" {
		t.Fatalf("the public's report: %s results, want 15", got)
	}
	b.Play(sec, last[0], last[1], last[2], "3NT", "N", 9) // stored; its notice not heard yet
	if got := get(tournament.Actor{Role: tournament.RolePublic}); got != "15" {
		t.Errorf("the public's report before the notice is heard: %s results, want the kept 15", got)
	}
	if got := get(tournament.Director); got != "18" {
		t.Errorf("the director's report: %s results, want 18 (read afresh)", got)
	}
	b.Svc.Forget(tournament.Changed{Kind: tournament.ChangedStandings, ID: sec.ID})
	if got := get(tournament.Actor{Role: tournament.RolePublic}); got != "18" {
		t.Errorf("the public's report after the notice: %s results, want 18", got)
	}
}

// TestHeavyMakingGivesWayByPiece: a making gives way at each section it
// reads and, as it writes, once a piece of 256 KiB — not at every write: a
// making of a million 16-byte lines while a change stays in flight would
// otherwise wait 20 ms a line.
func TestHeavyMakingGivesWayByPiece(t *testing.T) {
	var gave atomic.Int64
	svc := tournament.NewService(newStore(t), tournament.ServiceOptions{
		DirectorToken: tournamenttest.DirectorToken,
		Heavy:         tournament.HeavyOptions{Dir: t.TempDir(), GiveWay: func(context.Context) { gave.Add(1) }},
	})
	b := tournamenttest.For(t, svc)
	e := b.Event(tournament.EventInput{Published: true})
	b.Mitchell(e.ID, 3, 2)
	line := []byte("0123456789abcde\n")
	out, err := svc.Heavy(b.Ctx, tournament.Public, e.ID, tournament.EventPart{}, "lines", func(_ context.Context, w io.Writer, _ tournament.EventData) error {
		for range (1 << 20) / len(line) { // 1 MiB in 65,536 writes
			if _, err := w.Write(line); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	out.Close()
	// 1 section read, then the first write and one after each of the
	// first three 256 KiB pieces of 1 MiB: 1 + 4.
	if got := gave.Load(); got != 5 {
		t.Errorf("a making of one section writing 1 MiB in 65,536 writes gave way %d times, want 5", got)
	}
}
