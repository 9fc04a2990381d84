package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/traveler-bridge/traveler/db"
)

// The environment variables the commands read; flags of the same meaning
// win over them.
const (
	envAddr          = "TRAVELER_ADDR"
	envDatabaseURL   = "DATABASE_URL"
	envDataDir       = "TRAVELER_DATA_DIR"
	envDirectorToken = "TRAVELER_DIRECTOR_TOKEN"
	envBaseURL       = "TRAVELER_BASE_URL"
	envRateLimit     = "TRAVELER_RATE_LIMIT"
	envRateBurst     = "TRAVELER_RATE_BURST"
	envMaxBody       = "TRAVELER_MAX_BODY_BYTES"
	envTrustedProxy  = "TRAVELER_TRUSTED_PROXIES"
	envReplicaURL    = "TRAVELER_REPLICA_URL"
	envStreamsAddr   = "TRAVELER_STREAMS_PER_ADDRESS"
	envStreamsToken  = "TRAVELER_STREAMS_PER_TOKEN"
	envConnsAddr     = "TRAVELER_CONNECTIONS_PER_ADDRESS"
	envBodyTimeout   = "TRAVELER_BODY_TIMEOUT"
	envDDThreads     = "TRAVELER_DD_THREADS"
	envDDMemory      = "TRAVELER_DD_MEMORY"
	envLogFormat     = "TRAVELER_LOG_FORMAT"
	envLogLevel      = "TRAVELER_LOG_LEVEL"
)

// defaultAddr is where serve listens with nothing configured.
const defaultAddr = "127.0.0.1:8080"

// directorTokenFile is the file in the data directory where serve writes the
// director token it creates on a first start.
const directorTokenFile = "director-token"

// dbConfig is where a command finds its database: DATABASE_URL, else the
// managed local PostgreSQL in the data directory.
type dbConfig struct {
	databaseURL string
	dataDir     string
}

// register adds --database-url and --data-dir to fs, their defaults taken
// from the environment.
func (c *dbConfig) register(fs *flag.FlagSet) {
	fs.StringVar(&c.databaseURL, "database-url", os.Getenv(envDatabaseURL),
		"PostgreSQL URL, e.g. postgres://user@host:5432/traveler (env "+envDatabaseURL+"); none: the managed local PostgreSQL in --data-dir")
	fs.StringVar(&c.dataDir, "data-dir", os.Getenv(envDataDir),
		"where traveler keeps its data and the managed PostgreSQL (env "+envDataDir+"; default $XDG_DATA_HOME/traveler, else ~/.local/share/traveler)")
}

// resolve fills in the default data directory.
func (c *dbConfig) resolve() error {
	if c.dataDir != "" {
		return nil
	}
	d, err := defaultDataDir()
	if err != nil {
		return err
	}
	c.dataDir = d
	return nil
}

// defaultDataDir is $XDG_DATA_HOME/traveler, else ~/.local/share/traveler
// (the XDG Base Directory specification's default for XDG_DATA_HOME).
func defaultDataDir() (string, error) {
	if x := os.Getenv("XDG_DATA_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "traveler"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return "", fmt.Errorf("--data-dir: no home directory to put the data in (%v): give --data-dir or set %s", err, envDataDir)
	}
	return filepath.Join(home, ".local", "share", "traveler"), nil
}

// database is an open way to the database: its URL and what to do when the
// command is done with it.
type database struct {
	url   string
	local *db.LocalServer // the managed server, nil with DATABASE_URL
}

// openDatabase returns the database of c: DATABASE_URL's, or the managed
// local server's, started (and created on a first start).
func (c *dbConfig) openDatabase(ctx context.Context, log *slog.Logger) (*database, error) {
	if c.databaseURL != "" {
		return &database{url: c.databaseURL}, nil
	}
	local, err := db.StartLocal(ctx, c.dataDir, log)
	if err != nil {
		return nil, err
	}
	return &database{url: local.URL(), local: local}, nil
}

// release stops the managed local server, unless it was found running
// already and keepAdopted is set (a short command leaves a running serve's
// database alone).
func (d *database) release(keepAdopted bool) error {
	if d == nil || d.local == nil || (keepAdopted && d.local.Adopted()) {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	return d.local.Stop(ctx)
}

// describe names the database for logs without its password.
func (d *database) describe() string {
	if d.local != nil {
		return "managed PostgreSQL in " + d.local.DataDir()
	}
	return db.RedactURL(d.url)
}

// logConfig is how a command logs.
type logConfig struct {
	format string
	level  string
}

// register adds --log-format and --log-level to fs.
func (c *logConfig) register(fs *flag.FlagSet, defaultLevel string) {
	fs.StringVar(&c.format, "log-format", envDefault(envLogFormat, "auto"),
		"log format: json, text, or auto (text on a terminal, else json) (env "+envLogFormat+")")
	fs.StringVar(&c.level, "log-level", envDefault(envLogLevel, defaultLevel),
		"least level logged: debug, info, warn or error (env "+envLogLevel+")")
}

// logger returns the slog logger writing to w.
func (c *logConfig) logger(w io.Writer) (*slog.Logger, error) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.level)); err != nil {
		return nil, fmt.Errorf("--log-level %q: must be debug, info, warn or error", c.level)
	}
	opts := &slog.HandlerOptions{Level: level}
	switch c.format {
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "auto", "":
		if isTerminal(w) {
			return slog.New(slog.NewTextHandler(w, opts)), nil
		}
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("--log-format %q: must be json, text or auto", c.format)
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// envDefault returns the environment variable key, or def when it is unset or
// empty.
func envDefault(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// envNumber parses a numeric environment variable for a flag's default,
// recording a malformed value in *errs.
func envNumber[T int | int64 | float64](key string, errs *[]error) T {
	v := os.Getenv(key)
	if v == "" {
		return 0
	}
	var zero T
	switch any(zero).(type) {
	case float64:
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 {
			*errs = append(*errs, fmt.Errorf("%s=%q: must be a number, 0 or more", key, v))
			return 0
		}
		return T(f)
	default:
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			*errs = append(*errs, fmt.Errorf("%s=%q: must be a whole number, 0 or more", key, v))
			return 0
		}
		return T(n)
	}
}

// envDuration parses a duration environment variable ("30s", "2m") for a
// flag's default, recording a malformed or negative value in *errs.
func envDuration(key string, errs *[]error) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return 0
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		*errs = append(*errs, fmt.Errorf("%s=%q: must be a duration such as 30s or 2m, 0 or more", key, v))
		return 0
	}
	return d
}

// parseInterleaved parses fs over args, allowing flags after positional
// arguments, and returns the positional arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		rest = fs.Args()[1:]
	}
}

// parseFlags parses a command's flags and reports the exit status when the
// command should stop there: 0 for -h, 2 for a bad flag.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, int, bool) {
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, 0, true
		}
		return nil, 2, true
	}
	return pos, 0, false
}

// parseProxies reads --trusted-proxies: addresses or CIDR prefixes, comma
// separated ("10.0.0.5, 172.16.0.0/12").
func parseProxies(v string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(v, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("--trusted-proxies: %q is not an address or a prefix like 10.0.0.0/8", f)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}
