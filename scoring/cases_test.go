package scoring_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/dto"
)

// handCase is one hand-worked expectation from testdata/cases/<law>.jsonl:
// a `traveler score` input line, the score worked out by hand from LAWS.md
// and the seed book, and the citation with the arithmetic ("why").
type handCase struct {
	Name      string          `json:"name"`
	In        json.RawMessage `json:"in"`
	Want      *wantScore      `json:"want"`
	WantError string          `json:"want_error"`
	Why       string          `json:"why"`
}

type wantScore struct {
	NSScore int      `json:"ns_score"`
	NS      wantSide `json:"ns"`
	EW      wantSide `json:"ew"`
	Void    bool     `json:"void"`
}

type wantSide struct {
	Trick   int `json:"trick"`
	Honour  int `json:"honour"`
	Premium int `json:"premium"`
	Total   int `json:"total"`
}

// TestHandWorkedCases runs every hand-worked case of every law code through
// the same path as `traveler score` and compares every figure.
func TestHandWorkedCases(t *testing.T) {
	files, err := filepath.Glob("testdata/cases/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no case files in testdata/cases: %v", err)
	}
	for _, file := range files {
		law := strings.TrimSuffix(filepath.Base(file), ".jsonl")
		t.Run(law, func(t *testing.T) {
			cases := readCases(t, file)
			if len(cases) < 40 {
				t.Errorf("%s has %d cases; every law code needs at least 40", file, len(cases))
			}
			for _, c := range cases {
				t.Run(c.Name, func(t *testing.T) { runCase(t, law, c) })
			}
		})
	}
}

func readCases(t *testing.T, file string) []handCase {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []handCase
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var c handCase
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("%s:%d: %v", file, n, err)
		}
		if c.Name == "" || seen[c.Name] {
			t.Fatalf("%s:%d: case name %q missing or repeated", file, n, c.Name)
		}
		seen[c.Name] = true
		if (c.Want == nil) == (c.WantError == "") {
			t.Fatalf("%s:%d: a case has either want or want_error", file, n)
		}
		if c.Why == "" && c.Want != nil {
			t.Fatalf("%s:%d: case %q cites no law (why)", file, n, c.Name)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func runCase(t *testing.T, law string, c handCase) {
	var in struct {
		Law string `json:"law"`
	}
	if err := json.Unmarshal(c.In, &in); err != nil || in.Law != law {
		t.Fatalf("case input law %q is not the file's law %q (%v)", in.Law, law, err)
	}
	out, ok := api.Score(c.In)
	if c.WantError != "" {
		if ok {
			t.Fatalf("scored %s; want an error mentioning %q", out, c.WantError)
		}
		var e dto.ErrorResponse
		if err := json.Unmarshal(out, &e); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.ToLower(e.Error), strings.ToLower(c.WantError)) {
			t.Errorf("error %q does not mention %q", e.Error, c.WantError)
		}
		return
	}
	if !ok {
		t.Fatalf("refused: %s\nwhy: %s", out, c.Why)
	}
	var got api.ScoreResponse
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	w := c.Want
	if got.NSScore != w.NSScore || got.Void != w.Void ||
		got.NS != api.SideScoreResponse(w.NS) || got.EW != api.SideScoreResponse(w.EW) {
		t.Errorf("\n in:   %s\n got:  ns_score %d ns %+v ew %+v void %v\n want: ns_score %d ns %+v ew %+v void %v\n lines: %q\n why:  %s",
			c.In, got.NSScore, got.NS, got.EW, got.Void, w.NSScore, w.NS, w.EW, w.Void, got.Lines, c.Why)
	}
}
