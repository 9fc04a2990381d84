package reports

import (
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// pbnSeatTags are an individual's games' player tags by seat (North, East,
// South, West, Table.Players order), as WritePBN writes them under the
// names of the ScoreTable's columns for an individual (pbn_write.go:
// PlayerId_North …). PBN 2.1 itself names no individual's players beyond
// the seat tags' names (§3.4.4–§3.4.7 West, North, East, South).
var pbnSeatTags = [4]string{"PlayerId_North", "PlayerId_East", "PlayerId_South", "PlayerId_West"}

// pbnIndividual reads an individual's games: each played game's four
// players by their PlayerId_ tags (numbers 1 to tournament.MaxPlayers,
// four different players), named by the seat tags; each result is between
// the partnerships North–South and East–West (movement.Partnership), and
// the movement is built from the games as a USEBIO individual's is
// (individualSection). Each player is named as the TotalScoreTable's
// PlayerId row names them (its Name, or the first of its names "Player 3
// - Sam Sub"), else as their seat in their first round; a game whose seat
// tag names someone else had a substitute in that seat
// (individualSubstitutes).
func pbnIndividual(games []PBNResult, played []int, results []tournament.Result, boards int) ([]tournament.Pair, tournament.Section, error) {
	var named []seatSitter
	var meetings []meeting
	at := map[[4]int]int{}
	for k, i := range played {
		g := games[i].Game
		var seats [4]int
		for s, tag := range pbnSeatTags {
			t, ok := g.given(tag)
			if !ok {
				return nil, tournament.Section{}, &FileError{Format: "PBN", Line: games[i].Line, Element: "[" + tag + "]",
					Expected: "the player's number, as in every game of an individual (PlayerId_North, PlayerId_East, PlayerId_South, PlayerId_West)"}
			}
			n, err := pairNumber(t.Value)
			if err != nil || n > tournament.MaxPlayers {
				return nil, tournament.Section{}, pbnErr(t, "a player number from 1 to "+strconv.Itoa(tournament.MaxPlayers))
			}
			for o := range s {
				if seats[o] == n {
					return nil, tournament.Section{}, pbnErr(t, "four different players at a table: player "+t.Value+" is also "+pbnSeatTags[o])
				}
			}
			seats[s] = n
			tag := movement.SeatName(s)
			line := games[i].Line
			if st, ok := g.Tag(tag); ok {
				line = st.Line
			}
			named = append(named, seatSitter{line: k, player: n, who: tournament.Player{Name: g.player(tag)},
				where: func(exp string) error {
					return &FileError{Format: "PBN", Line: line, Element: "[" + tag + "]", Value: g.player(tag), Expected: exp}
				}})
		}
		ns, ew := movement.Partnership(seats[0], seats[2]), movement.Partnership(seats[1], seats[3])
		results[k].NS, results[k].EW = strconv.Itoa(ns), strconv.Itoa(ew)
		j, ok := at[seats]
		if !ok {
			j = len(meetings)
			at[seats] = j
			meetings = append(meetings, meeting{ns: ns, ew: ew, seats: seats})
		}
		if slices.Contains(meetings[j].boards, results[k].Board) {
			return nil, tournament.Section{}, &FileError{Format: "PBN", Line: games[i].Line, Element: "[Board]", Value: strconv.Itoa(results[k].Board),
				Expected: "one game per board for each four players"}
		}
		meetings[j].boards = append(meetings[j].boards, results[k].Board)
		meetings[j].lines = append(meetings[j].lines, k)
	}
	players := 0
	for _, m := range meetings {
		for _, p := range m.seats {
			players = max(players, p)
		}
	}
	sec, err := individualSection(meetings, results, boards, players)
	if err != nil {
		return nil, tournament.Section{}, &FileError{Format: "PBN", Line: games[played[0]].Line, Element: "[PlayerId_North]", Expected: "games that make an individual movement (" + err.Error() + ")"}
	}
	names := pbnEntrantNames(games, named, results)
	pairs := make([]tournament.Pair, 0, players)
	for p := 1; p <= players; p++ {
		tp := tournament.Pair{Number: strconv.Itoa(p)}
		if n := names[p]; n != "" {
			tp.Players = []tournament.Player{{Name: n}}
		}
		pairs = append(pairs, tp)
	}
	if err := individualSubstitutes(pairs, results, named); err != nil {
		return nil, tournament.Section{}, err
	}
	return pairs, sec, nil
}

// pbnEntrantNames names each of an individual's players (by number): the
// seat name the TotalScoreTable's row of its PlayerId gives (the row's
// Name, or its first name when it lists the substitutes after, "Player 3
// - Sam Sub", as WritePBN writes it), else the name in the player's seat
// in the earliest round it is named in.
func pbnEntrantNames(games []PBNResult, named []seatSitter, results []tournament.Result) map[int]string {
	listed := map[string]string{}
	if tb, ok := pbnTotalTable(games, func(tb pbnTable) bool { return tb.has("PlayerId") && tb.has("Name") }); ok {
		for _, row := range tb.rows {
			listed[tb.value(row, "PlayerId")] = tb.value(row, "Name")
		}
	}
	names := map[int]string{}
	first := map[int]int{} // player → the round its name is from
	for _, s := range named {
		v := strings.TrimSpace(s.who.Name)
		if v == "" || v == "?" {
			continue
		}
		if l := listed[strconv.Itoa(s.player)]; l == v || strings.HasPrefix(l, v+" - ") {
			names[s.player], first[s.player] = v, 0
			continue
		}
		if r, ok := first[s.player]; !ok || results[s.line].Round < r {
			names[s.player], first[s.player] = v, results[s.line].Round
		}
	}
	return names
}
