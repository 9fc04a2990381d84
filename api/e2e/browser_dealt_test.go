package e2e

import (
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring/dds"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserDealtOnPhone is issue 28 §3 on the director's page at phone
// size: /director/reports/dealt?deals=4 deals 4 random boards, solves them
// by DDS and shows the Royalton author's game at 40 (a declaration making
// four odd tricks, seed 000) on them, with par under all six codes, the
// two codes with nullos (royal-auction-1913, royalton-1915) saying par
// leaves them out, within a 390 px screen. The deals are random
// (crypto/rand): what is checked holds on any deals — game at 40 on at
// most the 4 dealt.
func TestBrowserDealtOnPhone(t *testing.T) {
	needDDS(t)
	solver, err := dds.Load(dds.Config{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	b := newEnv(t, withBrowser(), withService(tournament.ServiceOptions{DoubleDummy: solver}))
	phone := b.phone("director")
	phone.signInDirector()
	phone.open("/director/reports/dealt?deals=4")
	phone.noError("deal and solve 4 boards")
	phone.shot("reports-dealt-390")
	checkFitsPhoneScrolled(t, phone, "the random-deal Royalton report")
	if h := phone.text("#dealt-heading"); !strings.Contains(h, "4 random deals") || !strings.Contains(h, "nullos left out") {
		t.Errorf("the heading reads %q", h)
	}
	game := phone.text("#dealt-game strong")
	if n, err := strconv.Atoi(strings.TrimSpace(game)); err != nil || n < 0 || n > 4 {
		t.Errorf("game at 40 on %q of 4 deals", game)
	}
	rows := phone.text("#dealt-codes tbody")
	lines := strings.Split(strings.TrimSpace(rows), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d codes, want 6:\n%s", len(lines), rows)
	}
	for _, l := range lines {
		nullos := strings.HasPrefix(l, "royal-auction-1913") || strings.HasPrefix(l, "royalton-1915")
		if strings.Contains(l, "nullos left out") != nullos {
			t.Errorf("the row %q: nullos left out said %v, want %v", l, !nullos, nullos)
		}
	}
}
