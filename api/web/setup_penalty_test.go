package web

import (
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestPenaltyNoteSingular: a penalty of exactly one point names the unit
// in the singular ("1 IMP", "1 matchpoint", "1 VP"), any other amount in
// the plural ("3 IMPs", "0.5 matchpoints"); a percentage of a top stays
// "25% of a top".
func TestPenaltyNoteSingular(t *testing.T) {
	for _, c := range []struct {
		pen  tournament.Penalty
		want string
	}{
		{tournament.Penalty{Number: "1", Amount: 1, Unit: tournament.UnitIMP, Reason: "mobile phone", Board: 1}, "1: 1 IMP, mobile phone (board 1)"},
		{tournament.Penalty{Number: "1", Amount: 3, Unit: tournament.UnitIMP, Reason: "mobile phone", Board: 1}, "1: 3 IMPs, mobile phone (board 1)"},
		{tournament.Penalty{Number: "3", Direction: "NS", Amount: 1, Unit: tournament.UnitMP, Reason: "slow play"}, "3 NS: 1 matchpoint, slow play"},
		{tournament.Penalty{Number: "3", Direction: "NS", Amount: 0.5, Unit: tournament.UnitMP, Reason: "slow play"}, "3 NS: 0.5 matchpoints, slow play"},
		{tournament.Penalty{Number: "2", Amount: 1, Unit: tournament.UnitVP, Reason: "late"}, "2: 1 VP (or a point of the method), late"},
		{tournament.Penalty{Number: "2", Amount: 2, Unit: tournament.UnitVP, Reason: "late"}, "2: 2 VPs (or the points of the method), late"},
		{tournament.Penalty{Number: "3", Direction: "NS", Amount: 25, Unit: tournament.UnitPercentTop, Reason: "slow play", Board: 7}, "3 NS: 25% of a top, slow play (board 7)"},
	} {
		if got := penaltyNote(c.pen); got != c.want {
			t.Errorf("penaltyNote(%+v) = %q; want %q", c.pen, got, c.want)
		}
	}
}
