package scoring_test

import (
	"strconv"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// BenchmarkSolveNullo solves the nullos of DDS's 100 test deals
// (../shared/testdata/pbn/dds_list100.txt), one deal an iteration in turn,
// within budget positions each (scoring.NulloBudget and smaller), and
// reports the share of deals solved within it (solved/op) beside the time.
func BenchmarkSolveNullo(b *testing.B) {
	deals, errs := readDDS(sharedtest.Path(b, "pbn/dds_list100.txt"))
	if len(errs) > 0 || len(deals) != 100 {
		b.Fatalf("%d deals, %v", len(deals), errs)
	}
	hands := make([][4]scoring.Hand, len(deals))
	for i, d := range deals {
		deal, err := scoring.ParseDeal("deal", d.deal)
		if err != nil {
			b.Fatal(err)
		}
		hands[i] = deal.Hands
	}
	for _, budget := range []int{200_000, scoring.NulloBudget} {
		b.Run(strconv.Itoa(budget), func(b *testing.B) {
			solved := 0
			for i := 0; i < b.N; i++ {
				if _, ok := scoring.SolveNullo(hands[i%len(hands)], budget); ok {
					solved++
				}
			}
			b.ReportMetric(float64(solved)/float64(b.N), "solved/op")
		})
	}
}
