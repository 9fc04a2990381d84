package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserCodesAndDeclarationsOnPhone is issue 28 §1 and §2 on the
// director's reports page at phone size: an event under contract-2017
// whose section B plays the same board 1 (DDS's test list deal 1, its
// trick table and published par from listDDS) under royalton-1915, every
// table of both sections in 2S by East making 8. The page shows the
// declaration report — under contract-2017 EW's best declaration on this
// deal is 2S (+110 against NS's 1C, +70; reports.TestMeasureDeclaration
// works it by hand), so section A's three tables are all in the best
// declaration — and the two codes compared board by board with the
// Wilcoxon signed-rank tests named in words, all within a 390 px screen.
// Section B's tables make 9 tricks where double dummy gives 8: Royalton
// counts the overtrick (seed 000: every odd trick 10), so they score EW 30
// against a par of EW 20 (reports.twoCodeEvent works board 1's Royalton
// par by hand) and none is at par, where section A's 2S= is contract-2017's
// par (−110, the list's PAR line): contract-2017 ahead on the one board,
// and the exact signed-rank p of one board is 1 (either sign equally
// likely: p = 2 × ½). Par leaves royalton-1915's nullos out, and the page
// says so wherever it shows its par.
func TestBrowserCodesAndDeclarationsOnPhone(t *testing.T) {
	b := newEnv(t, withBrowser(), withService(tournament.ServiceOptions{DoubleDummy: listDDS{}}))
	ctx, svc, bb := context.Background(), b.svc, b.build()
	ev := bb.Event(tournament.EventInput{Name: "Two codes night", Date: "2026-11-27", Law: "contract-2017", Scoring: "MP", Published: true})
	deal1, err := scoring.ParseDeal("deal", listDeal1)
	if err != nil {
		t.Fatal(err)
	}
	howell := tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}
	played := 0
	for i, in := range []tournament.SectionInput{{Name: "A", Movement: howell}, {Name: "B", Movement: howell, Law: "royalton-1915"}} {
		tricks := 8 + i // B's tables make an overtrick the cards do not give
		sec := bb.CreateSection(ev.ID, in)
		if _, err := svc.PutBoards(ctx, tournament.Director, sec.ID, []tournament.BoardInput{{Number: 1, Deal: listDeal1}}); err != nil {
			t.Fatal(err)
		}
		var results []tournament.Result
		for _, rd := range sec.Movement.Rounds {
			for _, tb := range rd.Tables {
				for _, bd := range tb.Boards {
					if bd == 1 {
						results = append(results, tournament.Result{Board: 1, Round: rd.Number, Table: tb.Table, Status: tournament.StatusPlayed, Contract: "2S", Declarer: "E", Tricks: tricks})
					}
				}
			}
		}
		played = len(results)
		bb.Enter(tournament.Director, sec, results...)
		if err := svc.AnalyseBoard(ctx, sec.ID, 1, deal1); err != nil {
			t.Fatal(err)
		}
	}

	phone := b.phone("director")
	phone.open("/director/login")
	phone.fill("#token", directorToken)
	phone.submit(`form[action="/director/login"] button[type=submit]`)
	phone.open(fmt.Sprintf("/director/events/%d/reports", ev.ID))
	phone.noError("open the reports page")
	phone.shot("reports-codes-declarations-390")
	checkFitsPhoneScrolled(t, phone, "the reports page with the code comparison and the declaration report")

	caption := phone.text("#declaration-report caption")
	if want := fmt.Sprintf("contract-2017: %d of %d contracts in the best declaration", played, played); !strings.Contains(caption, want) {
		t.Errorf("the declaration report reads %q, want it to say %q", caption, want)
	}
	// Section A's board 1: EW's best 2S, EW could make most, its three
	// contracts all in the best declaration and at the highest level.
	row := phone.text("#declaration-boards tbody tr")
	if want := fmt.Sprintf("A 1 1C 2S EW %d %d %d 0.00 %d of %d", played, played, played, played, played); strings.Join(strings.Fields(row), " ") != want {
		t.Errorf("the declaration report's row for A 1 reads %q, want %q", row, want)
	}
	if n := phone.count("#codes-report-0"); n != 1 {
		t.Fatalf("%d code comparisons on the page, want 1 (A under contract-2017 against B under royalton-1915)", n)
	}
	heading := phone.text("#codes-heading-0")
	if !strings.Contains(heading, "against") {
		t.Errorf("the comparison's heading reads %q", heading)
	}
	sides := phone.text("#codes-report-0 .codes-sides")
	for _, law := range []string{"contract-2017", "royalton-1915"} {
		if !strings.Contains(sides, law) {
			t.Errorf("the comparison's sides %q do not name %s", sides, law)
		}
	}
	if n := phone.count("#codes-report-0 .codes-boards tbody tr"); n != 1 {
		t.Errorf("%d boards compared, want 1 (board 1, the only one both sections played with its deal)", n)
	}
	// Par leaves royalton-1915's nullos out: its side says so, as the
	// par report's row does.
	if !strings.Contains(sides, "royalton-1915 (section B) (nullos left out of par)") {
		t.Errorf("the comparison's sides %q do not say royalton-1915's par leaves nullos out", sides)
	}
	if row := phone.text("#par-table"); !strings.Contains(row, "royalton-1915 nullos left out") {
		t.Errorf("the par report %q does not say royalton-1915's par leaves nullos out", row)
	}
	// Both tests named, and their p-value said in plain words.
	words := phone.text("#codes-report-0")
	for _, w := range []string{"Wilcoxon signed-rank test on the share of its tables that scored exactly par",
		"Wilcoxon signed-rank test on the share of its contracts in the best declaration",
		"If neither code tended to do better, each board's difference would be as likely to favour one as the other",
		"contract-2017 was ahead on 1 board, royalton-1915 on 0", "is p = 1.0000", "within what chance gives"} {
		if !strings.Contains(words, w) {
			t.Errorf("the comparison's words %q lack %q", words, w)
		}
	}
}

// phoneFitScrolledJS is phoneFitJS for a page whose wide tables sit in a
// box of their own that scrolls sideways (.scroll: overflow-x auto): the
// page itself must not reach past the screen, and every such box must fit
// it; what is inside a box is swiped, not cut off.
var phoneFitScrolledJS = strings.Replace(strings.Replace(phoneFitJS,
	"const w = window.innerWidth, over = [];",
	`const w = window.innerWidth, over = [];
  const inBox = el => { for (let p = el.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if (o === "auto" || o === "scroll") return true; } return false; };`, 1),
	"r.right > w + 0.5)", "r.right > w + 0.5 && !inBox(el))", 1)

// checkFitsPhoneScrolled is checkFitsPhone with the page's
// sideways-scrolling boxes aside.
func checkFitsPhoneScrolled(t *testing.T, tab *browserTab, what string) {
	t.Helper()
	checkPhoneFit(t, tab, what, phoneFitScrolledJS)
}
