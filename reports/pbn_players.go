package reports

import (
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// maxPairPlayers bounds a pair's players read from a file: two and its
// substitutes, as the service keeps them (checkPairs: at most 4).
const maxPairPlayers = 4

// pbnTotalScoreHeader is the column header of the TotalScoreTable traveler
// writes (PBN 2.1 §5.10): a pair's place, its id (as PairId_NS and
// PairId_EW give it), its players' names and their membership numbers.
// PBN itself has no tag for a membership number; MemberID1 and MemberID2
// are the columns real results programs write for them, e.g. Ruter (the
// Swedish and Norwegian clubs' scorer) in
// resultat.svenskbridge.se/storage/2021/09/01/354807.pbn:
// "Rank\1R;RankTie\1R;PairId\1R;…;Names\37L;NrBoards\2R;Club\30L;MemberID1\7R;MemberID2\7R;…".
const pbnTotalScoreHeader = `Rank\2R;PairId\4R;Names\40L;MemberID1\10R;MemberID2\10R`

// pbnIndividualHeader is the TotalScoreTable's header of an individual
// section, which ranks players: PBN 2.1's PlayerId column (the id the
// games' PlayerId_North … PlayerId_West give) and the player's Name, as
// results readers of PBN take an individual's ranking (the Finnish PBN
// reader's TotalScoreTable columns "PlayerId" and "Name"; a PBN-to-JSON
// reader, JsonScoreTable.java, reading Competition "Individuals" by
// PlayerId_North, _South, _East, _West), and the player's membership
// number as MemberID1.
const pbnIndividualHeader = `Rank\2R;PlayerId\4R;Name\40L;MemberID1\10R`

// pbnTotalScoreRows are the TotalScoreTable's rows of a pairs section: one
// a pair with players, by direction then place as the standings list them
// (pairs with no standing after). A value not known is "-" (§5.1). A teams
// section has none: its players are the teams'.
func pbnTotalScoreRows(s *tournament.SectionData, ps pbnPairs) []string {
	if s.Section.Movement.Kind == movement.KindTeams {
		return nil
	}
	byKey := map[[2]string]tournament.Pair{}
	for _, p := range s.Pairs {
		byKey[[2]string{p.Number, p.Direction}] = p
	}
	var rows []string
	done := map[[2]string]bool{}
	row := func(p tournament.Pair, place string) {
		side := 0
		if p.Direction == "EW" {
			side = 1
		}
		var names []string
		ids := [2]string{"-", "-"}
		for i, pl := range p.Players {
			names = append(names, pl.Name)
			if i < 2 && strings.TrimSpace(pl.Number) != "" {
				ids[i] = pbnQuote(pl.Number)
			}
		}
		row := place + " " + pbnQuote(ps.id(p.Number, side)) + " " + pbnQuote(strings.Join(names, " - ")) + " " + ids[0]
		if s.Section.Movement.Kind != movement.KindIndividual { // an individual's entrant is one player
			row += " " + ids[1]
		}
		rows = append(rows, row)
	}
	g := &s.Section.Grading
	penalties := len(s.Section.Penalties) > 0 // a Penalty column (pbnTotalScoreHeaderOf)
	for _, st := range s.Standings.Pairs {
		k := [2]string{st.Number, st.Direction}
		if p, ok := byKey[k]; ok && len(p.Players) > 0 && !done[k] {
			done[k] = true
			row(p, strconv.Itoa(st.Place))
			if g.Stratified() {
				rows[len(rows)-1] += " " + pbnQuote(st.Stratum) + " " + pbnQuote(strataPlaces(&st.Grade))
			}
			if g.Handicapped() {
				rows[len(rows)-1] += " " + csvNumber(st.Handicap) + " " + csvNumber(st.Net) + " " + strconv.Itoa(st.Scratch)
			}
			if penalties {
				rows[len(rows)-1] += " " + csvNumber(st.Penalty)
			}
		}
	}
	for _, p := range s.Pairs {
		if k := [2]string{p.Number, p.Direction}; len(p.Players) > 0 && !done[k] {
			done[k] = true
			row(p, "-")
			if g.Stratified() {
				rows[len(rows)-1] += ` "-" "-"`
			}
			if g.Handicapped() {
				rows[len(rows)-1] += " - - -"
			}
			if penalties {
				rows[len(rows)-1] += " -"
			}
		}
	}
	return rows
}

// pbnTotalScoreHeaderOf is the TotalScoreTable's header for a section:
// pbnTotalScoreHeader, and for a graded one its stratum and places by
// stratum ("A 3, B 2, C 1"), its handicap, net result (Rank is then the
// place by net) and scratch place; for a section with procedural penalties
// what they took off each total, which Rank and the
// totals are after. PBN names no such columns; like
// MemberID1 they are the program's own, which §5 lets a table have.
func pbnTotalScoreHeaderOf(sec *tournament.Section) string {
	g := &sec.Grading
	h := pbnTotalScoreHeader
	if sec.Movement.Kind == movement.KindIndividual {
		h = pbnIndividualHeader
	}
	if g.Stratified() {
		h += `;Stratum\4L;StrataPlaces\20L`
	}
	if g.Handicapped() {
		h += `;Handicap\6R;Net\7R;RankScratch\2R`
	}
	if len(sec.Penalties) > 0 {
		h += `;Penalty\6R` // procedural penalties (grading.go)
	}
	return h
}

// pbnQuote writes a table's string value: in quotes, a quote or backslash
// inside escaped with a backslash (§2.4).
func pbnQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// pbnMemberIDs fills the membership numbers of a section's pairs from a
// TotalScoreTable of its games with PairId and MemberID1 (and MemberID2)
// columns, as traveler and Ruter write it: player 1 and 2 of the pair the
// row's PairId names ("3", or "3NS" where pairs are numbered per
// direction). A pair read without players takes them from the row's Names
// ("Ann Smith - Bob Jones"), and a pair read with fewer players than the
// row names, the seat tags' first, the rest (a substitute). A file without such a table, or a row naming
// no pair of the section, changes nothing; a table that cannot be read is
// left unread, as the rest of the file is read without it.
func pbnMemberIDs(games []PBNResult, pairs []tournament.Pair) {
	tb, found := pbnTotalTable(games, func(tb pbnTable) bool {
		return (tb.has("PairId") || tb.has("PlayerId")) && (tb.has("MemberID1") || tb.has("MemberID2"))
	})
	if !found {
		return
	}
	byID := map[string]*tournament.Pair{}
	for i := range pairs {
		byID[pairs[i].Number+pairs[i].Direction] = &pairs[i]
	}
	for _, row := range tb.rows {
		p := byID[tb.value(row, "PairId")+tb.value(row, "PlayerId")] // an individual's TotalScoreTable ranks players (pbnIndividualHeader)
		if p == nil {
			continue
		}
		if names := tb.value(row, "Names"); names != "" && tb.value(row, "PairId") != "" {
			// The row lists the pair's players: those the seat tags named
			// first, then any substitute (one of its players throughout),
			// as WritePBN writes "Ann - Bob - Sid Sub".
			listed := strings.Split(names, " - ")
			for k := range listed {
				listed[k] = strings.TrimSpace(listed[k])
			}
			if len(listed) <= maxPairPlayers && slices.EqualFunc(p.Players, listed[:min(len(p.Players), len(listed))], func(pl tournament.Player, n string) bool { return pl.Name == n }) {
				for _, n := range listed[len(p.Players):] {
					p.Players = append(p.Players, tournament.Player{Name: n})
				}
			}
		}
		for k, col := range []string{"MemberID1", "MemberID2"} {
			if id := tb.value(row, col); id != "" && k < len(p.Players) && p.Players[k].Number == "" {
				p.Players[k].Number = id
			}
		}
	}
}

// pbnTotalTable finds the first TotalScoreTable of the games that reads
// and that fits (its columns); a table that cannot be read is passed over.
func pbnTotalTable(games []PBNResult, fits func(pbnTable) bool) (pbnTable, bool) {
	for i := range games {
		if g := games[i].Game; g != nil {
			if t, ok := g.Tag("TotalScoreTable"); ok {
				if tb, err := readPBNTable(t); err == nil && fits(tb) {
					return tb, true
				}
			}
		}
	}
	return pbnTable{}, false
}
