package reports_test

import (
	"fmt"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
)

// TestRoyaltonFigures counts royaltonLines (worked out above it):
//
//	results 8 (the board not played is left out); exact 4S, 3NT, 4H(10) = 3;
//	over 2NL, 4H(11), 6NT = 3; defeated 4H(9), 4SRX = 2: 37.5 %, 37.5 %, 25 %.
//	strains in Royalton's bid order S C D H NT NL: 2 0 0 3 2 1 of 8.
//	odd tricks bid 4+2+3+4+4+4+6+4 = 31, /8 = 3.875 → 3.88; made
//	4+4+3+4+5+3+7+2 = 32 (the nullo: 13−3−6 = 4), /8 = 4.
//	games (level × 10 ≥ 40, LAWS.md: Royalton game 40): 4S, 4H ×3, 6NT, 4SRX
//	= 6 bid, 4 made, 2 defeated; slams: 6NT bid and made; doubled: 4SRX,
//	defeated; royal: 4SRX, defeated; nullo: 2NL, made.
//	boards: 1 has 4S, 2NL, 3NT by NS (3 contracts); 2 has 4H by EW at all
//	three tables (the same); 3 has 6NT by NS and 4SRX by EW; each names
//	mitchell3's section, A with id 1.
func TestRoyaltonFigures(t *testing.T) {
	r := reports.Royalton(mitchell3(t, scoring.Royalton1915, royaltonLines))
	checks := []struct {
		name      string
		got, want any
	}{
		{"law", r.Law, "royalton-1915"},
		{"results", r.Results, 8},
		{"left out", r.LeftOut, 1},
		{"unreadable", len(r.Unreadable), 0},
		{"passed out", r.PassedOut, 0},
		{"declared", r.Declared, 8},
		{"exact", r.Exact, reports.Count{N: 3, Share: 37.5}},
		{"overtricks", r.Overtricks, reports.Count{N: 3, Share: 37.5}},
		{"defeated", r.Defeated, reports.Count{N: 2, Share: 25}},
		{"strains", fmt.Sprint(r.Strains), "[{S 2 25} {C 0 0} {D 0 0} {H 3 37.5} {NT 2 25} {NL 1 12.5}]"},
		{"odd bid", r.OddBid, 3.88},
		{"odd made", r.OddMade, 4.0},
		{"game at", r.GameAt, 40},
		{"games", r.Games, reports.Outcome{Bid: 6, Made: 4, Defeated: 2}},
		{"slams", r.Slams, reports.Outcome{Bid: 1, Made: 1}},
		{"doubled", r.Doubled, reports.Outcome{Bid: 1, Defeated: 1}},
		{"redoubled", r.Redoubled, reports.Outcome{}},
		{"royal", r.Royal, reports.Outcome{Bid: 1, Defeated: 1}},
		{"nullo", r.Nullo, reports.Outcome{Bid: 1, Made: 1}},
		{"boards", fmt.Sprint(r.Boards), "[{A 1 1 3 [{4S NS 1} {2NL NS 1} {3NT NS 1}] false} {A 1 2 3 [{4H EW 3}] true} {A 1 3 2 [{6NT NS 1} {4SRX EW 1}] false}]"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestRoyaltonAuction counts the hand-checked auction-1915 event (see
// handChecked): 9 results, one passed out, 8 contracts: exact 4S, 3NT,
// 1NT, 4HX, 5C, 3NT = 6 (75 %); over 2S making 10 = 1; defeated 4S by E =
// 1 (12.5 % each). Games at 30 (LAWS.md; ♣6 ♦7 ♥8 ♠9 NT10): 4S 36, 3NT
// 30, 4H 32, 5C 30, 3NT 30, 4S 36 = 6 bid, the last defeated; 2S (18) and
// 1NT (10) are part scores. Odd tricks bid 26/8 = 3.25, made
// 4+4+3+1+4+5+3+2 = 26/8 = 3.25.
func TestRoyaltonAuction(t *testing.T) {
	r := reports.Royalton(mitchell3(t, scoring.Auction1915, handChecked))
	got := fmt.Sprint(r.Results, r.PassedOut, r.Exact, r.Overtricks, r.Defeated, r.Games, r.Doubled, r.OddBid, r.OddMade, r.Strains)
	want := "9 1 6 (75.00%) 1 (12.50%) 1 (12.50%) {6 5 1} {1 1 0} 3.25 3.25 [{C 1 12.5} {D 0 0} {H 1 12.5} {S 3 37.5} {NT 3 37.5}]"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if r.Boards[1].Contracts[2] != (reports.ContractCount{Contract: "PASS", N: 1}) {
		t.Errorf("board 2 contracts %v, want the pass last", r.Boards[1].Contracts)
	}
}

// TestRoyaltonSheet checks the sheet carries the figures of
// TestRoyaltonFigures in its rows.
func TestRoyaltonSheet(t *testing.T) {
	s := reports.Royalton(mitchell3(t, scoring.Royalton1915, royaltonLines)).Sheet()
	rows := map[string][]any{}
	for _, r := range s.Rows {
		rows[r[0].(string)] = r[1:]
	}
	for name, want := range map[string]string{
		"Results":                         "[8]",
		"Made exactly":                    "[3 37.5]",
		"Defeated":                        "[2 25]",
		"Strain NL":                       "[1 12.5]",
		"Game contracts (trick score 40)": "[6  4 2]",
		"Section A board 2: the same contract at every table": "[1  3]",
	} {
		if got := fmt.Sprint(rows[name]); got != want {
			t.Errorf("row %q: %s, want %s", name, got, want)
		}
	}
}
