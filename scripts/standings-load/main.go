//go:build ignore

// standings-load measures a section's standings from outside (issue 24
// §1): anonymous readers of GET /v1/sections/{id}/standings as fast as the
// server answers, or live-standings streams held open; with -pid it reads
// the server's CPU time and resident memory from /proc. Each reader or
// stream sends X-Forwarded-For with an address of its own (start the
// server with --trusted-proxies 127.0.0.1), as many visitors would.
//
//	go run scripts/standings-load/main.go -section 3 -readers 16 -for 30s -pid $(pgrep -n traveler)
//	go run scripts/standings-load/main.go -section 3 -streams 10000 -for 60s -pid …
package main

import (
	"bufio"
	"context"
	"flag"
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

func main() {
	url := flag.String("url", "http://127.0.0.1:8080", "the server")
	section := flag.Int64("section", 0, "the section read")
	readers := flag.Int("readers", 0, "readers reading the standings as fast as answered")
	streams := flag.Int("streams", 0, "live-standings streams held open")
	dur := flag.Duration("for", 30*time.Second, "how long")
	pid := flag.Int("pid", 0, "the server's process id, for its CPU time and memory")
	flag.Parse()
	path := *url + "/v1/sections/" + strconv.FormatInt(*section, 10) + "/standings"
	cpu0, rss0 := proc(*pid)
	fmt.Printf("server before: %.1f MB resident\n", rss0)
	switch {
	case *readers > 0:
		read(path, *readers, *dur, *pid, cpu0)
	case *streams > 0:
		stream(path, *streams, *dur, *pid)
	}
}

// client is one visitor's client: one connection, its own address.
func client(max int) *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: max, MaxConnsPerHost: 0,
		DialContext: (&net.Dialer{Timeout: 30 * time.Second}).DialContext}}
}

// visitor is the X-Forwarded-For of visitor n.
func visitor(n int) string { return fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255) }

func read(path string, n int, dur time.Duration, pid int, cpu0 float64) {
	c := client(n)
	var mu sync.Mutex
	var lat []time.Duration
	var bad atomic.Int64
	ctx, cancel := context.WithTimeout(context.Background(), dur)
	defer cancel()
	var wg sync.WaitGroup
	t0 := time.Now()
	for i := range n {
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
	cpu1, rss := proc(pid)
	slices.Sort(lat)
	q := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000
	}
	fmt.Printf("%d readers, %.0f s: %d reads (%.0f/s), %d failed; latency ms p50 %.2f p99 %.2f max %.2f\n",
		n, el, len(lat), float64(len(lat))/el, bad.Load(), q(0.5), q(0.99), q(1))
	if pid > 0 && len(lat) > 0 {
		fmt.Printf("server: %.2f CPU s in all, %.3f ms CPU a read (entry included, if running); %.1f MB resident\n",
			cpu1-cpu0, (cpu1-cpu0)*1000/float64(len(lat)), rss)
	}
}

func stream(path string, n int, dur time.Duration, pid int) {
	var opened, events, failed atomic.Int64
	ctx, cancel := context.WithTimeout(context.Background(), dur)
	defer cancel()
	tr := &http.Transport{MaxConnsPerHost: 0, DisableKeepAlives: true}
	c := &http.Client{Transport: tr}
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequestWithContext(ctx, "GET", path, nil)
			req.Header.Set("Accept", "text/event-stream")
			req.Header.Set("X-Forwarded-For", visitor(i))
			resp, err := c.Do(req)
			if err != nil {
				failed.Add(1)
				return
			}
			defer resp.Body.Close()
			if resp.StatusCode != 200 {
				failed.Add(1)
				return
			}
			opened.Add(1)
			sc := bufio.NewScanner(resp.Body)
			sc.Buffer(make([]byte, 0, 4096), 8<<20)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "event: ") {
					events.Add(1)
				}
			}
		}()
		if i%500 == 499 {
			time.Sleep(50 * time.Millisecond) // 10,000 in about a second
		}
	}
	for ctx.Err() == nil {
		time.Sleep(5 * time.Second)
		_, rss := proc(pid)
		fmt.Printf("%s: %d streams open, %d failed, %d events read; server %.1f MB resident\n",
			time.Now().Format("15:04:05"), opened.Load(), failed.Load(), events.Load(), rss)
	}
	wg.Wait()
}

// proc returns a process's CPU seconds (user and system) and resident MB.
func proc(pid int) (cpu, rssMB float64) {
	if pid == 0 {
		return 0, 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err == nil {
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
		ut, _ := strconv.ParseFloat(f[11], 64)
		st, _ := strconv.ParseFloat(f[12], 64)
		cpu = (ut + st) / 100
	}
	b, err = os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "VmRSS:") {
				kb, _ := strconv.ParseFloat(strings.Fields(l)[1], 64)
				rssMB = kb / 1024
			}
		}
	}
	return cpu, rssMB
}
