package tournament_test

import (
	"fmt"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestSwissPairsPenalty: a procedural penalty (Law 90) on a pair of a
// Swiss pairs comes off its total as it does at the other methods: in VPs
// when the Swiss ranks by VPs, in matchpoints or percent of a top when it
// ranks by matchpoints.
//
// VPs: TestSwissPairsBye's round 1 (BUTLER, ACBL 20-VP scale) leaves pair 1
// at 13 VPs and pair 6 at 13; 1.5 VPs off pair 1 for slow play leave it
// 11.5, below 6 and 7 (12, the bye) — place 3. An IMP penalty there is
// refused naming the unit (the match is converted already; its VPs are
// the unit), and so is a penalty on pair 8, not in the section.
//
// Matchpoints: TestSwissPairsPercentage's round 1 (MP, 2 boards, a board's
// top 4) gives pair 1 8 of 8 (100 %); 1 matchpoint off for a mobile phone
// leaves 7 of 8 = 87.5 %, below pair 6 (100 %).
func TestSwissPairsPenalty(t *testing.T) {
	b := newBuilder(t)
	ctx, dir := b.Ctx, tournament.Director
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodButler)})
	sec := b.Section(e.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Pairs: 7, Rounds: 3,
		BoardsPerRound: 6, VPScale: "acbl-20"}})
	swissPairsRound(b, sec, 1, []int{9, 8, 7})
	if _, err := b.Svc.GivePenalty(ctx, dir, sec.ID, tournament.Penalty{Number: "1", Amount: 1.5, Unit: tournament.UnitVP, Reason: "slow play"}); err != nil {
		t.Fatal(err)
	}
	st, err := b.Svc.Standings(ctx, dir, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range st.Pairs {
		if p.Number == "1" && (p.Total != 11.5 || p.Penalty != 1.5 || p.Place != 3 || len(p.Penalties) != 1) {
			t.Errorf("pair 1: %v VPs, penalty %v, place %d, %d penalties; want 11.5, 1.5, 3, 1", p.Total, p.Penalty, p.Place, len(p.Penalties))
		}
	}
	_, err = b.Svc.GivePenalty(ctx, dir, sec.ID, tournament.Penalty{Number: "1", Amount: 3, Unit: tournament.UnitIMP, Reason: "slow play", Board: 1})
	wantError(t, err, tournament.ErrInvalid, "unit")
	_, err = b.Svc.GivePenalty(ctx, dir, sec.ID, tournament.Penalty{Number: "8", Amount: 1, Unit: tournament.UnitVP, Reason: "slow play"})
	wantError(t, err, tournament.ErrInvalid, "number")

	mp := b.Event(tournament.EventInput{Scoring: string(tournament.MethodMP)})
	msec := b.Section(mp.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Pairs: 6, Rounds: 3, BoardsPerRound: 2}})
	swissPairsRound(b, msec, 1, []int{9, 8, 7})
	if _, err := b.Svc.GivePenalty(ctx, dir, msec.ID, tournament.Penalty{Number: "1", Amount: 1, Unit: tournament.UnitMP, Reason: "mobile phone"}); err != nil {
		t.Fatal(err)
	}
	st, err = b.Svc.Standings(ctx, dir, msec.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range st.Pairs[:2] {
		got = append(got, fmt.Sprint(p.Number, " ", p.Total, " ", p.Percentage, " ", p.Penalty))
	}
	if fmt.Sprint(got) != "[6 8 100 0 1 7 87.5 1]" {
		t.Errorf("the matchpoint Swiss's first two: %v; want pair 6 8 (100 %%), pair 1 7 (87.5 %%) with its penalty of 1", got)
	}
}
