package e2e

import (
	"context"
	"errors"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TestServiceImportEvent imports a one-section event through the Service
// over a real database: it is checked like entries one by one, stored all
// or none, and comes back with its standings.
func TestServiceImportEvent(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	m, err := tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 1}.Build()
	if err != nil {
		t.Fatal(err)
	}
	event := func() tournament.EventData {
		return tournament.EventData{
			Event: tournament.Event{Name: "From a file", Date: "2026-11-24", Law: scoring.Contract2017, Scoring: tournament.MethodMP},
			Sections: []tournament.SectionData{{
				// Only the rounds, as a file gives them: stored as a custom movement.
				Section: tournament.Section{Name: "A", Movement: movement.Movement{Rounds: m.Rounds}},
				Results: []tournament.Result{
					// board 1, none vulnerable: 4S made +420, 4S one down −50 (Law 77).
					{Board: 1, Round: 1, Table: 1, Contract: "4S", Declarer: "N", Tricks: 10},
					{Board: 1, Round: 2, Table: 3, Contract: "4S", Declarer: "N", Tricks: 9},
				},
			}},
		}
	}

	bad := event()
	bad.Sections[0].Results[1].Board = 2 // table 3 plays board 1 in round 2
	_, err = e.svc.ImportEvent(ctx, tournament.Director, bad)
	var te *tournament.Error
	if !errors.As(err, &te) || !errors.Is(err, tournament.ErrInvalid) || te.Field != "sections[0].results[1].board" {
		t.Fatalf("got %v, want ErrInvalid on sections[0].results[1].board", err)
	}
	if evs, _ := e.svc.Events(ctx, tournament.Director); len(evs) != 0 {
		t.Fatalf("%d events after a refused import, want none", len(evs))
	}
	if _, err := e.svc.ImportEvent(ctx, tournament.Public, event()); !errors.Is(err, tournament.ErrUnauthorized) {
		t.Fatalf("the public importing: got %v, want ErrUnauthorized", err)
	}

	got, err := e.svc.ImportEvent(ctx, tournament.Director, event())
	if err != nil {
		t.Fatal(err)
	}
	sd := got.Sections[0]
	if sd.Section.Spec.Kind != "custom" || len(sd.Results) != 2 || sd.Results[0].NSScore != 420 || sd.Results[1].NSScore != -50 {
		t.Fatalf("imported %q movement, results %+v; want custom, +420 and −50", sd.Section.Spec.Kind, sd.Results)
	}
	// Matchpoints (2 per score beaten, top 2(n−1)): two results on board 1,
	// Neuberg to the 3 plays of the movement: (2+1)·3/2−1 = 3.5 and 0.5.
	if tr := sd.Travelers[0]; len(tr.Lines) != 2 {
		t.Fatalf("traveler of board 1 has %d lines, want 2", len(tr.Lines))
	}
	var total float64
	for _, p := range sd.Standings.Pairs {
		total += p.Total
	}
	if total != 8 || sd.Standings.Results != 2 {
		t.Fatalf("standings share %.2f points over %d results, want 3.5+0.5+0.5+3.5 = 8 over 2", total, sd.Standings.Results)
	}
}
