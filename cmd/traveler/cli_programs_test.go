package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/db/dbtest"
)

// TestCLIImportProgramFiles: the real files the reader now reads (the
// EBU's TeamsScorer and EBUScore Teams team events, EBUScore Pairs' two
// sections scored across the field: reports/testdata/usebio) are stored
// by `traveler import`, and the stored two-section event is scored across
// the field as the file read is, under the file's program's convention
// (ebuscore): every figure the file prints is traveler's, so the import
// says of none that it differs.
func TestCLIImportProgramFiles(t *testing.T) {
	url := dbtest.URL(t)
	for _, c := range []struct{ file, note, printed, notPrinted string }{
		// TeamsScorer's ROUND_NUMBER 1 has team 3 against teams 1 and 5:
		// the store refused "the pair is already at table 2 this round"
		// until each match was given a round of its own teams.
		{"ebu_teamsscorer_teams.xml", "has a team in two matches", "10 teams, 30 boards, 240 results", ""},
		{"ebuscore_teams_point_a_board.xml", "", "8 teams, 42 boards, 336 results", ""},
		// TestUSEBIOEBUScoreAcrossField finds no difference in the file
		// read under ebuscore (634 section by section, 83 across the field
		// under ebu's rounding): the stored event is scored across the
		// field as the read one is, and the import reports none.
		{"ebuscore_pairs_two_sections.xml", "scored across the field of its session", `section 4 "B", session 1, custom movement: 18 pairs, 18 boards, 161 results`, "differ from traveler's"},
	} {
		path := filepath.Join("..", "..", "reports", "testdata", "usebio", c.file)
		code, stdout, stderr := cliRun(t, "import", path, "--database-url", url)
		if code != 0 {
			t.Fatalf("%s: import exit %d: %s", c.file, code, stderr)
		}
		if !strings.Contains(stderr, c.note) {
			t.Errorf("%s: import notes\n%s\nwithout %q", c.file, stderr, c.note)
		}
		if !strings.Contains(stdout, c.printed) {
			t.Errorf("%s: import printed\n%s\nwithout %q", c.file, stdout, c.printed)
		}
		if c.notPrinted != "" && strings.Contains(stdout+stderr, c.notPrinted) {
			t.Errorf("%s: import printed\n%s%s\nwith %q", c.file, stdout, stderr, c.notPrinted)
		}
	}
}
