package tournament

import (
	"errors"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// TestAnalyseBoardError: a board Analyse cannot solve is told by its index
// and field (BoardError), and is still the *Error naming it in full that the
// API answers, whichever check refused it: no deal, a deal with a hand not
// given. (A deal that does not read is refused where it is read:
// ParseBoard.)
func TestAnalyseBoardError(t *testing.T) {
	parse := func(pbn string) scoring.Deal {
		d, err := scoring.ParseDeal("deal", pbn)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	whole := parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	rules := []scoring.Rules{scoring.NewRules(scoring.Contract2017)}
	for _, deal := range []scoring.Deal{{}, parse("N:AKQJT98765432... - - -")} {
		boards := []Board{{Number: 1, Deal: whole}, {Number: 2, Deal: whole}, {Number: 3, Deal: deal}}
		_, err := Analyse(nil, boards, rules)
		var be *BoardError
		if !errors.As(err, &be) || be.Index != 2 || be.Field != "deal" {
			t.Errorf("deal %q: %v (%T), want a BoardError of index 2, field deal", deal, err, err)
			continue
		}
		var te *Error
		if !errors.As(err, &te) || te.Field != "boards[2].deal" || !errors.Is(err, ErrInvalid) || err.Error() != te.Error() {
			t.Errorf("deal %q: the *Error within is %+v", deal, te)
		}
	}
}
