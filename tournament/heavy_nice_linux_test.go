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
	"sync/atomic"
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

// schedIdle is Linux's idle scheduling class (sched(7)).
const schedIdle = 5

// policyOf returns the scheduling class of thread tid (0: the calling one).
func policyOf(t testing.TB, tid int) int {
	p, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, uintptr(tid), 0, 0)
	if errno != 0 {
		t.Errorf("sched_getscheduler: %v", errno)
	}
	return int(p)
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
	var makingNice, makingPolicy int
	var during []string
	out, err := svc.Heavy(b.Ctx, tournament.Public, e.ID, tournament.EventPart{}, "nice", func(_ context.Context, w io.Writer, _ tournament.EventData) error {
		making = syscall.Gettid()
		makingNice, _ = niceOf(t, strconv.Itoa(making))
		makingPolicy = policyOf(t, 0)
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
	if makingPolicy != schedIdle {
		t.Errorf("the making's thread ran in scheduling class %d, want SCHED_IDLE (%d) with nice 19", makingPolicy, schedIdle)
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

// fileSink is a connection's writer as net/http's is for SendTo: it takes
// a file through ReadFrom (where the connection would use sendfile),
// noting what it was given and the nice value of the thread it ran on.
type fileSink struct {
	got    []byte
	file   bool // src was an *os.File (in an io.LimitedReader), as sendfile needs
	nice   int
	policy int
	writes int // Write calls: bytes copied through memory instead
}

func (s *fileSink) Write(p []byte) (int, error) {
	s.writes++
	s.got = append(s.got, p...)
	return len(p), nil
}

func (s *fileSink) ReadFrom(src io.Reader) (int64, error) {
	if lr, ok := src.(*io.LimitedReader); ok {
		_, s.file = lr.R.(*os.File)
	}
	prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil {
		return 0, err
	}
	s.nice = 20 - prio // the system call's value (Go's syscall gives it raw): 20 − nice
	p, _, _ := syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, 0, 0, 0)
	s.policy = int(p)
	b, err := io.ReadAll(src)
	s.got = append(s.got, b...)
	return int64(len(b)), err
}

// TestHeavySentAtLowPriority: an output in a temporary file is sent as it
// was made — from a thread at the making's nice value, as a file of its
// own a connection can send with sendfile (each reader at its own offset,
// so two at once each get it whole) — while one in memory is written as
// it is.
func TestHeavySentAtLowPriority(t *testing.T) {
	svc := tournament.NewService(newStore(t), tournament.ServiceOptions{
		DirectorToken: tournamenttest.DirectorToken,
		Heavy:         tournament.HeavyOptions{SpillAt: 64 << 10, Dir: t.TempDir()},
	})
	b := tournamenttest.For(t, svc)
	e := b.Event(tournament.EventInput{Published: true})
	b.Mitchell(e.ID, 3, 2)
	big := strings.Repeat("0123456789abcdef", 20<<10) // 320 KiB: past SpillAt
	out, err := svc.Heavy(b.Ctx, tournament.Public, e.ID, tournament.EventPart{}, "big", func(_ context.Context, w io.Writer, _ tournament.EventData) error {
		_, err := io.WriteString(w, big)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if !out.InFile() {
		t.Fatal("an output of 320 KiB is in memory, want it in a file (SpillAt 64 KiB)")
	}
	again, err := svc.Heavy(b.Ctx, tournament.Public, e.ID, tournament.EventPart{}, "big", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	var one, two fileSink
	var wg sync.WaitGroup
	var n1, n2 int64
	var err1, err2 error
	wg.Go(func() { n1, err1 = out.SendTo(&one) })
	wg.Go(func() { n2, err2 = again.SendTo(&two) })
	wg.Wait()
	for i, s := range []struct {
		sink *fileSink
		n    int64
		err  error
	}{{&one, n1, err1}, {&two, n2, err2}} {
		if s.err != nil || s.n != int64(len(big)) || string(s.sink.got) != big {
			t.Errorf("reader %d: sent %d bytes (%v), equal %v; want the %d bytes whole", i+1, s.n, s.err, string(s.sink.got) == big, len(big))
		}
		if !s.sink.file {
			t.Errorf("reader %d: the connection was not given a file of its own, so it cannot use sendfile", i+1)
		}
		if s.sink.policy != schedIdle {
			t.Errorf("reader %d: sent from a thread in scheduling class %d, want the making's SCHED_IDLE", i+1, s.sink.policy)
		}
		if s.sink.nice != tournament.DefaultHeavyNice {
			t.Errorf("reader %d: sent from a thread at nice %d, want the making's %d", i+1, s.sink.nice, tournament.DefaultHeavyNice)
		}
	}

	small, err := svc.Heavy(b.Ctx, tournament.Public, e.ID, tournament.EventPart{}, "small", func(_ context.Context, w io.Writer, _ tournament.EventData) error {
		_, err := io.WriteString(w, "made")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	defer small.Close()
	var s fileSink
	if n, err := small.SendTo(&s); err != nil || n != 4 || string(s.got) != "made" || s.file {
		t.Errorf("an output in memory: sent %d bytes %q (%v), as a file %v; want \"made\" written", n, s.got, err, s.file)
	}
}

// TestHeavySendGivesWay: a large output is sent a piece at a time, giving
// way to result entry (HeavyOptions.GiveWay) before each piece.
func TestHeavySendGivesWay(t *testing.T) {
	var gave atomic.Int64
	svc := tournament.NewService(newStore(t), tournament.ServiceOptions{
		DirectorToken: tournamenttest.DirectorToken,
		Heavy: tournament.HeavyOptions{SpillAt: 64 << 10, Dir: t.TempDir(),
			GiveWay: func(context.Context) { gave.Add(1) }},
	})
	b := tournamenttest.For(t, svc)
	e := b.Event(tournament.EventInput{Published: true})
	b.Mitchell(e.ID, 3, 2)
	big := strings.Repeat("0123456789abcdef", 64<<10) // 1 MiB: four pieces of 256 KiB
	out, err := svc.Heavy(b.Ctx, tournament.Public, e.ID, tournament.EventPart{}, "big", func(_ context.Context, w io.Writer, _ tournament.EventData) error {
		_, err := io.WriteString(w, big)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	made := gave.Load() // the making's yield points: its writes, its sections
	if made == 0 {
		t.Error("the making never gave way")
	}
	var sink fileSink
	if n, err := out.SendTo(&sink); err != nil || n != int64(len(big)) || string(sink.got) != big {
		t.Fatalf("sent %d bytes (%v), whole %v; want %d", n, err, string(sink.got) == big, len(big))
	}
	if got := gave.Load() - made; got != 4 {
		t.Errorf("sending 1 MiB gave way %d times, want 4 (a piece of 256 KiB each)", got)
	}
}
