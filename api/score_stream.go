package api

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
)

// maxLine is the longest input line ScoreStream reads.
const maxLine = 1 << 20

// ScoreBatch is how many lines travel together through ScoreStream, from
// the reader to the workers and the writer.
const ScoreBatch = 512

// batch is a run of input lines and, once scored, their answers. Batches
// go back to the reader once written, buffers and all.
type batch struct {
	data []byte // the lines, one after another, without their newlines
	ends []int  // where each line ends in data
	out  []byte
	done chan struct{}
}

// ScoreStream is `traveler score`'s pipeline: it scores every line of r
// (a JSON result, AppendScoreLine) onto w, one answer a line in the same
// order, on workers goroutines, and returns how many lines failed. The
// input goes in batches of ScoreBatch lines from the reader to the workers
// and, in order, to the writer; written batches are used again, buffers and
// all. A line longer than maxLine stops it with an error, as does ctx.
func ScoreStream(ctx context.Context, r io.Reader, w io.Writer, workers int) (int64, error) {
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
					if b.out, ok = AppendScoreLine(b.out, b.data[start:end]); !ok {
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
		if len(b.ends) == ScoreBatch {
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
