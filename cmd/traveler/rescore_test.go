package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// rescoreJSON is what the rescore tests compare: the event's name and
// method, each pair's (team's) standing and each traveler line, read from
// `traveler rescore --format json` (api.EventResultsResponse) into the
// flat shape of issue 3, for its first section: pairs {number, direction, total, percentage,
// place} — a team by its name, total its net IMPs — and lines {board, ns,
// ew, score (null unless played or passed out), ns_points, ew_points},
// board by board in traveler order. datums holds each board's Butler datum.
type rescoreJSON struct {
	event, method string
	pairs         []map[string]any
	lines         []map[string]any
	datums        map[int]int
	out           api.EventResultsResponse
}

// runRescoreJSON runs `traveler rescore ARGS --format json` and decodes it
// (see rescoreJSON); the second value is stderr.
func runRescoreJSON(t *testing.T, args ...string) (rescoreJSON, string) {
	t.Helper()
	return rescoreStdin(t, "", args...)
}

// rescoreStdin is runRescoreJSON with stdin (args then name "-").
func rescoreStdin(t *testing.T, stdin string, args ...string) (rescoreJSON, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), append([]string{"rescore", "--format", "json"}, args...), strings.NewReader(stdin), &stdout, &stderr); code != 0 {
		t.Fatalf("rescore %v: exit %d: %s", args, code, stderr.String())
	}
	dec := json.NewDecoder(bytes.NewReader(stdout.Bytes()))
	dec.DisallowUnknownFields()
	var out api.EventResultsResponse
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("not the API's EventResultsResponse: %v\n%s", err, stdout.String())
	}
	if len(out.Sections) == 0 {
		t.Fatalf("no section")
	}
	r := rescoreJSON{event: out.Event.Name, method: out.Event.Scoring, datums: map[int]int{}, out: out}
	sec := out.Sections[0]
	teams := out.Event.Scoring == "IMP_TEAMS"
	teamOf := map[string]string{} // pair number → team name
	for _, p := range sec.Standings.Pairs {
		m := map[string]any{"number": p.Number, "direction": p.Direction, "total": p.Total, "percentage": p.Percentage, "place": p.Place}
		if teams {
			n, _ := strconv.Atoi(p.Number)
			teamOf[strconv.Itoa(2*n-1)], teamOf[strconv.Itoa(2*n)] = p.Name, p.Name
			m["number"], m["total"] = p.Name, float64(*p.IMPs)
		}
		r.pairs = append(r.pairs, m)
	}
	for _, tr := range sec.Travelers {
		if tr.Datum != nil {
			r.datums[tr.Board.Number] = *tr.Datum
		}
		for _, l := range tr.Lines {
			var score any
			if l.Status == "played" || l.Status == "passed_out" {
				score = float64(l.NSScore)
			}
			ns, ew := l.NS, l.EW
			if teams {
				ns, ew = teamOf[ns], teamOf[ew]
			}
			r.lines = append(r.lines, map[string]any{"board": float64(tr.Board.Number), "ns": ns, "ew": ew, "score": score, "ns_points": l.NSPoints, "ew_points": l.EWPoints})
		}
	}
	return r, stderr.String()
}

// lineKey finds an output line by board and the pairs (or teams) at it.
func lineKey(board any, ns, ew any) string { return fmt.Sprintf("%v|%v|%v", board, ns, ew) }

// TestRescoreUSEBIOFiles is the integration test of issue 3 section 4: for
// both USEBIO files of ../shared/testdata, `traveler rescore` scores every
// line again from its contract, declarer and tricks, compares and ranks,
// and every line's NS and EW points and every pair's total, percentage and
// place must equal the file's own figures (rounded to the file's decimals).
//
// Where the file's conventions had to be read from the file itself (the
// file wins over the testdata README):
//   - mp_pairs_howell.xml, board 12 was played by five tables, not six. The
//     file prints its lines matchpointed on their own top (2·(5−1) = 8: e.g.
//     NS 12 v EW 4, +100, 8 and 0), not scaled to the session top of 10; the
//     pair totals take it Neuberg-scaled to 10 ((raw+1)·6/5 − 1: 8 → 9.8),
//     or pair 2's 156.80 and pair 12's 102.20 are not reached.
//   - Pairs 1 and 3 sat out board 12: their TOTAL_SCORE is scaled to the 27
//     boards the others played (pair 1: 124·27/26 = 128.77) while their
//     PERCENTAGE is over the 26 they played (124/(26·10) = 47.69 %).
//   - The A5050 line (board 26, NS 5 v EW 10) counts as a board played.
func TestRescoreUSEBIOFiles(t *testing.T) {
	dir := sharedtest.Dir(t)
	for _, tc := range []struct {
		file           string
		method         string
		lines, pairs   int
		boards, scores int // boards with a traveler; lines whose SCORE is a number (the others are artificial)
	}{
		{"mp_pairs_howell.xml", "MP", 161, 12, 27, 160},
		{"butler_howell.xml", "BUTLER", 140, 8, 35, 140},
	} {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join(dir, "usebio", tc.file)
			out, notes := runRescoreJSON(t, path, "--format", "json")
			if notes != "" {
				t.Errorf("notes on stderr: every score in the file should recompute: %s", notes)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			u, err := reports.ReadUSEBIO(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			if out.method != tc.method || out.event != u.Event.Name {
				t.Errorf("event %q method %q, want %q %q", out.event, out.method, u.Event.Name, tc.method)
			}
			byLine := map[string]map[string]any{}
			for _, l := range out.lines {
				byLine[lineKey(l["board"], l["ns"], l["ew"])] = l
			}
			if len(out.lines) != tc.lines || len(byLine) != tc.lines {
				t.Errorf("%d lines out (%d distinct), want %d", len(out.lines), len(byLine), tc.lines)
			}
			lines, scores, boards := 0, 0, 0
			for _, b := range u.Event.Boards {
				if len(b.Lines) > 0 {
					boards++
				}
				for _, fl := range b.Lines {
					got, ok := byLine[lineKey(float64(b.Number), fl.NS, fl.EW)]
					if !ok {
						t.Errorf("board %d NS %s v EW %s (line %d): not in the output", b.Number, fl.NS, fl.EW, fl.Line)
						continue
					}
					lines++
					ns, ew := got["ns_points"].(float64), got["ew_points"].(float64)
					if !fl.NSPoints.Matches(ns) || !fl.EWPoints.Matches(ew) {
						t.Errorf("board %d NS %s v EW %s (line %d): points %v/%v, the file has %s/%s",
							b.Number, fl.NS, fl.EW, fl.Line, ns, ew, fl.NSPoints.Text, fl.EWPoints.Text)
					}
					if fl.Score.Artificial {
						if got["score"] != nil {
							t.Errorf("board %d line %d: artificial %s gave score %v, want null", b.Number, fl.Line, fl.Score.Text, got["score"])
						}
						continue
					}
					scores++
					if got["score"] != float64(fl.Score.Points) {
						t.Errorf("board %d NS %s v EW %s (line %d): %s by %s, %d tricks scores %v again; the file has %d",
							b.Number, fl.NS, fl.EW, fl.Line, fl.ContractText, fl.Declarer, fl.Tricks, got["score"], fl.Score.Points)
					}
				}
			}
			if lines != tc.lines || scores != tc.scores || boards != tc.boards {
				t.Errorf("checked %d lines, %d scores, %d boards; want %d, %d, %d", lines, scores, boards, tc.lines, tc.scores, tc.boards)
			}
			byPair := map[string]map[string]any{}
			for _, p := range out.pairs {
				byPair[p["direction"].(string)+p["number"].(string)] = p
			}
			pairs := 0
			for _, fp := range u.Event.Pairs {
				got, ok := byPair[fp.Direction+fp.Number]
				if !ok {
					t.Errorf("pair %s%s: not in the output", fp.Direction, fp.Number)
					continue
				}
				pairs++
				total, pct := got["total"].(float64), got["percentage"].(float64)
				if !fp.Total.Matches(total) {
					t.Errorf("pair %s: total %v, the file has %s", fp.Number, total, fp.Total.Text)
				}
				if fp.Percentage.Given() && !fp.Percentage.Matches(pct) {
					t.Errorf("pair %s: percentage %v, the file has %s", fp.Number, pct, fp.Percentage.Text)
				}
				if want := strings.TrimSuffix(fp.Place, "="); got["place"] != want {
					t.Errorf("pair %s: place %v, the file has %s", fp.Number, got["place"], fp.Place)
				}
			}
			if pairs != tc.pairs || len(out.pairs) != tc.pairs {
				t.Errorf("checked %d pairs of %d out, want %d", pairs, len(out.pairs), tc.pairs)
			}
			t.Logf("%s: %d lines (%d scores recomputed), %d pairs, %d boards equal the file's figures", tc.file, lines, scores, pairs, boards)
		})
	}
}

// TestRescoreButlerDatums checks every board's Butler datum against the
// file's BOARD_AVERAGE (butler_howell.xml, 35 boards): drop the highest and
// the lowest score, mean, round to 10, halves away from zero (board 14:
// −100 and −50 → −75 → −80; board 35: −90 and 100 → 5 → 10).
func TestRescoreButlerDatums(t *testing.T) {
	path := sharedtest.Path(t, "usebio", "butler_howell.xml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := runRescoreJSON(t, path)
	u, err := reports.ReadUSEBIO(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, b := range u.Event.Boards {
		if !b.Average.Given() {
			t.Errorf("board %d has no BOARD_AVERAGE", b.Number)
			continue
		}
		checked++
		if got := res.datums[b.Number]; float64(got) != b.Average.Value {
			t.Errorf("board %d: datum %d, the file's BOARD_AVERAGE %s", b.Number, got, b.Average.Text)
		}
	}
	if checked != 35 {
		t.Errorf("checked %d datums, want 35", checked)
	}
}

// TestRescoreTeamsPBN is the integration test for pbn/teams_imps_2021.pbn:
// every room's IMPs equal the file's ScoreIMP, and every score the file
// gives equals the one recomputed from contract, declarer, tricks and the
// Vulnerable tag.
//
// Where the file cannot be reproduced: board 20 of TURKEY v SWITZERLAND is
// in the file only once (table 6, TURKEY NS, 4H making, NS 620, ScoreIMP
// NS −1). Its other room is missing, so no IMPs can be worked out for it:
// −1 means SWITZERLAND scored 640 to 660 NS in the other room, which the file
// does not say. rescore gives that room 0 IMPs and a note on stderr; this
// test expects exactly that one room to differ.
func TestRescoreTeamsPBN(t *testing.T) {
	path := sharedtest.Path(t, "pbn", "teams_imps_2021.pbn")
	out, notes := runRescoreJSON(t, path)
	if out.method != "IMP_TEAMS" || out.event != "2021 Online Qual: Open R2" {
		t.Errorf("event %q method %q", out.event, out.method)
	}
	if !strings.Contains(notes, "board 20, TURKEY v SWITZERLAND: only one room (table 6) has a result") || strings.Count(notes, "note:") != 1 {
		t.Errorf("stderr should hold the one note on the lone room:\n%s", notes)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	results, err := reports.ReadPBNResults(f)
	if err != nil {
		t.Fatal(err)
	}
	byLine := map[string]map[string]any{}
	for _, l := range out.lines {
		byLine[lineKey(l["board"], l["ns"], l["ew"])] = l
	}
	if len(out.lines) != len(results) || len(byLine) != len(results) {
		t.Errorf("%d lines out (%d distinct) for %d games", len(out.lines), len(byLine), len(results))
	}
	rooms, scores, boards := 0, 0, map[int]bool{}
	var lone []string
	for _, r := range results {
		// In this file HomeTeam sits NS: the two rooms of a match list the teams the other way round.
		got, ok := byLine[lineKey(float64(r.Board), r.HomeTeam, r.VisitTeam)]
		if !ok {
			t.Errorf("line %d: board %d %s v %s not in the output", r.Line, r.Board, r.HomeTeam, r.VisitTeam)
			continue
		}
		if r.HasScore {
			scores++
			if got["score"] != float64(r.Score) {
				t.Errorf("line %d: board %d %s: %s by %s, %d tricks scores %v again; the file has %d",
					r.Line, r.Board, r.HomeTeam, r.ContractText, r.Declarer, r.Tricks, got["score"], r.Score)
			}
		}
		ns, ew := got["ns_points"].(float64), got["ew_points"].(float64)
		if ns == r.NSIMPs && ew == r.EWIMPs {
			rooms++
			boards[r.Board] = true
			continue
		}
		lone = append(lone, fmt.Sprintf("board %d %s v %s", r.Board, r.HomeTeam, r.VisitTeam))
		if r.Board != 20 || r.HomeTeam != "TURKEY" {
			t.Errorf("line %d: board %d %s v %s: IMPs %v/%v, the file's ScoreIMP %v/%v", r.Line, r.Board, r.HomeTeam, r.VisitTeam, ns, ew, r.NSIMPs, r.EWIMPs)
		}
	}
	if len(lone) != 1 || rooms != 298 || scores != 279 || len(boards) != 10 {
		t.Errorf("%d rooms equal ScoreIMP (want 298), %d scores recomputed (want 279), %d boards (want 10); not reproduced: %v", rooms, scores, len(boards), lone)
	}
	t.Logf("teams_imps_2021.pbn: %d of %d rooms' IMPs equal ScoreIMP over %d boards, %d scores recomputed; not reproducible: %v", rooms, len(results), len(boards), scores, lone)
}

// TestRescoreGolden pins what `traveler rescore --format json` prints —
// the API's api.EventResultsResponse, with how the file was read — for a
// USEBIO pairs file, a PBN pairs file in ISO-8859 with no date, and a
// vugraph teams match (golden files in testdata/rescore, refreshed with
// -update). Its figures are checked against the files themselves by
// TestRescoreUSEBIOFiles, TestEveryResultsFileOwnFigures and the rooms'
// tests; this test keeps the shape from changing unseen.
func TestRescoreGolden(t *testing.T) {
	for _, tc := range []struct{ file, golden string }{
		{"usebio/mp_pairs_howell.xml", "mp_pairs_howell.json"},
		{"pbn/crossimp_kops_2013.pbn", "crossimp_kops_2013.json"},
		{"pbn/vugraph_rooms_1998.pbn", "vugraph_rooms_1998.json"},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			code, stdout, stderr := cliRun(t, "rescore", sharedtest.Path(t, tc.file), "--date", "2026-11-24")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			checkGolden(t, filepath.Join("testdata", "rescore", tc.golden), []byte(stdout))
		})
	}
}
