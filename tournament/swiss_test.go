package tournament_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// swissRound plays every match of a round of a teams section so that the
// home team wins: in room 1 (table 2k−1, the home team NS) 7♠ by North
// makes 13 tricks, in room 2 (table 2k, the away team NS) 1♠ by North
// makes 7. On the round's boards 1 and 2 (or 3 and 4 …), OneSuitDeal:
// board 1 (none vulnerable) 1510 − 80 = 1430, 16 IMPs; board 2 (NS
// vulnerable) 2210 − 80 = 2130, 19 IMPs: the home team wins by 35.
func swissRound(b *tournamenttest.Builder, sec tournament.Section, round int) {
	b.T.Helper()
	rd, _ := sec.Movement.Round(round)
	for _, t := range rd.Tables {
		for _, bd := range t.Boards {
			if t.Table%2 == 1 {
				b.Play(sec, round, t.Table, bd, "7S", "N", 13)
			} else {
				b.Play(sec, round, t.Table, bd, "1S", "N", 7)
			}
		}
	}
}

// totals returns the standings' VPs by team number.
func totals(t *testing.T, b *tournamenttest.Builder, sec tournament.Section) map[string]float64 {
	t.Helper()
	st, err := b.Svc.Standings(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, p := range st.Pairs {
		out[p.Number] = p.Total
	}
	return out
}

// sevenACBL30 makes TestSwissTeams' Swiss: 7 teams, 3 rounds of 2 boards,
// the ACBL 30-VP scale, a bye 18 VPs.
func sevenACBL30(b *tournamenttest.Builder) tournament.Section {
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodIMPTeams)})
	bye := 18.0
	return b.Section(e.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Teams: 7, Rounds: 3,
		BoardsPerRound: 2, VPScale: "acbl-30", ByeVPs: &bye}})
}

// TestSwissTeams runs a Swiss of 7 teams over 3 rounds of 2 boards on the
// ACBL 30-VP scale (the home team of every match winning by 35 IMPs: 30–0
// on the 6–8 boards row, the nearest to 2 boards; a bye 18): round 1 paired
// by number, round 2 proposed from the standings, refused changes that
// repeat a match, give a bye twice or put a team in two matches, a swap,
// the release (the tables see the round only then, and the entry version
// counts it), and a round paired before the previous one is complete only
// when forced.
func TestSwissTeams(t *testing.T) {
	b := newBuilder(t)
	ctx, dir := b.Ctx, tournament.Director
	sec := sevenACBL30(b)
	m := &sec.Movement
	// Round 1 by number: 1 v 2, 3 v 4, 5 v 6, 7 the bye; every round's boards exist.
	if got := fmt.Sprint(m.Matches(1)); got != "[{1 2} {3 4} {5 6} {7 0}]" || len(m.Rounds) != 1 || m.Boards != 6 {
		t.Fatalf("round 1: %s, %d rounds, %d boards; want [{1 2} {3 4} {5 6} {7 0}], 1 round, 6 boards", got, len(m.Rounds), m.Boards)
	}
	_, err := b.Svc.PairSwissRound(ctx, dir, sec.ID, false)
	wantError(t, err, tournament.ErrConflict, "force")

	swissRound(b, sec, 1)
	// 1, 3, 5 won 30–0; 7 has its bye's 18.
	want := map[string]float64{"1": 30, "3": 30, "5": 30, "7": 18, "2": 0, "4": 0, "6": 0}
	if got := totals(t, b, sec); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("standings after round 1: %v, want %v", got, want)
	}
	// Ranked 1, 3, 5 (30), 7 (18), 2, 4, 6 (0): the bye to 6, the lowest
	// without one; 1 v 3, 5 v 7, 2 v 4.
	d, err := b.Svc.PairSwissRound(ctx, dir, sec.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(d.Matches) != "[{1 3} {5 7} {2 4} {6 0}]" || d.Round != 2 || d.Version != 1 || d.Forced {
		t.Fatalf("draft of round 2: %+v, want [{1 3} {5 7} {2 4} {6 0}] round 2 version 1", d)
	}
	// The tables do not see it: round 2 is not in the movement.
	rd1, _ := m.Round(1)
	_, _, err = b.Svc.EnterResults(ctx, tournamenttest.Table(sec, 1), sec.ID,
		[]tournament.Result{tournamenttest.Line(sec, 2, 1, 3, "1S", "N", 7)}, nil)
	if err == nil {
		t.Errorf("a result of round 2 was stored before the round was released (round 1: %v)", rd1)
	}

	// Refused: a swap making 1 v 2 (they met in round 1, avoidable).
	_, err = b.Svc.SwapSwissTeams(ctx, dir, sec.ID, 1, 3, 2)
	te := wantError(t, err, tournament.ErrInvalid, "matches[0]")
	if !strings.Contains(te.Message, "rematch") || !strings.Contains(te.Message, "round 1") {
		t.Errorf("rematch refused as %q", te.Message)
	}
	// Refused: a second bye to 7 while 1 to 6 have had none.
	_, err = b.Svc.SwapSwissTeams(ctx, dir, sec.ID, 1, 6, 7)
	te = wantError(t, err, tournament.ErrInvalid, "matches")
	if !strings.Contains(te.Message, "second bye to team 7") {
		t.Errorf("second bye refused as %q", te.Message)
	}
	// Refused: team 1 in two matches.
	_, err = b.Svc.SetSwissDraft(ctx, dir, sec.ID, 1, []movement.Match{{Home: 1, Away: 3}, {Home: 5, Away: 1}, {Home: 2, Away: 4}, {Home: 6}})
	te = wantError(t, err, tournament.ErrInvalid, "matches[1].away")
	if !strings.Contains(te.Message, "team 1 is in two matches") {
		t.Errorf("two matches refused as %q", te.Message)
	}
	// Nothing stored was lost: the draft is as proposed.
	if got, err := b.Svc.SwissDraftOf(ctx, dir, sec.ID); err != nil || fmt.Sprint(got.Matches) != fmt.Sprint(d.Matches) || got.Version != 1 {
		t.Fatalf("draft after the refusals: %+v, %v", got, err)
	}
	// A swap of 3 and 4: 1 v 4, 5 v 7, 2 v 3, 6 the bye; then a stale version is refused.
	d, err = b.Svc.SwapSwissTeams(ctx, dir, sec.ID, 1, 3, 4)
	if err != nil || fmt.Sprint(d.Matches) != "[{1 4} {5 7} {2 3} {6 0}]" || d.Version != 2 {
		t.Fatalf("swap 3 and 4: %+v, %v", d, err)
	}
	_, err = b.Svc.ReleaseSwissRound(ctx, dir, sec.ID, 1)
	wantError(t, err, tournament.ErrStale, "version")

	before, _ := b.Svc.Section(ctx, dir, sec.ID)
	rel, err := b.Svc.ReleaseSwissRound(ctx, dir, sec.ID, 2)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := b.Svc.Section(ctx, dir, sec.ID)
	if after.EntryVersion <= before.EntryVersion || after.CurrentRound != 2 || len(after.Movement.Rounds) != 2 {
		t.Errorf("release: entry version %d → %d, round %d, %d rounds; want a higher version, round 2 of 2",
			before.EntryVersion, after.EntryVersion, after.CurrentRound, len(after.Movement.Rounds))
	}
	// Round 2 as released: match 1 (1 v 4) at tables 1 and 2 on boards 3 and 4; 6 sits out.
	if got := fmt.Sprint(rel.Movement.Matches(2)); got != "[{1 4} {5 7} {2 3} {6 0}]" {
		t.Errorf("round 2 released: %s", got)
	}
	if got := tournamenttest.Boards(t, after, 2, 2); fmt.Sprint(got) != "[3 4]" {
		t.Errorf("round 2, table 2 plays %v, want [3 4]", got)
	}
	if _, err := b.Svc.SwissDraftOf(ctx, dir, sec.ID); err == nil {
		t.Errorf("the draft is still there after its release")
	}
	// 6's bye counts with the round released: 18.
	if got := totals(t, b, after)["6"]; got != 18 {
		t.Errorf("team 6 after its bye: %v, want 18", got)
	}
	// Round 3 before round 2's results: refused, then forced.
	_, err = b.Svc.PairSwissRound(ctx, dir, sec.ID, false)
	te = wantError(t, err, tournament.ErrConflict, "force")
	if !strings.Contains(te.Message, "12 results missing") {
		t.Errorf("incomplete round refused as %q", te.Message)
	}
	d, err = b.Svc.PairSwissRound(ctx, dir, sec.ID, true)
	if err != nil || !d.Forced || d.Round != 3 {
		t.Fatalf("forced pairing: %+v, %v", d, err)
	}
	// Paired again: the next version, so the draft seen before is stale.
	if d, err = b.Svc.PairSwissRound(ctx, dir, sec.ID, true); err != nil || d.Version != 2 {
		t.Fatalf("paired again: %+v, %v; want version 2", d, err)
	}
	_, err = b.Svc.ReleaseSwissRound(ctx, dir, sec.ID, 1)
	wantError(t, err, tournament.ErrStale, "version")
	if _, err := b.Svc.ReleaseSwissRound(ctx, dir, sec.ID, 2); err != nil {
		t.Fatal(err)
	}
	if cur, _ := b.Svc.Section(ctx, dir, sec.ID); cur.CurrentRound != 2 || len(cur.Movement.Rounds) != 3 {
		t.Errorf("a forced round released: current round %d of %d; want 2 of 3 (round 2 still being played)", cur.CurrentRound, len(cur.Movement.Rounds))
	}
	_, err = b.Svc.PairSwissRound(ctx, dir, sec.ID, true)
	wantError(t, err, tournament.ErrConflict, "round")
	// A Swiss does not change its movement by hand.
	_, err = b.Svc.ChangeMovement(ctx, dir, sec.ID, tournament.MovementChange{Movement: tournament.MovementSpec{Kind: "teams", Teams: 7, BoardsPerRound: 2}})
	wantError(t, err, tournament.ErrConflict, "movement.kind")
}

// TestTeamsVPScale: a teams section's standings use its VP scale — here a
// director's table of 15 steps, a 30-VP scale, where the WBF's (the
// default before, hard-coded) gives a 35-IMP win 20 — and a table that is
// not monotone, or a scale of no known name, is refused naming the field.
func TestTeamsVPScale(t *testing.T) {
	b := newBuilder(t)
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodIMPTeams)})
	sec := b.Section(e.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "teams", Teams: 2, BoardsPerRound: 2,
		VPScale: "table", VPTable: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}})
	swissRound(b, sec, 1)
	// 35 IMPs reach every step of a 15-step table: 30–0 to the home team.
	home := strconv.Itoa(sec.Movement.Matches(1)[0].Home)
	if got := totals(t, b, sec); got[home] != 30 || len(got) != 2 || got["1"]+got["2"] != 30 {
		t.Errorf("standings on a 30-VP table: %v, want team %s 30, the other 0", got, home)
	}
	// A change of the movement that names no scale keeps the section's.
	if _, err := b.Svc.ChangeMovement(b.Ctx, tournament.Director, sec.ID, tournament.MovementChange{
		Movement: tournament.MovementSpec{Kind: "teams", Teams: 2, BoardsPerRound: 2}, FromRound: 2}); err != nil {
		t.Fatal(err)
	}
	if got := totals(t, b, sec); got[home] != 30 {
		t.Errorf("standings after a movement change: %v, want team %s still 30 on the section's table", got, home)
	}
	// A change to a table that is not monotone is refused naming its step,
	// and the section keeps its table: nothing stored is lost.
	_, err := b.Svc.ChangeMovement(b.Ctx, tournament.Director, sec.ID, tournament.MovementChange{
		Movement: tournament.MovementSpec{Kind: "teams", Teams: 2, BoardsPerRound: 2, VPScale: "table", VPTable: []int{1, 3, 5, 4, 11}}, FromRound: 2})
	if te := wantError(t, err, tournament.ErrInvalid, "movement.vp_table[3]"); !strings.Contains(te.Message, "not monotone") {
		t.Errorf("a change to a table not monotone refused as %q", te.Message)
	}
	if now, _ := b.Svc.Section(b.Ctx, tournament.Director, sec.ID); len(now.Spec.VPTable) != 15 || totals(t, b, sec)[home] != 30 {
		t.Errorf("after a refused change the section's table is %v, standings %v; want its 15 steps and team %s 30", now.Spec.VPTable, totals(t, b, sec), home)
	}
	_, err = b.Svc.CreateSection(b.Ctx, tournament.Director, e.ID, tournament.SectionInput{Name: "B", Movement: tournament.MovementSpec{
		Kind: "teams", Teams: 2, BoardsPerRound: 2, VPScale: "table", VPTable: []int{1, 3, 5, 4, 11, 14, 17, 20, 24, 28}}})
	te := wantError(t, err, tournament.ErrInvalid, "movement.vp_table[3]")
	if !strings.Contains(te.Message, "not monotone") {
		t.Errorf("not monotone refused as %q", te.Message)
	}
	_, err = b.Svc.CreateSection(b.Ctx, tournament.Director, e.ID, tournament.SectionInput{Name: "B", Movement: tournament.MovementSpec{
		Kind: "teams", Teams: 2, BoardsPerRound: 2, VPScale: "imps"}})
	wantError(t, err, tournament.ErrInvalid, "movement.vp_scale")
}

// TestSwissSixRounds plays Swiss sections of 7 and 8 teams over 6 rounds
// through the Service, every match won by its home team (swissRound), and
// checks each round against the rule as SwissPairing states it, from the
// standings the Service shows after the round before: the pairing is
// SwissPairing's of those VPs and the matches released so far (whose
// rounds by hand are in tournament/movement's TestSwissSevenTeams and
// TestSwissEightTeams), no two teams meet twice, no team has two byes,
// a bye scores 60% of the scale's maximum when the section gives no bye_vps.
func TestSwissSixRounds(t *testing.T) {
	for _, n := range []int{7, 8} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			b := newBuilder(t)
			ctx, dir := b.Ctx, tournament.Director
			e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodIMPTeams)})
			sec := b.Section(e.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Teams: n, Rounds: 6,
				BoardsPerRound: 2, VPScale: "acbl-20"}})
			var played []movement.Match
			met, byes := map[[2]int]bool{}, map[int]bool{}
			for r := 1; r <= 6; r++ {
				matches := sec.Movement.Matches(r)
				for _, mt := range matches {
					if mt.Away == 0 {
						if byes[mt.Home] {
							t.Errorf("round %d: a second bye to team %d", r, mt.Home)
						}
						byes[mt.Home] = true
						continue
					}
					k := [2]int{min(mt.Home, mt.Away), max(mt.Home, mt.Away)}
					if met[k] {
						t.Errorf("round %d: teams %v meet again", r, k)
					}
					met[k] = true
				}
				played = append(played, matches...)
				swissRound(b, sec, r)
				if r == 6 {
					break
				}
				tot := totals(t, b, sec)
				if r == 1 && n == 7 && tot["7"] != 12 {
					t.Errorf("team 7 after its bye in round 1: %v VPs, want 12 (60%% of 20, no bye_vps given)", tot["7"])
				}
				scores := make([]float64, n)
				for num, v := range tot {
					k, _ := strconv.Atoi(num)
					scores[k-1] = v
				}
				want, err := movement.SwissPairing(scores, played)
				if err != nil {
					t.Fatal(err)
				}
				d, err := b.Svc.PairSwissRound(ctx, dir, sec.ID, false)
				if err != nil {
					t.Fatalf("round %d: %v", r+1, err)
				}
				if fmt.Sprint(d.Matches) != fmt.Sprint(want) {
					t.Errorf("round %d, VPs %v: paired %v, want %v", r+1, scores, d.Matches, want)
				}
				if sec, err = b.Svc.ReleaseSwissRound(ctx, dir, sec.ID, d.Version); err != nil {
					t.Fatal(err)
				}
			}
			// With 7 teams, 6 byes, each to a different team.
			if n == 7 && len(byes) != 6 {
				t.Errorf("byes: %v, want 6 teams with one each", byes)
			}
		})
	}
}

// TestSwissWithdrawn: a team that withdraws from a Swiss is never paired
// again, and the bye follows the number left. TestSwissTeams' 7 teams, ACBL
// 30-VP scale, the home team winning every match by 35 IMPs (30–0), a bye
// 18. Round 1 by number: 1 v 2, 3 v 4, 5 v 6, 7 the bye.
//
// Team 7 withdraws after round 1: six are left, so no bye. Ranked 1, 3, 5
// (30), 2, 4, 6 (0), each meeting the highest free team it has not met
// (SwissPairing's rule): 1 v 3, 5 v 2, 4 v 6. Played (1, 5, 4 win): 1 and 5
// 60, 3 and 4 30, 2 and 6 0.
//
// Team 6 withdraws after round 2: five are left, odd, so a bye: the
// lowest ranked of those with the fewest byes (none of the five has had
// one; 7's bye went with it): 2 (0 VPs). Then 1 v 5 would leave 3 v 4,
// who met in round 1, so 1 meets the next it has not met and that leaves
// the rest pairable: 1 v 3 met in round 2, so 1 v 4, then 5 v 3.
//
// Refused, nothing stored changed: a draft pairing a withdrawn team, a
// team withdrawn twice, a number not of the Swiss, and a withdrawal once
// every round is released. A Swiss pairs the same: 5 pairs, 5 withdrawn
// before round 2 (paired with force on equal scores): 1 v 3 (1 met 2),
// 2 v 4, no bye.
func TestSwissWithdrawn(t *testing.T) {
	b := newBuilder(t)
	ctx, dir := b.Ctx, tournament.Director
	sec := sevenACBL30(b)
	swissRound(b, sec, 1)
	_, err := b.Svc.WithdrawSwiss(ctx, dir, sec.ID, 8)
	wantError(t, err, tournament.ErrInvalid, "number")
	got, err := b.Svc.WithdrawSwiss(ctx, dir, sec.ID, 7)
	if err != nil || fmt.Sprint(got.Spec.Withdrawn) != "[{7 2}]" || !strings.Contains(got.Movement.Name, "withdrawn 7") {
		t.Fatalf("withdraw 7: %v %v %q", err, got.Spec.Withdrawn, got.Movement.Name)
	}
	_, err = b.Svc.WithdrawSwiss(ctx, dir, sec.ID, 7)
	wantError(t, err, tournament.ErrConflict, "number")

	d, err := b.Svc.PairSwissRound(ctx, dir, sec.ID, false)
	if err != nil || fmt.Sprint(d.Matches) != "[{1 3} {5 2} {4 6}]" {
		t.Fatalf("round 2 without team 7: %+v, %v; want [{1 3} {5 2} {4 6}]", d.Matches, err)
	}
	_, err = b.Svc.SetSwissDraft(ctx, dir, sec.ID, d.Version, []movement.Match{{Home: 1, Away: 3}, {Home: 5, Away: 7}, {Home: 2, Away: 4}, {Home: 6}})
	te := wantError(t, err, tournament.ErrInvalid, "matches[1].away")
	if !strings.Contains(te.Message, "team 7 has withdrawn") {
		t.Errorf("a withdrawn team paired: refused as %q", te.Message)
	}
	if sec, err = b.Svc.ReleaseSwissRound(ctx, dir, sec.ID, d.Version); err != nil {
		t.Fatal(err)
	}
	swissRound(b, sec, 2)
	if tot := totals(t, b, sec); fmt.Sprint(tot) != fmt.Sprint(map[string]float64{"1": 60, "2": 0, "3": 30, "4": 30, "5": 60, "6": 0, "7": 18}) {
		t.Errorf("standings after round 2: %v", tot)
	}

	if _, err := b.Svc.WithdrawSwiss(ctx, dir, sec.ID, 6); err != nil {
		t.Fatal(err)
	}
	d, err = b.Svc.PairSwissRound(ctx, dir, sec.ID, false)
	if err != nil || fmt.Sprint(d.Matches) != "[{1 4} {5 3} {2 0}]" {
		t.Fatalf("round 3 without teams 6 and 7: %+v, %v; want [{1 4} {5 3} {2 0}]", d.Matches, err)
	}
	if sec, err = b.Svc.ReleaseSwissRound(ctx, dir, sec.ID, d.Version); err != nil {
		t.Fatal(err)
	}
	_, err = b.Svc.WithdrawSwiss(ctx, dir, sec.ID, 5)
	wantError(t, err, tournament.ErrConflict, "number")
	if now, _ := b.Svc.Section(ctx, dir, sec.ID); fmt.Sprint(now.Spec.Withdrawn) != "[{6 3} {7 2}]" {
		t.Errorf("withdrawn after the refusals: %v, want [{6 3} {7 2}] (number, from round)", now.Spec.Withdrawn)
	}

	pe := b.Event(tournament.EventInput{Scoring: string(tournament.MethodCrossIMP)})
	ps := b.Section(pe.ID, tournament.SectionInput{Name: "P", Movement: tournament.MovementSpec{Kind: "swiss", Pairs: 5, Rounds: 2, BoardsPerRound: 2}})
	if _, err := b.Svc.WithdrawSwiss(ctx, dir, ps.ID, 5); err != nil {
		t.Fatal(err)
	}
	d, err = b.Svc.PairSwissRound(ctx, dir, ps.ID, true)
	if err != nil || fmt.Sprint(d.Matches) != "[{1 3} {2 4}]" {
		t.Errorf("Swiss pairs' round 2 without pair 5: %+v, %v; want [{1 3} {2 4}]", d.Matches, err)
	}
}
