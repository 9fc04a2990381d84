package reports

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// unit names what a method's points are called: "MP", "IMPs", "VP",
// "BAM" (board points), "Patton" or "Points"; total: a standing's (a
// team's VPs), else a traveler line's (a board's IMPs at IMP_TEAMS).
func unit(m tournament.Method, total bool) string {
	switch m {
	case tournament.MethodMP, tournament.MethodMPACBL:
		return "MP"
	case tournament.MethodCrossIMP, tournament.MethodButler:
		return "IMPs"
	case tournament.MethodIMPTeams, tournament.MethodBAMTeams, tournament.MethodPattonTeams:
		if m == tournament.MethodIMPTeams && !total {
			return "IMPs"
		}
		return teamUnit(m)
	}
	return "Points"
}

// teamUnit names what a teams method's matches score: "VP" (IMP_TEAMS),
// "BAM" (board points), "Patton", "Points" (aggregate total points).
func teamUnit(m tournament.Method) string {
	switch m {
	case tournament.MethodIMPTeams:
		return "VP"
	case tournament.MethodBAMTeams:
		return "BAM"
	case tournament.MethodPattonTeams:
		return "Patton"
	}
	return "Points"
}

// totalUnit heads the Standings sheet's totals: the method's unit(…,
// true), but "IMPs" when every section is a knockout match (ranked by
// IMPs with the carry-over, not VPs).
func totalUnit(d *tournament.EventData) string {
	ko := len(d.Sections) > 0
	for i := range d.Sections {
		ko = ko && d.Sections[i].Section.Spec.Kind == "knockout"
	}
	if ko && d.Event.Scoring.Teams() {
		return "IMPs"
	}
	return unit(d.Event.Scoring, true)
}

// directionName returns the title of a standings block's direction.
func directionName(dir string) string {
	switch dir {
	case "NS":
		return "North-South"
	case "EW":
		return "East-West"
	}
	return ""
}

// players joins a standing's names; a team's name comes first.
func players(st *tournament.Standing) string {
	names := strings.Join(st.Players, " & ")
	if st.Name == "" {
		return names
	}
	if names == "" {
		return st.Name
	}
	return st.Name + " (" + strings.Join(st.Players, ", ") + ")"
}

// contractText is what a traveler line shows for its contract: the
// contract, "PASS", the artificial percentages ("60%/40%"), "not played" or
// "assigned" (a split score with EW's own: "assigned, EW -650 (Law 12C1(b))").
func contractText(r *tournament.Result) string {
	switch r.Status {
	case tournament.StatusPassedOut:
		return "PASS"
	case tournament.StatusArtificial:
		return strconv.Itoa(r.NSPercent) + "%/" + strconv.Itoa(r.EWPercent) + "%"
	case tournament.StatusNotPlayed:
		return "not played"
	case tournament.StatusAssigned:
		if r.Split() {
			return "assigned, EW " + strconv.Itoa(-r.EWSideScore()) + " (Law 12C1(b))" // the NS score is in its own column
		}
		return "assigned"
	}
	return r.Contract
}

// hasScore reports whether a line has an NS score (played, passed out or
// assigned).
func hasScore(r *tournament.Result) bool {
	return r.Status == tournament.StatusPlayed || r.Status == tournament.StatusPassedOut || r.Status == tournament.StatusAssigned || r.Status == ""
}

// tricks returns a played line's tricks, or nil.
func tricks(r *tournament.Result) any {
	if (r.Status == tournament.StatusPlayed || r.Status == "") && r.Tricks >= 0 {
		return r.Tricks
	}
	return nil
}

// writeStandings writes the Standings sheet: one block per section and
// direction, each a title row and a row per pair or team.
func writeStandings(b *book, d *tournament.EventData) error {
	who := "Pair"
	if d.Event.Scoring.Teams() {
		who = "Team"
	}
	teamHeader, teamWidths := teamColumns(d)
	gradingHeader := gradingColumns(d, false)
	gradingWidths := make([]float64, len(gradingHeader))
	for i, h := range gradingHeader {
		gradingWidths[i] = max(10, float64(len(h))+2)
	}
	s, err := b.newSheet("Standings", slices.Concat([]string{"Place", who, "Direction", "Players", totalUnit(d), "%", "Boards"}, teamHeader, gradingHeader),
		slices.Concat([]float64{8, 8, 10, 40, 10, 10, 8}, teamWidths, gradingWidths))
	if err != nil {
		return err
	}
	for i := range d.Sections {
		sd := &d.Sections[i]
		rows := sd.Standings.Pairs
		standings := sd.Standings
		standings.Event = d.Event
		places := standings.PlaceTexts()
		for start := 0; start < len(rows); {
			end := start
			for end < len(rows) && rows[end].Direction == rows[start].Direction {
				end++
			}
			if err := s.reserve(end - start + 2); err != nil {
				return err
			}
			title := "Section " + sd.Section.Name
			if dn := directionName(rows[start].Direction); dn != "" {
				title += ", " + dn
			}
			if err := s.titleRow(title); err != nil {
				return err
			}
			for k := start; k < end; k++ {
				st := &rows[k]
				var pct any
				if d.Event.Scoring.HasPercentage() {
					pct = s.pts(st.Percentage)
				}
				var place any = st.Place
				if t := places[k]; t != strconv.Itoa(st.Place) {
					place = t
				}
				row := []any{place, st.Number, st.Direction, players(st), s.pts(st.Total), pct, st.Boards}
				if teamHeader != nil {
					row = append(row, teamCells(s, st, sd.Section.Spec.Kind == "knockout", sd.Standings.Matches, len(teamHeader)-2)...)
				}
				for _, c := range gradingCells(d, &sd.Section.Grading, st) {
					if v, ok := c.(float64); ok {
						c = s.pts(v)
					}
					row = append(row, c)
				}
				if err := s.add(row); err != nil {
					return err
				}
			}
			s.skip()
			start = end
		}
	}
	// The convention the figures follow, as the event's page shows it,
	// closes the sheet (its first row is the frozen header, and readers
	// find the blocks below it); places are written by it ("3=", "4-5").
	conv := d.Event.Conv()
	name := conv.Name
	if name == "" {
		name = "traveler"
	}
	if err := s.reserve(2); err != nil {
		return err
	}
	if err := s.titleRow("Convention: " + name + ", " + conv.Doc); err != nil {
		return err
	}
	if err := s.titleRow("Places: " + conv.TieRule()); err != nil {
		return err
	}
	return s.flush()
}

// seatNames are the seats' names in a hand record.
var seatNames = [4]string{"North", "East", "South", "West"}

// handRows returns a board's hand record, a row per seat ("North",
// "AKQJ2.K3.Q54.A76", "-" for a hand not given); nil when the board has
// none.
func handRows(dl scoring.Deal) [][]any {
	if dl.Empty() {
		return nil
	}
	out := make([][]any, 0, 4)
	for _, seat := range scoring.Seats {
		h := "-"
		if dl.Given[seat] {
			h = dl.Hands[seat].String()
		}
		out = append(out, []any{seatNames[seat], h})
	}
	return out
}

// writeTravelers writes the Travelers sheet: per board a title (board,
// section, dealer, vulnerability), the hand record when there is one, a
// header and every line; a fouled board's lines by version, each version
// under a title of its own ("Version 2 (fouled): scored among themselves").
func writeTravelers(b *book, d *tournament.EventData) error {
	u := unit(d.Event.Scoring, false)
	head := []string{"NS", "EW", "Contract", "Declarer", "Tricks", "Score", "NS " + u, "EW " + u}
	s, err := b.newSheet("Travelers", nil, []float64{10, 20, 10, 10, 8, 8, 10, 10})
	if err != nil {
		return err
	}
	for i := range d.Sections {
		sd := &d.Sections[i]
		for ti := range sd.Travelers {
			t := &sd.Travelers[ti]
			hands := handRows(t.Board.Deal)
			groups := versionGroups(t)
			if err := s.reserve(len(t.Lines) + len(hands) + 3 + len(groups)); err != nil {
				return err
			}
			if err := s.titleRow("Board "+strconv.Itoa(t.Board.Number), "Section "+sd.Section.Name, "Dealer "+t.Board.Dealer.String(), "Vul "+t.Board.Vulnerability.String()); err != nil {
				return err
			}
			for _, h := range hands {
				if err := s.add(h); err != nil {
					return err
				}
			}
			if err := s.headerRow(head); err != nil {
				return err
			}
			for _, g := range groups {
				if len(groups) > 1 {
					if err := s.titleRow(versionTitle(g.version)); err != nil {
						return err
					}
				}
				for _, li := range g.lines {
					l := &t.Lines[li]
					r := &l.Result
					var score any
					if hasScore(r) {
						score = r.NSScore
					}
					if err := s.add([]any{r.NS, r.EW, contractText(r), r.Declarer, tricks(r), score, s.pts(l.NSPoints), s.pts(l.EWPoints)}); err != nil {
						return err
					}
				}
			}
			s.skip()
		}
	}
	return s.flush()
}

// cardRef is one line on a pair's scorecard: the traveler and line, and
// the side whose cards the pair held.
type cardRef struct {
	traveler, line int32
	side           scoring.Side
}

// seatKey finds a table of a movement.
type seatKey struct{ round, table int }

// scorecardRefs lists, per movement pair (index = pair number; in an
// individual per player, each line under both players of its side), the lines
// it played in board order, from the seats the movement gives each line's
// round and table.
func scorecardRefs(sd *tournament.SectionData) [][]cardRef {
	m := &sd.Section.Movement
	tables := map[seatKey]*movement.Table{}
	for ri := range m.Rounds {
		rd := &m.Rounds[ri]
		for ti := range rd.Tables {
			tables[seatKey{rd.Number, rd.Tables[ti].Table}] = &rd.Tables[ti]
		}
	}
	out := make([][]cardRef, m.Entrants()+1)
	for ti := range sd.Travelers {
		for li := range sd.Travelers[ti].Lines {
			r := &sd.Travelers[ti].Lines[li].Result
			t, ok := tables[seatKey{r.Round, r.Table}]
			if !ok {
				continue
			}
			for _, side := range []scoring.Side{scoring.NS, scoring.EW} {
				holders := []int{t.Cards(side)}
				if m.Kind == movement.KindIndividual && len(t.Players) == 4 {
					holders = []int{t.Players[0], t.Players[2]} // an individual's card is a player's: North and South
					if side == scoring.EW {
						holders = []int{t.Players[1], t.Players[3]}
					}
				}
				for _, p := range holders {
					if _, sub, _ := sd.SeatedAt(p, r.Round); m.Kind == movement.KindIndividual && sub {
						continue // a substitute sat in p's seat: the line is not p's (tournament.Pair.SatIn)
					}
					if p >= 1 && p < len(out) {
						out[p] = append(out[p], cardRef{int32(ti), int32(li), side})
					}
				}
			}
		}
	}
	return out
}

// penalisedStanding returns the standing of a section's pair (number,
// direction) when it has procedural penalties, else nil.
func penalisedStanding(sd *tournament.SectionData, number, direction string) *tournament.Standing {
	for i := range sd.Standings.Pairs {
		if st := &sd.Standings.Pairs[i]; st.Number == number && st.Direction == direction && len(st.Penalties) > 0 {
			return st
		}
	}
	return nil
}

// writeScorecards writes the Scorecards sheet: per pair a title and, board
// by board, the round, opponents, contract, declarer, tricks, the score
// from the pair's side, the points the traveler shows for it and their
// running total; a pair with procedural penalties a last row with them.
func writeScorecards(b *book, d *tournament.EventData) error {
	u := unit(d.Event.Scoring, false)
	head := []string{"Board", "Round", "Opponents", "Contract", "Declarer", "Tricks", "Score", u, "Total"}
	s, err := b.newSheet("Scorecards", nil, []float64{8, 8, 12, 10, 10, 8, 8, 10, 10})
	if err != nil {
		return err
	}
	for i := range d.Sections {
		sd := &d.Sections[i]
		m := &sd.Section.Movement
		names := map[[2]string]string{}
		for _, p := range sd.Pairs {
			var n []string
			for _, pl := range p.Players {
				n = append(n, pl.Name)
			}
			names[[2]string{p.Number, p.Direction}] = strings.Join(n, " & ")
		}
		refs := scorecardRefs(sd)
		for p := 1; p <= m.Entrants(); p++ {
			if p == m.Phantom || len(refs[p]) == 0 {
				continue
			}
			num, dir := m.PairLabel(p)
			who := ", pair "
			if m.Kind == movement.KindIndividual {
				num, dir, who = strconv.Itoa(p), "", ", player "
			}
			if err := s.reserve(len(refs[p]) + 5); err != nil { // title, header, rows, a penalty, a scaled total, a blank
				return err
			}
			title := "Section " + sd.Section.Name + who + strings.TrimSpace(num+" "+dir)
			if n := names[[2]string{num, dir}]; n != "" {
				title += ": " + n
			}
			if err := s.titleRow(title); err != nil {
				return err
			}
			if err := s.headerRow(head); err != nil {
				return err
			}
			total := 0.0
			for _, ref := range refs[p] {
				t := &sd.Travelers[ref.traveler]
				l := &t.Lines[ref.line]
				r := &l.Result
				opp, pts := r.EW, l.NSPoints
				if ref.side == scoring.EW {
					opp, pts = r.NS, l.EWPoints
				}
				var score any
				if hasScore(r) {
					score = r.NSScore
					if ref.side == scoring.EW {
						score = 0 - r.NSScore
					}
				}
				total = scoring.Round2(total + pts)
				if err := s.add([]any{t.Board.Number, r.Round, opp, contractText(r), r.Declarer, tricks(r), score, s.pts(pts), s.pts(total)}); err != nil {
					return err
				}
			}
			if st := penalisedStanding(sd, num, dir); st != nil {
				// A procedural penalty's row: what it took off, the total after it.
				total = scoring.Round2(total - st.Penalty)
				if err := s.add([]any{"Penalty", nil, penaltyReasons(st), nil, nil, nil, nil, s.pts(0 - st.Penalty), s.pts(total)}); err != nil {
					return err
				}
			}
			if st, ok := standingOf(d, i, num, dir); ok && m.Kind == movement.KindIndividual && st.Boards > 0 && st.Total != total {
				// The standings scale a total played on fewer boards than
				// the most played (a substitute's rounds, a late pair).
				if err := s.add([]any{"Scaled", nil, strconv.Itoa(st.Boards) + " boards played, scaled to the most played", nil, nil, nil, nil, nil, s.pts(st.Total)}); err != nil {
					return err
				}
			}
			s.skip()
		}
	}
	return s.flush()
}

// frequency is one distinct score of a board (of one version of a fouled
// board) and the points it earned.
type frequency struct {
	score    any // the NS score (int), or the contract text of a line without one
	version  int // the version of the board it was made on: 1 as dealt
	tables   int
	ns, ew   float64
	hasScore bool
}

// frequencies lists a traveler's distinct scores, highest NS score first,
// lines without a score (artificial, not played) after them; on a fouled
// board version by version, as each version's points are its own.
func frequencies(t *tournament.Traveler) []frequency {
	var out []frequency
	for li := range t.Lines {
		l := &t.Lines[li]
		r := &l.Result
		var key any = contractText(r)
		if hasScore(r) {
			key = r.NSScore
		}
		v := r.PlayedVersion()
		k := slices.IndexFunc(out, func(f frequency) bool { return f.score == key && f.version == v })
		if k < 0 {
			out = append(out, frequency{score: key, version: v, ns: l.NSPoints, ew: l.EWPoints, hasScore: hasScore(r)})
			k = len(out) - 1
		}
		out[k].tables++
	}
	slices.SortStableFunc(out, func(a, b frequency) int {
		if a.version != b.version {
			return a.version - b.version
		}
		if a.hasScore != b.hasScore {
			if a.hasScore {
				return -1
			}
			return 1
		}
		if a.hasScore {
			return cmp.Compare(b.score.(int), a.score.(int))
		}
		return 0
	})
	return out
}

// writeFrequencies writes the Frequencies sheet: per board each distinct
// NS score, how many tables got it and the points it earned each side.
func writeFrequencies(b *book, d *tournament.EventData) error {
	u := unit(d.Event.Scoring, false)
	s, err := b.newSheet("Frequencies", []string{"Section", "Board", "NS score", "Tables", "NS " + u, "EW " + u}, []float64{10, 8, 10, 8, 10, 10})
	if err != nil {
		return err
	}
	for i := range d.Sections {
		sd := &d.Sections[i]
		for ti := range sd.Travelers {
			t := &sd.Travelers[ti]
			fs := frequencies(t)
			if len(fs) == 0 {
				continue
			}
			if err := s.reserve(len(fs)); err != nil {
				return err
			}
			for _, f := range fs {
				var board any = t.Board.Number
				if f.version > 1 {
					board = strconv.Itoa(t.Board.Number) + " (version " + strconv.Itoa(f.version) + ")"
				}
				if err := s.add([]any{sd.Section.Name, board, f.score, f.tables, s.pts(f.ns), s.pts(f.ew)}); err != nil {
					return err
				}
			}
		}
	}
	return s.flush()
}

// doubleDummySheet names the sheet of the boards' double-dummy analyses.
const doubleDummySheet = "Double dummy"

// hasAnalyses reports whether any board of d has its analysis.
func hasAnalyses(d *tournament.EventData) bool {
	for i := range d.Sections {
		if len(d.Sections[i].Analyses) > 0 {
			return true
		}
	}
	return false
}

// writeDoubleDummy writes the Double dummy sheet: per analysed board a
// title (board, section, dealer, vulnerability), the tricks each declarer
// takes in each strain, and par under every law code (the event's own
// first): its score for North-South, its contracts, what it leaves out.
func writeDoubleDummy(b *book, d *tournament.EventData) error {
	s, err := b.newSheet(doubleDummySheet, nil, []float64{18, 10, 8, 8, 8, 8, 30, 16})
	if err != nil {
		return err
	}
	for i := range d.Sections {
		sd := &d.Sections[i]
		for ai := range sd.Analyses {
			a := &sd.Analyses[ai]
			if err := s.reserve(4 + 5 + 2 + len(a.Par)); err != nil {
				return err
			}
			if err := s.titleRow("Board "+strconv.Itoa(a.Board), "Section "+sd.Section.Name, "Dealer "+a.Dealer.String(), "Vul "+a.Vulnerability.String()); err != nil {
				return err
			}
			if err := s.headerRow([]string{"Declarer", "Clubs", "Diamonds", "Hearts", "Spades", "No-trump"}); err != nil {
				return err
			}
			for _, seat := range []scoring.Seat{scoring.North, scoring.South, scoring.East, scoring.West} {
				t := a.Tricks[seat]
				if err := s.add([]any{seatNames[seat], int(t[scoring.Clubs]), int(t[scoring.Diamonds]), int(t[scoring.Hearts]), int(t[scoring.Spades]), int(t[scoring.NoTrump])}); err != nil {
					return err
				}
			}
			if err := s.headerRow([]string{"Par under", "NS score", "", "", "", "", "Contracts", "Note"}); err != nil {
				return err
			}
			pars := slices.Clone(a.Par)
			slices.SortStableFunc(pars, func(x, y tournament.LawPar) int {
				return boolRank(y.Law == d.Event.Law) - boolRank(x.Law == d.Event.Law)
			})
			for _, lp := range pars {
				var cs []string
				for _, c := range lp.Par.Contracts {
					cs = append(cs, c.String())
				}
				note := ""
				if lp.Par.NullosLeftOut {
					note = "nullos left out"
				}
				if err := s.add([]any{lp.Law.String(), lp.Par.NSScore, nil, nil, nil, nil, strings.Join(cs, ", "), note}); err != nil {
					return err
				}
			}
			s.skip()
		}
	}
	return s.flush()
}

// boolRank is 1 for true, 0 for false.
func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// versionGroup is the lines of a traveler that played one version of the
// board, by their index in the traveler.
type versionGroup struct {
	version int
	lines   []int
}

// versionGroups sorts a traveler's lines by the version of the board they
// played, version 1 (as dealt) first: one group unless the board was fouled.
func versionGroups(t *tournament.Traveler) []versionGroup {
	var out []versionGroup
	for li := range t.Lines {
		v := t.Lines[li].Result.PlayedVersion()
		k := slices.IndexFunc(out, func(g versionGroup) bool { return g.version == v })
		if k < 0 {
			out = append(out, versionGroup{version: v})
			k = len(out) - 1
		}
		out[k].lines = append(out[k].lines, li)
	}
	slices.SortStableFunc(out, func(a, b versionGroup) int { return a.version - b.version })
	return out
}

// versionTitle is the title of a fouled board's version on a sheet.
func versionTitle(v int) string {
	if v <= 1 {
		return "Version 1 (as dealt): scored among themselves"
	}
	return "Version " + strconv.Itoa(v) + " (fouled): scored among themselves"
}
