package reports

import (
	"maps"
	"slices"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// usebioTeamsEvent reads a USEBIO team event (as writeUSEBIOTeams writes
// one and the EBU's importer, marcshearer/ImportUsebio, reads one: TEAMs
// with TEAM_ID and TEAM_NAME, MATCHes of ROUND_NUMBER, TEAM and
// OPPOSING_TEAM whose BOARDs hold each room's TRAVELLER_LINE led by the
// DIRECTION the TEAM sat in) into one IMP_TEAMS section: team n (in
// PARTICIPANTS order) has pairs 2n−1, sitting NS in its home room, and 2n;
// the k-th match of a round is at tables 2k−1 (the TEAM sitting NS) and 2k.
// A bye (a MATCH with no OPPOSING_TEAM) is noted, not played. The VP scale
// is traveler's default: USEBIO names none (its TEAM_SCORE are the file's
// figures).
func (rd *reading) usebioTeamsEvent(ev *USEBIOEvent, e tournament.Event) (tournament.EventData, error) {
	if len(ev.Teams) > maxPairNumber/2 {
		return tournament.EventData{}, &FileError{Format: "USEBIO", Line: ev.Teams[maxPairNumber/2].Line, Element: "PARTICIPANTS/TEAM", Expected: "at most " + strconv.Itoa(maxPairNumber/2) + " teams"}
	}
	teamNo := map[string]int{}
	var rosters []tournament.Roster
	for _, t := range ev.Teams {
		if _, dup := teamNo[t.ID]; dup {
			return tournament.EventData{}, &FileError{Format: "USEBIO", Line: t.Line, Element: "PARTICIPANTS/TEAM TEAM_ID", Value: t.ID, Expected: "a TEAM_ID no other TEAM has"}
		}
		n := len(rosters) + 1
		teamNo[t.ID] = n
		r := tournament.Roster{Number: n, Name: t.Name}
		if r.Name == "" {
			r.Name = "Team " + t.ID
		}
		for i, name := range t.Players {
			r.Players = append(r.Players, tournament.Player{Name: name, Number: t.PlayerNumbers[i]})
		}
		rosters = append(rosters, r)
	}
	mov := movement.Movement{Kind: movement.KindTeams, Winners: 1, Pairs: 2 * len(rosters)}
	for _, r := range rosters {
		mov.Teams = append(mov.Teams, movement.Team{Number: r.Number, Pairs: [2]int{2*r.Number - 1, 2 * r.Number}})
	}
	rounds := map[int]*movement.Round{}
	var results []tournament.Result
	var lines []*USEBIOLine // beside results
	boards := map[int]tournament.Board{}
	for _, b := range ev.Boards {
		tb := tournament.Board{Number: b.Number, Dealer: scoring.BoardDealer(b.Number), Vulnerability: scoring.BoardVulnerability(b.Number)}
		if b.HasDeal() {
			tb.Deal = b.Deal
		}
		boards[b.Number] = tb
	}
	team := func(m *USEBIOMatch, el, id string) (int, error) {
		if n, ok := teamNo[id]; ok {
			return n, nil
		}
		return 0, &FileError{Format: "USEBIO", Line: m.Line, Element: "MATCH/" + el, Value: id, Expected: "the TEAM_ID of a PARTICIPANTS/TEAM"}
	}
	roundOf, split := usebioMatchRounds(ev.Matches, teamNo)
	if split != nil {
		rd.note(split.Line, "MATCH/ROUND_NUMBER", "round "+strconv.Itoa(split.Round)+" has a team in two matches (as the EBU's TeamsScorer numbers the rounds of a multiple-teams movement): each match is given a round in which its teams play no other, in the file's order")
	}
	for mi := range ev.Matches {
		m := &ev.Matches[mi]
		round := roundOf[mi]
		home, err := team(m, "TEAM", m.Team)
		if err != nil {
			return tournament.EventData{}, err
		}
		if m.Opposing == "" {
			rd.note(m.Line, "MATCH", "round "+strconv.Itoa(m.Round)+": "+rosters[home-1].Name+" has a bye (no OPPOSING_TEAM): no match is played, its VPs are traveler's bye rule")
			continue
		}
		away, err := team(m, "OPPOSING_TEAM", m.Opposing)
		if err != nil {
			return tournament.EventData{}, err
		}
		if away == home {
			return tournament.EventData{}, &FileError{Format: "USEBIO", Line: m.Line, Element: "MATCH/OPPOSING_TEAM", Value: m.Opposing, Expected: "a team other than the match's TEAM"}
		}
		rd1, ok := rounds[round]
		if !ok {
			rd1 = &movement.Round{Number: round}
			rounds[round] = rd1
		}
		k := len(rd1.Tables)/2 + 1
		var played []int
		for bi := range m.Boards {
			b := &m.Boards[bi]
			played = append(played, b.Number)
			for li := range b.Lines {
				l := &b.Lines[li]
				// The pairs are placed by DIRECTION below, so the line's
				// own pair numbers are not read: the EBU's TeamsScorer
				// writes them team-player-player ("1-1-2").
				placed := *l
				placed.NS, placed.EW = "1", "2"
				r, err := usebioResult(b.Number, &placed, true)
				if err != nil {
					return tournament.EventData{}, err
				}
				switch l.Direction {
				case "NS":
					r.NS, r.EW, r.Table = strconv.Itoa(2*home-1), strconv.Itoa(2*away), 2*k-1
				case "EW":
					r.NS, r.EW, r.Table = strconv.Itoa(2*away-1), strconv.Itoa(2*home), 2*k
				default:
					return tournament.EventData{}, &FileError{Format: "USEBIO", Line: l.Line, Element: "MATCH/BOARD/TRAVELLER_LINE/DIRECTION", Value: l.Direction,
						Expected: "NS or EW: the direction the MATCH's TEAM sat in at this line's table"}
				}
				r.Round = round
				results = append(results, r)
				lines = append(lines, l)
			}
			if _, ok := boards[b.Number]; !ok {
				boards[b.Number] = tournament.Board{Number: b.Number, Dealer: scoring.BoardDealer(b.Number), Vulnerability: scoring.BoardVulnerability(b.Number)}
			}
		}
		played = slices.Compact(slices.Sorted(slices.Values(played)))
		rd1.Tables = append(rd1.Tables,
			movement.Table{Table: 2*k - 1, NS: 2*home - 1, EW: 2 * away, Boards: played, Match: k},
			movement.Table{Table: 2 * k, NS: 2*away - 1, EW: 2 * home, Boards: slices.Clone(played), Match: k})
		mov.Tables = max(mov.Tables, 2*k)
	}
	if len(results) == 0 {
		return tournament.EventData{}, &FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT/MATCH/BOARD/TRAVELLER_LINE", Expected: "at least one traveller line in a MATCH"}
	}
	for _, n := range slices.Sorted(func(yield func(int) bool) {
		for n := range rounds {
			if !yield(n) {
				return
			}
		}
	}) {
		mov.Rounds = append(mov.Rounds, *rounds[n])
	}
	for b := range boards {
		mov.Boards = max(mov.Boards, b)
	}
	fillSitOut(&mov)
	mov.Name = "Teams, " + strconv.Itoa(len(rosters)) + " teams, " + strconv.Itoa(len(mov.Rounds)) + " rounds"
	sec := tournament.Section{Session: 1, Name: "A", Spec: tournament.MovementSpec{Kind: "custom", Schedule: mov.Rounds}, Movement: mov, CurrentRound: len(mov.Rounds)}
	if spec, km, ok := usebioKnockout(ev, &mov); ok {
		sec.Spec, sec.Movement = spec, km
	}
	sec.Penalties = rd.usebioPenalties(ev, e.Scoring, &sec)
	errs := tournament.ScoreResults(scoring.NewRules(scoring.Contract2017), &sec, boards, results)
	for i, l := range lines {
		r := &results[i]
		if errs != nil && errs[i] != nil {
			return tournament.EventData{}, &FileError{Format: "USEBIO", Line: l.Line, Element: "MATCH/BOARD/TRAVELLER_LINE/CONTRACT", Value: l.ContractText, Expected: "a result contract-2017 scores (" + errs[i].Error() + ")"}
		}
		if l.Score.Given() && !l.Score.Artificial && r.Status != tournament.StatusNotPlayed && r.Status != tournament.StatusAssigned && l.Score.Points != r.NSScore {
			if err := rd.scoreDisagrees(l.Line, "MATCH/BOARD/TRAVELLER_LINE/SCORE", l.Score.Text, r.Contract, r.Declarer, r.Tricks, r.NSScore); err != nil {
				return tournament.EventData{}, err
			}
		}
	}
	var pairs []tournament.Pair
	for p := 1; p <= mov.Pairs; p++ {
		pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(p), Team: (p + 1) / 2})
	}
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, pairs, rosters, boards, results)}}, nil
}

// usebioMatchRounds gives each MATCH the round traveler plays it in: its
// ROUND_NUMBER, unless one of its teams already plays in that round (the
// EBU's TeamsScorer numbers the rounds of a multiple-teams movement so
// that a team meets two opponents in "round 1"): then the first round after
// it, among those made for that ROUND_NUMBER, in which neither team plays.
// The rounds are numbered 1, 2, … in the order of ROUND_NUMBER and of the
// file; where none is split they are the file's own. It returns the first
// MATCH that had to be moved, nil when none.
func usebioMatchRounds(ms []USEBIOMatch, teamNo map[string]int) ([]int, *USEBIOMatch) {
	type slot struct{ round, sub int }
	busy := map[slot]map[int]bool{}
	slots := make([]slot, len(ms))
	var split *USEBIOMatch
	for i := range ms {
		s := slot{ms[i].Round, 0}
		home, away := teamNo[ms[i].Team], teamNo[ms[i].Opposing]
		for busy[s][home] || away > 0 && busy[s][away] {
			s.sub++
		}
		if s.sub > 0 && split == nil {
			split = &ms[i]
		}
		if busy[s] == nil {
			busy[s] = map[int]bool{}
		}
		busy[s][home], busy[s][away] = true, away > 0
		slots[i] = s
	}
	out := make([]int, len(ms))
	if split == nil {
		for i := range ms {
			out[i] = ms[i].Round
		}
		return out, nil
	}
	order := slices.Collect(maps.Keys(busy))
	slices.SortFunc(order, func(a, b slot) int {
		if a.round != b.round {
			return a.round - b.round
		}
		return a.sub - b.sub
	})
	number := map[slot]int{}
	for k, s := range order {
		number[s] = k + 1
	}
	for i, s := range slots {
		out[i] = number[s]
	}
	return out, split
}

// usebioKnockout reads a team event as the knockout match traveler writes
// (writeUSEBIOTeams: EVENT_TYPE TEAMS, MATCH_SCORING_METHOD IMPS, each
// segment a MATCH): two teams, the first at home in every segment, each
// segment's boards following the last's, all segments of as many boards —
// the movement MovementSpec kind "knockout" builds. It returns that spec
// and movement; false for any other event, read as teams.
func usebioKnockout(ev *USEBIOEvent, mov *movement.Movement) (tournament.MovementSpec, movement.Movement, bool) {
	if ev.Type != "TEAMS" || ev.MatchScoring != "IMPS" || len(mov.Teams) != 2 || len(mov.Rounds) == 0 {
		return tournament.MovementSpec{}, movement.Movement{}, false
	}
	first := mov.Rounds[0].Tables
	if len(first) == 0 || len(first[0].Boards) == 0 {
		return tournament.MovementSpec{}, movement.Movement{}, false
	}
	spec := tournament.MovementSpec{Kind: "knockout", Rounds: len(mov.Rounds), BoardsPerRound: len(first[0].Boards)}
	km, err := spec.Build()
	if err != nil || len(km.Rounds) != len(mov.Rounds) {
		return tournament.MovementSpec{}, movement.Movement{}, false
	}
	for i := range km.Rounds {
		want, got := km.Rounds[i].Tables, mov.Rounds[i].Tables
		if len(want) != len(got) {
			return tournament.MovementSpec{}, movement.Movement{}, false
		}
		for j := range want {
			if want[j].Table != got[j].Table || want[j].NS != got[j].NS || want[j].EW != got[j].EW || !slices.Equal(want[j].Boards, got[j].Boards) {
				return tournament.MovementSpec{}, movement.Movement{}, false
			}
		}
	}
	return spec, km, true
}
