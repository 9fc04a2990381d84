package tournament_test

// Import (ImportEvent, ImportEventWith): a whole event read from a results
// file is checked as its parts would be when entered one by one and stored
// all or none; a file whose bytes an event already holds (EventData.Digest)
// is refused naming that event (checkImported, service_change.go), unless
// the director imports it again on purpose. The EventData here is a built
// event read back (Service.EventData), as an export hands it to a writer.

import (
	"crypto/sha256"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// exported builds a published 3-table Mitchell with three lines played
// (board 1 at tables 1 and 3, board 3 at table 2) and returns it read back
// as an EventData carrying the digest of a file's bytes.
func exported(t *testing.T, b *tournamenttest.Builder, file string) tournament.EventData {
	t.Helper()
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Export me", Published: true}).ID, 3, 2)
	b.Play(sec, 1, 1, 1, "4S", "N", 10) // 420: 4×30 + 300, not vulnerable (Law 77)
	b.Play(sec, 1, 2, 3, "4S", "N", 9)  // −50: one down; board 3 is EW vulnerable, NS not
	b.Round(sec, 2)
	b.Play(sec, 2, 3, 1, "3NT", "S", 9) // 400: 40 + 2×30 + 300
	d, err := b.Svc.EventData(b.Ctx, tournament.Director, sec.EventID)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(file))
	d.Digest = sum[:]
	return d
}

// standings writes a section's standings a line a pair: number,
// direction, players, total, percentage, place.
func standings(d tournament.EventData) string {
	var s []string
	for _, p := range d.Sections[0].Standings.Pairs {
		s = append(s, fmt.Sprintf("%s %s %v %.2f %.2f%% %d", p.Number, p.Direction, p.Players, p.Total, p.Percentage, p.Place))
	}
	return strings.Join(s, "\n")
}

// TestImportEvent: the event imports with its results and standings as
// they were; the same file again is refused naming the event that holds
// it, the newest one, until the director says again or deletes them;
// other bytes are another file.
func TestImportEvent(t *testing.T) {
	b := newBuilder(t)
	d := exported(t, b, "a results file")
	if len(d.Sections) != 1 || len(d.Sections[0].Results) != 3 {
		t.Fatalf("exported %d sections, want 1 with 3 results: %+v", len(d.Sections), d.Sections)
	}
	scores := func(d tournament.EventData) string {
		var s []string
		for _, r := range d.Sections[0].Results {
			s = append(s, strconv.Itoa(r.Board)+"/"+strconv.Itoa(r.Table)+" "+strconv.Itoa(r.NSScore))
		}
		return strings.Join(s, ", ")
	}
	if got, want := scores(d), "1/1 420, 1/3 400, 3/2 -50"; got != want {
		t.Fatalf("the built event scores %s, want %s", got, want)
	}

	first, err := b.Svc.ImportEvent(b.Ctx, tournament.Director, d)
	if err != nil {
		t.Fatal(err)
	}
	if first.Event.ID == 0 || first.Event.ID == d.Event.ID || first.Event.Name != "Export me" || scores(first) != scores(d) {
		t.Errorf("imported event %d %q scoring %s, want a new event scoring %s", first.Event.ID, first.Event.Name, scores(first), scores(d))
	}
	if got, want := standings(first), standings(d); got != want || first.Sections[0].Standings.Results != 3 || len(first.Sections[0].Standings.Pairs) != 6 {
		t.Errorf("imported standings (%d lines, want 3; 6 pairs):\n%s\nwant\n%s", first.Sections[0].Standings.Results, got, want)
	}

	_, err = b.Svc.ImportEvent(b.Ctx, tournament.Director, d)
	te := wantError(t, err, tournament.ErrConflict, "file")
	n := strconv.FormatInt(first.Event.ID, 10)
	if te.Event != first.Event.ID || !strings.Contains(te.Message, "event "+n) || !strings.Contains(te.Message, "again=true") {
		t.Errorf("refusal %+v, want event %s named and how to import again", te, n)
	}
	again, err := b.Svc.ImportEventWith(b.Ctx, tournament.Director, d, tournament.ImportOptions{Again: true})
	if err != nil || again.Event.ID == first.Event.ID {
		t.Fatalf("imported again: event %d (%v), want a new one", again.Event.ID, err)
	}
	_, err = b.Svc.ImportEvent(b.Ctx, tournament.Director, d)
	if te := wantError(t, err, tournament.ErrConflict, "file"); te.Event != again.Event.ID {
		t.Errorf("refusal names event %d, want the newest, %d", te.Event, again.Event.ID)
	}
	for _, id := range []int64{first.Event.ID, again.Event.ID} {
		if err := b.Svc.DeleteEvent(b.Ctx, tournament.Director, id); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.Svc.ImportEvent(b.Ctx, tournament.Director, d); err != nil {
		t.Errorf("the file once its events are deleted: %v", err)
	}
	other := d
	sum := sha256.Sum256([]byte("a results file\n"))
	other.Digest = sum[:]
	if _, err := b.Svc.ImportEvent(b.Ctx, tournament.Director, other); err != nil {
		t.Errorf("other bytes: %v", err)
	}
}

// TestImportEventRefusals: a table does not import; a file with a line the
// law code refuses is refused naming the section's result and field, and
// stores nothing.
func TestImportEventRefusals(t *testing.T) {
	b := newBuilder(t)
	d := exported(t, b, "a file with a wrong line")
	_, err := b.Svc.ImportEvent(b.Ctx, tournamenttest.Table(d.Sections[0].Section, 1), d)
	wantError(t, err, tournament.ErrForbidden, "")
	d.Sections[0].Results[1].Tricks = 14
	_, err = b.Svc.ImportEvent(b.Ctx, tournament.Director, d)
	wantError(t, err, tournament.ErrInvalid, "sections[0].results[1].tricks")
	events, err := b.Svc.Events(b.Ctx, tournament.Director)
	if err != nil || len(events) != 1 {
		t.Errorf("%d events (%v), want the built one only: a refused import stores nothing", len(events), err)
	}
}

// TestImportEventConcurrent: the same file imported 8 times at once (a
// director's double click, two servers) makes one event; the other 7 are
// refused naming it (issue 24: all 8 were stored — check, then insert,
// with nothing between). The store checks under a lock on the file's
// digest, in the transaction that stores the event. Imported again on
// purpose (Again), every one is stored.
func TestImportEventConcurrent(t *testing.T) {
	b := newBuilder(t)
	d := exported(t, b, "a file imported at once")
	digest := d.Digest
	const n = 8
	run := func(o tournament.ImportOptions) (ids []int64, refused []*tournament.Error) {
		type answer struct {
			id  int64
			err error
		}
		out := make(chan answer, n)
		start := make(chan struct{})
		for range n {
			// Each its own copy: an import fills in the sections it is given.
			d, err := b.Svc.EventData(b.Ctx, tournament.Director, d.Event.ID)
			if err != nil {
				t.Fatal(err)
			}
			d.Digest = digest
			go func() {
				<-start
				got, err := b.Svc.ImportEventWith(b.Ctx, tournament.Director, d, o)
				out <- answer{got.Event.ID, err}
			}()
		}
		close(start)
		for range n {
			a := <-out
			if a.err == nil {
				ids = append(ids, a.id)
				continue
			}
			refused = append(refused, wantError(t, a.err, tournament.ErrConflict, "file"))
		}
		return ids, refused
	}
	ids, refused := run(tournament.ImportOptions{})
	if len(ids) != 1 || len(refused) != n-1 {
		t.Fatalf("%d concurrent imports of one file: %d stored (events %v), %d refused; want 1 stored, %d refused", n, len(ids), ids, len(refused), n-1)
	}
	for _, te := range refused {
		if te.Event != ids[0] || !strings.Contains(te.Message, "event "+strconv.FormatInt(ids[0], 10)) {
			t.Errorf("refusal %+v, want event %d named", te, ids[0])
		}
	}
	if ids, refused := run(tournament.ImportOptions{Again: true}); len(ids) != n || len(refused) != 0 {
		t.Errorf("%d imports again on purpose: %d stored, %d refused; want all stored", n, len(ids), len(refused))
	}
}
