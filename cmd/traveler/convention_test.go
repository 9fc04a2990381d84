package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// TestRescoreConventionButler: Compscore3's real Butler file (shared
// testdata usebio/butler_howell.xml, four scores a board, the highest
// and the lowest dropped) rounds a datum halfway between two tens away
// from zero: board 2's middle scores −460 and −430 (mean −445) have
// BOARD_AVERAGE −450, board 7's −100 and +170 (mean +35) +40. traveler's
// own convention follows it on all 35 boards (TestRescoreButlerDatums).
// Read with --convention bridge-scorer (JavaScript's Math.round: halves
// up), the eleven boards whose mean is a negative half (2, 4, 8, 11, 12,
// 14, 16, 20, 21, 22 and 26: −445 → −440) have a datum 10 above the
// file's; every other board, the six positive halves among them, the
// file's own.
func TestRescoreConventionButler(t *testing.T) {
	path := sharedtest.Path(t, "usebio", "butler_howell.xml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	u, err := reports.ReadUSEBIO(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	res, _ := runRescoreJSON(t, path, "--convention", "bridge-scorer")
	if res.out.Event.Convention != "bridge-scorer" {
		t.Errorf("the event's convention %q, want bridge-scorer", res.out.Event.Convention)
	}
	negHalf := map[int]bool{2: true, 4: true, 8: true, 11: true, 12: true, 14: true, 16: true, 20: true, 21: true, 22: true, 26: true}
	up := 0
	for _, b := range u.Event.Boards {
		want := int(b.Average.Value)
		if negHalf[b.Number] {
			want += 10
		}
		if got := res.datums[b.Number]; got != want {
			t.Errorf("board %d: datum %d under bridge-scorer, want %d (the file's %s)", b.Number, got, want, b.Average.Text)
		}
		if res.datums[b.Number] != int(b.Average.Value) {
			up++
		}
	}
	if up != len(negHalf) {
		t.Errorf("%d datums differ from the file's, want %d", up, len(negHalf))
	}

	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"rescore", path, "--convention", "acme"}, strings.NewReader(""), &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "--convention") || !strings.Contains(stderr.String(), "bridge-scorer") {
		t.Errorf("--convention acme: exit %d, %q; want 2 naming the flag and the conventions", code, stderr.String())
	}
}
