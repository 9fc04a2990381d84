package db

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// testLogger writes the managed server's log lines into the test's log.
func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Helper()
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// startLocal starts the managed server in dir and stops it when the test
// ends; a machine without PostgreSQL's server binaries fails the test.
func startLocal(t *testing.T, dir string) *LocalServer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	s, err := StartLocal(ctx, dir, testLogger(t))
	if err != nil {
		t.Fatalf("StartLocal(%s): %v", dir, err)
	}
	t.Cleanup(func() {
		if err := s.Stop(context.Background()); err != nil {
			t.Errorf("Stop: %v", err)
		}
	})
	return s
}

func connect(t *testing.T, url string) *pgx.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("connect %s: %v", url, err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

func count(t *testing.T, url string) int {
	t.Helper()
	conn := connect(t, url)
	var n int
	if err := conn.QueryRow(context.Background(), "SELECT count(*) FROM kept WHERE note = 'kept across restarts'").Scan(&n); err != nil {
		t.Fatalf("reading back: %v", err)
	}
	conn.Close(context.Background())
	return n
}

// TestLocalServer starts the managed cluster in an empty directory (initdb),
// stores a row, stops it, and starts it again several ways: plainly (the
// port is remembered), with its port taken (another is chosen), after a
// crash (kill -9 leaves postmaster.pid behind), with a postmaster.pid naming
// a live process that is not PostgreSQL, and while it is running (it is
// adopted). Every time the row is still there.
func TestLocalServer(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "traveler data")
	ctx := context.Background()

	s := startLocal(t, dir)
	if !strings.HasPrefix(s.URL(), "postgres://postgres@127.0.0.1:") || !strings.HasSuffix(s.URL(), "/traveler?sslmode=disable") {
		t.Fatalf("URL() = %q", s.URL())
	}
	if _, err := os.Stat(filepath.Join(dir, "pg", "PG_VERSION")); err != nil {
		t.Fatalf("no cluster in %s/pg: %v", dir, err)
	}
	conn := connect(t, s.URL())
	var db, enc string
	if err := conn.QueryRow(ctx, "SELECT current_database(), pg_encoding_to_char(encoding) FROM pg_database WHERE datname = current_database()").Scan(&db, &enc); err != nil {
		t.Fatal(err)
	}
	if db != "traveler" || enc != "UTF8" {
		t.Errorf("database %q encoding %q, want traveler UTF8", db, enc)
	}
	var listen, sock string
	if err := conn.QueryRow(ctx, "SELECT current_setting('listen_addresses'), current_setting('unix_socket_directories')").Scan(&listen, &sock); err != nil {
		t.Fatal(err)
	}
	if listen != "127.0.0.1" || sock != filepath.Join(s.dataDir, "pg-run") {
		t.Errorf("listen_addresses %q, unix_socket_directories %q; want 127.0.0.1 and the data directory's pg-run", listen, sock)
	}
	if _, err := conn.Exec(ctx, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('kept across restarts')"); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)
	firstPort := s.Port()
	if err := s.Stop(ctx); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "pg", "postmaster.pid")); !os.IsNotExist(err) {
		t.Fatalf("postmaster.pid still there after Stop (%v)", err)
	}
	if err := s.Stop(ctx); err != nil {
		t.Errorf("second Stop: %v", err)
	}

	t.Run("restart", func(t *testing.T) {
		s := startLocal(t, dir)
		if s.Port() != firstPort {
			t.Errorf("port %d, want the remembered %d", s.Port(), firstPort)
		}
		if n := count(t, s.URL()); n != 1 {
			t.Errorf("%d rows after a restart, want 1", n)
		}
		if err := s.Stop(ctx); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("port taken", func(t *testing.T) {
		l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(firstPort)))
		if err != nil {
			t.Fatalf("taking port %d: %v", firstPort, err)
		}
		defer l.Close()
		s := startLocal(t, dir)
		if s.Port() == firstPort {
			t.Fatalf("started on port %d, which another program holds", firstPort)
		}
		if n := count(t, s.URL()); n != 1 {
			t.Errorf("%d rows, want 1", n)
		}
		b, _ := os.ReadFile(filepath.Join(dir, "pg.port"))
		if strings.TrimSpace(string(b)) != strconv.Itoa(s.Port()) {
			t.Errorf("pg.port says %q, want %d", b, s.Port())
		}
		if err := s.Stop(ctx); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("adopt running", func(t *testing.T) {
		s := startLocal(t, dir)
		again := startLocal(t, dir)
		if !again.Adopted() || s.Adopted() {
			t.Errorf("Adopted() = %v for the second start, %v for the first; want true, false", again.Adopted(), s.Adopted())
		}
		if again.Port() != s.Port() {
			t.Errorf("adopted port %d, running on %d", again.Port(), s.Port())
		}
		if n := count(t, again.URL()); n != 1 {
			t.Errorf("%d rows, want 1", n)
		}
		if err := s.Stop(ctx); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("after kill -9", func(t *testing.T) {
		s := startLocal(t, dir)
		pidFile := filepath.Join(dir, "pg", "postmaster.pid")
		b, err := os.ReadFile(pidFile)
		if err != nil {
			t.Fatal(err)
		}
		pid, err := strconv.Atoi(strings.SplitN(string(b), "\n", 2)[0])
		if err != nil {
			t.Fatalf("postmaster.pid: %v", err)
		}
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			t.Fatalf("kill -9 %d: %v", pid, err)
		}
		waitGone(t, pid, s.pgdata)
		if _, err := os.Stat(pidFile); err != nil {
			t.Fatalf("want postmaster.pid left behind by the crash: %v", err)
		}
		s2 := startLocal(t, dir)
		if s2.Adopted() {
			t.Fatal("adopted a server that was killed")
		}
		if n := count(t, s2.URL()); n != 1 {
			t.Errorf("%d rows after crash recovery, want 1", n)
		}
		if err := s2.Stop(ctx); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("stale pid file naming another process", func(t *testing.T) {
		// The test's own process is alive and is not a postmaster of this
		// cluster: a reused process number, as after a reboot in a container.
		pidFile := filepath.Join(dir, "pg", "postmaster.pid")
		stale := fmt.Sprintf("%d\n%s\n%d\n%d\n%s\n127.0.0.1\n  1234567  1\nready   \n",
			os.Getpid(), filepath.Join(s.dataDir, "pg"), time.Now().Unix(), firstPort, filepath.Join(s.dataDir, "pg-run"))
		if err := os.WriteFile(pidFile, []byte(stale), 0o600); err != nil {
			t.Fatal(err)
		}
		s := startLocal(t, dir)
		if s.Adopted() {
			t.Fatal("took the test process for a running server")
		}
		if n := count(t, s.URL()); n != 1 {
			t.Errorf("%d rows, want 1", n)
		}
		if err := s.Stop(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

// waitGone waits until the killed postmaster and its children have let go
// of the cluster.
func waitGone(t *testing.T, pid int, pgdata string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for postmasterAlive(pid, pgdata) {
		if time.Now().After(deadline) {
			t.Fatalf("postmaster %d still alive 30s after kill -9", pid)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestFindPGBinariesMissing: with no server binaries anywhere the error says
// how to install them.
func TestFindPGBinariesMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	saved := pgSearchGlobs
	pgSearchGlobs = []string{filepath.Join(t.TempDir(), "none", "*", "bin")}
	t.Cleanup(func() { pgSearchGlobs = saved })
	_, err := StartLocal(context.Background(), t.TempDir(), nil)
	if err == nil {
		t.Fatal("StartLocal found server binaries in an empty PATH")
	}
	for _, want := range []string{"apt-get install postgresql", "brew install postgresql@16", "DATABASE_URL"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// TestFindPGBinariesVersion: an existing cluster needs binaries of its own
// major version.
func TestFindPGBinariesVersion(t *testing.T) {
	b, err := findPGBinaries(context.Background(), "")
	if err != nil {
		t.Fatalf("findPGBinaries: %v", err)
	}
	if got, err := findPGBinaries(context.Background(), b.major); err != nil || got.major != b.major {
		t.Errorf("findPGBinaries(%q) = %+v, %v", b.major, got, err)
	}
	if _, err := findPGBinaries(context.Background(), "7.4"); err == nil || !strings.Contains(err.Error(), "made by PostgreSQL 7.4") {
		t.Errorf("a cluster of PostgreSQL 7.4: err = %v, want it to name the version", err)
	}
}

func TestMajorVersion(t *testing.T) {
	// PG_VERSION holds "9.6" before PostgreSQL 10 and "16" since
	// (PostgreSQL's versioning policy, 2016).
	for _, c := range []struct{ in, want string }{
		{"16.4", "16"}, {"15.19", "15"}, {"9.6.24", "9.6"}, {"17beta1", "17"}, {"10.0", "10"},
	} {
		if got := majorVersion(c.in); got != c.want {
			t.Errorf("majorVersion(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if !versionLess("9.6.24", "15.2") || versionLess("16.1", "15.19") || !versionLess("15.2", "15.19") {
		t.Error("versionLess does not compare numerically")
	}
}

// postmasterPID reads the postmaster's process number from postmaster.pid.
func postmasterPID(t *testing.T, pgdata string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(pgdata, "postmaster.pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.SplitN(string(b), "\n", 2)[0])
	if err != nil {
		t.Fatalf("postmaster.pid: %v", err)
	}
	return pid
}

// TestLocalServerSupervised: a postmaster killed with SIGKILL under
// Supervise is started again on the same port (the pools' URL stays
// right) with the data there; Stop then ends Supervise with nil, and a
// server stopped on purpose is not started again.
func TestLocalServerSupervised(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "supervised")
	s := startLocal(t, dir)
	conn := connect(t, s.URL())
	if _, err := conn.Exec(context.Background(), "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('kept across restarts')"); err != nil {
		t.Fatal(err)
	}
	conn.Close(context.Background())
	port := s.Port()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	supervised := make(chan error, 1)
	go func() { supervised <- s.Supervise(ctx) }()

	for round := 1; round <= 2; round++ {
		pid := postmasterPID(t, s.pgdata)
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			t.Fatalf("kill -9 %d: %v", pid, err)
		}
		deadline := time.Now().Add(time.Minute)
		for {
			if running, _, _ := s.runningServer(); running && postmasterPID(t, s.pgdata) != pid {
				c, err := pgx.Connect(context.Background(), s.URL())
				if err == nil {
					c.Close(context.Background())
					break
				}
			}
			select {
			case err := <-supervised:
				t.Fatalf("kill %d: Supervise returned %v; want the server started again", round, err)
			default:
			}
			if time.Now().After(deadline) {
				t.Fatalf("kill %d: the server was not started again within a minute", round)
			}
			time.Sleep(100 * time.Millisecond)
		}
		if s.Port() != port {
			t.Fatalf("kill %d: started again on port %d, not %d", round, s.Port(), port)
		}
		if n := count(t, s.URL()); n != 1 {
			t.Errorf("kill %d: %d rows after the restart, want 1", round, n)
		}
	}
	if err := s.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := <-supervised; err != nil {
		t.Errorf("Supervise after Stop = %v, want nil", err)
	}
	if running, _, _ := s.runningServer(); running {
		t.Error("a server stopped on purpose was started again")
	}
}

// TestLocalServerSuperviseGivesUp: when the killed server cannot be
// started again (its port taken by another program meanwhile), Supervise
// returns an error after its tries, for serve to exit non-zero.
func TestLocalServerSuperviseGivesUp(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gives up")
	s := startLocal(t, dir)
	s.restartDelays = []time.Duration{100 * time.Millisecond, 200 * time.Millisecond}
	pid := postmasterPID(t, s.pgdata)
	port := s.Port()
	// Take the port before Supervise can: kill, wait, listen, then supervise.
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	waitGone(t, pid, s.pgdata)
	var l net.Listener
	deadline := time.Now().Add(30 * time.Second)
	for {
		var err error
		if l, err = net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port))); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("taking port %d: %v", port, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	defer l.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	err := s.Supervise(ctx)
	if err == nil || !strings.Contains(err.Error(), "did not start again after 2 tries") {
		t.Fatalf("Supervise = %v; want it to give up after 2 tries", err)
	}
	if ctx.Err() != nil {
		t.Fatal("Supervise ran until the test's deadline")
	}
}

// TestLocalServerSuperviseAdopted: a server adopted from another process
// (here another LocalServer) is no child to wait for; when its owner stops
// it, Supervise notices and starts one of its own on the same port.
func TestLocalServerSuperviseAdopted(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "adopted")
	owner := startLocal(t, dir)
	s := startLocal(t, dir)
	if !s.Adopted() {
		t.Fatal("the second start did not adopt the running server")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	supervised := make(chan error, 1)
	go func() { supervised <- s.Supervise(ctx) }()
	if err := owner.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for s.Adopted() {
		select {
		case err := <-supervised:
			t.Fatalf("Supervise returned %v; want the server started again", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("the adopted server's end was not noticed within a minute")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if s.Port() != owner.Port() {
		t.Errorf("started again on port %d, not %d", s.Port(), owner.Port())
	}
	connect(t, s.URL()).Close(context.Background())
	if err := s.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := <-supervised; err != nil {
		t.Errorf("Supervise after Stop = %v, want nil", err)
	}
}
