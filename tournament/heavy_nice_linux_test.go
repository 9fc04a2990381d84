package tournament_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// niceOf reads a thread's nice value: the 19th field of
// /proc/self/task/TID/stat, counted after the command's closing ")".
func niceOf(t *testing.T, tid string) (int, bool) {
	t.Helper()
	stat, err := os.ReadFile(filepath.Join("/proc/self/task", tid, "stat"))
	if err != nil {
		return 0, false // the thread ended
	}
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	nice, err := strconv.Atoi(fields[16]) // field 19; fields[0] is field 3
	if err != nil {
		t.Fatalf("thread %s: stat %q", tid, stat)
	}
	return nice, true
}

// niced lists the threads of this process whose nice value is not 0, but
// the one skipped and the main thread: a making that ran on it (an earlier
// test's) left it parked for good, as the runtime does with the main
// thread when a goroutine locked to it ends (runtime.mexit: it never runs
// Go code again).
func niced(t *testing.T, skip int) []string {
	t.Helper()
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, task := range tasks {
		if n, ok := niceOf(t, task.Name()); ok && n != 0 && task.Name() != strconv.Itoa(skip) && task.Name() != strconv.Itoa(os.Getpid()) {
			out = append(out, task.Name()+": "+strconv.Itoa(n))
		}
	}
	return out
}

// TestHeavyMadeAtLowPriority: a making runs on a thread of its own at nice
// 19 (HeavyOptions.Nice), so that entering results comes first; no other
// thread is niced — not the threads the runtime starts while it runs (from
// its template thread, not cloned from the niced one), nor any after it
// ends (its thread ends with it).
func TestHeavyMadeAtLowPriority(t *testing.T) {
	svc := tournament.NewService(newStore(t), tournament.ServiceOptions{DirectorToken: tournamenttest.DirectorToken})
	b := tournamenttest.For(t, svc)
	e := b.Event(tournament.EventInput{Published: true})
	b.Mitchell(e.ID, 3, 2)

	var making int
	var makingNice int
	var during []string
	out, err := svc.Heavy(b.Ctx, tournament.Public, e.ID, tournament.EventPart{}, "nice", func(_ context.Context, w io.Writer, _ tournament.EventData) error {
		making = syscall.Gettid()
		makingNice, _ = niceOf(t, strconv.Itoa(making))
		// Threads started while the making runs: goroutines that each
		// hold a thread of their own, started from the making's.
		var started, hold sync.WaitGroup
		release := make(chan struct{})
		for range 8 {
			started.Add(1)
			hold.Go(func() {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				started.Done()
				<-release
			})
		}
		started.Wait()
		during = niced(t, making)
		close(release)
		hold.Wait()
		_, err := io.WriteString(w, "made")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	out.Close()
	if makingNice != tournament.DefaultHeavyNice {
		t.Errorf("the making's thread ran at nice %d, want %d", makingNice, tournament.DefaultHeavyNice)
	}
	if len(during) > 0 {
		t.Errorf("while the making ran, other threads niced: %q; want only the making's", during)
	}
	// The making's thread ends with it: a little after its answer.
	for range 1000 {
		if left := niced(t, 0); len(left) == 0 {
			return
		}
		runtime.Gosched()
	}
	t.Errorf("after the making: threads niced %q, want none (its thread ended with it)", niced(t, 0))
}
