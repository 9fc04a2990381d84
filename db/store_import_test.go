package db_test

import (
	"crypto/sha256"
	"errors"
	"slices"
	"testing"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// importable is a one-section event: a 3-table Mitchell, one board a round,
// two pairs named, board 1's deal and two results, the first with its
// auction.
func importable(t *testing.T) tournament.EventData {
	t.Helper()
	m, err := tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	return tournament.EventData{
		Event: tournament.Event{Name: "Imported", Date: "2026-11-24", Law: scoring.Contract2017, LawOptions: tournament.LawOptions{}, Scoring: tournament.MethodMP},
		Sections: []tournament.SectionData{{
			Section: tournament.Section{Session: 1, Name: "A", Spec: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}, Movement: m, CurrentRound: 3},
			Pairs: []tournament.Pair{{Number: "1", Direction: "NS", Players: []tournament.Player{{Name: "Ann"}, {Name: "Bob"}}},
				{Number: "1", Direction: "EW", Players: []tournament.Player{{Name: "Cy"}, {Name: "Di"}}}},
			Boards: []tournament.Board{{Number: 1, Dealer: scoring.North, Deal: pbnDeal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")}},
			Results: []tournament.Result{
				{Board: 1, Round: 1, Table: 1, NS: "1", EW: "1", Status: tournament.StatusPlayed, Contract: "4S", Declarer: "N", Tricks: 10, NSScore: 420,
					Auction: slices.Clone(auction4S)},
				{Board: 2, Round: 1, Table: 2, NS: "2", EW: "2", Status: tournament.StatusPlayed, Contract: "3NT", Declarer: "S", Tricks: 9, NSScore: 600},
			},
		}},
	}
}

// TestImportEvent stores a whole event in one transaction and reads it back.
func TestImportEvent(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	d := importable(t)
	if err := s.ImportEvent(c, &d, "director", tournament.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	sec := d.Sections[0].Section
	if d.Event.ID == 0 || sec.ID == 0 || sec.EventID != d.Event.ID {
		t.Fatalf("IDs not set: event %d, section %d (event %d)", d.Event.ID, sec.ID, sec.EventID)
	}
	pairs, err := s.Pairs(c, sec.ID)
	if err != nil || len(pairs) != 2 {
		t.Fatalf("pairs %v, %v; want 2", pairs, err)
	}
	boards, err := s.Boards(c, sec.ID)
	if err != nil || len(boards) != 1 || boards[0].Deal.Empty() {
		t.Fatalf("boards %v, %v; want board 1 with its deal", boards, err)
	}
	results, err := s.Results(c, tournament.ResultFilter{SectionID: sec.ID})
	if err != nil || len(results) != 2 || results[0].NSScore != 420 || results[0].EnteredBy != "director" || results[0].Version != 1 {
		t.Fatalf("results %+v, %v; want 2, the first 420 entered by director at version 1", results, err)
	}
	if !slices.Equal(results[0].Auction, auction4S) || results[1].Auction != nil {
		t.Errorf("imported auctions %q and %q, want board 1's %q and none", results[0].Auction, results[1].Auction, auction4S)
	}
	audit, err := s.Audit(c, results[1].ID)
	if err != nil || len(audit) != 1 || audit[0].Action != "insert" {
		t.Fatalf("audit %+v, %v; want one insert", audit, err)
	}
}

// TestImportEventAllOrNone refuses an event whose last result the database
// refuses (14 tricks, past the Service's checks) and keeps nothing of it:
// no event, no section.
func TestImportEventAllOrNone(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	d := importable(t)
	d.Sections[0].Results[1].Tricks = 14
	err := s.ImportEvent(c, &d, "director", tournament.ImportOptions{})
	if !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("got %v, want ErrInvalid", err)
	}
	events, err := s.Events(c)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 0 {
		t.Fatalf("%d events stored after a refused import, want none: %+v", len(events), events)
	}
}

// TestImportEventTwoStores: one file imported at once through two Stores on
// one database (two servers), 4 times each, makes one event; the other 7
// are refused naming it (issue 24: check, then insert, with nothing
// between). Imported again on purpose (Again), each is stored.
func TestImportEventTwoStores(t *testing.T) {
	s1, u := open(t)
	s2, err := db.Open(ctx(t), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s2.Close)
	sum := sha256.Sum256([]byte("one file"))
	run := func(o tournament.ImportOptions) (stored []int64, refused []*tournament.Error) {
		type answer struct {
			id  int64
			err error
		}
		out := make(chan answer, 8)
		start := make(chan struct{})
		for i := range 8 {
			s := []*db.Store{s1, s2}[i%2]
			d := importable(t)
			d.Digest = sum[:]
			go func() {
				<-start
				err := s.ImportEvent(ctx(t), &d, "director", o)
				out <- answer{d.Event.ID, err}
			}()
		}
		close(start)
		for range 8 {
			a := <-out
			var te *tournament.Error
			switch {
			case a.err == nil:
				stored = append(stored, a.id)
			case errors.As(a.err, &te) && te.Kind == tournament.ErrConflict && te.Field == "file":
				refused = append(refused, te)
			default:
				t.Fatalf("an import: %v", a.err)
			}
		}
		return stored, refused
	}
	stored, refused := run(tournament.ImportOptions{})
	if len(stored) != 1 || len(refused) != 7 {
		t.Fatalf("8 imports of one file through two stores: %d stored (%v), %d refused; want 1 and 7", len(stored), stored, len(refused))
	}
	for _, te := range refused {
		if te.Event != stored[0] {
			t.Errorf("refusal names event %d, want %d: %s", te.Event, stored[0], te.Message)
		}
	}
	if stored, refused := run(tournament.ImportOptions{Again: true}); len(stored) != 8 || len(refused) != 0 {
		t.Errorf("8 imports again on purpose: %d stored, %d refused; want 8 and 0", len(stored), len(refused))
	}
}
