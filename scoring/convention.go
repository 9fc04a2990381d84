package scoring

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Convention is the arithmetic a results program or a federation chooses
// where the laws leave it open: how a line's matchpoints are rounded before
// they are added, how a percentage is cut to two decimals, how a Butler
// datum is made, whether cross-IMPs are summed or averaged, how a tied place
// is written. The zero Convention is traveler's own (Compscore3's, as the
// shared testdata README lists it).
type Convention struct {
	Name string // the name an event is given it by ("" for traveler's own)
	Doc  string // what it does, in a few words, for the pages

	// LineDecimals: each line's matchpoints, Neuberg-factored ones
	// included, are rounded to this many decimals (halves up) before a
	// pair's total adds them; 0 leaves them unrounded.
	LineDecimals int
	// LineHalfToAverage: a line's matchpoints exactly halfway between two
	// roundings (0.05 at LineDecimals 1) go towards the board's average,
	// half its top, rather than up (the EBU's "0.05 being rounded towards
	// average").
	LineHalfToAverage bool
	// PercentDown: a pair's percentage is cut to two decimals (48.125 →
	// 48.12) rather than rounded, halves away from zero (48.13).
	PercentDown bool
	// ButlerDrop: how many of the highest and of the lowest scores a
	// Butler datum leaves out (ButlerDropOne, ButlerDropWoburn).
	ButlerDrop ButlerDrop
	// ButlerHalf: how a datum halfway between two multiples of its round
	// is rounded (HalfAway, HalfUp, HalfEven).
	ButlerHalf HalfRule
	// CrossIMPSum: a line's cross-IMPs are the sum over the other lines,
	// not their average.
	CrossIMPSum bool
	// Ties: how a shared place is written (TiesPlain "3", TiesEquals
	// "3=", TiesRange "4-5", TiesSlash "4/5").
	Ties TieStyle
	// Adjusted: how the real results of a board with an artificial
	// adjusted score are matchpointed (AdjustedNeuberg, AdjustedPointEach, AdjustedOwnTop).
	Adjusted AdjustedRule
	// PlaceByPercentage: matchpoint places follow the percentages (each
	// over the tops of the boards the pair played) rather than the totals
	// scaled to the most boards played, as BriAn places pairs whose scaled
	// totals are equal.
	PlaceByPercentage bool
	// TotalOfSection: a matchpoint pair's total is factored to the most
	// boards any pair of its section played (both directions of a
	// two-winner movement alike), written to two decimals, and its
	// percentage is that written total over as many tops (ACBLscore's,
	// as two real ACBL club games show: reports/testdata/acbl).
	TotalOfSection bool
	// SitOutPercent: a matchpoint pair's percentage counts each board of
	// the session it did not play (a sit-out) at this percentage, over
	// the tops of all the boards; 0 ranks a pair on the boards it played
	// (JFR Pary's 60, as its real session shows: reports/testdata/pbn/
	// jfr_pary_2013_figures.txt).
	SitOutPercent float64
}

// HalfRule is how a figure halfway between two rounds is rounded.
type HalfRule uint8

// The rules for halves.
const (
	// HalfAway: away from zero, −305 → −310, 425 → 430 (traveler's own,
	// as Compscore3's real file shows).
	HalfAway HalfRule = iota
	// HalfUp: towards +∞, −305 → −300 (JavaScript's Math.round, as the
	// npm package bridge-scorer uses it).
	HalfUp
	// HalfEven: to the even round, 425 → 420, 435 → 440 (ACBLscore's
	// computed datum).
	HalfEven
)

// TieStyle is how a place shared by several entrants is written.
type TieStyle uint8

// The ways of writing a shared place.
const (
	TiesPlain  TieStyle = iota // "3", as for a place held alone (traveler's own, Compscore3's file)
	TiesEquals                 // "3=" (the EBU; bridge-scorer's lib/rank.js)
	TiesRange                  // "4-5", the first and last place shared (Ruter's Rank and RankTie)
	TiesSlash                  // "4/5", the first and last place shared (ACBLscore's reports)
)

// AdjustedRule is how the real results of a board that has an artificial
// adjusted score (average plus, 60/40, …) among its lines are scored.
type AdjustedRule uint8

// The adjusted-score rules.
const (
	// AdjustedNeuberg: the real results are matchpointed among themselves
	// and scaled by Neuberg to the lines the board is scored as if
	// played, (raw+u)·n/m − u (traveler's own, Compscore3's, the EBU's
	// and the WBF's; ACBLscore's "fouled/adjusted board formula").
	AdjustedNeuberg AdjustedRule = iota
	// AdjustedPointEach: each real result gets, besides its points among
	// the real results, half a score beaten (1 matchpoint on the 2-and-1
	// scale) for each artificial score on the board: the top is lowered
	// and the bottom raised by 1 for each (Norsk Bridgeforbund's
	// Turneringsreglement 3.2.3). A board short of lines besides is then
	// scaled by Neuberg from the lines it has to the full number.
	AdjustedPointEach
	// AdjustedOwnTop: on a board with an artificial score the real
	// results are matchpointed among themselves on their own top (2(m−1)
	// for m of them), not scaled; each artificial line gets its
	// percentage of that top, and the board counts that top, not the
	// field's, in the possible of each pair on it (BriAn's, as its real
	// file shows: reports/testdata/usebio/brian_mp_pairs.xml).
	AdjustedOwnTop
)

// ButlerDrop is a rule for how many scores a Butler datum drops at each end.
type ButlerDrop uint8

// The Butler datum rules.
const (
	// ButlerDropOne drops the highest and the lowest score (Compscore3,
	// shared testdata README), leaving at least one score.
	ButlerDropOne ButlerDrop = iota
	// ButlerDropWoburn drops none of 3 or fewer scores, else
	// ⌈(n−10)/15⌉+1 at each end: one up to 10 scores, two up to 25, three
	// up to 40 (the Woburn Sands club's "Butler Pairs Scoring" as the npm
	// package bridge-scorer, lib/imps.js, implements it).
	ButlerDropWoburn
)

// Trim returns how many scores a datum of n scores drops at each end.
func (d ButlerDrop) Trim(n int) int {
	if d == ButlerDropWoburn {
		if n <= 3 {
			return 0
		}
		return (n-10+14)/15 + 1 // ⌈(n−10)/15⌉+1; n−10 > −15 here, so the division rounds as ⌈⌉ does
	}
	return 1
}

// Conventions are the named conventions an event may be given, by name.
// Each choice is cited where it is documented:
//
//   - EBU: the English Bridge Union's scorers round each line's matchpoints,
//     Neuberg-factored ones to 0.1, before adding (EBU Laws & Ethics, "The
//     Neuberg Formula", ebu.co.uk/lawsandethics/articles/neuberg; the
//     worked example of Wikipedia's "Neuberg formula": 4.8333 → 4.8,
//     10.6667 → 10.7), "0.05 being rounded towards average" (EBU Laws &
//     Ethics, Nick Doe, "Scoring of fouled boards", ebu.co.uk/
//     lawsandethics/articles/general/scoringfouledboards.htm: 15.25 on a
//     top of 18 is 15.2, 2.75 is 2.8); tied places written "3=".
//   - EBUScore: the EBU's club program does not round to 0.1 as the
//     EBU's article specifies: its real file (reports/testdata/usebio/
//     ebuscore_pairs_two_sections.xml, EBUScore Pairs 1.2.20) writes a
//     Neuberg-factored line to two decimals, halves up (board 8, 16
//     results scaled to 17: 29.8125 → 29.81, 22.375 → 22.38, 0.0625 →
//     0.06), and each of its 35 percentages is the sum of its lines as
//     written over the top (32) times the boards played, to two decimals
//     (pair A1: 209.38 / 512 = 40.89 %); its shared places are taken to
//     be written as the EBU's (the file has none).
//   - WBF: "all board scores are rounded as early as possible to one
//     decimal place, then the scores are added up" (Magic Contest's
//     manual, "Number of decimals", "WBF scoring (always 1 decimal)").
//   - bridge-scorer: the npm package's Butler datum (ButlerDropWoburn,
//     Math.round: halves up) and its places written "2=" (lib/rank.js).
//   - RealBridge: percentages cut to two decimals (48.125 → 48.12, seen
//     in RealBridge's results by issue 27).
//   - sum-cross-imps: cross-IMPs summed over the comparisons rather than
//     averaged (EBU forum, "Factoring manually": the totals of a
//     cross-IMP game are sums, factored by boards played); an artificial
//     score ±3 IMPs for each other result on the board, as ACBLscore
//     scores its "Total IMPs" (CrossIMPLines).
//   - ACBL: ACBLscore's manual, "Fouled/Adjusted board formula" (the
//     WBF's Neuberg; "Scores are rounded to the nearest hundredth, .005
//     is rounded up") and "IMP scoring methods" (a computed datum "rounded
//     to the nearest 10 points. If the last digit … is 5, it is rounded
//     to the nearest even score": 425 → 420, 435 → 440). Its default
//     drop of "5% high and 5% low" scores is not taken: the manual does
//     not say how 5 % of a count is rounded, so the datum drops traveler's
//     one at each end. Its totals and percentages as two real club
//     games scored by ACBLscore 833 show them (reports/testdata/acbl,
//     ACBL Live for Clubs): every pair's total is factored to the most
//     boards any pair of the section played, a two-winner Mitchell's NS
//     pairs too when each sat out a round (163.5 × 26/24 = 177.125,
//     written 177.13), and the percentage is the total as written over
//     as many tops (177.13 / 286 = 61.93; 43.31 / 72 = 60.15, where the
//     unrounded 43.3125 would make 60.16).
//   - BriAn: the English club program's real file (BriAn 213,
//     reports/testdata/usebio/brian_mp_pairs.xml): board 21's 5 real
//     results beside an A5050 line are scored 8, 6, 4, 2, 0 on their own
//     top of 8 and the A5050 line 4 and 4; every pair's percentage is its
//     points over the sum of the tops of the boards it played (129/208 =
//     62.01923 for pair 1, 20 boards of top 10 and board 21's 8): all 13
//     of its percentages; its shared place is written "9=".
//   - JFR: JFR Pary, the Polish federation's pairs program (4.1.0.23, a
//     real Warsaw club session: reports/testdata/pbn/jfr_pary_2013_figures.txt):
//     its 594 line percentages are traveler's own arithmetic (Neuberg for
//     an average plus, a weighted score compared fractionally), and each
//     of its 23 percentages is the mean of the pair's 27 boards with the
//     3 boards it sat out (its opponents absent, JFR's "TD 60.00 0.00"
//     line) at 60 %; it places pairs on those percentages.
//   - ACBL: ACBLscore's manual (its "Fouled/Adjusted board formula":
//     scores rounded to the nearest hundredth, .005 up; a computed datum's
//     5 rounded to the even 10); a shared place written as the first and
//     last places it covers, "4/5", as ACBLscore prints it (its game file
//     keeps each rank as a low and a high, section_rank_low and
//     section_rank_high in ACBLmerge's ACBLgamedecode.pm, and ACBLmerge.pl,
//     which reads ACBLscore's reports: "Ranks can include ties e.g. 4/5",
//     "an MM/NN tie"; morrisjones/ACBLmerge, GPLv3).
//   - Norway: the Norsk Bridgeforbund's Turneringsreglement 3.2.3 (1
//     point to each real result for each adjusted score on the board,
//     Neuberg only if announced); shared places written as Ruter i Norge
//     writes them, "4-5" (Rank and RankTie of its real file,
//     reports/testdata/pbn/ruter_butler_2012.pbn, whose Butler datums
//     and IMPs are traveler's own to the last line).
var Conventions = map[string]Convention{
	"acbl": {Name: "acbl", LineDecimals: 2, ButlerHalf: HalfEven, TotalOfSection: true, Ties: TiesSlash,
		Doc: "ACBLscore's: each line's matchpoints rounded to 0.01 (.005 up) before adding; every pair's total factored to the section's boards and its percentage taken from that total as written; a Butler datum's half rounded to the even 10 (425 is 420); shared places written 4/5"},
	"jfr": {Name: "jfr", SitOutPercent: 60, PlaceByPercentage: true,
		Doc: "JFR Pary's (Poland): a board a pair sat out counts 60 % in its percentage, over all the session's boards; places follow the percentages"},
	"norway": {Name: "norway", Adjusted: AdjustedPointEach, Ties: TiesRange,
		Doc: "the Norwegian federation's (Ruter's): on a board with an adjusted score each real result gets 1 matchpoint for each adjusted score, not Neuberg; shared places written 4-5"},
	"brian": {Name: "brian", Adjusted: AdjustedOwnTop, Ties: TiesEquals, PlaceByPercentage: true,
		Doc: "BriAn's: on a board with an adjusted score the real results are scored on their own smaller top, not rescaled, and the board counts that top in each pair's percentage; places follow the percentages; shared places written 3="},
	"ebu": {Name: "ebu", LineDecimals: 1, LineHalfToAverage: true, Ties: TiesEquals,
		Doc: "the EBU's: each line's matchpoints rounded to 0.1 before adding, 0.05 towards the board's average; shared places written 3="},
	"ebuscore": {Name: "ebuscore", LineDecimals: 2, Ties: TiesEquals,
		Doc: "EBUScore's: each line's matchpoints, Neuberg-factored ones included, rounded to 0.01 (halves up) before adding; shared places written 3="},
	"wbf": {Name: "wbf", LineDecimals: 1,
		Doc: "the WBF's: each line's matchpoints rounded to 0.1 before adding"},
	"bridge-scorer": {Name: "bridge-scorer", ButlerDrop: ButlerDropWoburn, ButlerHalf: HalfUp, Ties: TiesEquals,
		Doc: "bridge-scorer's: a Butler datum of all of three scores, halves rounded up; shared places written 3="},
	"realbridge": {Name: "realbridge", PercentDown: true,
		Doc: "RealBridge's: percentages cut to two decimals (48.125 is 48.12)"},
	"sum-cross-imps": {Name: "sum-cross-imps", CrossIMPSum: true,
		Doc: "cross-IMPs summed over the comparisons, not averaged; an artificial score is 3 IMPs for each other result on the board (ACBLscore's Total IMPs)"},
}

// travelerDoc says what traveler's own convention does.
const travelerDoc = "traveler's own (Compscore3's): lines added unrounded, percentages rounded half away from zero, a Butler datum without the highest and lowest score"

// ConventionNames lists the names ParseConvention takes, sorted, after
// "traveler" (the default).
func ConventionNames() []string {
	out := make([]string, 0, len(Conventions)+1)
	for n := range Conventions {
		out = append(out, n)
	}
	slices.Sort(out)
	return append([]string{"traveler"}, out...)
}

// ParseConvention returns the convention named s (any case); "" and
// "traveler" are traveler's own, the zero Convention. field names the
// input in the error.
func ParseConvention(field, s string) (Convention, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	if name == "" || name == "traveler" {
		return Convention{Doc: travelerDoc}, nil
	}
	c, ok := Conventions[name]
	if !ok {
		return Convention{}, invalid(field, s, "not a convention traveler knows", ConventionNames()...)
	}
	return c, nil
}

// LinePoints returns a line's matchpoints x, on a board whose top is top,
// as the convention adds them: rounded to LineDecimals (halves up, or
// towards the average top/2 when LineHalfToAverage), or as they are.
func (c Convention) LinePoints(x, top float64) float64 {
	if c.LineDecimals <= 0 {
		return x
	}
	p := math.Pow10(c.LineDecimals)
	if y := x * p; c.LineHalfToAverage && math.Abs(y-math.Floor(y)-0.5) < 1e-6 && x > top/2 {
		return math.Floor(y) / p // a half above the average goes down to it
	}
	if x < 0 {
		return -math.Floor(-x*p+0.5+1e-9) / p
	}
	return math.Floor(x*p+0.5+1e-9) / p
}

// Percentage is Percentage under the convention: cut to two decimals when
// PercentDown, else rounded, halves away from zero.
func (c Convention) Percentage(points, possible float64) float64 {
	if !c.PercentDown || possible == 0 {
		return Percentage(points, possible)
	}
	return math.Floor(100*points/possible*100+1e-9) / 100
}

// ButlerDatum is ButlerDatum under the convention: its drop rule and its
// rounding of halves to the nearest round.
func (c Convention) ButlerDatum(scores []int, round int) int {
	trim := c.ButlerDrop.Trim(len(scores))
	if c.ButlerHalf == HalfAway {
		return ButlerDatum(scores, trim, round)
	}
	if len(scores) == 0 {
		return 0
	}
	kept := slices.Clone(scores)
	slices.Sort(kept)
	if most := (len(kept) - 1) / 2; trim > most {
		trim = most
	}
	kept = kept[trim : len(kept)-trim]
	sum := 0
	for _, s := range kept {
		sum += s
	}
	if round < 1 {
		round = 1
	}
	// mean/round = q + r/n exactly in integers, 0 ≤ r < n; a half (2r = n)
	// goes up or to the even q.
	n := len(kept) * round
	q := floorDiv(sum, n)
	r := sum - q*n
	switch {
	case 2*r > n, 2*r == n && (c.ButlerHalf == HalfUp || q%2 != 0):
		q++
	}
	return q * round
}

// floorDiv is ⌊a/b⌋ for b > 0.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// Place writes a place held by holding entrants as the convention prints
// it: "3"; when shared, "3=" or "4-5" as the convention writes ties.
func (c Convention) Place(place, holding int) string {
	s := strconv.Itoa(place)
	if holding < 2 {
		return s
	}
	switch c.Ties {
	case TiesEquals:
		s += "="
	case TiesRange:
		s += "-" + strconv.Itoa(place+holding-1)
	case TiesSlash:
		s += "/" + strconv.Itoa(place+holding-1)
	}
	return s
}

// TieRule says in a sentence how the convention places entrants whose
// totals are equal, for the standings to say why places are shared.
func (c Convention) TieRule() string {
	how := "written as a place held alone (3)"
	switch c.Ties {
	case TiesEquals:
		how = "written 3="
	case TiesRange:
		how = "written as the places they cover (4-5)"
	case TiesSlash:
		how = "written as the first and last places they cover (4/5)"
	}
	on := "on totals to two decimals"
	if c.PlaceByPercentage {
		over := "each over the tops of the boards played"
		if c.SitOutPercent > 0 {
			over = "each over the tops of all the session's boards, a board sat out counting " + strconv.FormatFloat(c.SitOutPercent, 'f', -1, 64) + " %"
		}
		return "entrants are placed on their percentages to two decimals (" + over + "), not their scaled totals, and share a place when those are equal; the next place is skipped; shared places are " + how
	}
	if c.LineDecimals > 0 {
		on = "on totals of lines rounded to " + strconv.FormatFloat(math.Pow10(-c.LineDecimals), 'f', -1, 64) + " before adding, so pairs whose unrounded figures differ may tie"
	}
	return "entrants share a place when their totals are equal " + on + "; the next place is skipped; shared places are " + how
}
