package reports

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// bboRow is one line of BBO's traveller of a board as
// testdata/pbn/bbo_tourney_2013_travellers.txt keeps it.
type bboRow struct {
	board      int
	seats      [4]string // North, South, East, West
	result     string    // "4SW-1"; "A==" an average BBO gave
	percentage string    // BBO's NS percentage, "80.00%"
}

func readBBOTravellers(t *testing.T, name string) []bboRow {
	t.Helper()
	f, err := os.Open("testdata/pbn/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []bboRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 8 {
			t.Fatalf("%q: want 8 fields", line)
		}
		b, err := strconv.Atoi(f[0])
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, bboRow{board: b, seats: [4]string{f[1], f[2], f[3], f[4]}, result: f[5], percentage: f[7]})
	}
	return rows
}

// TestPBNBBOTourneyFigures reads two real BBO pairs tourneys as pbntools
// wrote them from BBO's travellers (each game its four BBO names, contract,
// result, auction and play) and compares each line's matchpoints with the
// NS percentage BBO's own traveller gives it (the _travellers.txt beside
// each):
//
//   - bbo_tourney_2013.pbn (#1538, 16 tables, 2013-11-23): five boards, 57
//     tables; all 52 lines with a result are BBO's to the hundredth (4SW-1
//     for 50 among 16 results: 24 of a top of 30, 80.00 %). BBO gave five
//     tables an average ("A==", 50 %) where the play was not finished;
//     pbntools writes them with the players, auction and play but no
//     Contract or Result, and traveler read them as hands without a
//     result, silently: each is now noted, naming its line.
//   - bbo_aba_tourney_2021.pbn (#17901 "ABA Pairs local", the American
//     Bridge Association's, 28 tables, 2021-04-03, many seats played by
//     BBO's robot GiB): boards 1 and 9, 56 lines, all BBO's (3CN+2 for
//     150 among 28 results: 26 of 27 on BBO's scale, 96.30 %).
func TestPBNBBOTourneyFigures(t *testing.T) {
	for _, c := range []struct {
		file, travellers string
		equal, averages  int
	}{
		{"bbo_tourney_2013.pbn", "bbo_tourney_2013_travellers.txt", 52, 5},
		{"bbo_aba_tourney_2021.pbn", "bbo_aba_tourney_2021_travellers.txt", 56, 0},
	} {
		t.Run(c.file, func(t *testing.T) {
			checkBBOTourney(t, c.file, c.travellers, c.equal, c.averages)
		})
	}
}

// checkBBOTourney reads a BBO tourney's PBN and finds equal lines of
// BBO's traveller percentages and averages noted at their lines.
func checkBBOTourney(t *testing.T, file, travellers string, wantEqual, wantAverages int) {
	f, err := os.Open("testdata/pbn/" + file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rf, err := ReadResults(f, ReadOptions{Source: file})
	if err != nil {
		t.Fatal(err)
	}
	sd := rf.Event.Sections[0]
	names := map[string][]string{}
	for _, p := range sd.Pairs {
		for _, pl := range p.Players {
			names[p.Number] = append(names[p.Number], pl.Name)
		}
	}
	same := func(a []string, b ...string) bool {
		a, b = slices.Clone(a), slices.Clone(b)
		slices.Sort(a)
		slices.Sort(b)
		return slices.Equal(a, b)
	}
	rows := readBBOTravellers(t, travellers)
	used := map[int]bool{}
	equal := 0
	for _, tr := range sd.Travelers {
		for _, l := range tr.Lines {
			k := slices.IndexFunc(rows, func(r bboRow) bool {
				return r.board == tr.Board.Number && same(names[l.Result.NS], r.seats[0], r.seats[1]) && same(names[l.Result.EW], r.seats[2], r.seats[3])
			})
			if k < 0 {
				t.Errorf("board %d, %v v %v: not on BBO's traveller", tr.Board.Number, names[l.Result.NS], names[l.Result.EW])
				continue
			}
			used[k] = true
			got := strconv.FormatFloat(100*l.NSPoints/tr.Top, 'f', 2, 64) + "%"
			if got != rows[k].percentage {
				t.Errorf("board %d, %v v %v: NS %s, BBO %s", tr.Board.Number, names[l.Result.NS], names[l.Result.EW], got, rows[k].percentage)
				continue
			}
			equal++
		}
	}
	if equal != wantEqual {
		t.Errorf("%d lines' percentages equal BBO's, want %d", equal, wantEqual)
	}
	// BBO's averages: each BBO row not read is an "A==" whose game is
	// noted at its line.
	data, err := os.ReadFile("testdata/pbn/" + file)
	if err != nil {
		t.Fatal(err)
	}
	games, err := ReadPBN(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	averages := 0
	for k, r := range rows {
		if used[k] {
			continue
		}
		averages++
		if r.result != "A==" {
			t.Errorf("board %d, %v: BBO's %s not read", r.board, r.seats, r.result)
			continue
		}
		line := 0
		for _, g := range games {
			if g.Value("Board") == strconv.Itoa(r.board) && g.Value("North") == r.seats[0] && g.Value("East") == r.seats[2] {
				line = g.Line
			}
		}
		noted := false
		for _, n := range rf.Notes {
			noted = noted || n.Line == line && n.Element == "[Contract]" && strings.Contains(n.Text, "no result")
		}
		if line == 0 || !noted {
			t.Errorf("board %d, %v (BBO's average, the game at line %d): no note at its line: %v", r.board, r.seats, line, rf.Notes)
		}
	}
	if averages != wantAverages {
		t.Errorf("%d of BBO's lines not read, want the %d averages", averages, wantAverages)
	}
}
