package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// nextWords is what the table page says of a pair's next round, from its
// guide card (the movement's own account of where a pair goes).
func nextWords(m *movement.Movement, g movement.GuideRound, here int) string {
	if g.SitsOut {
		return "sits out round " + strconv.Itoa(g.Round)
	}
	go_ := "goes to table "
	if g.Table == here {
		go_ = "stays at table "
	}
	dir := "North–South"
	if g.Direction == scoring.EW {
		dir = "East–West"
	}
	opp, odir := m.PairLabel(g.Opponent)
	var boards []string
	for _, b := range g.Boards {
		boards = append(boards, strconv.Itoa(b))
	}
	return go_ + strconv.Itoa(g.Table) + ", " + dir + ", against pair " + strings.TrimSpace(opp+" "+odir) + ", boards " + strings.Join(boards, ", ") + "."
}

// TestTablePageNextRound: every table of a 5-pair Howell (one pair sits
// out each round) says, for its NS and its EW pair, what the pair's guide
// card says of round 2 — table, seats, opponents and boards, or sitting
// out; in the last round it says the last round is over and names no
// next round. The page's poll of the round follows the director's move.
func TestTablePageNextRound(t *testing.T) {
	s := newTableSite(t)
	ctx := context.Background()
	e, err := s.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Five pairs", Date: "2026-03-02", Law: "contract-2017", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := s.svc.CreateSection(ctx, tournament.Director, e.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 5, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	// 5 pairs at 2 tables: one pair sits out each round, and the one of
	// round 2 played in round 1 (a pair sits out once in the 5 rounds).
	if n := checkNextRound(t, s, sec); n != 1 {
		t.Errorf("%d pairs said to sit out round 2, want 1", n)
	}
	// A half-table Mitchell of 4 tables without EW 4 (movement pair 8):
	// its round-2 opponent is told it sits out round 2.
	half, err := s.svc.CreateSection(ctx, tournament.Director, e.ID, tournament.SectionInput{Name: "B",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 4, BoardsPerRound: 2, Missing: 8}})
	if err != nil {
		t.Fatal(err)
	}
	if n := checkNextRound(t, s, half); n != 1 {
		t.Errorf("half table: %d pairs said to sit out round 2, want 1", n)
	}

	m := &sec.Movement
	rd1, _ := m.Round(1)
	token := s.tableToken(sec.ID, rd1.Tables[0].Table) // a table in play (the 5-pair Howell has no table 1)
	var got struct{ Round int }
	a := s.get("/t/" + token + "/round")
	if a.status != http.StatusOK || json.Unmarshal([]byte(a.body), &got) != nil || got.Round != 1 || a.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("round poll: %d %s (Cache-Control %q), want 200 round 1, no-store", a.status, a.body, a.header.Get("Cache-Control"))
	}
	last := len(m.Rounds)
	if _, err := s.svc.SetCurrentRound(ctx, tournament.Director, sec.ID, last); err != nil {
		t.Fatal(err)
	}
	// The director's move: the poll says the last round, the announced one
	// (tournament.TableRound), though the table entered nothing before.
	var now struct{ Round, Announced int }
	if a = s.get("/t/" + token + "/round"); json.Unmarshal([]byte(a.body), &now) != nil || now.Round != last || now.Announced != last {
		t.Errorf("round poll after the director's move: %s, want round %d announced %d", a.body, last, last)
	}
	if a = s.get("/t/trv_t_no-such-token/round"); a.status != http.StatusUnauthorized {
		t.Errorf("round poll with an unknown token: %d, want 401", a.status)
	}
	rdLast, _ := m.Round(last)
	a = s.get("/t/" + s.tableToken(sec.ID, rdLast.Tables[0].Table))
	done := tableText(tableByID(a.doc, "round-done"))
	if tableByID(a.doc, "next-round") != nil || !strings.Contains(done, "the last round is over") {
		t.Errorf("last round: #round-done %q, want \"the last round is over\" and no next round", done)
	}
}

// checkNextRound opens every table of sec in round 1 and checks what each
// says of its pairs' round 2 against their guide cards; it returns how
// many pairs it says sit out.
func checkNextRound(t *testing.T, s *tableSite, sec tournament.Section) int {
	t.Helper()
	m := &sec.Movement
	guide := map[int]movement.GuideCard{}
	for _, g := range m.GuideCards() {
		guide[g.Pair] = g
	}
	rd1, _ := m.Round(1)
	sitsOut := 0
	for _, seats := range rd1.Tables {
		token := s.tableToken(sec.ID, seats.Table)
		a := s.get("/t/" + token)
		if a.status != http.StatusOK {
			t.Fatalf("table %d: %d: %s", seats.Table, a.status, a.body)
		}
		items := tableByClass(tableByID(a.doc, "next-round"), "next-pair")
		if len(items) != 2 {
			t.Fatalf("table %d: %d pairs in #next-round, want the NS and the EW pair", seats.Table, len(items))
		}
		for i, pair := range []int{seats.NS, seats.EW} {
			g := guide[pair].Rounds[1]
			want := nextWords(m, g, seats.Table)
			got := tableText(items[i])
			number, dir := m.PairLabel(pair)
			if !strings.HasPrefix(got, "Pair "+strings.TrimSpace(number+" "+dir)+" (") || !strings.Contains(got, want) {
				t.Errorf("table %d, pair %d: %q, want it to say %q", seats.Table, pair, got, want)
			}
			if g.SitsOut {
				sitsOut++
			}
		}
		if !strings.Contains(tableText(tableByID(a.doc, "round-done")), "by itself when the director starts it") {
			t.Errorf("table %d: the round's end does not say the page turns by itself", seats.Table)
		}
	}
	return sitsOut
}

// TestTablePageOptions: the table page asks for the opening lead and
// shows the traveler so far only when the event's options say so.
func TestTablePageOptions(t *testing.T) {
	s := newTableSite(t)
	sec := s.section("contract-2017", nil, "A")
	token := s.tableToken(sec.ID, 1)
	var d struct {
		ShowTraveler bool `json:"show_traveler"`
		AskLead      bool `json:"ask_lead"`
	}
	for _, on := range []bool{false, true} {
		if _, err := s.svc.UpdateEvent(context.Background(), tournament.Director, sec.EventID, tournament.EventPatch{TableTraveler: &on, TableLead: &on}); err != nil {
			t.Fatal(err)
		}
		a := s.get("/t/" + token)
		if err := json.Unmarshal([]byte(tableByID(a.doc, "table-data").FirstChild.Data), &d); err != nil {
			t.Fatal(err)
		}
		leads := tableFindAll(a.doc, func(n *html.Node) bool { return tableAttr(n, "name") == "lead" })
		if d.ShowTraveler != on || d.AskLead != on || (len(leads) > 0) != on {
			t.Errorf("options %v: page JSON show_traveler %v ask_lead %v, %d lead boxes", on, d.ShowTraveler, d.AskLead, len(leads))
		}
		if on && len(leads) != len(tableByClass(a.doc, "board-entry")) {
			t.Errorf("%d lead boxes for %d boards", len(leads), len(tableByClass(a.doc, "board-entry")))
		}
	}
}
