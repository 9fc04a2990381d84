package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// standingsConfig is a load on one section's standings (--section): readers
// of GET …/standings, or live streams held open.
type standingsConfig struct {
	section    int64
	readers    int           // anonymous readers reading as fast as answered
	streams    int           // live streams held open
	dur        time.Duration // how long
	pid        int           // the server's process, for its CPU time and memory; 0: not read
	touchEvery time.Duration // a result of the section corrected this often (the director's token); 0: never
}

// visitor is the X-Forwarded-For of visitor n: each reader or stream comes
// from an address of its own, as many visitors would (start the server
// with --trusted-proxies 127.0.0.1).
func visitor(n int) string { return fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255) }

// runStandings runs the load sc on the section's standings and prints
// what it measured.
func runStandings(ctx context.Context, cfg loadConfig, sc standingsConfig, stdout io.Writer) error {
	base := strings.TrimRight(cfg.url, "/")
	path := base + "/v1/sections/" + strconv.FormatInt(sc.section, 10) + "/standings"
	ctx, cancel := context.WithTimeout(ctx, sc.dur)
	defer cancel()
	before := readProc(sc.pid)
	if sc.pid > 0 {
		fmt.Fprintf(stdout, "server before: %.1f MB resident (peak %.1f MB)\n", before.rss, before.hwm)
	}
	var touched touches
	if sc.touchEvery > 0 {
		c := &loadClient{base: base, http: &http.Client{Timeout: 30 * time.Second}, retryFor: cfg.retryFor}
		if err := touched.start(ctx, c, cfg.token, sc); err != nil {
			return err
		}
	}
	if sc.readers > 0 {
		readStandings(ctx, path, sc, before, stdout)
	} else {
		holdStreams(ctx, path, sc, before, &touched, stdout)
	}
	touched.wait()
	if sc.touchEvery > 0 {
		fmt.Fprintf(stdout, "results corrected meanwhile: %d (%d failed)\n", touched.done.Load(), touched.failed.Load())
		if sc.streams > 0 {
			p := summarise(touched.lags)
			fmt.Fprintf(stdout, "from a correction sent to the first stream's next event, ms: p50 %.0f  p99 %.0f  max %.0f (%d)\n",
				p.P50, p.P99, p.Max, len(touched.lags))
		}
	}
	return nil
}

// readStandings has sc.readers anonymous readers read the standings as
// fast as they are answered until ctx ends.
func readStandings(ctx context.Context, path string, sc standingsConfig, before procStat, stdout io.Writer) {
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: sc.readers,
		DialContext: (&net.Dialer{Timeout: 30 * time.Second}).DialContext}}
	var mu sync.Mutex
	var lat []time.Duration
	var bad atomic.Int64
	var wg sync.WaitGroup
	t0 := time.Now()
	for i := range sc.readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for k := 0; ctx.Err() == nil; k++ {
				req, _ := http.NewRequestWithContext(ctx, "GET", path, nil)
				req.Header.Set("X-Forwarded-For", visitor(i*100000+k%1000))
				s := time.Now()
				resp, err := c.Do(req)
				if err != nil {
					if ctx.Err() == nil {
						bad.Add(1)
					}
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					bad.Add(1)
					continue
				}
				mine = append(mine, time.Since(s))
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	el := time.Since(t0).Seconds()
	after := readProc(sc.pid)
	slices.Sort(lat)
	q := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000
	}
	fmt.Fprintf(stdout, "%d readers, %.0f s: %d reads (%.0f/s), %d failed; latency ms p50 %.2f p99 %.2f max %.2f\n",
		sc.readers, el, len(lat), float64(len(lat))/el, bad.Load(), q(0.5), q(0.99), q(1))
	if sc.pid > 0 && len(lat) > 0 {
		fmt.Fprintf(stdout, "server: %.2f CPU s in all, %.3f ms CPU a read (entry included, if running); %.1f MB resident (peak %.1f MB)\n",
			after.cpu-before.cpu, (after.cpu-before.cpu)*1000/float64(len(lat)), after.rss, after.hwm)
	}
}

// holdStreams opens sc.streams live streams (about 10,000 a second) and
// reads them until ctx ends, printing every 5 s how many are open, the
// events read and the server's memory, and at the end the server's CPU
// time since before.
func holdStreams(ctx context.Context, path string, sc standingsConfig, before procStat, touched *touches, stdout io.Writer) {
	var opened, events, failed atomic.Int64
	var whyMu sync.Mutex
	why := map[string]int{} // the failures by cause
	fail := func(cause string) {
		failed.Add(1)
		whyMu.Lock()
		why[cause]++
		whyMu.Unlock()
	}
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	var wg sync.WaitGroup
	for i := range sc.streams {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequestWithContext(ctx, "GET", path, nil)
			req.Header.Set("Accept", "text/event-stream")
			req.Header.Set("X-Forwarded-For", visitor(i))
			resp, err := c.Do(req)
			if err != nil {
				if ctx.Err() == nil {
					fail(errCause(err))
				}
				return
			}
			defer resp.Body.Close()
			if resp.StatusCode != 200 {
				fail(resp.Status)
				return
			}
			opened.Add(1)
			sc := bufio.NewScanner(resp.Body)
			sc.Buffer(make([]byte, 0, 4096), 8<<20)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "event: ") {
					events.Add(1)
					if i == 0 {
						touched.seen(time.Now())
					}
				}
			}
		}()
		if i%500 == 499 {
			time.Sleep(50 * time.Millisecond)
		}
	}
	tick := time.NewTicker(5 * time.Second)
	defer tick.Stop()
	for ctx.Err() == nil {
		select {
		case <-ctx.Done():
		case <-tick.C:
			p := readProc(sc.pid)
			fmt.Fprintf(stdout, "%s: %d streams open, %d failed, %d events read; server %.1f MB resident (peak %.1f MB)\n",
				time.Now().Format("15:04:05"), opened.Load(), failed.Load(), events.Load(), p.rss, p.hwm)
		}
	}
	wg.Wait()
	fmt.Fprintf(stdout, "%d streams opened, %d failed, %d events read\n", opened.Load(), failed.Load(), events.Load())
	if after := readProc(sc.pid); sc.pid > 0 {
		fmt.Fprintf(stdout, "server: %.2f CPU s in all; %.1f MB resident (peak %.1f MB)\n", after.cpu-before.cpu, after.rss, after.hwm)
	}
	if len(why) > 0 {
		fmt.Fprintf(stdout, "streams failed: %s\n", byCause(why))
	}
}

// errCause is a failed request's error, short: what failed, without the
// addresses.
func errCause(err error) string {
	s := err.Error()
	if i := strings.LastIndex(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	return s
}

// touches corrects one result of the section every touchEvery (its tricks
// one more, then back), as a director would: each a change of the
// standings.
type touches struct {
	wg           sync.WaitGroup
	done, failed atomic.Int64

	mu   sync.Mutex
	sent time.Time       // when the last correction was sent, until an event follows it
	lags []time.Duration // from a correction sent to the first stream's next event
}

// seen notes an event of the first stream at now: how long after the last
// correction was sent, if one was since the last event.
func (t *touches) seen(now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.sent.IsZero() {
		t.lags = append(t.lags, now.Sub(t.sent))
		t.sent = time.Time{}
	}
}

// touchedResult is what a correction reads and sends back of a result.
type touchedResult struct {
	ID       int64  `json:"id,omitempty"`
	Board    int    `json:"board"`
	Round    int    `json:"round"`
	Table    int    `json:"table"`
	NS       string `json:"ns"`
	EW       string `json:"ew"`
	Status   string `json:"status"`
	Contract string `json:"contract"`
	Declarer string `json:"declarer"`
	Tricks   int    `json:"tricks"`
	Version  int    `json:"version,omitempty"`
}

// start reads the section's first result at table 1 and corrects it every
// sc.touchEvery until ctx ends.
func (t *touches) start(ctx context.Context, c *loadClient, token string, sc standingsConfig) error {
	var rs []touchedResult
	path := "/v1/sections/" + strconv.FormatInt(sc.section, 10) + "/results?table=1"
	if err := c.do(ctx, "GET", path, token, nil, nil, http.StatusOK, &rs); err != nil {
		return fmt.Errorf("--touch-every: reading a result of section %d: %w", sc.section, err)
	}
	i := slices.IndexFunc(rs, func(r touchedResult) bool { return r.Status == "played" })
	if i < 0 {
		return fmt.Errorf("--touch-every: section %d has no played result at table 1 to correct", sc.section)
	}
	r := rs[i]
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		tick := time.NewTicker(sc.touchEvery)
		defer tick.Stop()
		for up := true; ; up = !up {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			in := r
			in.ID, in.Version = 0, 0
			if up {
				in.Tricks = (r.Tricks + 1) % 14
			} else {
				in.Tricks = (r.Tricks + 13) % 14
			}
			var out touchedResult
			t.mu.Lock()
			t.sent = time.Now()
			t.mu.Unlock()
			err := c.do(ctx, "PUT", "/v1/results/"+strconv.FormatInt(r.ID, 10), token, in,
				map[string]string{"If-Match": strconv.Itoa(r.Version)}, http.StatusOK, &out)
			if err != nil {
				if ctx.Err() == nil {
					t.failed.Add(1)
				}
				t.mu.Lock()
				t.sent = time.Time{} // no change: nothing to follow
				t.mu.Unlock()
				continue
			}
			r = out
			t.done.Add(1)
		}
	}()
	return nil
}

// wait waits for the corrections to stop.
func (t *touches) wait() { t.wg.Wait() }

// procStat is what /proc says of a process: CPU seconds (user and
// system), resident and peak resident MB (VmRSS, VmHWM).
type procStat struct{ cpu, rss, hwm float64 }

// readProc reads /proc of process pid; zeros when pid is 0 or unreadable.
func readProc(pid int) procStat {
	var p procStat
	if pid == 0 {
		return p
	}
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
		ut, _ := strconv.ParseFloat(f[11], 64)
		st, _ := strconv.ParseFloat(f[12], 64)
		p.cpu = (ut + st) / 100
	}
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid)); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			f := strings.Fields(l)
			if len(f) < 2 {
				continue
			}
			kb, _ := strconv.ParseFloat(f[1], 64)
			switch f[0] {
			case "VmRSS:":
				p.rss = kb / 1024
			case "VmHWM:":
				p.hwm = kb / 1024
			}
		}
	}
	return p
}
