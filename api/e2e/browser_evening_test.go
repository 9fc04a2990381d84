package e2e

// Issue 22 §7: a club's whole evening from the pages only. The test makes
// every change through a page — the director's at desktop size, the
// tables' on phones of 390 px — and reads the service (b.svc) only to
// check what the pages did.
//
// The evening's size: section A is the 14-pair Howell at 7 tables, cut by
// the section form's rounds field to 7 rounds (the fewest the service
// allows for 14 pairs) of 3 boards — the common club evening of 21 boards,
// each table a set of its own each round. The full movement (13 rounds ×
// 2 boards) would be 182 phone entries; 7 × 3 is 147, which keeps the
// test near two minutes under -race on 2 cores and still has every table
// move 6 times. Each board is played 7 times (once a round by one table),
// so its top is 2 × (7 − 1) = 12 matchpoints.
//
// Section B is a half-table Mitchell of 3 tables, 2 boards a round, pair
// 3 EW missing (its opponents sit out): all 3 rounds (a half-table
// Mitchell plays them all), 2 tables a round, 12 results, top 2.

import (
	"cmp"
	"context"
	_ "embed"
	"encoding/base64"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// eveningPBN is a 36-board hand-record set made once with
// `go run ./cmd/traveler deal --boards 36` (the 36 a dealing machine's
// set holds); section A plays boards 1–21 of it.
//
//go:embed testdata/evening36.pbn
var eveningPBN string

// Section A's size (see the file's comment).
const (
	eveningPairs  = 14
	eveningTables = 7
	eveningRounds = 7
	eveningBPR    = 3
	eveningBoards = eveningRounds * eveningBPR // 21: each round a table plays a set of its own
)

// The evening's special slots in section A.
const (
	lateTable   = 7 // round lateRound: its phone enters nothing, the director keys in its slips
	lateRound   = 3
	laterTable  = 5 // round laterRound: its second board is "to be played later", entered in round 4
	laterRound  = 2
	lostTable   = 4 // its card is lost after round 3: its link is remade
	offline     = 2 // round offlineRound: its phone is offline, back after round 6 started
	offlineRnd  = 5
	fouledBoard = 1 // the first 3 tables to play it played a fouled version
)

// eveningNames are the players of the 14 pairs.
var eveningNames = []string{
	"Ann Smith", "Bob Jones", "Cath Brown", "Dan Green", "Eve White", "Fred Black", "Gill Grey",
	"Hugh Stone", "Iris Wood", "Jack Hill", "Kate Moss", "Liam Ford", "Mary Lane", "Ned Park",
	"Olive Reed", "Pete Cole", "Queenie Shaw", "Rob Dale", "Sue Hart", "Tom Marsh", "Una Price",
	"Vic Stone", "Wendy Hale", "Xavier Lord", "Yvonne Bell", "Zac Rowe", "Alma Fisk", "Bert Nash",
}

// eveningPairLines are the 14 pairs as the director types them.
func eveningPairLines() []string {
	var out []string
	for p := 1; p <= eveningPairs; p++ {
		out = append(out, fmt.Sprintf("%d: %s & %s", p, eveningNames[2*p-2], eveningNames[2*p-1]))
	}
	return out
}

// eveningResult is the result of board at table in round: a spread of
// contracts, declarers and tricks, so that the boards' scores differ.
func eveningResult(round, table, board int) tableEntry {
	strains := []string{"S", "H", "NT", "D", "C"}
	seats := []string{"N", "E", "S", "W"}
	return tableEntry{round: round, table: table, board: board,
		level: strconv.Itoa(2 + board%3), strain: strains[board%5], declarer: seats[(round+table)%4],
		tricks: 6 + (board+2*table+3*round)%6}
}

// keyinLine is e as a scorer types it on the key-in page, e.g. "4S N 10".
func keyinLine(e tableEntry) string {
	return fmt.Sprintf("%s%s %s %d", e.level, e.strain, e.declarer, e.tricks)
}

// TestBrowserClubEvening plays the evening of issue 22 from the pages.
func TestBrowserClubEvening(t *testing.T) {
	b := newEnv(t, withBrowser())
	ctx := context.Background()
	d := b.tab

	// Set-up: the event, section A (7 rounds of the 14-pair Howell), the
	// pairs typed, the 36-board set uploaded, the table links.
	eventID := directorCreatesEvent(t, d)
	d.submit("#new-section")
	d.fill("#section-name", "A")
	d.fill("#kind", "howell")
	d.fill("#pairs", strconv.Itoa(eveningPairs))
	d.fill("#boards_per_round", strconv.Itoa(eveningBPR))
	d.fill("#rounds", strconv.Itoa(eveningRounds))
	d.shot("section-A-form")
	d.submit("#create-section")
	d.noError("create section A")
	secA := idFrom(t, d.path(), "/director/sections/")
	wantSummary := fmt.Sprintf("%d pairs at %d tables play %d boards in %d rounds", eveningPairs, eveningTables, eveningBoards, eveningRounds)
	if got := d.text("#movement-summary"); !strings.Contains(got, wantSummary) {
		t.Fatalf("section A's movement: %q, want %s", got, wantSummary)
	}
	directorEntersPairs(t, d, secA, eveningPairLines())
	directorUploadsHandRecords(t, d, secA, eveningPBN, fmt.Sprintf("%d of %d", eveningBoards, eveningBoards))
	if got := d.text(".flash"); !strings.Contains(got, "21 boards (1–21)") || !strings.Contains(got, "left out 22–36") {
		t.Errorf("after uploading 36 boards to a 21-board section the page says %q; want 1–21 stored and 22–36 left out", got)
	}
	links := directorMakesTableLinks(t, d, secA, eveningTables)
	sec, err := b.svc.Section(ctx, tournament.Director, secA)
	if err != nil {
		t.Fatal(err)
	}
	m := &sec.Movement

	phones := map[int]*browserTab{}
	for n := 1; n <= eveningTables; n++ {
		phones[n] = b.phone(fmt.Sprintf("A-table-%d", n))
	}

	var oldLink string
	for round := 1; round <= eveningRounds; round++ {
		if round > 1 && round != offlineRnd+1 {
			directorSetsRound(t, d, secA, round)
		}
		rd, ok := m.Round(round)
		if !ok {
			t.Fatalf("the movement has no round %d", round)
		}
		for _, seats := range rd.Tables {
			table := seats.Table
			tab := phones[table]
			switch {
			case round == lateRound && table == lateTable:
				continue // the table's phone is flat: its slips go to the director
			case round == offlineRnd && table == offline:
				tab.open(links[table])
				phoneEntersOffline(t, tab, round, table, seats.Boards)
				continue
			}
			tab.open(links[table])
			tab.noError(fmt.Sprintf("open table %d's page in round %d", table, round))
			if got := tab.text("#round"); !strings.HasPrefix(got, fmt.Sprintf("Round %d of %d", round, eveningRounds)) {
				t.Errorf("%s: the page shows %q, want round %d of %d", tab.name, got, round, eveningRounds)
			}
			if n := tab.count(".board-entry"); n != eveningBPR {
				t.Errorf("%s: round %d shows %d boards, want %d", tab.name, round, n, eveningBPR)
			}
			for i, board := range seats.Boards {
				if round == laterRound && table == laterTable && i == 1 {
					directorMarksLater(t, d, secA, board, round, table)
					continue
				}
				tableEnters(t, tab, eveningResult(round, table, board))
			}
			if round == laterRound && table == laterTable {
				tab.shot(fmt.Sprintf("round-%d-one-board-later", round))
			} else {
				tableSaysWhereNext(t, tab, m, round, seats)
			}
			if round == 4 && table == laterTable {
				tableEntersLater(t, b, tab, secA, m, links[table])
			}
		}
		switch round {
		case lateRound:
			directorKeysInLateTable(t, b, d, secA, m)
			oldLink = links[lostTable]
			links[lostTable] = directorRemakesLink(t, d, secA)
			lostLinkRefused(t, phones[lostTable], oldLink)
		case offlineRnd:
			directorSetsRound(t, d, secA, offlineRnd+1)
			phoneComesBack(t, b, phones[offline], secA, m)
		}
		sessionBoardAfter(t, d, secA, round)
	}
	if rs, err := b.svc.Results(ctx, tournament.Director, tournament.ResultFilter{SectionID: secA}); err != nil || len(rs) != eveningTables*eveningRounds*eveningBPR {
		t.Fatalf("section A holds %d results (%v), want %d: 7 tables × 7 rounds × 3 boards", len(rs), err, eveningTables*eveningRounds*eveningBPR)
	}
	directorFoulsBoard(t, d, secA, m)

	// Section B: the half-table Mitchell, set up and played from the pages.
	secB := directorCreatesHalfTable(t, d, eventID)
	playHalfTable(t, b, d, secB)

	// Publishing, the public standings, the paper.
	directorPublishes(t, d, eventID)
	d.open(fmt.Sprintf("/director/events/%d", eventID))
	d.shot("event-published")
	pub := b.phone("public")
	publicStandingsMatch(t, b, pub, secA, eveningTables*eveningRounds*eveningBPR, 12)
	publicStandingsMatch(t, b, pub, secB, 12, 2)
	// The half table publishes its points: NS 3 tops its 4 boards, NS 2
	// tops 2, NS 1 none (worked out in browser_halftable_test.go).
	for pair, want := range map[string]string{"3": "8", "2": "4", "1": "0"} {
		if s := pub.text(fmt.Sprintf(`tr[data-pair="%s"][data-direction="NS"] td.total`, pair)); s != want {
			t.Errorf("section B's public standings give NS %s %q, want %s", pair, s, want)
		}
	}
	eveningPaper(t, d, secA)
}

// tableSaysWhereNext checks, after the round's last board, that the page
// says where the table's two pairs go next (rounds before the last).
func tableSaysWhereNext(t *testing.T, tab *browserTab, m *movement.Movement, round int, seats movement.Table) {
	t.Helper()
	if round == len(m.Rounds) {
		tab.waitShown("#round-done", "the session is over for this table")
		tab.shot(fmt.Sprintf("round-%d-session-over", round))
		return
	}
	next := tab.waitShown("#round-done", fmt.Sprintf("For round %d", round+1))
	for _, pair := range []int{seats.NS, seats.EW} {
		if !strings.Contains(next, "Pair "+strconv.Itoa(pair)) {
			t.Errorf("%s after round %d: the page says %q, want where pair %d goes", tab.name, round, next, pair)
		}
	}
	fitsPhone(t, tab)
	tab.shot(fmt.Sprintf("round-%d-where-next", round))
}

// phoneEntersOffline enters the table's boards of round with the network
// cut: the page keeps them waiting.
func phoneEntersOffline(t *testing.T, tab *browserTab, round, table int, boards []int) {
	t.Helper()
	tab.noError("open the table page before going offline")
	tab.setOffline(true)
	for i, board := range boards {
		e := eveningResult(round, table, board)
		pickContract(tab, e)
		tab.click(boardSel(e, "button.confirm"))
		tab.waitShown(boardSel(e, ".agree-step"), "do you agree")
		tab.click(boardSel(e, "button.agree"))
		tab.waitText("#queue-status", fmt.Sprintf("%d waiting", i+1))
		tab.waitText(boardSel(e, ".entry-done"), "waiting to be sent")
	}
	tab.shot("offline-boards-waiting")
}

// phoneComesBack gives the offline phone its network back after the
// director started the next round: its entries are sent and stored.
func phoneComesBack(t *testing.T, b *env, tab *browserTab, sectionID int64, m *movement.Movement) {
	t.Helper()
	tab.setOffline(false)
	tab.waitText("#queue-status", "Nothing waiting")
	if tab.count("#queue-errors .refused-entry") != 0 {
		t.Errorf("the phone back online shows a refused entry: %q", tab.text("#queue-errors"))
	}
	tab.shot("back-after-round-moved")
	rd, _ := m.Round(offlineRnd)
	seats, _ := rd.Table(offline)
	rs, err := b.svc.Results(context.Background(), tournament.Director, tournament.ResultFilter{SectionID: sectionID, Round: offlineRnd, Table: offline})
	if err != nil || len(rs) != len(seats.Boards) {
		t.Fatalf("round %d table %d holds %d results (%v) after its phone came back, want %d", offlineRnd, offline, len(rs), err, len(seats.Boards))
	}
	for _, r := range rs {
		e := eveningResult(offlineRnd, offline, r.Board)
		if r.Contract != e.level+e.strain || r.Declarer != e.declarer || r.Tricks != e.tricks {
			t.Errorf("board %d of the offline phone is stored as %s by %s, %d tricks; want %s%s by %s, %d", r.Board, r.Contract, r.Declarer, r.Tricks, e.level, e.strain, e.declarer, e.tricks)
		}
	}
}

// directorMarksLater marks board of round at table "to be played later"
// on the session board.
func directorMarksLater(t *testing.T, d *browserTab, sectionID int64, board, round, table int) {
	t.Helper()
	d.open(fmt.Sprintf("/director/sections/%d/board", sectionID))
	d.fill("#late-board", strconv.Itoa(board))
	d.fill("#late-round", strconv.Itoa(round))
	d.fill("#late-table", strconv.Itoa(table))
	d.submit(`#mark-late button[type=submit]`)
	d.noError("mark a board to be played later")
	li := fmt.Sprintf(`#late-plays li.late-play[data-board="%d"][data-round="%d"][data-table="%d"]`, board, round, table)
	if got := d.text(li); !strings.Contains(got, "waiting") {
		t.Errorf("the late play shows %q, want it waiting", got)
	}
	d.shot("late-play-marked")
}

// tableEntersLater: in round 4, table laterTable plays its late board of
// round laterRound and enters it from the round's link on its page; the
// session board then says it was played later.
func tableEntersLater(t *testing.T, b *env, tab *browserTab, sectionID int64, m *movement.Movement, link string) {
	t.Helper()
	rd, _ := m.Round(laterRound)
	seats, _ := rd.Table(laterTable)
	board := seats.Boards[1]
	tab.open(link)
	tab.submit(fmt.Sprintf(`#other-rounds a[href$="?round=%d"]`, laterRound))
	tab.noError("open the round of the late board")
	tableEnters(t, tab, eveningResult(laterRound, laterTable, board))
	tab.shot("late-board-entered")
	storedLine(t, b, sectionID, board, laterRound, laterTable)
	d := b.tab
	d.open(fmt.Sprintf("/director/sections/%d/board", sectionID))
	li := fmt.Sprintf(`#late-plays li.late-play[data-board="%d"][data-round="%d"][data-table="%d"]`, board, laterRound, laterTable)
	if got := d.text(li); !strings.Contains(got, "played later") {
		t.Errorf("the late play shows %q after the table entered it, want played later", got)
	}
	d.shot("late-play-entered")
}

// directorKeysInLateTable keys in the late table's slips of round
// lateRound on the key-in page, board by board: the line typed, Enter.
func directorKeysInLateTable(t *testing.T, b *env, d *browserTab, sectionID int64, m *movement.Movement) {
	t.Helper()
	rd, _ := m.Round(lateRound)
	seats, _ := rd.Table(lateTable)
	for _, board := range seats.Boards {
		e := eveningResult(lateRound, lateTable, board)
		d.open(fmt.Sprintf("/director/sections/%d/keyin?board=%d", sectionID, board))
		d.noError("open the key-in page")
		id := fmt.Sprintf("b%d-r%d-t%d", board, lateRound, lateTable)
		d.click("#" + id + "-line")
		d.typeKeys("type the late table's line", keyinLine(e))
		d.waitText("#"+id+" .line-score", "Checked, not stored")
		d.typeKeys("Enter", kb.Enter)
		d.waitText("#"+id+" .line-score", "Stored: "+keyinLine(e))
		d.shot(fmt.Sprintf("keyin-board-%d", board))
		if r := storedLine(t, b, sectionID, board, lateRound, lateTable); r.EnteredBy != "director" || r.Tricks != e.tricks {
			t.Errorf("the keyed-in line of board %d: %+v, want %d tricks entered by the director", board, r, e.tricks)
		}
	}
}

// directorRemakesLink remakes the lost table's link on the table links
// page and returns the new one.
func directorRemakesLink(t *testing.T, d *browserTab, sectionID int64) string {
	t.Helper()
	d.open(fmt.Sprintf("/director/sections/%d/tables", sectionID))
	d.fill("#remake-table", strconv.Itoa(lostTable))
	d.submit("#remake-link")
	d.noError("remake the lost table's link")
	d.shot("link-remade")
	remade := eval[map[string]string](d, "read the remade link", `Object.fromEntries([...document.querySelectorAll(".table-link")].map(c =>
		[c.dataset.table, c.querySelector('a[href^="/t/"]').getAttribute("href")]))`)
	link := remade[strconv.Itoa(lostTable)]
	if len(remade) != 1 || !strings.HasPrefix(link, "/t/") {
		t.Fatalf("remaking table %d's link showed %v, want its new link alone", lostTable, remade)
	}
	if s := d.text(".flash"); !strings.Contains(s, "other tables' links still work") {
		t.Errorf("after remaking the link the page says %q", s)
	}
	return link
}

// lostLinkRefused: the lost card's old link opens no table page (the
// other tables go on with theirs in the rounds that follow).
func lostLinkRefused(t *testing.T, tab *browserTab, old string) {
	t.Helper()
	tab.open(old)
	if s := tab.pageError(); s == "" {
		t.Error("the lost card's old link still opens its table page")
	}
	tab.shot("old-link-refused")
}

// sessionBoardAfter checks the session board after round: every slot of
// the rounds played in (entered, or played later), none of the others.
func sessionBoardAfter(t *testing.T, d *browserTab, sectionID int64, round int) {
	t.Helper()
	d.open(fmt.Sprintf("/director/sections/%d/board", sectionID))
	d.noError("open the session board")
	entered := d.count("#session-board span.board-status.status-entered")
	late := d.count("#session-board span.board-status.status-late")
	want := round * eveningTables * eveningBPR
	if round >= laterRound && round < 4 {
		if late != 1 {
			t.Errorf("after round %d the session board shows %d late boards, want 1", round, late)
		}
		want--
	}
	if entered != want {
		t.Errorf("after round %d the session board shows %d entered, want %d", round, entered, want)
	}
	d.shot(fmt.Sprintf("session-board-round-%d", round))
}

// directorFoulsBoard marks fouledBoard fouled on its traveler: the first
// three tables to play it played version 2. The traveler then shows the
// two groups apart, each scored among itself and scaled to the board's top
// of 12 by Neuberg's formula (n/m)(raw + 1) − 1, n = 7 (Law 87, as
// scoring does). The results (eveningResult) give, NS scores best first:
// version 1 (rounds 4–7, m = 4): +200, +100, −50, −170, raw 6, 4, 2, 0 →
// 11.25, 7.75, 4.25, 0.75; version 2 (rounds 1–3, m = 3): +140, −150,
// −150, raw 4, 1, 1 → 10.67, 3.67, 3.67.
func directorFoulsBoard(t *testing.T, d *browserTab, sectionID int64, m *movement.Movement) {
	t.Helper()
	d.open(fmt.Sprintf("/director/sections/%d/travelers/%d", sectionID, fouledBoard))
	d.noError("open the fouled board's traveler")
	marked := 0
	for _, rd := range m.Rounds {
		for _, tb := range rd.Tables {
			for _, bd := range tb.Boards {
				if bd == fouledBoard && marked < 3 {
					d.fill(fmt.Sprintf("#version-%d-%d", rd.Number, tb.Table), "2")
					marked++
				}
			}
		}
	}
	d.shot("fouled-form")
	d.submit("#store-versions")
	d.noError("store the fouled versions")
	d.shot("fouled-traveler")
	if s := d.text("#fouled-note"); !strings.Contains(s, "Fouled board") {
		t.Errorf("the fouled traveler's note: %q", s)
	}
	for _, g := range []struct {
		sel  string
		want []string
	}{{"#traveler", []string{"0.75", "4.25", "7.75", "11.25"}}, {"#traveler-v2", []string{"10.67", "3.67", "3.67"}}} {
		got := eval[[]string](d, "read "+g.sel+"'s points", fmt.Sprintf(`[...document.querySelectorAll(%s)].map(td => td.textContent.trim())`, jsString(g.sel+" tr.line td.ns-points")))
		slices.SortFunc(got, func(x, y string) int { return cmpNumber(t, x, y) })
		slices.SortFunc(g.want, func(x, y string) int { return cmpNumber(t, x, y) })
		if !slices.Equal(got, g.want) {
			t.Errorf("the fouled traveler's %s gives NS %v, want %v", g.sel, got, g.want)
		}
	}
}

// directorCreatesHalfTable sets up section B — a 3-table Mitchell, pair 3
// EW missing, its opponents sitting out — with its five pairs, and
// returns its id.
func directorCreatesHalfTable(t *testing.T, d *browserTab, eventID int64) int64 {
	t.Helper()
	d.open(fmt.Sprintf("/director/events/%d", eventID))
	d.submit("#new-section")
	d.fill("#section-name", "B")
	d.fill("#kind", "mitchell")
	d.fill("#tables", "3")
	d.fill("#boards_per_round", "2")
	d.fill("#missing_number", "3")
	d.fill("#missing_direction", "EW")
	d.fill("#missing_play", "sit_out")
	d.shot("section-B-half-table-form")
	d.submit("#create-section")
	d.noError("create the half-table Mitchell")
	id := idFrom(t, d.path(), "/director/sections/")
	if got := d.text("#half-table"); !strings.Contains(got, "pair 3 EW is not there") {
		t.Errorf("section B's half table: %q", got)
	}
	d.fill("#pairs-text", "1 NS: Ann North & Bob South\n2 NS: Cat North & Dan South\n3 NS: Eve North & Fay South\n1 EW: Gus East & Hal West\n2 EW: Ivy East & Jon West")
	d.submit("#add-pairs")
	d.noError("add section B's pairs")
	d.shot("section-B")
	return id
}

// playHalfTable plays section B's 3 rounds from three phones: every table
// plays 3NT by North making 8 + its number of tricks (as in
// TestBrowserHalfTableMitchell: NS 3 tops every board it plays, NS 1
// none). The table sitting out has no board to enter. Missing EW 3 would
// sit at tables 3, 1, 2 in rounds 1, 2, 3, so NS 3, NS 1 and NS 2 sit out
// those rounds: the pages tell NS 1 after round 1 and NS 2 after round 2.
func playHalfTable(t *testing.T, b *env, d *browserTab, sectionID int64) {
	t.Helper()
	links := directorMakesTableLinks(t, d, sectionID, 3)
	sec, err := b.svc.Section(context.Background(), tournament.Director, sectionID)
	if err != nil {
		t.Fatal(err)
	}
	phones := map[int]*browserTab{}
	for n := 1; n <= 3; n++ {
		phones[n] = b.phone(fmt.Sprintf("B-table-%d", n))
	}
	// The director announces no round: the tables move at their own pace,
	// each phone opening the next round once its table has the last one in.
	sitOuts := 0
	for _, rd := range sec.Movement.Rounds {
		for _, seats := range rd.Tables {
			tab := phones[seats.Table]
			tab.open(links[seats.Table])
			tab.noError(fmt.Sprintf("open section B's table %d", seats.Table))
			if got := tab.text("#round"); !strings.HasPrefix(got, fmt.Sprintf("Round %d of 3", rd.Number)) {
				t.Errorf("%s: the page shows %q, want round %d of 3 (its own pace)", tab.name, got, rd.Number)
			}
			for _, board := range seats.Boards {
				tableEnters(t, tab, tableEntry{round: rd.Number, table: seats.Table, board: board,
					level: "3", strain: "NT", declarer: "N", tricks: 8 + seats.Table})
			}
			if rd.Number < len(sec.Movement.Rounds) {
				// A pair whose next opponents are the missing pair is told
				// it sits out the table's next round — not the round after
				// the one the director announced.
				next := tab.waitText("#round-done", fmt.Sprintf("For round %d", rd.Number+1))
				if n := strings.Count(next, "sits out round"); n > 0 {
					sitOuts += n
					if strings.Count(next, fmt.Sprintf("sits out round %d:", rd.Number+1)) != n {
						t.Errorf("%s after round %d: the page says %q, want a sit-out of round %d", tab.name, rd.Number, next, rd.Number+1)
					}
				}
			}
			tab.shot(fmt.Sprintf("B-round-%d-done", rd.Number))
		}
	}
	if sitOuts != 2 {
		t.Errorf("the tables were told of %d sit-outs, want 2: NS 1 sits out round 2, NS 2 round 3", sitOuts)
	}
	rs, err := b.svc.Results(context.Background(), tournament.Director, tournament.ResultFilter{SectionID: sectionID})
	if err != nil || len(rs) != 12 {
		t.Fatalf("section B holds %d results (%v), want 12: 3 rounds × 2 tables × 2 boards", len(rs), err)
	}
}

// cmpNumber orders two figures as a page shows them.
func cmpNumber(t *testing.T, x, y string) int {
	return cmp.Compare(number(t, x), number(t, y))
}

// publicStandingsMatch reads a section's public standings on the phone
// pub and checks every pair's total against the service's standings, and
// that the totals add up to results × top (each result gives its NS and
// EW pairs top matchpoints between them, a fouled board's groups scaled
// to the same top).
func publicStandingsMatch(t *testing.T, b *env, pub *browserTab, sectionID int64, results int, top float64) {
	t.Helper()
	st, err := b.svc.Standings(context.Background(), tournament.Director, sectionID)
	if err != nil {
		t.Fatal(err)
	}
	pub.open(fmt.Sprintf("/sections/%d/standings", sectionID))
	pub.noError("open the public standings")
	checkFitsPhone(t, pub, "the public standings")
	pub.shot(fmt.Sprintf("standings-section-%d", sectionID))
	rows := eval[map[string]string](pub, "read the standings", `Object.fromEntries([...document.querySelectorAll("tr[data-pair]")].map(tr =>
		[tr.dataset.pair + " " + tr.dataset.direction, tr.querySelector(".total").textContent.trim()]))`)
	if len(rows) != len(st.Pairs) {
		t.Errorf("section %d's public standings list %d pairs, the service %d", sectionID, len(rows), len(st.Pairs))
	}
	sum := 0.0
	for _, p := range st.Pairs {
		key := p.Number + " " + p.Direction
		got, ok := rows[key]
		if !ok {
			t.Errorf("section %d's public standings have no pair %s", sectionID, key)
			continue
		}
		if v := number(t, got); math.Abs(v-p.Total) > 0.005 {
			t.Errorf("section %d, pair %s: the public standings say %s, the service %v", sectionID, key, got, p.Total)
		}
		sum += p.Total
	}
	if want := float64(results) * top; math.Abs(sum-want) > 0.05*float64(len(st.Pairs)) {
		t.Errorf("section %d's totals add up to %v, want %d results × top %v = %v", sectionID, sum, results, top, want)
	}
}

// eveningPaper prints section A's paper and counts the pages, both as
// Chromium prints each page on A4 and as the service's own PDFs (the
// pages' A4 and Letter links, fetched by the director's tab):
//   - hands: 21 boards, 4 a page → ⌈21/4⌉ = 6 pages;
//   - cards: 7 table cards and 14 guide cards (one a pair), 4 a page → ⌈21/4⌉ = 6;
//   - score cards: one a pair → 14.
func eveningPaper(t *testing.T, d *browserTab, sectionID int64) {
	t.Helper()
	for _, s := range []struct {
		path  string
		pages int
	}{{"hands", 6}, {"cards", 6}, {"scorecards", eveningPairs}} {
		d.open(fmt.Sprintf("/director/sections/%d/%s", sectionID, s.path))
		d.noError("open the " + s.path)
		d.shot(s.path)
		if n := d.printPDF("evening-"+s.path+"-printed-a4", 8.27, 11.69); n != s.pages {
			t.Errorf("section A's %s print on %d A4 pages, want %d", s.path, n, s.pages)
		}
		for _, paper := range []string{"a4", "letter"} {
			if n := pdfOfLink(t, d, fmt.Sprintf("#%s-pdf-%s", s.path, paper), "evening-"+s.path+"-"+paper); n != s.pages {
				t.Errorf("section A's %s.pdf on %s has %d pages, want %d", s.path, paper, n, s.pages)
			}
		}
	}
}

// pdfOfLink fetches the PDF the link sel of the tab's page points to (with
// the tab's sign-in), keeps it beside the screenshots as name.pdf and
// returns its page count.
func pdfOfLink(t *testing.T, tab *browserTab, sel, name string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab.ctx, stepTimeout)
	defer cancel()
	data, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(async () => {
		const a = document.querySelector(%s);
		if (!a) throw new Error("no link " + %s);
		const r = await fetch(a.href, {credentials: "same-origin"});
		const type = r.headers.get("Content-Type") || "";
		if (!r.ok || !type.startsWith("application/pdf")) throw new Error(a.href + ": " + r.status + " " + type);
		const bytes = new Uint8Array(await r.arrayBuffer());
		let s = ""; for (const b of bytes) s += String.fromCharCode(b);
		return btoa(s);
	})()`, jsString(sel), jsString(sel)), chromedp.EvalAwaitPromise))
	if err != nil {
		tab.fail("fetch "+sel, err)
	}
	pdf, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		t.Fatalf("%s: %v", sel, err)
	}
	file := filepath.Join(tab.env.shots, safeName(name)+".pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	return pdfPages(t, file)
}
