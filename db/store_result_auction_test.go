package db_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// auction4S is the auction of played(1)'s 4S by North: board 1's dealer is
// North (dealers rotate N, E, S, W from board 1), who opens 1S, South
// raises to 2S and North bids game, the others passing throughout.
var auction4S = []string{"1S", "PASS", "2S", "PASS", "4S", "PASS", "PASS", "PASS"}

// TestResultAuction stores a result with its auction and two without (no
// calls and an empty list, both NULL), reads them back each way the store
// reads results, corrects the auction, and finds both auctions in the audit.
func TestResultAuction(t *testing.T) {
	s, u := open(t)
	c := ctx(t)
	sec := mitchellSection(t, s, event(t, s).ID)
	in := played(1)
	in.Auction = slices.Clone(auction4S)
	none, empty := played(2), played(3)
	empty.Auction = []string{}
	stored, _, err := s.CreateResults(c, sec.ID, []tournament.Result{in, none, empty}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(stored[0].Auction, auction4S) || stored[1].Auction != nil || stored[2].Auction != nil {
		t.Fatalf("stored auctions %q, %q, %q; want %q, none, none", stored[0].Auction, stored[1].Auction, stored[2].Auction, auction4S)
	}
	got, err := s.Result(c, stored[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Auction, auction4S) {
		t.Errorf("read back auction %q, want %q", got.Auction, auction4S)
	}
	listed, err := s.Results(c, tournament.ResultFilter{SectionID: sec.ID})
	if err != nil {
		t.Fatal(err)
	}
	if len(listed) != 3 || !slices.Equal(listed[0].Auction, auction4S) || listed[1].Auction != nil || listed[2].Auction != nil {
		t.Errorf("Results: %+v, want board 1 with its auction, boards 2 and 3 without", listed)
	}

	// Under an idempotency key, and replayed: the auction is stored and
	// read back by the replay too.
	keyed := played(4)
	keyed.Auction = slices.Clone(auction4S)
	idem := &tournament.Idempotency{Scope: "table 1", Key: "k-auction", RequestHash: []byte("h")}
	first, _, err := s.CreateResults(c, sec.ID, []tournament.Result{keyed}, idem)
	if err != nil {
		t.Fatal(err)
	}
	again, replayed, err := s.CreateResults(c, sec.ID, []tournament.Result{keyed}, idem)
	if err != nil {
		t.Fatal(err)
	}
	if !replayed || !slices.Equal(first[0].Auction, auction4S) || !slices.Equal(again[0].Auction, auction4S) {
		t.Errorf("keyed: %q then %q (replayed %v), want %q both times, replayed", first[0].Auction, again[0].Auction, replayed, auction4S)
	}

	// The table corrects it: West doubled 4S (4SX, the same declarer).
	doubled := []string{"1S", "PASS", "2S", "PASS", "4S", "X", "PASS", "PASS", "PASS"}
	fix := got
	fix.Contract, fix.Auction, fix.NSScore = "4SX", slices.Clone(doubled), 590
	if err := s.UpdateResult(c, &fix, 1); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(fix.Auction, doubled) || fix.Version != 2 {
		t.Errorf("after the correction: auction %q version %d, want %q and 2", fix.Auction, fix.Version, doubled)
	}
	// And a correction with no auction clears it.
	cleared := fix
	cleared.Auction = nil
	if err := s.UpdateResult(c, &cleared, 2); err != nil {
		t.Fatal(err)
	}
	if cleared.Auction != nil {
		t.Errorf("after clearing: auction %q, want none", cleared.Auction)
	}
	audit, err := s.Audit(c, got.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(audit) != 3 || !slices.Equal(audit[0].After.Auction, auction4S) ||
		!slices.Equal(audit[1].Before.Auction, auction4S) || !slices.Equal(audit[1].After.Auction, doubled) ||
		!slices.Equal(audit[2].Before.Auction, doubled) || audit[2].After.Auction != nil {
		t.Errorf("audit does not keep the auctions: %+v", audit)
	}

	// The database refuses an auction that is not a list of calls.
	_, err = rawPool(t, u).Exec(c, `UPDATE results SET auction = '"1S"' WHERE id = $1`, got.ID)
	if err == nil || !strings.Contains(err.Error(), "results_auction_check") {
		t.Errorf("an auction that is one string, not a list: %v, want results_auction_check", err)
	}
}
