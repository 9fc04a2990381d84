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

// TestLatePairAndMovementChange: from the section page of a 2½-table
// Mitchell (pair 3 EW missing) the late pair joins from round 2 with its
// players, the results of round 1 kept; then a change to 3 boards a round
// from round 2 is refused, naming the round-2 result it would not fit, the
// form refilled.
func TestLatePairAndMovementChange(t *testing.T) {
	s := newSetupSite(t)
	ctx := context.Background()
	s.signIn()
	ev, err := s.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Late", Date: "2026-11-27", Law: "contract-2017", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := s.svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "L",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2, Missing: 6}})
	if err != nil {
		t.Fatal(err)
	}
	path := "/director/sections/" + strconv.FormatInt(sec.ID, 10)
	p := s.get(path)
	p.mustID(t, "late-pair-form")
	if v := setupAttr(p.mustID(t, "change-missing-number"), "value"); v != "3" {
		t.Errorf("the movement form's missing pair is %q, want 3 (from the section's spec)", v)
	}
	var in []tournament.Result
	r1, _ := sec.Movement.Round(1)
	for _, tb := range r1.Tables {
		for _, b := range tb.Boards {
			in = append(in, tournament.Result{Board: b, Round: 1, Table: tb.Table, Status: tournament.StatusPlayed, Contract: "3NT", Declarer: "N", Tricks: 9})
		}
	}
	if _, _, err := s.svc.EnterResults(ctx, tournament.Director, sec.ID, in, nil); err != nil {
		t.Fatal(err)
	}

	p = s.post(path+"/late-pair", url.Values{"late_players": {"  "}, "late_from": {"2"}})
	p.want(t, "a late pair without players", http.StatusUnprocessableEntity)
	if setupAttr(p.mustID(t, "late-players"), "aria-invalid") != "true" || !strings.Contains(p.errorText(), "players") {
		t.Errorf("no players: error %q", p.errorText())
	}
	p = s.post(path+"/late-pair", url.Values{"late_players": {"Late Comer & Last Minute"}, "late_from": {"2"}})
	p.want(t, "the late pair joins", http.StatusSeeOther)
	got, err := s.svc.Section(ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Movement.Phantom != 0 {
		t.Errorf("after the late pair the movement still misses pair %d", got.Movement.Phantom)
	}
	pairs, _ := s.svc.Pairs(ctx, tournament.Director, sec.ID)
	if len(pairs) != 1 || pairs[0].Number != "3" || pairs[0].Direction != "EW" || playerList(pairs[0]) != "Late Comer, Last Minute" {
		t.Errorf("pairs after the late pair: %+v", pairs)
	}
	p = s.get(path)
	if p.byID("late-pair-form") != nil || p.byID("half-table") != nil {
		t.Error("the section page still offers a late pair for a full section")
	}
	// 3 pairs each way at 3 tables: table 1 plays set 2, boards 3 and 4,
	// in round 2 (movement.Mitchell); with 3 boards a round, boards 4 to 6.
	if _, _, err := s.svc.EnterResults(ctx, tournament.Director, sec.ID, []tournament.Result{{Board: 3, Round: 2, Table: 1, Status: tournament.StatusPlayed, Contract: "3NT", Declarer: "N", Tricks: 9}}, nil); err != nil {
		t.Fatal(err)
	}
	form := setupFormFields(p.mustID(t, "movement-form"))
	form.Set("boards_per_round", "3")
	form.Set("from_round", "2")
	p = s.post(path+"/movement", form)
	p.want(t, "a change a stored result would not fit", http.StatusConflict)
	if msg := p.errorText(); !strings.Contains(msg, "board 3 at table 1 in round 2") {
		t.Errorf("refusal: %q", msg)
	}
	if v := setupAttr(p.mustID(t, "change-boards"), "value"); v != "3" {
		t.Errorf("refused: the form is not refilled: boards a round %q", v)
	}
	if rs, _ := s.svc.Results(ctx, tournament.Director, tournament.ResultFilter{SectionID: sec.ID}); len(rs) != len(in)+1 {
		t.Errorf("%d results after the refusal, want %d", len(rs), len(in)+1)
	}
	form.Set("from_round", "x")
	p = s.post(path+"/movement", form)
	p.want(t, "from round x", http.StatusUnprocessableEntity)
	if setupAttr(p.mustID(t, "change-from"), "aria-invalid") != "true" {
		t.Errorf("from round x: field not marked; error %q", p.errorText())
	}
}

// playerList joins a pair's players' names.
func playerList(p tournament.Pair) string {
	var names []string
	for _, pl := range p.Players {
		names = append(names, pl.Name)
	}
	return strings.Join(names, ", ")
}

// TestScorePhantomFromTheSectionPage: a half table played with a phantom
// (3 tables, pair 3 EW missing): the section page scores the 6 boards
// against the phantom (3 rounds × 2 boards) at the percentage given; a
// percentage that is not a number is refused with the form refilled.
func TestScorePhantomFromTheSectionPage(t *testing.T) {
	s := newSetupSite(t)
	ctx := context.Background()
	s.signIn()
	ev, err := s.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Phantom", Date: "2026-11-27", Law: "contract-2017", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := s.svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "P",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2, Missing: 6, Phantom: true}})
	if err != nil {
		t.Fatal(err)
	}
	path := "/director/sections/" + strconv.FormatInt(sec.ID, 10)
	p := s.get(path)
	if txt := setupText(p.mustID(t, "half-table")); !strings.Contains(txt, "phantom") {
		t.Errorf("half table: %q", txt)
	}
	if n := len(p.byClass(p.mustID(t, "sit-outs"), "plays-phantom")); n != 3 {
		t.Errorf("%d rounds list the phantom's opponents, want 3", n)
	}
	p = s.post(path+"/phantom", url.Values{"percent": {"sixty"}})
	p.want(t, "percent sixty", http.StatusUnprocessableEntity)
	if setupAttr(p.mustID(t, "phantom-percent"), "aria-invalid") != "true" || setupAttr(p.mustID(t, "phantom-percent"), "value") != "sixty" {
		t.Errorf("percent sixty: not marked or not refilled; error %q", p.errorText())
	}
	p = s.post(path+"/phantom", url.Values{"percent": {"60"}})
	p.want(t, "score the phantom", http.StatusSeeOther)
	if msg, _ := url.QueryUnescape(p.Location); !strings.Contains(msg, "6 boards against the phantom scored: 60%") {
		t.Errorf("scored: %q", msg)
	}
	rs, _ := s.svc.Results(ctx, tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
	if len(rs) != 6 {
		t.Errorf("%d results stored, want 6", len(rs))
	}
}
