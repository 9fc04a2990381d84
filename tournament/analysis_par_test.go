package tournament

import (
	"errors"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// TestLawParsFirstToName: contract-2017's par is by default scoring's own
// search, whose declarer is the first of the side to name the strain (the
// event's option par_first_to_name on); with the option off it is DDS's
// own (the dealer par stored with the analysis). The table is issue 28's
// (and scoring's TestParFirstToNameTheStrain's): at no-trump N 6, E 7, S 7,
// W 6 tricks, nothing else makes, North dealing, none vulnerable. By
// default EW +90, 1NT by East, who names no-trump before South can
// (North's 1NT fails doubled, −100; 40 + 50, Law 77); published par is NS
// +90, 1NT by South.
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
	if err := published.Options.SetBool(scoring.Contract2017, "par_first_to_name", false); err != nil {
		t.Fatal(err)
	}
	calls := 0
	dealerPar := func() (scoring.Par, error) { // DDS's par: the better seat, as the search with the option off has it
		calls++
		return published.ParOf(&table, hands, scoring.North, scoring.VulNone)
	}
	firstToName := scoring.NewRules(scoring.Contract2017) // the default
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

// TestRulesForParFirstToName: the event's law option par_first_to_name is
// contract-2017's alone and takes true or false; a value of another kind
// (the "auction" of a choice it is not) or the option under another code is
// refused naming the field and what is allowed.
func TestRulesForParFirstToName(t *testing.T) {
	rules, all, err := rulesFor(scoring.Contract2017, LawOptions{"par_first_to_name": true})
	if err != nil || !rules.Options.ParFirstToName || all["par_first_to_name"] != true {
		t.Errorf("par_first_to_name true: rules %+v, options %v, %v", rules.Options, all, err)
	}
	if _, all, err := rulesFor(scoring.Contract2017, nil); err != nil || all["par_first_to_name"] != true {
		t.Errorf("default: options %v, %v; want par_first_to_name true (the Laws' declarer)", all, err)
	}
	if rules, all, err := rulesFor(scoring.Contract2017, LawOptions{"par_first_to_name": false}); err != nil || rules.Options.ParFirstToName || all["par_first_to_name"] != false {
		t.Errorf("par_first_to_name false: rules %+v, options %v, %v; want DDS's published par", rules.Options, all, err)
	}
	for _, c := range []struct {
		law   scoring.Law
		value any
		field string
		says  string
	}{
		{scoring.Contract2017, "auction", "law_options.par_first_to_name", "expected true or false"},
		{scoring.Contract2017, 1, "law_options.par_first_to_name", "expected true or false"},
		{scoring.Auction1915, true, "law_options.par_first_to_name", "game_premium"}, // its declarer names the strain already
	} {
		_, _, err := rulesFor(c.law, LawOptions{"par_first_to_name": c.value})
		var te *Error
		if !errors.As(err, &te) || !errors.Is(err, ErrInvalid) || te.Field != c.field || !strings.Contains(te.Error(), c.says) {
			t.Errorf("%s par_first_to_name %v: %v, want an invalid %s saying %q", c.law, c.value, err, c.field, c.says)
		}
	}
}
