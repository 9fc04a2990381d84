package heavyproc

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
)

// childEnv, when set, makes this test binary the making side (Serve):
// its value names what the making does.
const childEnv = "HEAVYPROC_TEST_CHILD"

func TestMain(m *testing.M) {
	if what := os.Getenv(childEnv); what != "" {
		os.Exit(child(what))
	}
	os.Exit(m.Run())
}

// child is the making side as `traveler make-heavy` runs it, making what
// what says of the job it is given.
func child(what string) int {
	if what == "die" { // ends before it says how the making went
		os.Stdout.WriteString("half an output")
		return 3
	}
	outcome, err := Outcome()
	if err != nil {
		os.Stderr.WriteString(err.Error())
		return 2
	}
	err = Serve(context.Background(), os.Stdin, os.Stdout, outcome, func(ctx context.Context, job tournament.HeavyJob, w io.Writer) error {
		switch what {
		case "echo": // the job as the child read it, then a large output
			io.WriteString(w, strconv.FormatInt(job.Event, 10)+" "+string(job.Actor.Role)+" "+strconv.Itoa(job.Actor.Table)+" "+
				strconv.FormatInt(job.Part.SectionID, 10)+" "+job.Name+"\n")
			_, err := w.Write(bytes.Repeat([]byte("x"), 3<<20))
			return err
		case "refuse":
			io.WriteString(w, "a part that must not be sent")
			return tournament.Invalidf("to", "too many lines: ask for one code", "bridge", "auction-1915")
		case "fail":
			return errors.New("the database went away")
		case "nice": // its own nice value
			n, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0)
			io.WriteString(w, strconv.Itoa(20-n)) // the raw syscall answers 20 − nice
			return err
		case "sleep":
			time.Sleep(time.Minute)
		case "gate": // the writes in flight its server's gate counts, as it sees them
			g := OpenGate()
			if g == nil {
				_, err := io.WriteString(w, "no gate")
				return err
			}
			_, err := io.WriteString(w, strconv.FormatInt(g.n.Load(), 10))
			return err
		}
		return nil
	})
	if err != nil {
		os.Stderr.WriteString(err.Error())
		return 1
	}
	return 0
}

// maker is Command running this test binary as the making side, doing what.
func maker(t *testing.T, what string) tournament.HeavyMaker {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Command(exe, nil, []string{childEnv + "=" + what}, os.Stderr, nil)
}

var job = tournament.HeavyJob{Event: 7, Actor: tournament.Actor{Role: tournament.RoleTable, SectionID: 3, Table: 5}, Part: tournament.EventPart{SectionID: 3}, Name: "laws?to=all"}

// TestCommandOutput: the job crosses to the other process whole (event,
// actor, part, name), and its output — 3 MiB, more than a pipe holds —
// comes back whole.
func TestCommandOutput(t *testing.T) {
	var out bytes.Buffer
	if err := maker(t, "echo")(context.Background(), job, &out); err != nil {
		t.Fatal(err)
	}
	line, rest, _ := strings.Cut(out.String(), "\n")
	if line != "7 table 5 3 laws?to=all" {
		t.Errorf("the job as the making read it: %q, want event 7, table 5 of section 3, laws?to=all", line)
	}
	if len(rest) != 3<<20 {
		t.Errorf("output of %d bytes, want %d", len(rest), 3<<20)
	}
}

// TestCommandErrors: a refusal comes back as the *tournament.Error it was
// (kind, field, message, what is allowed: the 422 the API answers), any
// other failure as an error, and a making that ends without saying how it
// went (a crash) as an error too — never as the part it wrote.
func TestCommandErrors(t *testing.T) {
	err := maker(t, "refuse")(context.Background(), job, io.Discard)
	var te *tournament.Error
	if !errors.As(err, &te) || !errors.Is(err, tournament.ErrInvalid) || te.Field != "to" ||
		te.Message != "too many lines: ask for one code" || strings.Join(te.Allowed, ",") != "bridge,auction-1915" {
		t.Errorf("refusal: %#v, want the ErrInvalid naming to, with its message and what is allowed", err)
	}
	if err := maker(t, "fail")(context.Background(), job, io.Discard); err == nil || !strings.Contains(err.Error(), "the database went away") || errors.As(err, &te) {
		t.Errorf("failure: %v, want the making's error, not a *tournament.Error", err)
	}
	if err := maker(t, "die")(context.Background(), job, io.Discard); err == nil || !strings.Contains(err.Error(), "without saying how the making went") {
		t.Errorf("a making that died: %v, want an error saying it ended without an outcome", err)
	}
}

// TestCommandCancelled: when the request's making may take no longer (its
// context ends), the process is killed and the context's error returned.
func TestCommandCancelled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	err := maker(t, "sleep")(ctx, job, io.Discard)
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 10*time.Second {
		t.Errorf("cancelled after %s: %v, want DeadlineExceeded at once", time.Since(start), err)
	}
}

// TestCommandInheritsNice: a making started from a thread at nice 19 — the
// making's thread of tournament's heavy reads — runs at nice 19 itself,
// every thread it starts with it (Linux: a process takes its nice value
// from the thread that forks it).
func TestCommandInheritsNice(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("a thread's nice value is its own on Linux only")
	}
	done := make(chan string)
	go func() { // as tournament's heavyReads.run: locked, lowered, never unlocked
		runtime.LockOSThread()
		if err := syscall.Setpriority(syscall.PRIO_PROCESS, 0, 19); err != nil {
			done <- "setpriority: " + err.Error()
			return
		}
		var out bytes.Buffer
		if err := maker(t, "nice")(context.Background(), job, &out); err != nil {
			done <- err.Error()
			return
		}
		done <- out.String()
	}()
	if got := <-done; got != "19" {
		t.Errorf("the making's nice value: %q, want 19", got)
	}
}
