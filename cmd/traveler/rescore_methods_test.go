package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tline writes a TRAVELLER_LINE: contract, declarer and tricks when
// contract is not "", and SCORE when score is not "".
func tline(ns, ew, contract, declarer string, tricks int, score string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<TRAVELLER_LINE><NS_PAIR_NUMBER>%s</NS_PAIR_NUMBER><EW_PAIR_NUMBER>%s</EW_PAIR_NUMBER>", ns, ew)
	if contract != "" {
		fmt.Fprintf(&b, "<CONTRACT>%s</CONTRACT>", contract)
		if declarer != "" {
			fmt.Fprintf(&b, "<PLAYED_BY>%s</PLAYED_BY><TRICKS>%d</TRICKS>", declarer, tricks)
		}
	}
	if score != "" {
		fmt.Fprintf(&b, "<SCORE>%s</SCORE>", score)
	}
	b.WriteString("</TRAVELLER_LINE>\n")
	return b.String()
}

// usebioEvent writes a USEBIO file of one event; boards[i] is board i+1's lines.
func usebioEvent(eventType, winnerType, pairs string, boards ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<?xml version=\"1.0\"?>\n<USEBIO Version=\"1.2\">\n<EVENT EVENT_TYPE=%q>\n<EVENT_DESCRIPTION>Hand-worked</EVENT_DESCRIPTION><DATE>24/11/2026</DATE>\n", eventType)
	if winnerType != "" {
		fmt.Fprintf(&b, "<WINNER_TYPE>%s</WINNER_TYPE>\n", winnerType)
	}
	fmt.Fprintf(&b, "<PARTICIPANTS>%s</PARTICIPANTS>\n", pairs)
	for i, lines := range boards {
		fmt.Fprintf(&b, "<BOARD><BOARD_NUMBER>%d</BOARD_NUMBER>\n%s</BOARD>\n", i+1, lines)
	}
	b.WriteString("</EVENT>\n</USEBIO>\n")
	return b.String()
}

// pairsXML lists PAIR elements "dir:number" ("1" in a one-winner field).
func pairsXML(pairs ...string) string {
	var b strings.Builder
	for _, p := range pairs {
		dir, num, ok := strings.Cut(p, ":")
		if !ok {
			dir, num = "", p
		}
		fmt.Fprintf(&b, "<PAIR><PAIR_NUMBER>%s</PAIR_NUMBER><DIRECTION>%s</DIRECTION></PAIR>", num, dir)
	}
	return b.String()
}

// wantPair is a pair's expected standing: total, percentage, place.
type wantPair struct {
	total, pct float64
	place      string
}

// wantLine is a line's expected score (nil: artificial or not played) and points.
type wantLine struct {
	score  any
	ns, ew float64
}

// TestRescoreMethods rescores small events whose every figure is worked
// out by hand in the comments: matchpoints with an artificial score and
// Neuberg, a board played fewer times, a two-winner field, Butler and
// cross-IMPs. All boards are 1 or 2: not vulnerable / NS vulnerable
// (scoring.BoardVulnerability); 4S by N making 10 = 420, 2S making 10 = 170,
// 4S two down = −100 (Law 77).
func TestRescoreMethods(t *testing.T) {
	eight := pairsXML("1", "2", "3", "4", "5", "6", "7", "8", "9", "10")
	fourPlayed := tline("1", "2", "4S", "N", 10, "420") +
		tline("3", "4", "4S", "S", 10, "400") + // the file's 400 is wrong: 420 is used, with a note
		tline("5", "6", "2S", "N", 10, "170") +
		tline("7", "8", "4S", "N", 8, "-100")
	for _, tc := range []struct {
		name, doc string
		method    string
		pairs     map[string]wantPair
		lines     []wantLine
		note      string
	}{
		{
			// n = 4 lines, top 2·(4−1) = 6; three real results are
			// matchpointed among themselves and scaled to 4 by Neuberg,
			// (raw+1)·4/3 − 1. 420: beats 170 (2) and ties 420 (1), raw 3
			// → 13/3 = 4.33, EW 6 − 4.33 = 1.67; 170: raw 0 → 1/3 = 0.33,
			// EW 5.67. A6040: 60 % and 40 % of 6 = 3.6 and 2.4. Percent =
			// points / (1 board × 6).
			name: "MP, Neuberg around an artificial score",
			doc: usebioEvent("MP_PAIRS", "1", pairsXML("1", "2", "3", "4", "5", "6", "7", "8"),
				tline("1", "2", "4S", "N", 10, "420")+tline("3", "4", "4S", "S", 10, "400")+
					tline("5", "6", "2S", "N", 10, "170")+tline("7", "8", "", "", 0, "A6040")),
			method: "MP",
			pairs: map[string]wantPair{
				"6": {5.67, 94.44, "1"}, "1": {4.33, 72.22, "2"}, "3": {4.33, 72.22, "2"}, "7": {3.6, 60, "4"},
				"8": {2.4, 40, "5"}, "2": {1.67, 27.78, "6"}, "4": {1.67, 27.78, "6"}, "5": {0.33, 5.56, "8"},
			},
			lines: []wantLine{{420.0, 4.33, 1.67}, {420.0, 4.33, 1.67}, {170.0, 0.33, 5.67}, {nil, 3.6, 2.4}},
			note:  "line 9 BOARD/TRAVELLER_LINE/SCORE: the file's score 400 is not what the contract scores (4S by S taking 10 tricks scores NS 420); traveler uses 420",
		},
		{
			// Board 1: four equal scores, 3 each (top 6). Board 2 is played
			// three times (7 and 8 sit out). Its lines show its own top,
			// 2·(3−1) = 4: 420 → 4/0, 170 → 2/2, −50 → 0/4. The totals take
			// it scaled to n = 4: (raw+1)·4/3 − 1 = 5.67, 3, 0.33. Pair 1:
			// 3 + 5.67 = 8.67 over 2 boards, 8.67/12 = 72.22 %. Pair 7: 3
			// over 1 board, 50 %, total scaled to 2 boards: 3·2/1 = 6.
			name: "MP, a board played fewer times",
			doc: usebioEvent("MP_PAIRS", "", pairsXML("1", "2", "3", "4", "5", "6", "7", "8"),
				tline("1", "2", "1NT", "N", 7, "")+tline("3", "4", "1NT", "N", 7, "")+
					tline("5", "6", "1NT", "N", 7, "")+tline("7", "8", "1NT", "N", 7, ""),
				tline("1", "2", "4S", "N", 10, "")+tline("3", "4", "2S", "N", 8, "")+tline("5", "6", "1NT", "N", 6, "")),
			method: "MP",
			pairs: map[string]wantPair{
				"1": {8.67, 72.22, "1"}, "6": {8.67, 72.22, "1"}, "3": {6, 50, "3"}, "4": {6, 50, "3"},
				"7": {6, 50, "3"}, "8": {6, 50, "3"}, "2": {3.33, 27.78, "7"}, "5": {3.33, 27.78, "7"},
			},
			// 1NT by N making 7 = 90; board 2 (NS vulnerable): 4S = 620, 2S = 110, 1NT one down = −100.
			lines: []wantLine{{90.0, 3, 3}, {90.0, 3, 3}, {90.0, 3, 3}, {90.0, 3, 3}, {620.0, 4, 0}, {110.0, 2, 2}, {-100.0, 0, 4}},
		},
		{
			// Two winners: NS and EW pairs are ranked apart. Board 1: 420
			// beats 170, top 2(2−1) = 2. Board 2: a pass-out (0) is its only
			// result (top 0 on its own); the other table did not play it.
			// Scaled to n = 2 it is (0+1)·2/1 − 1 = 1 each way. NS 1: 2 + 1
			// = 3 over 2 boards = 75 %; NS 2: 0 over 1 board = 0 %.
			name: "MP, two winners",
			doc: usebioEvent("MP_PAIRS", "2", pairsXML("NS:1", "NS:2", "EW:1", "EW:2"),
				tline("1", "1", "4S", "N", 10, "")+tline("2", "2", "2S", "N", 10, ""),
				tline("1", "2", "PASS", "", 0, "")+tline("2", "1", "", "", 0, "")),
			method: "MP",
			pairs: map[string]wantPair{
				"NS1": {3, 75, "1"}, "NS2": {0, 0, "2"}, "EW2": {3, 75, "1"}, "EW1": {0, 0, "2"},
			},
			lines: []wantLine{{420.0, 2, 0}, {170.0, 0, 2}, {0.0, 0, 0}, {nil, 0, 0}},
		},
		{
			// Datum: drop −100 and one 420, mean of 170 and 420 = 295, to
			// the nearest 10 = 300. 420 − 300 = 120 → 3 IMPs; 170 − 300 =
			// −130 → −4; −100 − 300 = −400 → −9 (Law 78B). A6040 takes no
			// part: +3 / −3 IMPs (Law 12C2(a): average plus at IMPs is 3).
			name:   "BUTLER",
			doc:    usebioEvent("BUTLER_PAIRS", "", eight, fourPlayed+tline("9", "10", "", "", 0, "A6040")),
			method: "BUTLER",
			pairs: map[string]wantPair{
				"8": {9, 0, "1"}, "6": {4, 0, "2"}, "1": {3, 0, "3"}, "3": {3, 0, "3"}, "9": {3, 0, "3"},
				"2": {-3, 0, "6"}, "4": {-3, 0, "6"}, "10": {-3, 0, "6"}, "5": {-4, 0, "9"}, "7": {-9, 0, "10"},
			},
			lines: []wantLine{{420.0, 3, -3}, {420.0, 3, -3}, {170.0, -4, 4}, {-100.0, -9, 9}, {nil, 3, -3}},
			note:  "line 8 BOARD/TRAVELLER_LINE/SCORE: the file's score 400 is not what the contract scores (4S by S taking 10 tricks scores NS 420); traveler uses 420",
		},
		{
			// Each result against the three others, averaged (Law 78B):
			// 420: 0, +250 → 6, +520 → 11: 17/3 = 5.67. 170: −6, −6,
			// +270 → 7: −5/3 = −1.67. −100: −11, −11, −7: −29/3 = −9.67.
			// A4060: −3 / +3.
			name:   "CROSS_IMP",
			doc:    usebioEvent("CROSS_IMP_PAIRS", "", eight, fourPlayed+tline("9", "10", "", "", 0, "A4060")),
			method: "CROSS_IMP",
			pairs: map[string]wantPair{
				"8": {9.67, 0, "1"}, "1": {5.67, 0, "2"}, "3": {5.67, 0, "2"}, "10": {3, 0, "4"}, "6": {1.67, 0, "5"},
				"5": {-1.67, 0, "6"}, "9": {-3, 0, "7"}, "2": {-5.67, 0, "8"}, "4": {-5.67, 0, "8"}, "7": {-9.67, 0, "10"},
			},
			lines: []wantLine{{420.0, 5.67, -5.67}, {420.0, 5.67, -5.67}, {170.0, -1.67, 1.67}, {-100.0, -9.67, 9.67}, {nil, -3, 3}},
			note:  "line 8 BOARD/TRAVELLER_LINE/SCORE: the file's score 400 is not what the contract scores (4S by S taking 10 tricks scores NS 420); traveler uses 420",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "event.xml")
			if err := os.WriteFile(path, []byte(tc.doc), 0o600); err != nil {
				t.Fatal(err)
			}
			out, notes := runRescoreJSON(t, path)
			if out.method != tc.method || out.event != "Hand-worked" {
				t.Errorf("method %q event %q", out.method, out.event)
			}
			if tc.note == "" && notes != "" || !strings.Contains(notes, tc.note) {
				t.Errorf("notes %q, want %q", notes, tc.note)
			}
			byPair := map[string]map[string]any{}
			for _, p := range out.pairs {
				byPair[p["direction"].(string)+p["number"].(string)] = p
			}
			if len(byPair) != len(tc.pairs) {
				t.Errorf("%d pairs out, want %d", len(byPair), len(tc.pairs))
			}
			for name, want := range tc.pairs {
				got := byPair[name]
				if got == nil || got["total"] != want.total || got["percentage"] != want.pct || got["place"] != want.place {
					t.Errorf("pair %s: %v, want %+v", name, got, want)
				}
			}
			if len(out.lines) != len(tc.lines) {
				t.Fatalf("%d lines, want %d", len(out.lines), len(tc.lines))
			}
			for i, want := range tc.lines {
				got := out.lines[i]
				if got["score"] != want.score || got["ns_points"] != want.ns || got["ew_points"] != want.ew {
					t.Errorf("line %d: %v, want %+v", i+1, got, want)
				}
			}
		})
	}
}

// TestRescoreMirror swaps NS and EW on every line of a matchpoint event
// and negates the scores: each pair's total and place must stay the same.
func TestRescoreMirror(t *testing.T) {
	pairs := pairsXML("1", "2", "3", "4", "5", "6")
	// Board 1 is not vulnerable: 3NT making 9 = 400, 10 = 430, 8 = −50.
	straight := usebioEvent("MP_PAIRS", "", pairs, tline("1", "2", "3NT", "N", 9, "")+tline("3", "4", "3NT", "S", 10, "")+tline("5", "6", "3NT", "N", 8, ""))
	mirror := usebioEvent("MP_PAIRS", "", pairs, tline("2", "1", "3NT", "E", 9, "")+tline("4", "3", "3NT", "W", 10, "")+tline("6", "5", "3NT", "E", 8, ""))
	standings := func(doc string) map[string]string {
		res, _ := rescoreStdin(t, doc, "-")
		m := map[string]string{}
		for _, p := range res.pairs {
			m[p["number"].(string)] = fmt.Sprint(p["total"], " ", p["place"])
		}
		return m
	}
	a, b := standings(straight), standings(mirror)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("mirrored standings differ:\n%v\n%v", a, b)
	}
}

// TestRescoreCommand checks the command's flags, its table and its errors.
func TestRescoreCommand(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.xml")
	doc := usebioEvent("MP_PAIRS", "", pairsXML("1", "2", "3", "4"), tline("1", "2", "4S", "N", 10, "")+tline("3", "4", "4S", "N", 9, ""))
	if err := os.WriteFile(good, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.xml")
	if err := os.WriteFile(bad, []byte(strings.Replace(doc, "<TRICKS>9</TRICKS>", "<TRICKS>nine</TRICKS>", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	wrong := filepath.Join(dir, "wrong.xml")
	if err := os.WriteFile(wrong, []byte(strings.Replace(doc, "<TRICKS>10</TRICKS>", "<TRICKS>10</TRICKS><SCORE>400</SCORE>", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	teams := filepath.Join(dir, "teams.pbn")
	if err := os.WriteFile(teams, []byte("[Event \"Match\"]\n[Date \"2026.11.24\"]\n[Board \"1\"]\n[HomeTeam \"A\"]\n[VisitTeam \"B\"]\n[Table \"1\"]\n[Contract \"Pass\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	pbn := filepath.Join(dir, "pairs.pbn")
	if err := os.WriteFile(pbn, []byte("[Event \"Pairs\"]\n[Board \"1\"]\n[Contract \"Pass\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout []string
		stderr []string
	}{
		{"table, flag after the file", []string{good, "--format", "table"}, "", 0,
			[]string{"Hand-worked", "Scored MP, contract-2017", "Place  Pair", "Board 1", "420"}, nil},
		{"stdin", []string{"-format=json", "-"}, doc, 0, []string{`"method": "MP"`}, nil},
		{"method override", []string{good, "--method", "cross_imp"}, "", 0, []string{`"method": "CROSS_IMP"`, `"ns_points": 10`}, nil},
		{"help", []string{"-h"}, "", 0, nil, []string{"Usage: traveler rescore FILE"}},
		{"no file", nil, "", 2, nil, []string{"give one results file (got 0)"}},
		{"two files", []string{good, good}, "", 2, nil, []string{"got 2"}},
		{"bad format", []string{good, "--format", "xml"}, "", 2, nil, []string{`--format "xml": must be json or table`}},
		{"bad method", []string{good, "--method", "HOWELL"}, "", 2, nil, []string{`--method "HOWELL": not a scoring method (allowed: MP, `}},
		{"unknown flag", []string{good, "--colour"}, "", 2, nil, []string{"flag provided but not defined"}},
		{"missing file", []string{filepath.Join(dir, "none.xml")}, "", 1, nil, []string{"none.xml"}},
		{"bad tricks", []string{bad}, "", 1, nil, []string{"USEBIO line 8: BOARD/TRAVELLER_LINE/TRICKS \"nine\": expected the tricks won by the declarer's side, 0 to 13"}},
		{"PBN of nobody", []string{pbn}, "", 1, nil, []string{"PBN line 1: [North]: expected the players' names (or PairId_NS and PairId_EW, or HomeTeam, VisitTeam and Table) to tell who played"}},
		{"teams with a pairs method", []string{teams, "--method", "MP"}, "", 1, nil, []string{`option: method "MP": expected a teams method (IMP_TEAMS, BAM_TEAMS, PATTON_TEAMS, AGGREGATE_TEAMS): the file holds team matches`}},
		{"USEBIO as teams", []string{good, "--method", "IMP_TEAMS"}, "", 1, nil, []string{`option: method "IMP_TEAMS": expected a pairs method`}},
		{"bad date", []string{good, "--date", "24/11/2026"}, "", 2, nil, []string{`--date "24/11/2026": not a date; write it YYYY-MM-DD`}},
		{"bad encoding", []string{good, "--encoding", "EBCDIC"}, "", 2, nil, []string{`--encoding "EBCDIC": not an encoding traveler reads (allowed: UTF-8, ISO-8859-1, ISO-8859-2, Windows-1250, Windows-1252)`}},
		{"name and date", []string{good, "--name", "Renamed", "--date", "2026-01-02"}, "", 0, []string{`"name": "Renamed"`, `"date": "2026-01-02"`}, nil},
		{"strict", []string{wrong, "--strict"}, "", 1, nil, []string{`USEBIO line 7: BOARD/TRAVELLER_LINE/SCORE "400": expected the NS score of 4S by N taking 10 tricks: 420`}},
		{"not strict", []string{wrong}, "", 0, []string{`"ns_score": 420`}, []string{"note: " + wrong + ": line 7 BOARD/TRAVELLER_LINE/SCORE: the file's score 400 is not what the contract scores (4S by N taking 10 tricks scores NS 420); traveler uses 420"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), append([]string{"rescore"}, tc.args...), strings.NewReader(tc.stdin), &stdout, &stderr)
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr %s", code, tc.code, stderr.String())
			}
			for _, s := range tc.stdout {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
				}
			}
			for _, s := range tc.stderr {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
				}
			}
		})
	}
}

// TestRescoreHelpListsCommand checks that `traveler help` shows rescore.
func TestRescoreHelpListsCommand(t *testing.T) {
	var stdout bytes.Buffer
	run(context.Background(), []string{"help"}, strings.NewReader(""), &stdout, &stdout)
	if !strings.Contains(stdout.String(), "rescore") {
		t.Errorf("help does not list rescore:\n%s", stdout.String())
	}
}

// TestRescoreTeamsRooms IMPs a match whose two rooms list the teams the
// same way, told apart by the Room tag (the closed room first in the
// file): the home team REDS sits NS in the open room and EW in the closed
// one. The Vulnerable tag says All although board 1 is normally
// not vulnerable: 4S by N making 10 = 620 (Law 77), 3S by N making 10 =
// 170; REDS net 620 − 170 = 450 → 10 IMPs (Law 78B). Board 2 is in the
// file once: no IMPs.
func TestRescoreTeamsRooms(t *testing.T) {
	pbn := `[Event "Match"]
[Date "2026.11.24"]
[Board "1"]
[Vulnerable "All"]
[Room "Closed"]
[HomeTeam "REDS"]
[VisitTeam "BLUES"]
[Contract "3S"]
[Declarer "N"]
[Result "10"]

[Event "Match"]
[Board "1"]
[Vulnerable "All"]
[Room "Open"]
[HomeTeam "REDS"]
[VisitTeam "BLUES"]
[Contract "4S"]
[Declarer "N"]
[Result "10"]
[Score "NS 620"]

[Event "Match"]
[Board "2"]
[Room "Open"]
[HomeTeam "REDS"]
[VisitTeam "BLUES"]
[Contract "Pass"]
`
	res, notes := rescoreStdin(t, pbn, "-")
	got := fmt.Sprint(res.lines)
	want := fmt.Sprint([]map[string]any{
		{"board": 1.0, "ns": "BLUES", "ew": "REDS", "score": 170.0, "ns_points": -10.0, "ew_points": 10.0},
		{"board": 1.0, "ns": "REDS", "ew": "BLUES", "score": 620.0, "ns_points": 10.0, "ew_points": -10.0},
		{"board": 2.0, "ns": "REDS", "ew": "BLUES", "score": 0.0, "ns_points": 0.0, "ew_points": 0.0},
	})
	if got != want {
		t.Errorf("lines\n got %s\nwant %s", got, want)
	}
	// The standings are net IMPs here (rescoreJSON's total of a team); one
	// board of a match gives REDS +10 and BLUES −10.
	standings := fmt.Sprint(res.pairs)
	if want := fmt.Sprint([]map[string]any{
		{"number": "REDS", "direction": "", "total": 10.0, "percentage": 0.0, "place": "1"},
		{"number": "BLUES", "direction": "", "total": -10.0, "percentage": 0.0, "place": "2"},
	}); standings != want {
		t.Errorf("standings\n got %s\nwant %s", standings, want)
	}
	if strings.Count(notes, "note:") != 1 || !strings.Contains(notes, "board 2, REDS v BLUES: only one room") {
		t.Errorf("notes %q", notes)
	}
}
