//go:build ignore

// traveler.go is traveler's half of the bridge-scorer comparison (./run):
// it writes the seeded contract-2017 results both sides read, as lines of
// `traveler score` input, and times scoring.Rules.NSScore on them.
//
//	go run traveler.go gen -n 1000000 -seed 1 > results.jsonl
//	go run traveler.go bench -runs 5 -scores traveler.txt < results.jsonl
//
// bench reads every line as `traveler score` and POST /v1/score read it
// (api.DecodeScoreRequest, then Scorable), scores them all once to warm
// up, then -runs times against the clock, and prints the median and the
// best nanoseconds a result: "median best" for NSScore, then the same for
// the itemised Score, which must give the same NS scores. -scores gets
// each line's NS score, one a line. It stays out of ./... (the build tag) because it is a
// tool of this script, not a package of the import table.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/scoring"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: go run traveler.go gen|bench [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = gen(os.Args[2:])
	case "bench":
		err = bench(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q: gen or bench", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "traveler.go:", err)
		os.Exit(1)
	}
}

// gen writes n contract-2017 results drawn from the seed: 1 in 100 passed
// out; else a level 1–7 and a strain at random, undoubled 6 times in 10,
// doubled 3, redoubled 1; any declarer and vulnerability; and the tricks
// within three of the contract 3 times in 4, any 0–13 otherwise.
func gen(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	n := fs.Int("n", 1000000, "how many results")
	seed := fs.Uint64("seed", 1, "the random seed")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(*seed, 15))
	w := bufio.NewWriterSize(os.Stdout, 1<<16)
	strains := []string{"C", "D", "H", "S", "NT"}
	vuls := []string{"None", "NS", "EW", "All"}
	var line []byte
	for range *n {
		line = append(line[:0], `{"law":"contract-2017","contract":"`...)
		vul := vuls[rng.IntN(4)]
		if rng.IntN(100) == 0 {
			line = append(line, `PASS","vulnerable":"`+vul+`"}`+"\n"...)
			w.Write(line)
			continue
		}
		level := 1 + rng.IntN(7)
		line = strconv.AppendInt(line, int64(level), 10)
		line = append(line, strains[rng.IntN(5)]...)
		switch d := rng.IntN(10); {
		case d == 9:
			line = append(line, "XX"...)
		case d >= 6:
			line = append(line, 'X')
		}
		tricks := rng.IntN(14)
		if rng.IntN(4) > 0 {
			tricks = min(13, max(0, 6+level+rng.IntN(7)-3))
		}
		line = append(line, `","declarer":"`...)
		line = append(line, "NESW"[rng.IntN(4)])
		line = append(line, `","tricks":`...)
		line = strconv.AppendInt(line, int64(tricks), 10)
		line = append(line, `,"vulnerable":"`+vul+`"}`+"\n"...)
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return w.Flush()
}

// bench reads the results from stdin and times NSScore on them.
func bench(args []string) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	runs := fs.Int("runs", 5, "timed runs over every result, after one to warm up")
	scores := fs.String("scores", "", "write each result's NS score here, one a line")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *runs < 1 {
		return fmt.Errorf("-runs %d: at least 1", *runs)
	}
	rules := scoring.NewRules(scoring.Contract2017)
	var results []scoring.Result
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		q, err := api.DecodeScoreRequest(sc.Bytes())
		if err != nil {
			return fmt.Errorf("line %d: %v", len(results)+1, err)
		}
		r, res, err := q.Scorable()
		if err != nil {
			return fmt.Errorf("line %d: %v", len(results)+1, err)
		}
		if r.Law != rules.Law || r.Options != rules.Options {
			return fmt.Errorf("line %d: %s, not contract-2017 at its defaults", len(results)+1, r.Law)
		}
		results = append(results, res)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if len(results) == 0 {
		return fmt.Errorf("no results on stdin")
	}
	out := make([]int32, len(results))
	nsScore, err := timeRuns(*runs, &rules, results, out, false)
	if err != nil {
		return err
	}
	itemised := make([]int32, len(results))
	score, err := timeRuns(*runs, &rules, results, itemised, true)
	if err != nil {
		return err
	}
	for i := range out {
		if out[i] != itemised[i] {
			return fmt.Errorf("line %d: NSScore gives %d, Score %d", i+1, out[i], itemised[i])
		}
	}
	if *scores != "" {
		if err := writeScores(*scores, out); err != nil {
			return err
		}
	}
	fmt.Printf("%.2f %.2f %.2f %.2f\n", nsScore[len(nsScore)/2], nsScore[0], score[len(score)/2], score[0])
	return nil
}

// timeRuns scores every result once to warm up, then runs times against
// the clock, into out: with NSScore, or itemised with Score. It returns the
// nanoseconds a result of each timed run, fastest first.
func timeRuns(runs int, rules *scoring.Rules, results []scoring.Result, out []int32, itemised bool) ([]float64, error) {
	var perResult []float64
	for run := 0; run <= runs; run++ {
		start := time.Now()
		var err error
		if itemised {
			for i := range results {
				var s scoring.Score
				if s, err = rules.Score(&results[i]); err != nil {
					return nil, fmt.Errorf("line %d: %v", i+1, err)
				}
				out[i] = int32(s.NSScore())
			}
		} else {
			for i := range results {
				var v int
				if v, err = rules.NSScore(&results[i]); err != nil {
					return nil, fmt.Errorf("line %d: %v", i+1, err)
				}
				out[i] = int32(v)
			}
		}
		if run > 0 { // run 0 warms up
			perResult = append(perResult, float64(time.Since(start).Nanoseconds())/float64(len(results)))
		}
	}
	slices.Sort(perResult)
	return perResult, nil
}

// writeScores writes one score a line.
func writeScores(path string, scores []int32) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	var buf []byte
	for _, s := range scores {
		buf = strconv.AppendInt(buf[:0], int64(s), 10)
		buf = append(buf, '\n')
		w.Write(buf)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
