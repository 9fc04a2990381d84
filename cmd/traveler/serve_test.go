package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/db"
)

// TestServeNoConfiguration is issue 4 §6's "starts traveler serve with no
// configuration": the built binary, a fresh HOME and XDG_DATA_HOME, no
// DATABASE_URL. It must create its own PostgreSQL cluster, a director token
// (written to the data directory), take an event, a section, its pairs and
// a result over HTTP, shut down cleanly on SIGTERM (the cluster stopped),
// and find the result again on the next start.
func TestServeNoConfiguration(t *testing.T) {
	tmp := t.TempDir()
	bin := buildTraveler(t, tmp)
	home := filepath.Join(tmp, "home")
	xdg := filepath.Join(tmp, "xdg data")
	for _, d := range []string{home, xdg} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	dataDir := filepath.Join(xdg, "traveler") // the default: $XDG_DATA_HOME/traveler
	env := freshEnv(home, xdg)

	// First start: everything is created.
	p := startServe(t, bin, env, dataDir)
	tokenFile := filepath.Join(dataDir, "director-token")
	fi, err := os.Stat(tokenFile)
	if err != nil {
		t.Fatalf("no director token written on the first start: %v\n%s", err, p.stderr())
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("%s has mode %v, want 0600", tokenFile, fi.Mode().Perm())
	}
	b, _ := os.ReadFile(tokenFile)
	token := strings.TrimSpace(string(b))
	if token == "" {
		t.Fatalf("%s is empty", tokenFile)
	}
	if !strings.Contains(p.stderr(), token) {
		t.Errorf("the director token was not printed to stderr on the first start")
	}
	if _, err := os.Stat(filepath.Join(dataDir, "pg", "PG_VERSION")); err != nil {
		t.Errorf("no PostgreSQL cluster in the default data directory %s: %v", dataDir, err)
	}
	c := client{apitest.Client{T: t, URL: p.url, Token: token}}

	var event struct{ ID int64 }
	c.do("POST", "/v1/events", `{"name": "Tuesday pairs", "date": "2026-11-24", "law": "contract-2017", "law_options": {}, "scoring": "MP"}`, 201, &event)
	var section struct{ ID int64 }
	c.do("POST", fmt.Sprintf("/v1/events/%d/sections", event.ID),
		`{"name": "A", "movement": {"kind": "mitchell", "tables": 7, "rounds": 7, "boards_per_round": 3}}`, 201, &section)
	c.do("POST", fmt.Sprintf("/v1/sections/%d/pairs", section.ID),
		`[{"number": "1", "direction": "NS", "players": [{"name": "Ely Culbertson"}, {"name": "Josephine Culbertson"}]},
		  {"number": "1", "direction": "EW", "players": [{"name": "Sidney Lenz"}, {"name": "Oswald Jacoby"}]}]`, 201, nil)

	// A Mitchell's round 1 puts NS 1 against EW 1 at table 1 with boards
	// 1-3. contract-2017 (WBF Laws 2017, Law 77; the case "board 1 None
	// 4S= N" of scoring/testdata/cases/contract-2017.jsonl): board 1 is
	// not vulnerable, 4S made exactly is 4x30 = 120 trick points and the
	// non-vulnerable game premium 300: NS +420.
	body := `{"board": 1, "round": 1, "table": 1, "ns": "1", "ew": "1", "contract": "4S", "declarer": "N", "tricks": 10}`
	var entered resultAnswer
	c.do("POST", fmt.Sprintf("/v1/sections/%d/results", section.ID), body, 201, &entered)
	if entered.ID == 0 || entered.NSScore != 420 || entered.Version != 1 || len(entered.Lines) == 0 {
		t.Fatalf("entered result = %+v; want an id, ns_score 420, version 1 and itemised lines", entered)
	}

	p.terminate()
	if _, err := os.Stat(filepath.Join(dataDir, "pg", "postmaster.pid")); !os.IsNotExist(err) {
		t.Errorf("the managed PostgreSQL still runs after serve exited (postmaster.pid: %v)", err)
	}

	// Second start: the same cluster, the same data, no new token.
	p2 := startServe(t, bin, env, dataDir)
	if b2, _ := os.ReadFile(tokenFile); strings.TrimSpace(string(b2)) != token {
		t.Errorf("the second start replaced the director token")
	}
	if strings.Contains(p2.stderr(), "one was created") {
		t.Errorf("the second start created another director token:\n%s", p2.stderr())
	}
	c.URL = p2.url
	var again resultAnswer
	c.do("GET", fmt.Sprintf("/v1/results/%d", entered.ID), "", 200, &again)
	if again.NSScore != 420 || again.Version != 1 || again.Contract != "4S" || again.Board != 1 {
		t.Errorf("after a restart the result is %+v; want board 1, 4S, ns_score 420, version 1", again)
	}
	p2.terminate()
}

// resultAnswer is the part of a stored result the test reads.
type resultAnswer struct {
	ID       int64    `json:"id"`
	Board    int      `json:"board"`
	Contract string   `json:"contract"`
	NSScore  int      `json:"ns_score"`
	Lines    []string `json:"lines"`
	Version  int      `json:"version"`
}

// buildTraveler builds this command into dir and returns the binary's path.
func buildTraveler(tb testing.TB, dir string) string {
	tb.Helper()
	bin := filepath.Join(dir, "traveler")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		tb.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// freshEnv is the test's environment without anything that configures
// traveler or PostgreSQL, with HOME and XDG_DATA_HOME set.
func freshEnv(home, xdg string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if k == "DATABASE_URL" || k == "HOME" || k == "XDG_DATA_HOME" || strings.HasPrefix(k, "TRAVELER_") || strings.HasPrefix(k, "PG") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "HOME="+home, "XDG_DATA_HOME="+xdg)
}

// served is a running `traveler serve`.
type served struct {
	t       testing.TB
	cmd     *exec.Cmd
	url     string
	out     *syncBuffer
	logFile string // when set, where the process writes its output instead
	exited  chan struct{}
	waitErr error
}

func (p *served) stderr() string {
	if p.logFile != "" {
		b, _ := os.ReadFile(p.logFile)
		return p.out.String() + string(b)
	}
	return p.out.String()
}

// startServe starts `traveler serve` on a free port and waits until
// /readyz answers 200 and its "listening" line has reached the output
// (exec copies the output through a pipe, so what the process wrote before
// it listened, such as the director token, may arrive after /readyz
// answers).
func startServe(t testing.TB, bin string, env []string, dataDir string) *served {
	t.Helper()
	return startServeWith(t, env, dataDir, "", func(addr string) *exec.Cmd { return exec.Command(bin, "serve", "--addr", addr) })
}

// startServeWith is startServe with the command made by command, given the
// address to listen on and the file logFile, where the command is to write
// serve's output when it does not go to the command's own ("": it does).
func startServeWith(t testing.TB, env []string, dataDir, logFile string, command func(addr string) *exec.Cmd) *served {
	t.Helper()
	addr := freeAddr(t)
	p := &served{t: t, url: "http://" + addr, out: &syncBuffer{}, exited: make(chan struct{}), logFile: logFile}
	p.cmd = command(addr)
	p.cmd.Env = env
	p.cmd.Stdout = p.out
	p.cmd.Stderr = p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("starting traveler serve: %v", err)
	}
	go func() { p.waitErr = p.cmd.Wait(); close(p.exited) }()
	t.Cleanup(func() {
		select {
		case <-p.exited:
		default:
			p.cmd.Process.Kill()
			<-p.exited
		}
		stopLeftover(t, dataDir)
		if t.Failed() {
			t.Logf("traveler serve's output:\n%s", p.stderr())
		}
	})

	deadline := time.Now().Add(3 * time.Minute) // initdb on a slow machine
	for {
		select {
		case <-p.exited:
			t.Fatalf("traveler serve exited before it was ready (%v):\n%s", p.waitErr, p.stderr())
		default:
		}
		resp, err := http.Get(p.url + "/readyz")
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == 200 && strings.Contains(p.stderr(), `"msg":"listening"`) {
				return p
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("traveler serve not ready at %s/readyz after 3 minutes (last: %v):\n%s", p.url, err, p.stderr())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// terminate sends SIGTERM and wants a clean exit (status 0) within a
// minute, with no error logged.
func (p *served) terminate() {
	p.t.Helper()
	p.signal(syscall.SIGTERM)
	if s := p.stderr(); strings.Contains(s, `"level":"ERROR"`) {
		p.t.Errorf("traveler serve logged errors:\n%s", s)
	}
}

// signal sends sig and wants a clean exit (status 0) within a minute.
func (p *served) signal(sig syscall.Signal) {
	p.t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		p.t.Fatalf("%v: %v", sig, err)
	}
	p.waitClean(sig.String())
}

// waitClean wants the process to exit with status 0 within a minute of
// what (a signal) and print no panic.
func (p *served) waitClean(what string) {
	p.t.Helper()
	select {
	case <-p.exited:
	case <-time.After(time.Minute):
		p.t.Fatalf("traveler serve still running a minute after %s:\n%s", what, p.stderr())
	}
	if p.waitErr != nil {
		p.t.Fatalf("traveler serve after %s: %v, want exit status 0:\n%s", what, p.waitErr, p.stderr())
	}
	if s := p.stderr(); strings.Contains(s, "panic") {
		p.t.Errorf("traveler serve panicked:\n%s", s)
	}
}

// stopLeftover stops a managed PostgreSQL that a killed serve left running
// in dataDir, so a failing test leaves no server behind.
func stopLeftover(t testing.TB, dataDir string) {
	if _, err := os.Stat(filepath.Join(dataDir, "pg", "postmaster.pid")); err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, err := db.StartLocal(ctx, dataDir, nil)
	if err != nil {
		t.Logf("stopping the leftover PostgreSQL in %s: %v", dataDir, err)
		return
	}
	if err := s.Stop(ctx); err != nil {
		t.Logf("stopping the leftover PostgreSQL in %s: %v", dataDir, err)
	}
}

// freeAddr returns a 127.0.0.1 address nobody listens on now.
func freeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// client sends JSON requests as the director.
type client struct{ apitest.Client }

// do sends a request and wants the status; it decodes the answer (an
// object, or the first element of an array) into out.
func (c client) do(method, path, body string, want int, out any) {
	c.T.Helper()
	var b any
	if body != "" {
		b = body
	}
	data := c.Want(want, nil, method, path, "", b).Body
	if out == nil {
		return
	}
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '[' {
		var list []json.RawMessage
		if err := json.Unmarshal(data, &list); err != nil || len(list) == 0 {
			c.T.Fatalf("%s %s: answer %s: want a non-empty array (%v)", method, path, data, err)
		}
		data = list[0]
	}
	if err := json.Unmarshal(data, out); err != nil {
		c.T.Fatalf("%s %s: answer %s: %v", method, path, data, err)
	}
}

// syncBuffer is a bytes.Buffer safe for the process's writes and the
// test's reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
