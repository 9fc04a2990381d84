package db

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// LocalDatabase is the database the managed local server holds for traveler.
const LocalDatabase = "traveler"

// localUser is the superuser initdb creates in a managed cluster.
const localUser = "postgres"

// The names inside a data directory that belong to the managed cluster.
const (
	localClusterDir = "pg"            // the cluster (PGDATA)
	localRunDir     = "pg-run"        // its socket directory and server log
	localPortFile   = "pg.port"       // the port it listened on last
	localConfFile   = "traveler.conf" // in the cluster: the settings traveler writes at every start
	localLogFile    = "postgres.log"  // in localRunDir
)

// installHelp says how to get PostgreSQL's server binaries.
const installHelp = "install PostgreSQL's server: on Debian/Ubuntu (as root, or with sudo) `apt-get install postgresql`, " +
	"on macOS `brew install postgresql@16`; or set DATABASE_URL to use a PostgreSQL server you already run"

// LocalServer is a private PostgreSQL cluster that traveler creates and runs
// in its data directory, from the server binaries installed on the machine,
// listening on 127.0.0.1 only. Make one with StartLocal.
type LocalServer struct {
	dataDir string // the data directory given to StartLocal (absolute)
	pgdata  string // the cluster: dataDir/pg
	runDir  string // socket directory and server log
	bin     pgBinaries
	owner   *osUser // who runs the server when traveler runs as root; nil otherwise
	port    int
	log     *slog.Logger

	// restartDelays are the waits before each try to start the server
	// again when it died under Supervise; when every try fails, Supervise
	// gives up.
	restartDelays []time.Duration

	mu       sync.Mutex
	adopted  bool        // it was already running when StartLocal found it (and has not been started again since)
	child    *postmaster // the server this process started, nil when adopted
	stopping bool        // Stop was called: a server gone now is no death
	stopped  chan struct{}

	stopOnce sync.Once
	stopErr  error
}

// defaultRestartDelays: five tries within about a quarter of a minute, then
// serve exits non-zero and its service manager takes over.
var defaultRestartDelays = []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second}

// pgBinaries is one installation of PostgreSQL's server programs.
type pgBinaries struct {
	dir     string // the directory holding initdb, pg_ctl and postgres
	version string // e.g. "16.4"
	major   string // e.g. "16" (or "9.6")
}

// StartLocal starts the managed PostgreSQL cluster in dataDir/pg, creating
// it (initdb) on the first start, and returns it running with the database
// "traveler" in it. The cluster listens on 127.0.0.1 on a free port
// (remembered in dataDir, chosen again when another program took it) and
// keeps its socket inside dataDir, so it never clashes with a system
// PostgreSQL. A postmaster.pid left by a crash does not stop it; a server of
// this cluster that is still running (left by an earlier run) is used as it
// is. When traveler runs as root the cluster runs as an unprivileged user
// ("postgres" if it exists, else "nobody"), because PostgreSQL refuses to run
// as root.
func StartLocal(ctx context.Context, dataDir string, log *slog.Logger) (*LocalServer, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if dataDir == "" {
		return nil, errors.New("managed PostgreSQL: no data directory given")
	}
	abs, err := filepath.Abs(dataDir)
	if err != nil {
		return nil, fmt.Errorf("managed PostgreSQL: data directory %s: %w", dataDir, err)
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return nil, fmt.Errorf("managed PostgreSQL: data directory: %w", err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	s := &LocalServer{
		dataDir: abs,
		pgdata:  filepath.Join(abs, localClusterDir),
		runDir:  filepath.Join(abs, localRunDir),
		log:     log,
	}

	clusterVersion := ""
	if b, err := os.ReadFile(filepath.Join(s.pgdata, "PG_VERSION")); err == nil {
		clusterVersion = strings.TrimSpace(string(b))
	}
	s.bin, err = findPGBinaries(ctx, clusterVersion)
	if err != nil {
		return nil, err
	}
	if s.owner, err = clusterOwner(s.pgdata); err != nil {
		return nil, err
	}
	if err := s.prepareDirs(); err != nil {
		return nil, err
	}

	if clusterVersion == "" {
		if err := s.initdb(ctx); err != nil {
			return nil, err
		}
	}

	running, port, err := s.runningServer()
	if err != nil {
		return nil, err
	}
	if running {
		s.port, s.adopted = port, true
		log.Info("managed PostgreSQL already running: using it", "data_dir", s.pgdata, "port", port)
	} else if err := s.start(ctx); err != nil {
		return nil, err
	}
	if err := s.ensureDatabase(ctx); err != nil {
		if !s.adopted {
			_ = s.Stop(context.WithoutCancel(ctx))
		}
		return nil, err
	}
	return s, nil
}

// URL is the connection URL of the database "traveler" on the server.
func (s *LocalServer) URL() string {
	return s.urlFor(LocalDatabase)
}

// Port is the TCP port the server listens on (on 127.0.0.1).
func (s *LocalServer) Port() int { return s.port }

// DataDir is the cluster's directory (PGDATA).
func (s *LocalServer) DataDir() string { return s.pgdata }

// Adopted reports whether StartLocal found the server already running
// rather than starting it; a short-lived command (migrate, token) leaves
// such a server running.
func (s *LocalServer) Adopted() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.adopted
}

func (s *LocalServer) urlFor(database string) string {
	return fmt.Sprintf("postgres://%s@127.0.0.1:%d/%s?sslmode=disable", localUser, s.port, database)
}

// Stop stops the server (a fast shutdown: open sessions are ended) and
// waits until it has gone. Stopping a stopped server does nothing. A server
// this process started is its child and is told directly; an adopted one is
// stopped with pg_ctl.
func (s *LocalServer) Stop(ctx context.Context) error {
	s.stopOnce.Do(func() {
		s.mu.Lock()
		s.stopping = true
		child := s.child
		if s.stopped != nil {
			close(s.stopped)
		}
		s.mu.Unlock()
		if child != nil {
			s.stopErr = child.stop(ctx)
			if s.stopErr == nil {
				s.log.Info("managed PostgreSQL stopped", "data_dir", s.pgdata)
			}
			return
		}
		if _, err := os.Stat(filepath.Join(s.pgdata, "postmaster.pid")); errors.Is(err, os.ErrNotExist) {
			return
		}
		out, err := s.pgCtl(ctx, "stop", "-D", s.pgdata, "-m", "fast", "-w", "-t", "120")
		if err != nil {
			if _, serr := os.Stat(filepath.Join(s.pgdata, "postmaster.pid")); errors.Is(serr, os.ErrNotExist) {
				return // it stopped anyway
			}
			s.stopErr = fmt.Errorf("managed PostgreSQL: pg_ctl stop: %v: %s", err, strings.TrimSpace(out))
			return
		}
		s.log.Info("managed PostgreSQL stopped", "data_dir", s.pgdata)
	})
	return s.stopErr
}

// Supervise watches the server until ctx is done or Stop is called, and
// when it dies (a postmaster killed, an adopted server stopped by its
// owner) starts it again on the same port, so the pools' URL stays right:
// up to five tries with growing waits in between (about 15 s in all). When
// every try fails it returns the error, and the caller should exit non-zero
// so that its service manager starts it afresh; otherwise it returns nil.
func (s *LocalServer) Supervise(ctx context.Context) error {
	for {
		cause := s.watch(ctx)
		if cause == nil {
			return nil
		}
		s.log.Error("managed PostgreSQL died: starting it again", "data_dir", s.pgdata, "port", s.port, "cause", cause.Error())
		var err error
		for i, d := range s.delays() {
			select {
			case <-ctx.Done():
				return nil
			case <-s.stoppedCh():
				return nil
			case <-time.After(d):
			}
			if err = s.launch(ctx, s.port); err == nil {
				break
			}
			if ctx.Err() != nil || s.isStopping() {
				return nil
			}
			s.log.Warn("managed PostgreSQL: could not start it again", "try", i+1, "error", err.Error())
		}
		if err != nil {
			return fmt.Errorf("managed PostgreSQL died and did not start again after %d tries: %w", len(s.delays()), err)
		}
		s.mu.Lock()
		s.adopted = false
		s.mu.Unlock()
		s.log.Info("managed PostgreSQL started again", "data_dir", s.pgdata, "port", s.port)
	}
}

func (s *LocalServer) delays() []time.Duration {
	if s.restartDelays != nil {
		return s.restartDelays
	}
	return defaultRestartDelays
}

func (s *LocalServer) isStopping() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopping
}

// stoppedCh is closed when Stop is called.
func (s *LocalServer) stoppedCh() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped == nil {
		s.stopped = make(chan struct{})
		if s.stopping {
			close(s.stopped)
		}
	}
	return s.stopped
}

// watch blocks until the server dies (its cause returned) or ctx is done or
// Stop is called (nil). A child is waited for; an adopted server, which is
// no child of this process, is looked at every second.
func (s *LocalServer) watch(ctx context.Context) error {
	s.mu.Lock()
	child := s.child
	s.mu.Unlock()
	stopped := s.stoppedCh()
	if child != nil {
		select {
		case <-ctx.Done():
			return nil
		case <-stopped:
			return nil
		case <-child.done:
			if s.isStopping() {
				return nil
			}
			return fmt.Errorf("postmaster %d exited: %v", child.pid, child.err)
		}
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-stopped:
			return nil
		case <-tick.C:
			if running, _, err := s.runningServer(); err == nil && !running && !s.isStopping() {
				return errors.New("the server this process adopted is gone")
			}
		}
	}
}

// findPGBinaries finds a directory with initdb, pg_ctl and postgres: on
// PATH first, then Debian's /usr/lib/postgresql/*/bin and Homebrew's kegs,
// the highest version first. With want (a cluster's PG_VERSION) only that
// major version will do.
func findPGBinaries(ctx context.Context, want string) (pgBinaries, error) {
	var found []pgBinaries
	seen := map[string]bool{}
	consider := func(dir string) {
		if dir == "" || seen[dir] {
			return
		}
		seen[dir] = true
		for _, p := range []string{"initdb", "pg_ctl", "postgres"} {
			if fi, err := os.Stat(filepath.Join(dir, p)); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
				return
			}
		}
		v, err := postgresVersion(ctx, filepath.Join(dir, "postgres"))
		if err != nil {
			return
		}
		found = append(found, pgBinaries{dir: dir, version: v, major: majorVersion(v)})
	}

	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			consider(filepath.Dir(abs))
			if real, err := filepath.EvalSymlinks(abs); err == nil {
				consider(filepath.Dir(real))
			}
		}
	}
	onPath := len(found)
	var dirs []string
	for _, pattern := range pgSearchGlobs {
		m, _ := filepath.Glob(pattern)
		dirs = append(dirs, m...)
	}
	for _, d := range dirs {
		consider(d)
	}
	// PATH wins; the rest by version, highest first.
	rest := found[onPath:]
	sort.SliceStable(rest, func(i, j int) bool { return versionLess(rest[j].version, rest[i].version) })

	if len(found) == 0 {
		return pgBinaries{}, fmt.Errorf("managed PostgreSQL: no PostgreSQL server binaries (initdb, pg_ctl, postgres) on PATH or in %s: %s",
			strings.Join(pgSearchGlobs, ", "), installHelp)
	}
	if want == "" {
		return found[0], nil
	}
	var have []string
	for _, b := range found {
		if b.major == want {
			return b, nil
		}
		have = append(have, b.version+" in "+b.dir)
	}
	return pgBinaries{}, fmt.Errorf("managed PostgreSQL: the cluster was made by PostgreSQL %s, but only %s is installed: install PostgreSQL %s's server, or move the data directory away to start afresh",
		want, strings.Join(have, ", "), want)
}

// pgSearchGlobs are where server binaries are looked for beside PATH.
var pgSearchGlobs = []string{
	"/usr/lib/postgresql/*/bin",         // Debian, Ubuntu
	"/opt/homebrew/opt/postgresql*/bin", // Homebrew on Apple silicon
	"/usr/local/opt/postgresql*/bin",    // Homebrew on Intel
	"/usr/pgsql-*/bin",                  // PGDG RPMs
}

// postgresVersion runs `postgres --version` and returns the version, e.g.
// "16.4" from "postgres (PostgreSQL) 16.4 (Debian 16.4-1)".
func postgresVersion(ctx context.Context, postgres string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, postgres, "--version").Output()
	if err != nil {
		return "", err
	}
	f := strings.Fields(string(out))
	for i, w := range f {
		if w == "(PostgreSQL)" && i+1 < len(f) {
			return f[i+1], nil
		}
	}
	if len(f) > 0 {
		return f[len(f)-1], nil
	}
	return "", fmt.Errorf("%s --version: no version in %q", postgres, out)
}

// majorVersion is the major version as PG_VERSION writes it: "16" for 16.4,
// "9.6" for 9.6.24.
func majorVersion(v string) string {
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == '.' || r < '0' || r > '9' })
	if len(parts) == 0 {
		return v
	}
	if n, err := strconv.Atoi(parts[0]); err == nil && n < 10 && len(parts) > 1 {
		return parts[0] + "." + parts[1]
	}
	return parts[0]
}

// versionLess compares dotted versions numerically.
func versionLess(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		na, ea := strconv.Atoi(pa[i])
		nb, eb := strconv.Atoi(pb[i])
		if ea != nil || eb != nil {
			if pa[i] != pb[i] {
				return pa[i] < pb[i]
			}
			continue
		}
		if na != nb {
			return na < nb
		}
	}
	return len(pa) < len(pb)
}

// prepareDirs creates the cluster's directories and, when the server runs
// as another user, hands them to it and makes sure it can reach them.
func (s *LocalServer) prepareDirs() error {
	for _, d := range []string{s.pgdata, s.runDir} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return fmt.Errorf("managed PostgreSQL: %w", err)
		}
	}
	logPath := filepath.Join(s.runDir, localLogFile)
	f, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("managed PostgreSQL: server log: %w", err)
	}
	f.Close()
	if s.owner == nil {
		return nil
	}
	for _, d := range []string{s.pgdata, s.runDir} {
		if err := chownTree(d, s.owner); err != nil {
			return fmt.Errorf("managed PostgreSQL: handing %s to user %s: %w", d, s.owner.name, err)
		}
	}
	changed, err := makeTraversable(s.dataDir, s.owner)
	if err != nil {
		return fmt.Errorf("managed PostgreSQL: user %s cannot reach %s: %w; choose a data directory it can reach (e.g. --data-dir /var/lib/traveler)", s.owner.name, s.dataDir, err)
	}
	for _, d := range changed {
		s.log.Warn("managed PostgreSQL: made a directory searchable (o+x) so the server's user can reach its data", "dir", d, "user", s.owner.name)
	}
	return nil
}

// initdb creates the cluster: UTF8, locale C, superuser "postgres", trust
// authentication (pg_hba: the local socket and 127.0.0.1/::1 only).
func (s *LocalServer) initdb(ctx context.Context) error {
	s.log.Info("managed PostgreSQL: creating a cluster", "data_dir", s.pgdata, "postgres", s.bin.version, "bin", s.bin.dir)
	args := []string{"-D", s.pgdata, "-U", localUser, "-A", "trust", "-E", "UTF8", "--locale=C"}
	out, err := s.run(ctx, filepath.Join(s.bin.dir, "initdb"), args...)
	if err != nil {
		// A half-made cluster would be taken for a whole one next time.
		_ = os.Remove(filepath.Join(s.pgdata, "PG_VERSION"))
		return fmt.Errorf("managed PostgreSQL: initdb %s: %v: %s", s.pgdata, err, lastLines(out, 15))
	}
	conf := filepath.Join(s.pgdata, "postgresql.conf")
	f, err := os.OpenFile(conf, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("managed PostgreSQL: %w", err)
	}
	_, err = fmt.Fprintf(f, "\n# Written by traveler at every start: port, listen address, socket directory.\ninclude_if_exists = '%s'\n", localConfFile)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("managed PostgreSQL: %s: %w", conf, err)
	}
	return nil
}

// start picks the port, writes the settings and starts the server,
// trying another port when the one it picked was taken meanwhile.
func (s *LocalServer) start(ctx context.Context) error {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		port, err := s.choosePort(attempt > 0)
		if err != nil {
			return err
		}
		lastErr = s.launch(ctx, port)
		if lastErr == nil {
			s.log.Info("managed PostgreSQL started", "data_dir", s.pgdata, "port", port, "postgres", s.bin.version)
			return nil
		}
		if ctx.Err() != nil || !errors.Is(lastErr, errPortTaken) {
			return lastErr
		}
		s.log.Warn("managed PostgreSQL: port taken, choosing another", "port", port)
	}
	return lastErr
}

// errPortTaken marks a start that failed because the port was taken.
var errPortTaken = errors.New("port taken")

// launch writes the settings for port and starts the postmaster as a child
// of this process, and waits until it takes connections. The child is in
// a session of its own (a terminal's ^C or hang-up reaches traveler, which
// stops it in order) and, on Linux, is told to shut down (SIGINT, a fast
// shutdown) when the thread that started it ends: the managed PostgreSQL
// never outlives its traveler, however that ends (kill -9 included).
func (s *LocalServer) launch(ctx context.Context, port int) error {
	if s.port != port { // only while StartLocal chooses: Supervise keeps the port
		s.port = port
	}
	if err := s.writeConf(); err != nil {
		return err
	}
	if err := s.removeStalePID(); err != nil {
		return err
	}
	logPath := filepath.Join(s.runDir, localLogFile)
	logSize := fileSize(logPath)
	fail := func(err error) error {
		serverLog := readFrom(logPath, logSize)
		err = fmt.Errorf("managed PostgreSQL: starting postgres (port %d): %w\n%s", port, err, lastLines(serverLog, 15))
		if strings.Contains(serverLog, "could not bind") || strings.Contains(serverLog, "already in use") {
			err = fmt.Errorf("%w: %w", errPortTaken, err)
		}
		return err
	}
	pm, err := s.spawn(logPath)
	if err != nil {
		return fail(err)
	}
	if err := s.waitReady(ctx, pm); err != nil {
		// Cancelled or failed while starting: do not leave a server behind.
		_ = pm.stop(context.WithoutCancel(ctx))
		return fail(err)
	}
	s.mu.Lock()
	stopping := s.stopping
	if !stopping {
		s.child = pm
	}
	s.mu.Unlock()
	if stopping { // Stop came while it started (Supervise starting it again)
		_ = pm.stop(context.WithoutCancel(ctx))
		return errors.New("managed PostgreSQL: stopped while it started")
	}
	return nil
}

// postmaster is a server this process started: its child.
type postmaster struct {
	pid  int
	done chan struct{} // closed when it has exited and been waited for
	err  error         // how it exited; read after done
}

// spawn starts `postgres -D pgdata` as the server's user, its output
// appended to the server log. The child is started and waited for by one
// goroutine locked to its thread, because the parent-death signal follows
// the thread that started the child, not the process.
func (s *LocalServer) spawn(logPath string) (*postmaster, error) {
	logFile, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(filepath.Join(s.bin.dir, "postgres"), "-D", s.pgdata)
	cmd.Dir = "/"
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.Env = s.env()
	cmd.SysProcAttr = childAttr()
	if s.owner != nil {
		s.owner.apply(cmd)
	}
	pm := &postmaster{done: make(chan struct{})}
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with the goroutine, after the child
		err := cmd.Start()
		logFile.Close()
		if err != nil {
			started <- err
			return
		}
		pm.pid = cmd.Process.Pid
		started <- nil
		pm.err = cmd.Wait()
		close(pm.done)
	}()
	if err := <-started; err != nil {
		return nil, err
	}
	return pm, nil
}

// waitReady waits until the server takes connections, the child exits, or
// two minutes (as pg_ctl -w) or ctx run out.
func (s *LocalServer) waitReady(ctx context.Context, pm *postmaster) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	cfg, err := pgconn.ParseConfig(s.urlFor("postgres"))
	if err != nil {
		return err
	}
	cfg.ConnectTimeout = 2 * time.Second
	var last error
	for {
		select {
		case <-pm.done:
			return fmt.Errorf("postgres exited: %v", pm.err)
		default:
		}
		conn, err := pgconn.ConnectConfig(ctx, cfg)
		if err == nil {
			conn.Close(ctx)
			return nil
		}
		last = err
		select {
		case <-pm.done:
			return fmt.Errorf("postgres exited: %v", pm.err)
		case <-ctx.Done():
			return fmt.Errorf("not taking connections (%v): %w", last, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// stop asks the postmaster for a fast shutdown (SIGINT) and waits for it;
// when ctx ends first it is told to quit at once (SIGQUIT), then killed.
func (pm *postmaster) stop(ctx context.Context) error {
	select {
	case <-pm.done:
		return nil
	default:
	}
	_ = signalProcess(pm.pid, sigFastShutdown)
	select {
	case <-pm.done:
		return nil
	case <-ctx.Done():
	}
	_ = signalProcess(pm.pid, sigImmediateShutdown)
	select {
	case <-pm.done:
	case <-time.After(10 * time.Second):
		_ = signalProcess(pm.pid, sigKill)
		<-pm.done
	}
	return fmt.Errorf("managed PostgreSQL: postmaster %d did not stop in time: %w", pm.pid, ctx.Err())
}

// choosePort returns the remembered port when it is free (and fresh is
// false), else a new free port, and remembers it.
func (s *LocalServer) choosePort(fresh bool) (int, error) {
	path := filepath.Join(s.dataDir, localPortFile)
	if !fresh {
		if b, err := os.ReadFile(path); err == nil {
			if p, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && p > 0 && p < 65536 && portFree(p) {
				return p, nil
			}
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("managed PostgreSQL: finding a free port on 127.0.0.1: %w", err)
	}
	p := l.Addr().(*net.TCPAddr).Port
	l.Close()
	if err := os.WriteFile(path, []byte(strconv.Itoa(p)+"\n"), 0o600); err != nil {
		return 0, fmt.Errorf("managed PostgreSQL: remembering the port: %w", err)
	}
	return p, nil
}

// portFree reports whether 127.0.0.1:port can be listened on now.
func portFree(port int) bool {
	l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return false
	}
	l.Close()
	return true
}

// writeConf writes the settings traveler owns into the cluster.
func (s *LocalServer) writeConf() error {
	sockDir := s.runDir
	// A Unix socket path is at most 107 bytes: ".s.PGSQL.NNNNN.lock" must fit.
	if len(sockDir)+len("/.s.PGSQL.65535.lock") > 100 {
		s.log.Warn("managed PostgreSQL: data directory path too long for a Unix socket; TCP only", "dir", sockDir)
		sockDir = ""
	}
	conf := fmt.Sprintf("# Written by traveler at every start; edits here are lost.\nport = %d\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = %s\n",
		s.port, confQuote(sockDir))
	path := filepath.Join(s.pgdata, localConfFile)
	if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
		return fmt.Errorf("managed PostgreSQL: %w", err)
	}
	if s.owner != nil {
		if err := s.owner.chown(path); err != nil {
			return fmt.Errorf("managed PostgreSQL: %w", err)
		}
	}
	return nil
}

// confQuote quotes a postgresql.conf string value.
func confQuote(v string) string {
	return "'" + strings.ReplaceAll(v, "'", "''") + "'"
}

// runningServer reports whether a server of this cluster is running now,
// and its port. A postmaster.pid whose process is gone (or is some other
// program, its number reused) is stale.
func (s *LocalServer) runningServer() (bool, int, error) {
	b, err := os.ReadFile(filepath.Join(s.pgdata, "postmaster.pid"))
	if errors.Is(err, os.ErrNotExist) {
		return false, 0, nil
	}
	if err != nil {
		return false, 0, fmt.Errorf("managed PostgreSQL: %w", err)
	}
	lines := strings.Split(string(b), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(lines[0]))
	if err != nil || pid <= 0 || !postmasterAlive(pid, s.pgdata) {
		return false, 0, nil
	}
	if len(lines) < 4 {
		return false, 0, nil
	}
	port, err := strconv.Atoi(strings.TrimSpace(lines[3]))
	if err != nil {
		return false, 0, nil
	}
	return true, port, nil
}

// removeStalePID removes a postmaster.pid that no running server owns, so
// PostgreSQL does not take a reused process number for a running server.
func (s *LocalServer) removeStalePID() error {
	path := filepath.Join(s.pgdata, "postmaster.pid")
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	running, _, err := s.runningServer()
	if err != nil || running {
		return err
	}
	s.log.Warn("managed PostgreSQL: removing a postmaster.pid left by a server that is gone", "file", path)
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("managed PostgreSQL: stale %s: %w", path, err)
	}
	// The socket directory is the cluster's own: its socket and lock file
	// are the dead server's too (PostgreSQL would take a zombie's number in
	// the lock file for a live server).
	old, _ := filepath.Glob(filepath.Join(s.runDir, ".s.PGSQL.*"))
	for _, f := range old {
		if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("managed PostgreSQL: stale %s: %w", f, err)
		}
	}
	return nil
}

// postmasterAlive reports whether pid is a live process serving pgdata.
// Where /proc exists the process's working directory must be pgdata (a
// postmaster changes into its data directory), which tells a reused process
// number and a zombie from a live server.
func postmasterAlive(pid int, pgdata string) bool {
	if _, err := os.Stat("/proc/self/cwd"); err == nil {
		cwd, err := os.Readlink(fmt.Sprintf("/proc/%d/cwd", pid))
		if err != nil {
			return false
		}
		real, err := filepath.EvalSymlinks(pgdata)
		if err != nil {
			real = pgdata
		}
		return cwd == real || cwd == pgdata
	}
	return processExists(pid)
}

// ensureDatabase creates the database "traveler" when it is missing.
func (s *LocalServer) ensureDatabase(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.urlFor("postgres"))
	if err != nil {
		return fmt.Errorf("managed PostgreSQL: connecting on port %d: %w", s.port, err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", LocalDatabase).Scan(&exists); err != nil {
		return fmt.Errorf("managed PostgreSQL: looking for database %s: %w", LocalDatabase, err)
	}
	if exists {
		return nil
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{LocalDatabase}.Sanitize()+" ENCODING 'UTF8' TEMPLATE template0"); err != nil {
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.Code == "42P04" { // duplicate_database: made meanwhile
			return nil
		}
		return fmt.Errorf("managed PostgreSQL: creating database %s: %w", LocalDatabase, err)
	}
	s.log.Info("managed PostgreSQL: database created", "database", LocalDatabase)
	return nil
}

// pgCtl runs pg_ctl as the server's user.
func (s *LocalServer) pgCtl(ctx context.Context, args ...string) (string, error) {
	return s.run(ctx, filepath.Join(s.bin.dir, "pg_ctl"), args...)
}

// run runs one of PostgreSQL's programs as the server's user, in "/", with
// the PG* variables of traveler's own environment left out, and returns what
// it printed.
func (s *LocalServer) run(ctx context.Context, prog string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Dir = "/"
	cmd.WaitDelay = 5 * time.Second
	cmd.Env = s.env()
	if s.owner != nil {
		s.owner.apply(cmd)
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// env is traveler's environment without the PG* variables.
func (s *LocalServer) env() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PG") {
			env = append(env, kv)
		}
	}
	return env
}

// fileSize is the size of a file, 0 when it cannot be read.
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// readFrom returns a file's text from offset on, "" when it cannot be read.
func readFrom(path string, offset int64) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	if _, err := f.Seek(offset, 0); err != nil {
		return ""
	}
	var b strings.Builder
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		b.WriteString(sc.Text())
		b.WriteByte('\n')
	}
	return b.String()
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
