package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestHowellLatePairFromTheSectionPage: the section page of a 13-pair
// Howell (the 14-pair movement, one pair sitting out each round) offers a
// late pair the sit-out place as pair 14. With rounds 1 and 2 played and
// round 3 announced, joining from round 2 is refused on the round field,
// the players and the round refilled; from round 3 the pair joins, becomes
// pair 14 with its players, plays round 3 against the pair that sat out
// there, and the page no longer offers the place.
func TestHowellLatePairFromTheSectionPage(t *testing.T) {
	s := newSetupSite(t)
	ctx := context.Background()
	s.signIn()
	ev, err := s.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Late Howell", Date: "2026-11-27", Law: "contract-2017", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := s.svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "H",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 13, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	var in []tournament.Result
	for _, rd := range sec.Movement.Rounds[:2] {
		for _, tb := range rd.Tables {
			for _, b := range tb.Boards {
				in = append(in, tournament.Result{Board: b, Round: rd.Number, Table: tb.Table, Status: tournament.StatusPlayed, Contract: "3NT", Declarer: "N", Tricks: 9})
			}
		}
	}
	if _, _, err := s.svc.EnterResults(ctx, tournament.Director, sec.ID, in, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.svc.SetCurrentRound(ctx, tournament.Director, sec.ID, 3); err != nil {
		t.Fatal(err)
	}
	path := "/director/sections/" + strconv.FormatInt(sec.ID, 10)
	p := s.get(path)
	p.mustID(t, "late-pair-form")
	if n := setupText(p.mustID(t, "late-number")); n != "14" {
		t.Errorf("the late pair would be pair %q, want 14", n)
	}

	p = s.post(path+"/late-pair", url.Values{"late_players": {"Late Comer & Last Minute"}, "late_from": {"2"}})
	p.want(t, "a late pair joining from a round played", http.StatusUnprocessableEntity)
	if setupAttr(p.mustID(t, "late-from"), "aria-invalid") != "true" || !strings.Contains(p.errorText(), "round 3 or a later one") {
		t.Errorf("from round 2: field not marked or message %q", p.errorText())
	}
	if v := setupAttr(p.mustID(t, "late-players"), "value"); v != "Late Comer & Last Minute" {
		t.Errorf("refused: players not refilled: %q", v)
	}
	if v := setupSelected(p.mustID(t, "late-from")); v != "2" {
		t.Errorf("refused: round not refilled: %q", v)
	}
	p = s.post(path+"/late-pair", url.Values{"late_players": {" "}, "late_from": {"3"}})
	p.want(t, "a late pair without players", http.StatusUnprocessableEntity)
	if setupAttr(p.mustID(t, "late-players"), "aria-invalid") != "true" {
		t.Errorf("no players: field not marked; %q", p.errorText())
	}

	p = s.post(path+"/late-pair", url.Values{"late_players": {"Late Comer & Last Minute"}, "late_from": {"3"}})
	p.want(t, "the late pair joins", http.StatusSeeOther)
	got, err := s.svc.Section(ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	r3, _ := got.Movement.Round(3)
	tb, at := r3.Seating(14)
	if want := sec.Movement.Rounds[2].SitOut; !at || len(want) != 1 || tb.Opponent(14) != want[0] || len(r3.SitOut) != 0 {
		t.Errorf("round 3: pair 14 at a table %v against %d, sit-outs %v; want it against pair %v, none out", at, tb.Opponent(14), r3.SitOut, want)
	}
	pairs, _ := s.svc.Pairs(ctx, tournament.Director, sec.ID)
	if len(pairs) != 1 || pairs[0].Number != "14" || playerList(pairs[0]) != "Late Comer, Last Minute" {
		t.Errorf("pairs after the late pair: %+v", pairs)
	}
	if rs, _ := s.svc.Results(ctx, tournament.Director, tournament.ResultFilter{SectionID: sec.ID}); len(rs) != len(in) {
		t.Errorf("%d results after the late pair, want the %d stored", len(rs), len(in))
	}
	p = s.get(path)
	if p.byID("late-pair-form") != nil {
		t.Error("the section page still offers a late pair's place in a full Howell")
	}
}
