package tournament

import (
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// TestLawParsFirstToName: contract-2017's par is DDS's own (the dealer par
// stored with the analysis) unless the event's option par_first_to_name
// is on; then it is scoring's own search, whose declarer is the first of
// the side to name the strain. The table is issue 28's (and scoring's
// TestParFirstToNameTheStrain's): at no-trump N 6, E 7, S 7, W 6 tricks,
// nothing else makes, North dealing, none vulnerable. Published par is NS
// +90, 1NT by South (40 + 50, Law 77); with the option EW +90, 1NT by East,
// who names no-trump before South can (North's 1NT fails doubled, −100).
func TestLawParsFirstToName(t *testing.T) {
	var table scoring.TrickTable
	table[scoring.North][scoring.NoTrump] = 6
	table[scoring.East][scoring.NoTrump] = 7
	table[scoring.South][scoring.NoTrump] = 7
	table[scoring.West][scoring.NoTrump] = 6
	var hands [4]scoring.Hand
	for c := range 52 { // dealt round: no honours count at no-trump under any code
		hands[c%4] |= 1 << uint(c)
	}
	a := Analysis{Board: 1, Dealer: scoring.North, Vulnerability: scoring.VulNone, Tricks: table}
	published := scoring.NewRules(scoring.Contract2017)
	calls := 0
	dealerPar := func() (scoring.Par, error) { // DDS's par: the better seat, as the default search has it
		calls++
		return published.ParOf(&table, hands, scoring.North, scoring.VulNone)
	}
	firstToName := scoring.NewRules(scoring.Contract2017)
	if err := firstToName.Options.SetBool(scoring.Contract2017, "par_first_to_name", true); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		rules scoring.Rules
		calls int
		par   int
		want  string
	}{
		{published, 1, 90, "1NT S"},
		{firstToName, 0, -90, "1NT E"},
	} {
		calls = 0
		pars, err := lawPars([]scoring.Rules{c.rules}, &a, hands, dealerPar)
		if err != nil {
			t.Fatal(err)
		}
		p := pars[0].Par
		if calls != c.calls || p.NSScore != c.par || len(p.Contracts) != 1 || p.Contracts[0].String() != c.want {
			t.Errorf("par_first_to_name %v: DDS's par asked %d times, par %d %v; want %d times, %d [%s]",
				c.rules.Options.ParFirstToName, calls, p.NSScore, p.Contracts, c.calls, c.par, c.want)
		}
	}
}
