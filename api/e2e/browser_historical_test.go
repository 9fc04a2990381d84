package e2e

// Issue 13 §2 in a real browser: tables playing the historical codes enter
// at phone size what their code scores — honours and a revoke under
// auction-1915 with no hand records, a royal bid and a nullo under
// royalton-1915, a Bridge declaration left to partner and doubled twice —
// and the page on the last round says the session is over for the table.
// Every expected score is worked by hand from ../shared/LAWS.md.

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// historicalSection makes, behind the pages, an event under law with a
// 4-pair Howell of 1 board a round (2 tables) and no hand records, at
// its first round or, with last, its last; and returns its section and
// table tokens.
func historicalSection(t *testing.T, b *env, law string, last bool) (tournament.Section, map[int]string) {
	t.Helper()
	bb := b.build()
	e := bb.Event(tournament.EventInput{Name: "Historical " + law, Date: "2026-03-02", Law: law, Scoring: "MP"})
	sec := bb.CreateSection(e.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 4, BoardsPerRound: 1}})
	if last {
		sec = bb.Round(sec, len(sec.Movement.Rounds))
	}
	return sec, bb.Tokens(sec)
}

// historicalBoard is the board a table page shows first: its number and dealer.
type historicalBoard struct {
	Number int    `json:"number"`
	Dealer string `json:"dealer"`
}

// openTable opens a table's page on a phone and returns its first board.
func openTable(t *testing.T, b *env, name, token string) (*browserTab, historicalBoard) {
	t.Helper()
	tab := b.phone(name)
	tab.open("/t/" + token)
	tab.noError("open the table page")
	bd := eval[historicalBoard](tab, "read the board", `JSON.parse(document.getElementById("table-data").textContent).boards[0]`)
	return tab, bd
}

// sel is the selector of a control of board n's form.
func sel(n int, inner string) string {
	return fmt.Sprintf(`.board-entry[data-board="%d"] %s`, n, inner)
}

// confirmAndAgree confirms board n, East–West agree, and the page says stored.
func confirmAndAgree(t *testing.T, tab *browserTab, n int, score string) {
	t.Helper()
	previewSettled(tab, n)
	tab.click(sel(n, "button.confirm"))
	tab.waitShown(sel(n, ".agree-step"), "do you agree")
	tab.click(sel(n, "button.agree"))
	if done := tab.waitText(sel(n, ".entry-done"), "stored"); !strings.Contains(done, score) {
		t.Errorf("%s: board %d stored as %q, want %s", tab.name, n, done, score)
	}
}

// fitsPhone fails when the page scrolls sideways on the phone.
func fitsPhone(t *testing.T, tab *browserTab) {
	t.Helper()
	if w := eval[int](tab, "measure the page", `document.documentElement.scrollWidth`); w > phoneWidth {
		t.Errorf("%s: the table page is %d pixels wide on a %d-pixel phone", tab.name, w, phoneWidth)
	}
}

// seatSide is +1 for a North–South seat, −1 for East–West.
func seatSide(seat string) int {
	if seat == "N" || seat == "S" {
		return 1
	}
	return -1
}

// scoreWords is what the page says of an NS score.
func scoreWords(ns int) string {
	switch {
	case ns > 0:
		return "North–South " + strconv.Itoa(ns)
	case ns < 0:
		return "East–West " + strconv.Itoa(-ns)
	}
	return "0 to either side"
}

// TestBrowserAuction1915HonoursRevoke: no hand records; table 1 enters
// honours and a defender's revoke, table 2 enters honours with the network
// cut and the queue sends them when it is back.
func TestBrowserAuction1915HonoursRevoke(t *testing.T) {
	b := newEnv(t, withBrowser())
	sec, tokens := historicalSection(t, b, "auction-1915", false)

	t1, bd := openTable(t, b, "table-1", tokens[1])
	n := bd.Number
	if t1.count(sel(n, `select[name="honours-N"]`)) != 1 || t1.count(sel(n, `input[name="chicane-N"]`)) != 0 {
		t.Errorf("auction-1915 without a hand record: want the honours asked per seat and no chicane (LAWS.md: 1915 has none)")
	}
	t1.fill(sel(n, `select[name=level]`), "4")
	t1.fill(sel(n, `select[name=strain]`), "H")
	t1.fill(sel(n, `select[name=declarer]`), "N")
	t1.fill(sel(n, `select[name=tricks]`), "10")
	for seat, h := range map[string]string{"N": "2", "E": "1", "S": "1", "W": "1"} {
		t1.fill(sel(n, `select[name="honours-`+seat+`"]`), h)
	}
	t1.fill(sel(n, `select[name=revokes]`), "1")
	t1.fill(sel(n, `select[name="revoke-side-0"]`), "EW")
	t1.fill(sel(n, `select[name="revoke-penalty-0"]`), "tricks")
	// 4H by North, 10 tricks, East–West revoked once and North took 3
	// tricks (seed 003 Law 84): 13 count, 7 odd at 8 = 56 (no slam on
	// penalty tricks); N 2 + S 1 = 3 trump honours, simple honours: 2 × 8 =
	// 16; trick score ≥ 30: game premium 125. +197.
	t1.waitText(sel(n, "output.score-preview"), "North–South 197")
	lines := t1.text(sel(n, "ul.score-lines"))
	for _, want := range []string{"NS: 3 tricks taken for a revoke", "NS: 7 odd tricks at 8: 56", "NS: 3 honours (simple honours): 16", "NS: game premium: 125"} {
		if !strings.Contains(lines, want) {
			t.Errorf("the itemised score %q does not say %q", lines, want)
		}
	}
	fitsPhone(t, t1)
	t1.shot("honours-and-revoke")
	confirmAndAgree(t, t1, n, "North–South 197")

	// Table 2, offline: 3NT by South, 9 tricks; the aces N 1, E 1, S 2, W 0:
	// NS hold 3 aces, 30 (seed 003 Law 6); 3 odd at 10 = 30, game: 125.
	// +185.
	t2, bd2 := openTable(t, b, "table-2", tokens[2])
	m := bd2.Number
	t2.setOffline(true)
	t2.fill(sel(m, `select[name=level]`), "3")
	t2.fill(sel(m, `select[name=strain]`), "NT")
	t2.fill(sel(m, `select[name=declarer]`), "S")
	t2.fill(sel(m, `select[name=tricks]`), "9")
	for seat, h := range map[string]string{"N": "1", "E": "1", "S": "2", "W": "0"} {
		t2.fill(sel(m, `select[name="honours-`+seat+`"]`), h)
	}
	t2.click(sel(m, "button.confirm"))
	t2.click(sel(m, "button.agree"))
	t2.waitText("#queue-status", "1 waiting")
	t2.shot("offline-honours-waiting")
	t2.setOffline(false)
	t2.waitText(sel(m, ".entry-done"), "North–South 185")
	got, err := b.svc.Results(context.Background(), tournament.Director, tournament.ResultFilter{SectionID: sec.ID, Round: 1, Table: 2})
	if err != nil || len(got) != 1 || got[0].NSScore != 185 || got[0].Honours["S"] != 2 {
		t.Fatalf("table 2's offline entry stored as %+v (%v), want one 3NT S 9 with S holding 2 aces, +185", got, err)
	}
}

// TestBrowserRoyaltonRoyalNullo: a royal bid typed as the auction, and a
// nullo from the picker; Royalton asks no honours.
func TestBrowserRoyaltonRoyalNullo(t *testing.T) {
	b := newEnv(t, withBrowser())
	_, tokens := historicalSection(t, b, "royalton-1915", false)

	t1, bd := openTable(t, b, "table-1", tokens[1])
	n := bd.Number
	if t1.count(sel(n, "fieldset.honours")) != 0 {
		t.Error("royalton-1915 asks for honours, which it does not score")
	}
	t1.click(sel(n, "details.auction summary"))
	t1.fill(sel(n, `input[name=auction]`), "1h p 2hr p p p")
	// The dealer bids 1H, his partner 2H royal (seed 000 Law 32): the
	// dealer, first of his side to name hearts, declares 2HR.
	t1.waitText(sel(n, "output.score-preview"), "the auction gives 2HR")
	t1.fill(sel(n, `select[name=tricks]`), "7")
	// One down in a royal bid: 100 an undertrick (Laws 32, 36) to the other side.
	want := scoreWords(-100 * seatSide(bd.Dealer))
	t1.waitText(sel(n, "output.score-preview"), want)
	fitsPhone(t, t1)
	t1.shot("royal-bid-from-the-auction")
	confirmAndAgree(t, t1, n, want)

	// 3 nullo by East, East–West take 2 tricks: North–South were forced to
	// take 11 ≥ 9, 5 odd at 10 = 50 to East–West (seed 000: every odd trick
	// 10); 50 ≥ 40 is game: premium 125. East–West 175.
	t2, bd2 := openTable(t, b, "table-2", tokens[2])
	m := bd2.Number
	t2.fill(sel(m, `select[name=level]`), "3")
	t2.fill(sel(m, `select[name=strain]`), "NL")
	t2.fill(sel(m, `select[name=declarer]`), "E")
	t2.fill(sel(m, `select[name=tricks]`), "2")
	t2.waitText(sel(m, "output.score-preview"), "East–West 175")
	t2.shot("nullo")
	confirmAndAgree(t, t2, m, "East–West 175")
}

// TestBrowserBridgeLeftDoubledTwice: the dealer leaves the trump to his
// partner, who names hearts, doubled twice; the last round, so the page
// then says the session is over for the table.
func TestBrowserBridgeLeftDoubledTwice(t *testing.T) {
	b := newEnv(t, withBrowser())
	sec, tokens := historicalSection(t, b, "bridge", true)

	t1, bd := openTable(t, b, "table-1", tokens[1])
	n := bd.Number
	if got := t1.text("#round"); !strings.Contains(got, "the last round") {
		t.Errorf("round %d of %d: #round says %q, want the last round", sec.CurrentRound, len(sec.Movement.Rounds), got)
	}
	t1.fill(sel(n, `select[name=declared]`), "partner")
	t1.fill(sel(n, `select[name=strain]`), "H")
	t1.fill(sel(n, `select[name=doubled]`), "XX")
	t1.fill(sel(n, `select[name=tricks]`), "9")
	for _, seat := range []string{"N", "E", "S", "W"} {
		h := "1"
		if seat == bd.Dealer {
			h = "2"
		}
		t1.fill(sel(n, `select[name="honours-`+seat+`"]`), h)
	}
	// The dealer's side takes 9: 3 odd at 8, doubled twice × 4 = 96 (seed
	// 002: doubling goes on); the dealer 2 trump honours and his partner 1:
	// simple honours 2 × 8 = 16, never doubled; trick score ≥ 30: the Bridge
	// premium 50 (LAWS.md ruling). The dealer's side 162.
	want := scoreWords(162 * seatSide(bd.Dealer))
	t1.waitText(sel(n, "output.score-preview"), want)
	fitsPhone(t, t1)
	t1.shot("left-to-partner-doubled-twice")
	confirmAndAgree(t, t1, n, want)
	if got := t1.waitText("#round-done", "session is over"); strings.Contains(got, "next round") {
		t.Errorf("the last round's end says %q, want no next round", got)
	}
	t1.shot("session-over")
	got, err := b.svc.Results(context.Background(), tournament.Director, tournament.ResultFilter{SectionID: sec.ID, Table: 1})
	if err != nil || len(got) != 1 || got[0].Contract != "HXX" || got[0].Declarer != bd.Dealer {
		t.Fatalf("stored %+v (%v), want HXX by the dealer %s", got, err, bd.Dealer)
	}
}
