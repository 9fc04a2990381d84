package reports

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// pbnEvent turns a PBN file's games into an EventData under contract-2017
// (or the code a TravelerLaw tag names, as WritePBN writes it), one
// section, scored as the Scoring tag says (see pbnMethod). A game with
// neither Board nor Deal nor Contract is a file header: its tags name the
// event. Every other game gives its board (Dealer, Vulnerable and Deal;
// dealer and vulnerability from the number when not given); a game with a
// Contract (or an "artificial score 60%/40%" Note, as WritePBN writes it)
// is a traveler line. Who played is read, in this order, from:
//   - PairId_NS and PairId_EW (as WritePBN writes them): pair numbers, a
//     custom movement built from the meetings (see meetingRounds); when a
//     number meets itself or carries its direction ("3NS") the pairs are a
//     two-winner Mitchell's (see twoWinnerMovement);
//   - HomeTeam, VisitTeam and Table (with Room telling apart two rooms that
//     share a Table): a teams match, scored IMP_TEAMS (see pbnTeams);
//   - the players' names: North–South and East–West each a pair, numbered
//     in order of first appearance (or by the number ending a pair's name,
//     "Para-7", when every pair's name has one), a custom movement as above.
//
// Every played result is scored again; a Score that differs is a note (an
// error when reading strictly). Errors are *FileError naming the tag and
// its line.
func (rd *reading) pbnEvent(all []PBNGame) (tournament.EventData, error) {
	all = rd.inheritTags(all)
	first := func(name string) (PBNTag, bool) {
		for i := range all {
			if t, ok := all[i].given(name); ok {
				return t, true
			}
		}
		return PBNTag{}, false
	}
	var notes []string // traveler's law options on (lawOptionsTag)
	if t, ok := first(lawOptionsTag); ok {
		notes = strings.Split(t.Value, ";")
	}
	e := tournament.Event{Law: scoring.Contract2017, LawOptions: fileOptions(scoring.Contract2017, notes)}
	ct, named := first(conventionTag)
	if app, ok := first("Application"); ok && !named {
		e.Convention = rd.convention(app.Value, app.Line, "[Application]")
	} else {
		e.Convention = rd.convention("", 0, "")
	}
	if t, ok := ct, named; ok && rd.opt.Convention == "" {
		c, err := scoring.ParseConvention(conventionTag, t.Value)
		if err != nil {
			return tournament.EventData{}, pbnErr(t, "a convention: "+strings.Join(scoring.ConventionNames(), ", "))
		}
		e.Convention = c.Name
	}
	if t, ok := first(lawTag); ok {
		law, err := scoring.ParseLaw("law", t.Value)
		if err != nil {
			return tournament.EventData{}, pbnErr(t, "a law code: "+strings.Join(scoring.LawNames(), ", "))
		}
		e.Law, e.LawOptions = law, fileOptions(law, notes)
	}
	rules := e.RulesOrDefaults()
	var games []PBNResult
	var totals []pbnTotals                     // the TotalScoreTables, for the comparison (official.go)
	rowFigures := map[*PBNGame]pbnRowFigures{} // each ScoreTable row's game → the row's own figures
	tables := 0
	for i := range all {
		g := &all[i]
		if t, ok := g.Tag("TotalScoreTable"); ok {
			totals = append(totals, pbnTotals{tag: t, game: g})
		}
		rows, figs, err := scoreTableGames(g)
		if err != nil {
			return tournament.EventData{}, err
		}
		if rows != nil {
			tables++
			for k := range rows {
				res, err := rows[k].playedResult(&rules)
				if err != nil {
					return tournament.EventData{}, err
				}
				games = append(games, res)
				rowFigures[res.Game] = figs[k]
			}
			continue
		}
		_, board := g.given("Board")
		_, deal := g.given("Deal")
		_, contract := g.given("Contract")
		if !board && !deal && !contract {
			continue // a file header
		}
		res, err := g.playedResult(&rules)
		if err != nil {
			return tournament.EventData{}, err
		}
		games = append(games, res)
	}
	if len(games) == 0 {
		return tournament.EventData{}, &FileError{Format: "PBN", Line: 1, Element: "[Board]", Expected: "at least one game"}
	}
	if tables > 0 {
		rd.note(0, "[ScoreTable]", "the results are read from the ScoreTable of "+strconv.Itoa(tables)+" boards, a traveler line a row")
	}
	nameTag, ok := first("Event")
	if !ok {
		nameTag = PBNTag{Line: games[0].Line, Name: "Event"}
	}
	e.Name = rd.eventName(nameTag.Value, nameTag.Line, "[Event]")
	dateTag, ok := first("Date")
	if !ok {
		dateTag = PBNTag{Line: games[0].Line, Name: "Date"}
	}
	var err error
	if e.Date, err = rd.eventDate(dateTag.Value, dateTag.Line, "[Date]"); err != nil {
		return tournament.EventData{}, err
	}
	scoringTag, _ := first("Scoring")
	// A file of several stages (the segments of a vugraph match, each
	// with its own boards 1…n) or sections (as WritePBN writes an event of
	// several) is a section each.
	var stages []string
	groups := map[string][]PBNResult{}
	for _, g := range games {
		st := ""
		if g.Game != nil {
			st = stageOf(g.Game, e.Name)
		}
		if _, ok := groups[st]; !ok {
			stages = append(stages, st)
		}
		groups[st] = append(groups[st], g)
	}
	if len(stages) > 1 {
		rd.note(0, "[Stage]", "the file holds "+strconv.Itoa(len(stages))+" stages or sections ("+stages[0]+", …): each is a section of its own")
	}
	d := tournament.EventData{Event: e}
	lines := make([][]officialLine, len(stages)) // each stage's ScoreTable figures
	for i, st := range stages {
		sd, figs, err := rd.pbnSection(&d.Event, scoringTag, groups[st], i == 0, rowFigures)
		if err != nil {
			return tournament.EventData{}, err
		}
		if len(stages) > 1 {
			sd.Section.Name = st
		}
		lines[i] = figs
		d.Sections = append(d.Sections, sd)
	}
	e = d.Event
	// Sections in the order the service lists an event's: by session,
	// then name; order[i] is the stage of the i-th.
	order := make([]int, len(stages))
	for i := range order {
		order[i] = i
	}
	byListing := func(a, b tournament.SectionData) int {
		if a.Section.Session != b.Section.Session {
			return a.Section.Session - b.Section.Session
		}
		return strings.Compare(a.Section.Name, b.Section.Name)
	}
	slices.SortStableFunc(order, func(a, b int) int { return byListing(d.Sections[a], d.Sections[b]) })
	slices.SortStableFunc(d.Sections, byListing)
	for i := range d.Sections {
		sd := &d.Sections[i]
		d.Sections[i] = tournament.BuildSection(e, sd.Section, sd.Pairs, sd.Teams, boardMap(sd.Boards), sd.Results)
	}
	rd.official = pbnOfficial(&d, stages, order, lines, totals)
	return d, nil
}

// stageOf is the stage or section a game belongs to in a file of several
// (see pbnEvent): its Stage (after its Event where that is not the
// file's, event, a file of several events' stages), else its Section (as
// WritePBN names a section); "" when it names neither.
func stageOf(g *PBNGame, event string) string {
	st := strings.TrimSpace(g.Value("Stage"))
	if ev := strings.TrimSpace(g.Value("Event")); ev != "" && ev != event && st != "" {
		st = ev + " " + st
	}
	if st == "" {
		st = strings.TrimSpace(g.Value("Section"))
	}
	return st
}

// boardMap indexes boards by number.
func boardMap(bs []tournament.Board) map[int]tournament.Board {
	m := make(map[int]tournament.Board, len(bs))
	for _, b := range bs {
		m[b.Number] = b
	}
	return m
}

// pbnSection reads one section's games (see pbnEvent): its boards, its
// results scored under the event's code, who played and its movement. The
// first section decides the event's method (first), which the others must
// fit. The SectionData it returns holds the section, pairs, teams, boards
// and results; travelers and standings are left to BuildSection. Beside it
// are the file's own points of its ScoreTable rows (rowFigures: each row's
// game → its figures), a line each, for the comparison (official.go).
func (rd *reading) pbnSection(e *tournament.Event, scoringTag PBNTag, games []PBNResult, first bool, rowFigures map[*PBNGame]pbnRowFigures) (tournament.SectionData, []officialLine, error) {
	var err error
	boards := map[int]tournament.Board{}
	var played []int // indexes into games of the traveler lines
	for i := range games {
		g := &games[i]
		if g.Board == 0 {
			return tournament.SectionData{}, nil, &FileError{Format: "PBN", Line: g.Line, Element: "[Board]", Expected: "the board number of every game with a deal or a contract"}
		}
		if _, ok := boards[g.Board]; !ok {
			b := tournament.Board{Number: g.Board, Dealer: scoring.BoardDealer(g.Board), Vulnerability: scoring.BoardVulnerability(g.Board)}
			if g.HasDealer {
				b.Dealer = g.Dealer
			}
			if g.HasVulnerable {
				b.Vulnerability = g.Vulnerable
			}
			if g.DealFromLIN {
				rd.noteOnce("lin deal", g.Line, "[LIN_DATA]", "the deal is read from the LIN_DATA tag's md field (BBO's LIN), as the file gives no [Deal]")
			}
			if g.Deal.Given != [4]bool{} {
				deal := g.Deal
				deal.First = scoring.North // stored from North, as every deal is
				b.Deal = deal
			}
			boards[g.Board] = b
		}
		_, _, assigned, _ := assignedNotes(g.Game)
		if g.HasContract || g.HasAdjusted || artificialNote(g.Game) != nil || assigned {
			played = append(played, i)
		}
	}
	if len(played) == 0 {
		return tournament.SectionData{}, nil, &FileError{Format: "PBN", Line: games[0].Line, Element: "[Contract]", Expected: "at least one played result"}
	}
	// A hand set wider than the boards played (EBUScore writes every deal
	// of the set, boards 19–28 with no results after 18 played): the
	// section plays up to its last board with a result; the deals after it
	// are not its boards, noted with the line of the first.
	maxBoard := 0
	for _, i := range played {
		maxBoard = max(maxBoard, games[i].Board)
	}
	var beyond []int
	firstLine := 0
	for i := range games {
		if n := games[i].Board; n > maxBoard {
			if _, ok := boards[n]; ok {
				beyond = append(beyond, n)
				delete(boards, n)
				if firstLine == 0 || games[i].Line < firstLine {
					firstLine = games[i].Line
				}
			}
		}
	}
	rd.noteWiderHandSet(firstLine, "[Board]", beyond, maxBoard)
	// A game that seats players at a board played elsewhere in the file
	// but gives no result (no Contract, no adjusted score) is a table
	// whose result is not known: BBO's travellers, as pbntools writes
	// them, give an unfinished board the players, auction and play and
	// no Contract where BBO scored it an average ("A=="). It is not
	// scored, and each is noted at its line.
	isPlayed := map[int]bool{}
	for _, i := range played {
		isPlayed[i] = true
	}
	for i := range games {
		g := &games[i]
		if isPlayed[i] || g.Board > maxBoard {
			continue
		}
		var seated []string
		for _, seat := range []string{"North", "East", "South", "West"} {
			if v := g.Game.player(seat); v != "" {
				seated = append(seated, v)
			}
		}
		if len(seated) > 0 {
			rd.note(g.Line, "[Contract]", "board "+strconv.Itoa(g.Board)+" ("+strings.Join(seated, ", ")+
				"): the game seats players but gives no result (no [Contract] nor an adjusted score), so the table is not scored; give its result to score it")
		}
	}
	perBoard := map[int]int{}
	for _, i := range played {
		if perBoard[games[i].Board]++; perBoard[games[i].Board] > maxBoardLines {
			return tournament.SectionData{}, nil, tooManyLines("PBN", games[i].Line, games[i].Board)
		}
	}
	results := make([]tournament.Result, len(played))
	for k, i := range played {
		r, err := pbnResult(&games[i])
		if err != nil {
			return tournament.SectionData{}, nil, err
		}
		results[k] = r
	}
	var sec tournament.Section
	var pairs []tournament.Pair
	var teams []tournament.Roster
	named := pbnMethod(scoringTag.Value)
	switch {
	case hasTag(games, played, "PlayerId_North"):
		// An individual, as WritePBN writes one (pbn_individual.go).
		pairs, sec, err = pbnIndividual(games, played, results, maxBoard)
	case hasTag(games, played, "PairId_NS"):
		pairs, sec, err = pbnNumberedPairs(games, played, results, maxBoard)
	case hasTag(games, played, "HomeTeam"):
		named = pbnTeamMethod(scoringTag.Value)
		pairs, teams, sec, err = rd.pbnTeams(games, played, results, maxBoard)
	default:
		pairs, sec, err = rd.pbnNamedPairs(games, played, results, maxBoard)
	}
	if err != nil {
		return tournament.SectionData{}, nil, err
	}
	pbnMemberIDs(games, pairs)
	why := ""
	if scoringTag.Value == "" && !named.Teams() {
		why = "no [Scoring] tag: compared by matchpoints (give the method to change it)"
	}
	if first {
		e.Scoring = rd.method(named, scoringTag.Line, "[Scoring]", why)
	}
	if err := rd.methodFits(e.Scoring, &sec, FileError{Format: "PBN", Line: games[played[0]].Line, Element: "[HomeTeam]"}); err != nil {
		return tournament.SectionData{}, nil, err
	}
	sec.Session, sec.Name, sec.CurrentRound = 1, "A", len(sec.Movement.Rounds)
	if s := games[played[0]].Game; s != nil && s.Value("Section") != "" {
		sec.Name = s.Value("Section")
	}
	rules, err := e.Rules()
	if err != nil {
		return tournament.SectionData{}, nil, err
	}
	errs := tournament.ScoreResults(rules, &sec, boards, results)
	for k, i := range played {
		g := &games[i]
		if errs != nil && errs[k] != nil {
			return tournament.SectionData{}, nil, &FileError{Format: "PBN", Line: g.Line, Element: "[Contract]", Value: g.ContractText, Expected: "a result " + e.Law.String() + " scores (" + errs[k].Error() + ")"}
		}
		r := &results[k]
		rd.pbnAuction(g, &rules, boards[r.Board].Dealer, r)
		if g.Spelling != "" {
			t, _ := g.Game.Tag("Contract")
			rd.noteOnce("bridgewebs contract", t.Line, "[Contract]", strconv.Quote(g.Spelling)+" is read as BridgeWebs writes it: * a double (3D* is 3DX, 3D** 3DXX), PO a board passed out,"+
				" A an adjusted score (A: 50 %/50 %, A+: 60 %/40 %, A-: 40 %/60 % of the top, Law 12C2)")
		}
		if g.HasScore && (r.Status == tournament.StatusPlayed || r.Status == tournament.StatusPassedOut) && g.Score != r.NSScore {
			t, _ := g.Game.Tag("Score")
			if err := rd.scoreDisagrees(t.Line, "[Score]", t.Value, r.Contract, r.Declarer, r.Tricks, r.NSScore); err != nil {
				return tournament.SectionData{}, nil, err
			}
		}
	}
	bs := make([]tournament.Board, 0, len(boards))
	for _, b := range boards {
		bs = append(bs, b)
	}
	var lines []officialLine
	for k, i := range played {
		rf, ok := rowFigures[games[i].Game]
		if !ok || (!rf.points[0].Given() && !rf.points[1].Given() && !rf.percentages[0].Given() && !rf.percentages[1].Given()) {
			continue
		}
		r := &results[k]
		lines = append(lines, officialLine{line: rf.line, elements: rf.elements, board: r.Board, round: r.Round, table: r.Table, ns: r.NS, ew: r.EW, points: rf.points,
			pctElements: rf.pctElements, percentages: rf.percentages})
	}
	return tournament.SectionData{Section: sec, Pairs: pairs, Teams: teams, Boards: bs, Results: results}, lines, nil
}

// pbnAuction keeps a game's auction with its result when it is one the
// law code allows, from the board's dealer, giving the contract and
// declarer the game gives; else the auction is left out (noted), and the
// result stands on its Contract and Declarer.
func (rd *reading) pbnAuction(g *PBNResult, rules *scoring.Rules, dealer scoring.Seat, r *tournament.Result) {
	if g.Game == nil || (r.Status != tournament.StatusPlayed && r.Status != tournament.StatusPassedOut) {
		return
	}
	calls, first, ok := g.Game.Calls()
	if !ok {
		return
	}
	t, _ := g.Game.Tag("Auction")
	if first != dealer {
		rd.noteOnce("auction-dealer", t.Line, "[Auction]", "an auction that does not start with the board's dealer is left out; the result stands on its contract")
		return
	}
	a, err := tournament.AuctionFor(rules, dealer, calls)
	same := err == nil && a.PassedOut == (r.Status == tournament.StatusPassedOut)
	if same && !a.PassedOut {
		same = a.Contract.String() == r.Contract && a.Declarer.String() == r.Declarer
	}
	if !same {
		rd.noteOnce("auction-contract", t.Line, "[Auction]", "an auction that cannot be read or does not give the game's contract and declarer is left out; the result stands on its contract")
		return
	}
	r.Auction = make([]string, len(calls))
	for i, c := range calls {
		call, _ := rules.ParseCall("", c)
		r.Auction[i] = call.String()
	}
}

// resultTags are the tags of what happened at one table: a game never
// takes them from the game before it.
var resultTags = map[string]bool{
	"Contract": true, "Declarer": true, "Result": true, "Score": true, "ScoreIMP": true, "ScoreMP": true, "ScorePercentage": true,
	"Auction": true, "Play": true, "Note": true, "Room": true, "Table": true, "ScoreTable": true, "TotalScoreTable": true,
}

// inheritTags fills in the tags of files that write a game only with the
// tags that change from the game before it (vugraph archives write a
// board's second room as the players, the contract and the play alone):
// when a game with a Contract has no Board after one that had, every game
// takes each tag it lacks from the game before it, but for what happened
// at the table (resultTags).
func (rd *reading) inheritTags(all []PBNGame) []PBNGame {
	relies, seen := 0, false
	for i := range all {
		_, board := all[i].given("Board")
		_, contract := all[i].given("Contract")
		if board {
			seen = true
		} else if seen && contract && relies == 0 {
			relies = all[i].Line
		}
	}
	if relies == 0 {
		return all
	}
	out := make([]PBNGame, len(all))
	for i := range all {
		out[i] = PBNGame{Line: all[i].Line, Tags: append([]PBNTag(nil), all[i].Tags...)}
		if i == 0 {
			continue
		}
		for _, t := range out[i-1].Tags {
			if _, has := out[i].Tag(t.Name); !has && !resultTags[t.Name] {
				out[i].Tags = append(out[i].Tags, t)
			}
		}
	}
	rd.note(relies, "[Board]", "games without a [Board] take every tag they lack (board, deal, teams, players) from the game before them, as this file writes a board's second room")
	return out
}

// pbnResult turns a game into a result: its board, status and contract.
func pbnResult(g *PBNResult) (tournament.Result, error) {
	r := tournament.Result{Board: g.Board}
	if g.HasAdjusted {
		r.Status, r.NSPercent, r.EWPercent = tournament.StatusArtificial, g.Adjusted[0], g.Adjusted[1]
		return r, nil
	}
	if pc := artificialNote(g.Game); pc != nil && !g.HasContract {
		r.Status, r.NSPercent, r.EWPercent = tournament.StatusArtificial, pc[0], pc[1]
		return r, nil
	}
	if ns, ew, ok, err := assignedNotes(g.Game); err != nil {
		return r, err
	} else if ok && !g.HasContract {
		r.Status, r.Assigned, r.EWAssigned = tournament.StatusAssigned, ns, ew
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

// artificialNote reads a Note "1:artificial score 60%/40%", as WritePBN
// writes it (before traveler numbered its notes, without the "1:"): each
// side's percentage of the top; nil when there is none.
func artificialNote(g *PBNGame) []int {
	if g == nil {
		return nil
	}
	for _, t := range g.Tags {
		if t.Name != "Note" {
			continue
		}
		var ns, ew int
		if n, err := fmt.Sscanf(noteText(t.Value), "artificial score %d%%/%d%%", &ns, &ew); err == nil && n == 2 {
			return []int{ns, ew}
		}
	}
	return nil
}

// noteText is a Note's text without its index: PBN 2.1 §3.5.5 writes a
// note "<note_index>:<note_text>"; a value with no index is all text.
func noteText(v string) string {
	i := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	if i > 0 && i < len(v) && v[i] == ':' {
		return v[i+1:]
	}
	return v
}

// assignedNotes reads an assigned adjusted score from a game's Notes as
// WritePBN writes it: "assigned adjusted score (Law 12C1(c)), NS side: NS
// 420 weight 0.5; NS -50 weight 0.5" and, on a split score, "split score
// (Law 12C1(b)), EW side: …" (assignedPartsText). found is false when the
// game has no such Note; a Note that says so but cannot be read is a
// *FileError naming its line.
func assignedNotes(g *PBNGame) (ns, ew []tournament.AssignedPart, found bool, err error) {
	if g == nil {
		return nil, nil, false, nil
	}
	for _, t := range g.Tags {
		if t.Name != "Note" {
			continue
		}
		text := noteText(t.Value)
		for _, side := range []struct {
			prefix string
			parts  *[]tournament.AssignedPart
		}{{assignedNotePrefix, &ns}, {splitNotePrefix, &ew}} {
			rest, ok := strings.CutPrefix(text, side.prefix)
			if !ok {
				continue
			}
			for _, part := range strings.Split(rest, ";") {
				var score int
				var weight float64
				f := strings.Fields(part)
				var e1, e2 error
				if len(f) == 4 {
					score, e1 = strconv.Atoi(f[1])
					weight, e2 = strconv.ParseFloat(f[3], 64)
				}
				if len(f) != 4 || f[0] != "NS" || f[2] != "weight" || e1 != nil || e2 != nil || !(weight > 0 && weight <= 1) {
					return nil, nil, true, pbnErr(t, `an assigned score's parts "NS 420 weight 0.5; NS -50 weight 0.5": an NS score and its share, above 0 and at most 1`)
				}
				*side.parts = append(*side.parts, tournament.AssignedPart{NSScore: score, Weight: weight})
			}
			if err := tournament.CheckWeights(*side.parts, "weights"); err != nil {
				return nil, nil, true, pbnErr(t, "an assigned score's shares (Law 12C1(c)): "+err.Error())
			}
			found = true
		}
	}
	if found && len(ns) == 0 {
		t, _ := g.Tag("Note")
		return nil, nil, true, pbnErr(t, "the NS side's assigned score (\""+assignedNotePrefix+"…\") beside the EW side's split score")
	}
	return ns, ew, found, nil
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

// pbnNumberedPairs seats results by their PairId_NS and PairId_EW tags. A
// pair meeting a pair of its own number, or numbers written with their
// direction ("3NS", "3EW"), make the pairs a two-winner Mitchell's: NS and
// EW numbered apart, as WritePBN writes one.
func pbnNumberedPairs(games []PBNResult, played []int, results []tournament.Result, boards int) ([]tournament.Pair, tournament.Section, error) {
	type side struct {
		n   int
		dir string
	}
	ids := make([][2]side, len(played))
	two := false
	for k, i := range played {
		g := games[i].Game
		for s, name := range [2]string{"PairId_NS", "PairId_EW"} {
			t, ok := g.given(name)
			if !ok {
				return nil, tournament.Section{}, &FileError{Format: "PBN", Line: games[i].Line, Element: "[" + name + "]",
					Expected: "the pair's number, as in every game of a file that numbers its pairs (PairId_NS and PairId_EW)"}
			}
			n, dir, err := splitPairNumber(t.Value)
			if err != nil || dir == [2]string{"EW", "NS"}[s] {
				return nil, tournament.Section{}, pbnErr(t, "a pair number from 1 to "+strconv.Itoa(maxPairNumber)+" (in a two-winner Mitchell also 3"+[2]string{"NS", "EW"}[s]+")")
			}
			ids[k][s] = side{n, dir}
			two = two || dir != ""
		}
		two = two || ids[k][0].n == ids[k][1].n
	}
	players := map[pairKey][]tournament.Player{}
	// name takes a pair's players from its seats in a game: the first game
	// gives its two, a later game naming someone else in its seats a
	// substitute (one of the pair's players throughout), at most
	// maxPairPlayers in all.
	name := func(g *PBNGame, s int, key pairKey) error {
		for _, seat := range [2][2]string{{"North", "South"}, {"East", "West"}}[s] {
			v := g.player(seat)
			if v == "" || v == "?" || slices.ContainsFunc(players[key], func(p tournament.Player) bool { return p.Name == v }) {
				continue
			}
			if len(players[key]) == maxPairPlayers {
				t, _ := g.Tag(seat)
				return pbnErr(t, "at most "+strconv.Itoa(maxPairPlayers)+" players of pair "+strconv.Itoa(key.number)+key.direction+
					" (two and substitutes) named in its seats: "+strconv.Quote(v)+" is a fifth")
			}
			players[key] = append(players[key], tournament.Player{Name: v})
		}
		return nil
	}
	if !two {
		nums := make([][2]int, len(played))
		byNumber := map[int][]tournament.Player{}
		for k, i := range played {
			for s := range 2 {
				nums[k][s] = ids[k][s].n
				key := pairKey{number: ids[k][s].n}
				if err := name(games[i].Game, s, key); err != nil {
					return nil, tournament.Section{}, err
				}
				byNumber[key.number] = players[key]
			}
		}
		return seatPairs(games, played, results, boards, nums, byNumber)
	}
	known := map[pairKey]bool{}
	var meetings []meeting
	at := map[[2]int]int{}
	for k, i := range played {
		ns, ew := ids[k][0].n, ids[k][1].n
		for s, dir := range [2]string{"NS", "EW"} {
			key := pairKey{number: ids[k][s].n, direction: dir}
			known[key] = true
			if err := name(games[i].Game, s, key); err != nil {
				return nil, tournament.Section{}, err
			}
		}
		results[k].NS, results[k].EW = strconv.Itoa(ns), strconv.Itoa(ew)
		m, ok := at[[2]int{ns, ew}]
		if !ok {
			m = len(meetings)
			at[[2]int{ns, ew}] = m
			meetings = append(meetings, meeting{ns: ns, ew: ew})
		}
		if slices.Contains(meetings[m].boards, results[k].Board) {
			return nil, tournament.Section{}, &FileError{Format: "PBN", Line: games[i].Line, Element: "[Board]", Value: strconv.Itoa(results[k].Board),
				Expected: "one result per board for each NS and EW pair"}
		}
		meetings[m].boards = append(meetings[m].boards, results[k].Board)
		meetings[m].lines = append(meetings[m].lines, k)
	}
	t, _ := games[played[0]].Game.Tag("PairId_EW")
	spec, mov, err := twoWinnerMovement(FileError{Format: "PBN", Line: t.Line, Element: "[PairId_EW]", Value: t.Value}, meetings, results, known, boards)
	if err != nil {
		return nil, tournament.Section{}, err
	}
	keys := slices.SortedFunc(maps.Keys(known), func(a, b pairKey) int {
		if a.direction != b.direction {
			return strings.Compare(a.direction, b.direction)
		}
		return a.number - b.number
	})
	var pairs []tournament.Pair
	for _, key := range keys {
		pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(key.number), Direction: key.direction, Players: players[key]})
	}
	pairs = append(pairs, unlistedPairs(meetings, known, &mov)...)
	return pairs, tournament.Section{Spec: spec, Movement: mov}, nil
}

// pbnNamedPairs seats results by the players' names: North and South are
// one pair, East and West another. A pair whose two names are one (a
// results program naming the pair, "Para-7") is that one name; when every
// pair is named so and each name ends in its own number, that number is
// the pair's (noted).
func (rd *reading) pbnNamedPairs(games []PBNResult, played []int, results []tournament.Result, boards int) ([]tournament.Pair, tournament.Section, error) {
	number := map[string]int{}
	var names [][2]string // by number − 1
	ids := make([][2]int, len(played))
	for k, i := range played {
		g := games[i].Game
		for side, seats := range [2][2]string{{"North", "South"}, {"East", "West"}} {
			a, b := g.player(seats[0]), g.player(seats[1])
			if a == "" && b == "" {
				return nil, tournament.Section{}, &FileError{Format: "PBN", Line: games[i].Line, Element: "[" + seats[0] + "]",
					Expected: "the players' names (or PairId_NS and PairId_EW, or HomeTeam, VisitTeam and Table) to tell who played"}
			}
			key := a + "\x00" + b
			n, ok := number[key]
			if !ok {
				n = len(number) + 1
				number[key] = n
				names = append(names, [2]string{a, b})
			}
			ids[k][side] = n
		}
	}
	renumber := make([]int, len(names)+1)
	used := map[int]bool{}
	for i, nm := range names {
		n := trailingNumber(nm[0])
		if nm[0] != nm[1] || n < 1 || n > maxPairNumber || used[n] {
			renumber = nil
			break
		}
		used[n], renumber[i+1] = true, n
	}
	if renumber != nil {
		for k := range ids {
			ids[k] = [2]int{renumber[ids[k][0]], renumber[ids[k][1]]}
		}
		rd.note(games[played[0]].Line, "[North]", "pairs are named, not numbered ("+strconv.Quote(names[0][0])+"): each pair takes the number its name ends in")
	}
	players := map[int][]tournament.Player{}
	for i, nm := range names {
		n := i + 1
		if renumber != nil {
			n = renumber[n]
		}
		players[n] = []tournament.Player{{Name: nm[0]}}
		if nm[1] != nm[0] {
			players[n] = append(players[n], tournament.Player{Name: nm[1]})
		}
	}
	return seatPairs(games, played, results, boards, ids, players)
}

// trailingNumber returns the whole number a name ends in ("Para-12": 12),
// or 0.
func trailingNumber(s string) int {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if i == len(s) || len(s)-i > 6 {
		return 0
	}
	n, _ := strconv.Atoi(s[i:])
	return n
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
	return pairs, tournament.Section{Spec: tournament.MovementSpec{Kind: "custom", Schedule: mov.Rounds, Unbalanced: true}, Movement: mov}, nil
}

// pbnTeams seats results of a teams file: a match per pair of teams, each
// of its rooms a table of one round. A room is a Table, or a Table and a
// Room when the two rooms of a match share their Table (vugraph files:
// [Room "Open"] and [Room "Closed"]). The team sitting NS is HomeTeam;
// when both rooms of a match name HomeTeam and VisitTeam the same way
// round, the home team sits NS in the open room (the one not named
// "Closed", else the first in the file) and EW in the other. Team t's
// pairs are 2t−1 (NS) and 2t (EW).
func (rd *reading) pbnTeams(games []PBNResult, played []int, results []tournament.Result, boards int) ([]tournament.Pair, []tournament.Roster, tournament.Section, error) {
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
	type room struct {
		home, visit int
		key         roomKey
		closed      bool
		line        int
	}
	// Teams are numbered as they first sit down: board by board, table by
	// table (file order where tables are not numbered), home team first —
	// the order WritePBN writes, so that a file traveler wrote numbers its
	// teams as the event did.
	order := slices.Clone(played)
	tableNo := func(i int) int {
		n, err := strconv.Atoi(strings.TrimSpace(games[i].Table))
		if err != nil {
			return 0
		}
		return n
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if games[a].Board != games[b].Board {
			return games[a].Board - games[b].Board
		}
		return tableNo(a) - tableNo(b)
	})
	for _, i := range order {
		if g := games[i].Game; g != nil && g.Value("HomeTeam") != "" {
			team(g.Value("HomeTeam"))
			team(g.Value("VisitTeam"))
		}
	}
	var rooms []room // in file order
	at := map[roomKey]int{}
	seenRoom := map[[3]int]int{} // teams, board → games without Table and Room so far
	roomOf := make([]int, len(played))
	for k, i := range played {
		g := games[i].Game
		tt, ok := g.given("Table")
		if !ok {
			tt = PBNTag{Line: games[i].Line, Name: "Table"} // one room of each match
		}
		vt, ok := g.given("VisitTeam")
		if !ok {
			return nil, nil, tournament.Section{}, &FileError{Format: "PBN", Line: games[i].Line, Element: "[VisitTeam]", Expected: "the visiting team's name with HomeTeam"}
		}
		home, visit := team(g.Value("HomeTeam")), team(vt.Value)
		if home == visit {
			return nil, nil, tournament.Section{}, pbnErr(vt, "a team other than the home team")
		}
		key := roomKey{table: strings.TrimSpace(tt.Value), room: strings.ToLower(strings.TrimSpace(g.Value("Room")))}
		if key.table == "" {
			key.match = [2]int{min(home, visit), max(home, visit)} // rooms without a table are the match's own
		}
		if key.table == "" && key.room == "" {
			// Neither Table nor Room: the rooms of a board are its games
			// for the match, in file order.
			match := [3]int{min(home, visit), max(home, visit), games[i].Board}
			key.room = [...]string{"first", "second", "third"}[min(seenRoom[match], 2)]
			seenRoom[match]++
		}
		r, ok := at[key]
		if !ok {
			r = len(rooms)
			at[key] = r
			rooms = append(rooms, room{home: home, visit: visit, key: key, closed: key.room == "closed", line: tt.Line})
		} else if rooms[r].home != home || rooms[r].visit != visit {
			return nil, nil, tournament.Section{}, pbnErr(tt, "one match per table and room: traveler reads one round of a teams file")
		}
		roomOf[k] = r
	}
	// The rooms of each match, in file order.
	matchRooms := map[[2]int][]int{}
	var matchOrder [][2]int
	for r, rm := range rooms {
		key := [2]int{min(rm.home, rm.visit), max(rm.home, rm.visit)}
		if _, ok := matchRooms[key]; !ok {
			matchOrder = append(matchOrder, key)
		}
		matchRooms[key] = append(matchRooms[key], r)
	}
	for _, key := range matchOrder {
		if rs := matchRooms[key]; len(rs) == 1 {
			rd.noteOnce("one room", rooms[rs[0]].line, "[Table]", rosters[key[0]-1].Name+" v "+rosters[key[1]-1].Name+": the file has one room of the match, so its boards cannot be IMPed (no IMPs for either team); the other room is kept with no result")
		}
	}
	// A board only one room of a match has a result for cannot be IMPed.
	hasBoard := map[[2]int]bool{} // room, board
	for k, i := range played {
		hasBoard[[2]int{roomOf[k], games[i].Board}] = true
	}
	for k, i := range played {
		r := roomOf[k]
		rm := rooms[r]
		key := [2]int{min(rm.home, rm.visit), max(rm.home, rm.visit)}
		if rs := matchRooms[key]; len(rs) == 2 && !hasBoard[[2]int{rs[0] + rs[1] - r, games[i].Board}] {
			rd.noteOnce("lone board", games[i].Line, "[Board]", "board "+strconv.Itoa(games[i].Board)+", "+rosters[key[0]-1].Name+" v "+rosters[key[1]-1].Name+
				": only one room ("+rm.key.name()+") has a result, so the board cannot be IMPed: no IMPs for either team")
		}
	}
	nsTeam := make([]int, len(rooms))
	ewTeam := make([]int, len(rooms))
	for _, key := range matchOrder {
		rs := matchRooms[key]
		if len(rs) > 2 {
			return nil, nil, tournament.Section{}, &FileError{Format: "PBN", Line: rooms[rs[2]].line, Element: "[Table]", Value: rooms[rs[2]].key.table,
				Expected: "two rooms a match: " + rosters[key[0]-1].Name + " v " + rosters[key[1]-1].Name + " is at three tables"}
		}
		for _, r := range rs {
			nsTeam[r], ewTeam[r] = rooms[r].home, rooms[r].visit
		}
		if len(rs) == 2 && rooms[rs[0]].home == rooms[rs[1]].home {
			other := rs[1]
			if rooms[rs[0]].closed && !rooms[rs[1]].closed {
				other = rs[0]
			}
			nsTeam[other], ewTeam[other] = rooms[other].visit, rooms[other].home
			if !rooms[rs[0]].closed && !rooms[rs[1]].closed {
				rd.noteOnce("same home", rooms[other].line, "[Room]", rosters[key[0]-1].Name+" v "+rosters[key[1]-1].Name+": both rooms name the same home team and neither is the closed room: the home team is taken to sit EW in the second")
			}
		}
	}
	// Each team sits NS in one room and EW in one.
	nsAt, ewAt := map[int]int{}, map[int]int{}
	for r := range rooms {
		for _, c := range [2]struct {
			seen map[int]int
			team int
		}{{nsAt, nsTeam[r]}, {ewAt, ewTeam[r]}} {
			if prev, ok := c.seen[c.team]; ok && prev != r {
				return nil, nil, tournament.Section{}, &FileError{Format: "PBN", Line: rooms[r].line, Element: "[Table]", Value: rooms[r].key.table,
					Expected: "each team in one room a direction: traveler reads one round of a teams file"}
			}
			c.seen[c.team] = r
		}
	}
	// Movement tables: the file's table numbers when each room has its own,
	// else 1, 2, … in file order.
	tableOf := make([]int, len(rooms))
	numbered := true
	usedTable := map[int]bool{}
	for r, rm := range rooms {
		n, err := strconv.Atoi(rm.key.table)
		if err != nil || n < 1 || n > 1000 || usedTable[n] {
			numbered = false
			break
		}
		usedTable[n], tableOf[r] = true, n
	}
	if !numbered {
		for r := range rooms {
			tableOf[r] = r + 1
		}
	}
	roomBoards := make([][]int, len(rooms))
	pairPlayers := map[int][]tournament.Player{}
	for k, i := range played {
		r := roomOf[k]
		g := games[i].Game
		if slices.Contains(roomBoards[r], results[k].Board) {
			return nil, nil, tournament.Section{}, &FileError{Format: "PBN", Line: games[i].Line, Element: "[Board]", Value: strconv.Itoa(results[k].Board), Expected: "each board once in a room"}
		}
		roomBoards[r] = append(roomBoards[r], results[k].Board)
		ns, ew := 2*nsTeam[r]-1, 2*ewTeam[r]
		results[k].NS, results[k].EW, results[k].Round, results[k].Table = strconv.Itoa(ns), strconv.Itoa(ew), 1, tableOf[r]
		for p, seats := range map[int][2]string{ns: {"North", "South"}, ew: {"East", "West"}} {
			if _, ok := pairPlayers[p]; ok {
				continue
			}
			pairPlayers[p] = []tournament.Player{}
			for _, seat := range seats {
				if name := g.player(seat); name != "" {
					pairPlayers[p] = append(pairPlayers[p], tournament.Player{Name: name})
				}
			}
		}
	}
	mov := movement.Movement{Kind: movement.KindTeams, Winners: 1, Boards: boards, Pairs: 2 * len(rosters)}
	for _, r := range rosters {
		mov.Teams = append(mov.Teams, movement.Team{Number: r.Number, Pairs: [2]int{2*r.Number - 1, 2 * r.Number}})
	}
	rd1 := movement.Round{Number: 1}
	for m, key := range matchOrder {
		// Both rooms of a match play the same boards: a board one room has
		// no result for (missing from the file) is still in play there.
		var b []int
		for _, r := range matchRooms[key] {
			b = append(b, roomBoards[r]...)
		}
		b = slices.Compact(slices.Sorted(slices.Values(b)))
		for _, r := range matchRooms[key] {
			rd1.Tables = append(rd1.Tables, movement.Table{Table: tableOf[r], NS: 2*nsTeam[r] - 1, EW: 2 * ewTeam[r], Boards: b, Match: m + 1})
			mov.Tables = max(mov.Tables, tableOf[r])
		}
	}
	// A match the file has one room of still has its other room, where
	// the teams sit the other way round, with no result.
	for m, key := range matchOrder {
		if rs := matchRooms[key]; len(rs) == 1 {
			r := rs[0]
			i := slices.IndexFunc(rd1.Tables, func(t movement.Table) bool { return t.Table == tableOf[r] })
			mov.Tables++
			rd1.Tables = append(rd1.Tables, movement.Table{Table: mov.Tables, NS: 2*ewTeam[r] - 1, EW: 2 * nsTeam[r], Boards: rd1.Tables[i].Boards, Match: m + 1})
		}
	}
	slices.SortFunc(rd1.Tables, func(a, b movement.Table) int { return a.Table - b.Table })
	mov.Rounds = []movement.Round{rd1}
	fillSitOut(&mov)
	mov.Name = "Teams, " + strconv.Itoa(len(rosters)) + " teams, 1 round"
	var pairs []tournament.Pair
	for p := 1; p <= mov.Pairs; p++ {
		pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(p), Team: (p + 1) / 2, Players: pairPlayers[p]})
	}
	return pairs, rosters, tournament.Section{Spec: tournament.MovementSpec{Kind: "custom", Schedule: mov.Rounds}, Movement: mov}, nil
}

// roomKey is a room of a teams file: its Table and its Room (lower case).
type roomKey struct {
	table string
	room  string
	match [2]int // the teams, when the file gives no Table
}

// name says which room it is: "table 6", "table 7, closed room", "the
// open room".
func (k roomKey) name() string {
	switch {
	case k.table == "" && k.room == "":
		return "the one room"
	case k.table == "":
		return "the " + k.room + " room"
	case k.room == "":
		return "table " + k.table
	}
	return "table " + k.table + ", " + k.room + " room"
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

// pbnTeamMethod reads the Scoring tag of a file of team matches: PBN 2.1's
// BAM (board-a-match) and Total (aggregate total points), with traveler's
// qualifier Patton (pbnScoring), else IMPs converted to VPs.
func pbnTeamMethod(v string) tournament.Method {
	u := strings.ToUpper(v)
	switch {
	case strings.Contains(u, "PATTON"):
		return tournament.MethodPattonTeams
	case strings.Contains(u, "BAM"):
		return tournament.MethodBAMTeams
	case strings.Contains(u, "TOTAL"):
		return tournament.MethodAggregateTeams
	}
	return tournament.MethodIMPTeams
}
