package web

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// keyinLine is a traveler line as a scorer types it in one field, the way
// Bridgemate- and ScoreBridge-style programs take it: the contract, the
// declarer, the tricks (or the result against the contract) and, if wanted,
// the opening lead — "4SX N 10", "4S N =", "3NT S -1", "4H E +1 SK", "PASS".
type keyinLine struct {
	Contract string // as typed, upper-cased: the event's law code reads it when the line is checked
	Declarer string // N, E, S or W; "" for a passed-out board or a line that stops before it
	Tricks   int    // won by the declarer's side; tournament.TricksNotGiven when the line stops before them
	Lead     string // the opening lead as typed, upper-cased; "" when none
}

// maxKeyinLine is the longest line the key-in field reads, in bytes.
const maxKeyinLine = 80

// keyinHow says what a line is, for the errors about one.
const keyinHow = "write the contract, the declarer and the tricks, e.g. 4S N 10, 3NTX S -1, 4H E =, or PASS; an opening lead may follow, e.g. 4S N 10 HK"

// keyinPassed are the ways a line says the board was passed out.
var keyinPassed = map[string]bool{"P": true, "PASS": true, "PASSED": true, "AP": true}

// parseKeyinLine reads a typed line. The contract is checked later, by the
// law code's own parser (tournament.Service.CheckResult), except that a
// result written against the contract ("=", "+1", "-2") needs its level
// now: rules reads it then. Errors name the part of the line that is wrong:
// "contract", "declarer", "tricks" or "line".
func parseKeyinLine(rules *scoring.Rules, s string) (keyinLine, error) {
	l := keyinLine{Tricks: tournament.TricksNotGiven}
	if !utf8.ValidString(s) {
		return l, tournament.Invalidf("line", "not text: "+keyinHow)
	}
	words := keyinWords(s)
	if n := len(s); n > 2*maxKeyinLine || len(strings.Join(words, " ")) > maxKeyinLine {
		return l, tournament.Invalidf("line", strconv.Itoa(n)+" characters: a line is at most "+strconv.Itoa(maxKeyinLine)+"; "+keyinHow)
	}
	if len(words) == 0 {
		return l, tournament.Invalidf("line", "empty: "+keyinHow)
	}
	l.Contract = words[0]
	if keyinPassed[l.Contract] {
		l.Contract = "PASS"
		if len(words) > 1 {
			return l, tournament.Invalidf("line", strconv.Quote(strings.Join(words[1:], " "))+" after PASS: a passed-out board has no declarer, tricks or lead")
		}
		return l, nil
	}
	if len(words) > 4 {
		return l, tournament.Invalidf("line", strconv.Quote(strings.Join(words[4:], " "))+" is one part too many: "+keyinHow)
	}
	if len(words) > 1 {
		seat, err := scoring.ParseSeat("declarer", words[1])
		if err != nil {
			return l, err
		}
		l.Declarer = seat.String()
	}
	if len(words) > 2 {
		t, err := keyinTricks(rules, l.Contract, words[2])
		if err != nil {
			return l, err
		}
		l.Tricks = t
	}
	if len(words) > 3 {
		l.Lead = words[3]
	}
	return l, nil
}

// keyinWords splits a line into its parts, upper-cased: spaces (and commas)
// separate them, and a result against the contract may follow the declarer
// without one ("N=", "S-1").
func keyinWords(s string) []string {
	s = strings.ToUpper(strings.NewReplacer("−", "-", "–", "-", ",", " ").Replace(s))
	var out []string
	for _, w := range strings.Fields(s) {
		if len(w) > 1 && strings.ContainsRune("NESW", rune(w[0])) && strings.ContainsRune("=+-", rune(w[1])) {
			out = append(out, w[:1], w[1:])
			continue
		}
		out = append(out, w)
	}
	return out
}

// keyinTricks reads the tricks part of a line: the tricks won (0 to 13), or
// the result against the contract — "=" made, "+n" overtricks, "-n" down —
// which needs the contract's level.
func keyinTricks(rules *scoring.Rules, contract, w string) (int, error) {
	const allowed = "the tricks won by the declarer's side, 0 to 13, or the result against the contract: = made exactly, +1 one overtrick, -2 two down"
	if n, err := strconv.Atoi(w); err == nil && w[0] != '+' && w[0] != '-' {
		if n < 0 || n > 13 {
			return 0, tournament.Invalidf("tricks", strconv.Quote(w)+": "+allowed)
		}
		return n, nil
	}
	diff := 0
	switch {
	case w == "=":
	case len(w) > 1 && (w[0] == '+' || w[0] == '-'):
		n, err := strconv.Atoi(w[1:])
		if err != nil || n < 1 || n > 13 {
			return 0, tournament.Invalidf("tricks", strconv.Quote(w)+": "+allowed)
		}
		diff = n
		if w[0] == '-' {
			diff = -n
		}
	default:
		return 0, tournament.Invalidf("tricks", strconv.Quote(w)+": "+allowed)
	}
	c, err := rules.ParseContract(contract)
	if err != nil {
		return 0, err
	}
	if c.Level == 0 {
		return 0, tournament.Invalidf("tricks", strconv.Quote(w)+": "+rules.Law.String()+" contracts have no level, so write the tricks won by the declarer's side, 0 to 13")
	}
	t := int(c.Level) + 6 + diff
	if t < 0 || t > 13 {
		return 0, tournament.Invalidf("tricks", strconv.Quote(w)+" against "+contract+" would be "+strconv.Itoa(t)+" tricks: "+allowed)
	}
	return t, nil
}

// String writes the line back as the field takes it: "4SX N 10", "PASS".
func (l keyinLine) String() string {
	parts := []string{l.Contract}
	if l.Declarer != "" {
		parts = append(parts, l.Declarer)
	}
	if l.Tricks != tournament.TricksNotGiven && l.Contract != "PASS" {
		parts = append(parts, strconv.Itoa(l.Tricks))
	}
	if l.Lead != "" {
		parts = append(parts, l.Lead)
	}
	return strings.Join(parts, " ")
}
