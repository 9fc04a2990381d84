package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// playerNames name an individual's players in the browser tests: player p
// is playerNames[p].
var playerNames = []string{"", "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Len"}

// individualSection sets up, as the director, a published event at
// matchpoints under contract-2017 with section A an individual of players
// players (the published movement, a board a round), each player named
// (playerNames), and returns the section.
func individualSection(t *testing.T, b *env, bb *tournamenttest.Builder, name string, players int) tournament.Section {
	t.Helper()
	ev := bb.Event(tournament.EventInput{Name: name, Date: "2026-12-18", Law: "contract-2017", Scoring: "MP", Published: true})
	sec := bb.CreateSection(ev.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "individual", Players: players, BoardsPerRound: 1}})
	var pairs []tournament.Pair
	for p := 1; p <= players; p++ {
		pairs = append(pairs, tournament.Pair{Number: fmt.Sprint(p), Players: []tournament.Player{{Name: playerNames[p]}}})
	}
	if _, err := b.svc.AddPairs(bb.Ctx, tournament.Director, sec.ID, pairs); err != nil {
		t.Fatal(err)
	}
	return sec
}

// TestBrowserIndividual: the 8-player individual (the published schedule
// of thebridsk/bridgescorer IndividualMovement.Individual2Tables21Boards.
// yaml, one board a round) played on phones. Round 1: table 1 seats North
// 8, East 5, South 1, West 7; table 2 North 2, East 4, South 6, West 3;
// both play board 1. Table 1's page names its four players by seat, and
// after its board says where each goes in round 2 (table 1: North 8, East
// 6, South 2, West 1; table 2: North 3, East 5, South 7, West 4). The
// other rounds come in through the service as in TestAPIIndividual8
// (odd rounds table 1 North makes 4♠, even rounds table 2 North does, the
// other table 2♠), and the public standings on a phone rank the players
// as that test works them out by hand: player 3 12 of 14, 85.71 %; player
// 8 8 of 14, 57.14 %; player 2 4 of 14, 28.57 %.
func TestBrowserIndividual(t *testing.T) {
	b := newEnv(t, withBrowser())
	bb := b.build()
	sec := individualSection(t, b, bb, "Christmas individual", 8)
	tokens := bb.Tokens(sec)

	t1 := b.phone("table 1")
	t1.open("/t/" + tokens[1])
	t1.noError("open table 1")
	if got := t1.text("#table-pairs"); !strings.Contains(got, "North–South: players North 8 · South 1 · Hal & Ann") ||
		!strings.Contains(got, "East–West: players East 5 · West 7 · Eve & Gus") {
		t.Errorf("table 1, round 1: %q", got)
	}
	t1.shot("individual table 1 round 1")
	t1.fill(sel(1, `select[name=level]`), "4")
	t1.fill(sel(1, `select[name=strain]`), "S")
	t1.fill(sel(1, `select[name=declarer]`), "N")
	t1.fill(sel(1, `select[name=tricks]`), "10")
	confirmAndAgree(t, t1, 1, "420")
	next := t1.waitShown("#next-round", "Player 8")
	for _, w := range []string{"Player 8 (North now): stays at table 1, North, against 6 and 1, partnering 2",
		"Player 1 (South now): stays at table 1, West, against 8 and 2, partnering 6",
		"Player 5 (East now): goes to table 2, East, against 7 and 3, partnering 4"} {
		if !strings.Contains(strings.Join(strings.Fields(next), " "), w) {
			t.Errorf("table 1's next round says %q, want %q", next, w)
		}
	}
	t1.shot("individual table 1 next round")
	fitsPhone(t, t1)

	var lines []tournament.Result
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			if rd.Number == 1 && tb.Table == 1 {
				continue
			}
			c, tricks := "2S", 8
			if (rd.Number%2 == 1) == (tb.Table == 1) {
				c, tricks = "4S", 10
			}
			lines = append(lines, tournamenttest.Line(sec, rd.Number, tb.Table, tb.Boards[0], c, "N", tricks))
		}
	}
	bb.Enter(tournament.Director, sec, lines...)

	pub := b.phone("public")
	pub.open(fmt.Sprintf("/sections/%d/standings", sec.ID))
	pub.noError("open the public standings")
	pub.shot("individual public standings")
	rows := eval[map[string][]string](pub, "read the standings", `Object.fromEntries([...document.querySelectorAll("tr[data-pair]")].map(tr =>
		[tr.dataset.pair, [tr.querySelector(".total").textContent.trim(), tr.querySelector(".pct").textContent.trim(), tr.querySelector(".boards").textContent.trim()]]))`)
	if len(rows) != 8 {
		t.Errorf("the public standings list %d rows, want the 8 players: %v", len(rows), rows)
	}
	for p, w := range map[string][]string{"3": {"12", "85.71", "7"}, "8": {"8", "57.14", "7"}, "2": {"4", "28.57", "7"}} {
		if g := rows[p]; len(g) != 3 || g[0] != w[0] || g[1] != w[1] || g[2] != w[2] {
			t.Errorf("public standings, player %s: %v, want total %s, %s%%, %s boards", p, g, w[0], w[1], w[2])
		}
	}
	if h := pub.text("#standings thead"); !strings.Contains(h, "Player") {
		t.Errorf("the standings' heading: %q", h)
	}
	fitsPhone(t, pub)

	// Player 3's scorecard: round 1 West at table 2 partnering East 4, against North 2 and
	// South 6; EW win board 1 (table 1's NS made 4♠, table 2's 2♠): 2 of
	// 2; in all 12, as worked out above.
	pub.submit(`tr[data-pair="3"] a`)
	pub.waitText("#scorecard-pair", "Player 3: Cat")
	pub.shot("individual scorecard of player 3")
	if got := strings.Join(strings.Fields(pub.text(`#scorecard tbody tr:first-child`)), " "); !strings.Contains(got, "West v 2 & 6 (Bob & Fay), partnering 4 (Dan)") || !strings.Contains(got, "-110") {
		t.Errorf("player 3's round 1: %q", got)
	}
	if got := pub.text("#scorecard-total"); got != "12" {
		t.Errorf("player 3's scorecard total: %q, want 12", got)
	}
	fitsPhone(t, pub)
}

// TestBrowserIndividualSetup: a director on a phone sets up the 8-player
// individual from the pages (kind individual, 8 players, 1 board a round),
// sees its movement (7 rounds of 1 board, 2 tables) and enters the
// players one a number; a second name on one number is refused.
func TestBrowserIndividualSetup(t *testing.T) {
	b := newEnv(t, withBrowser())
	d := b.phone("director")
	eventID := directorCreatesEvent(t, d)
	d.submit("#new-section")
	d.fill("#section-name", "A")
	d.fill("#kind", "individual")
	d.fill("#players", "8")
	d.fill("#boards_per_round", "1")
	d.shot("individual form")
	d.submit("#create-section")
	d.noError("create the individual")
	if got := d.text("#movement-summary"); !strings.Contains(got, "Individual, 8 players: 8 players at 2 tables play 7 boards in 7 rounds") {
		t.Errorf("the section's movement: %q", got)
	}
	d.fill("#pairs-text", "1: Ann & Bob")
	d.submit("#add-pairs")
	if msg := d.pageError(); !strings.Contains(msg, "in an individual each number is one player") {
		t.Errorf("two players on number 1: the page says %q", msg)
	}
	d.fill("#pairs-text", "1: Ann\n2: Bob\n3: Cat\n4: Dan\n5: Eve\n6: Fay\n7: Gus\n8: Hal")
	d.submit("#add-pairs")
	d.noError("add the eight players")
	d.shot("individual section")
	sectionID := idFrom(t, d.path(), "/director/sections/")
	d.open(fmt.Sprintf("/director/events/%d", eventID))
	if got := d.text(fmt.Sprintf(`#sections tr[data-section="%d"]`, sectionID)); !strings.Contains(got, "8 of 8") {
		t.Errorf("the event page's row of the individual (8 players entered of 8): %q", got)
	}
	sec, err := b.svc.Section(t.Context(), tournament.Director, sectionID)
	if err != nil || sec.Movement.Players != 8 || len(sec.Movement.Rounds) != 7 {
		t.Fatalf("the stored section: %v %+v", err, sec.Movement)
	}
	pairs, _ := b.svc.Pairs(t.Context(), tournament.Director, sectionID)
	if len(pairs) != 8 || pairs[7].Number != "8" || len(pairs[7].Players) != 1 || pairs[7].Players[0].Name != "Hal" {
		t.Errorf("the players: %+v", pairs)
	}
}

// TestBrowserIndividualSubstitute: a director on a phone puts a substitute
// in player 3's seat from round 4 on the player's page (a row below the
// player, with the rounds it sits in), after TestAPIIndividual8's seven
// rounds are played. Player 3 is then ranked on rounds 1 to 3 as
// TestAPIIndividualSubstitute works it out by hand: 6 of 6 on 3 boards,
// 100 %, the total scaled to 7 boards 14. A last round before the first
// is refused naming the row.
func TestBrowserIndividualSubstitute(t *testing.T) {
	b := newEnv(t, withBrowser())
	bb := b.build()
	sec := individualSection(t, b, bb, "Individual with a substitute", 8)
	var lines []tournament.Result
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			c, tricks := eightLines(rd.Number, tb.Table)
			lines = append(lines, tournamenttest.Line(sec, rd.Number, tb.Table, tb.Boards[0], c, "N", tricks))
		}
	}
	bb.Enter(tournament.Director, sec, lines...)

	d := b.phone("director")
	d.signInDirector()
	d.open(fmt.Sprintf("/director/sections/%d", sec.ID))
	d.submit(`#pairs tr[data-pair="3"] a.pair-edit`)
	d.noError("open player 3")
	if got := d.text("#substitute-hint"); !strings.Contains(got, "ranked on the rounds they played themselves") {
		t.Errorf("the player's page says %q", got)
	}
	// An individual's entrant is a player: the page says so wherever it
	// would say pair.
	for sel, want := range map[string]string{`label[for="number"]`: "Player number", "#withdraw-h": "The player leaves mid-session",
		"#delete-pair-h": "Delete the player", "#save-pair": "Save the player"} {
		if got := d.text(sel); got != want {
			t.Errorf("the player's page, %s: %q, want %q", sel, got, want)
		}
	}
	d.fill("#player-name-1", "Sam Sub")
	d.fill("#player-from-1", "4")
	d.fill("#player-to-1", "2")
	d.submit("#save-pair")
	if msg := d.pageError(); !strings.Contains(msg, "player 2: 2: the substitute's last round, 4 to 7") {
		t.Errorf("a last round before the first: the page says %q", msg)
	}
	d.fill("#player-to-1", "")
	d.shot("individual substitute")
	fitsPhone(t, d)
	d.submit("#save-pair")
	d.noError("save player 3's substitute")
	if got := d.text(`#pairs tr[data-pair="3"]`); !strings.Contains(got, "Cat") || !strings.Contains(got, "Sam Sub") {
		t.Errorf("player 3's row: %q, want Cat and Sam Sub", got)
	}
	st, err := b.svc.Standings(bb.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st.Pairs {
		if s.Number == "3" && (s.Total != 14 || s.Percentage != 100 || s.Boards != 3 || s.Place != 1) {
			t.Errorf("player 3: %+v, want 14, 100 %%, 3 boards, first", s)
		}
	}
}

// TestBrowserIndividual12: the 12-player individual (admatis.com
// "12players-11rounds-22boards.pdf", as TestAPIIndividual12 plays it
// through the API) played on phones. Round 1, table 1 seats North 12, East
// 5, South 1, West 10 and plays board 1 (the published first round:
// tournament/movement publishedIndividuals[12]); North makes 4♠, +420 (board
// 1, none vulnerable). Player 12 stays North at table 1 and players 1 to 11
// move on one number a round (each takes the seat the player one below sat
// in: 11 → 1), so in round 2 table 1 seats East 6, South 2, West 11. The
// other lines come in through the service with TestAPIIndividual12's
// contracts (table 1 4♠ made, table 2 2♠ made, table 3 4♠ one down), and
// the public standings on a phone give that test's hand calculation:
// player 12 44 of 44 = 100 %, first; every other player 20 of 44 = 45.45 %,
// equal second; the page invites a player, not a pair, to open their
// score card. Player 12's score card adds up to 44.
func TestBrowserIndividual12(t *testing.T) {
	b := newEnv(t, withBrowser())
	bb := b.build()
	sec := individualSection(t, b, bb, "Club individual", 12)
	tokens := bb.Tokens(sec)

	t1 := b.phone("table 1")
	t1.open("/t/" + tokens[1])
	t1.noError("open table 1")
	if got := t1.text("#table-pairs"); !strings.Contains(got, "North–South: players North 12 · South 1 · Len & Ann") ||
		!strings.Contains(got, "East–West: players East 5 · West 10 · Eve & Jon") {
		t.Errorf("table 1, round 1: %q", got)
	}
	t1.fill(sel(1, `select[name=level]`), "4")
	t1.fill(sel(1, `select[name=strain]`), "S")
	t1.fill(sel(1, `select[name=declarer]`), "N")
	t1.fill(sel(1, `select[name=tricks]`), "10")
	confirmAndAgree(t, t1, 1, "420")
	next := strings.Join(strings.Fields(t1.waitShown("#next-round", "Player 12")), " ")
	if w := "Player 12 (North now): stays at table 1, North, against 6 and 11, partnering 2"; !strings.Contains(next, w) {
		t.Errorf("table 1's next round says %q, want %q", next, w)
	}
	t1.shot("individual 12 table 1 next round")
	fitsPhone(t, t1)

	var lines []tournament.Result
	for _, rd := range sec.Movement.Rounds {
		for _, tb := range rd.Tables {
			if rd.Number == 1 && tb.Table == 1 {
				continue
			}
			c, tricks := "4S", 9
			switch tb.Table {
			case 1:
				tricks = 10
			case 2:
				c, tricks = "2S", 8
			}
			lines = append(lines, tournamenttest.Line(sec, rd.Number, tb.Table, tb.Boards[0], c, "N", tricks))
		}
	}
	bb.Enter(tournament.Director, sec, lines...)

	pub := b.phone("public")
	pub.open(fmt.Sprintf("/sections/%d/standings", sec.ID))
	pub.noError("open the public standings")
	pub.shot("individual 12 public standings")
	if got := pub.text("#refresh-note"); !strings.Contains(got, "Select a player for their scorecard.") {
		t.Errorf("the standings' note: %q, want it to say a player is selected for their scorecard", got)
	}
	rows := eval[map[string][]string](pub, "read the standings", `Object.fromEntries([...document.querySelectorAll("tr[data-pair]")].map(tr =>
		[tr.dataset.pair, [tr.querySelector(".total").textContent.trim(), tr.querySelector(".pct").textContent.trim(), tr.querySelector(".boards").textContent.trim()]]))`)
	if len(rows) != 12 {
		t.Errorf("the public standings list %d rows, want the 12 players: %v", len(rows), rows)
	}
	for p := 1; p <= 12; p++ {
		w := []string{"20", "45.45", "11"}
		if p == 12 {
			w = []string{"44", "100.00", "11"}
		}
		if g := rows[fmt.Sprint(p)]; len(g) != 3 || g[0] != w[0] || g[1] != w[1] || g[2] != w[2] {
			t.Errorf("public standings, player %d: %v, want total %s, %s%%, %s boards", p, g, w[0], w[1], w[2])
		}
	}
	fitsPhone(t, pub)

	pub.submit(`tr[data-pair="12"] a`)
	pub.waitText("#scorecard-pair", "Player 12: Len")
	pub.shot("individual 12 scorecard of player 12")
	if got := pub.text("#scorecard-total"); got != "44" {
		t.Errorf("player 12's scorecard total: %q, want 44", got)
	}
	if n := pub.count("#scorecard tbody tr"); n != 11 {
		t.Errorf("player 12's scorecard has %d rows, want 11 rounds", n)
	}
	fitsPhone(t, pub)
}
