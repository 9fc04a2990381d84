package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserRemakeOneTableLink is issue 22 §1 on a phone-size screen: the
// table links page says why phones cannot open links naming 127.0.0.1 (the
// test server's address) and what to do; a lost card's table gets a new
// link, its old link stops working and the other tables' links still open
// their table pages.
func TestBrowserRemakeOneTableLink(t *testing.T) {
	b := newEnv(t, withBrowser())
	bb := b.build()
	ev := bb.Event(tournament.EventInput{Name: "Club night", Date: "2026-11-25", Law: "contract-2017", Scoring: "MP"})
	sec := bb.CreateSection(ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}})

	d := b.phone("director")
	d.open("/director/login")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.open(fmt.Sprintf("/director/sections/%d/tables", sec.ID))
	d.noError("open the table links page")
	if s := d.text("#link-problem"); !strings.Contains(s, "127.0.0.1") || !strings.Contains(s, "--lan") {
		t.Errorf("the links page, reached at 127.0.0.1, says %q: want why phones cannot open the links and --lan", s)
	}
	checkFitsPhone(t, d, "the table links page")
	d.shot("links-page-warning")

	d.submit("#make-table-links")
	d.noError("make the table links")
	links := eval[map[string]string](d, "read the table links", `Object.fromEntries([...document.querySelectorAll(".table-link")].map(c =>
		[c.dataset.table, c.querySelector('a[href^="/t/"]').getAttribute("href")]))`)
	if len(links) != 3 {
		t.Fatalf("%d table links, want 3: %v", len(links), links)
	}
	if n := d.count(".table-link .table-link-problem"); n != 3 {
		t.Errorf("%d cards say a phone cannot open them, want all 3", n)
	}

	d.open(fmt.Sprintf("/director/sections/%d/tables", sec.ID))
	d.fill("#remake-table", "2")
	d.submit("#remake-link")
	d.noError("remake table 2's link")
	d.shot("table-2-remade")
	remade := eval[map[string]string](d, "read the remade link", `Object.fromEntries([...document.querySelectorAll(".table-link")].map(c =>
		[c.dataset.table, c.querySelector('a[href^="/t/"]').getAttribute("href")]))`)
	if len(remade) != 1 || !strings.HasPrefix(remade["2"], "/t/") || remade["2"] == links["2"] {
		t.Fatalf("remaking table 2's link showed %v, want table 2's new link alone", remade)
	}
	if s := d.text(".flash"); !strings.Contains(s, "other tables' links still work") {
		t.Errorf("after remaking table 2's link the page says %q", s)
	}

	table := b.phone("table")
	for n, link := range map[string]string{"1": links["1"], "3": links["3"], "2": remade["2"]} {
		table.open(link)
		table.noError("open table " + n + "'s link")
		if s := table.text("h1"); !strings.Contains(s, "Table "+n) {
			t.Errorf("table %s's link opens %q", n, s)
		}
	}
	table.open(links["2"])
	if s := table.pageError(); s == "" {
		t.Error("table 2's old link still opens its table page")
	}
	table.shot("old-link-refused")
}
