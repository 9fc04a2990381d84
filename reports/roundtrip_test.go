package reports_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// linesUnder is the hand-checked event's play as each law code can hold
// it: the Bridge codes declare no level and cannot pass a board out
// (seed 002; LAWS.md "Passed out"), royal-auction-1913 cannot either, and
// Royalton and 1913 get their own bids too — a royal bid, a nullo, royal
// spades — so that what only they score travels as well.
func linesUnder(law scoring.Law) []line {
	out := append([]line(nil), handChecked...)
	switch law {
	case scoring.Bridge, scoring.BridgePortland:
		for i := range out {
			c := strings.TrimLeft(out[i].contract, "1234567")
			if c == "PASS" {
				c, out[i].declarer, out[i].tricks = "NT", "S", 6
			}
			out[i].contract = c
		}
		out[4].contract = "HXX" // doubled and redoubled: Bridge doubles on
	case scoring.RoyalAuction1913:
		out[5].contract, out[5].declarer, out[5].tricks = "2NL", "N", 4 // a nullo: the opponents take 9
		out[0].contract = "4RS"                                         // royal spades
	case scoring.Royalton1915:
		out[0].contract = "4SR"                                         // a royal bid
		out[5].contract, out[5].declarer, out[5].tricks = "1NL", "S", 5 // a nullo
	}
	return out
}

// standingsOf lists an event's standings and every line's score and
// points, section by section, for comparing an event with itself read back.
func standingsOf(d tournament.EventData) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", d.Event.Law, d.Event.Scoring)
	for _, sd := range d.Sections {
		for _, p := range sd.Standings.Pairs {
			fmt.Fprintf(&b, "%s%s %.2f %.2f %d %d\n", p.Direction, p.Number, p.Total, p.Percentage, p.Place, p.Boards)
		}
		// Lines by board in a stable order: a one-winner file's rounds are
		// seated again from its lines, so they may come in another order.
		for _, tr := range sd.Travelers {
			var ls []string
			for _, l := range tr.Lines {
				ls = append(ls, fmt.Sprintf("board %d %s v %s %s %s %d: %.2f/%.2f\n", tr.Board.Number, l.Result.NS, l.Result.EW, l.Result.Status, l.Result.Contract, l.Result.NSScore, l.NSPoints, l.EWPoints))
			}
			slices.Sort(ls)
			b.WriteString(strings.Join(ls, ""))
		}
	}
	return b.String()
}

// TestEveryWrittenFileReadsBack writes events of every law code, scored by
// every pairs method, one- and two-winner, as PBN and (contract-2017, the
// methods USEBIO names) as USEBIO, and reads each file back through
// reports.ReadResults (issue 12 §3): the standings, every line's score and
// points must be the event's own. USEBIO records contract bridge: an
// event under another code, or by a method USEBIO has no name for, is
// refused with the reason, not written wrong.
func TestEveryWrittenFileReadsBack(t *testing.T) {
	methods := []tournament.Method{tournament.MethodMP, tournament.MethodMPACBL, tournament.MethodAverage,
		tournament.MethodTotal, tournament.MethodCrossIMP, tournament.MethodButler}
	for _, name := range scoring.LawNames() {
		law, err := scoring.ParseLaw("law", name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range methods {
			two := mitchell3(t, law, linesUnder(law))
			two.Event.Scoring = m
			sd := two.Sections[0]
			two.Sections[0] = tournament.BuildSection(two.Event, sd.Section, sd.Pairs, nil, nil, sd.Results)
			for _, ev := range []struct {
				winners string
				d       tournament.EventData
			}{{"one winner", oneWinner(t, two, m)}, {"two winners", two}} {
				t.Run(fmt.Sprintf("%s/%s/%s", name, m, ev.winners), func(t *testing.T) {
					want := standingsOf(ev.d)
					var pbn bytes.Buffer
					if err := reports.WritePBN(&pbn, ev.d); err != nil {
						t.Fatalf("PBN: %v", err)
					}
					back, err := reports.ReadResults(&pbn, reports.ReadOptions{Strict: true})
					if err != nil {
						t.Fatalf("PBN read back: %v", err)
					}
					if got := standingsOf(back.Event); got != want {
						t.Errorf("PBN read back:\n%s\nwant\n%s", got, want)
					}
					var usebio bytes.Buffer
					err = reports.WriteUSEBIO(&usebio, ev.d)
					switch {
					case law != scoring.Contract2017:
						if err == nil || !strings.Contains(err.Error(), "USEBIO records contract bridge") {
							t.Errorf("USEBIO of a %s event: %v, want a refusal", law, err)
						}
						return
					case m == tournament.MethodAverage || m == tournament.MethodTotal:
						if err == nil {
							t.Errorf("USEBIO of a %s event: written, want a refusal", m)
						}
						return
					case err != nil:
						t.Fatalf("USEBIO: %v", err)
					}
					back, err = reports.ReadResults(&usebio, reports.ReadOptions{Strict: true})
					if err != nil {
						t.Fatalf("USEBIO read back: %v", err)
					}
					if got := standingsOf(back.Event); got != want {
						t.Errorf("USEBIO read back:\n%s\nwant\n%s", got, want)
					}
				})
			}
		}
	}
}
