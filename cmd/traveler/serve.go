package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/scoring/dds"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/heavyproc"
)

// The HTTP server's timeouts. There is no ReadTimeout: a request's body has
// the API's BodyTimeout (--body-timeout), a read deadline set per request
// that replaces the server's and is answered 408 when it passes; the 60 s
// ReadTimeout that was here held a trickled body that long, then a 500.
const (
	readHeaderTimeout = 10 * time.Second
	writeTimeout      = 60 * time.Second
	idleTimeout       = 120 * time.Second
	shutdownTimeout   = 30 * time.Second // requests in flight may finish
)

// serveConfig is what `traveler serve` is told.
type serveConfig struct {
	addr          string
	db            dbConfig
	log           logConfig
	baseURL       string
	lan           bool // listen on every interface and write table links with this machine's LAN address
	rateLimit     float64
	rateBurst     int
	maxBodyBytes  int64
	directorToken string
	proxies       string
	trusted       []netip.Prefix
	bounds        clientBounds
	heavy         heavyConfig
	replicaURL    string
	ddThreads     int // DDS's threads for the analysis queue; 0: analyse no deals
	ddMemory      int // MB DDS's tables may take in all; 0: serveDDSMemory a thread
}

// clientBounds are what one client may hold at once (api.Options).
type clientBounds struct {
	streamsPerAddress     int
	streamsPerToken       int
	connectionsPerAddress int
	bodyTimeout           time.Duration
}

// register defines the bounds' flags on fs, their defaults from the
// environment.
func (b *clientBounds) register(fs *flag.FlagSet, envErrs *[]error) {
	fs.IntVar(&b.streamsPerAddress, "streams-per-address", envNumber[int](envStreamsAddr, envErrs), fmt.Sprintf("live standings one client address may hold open; past it 429 (env %s; 0: %d)", envStreamsAddr, api.DefaultStreamsPerAddress))
	fs.IntVar(&b.streamsPerToken, "streams-per-token", envNumber[int](envStreamsToken, envErrs), fmt.Sprintf("live standings one token or signed-in browser may hold open; past it 429 (env %s; 0: %d)", envStreamsToken, api.DefaultStreamsPerToken))
	fs.IntVar(&b.connectionsPerAddress, "connections-per-address", envNumber[int](envConnsAddr, envErrs), fmt.Sprintf("connections one client address may hold open; the excess is closed at once; a trusted proxy's are not counted (env %s; 0: %d)", envConnsAddr, api.DefaultConnectionsPerAddress))
	fs.DurationVar(&b.bodyTimeout, "body-timeout", envDuration(envBodyTimeout, envErrs), fmt.Sprintf("how long a request body may take to arrive; past it 408 (env %s; 0: %s)", envBodyTimeout, api.DefaultBodyTimeout))
}

// serveDDSMemory is the memory (MB) a DDS thread of the server may keep
// unless told: DDS's small tables. The analysis queue solves one deal a
// job in the background, where a little speed matters less than the
// server's memory: one thread peaks at ~53 MB of the process here instead
// of ~131 MB with DDS's own default (BENCHMARKS.md, "Double dummy").
const serveDDSMemory = 40

// runServe runs the HTTP service until SIGINT, SIGTERM or SIGHUP: it starts the
// database (the managed local PostgreSQL unless DATABASE_URL is given),
// migrates it, and serves the API. It exits 0 after a clean shutdown, 1 when
// it cannot start, the server fails or the managed PostgreSQL died and could
// not be started again, 2 for bad flags.
func runServe(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	var cfg serveConfig
	var envErrs []error
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.addr, "addr", envDefault(envAddr, defaultAddr), "host:port to listen on (env "+envAddr+")")
	cfg.db.register(fs)
	cfg.log.register(fs, "info")
	fs.StringVar(&cfg.baseURL, "base-url", os.Getenv(envBaseURL), "the URL phones reach the server at, for table links and QR codes (env "+envBaseURL+"; default: with --lan http://<LAN address>:<port>, else the address the director's browser used)")
	lanDefault, lanErr := strconv.ParseBool(envDefault(envLAN, "false"))
	if lanErr != nil {
		envErrs = append(envErrs, fmt.Errorf("%s=%q: must be true or false", envLAN, os.Getenv(envLAN)))
	}
	fs.BoolVar(&cfg.lan, "lan", lanDefault, "serve the club's network: listen on every interface (0.0.0.0) at --addr's port, and write table links with this machine's LAN address unless --base-url says (env "+envLAN+")")
	fs.Float64Var(&cfg.rateLimit, "rate-limit", envNumber[float64](envRateLimit, &envErrs), fmt.Sprintf("requests a second per token (env %s; 0: %d)", envRateLimit, api.DefaultRateLimit))
	fs.IntVar(&cfg.rateBurst, "rate-burst", envNumber[int](envRateBurst, &envErrs), fmt.Sprintf("requests a token may send at once above the rate (env %s; 0: %d)", envRateBurst, api.DefaultRateBurst))
	fs.Int64Var(&cfg.maxBodyBytes, "max-body-bytes", envNumber[int64](envMaxBody, &envErrs), fmt.Sprintf("largest request body (env %s; 0: %d)", envMaxBody, api.DefaultMaxBodyBytes))
	fs.StringVar(&cfg.replicaURL, "replica-url", os.Getenv(envReplicaURL), "a read-only streaming standby of the database for the public's reads: pages, standings, travelers, exports (env "+envReplicaURL+"; none: the database)")
	ddThreads := 1
	if os.Getenv(envDDThreads) != "" {
		ddThreads = envNumber[int](envDDThreads, &envErrs)
	}
	fs.IntVar(&cfg.ddThreads, "dd-threads", ddThreads, "threads DDS solves the analysis queue's deals with, each keeping ~95 MB of tables once used (env "+envDDThreads+"; 0: this server analyses no deals)")
	fs.IntVar(&cfg.ddMemory, "dd-memory", envNumber[int](envDDMemory, &envErrs), fmt.Sprintf("megabytes DDS's tables may take in all (env %s; 0: %d a thread, DDS's small tables; at least %d a thread)", envDDMemory, serveDDSMemory, dds.MinMemoryMB))
	cfg.bounds.register(fs, &envErrs)
	cfg.heavy.register(fs, &envErrs)
	fs.StringVar(&cfg.proxies, "trusted-proxies", os.Getenv(envTrustedProxy), "addresses or prefixes of the proxies in front, comma separated, whose X-Forwarded-For names the client address for the per-address limits (env "+envTrustedProxy+"; none: the header is ignored)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler serve [--lan] [--addr HOST:PORT] [--database-url URL] [--data-dir DIR] [flags]")
		fmt.Fprintln(stderr, "\nServes the REST API under /v1 until SIGINT, SIGTERM or SIGHUP. With no DATABASE_URL it runs")
		fmt.Fprintln(stderr, "its own PostgreSQL cluster in --data-dir, from the server binaries installed on the machine.")
		fmt.Fprintln(stderr, "The director token is "+envDirectorToken+"; without one, the first start creates one,")
		fmt.Fprintln(stderr, "prints it once and writes it to <data-dir>/"+directorTokenFile+".")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "traveler serve: unexpected argument %q\n", pos[0])
		fs.Usage()
		return 2
	}
	for _, err := range envErrs {
		fmt.Fprintf(stderr, "traveler serve: %v\n", err)
	}
	if len(envErrs) > 0 {
		return 2
	}
	b := cfg.bounds
	if cfg.rateLimit < 0 || cfg.rateBurst < 0 || cfg.maxBodyBytes < 0 || cfg.ddThreads < 0 ||
		b.streamsPerAddress < 0 || b.streamsPerToken < 0 || b.connectionsPerAddress < 0 || b.bodyTimeout < 0 {
		fmt.Fprintln(stderr, "traveler serve: --rate-limit, --rate-burst, --max-body-bytes, --dd-threads, --streams-per-address, --streams-per-token, --connections-per-address and --body-timeout must be 0 or more")
		return 2
	}
	if err := cfg.heavy.check(); err != nil {
		fmt.Fprintf(stderr, "traveler serve: %v\n", err)
		return 2
	}
	if cfg.ddMemory == 0 {
		cfg.ddMemory = serveDDSMemory * cfg.ddThreads
	}
	if cfg.ddThreads > 0 && cfg.ddMemory < dds.MinMemoryMB*cfg.ddThreads {
		fmt.Fprintf(stderr, "traveler serve: --dd-memory %d: at least %d MB a thread of --dd-threads (DDS stops the program below that)\n", cfg.ddMemory, dds.MinMemoryMB)
		return 2
	}
	trusted, err := parseProxies(cfg.proxies)
	if err != nil {
		fmt.Fprintf(stderr, "traveler serve: %v\n", err)
		return 2
	}
	cfg.trusted = trusted
	if cfg.lan {
		if cfg.addr, err = lanListenAddr(cfg.addr); err != nil {
			fmt.Fprintf(stderr, "traveler serve: %v\n", err)
			return 2
		}
	}
	if err := cfg.db.resolve(); err != nil {
		fmt.Fprintf(stderr, "traveler serve: %v\n", err)
		return 2
	}
	cfg.directorToken = os.Getenv(envDirectorToken)
	log, err := cfg.log.logger(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "traveler serve: %v\n", err)
		return 2
	}
	if err := serve(ctx, cfg, log, stdout, stderr); err != nil {
		log.Error("traveler serve stopped", "error", err.Error())
		return 1
	}
	return 0
}

// serve starts everything, serves until ctx is done, and shuts down in
// order: the HTTP server (requests in flight finish), the pool, the managed
// database.
func serve(ctx context.Context, cfg serveConfig, log *slog.Logger, stdout, stderr io.Writer) (err error) {
	// Listen first: a taken address fails before a database is started.
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return fmt.Errorf("--addr %s: %w", cfg.addr, err)
	}
	defer ln.Close()

	database, err := cfg.db.openDatabase(ctx, log)
	if err != nil {
		return err
	}
	defer func() {
		if rerr := database.release(false); rerr != nil {
			log.Error("stopping the managed PostgreSQL", "error", rerr.Error())
			if err == nil {
				err = rerr
			}
		}
	}()
	log.Info("database", "at", database.describe())
	// The managed PostgreSQL is started again when it dies; when it cannot
	// be, serve stops (exit status 1) so that its service manager restarts
	// the whole.
	dbFailed := make(chan error, 1)
	if database.local != nil {
		go func() { dbFailed <- database.local.Supervise(ctx) }()
	}

	if err := db.Migrate(ctx, database.url); err != nil {
		return fmt.Errorf("migrating the database: %w", err)
	}
	store, err := db.Open(ctx, database.url)
	if err != nil {
		return fmt.Errorf("opening the database: %w", err)
	}
	defer store.Close()
	defer cfg.heavy.setMemoryLimit()()
	opts := tournament.ServiceOptions{DirectorToken: cfg.directorToken, Heavy: cfg.heavy.options()}
	var gate *heavyproc.Gate // the makings give way to changes (--heavy-give-way)
	if cfg.heavy.giveWay {
		if gate, err = heavyproc.NewGate(cfg.heavy.dir); err != nil {
			return err
		}
		opts.Heavy.GiveWay = gate.GiveWay
	}
	if cfg.heavy.apart {
		if opts.Heavy.Apart, err = cfg.heavy.apartMaker(database.url, cfg.replicaURL, stderr, gate); err != nil {
			return err
		}
	}
	if cfg.replicaURL != "" {
		replica, err := db.Open(ctx, cfg.replicaURL)
		if err != nil {
			return fmt.Errorf("opening the replica (--replica-url): %w", err)
		}
		defer replica.Close()
		opts.Replica = replica
		log.Info("replica", "public reads from", db.RedactURL(cfg.replicaURL))
	}
	// Double dummy: a board stored with its deal queues its analysis;
	// servers with DDS work the queue, those without leave it to them.
	var solver *dds.Solver
	if cfg.ddThreads > 0 {
		if solver, err = dds.Load(dds.Config{Threads: cfg.ddThreads, MemoryMB: cfg.ddMemory}); err != nil {
			log.Warn("double dummy off: hand records wait in the analysis queue for a server that has DDS", "error", err.Error())
		} else {
			opts.DoubleDummy = solver
		}
	}
	svc := tournament.NewService(store, opts)
	if solver != nil {
		analysis, err := store.StartAnalysis(context.WithoutCancel(ctx), svc.AnalyseBoard, db.AnalysisOptions{Workers: 1, SolveNullos: svc.SolveNullos})
		if err != nil {
			return err
		}
		defer func() {
			sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
			defer cancel()
			if err := analysis.Stop(sctx); err != nil {
				log.Warn("the analysis queue did not stop cleanly", "error", err.Error())
			}
		}()
		log.Info("double dummy on: working the analysis queue", "dds_threads", solver.Threads())
	}
	// Any number of processes may serve one database: each hears the
	// others' changes (and its own) and drops what it cached of them;
	// until it hears them, it caches nothing.
	svc.Listening(false)
	lctx, stopListening := context.WithCancel(ctx)
	defer stopListening()
	go store.Listen(lctx, svc.Forget, func(on bool) {
		svc.Listening(on)
		if lctx.Err() == nil {
			log.Info("change notices", "listening", on)
		}
	})

	if err := ensureDirectorToken(ctx, cfg, svc, log, stderr); err != nil {
		return err
	}

	// Table links name where phones reach the server: never the address
	// listened on, which may be 0.0.0.0 or [::] (no machine) or 127.0.0.1
	// (the phone itself).
	baseURL, linkNote := linkBase(cfg, ln.Addr())
	o := api.Options{
		Logger:       log,
		RateLimit:    cfg.rateLimit,
		RateBurst:    cfg.rateBurst,
		MaxBodyBytes: cfg.maxBodyBytes,
		BaseURL:      baseURL,

		TrustedProxies: cfg.trusted,

		StreamsPerAddress:     cfg.bounds.streamsPerAddress,
		StreamsPerToken:       cfg.bounds.streamsPerToken,
		ConnectionsPerAddress: cfg.bounds.connectionsPerAddress,
		BodyTimeout:           cfg.bounds.bodyTimeout,
	}
	var handler http.Handler = api.New(svc, o)
	if gate != nil {
		handler = gate.Writes(handler)
	}
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: readHeaderTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	go store.PruneIdempotencyKeys(ctx, log)
	// Said before the first request can be answered: whoever waits for
	// /readyz finds the note and the "listening" line already written.
	fmt.Fprintf(stdout, "traveler serve: %s\n", linkNote)
	log.Info("listening", "addr", ln.Addr().String(), "table_links", cmp.Or(baseURL, "the address the director's browser used"))
	served := make(chan error, 1)
	go func() { served <- srv.Serve(api.Listener(ln, o)) }() // connections per client address bounded

	var failed error
	select {
	case err := <-served:
		return fmt.Errorf("http server: %w", err)
	case failed = <-dbFailed:
		if failed == nil { // ctx is done
			break
		}
		log.Error("the managed PostgreSQL is down for good: stopping", "error", failed.Error())
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing requests in flight", "timeout", shutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		log.Warn("requests still running at the shutdown timeout were cut", "error", err.Error())
		srv.Close()
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Warn("http server", "error", err.Error())
	}
	return failed
}

// ensureDirectorToken creates a director token when none is configured
// (TRAVELER_DIRECTOR_TOKEN) and none is stored, so a director on a fresh
// machine can use the API at once: it is printed once to stderr and written
// to <data-dir>/director-token (mode 0600).
func ensureDirectorToken(ctx context.Context, cfg serveConfig, svc *tournament.Service, log *slog.Logger, stderr io.Writer) error {
	if cfg.directorToken != "" {
		return nil
	}
	stored, err := svc.DirectorTokens(ctx)
	if err != nil {
		return fmt.Errorf("looking for director tokens: %w", err)
	}
	if len(stored) > 0 {
		return nil
	}
	issued, err := svc.CreateDirectorToken(ctx, tournament.Director, "director (created at first start)", time.Time{})
	if err != nil {
		return fmt.Errorf("creating a director token: %w", err)
	}
	path := filepath.Join(cfg.db.dataDir, directorTokenFile)
	werr := writeSecret(path, issued.Secret)
	fmt.Fprintln(stderr, "traveler serve: no director token was configured or stored, so one was created.")
	fmt.Fprintln(stderr, "It is shown only this once; send it as \"Authorization: Bearer <token>\":")
	fmt.Fprintln(stderr)
	fmt.Fprintf(stderr, "    %s\n", issued.Secret)
	fmt.Fprintln(stderr)
	if werr != nil {
		log.Error("writing the director token to a file", "file", path, "error", werr.Error())
	} else {
		fmt.Fprintf(stderr, "It is also in %s (mode 0600). Make more with \"traveler token create\".\n", path)
		log.Info("director token created", "file", path)
	}
	return nil
}

// writeSecret writes a secret to a new file only its owner may read,
// creating the directory.
func writeSecret(path, secret string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(secret+"\n"), 0o600); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
