package scoring_test

import (
	"fmt"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// TestNSScoreEveryContract2017Result holds NSScore's table to the itemised
// score on every contract-2017 result there is: levels 1–7, clubs to
// no-trump, undoubled, doubled and redoubled, each declarer (so both
// sides), each of the four vulnerabilities and 0–13 tricks — 23,520 results,
// each scored both ways.
func TestNSScoreEveryContract2017Result(t *testing.T) {
	rules := scoring.NewRules(scoring.Contract2017)
	n := 0
	for level := int8(1); level <= 7; level++ {
		for _, strain := range rules.Strains() {
			for doubles := uint8(0); doubles <= 2; doubles++ {
				for _, decl := range scoring.Seats {
					for _, vul := range []scoring.Vulnerability{scoring.VulNone, scoring.VulNS, scoring.VulEW, scoring.VulAll} {
						for tricks := 0; tricks <= 13; tricks++ {
							res := scoring.Result{Contract: scoring.Contract{Level: level, Strain: strain, Doubles: doubles},
								Declarer: decl, Tricks: tricks, Vulnerability: vul}
							nsScoreAgrees(t, &rules, &res)
							n++
						}
					}
				}
			}
		}
	}
	if n != 7*5*3*4*4*14 {
		t.Errorf("%d results compared, want 23520", n)
	}
}

// TestNSScoreOutsideTheTable checks NSScore against Score where it cannot
// look the score up: a passed-out board, given honours, revokes, results
// Check refuses, and every result of the property tests under every code.
func TestNSScoreOutsideTheTable(t *testing.T) {
	rules := scoring.NewRules(scoring.Contract2017)
	ok := scoring.Result{Contract: scoring.Contract{Level: 4, Strain: scoring.Spades, Doubles: 1}, Declarer: scoring.West, Tricks: 10, Vulnerability: scoring.VulEW}
	cases := map[string]func(r *scoring.Result){
		"passed out":            func(r *scoring.Result) { r.Contract = scoring.Contract{Pass: true} },
		"level 0":               func(r *scoring.Result) { r.Contract.Level = 0 },
		"level 8":               func(r *scoring.Result) { r.Contract.Level = 8 },
		"level -1":              func(r *scoring.Result) { r.Contract.Level = -1 },
		"nullo":                 func(r *scoring.Result) { r.Contract.Strain = scoring.Nullo },
		"royal spades":          func(r *scoring.Result) { r.Contract.Strain = scoring.RoyalSpades },
		"royal":                 func(r *scoring.Result) { r.Contract.Royal = true },
		"three doublings":       func(r *scoring.Result) { r.Contract.Doubles = 3 },
		"no seat":               func(r *scoring.Result) { r.Declarer = 4 },
		"-1 tricks":             func(r *scoring.Result) { r.Tricks = -1 },
		"14 tricks":             func(r *scoring.Result) { r.Tricks = 14 },
		"honours given":         func(r *scoring.Result) { r.Holding = scoring.Holding{Known: true, Honours: [4]int8{2, 1, 1, 1}} },
		"honours that are 6":    func(r *scoring.Result) { r.Holding = scoring.Holding{Known: true, Honours: [4]int8{2, 2, 1, 1}} },
		"a revoke":              func(r *scoring.Result) { r.Revokes = []scoring.Revoke{{Side: scoring.NS}} },
		"no such vulnerability": func(r *scoring.Result) { r.Vulnerability = 4 },
	}
	for name, change := range cases {
		t.Run(name, func(t *testing.T) {
			res := ok
			change(&res)
			nsScoreAgrees(t, &rules, &res)
		})
	}
	for _, code := range propCodes(t) {
		t.Run(code.name, func(t *testing.T) {
			propResults(t, code.rules, 15, func(res scoring.Result) { nsScoreAgrees(t, &code.rules, &res) })
		})
	}
}

// nsScoreAgrees fails the test unless NSScore gives what Score gives: the
// same net score, or the same error.
func nsScoreAgrees(t *testing.T, rules *scoring.Rules, res *scoring.Result) {
	t.Helper()
	s, err := rules.Score(res)
	want := s.NSScore()
	got, gotErr := rules.NSScore(res)
	if fmt.Sprint(err) != fmt.Sprint(gotErr) || (err == nil && got != want) {
		t.Fatalf("%s %s: NSScore = %d, %v; Score gives %d, %v\nlines: %q", rules.Law, propDescribe(res), got, gotErr, want, err, s.Lines())
	}
}
