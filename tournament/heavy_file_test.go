package tournament_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// openIn lists the files this process holds open in dir (Linux: read from
// /proc/self/fd), each as its link reads, e.g. "…/traveler-heavy-1 (deleted)".
func openIn(t *testing.T, dir string) []string {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	var open []string
	for _, fd := range fds {
		if to, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); err == nil && strings.HasPrefix(to, dir+string(filepath.Separator)) {
			open = append(open, to)
		}
	}
	return open
}

// TestHeavyLargeInFile: an output past SpillAt is kept in a temporary file,
// not in memory, and read whole with its size; the file is gone from its
// directory at once (nothing left behind however the process ends) and its
// space freed when it is no longer kept and its last reader is done — a
// reader of one dropped from what is kept (KeepOnDisk full) reads it whole
// still. A small output stays in memory.
func TestHeavyLargeInFile(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/fd")
	}
	dir := t.TempDir()
	svc := tournament.NewService(newStore(t), tournament.ServiceOptions{
		DirectorToken: tournamenttest.DirectorToken,
		Heavy:         tournament.HeavyOptions{SpillAt: 64 << 10, KeepOnDisk: 300 << 10, Dir: dir},
	})
	b := tournamenttest.For(t, svc)
	e := b.Event(tournament.EventInput{Published: true})
	b.Mitchell(e.ID, 3, 2)
	of := func(n int, c byte) []byte { return bytes.Repeat([]byte{c}, n) }
	heavy := func(name string, body []byte) *tournament.HeavyOutput {
		t.Helper()
		out, err := svc.Heavy(b.Ctx, tournament.Public, e.ID, tournament.EventPart{}, name, func(_ context.Context, w io.Writer, _ tournament.EventData) error {
			for rest := body; len(rest) > 0; rest = rest[min(len(rest), 4096):] { // as the writers write: a little at a time
				if _, err := w.Write(rest[:min(len(rest), 4096)]); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return out
	}
	whole := func(what string, out *tournament.HeavyOutput, want []byte) {
		t.Helper()
		got, err := io.ReadAll(out.Reader())
		if err != nil || out.Size() != int64(len(want)) || !bytes.Equal(got, want) {
			t.Errorf("%s: read %d bytes (%v), Size %d; want the %d written", what, len(got), err, out.Size(), len(want))
		}
	}

	small := heavy("small", of(1000, 's'))
	if small.InFile() {
		t.Error("an output of 1000 bytes is in a file, want it in memory (SpillAt 64 KiB)")
	}
	whole("the small output", small, of(1000, 's'))
	small.Close()

	big := of(200<<10, 'a')
	a := heavy("a", big)
	if !a.InFile() {
		t.Fatal("an output of 200 KiB is in memory, want it in a file (SpillAt 64 KiB)")
	}
	whole("the large output", a, big)
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Errorf("the temporary directory holds %d names, want none: its file unlinked while open", len(names))
	}
	if open := openIn(t, dir); len(open) != 1 {
		t.Errorf("files open in the temporary directory: %q, want the one output's", open)
	}
	kept := heavy("a", nil) // kept: not made again, the same file
	whole("the large output asked again", kept, big)
	kept.Close()
	if got := svc.HeavyMade(); got != 2 {
		t.Errorf("made %d, want 2 (the large output asked again is kept)", got)
	}

	// A second large output: the two do not fit KeepOnDisk, so "a" is no
	// longer kept — but its reader still holds it.
	c := heavy("c", of(200<<10, 'c'))
	c.Close()
	if open := openIn(t, dir); len(open) != 2 {
		t.Errorf("with a reader of the dropped output: files open %q, want 2 (the kept one and the one being read)", open)
	}
	whole("the dropped output's reader", a, big)
	a.Close()
	a.Close() // again: nothing
	if open := openIn(t, dir); len(open) != 1 {
		t.Errorf("after the dropped output's reader closed: files open %q, want only the kept one", open)
	}
	if again := heavy("a", nil); again.Size() != 0 || svc.HeavyMade() != 4 {
		t.Errorf("the dropped output asked again: %d bytes, %d made; want it made again (empty now), 4 made", again.Size(), svc.HeavyMade())
	} else {
		again.Close()
	}
}
