package tournament_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// BenchmarkOverallAcrossTheField reads the overall standings of one
// session of 100 sections of 13 tables (Mitchells of 13 rounds of 2
// boards, every section on the same 26 boards: 2,600 pairs, 33,800
// results) scored across the field, from the database each time: the
// sections, their pairs and results read, every board compared over the
// 1,300 tables that played it, the 2,600 pairs ranked NS and EW.
func BenchmarkOverallAcrossTheField(b *testing.B) {
	store, err := db.Open(context.Background(), dbtest.URL(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(store.Close)
	bd := tournamenttest.New(b, store)
	ev := bd.Event(tournament.EventInput{Name: "Simultaneous", Overall: tournament.OverallOptions{Field: tournament.FieldAcross}})
	results := 0
	for s := range 100 {
		sec := bd.Section(ev.ID, tournament.SectionInput{Name: "S" + strconv.Itoa(s+1),
			Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 13, Rounds: 13, BoardsPerRound: 2}})
		for _, rd := range sec.Movement.Rounds {
			var batch []tournament.Result
			for _, t := range rd.Tables {
				for i, board := range t.Boards {
					batch = append(batch, line(sec, rd.Number, t.Table, board, "4S", "N", 7+(s+t.Table+i+rd.Number)%6))
				}
			}
			results += len(bd.Enter(tournament.Director, sec, batch...))
		}
	}
	if results != 33800 {
		b.Fatalf("entered %d results, want 33,800", results)
	}
	ctx := context.Background()
	for b.Loop() {
		o, err := bd.Svc.OverallStandings(ctx, tournament.Director, ev.ID)
		if err != nil {
			b.Fatal(err)
		}
		if len(o.Entries) != 2600 || o.Results != 33800 {
			b.Fatalf("%d entries, %d results", len(o.Entries), o.Results)
		}
	}
}
