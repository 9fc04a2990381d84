package scoring_test

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// The tests in this file check the comparison engine against real events scored by Compscore3
// (../shared/testdata/README.md): every matchpoint, Butler datum, Butler IMP, pair total,
// percentage and place in the two USEBIO files, and every board's IMPs of the PBN teams match.

// usebioLine is one traveller line of a USEBIO file, its figures as written.
type usebioLine struct {
	NS, EW             int
	Score              string
	NSMP, EWMP         string
	NSButler, EWButler string
}

// usebioBoard is one board's traveller.
type usebioBoard struct {
	Number  int
	Average string
	Lines   []usebioLine
}

// usebioPair is one pair's published result.
type usebioPair struct {
	Number                   int
	Total, Percentage, Place string
}

// readUSEBIO reads the travellers and the pairs of a USEBIO 1.2 file with
// the project's reader (reports.ReadUSEBIO), keeping every figure as the
// file writes it.
func readUSEBIO(t *testing.T, name string) ([]usebioBoard, []usebioPair) {
	t.Helper()
	f, err := os.Open(sharedtest.Path(t, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	file, err := reports.ReadUSEBIO(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	atoi := func(where, s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%s: %s: %q is not a pair number", name, where, s)
		}
		return n
	}
	var boards []usebioBoard
	for _, b := range file.Event.Boards {
		if len(b.Lines) == 0 {
			continue
		}
		ub := usebioBoard{Number: b.Number, Average: b.Average.Text}
		for _, l := range b.Lines {
			ul := usebioLine{NS: atoi("NS_PAIR_NUMBER", l.NS), EW: atoi("EW_PAIR_NUMBER", l.EW), Score: l.Score.Text}
			switch l.Points {
			case reports.PointsMatchPoints:
				ul.NSMP, ul.EWMP = l.NSPoints.Text, l.EWPoints.Text
			case reports.PointsButler:
				ul.NSButler, ul.EWButler = l.NSPoints.Text, l.EWPoints.Text
			}
			ub.Lines = append(ub.Lines, ul)
		}
		boards = append(boards, ub)
	}
	var pairs []usebioPair
	for _, p := range file.Event.Pairs {
		pairs = append(pairs, usebioPair{Number: atoi("PAIR_NUMBER", p.Number), Total: p.Total.Text, Percentage: p.Percentage.Text, Place: p.Place})
	}
	if len(boards) == 0 || len(pairs) == 0 {
		t.Fatalf("%s: read %d boards and %d pairs", name, len(boards), len(pairs))
	}
	return boards, pairs
}

// compareLine turns a USEBIO score into a CompareLine (reports.ParseLineScore
// reads it): a number is a played result, "A6040" an artificial score of
// 60 % to NS and 40 % to EW.
func compareLine(t *testing.T, where, score string) scoring.CompareLine {
	t.Helper()
	ls, ok := reports.ParseLineScore(score)
	if !ok {
		t.Fatalf("%s: cannot read score %q", where, score)
	}
	if ls.Artificial {
		return scoring.CompareLine{Kind: scoring.LineArtificial, NSPercent: ls.NSPercent, EWPercent: ls.EWPercent}
	}
	return scoring.CompareLine{Kind: scoring.LinePlayed, NSScore: ls.Points}
}

// number reads a published figure.
func number(t *testing.T, where, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		t.Fatalf("%s: cannot read number %q", where, s)
	}
	return v
}

// pairTally is a pair's points, possible points and boards played, summed over the boards.
type pairTally struct {
	points, possible float64
	boards           int
}

// checkPairs compares totals, percentages and places computed by Standings (totals scaled to the
// most boards played) with the published ones.
func checkPairs(t *testing.T, name string, pairs []usebioPair, tally map[int]*pairTally, withPercent bool) {
	t.Helper()
	entries := make([]scoring.Entry, len(pairs))
	for i, p := range pairs {
		tl := tally[p.Number]
		if tl == nil {
			t.Fatalf("%s: pair %d played no board", name, p.Number)
		}
		entries[i] = scoring.Entry{Sessions: []scoring.Session{{Points: tl.points, Possible: tl.possible, Boards: tl.boards}}}
	}
	got := scoring.Standings(entries, scoring.StandingsOptions{ScaleToMostBoards: true})
	for i, p := range pairs {
		where := fmt.Sprintf("%s pair %d", name, p.Number)
		if want := number(t, where, p.Total); math.Abs(scoring.Round2(got[i].Total)-want) > 1e-9 {
			t.Errorf("%s: total %.4f (rounded %.2f), file %.2f (raw %.4f over %d boards)", where, got[i].Total, scoring.Round2(got[i].Total), want, tally[p.Number].points, tally[p.Number].boards)
		}
		if withPercent {
			if want := number(t, where, p.Percentage); math.Abs(got[i].Percentage-want) > 1e-9 {
				t.Errorf("%s: percentage %.2f, file %.2f", where, got[i].Percentage, want)
			}
		}
		if want := int(number(t, where, p.Place)); got[i].Place != want {
			t.Errorf("%s: place %d, file %d", where, got[i].Place, want)
		}
	}
}

// TestExternalUSEBIOMatchpoints recomputes every matchpoint of a real Compscore3 Howell session
// (12 pairs, 27 boards, EBU convention: 2 per score beaten, 1 per tie) and every pair's total,
// percentage and place.
//
// Two readings of the file, both checked line by line: board 26 has an A5050 line, so its five
// real results are scaled to six ((raw+1)·6/5 − 1, README) and its line figures show that; board
// 12 was played only five times (pairs 1 and 3 missed it), and its line figures are the plain
// matchpoints on a top of 8, while the pair totals use the same five results Neuberg-scaled to
// the six times every other board was played (5 → 6.2, 3 → 3.8). Pairs 1 and 3 played 26 boards:
// their totals are scaled by 27/26 and their percentages are over 26 tops.
func TestExternalUSEBIOMatchpoints(t *testing.T) {
	const name = "usebio/mp_pairs_howell.xml"
	boards, pairs := readUSEBIO(t, name)
	full := 0
	for _, b := range boards {
		full = max(full, len(b.Lines))
	}
	tally := map[int]*pairTally{}
	add := func(pair int, pts, top float64) {
		if tally[pair] == nil {
			tally[pair] = &pairTally{}
		}
		tally[pair].points += pts
		tally[pair].possible += top
		tally[pair].boards++
	}
	checked := 0
	for _, b := range boards {
		lines := make([]scoring.CompareLine, len(b.Lines))
		for i, l := range b.Lines {
			lines[i] = compareLine(t, fmt.Sprintf("%s board %d", name, b.Number), l.Score)
		}
		// The lines as printed: compared among the board's own lines.
		ns, ew, _ := scoring.Matchpoints(lines, len(lines), scoring.MPScaleEBU)
		for i, l := range b.Lines {
			where := fmt.Sprintf("%s board %d NS %d EW %d score %s", name, b.Number, l.NS, l.EW, l.Score)
			if want := number(t, where, l.NSMP); math.Abs(ns[i]-want) > 0.005 {
				t.Errorf("%s: NS matchpoints %.4f, file %s", where, ns[i], l.NSMP)
			}
			if want := number(t, where, l.EWMP); math.Abs(ew[i]-want) > 0.005 {
				t.Errorf("%s: EW matchpoints %.4f, file %s", where, ew[i], l.EWMP)
			}
			checked++
		}
		// The totals: every board scaled to the most times any board was played.
		ns, ew, top := scoring.Matchpoints(lines, full, scoring.MPScaleEBU)
		for i, l := range b.Lines {
			add(l.NS, ns[i], top)
			add(l.EW, ew[i], top)
		}
	}
	t.Logf("%s: %d traveller lines checked", name, checked)
	checkPairs(t, name, pairs, tally, true)
}

// TestExternalUSEBIOButler recomputes every board's datum and every Butler IMP of a real
// Compscore3 Butler session (8 pairs, 35 boards; datum: drop the highest and the lowest, mean,
// round to 10, README), and every pair's total and place.
func TestExternalUSEBIOButler(t *testing.T) {
	const name = "usebio/butler_howell.xml"
	boards, pairs := readUSEBIO(t, name)
	tally := map[int]*pairTally{}
	add := func(pair int, pts float64) {
		if tally[pair] == nil {
			tally[pair] = &pairTally{}
		}
		tally[pair].points += pts
		tally[pair].boards++
	}
	checked := 0
	for _, b := range boards {
		lines := make([]scoring.CompareLine, len(b.Lines))
		scores := make([]int, len(b.Lines))
		for i, l := range b.Lines {
			lines[i] = compareLine(t, fmt.Sprintf("%s board %d", name, b.Number), l.Score)
			scores[i] = lines[i].NSScore
		}
		where := fmt.Sprintf("%s board %d", name, b.Number)
		imps, datum := scoring.Butler(scores, 1, 10)
		if want := int(number(t, where, b.Average)); datum != want {
			t.Errorf("%s: datum %d, file %d (scores %v)", where, datum, want, scores)
		}
		ns, ew, datums := scoring.ButlerLines(lines, nil, 1, 10)
		if datums[0] != datum {
			t.Errorf("%s: ButlerLines datum %d, Butler %d", where, datums[0], datum)
		}
		for i, l := range b.Lines {
			where := fmt.Sprintf("%s board %d NS %d EW %d score %s", name, b.Number, l.NS, l.EW, l.Score)
			if want := number(t, where, l.NSButler); float64(imps[i]) != want || ns[i] != want {
				t.Errorf("%s: NS IMPs %d (lines %v), file %s", where, imps[i], ns[i], l.NSButler)
			}
			if want := number(t, where, l.EWButler); ew[i] != want {
				t.Errorf("%s: EW IMPs %v, file %s", where, ew[i], l.EWButler)
			}
			add(l.NS, ns[i])
			add(l.EW, ew[i])
			checked++
		}
	}
	t.Logf("%s: %d traveller lines checked", name, checked)
	checkPairs(t, name, pairs, tally, false)
}

// TestExternalPBNTeamIMPs recomputes the IMPs of every board of a real teams event (both rooms
// of 30 tables, boards 11–20): the two tables where the same two teams (HomeTeam, VisitTeam, in
// either order) played a board are the two rooms of a MatchBoard, and each room's ScoreIMP tag
// must be the IMPs of its NS score against the other room's. The file lacks one game (board 20 of
// SWITZERLAND v TURKEY has only the TURKEY-home room, table 6), so that room cannot be checked;
// the test names it and fails on any other room without its partner.
func TestExternalPBNTeamIMPs(t *testing.T) {
	const name = "pbn/teams_imps_2021.pbn"
	recs, errs := readPBN(sharedtest.Path(t, name))
	for _, err := range errs {
		t.Fatalf("%s: %v", name, err)
	}
	type room struct {
		ns, imps int
		line     int
	}
	rooms := map[[2]string][]room{}
	for _, r := range recs {
		score, ok := r.tag("Score")
		if !ok {
			continue // the unplayed boards of tables 1 and 17
		}
		ns, _, err := parsePBNScore(score)
		if err != nil {
			t.Fatalf("%s line %d: %v", name, r.line, err)
		}
		impTag, _ := r.tag("ScoreIMP")
		f := strings.Fields(impTag)
		if len(f) < 2 || f[0] != "NS" {
			t.Fatalf("%s line %d: cannot read ScoreIMP %q", name, r.line, impTag)
		}
		imps, err := strconv.Atoi(f[1])
		if err != nil {
			t.Fatalf("%s line %d: cannot read ScoreIMP %q", name, r.line, impTag)
		}
		board, _ := r.tag("Board")
		home, _ := r.tag("HomeTeam")
		visit, _ := r.tag("VisitTeam")
		teams := []string{home, visit}
		slices.Sort(teams)
		k := [2]string{board, strings.Join(teams, " v ")}
		rooms[k] = append(rooms[k], room{ns: ns, imps: imps, line: r.line})
	}
	checked := 0
	missing := [2]string{"20", "SWITZERLAND v TURKEY"}
	for k, rs := range rooms {
		if len(rs) == 1 && k == missing {
			t.Logf("%s board %s match %s: the other room is not in the file; not checked", name, k[0], k[1])
			continue
		}
		if len(rs) != 2 {
			t.Errorf("%s board %s match %s: %d rooms, want 2", name, k[0], k[1], len(rs))
			continue
		}
		for i, r := range rs {
			other := rs[1-i]
			b := scoring.MatchBoard{OpenNS: r.ns, ClosedNS: other.ns}
			if got := b.HomeIMPs(); got != r.imps {
				t.Errorf("%s board %s match %s (line %d): NS %d against %d: %d IMPs, file %d", name, k[0], k[1], r.line, r.ns, other.ns, got, r.imps)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatalf("%s: no board compared", name)
	}
	t.Logf("%s: %d rooms' IMPs checked", name, checked)
}
