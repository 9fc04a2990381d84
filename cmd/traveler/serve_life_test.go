package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api/apitest"
)

// The life of `traveler serve` and its managed PostgreSQL (issue 24 §6,
// §4): the server must never outlive serve, however serve ends, and serve
// must not go on answering 503 when the server died under it.

// lifeServe builds traveler and starts `serve` with no configuration in a
// fresh home, returning it, its data directory and a director's client.
func lifeServe(t *testing.T) (*served, string, client, string) {
	t.Helper()
	tmp := t.TempDir()
	bin := buildTraveler(t, tmp)
	home, xdg := filepath.Join(tmp, "home"), filepath.Join(tmp, "xdg")
	for _, d := range []string{home, xdg} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	dataDir := filepath.Join(xdg, "traveler")
	p := startServe(t, bin, freshEnv(home, xdg), dataDir)
	return p, dataDir, directorClient(t, p, dataDir), bin
}

// directorClient is a director's client of p, with the token serve wrote.
func directorClient(t *testing.T, p *served, dataDir string) client {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dataDir, "director-token"))
	if err != nil {
		t.Fatalf("director token: %v\n%s", err, p.stderr())
	}
	return client{apitest.Client{T: t, URL: p.url, Token: strings.TrimSpace(string(b))}}
}

// postmasterOf is the process number in the data directory's postmaster.pid.
func postmasterOf(t *testing.T, dataDir string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dataDir, "pg", "postmaster.pid"))
	if err != nil {
		t.Fatalf("postmaster.pid: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
	if err != nil {
		t.Fatalf("postmaster.pid: %v", err)
	}
	return pid
}

// running reports whether process pid exists and has not exited (a zombie
// has).
func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z' && s[i+2] != 'X'
	}
	return true
}

// parentOf is the parent's process number of pid (Linux).
func parentOf(t *testing.T, pid int) int {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Skipf("no /proc here: %v", err)
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	ppid, err := strconv.Atoi(f[1])
	if err != nil {
		t.Fatalf("/proc/%d/stat: %q", pid, s)
	}
	return ppid
}

// wantGone waits up to a minute for the postmaster to end and its
// postmaster.pid to be removed (a clean shutdown removes it).
func wantGone(t *testing.T, pid int, dataDir, after string, p *served) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for running(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("the managed PostgreSQL (postmaster %d) still runs a minute after %s:\n%s", pid, after, p.stderr())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if _, err := os.Stat(filepath.Join(dataDir, "pg", "postmaster.pid")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("postmaster.pid still there after %s (%v): the server did not shut down cleanly", after, err)
	}
}

// TestServeStartsPostgreSQLAgain: the managed postmaster killed with
// SIGKILL under a running serve is started again by serve, and entries
// are taken again without anyone restarting serve (before: 503 until a
// person restarted it). Then SIGTERM still stops both cleanly.
func TestServeStartsPostgreSQLAgain(t *testing.T) {
	p, dataDir, c, _ := lifeServe(t)
	c.do("POST", "/v1/events", `{"name": "Before", "date": "2026-11-24", "law": "contract-2017", "scoring": "MP"}`, 201, nil)
	pid := postmasterOf(t, dataDir)
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	// A request may still pass through a backend that has not yet seen its
	// postmaster die: an event counts once a new postmaster runs.
	restarted := func() bool {
		b, err := os.ReadFile(filepath.Join(dataDir, "pg", "postmaster.pid"))
		if err != nil {
			return false
		}
		again, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
		return err == nil && again != pid && running(again)
	}
	refused := 0
	deadline := time.Now().Add(time.Minute)
	for {
		resp := c.Do("POST", "/v1/events", "", `{"name": "After", "date": "2026-11-24", "law": "contract-2017", "scoring": "MP"}`)
		if resp.Status == 201 && restarted() {
			break
		}
		if resp.Status == 503 {
			refused++
		} else if resp.Status != 201 {
			t.Fatalf("POST /v1/events while the database restarts: %d %s; want 503 then 201", resp.Status, resp.Body)
		}
		if time.Now().After(deadline) {
			t.Fatalf("no event made by a new postmaster a minute after the old one was killed:\n%s", p.stderr())
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("an event made by the new postmaster %v after the kill, %d requests answered 503 meanwhile (a figure, not judged)", time.Since(killed).Round(time.Millisecond), refused)
	// It says so once the new postmaster takes connections: maybe just
	// after the event went through, and through a pipe.
	for said := time.Now().Add(10 * time.Second); !strings.Contains(p.stderr(), "managed PostgreSQL started again"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(said) {
			t.Errorf("serve did not say it started PostgreSQL again:\n%s", p.stderr())
			break
		}
	}
	now := postmasterOf(t, dataDir)
	p.signal(syscall.SIGTERM)
	wantGone(t, now, dataDir, "SIGTERM", p)
}

// TestServeHangUp: SIGHUP (a closed terminal, a dropped SSH session) stops
// serve as cleanly as SIGTERM: exit status 0, its PostgreSQL stopped
// (before: killed by the signal, its PostgreSQL left running).
func TestServeHangUp(t *testing.T) {
	p, dataDir, _, _ := lifeServe(t)
	pid := postmasterOf(t, dataDir)
	p.signal(syscall.SIGHUP)
	wantGone(t, pid, dataDir, "SIGHUP to serve", p)
}

// TestServeKilledTakesItsPostgreSQL: serve killed with SIGKILL (no chance
// to clean up) still takes its PostgreSQL with it: the postmaster is told
// to shut down when its parent ends (before: it ran on, orphaned).
func TestServeKilledTakesItsPostgreSQL(t *testing.T) {
	p, dataDir, _, _ := lifeServe(t)
	pid := postmasterOf(t, dataDir)
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-p.exited
	wantGone(t, pid, dataDir, "kill -9 of serve", p)
}

// TestServeUnderGoRun: `go run ./cmd/traveler serve` stopped with SIGTERM
// dies without passing the signal on; serve, its child, must stop all the
// same and stop its PostgreSQL (before: both ran on). The parent here is a
// shell named go, which likewise dies of SIGTERM and leaves its child.
func TestServeUnderGoRun(t *testing.T) {
	if _, err := os.Stat("/proc/self/exe"); err != nil {
		t.Skip("the go parent is recognised through /proc (Linux)")
	}
	tmp := t.TempDir()
	bin := buildTraveler(t, tmp)
	sh, err := os.ReadFile("/bin/sh")
	if err != nil {
		t.Skip(err)
	}
	fakeGo := filepath.Join(tmp, "go")
	if err := os.WriteFile(fakeGo, sh, 0o755); err != nil {
		t.Fatal(err)
	}
	home, xdg := filepath.Join(tmp, "home"), filepath.Join(tmp, "xdg")
	for _, d := range []string{home, xdg} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	dataDir := filepath.Join(xdg, "traveler")
	// serve writes to a file: a pipe it held would keep the test waiting
	// for the shell's output to end.
	logFile := filepath.Join(tmp, "serve.log")
	p := startServeWith(t, freshEnv(home, xdg), dataDir, logFile, func(addr string) *exec.Cmd {
		// "; :" keeps the shell from exec'ing serve in its place.
		return exec.Command(fakeGo, "-c", `"$0" serve --addr "$1" >"$2" 2>&1; :`, bin, addr, logFile)
	})
	pid := postmasterOf(t, dataDir)
	serve := parentOf(t, pid)
	if parentOf(t, serve) != p.cmd.Process.Pid {
		t.Fatalf("serve (%d) is not the child of the shell named go (%d)", serve, p.cmd.Process.Pid)
	}
	t.Cleanup(func() { // before the data directory's leftovers are stopped
		if running(serve) {
			_ = syscall.Kill(serve, syscall.SIGKILL)
		}
	})
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-p.exited // the shell, which dies of SIGTERM
	deadline := time.Now().Add(time.Minute)
	for running(serve) {
		if time.Now().After(deadline) {
			t.Fatalf("serve %d still runs a minute after its parent go ended:\n%s", serve, p.stderr())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(p.stderr(), "managed PostgreSQL stopped") {
		t.Errorf("serve did not stop cleanly:\n%s", p.stderr())
	}
	wantGone(t, pid, dataDir, "SIGTERM to go", p)
}

// TestServeExitsWhenPostgreSQLCannotStart: when the killed postmaster
// cannot be started again (its port taken meanwhile), serve gives up after
// its tries and exits with status 1, for its service manager to restart it.
func TestServeExitsWhenPostgreSQLCannotStart(t *testing.T) {
	p, dataDir, _, _ := lifeServe(t)
	pid := postmasterOf(t, dataDir)
	b, err := os.ReadFile(filepath.Join(dataDir, "pg.port"))
	if err != nil {
		t.Fatal(err)
	}
	port := strings.TrimSpace(string(b))
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	var l net.Listener
	deadline := time.Now().Add(10 * time.Second)
	for {
		if l, err = net.Listen("tcp", net.JoinHostPort("127.0.0.1", port)); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("taking port %s after the kill: %v", port, err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	defer l.Close()
	select {
	case <-p.exited:
	case <-time.After(2 * time.Minute):
		t.Fatalf("serve still runs two minutes after its PostgreSQL died and could not start:\n%s", p.stderr())
	}
	var exit *exec.ExitError
	if !errors.As(p.waitErr, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("serve exited with %v; want exit status 1:\n%s", p.waitErr, p.stderr())
	}
	if !strings.Contains(p.stderr(), "did not start again after 5 tries") {
		t.Errorf("serve did not say why it stopped:\n%s", p.stderr())
	}
}
