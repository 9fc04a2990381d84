package reports

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// WritePBN writes an event as a PBN 2.1 file: for every board of every
// section one game per traveler line (Event, Date, Section, Board, the
// players, Dealer, Vulnerable, Deal when there is a hand record, Round,
// Table, PairId_NS and PairId_EW — the pair numbers under the names PBN's
// ScoreTable gives them — Contract, Declarer, Result and Score as "NS n"),
// or one hand-record game for a board nobody has played. A line that is not
// played or adjusted gets an empty Contract and its Score only when it has one.
func WritePBN(w io.Writer, d tournament.EventData) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("% PBN 2.1\n% EXPORT\n")
	date := strings.ReplaceAll(d.Event.Date, "-", ".")
	for si := range d.Sections {
		s := &d.Sections[si]
		names := map[string][]string{}
		for _, p := range s.Pairs {
			var n []string
			for _, pl := range p.Players {
				n = append(n, pl.Name)
			}
			names[p.Number+"/"+p.Direction] = n
		}
		player := func(number string, side, i int) string {
			dir := ""
			if s.Section.Movement.Kind == tournament.KindMitchell {
				dir = [2]string{"NS", "EW"}[side]
			}
			n := names[number+"/"+dir]
			if i < len(n) {
				return n[i]
			}
			return ""
		}
		for _, t := range s.Travelers {
			b := t.Board
			head := func() {
				tag(bw, "Event", d.Event.Name)
				tag(bw, "Date", date)
				tag(bw, "Section", s.Section.Name)
				tag(bw, "Board", strconv.Itoa(b.Number))
				tag(bw, "Scoring", pbnScoring[d.Event.Scoring])
				if d.Event.Law != scoring.Contract2017 {
					tag(bw, lawTag, d.Event.Law.String())
				}
			}
			deal := func() {
				tag(bw, "Dealer", b.Dealer.String())
				tag(bw, "Vulnerable", pbnVul(b.Vulnerability.String()))
				if b.Deal != "" {
					tag(bw, "Deal", b.Deal)
				}
			}
			if len(t.Lines) == 0 {
				bw.WriteString("\n")
				head()
				deal()
				continue
			}
			for _, l := range t.Lines {
				r := &l.Result
				bw.WriteString("\n")
				head()
				tag(bw, "West", player(r.EW, 1, 1))
				tag(bw, "North", player(r.NS, 0, 0))
				tag(bw, "East", player(r.EW, 1, 0))
				tag(bw, "South", player(r.NS, 0, 1))
				deal()
				tag(bw, "Round", strconv.Itoa(r.Round))
				tag(bw, "Table", strconv.Itoa(r.Table))
				tag(bw, "PairId_NS", r.NS)
				tag(bw, "PairId_EW", r.EW)
				switch r.Status {
				case tournament.StatusPlayed:
					tag(bw, "Declarer", r.Declarer)
					tag(bw, "Contract", r.Contract)
					tag(bw, "Result", strconv.Itoa(r.Tricks))
					tag(bw, "Score", "NS "+strconv.Itoa(r.NSScore))
					if lead, ok := leadCard(r.Lead); ok {
						if decl, err := scoring.ParseSeat("declarer", r.Declarer); err == nil {
							// the opening lead is the first card of the play, by the declarer's left-hand opponent
							tag(bw, "Play", ((decl + 1) & 3).String())
							bw.WriteString(lead + "\n*\n")
						}
					}
				case tournament.StatusPassedOut:
					tag(bw, "Declarer", "")
					tag(bw, "Contract", "Pass")
					tag(bw, "Result", "")
					tag(bw, "Score", "NS 0")
				case tournament.StatusArtificial:
					tag(bw, "Contract", "")
					tag(bw, "Note", fmt.Sprintf("artificial score %d%%/%d%%", r.NSPercent, r.EWPercent))
				case tournament.StatusAssigned:
					tag(bw, "Contract", "")
					tag(bw, "Score", "NS "+strconv.Itoa(r.NSScore))
					tag(bw, "Note", "assigned adjusted score")
				default:
					tag(bw, "Contract", "")
				}
			}
		}
	}
	return bw.Flush()
}

// pbnScoring is each method as the Scoring tag names it: PBN 2.1's MP, IMP
// and Total, with traveler's own qualifier after a ';' where PBN has no
// name for the method (pbnMethod reads them back).
var pbnScoring = map[tournament.Method]string{
	tournament.MethodMP: "MP", tournament.MethodMPACBL: "MP;ACBL", tournament.MethodAverage: "Total;Average",
	tournament.MethodTotal: "Total", tournament.MethodCrossIMP: "IMP;Cross", tournament.MethodButler: "IMP;Butler",
	tournament.MethodIMPTeams: "IMP",
}

// lawTag is the tag naming the law code of an event not played under
// contract-2017; other programs ignore a tag they do not know (PBN 2.1).
const lawTag = "TravelerLaw"

// tag writes [Name "value"], escaping " and \.
func tag(w *bufio.Writer, name, value string) {
	v := strings.ReplaceAll(strings.ReplaceAll(value, `\`, `\\`), `"`, `\"`)
	w.WriteString("[" + name + ` "` + v + "\"]\n")
}

// pbnVul writes a vulnerability as PBN does: None, NS, EW or All.
func pbnVul(s string) string {
	switch strings.ToUpper(s) {
	case "NS", "EW":
		return strings.ToUpper(s)
	case "ALL", "BOTH":
		return "All"
	}
	return "None"
}
