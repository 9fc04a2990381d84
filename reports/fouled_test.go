package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// fouledSmallEvent is smallEvent with board 1 fouled: round 2 table 3 (NS 3
// v EW 2, +420) played version 2. Version 1 is +420 (R1 T1) and −50 (R3 T2),
// m = 2, scaled to the board's n = 3 by Neuberg, (raw+1)·n/m − 1 (EBU
// matchpoints, the testdata README's Compscore3 files): +420 (2+1)·3/2 − 1 =
// 3.5, −50 (0+1)·3/2 − 1 = 0.5; version 2 is +420 alone: (0+1)·3 − 1 = 2.
func fouledSmallEvent(t *testing.T) tournament.EventData {
	t.Helper()
	d := smallEvent(t)
	sd := d.Sections[0]
	results := sd.Results
	if r := &results[1]; r.Board != 1 || r.Round != 2 || r.Table != 3 {
		t.Fatalf("results[1] is board %d round %d table %d", r.Board, r.Round, r.Table)
	}
	results[1].BoardVersion = 2
	boards := map[int]tournament.Board{}
	for _, b := range sd.Boards {
		boards[b.Number] = b
	}
	d.Sections[0] = tournament.BuildSection(d.Event, sd.Section, sd.Pairs, nil, boards, results)
	return d
}

// TestWorkbookFouledBoard: a fouled board's lines are written version by
// version, each under its own title and with its own points; the
// frequencies tell the versions apart.
func TestWorkbookFouledBoard(t *testing.T) {
	f := openWorkbook(t, fouledSmallEvent(t))
	const s = "Travelers"
	wantRow(t, f, s, 6, "NS", "EW", "Contract", "Declarer", "Tricks", "Score", "NS MP", "EW MP")
	wantRow(t, f, s, 7, "Version 1 (as dealt): scored among themselves")
	wantRow(t, f, s, 8, "1", "1", "4S", "N", "10", "420", "3.5", "0.5")
	wantRow(t, f, s, 9, "2", "3", "4S", "N", "9", "-50", "0.5", "3.5")
	wantRow(t, f, s, 10, "Version 2 (fouled): scored among themselves")
	wantRow(t, f, s, 11, "3", "2", "4S", "N", "10", "420", "2", "2")
	wantRow(t, f, s, 13, "Board 2", "Section A", "Dealer E", "Vul NS")
	// Board 2 is not fouled: no version titles.
	wantRow(t, f, s, 14, "NS", "EW", "Contract", "Declarer", "Tricks", "Score", "NS MP", "EW MP")
	wantRow(t, f, s, 15, "2", "2", "3NT", "S", "9", "600", "4", "0")

	const fr = "Frequencies"
	wantRow(t, f, fr, 2, "A", "1", "420", "1", "3.5", "0.5")
	wantRow(t, f, fr, 3, "A", "1", "-50", "1", "0.5", "3.5")
	wantRow(t, f, fr, 4, "A", "1 (version 2)", "420", "1", "2", "2")
	wantRow(t, f, fr, 5, "A", "2", "600", "1", "4", "0")
}

// TestPBNFouledBoard: PBN has no tag for a fouled board; the line that
// played another version says so in a Note, the others do not.
func TestPBNFouledBoard(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePBN(&buf, fouledSmallEvent(t)); err != nil {
		t.Fatal(err)
	}
	games := strings.Split(buf.String(), "\n\n")
	var noted []string
	for _, g := range games {
		if strings.Contains(g, `[Note "1:fouled board: version 2 of the deal`) {
			noted = append(noted, g)
		}
	}
	if len(noted) != 1 || !strings.Contains(noted[0], `[Board "1"]`) || !strings.Contains(noted[0], `[Round "2"]`) || !strings.Contains(noted[0], `[Table "3"]`) {
		t.Errorf("fouled notes in %d games, want board 1 round 2 table 3's only:\n%s", len(noted), strings.Join(noted, "\n--\n"))
	}
}
