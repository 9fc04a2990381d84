package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestScoreCommand runs `traveler score` end to end: one JSON line out per
// line in, in order, errors in place, exit status 1 when a line failed.
func TestScoreCommand(t *testing.T) {
	in := strings.Join([]string{
		// seed 003 Laws 3, 56: 4 odd at 9 doubled = 72, made doubled 50; Law A premium 125
		`{"law": "auction-1915", "contract": "4SX", "declarer": "N", "tricks": 10}`,
		// Clark's four nullos (seed 001, nullo chapter): 5 odd tricks at 8 = 40; premium 125
		`{"law": "royal-auction-1913", "contract": "4NL", "declarer": "S", "tricks": 2}`,
		`{"law": "royalton-1915", "contract": "3Z", "declarer": "N", "tricks": 8}`,
		// seed 000 Laws 32, 36: the royal undertrick at 100
		`{"law": "royalton-1915", "contract": "3SR", "declarer": "E", "tricks": 8}`,
		`not json`,
		// Law 77: 4S vulnerable (board 2: NS) = 120 + 500
		`{"law": "contract-2017", "contract": "4S", "declarer": "N", "tricks": 10, "board": 2}`,
	}, "\n") + "\n"
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"score"}, strings.NewReader(in), &stdout, &stderr)
	if code != 1 {
		t.Errorf("exit status %d, want 1 (two lines failed); stderr %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines out for 6 in:\n%s", len(lines), stdout.String())
	}
	wantScores := map[int]int{0: 247, 1: 165, 3: 100, 5: 620}
	for i, line := range lines {
		var out map[string]any
		if err := json.Unmarshal([]byte(line), &out); err != nil {
			t.Fatalf("line %d is not JSON: %q", i+1, line)
		}
		if want, ok := wantScores[i]; ok {
			if got := out["ns_score"]; got != float64(want) {
				t.Errorf("line %d: ns_score %v, want %d: %s", i+1, got, want, line)
			}
			continue
		}
		if _, ok := out["error"]; !ok {
			t.Errorf("line %d: want an error, got %s", i+1, line)
		}
	}
	if !strings.Contains(lines[2], `"field":"contract"`) || !strings.Contains(lines[2], "NL") {
		t.Errorf("the bad strain's error should name the field and the allowed strains: %s", lines[2])
	}
}

// TestScoreCommandKeepsOrder sends many batches through the workers and
// checks each answer comes back on its own line.
func TestScoreCommandKeepsOrder(t *testing.T) {
	var in strings.Builder
	const n = 5000
	for i := 0; i < n; i++ {
		// contract-2017 1NT by N: 7+i%7 tricks; Law 77: 90, 120, ..., 270 not vulnerable
		fmt.Fprintf(&in, `{"law":"contract-2017","contract":"1NT","declarer":"N","tricks":%d}`+"\n", 7+i%7)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"score", "-workers", "3"}, strings.NewReader(in.String()), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("%d lines out, want %d", len(lines), n)
	}
	for i, line := range lines {
		want := fmt.Sprintf(`"ns_score":%d,`, 90+30*(i%7))
		if !strings.Contains(line, want) {
			t.Fatalf("line %d: %s, want %s", i+1, line, want)
		}
	}
}

// TestScoreCommandAnswersAsTheAPI sends lines of every shape (the usual
// ones the scanner reads, ones it leaves to encoding/json, refused ones)
// through enough batches that the buffers are reused, and checks each
// answer is, byte for byte, what POST /v1/score answers (api.AppendScore).
func TestScoreCommandAnswersAsTheAPI(t *testing.T) {
	deal := "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"
	shapes := []string{
		`{"law":"contract-2017","contract":"4HX","declarer":"N","tricks":10,"vulnerable":"NS"}`,
		`{"law":"auction-1915","contract":"4SX","declarer":"E","tricks":8,"deal":"` + deal + `"}`,
		`{"law":"royal-auction-1913","contract":"4NL","declarer":"S","tricks":2,"deal":"` + deal + `"}`,
		`{"law":"bridge-portland","contract":"NTXXX","declarer":"N","tricks":7,"revokes":[{"side":"EW"}]}`,
		`{"law":"contract-2017","board":3,"auction":["PASS","1NT","PASS","3NT","PASS","PASS","PASS"],"tricks":9}`,
		`{"law":"contract-2017","contract":"7NT","declarer":"W","tricks":3,"board":4}`,
		`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":14}`,
		`{"law":"contract-2017","Contract":"4S","declarer":"N","tricks":10}`,
		`not json`,
		``,
	}
	var in strings.Builder
	var lines []string
	for i := 0; i < 30*api.ScoreBatch+7; i++ { // more batches than the pipeline holds, so some are reused
		line := shapes[(i*7)%len(shapes)]
		lines = append(lines, line)
		in.WriteString(line + "\n")
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"score", "-workers", "2"}, strings.NewReader(in.String()), &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1 (some lines are wrong): %s", code, stderr.String())
	}
	out := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(out) != len(lines) {
		t.Fatalf("%d lines out, want %d", len(out), len(lines))
	}
	for i, line := range lines {
		want, _ := api.AppendScore(nil, []byte(line))
		if out[i] != string(want) {
			t.Fatalf("line %d %s:\n got  %s\n want %s", i+1, line, out[i], want)
		}
	}
}

func TestUnknownCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"nonsense"}, strings.NewReader(""), &stdout, &stderr); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if !strings.Contains(stderr.String(), `unknown command "nonsense"`) || !strings.Contains(stderr.String(), "score") {
		t.Errorf("stderr should name the bad command and list the good ones: %s", stderr.String())
	}
}
