package tournament

import (
	"context"
	"math"
	"slices"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// TieRules are the ways a knockout match tied at the end may be decided
// (MovementSpec.TieRule):
//
//   - "playoff" (the default): the match stays undecided and the director
//     adds a play-off segment of extra boards (Service.AddKnockoutPlayoff):
//     one-eighth of the match's scheduled boards, at least 2, a fraction
//     rounded up, repeated while the teams are still tied — the EBU's rule
//     for a tie in a knock-out match (White Book §143.2.1).
//   - "carryover": the team that brought the carry-over in wins a tie; with
//     no carry-over the tie is played off as above.
var TieRules = []string{"playoff", "carryover"}

// knockoutMovement builds a knockout match: two teams, Rounds segments of
// BoardsPerRound boards each (segment s plays boards (s−1)·BoardsPerRound+1
// to s·BoardsPerRound), team 1 at home in every segment.
func (s MovementSpec) knockoutMovement() (movement.Movement, error) {
	if s.Teams != 0 && s.Teams != 2 {
		return movement.Movement{}, Invalidf("movement.teams", strconv.Itoa(s.Teams)+": a knockout match is between 2 teams (a bracket is made of several matches)")
	}
	if s.Rounds < 1 {
		return movement.Movement{}, Invalidf("movement.rounds", strconv.Itoa(s.Rounds)+": the segments of a knockout match are 1 or more")
	}
	if s.CarryTeam < 0 || s.CarryTeam > 2 {
		return movement.Movement{}, Invalidf("movement.carry_team", strconv.Itoa(s.CarryTeam)+": the team a carry-over goes to is 1 or 2 (0: none)")
	}
	if c := s.CarryIMPs; math.IsNaN(c) || math.IsInf(c, 0) || c < 0 || c > 10000 || c*2 != math.Trunc(c*2) {
		return movement.Movement{}, Invalidf("movement.carry_imps", strconv.FormatFloat(c, 'f', -1, 64)+": a carry-over is 0 to 10000 IMPs, in halves")
	}
	if s.CarryIMPs > 0 && s.CarryTeam == 0 {
		return movement.Movement{}, Invalidf("movement.carry_team", "required with carry_imps "+strconv.FormatFloat(s.CarryIMPs, 'f', -1, 64)+": the team (1 or 2) that brings the carry-over in")
	}
	if s.From != nil && (len(s.From) != 2 || s.From[0] == s.From[1] || s.From[0] < 1 || s.From[1] < 1) {
		return movement.Movement{}, Invalidf("movement.from", "the two earlier matches whose winners meet: two different sections")
	}
	if s.TieRule != "" && !slices.Contains(TieRules, s.TieRule) {
		return movement.Movement{}, Invalidf("movement.tie_rule", strconv.Quote(s.TieRule)+": not a tie rule", TieRules...)
	}
	schedule := make([][]movement.Match, s.Rounds)
	for i := range schedule {
		schedule[i] = []movement.Match{{Home: 1, Away: 2}}
	}
	m, err := movement.TeamsMovement(movement.TeamsOptions{Teams: 2, BoardsPerRound: s.BoardsPerRound}, schedule)
	if err != nil {
		return m, err
	}
	m.Name = knockoutName(s, 0)
	return m, nil
}

// knockoutName names a knockout match's movement, with its play-off
// segments.
func knockoutName(s MovementSpec, playoffs int) string {
	n := "Knockout match, " + strconv.Itoa(s.Rounds) + " segments of " + strconv.Itoa(s.BoardsPerRound) + " boards"
	if playoffs > 0 {
		n += " and " + strconv.Itoa(playoffs) + " play-off"
		if playoffs > 1 {
			n += "s"
		}
	}
	return n
}

// KnockoutTeam is one side of a knockout match.
type KnockoutTeam struct {
	Number int    // 1 or 2: the movement's team (team 1 at home)
	Name   string // the roster's name, "" until entered
}

// KnockoutSegment is one segment of a knockout match as scored so far.
type KnockoutSegment struct {
	Segment int        // from 1
	Boards  []int      // the boards it plays
	Scored  int        // boards both rooms have a comparable result on
	IMPs    [2]float64 // IMPs each team won in the segment (team 1, team 2); halves from a split score (Law 86B)
	Running [2]float64 // each team's total after the segment, carry-over included
	Penalty [2]float64 // procedural penalties in IMPs (Law 90) each team is given on the segment's boards, taken off its running total
	Playoff bool       // a play-off segment, added after a tie
}

// KnockoutMatch is a knockout match's running score and result.
type KnockoutMatch struct {
	Section  Section
	Teams    [2]KnockoutTeam
	Carry    [2]float64 // IMPs each team starts with
	TieRule  string     // TieRules; the default filled in
	Segments []KnockoutSegment
	Total    [2]float64 // each team's IMPs with the carry-over, over the boards scored
	Complete bool       // every board of every segment scored
	Winner   int        // 1 or 2 once decided; 0 while not
	Decided  string     // how the winner was found: "imps", or "carryover" (a tie under that rule); "" while undecided
	Tied     bool       // complete and tied, to be played off
	Playoff  int        // when Tied: the boards of the play-off to add
}

// ScoreKnockout scores a knockout section's results: each segment's IMPs
// on the boards both rooms have played, the running totals from the
// carry-over, and the winner once every board is scored. The one scoring
// of a knockout match: Service.Knockout's, the standings' and a report's
// (from its EventData's results and teams).
func ScoreKnockout(sec *Section, results []Result, rosters []Roster) KnockoutMatch {
	sp := &sec.Spec
	out := KnockoutMatch{Section: *sec, TieRule: sp.TieRule}
	if out.TieRule == "" {
		out.TieRule = "playoff"
	}
	out.Teams = [2]KnockoutTeam{{Number: 1}, {Number: 2}}
	for _, r := range rosters {
		if r.Number == 1 || r.Number == 2 {
			out.Teams[r.Number-1].Name = r.Name
		}
	}
	if sp.CarryTeam == 1 || sp.CarryTeam == 2 {
		out.Carry[sp.CarryTeam-1] = sp.CarryIMPs
	}
	m := &sec.Movement
	tms := teamMatches(m)
	pms := playedMatches(m, results)
	run := out.Carry
	out.Complete = len(tms) > 0
	for i, tm := range tms {
		pm := pms[i]
		seg := KnockoutSegment{Segment: tm.round, Boards: slices.Clone(tm.room1.Boards), Scored: len(pm.rooms), Playoff: tm.round > sp.Rounds}
		home := 0
		if pm.home == 2 {
			home = 1
		}
		// Law 86B: with a split assigned score (Law 12C1(b)) each team's
		// own board is scored and each is given the average of the two
		// (team_split_test.go quotes the Law); a balanced board's two are
		// the same.
		for _, r := range pm.rooms {
			hb, ab := ownBoards(results, r)
			v := float64(hb.HomeIMPs()+ab.HomeIMPs()) / 2
			if v > 0 {
				seg.IMPs[home] += v
			} else {
				seg.IMPs[1-home] -= v
			}
		}
		// A board with an artificial score (Law 12C2(a): ±3 IMPs, team_artificial.go)
		// counts each team's figure where it gains: +3 to one side is the
		// match's 3 IMPs, +3 to both nets to nothing.
		for _, a := range pm.artificial {
			h, w := artificialBoard(results, a, pm.home, pm.away, lawIMPs)
			seg.IMPs[home] += float64(max(h, 0))
			seg.IMPs[1-home] += float64(max(w, 0))
			seg.Scored++
		}
		// A procedural penalty in IMPs (Law 90) on a team comes off its
		// running total in the segment of the board it was given on
		// (checkPenalty made sure it names one and whole IMPs).
		for _, p := range sec.Penalties {
			if p.Unit == UnitIMP && slices.Contains(seg.Boards, p.Board) && (p.Number == "1" || p.Number == "2") {
				i, _ := strconv.Atoi(p.Number)
				seg.Penalty[i-1] += p.Amount
			}
		}
		run[0] += seg.IMPs[0] - seg.Penalty[0]
		run[1] += seg.IMPs[1] - seg.Penalty[1]
		seg.Running = run
		if seg.Scored < len(seg.Boards) {
			out.Complete = false
		}
		out.Segments = append(out.Segments, seg)
	}
	out.Total = run
	if !out.Complete {
		return out
	}
	switch {
	case run[0] > run[1]:
		out.Winner, out.Decided = 1, "imps"
	case run[1] > run[0]:
		out.Winner, out.Decided = 2, "imps"
	case out.TieRule == "carryover" && out.Carry[0] != out.Carry[1]:
		out.Winner, out.Decided = 1, "carryover"
		if out.Carry[1] > out.Carry[0] {
			out.Winner = 2
		}
	default:
		out.Tied = true
		out.Playoff = PlayoffBoards(sp.Rounds * sp.BoardsPerRound)
	}
	return out
}

// PlayoffBoards is the length of a play-off after a tie in a match of
// scheduled boards: one-eighth, at least 2, a fraction rounded up (EBU
// White Book §143.2.1).
func PlayoffBoards(scheduled int) int {
	return max(2, (scheduled+7)/8)
}

// knockoutSection reads a section that is a knockout match, refusing
// another.
func knockoutSection(sec *Section) error {
	if sec.Spec.Kind != "knockout" {
		return &Error{Kind: ErrConflict, Field: "section", Message: "section " + sec.Name + " is not a knockout match (" + sec.Movement.Name +
			"): only a section made with movement kind \"knockout\" has a running score by segment"}
	}
	return nil
}

// Knockout returns a knockout section's running score by segment and its
// winner once every board is scored. Readable as the standings are: by a
// director, or by anyone when the event is published (then from the
// finished boards only).
func (s *Service) Knockout(ctx context.Context, a Actor, sectionID int64) (KnockoutMatch, error) {
	sec, e, err := s.sectionEvent(ctx, sectionID)
	if err != nil {
		return KnockoutMatch{}, err
	}
	if err := canReadResults(a, &e, &sec, 0); err != nil {
		return KnockoutMatch{}, err
	}
	if err := knockoutSection(&sec); err != nil {
		return KnockoutMatch{}, err
	}
	return s.knockoutOf(ctx, s.reader(a), seesAll(a), &sec)
}

// knockoutOf scores sec from store's results: all of them for the
// director, the finished boards' for everyone else.
func (s *Service) knockoutOf(ctx context.Context, store Store, director bool, sec *Section) (KnockoutMatch, error) {
	results, err := store.Results(ctx, ResultFilter{SectionID: sec.ID})
	if err != nil {
		return KnockoutMatch{}, err
	}
	fouled, err := store.FouledBoards(ctx, sec.ID)
	if err != nil {
		return KnockoutMatch{}, err
	}
	applyVersions(results, fouled)
	if !director {
		results = finishedOnly(sec, results)
	}
	rosters, err := store.Teams(ctx, sec.ID)
	if err != nil {
		return KnockoutMatch{}, err
	}
	return ScoreKnockout(sec, results, rosters), nil
}

// AddKnockoutPlayoff adds a play-off segment to a knockout match that
// every board has been scored in and is tied (directors only): the next
// boards after the last, as many as KnockoutMatch.Playoff says, at tables
// 1 and 2 as before; the section moves to that segment. A match not tied,
// or not finished, is refused saying which.
func (s *Service) AddKnockoutPlayoff(ctx context.Context, a Actor, sectionID int64) (KnockoutMatch, error) {
	if err := directorOnly(a, "add a knockout play-off"); err != nil {
		return KnockoutMatch{}, err
	}
	sec, err := s.store.Section(ctx, sectionID)
	if err != nil {
		return KnockoutMatch{}, err
	}
	if err := knockoutSection(&sec); err != nil {
		return KnockoutMatch{}, err
	}
	km, err := s.knockoutOf(ctx, s.store, true, &sec)
	if err != nil {
		return KnockoutMatch{}, err
	}
	if !km.Tied {
		why := "is not finished: " + strconv.Itoa(scoredBoards(km.Segments)) + " of " + strconv.Itoa(sec.Movement.Boards) + " boards scored in both rooms"
		if km.Complete {
			why = "is won by team " + strconv.Itoa(km.Winner) + " (" + ftoa(km.Total[0]) + "–" + ftoa(km.Total[1]) + ")"
		}
		return KnockoutMatch{}, &Error{Kind: ErrConflict, Field: "section", Message: "section " + sec.Name + ": a play-off is added to a tied match; this one " + why}
	}
	old := &sec.Movement
	first := old.Boards + 1
	boards := make([]int, km.Playoff)
	for i := range boards {
		boards[i] = first + i
	}
	n := len(old.Rounds) + 1
	m := *old
	m.Rounds = append(slices.Clone(old.Rounds), movement.Round{Number: n, Tables: []movement.Table{
		{Table: 1, NS: 1, EW: 4, Boards: boards, Match: 1},
		{Table: 2, NS: 3, EW: 2, Boards: slices.Clone(boards), Match: 1}}})
	m.Boards = old.Boards + km.Playoff
	m.Name = knockoutName(sec.Spec, n-sec.Spec.Rounds)
	if err := m.CheckRounds(); err != nil {
		return KnockoutMatch{}, fromScoring(err, "movement.")
	}
	next := sec
	next.Movement = m
	next.CurrentRound = n
	c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: a.Name,
		Before: movementFields(sec, 0), After: movementFields(next, n)}
	c.After["knockout_playoff"] = km.Playoff
	err = s.store.ChangeMovement(ctx, &next, nil, &c)
	s.cache.sections.Delete(sec.ID)
	s.cache.boards.Delete(sec.ID)
	if err != nil {
		return KnockoutMatch{}, err
	}
	return s.knockoutOf(ctx, s.store, true, &next)
}

// scoredBoards counts the boards scored over segs.
func scoredBoards(segs []KnockoutSegment) int {
	n := 0
	for _, sg := range segs {
		n += sg.Scored
	}
	return n
}

// ftoa writes IMPs, a half shown as .5.
func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// knockoutOnly refuses a knockout's options in a spec of another kind.
func (s MovementSpec) knockoutOnly() error {
	if s.Kind == "knockout" {
		return nil
	}
	for _, f := range []struct {
		name string
		set  bool
	}{{"carry_team", s.CarryTeam != 0}, {"carry_imps", s.CarryIMPs != 0}, {"tie_rule", s.TieRule != ""}, {"from", s.From != nil}} {
		if f.set {
			return Invalidf("movement."+f.name, "only a knockout match (kind \"knockout\") has a carry-over and a tie rule; this is kind "+strconv.Quote(s.Kind))
		}
	}
	return nil
}

// knockoutStandings are a knockout match's standings: each team's Total
// its IMPs with the carry-over, IMPs its net IMPs over the boards scored,
// first the winner (or the team ahead; both first while level).
func knockoutStandings(km *KnockoutMatch, rosters []Roster) []Standing {
	out := make([]Standing, 2)
	for i := range out {
		out[i] = Standing{Number: strconv.Itoa(i + 1), Name: km.Teams[i].Name, Total: km.Total[i], Place: 1, Boards: scoredBoards(km.Segments)}
		net, after := 0.0, 0.0
		for _, sg := range km.Segments {
			net += sg.IMPs[i] - sg.IMPs[1-i]
			after += (sg.IMPs[i] - sg.Penalty[i]) - (sg.IMPs[1-i] - sg.Penalty[1-i])
			out[i].Penalty += sg.Penalty[i]
		}
		out[i].NetIMPs = scoring.Round2(after)
		for _, p := range km.Section.Penalties {
			if p.Number == out[i].Number && p.Unit == UnitIMP {
				out[i].Penalties = append(out[i].Penalties, p)
			}
		}
		out[i].IMPs = int(math.Round(net)) // a half from Law 86B rounded away from 0; Total keeps it
		for _, r := range rosters {
			if r.Number == i+1 {
				for _, p := range r.Players {
					out[i].Players = append(out[i].Players, p.Name)
				}
			}
		}
	}
	switch {
	case km.Winner != 0:
		out[2-km.Winner].Place = 2
	case km.Total[0] > km.Total[1]:
		out[1].Place = 2
	case km.Total[1] > km.Total[0]:
		out[0].Place = 2
	}
	slices.SortStableFunc(out, func(a, b Standing) int { return a.Place - b.Place })
	return out
}
