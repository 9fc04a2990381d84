package reports

import (
	"slices"
	"strconv"

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
// (individualSection).
func pbnIndividual(games []PBNResult, played []int, results []tournament.Result, boards int) ([]tournament.Pair, tournament.Section, error) {
	names := map[int]string{}
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
			if v := g.player(movement.SeatName(s)); v != "" && names[n] == "" {
				names[n] = v
			}
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
	pairs := make([]tournament.Pair, 0, players)
	for p := 1; p <= players; p++ {
		tp := tournament.Pair{Number: strconv.Itoa(p)}
		if n := names[p]; n != "" {
			tp.Players = []tournament.Player{{Name: n}}
		}
		pairs = append(pairs, tp)
	}
	return pairs, sec, nil
}
