package movement_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestReadASCPublishedExample reads the example movement of the .ASC format's
// own documentation (http://www.pjms.nl/movementfile_standard.html, "Movement
// files in the format .ASC", version 1.0, its Example; testdata/pjms_example.asc
// is it verbatim): 14 pairs at 7 tables, 6 rounds, board groups A to F.
// Table 7 shares its group with another table each round (round 1: A with
// table 1), so 7 tables × 6 rounds = 42 plays over 6 groups is each group at
// 7 tables; read at 2 boards a group, group F is boards 11 and 12.
func TestReadASCPublishedExample(t *testing.T) {
	text, err := os.ReadFile("testdata/pjms_example.asc")
	if err != nil {
		t.Fatal(err)
	}
	sched, err := movement.ReadASC(string(text), 2, false)
	if err != nil {
		t.Fatal(err)
	}
	m, err := movement.Custom(sched, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := m.Validate()
	if err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if m.Pairs != 14 || m.Tables != 7 || len(m.Rounds) != 6 || m.Boards != 12 || rep.Plays != 7 {
		t.Errorf("%d pairs, %d tables, %d rounds, %d boards, played %d times; want 14, 7, 6, 12, 7", m.Pairs, m.Tables, len(m.Rounds), m.Boards, rep.Plays)
	}
	// The file's second line, table 6: "1-10 F"; the last line, table 7: "14- 4 F".
	if got := m.Rounds[1].Tables[5]; got.Table != 6 || got.NS != 1 || got.EW != 10 || fmt.Sprint(got.Boards) != "[11 12]" {
		t.Errorf("round 2, table 6 = %+v, want pairs 1 v 10 on boards 11, 12", got)
	}
	if got := m.Rounds[5].Tables[6]; got.NS != 14 || got.EW != 4 || fmt.Sprint(got.Boards) != "[11 12]" {
		t.Errorf("round 6, table 7 = %+v, want pairs 14 v 4 on boards 11, 12", got)
	}
	for _, r := range m.Rounds {
		if len(r.SitOut) != 0 || len(r.ByeStand) != 0 {
			t.Errorf("round %d: sit out %v, resting %v; every pair and group is in play", r.Number, r.SitOut, r.ByeStand)
		}
	}
}

// TestReadASCPublishedHowells writes each published movement of
// ../shared/testdata/movements (thebridsk/bridgescorer) whose tables each
// play one whole set — 19 of the 23: the Howells of 4 to 14 pairs but the
// half-set ones, the Armonk 2-table movements and the 3-table Mitchell
// (with its two winners) — as an .ASC file and reads it back:
// the movement read is identical to the published one (compareMovements),
// its odd Howells' sit-outs included.
func TestReadASCPublishedHowells(t *testing.T) {
	read := 0
	for _, pub := range publishedMovements(t) {
		text, per, ok := asASC(&pub.movement)
		if !ok {
			continue
		}
		read++
		t.Run(pub.file, func(t *testing.T) {
			sched, err := movement.ReadASC(text, per, false)
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			m, err := movement.Custom(sched, pub.movement.Winners, pub.movement.Tables)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := m.Validate(); err != nil {
				t.Fatal(err)
			}
			if got := compareMovements(&m, &pub.movement); got != identical {
				t.Errorf("read back: %v, want identical", got)
			}
		})
	}
	if read != 19 {
		t.Errorf("%d published movements written as .ASC; want 19", read)
	}
}

// asASC writes m as an .ASC file when every table plays one whole group of
// per consecutive boards and no table arrow-switches.
func asASC(m *movement.Movement) (string, int, bool) {
	per := len(m.Rounds[0].Tables[0].Boards)
	var b strings.Builder
	fmt.Fprintf(&b, "%d %d %d %d 0\n", m.Pairs, m.Tables, len(m.Rounds), m.Boards/per)
	for _, r := range m.Rounds {
		row := make([]string, m.Tables)
		for i := range row {
			row[i] = " 0- 0 0"
		}
		for _, t := range r.Tables {
			first := t.Boards[0]
			if len(t.Boards) != per || (first-1)%per != 0 || t.ArrowSwitch || t.Table > m.Tables {
				return "", 0, false
			}
			for i, bd := range t.Boards {
				if bd != first+i {
					return "", 0, false
				}
			}
			row[t.Table-1] = fmt.Sprintf("%2d-%2d %c", t.NS, t.EW, 'A'+(first-1)/per)
		}
		b.WriteString(strings.Join(row, " ") + " # round " + fmt.Sprint(r.Number) + "\n")
	}
	return b.String(), per, m.Boards%per == 0 && m.Boards/per <= 26
}

// TestReadASCRefusals: each bad file is refused naming the line, round and
// table and what is wrong.
func TestReadASCRefusals(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"header short", "4 2 3\n", `line 1: the header is 5 numbers`},
		{"individual", "8 2 7 7 1\n", `line 1: an individual movement`},
		{"too many pairs", "9 4 1 1 0\n1-2 A 3-4 A 5-6 A 7-8 A\n", `line 1: the header's 9 pairs do not fit 4 tables`},
		{"short round", "4 2 1 1 0\n1-2 A 3-4\n", `line 2: round 1 has 5 numbers; 2 tables need 6`},
		{"pair twice", "4 2 1 1 0\n1-2 A 1-4 A\n", `line 2: round 1, table 2: pair 1 is also at table 1 this round`},
		{"no such pair", "4 2 1 1 0\n1-2 A 3-5 A\n", `line 2: round 1, table 2: "3" and "5" are not pairs of 1 to 4`},
		{"no such group", "4 2 1 2 0\n1-2 A 3-4 C\n", `line 2: round 1, table 2: board group "C" is not one of the header's 2`},
		{"letters and numbers", "4 2 2 2 0\n1-2 A 3-4 B\n1-3 1 2-4 2\n", `line 3: round 2, table 1: board group "1": groups are letters or numbers`},
		// Pairs 1 and 2 meet in round 1 at table 1 and again in round 3.
		{"meet again", "4 2 3 6 0\n1-2 A 3-4 B\n1-3 C 2-4 D\n2-1 E 4-3 F\n", `line 4: round 3, table 1: pairs 2 and 1 meet again (they met in round 1 at table 1)`},
		{"group twice", "4 2 2 2 0\n1-2 A 3-4 B\n1-3 A 2-4 B\n", `line 3: round 2, table 1: pair 1 plays board group A again (it played it in round 1)`},
		// Round 2 leaves table 3 empty: group A is played once, B and C twice.
		// movement.CheckBalanced finds it at group B's first table, so the
		// refusal names that line.
		{"unbalanced", "6 3 2 3 0\n1-2 A 3-4 B 5-6 C\n1-4 C 2-5 B 0-0 0\n", `line 2: round 1, table 2: board group B is played at 2 tables and group A at 1: the movement does not balance`},
		// The header's group E is at no table: every group it names is played.
		{"group never played", "4 3 2 5 0\n1-2 A 3-4 B 0-0 0\n1-3 C 2-4 D 0-0 0\n", `board group E of the header's 5 is played at no table`},
		{"rounds missing", "4 2 3 6 0\n1-2 A 3-4 B\n1-3 C 2-4 D\n", `the file has 2 rounds; the header says 3`},
		// Found by FuzzReadASC: a header of 6,666,666,666,666 groups once
		// asked for that much memory before reading a round.
		{"huge header", "2 1 1 6666666666666 0\n1-2 A\n", `line 1: the header's 1 tables and 6666666666666 board groups do not fit`},
		{"rounds without lines", "2 1 5 1 0\n1-2 A\n", `line 1: the header's 5 rounds need a line each; the file has 2 lines after it`},
		{"rounds over", "4 2 1 2 0\n1-2 A 3-4 B\n1-3 A 2-4 B\n", `line 3: more rounds than the header's 1`},
	}
	for _, c := range cases {
		_, err := movement.ReadASC(c.text, 2, false)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "file") {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// A meeting of two rounds at one table (the published 4-pair Howell,
	// Movement.Howell04T2B18) is not a repeated meeting; comments and blank
	// lines are skipped.
	ok := "4 2 6 6 0 # Howell04T2B18\n\n4-1 A 2-3 B\n4-1 B 3-2 A\n4-2 C 3-1 D\n4-2 D 1-3 C\n4-3 E 1-2 F\n4-3 F 2-1 E\n"
	if _, err := movement.ReadASC(ok, 3, false); err != nil {
		t.Errorf("the 4-pair Howell: %v", err)
	}
}

// FuzzReadASC: no text makes ReadASC panic, and a schedule it returns makes
// a custom movement that Validate checks without panicking.
func FuzzReadASC(f *testing.F) {
	example, err := os.ReadFile("testdata/pjms_example.asc")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(example), 2)
	f.Add("4 2 6 6 0\n4-1 A 2-3 B\n4-1 B 3-2 A\n4-2 C 3-1 D\n4-2 D 1-3 C\n4-3 E 1-2 F\n4-3 F 2-1 E\n", 3)
	f.Add("4 2 1 1 0\n1-2 A 0-0 0 # comment\n", 1)
	f.Add("", 1)
	f.Fuzz(func(t *testing.T, text string, per int) {
		if per > 36 || len(text) > 4096 {
			return // the service's bounds (tournament.MaxBoardsPerRound, MaxMovementFile) keep larger out
		}
		sched, err := movement.ReadASC(text, per, false)
		if err != nil {
			return
		}
		if m, err := movement.Custom(sched, 1, 0); err == nil {
			_, _ = m.Validate()
		}
	})
}
