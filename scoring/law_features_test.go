package scoring

import "testing"

// TestLawFeatures checks the law codes' royal bids and nullos against what
// ParseContract reads: a royal bid is 1RS (royal-auction-1913's royal
// spade, seed 001 Law 4) or 1SR (royalton-1915's royal spade, seed 000);
// a nullo is 1NL. Only royal-auction-1913 (Clark's nullo chapter, option
// nullo) and royalton-1915 have nullos; contract-2017 has neither.
func TestLawFeatures(t *testing.T) {
	for _, tc := range []struct {
		law          Law
		nulloOff     bool
		royal, nullo bool
	}{
		{Bridge, false, false, false},
		{BridgePortland, false, false, false},
		{RoyalAuction1913, false, true, true},
		{RoyalAuction1913, true, true, false},
		{Auction1915, false, false, false},
		{Royalton1915, false, true, true},
		{Contract2017, false, false, false},
	} {
		r := NewRules(tc.law)
		if tc.nulloOff {
			r.Options.Nullo = false
		}
		name := tc.law.String()
		if tc.nulloOff {
			name += " (nullo off)"
		}
		if got := tc.law.HasRoyalBids(); got != tc.royal {
			t.Errorf("%s: HasRoyalBids %v, want %v", name, got, tc.royal)
		}
		if got := r.HasNullo(); got != tc.nullo {
			t.Errorf("%s: HasNullo %v, want %v", name, got, tc.nullo)
		}
		if tc.law.isBridge() {
			continue // Bridge declarations have no level: "1RS" is not how they are written
		}
		_, errRS := r.ParseContract("1RS")
		_, errSR := r.ParseContract("1SR")
		if parsed := errRS == nil || errSR == nil; parsed != tc.royal {
			t.Errorf("%s: a royal bid reads %v (1RS: %v, 1SR: %v), HasRoyalBids %v", name, parsed, errRS, errSR, tc.royal)
		}
		if _, err := r.ParseContract("1NL"); (err == nil) != tc.nullo {
			t.Errorf("%s: 1NL reads with error %v, HasNullo %v", name, err, tc.nullo)
		}
	}
}

// TestLawScores checks what each code scores besides tricks (LAWS.md):
// honours under the Bridge codes, royal-auction-1913 and auction-1915;
// chicane under the Bridge codes and 1913 with its option; revokes in every
// historical code, the declarer's choice of penalty outside the Bridge
// codes; the dealer declares only in the Bridge codes.
func TestLawScores(t *testing.T) {
	for _, tc := range []struct {
		law                                        Law
		chicaneOption                              bool
		honours, chicane, revokes, choice, declare bool
	}{
		{Bridge, false, true, true, true, false, true},
		{BridgePortland, false, true, true, true, false, true},
		{RoyalAuction1913, false, true, false, true, true, false},
		{RoyalAuction1913, true, true, true, true, true, false},
		{Auction1915, false, true, false, true, true, false},
		{Royalton1915, false, false, false, true, true, false},
		{Contract2017, false, false, false, false, false, false},
	} {
		r := NewRules(tc.law)
		r.Options.Chicane = r.Options.Chicane || tc.chicaneOption
		got := [5]bool{tc.law.HasHonours(), r.HasChicane(), tc.law.HasRevokes(), tc.law.RevokeChoice(), tc.law.DealerDeclares()}
		want := [5]bool{tc.honours, tc.chicane, tc.revokes, tc.choice, tc.declare}
		if got != want {
			t.Errorf("%s (chicane option %v): honours, chicane, revokes, choice, declares %v, want %v", tc.law, tc.chicaneOption, got, want)
		}
	}
}
