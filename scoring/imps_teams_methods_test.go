package scoring_test

import (
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// fourBoards is a four-board match (the home team NS in the open room):
//
//	board  open NS  closed NS  home net  IMPs (Law 78B)  BAM (home–away)
//	1      +130     +120       +10       0               1–0  (any difference wins)
//	2      +420     +420       0         0               ½–½
//	3      −100     +620       −720      12 to away      0–1  (600–740: 12)
//	4      +50      −110       +160      4 to home       1–0  (130–160: 4)
//
// aggregate: +10 + 0 − 720 + 160 = −550, the away team ahead by 550.
var fourBoards = []scoring.MatchBoard{{OpenNS: 130, ClosedNS: 120}, {OpenNS: 420, ClosedNS: 420}, {OpenNS: -100, ClosedNS: 620}, {OpenNS: 50, ClosedNS: -110}}

// TestBoardAMatch: each board 1 to the better two-room total, ½ each on a
// tie (ACBL Handbook, "Types of team events"): boards 1 and 4 to home,
// 2 a tie, 3 to away — 1 + ½ + 0 + 1 = 2½ against ½ + 1 = 1½, though home
// lost the match by 8 IMPs (4–12).
func TestBoardAMatch(t *testing.T) {
	h, w := scoring.BoardAMatch(fourBoards)
	if h != 2.5 || w != 1.5 {
		t.Errorf("BoardAMatch = %v–%v, want 2.5–1.5", h, w)
	}
	if hi, wi := scoring.TeamMatch(fourBoards); hi != 4 || wi != 12 {
		t.Errorf("TeamMatch = %d–%d, want 4–12", hi, wi)
	}
	if h, w := scoring.BoardAMatch(nil); h != 0 || w != 0 {
		t.Errorf("no boards: %v–%v, want 0–0", h, w)
	}
}

// TestAggregate: the match's net total points, +10 + 0 − 720 + 160 = −550.
func TestAggregate(t *testing.T) {
	if got := scoring.Aggregate(fourBoards); got != -550 {
		t.Errorf("Aggregate = %d, want -550", got)
	}
}

// TestPatton: the EBU's Patton (P. Hackett, "Patton Teams (Hybrid
// Teams)", EBU Tournament Focus, Winter 2009, ebu.co.uk/newsletters/?id=1&page=8:
// "2 points for a win, 1 for a draw and 0 for a loss" a board, and the
// aggregate "turned into victory points with 8 points at stake. Thus there
// are 16 points at stake per match"): boards 2 × 2½ = 5 to home, 2 × 1½ =
// 3 to away; the aggregate (−550) gives away the 8: 5–11. One board tied
// at +420 in both rooms, an aggregate tie too: 1 + 1 each, 2–2 of 4.
//
// The article's worked case: "win three of the four boards … 6 out of 8
// points, and achieve a draw in the aggregate … 4 points out of 8 … a
// combined 10 points out of the total of 16": boards +10, +10, +10, −30
// (aggregate 0), 10–6. The article prints no scale from the aggregate's
// margin to its 8 points (its one case is a draw); no ACBL text on Patton
// scoring was found (searched: ACBL Patton scoring, ACBLscore). Patton here
// gives the team ahead on the aggregate the whole stake, by any margin, as
// a board is won by any margin: the published draw and the published
// board points hold; a margin scale would be the director's table.
func TestPatton(t *testing.T) {
	worked := []scoring.MatchBoard{{OpenNS: 130, ClosedNS: 120}, {OpenNS: 130, ClosedNS: 120}, {OpenNS: 130, ClosedNS: 120}, {OpenNS: 100, ClosedNS: 130}}
	if h, w := scoring.Patton(worked); h != 10 || w != 6 {
		t.Errorf("Patton of the article's case = %v–%v, want 10–6", h, w)
	}
	if h, w := scoring.Patton(fourBoards); h != 5 || w != 11 {
		t.Errorf("Patton = %v–%v, want 5–11", h, w)
	}
	if h, w := scoring.Patton(fourBoards[1:2]); h != 2 || w != 2 {
		t.Errorf("Patton of a tied board = %v–%v, want 2–2", h, w)
	}
	// Board 1 alone: won by 10 points, the board's 2 and the aggregate's 2.
	if h, w := scoring.Patton(fourBoards[:1]); h != 4 || w != 0 {
		t.Errorf("Patton of board 1 = %v–%v, want 4–0", h, w)
	}
}
