package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	mrand "math/rand/v2"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/time/rate"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := runLoadtest(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// runLoadtest plays many sections of tables entering their results at once
// against a running server, the way a session runs: each table enters its
// boards of the current round with its own table token, and when every table
// of a section has finished the round the director moves the section on. A
// prober reads the standings after results land and measures how long until
// they show them. It prints throughput, latency percentiles and the
// standings lag, and exits 1 if any entry failed.
//
// Every request is retried after a network error or a 429, 500, 502, 503 or
// 504 answer, for up to --retry-for, waiting as Retry-After says (at most
// retryAfterMost) or else backing off exponentially (50 ms doubling to 2 s,
// with jitter); a result entry is retried with its own Idempotency-Key, so a
// retry of an entry that did land stores nothing twice. A 429 is the server's
// rate limit (by default 100 requests a second a token, 1,000 an address):
// the tool slows down as asked and counts the 429s in its report. Other
// 4xx answers are failures, never retried.
func runLoadtest(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("traveler-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := loadConfig{}
	fs.StringVar(&cfg.url, "url", envOr("TRAVELER_URL", "http://127.0.0.1:8080"), "the server's base URL (TRAVELER_URL)")
	fs.StringVar(&cfg.token, "token", os.Getenv("TRAVELER_DIRECTOR_TOKEN"), "a director token (TRAVELER_DIRECTOR_TOKEN)")
	fs.IntVar(&cfg.sections, "sections", 16, "sections played at once")
	fs.IntVar(&cfg.tables, "tables", 13, "tables in each section (a Mitchell)")
	fs.IntVar(&cfg.rounds, "rounds", 0, "rounds to play (0: the whole Mitchell)")
	fs.IntVar(&cfg.boardsPerRound, "boards-per-round", 3, "boards each table plays a round")
	fs.IntVar(&cfg.batch, "batch", 1, "results per request (1: one request per board, as a table enters them)")
	fs.Float64Var(&cfg.rate, "rate", 0, "results entered a second across all tables, paced (0: as fast as the server answers)")
	fs.DurationVar(&cfg.probeEvery, "probe-every", 20*time.Millisecond, "how often the prober reads standings")
	fs.DurationVar(&cfg.retryFor, "retry-for", 60*time.Second, "how long a request is retried after a network error, a 429 or a 5xx answer (0: never)")
	format := fs.String("format", "text", "output: text or json")
	var sc standingsConfig
	fs.Int64Var(&sc.section, "section", 0, "load this section's standings instead of entering results: --readers or --streams")
	fs.IntVar(&sc.readers, "readers", 0, "with --section: anonymous readers of its standings, each reading as fast as answered")
	fs.IntVar(&sc.streams, "streams", 0, "with --section: live standings streams held open")
	fs.DurationVar(&sc.dur, "for", 30*time.Second, "with --section: how long the readers read or the streams stay open")
	fs.IntVar(&sc.pid, "pid", 0, "with --section: the server's process id (same machine), for its CPU time and memory from /proc")
	fs.DurationVar(&sc.touchEvery, "touch-every", 0, "with --section: correct one of its results this often meanwhile, with --token (0: never)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler-load [--url URL] [--token TOKEN] [--sections N] [--tables N] [--boards-per-round N] [--retry-for D]")
		fmt.Fprintln(stderr, "       traveler-load --section ID (--readers N | --streams N) [--for D] [--pid PID] [--touch-every D --token TOKEN]")
		fmt.Fprintln(stderr, "\nCreates an event with Mitchell sections on a running server and has every table enter")
		fmt.Fprintln(stderr, "its results at once, round by round; reports entries a second, latency and standings lag.")
		fmt.Fprintln(stderr, "A request that meets a network error or a 429, 500, 502, 503 or 504 is sent again (a result")
		fmt.Fprintln(stderr, "entry with the same Idempotency-Key) after Retry-After (at most 10 s), or a backoff from")
		fmt.Fprintln(stderr, "50 ms to 2 s, until --retry-for has passed; the retries and the 429s (the server's rate")
		fmt.Fprintln(stderr, "limit) are counted in the report. Any other 4xx is a failure.")
		fmt.Fprintln(stderr, "\nWith --section it loads that section's standings instead: anonymous readers, or live")
		fmt.Fprintln(stderr, "streams, each from an address of its own (X-Forwarded-For: start the server with")
		fmt.Fprintln(stderr, "--trusted-proxies 127.0.0.1); with --pid it prints the server's CPU time and memory.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "traveler-load: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if sc.section != 0 || sc.readers != 0 || sc.streams != 0 {
		return runStandingsFlags(ctx, cfg, sc, stdout, stderr)
	}
	if cfg.token == "" {
		fmt.Fprintln(stderr, "traveler-load: --token (or TRAVELER_DIRECTOR_TOKEN) is required: a director token of the server")
		return 2
	}
	if cfg.retryFor < 0 {
		fmt.Fprintf(stderr, "traveler-load: --retry-for %s: must be 0 (never retry) or more\n", cfg.retryFor)
		return 2
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "traveler-load: --format %q: must be text or json\n", *format)
		return 2
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"sections", cfg.sections}, {"tables", cfg.tables}, {"boards-per-round", cfg.boardsPerRound}, {"batch", cfg.batch}} {
		if f.v < 1 {
			fmt.Fprintf(stderr, "traveler-load: --%s %d: must be 1 or more\n", f.name, f.v)
			return 2
		}
	}
	rep, err := loadtest(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "traveler-load: %v\n", err)
		return 1
	}
	if *format == "json" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintln(stdout, string(b))
	} else {
		rep.writeText(stdout)
	}
	if rep.Failed > 0 || rep.Stale > 0 {
		return 1
	}
	return 0
}

// runStandingsFlags checks the flags of a load on a section's standings
// (--section) and runs it.
func runStandingsFlags(ctx context.Context, cfg loadConfig, sc standingsConfig, stdout, stderr io.Writer) int {
	switch {
	case sc.section < 1:
		fmt.Fprintf(stderr, "traveler-load: --section %d: must be a section's id, 1 or more (--readers and --streams load a section's standings)\n", sc.section)
	case sc.readers < 0 || sc.streams < 0 || (sc.readers > 0) == (sc.streams > 0):
		fmt.Fprintf(stderr, "traveler-load: --readers %d, --streams %d: give one of them, 1 or more\n", sc.readers, sc.streams)
	case sc.dur <= 0:
		fmt.Fprintf(stderr, "traveler-load: --for %s: must be more than 0\n", sc.dur)
	case sc.pid < 0:
		fmt.Fprintf(stderr, "traveler-load: --pid %d: must be a process id, 1 or more\n", sc.pid)
	case sc.touchEvery < 0:
		fmt.Fprintf(stderr, "traveler-load: --touch-every %s: must be 0 (never) or more\n", sc.touchEvery)
	case sc.touchEvery > 0 && cfg.token == "":
		fmt.Fprintln(stderr, "traveler-load: --touch-every needs --token (or TRAVELER_DIRECTOR_TOKEN): a director token to correct results with")
	default:
		if err := runStandings(ctx, cfg, sc, stdout); err != nil {
			fmt.Fprintf(stderr, "traveler-load: %v\n", err)
			return 1
		}
		return 0
	}
	return 2
}

// envOr returns the environment variable, or def when it is unset.
func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// loadConfig is what a load test plays.
type loadConfig struct {
	url, token     string
	sections       int
	tables         int
	rounds         int
	boardsPerRound int
	batch          int
	rate           float64 // entries a second in all; 0: unpaced
	probeEvery     time.Duration
	retryFor       time.Duration // how long a request is retried after a network error, a 429 or a 5xx; 0: never
	pace           *rate.Limiter
	// started, when set, is called with the sections once they are set up,
	// before any result is entered (for tests that watch the run).
	started func([]*loadSection)
}

// loadReport is what a load test measured.
type loadReport struct {
	Sections        int            `json:"sections"`
	Tables          int            `json:"tables"`
	Planned         int            `json:"results_planned"`
	Entered         int            `json:"results_entered"`
	Requests        int            `json:"requests"`
	Failed          int            `json:"failed"`
	FailedByStatus  map[string]int `json:"failed_by_status,omitempty"`
	Retries         int            `json:"retries"`
	RetriesByStatus map[string]int `json:"retries_by_status,omitempty"`
	Replayed        int            `json:"replayed"`
	RateLimited     int            `json:"rate_limited"` // answers 429 (the server's rate limit), each waited for and retried
	Seconds         float64        `json:"seconds"`
	PerSecond       float64        `json:"results_per_second"`
	SlowestSecond   int            `json:"slowest_full_second"`
	LatencyMS       percentiles    `json:"latency_ms"`
	Probes          int            `json:"standings_probes"`
	Stale           int            `json:"standings_stale"`
	StandingsLagMS  percentiles    `json:"standings_lag_ms"`
	StandingsReadMS percentiles    `json:"standings_read_ms"`
}

// percentiles summarise durations in milliseconds.
type percentiles struct {
	P50 float64 `json:"p50"`
	P90 float64 `json:"p90"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

// summarise returns the percentiles of ds.
func summarise(ds []time.Duration) percentiles {
	if len(ds) == 0 {
		return percentiles{}
	}
	slices.Sort(ds)
	at := func(q float64) float64 {
		i := int(math.Ceil(q*float64(len(ds)))) - 1
		return float64(ds[max(0, min(i, len(ds)-1))]) / 1e6
	}
	return percentiles{P50: at(0.50), P90: at(0.90), P99: at(0.99), Max: at(1)}
}

// writeText prints the report for a reader.
func (r *loadReport) writeText(w io.Writer) {
	fmt.Fprintf(w, "%d sections × %d tables: %d of %d results in %d requests, %.2f s\n", r.Sections, r.Tables, r.Entered, r.Planned, r.Requests, r.Seconds)
	fmt.Fprintf(w, "throughput: %.0f results/s (slowest full second: %d)\n", r.PerSecond, r.SlowestSecond)
	fmt.Fprintf(w, "entry latency ms: p50 %.2f  p90 %.2f  p99 %.2f  max %.2f\n", r.LatencyMS.P50, r.LatencyMS.P90, r.LatencyMS.P99, r.LatencyMS.Max)
	fmt.Fprintf(w, "standings: %d probes, %d stale; lag after the entry's answer ms: p50 %.2f  p99 %.2f  max %.2f\n",
		r.Probes, r.Stale, r.StandingsLagMS.P50, r.StandingsLagMS.P99, r.StandingsLagMS.Max)
	fmt.Fprintf(w, "standings read ms: p50 %.2f  p99 %.2f  max %.2f\n", r.StandingsReadMS.P50, r.StandingsReadMS.P99, r.StandingsReadMS.Max)
	fmt.Fprintf(w, "retries: %d", r.Retries)
	if r.Retries > 0 {
		fmt.Fprintf(w, " (after %s)", byCause(r.RetriesByStatus))
	}
	fmt.Fprintf(w, "; %d answered as replays (stored by an earlier attempt whose answer was lost)\n", r.Replayed)
	if r.RateLimited > 0 {
		fmt.Fprintf(w, "rate limited: %d answers 429, each request sent again after its Retry-After\n", r.RateLimited)
	}
	if r.Failed > 0 {
		fmt.Fprintf(w, "FAILED: %d requests (%s)\n", r.Failed, byCause(r.FailedByStatus))
	}
}

// byCause lists counts by status (or "network"), in order: "503 ×12, network ×2".
func byCause(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + " ×" + strconv.Itoa(m[k])
	}
	return strings.Join(parts, ", ")
}

// loadClient speaks to the server, retrying what a server in trouble
// answers.
type loadClient struct {
	base     string
	http     *http.Client
	retryFor time.Duration // how long a request is retried; 0: never

	mu       sync.Mutex
	retries  map[string]int // retries by what they followed: a status, or "network"
	replayed atomic.Int64   // answers with Idempotent-Replayed: true
	limited  atomic.Int64   // answers 429
}

// Backoff between retries when the answer gives no Retry-After: from
// retryFirst doubling to retryMost, each wait jittered.
const (
	retryFirst = 50 * time.Millisecond
	retryMost  = 2 * time.Second
)

// retryAfterMost bounds the wait a Retry-After asks for: a server asking for
// longer is waited for this long, then asked again.
const retryAfterMost = 10 * time.Second

// retryable reports whether err is worth sending the request again for: a
// network error, a 429 (the server's rate limit: slow down, then send it
// again) or a 500, 502, 503 or 504. Any other 4xx is the client's failure
// and is not.
func retryable(err error) bool {
	var se *statusError
	if errors.As(err, &se) {
		switch se.status {
		case http.StatusTooManyRequests, http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
			return true
		}
		return false
	}
	var ne *networkError
	return errors.As(err, &ne)
}

// do sends a JSON request and decodes a JSON answer into out (when not nil);
// an answer other than want is an error carrying the status. A network
// error, a 429 or a 5xx is retried (see send).
func (c *loadClient) do(ctx context.Context, method, path, token string, body any, header map[string]string, want int, out any) error {
	_, err := c.send(ctx, method, path, token, body, header, want, out)
	return err
}

// send is do, also returning how many times the request was sent. The
// same body and headers (an Idempotency-Key among them) go with every
// attempt; between attempts it waits as the answer's Retry-After says (at
// most retryAfterMost), or else backs off exponentially with jitter, until
// c.retryFor has passed since the first attempt or ctx ends. It returns the
// last attempt's error.
func (c *loadClient) send(ctx context.Context, method, path, token string, body any, header map[string]string, want int, out any) (int, error) {
	var data []byte
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		data = b
	}
	deadline := time.Now().Add(c.retryFor)
	backoff := retryFirst
	for tries := 1; ; tries++ {
		wait, err := c.once(ctx, method, path, token, data, body != nil, header, want, out)
		if err == nil || !retryable(err) || ctx.Err() != nil {
			return tries, err
		}
		if wait == 0 {
			// equal jitter: half the backoff, plus up to the other half
			wait = backoff/2 + mrand.N(backoff/2+1)
			backoff = min(2*backoff, retryMost)
		} else {
			// as the server asks (bounded), a little spread so the clients
			// turned away together do not all come back in the same instant
			wait = min(wait, retryAfterMost) + mrand.N(retryFirst)
		}
		if time.Now().Add(wait).After(deadline) {
			return tries, err
		}
		c.countRetry(err)
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return tries, err
		case <-t.C:
		}
	}
}

// countRetry counts a retry under what it followed.
func (c *loadClient) countRetry(err error) {
	key := "network"
	var se *statusError
	if errors.As(err, &se) {
		key = strconv.Itoa(se.status)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.retries == nil {
		c.retries = map[string]int{}
	}
	c.retries[key]++
}

// retried returns the retries counted so far, in all and by what they
// followed.
func (c *loadClient) retried() (int, map[string]int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, by := 0, make(map[string]int, len(c.retries))
	for k, v := range c.retries {
		n += v
		by[k] = v
	}
	return n, by
}

// once sends the request one time. For an answer other than want it also
// returns the wait its Retry-After asks for (0 when none is given); it
// counts the answers 429.
func (c *loadClient) once(ctx context.Context, method, path, token string, data []byte, hasBody bool, header map[string]string, want int, out any) (time.Duration, error) {
	var rd io.Reader
	if hasBody {
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return 0, err
	}
	if hasBody {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+token)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, &networkError{err}
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, &networkError{err}
	}
	if resp.Header.Get("Idempotent-Replayed") == "true" {
		c.replayed.Add(1)
	}
	if resp.StatusCode == http.StatusTooManyRequests {
		c.limited.Add(1)
	}
	if resp.StatusCode != want {
		return retryAfter(resp.Header.Get("Retry-After")), &statusError{status: resp.StatusCode, body: strings.TrimSpace(string(answer))}
	}
	if out != nil {
		return 0, json.Unmarshal(answer, out)
	}
	return 0, nil
}

// retryAfter reads a Retry-After header: whole seconds or an HTTP date;
// 0 when absent, unreadable or past.
func retryAfter(h string) time.Duration {
	if h == "" {
		return 0
	}
	if secs, err := strconv.Atoi(strings.TrimSpace(h)); err == nil {
		return time.Duration(max(secs, 0)) * time.Second
	}
	if at, err := http.ParseTime(h); err == nil {
		return max(time.Until(at), 0)
	}
	return 0
}

// networkError is a request that got no whole answer: refused, reset,
// timed out.
type networkError struct{ err error }

func (e *networkError) Error() string { return e.err.Error() }
func (e *networkError) Unwrap() error { return e.err }

// statusError is an answer with an unexpected status.
type statusError struct {
	status int
	body   string
}

func (e *statusError) Error() string { return fmt.Sprintf("HTTP %d: %s", e.status, e.body) }

// loadSection is one section of the load test and its progress.
type loadSection struct {
	id       int64
	rounds   []loadRound          // the movement: per round, per table, the boards and pairs
	tokens   map[int]string       // table → its token
	entered  atomic.Int64         // results whose entry has been answered 201
	next     []chan struct{}      // next[r] closes when the section moves to round r+2
	left     []atomic.Int32       // tables yet to finish each round
	answered chan<- entryAnswered // offered each answered entry, for the prober; dropped when it is busy
}

// loadRound is one round of a section's movement, table by table.
type loadRound struct {
	tables []loadTable
}

// loadTable is one table in a round and the boards it plays (the pairs are
// left out of the entries: the server fills them in from the movement).
type loadTable struct {
	table  int
	boards []int
}

// contractsForLoad are the results tables enter, in turn: real contracts
// with a mix of made, overtricks and down, so every score path is used.
var contractsForLoad = []struct {
	contract, declarer string
	tricks             int
}{{"4S", "N", 10}, {"3NT", "S", 9}, {"2H", "E", 8}, {"4S", "N", 9}, {"1NT", "W", 7}, {"5DX", "S", 10}, {"3C", "N", 10}, {"6NT", "S", 12}}

// loadtest sets up the event, plays every section and measures.
func loadtest(ctx context.Context, cfg loadConfig) (*loadReport, error) {
	tr := &http.Transport{MaxIdleConns: 4096, MaxIdleConnsPerHost: 4096, IdleConnTimeout: 90 * time.Second}
	c := &loadClient{base: strings.TrimRight(cfg.url, "/"), http: &http.Client{Transport: tr, Timeout: 30 * time.Second}, retryFor: cfg.retryFor}
	defer tr.CloseIdleConnections()
	if cfg.rate > 0 {
		cfg.pace = rate.NewLimiter(rate.Limit(cfg.rate/float64(cfg.batch)), 1)
	}
	sections, err := setupLoad(ctx, c, cfg)
	if err != nil {
		return nil, err
	}
	var (
		mu        sync.Mutex
		latencies []time.Duration
		failed    = map[string]int{}
		requests  int
		perSecond = map[int64]int{}
	)
	if err := openTables(ctx, c, sections); err != nil {
		return nil, err
	}
	if cfg.started != nil {
		cfg.started(sections)
	}
	start := time.Now()
	probeCtx, stopProbe := context.WithCancel(ctx)
	probeDone := make(chan *probeResult, 1)
	answered := make(chan entryAnswered, 1)
	for _, s := range sections {
		s.answered = answered
	}
	go func() { probeDone <- probe(probeCtx, c, cfg, answered) }()

	var wg sync.WaitGroup
	for _, s := range sections {
		for ti := range s.rounds[0].tables {
			table := s.rounds[0].tables[ti].table
			wg.Add(1)
			go func() {
				defer wg.Done()
				playTable(ctx, c, cfg, s, table, func(d time.Duration, n int, err error) {
					mu.Lock()
					defer mu.Unlock()
					requests++
					if err != nil {
						var se *statusError
						key := "network"
						if errors.As(err, &se) {
							key = strconv.Itoa(se.status)
						}
						failed[key]++
						return
					}
					latencies = append(latencies, d)
					perSecond[int64(time.Since(start)/time.Second)] += n
				})
			}()
		}
		go advanceRounds(ctx, c, cfg, s)
	}
	wg.Wait()
	elapsed := time.Since(start)
	stopProbe()
	pr := <-probeDone

	rep := &loadReport{Sections: cfg.sections, Tables: cfg.tables, Requests: requests, FailedByStatus: failed,
		Seconds: elapsed.Seconds(), LatencyMS: summarise(latencies)}
	for _, n := range failed {
		rep.Failed += n
	}
	for _, s := range sections {
		rep.Entered += int(s.entered.Load())
		rep.Planned += s.planned()
	}
	rep.Retries, rep.RetriesByStatus = c.retried()
	rep.Replayed = int(c.replayed.Load())
	rep.RateLimited = int(c.limited.Load())
	rep.PerSecond = float64(rep.Entered) / elapsed.Seconds()
	full := int64(elapsed / time.Second) // the seconds wholly inside the run
	rep.SlowestSecond = math.MaxInt
	for sec := int64(0); sec < full; sec++ {
		rep.SlowestSecond = min(rep.SlowestSecond, perSecond[sec])
	}
	if full == 0 {
		rep.SlowestSecond = 0
	}
	rep.Probes, rep.Stale = pr.probes, pr.stale
	rep.StandingsLagMS, rep.StandingsReadMS = summarise(pr.lags), summarise(pr.reads)
	return rep, nil
}

// setupLoad creates the event, its sections (Mitchells), pairs and table
// tokens, as a director would. These requests are retried like the rest;
// a retry whose first attempt did land is taken for done: a section or
// pairs refused as already there (409) are read back, tokens issued again
// replace the first ones, and an event created twice leaves an empty one
// behind.
func setupLoad(ctx context.Context, c *loadClient, cfg loadConfig) ([]*loadSection, error) {
	var ev struct {
		ID int64 `json:"id"`
	}
	err := c.do(ctx, "POST", "/v1/events", cfg.token, map[string]any{
		"name": "Load test " + time.Now().Format(time.DateTime), "date": time.Now().Format(time.DateOnly),
		"law": "contract-2017", "scoring": "MP",
	}, nil, http.StatusCreated, &ev)
	if err != nil {
		return nil, fmt.Errorf("creating the event: %w", err)
	}
	type sectionAnswer struct {
		ID       int64  `json:"id"`
		Name     string `json:"name"`
		Movement struct {
			Rounds []struct {
				Tables []struct {
					Table  int   `json:"table"`
					Boards []int `json:"boards"`
				} `json:"tables"`
			} `json:"rounds"`
		} `json:"generated"`
	}
	sectionsPath := "/v1/events/" + strconv.FormatInt(ev.ID, 10) + "/sections"
	sections := make([]*loadSection, cfg.sections)
	for i := range sections {
		var sec sectionAnswer
		tries, err := c.send(ctx, "POST", sectionsPath, cfg.token, map[string]any{
			"name": sectionName(i),
			"movement": map[string]any{"kind": "mitchell", "tables": cfg.tables, "rounds": cfg.rounds,
				"boards_per_round": cfg.boardsPerRound},
		}, nil, http.StatusCreated, &sec)
		if landedBefore(tries, err) {
			var all []sectionAnswer
			if err = c.do(ctx, "GET", sectionsPath, cfg.token, nil, nil, http.StatusOK, &all); err == nil {
				err = fmt.Errorf("a retry was refused as a conflict, but the event has no section %s", sectionName(i))
				for _, o := range all {
					if o.Name == sectionName(i) {
						sec, err = o, nil
					}
				}
			}
		}
		if err != nil {
			return nil, fmt.Errorf("creating section %s: %w", sectionName(i), err)
		}
		s := &loadSection{id: sec.ID, tokens: map[int]string{}}
		for _, r := range sec.Movement.Rounds {
			var lr loadRound
			for _, t := range r.Tables {
				lr.tables = append(lr.tables, loadTable{table: t.Table, boards: t.Boards})
			}
			s.rounds = append(s.rounds, lr)
		}
		if len(s.rounds) == 0 {
			return nil, fmt.Errorf("section %s: the server answered a movement without rounds", sectionName(i))
		}
		s.next = make([]chan struct{}, len(s.rounds))
		for r := range s.next {
			s.next[r] = make(chan struct{})
		}
		s.left = make([]atomic.Int32, len(s.rounds))
		for r := range s.rounds {
			s.left[r].Store(int32(len(s.rounds[0].tables))) // every table's player passes every round
		}
		var pairs []map[string]any
		for n := 1; n <= cfg.tables; n++ {
			for _, dir := range []string{"NS", "EW"} {
				pairs = append(pairs, map[string]any{"number": strconv.Itoa(n), "direction": dir,
					"players": []map[string]string{{"name": "Player " + dir + strconv.Itoa(n) + "a"}, {"name": "Player " + dir + strconv.Itoa(n) + "b"}}})
			}
		}
		pairsPath := "/v1/sections/" + strconv.FormatInt(s.id, 10) + "/pairs"
		tries, err = c.send(ctx, "POST", pairsPath, cfg.token, pairs, nil, http.StatusCreated, nil)
		if landedBefore(tries, err) {
			var stored []json.RawMessage
			if err = c.do(ctx, "GET", pairsPath, cfg.token, nil, nil, http.StatusOK, &stored); err == nil && len(stored) != len(pairs) {
				err = fmt.Errorf("a retry was refused as a conflict, and the section has %d pairs of %d", len(stored), len(pairs))
			}
		}
		if err != nil {
			return nil, fmt.Errorf("adding the pairs of section %s: %w", sectionName(i), err)
		}
		var toks []struct {
			Table int    `json:"table"`
			Token string `json:"token"`
		}
		if err := c.do(ctx, "POST", "/v1/sections/"+strconv.FormatInt(s.id, 10)+"/tokens", cfg.token, map[string]any{}, nil, http.StatusCreated, &toks); err != nil {
			return nil, fmt.Errorf("issuing the table tokens of section %s: %w", sectionName(i), err)
		}
		for _, t := range toks {
			s.tokens[t.Table] = t.Token
		}
		sections[i] = s
	}
	return sections, nil
}

// landedBefore reports whether a request sent tries times was refused as a
// conflict (409) on a retry: the first attempt may have been stored, its
// answer lost.
func landedBefore(tries int, err error) bool {
	var se *statusError
	return tries > 1 && errors.As(err, &se) && se.status == http.StatusConflict
}

// sectionName names section i: A, B, … Z, AA, AB, …
func sectionName(i int) string {
	name := ""
	for i++; i > 0; i = (i - 1) / 26 {
		name = string(rune('A'+(i-1)%26)) + name
	}
	return name
}

// openTables has every table open its section with its token before play
// starts, as a table's page shows the round before the first board: the
// connections are made and the tokens known before the clock runs.
func openTables(ctx context.Context, c *loadClient, sections []*loadSection) error {
	var wg sync.WaitGroup
	errs := make(chan error, 1)
	sem := make(chan struct{}, 64)
	for _, s := range sections {
		for table, token := range s.tokens {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				err := c.do(ctx, "GET", "/v1/sections/"+strconv.FormatInt(s.id, 10), token, nil, nil, http.StatusOK, nil)
				if err != nil {
					select {
					case errs <- fmt.Errorf("table %d of section %d opening its section: %w", table, s.id, err):
					default:
					}
				}
			}()
		}
	}
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

// playTable enters one table's results round by round with its token,
// waiting for the director to move the section on between rounds. Each
// request carries an Idempotency-Key of its own, sent again with every
// retry, so an entry stored before its answer was lost is not stored twice.
func playTable(ctx context.Context, c *loadClient, cfg loadConfig, s *loadSection, table int, record func(time.Duration, int, error)) {
	token := s.tokens[table]
	path := "/v1/sections/" + strconv.FormatInt(s.id, 10) + "/results"
	n := table
	for ri, r := range s.rounds {
		if ri > 0 {
			select {
			case <-s.next[ri-1]:
			case <-ctx.Done():
				return
			}
		}
		var seat *loadTable
		for i := range r.tables {
			if r.tables[i].table == table {
				seat = &r.tables[i]
			}
		}
		if seat != nil {
			var batch []map[string]any
			flush := func() {
				if len(batch) == 0 {
					return
				}
				var body any = batch
				if len(batch) == 1 {
					body = batch[0]
				}
				if cfg.pace != nil && cfg.pace.Wait(ctx) != nil {
					return
				}
				t0 := time.Now()
				err := c.do(ctx, "POST", path, token, body, map[string]string{"Idempotency-Key": newKey()}, http.StatusCreated, nil)
				d := time.Since(t0) // retries included: how long the table waited
				if err == nil {
					s.recordEntered(int64(len(batch)))
				}
				record(d, len(batch), err)
				batch = batch[:0]
			}
			for _, b := range seat.boards {
				res := contractsForLoad[n%len(contractsForLoad)]
				n++
				batch = append(batch, map[string]any{"board": b, "round": ri + 1, "table": table,
					"contract": res.contract, "declarer": res.declarer, "tricks": res.tricks})
				if len(batch) == cfg.batch {
					flush()
				}
			}
			flush()
		}
		s.left[ri].Add(-1)
	}
}

// recordEntered counts answered entries and offers the prober the count
// reached and when.
func (s *loadSection) recordEntered(n int64) {
	at := time.Now()
	count := s.entered.Add(n)
	select {
	case s.answered <- entryAnswered{section: s, count: count, at: at}:
	default:
	}
}

// planned is how many results the section's movement has its tables enter.
func (s *loadSection) planned() int {
	n := 0
	for _, r := range s.rounds {
		for _, t := range r.tables {
			n += len(t.boards)
		}
	}
	return n
}

// advanceRounds moves a section to the next round once all its tables have
// finished the current one, as the director calls the move.
func advanceRounds(ctx context.Context, c *loadClient, cfg loadConfig, s *loadSection) {
	for ri := 0; ri < len(s.rounds)-1; ri++ {
		for s.left[ri].Load() > 0 {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Millisecond):
			}
		}
		err := moveSection(ctx, c, cfg, s, ri+2)
		if err != nil {
			fmt.Fprintf(os.Stderr, "traveler-load: moving section %d to round %d: %v\n", s.id, ri+2, err)
		}
		close(s.next[ri])
	}
}

// moveSection sets the section's current round, as the director does. A
// retried move whose first attempt did land may be refused (412 or 409:
// the section is no longer as the retry expected): then the section is read
// again, and a section already at the round is the move done.
func moveSection(ctx context.Context, c *loadClient, cfg loadConfig, s *loadSection, round int) error {
	path := "/v1/sections/" + strconv.FormatInt(s.id, 10)
	tries, err := c.send(ctx, "PATCH", path, cfg.token, map[string]any{"current_round": round}, nil, http.StatusOK, nil)
	var se *statusError
	if err == nil || tries < 2 || !errors.As(err, &se) || (se.status != http.StatusPreconditionFailed && se.status != http.StatusConflict) {
		return err
	}
	var sec struct {
		CurrentRound int `json:"current_round"`
	}
	if rerr := c.do(ctx, "GET", path, cfg.token, nil, nil, http.StatusOK, &sec); rerr != nil {
		return fmt.Errorf("%w (and reading the section again: %v)", err, rerr)
	}
	if sec.CurrentRound == round {
		return nil
	}
	return fmt.Errorf("%w (the section is at round %d)", err, sec.CurrentRound)
}

// probeResult is what the standings prober saw.
type probeResult struct {
	probes, stale int
	lags, reads   []time.Duration
}

// entryAnswered is an entry the server has just answered 201: its section,
// how many of the section's results had been answered by then, and when.
type entryAnswered struct {
	section *loadSection
	count   int64     // results of the section answered by then
	at      time.Time // when this entry was answered
}

// probe measures how soon an accepted result shows in the standings: it
// takes the latest entry answered (at most one every probeEvery), reads its
// section's standings at once and checks they count at least as many
// results as had been answered by then (else they are stale). The lag is
// from the entry's answer to the standings' arrival.
func probe(ctx context.Context, c *loadClient, cfg loadConfig, answered <-chan entryAnswered) *probeResult {
	out := &probeResult{}
	tick := time.NewTicker(cfg.probeEvery)
	defer tick.Stop()
	for {
		var e entryAnswered
		select {
		case <-ctx.Done():
			return out
		case e = <-answered:
		}
		var st struct {
			Results int64 `json:"results"`
		}
		t0 := time.Now()
		err := c.do(ctx, "GET", "/v1/sections/"+strconv.FormatInt(e.section.id, 10)+"/standings", cfg.token, nil, nil, http.StatusOK, &st)
		now := time.Now()
		switch {
		case ctx.Err() != nil:
			return out
		case err != nil || st.Results < e.count:
			out.stale++
		default:
			out.probes++
			out.reads = append(out.reads, now.Sub(t0))
			out.lags = append(out.lags, now.Sub(e.at))
		}
		select {
		case <-ctx.Done():
			return out
		case <-tick.C:
		}
		select { // an entry offered while waiting is stale: take a fresh one
		case <-answered:
		default:
		}
	}
}

// newKey returns a random Idempotency-Key.
func newKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
