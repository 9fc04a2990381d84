package db_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestRememberPlayersOnce: the same players remembered by two transactions
// at once (two imports of one club's file) are added once — a player
// without a number has no unique key, so the roster's lock is what keeps
// them single — and an imported event's players join the roster once
// however often it is imported.
func TestRememberPlayersOnce(t *testing.T) {
	s, _ := open(t)
	c := ctx(t)
	players := []tournament.Player{{Name: "Ann Smith", Number: "100001"}, {Name: "Dan Brown"}, {Name: "Fay Black"}}
	var wg sync.WaitGroup
	added := make([]int, 8)
	errs := make([]error, 8)
	for i := range added {
		wg.Add(1)
		go func() {
			defer wg.Done()
			added[i], errs[i] = s.RememberPlayers(c, players)
		}()
	}
	wg.Wait()
	total := 0
	for i := range added {
		if errs[i] != nil {
			t.Fatalf("call %d: %v", i, errs[i])
		}
		total += added[i]
	}
	ps, n, err := s.ClubPlayers(c, tournament.PlayerQuery{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if total != 3 || n != 3 || len(ps) != 3 {
		t.Fatalf("8 calls at once added %d, the roster holds %d (%+v); want the 3 players once", total, n, ps)
	}

	for range 2 {
		d := importable(t)
		if err := s.ImportEvent(c, &d, "director", tournament.ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, n, err = s.ClubPlayers(c, tournament.PlayerQuery{Limit: 10}); err != nil || n != 7 {
		t.Errorf("after importing a file of 4 players twice: %d players (%v), want 3 + 4", n, err)
	}

	// one number, one player: the conflict names the player who has it
	p := tournament.ClubPlayer{Name: "Zoe Smith", Number: "100001"}
	err = s.AddClubPlayer(c, &p)
	var te *tournament.Error
	if !errors.As(err, &te) || !errors.Is(err, tournament.ErrConflict) || te.Field != "number" || te.Message != "membership number 100001 is already Ann Smith's in the club's roster: one number, one player" {
		t.Errorf("a second player with 100001: %v", err)
	}
	if _, err := s.ClubPlayer(c, 999999); !errors.Is(err, tournament.ErrNotFound) {
		t.Errorf("player 999999: %v, want ErrNotFound", err)
	}
}
