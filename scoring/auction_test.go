package scoring_test

import (
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// runAuction parses space-separated calls and runs the auction.
func runAuction(t *testing.T, law scoring.Law, dealer scoring.Seat, calls string) (scoring.Auction, error) {
	t.Helper()
	rules := scoring.NewRules(law)
	var cs []scoring.Call
	for _, f := range strings.Fields(calls) {
		c, err := rules.ParseCall("auction", f)
		if err != nil {
			return scoring.Auction{}, err
		}
		cs = append(cs, c)
	}
	return rules.RunAuction(dealer, cs)
}

func TestAuctions(t *testing.T) {
	N, E, S, W := scoring.North, scoring.East, scoring.South, scoring.West
	tests := []struct {
		why      string
		law      scoring.Law
		dealer   scoring.Seat
		calls    string
		contract string
		declarer scoring.Seat
		bridged  bool
	}{
		{"seed 003 Law 47: the final bidder plays", scoring.Auction1915, N, "1H PASS 2H PASS PASS PASS", "2H", N, false},
		{"seed 003 Law 47: the partner who named the suit first plays", scoring.Auction1915, N, "1S 2C 3S PASS PASS PASS", "3S", N, false},
		{"seed 003 Law 47: S bid hearts first, N raised", scoring.Auction1915, N, "PASS 1C 1H 2C 3H PASS PASS PASS", "3H", S, false},
		{"seed 003 Law 45: 3 spades over 3 diamonds", scoring.Auction1915, E, "3D 3S PASS PASS PASS", "3S", S, false},
		{"seed 003 Law 45: 5 clubs over 4 hearts", scoring.Auction1915, N, "4H 5C PASS PASS PASS", "5C", E, false},
		{"seed 003 Law 45: 4 diamonds over 3 no trump", scoring.Auction1915, N, "3NT 4D PASS PASS PASS", "4D", E, false},
		{"seed 003 Law 54-55: doubled, redoubled, the double reopens", scoring.Auction1915, N, "1NT X XX PASS PASS PASS", "1NTXX", N, false},
		{"seed 003 Law 55: a double reopens the bidding", scoring.Auction1915, N, "2H X PASS 2S PASS PASS PASS", "2S", W, false},
		{"seed 003 Law 44: four passes, the deal passes", scoring.Auction1915, W, "PASS PASS PASS PASS", "PASS", N, false},
		{"seed 001 Law 42, 44: dealer's one spade, three spades is higher than one club", scoring.RoyalAuction1913, S, "1S 1C 3S PASS PASS PASS", "3S", S, false},
		{"seed 001 Law 53: three clubs over two royals, though doubled", scoring.RoyalAuction1913, N, "2RS X 3C PASS PASS PASS", "3C", S, false},
		{"Clark, nullos: a heart over a nullo; then two nullos", scoring.RoyalAuction1913, N, "1NL 1H 2NL PASS PASS PASS", "2NL", N, false},
		{"Clark, nullos: the bidding of the nullo example (Z S, A W, Y N, B E)", scoring.RoyalAuction1913, S, "1NL 1RS 2NL 2RS 3NL 3RS PASS PASS 4NL PASS PASS PASS", "4NL", S, false},
		{"seed 001 Law 46: the partner who first named the suit plays", scoring.RoyalAuction1913, N, "1H 1RS 2H 2RS PASS PASS 3H PASS PASS PASS", "3H", N, false},
		{"seed 000 Law 30: the dealer says no bid", scoring.Royalton1915, N, "NB 1H PASS PASS PASS", "1H", E, false},
		{"seed 000 Law 32 and ch. I: three spades royal over three hearts", scoring.Royalton1915, N, "3S 3H 3SR PASS PASS PASS", "3SR", N, false},
		{"seed 000 Law 32: a royal nullo, doubled", scoring.Royalton1915, N, "2NL 2NLR X PASS PASS PASS", "2NLRX", E, false},
		{"seed 000 Law 34: the nullo declarer bridges the play to his partner", scoring.Royalton1915, N, "1NL PASS PASS PASS BRIDGE", "1NL", S, true},
		{"seed 000: all pass, no score", scoring.Royalton1915, E, "NB PASS PASS PASS", "PASS", N, false},
		{"Law 19 (2017): double and redouble", scoring.Contract2017, W, "1S 2H X XX PASS PASS PASS", "2HXX", N, false},
		{"seed 002: the dealer declares hearts, doubled and redoubled", scoring.Bridge, N, "H X PASS XX PASS X PASS PASS", "HXXX", N, false},
		{"seed 002: the dealer leaves it, partner names no-trump, may I lead? yes", scoring.Bridge, E, "LEAVE NT PASS PASS", "NT", E, false},
		{"seed 004 Law 58: no-trump doubled up to the limit", scoring.BridgePortland, N, "NT X X X X PASS PASS", "NTXXXX", N, false},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			a, err := runAuction(t, tt.law, tt.dealer, tt.calls)
			if err != nil {
				t.Fatalf("%s %q: %v", tt.law, tt.calls, err)
			}
			if a.Contract.String() != tt.contract || (!a.PassedOut && a.Declarer != tt.declarer) || a.Bridged != tt.bridged {
				t.Errorf("%s %q: got %s by %s (bridged %v); want %s by %s (bridged %v)",
					tt.law, tt.calls, a.Contract, a.Declarer, a.Bridged, tt.contract, tt.declarer, tt.bridged)
			}
			if tt.contract == "PASS" && !a.PassedOut {
				t.Errorf("not passed out")
			}
		})
	}
}

func TestAuctionRefusals(t *testing.T) {
	N := scoring.North
	tests := []struct {
		why   string
		law   scoring.Law
		calls string
		want  string // words the error must contain
	}{
		{"seed 003 Law 45: 2C does not overcall 2H", scoring.Auction1915, "2H 2C", "insufficient"},
		{"seed 003 Law 45: the same bid again", scoring.Auction1915, "1NT 1NT", "insufficient"},
		{"seed 001 Law 44: one heart (8) does not overcall one royal (9)", scoring.RoyalAuction1913, "1RS 1H", "insufficient"},
		{"Clark: one nullo does not overcall one heart", scoring.RoyalAuction1913, "1H 1NL", "insufficient"},
		{"seed 001 Law 42: the dealer must bid", scoring.RoyalAuction1913, "PASS", "dealer must bid"},
		{"seed 000 Law 32: a plain bid does not overcall a royal of the same number", scoring.Royalton1915, "1SR 1NL", "insufficient"},
		{"seed 003 Law 54: a player may not double his partner", scoring.Auction1915, "1H PASS X", "partner"},
		{"seed 003 Law 54: redouble once only", scoring.Auction1915, "1H X XX PASS XX", "already redoubled"},
		{"seed 003 Law 54: double once only", scoring.Auction1915, "1H X PASS X", "already doubled"},
		{"seed 003 Law 54: redouble only a doubled declaration", scoring.Auction1915, "1H PASS XX", "only a doubled"},
		{"seed 003 Law 54: only the doubled side may redouble", scoring.Auction1915, "1H X PASS XX", "only the side"},
		{"nothing to double", scoring.Auction1915, "X", "no bid to double"},
		{"the auction is over", scoring.Auction1915, "1H PASS PASS PASS 2H", "already over"},
		{"not over yet", scoring.Auction1915, "1H PASS PASS", "not over"},
		{"seed 000 Law 34: only a nullo may be bridged", scoring.Royalton1915, "1H PASS PASS PASS BRIDGE", "only the declarer of a nullo"},
		{"a royal bid outside Royalton", scoring.Auction1915, "1HR", "not a call"},
		{"a nullo outside its codes", scoring.Auction1915, "1NL", "not a call"},
		{"the level is 1 to 7", scoring.Contract2017, "8S", "not a call"},
		{"seed 002: the dealer's partner must name the trump", scoring.Bridge, "LEAVE PASS", "must name the trump"},
		{"seed 004 Law 58: no doubling beyond 100 a trick", scoring.BridgePortland, "NT X X X X X", "100"},
		{"Bridge has no levels", scoring.Bridge, "1H", "not a call"},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			_, err := runAuction(t, tt.law, N, tt.calls)
			if err == nil {
				t.Fatalf("%s %q: accepted; want an error mentioning %q", tt.law, tt.calls, tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s %q: error %q does not mention %q", tt.law, tt.calls, err, tt.want)
			}
		})
	}
}
