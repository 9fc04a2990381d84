package e2e

// Issue 22 §2, half tables: a director on a phone sets up a 2½-table
// Mitchell from the pages (3 tables, pair 3 EW missing, its opponents
// sitting out), the tables' results come in through the API, the event is
// published, and the public standings on a phone show the points.
//
// The movement (movement.Mitchell, 3 tables, 2 boards a round): NS n
// stays at table n; EW 3 would sit at tables 3, 1, 2 in rounds 1, 2, 3, so
// NS 3, NS 1 and NS 2 sit out those rounds; each board is played at 2
// tables. Every table plays 3NT by N making 8+t tricks at table t, so on
// each board the NS pair at the higher table scores more: a top of 2
// matchpoints (2 a score beaten) against 0. NS 3 plays at table 3 in rounds
// 2 and 3, against tables 2 and 1: 4 boards, 4 tops, 8 and 100%; NS 1 is
// always below: 0; NS 2 beats table 1 in round 1 and loses to table 3 in
// round 2: 4, 50%.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserHalfTableMitchell: a half-table Mitchell set up from the
// pages publishes, and the public sees non-zero standings.
func TestBrowserHalfTableMitchell(t *testing.T) {
	b := newEnv(t, withBrowser())
	d := b.phone("director")
	eventID := directorCreatesEvent(t, d)

	d.submit("#new-section")
	d.fill("#section-name", "B")
	d.fill("#kind", "mitchell")
	d.fill("#tables", "3")
	d.fill("#boards_per_round", "2")
	d.fill("#missing_number", "4")
	d.fill("#missing_direction", "EW")
	d.submit("#create-section")
	d.shot("half table 4 EW of 3 tables refused")
	if msg := d.pageError(); !strings.Contains(msg, "pairs 1 to 3 in each direction") {
		t.Fatalf("missing pair 4 of 3 tables: the page says %q", msg)
	}
	if v := eval[string](d, "read the refilled tables", `document.querySelector("#tables").value`); v != "3" {
		t.Errorf("the refused form lost its tables: %q", v)
	}
	d.fill("#missing_number", "3")
	d.fill("#missing_play", "sit_out")
	d.shot("half table form")
	d.submit("#create-section")
	d.noError("create the half-table Mitchell")
	sectionID := idFrom(t, d.path(), "/director/sections/")
	if got := d.text("#movement-summary"); !strings.Contains(got, "Mitchell 2½ tables") || !strings.Contains(got, "6 boards in 3 rounds") {
		t.Errorf("the section's movement: %q", got)
	}
	if got := d.text("#half-table"); !strings.Contains(got, "pair 3 EW is not there") {
		t.Errorf("the section page's half table: %q", got)
	}
	want := map[string]string{"1": "3 NS sits out", "2": "1 NS sits out", "3": "2 NS sits out"}
	got := eval[map[string]string](d, "read the sit-outs", `Object.fromEntries([...document.querySelectorAll("#sit-outs li")].map(li => [li.dataset.round, li.querySelector(".sits-out").textContent.trim()]))`)
	for r, w := range want {
		if got[r] != w {
			t.Errorf("round %s: the section page says %q, want %q", r, got[r], w)
		}
	}
	d.fill("#pairs-text", "1 NS: Ann North & Bob South\n2 NS: Cat North & Dan South\n3 NS: Eve North & Fay South\n1 EW: Gus East & Hal West\n2 EW: Ivy East & Jon West")
	d.submit("#add-pairs")
	d.noError("add the five pairs")
	d.shot("section with its half table")
	cardShot(d, `section[aria-labelledby="movement-h"]`, "movement card")
	cardShot(d, `section[aria-labelledby="late-h"]`, "late pair card")

	// The tables' results, through the API.
	sec, err := b.svc.Section(t.Context(), tournament.Director, sectionID)
	if err != nil {
		t.Fatal(err)
	}
	results := 0
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			for _, bd := range tb.Boards {
				b.want(201, nil, "POST", fmt.Sprintf("/v1/sections/%d/results", sectionID), directorToken,
					map[string]any{"board": bd, "round": rd.Number, "table": tb.Table, "contract": "3NT", "declarer": "N", "tricks": 8 + tb.Table})
				results++
			}
		}
	}
	if results != 12 {
		t.Errorf("%d results entered, want 12: 3 rounds of 2 tables of 2 boards", results)
	}

	d.open(fmt.Sprintf("/director/events/%d", eventID))
	d.submit("#publish")
	d.noError("publish")
	d.shot("published")
	if got := d.text("#published-state"); !strings.Contains(got, "6 of 6 boards finished") {
		t.Errorf("the event page says %q, want 6 of 6 boards finished", got)
	}

	pub := b.phone("public")
	pub.open(fmt.Sprintf("/sections/%d/standings", sectionID))
	pub.noError("open the public standings")
	pub.shot("public standings")
	rows := eval[map[string][]string](pub, "read the standings", `Object.fromEntries([...document.querySelectorAll("tr[data-pair]")].map(tr =>
		[tr.dataset.pair + " " + tr.dataset.direction, [tr.querySelector(".total").textContent.trim(), tr.querySelector(".pct").textContent.trim(), tr.querySelector(".boards").textContent.trim()]]))`)
	for pair, w := range map[string][]string{"3 NS": {"8", "100.00", "4"}, "2 NS": {"4", "50.00", "4"}, "1 NS": {"0", "0.00", "4"}} {
		if g := rows[pair]; len(g) != 3 || g[0] != w[0] || g[1] != w[1] || g[2] != w[2] {
			t.Errorf("public standings, %s: %v, want total %s, %s%%, %s boards", pair, g, w[0], w[1], w[2])
		}
	}
	if _, ok := rows["3 EW"]; ok {
		t.Error("the public standings list the missing pair 3 EW")
	}
}

// cardShot saves a screenshot of the element sel alone (a card of a long
// page), numbered with the full-page ones.
func cardShot(tab *browserTab, sel, name string) {
	b := tab.env
	b.t.Helper()
	ctx, cancel := context.WithTimeout(tab.ctx, stepTimeout)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel), chromedp.NodeVisible))
	if err != nil {
		tab.fail("screenshot "+sel, err)
	}
	b.step++
	file := filepath.Join(b.shots, fmt.Sprintf("%02d-%s-%s.png", b.step, tab.name, safeName(name)))
	if err := os.WriteFile(file, png, 0o644); err != nil {
		b.t.Error(err)
	}
}
