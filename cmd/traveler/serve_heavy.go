package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/heavyproc"
)

// The environment variables of serve's memory and heavy reads.
const (
	envMemoryLimit     = "TRAVELER_MEMORY_LIMIT"
	envHeavyWorkers    = "TRAVELER_HEAVY_WORKERS"
	envHeavyWait       = "TRAVELER_HEAVY_WAIT"
	envHeavyKeep       = "TRAVELER_HEAVY_KEEP"
	envHeavyKeepOnDisk = "TRAVELER_HEAVY_KEEP_ON_DISK"
	envHeavyDir        = "TRAVELER_HEAVY_DIR"
	envHeavyNice       = "TRAVELER_HEAVY_NICE"
	envHeavyApart      = "TRAVELER_HEAVY_APART"
	envHeavyCores      = "TRAVELER_HEAVY_CORES"
	envHeavyGiveWay    = "TRAVELER_HEAVY_GIVE_WAY"
)

// defaultHeavyCores is how many cores a making apart may run on at once
// (its GOMAXPROCS): one, on the documented 2-core box. A making on both
// cores, even at nice 19, held result entry back ×50 there (a nice-19
// loop on each core: entry p99 3.3 → 163 ms; on one core 5.0 ms,
// BENCHMARKS.md "Heavy reads").
const defaultHeavyCores = 1

// defaultMemoryLimit (MiB) is the Go heap's soft limit for a server on the
// documented 2-core box unless told (--memory-limit, or GOMEMLIMIT): the
// collector works harder as the heap nears it, so that four of every
// report of a 180,000-result event at once stay under 1 GB
// (BENCHMARKS.md, "Heavy reads").
const defaultMemoryLimit = 768

// heavyConfig is what serve is told of its memory and of the reports and
// files it makes (tournament.HeavyOptions).
type heavyConfig struct {
	memoryLimit int // MiB; 0: GOMEMLIMIT when set, else defaultMemoryLimit
	workers     int
	wait        time.Duration
	keep        int // MiB
	keepOnDisk  int // MiB
	dir         string
	nice        int
	apart       bool
	cores       int
	giveWay     bool
}

// register defines the flags on fs, their defaults from the environment.
func (h *heavyConfig) register(fs *flag.FlagSet, envErrs *[]error) {
	fs.IntVar(&h.memoryLimit, "memory-limit", envNumber[int](envMemoryLimit, envErrs), fmt.Sprintf("MiB the Go heap is kept under, a soft limit: the collector works harder near it (env %s; 0: GOMEMLIMIT when set, else %d)", envMemoryLimit, defaultMemoryLimit))
	fs.IntVar(&h.workers, "heavy-workers", envNumber[int](envHeavyWorkers, envErrs), fmt.Sprintf("reports and files made at once, apart from result entry (env %s; 0: %d)", envHeavyWorkers, tournament.DefaultHeavyWorkers))
	fs.DurationVar(&h.wait, "heavy-wait", envDuration(envHeavyWait, envErrs), fmt.Sprintf("how long a report waits for a worker; past it 503 with Retry-After (env %s; 0: %s)", envHeavyWait, tournament.DefaultHeavyWait))
	fs.IntVar(&h.keep, "heavy-keep", envNumber[int](envHeavyKeep, envErrs), fmt.Sprintf("MiB of small reports and files kept in memory while their event is unchanged (env %s; 0: %d)", envHeavyKeep, tournament.DefaultHeavyKeep>>20))
	fs.IntVar(&h.keepOnDisk, "heavy-keep-on-disk", envNumber[int](envHeavyKeepOnDisk, envErrs), fmt.Sprintf("MiB of large ones (over %d MiB) kept in temporary files in --heavy-dir (env %s; 0: %d)", tournament.DefaultHeavySpillAt>>20, envHeavyKeepOnDisk, tournament.DefaultHeavyKeepOnDisk>>20))
	fs.StringVar(&h.dir, "heavy-dir", os.Getenv(envHeavyDir), "where large reports and files are written, unlinked at once (env "+envHeavyDir+"; default: $TMPDIR or /tmp; not a tmpfs where memory is short)")
	nice := tournament.DefaultHeavyNice
	if os.Getenv(envHeavyNice) != "" {
		nice = envNumber[int](envHeavyNice, envErrs)
	}
	apart := true
	if v := os.Getenv(envHeavyApart); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			*envErrs = append(*envErrs, fmt.Errorf("%s=%q: true or false", envHeavyApart, v))
		}
		apart = b
	}
	giveWay := true
	if v := os.Getenv(envHeavyGiveWay); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			*envErrs = append(*envErrs, fmt.Errorf("%s=%q: true or false", envHeavyGiveWay, v))
		}
		giveWay = b
	}
	fs.BoolVar(&h.giveWay, "heavy-give-way", giveWay, "a making of a report or file stops while a change (result entry) is served, at most "+heavyproc.MaxGiveWay.String()+" at a time (env "+envHeavyGiveWay+"; false: it goes on beside it)")
	fs.BoolVar(&h.apart, "heavy-apart", apart, "make each report and file in a process of its own (traveler make-heavy), whose memory and collector never hold back result entry (env "+envHeavyApart+"; false: in this process)")
	fs.IntVar(&h.cores, "heavy-cores", envNumber[int](envHeavyCores, envErrs), fmt.Sprintf("with --heavy-apart, the cores a making may run on at once, its GOMAXPROCS (env %s; 0: %d); leave result entry a core of its own", envHeavyCores, defaultHeavyCores))
	fs.IntVar(&h.nice, "heavy-nice", nice, "the nice value (0–19) of the threads making and sending reports and files, on Linux; result entry comes first (env "+envHeavyNice+"; 0: not lowered; 19 also the idle scheduling class, SCHED_IDLE)")
}

// check refuses values out of range.
func (h *heavyConfig) check() error {
	if h.memoryLimit < 0 || h.workers < 0 || h.wait < 0 || h.keep < 0 || h.keepOnDisk < 0 || h.cores < 0 {
		return fmt.Errorf("--memory-limit, --heavy-workers, --heavy-wait, --heavy-keep, --heavy-keep-on-disk and --heavy-cores must be 0 or more")
	}
	if h.nice < 0 || h.nice > 19 {
		return fmt.Errorf("--heavy-nice %d: a nice value from 0 (not lowered) to 19 (the lowest priority)", h.nice)
	}
	return nil
}

// options are the tournament.HeavyOptions h says.
func (h *heavyConfig) options() tournament.HeavyOptions {
	o := tournament.HeavyOptions{
		Workers:    h.workers,
		Wait:       h.wait,
		Keep:       int64(h.keep) << 20,
		KeepOnDisk: int64(h.keepOnDisk) << 20,
		Dir:        h.dir,
		Nice:       h.nice,
		Cores:      h.coresOr(),
	}
	if h.nice == 0 {
		o.Nice = -1 // not lowered
	}
	return o
}

// coresOr is --heavy-cores, its default filled in.
func (h *heavyConfig) coresOr() int { return cmp.Or(h.cores, defaultHeavyCores) }

// apartMaker is the tournament.HeavyMaker of --heavy-apart: this program's
// `make-heavy` on the database at databaseURL (the public's reads on
// replicaURL's when set), on --heavy-cores cores (its GOMAXPROCS), at the
// making thread's nice value, which it inherits, its database connections lowered to it too, its Go heap
// under the same soft limit as serve's; what it says on its standard error
// goes to stderr; it gives way to entry through gate (nil: it does not).
func (h *heavyConfig) apartMaker(databaseURL, replicaURL string, stderr io.Writer, gate *heavyproc.Gate) (tournament.HeavyMaker, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("--heavy-apart: this program cannot be found to run it again (%w): --heavy-apart=false makes reports in this process", err)
	}
	env := []string{envDatabaseURL + "=" + databaseURL, envReplicaURL + "=" + replicaURL,
		"GOMAXPROCS=" + strconv.Itoa(h.coresOr())}
	if os.Getenv("GOMEMLIMIT") == "" {
		env = append(env, "GOMEMLIMIT="+strconv.Itoa(cmp.Or(h.memoryLimit, defaultMemoryLimit))+"MiB")
	}
	return heavyproc.Command(exe, []string{"make-heavy", "--nice", strconv.Itoa(h.nice)}, env, stderr, gate), nil
}

// setMemoryLimit sets the Go heap's soft limit h says and returns a func
// that sets it back: --memory-limit, else GOMEMLIMIT as the runtime read
// it, else defaultMemoryLimit.
func (h *heavyConfig) setMemoryLimit() (restore func()) {
	mib := h.memoryLimit
	if mib == 0 {
		if os.Getenv("GOMEMLIMIT") != "" {
			return func() {}
		}
		mib = defaultMemoryLimit
	}
	old := debug.SetMemoryLimit(int64(mib) << 20)
	return func() { debug.SetMemoryLimit(old) }
}
