package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestAPISwissPairs runs a Swiss pairs of 7 pairs (BUTLER, the ACBL 20-VP
// scale, 6 boards a round) through the API. Round 1 by number: 1 v 2 at
// table 1, 3 v 4 at 2, 5 v 6 at 3, 7 the bye. On every board North makes
// 1NT+2 (150) at table 1, 1NT+1 (120) at table 2, 1NT (90) at table 3: the
// datum, the middle one of three scores, 120; +1, 0, −1 IMP a board to NS,
// ±6 over the match: 13–7 on the ACBL 20-VP scale's 6–8 boards row
// (bridgehands.com, "Victory Points": 5–7 IMPs), a draw 10–10, the bye 12
// (60% of 20). The draft of round 2 (TestSwissPairsBye's rule): 1 v 6,
// 7 v 3, 4 v 2, 5 bye. A pairing that repeats 1 v 2 and one that gives
// 7 a second bye are refused (422) naming the match or the bye and why,
// and the draft is as it was; the release gives table 2 pairs 7 and 4.
func TestAPISwissPairs(t *testing.T) {
	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "Swiss pairs", "date": "2026-11-27", "law": "contract-2017", "scoring": "BUTLER"}`)
	er := e.wantError(422, "movement.pairs", "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "S", "movement": {"kind": "swiss", "pairs": 7, "teams": 4, "rounds": 3, "boards_per_round": 6}}`)
	if !strings.Contains(er.Error, "not both") {
		t.Errorf("pairs and teams: %+v", er)
	}
	var sec api.SectionResponse
	e.want(201, &sec, "POST", "/v1/events/"+id(ev.ID)+"/sections", directorToken,
		`{"name": "S", "movement": {"kind": "swiss", "pairs": 7, "rounds": 3, "boards_per_round": 6, "vp_scale": "acbl-20"}}`)
	if got := apiPairMatches(sec.Generated, 1); got != "1v2 3v4 5v6" || sec.Generated.Boards != 18 {
		t.Fatalf("round 1: %s, %d boards; want 1v2 3v4 5v6, 18 boards", got, sec.Generated.Boards)
	}
	b := e.build()
	domain, err := e.svc.Section(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	for tb := 1; tb <= 3; tb++ {
		for bd := 1; bd <= 6; bd++ {
			b.Play(domain, 1, tb, bd, "1NT", "N", 10-tb)
		}
	}
	s := "/v1/sections/" + id(sec.ID)
	var st struct {
		Pairs []struct {
			Number string
			Total  float64
			IMPs   *int
		}
	}
	e.want(200, &st, "GET", s+"/standings", directorToken, nil)
	got := map[string]string{}
	for _, p := range st.Pairs {
		imps := "-"
		if p.IMPs != nil {
			imps = fmt.Sprint(*p.IMPs)
		}
		got[p.Number] = fmt.Sprint(p.Total, "/", imps)
	}
	if want := "map[1:13/6 2:7/-6 3:10/0 4:10/0 5:7/-6 6:13/6 7:12/0]"; fmt.Sprint(got) != want {
		t.Errorf("VPs/IMPs after round 1: %v, want %s", got, want)
	}
	var d api.SwissDraftResponse
	e.want(201, &d, "POST", s+"/swiss/pair", directorToken, `{}`)
	if draftWords(d) != "1v6 7v3 4v2 5v0" || d.Round != 2 {
		t.Fatalf("draft of round 2: %+v, want 1v6 7v3 4v2 5v0", d)
	}
	er = e.wantError(422, "matches[0]", "PUT", s+"/swiss/draft", directorToken,
		fmt.Sprintf(`{"version": %d, "matches": [{"home": 1, "away": 2}, {"home": 7, "away": 3}, {"home": 4, "away": 6}, {"home": 5, "away": 0}]}`, d.Version))
	if !strings.Contains(er.Error, "1 v 2 is a rematch (they met in round 1)") {
		t.Errorf("a rematch: %+v", er)
	}
	er = e.wantError(422, "matches", "PUT", s+"/swiss/draft", directorToken,
		fmt.Sprintf(`{"version": %d, "matches": [{"home": 1, "away": 6}, {"home": 5, "away": 3}, {"home": 4, "away": 2}, {"home": 7, "away": 0}]}`, d.Version))
	if !strings.Contains(er.Error, "a second bye to pair 7") {
		t.Errorf("a second bye: %+v", er)
	}
	var again api.SwissDraftResponse
	e.want(200, &again, "GET", s+"/swiss/draft", directorToken, nil)
	if draftWords(again) != "1v6 7v3 4v2 5v0" || again.Version != d.Version {
		t.Errorf("the draft after the refusals: %+v", again)
	}
	var rel api.SectionResponse
	e.want(200, &rel, "POST", s+"/swiss/release", directorToken, fmt.Sprintf(`{"version": %d}`, d.Version))
	if got := apiPairMatches(rel.Generated, 2); got != "1v6 7v3 4v2" {
		t.Errorf("round 2 released: %s", got)
	}
	// The event's files are made with the Swiss pairs in them, the
	// standings with the VPs.
	for _, f := range []string{"report.xlsx", "standings.csv", "travelers.csv", "usebio.xml", "results.pbn"} {
		res := e.do("GET", "/v1/events/"+id(ev.ID)+"/"+f, directorToken, nil)
		if res.Status != 200 {
			t.Errorf("%s: %d %s", f, res.Status, res.Body)
		}
		// The CSV's score is the VPs: 5 has 7 and its bye's 12 of round 2.
		if f == "standings.csv" && !strings.Contains(string(res.Body), "\nS,,1,5,,,,19.00,,6\n") {
			t.Errorf("standings.csv: want pair 5 first on 19.00 VPs:\n%s", res.Body)
		}
	}
}

// apiPairMatches writes round r of a Swiss pairs movement as "1v2 3v4": a
// table's NS and EW pairs, in table order.
func apiPairMatches(m api.MovementResponse, r int) string {
	var out []string
	for _, rd := range m.Rounds {
		if rd.Round != r {
			continue
		}
		for _, tb := range rd.Tables {
			out = append(out, fmt.Sprint(tb.NS, "v", tb.EW))
		}
	}
	return strings.Join(out, " ")
}

// TestSwissPairsMatchpointPage: the public standings page of a published
// Swiss pairs at matchpoints (MP), 6 pairs, 2 boards a round, North making
// 1NT+2, 1NT+1 and 1NT at tables 1, 2 and 3: NS score 4, 2, 0 of a top of
// 4 on each board, 100%, 50% and 0% of the match. Section A converts the
// percentages on the Oxford Congress Swiss Pairs' scale (above 68.35%: 20
// VPs; 49.35–50.65%: 10): 1 v 2 20–0, 3 v 4 10–10, 5 v 6 0–20; section B has
// no scale and ranks by percentage, without VPs. (The builder names the
// pairs "Pair n First" and "Pair n Second".)
func TestSwissPairsMatchpointPage(t *testing.T) {
	e := newEnv(t)
	b := e.build()
	ev := b.Event(tournament.EventInput{Name: "MP Swiss", Scoring: string(tournament.MethodMP), Published: true})
	for _, c := range []struct {
		name  string
		spec  tournament.MovementSpec
		wants []string
		not   []string
	}{
		{"A", tournament.MovementSpec{Kind: "swiss", Pairs: 6, Rounds: 2, BoardsPerRound: 2, VPScale: "percent-table",
			VPTable: []int{66, 199, 334, 475, 624, 784, 965, 1176, 1441, 1836}}, []string{
			`<td class="num imps">100.00–0.00</td><td class="num vps">20.00–0.00</td><td>2 Pair 2 First &amp; Pair 2 Second</td>`,
			`<td class="num imps">50.00–50.00</td><td class="num vps">10.00–10.00</td><td>4 Pair 4 First &amp; Pair 4 Second</td>`,
			`<td class="num vps">20.00</td>`, `<td class="num pct">100.00</td>`,
			"each match's percentage converted to VPs"}, []string{">IMPs<"}},
		{"B", tournament.MovementSpec{Kind: "swiss", Pairs: 6, Rounds: 2, BoardsPerRound: 2}, []string{
			`<td class="num imps">100.00–0.00</td><td>2 Pair 2 First &amp; Pair 2 Second</td>`,
			`<td class="num pct">100.00</td>`, "ranked by percentage"}, []string{">VPs<", `class="num vps"`}},
	} {
		sec := b.Section(ev.ID, tournament.SectionInput{Name: c.name, Movement: c.spec})
		for tb := 1; tb <= 3; tb++ {
			for bd := 1; bd <= 2; bd++ {
				b.Play(sec, 1, tb, bd, "1NT", "N", 10-tb)
			}
		}
		page := e.do("GET", "/sections/"+id(sec.ID)+"/standings", "", nil)
		html := string(page.Body)
		if page.Status != 200 {
			t.Fatalf("section %s: %d %s", c.name, page.Status, html)
		}
		for _, w := range c.wants {
			if !strings.Contains(html, w) {
				t.Errorf("section %s: the page lacks %s", c.name, w)
			}
		}
		for _, w := range c.not {
			if strings.Contains(html, w) {
				t.Errorf("section %s: the page has %s", c.name, w)
			}
		}
		if t.Failed() {
			t.Logf("%s", html)
		}
	}
}
