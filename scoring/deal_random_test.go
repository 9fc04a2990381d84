package scoring_test

import (
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// TestRandomDealIsADeal: every deal holds the 52 cards, 13 a hand, and
// reads back as the PBN it writes.
func TestRandomDealIsADeal(t *testing.T) {
	r := scoring.CryptoRand()
	for range 1000 {
		d := scoring.RandomDeal(r)
		var all scoring.Hand
		for _, h := range d.Hands {
			if h.Count() != 13 || all&h != 0 {
				t.Fatalf("%s: a hand of %d cards, or a card twice", d, h.Count())
			}
			all |= h
		}
		back, err := scoring.ParseDeal("deal", d.String())
		if err != nil || back.Hands != d.Hands {
			t.Fatalf("%s read back as %v, %v", d, back, err)
		}
	}
}

// TestRandomDealIsUniform: over 20,000 deals from the crypto generator,
// each card goes to each seat about as often as any other (Pearson's
// chi-square over the 52×4 cells, 153 degrees of freedom: the bound, 290,
// is exceeded by a fair dealer about once in 10^12 runs; the classic
// off-by-one shuffle, j drawn below i instead of up to it, gives some 1,300).
func TestRandomDealIsUniform(t *testing.T) {
	const deals = 20000
	r := scoring.CryptoRand()
	var count [52][4]int
	for range deals {
		d := scoring.RandomDeal(r)
		for seat, h := range d.Hands {
			for c := range 52 {
				if h&(1<<c) != 0 {
					count[c][seat]++
				}
			}
		}
	}
	expected := float64(deals) / 4
	chi := 0.0
	for c := range 52 {
		for seat := range 4 {
			d := float64(count[c][seat]) - expected
			chi += d * d / expected
		}
	}
	if chi > 290 {
		t.Fatalf("chi-square %.1f over 153 degrees of freedom: the cards do not fall evenly", chi)
	}
	t.Logf("chi-square %.1f (153 degrees of freedom, mean 153)", chi)
}
