package reports

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// WritePBN writes an event as a PBN 2.1 file in export format (PBN 2.1
// §2.1: "the export format is rather strict and is used to describe data
// that is usually prepared under program control"): a game for every
// traveler line that has a result, and a hand-record game for a board with
// a deal and no result; a board with neither is left out. Every game
// carries the fifteen tags of the Mandatory Tag Set in their order, then
// its supplemental tags sorted by name, then the play section (the opening
// lead); see writePBNGame. Every game repeats its own values: export files
// carry no "#" (§4.8 tag value inheritance). An individual's games name
// their players by seat (PlayerId_North … PlayerId_West, Competition
// "Individuals") and its TotalScoreTable ranks players (pbnIndividualHeader).
func WritePBN(w io.Writer, d tournament.EventData) error {
	bw := bufio.NewWriter(w)
	// §2.4: "% PBN <major>.<minor>" names the version, "% EXPORT" says the
	// file has export format.
	bw.WriteString("% PBN 2.1" + pbnEOL + "% EXPORT" + pbnEOL)
	// PBN 2.1 has no table for a ranking over several events (its
	// TotalScoreTable ranks one event): an event of several sections
	// or sessions says so on a % line, which readers pass over (§2.4), and
	// names the files that have the overall ranking.
	if len(d.Sections) > 1 && d.NoOverall() == nil {
		bw.WriteString("% traveler: this event's " + strconv.Itoa(len(d.Sections)) + " sections are ranked together; PBN 2.1 has no table for that," +
			" each TotalScoreTable here ranks its own section: " + overallIsIn + pbnEOL)
	}
	ev := pbnEventTags{
		event:   unknownIfEmpty(d.Event.Name),
		site:    "?", // traveler keeps no venue: §3.4 gives an unknown mandatory tag as "?"
		date:    pbnDateOut(d.Event.Date),
		scoring: unknownIfEmpty(pbnScoring[d.Event.Scoring]),
	}
	if d.Event.Law != scoring.Contract2017 {
		ev.law = d.Event.Law.String()
	}
	ev.lawOf = d.Event.Law
	ev.convention = d.Event.Convention
	ev.options = strings.Join(lawOptionNotes(&d), "; ")
	first := true
	for si := range d.Sections {
		s := &d.Sections[si]
		ps := newPBNPairs(s)
		totals := pbnTotalScoreRows(s, ps) // written with the section's first game
		analyses := map[int]*tournament.Analysis{}
		for i := range s.Analyses {
			analyses[s.Analyses[i].Board] = &s.Analyses[i]
		}
		for _, t := range s.Travelers {
			var lines []tournament.TravelerLine
			for _, l := range t.Lines {
				if l.Result.Status != tournament.StatusNotPlayed {
					lines = append(lines, l)
				}
			}
			if len(lines) == 0 && t.Board.Deal.Empty() {
				continue // nothing to say about the board
			}
			g := pbnGame{ev: ev, section: s.Section.Name, board: t.Board, deal: pbnDealOut(t.Board), totals: totals,
				totalsHeader: pbnTotalScoreHeaderOf(&s.Section)}
			switch s.Section.Movement.Kind {
			case movement.KindTeams:
				// Every game of a teams event says so, as RealBridge's
				// teams files do (../shared/testdata/pbn/teams_imps_2021.pbn).
				g.competition = "Teams"
			case movement.KindIndividual:
				// PBN's Competition value for an individual, which readers
				// of PBN results read the PlayerId columns by (pbnIndividualHeader).
				g.competition = "Individuals"
			}
			totals = nil
			if a := analyses[t.Board.Number]; a != nil && !a.Deal.Empty() && !t.Board.Deal.Empty() {
				g.analysis = a
			}
			if len(lines) == 0 {
				// A hand record: nobody played it, so the players and the
				// result are "inappropriate" (§3.4): empty strings.
				writePBNGame(bw, &g, first)
				first = false
				continue
			}
			for _, l := range lines {
				g.line = &l.Result
				g.ns, g.ew = ps.id(l.Result.NS, 0), ps.id(l.Result.EW, 1)
				g.home, g.visit, g.imps, g.room = "", "", "", ""
				if teams := s.Section.Movement.Kind == movement.KindTeams; teams {
					// A match's room: the team sitting NS is the HomeTeam
					// (the two rooms name the teams the other way round, as
					// teams programs write them), and each side's IMPs on the
					// board, "NS 4 EW -4", as RealBridge writes ScoreIMP
					// (teams_imps_2021.pbn). The room where the match's home
					// team sits NS is the Open room, the other the Closed,
					// as vugraph files name them (vugraph_rooms_1998.pbn).
					g.home, g.visit = ps.team(s, l.Result.NS), ps.team(s, l.Result.EW)
					if d.Event.Scoring == tournament.MethodIMPTeams {
						g.imps = "NS " + strconv.FormatFloat(l.NSPoints, 'f', -1, 64) + " EW " + strconv.FormatFloat(l.EWPoints, 'f', -1, 64)
					} // board-a-match, Patton, aggregate: the line's points are no IMPs; [Scoring] says the method
					g.room = pbnRoom(&s.Section.Movement, &l.Result)
				}
				g.players = [4]string{ // West, North, East, South
					ps.player(l.Result.EW, 1, 1), ps.player(l.Result.NS, 0, 0),
					ps.player(l.Result.EW, 1, 0), ps.player(l.Result.NS, 0, 1),
				}
				g.seats = [4]string{}
				if s.Section.Movement.Kind == movement.KindIndividual {
					g.seats = pbnSeats(&s.Section.Movement, &l.Result)
					for i, seat := range [4]int{3, 0, 1, 2} { // West, North, East, South
						g.players[i] = ps.player(g.seats[seat], 0, 0)
						if n, err := strconv.Atoi(g.seats[seat]); err == nil {
							if pl, sub, _ := s.SeatedAt(n, l.Result.Round); sub && pl.Name != "" {
								g.players[i] = pl.Name // a substitute sat in the seat this round (tournament.Pair.SatIn)
							}
						}
					}
				}
				writePBNGame(bw, &g, first)
				first = false
				g.totals = nil
			}
		}
	}
	return bw.Flush()
}

// pbnEOL ends every line. PBN 2.1 §2.3 asks CRLF in export format ("This
// end-of-line indicator equals the CRLF character-pair"); traveler writes
// LF, as the tests and tools around the files expect, and every reader of
// PBN takes either (§2.1: a parser "should be able to handle" the
// platform's native line representation).
const pbnEOL = "\n"

// pbnEventTags are the values every game of the file repeats.
type pbnEventTags struct {
	event, site, date, scoring string
	law                        string // the TravelerLaw tag; "" under contract-2017
	convention                 string // the TravelerConvention tag; "" for traveler's own
	options                    string // the TravelerLawOptions tag: lawOptionNotes joined by "; "; "" when none
	lawOf                      scoring.Law
}

// pbnGame is one game to write: a traveler line, or (line nil) a board's
// hand record.
type pbnGame struct {
	ev      pbnEventTags
	section string
	board   tournament.Board
	deal    string
	line    *tournament.Result
	ns, ew  string // the pairs' ids, PairId_NS and PairId_EW
	// seats are an individual's players by seat, North, East, South and
	// West (PlayerId_North …, instead of the pairs' ids); "" otherwise.
	seats [4]string
	// analysis is the board's double-dummy analysis, nil when there is none.
	analysis *tournament.Analysis
	players  [4]string // West, North, East, South
	// A teams match's room: the teams sitting NS and EW (HomeTeam and
	// VisitTeam, instead of the pairs' ids) and NS's IMPs (ScoreIMP).
	home, visit, imps string
	room              string // "Open" or "Closed" (a teams room); "" otherwise
	competition       string // "Teams" in a teams event; "" otherwise
	// totals are the section's TotalScoreTable rows (its pairs' players
	// and membership numbers), written with its first game; nil otherwise.
	totals       []string
	totalsHeader string // the TotalScoreTable's header (pbnTotalScoreHeaderOf)
}

// writePBNGame writes one game in export format. §3.1: "each game (except
// for the first) must start with an empty text line". §3.4: "For export
// format, the order of tag pairs is: 1. the mandatory tags in a fixed order
// 2. the supplemental tags, sorted alphabetically by their tag name". The
// Mandatory Tag Set, in order: Event, Site, Date, Board, West, North, East,
// South, Dealer, Vulnerable, Deal, Scoring, Declarer, Contract, Result.
// §3.1: the play section follows the identification section.
func writePBNGame(w *bufio.Writer, g *pbnGame, first bool) {
	if !first {
		w.WriteString(pbnEOL)
	}
	declarer, contract, result := "", "", ""
	var supp []pbnTag
	add := func(name, value string) { supp = append(supp, pbnTag{name, value}) }
	if g.section != "" {
		add("Section", g.section) // §4.4.5
	}
	if g.competition != "" {
		add("Competition", g.competition)
	}
	if g.ev.law != "" {
		// §4.9: "A PBN parser is robust when it just skips such tags".
		add(lawTag, g.ev.law)
	}
	if g.ev.convention != "" {
		add(conventionTag, g.ev.convention)
	}
	if g.ev.options != "" {
		add(lawOptionsTag, g.ev.options)
	}
	var lead string
	var auction []string
	var notes []string // the game's Note texts, numbered when written
	if r := g.line; r != nil {
		auction = r.Auction
		// §4.4.4 Round, §4.4.7 Table; PairId_NS and PairId_EW under the
		// names of the ScoreTable's columns (§5.7), as §4.3.2 suggests.
		add("Round", strconv.Itoa(r.Round))
		add("Table", strconv.Itoa(r.Table))
		if g.home != "" {
			add("HomeTeam", g.home) // §4.3.3
			add("VisitTeam", g.visit)
			if g.imps != "" {
				add("ScoreIMP", g.imps) // §4.2.2
			}
			if g.room != "" {
				add("Room", g.room)
			}
		} else if g.seats[0] != "" {
			// An individual: its players by seat, under the names of the
			// ScoreTable's columns for an individual (PlayerId_North …),
			// as PairId_NS names a pair's.
			for i, seat := range [4]string{"North", "East", "South", "West"} {
				add("PlayerId_"+seat, g.seats[i])
			}
		} else {
			add("PairId_NS", g.ns)
			add("PairId_EW", g.ew)
		}
		switch r.Status {
		case tournament.StatusPlayed:
			declarer, contract, result = r.Declarer, r.Contract, strconv.Itoa(r.Tricks)
			add("Score", "NS "+strconv.Itoa(r.NSScore)) // §4.2.1 "NS <score>"
			if l, ok := leadCard(r.Lead); ok {
				lead = l
			}
		case tournament.StatusPassedOut:
			// §3.4.13 and §3.4.15: "When all 4 players pass, then the tag
			// value is an empty string"; §3.4.14: the Contract is "Pass".
			contract = "Pass"
			add("Score", "NS 0")
		case tournament.StatusArtificial:
			// No contract was played: Declarer, Contract and Result are
			// inappropriate (§3.4: empty strings). §4.2.4 ScorePercentage
			// gives each side's percentage; the Note says the same in the
			// words traveler's reader reads (artificialNote).
			add("ScorePercentage", fmt.Sprintf("NS %d EW %d", r.NSPercent, r.EWPercent))
			notes = append(notes, fmt.Sprintf("artificial score %d%%/%d%%", r.NSPercent, r.EWPercent))
		case tournament.StatusAssigned:
			// Score is the weighted NS score; the Notes give every part
			// with its weight (Law 12C1(c)) and, on a split score, the EW
			// side's own (Law 12C1(b)), as traveler's reader reads them
			// back (assignedNotes).
			add("Score", "NS "+strconv.Itoa(r.NSScore))
			notes = append(notes, assignedNotePrefix+assignedPartsText(r.Assigned))
			if r.Split() {
				notes = append(notes, splitNotePrefix+assignedPartsText(r.EWAssigned))
			}
		}
		if v := r.PlayedVersion(); v > 1 {
			// PBN has no tag for a fouled board (Law 87); the Deal is the
			// board as dealt, so a Note says this line played another
			// version, compared only with the lines that played it.
			notes = append(notes, "fouled board: version "+strconv.Itoa(v)+" of the deal, scored only against the tables that played it")
		}
	}
	// PBN 2.1 §3.5.5 (and §3.6.5): a Note's value is "<note_index>:<note_text>",
	// the indexes of one game differing (1 to 32, §3.5.4). traveler's auctions
	// carry no note references, so the game's notes are numbered 1, 2, …
	for i, n := range notes {
		add("Note", strconv.Itoa(i+1)+":"+n)
	}
	b := &g.board
	for _, t := range []pbnTag{
		{"Event", g.ev.event}, {"Site", g.ev.site}, {"Date", g.ev.date}, {"Board", strconv.Itoa(b.Number)},
		{"West", g.players[0]}, {"North", g.players[1]}, {"East", g.players[2]}, {"South", g.players[3]},
		{"Dealer", b.Dealer.String()}, {"Vulnerable", pbnVul(b.Vulnerability.String())}, {"Deal", g.deal},
		{"Scoring", g.ev.scoring}, {"Declarer", declarer}, {"Contract", contract}, {"Result", result},
	} {
		tag(w, t.name, t.value)
	}
	var tables map[string][]string // a table tag's rows (§5.1), by its name
	if g.analysis != nil {
		var more []pbnTag
		more, tables = pbnAnalysisTags(g.analysis, g.ev.lawOf)
		supp = append(supp, more...)
	}
	if len(g.totals) > 0 {
		if tables == nil {
			tables = map[string][]string{}
		}
		supp = append(supp, pbnTag{"TotalScoreTable", g.totalsHeader})
		tables["TotalScoreTable"] = g.totals
	}
	slices.SortStableFunc(supp, func(a, b pbnTag) int { return strings.Compare(a.name, b.name) })
	for _, t := range supp {
		if rows, ok := tables[t.name]; ok {
			// A table's column header is written as PBN §5.1 and the files
			// real programs write give it: "Declarer;Denomination\2R",
			// the backslash as it is.
			w.WriteString("[" + t.name + ` "` + t.value + `"]` + pbnEOL)
			for _, r := range rows {
				w.WriteString(r + pbnEOL)
			}
			continue
		}
		tag(w, t.name, t.value)
	}
	if len(auction) > 0 {
		writePBNAuction(w, b.Dealer, auction)
	}
	if lead != "" {
		if decl, err := scoring.ParseSeat("declarer", declarer); err == nil {
			// §3.6: "In export format this player is always the opening
			// leader, being declarer's left hand opponent. Each play line
			// contains 4 cards"; "A dash '-' is used for each card that is
			// unknown"; "*" ends a play section that gives no more.
			tag(w, "Play", ((decl + 1) & 3).String())
			w.WriteString(lead + " - - -" + pbnEOL + "*" + pbnEOL)
		}
	}
}

// writePBNAuction writes a result's auction as the auction section (PBN
// 2.1 §3.5), which comes before the play section: the tag value is the
// first to call, the dealer; in export format four calls a line, the
// dealer's column first. Calls are written as PBN spells them — "Pass",
// "X", "XX", "1H", "3NT" — and the passes that close the auction as "AP"
// (all pass): the last three after a bid, or all four of a passed-out
// board. A historical code's calls PBN has no name for (a Bridge
// declaration's LEAVE, Royalton's royal bids, a nullo) are written as
// traveler keeps them, which traveler's reader reads back.
func writePBNAuction(w *bufio.Writer, dealer scoring.Seat, calls []string) {
	out := make([]string, 0, len(calls))
	for _, c := range calls {
		if strings.EqualFold(c, "PASS") {
			c = "Pass"
		}
		out = append(out, c)
	}
	if n := closingPasses(out); n > 0 {
		out = append(out[:len(out)-n], "AP")
	}
	tag(w, "Auction", dealer.String())
	for i := 0; i < len(out); i += 4 {
		w.WriteString(strings.Join(out[i:min(i+4, len(out))], " ") + pbnEOL)
	}
}

// closingPasses is how many passes at the end of calls (PBN spelling)
// close the auction: 3 after a bid, double or redouble, 4 when every call
// is a pass; 0 when the calls do not end that way.
func closingPasses(calls []string) int {
	trailing := 0
	for i := len(calls) - 1; i >= 0 && calls[i] == "Pass"; i-- {
		trailing++
	}
	switch {
	case trailing == len(calls) && trailing == 4:
		return 4
	case trailing < len(calls) && trailing >= 3:
		return 3
	}
	return 0
}

// pbnTag is a tag's name and value, to be written.
type pbnTag struct{ name, value string }

// pbnPairs names a section's pairs as PBN writes them.
type pbnPairs struct {
	directions bool                // pairs numbered per direction (a Mitchell): NS 3 and EW 3 are two pairs
	names      map[string][]string // number "/" direction → the players' names
}

// newPBNPairs indexes a section's pairs by number and direction.
func newPBNPairs(s *tournament.SectionData) pbnPairs {
	ps := pbnPairs{directions: len(s.Section.Movement.PairDirections()) > 1, names: map[string][]string{}}
	for _, p := range s.Pairs {
		var n []string
		for _, pl := range p.Players {
			n = append(n, pl.Name)
		}
		ps.names[p.Number+"/"+p.Direction] = n
	}
	return ps
}

// team is the name of the team a pair (by number) plays for in a teams
// section, or its number when it has no name.
func (ps pbnPairs) team(s *tournament.SectionData, pair string) string {
	p, _ := strconv.Atoi(pair)
	for _, t := range s.Section.Movement.Teams {
		if t.Pairs[0] == p || t.Pairs[1] == p {
			for _, r := range s.Teams {
				if r.Number == t.Number && r.Name != "" {
					return r.Name
				}
			}
			return "Team " + strconv.Itoa(t.Number)
		}
	}
	return "Team of pair " + pair
}

// id is the pair's PairId: its number, with its direction ("3NS", as
// Compscore3 numbers a two-winner Mitchell's pairs) where pairs are
// numbered per direction.
func (ps pbnPairs) id(number string, side int) string {
	if ps.directions {
		return number + [2]string{"NS", "EW"}[side]
	}
	return number
}

// player is the name of player i (0: North or East, 1: South or West) of
// the pair sitting side (0 NS, 1 EW); "?" when it is not known (§3.4).
func (ps pbnPairs) player(number string, side, i int) string {
	dir := ""
	if ps.directions {
		dir = [2]string{"NS", "EW"}[side]
	}
	if n := ps.names[number+"/"+dir]; i < len(n) && strings.TrimSpace(n[i]) != "" {
		return n[i]
	}
	return "?"
}

// unknownIfEmpty is v, or "?" for a mandatory tag whose value is not known
// (§3.4: "then the tag is given with tag value "?"").
func unknownIfEmpty(v string) string {
	if strings.TrimSpace(v) == "" {
		return "?"
	}
	return v
}

// pbnDateOut writes a date YYYY-MM-DD as PBN does, YYYY.MM.DD; an unknown
// date is "????.??.??" (§3.4.3: "If any of the digit fields are not known,
// then question marks are used in place of the digits").
func pbnDateOut(s string) string {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return "????.??.??"
	}
	return t.Format("2006.01.02")
}

// pbnDealOut writes a board's deal as §3.4.11 asks in export format:
// "the ranks must be given in descending order; <first> is equal to the
// dealer". A board without a hand record gives no hand: "A hand whose cards
// are not given, is indicated by "-"", so "E:- - - -".
func pbnDealOut(b tournament.Board) string {
	d := b.Deal
	d.First = b.Dealer
	return d.String()
}

// pbnSeats are the players of an individual's result by seat, North,
// East, South and West, as the movement seats them at its round and table;
// "?" (unknown, §3.4) for each seat when the movement has no such table.
func pbnSeats(m *movement.Movement, r *tournament.Result) [4]string {
	if rd, ok := m.Round(r.Round); ok {
		for _, t := range rd.Tables {
			if t.Table == r.Table && len(t.Players) == 4 {
				return [4]string{strconv.Itoa(t.Players[0]), strconv.Itoa(t.Players[1]), strconv.Itoa(t.Players[2]), strconv.Itoa(t.Players[3])}
			}
		}
	}
	return [4]string{"?", "?", "?", "?"}
}

// pbnRoom names a teams result's room: "Open" where the NS pair's team is
// the home team of a match of its round (its first pair sits NS in the
// match's first room, movement.Match), "Closed" where it is the away team.
func pbnRoom(m *movement.Movement, r *tournament.Result) string {
	ns, err := strconv.Atoi(r.NS)
	if err != nil {
		return ""
	}
	team := m.TeamOf(ns)
	for _, mt := range m.Matches(r.Round) {
		switch {
		case mt.Away == 0:
		case mt.Home == team:
			return "Open"
		case mt.Away == team:
			return "Closed"
		}
	}
	return ""
}

// pbnScoring is each method as the Scoring tag names it: PBN 2.1's MP, IMP,
// BAM and Total (a teams file's Total: aggregate), with traveler's own qualifier after a ';' where PBN has no
// name for the method (pbnMethod reads them back). §3.4.12: "The tag value
// consists of fields separated by semicolons", a basic system or a
// modifier.
var pbnScoring = map[tournament.Method]string{
	tournament.MethodMP: "MP", tournament.MethodMPACBL: "MP;ACBL", tournament.MethodAverage: "Total;Average",
	tournament.MethodTotal: "Total", tournament.MethodCrossIMP: "IMP;Cross", tournament.MethodButler: "IMP;Butler",
	tournament.MethodIMPTeams: "IMP", tournament.MethodBAMTeams: "BAM", tournament.MethodPattonTeams: "BAM;Total;Patton",
	tournament.MethodAggregateTeams: "Total",
}

// lawTag is the tag naming the law code of an event not played under
// contract-2017; other programs ignore a tag they do not know (PBN 2.1).
const lawTag = "TravelerLaw"

// lawOptionsTag is the tag naming the yes/no law options an event was
// scored with on where a file is otherwise read with them off
// (lawOptionNotes, fileOptions); skipped by other programs as lawTag is.
const lawOptionsTag = "TravelerLawOptions"

// conventionTag is the tag naming the convention (scoring.Conventions) an
// event's figures follow, when not traveler's own; skipped by other
// programs as lawTag is.
const conventionTag = "TravelerConvention"

// tag writes [Name "value"] on a line of its own: §3.3 "Export format
// requires each tag pair to appear left justified on a line by itself",
// one space between name and value. §3.2: a quote in a string is \", a
// backslash \\, and "non-printing characters like newline and tab are not
// permitted inside of strings": each becomes a space.
func tag(w *bufio.Writer, name, value string) {
	v := strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, value)
	v = strings.ReplaceAll(strings.ReplaceAll(v, `\`, `\\`), `"`, `\"`)
	w.WriteString("[" + name + ` "` + v + `"]` + pbnEOL)
}

// pbnVul writes a vulnerability as PBN's export format does: None, NS, EW
// or All (§3.4.10: "In export format the tag values "None" and "All" are
// applied").
func pbnVul(s string) string {
	switch strings.ToUpper(s) {
	case "NS", "EW":
		return strings.ToUpper(s)
	case "ALL", "BOTH":
		return "All"
	}
	return "None"
}

// pbnAnalysisTags are a board's double-dummy tags as real programs write
// them (RealBridge's export, ../shared/testdata/pbn/teams_imps_2021.pbn;
// Dealer4 and BridgeComposer alike): DoubleDummyTricks, twenty hexadecimal
// digits, declarer North, South, East, West, each in no-trump, spades,
// hearts, diamonds, clubs; OptimumResultTable, the same as a table;
// OptimumScore, contract-2017's par for North-South ("NS +90"); and
// ParContract, its contracts ("EW 4SX-1; NS 5D"). Under a historical code,
// TravelerPar gives par under it ("auction-1915 NS +173: 2H NS +2"), a tag
// of traveler's own that other readers skip (§4.9).
func pbnAnalysisTags(a *tournament.Analysis, law scoring.Law) ([]pbnTag, map[string][]string) {
	order := []scoring.Seat{scoring.North, scoring.South, scoring.East, scoring.West}
	strains := []scoring.Strain{scoring.NoTrump, scoring.Spades, scoring.Hearts, scoring.Diamonds, scoring.Clubs}
	var digits strings.Builder
	var rows []string
	for _, seat := range order {
		for _, st := range strains {
			n, _ := a.Tricks.Tricks(seat, st)
			digits.WriteString(strconv.FormatInt(int64(n), 16))
			rows = append(rows, fmt.Sprintf("%s %2s %2d", seat, st, n))
		}
	}
	tags := []pbnTag{{"DoubleDummyTricks", digits.String()}, {"OptimumResultTable", `Declarer;Denomination\2R;Result\2R`}}
	for _, lp := range a.Par {
		switch lp.Law {
		case scoring.Contract2017:
			tags = append(tags, pbnTag{"OptimumScore", "NS " + signed(lp.Par.NSScore)})
			var cs []string
			for _, c := range lp.Par.Contracts {
				who := c.Side.String()
				if c.OneSeat {
					who = c.Seat.String()
				}
				res := ""
				if c.Result != 0 {
					res = fmt.Sprintf("%+d", c.Result)
				}
				cs = append(cs, who+" "+c.Contract.String()+res)
			}
			if len(cs) == 0 {
				cs = []string{"Pass"}
			}
			tags = append(tags, pbnTag{"ParContract", strings.Join(cs, "; ")})
		case law:
			var cs []string
			for _, c := range lp.Par.Contracts {
				cs = append(cs, c.String())
			}
			v := law.String() + " NS " + signed(lp.Par.NSScore)
			if len(cs) > 0 {
				v += ": " + strings.Join(cs, ", ")
			}
			if lp.Par.NullosLeftOut {
				v += " (nullos left out)"
			}
			tags = append(tags, pbnTag{"TravelerPar", v})
		}
	}
	return tags, map[string][]string{"OptimumResultTable": rows}
}

// signed writes n with its sign: "+90", "-400", "0".
func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// The texts of the Notes an assigned adjusted score is written with
// (WritePBN) and read back by (assignedNotes): each followed by its parts.
const (
	assignedNotePrefix = "assigned adjusted score (Law 12C1(c)), NS side: "
	splitNotePrefix    = "split score (Law 12C1(b)), EW side: "
)

// assignedPartsText writes an assigned score's parts as "NS 420 weight 0.5;
// NS -50 weight 0.5": each part's NS score and its share, the share
// written exactly (the shortest decimal that reads back to it).
func assignedPartsText(parts []tournament.AssignedPart) string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = "NS " + strconv.Itoa(p.NSScore) + " weight " + strconv.FormatFloat(p.Weight, 'g', -1, 64)
	}
	return strings.Join(out, "; ")
}
