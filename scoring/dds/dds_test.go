package dds

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// listDeal is one deal of DDS's own test list (hands/list100.txt): the
// deal with its dealer and vulnerability, the trick table DDS's authors
// published, and DealerPar's score and contracts.
type listDeal struct {
	deal      scoring.Deal
	dealer    scoring.Seat
	vul       scoring.Vulnerability
	table     scoring.TrickTable
	parScore  int
	parTexts  []string // DealerPar's own text: "4S*-EW-1"
	lineOfPBN int
}

// readList reads ../shared/testdata/pbn/dds_list100.txt: "PBN dealer vul
// trump first "deal"", "TABLE" with 20 numbers (strains S H D C NT, each
// for N E S W), "PAR2 "score" "contract" ...".
func readList(t testing.TB) []listDeal {
	t.Helper()
	f, err := os.Open(filepath.Join(sharedtest.Dir(t), "pbn", "dds_list100.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []listDeal
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		head, rest, _ := strings.Cut(text, " ")
		switch head {
		case "PBN":
			f := strings.Fields(rest)
			if len(f) < 5 {
				t.Fatalf("line %d: %q", line, text)
			}
			dealer, _ := strconv.Atoi(f[0])
			vul, _ := strconv.Atoi(f[1])
			deal, err := scoring.ParseDeal("deal", strings.Trim(strings.Join(f[4:], " "), `"`))
			if err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
			// DDS's vulnerable: 0 none, 1 both, 2 NS, 3 EW.
			vuls := [4]scoring.Vulnerability{scoring.VulNone, scoring.VulAll, scoring.VulNS, scoring.VulEW}
			out = append(out, listDeal{deal: deal, dealer: scoring.Seat(dealer), vul: vuls[vul], lineOfPBN: line})
		case "TABLE":
			f := strings.Fields(rest)
			if len(f) != 20 {
				t.Fatalf("line %d: %d numbers", line, len(f))
			}
			d := &out[len(out)-1]
			for k, n := range f {
				v, _ := strconv.Atoi(n)
				strain, hand := k/4, k%4
				d.table[hand][ddsStrain2Table[strain]] = uint8(v)
			}
		case "PAR2":
			var quoted []string
			for _, q := range strings.Split(rest, `"`) {
				if q = strings.TrimSpace(q); q != "" {
					quoted = append(quoted, q)
				}
			}
			d := &out[len(out)-1]
			d.parScore, _ = strconv.Atoi(quoted[0])
			d.parTexts = quoted[1:]
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// ddsStrain2Table maps DDS's strain order (S H D C NT) to the table's
// (C D H S NT), the inverse of ddsStrain.
var ddsStrain2Table = [5]int{3, 2, 1, 0, 4}

// loadForTest loads DDS with two threads; the test fails, naming the
// package to install, when the library is missing.
func loadForTest(t *testing.T) *Solver {
	t.Helper()
	if raceDetector {
		t.Skip("DDS is not loaded under the race detector (race_on.go); scripts/test runs these tests again without -race")
	}
	s, err := Load(Config{Threads: 2})
	if err != nil {
		t.Fatalf("%v (scripts/test installs libdds-dev)", err)
	}
	return s
}

// TestList100 solves the 100 deals of DDS's own test list and checks the
// 2,000 trick counts and the 100 DealerPar scores and contracts against the
// figures published with them.
func TestList100(t *testing.T) {
	list := readList(t)
	if len(list) != 100 {
		t.Fatalf("%d deals in the list, want 100", len(list))
	}
	s := loadForTest(t)
	deals := make([]scoring.Deal, len(list))
	for i, d := range list {
		deals[i] = d.deal
	}
	tables, err := s.Tables(deals)
	if err != nil {
		t.Fatal(err)
	}
	tricks, pars := 0, 0
	for i, d := range list {
		if tables[i] != d.table {
			t.Errorf("deal %d (line %d): table %v, want %v", i+1, d.lineOfPBN, tables[i], d.table)
		} else {
			tricks += 20
		}
		par, err := s.DealerPar(tables[i], d.dealer, d.vul)
		if err != nil {
			t.Fatalf("deal %d: %v", i+1, err)
		}
		var want []string
		for _, text := range d.parTexts {
			c, err := parseDealerPar(text)
			if err != nil {
				t.Fatalf("deal %d: %v", i+1, err)
			}
			want = append(want, c.String())
		}
		var got []string
		for _, c := range par.Contracts {
			got = append(got, c.String())
		}
		if par.NSScore != d.parScore || strings.Join(got, ", ") != strings.Join(want, ", ") {
			t.Errorf("deal %d (line %d): par %d %v, want %d %v", i+1, d.lineOfPBN, par.NSScore, got, d.parScore, want)
		} else {
			pars++
		}
	}
	t.Logf("%d/2000 trick counts, %d/100 par scores and contracts", tricks, pars)
}

// TestTablesInAnyNumber solves more deals than one DDS call takes, in
// one call of Tables, and gets the same tables as one deal at a time.
func TestTablesInAnyNumber(t *testing.T) {
	list := readList(t)[:MaxDeals+3]
	s := loadForTest(t)
	deals := make([]scoring.Deal, len(list))
	for i, d := range list {
		deals[i] = d.deal
	}
	all, err := s.Tables(deals)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, MaxDeals - 1, MaxDeals, MaxDeals + 2} {
		one, err := s.Tables(deals[i : i+1])
		if err != nil {
			t.Fatal(err)
		}
		if one[0] != all[i] || all[i] != list[i].table {
			t.Errorf("deal %d: alone %v, among others %v, published %v", i+1, one[0], all[i], list[i].table)
		}
	}
}

// TestDealNotWhole: a deal with a hand not given is refused, naming it.
func TestDealNotWhole(t *testing.T) {
	s := loadForTest(t)
	whole := readList(t)[0].deal
	part, err := scoring.ParseDeal("deal", "N:QJ6.K652.J85.T98 - K5.T83.KQ9.A7652 -")
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Tables([]scoring.Deal{whole, part})
	var de *DealError
	if !errors.As(err, &de) || de.Index != 1 || !strings.Contains(err.Error(), "deal 2: not every hand is given") {
		t.Fatalf("err %v, want deal 2 named", err)
	}
}

// TestNoLibrary: a library that is not there is ErrNoLibrary, naming the
// package to install and the file tried.
func TestNoLibrary(t *testing.T) {
	_, err := load(Config{Path: "/nonexistent/libdds.so.0"})
	if !errors.Is(err, ErrNoLibrary) || !strings.Contains(err.Error(), "libdds0") || !raceDetector && !strings.Contains(err.Error(), "/nonexistent/libdds.so.0") {
		t.Fatalf("err %v", err)
	}
}

// TestParseDealerPar reads every form of DealerPar's text in the list.
func TestParseDealerPar(t *testing.T) {
	for text, want := range map[string]string{
		"2S-EW": "2S EW", "4S*-EW-1": "4SX EW -1", "3N-NS+1": "3NT NS +1", "4H-E": "4H E", "1N-W+2": "1NT W +2",
	} {
		c, err := parseDealerPar(text)
		if err != nil || c.String() != want {
			t.Errorf("%s: %v %v, want %s", text, c, err, want)
		}
	}
	for _, bad := range []string{"", "8S-NS", "2X-NS", "2S+NS", "2S-NE", "2S-NS+x"} {
		if _, err := parseDealerPar(bad); err == nil {
			t.Errorf("%q read", bad)
		}
	}
}

// TestOwnParAgainstDDS: traveler's own par search (scoring.Rules.ParOf)
// run under contract-2017 with its option par_first_to_name off (the side's
// better seat, as published par) on the 100 deals finds DDS's DealerPar
// score and contracts on every one (DDS lists them in an order of its own:
// compared as sets); by default (the first of the side to name the strain
// declares, the Laws' declarer) its par score is DDS's on every one too:
// on these deals the seat never changes which side gets par.
func TestOwnParAgainstDDS(t *testing.T) {
	list := readList(t)
	rules := scoring.NewRules(scoring.Contract2017)
	if err := rules.Options.SetBool(scoring.Contract2017, "par_first_to_name", false); err != nil {
		t.Fatal(err)
	}
	firstToName := scoring.NewRules(scoring.Contract2017)
	same, sameContracts := 0, 0
	for i, d := range list {
		hands, _ := d.deal.Complete()
		own, err := rules.ParOf(&d.table, hands, d.dealer, d.vul)
		if err != nil {
			t.Fatal(err)
		}
		named, err := firstToName.ParOf(&d.table, hands, d.dealer, d.vul)
		if err != nil {
			t.Fatal(err)
		}
		if named.NSScore != d.parScore {
			t.Errorf("deal %d (line %d): par by the first to name the strain %d, DDS %d", i+1, d.lineOfPBN, named.NSScore, d.parScore)
		}
		var want, got []string
		for _, text := range d.parTexts {
			c, _ := parseDealerPar(text)
			want = append(want, c.String())
		}
		for _, c := range own.Contracts {
			got = append(got, c.String())
		}
		if own.NSScore != d.parScore {
			t.Errorf("deal %d (line %d): own par %d %v, DDS %d %v", i+1, d.lineOfPBN, own.NSScore, got, d.parScore, want)
			continue
		}
		same++
		slices.Sort(got)
		slices.Sort(want)
		if slices.Equal(got, want) {
			sameContracts++
		} else {
			t.Errorf("deal %d (line %d): contracts %v, DDS %v", i+1, d.lineOfPBN, got, want)
		}
	}
	t.Logf("%d/100 par scores as DDS's, %d/100 with the same contracts", same, sameContracts)
}

// BenchmarkList100 solves the 100 deals of DDS's list through Tables (40
// a call), as scripts/dds-bench/run compares with DDS called from C.
func BenchmarkList100(b *testing.B) {
	list := readList(b)
	s, err := Load(Config{Threads: 2})
	if err != nil {
		b.Skip(err)
	}
	deals := make([]scoring.Deal, len(list))
	for i, d := range list {
		deals[i] = d.deal
	}
	for b.Loop() {
		if _, err := s.Tables(deals); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParOfList100 is traveler's par search (scoring.Rules.ParOf) on
// the trick tables of DDS's 100 test deals, under each auction code: the
// historical codes' search follows who named each strain first
// (scoring/par_naming.go), as does contract-2017's by default (its option
// par_first_to_name on; off, it is the better seat's, as published par).
// One op is the 100 deals.
func BenchmarkParOfList100(b *testing.B) {
	list := readList(b)
	published := scoring.NewRules(scoring.Contract2017)
	if err := published.Options.SetBool(scoring.Contract2017, "par_first_to_name", false); err != nil {
		b.Fatal(err)
	}
	variants := []scoring.Rules{published}
	for _, law := range []scoring.Law{scoring.Contract2017, scoring.RoyalAuction1913, scoring.Auction1915, scoring.Royalton1915} {
		variants = append(variants, scoring.NewRules(law))
	}
	for _, rules := range variants {
		name := rules.Law.String()
		if rules.Law == scoring.Contract2017 && !rules.Options.ParFirstToName {
			name += "-published"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				for _, d := range list {
					hands, _ := d.deal.Complete()
					if _, err := rules.ParOf(&d.table, hands, d.dealer, d.vul); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
