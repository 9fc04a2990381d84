package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// update rewrites the golden files under testdata/ instead of comparing
// with them: go test -run CLIReportGolden ./cmd/traveler -update.
var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// checkGolden compares got with the golden file at path (under testdata/),
// or writes it there with -update.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run %s -update writes it)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (go test -run %s -update rewrites it):\n%s", path, strings.SplitN(t.Name(), "/", 2)[0], firstDiff(string(want), string(got)))
	}
}

// royaltonCounts are the Royalton report's figures as the test counts them
// from a USEBIO file's traveler lines by itself.
type royaltonCounts struct {
	results, leftOut, exact, over, defeated int
	strains                                 map[string]int
	bidSum, madeSum                         int
	games, gamesMade, slams, slamsMade      int
	doubled, doubledMade                    int
	boards                                  map[int]map[string]int // board → "contract side" → tables
	boardResults                            map[int]int
}

// countRoyalton counts a USEBIO file's lines under contract-2017: a line
// with an artificial SCORE (A5050) is left out; a contract "4SX" is level
// 4, spades, doubled once; made when TRICKS ≥ 6 + level; a game when the
// trick score of the level reaches 100 (Law 77: C/D 20 a trick, H/S 30, NT
// 40 + 30: 5C, 4H, 3NT); a slam at level 6 or 7.
func countRoyalton(t *testing.T, u cliUSEBIO) royaltonCounts {
	t.Helper()
	c := royaltonCounts{strains: map[string]int{}, boards: map[int]map[string]int{}, boardResults: map[int]int{}}
	gameLevel := map[string]int{"C": 5, "D": 5, "H": 4, "S": 4, "NT": 3}
	for _, b := range u.Boards {
		for _, l := range b.Lines {
			if strings.HasPrefix(l.Score, "A") {
				c.leftOut++
				continue
			}
			c.results++
			c.boardResults[b.Number]++
			level, err := strconv.Atoi(l.Contract[:1])
			tricks, err2 := strconv.Atoi(l.Tricks)
			if err != nil || err2 != nil {
				t.Fatalf("board %d: contract %q, tricks %q", b.Number, l.Contract, l.Tricks)
			}
			strain := strings.TrimRight(l.Contract[1:], "X")
			doubles := len(l.Contract) - 1 - len(strain)
			side := "NS"
			if l.PlayedBy == "E" || l.PlayedBy == "W" {
				side = "EW"
			}
			if c.boards[b.Number] == nil {
				c.boards[b.Number] = map[string]int{}
			}
			c.boards[b.Number][l.Contract+" "+side]++
			c.strains[strain]++
			need := 6 + level
			made := tricks >= need
			switch {
			case tricks == need:
				c.exact++
			case made:
				c.over++
			default:
				c.defeated++
			}
			c.bidSum += level
			c.madeSum += tricks - 6
			if level >= gameLevel[strain] {
				c.games++
				if made {
					c.gamesMade++
				}
			}
			if level >= 6 {
				c.slams++
				if made {
					c.slamsMade++
				}
			}
			if doubles == 1 {
				c.doubled++
				if made {
					c.doubledMade++
				}
			}
		}
	}
	return c
}

// royaltonOut is the part of `traveler report royalton --format json`
// (api.RoyaltonResponse) the test reads, by the JSON names alone.
type royaltonOut struct {
	From     string `json:"from"`
	Law      string `json:"law"`
	Sections []struct {
		Name string `json:"name"`
	} `json:"sections"`
	Results    int                        `json:"results"`
	LeftOut    int                        `json:"left_out"`
	Unreadable []json.RawMessage          `json:"unreadable"`
	Contracts  int                        `json:"declared"`
	Exact      struct{ N, Share float64 } `json:"exact"`
	Over       struct{ N, Share float64 } `json:"overtricks"`
	Defeated   struct{ N, Share float64 } `json:"defeated"`
	Strains    []struct {
		Strain string  `json:"strain"`
		N      int     `json:"n"`
		Share  float64 `json:"share"`
	} `json:"strains"`
	OddBid    float64                           `json:"odd_bid"`
	OddMade   float64                           `json:"odd_made"`
	GameAt    int                               `json:"game_at"`
	Games     struct{ Bid, Made, Defeated int } `json:"games"`
	Slams     struct{ Bid, Made, Defeated int } `json:"slams"`
	Doubled   struct{ Bid, Made, Defeated int } `json:"doubled"`
	RoyalBids *struct{ Bid int }                `json:"royal"`
	Nullos    *struct{ Bid int }                `json:"nullo"`
	Boards    []struct {
		Section   string `json:"section"`
		Board     int    `json:"board"`
		Results   int    `json:"results"`
		Same      bool   `json:"same"`
		Contracts []struct {
			Contract string `json:"contract"`
			Side     string `json:"side"`
			Tables   int    `json:"n"`
		} `json:"contracts"`
	} `json:"boards"`
}

// cliNear reports whether a figure rounded to 2 decimals is x.
func cliNear(got, x float64) bool { return math.Abs(got-x) <= 0.005+1e-9 }

// TestCLIReportRoyaltonFromFile prints the Royalton report of
// mp_pairs_howell.xml and checks every figure against the test's own count
// of the file's 161 lines (countRoyalton): 160 counted, the A5050 of board
// 26 left out; each share is of the 160 contracts.
func TestCLIReportRoyaltonFromFile(t *testing.T) {
	path := sharedtest.Path(t, "usebio", "mp_pairs_howell.xml")
	want := countRoyalton(t, readCLIUSEBIO(t, path))
	if want.results != 160 || want.leftOut != 1 {
		t.Fatalf("the file counts %d results and %d left out, want 160 and 1", want.results, want.leftOut)
	}
	code, stdout, stderr := cliRun(t, "report", "royalton", "--from", path, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got royaltonOut
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	if got.From != path || got.Law != "contract-2017" || len(got.Sections) != 1 {
		t.Errorf("from %s, law %s, sections %+v; want from %s, contract-2017, one section", got.From, got.Law, got.Sections, path)
	}
	n := float64(want.results)
	if got.Results != want.results || got.LeftOut != want.leftOut || got.Contracts != want.results || got.Unreadable == nil || len(got.Unreadable) != 0 {
		t.Errorf("results %d, left out %d, contracts %d, unreadable %v; want %d, %d, %d, []", got.Results, got.LeftOut, got.Contracts, got.Unreadable, want.results, want.leftOut, want.results)
	}
	for _, c := range []struct {
		name string
		got  struct{ N, Share float64 }
		want int
	}{{"made exactly", got.Exact, want.exact}, {"overtricks", got.Over, want.over}, {"defeated", got.Defeated, want.defeated}} {
		if int(c.got.N) != c.want || !cliNear(c.got.Share, 100*float64(c.want)/n) {
			t.Errorf("%s: %v, want %d (%.4f%%)", c.name, c.got, c.want, 100*float64(c.want)/n)
		}
	}
	if len(got.Strains) != 5 {
		t.Errorf("strains %v, want C, D, H, S, NT", got.Strains)
	}
	for _, s := range got.Strains {
		if s.N != want.strains[s.Strain] || !cliNear(s.Share, 100*float64(s.N)/n) {
			t.Errorf("strain %s: %d (%.2f%%), the file %d", s.Strain, s.N, s.Share, want.strains[s.Strain])
		}
	}
	if !cliNear(got.OddBid, float64(want.bidSum)/n) || !cliNear(got.OddMade, float64(want.madeSum)/n) {
		t.Errorf("odd tricks bid %.2f, made %.2f; the file %d/%d and %d/%d", got.OddBid, got.OddMade, want.bidSum, want.results, want.madeSum, want.results)
	}
	if got.GameAt != 100 || got.Games.Bid != want.games || got.Games.Made != want.gamesMade || got.Games.Defeated != want.games-want.gamesMade {
		t.Errorf("games %+v at %d, want %d bid, %d made at 100", got.Games, got.GameAt, want.games, want.gamesMade)
	}
	if got.Slams.Bid != want.slams || got.Slams.Made != want.slamsMade || got.Doubled.Bid != want.doubled || got.Doubled.Made != want.doubledMade {
		t.Errorf("slams %+v, doubled %+v; want %d/%d and %d/%d", got.Slams, got.Doubled, want.slams, want.slamsMade, want.doubled, want.doubledMade)
	}
	if got.RoyalBids != nil || got.Nullos != nil {
		t.Errorf("royal bids %v, nullos %v: contract-2017 has neither, want null", got.RoyalBids, got.Nullos)
	}
	if len(got.Boards) != 27 {
		t.Fatalf("%d boards, want 27", len(got.Boards))
	}
	for _, b := range got.Boards {
		spread := map[string]int{}
		for _, c := range b.Contracts {
			spread[c.Contract+" "+c.Side] = c.Tables
		}
		if b.Results != want.boardResults[b.Board] || b.Same != (len(spread) == 1) || !cliCountsEqual(spread, want.boards[b.Board]) {
			t.Errorf("board %d: %d results, same %v, %v; the file %d results, %v", b.Board, b.Results, b.Same, spread, want.boardResults[b.Board], want.boards[b.Board])
		}
	}

	// The table prints the same figures: board 12 (5 lines: 1NT EW twice,
	// 2NT, 2D and 4D by EW) has 4 different contracts.
	code, stdout, stderr = cliRun(t, "report", "royalton", "--from", path)
	if code != 0 {
		t.Fatalf("table: exit %d: %s", code, stderr)
	}
	for _, re := range []string{
		`(?m)^Results counted\s+` + strconv.Itoa(want.results) + `$`,
		`(?m)^Made exactly\s+` + strconv.Itoa(want.exact) + ` \(` + regexp.QuoteMeta(strconv.FormatFloat(got.Exact.Share, 'f', 2, 64)) + `%\)$`,
		`(?m)^Defeated\s+` + strconv.Itoa(want.defeated) + ` `,
		`(?m)^games \(trick score 100\)\s+` + strconv.Itoa(want.games) + `\s+` + strconv.Itoa(want.gamesMade) + `\s`,
		`(?m)^A\s+12\s+5\s+4\s+no\s+1NT EW ×2, `,
	} {
		if !regexp.MustCompile(re).MatchString(stdout) {
			t.Errorf("the table has no line matching %s:\n%s", re, stdout)
		}
	}
}

// cliCountsEqual reports whether two counts are the same.
func cliCountsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// lawsOut is the part of `traveler report laws --format json`
// (api.LawsResponse) the test reads, by the JSON names alone.
type lawsOut struct {
	Comparisons []struct {
		From   string `json:"from"`
		To     string `json:"to"`
		Fields []struct {
			Section string   `json:"section"`
			Tau     *float64 `json:"tau"`
			Pairs   []struct {
				Number    string   `json:"number"`
				FromPlace int      `json:"from_place"`
				ToPlace   int      `json:"to_place"`
				Gained    int      `json:"move"`
				FromPct   *float64 `json:"from_percentage"`
			} `json:"pairs"`
			Gains []struct {
				Number string `json:"number"`
				Gained int    `json:"move"`
			} `json:"gains"`
		} `json:"fields"`
		Boards []struct {
			Board int `json:"board"`
			Lines []struct {
				NS        string   `json:"ns"`
				EW        string   `json:"ew"`
				Contract  string   `json:"contract"`
				Tricks    *int     `json:"tricks"`
				FromScore int      `json:"from_score"`
				ToScore   int      `json:"to_score"`
				Changed   bool     `json:"changed"`
				OnlyFrom  []string `json:"only_from"`
				OnlyTo    []string `json:"only_to"`
			} `json:"lines"`
		} `json:"boards"`
		ChangedLines  int               `json:"changed_lines"`
		NotComparable []json.RawMessage `json:"not_comparable"`
	} `json:"comparisons"`
}

// cliKendallTauB is Kendall's tau-b of two rankings, worked out here from its
// definition: (concordant − discordant) / √((n0 − tx)(n0 − ty)).
func cliKendallTauB(x, y []int) float64 {
	var conc, disc, tx, ty, n0 float64
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			n0++
			dx, dy := x[i]-x[j], y[i]-y[j]
			switch {
			case dx == 0 && dy == 0:
				tx++
				ty++
			case dx == 0:
				tx++
			case dy == 0:
				ty++
			case (dx > 0) == (dy > 0):
				conc++
			default:
				disc++
			}
		}
	}
	return (conc - disc) / math.Sqrt((n0-tx)*(n0-ty))
}

// TestCLIReportLawsJSON compares mp_pairs_howell.xml with auction-1915.
// Board 1 (dealer N, none vulnerable), NS 5 v EW 2: 4H by S, 8 tricks.
// contract-2017 (Law 77): two undertricks not vulnerable, 2 × 50 = 100 to
// EW: NS −100. auction-1915 (LAWS.md): defeated, 50 a trick to EW = 100;
// South holds ♥AKQJ (the deal's S hand Q76.AKQJ54.Q4.Q6), 4 honours in one
// hand = 8 × the heart trick value 8 = 64 to NS: NS 64 − 100 = −36.
func TestCLIReportLawsJSON(t *testing.T) {
	path := sharedtest.Path(t, "usebio", "mp_pairs_howell.xml")
	code, stdout, stderr := cliRun(t, "report", "laws", "--from", path, "--to", "auction-1915", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got lawsOut
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	if len(got.Comparisons) != 1 || got.Comparisons[0].From != "contract-2017" || got.Comparisons[0].To != "auction-1915" {
		t.Fatalf("comparisons %d, want contract-2017 against auction-1915 only", len(got.Comparisons))
	}
	c := got.Comparisons[0]
	if c.NotComparable == nil {
		t.Error("not_comparable is null, want a list")
	}
	found, changed := false, 0
	for _, b := range c.Boards {
		for _, l := range b.Lines {
			if l.Changed {
				changed++
			}
			if b.Board != 1 || l.NS != "5" || l.EW != "2" {
				continue
			}
			found = true
			if l.Contract != "4H" || l.Tricks == nil || *l.Tricks != 8 || l.FromScore != -100 || l.ToScore != -36 || !l.Changed ||
				!slices.Contains(l.OnlyTo, "NS: 4 honours in one hand: 64") {
				t.Errorf("board 1, 5 v 2: %+v; want 4H by S, 8 tricks, −100 under contract-2017, −36 under auction-1915 with 4 honours in one hand 64", l)
			}
		}
	}
	if !found || changed != c.ChangedLines || changed == 0 {
		t.Errorf("board 1, 5 v 2 found %v; %d lines changed, changed_lines %d", found, changed, c.ChangedLines)
	}
	if len(c.Fields) != 1 || len(c.Fields[0].Pairs) != 12 || c.Fields[0].Tau == nil {
		t.Fatalf("fields %+v, want one field of 12 pairs with a tau", c.Fields)
	}
	f := c.Fields[0]
	var from, to []int
	best := 0
	for _, p := range f.Pairs {
		if p.Gained != p.FromPlace-p.ToPlace || p.FromPct == nil {
			t.Errorf("pair %s: places %d → %d, gained %d, percentage %v", p.Number, p.FromPlace, p.ToPlace, p.Gained, p.FromPct)
		}
		from, to = append(from, p.FromPlace), append(to, p.ToPlace)
		best = max(best, p.Gained)
	}
	if tau := cliKendallTauB(from, to); math.Abs(*f.Tau-tau) > 0.00005 {
		t.Errorf("tau %v, the places give %.6f", *f.Tau, tau)
	}
	if len(f.Gains) == 0 || f.Gains[0].Gained != best {
		t.Errorf("largest gains %+v, want the first to gain %d places", f.Gains, best)
	}

	// --to all as a table: one comparison with each of the other five codes.
	code, stdout, stderr = cliRun(t, "report", "laws", "--from", path)
	if code != 0 {
		t.Fatalf("table: exit %d: %s", code, stderr)
	}
	for _, to := range []string{"bridge", "bridge-portland", "royal-auction-1913", "auction-1915", "royalton-1915"} {
		if !strings.Contains(stdout, "== contract-2017 (the event's code) against "+to+" ==") {
			t.Errorf("the table has no comparison with %s", to)
		}
	}
	if !regexp.MustCompile(`(?m)^A\s+1\s+2\s+1\s+5\s+2\s+4H\s+S\s+8\s+-100\s+-36\s.*only auction-1915: NS: 4 honours in one hand: 64`).MatchString(stdout) {
		t.Errorf("the table has no changed line for board 1, 5 v 2 with why:\n%.3000s", stdout)
	}
}

// goldenTestdata stands for the shared testdata folder in the golden files,
// wherever the tests found it.
const goldenTestdata = "../shared/testdata"

// TestCLIReportGolden prints `report royalton` and `report laws --to all`
// as JSON for a pairs file (USEBIO, matchpoints) and a teams file (PBN,
// IMPs) and compares the output byte for byte with
// testdata/report/*.json (-update rewrites them). The output is the API's
// shape: it decodes into api.RoyaltonResponse or api.LawsResponse with no
// field unknown, and encodes back to the same bytes.
func TestCLIReportGolden(t *testing.T) {
	dir := sharedtest.Dir(t)
	for _, tc := range []struct {
		golden string
		file   string
		args   []string
		dto    func() any
	}{
		{"royalton_mp_pairs_howell.json", "usebio/mp_pairs_howell.xml", []string{"royalton"}, func() any { return new(api.RoyaltonResponse) }},
		{"laws_mp_pairs_howell.json", "usebio/mp_pairs_howell.xml", []string{"laws", "--to", "all"}, func() any { return new(api.LawsResponse) }},
		{"royalton_teams_imps_2021.json", "pbn/teams_imps_2021.pbn", []string{"royalton"}, func() any { return new(api.RoyaltonResponse) }},
		{"laws_teams_imps_2021.json", "pbn/teams_imps_2021.pbn", []string{"laws", "--to", "all"}, func() any { return new(api.LawsResponse) }},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			path := filepath.Join(dir, filepath.FromSlash(tc.file))
			args := append([]string{"report"}, tc.args...)
			code, stdout, stderr := cliRun(t, append(args, "--format", "json", "--from", path)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			dto := tc.dto()
			dec := json.NewDecoder(strings.NewReader(stdout))
			dec.DisallowUnknownFields()
			if err := dec.Decode(dto); err != nil {
				t.Fatalf("not the API's shape: %v", err)
			}
			var again bytes.Buffer
			if err := writeJSON(&again, dto); err != nil {
				t.Fatal(err)
			}
			if again.String() != stdout {
				t.Errorf("the output does not encode back from %T to the same bytes", dto)
			}

			checkGolden(t, filepath.Join("testdata", "report", tc.golden), []byte(strings.ReplaceAll(stdout, jsonPath(t, dir), goldenTestdata)))
		})
	}
}

// jsonPath is a path as it stands inside a JSON string.
func jsonPath(t *testing.T, p string) string {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b[1 : len(b)-1])
}

// firstDiff shows the first line where two texts differ, with its number.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return "line " + strconv.Itoa(i+1) + ":\n want " + wl + "\n  got " + gl
		}
	}
	return "(the same lines)"
}
