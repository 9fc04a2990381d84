package web

import (
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// Ways a half table's missing pair is played, as the new-section form
// offers them.
const (
	halfTableSitOut  = "sit_out" // its opponents sit out: their boards are not played
	halfTablePhantom = "phantom" // a phantom takes its seat: its opponents get an artificial score
)

// halfTableInput reads the Mitchell's half table from the new-section
// form: the missing pair's number (missing_number, empty: none) and
// direction (missing_direction, NS or EW), and whether its opponents sit
// out or play a phantom (missing_play). The missing pair becomes the spec's
// Missing, numbered as a Mitchell numbers its pairs (NS 1..tables, EW
// tables+1..2·tables).
func halfTableInput(form map[string]string, spec *tournament.MovementSpec) error {
	s := strings.TrimSpace(form["missing_number"])
	if s == "" {
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return tournament.Invalidf("missing_number", strconv.Quote(s)+": not a whole number; write the number of the pair that is not there, e.g. 4, or leave it empty for no half table")
	}
	if spec.Tables < 2 {
		return tournament.Invalidf("tables", "a half table needs the number of tables first, the half table counted, e.g. 4 for 3½ tables")
	}
	if n < 1 || n > spec.Tables {
		return tournament.Invalidf("missing_number", strconv.Itoa(n)+": a Mitchell of "+strconv.Itoa(spec.Tables)+" tables has pairs 1 to "+strconv.Itoa(spec.Tables)+" in each direction")
	}
	switch dir := strings.ToUpper(strings.TrimSpace(form["missing_direction"])); dir {
	case "NS":
		spec.Missing = n
	case "EW", "":
		spec.Missing = spec.Tables + n
	default:
		return tournament.Invalidf("missing_direction", strconv.Quote(dir)+": the missing pair is an NS or an EW pair", "NS", "EW")
	}
	switch play := strings.TrimSpace(form["missing_play"]); play {
	case halfTableSitOut, "":
	case halfTablePhantom:
		spec.Phantom = true
	default:
		return tournament.Invalidf("missing_play", strconv.Quote(play)+": the missing pair's opponents sit out or play a phantom", halfTableSitOut, halfTablePhantom)
	}
	return nil
}

// sitOutRound is one round's pairs that do not play, as the section page
// lists them: those that sit out, and those that play the phantom.
type sitOutRound struct {
	Round   int
	SitOut  []string // "4 NS", "7": the pairs that sit out, their boards not played
	Phantom []string // "table 4: 4 NS": the pairs that play the phantom (an artificial score)
}

// pairWords names movement pair p as players call it: "4 NS", "7".
func pairWords(m *movement.Movement, p int) string {
	n, dir := m.PairLabel(p)
	if dir == "" {
		return n
	}
	return n + " " + dir
}

// sitOuts lists, round by round, who sits out and who plays the phantom;
// nil when every pair plays every round.
func sitOuts(m *movement.Movement) []sitOutRound {
	var out []sitOutRound
	any := false
	for _, rd := range m.Rounds {
		r := sitOutRound{Round: rd.Number}
		for _, p := range rd.SitOut {
			if p != m.Phantom {
				r.SitOut = append(r.SitOut, pairWords(m, p))
			}
		}
		if m.Phantom != 0 {
			for _, t := range rd.Tables {
				if opp := t.Opponent(m.Phantom); opp != 0 {
					r.Phantom = append(r.Phantom, "table "+strconv.Itoa(t.Table)+": "+pairWords(m, opp))
				}
			}
		}
		any = any || len(r.SitOut) > 0 || len(r.Phantom) > 0
		out = append(out, r)
	}
	if !any {
		return nil
	}
	return out
}

// halfTableWords says in a sentence what a section's missing pair is and
// how its opponents are scored; "" when the section has none.
func halfTableWords(sec *tournament.Section) string {
	m := &sec.Movement
	if !sec.HalfTable() {
		return ""
	}
	how := "its opponents sit out that round: their boards are not played and hold no board back"
	if sec.Spec.Phantom {
		how = "its opponents play a phantom and get an artificial score (below, or board by board on the traveler)"
	}
	return "Half table: pair " + pairWords(m, m.Phantom) + " is not there; " + how + "."
}
