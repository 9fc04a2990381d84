package tournament

import (
	"context"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// A Swiss teams section (MovementSpec kind "swiss") is paired round by
// round from its standings. Round 1 is paired by the teams' numbers as the
// Swiss rule pairs teams all on the same score: 1 v 2, 3 v 4, … and, with
// an odd number, a bye to the highest number (the way magicscoring.com's
// Swiss guide seats the first round: "at table 1 pairs 1 and 2 meet, at
// table 2 pairs 3 and 4"); the director numbers the teams at random, or
// by seeding to keep the strongest apart. Each later round:
//
//  1. PairSwissRound proposes the pairing from the standings after the
//     rounds released so far (movement.SwissPairing: top meets top, no
//     rematch unless unavoidable, a bye to the lowest team without one),
//     and keeps it with the section as a draft the tables do not see. The
//     previous round's results must be complete (every board at both
//     tables of every match), unless the director forces it.
//  2. SwapSwissTeams (or SetSwissDraft, a whole pairing) changes the draft
//     by hand. A change is refused when it would make a rematch a pairing
//     without one avoids, give a team a second bye while another team has
//     had none, or put a team in two matches; a rematch that cannot be
//     avoided is kept and noted.
//  3. ReleaseSwissRound makes the draft the movement's next round: its
//     tables, the boards of that round; the section's entry version counts
//     the change, as any movement change does.
//
// A team with a bye scores Spec.ByeVPs for each round released.
//
// A Swiss pairs section is the same kind with pairs in place of teams
// (MovementSpec.SwissPairs, swiss_pairs.go): the same pairing, drafts,
// checks and release, each match a pair against a pair at one table.

// VPScales are the VP scales a teams section (or a Swiss pairs) may be
// scored on: IMPs to VPs, or "percent-table", a matchpointed Swiss pairs'
// percentages to VPs (scoring.PercentVPScale).
var VPScales = []string{"wbf", "acbl-20", "acbl-30", "table", "percent-table"}

// SwissDraft is the pairing proposed for a Swiss section's next round, as
// the director sees it before releasing it to the tables.
type SwissDraft struct {
	SectionID int64
	Round     int              // the round it pairs: the movement's rounds + 1
	Version   int              // 1 when first paired, one more with every change by hand and every pairing again
	Paired    bool             // PutSwissDraft: a new pairing, replacing any draft (else a change by hand of version Version−1)
	Matches   []movement.Match // in table order (match k at tables 2k−1 and 2k); a bye, Match{Home: t}, last
	Forced    bool             // paired before the previous round's results were complete
	Notes     []string         // what the director should know: an unavoidable rematch (filled in when read)
	CreatedAt time.Time
	UpdatedAt time.Time
}

// SwissStore keeps a Swiss section's draft pairing.
type SwissStore interface {
	// SwissDraft returns a section's draft; ErrNotFound when it has none.
	SwissDraft(ctx context.Context, sectionID int64) (SwissDraft, error)
	// PutSwissDraft stores d as its section's draft and writes the change
	// c, in one transaction: a new pairing (d.Paired) replaces any draft;
	// a change by hand replaces only the draft of version d.Version−1 for
	// the same round, ErrStale otherwise.
	PutSwissDraft(ctx context.Context, d *SwissDraft, c *Change) error
	// ReleaseSwissRound stores sec's movement (grown by the draft's round)
	// as ChangeMovement does, counting its entry version up, deletes the
	// draft d and writes c, in one transaction; ErrStale when the stored
	// draft is not d's round and version.
	ReleaseSwissRound(ctx context.Context, sec *Section, d *SwissDraft, c *Change) error
}

// swissFirstRound makes a Swiss section's movement: round 1, paired as
// SwissPairing pairs teams (or pairs) on equal scores.
func (s MovementSpec) swissFirstRound() (movement.Movement, error) {
	if s.Pairs != 0 && s.Teams != 0 {
		return movement.Movement{}, Invalidf("movement.pairs", strconv.Itoa(s.Pairs)+" pairs and "+strconv.Itoa(s.Teams)+
			" teams: a Swiss is of teams (give teams) or of pairs (give pairs), not both")
	}
	// A Swiss of teams, or of pairs (swiss_pairs.go): 1 v 2, 3 v 4, … and
	// with an odd number the bye to the highest number.
	entrants, field, tooFew := s.Teams, "movement.teams", ""
	switch {
	case s.Pairs != 0:
		entrants, field = s.Pairs, "movement.pairs"
		if s.Pairs < 4 {
			tooFew = ": a Swiss pairs needs at least 4 pairs (3 or fewer play a Howell)"
		}
	case s.Teams < 3:
		tooFew = ": a Swiss needs at least 3 teams (2 play a match: use kind \"teams\")"
	}
	if tooFew != "" {
		return movement.Movement{}, Invalidf(field, strconv.Itoa(entrants)+tooFew)
	}
	if s.Rounds < 1 {
		return movement.Movement{}, Invalidf("movement.rounds", strconv.Itoa(s.Rounds)+": a Swiss says how many rounds it will have, 1 or more")
	}
	if s.BoardsPerRound < 1 {
		return movement.Movement{}, Invalidf("movement.boards_per_round", strconv.Itoa(s.BoardsPerRound)+": a round has at least 1 board")
	}
	if s.Rounds*s.BoardsPerRound > MaxBoards {
		return movement.Movement{}, tooMany("movement.rounds", s.Rounds*s.BoardsPerRound, MaxBoards, "boards in a section (rounds × boards_per_round)")
	}
	first, err := movement.SwissPairing(make([]float64, entrants), nil)
	if err != nil {
		return movement.Movement{}, err
	}
	m, err := s.swissMovement([][]movement.Match{first})
	m.Name = swissName(s, 1)
	return m, err
}

// swissMovement builds a Swiss section's movement from the schedule of
// its rounds so far: TeamsMovement, or SwissPairsMovement for pairs.
func (s MovementSpec) swissMovement(schedule [][]movement.Match) (movement.Movement, error) {
	if s.SwissPairs() {
		return movement.SwissPairsMovement(movement.SwissPairsOptions{Pairs: s.Pairs, BoardsPerRound: s.BoardsPerRound}, schedule)
	}
	return movement.TeamsMovement(movement.TeamsOptions{Teams: s.Teams, BoardsPerRound: s.BoardsPerRound}, schedule)
}

// swissName names a Swiss section's movement with released rounds of it.
// The name changes with every round released: a cache keeps a section's
// rounds while its movement's name and header stay (cachedStore's
// sectionAfterChange), so a new round must change one of them.
func swissName(s MovementSpec, released int) string {
	out := "Swiss teams, " + strconv.Itoa(s.Teams) + " teams, "
	if s.SwissPairs() {
		out = "Swiss pairs, " + strconv.Itoa(s.Pairs) + " pairs, "
	}
	out += strconv.Itoa(s.BoardsPerRound) + " boards a round: " + strconv.Itoa(released) + " of " + strconv.Itoa(s.Rounds) + " rounds paired"
	if len(s.Withdrawn) > 0 {
		out += "; withdrawn " + intsWord(s.withdrawnNumbers())
	}
	return out
}

// checkVP checks the spec's VP options: a known scale, a table only with
// the scale "table" (or "percent-table"), and the bye's VPs within the
// scale, only for teams or a Swiss pairs (whose event's method decides
// which scales it may have: checkSwissPairsMethod).
func (s MovementSpec) checkVP(m *movement.Movement) error {
	if m.Kind != movement.KindTeams && !s.SwissPairs() {
		if s.VPScale != "" || s.VPTable != nil || s.ByeVPs != nil {
			return Invalidf("movement.vp_scale", "only a teams section is scored in VPs; this is a "+m.Kind.String()+" movement")
		}
		return nil
	}
	scale, err := s.vpScale()
	if err != nil {
		return err
	}
	if s.ByeVPs != nil {
		if s.Kind != "swiss" {
			return Invalidf("movement.bye_vps", "only a Swiss section gives byes VPs (kind \"swiss\")")
		}
		if v := *s.ByeVPs; math.IsNaN(v) || v < 0 || v > scale.Max() {
			return Invalidf("movement.bye_vps", strconv.FormatFloat(v, 'f', -1, 64)+": the VPs of a bye are 0 to the scale's maximum, "+
				strconv.FormatFloat(scale.Max(), 'f', -1, 64))
		}
	}
	return nil
}

// vpScale returns the scale the spec names.
func (s MovementSpec) vpScale() (scoring.VPScale, error) {
	if s.VPTable != nil && s.VPScale != "table" && s.VPScale != "percent-table" {
		return nil, Invalidf("movement.vp_table", "a table of steps goes with vp_scale \"table\" (or \"percent-table\"); vp_scale is "+strconv.Quote(s.VPScale))
	}
	switch s.VPScale {
	case "", "wbf":
		return scoring.WBFContinuous{}, nil
	case "acbl-20":
		return scoring.ACBL20VP, nil
	case "acbl-30":
		return scoring.ACBL30VP, nil
	case "table":
		t, err := scoring.TableVPScale("vp_table", s.VPTable)
		if err != nil {
			return nil, fromScoring(err, "movement.")
		}
		return t, nil
	case "percent-table":
		if !s.SwissPairs() {
			return nil, Invalidf("movement.vp_scale", "\"percent-table\" converts a matchpointed Swiss pairs' percentages to VPs; a teams section converts IMPs",
				"wbf", "acbl-20", "acbl-30", "table")
		}
		t, err := scoring.PercentVPScale("vp_table", s.VPTable)
		if err != nil {
			return nil, fromScoring(err, "movement.")
		}
		return t, nil
	}
	return nil, Invalidf("movement.vp_scale", strconv.Quote(s.VPScale)+": not a VP scale", VPScales...)
}

// teamScoring is how a teams section's matches become VPs.
type teamScoring struct {
	method Method // a teams method (TeamMethods); "" is IMP_TEAMS
	scale  scoring.VPScale
	bye    float64 // IMP_TEAMS: the VPs of a bye, each round a team sits out (other methods: byePoints)
	byes   bool    // a team sitting out has a bye (a Swiss)
	spec   *MovementSpec
	// session is law option average_session_imps (Law 12C2 at IMPs:
	// team_artificial.go); penalties the section's, those in IMPs taken
	// off their match's margin before it is converted to VPs.
	session   bool
	penalties []Penalty
}

// bye reports whether team (pair) n sitting out round r has a bye: in a
// Swiss, unless it has withdrawn by then.
func (ts teamScoring) hasBye(n, r int) bool { return ts.byes && !ts.spec.gone(n, r) }

// teamScoringOf returns the section's method, VP scale and byes (a stored
// spec was checked when it was stored: a scale that does not read is the
// WBF's).
func teamScoringOf(method Method, spec *MovementSpec) teamScoring {
	scale, err := spec.vpScale()
	if err != nil {
		scale = scoring.WBFContinuous{}
	}
	ts := teamScoring{method: method, scale: scale, byes: spec.Kind == "swiss", bye: scoring.Round2(0.6 * scale.Max()), spec: spec}
	if spec.ByeVPs != nil {
		ts.bye = *spec.ByeVPs
	}
	return ts
}

// swissSection reads a section for a Swiss change, refusing one that is
// not a Swiss.
func (s *Service) swissSection(ctx context.Context, st Store, a Actor, id int64, what string) (Section, Event, error) {
	if err := directorOnly(a, what); err != nil {
		return Section{}, Event{}, err
	}
	sec, err := st.Section(ctx, id)
	if err != nil {
		return Section{}, Event{}, err
	}
	if sec.Spec.Kind != "swiss" {
		return Section{}, Event{}, &Error{Kind: ErrConflict, Field: "section", Message: "section " + sec.Name + " is not a Swiss (" + sec.Movement.Name +
			"): only a section made with movement kind \"swiss\" (teams or pairs) is paired round by round"}
	}
	e, err := st.Event(ctx, sec.EventID)
	return sec, e, err
}

// swissNoChange refuses a movement change of a Swiss section, or to one:
// a Swiss grows by its released rounds.
func swissNoChange(sec *Section) error {
	return &Error{Kind: ErrConflict, Field: "movement.kind", Message: "section " + sec.Name + " (" + sec.Movement.Name +
		"): a Swiss section's rounds are paired and released one by one (POST /v1/sections/{id}/swiss/pair, then release); it does not change to or from another movement"}
}

// keepVP gives a changed movement spec the VP scale of the one it replaces
// when it names none: a change of tables or rounds keeps the section's
// conditions of contest; a knockout match stays where it is in its
// bracket (From, which no request gives).
func keepVP(next, old *MovementSpec) {
	if next.VPScale == "" && next.VPTable == nil {
		next.VPScale, next.VPTable = old.VPScale, old.VPTable
	}
	if next.Kind == "knockout" && old.Kind == "knockout" && next.From == nil {
		next.From = old.From
	}
}

// swissPlayed returns the matches and byes of a Swiss section's rounds so
// far, round by round, as SwissPairing and TeamsMovement take them.
func swissPlayed(m *movement.Movement) [][]movement.Match {
	out := make([][]movement.Match, len(m.Rounds))
	for r := range out {
		out[r] = m.Matches(r + 1)
	}
	return out
}

// PairSwissRound proposes the pairing of a Swiss section's next round
// from its standings (directors only) and keeps it as the section's draft,
// replacing any draft there (with the changes made by hand to it) at the
// next version, so that the draft seen before is stale. The previous
// round's results must be complete unless force.
func (s *Service) PairSwissRound(ctx context.Context, a Actor, id int64, force bool) (SwissDraft, error) {
	sec, e, err := s.swissSection(ctx, s.store, a, id, "pair a Swiss round")
	if err != nil {
		return SwissDraft{}, err
	}
	m := &sec.Movement
	next := len(m.Rounds) + 1
	if next > sec.Spec.Rounds {
		return SwissDraft{}, &Error{Kind: ErrConflict, Field: "round", Message: "section " + sec.Name + " has released all its " +
			strconv.Itoa(sec.Spec.Rounds) + " rounds: there is no round " + strconv.Itoa(next) + " to pair"}
	}
	results, err := s.store.Results(ctx, ResultFilter{SectionID: sec.ID})
	if err != nil {
		return SwissDraft{}, err
	}
	missing := missingInRound(m, next-1, results)
	if missing != "" && !force {
		return SwissDraft{}, &Error{Kind: ErrConflict, Field: "force", Message: "round " + strconv.Itoa(next-1) + " is not complete: " + missing +
			"; enter its results first, or pair with force to pair from the standings as they are"}
	}
	st, _, err := s.standingsFrom(ctx, s.store, &sec, &e, true, false)
	if err != nil {
		return SwissDraft{}, err
	}
	scores := make([]float64, swissEntrants(m))
	for _, p := range st.Pairs {
		if n, err := strconv.Atoi(p.Number); err == nil && n >= 1 && n <= len(scores) {
			scores[n-1] = p.Total
		}
	}
	matches, err := swissPair(scores, slices.Concat(swissPlayed(m)...), sec.Spec.withdrawnNumbers())
	if err != nil {
		return SwissDraft{}, fromScoring(err, "")
	}
	d := SwissDraft{SectionID: sec.ID, Round: next, Version: 1, Matches: matches, Forced: missing != "", Paired: true}
	if was, err := s.store.SwissDraft(ctx, sec.ID); err == nil && was.Round == next {
		d.Version = was.Version + 1 // a release of the draft seen before is then stale
	} else if err != nil && !errors.Is(err, ErrNotFound) {
		return SwissDraft{}, err
	}
	c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: a.Name,
		After: map[string]any{"swiss_paired": next, "matches": matchWords(matches), "forced": d.Forced}}
	if err := s.store.PutSwissDraft(ctx, &d, &c); err != nil {
		return SwissDraft{}, err
	}
	d.Notes = swissNotes(m, d.Matches)
	return d, nil
}

// missingInRound says what round r of m lacks ("" when every board of
// every match has a result at both tables, or r is 0).
func missingInRound(m *movement.Movement, r int, results []Result) string {
	rd, ok := m.Round(r)
	if !ok {
		return ""
	}
	have := map[[2]int]bool{}
	for _, res := range results {
		if res.Round == r {
			have[[2]int{res.Table, res.Board}] = true
		}
	}
	var gaps []string
	n := 0
	for _, t := range rd.Tables {
		for _, b := range t.Boards {
			if !have[[2]int{t.Table, b}] {
				n++
				if len(gaps) < 3 {
					gaps = append(gaps, "board "+strconv.Itoa(b)+" at table "+strconv.Itoa(t.Table))
				}
			}
		}
	}
	if n == 0 {
		return ""
	}
	more := ""
	if n > len(gaps) {
		more = " and " + strconv.Itoa(n-len(gaps)) + " more"
	}
	return strconv.Itoa(n) + " results missing (" + strings.Join(gaps, ", ") + more + ")"
}

// SwissDraftOf returns a Swiss section's draft pairing (directors only);
// ErrNotFound when none is proposed.
func (s *Service) SwissDraftOf(ctx context.Context, a Actor, id int64) (SwissDraft, error) {
	sec, _, err := s.swissSection(ctx, s.store, a, id, "see a Swiss round's draft")
	if err != nil {
		return SwissDraft{}, err
	}
	d, err := s.store.SwissDraft(ctx, sec.ID)
	if err != nil {
		return SwissDraft{}, noDraft(&sec, err)
	}
	d.Notes = swissNotes(&sec.Movement, d.Matches)
	return d, nil
}

// noDraft phrases a missing draft.
func noDraft(sec *Section, err error) error {
	if errors.Is(err, ErrNotFound) {
		return &Error{Kind: ErrNotFound, Field: "draft", Message: "section " + sec.Name + " has no draft pairing: pair round " +
			strconv.Itoa(len(sec.Movement.Rounds)+1) + " first"}
	}
	return err
}

// SwapSwissTeams swaps teams x and y in a Swiss section's draft (directors
// only): each takes the other's place, its opponent, table and side, or its
// bye. version is the draft's version the director saw. See SetSwissDraft
// for what is refused.
func (s *Service) SwapSwissTeams(ctx context.Context, a Actor, id int64, version, x, y int) (SwissDraft, error) {
	sec, _, err := s.swissSection(ctx, s.store, a, id, "change a Swiss round's draft")
	if err != nil {
		return SwissDraft{}, err
	}
	d, err := s.store.SwissDraft(ctx, sec.ID)
	if err != nil {
		return SwissDraft{}, noDraft(&sec, err)
	}
	n, who := swissEntrants(&sec.Movement), entrantWord(&sec.Movement)
	for _, t := range []int{x, y} {
		if t < 1 || t > n {
			return SwissDraft{}, Invalidf("teams", strconv.Itoa(t)+": no such "+who+" in section "+sec.Name+": 1 to "+strconv.Itoa(n))
		}
	}
	if x == y {
		return SwissDraft{}, Invalidf("teams", strconv.Itoa(x)+" twice: a swap names two different "+who+"s")
	}
	matches := slices.Clone(d.Matches)
	for i, mt := range matches {
		matches[i] = movement.Match{Home: swapped(mt.Home, x, y), Away: swapped(mt.Away, x, y)}
	}
	return s.setDraft(ctx, a, &sec, d, version, matches, "swapped", []int{x, y})
}

// swapped is t with x and y exchanged.
func swapped(t, x, y int) int {
	switch t {
	case x:
		return y
	case y:
		return x
	}
	return t
}

// SetSwissDraft replaces the matches of a Swiss section's draft with a
// pairing made by hand (directors only). version is the draft's version
// the director saw. Refused, naming the match and why: a team not in
// exactly one match or bye, a match repeated from an earlier round when
// a pairing without a rematch exists, a second bye to a team while another
// has had none, more than one bye or a bye with an even number of teams.
func (s *Service) SetSwissDraft(ctx context.Context, a Actor, id int64, version int, matches []movement.Match) (SwissDraft, error) {
	sec, _, err := s.swissSection(ctx, s.store, a, id, "change a Swiss round's draft")
	if err != nil {
		return SwissDraft{}, err
	}
	d, err := s.store.SwissDraft(ctx, sec.ID)
	if err != nil {
		return SwissDraft{}, noDraft(&sec, err)
	}
	return s.setDraft(ctx, a, &sec, d, version, matches, "set", nil)
}

// setDraft checks and stores the draft d with matches in place of its own.
func (s *Service) setDraft(ctx context.Context, a Actor, sec *Section, d SwissDraft, version int, matches []movement.Match, how string, teams []int) (SwissDraft, error) {
	if version != d.Version {
		return SwissDraft{}, &Error{Kind: ErrStale, Field: "version", Message: strconv.Itoa(version) + ": the draft of round " + strconv.Itoa(d.Round) +
			" is at version " + strconv.Itoa(d.Version) + " (changed since it was read); read it again"}
	}
	if err := checkSwissRound(&sec.Movement, sec.Spec.withdrawnNumbers(), matches); err != nil {
		return SwissDraft{}, err
	}
	before := matchWords(d.Matches)
	d.Matches, d.Version = matches, d.Version+1
	c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: a.Name,
		Before: map[string]any{"swiss_draft": d.Round, "matches": before}, After: map[string]any{"swiss_draft": d.Round, "matches": matchWords(matches), how: teams}}
	if err := s.store.PutSwissDraft(ctx, &d, &c); err != nil {
		return SwissDraft{}, err
	}
	d.Notes = swissNotes(&sec.Movement, d.Matches)
	return d, nil
}

// checkSwissRound refuses a pairing of the next round of m that puts a
// team in no match or two, pairs a withdrawn one, gives a bye twice while
// avoidable, or repeats a match while avoidable.
func checkSwissRound(m *movement.Movement, withdrawn []int, matches []movement.Match) error {
	n, who := swissEntrants(m), entrantWord(m)
	left := n - len(withdrawn)
	played := slices.Concat(swissPlayed(m)...)
	met, byes, err := movement.SwissHistory(n, played)
	if err != nil {
		return err
	}
	where := make([]int, n+1) // where[t]: 1 + the index of t's match; 0: none yet
	var bye []int
	for i, mt := range matches {
		f := "matches[" + strconv.Itoa(i) + "]"
		for _, side := range []struct {
			name string
			t    int
		}{{"home", mt.Home}, {"away", mt.Away}} {
			if side.t == 0 && side.name == "away" {
				continue
			}
			if side.t < 1 || side.t > n {
				return Invalidf(f+"."+side.name, strconv.Itoa(side.t)+": no such "+who+": 1 to "+strconv.Itoa(n))
			}
			if slices.Contains(withdrawn, side.t) {
				return Invalidf(f+"."+side.name, who+" "+strconv.Itoa(side.t)+" has withdrawn (withdrawn: "+intsWord(withdrawn)+"): it is not paired again")
			}
			if j := where[side.t]; j != 0 {
				return Invalidf(f+"."+side.name, who+" "+strconv.Itoa(side.t)+" is in two matches of the round: "+
					matchWord(matches[j-1])+" and "+matchWord(mt))
			}
			where[side.t] = i + 1
		}
		if mt.Away == mt.Home {
			return Invalidf(f+".away", who+" "+strconv.Itoa(mt.Home)+" cannot play itself")
		}
		if mt.Away == 0 {
			bye = append(bye, mt.Home)
		}
	}
	for t := 1; t <= n; t++ {
		if where[t] == 0 && !slices.Contains(withdrawn, t) {
			return Invalidf("matches", who+" "+strconv.Itoa(t)+" is in no match and has no bye: every "+who+" plays once a round")
		}
	}
	if len(bye) != left%2 {
		still := ""
		if len(withdrawn) > 0 {
			still = " still in (" + intsWord(withdrawn) + " withdrawn)"
		}
		return Invalidf("matches", strconv.Itoa(len(bye))+" byes: with "+strconv.Itoa(left)+" "+who+"s"+still+" a round has "+strconv.Itoa(left%2)+
			" ("+who+"s "+intsWord(bye)+" would sit out)")
	}
	if len(bye) == 1 {
		fewest := n // the fewest byes a team still paired has had
		for u := 1; u <= n; u++ {
			if !slices.Contains(withdrawn, u) {
				fewest = min(fewest, byes[u])
			}
		}
		if t := bye[0]; byes[t] > fewest {
			var none []int
			for u := 1; u <= n; u++ {
				if byes[u] == fewest && !slices.Contains(withdrawn, u) {
					none = append(none, u)
				}
			}
			return Invalidf("matches", "a second bye to "+who+" "+strconv.Itoa(t)+" (it had one in round "+strconv.Itoa(byeRound(swissPlayed(m), t))+
				"), while "+who+"s "+intsWord(none)+" have had fewer: the bye goes to one of them")
		}
	}
	// A rematch is refused if a pairing without one exists (SwissPairing
	// finds one whenever one exists; scores do not change that).
	best, err := swissPair(make([]float64, n), played, withdrawn)
	if err != nil {
		return err
	}
	avoidable := rematches(met, best) == 0
	for i, mt := range matches {
		if mt.Away != 0 && met[mt.Home][mt.Away] > 0 && avoidable {
			return Invalidf("matches["+strconv.Itoa(i)+"]", matchWord(mt)+" is a rematch (they met in round "+strconv.Itoa(metRound(m, mt))+
				") and a pairing without one exists: the Swiss has no rematch unless it is unavoidable")
		}
	}
	return nil
}

// rematches counts the matches of a pairing that were played before.
func rematches(met [][]int, matches []movement.Match) int {
	n := 0
	for _, mt := range matches {
		if mt.Away != 0 && met[mt.Home][mt.Away] > 0 {
			n++
		}
	}
	return n
}

// swissNotes says what the director should know of a draft: each rematch
// (kept because unavoidable).
func swissNotes(m *movement.Movement, matches []movement.Match) []string {
	met, _, err := movement.SwissHistory(swissEntrants(m), slices.Concat(swissPlayed(m)...))
	if err != nil {
		return nil
	}
	var out []string
	for _, mt := range matches {
		if mt.Away != 0 && met[mt.Home][mt.Away] > 0 {
			out = append(out, matchWord(mt)+" is a rematch (round "+strconv.Itoa(metRound(m, mt))+"): no pairing of this round avoids every rematch")
		}
	}
	return out
}

// metRound returns the first round in which mt's teams met.
func metRound(m *movement.Movement, mt movement.Match) int {
	for r, round := range swissPlayed(m) {
		for _, p := range round {
			if (p.Home == mt.Home && p.Away == mt.Away) || (p.Home == mt.Away && p.Away == mt.Home) {
				return r + 1
			}
		}
	}
	return 0
}

// byeRound returns the round of team t's first bye (rounds as swissPlayed
// gives them).
func byeRound(rounds [][]movement.Match, t int) int {
	for r, round := range rounds {
		if slices.Contains(round, movement.Match{Home: t}) {
			return r + 1
		}
	}
	return 0
}

// matchWord writes a match as a director reads it: "3 v 5", "7 bye".
func matchWord(mt movement.Match) string {
	if mt.Away == 0 {
		return strconv.Itoa(mt.Home) + " bye"
	}
	return strconv.Itoa(mt.Home) + " v " + strconv.Itoa(mt.Away)
}

// matchWords writes a pairing for a change's record.
func matchWords(matches []movement.Match) []string {
	out := make([]string, len(matches))
	for i, mt := range matches {
		out[i] = matchWord(mt)
	}
	return out
}

// ints writes numbers as "3, 5".
func intsWord(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// ReleaseSwissRound makes a Swiss section's draft its next round
// (directors only): the round's matches become the movement's tables,
// which the tables then see, and the section moves to that round unless
// the draft was forced (the previous round still being played). version
// is the draft's version the director saw. The section's entry version
// counts the change.
func (s *Service) ReleaseSwissRound(ctx context.Context, a Actor, id int64, version int) (Section, error) {
	// The section and its draft are read and the round stored in one
	// transaction holding the section (held), as a movement change is: a
	// round move or another change made meanwhile is not written over.
	var next Section
	err := s.held(ctx, id, func(st Store) error {
		var err error
		next, err = s.releaseSwissRound(ctx, st, a, id, version)
		return err
	})
	s.cache.sections.Delete(id)
	s.cache.boards.Delete(id)
	if err != nil {
		return Section{}, err
	}
	return next, nil
}

// releaseSwissRound is ReleaseSwissRound in the change's transaction, st.
func (s *Service) releaseSwissRound(ctx context.Context, st Store, a Actor, id int64, version int) (Section, error) {
	sec, _, err := s.swissSection(ctx, st, a, id, "release a Swiss round")
	if err != nil {
		return Section{}, err
	}
	d, err := st.SwissDraft(ctx, sec.ID)
	if err != nil {
		return Section{}, noDraft(&sec, err)
	}
	if version != d.Version {
		return Section{}, &Error{Kind: ErrStale, Field: "version", Message: strconv.Itoa(version) + ": the draft of round " + strconv.Itoa(d.Round) +
			" is at version " + strconv.Itoa(d.Version) + " (changed since it was read); read it again before releasing it"}
	}
	old := &sec.Movement
	if d.Round != len(old.Rounds)+1 {
		return Section{}, &Error{Kind: ErrConflict, Field: "draft", Message: "the draft pairs round " + strconv.Itoa(d.Round) + " but section " +
			sec.Name + " has released " + strconv.Itoa(len(old.Rounds)) + " rounds: pair the next round again"}
	}
	if err := checkSwissRound(old, sec.Spec.withdrawnNumbers(), d.Matches); err != nil {
		return Section{}, err
	}
	schedule := append(swissPlayed(old), d.Matches)
	built, err := sec.Spec.swissMovement(schedule)
	if err != nil {
		return Section{}, fromScoring(err, "draft.")
	}
	next := sec
	m := *old
	m.Rounds = append(slices.Clone(old.Rounds), built.Rounds[len(built.Rounds)-1])
	m.Tables = max(old.Tables, built.Tables)
	m.Name = swissName(sec.Spec, len(m.Rounds))
	next.Movement = m
	if err := m.CheckRounds(); err != nil {
		return Section{}, fromScoring(err, "draft.")
	}
	if !d.Forced {
		next.CurrentRound = d.Round
	}
	c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: a.Name,
		Before: movementFields(sec, 0), After: movementFields(next, d.Round)}
	c.After["swiss_released"], c.After["matches"] = d.Round, matchWords(d.Matches)
	if err := st.ReleaseSwissRound(ctx, &next, &d, &c); err != nil {
		return Section{}, err
	}
	return next, nil
}

// swissPair is SwissPairing over the entrants of a Swiss not withdrawn:
// they alone are ranked by their scores and paired, numbered 1 to k in
// order for SwissPairing, with their matches and byes among themselves as
// the history (a match against a withdrawn one no longer bars a pairing),
// and the matches numbered back. With an odd number left the bye goes as
// SwissPairing gives it among them (the fewest byes, then the lowest
// ranked).
func swissPair(scores []float64, played []movement.Match, withdrawn []int) ([]movement.Match, error) {
	if len(withdrawn) == 0 {
		return movement.SwissPairing(scores, played)
	}
	n := len(scores)
	renum := make([]int, n+1) // renum[t]: t's number among those left; 0: withdrawn (and renum[0], a bye, stays 0)
	var left []int
	var sc []float64
	for t := 1; t <= n; t++ {
		if !slices.Contains(withdrawn, t) {
			left = append(left, t)
			sc = append(sc, scores[t-1])
			renum[t] = len(left)
		}
	}
	var hist []movement.Match
	for _, mt := range played {
		if mt.Home < 1 || mt.Home > n || mt.Away < 0 || mt.Away > n || renum[mt.Home] == 0 || (mt.Away != 0 && renum[mt.Away] == 0) {
			continue
		}
		hist = append(hist, movement.Match{Home: renum[mt.Home], Away: renum[mt.Away]})
	}
	ms, err := movement.SwissPairing(sc, hist)
	if err != nil {
		return nil, err
	}
	for i := range ms {
		ms[i].Home = left[ms[i].Home-1]
		if ms[i].Away != 0 {
			ms[i].Away = left[ms[i].Away-1]
		}
	}
	return ms, nil
}

// WithdrawSwiss withdraws a team (in a Swiss pairs, a pair) from a Swiss
// section's rounds not yet released (directors only): it is never paired
// again, and with the number left odd the bye goes round those left as
// SwissPairing gives it. Its rounds so far stay in the standings. A draft
// that pairs it is refused on release (pair the round again). Refused, and
// nothing stored: a number not of the Swiss, one withdrawn already, one
// that would leave fewer than 2 to pair, or a Swiss whose rounds are all
// released.
func (s *Service) WithdrawSwiss(ctx context.Context, a Actor, id int64, number int) (Section, error) {
	var next Section
	err := s.held(ctx, id, func(st Store) error {
		sec, _, err := s.swissSection(ctx, st, a, id, "withdraw from a Swiss")
		if err != nil {
			return err
		}
		m := &sec.Movement
		n, who := swissEntrants(m), entrantWord(m)
		released := len(m.Rounds)
		switch {
		case number < 1 || number > n:
			return Invalidf("number", strconv.Itoa(number)+": no such "+who+" in section "+sec.Name+": 1 to "+strconv.Itoa(n))
		case slices.Contains(sec.Spec.withdrawnNumbers(), number):
			return &Error{Kind: ErrConflict, Field: "number", Message: who + " " + strconv.Itoa(number) + " has withdrawn already (withdrawn: " + intsWord(sec.Spec.withdrawnNumbers()) + ")"}
		case released >= sec.Spec.Rounds:
			return &Error{Kind: ErrConflict, Field: "number", Message: "section " + sec.Name + " has released all its " + strconv.Itoa(sec.Spec.Rounds) +
				" rounds: there is no round left to withdraw " + who + " " + strconv.Itoa(number) + " from"}
		case n-len(sec.Spec.Withdrawn)-1 < 2:
			return Invalidf("number", "withdrawing "+who+" "+strconv.Itoa(number)+" would leave "+strconv.Itoa(n-len(sec.Spec.Withdrawn)-1)+
				" "+who+" to pair: a Swiss round needs at least 2")
		}
		next = sec
		next.Spec.Withdrawn = append(slices.Clone(sec.Spec.Withdrawn), SwissWithdrawal{Number: number, FromRound: released + 1})
		slices.SortFunc(next.Spec.Withdrawn, func(x, y SwissWithdrawal) int { return x.Number - y.Number })
		next.Movement.Name = swissName(next.Spec, released)
		c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: a.Name,
			Before: map[string]any{"swiss_withdrawn": intsWord(sec.Spec.withdrawnNumbers())},
			After:  map[string]any{"swiss_withdrawn": intsWord(next.Spec.withdrawnNumbers()), "from_round": released + 1}}
		return st.ChangeMovement(ctx, &next, nil, &c)
	})
	s.cache.sections.Delete(id)
	s.cache.boards.Delete(id)
	if err != nil {
		return Section{}, err
	}
	return next, nil
}
