package reports

import (
	"bytes"
	"errors"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// Real USEBIO files of seven results programs from England
// (jacquicollier/ukbridge-club-website, the payloads of its results
// importer's tests; testdata/usebio/README.md): what traveler reads of each
// and how many of the file's own figures it reproduces. Every expected
// count below was measured on these files; the figures compared are the
// files' own.

// fileMatches are a team file's MATCH elements as written: the round, the
// TEAM and OPPOSING_TEAM ids, their TEAM_SCORE and OPPOSING_TEAM_SCORE, and
// the sum of the match's BOARD/IMPS (the TEAM's IMPs, netted) or of its
// BOARD/TEAM_POINTS and OPPOSING_TEAM_POINTS (point-a-board).
type fileMatch struct {
	round, team, opp int
	score, oppScore  float64
	imps             int
	points, oppPts   float64
}

var (
	matchRE = regexp.MustCompile(`(?s)<MATCH>(.*?)</MATCH>`)
	fieldRE = regexp.MustCompile(`<(ROUND_NUMBER|TEAM|OPPOSING_TEAM|TEAM_SCORE|OPPOSING_TEAM_SCORE|IMPS|TEAM_POINTS|OPPOSING_TEAM_POINTS)>([^<]*)<`)
	teamRE  = regexp.MustCompile(`<TEAM TEAM_ID\s*=\s*"(\d+)"[^>]*>\s*<TOTAL_SCORE>([^<]*)</TOTAL_SCORE>\s*<WINS_OR_DRAWS>[^<]*</WINS_OR_DRAWS>\s*<PLACE>([^<]*)<`)
)

func fileMatches(t *testing.T, data []byte) []fileMatch {
	t.Helper()
	var out []fileMatch
	for _, m := range matchRE.FindAllSubmatch(data, -1) {
		var fm fileMatch
		for _, f := range fieldRE.FindAllSubmatch(m[1], -1) {
			v := string(f[2])
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("MATCH %s %q: %v", f[1], v, err)
			}
			switch string(f[1]) {
			case "ROUND_NUMBER":
				fm.round = int(x)
			case "TEAM":
				fm.team = int(x)
			case "OPPOSING_TEAM":
				fm.opp = int(x)
			case "TEAM_SCORE":
				fm.score = x
			case "OPPOSING_TEAM_SCORE":
				fm.oppScore = x
			case "IMPS":
				fm.imps += int(x)
			case "TEAM_POINTS":
				fm.points += x
			case "OPPOSING_TEAM_POINTS":
				fm.oppPts += x
			}
		}
		out = append(out, fm)
	}
	return out
}

// readProgramFile reads a testdata/usebio file as an import does.
func readProgramFile(t *testing.T, name string) *ResultsFile {
	t.Helper()
	f, err := ReadResults(bytes.NewReader(localUSEBIO(t, name)), ReadOptions{Source: name})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

// TestUSEBIOEBUTeamFiles: the EBU's TeamsScorer 5.1.17 (10 teams, 40
// three-board matches at IMPs, converted to VPs) and EBUScore Teams 1.1.3
// (8 teams, 28 six-board point-a-board matches) write their PARTICIPANTS
// and MATCH elements inside EVENT/SESSION, BOARD_SCORING_METHOD beside a
// SCORING_METHOD of VP, and pair numbers team-player-player ("1-1-2").
// Both files were refused as no team event ("expected a team event with
// its PARTICIPANTS/TEAM and MATCH elements"); read, every match's IMPs
// (TeamsScorer's BOARD/IMPS summed) and every point-a-board match's board
// points (EBUScore's TEAM_POINTS, 2 a board won and 1 each a tie: twice
// traveler's board-a-match 1 and ½) are traveler's.
func TestUSEBIOEBUTeamFiles(t *testing.T) {
	t.Run("TeamsScorer IMPs", func(t *testing.T) {
		name := "ebu_teamsscorer_teams.xml"
		f := readProgramFile(t, name)
		if f.Event.Event.Scoring != tournament.MethodIMPTeams || len(f.Event.Sections) != 1 {
			t.Fatalf("scored %s in %d sections, want IMP_TEAMS in 1", f.Event.Event.Scoring, len(f.Event.Sections))
		}
		st := f.Event.Sections[0].Standings
		if len(st.Pairs) != 10 {
			t.Fatalf("%d teams, want the file's 10", len(st.Pairs))
		}
		ms := fileMatches(t, localUSEBIO(t, name))
		if len(ms) != 40 {
			t.Fatalf("%d MATCH elements, want 40", len(ms))
		}
		imps, vps := 0, 0
		for _, fm := range ms {
			got, ok := findMatch(st.Matches, fm)
			if !ok {
				t.Errorf("round %d: team %d v %d not among traveler's matches", fm.round, fm.team, fm.opp)
				continue
			}
			if got.HomeIMPs-got.AwayIMPs == fm.imps {
				imps++
			} else {
				t.Errorf("round %d: team %d v %d: file %+d IMPs, traveler %+d", fm.round, fm.team, fm.opp, fm.imps, got.HomeIMPs-got.AwayIMPs)
			}
			if got.HomeVPs == fm.score && got.AwayVPs == fm.oppScore {
				vps++
			}
		}
		if imps != 40 {
			t.Errorf("%d of 40 matches' IMPs equal the file's, want all", imps)
		}
		// The VPs are a whole-VP scale for three-board matches that
		// traveler does not offer; USEBIO names no scale and traveler
		// converts on its default one (the WBF continuous): the file's VPs
		// are reproduced only where the two agree (4 of 40). The file's 40
		// matches give its scale as far as they reach: 0 IMPs 10–10, 1
		// 11–9, 2 12–8, 3–4 13–7, 5–6 14–6, 7–8 15–5, 9–10 16–4, 11–13
		// 17–3, 14–16 18–2, 19 19–1, 21 20–0. No published scale tried
		// gives all 40: the WBF 2013 continuous scale
		// for 3 boards rounded to whole VPs 17; rounded up 38 (11 IMPs is
		// 15.99, the file 17); the WBF discrete scale as the BridgeScore
		// app computes it (marcshearer/BridgeScore, discreteVp) 20 for 3
		// boards and 38 for 2; the ACBL 20-VP scale 5. Nor was the EBU's
		// own scale for short matches found in the reference corpora
		// (searched again for issue 27: the EBU's White Book and VP-scale
		// pages, TeamsScorer's help, the WBF technical report's discrete
		// scales, the file's thresholds 1,2,3,5,7,9,11,14,17 as number
		// sequences in code). The bands' widths (1,1,1,2,2,2,2,3,3,3, a
		// blitz of 20 or 21 IMPs) come out of the WBF formula only with a
		// blitz of about 20 chosen to fit them, not the WBF's 15√3 =
		// 25.98: a fit to this file, not a published scale, so none is
		// offered. The EBU's own generator of its White Book tables
		// (www.ebu.co.uk/dynamic/js/vps.js, as rhindonltd/bridge-box-scorer
		// src/scoring/swiss/imp-vp-table.ts ports it and checks it against
		// the White Book's 20-VP table for 5 to 64 boards) is the same
		// construction as BridgeScore's discreteVp: 20 of 40 for 3 boards,
		// 38 for 2; the White Book's 3- and 4-board triangular scale is a
		// 10-VP one (6–4 from 1 IMP to 3), not this file's 20.
		t.Logf("%s: %d of 40 matches' IMPs and %d of 40 matches' VPs equal the file's", name, imps, vps)
	})
	t.Run("EBUScore Teams point-a-board", func(t *testing.T) {
		name := "ebuscore_teams_point_a_board.xml"
		f := readProgramFile(t, name)
		if f.Event.Event.Scoring != tournament.MethodBAMTeams {
			t.Fatalf("scored %s, want BAM_TEAMS (BOARD_SCORING_METHOD PAB)", f.Event.Event.Scoring)
		}
		st := f.Event.Sections[0].Standings
		ms := fileMatches(t, localUSEBIO(t, name))
		if len(ms) != 28 {
			t.Fatalf("%d MATCH elements, want 28", len(ms))
		}
		equal := 0
		for _, fm := range ms {
			got, ok := findMatch(st.Matches, fm)
			if ok && 2*got.HomeVPs == fm.points && 2*got.AwayVPs == fm.oppPts && fm.points == fm.score {
				equal++
			} else {
				t.Errorf("round %d: team %d v %d: file %v–%v board points, traveler %v–%v (×2)", fm.round, fm.team, fm.opp, fm.points, fm.oppPts, got.HomeVPs, got.AwayVPs)
			}
		}
		if equal != 28 {
			t.Errorf("%d of 28 matches' points equal the file's", equal)
		}
		// The teams' totals (TOTAL_SCORE) and places (PLACE): all 8 of
		// each, the totals twice traveler's.
		teams := teamRE.FindAllSubmatch(localUSEBIO(t, name), -1)
		if len(teams) != 8 {
			t.Fatalf("%d TEAMs with a total and place, want 8", len(teams))
		}
		for _, tm := range teams {
			n, _ := strconv.Atoi(string(tm[1]))
			total, _ := strconv.ParseFloat(string(tm[2]), 64)
			place, _ := strconv.Atoi(string(tm[3]))
			s, ok := teamStanding(st, n)
			if !ok || 2*s.Total != total || s.Place != place {
				t.Errorf("team %d: file total %v place %d; traveler %v (×2 = %v) place %d", n, total, place, s.Total, 2*s.Total, s.Place)
			}
		}
	})
}

// findMatch finds the file's match among traveler's: its TEAM at home
// against its OPPOSING_TEAM (two teams meet once in these files; traveler
// numbers TeamsScorer's rounds again, usebioMatchRounds).
func findMatch(ms []tournament.MatchScore, fm fileMatch) (tournament.MatchScore, bool) {
	for _, m := range ms {
		if m.Home == fm.team && m.Away == fm.opp {
			return m, true
		}
	}
	return tournament.MatchScore{}, false
}

// teamStanding is team n's standing.
func teamStanding(st tournament.Standings, n int) (tournament.Standing, bool) {
	for _, s := range st.Pairs {
		if s.Number == strconv.Itoa(n) {
			return s, true
		}
	}
	return tournament.Standing{}, false
}

// differencesBy counts a read file's Differences by figure.
func differencesBy(f *ResultsFile) map[string]int {
	by := map[string]int{}
	for _, d := range f.Differences {
		by[d.Figure]++
	}
	return by
}

// TestUSEBIOPairsProgramFiles: matchpoint pairs files of three English
// programs, read as an import reads them (the program's convention where
// traveler knows it), and how many of their own figures traveler
// reproduces: each line's NS and EW matchpoints, each pair's percentage
// and place.
//
//   - The EBU's PairsScorer 7.2.93 (its example session, 11 tables, 22
//     boards): all 484 line figures and all 22 percentages and places.
//   - RealBridge 1.3.7 (16 pairs): all 336 line figures and all 16
//     percentages and places — its percentages are rounded to the nearest
//     hundredth (pair 4 EW: 126/294 = 42.857… is written 42.86), so the
//     "realbridge" convention, which cuts them (42.85), is not its own:
//     it made 8 of the 16 percentages differ when traveler took it from
//     PROGRAM_NAME.
//   - BriAn 213 (13 pairs, 24 boards), read as "brian" (PROGRAM_NAME
//     BriAn): all 288 line figures — board 21's 5 real results on their
//     own top of 8 beside the A5050 line's 4–4, not scaled to the field's
//     10 — and all 13 percentages (points over the sum of the tops of the
//     boards played, 129/208 = 62.01923 for pair 1; compared at traveler's
//     two decimals); and all 13 places, placed on the percentages: pairs 4
//     and 8 have the same total scaled to 24 boards (114.29) and BriAn
//     places them 7 and 8 by percentage (48.08 before 47.62).
func TestUSEBIOPairsProgramFiles(t *testing.T) {
	for _, c := range []struct {
		file         string
		lines, pairs int
		diffs        map[string]int
	}{
		{"ebu_pairsscorer_mp_pairs.xml", 242, 22, map[string]int{}},
		{"realbridge_mp_pairs.xml", 168, 16, map[string]int{}},
		{"brian_mp_pairs.xml", 144, 13, map[string]int{}},
	} {
		f := readProgramFile(t, c.file)
		if len(f.official.lines) != c.lines || len(f.official.pairs) != c.pairs {
			t.Errorf("%s: %d lines and %d pairs of the file's figures kept, want %d and %d", c.file, len(f.official.lines), len(f.official.pairs), c.lines, c.pairs)
		}
		got := differencesBy(f)
		if len(got) != len(c.diffs) {
			t.Errorf("%s: differences %v, want %v", c.file, got, c.diffs)
		}
		for k, n := range c.diffs {
			if got[k] != n {
				t.Errorf("%s: %d %s differences, want %d (all: %v)", c.file, got[k], k, n, got)
			}
		}
		if c.file == "brian_mp_pairs.xml" {
			for _, d := range f.Differences {
				if d.Figure == FigurePoints && d.Board != 21 {
					t.Errorf("%s: %s: a line's points differ off board 21", c.file, d)
				}
			}
		}
	}
	// Asked for the cutting convention, RealBridge's own file differs
	// where its percentages were rounded up.
	rf, err := ReadResults(bytes.NewReader(localUSEBIO(t, "realbridge_mp_pairs.xml")), ReadOptions{Source: "realbridge_mp_pairs.xml", Convention: "realbridge"})
	if err != nil {
		t.Fatal(err)
	}
	if got := differencesBy(rf); got[FigurePercentage] != 8 || len(got) != 1 {
		t.Errorf("RealBridge's file under the cutting convention: differences %v, want 8 percentages", got)
	}
}

// TestUSEBIOPianolaFile: Pianola 1.0's cross-IMP pairs file (17 pairs,
// 3×8-board matches) writes one line's contract "42" (line 341: pairs 9 v
// 4, S, 12 tricks, SCORE 480 — 4♠ or 4♥ and two over); traveler refuses
// the file naming that line, element and value and what a contract is, as
// it refuses any unreadable contract (a score alone does not say which
// contract was played). With that one value written 4S (the test's edit,
// the score as written), every other figure is read: all 384 line
// cross-IMPs and all 17 places are Pianola's, and 14 of its 17 totals;
// pair 2's total is Pianola's rounded once more (−1.94 against −1.93), and
// pairs 16 and 17 are given 2.57 and 6.85 less than their lines add up to
// (Pianola's own adjustment, which the file does not say).
func TestUSEBIOPianolaFile(t *testing.T) {
	name := "pianola_cross_imp_pairs.xml"
	data := localUSEBIO(t, name)
	_, err := ReadResults(bytes.NewReader(data), ReadOptions{Source: name})
	var fe *FileError
	if !errors.As(err, &fe) || fe.Line != 341 || fe.Element != "BOARD/TRAVELLER_LINE/CONTRACT" || fe.Value != "42" {
		t.Fatalf("read: %v; want a FileError at line 341 BOARD/TRAVELLER_LINE/CONTRACT \"42\"", err)
	}
	edited := bytes.Replace(data, []byte("<CONTRACT>42</CONTRACT>"), []byte("<CONTRACT>4S</CONTRACT>"), 1)
	f, err := ReadResults(bytes.NewReader(edited), ReadOptions{Source: name})
	if err != nil {
		t.Fatal(err)
	}
	if f.Event.Event.Scoring != tournament.MethodCrossIMP || len(f.official.lines) != 192 || len(f.official.pairs) != 17 {
		t.Fatalf("scored %s with %d lines and %d pairs of figures; want CROSS_IMP, 192, 17", f.Event.Event.Scoring, len(f.official.lines), len(f.official.pairs))
	}
	var got []string
	for _, d := range f.Differences {
		got = append(got, d.String())
	}
	want := []string{
		"pair 2 total: file -1.94, traveler -1.93 (by -0.01)",
		"pair 16 total: file 53.57, traveler 56.14 (by -2.57)",
		"pair 17 total: file 21.29, traveler 28.14 (by -6.85)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("differences\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestUSEBIOEBUScoreAcrossField: EBUScore Pairs 1.2.20's file of a
// session of two sections (A: 17 pairs, B: 18; 19 boards) matchpoints every
// board across both: board 1's 17 results (8 in A, 9 in B) share a top of
// 32 = 2(17 − 1), where A's own would be 14. Read section by section, 566
// of its 610 line figures, all 35 percentages and 33 places differed;
// traveler now sees the field in the lines' tops, scores the event across
// the field (with a note saying why), and reproduces every line figure:
// board 8's 32 (played 16 times) are EBUScore's Neuberg-scaled to the
// field's 17 results, (28 + 1)·17/16 − 1 = 29.8125 written 29.81, and are
// compared with the points traveler counts (TravelerLine.Counted), not
// the board's own top it shows (28; 32 differed so). Its percentages are its lines as written (to 0.01,
// Neuberg-factored ones too: 29.8125 → 29.81) added: under the "ebuscore"
// convention, now taken from PROGRAM_NAME, all 35 are reproduced; under
// traveler's own 32 (the other 3 by 0.01); under the EBU's (Neuberg lines
// to 0.1, which PROGRAM_NAME chose before and this file does not do) 18.
// Its places rank all 35 pairs together: compared with
// each section's own places 34 differed; compared, as the file ranks them,
// with traveler's ranking of the field (EventData.Overall), none differs.
func TestUSEBIOEBUScoreAcrossField(t *testing.T) {
	name := "ebuscore_pairs_two_sections.xml"
	for _, c := range []struct {
		convention string
		diffs      map[string]int
	}{
		// Taken from PROGRAM_NAME: the "ebuscore" convention, lines to
		// 0.01 before adding, as the file writes them (29.81) and adds
		// them (pair A1: its 16 lines add to 209.38, 209.38/(16·32) =
		// 40.89 %, the file's PERCENTAGE): all 35 percentages.
		{"", map[string]int{}},
		// The EBU's article's 0.1 (what PROGRAM_NAME chose before): 17
		// percentages differ — the file does not round to 0.1.
		{"ebu", map[string]int{FigurePoints: 32, FigurePercentage: 17}}, // board 8's lines too: 29.8 against the file's 29.81
		{"traveler", map[string]int{FigurePercentage: 3}},
	} {
		f, err := ReadResults(bytes.NewReader(localUSEBIO(t, name)), ReadOptions{Source: name, Convention: c.convention})
		if err != nil {
			t.Fatal(err)
		}
		if f.Event.Event.Overall.Field != tournament.FieldAcross || len(f.Event.Sections) != 2 {
			t.Errorf("convention %q: field %q in %d sections, want across the field in 2", c.convention, f.Event.Event.Overall.Field, len(f.Event.Sections))
		}
		if !strings.Contains(notesText(f), "scored across the field of its session, as the file's matchpoints are (board 1: 17 results in all, a top of 32)") {
			t.Errorf("no note of the field:\n%s", notesText(f))
		}
		if len(f.official.lines) != 305 || len(f.official.pairs) != 35 {
			t.Errorf("%d lines and %d pairs of figures, want 305 and 35", len(f.official.lines), len(f.official.pairs))
		}
		// The file's places rank all 35 pairs together (A15 1st at 67.18 %,
		// A13 35th at 31.46 %): compared with traveler's ranking of the
		// field, all 35 are traveler's (34 differed against each
		// section's own places).
		field := map[string]int{}
		for _, en := range f.Event.Overall().Entries {
			field[en.Sessions[0].Section+en.Sessions[0].Number] = en.Place
		}
		if len(field) != 35 || field["A15"] != 1 || field["A13"] != 35 || field["B24"] != 2 {
			t.Errorf("convention %q: field places %v, want 35 with A15 1st, B24 2nd, A13 35th", c.convention, field)
		}
		got := differencesBy(f)
		for _, k := range []string{FigurePoints, FigurePercentage, FigurePlace} {
			if got[k] != c.diffs[k] {
				t.Errorf("convention %q: %d %s differences, want %d", c.convention, got[k], k, c.diffs[k])
			}
		}
		for _, d := range f.Differences {
			if d.Figure == FigurePoints && d.Board != 8 || d.Figure == FigurePercentage && math.Abs(d.By) > 0.0101 {
				t.Errorf("convention %q: %s", c.convention, d)
			}
		}
	}
}
