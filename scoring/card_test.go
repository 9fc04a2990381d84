package scoring

import "testing"

// TestParseCard: both orders, the ten as T or 10, any case; and what is
// not a card.
func TestParseCard(t *testing.T) {
	for in, want := range map[string]string{"SA": "SA", "as": "SA", "h7": "H7", "DT": "DT", "d10": "DT", "10C": "CT", " c2 ": "C2"} {
		c, err := ParseCard("lead", in)
		if err != nil || c.String() != want {
			t.Errorf("ParseCard(%q) = %v, %v; want %s", in, c, err, want)
		}
	}
	for _, in := range []string{"", "S", "SX", "1S", "ZA", "SAK", "S11"} {
		if _, err := ParseCard("lead", in); err == nil {
			t.Errorf("ParseCard(%q): no error", in)
		}
	}
	// West holds the ace of spades and the two of clubs (PBN, W first).
	d, err := ParseDeal("deal", "W:A.AKQJT98765.2.2 - - -")
	if err != nil {
		t.Fatal(err)
	}
	sa, _ := ParseCard("lead", "SA")
	sk, _ := ParseCard("lead", "SK")
	c2, _ := ParseCard("lead", "C2")
	if h := d.Hands[West]; !h.Has(sa) || !h.Has(c2) || h.Has(sk) {
		t.Errorf("West %s: Has(SA) %v, Has(C2) %v, Has(SK) %v; want true true false", h, h.Has(sa), h.Has(c2), h.Has(sk))
	}
}

// FuzzParseCard: whatever it reads writes back as a card it reads again.
func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"SA", "10d", "h7", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCard("lead", s)
		if err != nil {
			return
		}
		again, err := ParseCard("lead", c.String())
		if err != nil || again != c {
			t.Errorf("%q read as %v, written %q, read again as %v, %v", s, c, c.String(), again, err)
		}
	})
}
