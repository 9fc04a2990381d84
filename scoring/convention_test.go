package scoring_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// convLines makes matchpoint lines of NS scores.
func convLines(scores ...int) []scoring.CompareLine {
	out := make([]scoring.CompareLine, len(scores))
	for i, s := range scores {
		out[i] = scoring.CompareLine{Kind: scoring.LinePlayed, NSScore: s}
	}
	return out
}

// TestConventionLineRounding: the EBU and the WBF round each line's
// Neuberg-factored matchpoints to 0.1 before adding; traveler's own keeps
// them whole.
func TestConventionLineRounding(t *testing.T) {
	ebu, _ := scoring.ParseConvention("convention", "EBU")
	wbf, _ := scoring.ParseConvention("convention", "wbf")
	own, _ := scoring.ParseConvention("convention", "")

	// Wikipedia, "Neuberg formula", Example: a board played 6 times where
	// the others were played 7; pair X scored 4 matchpoints (of 10), pair
	// Y 9: (4+1)·7/6−1 = 4.8333 and (9+1)·7/6−1 = 10.6667, "usually then
	// rounded to the nearest 0.1, so 4.8 and 10.7". Six scores giving Y 9
	// (a shared top) and X 4.
	counted, _, top := scoring.Matchpoints(convLines(620, 620, 500, 450, 420, -100), 7, scoring.MPScaleEBU)
	if top != 12 {
		t.Fatalf("top at 7 = %v, want 12", top)
	}
	for _, c := range []struct {
		conv    scoring.Convention
		y, x    float64
		exactly bool
	}{{ebu, 10.7, 4.8, true}, {wbf, 10.7, 4.8, true}, {own, 10 + 2.0/3, 4 + 5.0/6, false}} {
		y, x := c.conv.LinePoints(counted[0], top), c.conv.LinePoints(counted[3], top)
		if d := y - c.y; d > 1e-9 || d < -1e-9 {
			t.Errorf("%q: Y = %v, want %v", c.conv.Name, y, c.y)
		}
		if d := x - c.x; d > 1e-9 || d < -1e-9 {
			t.Errorf("%q: X = %v, want %v", c.conv.Name, x, c.x)
		}
	}

	// EBU Laws & Ethics, "The Neuberg Formula — the Principle": ten
	// results where eleven were expected (top 20), factored 1.1: 19.9,
	// 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1.
	lines := convLines(520, 500, 490, 480, 460, 450, 430, 420, 400, -50)
	got, _, _ := scoring.Matchpoints(lines, 11, scoring.MPScaleEBU)
	want := []float64{19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1}
	for i := range want {
		if g := ebu.LinePoints(got[i], 20); g != want[i] {
			t.Errorf("EBU line %d (%+d) = %v, want %v", i, lines[i].NSScore, g, want[i])
		}
	}
}

// TestConventionEBUFouledBoard: the EBU's scoring of a fouled board (EBU
// Laws & Ethics, Nick Doe, "Scoring of fouled boards", ebu.co.uk/
// lawsandethics/articles/general/scoringfouledboards.htm): each version is
// matchpointed on its own and factored by (M·E + (E − A))/A, E the scores
// expected, A the scores of the version, "rounded to the nearest 0.1 of a
// match point (0.05 being rounded towards average)". The article's worked
// example: a board expected 10 times (top 18) played 7 times in one form
// (top 12: 12, 10, … 0 → 17.6, 14.7, 11.9, 9.0, 6.1, 3.3, 0.4, total 63)
// and 3 in another (top 4: 4, 2, 0 → 15.7, 9.0, 2.3, total 27). The
// halves, worked from the same formula: a version played 8 times of 10
// (top 14, raw 14, 12, … 0) gives 142/8 = 17.75, 15.25, 12.75, 10.25,
// above the average 9, down (17.7, 15.2, 12.7, 10.2), and 7.75, 5.25,
// 2.75, 0.25, below it, up (7.8, 5.3, 2.8, 0.3): the version's total stays
// 72 = 8 × 9, as the article's totals do (63, 27). The WBF's rounding
// (Magic Contest's "always 1 decimal") takes every half up: 72.4.
func TestConventionEBUFouledBoard(t *testing.T) {
	ebu, _ := scoring.ParseConvention("convention", "ebu")
	wbf, _ := scoring.ParseConvention("convention", "wbf")
	check := func(name string, conv scoring.Convention, scores []int, want []float64) {
		t.Helper()
		got, _, top := scoring.Matchpoints(convLines(scores...), 10, scoring.MPScaleEBU)
		if top != 18 {
			t.Fatalf("%s: top at 10 = %v, want 18", name, top)
		}
		sum := 0.0
		for i := range want {
			g := conv.LinePoints(got[i], top)
			sum += g
			if math.Abs(g-want[i]) > 1e-9 {
				t.Errorf("%s line %d (%+d): %v rounded %v, want %v", name, i, scores[i], got[i], g, want[i])
			}
		}
		if want := 9 * float64(len(want)); name != "wbf, group of 8" && math.Abs(sum-want) > 1e-9 {
			t.Errorf("%s: total %v, want %v (the average 9 a line)", name, sum, want)
		}
	}
	// Seven different results, raw 12, 10, … 0 (2 a score beaten).
	check("ebu, group of 7", ebu, []int{700, 600, 500, 400, 300, 200, 100}, []float64{17.6, 14.7, 11.9, 9.0, 6.1, 3.3, 0.4})
	check("ebu, group of 3", ebu, []int{300, 200, 100}, []float64{15.7, 9.0, 2.3})
	// Eight: raw 14, 12, 10, 8, 6, 4, 2, 0 → 142/8 … 2/8.
	eight := []int{800, 700, 600, 500, 400, 300, 200, 100}
	check("ebu, group of 8", ebu, eight, []float64{17.7, 15.2, 12.7, 10.2, 7.8, 5.3, 2.8, 0.3})
	check("wbf, group of 8", wbf, eight, []float64{17.8, 15.3, 12.8, 10.3, 7.8, 5.3, 2.8, 0.3})
}

// TestConventionButler: bridge-scorer's Butler datum (richardschneider/
// bridge-scorer, MIT, lib/imps.js and test/imps.js, after the Woburn
// Sands club's "Butler Pairs Scoring") drops no score of three and rounds
// a half up; traveler's own drops one at each end and rounds a half away
// from zero.
func TestConventionButler(t *testing.T) {
	bs, err := scoring.ParseConvention("convention", "bridge-scorer")
	if err != nil {
		t.Fatal(err)
	}
	own := scoring.Convention{}
	for _, c := range []struct {
		name      string
		scores    []int
		bs, owned int
	}{
		// test/imps.js "calcs datum for 3 or less games": +650, +170, +200 → 340.
		{"three games", []int{650, 170, 200}, 340, 200},
		// test/imps.js "calcs datum for 10 or less games" (Woburn Sands'
		// example, NS view): −650, −170, −1440, +100, −170, −200 → −300.
		{"Woburn Sands", []int{-650, -170, -1440, 100, -170, -200}, -300, -300},
		// A mean of −305: Math.round(−30.5) is −30 in JavaScript
		// (ECMA-262 Math.round: halves toward +∞), so bridge-scorer gives
		// −300 where traveler's halves away from zero give −310.
		{"negative half", []int{-300, -310}, -300, -310},
	} {
		if got := bs.ButlerDatum(c.scores, 10); got != c.bs {
			t.Errorf("%s: bridge-scorer datum = %d, want %d", c.name, got, c.bs)
		}
		if got := own.ButlerDatum(c.scores, 10); got != c.owned {
			t.Errorf("%s: traveler datum = %d, want %d", c.name, got, c.owned)
		}
	}
	// Woburn Sands' IMPs against −300 (test/imps.js "assigns imps based on
	// the datum"): −8, 4, −15, 9, 4, 3.
	ns, _, _ := bs.ButlerLines(convLines(-650, -170, -1440, 100, -170, -200), nil, 10)
	for i, want := range []float64{-8, 4, -15, 9, 4, 3} {
		if ns[i] != want {
			t.Errorf("Woburn Sands line %d = %v IMPs, want %v", i, ns[i], want)
		}
	}
	// The drop rule: one up to 10 scores, two from 11 to 25, three from 26.
	for n, want := range map[int]int{3: 0, 4: 1, 10: 1, 11: 2, 25: 2, 26: 3, 40: 3, 41: 4} {
		if got := scoring.ButlerDropWoburn.Trim(n); got != want {
			t.Errorf("Woburn drop of %d scores = %d, want %d", n, got, want)
		}
	}
}

// TestConventionCrossIMPSum: bridge-tips.co.il's "scoring.pdf" (quoted by
// bridge-scorer's test/imps.js "scores cross imps"): +620, +170, +140,
// +140, −100 average 10.50, −0.25, −1.25, −1.25, −7.75 cross-IMPs; summed
// over the four comparisons they are 42, −1, −5, −5, −31.
func TestConventionCrossIMPSum(t *testing.T) {
	sum, _ := scoring.ParseConvention("convention", "sum-cross-imps")
	lines := convLines(620, 170, 140, 140, -100)
	avg, _ := scoring.CrossIMPLines(lines, nil)
	tot, ew := sum.CrossIMPLines(lines, nil)
	for i, want := range []float64{10.5, -0.25, -1.25, -1.25, -7.75} {
		if avg[i] != want {
			t.Errorf("line %d averaged = %v, want %v", i, avg[i], want)
		}
		if tot[i] != 4*want || ew[i] != -4*want {
			t.Errorf("line %d summed = %v/%v, want %v", i, tot[i], ew[i], 4*want)
		}
	}
	// An assigned line's parts are summed the same way: +620 split 50/50
	// with +170 among the others gives the mean of the two lines' sums.
	parts := [][]scoring.Weighted{nil, nil, nil, nil, {{NSScore: 620, Weight: 0.5}, {NSScore: 170, Weight: 0.5}}}
	lines[4] = scoring.CompareLine{Kind: scoring.LineAssigned}
	a, _ := scoring.CrossIMPLines(lines, parts)
	s, _ := sum.CrossIMPLines(lines, parts)
	for i := range a {
		if d := s[i] - 4*a[i]; d > 1e-9 || d < -1e-9 {
			t.Errorf("assigned board line %d: summed %v, averaged %v (×4 = %v)", i, s[i], a[i], 4*a[i])
		}
	}
}

// TestConventionCrossIMPSumArtificial: an artificial adjusted score when
// cross-IMPs are summed. The ACBL's scoring program documents its IMP
// methods (ACBLscore manual, "IMP scoring methods",
// web2.acbl.org/acblscore/manual/83.htm): "Total IMPs: Each result is
// IMPed with every other result on a board. The sum of the IMP comparisons
// is the score. ADJUSTED BOARDS: AVE 0 IMPs, AVE+ 3 IMPs x (number of
// results - 1)", and for "Average IMPs" and the datum methods "AVE+ 3
// IMPs". By hand, a board with five results, +620, +170, +140, +140 and
// one average plus/average minus (60/40): summed, the artificial line is
// 3 × (5 − 1) = +12 for NS and −12 for EW (and 50 % is 0); averaged, the
// +3 and −3 of Law 12C2(a). The four played lines are summed over their
// three comparisons: +620 wins 10, 10 and 10 IMPs (450, 480, 480: the
// 430–490 step of the Law 78B table) = 30.
func TestConventionCrossIMPSumArtificial(t *testing.T) {
	sum, _ := scoring.ParseConvention("convention", "sum-cross-imps")
	lines := append(convLines(620, 170, 140, 140), scoring.CompareLine{Kind: scoring.LineArtificial, NSPercent: 60, EWPercent: 40})
	tot, tew := sum.CrossIMPLines(lines, nil)
	if tot[4] != 12 || tew[4] != -12 {
		t.Errorf("summed: the artificial line is %v/%v, want +12/-12 (3 IMPs x 4 comparisons)", tot[4], tew[4])
	}
	if tot[0] != 30 {
		t.Errorf("summed: +620 = %v, want 30", tot[0])
	}
	avg, aew := scoring.CrossIMPLines(lines, nil)
	if avg[4] != 3 || aew[4] != -3 {
		t.Errorf("averaged: the artificial line is %v/%v, want +3/-3", avg[4], aew[4])
	}
	// A line not played is no result: three played and the artificial one
	// make four results, so 3 x 3 = 9.
	lines[3] = scoring.CompareLine{Kind: scoring.LineNotPlayed}
	if tot, _ = sum.CrossIMPLines(lines, nil); tot[4] != 9 {
		t.Errorf("summed with one line not played: %v, want 9", tot[4])
	}
	lines[4].NSPercent, lines[4].EWPercent = 50, 50
	if tot, tew = sum.CrossIMPLines(lines, nil); tot[4] != 0 || tew[4] != 0 {
		t.Errorf("summed 50/50: %v/%v, want 0/0", tot[4], tew[4])
	}
}

// TestConventionPercentAndPlace: RealBridge cuts 48.125 % to 48.12 (issue
// 27: its results show 48.12 where traveler rounds to 48.13); places
// shared are written "2=" by bridge-scorer (test/rank.js "ranks the
// results with ties": 40, 20, 20, 10 → 1, 2=, 2=, 4) and the EBU.
func TestConventionPercentAndPlace(t *testing.T) {
	rb, _ := scoring.ParseConvention("convention", "RealBridge")
	if got := rb.Percentage(385, 800); got != 48.12 {
		t.Errorf("RealBridge 385/800 = %v %%, want 48.12", got)
	}
	if got := (scoring.Convention{}).Percentage(385, 800); got != 48.13 {
		t.Errorf("traveler 385/800 = %v %%, want 48.13", got)
	}
	bs, _ := scoring.ParseConvention("convention", "bridge-scorer")
	places := scoring.Places([]float64{10, 20, 20, 40})
	holding := map[int]int{}
	for _, p := range places {
		holding[p]++
	}
	var got []string
	for _, p := range places {
		got = append(got, bs.Place(p, holding[p]))
	}
	if want := []string{"4", "2=", "2=", "1"}; !slices.Equal(got, want) {
		t.Errorf("bridge-scorer places = %v, want %v", got, want)
	}
	if got := (scoring.Convention{}).Place(2, 2); got != "2" {
		t.Errorf("traveler's shared place = %q, want 2", got)
	}
	if _, err := scoring.ParseConvention("convention", "acme"); err == nil || !strings.Contains(err.Error(), "ebu") {
		t.Errorf("unknown convention: %v, want an error naming the ones allowed", err)
	}
}

// TestConventionAdjustedNorway: the Norwegian Bridge Federation's
// tournament rules (Turneringsreglement for Norsk Bridgeforbund, 3.2.3,
// "Regnskapet" of pairs events, as printed in the NBF's lovbok): "Når
// justert score gjør at en scoringsgruppe reduseres, får hver deltager 1
// poeng for hver justert score. (Populært sagt senkes toppen og heves
// bunnen med 1 poeng for hver justert score.) Dersom arrangøren i stedet
// ønsker å benytte Neubergs formel, må dette kunngjøres" — each real
// result gets 1 point for each adjusted score, the top lowered and the
// bottom raised by 1; Neuberg only if announced. By hand: a board played
// five times (top 8), one line given 60 %/40 %, four real lines +620,
// +600, +450, +420: 6, 4, 2, 0 among themselves, each +1 → 7, 5, 3, 1;
// the adjusted line 4.8 and 3.2 (60 % and 40 % of 8); all lines together
// share 5 × 8 = 40. traveler's own scales by Neuberg, (raw+1)·5/4−1:
// 7.75, 5.25, 2.75, 0.25.
func TestConventionAdjustedNorway(t *testing.T) {
	no, err := scoring.ParseConvention("convention", "Norway")
	if err != nil {
		t.Fatal(err)
	}
	lines := convLines(620, 600, 450, 420, 0)
	lines[4] = scoring.CompareLine{Kind: scoring.LineArtificial, NSPercent: 60, EWPercent: 40}
	for _, c := range []struct {
		conv   scoring.Convention
		ns, ew []float64
	}{
		{no, []float64{7, 5, 3, 1, 4.8}, []float64{1, 3, 5, 7, 3.2}},
		{scoring.Convention{}, []float64{7.75, 5.25, 2.75, 0.25, 4.8}, []float64{0.25, 2.75, 5.25, 7.75, 3.2}},
	} {
		ns, ew, top := c.conv.MatchpointsAssigned(lines, nil, 5, scoring.MPScaleEBU)
		if top != 8 || !sameFloats(ns, c.ns) || !sameFloats(ew, c.ew) {
			t.Errorf("%q: NS %v EW %v top %v; want NS %v EW %v top 8", c.conv.Name, ns, ew, top, c.ns, c.ew)
		}
	}
	// A board without an adjusted score is scored alike by both: Neuberg
	// for a line not played (4 of 5 played: 6, 4, 2, 0 → 7.75 … 0.25).
	plain := convLines(620, 600, 450, 420)
	plain = append(plain, scoring.CompareLine{Kind: scoring.LineNotPlayed})
	a, _, _ := no.MatchpointsAssigned(plain, nil, 5, scoring.MPScaleEBU)
	b, _, _ := scoring.MatchpointsAssigned(plain, nil, 5, scoring.MPScaleEBU)
	if !sameFloats(a, b) {
		t.Errorf("no adjusted score: Norway %v, traveler %v", a, b)
	}
	// Ruter writes a shared place as the range it covers: its real file
	// (reports/testdata/pbn/ruter_butler_2012.pbn) gives pairs 6 and 10,
	// both 29 IMPs, Rank 4 and RankTie 5.
	if got := no.Place(4, 2); got != "4-5" {
		t.Errorf("Norway's place shared by two at 4 = %q, want 4-5", got)
	}
	if got := no.Place(3, 1); got != "3" {
		t.Errorf("Norway's place held alone = %q, want 3", got)
	}
}

// TestConventionACBL: ACBLscore's manual (web2.acbl.org/acblscore/manual,
// "Fouled/Adjusted board formula"): M = N·S/n + (N−n)/2n, the WBF's
// formula ("1 per score beaten" Neuberg), "Scores are rounded to the
// nearest hundredth, .005 is rounded up"; and ("IMPs using computed
// datum") "The datum is rounded to the nearest 10 points. If the last
// digit of the computed datum is 5, it is rounded to the nearest even
// score. For example, 425 is rounded to 420 and 435 is rounded to 440."
func TestConventionACBL(t *testing.T) {
	acbl, err := scoring.ParseConvention("convention", "ACBL")
	if err != nil {
		t.Fatal(err)
	}
	// N = 5, n = 3 (two lines not played): S = 2, 1, 0 → 5·2/3 + 2/6 =
	// 3.6667 → 3.67; 5/3 + 1/3 = 2; 1/3 = 0.3333 → 0.33.
	lines := append(convLines(620, 600, 450), scoring.CompareLine{Kind: scoring.LineNotPlayed}, scoring.CompareLine{Kind: scoring.LineNotPlayed})
	ns, _, _ := scoring.MatchpointsAssigned(lines, nil, 5, scoring.MPScaleACBL)
	for i, want := range []float64{3.67, 2, 0.33} {
		if got := acbl.LinePoints(ns[i], 4); got != want {
			t.Errorf("line %d: %v rounded %v, want %v", i, ns[i], got, want)
		}
	}
	if got := acbl.LinePoints(1.005, 4); got != 1.01 {
		t.Errorf(".005 rounded to %v, want up (1.01)", got)
	}
	// The datum of 400, 425, 450 (the mean of all three, the highest and
	// lowest dropped as traveler does: 425) and of 410, 435, 460 (435).
	for _, c := range []struct {
		scores      []int
		acbl, owned int
	}{
		{[]int{400, 425, 450}, 420, 430},
		{[]int{410, 435, 460}, 440, 440},
		{[]int{-400, -425, -450}, -420, -430},
	} {
		if got := acbl.ButlerDatum(c.scores, 10); got != c.acbl {
			t.Errorf("ACBL datum of %v = %d, want %d", c.scores, got, c.acbl)
		}
		if got := (scoring.Convention{}).ButlerDatum(c.scores, 10); got != c.owned {
			t.Errorf("traveler datum of %v = %d, want %d", c.scores, got, c.owned)
		}
	}
}

// TestConventionAdjustedBriAn: BriAn 213's real file
// (reports/testdata/usebio/brian_mp_pairs.xml, board 21: played 6 times,
// one line A5050) scores the 5 real results among themselves on their own
// top of 8 (2·(5−1)), not scaled to the field's 10: +150, +100, +50, −100,
// −300 get 8, 6, 4, 2, 0; the A5050 line gets 50 % of that top, 4 and 4;
// the board's top is 8 for every line on it. traveler's own scales by
// Neuberg to 6 lines, (raw+1)·6/5−1: 9.8, 7.4, 5, 2.6, 0.2, and 5 and 5.
func TestConventionAdjustedBriAn(t *testing.T) {
	br, err := scoring.ParseConvention("convention", "BriAn")
	if err != nil {
		t.Fatal(err)
	}
	lines := convLines(100, 50, -100, 0, -300, 150)
	lines[3] = scoring.CompareLine{Kind: scoring.LineArtificial, NSPercent: 50, EWPercent: 50}
	for _, c := range []struct {
		conv   scoring.Convention
		ns, ew []float64
		top    float64
	}{
		{br, []float64{6, 4, 2, 4, 0, 8}, []float64{2, 4, 6, 4, 8, 0}, 8},
		{scoring.Convention{}, []float64{7.4, 5, 2.6, 5, 0.2, 9.8}, []float64{2.6, 5, 7.4, 5, 9.8, 0.2}, 10},
	} {
		ns, ew, top := c.conv.MatchpointsAssigned(lines, nil, 6, scoring.MPScaleEBU)
		if top != c.top || !sameFloats(ns, c.ns) || !sameFloats(ew, c.ew) {
			t.Errorf("%q: NS %v EW %v top %v; want NS %v EW %v top %v", c.conv.Name, ns, ew, top, c.ns, c.ew, c.top)
		}
	}
	// A board without an adjusted score is scored as traveler's own
	// (Neuberg for a line not played).
	plain := convLines(620, 600, 450, 420)
	plain = append(plain, scoring.CompareLine{Kind: scoring.LineNotPlayed})
	a, _, _ := br.MatchpointsAssigned(plain, nil, 5, scoring.MPScaleEBU)
	b, _, _ := scoring.MatchpointsAssigned(plain, nil, 5, scoring.MPScaleEBU)
	if !sameFloats(a, b) {
		t.Errorf("no adjusted score: BriAn %v, traveler %v", a, b)
	}
	// Pairs 9 and 13 of the file, both 110 of 238, are placed "9=".
	if got := br.Place(9, 2); got != "9=" {
		t.Errorf("BriAn's place shared by two at 9 = %q, want 9=", got)
	}
}

// TestConventionJFRTieRule: the jfr convention's standings say that its
// percentages count a board sat out at 60 % (JFR Pary's real session,
// reports/testdata/pbn/jfr_pary_2013_figures.txt), not that they are over
// the boards played, as brian's are.
func TestConventionJFRTieRule(t *testing.T) {
	jfr, err := scoring.ParseConvention("convention", "jfr")
	if err != nil {
		t.Fatal(err)
	}
	if r := jfr.TieRule(); !strings.Contains(r, "a board sat out counting 60 %") {
		t.Errorf("jfr's tie rule %q does not say a board sat out counts 60 %%", r)
	}
	brian, _ := scoring.ParseConvention("convention", "brian")
	if r := brian.TieRule(); !strings.Contains(r, "over the tops of the boards played") {
		t.Errorf("brian's tie rule %q", r)
	}
}

// TestConventionACBLTies: ACBLscore writes a shared place as the first and
// the last place it covers, parted by a slash. Its reports' parser,
// ACBLmerge (Matthew Kidd, GPLv3; morrisjones/ACBLmerge ACBLmerge.pl,
// reading ACBLscore's text results) says so: "Ranks can include ties e.g.
// 4/5", "Rank columns are at most five characters wide, e.g. an MM/NN
// tie", and "Deal with ties, e.g. 3/4 should be written "3/4th"". Two
// pairs sharing 4th are "4/5"; 12th and 13th "12/13"; three sharing 3rd
// "3/5" (the MM/NN form: first and last); a place held alone "3".
func TestConventionACBLTies(t *testing.T) {
	acbl, err := scoring.ParseConvention("convention", "acbl")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		place, holding int
		want           string
	}{
		{4, 2, "4/5"}, {12, 2, "12/13"}, {3, 3, "3/5"}, {3, 1, "3"},
	} {
		if got := acbl.Place(c.place, c.holding); got != c.want {
			t.Errorf("ACBL place %d shared by %d = %q, want %q", c.place, c.holding, got, c.want)
		}
	}
	if !strings.Contains(acbl.TieRule(), "4/5") {
		t.Errorf("ACBL tie rule %q does not say how ties are written (4/5)", acbl.TieRule())
	}
}
