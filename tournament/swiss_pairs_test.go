package tournament_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// swissPairsRound plays every board of a Swiss pairs round: at table k
// North declares 1NT and makes tricks[k-1] tricks — 9: 1NT+2, 150; 8:
// 1NT+1, 120; 7: 1NT just made, 90 (the same whatever the
// vulnerability, Law 77's table).
func swissPairsRound(b *tournamenttest.Builder, sec tournament.Section, round int, tricks []int) {
	b.T.Helper()
	rd, _ := sec.Movement.Round(round)
	for _, t := range rd.Tables {
		for _, bd := range t.Boards {
			b.Play(sec, round, t.Table, bd, "1NT", "N", tricks[t.Table-1])
		}
	}
}

// pairSwiss pairs a Swiss section's next round and returns the draft.
func pairSwiss(t *testing.T, b *tournamenttest.Builder, sec tournament.Section) tournament.SwissDraft {
	t.Helper()
	d, err := b.Svc.PairSwissRound(b.Ctx, tournament.Director, sec.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// release releases a draft and returns the section as it is then.
func release(t *testing.T, b *tournamenttest.Builder, sec tournament.Section, d tournament.SwissDraft) tournament.Section {
	t.Helper()
	next, err := b.Svc.ReleaseSwissRound(b.Ctx, tournament.Director, sec.ID, d.Version)
	if err != nil {
		t.Fatal(err)
	}
	return next
}

// TestSwissPairsTwenty runs a Swiss pairs of 20 pairs, four rounds of 6
// boards, scored by IMPs against a datum (BUTLER) and converted to VPs on
// the ACBL 20-VP scale.
//
// Every round, on every board, North declares 1NT at each of the 10
// tables: at tables 1–3 it makes 9 tricks (+150), at 4–7 8 (+120), at
// 8–10 7 (+90). The datum (the mean without the top and the bottom score,
// rounded to 10) is (2·150 + 4·120 + 2·90)/8 = 960/8 = 120; so NS win 30
// points, 1 IMP (WBF IMP scale: 20–40), a board at tables 1–3, nothing at
// 4–7, and lose 1 IMP at 8–10. A match of 6 boards is then +6, 0 or −6
// IMPs to its home (NS) pair: 13–7, 10–10 or 7–13 VPs on the ACBL 20-VP
// scale's 6–8 boards row (bridgehands.com encyclopedia, "Victory
// Points": 0 → 10–10, 5–7 IMPs → 13–7).
//
// The pairing rule (movement.SwissPairing): rank by VPs, a tie the lower
// number first; the top pair left meets the highest-ranked pair left it
// has not met, as long as the pairs left can still all be paired without
// a rematch; the higher-ranked pair sits NS at the lower table.
func TestSwissPairsTwenty(t *testing.T) {
	b := newBuilder(t)
	ctx, dir := b.Ctx, tournament.Director
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodButler)})
	sec := b.Section(e.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Pairs: 20, Rounds: 4,
		BoardsPerRound: 6, VPScale: "acbl-20"}})
	tricks := []int{9, 9, 9, 8, 8, 8, 8, 7, 7, 7}
	// Round 1, everyone on 0: by number, 1 v 2 at table 1 … 19 v 20 at table 10.
	want := []string{
		"[{1 2} {3 4} {5 6} {7 8} {9 10} {11 12} {13 14} {15 16} {17 18} {19 20}]",
		// After round 1: 13 VPs to 1, 3, 5 (home at tables 1–3) and 16,
		// 18, 20 (away at 8–10); 10 to 7–14; 7 to 2, 4, 6, 15, 17, 19.
		// Ranked 1 3 5 16 18 20 | 7 8 9 10 11 12 13 14 | 2 4 6 15 17 19:
		// 1 v 3, 5 v 16, 18 v 20, 7 v 9 (7 met 8), 8 v 10, 11 v 13 (11
		// met 12), 12 v 14, 2 v 4, 6 v 15, 17 v 19.
		"[{1 3} {5 16} {18 20} {7 9} {8 10} {11 13} {12 14} {2 4} {6 15} {17 19}]",
		// After round 2 (1, 5, 18 won again; 3, 16, 20 and 2, 6, 17 …):
		// 26: 1 5 18; 20: 3 4 7 8 9 10 11 12 13 14 15 16 19 20; 14: 2 6 17.
		// 1 v 5 (1 met 2, 3); 18 v 3 (18 met 17, 20); 4 v 7 (4 met 3, 2);
		// 8 v 9 (8 met 7, 10); 10 v 11 (met 9, 8); 12 v 13 (met 11, 14);
		// 14 v 15 (met 13, 12); 16 v 19 (met 15, 5); 20 v 2 (met 19, 18);
		// 6 v 17.
		"[{1 5} {18 3} {4 7} {8 9} {10 11} {12 13} {14 15} {16 19} {20 2} {6 17}]",
		// After round 3: 39: 1 18; 33: 4 5 19; 30: 8–15; 27: 2 3 7 16 17
		// 20; 21: 6. 1 v 18 (met 2, 3, 5); 4 v 5 (met 3, 2, 7); 19 v 8
		// (met 20, 17, 16); 9 v 11 (met 10, 7, 8); 10 v 12 (met 9, 8, 11);
		// 13 v 15 (met 14, 11, 12); 14 v 2 (met 13, 12, 15); 3 v 7 (met
		// 4, 1, 18); 16 v 17 (met 15, 5, 19); 20 v 6.
		"[{1 18} {4 5} {19 8} {9 11} {10 12} {13 15} {14 2} {3 7} {16 17} {20 6}]",
	}
	wantVPs := []map[string]float64{
		{"1": 13, "3": 13, "5": 13, "16": 13, "18": 13, "20": 13, "7": 10, "14": 10, "2": 7, "19": 7},
		{"1": 26, "5": 26, "18": 26, "3": 20, "20": 20, "2": 14, "6": 14, "17": 14},
		{"1": 39, "18": 39, "4": 33, "5": 33, "19": 33, "8": 30, "15": 30, "2": 27, "20": 27, "6": 21},
		// Round 4: 1 (table 1), 4, 19 won; 9–15's matches drawn; 14 v 2 at
		// table 7 drawn; 3, 16, 20 home at 8–10 lost.
		{"1": 52, "4": 46, "18": 46, "19": 46, "5": 40, "7": 40, "17": 40, "2": 37, "8": 37, "3": 34, "6": 34, "16": 34, "20": 34},
	}
	met := map[[2]int]int{}
	for r := 1; r <= 4; r++ {
		if got := fmt.Sprint(sec.Movement.Matches(r)); got != want[r-1] {
			t.Fatalf("round %d paired %s, want %s", r, got, want[r-1])
		}
		for _, mt := range sec.Movement.Matches(r) {
			k := [2]int{min(mt.Home, mt.Away), max(mt.Home, mt.Away)}
			if met[k] != 0 {
				t.Errorf("round %d: pairs %v meet again (round %d)", r, k, met[k])
			}
			met[k] = r
		}
		// Every table of the round plays the round's boards: table 10 of
		// round r plays 6r−5 to 6r as table 1 does.
		if t1, t10 := tournamenttest.Boards(t, sec, r, 1), tournamenttest.Boards(t, sec, r, 10); fmt.Sprint(t1) != fmt.Sprint(t10) || t1[0] != 6*r-5 {
			t.Errorf("round %d: table 1 plays %v, table 10 %v; want both %d to %d", r, t1, t10, 6*r-5, 6*r)
		}
		swissPairsRound(b, sec, r, tricks)
		got := totals(t, b, sec)
		for p, v := range wantVPs[r-1] {
			if got[p] != v {
				t.Errorf("after round %d pair %s has %v VPs, want %v", r, p, got[p], v)
			}
		}
		if r == 4 {
			break
		}
		d := pairSwiss(t, b, sec)
		if r == 1 {
			// Refused: 1 v 2 again (they met in round 1; a pairing without
			// a rematch exists), naming the match; the draft stays.
			bad := []movement.Match{{Home: 1, Away: 2}, {Home: 5, Away: 16}, {Home: 18, Away: 20}, {Home: 7, Away: 9}, {Home: 8, Away: 10},
				{Home: 11, Away: 13}, {Home: 12, Away: 14}, {Home: 3, Away: 4}, {Home: 6, Away: 15}, {Home: 17, Away: 19}}
			_, err := b.Svc.SetSwissDraft(ctx, dir, sec.ID, d.Version, bad)
			te := wantError(t, err, tournament.ErrInvalid, "matches[0]")
			if !strings.Contains(te.Message, "1 v 2 is a rematch") || !strings.Contains(te.Message, "round 1") {
				t.Errorf("rematch refused as %q", te.Message)
			}
			// Refused: a swap of 3 and 2 makes 1 v 2.
			_, err = b.Svc.SwapSwissTeams(ctx, dir, sec.ID, d.Version, 3, 2)
			wantError(t, err, tournament.ErrInvalid, "matches[0]")
			// Refused: a bye in a round of 20 pairs.
			_, err = b.Svc.SetSwissDraft(ctx, dir, sec.ID, d.Version, append(d.Matches[:9:9], movement.Match{Home: 17}, movement.Match{Home: 19}))
			te = wantError(t, err, tournament.ErrInvalid, "matches")
			if !strings.Contains(te.Message, "2 byes: with 20 pairs a round has 0") {
				t.Errorf("byes with an even number refused as %q", te.Message)
			}
			if again, err := b.Svc.SwissDraftOf(ctx, dir, sec.ID); err != nil || fmt.Sprint(again.Matches) != want[1] || again.Version != d.Version {
				t.Fatalf("draft after the refusals: %+v, %v; want version %d as paired", again, err, d.Version)
			}
		}
		if got := fmt.Sprint(d.Matches); got != want[r] {
			t.Fatalf("round %d drafted %s, want %s", r+1, got, want[r])
		}
		sec = release(t, b, sec, d)
	}
	// The standings' matches: round 4's table 1, 1 v 18, 6 IMPs to 1 and
	// 13–7 VPs, and 1's IMPs in all: 4 wins by 6.
	st, err := b.Svc.Standings(ctx, dir, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	var m41 tournament.MatchScore
	for _, m := range st.Matches {
		if m.Round == 4 && m.Home == 1 {
			m41 = m
		}
	}
	if m41.Away != 18 || m41.HomeScore != 6 || m41.AwayScore != -6 || m41.HomeVPs != 13 || m41.AwayVPs != 7 || m41.Boards != 6 {
		t.Errorf("round 4, 1 v 18: %+v; want 6 boards, 6 to −6 IMPs, 13–7 VPs", m41)
	}
	if len(st.Matches) != 40 || st.Pairs[0].Number != "1" || st.Pairs[0].IMPs != 24 || st.Pairs[0].Place != 1 || st.Pairs[1].Place != 2 || st.Pairs[3].Place != 2 {
		t.Errorf("standings: %d matches, first %+v, then places %d %d; want 40 matches, pair 1 first with 24 IMPs, 4, 18, 19 second equal",
			len(st.Matches), st.Pairs[0], st.Pairs[1].Place, st.Pairs[3].Place)
	}
}

// TestSwissPairsBye runs a Swiss pairs of 7 pairs (3 tables and a bye),
// BUTLER on the ACBL 20-VP scale, 6 boards a round: at table 1 North
// makes 1NT+2 (150), at table 2 1NT+1 (120), at table 3 1NT (90). Of three
// scores the datum drops the top and the bottom: 120. So the home pair
// wins 6 IMPs at table 1 (13–7), draws at table 2 (10–10) and loses 6 at
// table 3 (7–13), as in TestSwissPairsTwenty. A bye scores 12 VPs, 60% of
// the scale's 20 (no bye_vps given).
//
// Round 1: 1 v 2, 3 v 4, 5 v 6, the bye to 7, the highest number. After
// it: 1 and 6 13, 7 12, 3 and 4 10, 2 and 5 7; the bye goes to the
// lowest-ranked pair without one, 5, and the rest pair as ranked: 1 v 6,
// 7 v 3, 4 v 2. Changes that give 7 a second bye or put a pair in two
// matches are refused naming what and why, and the draft stays.
func TestSwissPairsBye(t *testing.T) {
	b := newBuilder(t)
	ctx, dir := b.Ctx, tournament.Director
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodButler)})
	sec := b.Section(e.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Pairs: 7, Rounds: 3,
		BoardsPerRound: 6, VPScale: "acbl-20"}})
	if got := fmt.Sprint(sec.Movement.Matches(1)); got != "[{1 2} {3 4} {5 6} {7 0}]" {
		t.Fatalf("round 1: %s, want [{1 2} {3 4} {5 6} {7 0}]", got)
	}
	tricks := []int{9, 8, 7}
	swissPairsRound(b, sec, 1, tricks)
	if got := totals(t, b, sec); fmt.Sprint(got) != fmt.Sprint(map[string]float64{"1": 13, "2": 7, "3": 10, "4": 10, "5": 7, "6": 13, "7": 12}) {
		t.Errorf("after round 1: %v", got)
	}
	d := pairSwiss(t, b, sec)
	if got := fmt.Sprint(d.Matches); got != "[{1 6} {7 3} {4 2} {5 0}]" {
		t.Fatalf("round 2 drafted %s, want [{1 6} {7 3} {4 2} {5 0}]", got)
	}
	// Refused: 7 and 5 swapped, 7 would have a second bye while 1–6 have had none.
	_, err := b.Svc.SwapSwissTeams(ctx, dir, sec.ID, d.Version, 5, 7)
	te := wantError(t, err, tournament.ErrInvalid, "matches")
	if !strings.Contains(te.Message, "a second bye to pair 7 (it had one in round 1), while pairs 1, 2, 3, 4, 5, 6 have had fewer") {
		t.Errorf("second bye refused as %q", te.Message)
	}
	// Refused: pair 2 in two matches (and no bye).
	_, err = b.Svc.SetSwissDraft(ctx, dir, sec.ID, d.Version, []movement.Match{{Home: 1, Away: 6}, {Home: 7, Away: 2}, {Home: 4, Away: 2}, {Home: 5}})
	te = wantError(t, err, tournament.ErrInvalid, "matches[2].away")
	if !strings.Contains(te.Message, "pair 2 is in two matches of the round: 7 v 2 and 4 v 2") {
		t.Errorf("two matches refused as %q", te.Message)
	}
	// Refused: the wrong version (a draft changed since it was read).
	_, err = b.Svc.SwapSwissTeams(ctx, dir, sec.ID, d.Version+1, 3, 4)
	wantError(t, err, tournament.ErrStale, "version")
	if again, err := b.Svc.SwissDraftOf(ctx, dir, sec.ID); err != nil || fmt.Sprint(again.Matches) != fmt.Sprint(d.Matches) || again.Version != d.Version {
		t.Fatalf("draft after the refusals: %+v, %v", again, err)
	}
	// A swap the rule allows: 3 and 4 (7 v 4, 3 v 2: no rematch).
	d, err = b.Svc.SwapSwissTeams(ctx, dir, sec.ID, d.Version, 3, 4)
	if err != nil || fmt.Sprint(d.Matches) != "[{1 6} {7 4} {3 2} {5 0}]" {
		t.Fatalf("swap of 3 and 4: %+v, %v", d, err)
	}
	sec = release(t, b, sec, d)
	// Round 2's bye counts: 5 has 7 + 12 = 19 before its pairs play.
	if got := totals(t, b, sec)["5"]; got != 19 {
		t.Errorf("pair 5 after its bye in round 2: %v VPs, want 19", got)
	}
	// Table 2's pairs see their opponents: 7 NS against 4.
	rd, _ := sec.Movement.Round(2)
	if tb, _ := rd.Table(2); tb.NS != 7 || tb.EW != 4 || len(rd.SitOut) != 1 || rd.SitOut[0] != 5 {
		t.Errorf("round 2 table 2: %+v, sitting out %v; want 7 v 4, 5 out", tb, rd.SitOut)
	}
}

// TestSwissPairsPercentage runs a Swiss pairs of 6 pairs at matchpoints
// (MP: 2 for each score beaten, 1 for each tie), 2 boards a round. At
// table 1 North makes 1NT+2 (150), at table 2 1NT+1 (120), at table 3 1NT
// (90): a board's top is 4 (2 × 2 other scores), NS score 4, 2, 0 and EW
// 0, 2, 4. Over the match's 2 boards (top 8): 1 100%, 2 0%, 3 and 4 50%, 5
// 0%, 6 100%. Ranked by percentage, a tie the lower number first: 1, 6, 3,
// 4, 2, 5. Round 2: 1 v 6; 3 has met 4, so 3 v 2, which leaves 4 v 5.
// VPs are refused at matchpoints, and a Swiss pairs at a method that is
// neither matchpoints nor IMPs.
func TestSwissPairsPercentage(t *testing.T) {
	b := newBuilder(t)
	ctx, dir := b.Ctx, tournament.Director
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodMP)})
	sec := b.Section(e.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Pairs: 6, Rounds: 3, BoardsPerRound: 2}})
	swissPairsRound(b, sec, 1, []int{9, 8, 7})
	st, err := b.Svc.Standings(ctx, dir, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	pct := map[string]float64{}
	for _, p := range st.Pairs {
		pct[p.Number] = p.Percentage
	}
	if fmt.Sprint(pct) != fmt.Sprint(map[string]float64{"1": 100, "2": 0, "3": 50, "4": 50, "5": 0, "6": 100}) {
		t.Errorf("percentages after round 1: %v", pct)
	}
	if m := st.Matches[1]; m.Home != 3 || m.HomeScore != 50 || m.AwayScore != 50 || m.HomeVPs != 0 {
		t.Errorf("round 1, 3 v 4: %+v; want 50%% each, no VPs", m)
	}
	d := pairSwiss(t, b, sec)
	if got := fmt.Sprint(d.Matches); got != "[{1 6} {3 2} {4 5}]" {
		t.Errorf("round 2 drafted %s, want [{1 6} {3 2} {4 5}]", got)
	}
	_, err = b.Svc.CreateSection(ctx, dir, e.ID, tournament.SectionInput{Name: "B", Movement: tournament.MovementSpec{Kind: "swiss", Pairs: 6, Rounds: 3,
		BoardsPerRound: 2, VPScale: "wbf"}})
	te := wantError(t, err, tournament.ErrInvalid, "movement.vp_scale")
	if !strings.Contains(te.Message, "ranks the pairs by percentage") {
		t.Errorf("VPs at matchpoints refused as %q", te.Message)
	}
	_, err = b.Svc.CreateSection(ctx, dir, e.ID, tournament.SectionInput{Name: "B", Movement: tournament.MovementSpec{Kind: "swiss", Pairs: 6, Teams: 3, Rounds: 3, BoardsPerRound: 2}})
	wantError(t, err, tournament.ErrInvalid, "movement.pairs")
	avg := b.Event(tournament.EventInput{Scoring: string(tournament.MethodTotal)})
	_, err = b.Svc.CreateSection(ctx, dir, avg.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Pairs: 6, Rounds: 3, BoardsPerRound: 2}})
	wantError(t, err, tournament.ErrInvalid, "movement.kind")
}

// TestSwissPairsPercentVPs runs a Swiss pairs of 8 pairs at matchpoints
// (MP: 2 for each score beaten, 1 for each tie; 4 tables, a top of 6),
// 3 boards a round, each match's percentage converted to VPs on the
// Oxford Congress Swiss Pairs' scale (its booklet: 49.35–50.65% 10 VPs …
// 64.41–68.35% 19, above 68.35% 20; scoring.PercentVPScale's steps).
//
// North declares 1NT; its tricks at tables 1–4: board 1 9, 8, 8, 7 (150,
// 120, 120, 90: NS score 6, 3, 3, 0), board 2 7, 8, 9, 8 (0, 3, 6, 3),
// board 3 8, 9, 8, 7 (3, 6, 3, 0). Of 18: table 1's NS 9, 50%: 10–10;
// tables 2 and 3 12, 66.67% (a margin of 1667 hundredths: 19–1); table
// 4 3, 16.67% (0–20). So 1 and 2 10, 3 and 5 19, 4 and 6 1, 7 0, 8 20.
// Ranked 8, 3, 5, 1, 2, 4, 6, 7: 8 v 3 (8 met 7), 5 v 1 (5 met 6), 2 v 4,
// 6 v 7.
func TestSwissPairsPercentVPs(t *testing.T) {
	b := newBuilder(t)
	ctx, dir := b.Ctx, tournament.Director
	e := b.Event(tournament.EventInput{Scoring: string(tournament.MethodMP)})
	oxford := []int{66, 199, 334, 475, 624, 784, 965, 1176, 1441, 1836}
	sec := b.Section(e.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Pairs: 8, Rounds: 3, BoardsPerRound: 3,
		VPScale: "percent-table", VPTable: oxford}})
	for board, tricks := range map[int][]int{1: {9, 8, 8, 7}, 2: {7, 8, 9, 8}, 3: {8, 9, 8, 7}} {
		for tb := 1; tb <= 4; tb++ {
			b.Play(sec, 1, tb, board, "1NT", "N", tricks[tb-1])
		}
	}
	want := map[string]float64{"1": 10, "2": 10, "3": 19, "4": 1, "5": 19, "6": 1, "7": 0, "8": 20}
	if got := totals(t, b, sec); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("VPs after round 1: %v, want %v", got, want)
	}
	st, err := b.Svc.Standings(ctx, dir, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if m := st.Matches[1]; m.Home != 3 || m.HomeScore != 66.67 || m.AwayScore != 33.33 || m.HomeVPs != 19 || m.AwayVPs != 1 {
		t.Errorf("round 1, 3 v 4: %+v; want 66.67%%–33.33%%, 19–1 VPs", m)
	}
	if p := st.Pairs[0]; p.Number != "8" || p.Percentage != 83.33 || p.Total != 20 {
		t.Errorf("first: %+v; want pair 8, 20 VPs, 83.33%%", p)
	}
	if d := pairSwiss(t, b, sec); fmt.Sprint(d.Matches) != "[{8 3} {5 1} {2 4} {6 7}]" {
		t.Errorf("round 2 drafted %v, want [{8 3} {5 1} {2 4} {6 7}]", d.Matches)
	}
	// A scale of percentages is refused at IMPs and for Swiss teams.
	butler := b.Event(tournament.EventInput{Scoring: string(tournament.MethodButler)})
	_, err = b.Svc.CreateSection(ctx, dir, butler.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Pairs: 8, Rounds: 3,
		BoardsPerRound: 3, VPScale: "percent-table", VPTable: oxford}})
	wantError(t, err, tournament.ErrInvalid, "movement.vp_scale")
	teams := b.Event(tournament.EventInput{Scoring: string(tournament.MethodIMPTeams)})
	_, err = b.Svc.CreateSection(ctx, dir, teams.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "swiss", Teams: 8, Rounds: 3,
		BoardsPerRound: 3, VPScale: "percent-table", VPTable: oxford}})
	wantError(t, err, tournament.ErrInvalid, "movement.vp_scale")
}
