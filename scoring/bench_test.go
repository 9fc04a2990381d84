package scoring_test

import (
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// sampleDeal is board 11 of ../shared/testdata/pbn/teams_imps_2021.pbn.
const sampleDeal = "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"

// benchResults returns, per law code, an already-parsed result with honours
// from a deal and a defenders' revoke where the code has them.
func benchResults(b testing.TB) map[scoring.Law]*scoring.Result {
	deal, err := scoring.ParseDeal("deal", sampleDeal)
	if err != nil {
		b.Fatal(err)
	}
	hands, _ := deal.Complete()
	out := map[scoring.Law]*scoring.Result{}
	for _, law := range scoring.Laws {
		rules := scoring.NewRules(law)
		text := map[scoring.Law]string{
			scoring.Bridge: "HXX", scoring.BridgePortland: "NTXXX", scoring.RoyalAuction1913: "3RSX",
			scoring.Auction1915: "4HX", scoring.Royalton1915: "3HRX", scoring.Contract2017: "4HX",
		}[law]
		c, err := rules.ParseContract(text)
		if err != nil {
			b.Fatal(err)
		}
		res := &scoring.Result{Contract: c, Declarer: scoring.East, Tricks: 9, Holding: scoring.HoldingOf(hands, c.Strain), Vulnerability: scoring.VulEW}
		if law != scoring.Contract2017 {
			res.Revokes = []scoring.Revoke{{Side: scoring.NS, Penalty: scoring.PenaltyTricks}}
		}
		out[law] = res
	}
	return out
}

// BenchmarkScore scores an already-parsed result under each law code.
func BenchmarkScore(b *testing.B) {
	results := benchResults(b)
	for _, law := range scoring.Laws {
		rules := scoring.NewRules(law)
		res := results[law]
		b.Run(law.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := rules.Score(res); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestScoreAllocatesNothing holds the engine to scoring a parsed result
// without a heap allocation (issue 2, "Speed"). It counts allocations, not
// time.
func TestScoreAllocatesNothing(t *testing.T) {
	results := benchResults(t)
	for _, law := range scoring.Laws {
		rules := scoring.NewRules(law)
		res := results[law]
		if n := testing.AllocsPerRun(100, func() { _, _ = rules.Score(res) }); n != 0 {
			t.Errorf("%s: %v allocations a score, want 0", law, n)
		}
	}
}

func BenchmarkParseContract(b *testing.B) {
	rules := scoring.NewRules(scoring.Royalton1915)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rules.ParseContract("2NLRX"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseDeal(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := scoring.ParseDeal("deal", sampleDeal); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkHoldingOf(b *testing.B) {
	deal, _ := scoring.ParseDeal("deal", sampleDeal)
	hands, _ := deal.Complete()
	b.ReportAllocs()
	for b.Loop() {
		_ = scoring.HoldingOf(hands, scoring.Hearts)
	}
}

func BenchmarkRunAuction(b *testing.B) {
	rules := scoring.NewRules(scoring.RoyalAuction1913)
	var calls []scoring.Call
	for _, s := range []string{"1NL", "1RS", "2NL", "2RS", "3NL", "3RS", "PASS", "PASS", "4NL", "PASS", "PASS", "PASS"} {
		c, err := rules.ParseCall("auction", s)
		if err != nil {
			b.Fatal(err)
		}
		calls = append(calls, c)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rules.RunAuction(scoring.South, calls); err != nil {
			b.Fatal(err)
		}
	}
}
