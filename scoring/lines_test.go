package scoring_test

import (
	"reflect"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// TestLines checks the itemised lines a director reads, with the issue's
// own examples: under auction-1915, 4 spades doubled made exactly is
// "4 odd tricks at 9, doubled: 72" (seed 003 Laws 3, 53), four honours in
// one hand in spades "72" (Law 6: 8 tricks at 9), the doubled bonus 50
// (Law 56) and the game premium 125 (Duplicate Auction Law A).
func TestLines(t *testing.T) {
	rules := scoring.NewRules(scoring.Auction1915)
	c, err := rules.ParseContract("4SX")
	if err != nil {
		t.Fatal(err)
	}
	res := scoring.Result{Contract: c, Declarer: scoring.North, Tricks: 10,
		Holding: scoring.Holding{Known: true, Honours: [4]int8{4, 1, 0, 0}}}
	s, err := rules.Score(&res)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"NS: 4 odd tricks at 9, doubled: 72",
		"NS: bonus for making a doubled contract: 50",
		"NS: 4 honours in one hand: 72",
		"NS: game premium: 125",
	}
	if got := s.Lines(); !reflect.DeepEqual(got, want) {
		t.Errorf("lines\n got  %q\n want %q", got, want)
	}
	if s.NSScore() != 72+50+72+125 {
		t.Errorf("ns_score %d, want %d", s.NSScore(), 72+50+72+125)
	}
}

// TestVoidLines checks a void deal says so: Royalton Law 81, both sides
// revoked once.
func TestVoidLines(t *testing.T) {
	rules := scoring.NewRules(scoring.Royalton1915)
	c, _ := rules.ParseContract("4H")
	res := scoring.Result{Contract: c, Declarer: scoring.East, Tricks: 10, Revokes: []scoring.Revoke{
		{Side: scoring.EW, Penalty: scoring.PenaltyPoints}, {Side: scoring.NS, Penalty: scoring.PenaltyTricks}}}
	s, err := rules.Score(&res)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Void || s.NSScore() != 0 {
		t.Fatalf("void %v ns_score %d; want a void deal scoring 0", s.Void, s.NSScore())
	}
	want := []string{"both sides revoked equally: the deal is void (Law 81); the director assigns a score"}
	if got := s.Lines(); !reflect.DeepEqual(got, want) {
		t.Errorf("lines %q, want %q", got, want)
	}
}

// TestBridgeRevokesNetted is issue 28's deal under the Bridge code (seed
// 002): North deals and names clubs, North-South take no trick, and each
// side revokes once. Seed 002's penalty ("three tricks taken from the
// revoking" side, claimed "at the end of a hand", "the accumulated penalty
// shall in no event exceed thirteen tricks") is exacted after the hand, so
// the order the revokes are listed in cannot matter: the two penalties of
// three tricks net to none, and East-West keep the thirteen tricks they
// took in play. EW score 7 odd tricks at clubs' 4 (seed 002's trick
// values) = 28, and grand slam 40 ("thirteen tricks, independently of any
// tricks gained by the revoke penalty"): NS −68 whichever side is listed
// first. Listed [NS, EW] it scored −16 (NS had no trick to give; then EW
// gave NS 3, so EW 10: 4 odd × 4), [EW, NS] −68.
func TestBridgeRevokesNetted(t *testing.T) {
	rules := scoring.NewRules(scoring.Bridge)
	c, err := rules.ParseContract("C")
	if err != nil {
		t.Fatal(err)
	}
	for _, order := range [][2]scoring.Side{{scoring.NS, scoring.EW}, {scoring.EW, scoring.NS}} {
		res := scoring.Result{Contract: c, Declarer: scoring.North, Tricks: 0,
			Revokes: []scoring.Revoke{{Side: order[0]}, {Side: order[1]}}}
		s, err := rules.Score(&res)
		if err != nil {
			t.Fatal(err)
		}
		if s.NSScore() != -68 || s.Sides[scoring.EW].Trick != 28 || s.Sides[scoring.EW].Honour != 40 {
			t.Errorf("revokes by %v then %v: NS %d (%q), want −68: EW 28 for the tricks, 40 for the grand slam", order[0], order[1], s.NSScore(), s.Lines())
		}
	}
}
