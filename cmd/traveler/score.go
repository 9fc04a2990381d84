package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/traveler-bridge/traveler/api"
)

// maxLine is the longest input line `traveler score` reads.
const maxLine = 1 << 20

// scoreBatch is how many lines travel together between the reader, the
// workers and the writer.
const scoreBatch = 512

// runScore streams JSON lines from stdin to stdout, one answer per line in
// the same order, scoring batches on every core. It exits 1 when any line
// failed.
func runScore(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "lines are scored by this many goroutines")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler score [-workers N] < results.jsonl")
		fmt.Fprintln(stderr, "\nEach input line is a JSON result, e.g.")
		fmt.Fprintln(stderr, `  {"law": "auction-1915", "contract": "4SX", "declarer": "N", "tricks": 10}`)
		fmt.Fprintln(stderr, "and gives one JSON line out: the score, or {\"error\": ...}.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "traveler score: unexpected argument %q: the results come on stdin\n", fs.Arg(0))
		return 2
	}
	if *workers < 1 {
		fmt.Fprintf(stderr, "traveler score: -workers %d: must be 1 or more\n", *workers)
		return 2
	}
	// Scoring garbage is short-lived: collecting less often is worth a
	// little more memory when streaming millions of lines.
	debug.SetGCPercent(400)
	failed, err := scoreStream(ctx, stdin, stdout, *workers)
	if err != nil {
		fmt.Fprintf(stderr, "traveler score: %v\n", err)
		return 1
	}
	if failed > 0 {
		fmt.Fprintf(stderr, "traveler score: %d line(s) had errors\n", failed)
		return 1
	}
	return 0
}

// batch is a run of input lines and, once scored, their answers. Batches
// go back to the reader once written, buffers and all.
type batch struct {
	data []byte // the lines, one after another, without their newlines
	ends []int  // where each line ends in data
	out  []byte
	done chan struct{}
}

// scoreStream scores every line of r onto w in order and returns how many
// lines failed.
func scoreStream(ctx context.Context, r io.Reader, w io.Writer, workers int) (int64, error) {
	var failed atomic.Int64
	jobs := make(chan *batch, workers*2)
	order := make(chan *batch, workers*4)
	free := make(chan *batch, workers*6+2) // every batch there can be, so a return never blocks
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range jobs {
				start := 0
				for _, end := range b.ends {
					var ok bool
					if b.out, ok = api.AppendScoreLine(b.out, b.data[start:end]); !ok {
						failed.Add(1)
					}
					b.out = append(b.out, '\n')
					start = end
				}
				close(b.done)
			}
		}()
	}
	writeErr := make(chan error, 1)
	go func() {
		var err error
		for b := range order {
			<-b.done
			if err == nil {
				_, err = w.Write(b.out)
			}
			select {
			case free <- b:
			default:
			}
		}
		writeErr <- err
	}()

	readErr := readBatches(ctx, r, jobs, order, free)
	close(jobs)
	close(order)
	wg.Wait()
	if err := <-writeErr; err != nil {
		return failed.Load(), err
	}
	return failed.Load(), readErr
}

// readBatches splits the input into batches, reusing the written ones
// from free, and hands each to the workers and, in order, to the writer.
func readBatches(ctx context.Context, r io.Reader, jobs, order chan<- *batch, free <-chan *batch) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	next := func() *batch {
		select {
		case b := <-free:
			b.data, b.ends, b.out = b.data[:0], b.ends[:0], b.out[:0]
			b.done = make(chan struct{})
			return b
		default:
			return &batch{done: make(chan struct{})}
		}
	}
	b := next()
	send := func() {
		order <- b
		jobs <- b
		b = next()
	}
	for sc.Scan() {
		b.data = append(b.data, sc.Bytes()...)
		b.ends = append(b.ends, len(b.data))
		if len(b.ends) == scoreBatch {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			send()
		}
	}
	if len(b.ends) > 0 {
		send()
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("a line is longer than %d bytes", maxLine)
		}
		return err
	}
	return nil
}
