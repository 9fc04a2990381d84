package e2e

// Issue 25 §6, Swiss teams on the public pages: a published Swiss of 7
// teams (2 rounds of 2 boards, ACBL 30-VP scale, a bye 18) after both
// rounds, read by the public on a 390 px phone: the Swiss table (place,
// team, VPs, IMPs, matches played, the bye marked) and each round's
// matches with the IMPs and VPs of each side.
//
// Round 1 by number: 1 v 2, 3 v 4, 5 v 6, 7 the bye; each home team wins
// by 35 IMPs (board 1: 1510 − 80 = 1430, 16 IMPs; board 2: 2210 − 80 =
// 2130, 19 IMPs), 30–0 on the ACBL scale's 6–8 boards row (the nearest to
// 2 boards). Round 2 (paired from the table, as TestBrowserSwissRelease
// checks): 1 v 3, 5 v 7, 2 v 4, 6 the bye; 1 and 2 win by 35 again, 5 v 7
// is drawn (7♠ making 13 in both rooms): 15–15. Totals: 1 60 (+70 IMPs),
// 5 45 (+35), 7 33 (18 + 15, 0), 3 and 2 30 (0), 6 18 (−35), 4 0 (−70).

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// TestBrowserSwissPublicTable: the public Swiss table and rounds on a phone.
func TestBrowserSwissPublicTable(t *testing.T) {
	b := newEnv(t, withBrowser())
	bl := b.build()
	ev := bl.Event(tournament.EventInput{Name: "Swiss teams at the Featherstonehaugh club", Scoring: string(tournament.MethodIMPTeams), Published: true})
	bye := 18.0
	sec := bl.Section(ev.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Teams: 7, Rounds: 2,
		BoardsPerRound: 2, VPScale: "acbl-30", ByeVPs: &bye}})
	bl.Deal(sec, tournamenttest.OneSuitDeal)
	play := func(sec tournament.Section, round int, drawn int) {
		rd, _ := sec.Movement.Round(round)
		for _, tb := range rd.Tables {
			for _, bd := range tb.Boards {
				if tb.Table%2 == 1 || tb.Match == drawn {
					bl.Play(sec, round, tb.Table, bd, "7S", "N", 13)
				} else {
					bl.Play(sec, round, tb.Table, bd, "1S", "N", 7)
				}
			}
		}
	}
	play(sec, 1, 0)
	ctx := t.Context()
	d, err := b.svc.PairSwissRound(ctx, tournament.Director, sec.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	if sec, err = b.svc.ReleaseSwissRound(ctx, tournament.Director, sec.ID, d.Version); err != nil {
		t.Fatal(err)
	}
	drawn := 0
	rd, _ := sec.Movement.Round(2)
	for _, tb := range rd.Tables {
		if sec.Movement.TeamOf(tb.NS) == 5 && tb.Table%2 == 1 {
			drawn = tb.Match
		}
	}
	play(sec, 2, drawn)

	p := b.phone("public")
	p.open(fmt.Sprintf("/sections/%d/standings", sec.ID))
	p.noError("open the Swiss standings")
	p.shot("swiss public table")
	type row struct {
		Place, VPs, IMPs, Played, Team string
	}
	rows := eval[map[string]row](p, "read the Swiss table", `Object.fromEntries([...document.querySelectorAll("#teams-table tbody tr")].map(tr => [tr.dataset.team, {
		Place: tr.querySelector(".place").textContent.trim(), VPs: tr.querySelector(".vps").textContent.trim(),
		IMPs: tr.querySelector(".imps").textContent.trim(), Played: tr.querySelector(".played").textContent.trim(),
		Team: tr.children[1].textContent.replace(/\s+/g, " ").trim()}]))`)
	want := map[string][4]string{"1": {"1", "60.00", "70", "2"}, "5": {"2", "45.00", "35", "2"}, "7": {"3", "33.00", "0", "1"},
		"3": {"4=", "30.00", "0", "2"}, "2": {"4=", "30.00", "0", "2"}, "6": {"6", "18.00", "-35", "1"}, "4": {"7", "0.00", "-70", "2"}}
	for team, w := range want {
		r := rows[team]
		if got := [4]string{r.Place, r.VPs, r.IMPs, r.Played}; got != w {
			t.Errorf("team %s: place, VPs, IMPs, played %v, want %v", team, got, w)
		}
	}
	if !strings.Contains(rows["7"].Team, "bye in round 1") || !strings.Contains(rows["6"].Team, "bye in round 2") || strings.Contains(rows["1"].Team, "bye") {
		t.Errorf("the byes are not marked: team 7 %q, 6 %q, 1 %q", rows["7"].Team, rows["6"].Team, rows["1"].Team)
	}
	if c := p.text("#teams-table caption"); c != "Swiss table after round 2 of 2" {
		t.Errorf("the table's caption: %q", c)
	}
	rounds := eval[[]string](p, "read the rounds", `[...document.querySelectorAll("table.team-round")].map(t => t.dataset.round + ": " +
		[...t.querySelectorAll("tbody tr")].map(tr => tr.dataset.home + "v" + tr.dataset.away + " " + tr.querySelector(".imps").textContent.trim() + " " + tr.querySelector(".vps").textContent.trim()).join(", "))`)
	wantRounds := []string{
		"2: 1v3 35–0 30.00–0.00, 5v7 0–0 15.00–15.00, 2v4 35–0 30.00–0.00, 6v0 bye 18.00",
		"1: 1v2 35–0 30.00–0.00, 3v4 35–0 30.00–0.00, 5v6 35–0 30.00–0.00, 7v0 bye 18.00",
	}
	if fmt.Sprint(rounds) != fmt.Sprint(wantRounds) {
		t.Errorf("the rounds on the page:\n got %q\nwant %q", rounds, wantRounds)
	}
	checkFitsPhone(t, p, "the public Swiss table")
}
