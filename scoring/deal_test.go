package scoring_test

import (
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// TestDealPBN: a deal as a hand record prints as its PBN value, from its
// first seat, "-" for a hand not given; one that gives no hand (the zero
// Deal, a board without a hand record) prints as "" and is Empty.
func TestDealPBN(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"N:AKQ2.K73.A84.Q62 J95.QJ8.KQ73.K84 T843.A62.J5.AJT9 76.T954.T962.753", "N:AKQ2.K73.A84.Q62 J95.QJ8.KQ73.K84 T843.A62.J5.AJT9 76.T954.T962.753"},
		{"e:j95.qj8.kq73.k84  t843.a62.j5.ajt9 - akq2.k73.a84.q62", "E:J95.QJ8.KQ73.K84 T843.A62.J5.AJT9 - AKQ2.K73.A84.Q62"},
		{"W:- - - -", ""},
	} {
		d, err := scoring.ParseDeal("deal", c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if got := d.PBN(); got != c.want || d.Empty() != (c.want == "") {
			t.Errorf("%q: PBN %q, Empty %v; want %q", c.in, got, d.Empty(), c.want)
		}
		if c.want == "" {
			continue
		}
		back, err := scoring.ParseDeal("deal", d.PBN())
		if err != nil || back != d {
			t.Errorf("%q: %q reads back as %+v (%v), want %+v", c.in, d.PBN(), back, err, d)
		}
	}
	var zero scoring.Deal
	if !zero.Empty() || zero.PBN() != "" {
		t.Errorf("the zero Deal: Empty %v, PBN %q; want true and \"\"", zero.Empty(), zero.PBN())
	}
}
