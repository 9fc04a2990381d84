package reports

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// ddsListAnalysed reads DDS's 100 test deals
// (../shared/testdata/pbn/dds_list100.txt: a PBN line with the deal and a
// TABLE line with its tricks, strains S H D C NT each for N E S W) as
// analyses, numbered 1 to 100, dealer and vulnerability by the number.
func ddsListAnalysed(tb testing.TB) []tournament.Analysis {
	tb.Helper()
	f, err := os.Open(sharedtest.Path(tb, "pbn", "dds_list100.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	strains := [5]scoring.Strain{scoring.Spades, scoring.Hearts, scoring.Diamonds, scoring.Clubs, scoring.NoTrump}
	var out []tournament.Analysis
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "PBN "):
			q := strings.Split(line, `"`)
			deal, err := scoring.ParseDeal("deal", q[1])
			if err != nil {
				tb.Fatal(err)
			}
			n := len(out) + 1
			out = append(out, tournament.Analysis{Board: n, Deal: deal, Dealer: scoring.BoardDealer(n), Vulnerability: scoring.BoardVulnerability(n)})
		case strings.HasPrefix(line, "TABLE "):
			w := strings.Fields(line)[1:]
			an := &out[len(out)-1]
			for k, s := range w {
				v, err := strconv.Atoi(s)
				if err != nil {
					tb.Fatal(err)
				}
				an.Tricks[k%4][strains[k/4]] = uint8(v)
			}
		}
	}
	if len(out) != 100 {
		tb.Fatalf("%d deals", len(out))
	}
	return out
}

// handSetAnalysed reads a real PBN hand set's games with a Deal and an
// OptimumResultTable (the file's double-dummy tricks) as analyses.
func handSetAnalysed(tb testing.TB, path string) []tournament.Analysis {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	games, err := ReadPBN(f)
	if err != nil {
		tb.Fatal(err)
	}
	var out []tournament.Analysis
	for i := range games {
		g := &games[i]
		opt, err := g.OptimumResults()
		if err != nil || len(opt) != 20 || g.Value("Deal") == "" {
			continue
		}
		deal, err := scoring.ParseDeal("deal", g.Value("Deal"))
		if err != nil {
			tb.Fatal(err)
		}
		n, err := strconv.Atoi(g.Value("Board"))
		if err != nil {
			tb.Fatal(err)
		}
		an := tournament.Analysis{Board: n, Deal: deal, Dealer: scoring.BoardDealer(n), Vulnerability: scoring.BoardVulnerability(n)}
		for _, o := range opt {
			an.Tricks[o.Declarer][o.Strain] = uint8(o.Tricks)
		}
		out = append(out, an)
	}
	return out
}

// BenchmarkDeclarationNullo finds each side's best declaration under
// royalton-1915 (nullos included) on real deals — DDS's 100 test deals
// and two clubs' hand sets with their double-dummy tables — one board an
// iteration in turn, the nullo questions within the service's budget
// (DeclarationNulloBudget) and a larger one. It reports the share of
// boards whose best declarations are settled, nullos judged (judged/op),
// the boards where a nullo is a side's best (nullobest/op) and the
// positions searched (positions/op).
func BenchmarkDeclarationNullo(b *testing.B) {
	sets := map[string][]tournament.Analysis{
		"dds100":     ddsListAnalysed(b),
		"hazlemere":  handSetAnalysed(b, "testdata/pbn/hazlemere_trophy_2015.pbn"),
		"bridgewebs": handSetAnalysed(b, "testdata/pbn/bridgewebs_hands_2025.pbn"),
	}
	rules := scoring.NewRules(scoring.Royalton1915)
	for _, name := range []string{"dds100", "hazlemere", "bridgewebs"} {
		boards := sets[name]
		for _, budget := range []int{DeclarationNulloBudget, 2_000_000} {
			b.Run(name+"/"+strconv.Itoa(budget), func(b *testing.B) {
				judged, nullo, positions := 0, 0, 0
				for i := 0; i < b.N; i++ {
					bd := newDeclBoard(&rules, &boards[i%len(boards)], budget)
					if bd.bestErr != nil {
						b.Fatal(bd.bestErr)
					}
					if !bd.nulloOut {
						judged++
					}
					for _, sb := range bd.best {
						for _, c := range sb.best {
							if c.Strain == scoring.Nullo {
								nullo++
								break
							}
						}
					}
					positions += bd.nullo.Positions()
				}
				b.ReportMetric(float64(judged)/float64(b.N), "judged/op")
				b.ReportMetric(float64(nullo)/float64(b.N), "nullobest/op")
				b.ReportMetric(float64(positions)/float64(b.N), "positions/op")
			})
		}
	}
}
