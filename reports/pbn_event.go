package reports

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// ReadPBNEvent reads a PBN file's hand records and played results into an
// EventData (see PBNEvent).
func ReadPBNEvent(r io.Reader) (tournament.EventData, error) {
	res, err := ReadPBNResults(r)
	if err != nil {
		return tournament.EventData{}, err
	}
	return PBNEvent(res)
}

// PBNEvent turns a PBN file's games into an EventData under contract-2017
// (or the code a TravelerLaw tag names, as WritePBN writes it), one
// section, scored as the Scoring tag says (see pbnMethod). Every game gives its board (Dealer, Vulnerable and Deal;
// dealer and vulnerability from the number when not given); a game with a
// Contract (or an "artificial score 60%/40%" Note, as WritePBN writes it)
// is a traveler line. Who played is read, in this order, from:
//   - PairId_NS and PairId_EW (as WritePBN writes them): pair numbers, a
//     custom movement built from the meetings (see meetingRounds), scored
//     MP unless Scoring says IMP (then CROSS_IMP);
//   - HomeTeam, VisitTeam and Table: a teams match per table, the home team
//     sitting NS, every table in one round, scored IMP_TEAMS; team t's pairs
//     are 2t−1 (NS at its home table) and 2t (EW at the other);
//   - the players' names: North–South and East–West each a pair, numbered
//     in order of first appearance, a custom movement as above.
//
// Every played result is scored again and must give the game's Score.
// Errors are *FileError naming the tag and its line.
func PBNEvent(games []PBNResult) (tournament.EventData, error) {
	if len(games) == 0 {
		return tournament.EventData{}, &FileError{Format: "PBN", Line: 1, Element: "[Board]", Expected: "at least one game"}
	}
	g0 := games[0].Game
	e := tournament.Event{Name: games[0].Event, Law: scoring.Contract2017, LawOptions: defaultOptions(scoring.Contract2017), Scoring: tournament.MethodMP}
	if g0 != nil {
		if t, ok := g0.given("Date"); ok {
			date, err := pbnDate(t.Value)
			if err != nil {
				return tournament.EventData{}, pbnErr(t, "a date YYYY.MM.DD")
			}
			e.Date = date
		}
		e.Scoring = pbnMethod(g0.Value("Scoring"))
		if t, ok := g0.given(lawTag); ok {
			law, err := scoring.ParseLaw("law", t.Value)
			if err != nil {
				return tournament.EventData{}, pbnErr(t, "a law code: "+strings.Join(scoring.LawNames(), ", "))
			}
			e.Law, e.LawOptions = law, defaultOptions(law)
		}
	}
	boards := map[int]tournament.Board{}
	var played []int // indexes into games of the traveler lines
	maxBoard := 0
	for i := range games {
		g := &games[i]
		if g.Board == 0 {
			return tournament.EventData{}, &FileError{Format: "PBN", Line: g.Line, Element: "[Board]", Expected: "the board number of every game"}
		}
		maxBoard = max(maxBoard, g.Board)
		if _, ok := boards[g.Board]; !ok {
			b := tournament.Board{Number: g.Board, Dealer: scoring.BoardDealer(g.Board), Vulnerability: scoring.BoardVulnerability(g.Board)}
			if g.HasDealer {
				b.Dealer = g.Dealer
			}
			if g.HasVulnerable {
				b.Vulnerability = g.Vulnerable
			}
			if g.Deal.Given != [4]bool{} {
				b.Deal = g.Deal.String()
			}
			boards[g.Board] = b
		}
		if g.HasContract || artificialNote(g.Game) != nil {
			played = append(played, i)
		}
	}
	if len(played) == 0 {
		return tournament.EventData{}, &FileError{Format: "PBN", Line: games[0].Line, Element: "[Contract]", Expected: "at least one played result"}
	}
	results := make([]tournament.Result, len(played))
	for k, i := range played {
		r, err := pbnResult(&games[i])
		if err != nil {
			return tournament.EventData{}, err
		}
		results[k] = r
	}
	var sec tournament.Section
	var pairs []tournament.Pair
	var teams []tournament.Roster
	var err error
	switch {
	case hasTag(games, played, "PairId_NS"):
		pairs, sec, err = pbnNumberedPairs(games, played, results, maxBoard)
	case hasTag(games, played, "HomeTeam"):
		e.Scoring = tournament.MethodIMPTeams
		pairs, teams, sec, err = pbnTeams(games, played, results, maxBoard)
	default:
		pairs, sec, err = pbnNamedPairs(games, played, results, maxBoard)
	}
	if err != nil {
		return tournament.EventData{}, err
	}
	sec.Session, sec.Name, sec.CurrentRound = 1, "A", len(sec.Movement.Rounds)
	if s := games[played[0]].Game; s != nil && s.Value("Section") != "" {
		sec.Name = s.Value("Section")
	}
	rules, err := e.Rules()
	if err != nil {
		return tournament.EventData{}, err
	}
	errs := tournament.ScoreResults(rules, &sec, boards, results)
	for k, i := range played {
		g := &games[i]
		if errs != nil && errs[k] != nil {
			return tournament.EventData{}, &FileError{Format: "PBN", Line: g.Line, Element: "[Contract]", Value: g.ContractText, Expected: "a result " + e.Law.String() + " scores (" + errs[k].Error() + ")"}
		}
		r := &results[k]
		if g.HasScore && (r.Status == tournament.StatusPlayed || r.Status == tournament.StatusPassedOut) && g.Score != r.NSScore {
			t, _ := g.Game.Tag("Score")
			return tournament.EventData{}, pbnErr(t, fmt.Sprintf("the NS score of %s by %s taking %d tricks: NS %d", r.Contract, r.Declarer, r.Tricks, r.NSScore))
		}
	}
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, pairs, teams, boards, results)}}, nil
}

// pbnResult turns a game into a result: its board, status and contract.
func pbnResult(g *PBNResult) (tournament.Result, error) {
	r := tournament.Result{Board: g.Board}
	if pc := artificialNote(g.Game); pc != nil && !g.HasContract {
		r.Status, r.NSPercent, r.EWPercent = tournament.StatusArtificial, pc[0], pc[1]
		return r, nil
	}
	if g.Contract.Pass {
		r.Status, r.Contract = tournament.StatusPassedOut, "PASS"
		return r, nil
	}
	if !g.HasDeclarer {
		return r, &FileError{Format: "PBN", Line: g.Line, Element: "[Declarer]", Expected: "the declarer's seat (N, E, S or W) for the contract " + g.ContractText}
	}
	if !g.HasTricks {
		return r, &FileError{Format: "PBN", Line: g.Line, Element: "[Result]", Expected: "the tricks won by the declarer's side for the contract " + g.ContractText}
	}
	r.Status, r.Contract, r.Declarer, r.Tricks = tournament.StatusPlayed, g.Contract.String(), g.Declarer.String(), g.Tricks
	if t, ok := g.Game.Tag("Play"); ok && len(t.Section) > 0 {
		// the first card of the play section is the opening lead
		if f := strings.Fields(t.Section[0]); len(f) > 0 {
			if lead, ok := leadCard(f[0]); ok {
				r.Lead = lead
			}
		}
	}
	return r, nil
}

// artificialNote reads a Note "artificial score 60%/40%", as WritePBN
// writes it: each side's percentage of the top; nil when there is none.
func artificialNote(g *PBNGame) []int {
	if g == nil {
		return nil
	}
	for _, t := range g.Tags {
		if t.Name != "Note" {
			continue
		}
		var ns, ew int
		if n, err := fmt.Sscanf(t.Value, "artificial score %d%%/%d%%", &ns, &ew); err == nil && n == 2 {
			return []int{ns, ew}
		}
	}
	return nil
}

// hasTag reports whether every played game has the tag, not empty.
func hasTag(games []PBNResult, played []int, name string) bool {
	for _, i := range played {
		if games[i].Game == nil {
			return false
		}
		if _, ok := games[i].Game.given(name); !ok {
			return false
		}
	}
	return true
}

// pbnNumberedPairs seats results by their PairId_NS and PairId_EW tags.
func pbnNumberedPairs(games []PBNResult, played []int, results []tournament.Result, boards int) ([]tournament.Pair, tournament.Section, error) {
	players := map[int][]tournament.Player{}
	ids := make([][2]int, len(played))
	for k, i := range played {
		g := games[i].Game
		for side, name := range [2]string{"PairId_NS", "PairId_EW"} {
			t, _ := g.Tag(name)
			n, err := pairNumber(t.Value)
			if err != nil {
				return nil, tournament.Section{}, pbnErr(t, "a pair number, 1 or more")
			}
			ids[k][side] = n
			if _, ok := players[n]; !ok {
				seats := [2][2]string{{"North", "South"}, {"East", "West"}}[side]
				for _, s := range seats {
					if v := g.Value(s); v != "" {
						players[n] = append(players[n], tournament.Player{Name: v})
					}
				}
			}
		}
		if ids[k][0] == ids[k][1] {
			t, _ := g.Tag("PairId_EW")
			return nil, tournament.Section{}, pbnErr(t, "a pair other than the NS pair (traveler reads PBN results of one-winner movements, pairs numbered apart; a two-winner Mitchell travels as USEBIO)")
		}
	}
	return seatPairs(games, played, results, boards, ids, players)
}

// pbnNamedPairs seats results by the players' names: North and South are
// one pair, East and West another.
func pbnNamedPairs(games []PBNResult, played []int, results []tournament.Result, boards int) ([]tournament.Pair, tournament.Section, error) {
	number := map[string]int{}
	players := map[int][]tournament.Player{}
	ids := make([][2]int, len(played))
	for k, i := range played {
		g := games[i].Game
		for side, seats := range [2][2]string{{"North", "South"}, {"East", "West"}} {
			a, b := g.Value(seats[0]), g.Value(seats[1])
			if a == "" && b == "" {
				return nil, tournament.Section{}, &FileError{Format: "PBN", Line: games[i].Line, Element: "[" + seats[0] + "]",
					Expected: "the players' names (or PairId_NS and PairId_EW, or HomeTeam, VisitTeam and Table) to tell who played"}
			}
			key := a + "\x00" + b
			n, ok := number[key]
			if !ok {
				n = len(number) + 1
				number[key] = n
				players[n] = []tournament.Player{{Name: a}, {Name: b}}
			}
			ids[k][side] = n
		}
	}
	return seatPairs(games, played, results, boards, ids, players)
}

// seatPairs builds the custom movement of numbered meetings and the pairs.
func seatPairs(games []PBNResult, played []int, results []tournament.Result, boards int, ids [][2]int, players map[int][]tournament.Player) ([]tournament.Pair, tournament.Section, error) {
	var meetings []meeting
	at := map[[2]int]int{}
	for k := range results {
		results[k].NS, results[k].EW = strconv.Itoa(ids[k][0]), strconv.Itoa(ids[k][1])
		i, ok := at[ids[k]]
		if !ok {
			i = len(meetings)
			at[ids[k]] = i
			meetings = append(meetings, meeting{ns: ids[k][0], ew: ids[k][1]})
		}
		if slices.Contains(meetings[i].boards, results[k].Board) {
			return nil, tournament.Section{}, &FileError{Format: "PBN", Line: games[played[k]].Line, Element: "[Board]", Value: strconv.Itoa(results[k].Board),
				Expected: "one result per board for each NS and EW pair"}
		}
		meetings[i].boards = append(meetings[i].boards, results[k].Board)
		meetings[i].lines = append(meetings[i].lines, k)
	}
	mov := meetingRounds(meetings, results, boards)
	nums := make([]int, 0, len(players))
	for n := range players {
		nums = append(nums, n)
	}
	slices.Sort(nums)
	var pairs []tournament.Pair
	for _, n := range nums {
		mov.Pairs = max(mov.Pairs, n)
		pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(n), Players: players[n]})
	}
	fillSitOut(&mov)
	return pairs, tournament.Section{Spec: tournament.MovementSpec{Kind: "custom", Schedule: mov.Rounds}, Movement: mov}, nil
}

// pbnTeams seats results of a teams file: a match per Table, the home team
// NS, all tables in one round.
func pbnTeams(games []PBNResult, played []int, results []tournament.Result, boards int) ([]tournament.Pair, []tournament.Roster, tournament.Section, error) {
	teamNo := map[string]int{}
	var rosters []tournament.Roster
	team := func(name string) int {
		if n, ok := teamNo[name]; ok {
			return n
		}
		n := len(rosters) + 1
		teamNo[name] = n
		rosters = append(rosters, tournament.Roster{Number: n, Name: name})
		return n
	}
	type room struct{ home, visit int }
	tables := map[int]room{}
	tableBoards := map[int][]int{}
	homeAt := map[int]int{} // team → its home table
	pairPlayers := map[int][]tournament.Player{}
	for k, i := range played {
		g := games[i].Game
		tt, ok := g.given("Table")
		tn, err := strconv.Atoi(strings.TrimSpace(tt.Value))
		if !ok || err != nil || tn < 1 {
			return nil, nil, tournament.Section{}, &FileError{Format: "PBN", Line: games[i].Line, Element: "[Table]", Value: tt.Value, Expected: "a table number, 1 or more, in a teams file"}
		}
		vt, ok := g.given("VisitTeam")
		if !ok {
			return nil, nil, tournament.Section{}, &FileError{Format: "PBN", Line: games[i].Line, Element: "[VisitTeam]", Expected: "the visiting team's name with HomeTeam"}
		}
		rm := room{team(g.Value("HomeTeam")), team(vt.Value)}
		if rm.home == rm.visit {
			return nil, nil, tournament.Section{}, pbnErr(vt, "a team other than the home team")
		}
		if prev, ok := tables[tn]; ok && prev != rm {
			return nil, nil, tournament.Section{}, pbnErr(tt, "one match per table: traveler reads one round of a teams file")
		}
		if t, ok := homeAt[rm.home]; ok && t != tn {
			return nil, nil, tournament.Section{}, pbnErr(tt, "each team at home at one table: traveler reads one round of a teams file")
		}
		tables[tn], homeAt[rm.home] = rm, tn
		if slices.Contains(tableBoards[tn], results[k].Board) {
			return nil, nil, tournament.Section{}, &FileError{Format: "PBN", Line: games[i].Line, Element: "[Board]", Value: strconv.Itoa(results[k].Board), Expected: "each board once at a table"}
		}
		tableBoards[tn] = append(tableBoards[tn], results[k].Board)
		ns, ew := 2*rm.home-1, 2*rm.visit
		results[k].NS, results[k].EW, results[k].Round, results[k].Table = strconv.Itoa(ns), strconv.Itoa(ew), 1, tn
		if _, ok := pairPlayers[ns]; !ok {
			pairPlayers[ns] = []tournament.Player{{Name: g.Value("North")}, {Name: g.Value("South")}}
		}
		if _, ok := pairPlayers[ew]; !ok {
			pairPlayers[ew] = []tournament.Player{{Name: g.Value("East")}, {Name: g.Value("West")}}
		}
	}
	mov := tournament.Movement{Kind: tournament.KindTeams, Winners: 1, Boards: boards, Pairs: 2 * len(rosters)}
	for _, r := range rosters {
		mov.Teams = append(mov.Teams, tournament.Team{Number: r.Number, Pairs: [2]int{2*r.Number - 1, 2 * r.Number}})
	}
	rd := tournament.Round{Number: 1}
	matches := map[[2]int]int{}
	// Both rooms of a match play the same boards: a board one room has no
	// result for (missing from the file) is still in play there.
	matchBoards := map[[2]int][]int{}
	for tn, rm := range tables {
		key := [2]int{min(rm.home, rm.visit), max(rm.home, rm.visit)}
		matchBoards[key] = append(matchBoards[key], tableBoards[tn]...)
	}
	for _, tn := range slices.Sorted(maps.Keys(tables)) {
		rm := tables[tn]
		key := [2]int{min(rm.home, rm.visit), max(rm.home, rm.visit)}
		if _, ok := matches[key]; !ok {
			matches[key] = len(matches) + 1
		}
		b := slices.Compact(slices.Sorted(slices.Values(matchBoards[key])))
		rd.Tables = append(rd.Tables, tournament.Table{Table: tn, NS: 2*rm.home - 1, EW: 2 * rm.visit, Boards: b, Match: matches[key]})
		mov.Tables = max(mov.Tables, tn)
	}
	mov.Rounds = []tournament.Round{rd}
	fillSitOut(&mov)
	mov.Name = "Teams, " + strconv.Itoa(len(rosters)) + " teams, 1 round"
	var pairs []tournament.Pair
	for p := 1; p <= mov.Pairs; p++ {
		pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(p), Team: (p + 1) / 2, Players: pairPlayers[p]})
	}
	return pairs, rosters, tournament.Section{Spec: tournament.MovementSpec{Kind: "custom", Schedule: mov.Rounds}, Movement: mov}, nil
}

// pbnMethod reads the Scoring tag: Butler, Cross-IMPs, IMPs (cross-IMPs
// for pairs), Total (Average: Law H) or matchpoints (ACBL or not).
func pbnMethod(v string) tournament.Method {
	u := strings.ToUpper(v)
	switch {
	case strings.Contains(u, "BUTLER"):
		return tournament.MethodButler
	case strings.Contains(u, "IMP"):
		return tournament.MethodCrossIMP
	case strings.Contains(u, "AVERAGE"):
		return tournament.MethodAverage
	case strings.Contains(u, "TOTAL"):
		return tournament.MethodTotal
	case strings.Contains(u, "ACBL"):
		return tournament.MethodMPACBL
	}
	return tournament.MethodMP
}

// pbnDate reads a PBN date YYYY.MM.DD into YYYY-MM-DD.
func pbnDate(s string) (string, error) {
	return usebioDate(strings.ReplaceAll(strings.TrimSpace(s), ".", "-"))
}
