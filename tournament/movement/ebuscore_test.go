package movement_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// ebuscoreFile writes ebuscoreThreeQuarter8 (EBUScore's "3/4 Howell, ACBL
// SPECIAL", PSMovements.txt; figures quoted in howell_ebuscore_test.go) in
// EBUScore's own movement format: its header "0,4,24,4,6,0" as the
// library gives it, then a line a table, round by round NS,EW,set. edit
// changes one number first: table t (1 up), field i (0 up).
func ebuscoreFile(edit func(lines *[4][18]int)) string {
	lines := ebuscoreThreeQuarter8
	if edit != nil {
		edit(&lines)
	}
	var b strings.Builder
	b.WriteString("0,4,24,4,6,0\r\n")
	for _, l := range lines {
		b.WriteString(strings.Trim(strings.Join(strings.Fields(fmt.Sprint(l)), ","), "[]") + "\r\n")
	}
	return b.String()
}

// TestReadEBUScorePublished reads the ¾ Howell of 8 pairs written in
// EBUScore's movement format ("Writing New Movements in EBU Score",
// forums.ebu.co.uk discussion 1858: "Movement, Tables, Boards, Boards per
// Round, Rounds, Missing Pair", then a line a table) — through
// ReadMovementFile, which knows it by its six-number header — and gets the
// movement traveler generates from the same published table
// (ThreeQuarterHowell(8, 4), TestThreeQuarterHowell8PairsEBUScore): every
// round, table, NS, EW and board the same; round 1, table 2 is pairs 7 v 5
// on set 1 (boards 1–4), which table 1 shares.
func TestReadEBUScorePublished(t *testing.T) {
	sched, err := movement.ReadMovementFile(ebuscoreFile(nil), 4, false)
	if err != nil {
		t.Fatal(err)
	}
	read, err := movement.Custom(sched, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	want, err := movement.ThreeQuarterHowell(8, 4)
	if err != nil {
		t.Fatal(err)
	}
	if s := compareMovements(&read, &want); s != identical {
		t.Errorf("the file read is %v to the generated ¾ Howell, want identical", s)
	}
	if got := read.Rounds[0].Tables[1]; got.NS != 7 || got.EW != 5 || fmt.Sprint(got.Boards) != "[1 2 3 4]" {
		t.Errorf("round 1, table 2: %+v, want 7 v 5 on boards 1-4", got)
	}
	if err := read.CheckBalanced(); err != nil {
		t.Errorf("CheckBalanced: %v", err)
	}
}

// TestReadEBUScoreRefusals: what the file says wrong is refused with its
// line (the header is line 1, table t is line t+1), round and table; a
// movement that repeats a meeting only without the director's allowance.
func TestReadEBUScoreRefusals(t *testing.T) {
	for _, c := range []struct {
		name, text string
		per        int
		want       string
	}{
		{"individual", strings.Replace(ebuscoreFile(nil), "0,4,24", "3,4,24", 1), 4, "line 1: movement type 3 is an individual movement"},
		{"teams", strings.Replace(ebuscoreFile(nil), "0,4,24", "5,4,24", 1), 4, "line 1: movement type 5 is a teams movement"},
		{"boards a round", ebuscoreFile(nil), 2, "line 1: the header's 4 boards a round differ from boards_per_round 2"},
		{"missing pair", strings.Replace(ebuscoreFile(nil), "4,6,0", "4,6,8", 1), 4, "line 1: a missing pair (8) is not read"},
		{"short table", strings.TrimSuffix(ebuscoreFile(nil), ",5,1,2\r\n") + "\r\n", 4, "line 5: table 4 has 15 numbers; 6 rounds need 18"},
		// Round 2, table 3: 4 v 5 → 4 v 3; 3 is at table 4 (1 v 3) too.
		{"pair twice", ebuscoreFile(func(l *[4][18]int) { l[2][4] = 3 }), 4, "line 5: round 2, table 4: pair 3 is also at table 3 this round"},
		// Round 4, the EW pairs of tables 1 and 2 swapped: 8 v 7 and 2 v 4
		// (no set played twice); 2 and 4 met in round 3 at table 4.
		{"meet again", ebuscoreFile(func(l *[4][18]int) { l[0][10], l[1][10] = 7, 4 }), 4, "line 3: round 4, table 2: pairs 2 and 4 meet again (they met in round 3 at table 4)"},
	} {
		_, err := movement.ReadMovementFile(c.text, c.per, false)
		var se *scoring.Error
		if !errors.As(err, &se) || se.Field != "file" || !strings.Contains(se.Problem, c.want) || len(se.Allowed) != 1 || !strings.Contains(se.Allowed[0], "EBUScore") {
			t.Errorf("%s: %v, want field file, %q and EBUScore's format as allowed", c.name, err, c.want)
		}
	}
	// The library's title line above the header (PSMovements.txt writes
	// "3/4 Howell, ACBL SPECIAL" there) is read as such: the file is the
	// same movement, and the header is line 2.
	titled := "3/4 Howell, ACBL SPECIAL\r\n" + ebuscoreFile(nil)
	if sched, err := movement.ReadMovementFile(titled, 4, false); err != nil || len(sched) != 6 || sched[0].Tables[1].NS != 7 {
		t.Errorf("with its title: %v", err)
	}
	if _, err := movement.ReadMovementFile(titled, 2, false); err == nil || !strings.Contains(err.Error(), "line 2: the header's 4 boards a round differ") {
		t.Errorf("with its title, 2 boards a round: %v", err)
	}
	if _, err := movement.ReadMovementFile(ebuscoreFile(func(l *[4][18]int) { l[0][10], l[1][10] = 7, 4 }), 4, true); err != nil {
		t.Errorf("with the director's allowance a meeting again is read: %v", err)
	}
}
