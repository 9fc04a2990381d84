package scoring_test

import (
	"math/rand/v2"
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

// varied2017 returns every contract-2017 result (every contract, declarer,
// vulnerability and trick count) in an order shuffled from a fixed seed,
// so that a benchmark's branches meet varied input as a real event's do.
func varied2017() []scoring.Result {
	var out []scoring.Result
	for level := int8(1); level <= 7; level++ {
		for strain := scoring.Clubs; strain <= scoring.NoTrump; strain++ {
			for doubles := uint8(0); doubles <= 2; doubles++ {
				for _, decl := range scoring.Seats {
					for vul := scoring.VulNone; vul <= scoring.VulAll; vul++ {
						for tricks := 0; tricks <= 13; tricks++ {
							out = append(out, scoring.Result{Contract: scoring.Contract{Level: level, Strain: strain, Doubles: doubles},
								Declarer: decl, Tricks: tricks, Vulnerability: vul})
						}
					}
				}
			}
		}
	}
	rand.New(rand.NewPCG(15, 2)).Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// BenchmarkContract2017Varied scores every contract-2017 result in turn,
// itemised (Score) and net only (NSScore, a table lookup): one op is one
// result.
func BenchmarkContract2017Varied(b *testing.B) {
	results := varied2017()
	rules := scoring.NewRules(scoring.Contract2017)
	b.Run("Score", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if _, err := rules.Score(&results[i]); err != nil {
				b.Fatal(err)
			}
			if i++; i == len(results) {
				i = 0
			}
		}
	})
	b.Run("NSScore", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if _, err := rules.NSScore(&results[i]); err != nil {
				b.Fatal(err)
			}
			if i++; i == len(results) {
				i = 0
			}
		}
	})
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
		if n := testing.AllocsPerRun(100, func() { _, _ = rules.NSScore(res) }); n != 0 {
			t.Errorf("%s: %v allocations a net score, want 0", law, n)
		}
		s, _ := rules.Score(res)
		buf := make([]byte, 0, 256)
		if n := testing.AllocsPerRun(100, func() {
			for _, it := range s.Items() {
				buf, _ = it.AppendText(buf[:0])
			}
		}); n != 0 {
			t.Errorf("%s: %v allocations to write the lines into a buffer with room, want 0", law, n)
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
