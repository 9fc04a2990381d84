package tournament

import (
	"math"
	"slices"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// IMP_TEAMS counts a match on the boards both rooms played and, under Law
// 12C2 (WBF Laws 2017), on the boards a room holds an artificial adjusted
// score: "In IMP play, the equivalents are plus 3 IMPs and minus 3 IMPs"
// (12C2(a)). At teams the contestant is the team, so such a board gives
// each team its own side's figure (scoring.ArtificialIMPs of its side's
// percentage: +3 at 60 %, 0 at 50 %, −3 at 40 %), whatever the other room
// did; a board with an artificial score in both rooms gives each team the
// mean of its two sides' figures. With law option average_session_imps (as
// sessionArtificial at pairs) a team's average plus is the greater of +3
// and its average a board over its other boards of the section, average
// minus the lesser of −3 and it. A match's IMPs are whole: a figure is
// rounded to the nearest IMP, halves away from 0 (a ruling: the Law names
// no other figure than ±3).
//
// The figures need not balance (both teams +3 when neither was at fault;
// 12C1(b) allows it for assigned scores, 12C2(a) gives each contestant its
// own), so each team's VPs are of its own margin: the IMPs it won less
// those its opponents won, plus its own artificial figures, less its own
// procedural penalties in IMPs on the match (adjust.go) — a penalty is the
// offender's, the opponents' VPs stay those of the margin without it.

// matchTally is one IMP_TEAMS match as the standings count it.
type matchTally struct {
	round                  int
	home, away             int // the teams (0: not a team)
	homeWon, awayWon       int // IMPs each won: on the boards both rooms played, and its positive artificial figures
	homeMargin, awayMargin int // each team's own margin, converted to VPs
	homeBase, awayBase     int // the margins before the IMP penalties
	boards                 int // boards counted: both rooms played, or an artificial score
}

// artificialBoard returns each team's whole IMPs on a match's board with
// an artificial score (a: the rooms' results, −1 where none): its side's
// figure (figure(team, percent)) in the room or rooms holding one, their
// mean when both do, rounded half away from 0.
func artificialBoard(results []Result, a [2]int, home, away int, figure func(team, percent int) float64) (h, w int) {
	var hs, ws float64
	n := 0
	if a[0] >= 0 && results[a[0]].Status == StatusArtificial { // room 1: home NS
		hs += figure(home, results[a[0]].NSPercent)
		ws += figure(away, results[a[0]].EWPercent)
		n++
	}
	if a[1] >= 0 && results[a[1]].Status == StatusArtificial { // room 2: home EW
		hs += figure(home, results[a[1]].EWPercent)
		ws += figure(away, results[a[1]].NSPercent)
		n++
	}
	if n == 0 {
		return 0, 0
	}
	return int(math.Round(hs / float64(n))), int(math.Round(ws / float64(n)))
}

// ownIMPs returns the IMPs each team of a match scores on a board both
// rooms played, each from its own board (ownBoards: a split assigned score
// gives each side its own, Law 12C1(b)); balanced, away's is −home's.
func ownIMPs(results []Result, r [2]int) (home, away int) {
	hb, ab := ownBoards(results, r)
	return hb.HomeIMPs(), -ab.HomeIMPs()
}

// lawIMPs is Law 12C2(a)'s figure of a percentage, ±3 IMPs at 60 and 40
// (scoring.ArtificialIMPs), whatever the team.
func lawIMPs(_, percent int) float64 { return scoring.ArtificialIMPs(percent) }

// penaltyVPs returns the VPs each team's IMP penalties on the match cost
// it on scale: the VPs of its margin without them less those with them.
func (t *matchTally) penaltyVPs(scale scoring.VPScale) (home, away float64) {
	if t.boards == 0 {
		return 0, 0
	}
	home = scale.VP(t.homeBase, t.boards) - scale.VP(t.homeMargin, t.boards)
	away = scale.VP(-t.awayMargin, t.boards) - scale.VP(-t.awayBase, t.boards)
	return home, away
}

// vps returns what the match gives each team on scale: the home team the
// VPs of its margin, the away team the scale's maximum less the VPs of the
// negative of its own (Max − VP, as a balanced match gives it).
func (t *matchTally) vps(scale scoring.VPScale) (home, away float64) {
	return scale.VP(t.homeMargin, t.boards), scale.Max() - scale.VP(-t.awayMargin, t.boards)
}

// teamTallies counts each match of an IMP_TEAMS section (in teamMatches'
// order) as the comment above says: session is law option average_session_imps,
// pens the section's penalties (those in IMPs come off their match).
func teamTallies(m *movement.Movement, results []Result, session bool, pens []Penalty) []matchTally {
	pms := playedMatches(m, results)
	// Each team's average a board over the boards both rooms played.
	avgSum, avgN := map[int]int{}, map[int]int{}
	for _, pm := range pms {
		for _, r := range pm.rooms {
			hv, av := ownIMPs(results, r)
			avgSum[pm.home] += hv
			avgSum[pm.away] += av
			avgN[pm.home]++
			avgN[pm.away]++
		}
	}
	figure := func(team, percent int) float64 {
		v := scoring.ArtificialIMPs(percent)
		if session && avgN[team] > 0 && (percent == averagePlus || percent == averageMinus) {
			avg := float64(avgSum[team]) / float64(avgN[team])
			if percent == averagePlus {
				v = max(v, avg)
			} else {
				v = min(v, avg)
			}
		}
		return v
	}
	out := make([]matchTally, len(pms))
	for k, pm := range pms {
		t := matchTally{round: pm.round, home: pm.home, away: pm.away, boards: len(pm.rooms) + len(pm.artificial)}
		for _, r := range pm.rooms {
			// Each team's margin is of its own boards (ownIMPs): on a
			// balanced board what one wins the other loses.
			hv, av := ownIMPs(results, r)
			t.homeMargin += hv
			t.awayMargin += av
			t.homeWon += max(hv, 0)
			t.awayWon += max(av, 0)
		}
		for _, a := range pm.artificial {
			hi, wi := artificialBoard(results, a, pm.home, pm.away, figure)
			t.homeMargin += hi
			t.awayMargin += wi
			t.homeWon += max(hi, 0)
			t.awayWon += max(wi, 0)
		}
		t.homeBase, t.awayBase = t.homeMargin, t.awayMargin
		out[k] = t
	}
	penaliseMatches(m, out, pens)
	return out
}

// penaliseMatches takes each procedural penalty in IMPs off its team's
// margin in the match of the board it was given on (checkPenalty made sure
// the team plays it and the amount is whole IMPs).
func penaliseMatches(m *movement.Movement, ts []matchTally, pens []Penalty) {
	for _, p := range pens {
		if p.Unit != UnitIMP || p.Board == 0 {
			continue
		}
		r, ok := teamBoardRound(m, p.Number, p.Board)
		if !ok {
			continue
		}
		for i := range ts {
			t := &ts[i]
			if t.round != r {
				continue
			}
			switch p.Number {
			case strconv.Itoa(t.home):
				t.homeMargin -= int(p.Amount)
			case strconv.Itoa(t.away):
				t.awayMargin -= int(p.Amount)
			}
		}
	}
}

// teamBoardRound is the round in which team number plays board b (false:
// never).
func teamBoardRound(m *movement.Movement, number string, b int) (int, bool) {
	for _, rd := range m.Rounds {
		for _, tb := range rd.Tables {
			if strconv.Itoa(m.TeamOf(tb.NS)) != number && strconv.Itoa(m.TeamOf(tb.EW)) != number {
				continue
			}
			if slices.Contains(tb.Boards, b) {
				return rd.Number, true
			}
		}
	}
	return 0, false
}
