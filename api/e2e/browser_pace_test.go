package e2e

// Issue 22 §2 in a real browser, at phone size: a phone that entered a
// board offline comes back after the director moved the round on. Its
// entry is stored (the round is not closed for its table); and when the
// director has closed that round for the table, the refusal stays on the
// phone after a reload, with the reason and "Call the director", and the
// director's session board shows it until the director enters the board.

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
)

// paceSection makes, behind the pages, a contract-2017 MP event with a
// 4-pair Howell of 1 board a round (2 tables, 3 rounds) at round 1, and
// returns the section and its table tokens.
func paceSection(t *testing.T, b *env) (tournament.Section, map[int]string) {
	t.Helper()
	bb := b.build()
	e := bb.Event(tournament.EventInput{Name: "Own pace", Date: "2026-03-03", Law: "contract-2017", Scoring: "MP"})
	sec := bb.CreateSection(e.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 4, BoardsPerRound: 1}})
	return sec, bb.Tokens(sec)
}

// enterOffline enters 4S by North, 10 tricks on board n with the network
// cut, and checks the page keeps it waiting.
func enterOffline(t *testing.T, tab *browserTab, n int) {
	t.Helper()
	tab.setOffline(true)
	tab.fill(sel(n, `select[name=level]`), "4")
	tab.fill(sel(n, `select[name=strain]`), "S")
	tab.fill(sel(n, `select[name=declarer]`), "N")
	tab.fill(sel(n, `select[name=tricks]`), "10")
	tab.click(sel(n, "button.confirm"))
	tab.click(sel(n, "button.agree"))
	tab.waitText("#queue-status", "1 waiting")
	tab.waitText(sel(n, ".entry-done"), "waiting to be sent")
}

// tableResults reads what the server holds of a table in a round.
func tableResults(t *testing.T, b *env, sec tournament.Section, round, table int) []tournament.Result {
	t.Helper()
	rs, err := b.svc.Results(context.Background(), tournament.Director, tournament.ResultFilter{SectionID: sec.ID, Round: round, Table: table})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// waitNone waits for nothing on the page to match sel.
func waitNone(t *testing.T, tab *browserTab, sel string) {
	t.Helper()
	for end := time.Now().Add(stepTimeout); tab.count(sel) != 0; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(end) {
			tab.fail("wait for no "+sel, fmt.Errorf("%d still there", tab.count(sel)))
		}
	}
}

// TestBrowserLatePhoneEntryStored: the round moved on but is not closed
// for the table: the phone's queued entry is stored when it is back. The
// old section-wide round lock refused it ("Not stored" beside "Nothing
// waiting to be sent") and the session board said "missing".
func TestBrowserLatePhoneEntryStored(t *testing.T) {
	b := newEnv(t, withBrowser())
	sec, tokens := paceSection(t, b)
	tab, bd := openTable(t, b, "table-1", tokens[1])
	enterOffline(t, tab, bd.Number)
	tab.shot("offline-entry-waiting")
	b.build().Round(sec, 2)
	tab.setOffline(false)
	tab.waitText(sel(bd.Number, ".entry-done"), "stored")
	tab.waitText("#queue-status", "Nothing waiting")
	tab.shot("back-after-round-moved-stored")
	if rs := tableResults(t, b, sec, 1, 1); len(rs) != 1 || rs[0].Contract != "4S" || rs[0].Tricks != 10 {
		t.Errorf("round 1 table 1 holds %+v after the phone came back, want its 4S by North, 10 tricks", rs)
	}
	if tab.count("#queue-errors .refused-entry") != 0 {
		t.Errorf("the phone shows a refused entry: %q", tab.text("#queue-errors"))
	}
	// The table has every board of round 1 in: its page goes on to round 2.
	tab.open("/t/" + tokens[1])
	tab.noError("open the table page again")
	if got := tab.text("#round"); !strings.Contains(got, "Round 2") {
		t.Errorf("the table page after round 1 is done says %q, want round 2", got)
	}
	if got := tab.text("#other-rounds"); !strings.Contains(got, "Round 1") {
		t.Errorf("the table page links %q, want round 1, still open to the table", got)
	}
	fitsPhone(t, tab)
	tab.shot("own-round-2-round-1-still-open")
}

// TestBrowserRefusedPhoneEntryStaysVisible: the director moved the round on
// and closed round 1 for table 2 (from the session board) while table 2's
// phone held its entry offline. Back online the phone is refused: the
// refusal names the round and the table, stays after a reload with "Call
// the director", and the session board lists it (the table calls the
// director) until the director enters the board; then the phone drops it.
// Today's page showed the refusal once and forgot it.
func TestBrowserRefusedPhoneEntryStaysVisible(t *testing.T) {
	b := newEnv(t, withBrowser())
	sec, tokens := paceSection(t, b)
	tab, bd := openTable(t, b, "table-2", tokens[2])
	enterOffline(t, tab, bd.Number)

	d := b.tab
	d.open("/director/login")
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	b.build().Round(sec, 2)
	board := fmt.Sprintf("/director/sections/%d/board", sec.ID)
	d.open(board)
	d.noError("open the session board")
	d.submit(`form.round-lock button.round-one[data-round="1"][data-table="2"]`)
	d.noError("close round 1 for table 2")
	if got := d.text(".flash"); !strings.Contains(got, "Round 1 closed for table 2") {
		t.Errorf("after closing, the board says %q", got)
	}

	tab.setOffline(false)
	msg := tab.waitText("#queue-errors .refused-entry", "Not stored")
	for _, want := range []string{fmt.Sprintf("board %d of round 1", bd.Number), "closed round 1 for table 2"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the phone's refusal %q does not say %q", msg, want)
		}
	}
	tab.shot("refused-after-round-closed")
	// The director's session board, left open, shows it by itself.
	d.waitText("#board-summary", "1 refused")
	tab.open("/t/" + tokens[2])
	tab.noError("reload the table page")
	msg = tab.waitText("#queue-errors .refused-entry", "Not stored")
	if !strings.Contains(msg, "closed round 1 for table 2") {
		t.Errorf("after a reload the phone says %q, want the refusal still there", msg)
	}
	if got := tab.text("#queue-status"); !strings.Contains(got, "1 refused") {
		t.Errorf("after a reload the queue line says %q, want it to count the refused entry", got)
	}
	tab.click("#queue-errors button.call-director")
	tab.waitText("#queue-errors .refused-note", "The director has been called")
	fitsPhone(t, tab)
	tab.shot("refused-after-reload-director-called")

	d.open(board)
	d.noError("open the session board again")
	got := d.text("#refused")
	for _, want := range []string{"Table 2", "round 1", fmt.Sprintf("board %d", bd.Number), "4S by North", "the table calls the director"} {
		if !strings.Contains(got, want) {
			t.Errorf("the session board's refused entries %q do not say %q", got, want)
		}
	}
	if n := d.count(`#session-board .board-status[data-round="1"][data-table="2"] .status-refused`); n != 1 {
		t.Errorf("the session board marks %d slots of round 1 table 2 refused, want 1", n)
	}
	d.shot("session-board-refused")

	// The director enters the board (as from the paper): the refusal is resolved.
	b.build().Enter(tournament.Director, sec,
		tournament.Result{Board: bd.Number, Round: 1, Table: 2, Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 10})
	tab.open("/t/" + tokens[2])
	tab.noError("reload the table page after the director entered the board")
	waitNone(t, tab, "#queue-errors .refused-entry")
	if got := tab.text("#queue-status"); strings.Contains(got, "refused") {
		t.Errorf("after the director entered the board the queue line says %q", got)
	}
	d.open(board)
	if n := d.count("#refused li"); n != 0 {
		t.Errorf("after the director entered the board the session board lists %d refused entries", n)
	}
}

// TestBrowserPageKeepsBoardBeingEntered: the director starts round 2 while
// a table's phone has board 1 of round 1 half filled in. The page notices
// the new round (it asks every 10 s, and when the network comes back: made
// to ask here) and says round 2 is ready, keeping the board as chosen; it
// turns only once the board is done. It used to turn at once, putting an
// empty form in place of the one being filled in (TestBrowserClubEvening's
// click on a phone that waited past its deadline for a step never shown).
func TestBrowserPageKeepsBoardBeingEntered(t *testing.T) {
	b := newEnv(t, withBrowser())
	sec, tokens := paceSection(t, b)
	tab, bd := openTable(t, b, "table-1", tokens[1])
	n := bd.Number
	tab.fill(sel(n, `select[name=level]`), "4")
	tab.fill(sel(n, `select[name=strain]`), "S")
	b.build().Round(sec, 2)
	eval[bool](tab, "ask for the round now", `window.dispatchEvent(new Event("online")) || true`)
	tab.waitShown("#round-waiting", "Round 2 is ready")
	tab.shot("round-2-ready-board-kept")
	got := eval[string](tab, "read the board's choices", fmt.Sprintf(`(() => { const q = s => document.querySelector(%s + " " + s);
		return q("select[name=level]").value + q("select[name=strain]").value; })()`, jsString(fmt.Sprintf(`.board-entry[data-board="%d"]`, n))))
	if got != "4S" {
		t.Errorf("the board being entered shows %q after the round moved, want 4S as chosen", got)
	}
	if r := eval[string](tab, "read the page's round", `document.documentElement.getAttribute("data-round")`); r != "1" {
		t.Errorf("the page turned to round %s while board %d was being entered", r, n)
	}
	// Finished, the board is stored in round 1 and the page may turn.
	tab.fill(sel(n, `select[name=declarer]`), "N")
	tab.fill(sel(n, `select[name=tricks]`), "10")
	confirmAndAgree(t, tab, n, "")
	if rs := tableResults(t, b, sec, 1, 1); len(rs) != 1 || rs[0].Contract != "4S" {
		t.Errorf("round 1 table 1 holds %+v, want the 4S entered", rs)
	}
}
