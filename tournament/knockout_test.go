package tournament_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// koBoard is one board of a knockout test: the contract North plays and
// the tricks made in room 1 (table 1, team 1 NS) and room 2 (table 2,
// team 2 NS).
type koBoard struct {
	k              int // the board within its segment, 1..16
	open, closed   string
	openT, closedT int
}

// playKnockoutSegment plays every board of segment seg of sec: the boards
// swings names as given, every other board 1♠ by North making 7 in both
// rooms (flat, 0 IMPs).
func playKnockoutSegment(b *tournamenttest.Builder, sec tournament.Section, seg int, swings ...koBoard) {
	b.T.Helper()
	sec = b.Round(sec, seg)
	rd, _ := sec.Movement.Round(seg)
	for i, bd := range rd.Tables[0].Boards {
		open, closed, ot, ct := "1S", "1S", 7, 7
		for _, s := range swings {
			if s.k == i+1 {
				open, closed, ot, ct = s.open, s.closed, s.openT, s.closedT
			}
		}
		b.Play(sec, seg, 1, bd, open, "N", ot)
		b.Play(sec, seg, 2, bd, closed, "N", ct)
	}
}

// TestKnockout64Boards plays a 64-board knockout match in four segments of
// 16, team 2 bringing a carry-over of 7.5 IMPs. The boards of a segment
// have the vulnerability of boards 1 to 16 (board 16(s−1)+k as board k):
// board k=1 none vulnerable, k=2 NS vulnerable. Scores (North declaring):
// 4♠ making 10 is 420 (620 vulnerable), 3♠ making 10 is 170 either way,
// 7♠ making 13 is 1510 (2210 vulnerable), 1♠ making 7 is 80. IMPs by the
// scale of Law 78B (scoring/imps.go): 250 → 6 (220–260), 450 → 10
// (430–490), 1430 → 16 (1300–1490), 2130 → 19 (2000–2240).
//
//	segment 1: k=1 4♠ v 3♠ none vul, team 1 +250: 6;  k=2 3♠ v 4♠ NS vul, team 2 +450: 10  → 6–10
//	segment 2: k=1 7♠ v 1♠ none vul, team 1 +1430: 16                                    → 16–0
//	segment 3: k=1 3♠ v 4♠ none vul, team 2 +250: 6;  k=2 1♠ v 7♠ NS vul, team 2 +2130: 19 → 0–25
//	segment 4: k=1 4♠ v 3♠ none vul, team 1 +250: 6;  k=2 4♠ v 3♠ NS vul, team 1 +450: 10 → 16–0
//
// Running, carry-over first: 0–7.5, 6–17.5, 22–17.5, 22–42.5, 38–42.5:
// team 1 leads after segment 2 and loses by 4.5; without the carry-over
// it would have won 38–35.
func TestKnockout64Boards(t *testing.T) {
	b := newBuilder(t)
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodIMPTeams)})
	sec := b.Section(e.ID, tournament.SectionInput{Name: "KO", Movement: tournament.MovementSpec{Kind: "knockout", Rounds: 4, BoardsPerRound: 16,
		CarryTeam: 2, CarryIMPs: 7.5}})
	if m := sec.Movement; m.Boards != 64 || len(m.Rounds) != 4 || m.Name != "Knockout match, 4 segments of 16 boards" {
		t.Fatalf("movement %q: %d boards, %d rounds; want 64 boards in 4 rounds", m.Name, m.Boards, len(m.Rounds))
	}
	segs := [][]koBoard{
		{{1, "4S", "3S", 10, 10}, {2, "3S", "4S", 10, 10}},
		{{1, "7S", "1S", 13, 7}},
		{{1, "3S", "4S", 10, 10}, {2, "1S", "7S", 7, 13}},
		{{1, "4S", "3S", 10, 10}, {2, "4S", "3S", 10, 10}},
	}
	wantSeg := []string{"1 16/16 [6 10] [6 17.5]", "2 16/16 [16 0] [22 17.5]", "3 16/16 [0 25] [22 42.5]", "4 16/16 [16 0] [38 42.5]"}
	for s, sw := range segs {
		playKnockoutSegment(b, sec, s+1, sw...)
		km, err := b.Svc.Knockout(b.Ctx, tournament.Director, sec.ID)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, sg := range km.Segments[:s+1] {
			got = append(got, fmt.Sprint(sg.Segment, " ", sg.Scored, "/", len(sg.Boards), " ", sg.IMPs, " ", sg.Running))
		}
		if strings.Join(got, "; ") != strings.Join(wantSeg[:s+1], "; ") {
			t.Errorf("after segment %d: %v, want %v", s+1, got, wantSeg[:s+1])
		}
		if s < 3 && (km.Complete || km.Winner != 0) {
			t.Errorf("after segment %d: complete %v, winner %d; want undecided", s+1, km.Complete, km.Winner)
		}
	}
	km, err := b.Svc.Knockout(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := spaced(km.Carry, km.Total, km.Complete, km.Winner, km.Decided, km.Tied, km.Teams[1].Name); got != "[0 7.5] [38 42.5] true 2 imps false Team 2" {
		t.Errorf("match: %s, want [0 7.5] [38 42.5] true 2 imps false Team 2", got)
	}
	// The standings answer: team 2 first with 42.5 (net −3 over the
	// boards, 35 − 38), team 1 second with 38 (+3); 64 boards scored.
	st, err := b.Svc.Standings(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, p := range st.Pairs {
		rows = append(rows, spaced(p.Number, p.Name, p.Total, p.IMPs, p.Place, p.Boards))
	}
	if got := strings.Join(rows, "; "); got != "2 Team 2 42.5 -3 1 64; 1 Team 1 38 3 2 64" {
		t.Errorf("standings: %s, want 2 Team 2 42.5 -3 1 64; 1 Team 1 38 3 2 64", got)
	}
	// Not a tie: no play-off.
	_, err = b.Svc.AddKnockoutPlayoff(b.Ctx, tournament.Director, sec.ID)
	wantError(t, err, tournament.ErrConflict, "section")
	if err != nil && !strings.Contains(err.Error(), "won by team 2 (38–42.5)") {
		t.Errorf("play-off of a won match: %v", err)
	}
	// A board not in the segment is refused, naming it; the match is unchanged.
	_, _, err = b.Svc.EnterResults(b.Ctx, tournamenttest.Table(sec, 1), sec.ID,
		[]tournament.Result{tournamenttest.Line(sec, 4, 1, 5, "1S", "N", 7)}, nil)
	if err == nil || !strings.Contains(err.Error(), "board 5 is not played at table 1 in round 4 (allowed: 49, 50") {
		t.Errorf("board 5 in segment 4: %v, want refused naming board 5 and the segment's boards", err)
	}
	_, _, err = b.Svc.EnterResults(b.Ctx, tournament.Director, sec.ID,
		[]tournament.Result{tournamenttest.Line(sec, 4, 1, 65, "1S", "N", 7)}, nil)
	if err == nil || !strings.Contains(err.Error(), "65") {
		t.Errorf("board 65 of a 64-board match: %v, want refused naming board 65", err)
	}
	t.Logf("board 65: %v", err)
	if again, err := b.Svc.Knockout(b.Ctx, tournament.Director, sec.ID); err != nil || spaced(again.Total) != "[38 42.5]" {
		t.Errorf("after the refusals: %v %v, want [38 42.5]", again.Total, err)
	}
}

// spaced writes its operands as fmt.Sprintln does, without the newline.
func spaced(a ...any) string { return strings.TrimSuffix(fmt.Sprintln(a...), "\n") }

// TestKnockoutTie: a match of 2 segments of 2 boards tied 6–6 (team 1 wins
// board 1 by 250 = 6 IMPs, team 2 board 3 by 250 = 6; boards 1 and 3 none
// and EW vulnerable, 420 v 170 either way) is undecided under the
// "playoff" rule: one-eighth of 4 boards rounded up is 1, at least 2, so a
// 2-board play-off (EBU White Book §143.2.1), which the director adds as
// segment 3 (boards 5 and 6) and team 1 wins by 7♠ making 13 v 1♠ making
// 7 on board 5 (NS vulnerable): 2210 − 80 = 2130, 19 IMPs. Under "carryover" a tie goes to the team that
// brought the carry-over in.
func TestKnockoutTie(t *testing.T) {
	b := newBuilder(t)
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodIMPTeams)})
	sec := b.Section(e.ID, tournament.SectionInput{Name: "KO", Movement: tournament.MovementSpec{Kind: "knockout", Rounds: 2, BoardsPerRound: 2}})
	playKnockoutSegment(b, sec, 1, koBoard{1, "4S", "3S", 10, 10})
	_, err := b.Svc.AddKnockoutPlayoff(b.Ctx, tournament.Director, sec.ID)
	wantError(t, err, tournament.ErrConflict, "section")
	if err != nil && !strings.Contains(err.Error(), "not finished: 2 of 4 boards") {
		t.Errorf("play-off of an unfinished match: %v", err)
	}
	playKnockoutSegment(b, sec, 2, koBoard{1, "3S", "4S", 10, 10})
	km, err := b.Svc.Knockout(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := spaced(km.Total, km.Complete, km.Winner, km.Tied, km.Playoff, km.TieRule); got != "[6 6] true 0 true 2 playoff" {
		t.Fatalf("tied match: %s, want [6 6] true 0 true 2 playoff", got)
	}
	_, err = b.Svc.AddKnockoutPlayoff(b.Ctx, tournament.Public, sec.ID)
	if err == nil {
		t.Error("a play-off added by the public")
	}
	km, err = b.Svc.AddKnockoutPlayoff(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(km.Segments); n != 3 || spaced(km.Segments[2].Boards, km.Segments[2].Playoff, km.Section.Movement.Boards, km.Section.CurrentRound) != "[5 6] true 6 3" || km.Complete {
		t.Fatalf("after the play-off was added: %d segments %+v", n, km.Segments)
	}
	b.Deal(km.Section, tournamenttest.OneSuitDeal)
	playKnockoutSegment(b, km.Section, 3, koBoard{1, "7S", "1S", 13, 7})
	km, err = b.Svc.Knockout(b.Ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := spaced(km.Segments[2].IMPs, km.Total, km.Winner, km.Decided); got != "[19 0] [25 6] 1 imps" {
		t.Errorf("after the play-off: %s, want [19 0] [25 6] 1 imps", got)
	}

	// Under "carryover": team 2 brings 6 IMPs in, team 1 wins board 1 by
	// 250 = 6 IMPs, board 2 is flat: 6–6, team 2 wins on the carry-over.
	sec2 := b.Section(e.ID, tournament.SectionInput{Name: "KO2", Movement: tournament.MovementSpec{Kind: "knockout", Rounds: 1, BoardsPerRound: 2,
		CarryTeam: 2, CarryIMPs: 6, TieRule: "carryover"}})
	playKnockoutSegment(b, sec2, 1, koBoard{1, "4S", "3S", 10, 10})
	km, err = b.Svc.Knockout(b.Ctx, tournament.Director, sec2.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := spaced(km.Total, km.Winner, km.Decided, km.Tied); got != "[6 6] 2 carryover false" {
		t.Errorf("carry-over decides: %s, want [6 6] 2 carryover false", got)
	}
}

// TestKnockoutRefused: a knockout's options are checked, naming the field.
func TestKnockoutRefused(t *testing.T) {
	b := newBuilder(t)
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodIMPTeams)})
	for _, c := range []struct {
		spec  tournament.MovementSpec
		field string
	}{
		{tournament.MovementSpec{Kind: "knockout", Teams: 3, Rounds: 4, BoardsPerRound: 16}, "movement.teams"},
		{tournament.MovementSpec{Kind: "knockout", Rounds: 0, BoardsPerRound: 16}, "movement.rounds"},
		{tournament.MovementSpec{Kind: "knockout", Rounds: 4, BoardsPerRound: 16, CarryIMPs: 3}, "movement.carry_team"},
		{tournament.MovementSpec{Kind: "knockout", Rounds: 4, BoardsPerRound: 16, CarryTeam: 3}, "movement.carry_team"},
		{tournament.MovementSpec{Kind: "knockout", Rounds: 4, BoardsPerRound: 16, CarryTeam: 1, CarryIMPs: 2.25}, "movement.carry_imps"},
		{tournament.MovementSpec{Kind: "knockout", Rounds: 4, BoardsPerRound: 16, TieRule: "coin"}, "movement.tie_rule"},
		{tournament.MovementSpec{Kind: "teams", Teams: 4, BoardsPerRound: 2, TieRule: "playoff"}, "movement.tie_rule"},
	} {
		_, err := b.Svc.CreateSection(b.Ctx, tournament.Director, e.ID, tournament.SectionInput{Name: "X", Movement: c.spec})
		wantError(t, err, tournament.ErrInvalid, c.field)
	}
	sec := b.Teams(e.ID, 4, 2)
	_, err := b.Svc.Knockout(b.Ctx, tournament.Director, sec.ID)
	wantError(t, err, tournament.ErrConflict, "section")
}

// TestKnockoutFewerSegments: a knockout match of 3 segments of 6 boards
// (boards 1–18) cut to 2 segments after its first is played. Seen once: the
// match kept 18 boards, 6 of them (13–18) in no segment, so it never
// finished. The cause: a changed movement kept the larger board count of
// the old and the new (continueMovement), whether or not the old's boards
// past the new count were played. Now it keeps the new count, or a higher
// board that a kept round plays or a result holds. 2 segments × 6 = 12
// boards; both played flat: complete, tied 0–0 (no carry-over), a play-off
// due.
func TestKnockoutFewerSegments(t *testing.T) {
	b := newBuilder(t)
	ctx, dir := b.Ctx, tournament.Director
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodIMPTeams)})
	sec := b.Section(e.ID, tournament.SectionInput{Name: "KO", Movement: tournament.MovementSpec{Kind: "knockout", Rounds: 3, BoardsPerRound: 6}})
	playKnockoutSegment(b, sec, 1)
	got, err := b.Svc.ChangeMovement(ctx, dir, sec.ID, tournament.MovementChange{Movement: tournament.MovementSpec{Kind: "knockout", Rounds: 2, BoardsPerRound: 6}, FromRound: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got.Movement.Boards != 12 || len(got.Movement.Rounds) != 2 {
		t.Fatalf("cut to 2 segments: %d boards in %d rounds, want 12 in 2", got.Movement.Boards, len(got.Movement.Rounds))
	}
	playKnockoutSegment(b, got, 2)
	km, err := b.Svc.Knockout(ctx, dir, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if s := spaced(len(km.Segments), km.Complete, km.Tied, km.Total); s != "2 true true [0 0]" {
		t.Errorf("the match after 2 segments: %s, want 2 true true [0 0] (complete, tied)", s)
	}
}
