package main

import (
	"fmt"
	"strings"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
)

// rescoreMethod is how `traveler rescore` compares the results on a board.
type rescoreMethod string

// The methods of `traveler rescore`, as the JSON names them.
const (
	methodMP       rescoreMethod = "MP"        // matchpoints, EBU 2/1 scale, Neuberg (Compscore3)
	methodButler   rescoreMethod = "BUTLER"    // IMPs against a datum: drop the top and bottom score, mean, round to 10
	methodCrossIMP rescoreMethod = "CROSS_IMP" // IMPs against every other result, averaged
	methodTeams    rescoreMethod = "IMP_TEAMS" // two-room team matches in IMPs
)

// rescoreMethods lists the methods in the order the help shows them.
var rescoreMethods = []rescoreMethod{methodMP, methodButler, methodCrossIMP, methodTeams}

// parseRescoreMethod reads a method name in any case; "" is no override.
func parseRescoreMethod(s string) (rescoreMethod, error) {
	if s == "" {
		return "", nil
	}
	for _, m := range rescoreMethods {
		if strings.EqualFold(s, string(m)) {
			return m, nil
		}
	}
	return "", fmt.Errorf("--method %q: not a method (allowed: MP, BUTLER, CROSS_IMP, IMP_TEAMS)", s)
}

// rescoreLaw is the law code every traveler line is scored under again.
var rescoreLaw = scoring.NewRules(scoring.Contract2017)

// travelerLine is one line of a board's traveler as rescore compares it.
type travelerLine struct {
	board    int
	ns, ew   string           // pair numbers, or team names in a teams match
	kind     scoring.LineKind // played, artificial or not played
	score    int              // a played line's NS score, scored again from the contract
	nsPct    int              // an artificial line's NS percentage of the top
	ewPct    int              // an artificial line's EW percentage of the top
	fileLine int              // where the line is in the file
}

// compareLine returns the line as package scoring compares it.
func (l *travelerLine) compareLine() scoring.CompareLine {
	return scoring.CompareLine{Kind: l.kind, NSScore: l.score, NSPercent: l.nsPct, EWPercent: l.ewPct}
}

// travelerBoard is one board's traveler.
type travelerBoard struct {
	number int
	lines  []travelerLine
}

// pairKey names a pair: its number, and its direction in a two-winner field.
type pairKey struct {
	number    string
	direction string // "NS" or "EW" in a two-winner field, "" otherwise
}

// playedResult is what a traveler line says happened at the table, from
// either kind of file.
type playedResult struct {
	contract    scoring.Contract
	hasContract bool
	declarer    scoring.Seat
	hasDeclarer bool
	tricks      int
	hasTricks   bool
	vul         scoring.Vulnerability
	fileScore   reports.LineScore // the score the file gives, used only when artificial or when the result is incomplete
}

// lineKind decides how a line takes part and sets its score: an artificial
// score as the file gives it; otherwise the score of the contract, declarer
// and tricks under contract-2017 with the board's vulnerability; the file's
// own score only when those are missing. It returns a note when the file's
// score differs from the recomputed one or had to be used.
func (p *playedResult) lineKind(l *travelerLine) (note string, err error) {
	if p.fileScore.Artificial {
		l.kind, l.nsPct, l.ewPct = scoring.LineArtificial, p.fileScore.NSPercent, p.fileScore.EWPercent
		return "", nil
	}
	if p.hasContract && (p.contract.Pass || (p.hasDeclarer && p.hasTricks)) {
		res := scoring.Result{Contract: p.contract, Declarer: p.declarer, Tricks: p.tricks, Vulnerability: p.vul}
		s, err := rescoreLaw.Score(&res)
		if err != nil {
			return "", err
		}
		l.kind, l.score = scoring.LinePlayed, s.NSScore()
		if p.fileScore.Given() && p.fileScore.Points != l.score {
			return fmt.Sprintf("the file's score %d differs from %s by %s taking %d tricks (%s vulnerable), which scores %d; the recomputed score is used",
				p.fileScore.Points, p.contract, p.declarer, p.tricks, p.vul, l.score), nil
		}
		return "", nil
	}
	if p.fileScore.Given() {
		l.kind, l.score = scoring.LinePlayed, p.fileScore.Points
		return fmt.Sprintf("the contract, declarer or tricks are missing: the file's score %d is used", l.score), nil
	}
	l.kind = scoring.LineNotPlayed
	return "", nil
}

// traveler is an event's travelers, read from a file, ready to compare.
type traveler struct {
	event     string
	method    rescoreMethod
	twoWinner bool
	pairs     []pairKey // the pairs the file lists, in its order
	boards    []travelerBoard
	notes     []string
}

// notef records a note about the file for the reader of the output.
func (t *traveler) notef(format string, args ...any) {
	t.notes = append(t.notes, fmt.Sprintf(format, args...))
}
