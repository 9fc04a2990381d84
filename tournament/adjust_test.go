package tournament_test

// The director's law toolkit (issue 26 §2): procedural penalties (WBF Laws
// 2017, Law 90) taken off a pair's or team's total, and a director's
// correction of one side's points on a traveler line.
//
// The standard penalty: the EBU's 25 % of a top at pairs (worked on the
// EBU's forum, "Procedural penalties",
// https://www.ebu.co.uk/forum/discussion/712/procedural-penalties: "For x
// tables the top is 2x-2 … 13 tables … a top on all boards is 24 … A
// procedural penalty is 25% of a top = 6 match points … add up all the
// match points on the boards the pair played and subtract 6"); on the
// ACBL's 1-per-score-beaten scale the same 25 % of a top of 12 at 13
// tables is 3 matchpoints (the "quarter of a board" issue 26 names).

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// board1Lines are 13 different NS scores on board 1 (none vulnerable, Law
// 77): 1NT by North taking 5 … 13 tricks (−100, −50, 90, 120, 150, 180,
// 210, 240, 270) and 3NT taking 9 … 12 (400, 430, 460, 490), lowest first.
var board1Lines = []struct {
	contract string
	tricks   int
}{{"1NT", 5}, {"1NT", 6}, {"1NT", 7}, {"1NT", 8}, {"1NT", 9}, {"1NT", 10}, {"1NT", 11}, {"1NT", 12}, {"1NT", 13}, {"3NT", 9}, {"3NT", 10}, {"3NT", 11}, {"3NT", 12}}

// TestPenaltyThirteenTables plays board 1 of a 13-table Mitchell (one
// board a round: each pair plays board 1 once) with 13 different NS
// scores, so that the NS pair with the k-th lowest score has k−1 beaten
// scores: at ACBL matchpoints (1 a score beaten) k−1 of a top of 12, at
// EBU matchpoints (2 a score beaten) 2(k−1) of a top of 24. The NS pair
// with 490 has a top: 12 (ACBL) or 24 (EBU), 100 %. A 25 %-of-top penalty
// takes off 3 (ACBL: 0.25 × 12) or 6 (EBU: 0.25 × 24): 9 of 12 or 18 of
// 24, 75 % either way, and it now ties the pair with 400 (9 of 12, 18 of
// 24) for 3rd behind 460 (11, 22) and 430 (10, 20). An EW pair given 2
// matchpoints (ACBL) off its total loses 2/12 = 16.67 % of its percentage.
func TestPenaltyThirteenTables(t *testing.T) {
	for _, c := range []struct {
		method                 tournament.Method
		top, off               float64
		before, after, ewAfter string
	}{
		{tournament.MethodMPACBL, 12, 3, "12 100 1", "9 75 3", "10 83.33"},
		{tournament.MethodMP, 24, 6, "24 100 1", "18 75 3", "22 91.67"},
	} {
		t.Run(string(c.method), func(t *testing.T) {
			b := newBuilder(t)
			d := tournament.Director
			ev := b.Event(tournament.EventInput{Name: "Penalties " + string(c.method), Scoring: string(c.method)})
			sec := b.Mitchell(ev.ID, 13, 1)
			var topNS, ewOf0 string // the NS pair scoring 490; the EW pair against the lowest NS score (12 of 12 EW)
			k := 0
			for _, rd := range sec.Movement.Rounds {
				for _, tb := range rd.Tables {
					if tb.Boards[0] != 1 {
						continue
					}
					l := board1Lines[k]
					r := b.Enter(d, sec, tournamenttest.Line(sec, rd.Number, tb.Table, 1, l.contract, "N", l.tricks))[0]
					if k == len(board1Lines)-1 {
						topNS = r.NS
					}
					if k == 0 {
						ewOf0 = r.EW
					}
					k++
				}
			}
			if k != 13 {
				t.Fatalf("board 1 is played %d times, want 13", k)
			}
			standing := func(number, dir string) tournament.Standing {
				t.Helper()
				st, err := b.Svc.Standings(b.Ctx, d, sec.ID)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range st.Pairs {
					if p.Number == number && p.Direction == dir {
						return p
					}
				}
				t.Fatalf("no standing for %s %s", number, dir)
				return tournament.Standing{}
			}
			say := func(s tournament.Standing) string { return fmt.Sprintf("%v %v %d", s.Total, s.Percentage, s.Place) }
			if got := say(standing(topNS, "NS")); got != c.before {
				t.Fatalf("NS %s before the penalty: %s, want %s", topNS, got, c.before)
			}
			p, err := b.Svc.GivePenalty(b.Ctx, d, sec.ID, tournament.Penalty{Number: topNS, Direction: "NS", Amount: 25, Unit: tournament.UnitPercentTop, Reason: "slow play", Board: 1})
			if err != nil {
				t.Fatal(err)
			}
			got := standing(topNS, "NS")
			if say(got) != c.after || got.Penalty != c.off || len(got.Penalties) != 1 || got.Penalties[0].Reason != "slow play" {
				t.Fatalf("NS %s after 25 %% of a top: %s, penalty %v %v, want %s, %v off", topNS, say(got), got.Penalty, got.Penalties, c.after, c.off)
			}
			// An EW pair: 2 matchpoints (ACBL) or 2 (EBU) off 12 or 24.
			if _, err := b.Svc.GivePenalty(b.Ctx, d, sec.ID, tournament.Penalty{Number: ewOf0, Direction: "EW", Amount: 2, Unit: tournament.UnitMP, Reason: "mobile phone"}); err != nil {
				t.Fatal(err)
			}
			ew := standing(ewOf0, "EW")
			if s := fmt.Sprintf("%v %v", ew.Total, ew.Percentage); s != c.ewAfter {
				t.Fatalf("EW %s after 2 MP: %s, want %s", ewOf0, s, c.ewAfter)
			}
			// The change is kept, and lifting the penalty gives the top back.
			changes, err := b.Svc.Changes(b.Ctx, d, ev.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(changes, func(ch tournament.Change) bool {
				return ch.After["penalty"] == topNS+" NS: 25% of a top, slow play (board 1)" // the pages' words (Penalty.Words)
			}) {
				t.Fatalf("no change keeps the penalty: %+v", changes)
			}
			if err := b.Svc.LiftPenalty(b.Ctx, d, sec.ID, p.ID); err != nil {
				t.Fatal(err)
			}
			if got := say(standing(topNS, "NS")); got != c.before {
				t.Fatalf("NS %s after the penalty is lifted: %s, want %s", topNS, got, c.before)
			}
			if err := b.Svc.LiftPenalty(b.Ctx, d, sec.ID, p.ID); !errors.Is(err, tournament.ErrNotFound) {
				t.Fatalf("lifting it twice: %v, want not found", err)
			}
		})
	}
}

// TestPenaltyRefused: a penalty on a pair not in the section, a negative
// or absurd amount, an unknown unit, no reason, a board not played, a
// table giving one: each refused naming its field and what is allowed;
// nothing is stored.
func TestPenaltyRefused(t *testing.T) {
	b := newBuilder(t)
	d := tournament.Director
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Refused", Scoring: "MP"}).ID, 3, 2)
	ok := tournament.Penalty{Number: "1", Direction: "NS", Amount: 25, Unit: tournament.UnitPercentTop, Reason: "slow play"}
	for _, c := range []struct {
		name  string
		edit  func(p *tournament.Penalty)
		field string
		says  string
	}{
		{"pair not in the section", func(p *tournament.Penalty) { p.Number = "9" }, "number", "pair 9 NS is not in section"},
		{"no direction in a Mitchell", func(p *tournament.Penalty) { p.Direction = "" }, "number", "pair 1 is not in section"},
		{"negative", func(p *tournament.Penalty) { p.Amount = -3 }, "amount", "more than 0"},
		{"zero", func(p *tournament.Penalty) { p.Amount = 0 }, "amount", "more than 0"},
		{"absurd percent", func(p *tournament.Penalty) { p.Amount = 150 }, "amount", "at most 100 percent_top"},
		{"absurd matchpoints", func(p *tournament.Penalty) { p.Unit, p.Amount = tournament.UnitMP, 50 }, "amount", "at most 6 mp"},
		{"unknown unit", func(p *tournament.Penalty) { p.Unit = "points" }, "unit", `"points" is not a unit`},
		{"IMPs at matchpoints", func(p *tournament.Penalty) { p.Unit = tournament.UnitIMP }, "unit", `"imp" is not a unit`},
		{"no reason", func(p *tournament.Penalty) { p.Reason = "  " }, "reason", "required"},
		{"board not played", func(p *tournament.Penalty) { p.Board = 7 }, "board", "plays boards 1 to 6"},
	} {
		p := ok
		c.edit(&p)
		_, err := b.Svc.GivePenalty(b.Ctx, d, sec.ID, p)
		var te *tournament.Error
		if !errors.As(err, &te) || te.Field != c.field || !strings.Contains(te.Message, c.says) {
			t.Errorf("%s: %v, want a %q error saying %q", c.name, err, c.field, c.says)
			continue
		}
		if c.field == "unit" && (len(te.Allowed) != 2 || te.Allowed[0] != "mp" || te.Allowed[1] != "percent_top") {
			t.Errorf("%s: allowed %v, want mp, percent_top", c.name, te.Allowed)
		}
		if c.field == "number" && !slices.ContainsFunc(te.Allowed, func(s string) bool { return s == "1 NS" }) {
			t.Errorf("%s: allowed %v, want the section's pairs", c.name, te.Allowed)
		}
	}
	if _, err := b.Svc.GivePenalty(b.Ctx, tournamenttest.Table(sec, 1), sec.ID, ok); !errors.Is(err, tournament.ErrForbidden) {
		t.Errorf("a table giving a penalty: %v, want forbidden", err)
	}
	if ps, err := b.Svc.Penalties(b.Ctx, d, sec.ID); err != nil || len(ps) != 0 {
		t.Errorf("penalties after the refusals: %v %v, want none", ps, err)
	}
}

// TestTeamPenalty: at IMP_TEAMS a penalty is in VPs, taken off the team's
// VPs and the teams placed again; a matchpoint penalty is refused. Four
// teams before any match: every team has 0 VPs, so team 2 given 3 VPs off
// has −3 and is last, the others keep 0.
func TestTeamPenalty(t *testing.T) {
	b := newBuilder(t)
	d := tournament.Director
	sec := b.Teams(b.Event(tournament.EventInput{Name: "Teams", Scoring: "IMP_TEAMS"}).ID, 4, 2)
	st, err := b.Svc.Standings(b.Ctx, d, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	before := map[string]float64{}
	for _, p := range st.Pairs {
		before[p.Number] = p.Total
	}
	if _, err := b.Svc.GivePenalty(b.Ctx, d, sec.ID, tournament.Penalty{Number: "2", Amount: 3, Unit: tournament.UnitVP, Reason: "late arrival"}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Svc.GivePenalty(b.Ctx, d, sec.ID, tournament.Penalty{Number: "2", Amount: 3, Unit: tournament.UnitMP, Reason: "x"}); err == nil {
		t.Fatal("a matchpoint penalty on a team was taken")
	}
	st, err = b.Svc.Standings(b.Ctx, d, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range st.Pairs {
		want := before[p.Number]
		if p.Number == "2" {
			want -= 3
		}
		if p.Total != scoring.Round2(want) {
			t.Errorf("team %s: %v VPs, want %v", p.Number, p.Total, want)
		}
	}
	if last := st.Pairs[len(st.Pairs)-1]; last.Number != "2" || last.Penalty != 3 {
		t.Errorf("last place: team %s (penalty %v), want team 2 with 3 VPs off (no match played: the others have 0)", last.Number, last.Penalty)
	}
}

// TestPointCorrection: on the 3-table Mitchell board 1 is played at round
// 1 table 1, round 2 table 3 and round 3 table 2 (TestFouledBoard). With
// 420, 450 and 110, EBU matchpoints (top 4): 110 → 0, 420 → 2, 450 → 4.
// The director sets round 1 table 1's NS to 3 (a matchpoint fixed after a
// ruling): the traveler shows 3|2 for it (EW keeps what the comparison
// gives it: the corrected side alone changes), the others 4|0 and 0|4 as
// before; NS 1's total is 3 (75 %). Round 3 table 2 is then corrected to
// 4S making 12 (480): the board compares again — 420 is now the lowest
// (NS 0, EW 4), 450 → 2|2, 480 → 4|0 — but the director's NS 3 stays.
// Lifted, round 1 table 1 shows 0|4.
func TestPointCorrection(t *testing.T) {
	b := newBuilder(t)
	d := tournament.Director
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Correction", Scoring: "MP"}).ID, 3, 2)
	rs := b.Enter(d, sec, tournamenttest.Line(sec, 1, 1, 1, "4S", "N", 10), tournamenttest.Line(sec, 2, 3, 1, "4S", "N", 11), tournamenttest.Line(sec, 3, 2, 1, "2S", "N", 8))
	traveler := func() string {
		t.Helper()
		tr, err := b.Svc.Traveler(b.Ctx, d, sec.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, l := range tr.Lines {
			mark := ""
			if len(l.Result.Corrections) > 0 {
				mark = "*"
			}
			s = append(s, fmt.Sprintf("%d/%d %v|%v%s", l.Result.Round, l.Result.Table, l.NSPoints, l.EWPoints, mark))
		}
		return strings.Join(s, ", ")
	}
	if got, want := traveler(), "1/1 2|2, 2/3 4|0, 3/2 0|4"; got != want {
		t.Fatalf("traveler: %s, want %s", got, want)
	}
	if _, err := b.Svc.CorrectPoints(b.Ctx, d, sec.ID, tournament.PointCorrection{Board: 1, Round: 1, Table: 1, Side: "NS", Points: 3, Reason: "ruling"}); err != nil {
		t.Fatal(err)
	}
	if got, want := traveler(), "1/1 3|2*, 2/3 4|0, 3/2 0|4"; got != want {
		t.Fatalf("traveler corrected: %s, want %s", got, want)
	}
	st, err := b.Svc.Standings(b.Ctx, d, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range st.Pairs {
		if p.Number == "1" && p.Direction == "NS" && (p.Total != 3 || p.Percentage != 75) {
			t.Fatalf("NS 1: %v %v%%, want 3 75%%", p.Total, p.Percentage)
		}
	}
	// Another line of the board changes: the correction stays.
	if _, err := b.Svc.UpdateResult(b.Ctx, d, rs[2].ID, tournamenttest.Line(sec, 3, 2, 1, "4S", "N", 12), rs[2].Version); err != nil {
		t.Fatal(err)
	}
	if got, want := traveler(), "1/1 3|4*, 2/3 2|2, 3/2 4|0"; got != want {
		t.Fatalf("traveler after round 3 table 2 changed: %s, want %s", got, want)
	}
	// Refused: a table that does not play the board, a side, a negative
	// matchpoint.
	for _, c := range []struct {
		pc    tournament.PointCorrection
		field string
	}{
		{tournament.PointCorrection{Board: 1, Round: 1, Table: 2, Side: "NS", Points: 1, Reason: "x"}, "table"},
		{tournament.PointCorrection{Board: 1, Round: 1, Table: 1, Side: "N", Points: 1, Reason: "x"}, "side"},
		{tournament.PointCorrection{Board: 1, Round: 1, Table: 1, Side: "EW", Points: -1, Reason: "x"}, "points"},
		{tournament.PointCorrection{Board: 1, Round: 1, Table: 1, Side: "EW", Points: 1}, "reason"},
	} {
		var te *tournament.Error
		if _, err := b.Svc.CorrectPoints(b.Ctx, d, sec.ID, c.pc); !errors.As(err, &te) || te.Field != c.field {
			t.Errorf("%+v: %v, want a %q error", c.pc, err, c.field)
		}
	}
	if err := b.Svc.LiftCorrection(b.Ctx, d, sec.ID, 1, 1, 1, "NS"); err != nil {
		t.Fatal(err)
	}
	if got, want := traveler(), "1/1 0|4, 2/3 2|2, 3/2 4|0"; got != want {
		t.Fatalf("traveler lifted: %s, want %s", got, want)
	}
}
