package tournament

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// MovementChange is a change of a section's movement for the rounds not yet
// played: the rounds before FromRound stay as they were played, the rounds
// from FromRound on are the new movement's.
type MovementChange struct {
	Movement  MovementSpec // the movement the section plays from FromRound on
	FromRound int          // the first round played to the new movement; 0: the section's current round
	Add       []Pair       // pairs to add with the change (a late pair), checked as AddPairs checks them
}

// MovementChangeStore is what the Store keeps of a changed movement.
type MovementChangeStore interface {
	// ChangeMovement stores sec's spec and movement (its rounds, tables and
	// teams replaced), adds the pairs add, and writes the change, all in one
	// transaction; the section's results are not touched.
	ChangeMovement(ctx context.Context, sec *Section, add []Pair, c *Change) error
}

// ChangeMovement changes a section's movement for the rounds not yet played
// (directors only): one more table joins, the half table is filled, a late
// pair takes the missing pair's place. The rounds before ch.FromRound stay
// as they were played (its pairs found in the new movement by their
// numbers and directions); the new movement's rounds follow. Every stored
// result must fit the movement so made — its round, table, board and pairs
// — and no pair may play a board twice; otherwise the change is refused,
// naming the result or the pair and board. The change is audited.
func (s *Service) ChangeMovement(ctx context.Context, a Actor, id int64, ch MovementChange) (Section, error) {
	if err := directorOnly(a, "change movements"); err != nil {
		return Section{}, err
	}
	// The section, its results and the new movement are read and checked
	// in the change's transaction, holding the section (held): a result
	// entered meanwhile is either read here or checked after, against the
	// new movement.
	var next Section
	err := s.held(ctx, id, func(st Store) error {
		var err error
		next, err = s.changeMovement(ctx, st, a, id, ch)
		return err
	})
	if err != nil {
		return Section{}, err
	}
	return next, nil
}

// changeMovement is ChangeMovement in the change's transaction, st.
func (s *Service) changeMovement(ctx context.Context, st Store, a Actor, id int64, ch MovementChange) (Section, error) {
	sec, err := st.Section(ctx, id)
	if err != nil {
		return Section{}, err
	}
	if sec.Spec.Kind == "swiss" || ch.Movement.Kind == "swiss" {
		return Section{}, swissNoChange(&sec)
	}
	if (sec.Spec.Kind == "knockout") != (ch.Movement.Kind == "knockout") {
		return Section{}, &Error{Kind: ErrConflict, Field: "movement.kind", Message: "section " + sec.Name + " (" + sec.Movement.Name +
			"): a knockout match stays a knockout match (its place in the bracket rests on it) and another section does not become one; " +
			"change its segments with kind \"knockout\", or make a new section"}
	}
	if sec.Movement.Kind == movement.KindIndividual || ch.Movement.Kind == "individual" {
		return Section{}, &Error{Kind: ErrConflict, Field: "movement.kind", Message: "section " + sec.Name + " (" + sec.Movement.Name +
			"): an individual's movement is not changed during play, and a pairs section does not become an individual; make a new section"}
	}
	keepVP(&ch.Movement, &sec.Spec)
	if err := ch.Movement.ReadFile(); err != nil {
		return Section{}, err
	}
	e, err := st.Event(ctx, sec.EventID)
	if err != nil {
		return Section{}, err
	}
	from := ch.FromRound
	if from == 0 {
		from = max(sec.CurrentRound, 1)
	}
	if from < 1 || from > len(sec.Movement.Rounds)+1 {
		return Section{}, Invalidf("from_round", strconv.Itoa(from)+": section "+sec.Name+" has played rounds 1 to "+
			strconv.Itoa(len(sec.Movement.Rounds))+"; the new movement starts at one of them, or after the last")
	}
	var nm movement.Movement
	if fillsSitOut(&sec, &ch.Movement) {
		nm, err = s.filledHowell(ctx, st, &sec, from)
	} else {
		nm, err = ch.Movement.BuildContext(ctx)
	}
	if err != nil {
		return Section{}, err
	}
	if fit := methodFits(&e, &ch.Movement, nm.Kind); fit != nil {
		return Section{}, fit
	}
	results, err := st.Results(ctx, ResultFilter{SectionID: sec.ID})
	if err != nil {
		return Section{}, err
	}
	m, err := continueMovement(&sec.Movement, &nm, from, results)
	if err != nil {
		return Section{}, err
	}
	next := sec
	next.Spec, next.Movement = ch.Movement, m
	next.CurrentRound = min(max(sec.CurrentRound, 1), len(m.Rounds))
	if len(ch.Add) > 0 {
		if err := checkListSize("add", len(ch.Add), m.Pairs, "pairs", sec.Name); err != nil {
			return Section{}, err
		}
		if err := checkPairs(&next, ch.Add, "add."); err != nil {
			return Section{}, err
		}
		if err := s.checkNumbersFree(ctx, &sec, ch.Add, "add."); err != nil {
			return Section{}, err
		}
	}
	c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: a.Name,
		Before: movementFields(sec, 0), After: movementFields(next, from)}
	if len(ch.Add) > 0 {
		added := make([]map[string]any, len(ch.Add))
		for i, p := range ch.Add {
			added[i] = pairFields(p)
		}
		c.After["pairs_added"] = added
	}
	if err := st.ChangeMovement(ctx, &next, ch.Add, &c); err != nil {
		return Section{}, err
	}
	return next, nil
}

// movementFields is what a change keeps of a section's movement.
func movementFields(sec Section, from int) map[string]any {
	f := sectionFields(sec)
	f["pairs"], f["tables"], f["boards"], f["rounds"] = sec.Movement.Pairs, sec.Movement.Tables, sec.Movement.Boards, len(sec.Movement.Rounds)
	if from > 0 {
		f["from_round"] = from
	}
	return f
}

// FillHalfTable makes a section's missing pair a real one from round from
// on (0: the current round): late, it takes the place the phantom or the
// sit-out held, with its players — a half-table Mitchell's missing pair,
// or the pair an odd Howell leaves out (see fillHowell). The rounds before
// stay as played (the late pair sitting out); the results are kept. See
// ChangeMovement.
func (s *Service) FillHalfTable(ctx context.Context, a Actor, id int64, from int, players []Player) (Section, error) {
	if err := directorOnly(a, "change movements"); err != nil {
		return Section{}, err
	}
	sec, err := s.store.Section(ctx, id)
	if err != nil {
		return Section{}, err
	}
	m := &sec.Movement
	if sitOutPlace(&sec) {
		return s.fillHowell(ctx, a, &sec, from, players)
	}
	if !sec.HalfTable() {
		return Section{}, &Error{Kind: ErrConflict, Field: "pair", Message: "section " + sec.Name + " has no missing pair (" + m.Name +
			"): a late pair joins a half-table Mitchell or a Howell for an odd number of pairs; change the movement for one more table instead"}
	}
	number, direction := m.PairLabel(m.Phantom)
	spec := sec.Spec
	spec.Missing, spec.Phantom, spec.Rounds = 0, false, len(m.Rounds)
	return s.ChangeMovement(ctx, a, id, MovementChange{Movement: spec, FromRound: from,
		Add: []Pair{{Number: number, Direction: direction, Players: players}}})
}

// continueMovement makes the movement of a section changed at round from:
// old's rounds before from, its pairs renumbered as nm numbers them (by
// their numbers and directions), then nm's rounds from from on. A pair of
// nm not in an earlier round sits it out (a late pair, a table that joined);
// the old missing pair's tables, when it is a real pair now, become
// sit-outs unless a score was given there (ScorePhantom). results are the
// section's: each must fit the movement made.
func continueMovement(old, nm *movement.Movement, from int, results []Result) (movement.Movement, error) {
	switch {
	case old.Kind != nm.Kind && (old.NumberedApart() != nm.NumberedApart() || (old.Kind == movement.KindTeams) != (nm.Kind == movement.KindTeams)):
		return movement.Movement{}, Invalidf("movement.kind", nm.Kind.String()+": section plays a "+old.Kind.String()+
			" movement; its rounds already played stay, so the new one numbers its pairs the same way: a "+old.Kind.String()+
			" or a custom schedule that does", old.Kind.String(), "custom")
	case old.Winners != nm.Winners:
		return movement.Movement{}, Invalidf("movement.winners", strconv.Itoa(nm.Winners)+": the section ranks "+winnersWords(old.Winners)+
			"; the new movement would rank "+winnersWords(nm.Winners))
	case from > len(nm.Rounds)+1:
		return movement.Movement{}, Invalidf("from_round", strconv.Itoa(from)+": the new movement ("+nm.Name+") has rounds 1 to "+strconv.Itoa(len(nm.Rounds))+
			"; it starts at one of them, or after the last to end the section there")
	}
	to := make([]int, old.Pairs+1) // to[old pair] = its number in nm; 0: none
	for p := 1; p <= old.Pairs; p++ {
		n, d := old.PairLabel(p)
		if q, ok := nm.PairOf(n, d); ok {
			to[p] = q
		}
	}
	m := *nm
	// The new movement's boards, and any higher one a kept round plays or
	// a result holds: the old's boards past the new count that nobody
	// played go (a knockout cut from 3 segments to 2 kept its third's
	// boards, in no segment, and never finished).
	m.Boards = nm.Boards
	for _, rd := range old.Rounds[:from-1] {
		for _, t := range rd.Tables {
			for _, bd := range t.Boards {
				m.Boards = max(m.Boards, bd)
			}
		}
	}
	for _, r := range results {
		m.Boards = max(m.Boards, r.Board)
	}
	m.Name = nm.Name + " from round " + strconv.Itoa(from)
	m.Rounds = make([]movement.Round, 0, len(nm.Rounds))
	filled := old.Phantom != 0 && to[old.Phantom] != nm.Phantom // the missing pair came
	for _, rd := range old.Rounds[:from-1] {
		r := movement.Round{Number: rd.Number, ByeStand: slices.Clone(rd.ByeStand)}
		placed := map[int]bool{}
		for _, t := range rd.Tables {
			if filled && t.Opponent(old.Phantom) != 0 && firstAt(results, rd.Number, t.Table) == nil {
				// The phantom's table was played by nobody: its opponent sat
				// out. One scored stays, the late pair holding the phantom's
				// score (the side at fault, Law 12C).
				opp := to[t.Opponent(old.Phantom)]
				r.SitOut = append(r.SitOut, opp)
				placed[opp] = true
				continue
			}
			ns, ew := to[t.NS], to[t.EW]
			if ns == 0 || ew == 0 {
				return movement.Movement{}, Invalidf("movement", "round "+strconv.Itoa(rd.Number)+", table "+strconv.Itoa(t.Table)+": pair "+pairWords(old, t.NS)+" or "+
					pairWords(old, t.EW)+" played there and has no place in "+nm.Name+"; the pairs who have played stay in the movement")
			}
			nt := t
			nt.NS, nt.EW, nt.Boards = ns, ew, slices.Clone(t.Boards)
			r.Tables = append(r.Tables, nt)
			placed[ns], placed[ew] = true, true
		}
		for _, p := range rd.SitOut {
			if q := to[p]; q != 0 && !placed[q] {
				r.SitOut = append(r.SitOut, q)
				placed[q] = true
			}
		}
		for p := 1; p <= m.Pairs; p++ {
			if !placed[p] && p != m.Phantom {
				r.SitOut = append(r.SitOut, p) // not there yet
			}
		}
		slices.Sort(r.SitOut)
		m.Rounds = append(m.Rounds, r)
	}
	m.Rounds = append(m.Rounds, nm.Rounds[from-1:]...)
	if filled {
		for i := range results {
			r := &results[i]
			if r.Round < from {
				continue
			}
			if rd, ok := old.Round(r.Round); ok {
				if t, ok := rd.Table(r.Table); ok && t.Opponent(old.Phantom) != 0 {
					return movement.Movement{}, resultConflict(old, r, "it is a score against the missing pair, which plays that round now; delete it first (the traveler page)")
				}
			}
		}
	}
	for i := range results {
		if why := fits(&m, &results[i]); why != "" {
			return movement.Movement{}, resultConflict(old, &results[i], why)
		}
	}
	if err := checkReplays(&m); err != nil {
		return movement.Movement{}, err
	}
	if err := m.CheckRounds(); err != nil {
		return movement.Movement{}, fromScoring(err, "movement.")
	}
	return m, nil
}

// winnersWords says how a movement ranks its pairs.
func winnersWords(w int) string {
	if w == 2 {
		return "NS and EW apart (two winners)"
	}
	return "every pair together (one winner)"
}

// pairWords names movement pair p as players call it: "3 NS", "5".
func pairWords(m *movement.Movement, p int) string {
	n, d := m.PairLabel(p)
	if d == "" {
		return n
	}
	return n + " " + d
}

// firstAt returns the first of results stored at table in round, or nil.
func firstAt(results []Result, round, table int) *Result {
	for i := range results {
		if results[i].Round == round && results[i].Table == table {
			return &results[i]
		}
	}
	return nil
}

// checkReplays refuses a movement in which a pair plays a board twice,
// naming the pair, the board and both rounds.
func checkReplays(m *movement.Movement) error {
	type seen struct{ round, table int }
	at := map[[2]int]seen{}
	for _, rd := range m.Rounds {
		for _, t := range rd.Tables {
			for _, p := range []int{t.NS, t.EW} {
				if p == m.Phantom {
					continue
				}
				for _, b := range t.Boards {
					if was, ok := at[[2]int{p, b}]; ok {
						return Invalidf("movement", "pair "+pairWords(m, p)+" would play board "+strconv.Itoa(b)+" twice: in round "+strconv.Itoa(was.round)+
							" at table "+strconv.Itoa(was.table)+" and in round "+strconv.Itoa(rd.Number)+" at table "+strconv.Itoa(t.Table)+
							"; choose another movement or start it at another round")
					}
					at[[2]int{p, b}] = seen{rd.Number, t.Table}
				}
			}
		}
	}
	return nil
}

// fits says why result r does not fit movement m ("" when it does): its
// round, table and board are played there, by the pairs it names.
func fits(m *movement.Movement, r *Result) string {
	rd, ok := m.Round(r.Round)
	if !ok {
		return "the new movement has rounds 1 to " + strconv.Itoa(len(m.Rounds))
	}
	t, ok := rd.Table(r.Table)
	if !ok {
		return "table " + strconv.Itoa(r.Table) + " is not in play in round " + strconv.Itoa(r.Round) + " of the new movement"
	}
	if !slices.Contains(t.Boards, r.Board) {
		bs := make([]string, len(t.Boards))
		for i, b := range t.Boards {
			bs[i] = strconv.Itoa(b)
		}
		return "table " + strconv.Itoa(r.Table) + " plays boards " + strings.Join(bs, ", ") + " in round " + strconv.Itoa(r.Round) + " of the new movement"
	}
	ns, _ := m.PairLabel(t.Cards(scoring.NS))
	ew, _ := m.PairLabel(t.Cards(scoring.EW))
	if ns != r.NS || ew != r.EW {
		return "the new movement seats " + ns + " NS and " + ew + " EW there"
	}
	return ""
}

// resultConflict is the refusal of a change a stored result does not fit,
// naming the result.
func resultConflict(m *movement.Movement, r *Result, why string) error {
	return &Error{Kind: ErrConflict, Field: "movement", Message: "the result of board " + strconv.Itoa(r.Board) + " at table " + strconv.Itoa(r.Table) +
		" in round " + strconv.Itoa(r.Round) + " (NS " + r.NS + " v EW " + r.EW + ", result " + strconv.FormatInt(r.ID, 10) + ") would not fit: " + why +
		"; the movement stays " + m.Name}
}

// ScorePhantom gives the phantom's opponents of a half-table Mitchell played
// with a phantom their artificial score (directors only): every board at a
// table of the missing pair that has no result yet gets percent of the top
// for the phantom's opponents, and the rest for the phantom (which is not
// ranked), in one transaction, audited. It returns the results stored.
func (s *Service) ScorePhantom(ctx context.Context, a Actor, id int64, percent int) ([]Result, error) {
	if err := directorOnly(a, "give adjusted scores"); err != nil {
		return nil, err
	}
	if percent < 0 || percent > 100 {
		return nil, Invalidf("percent", strconv.Itoa(percent)+": a percentage of the top, 0 to 100; 60 (average plus) is usual")
	}
	var stored []Result
	err := s.held(ctx, id, func(st Store) error {
		v, err := readView(ctx, st, id)
		if err != nil {
			return err
		}
		sec := &v.sec
		m := &sec.Movement
		if m.Phantom == 0 || !sec.Spec.Phantom {
			return &Error{Kind: ErrConflict, Field: "percent", Message: "section " + sec.Name + " plays no phantom (" + m.Name +
				"): a half table's opponents get an artificial score only when the section is set up with a phantom"}
		}
		out, err := fillBoards(ctx, st, a, &v, m.Rounds, m.Phantom, func(r *Result, side scoring.Side) {
			r.Status, r.NSPercent, r.EWPercent = StatusArtificial, percent, 100-percent
			if side == scoring.NS {
				r.NSPercent, r.EWPercent = 100-percent, percent
			}
		})
		if err != nil {
			return err
		}
		if len(out) == 0 {
			return &Error{Kind: ErrConflict, Field: "percent", Message: "every board against the phantom in section " + sec.Name + " has its score already"}
		}
		c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: a.Name,
			After: map[string]any{"phantom_scored": len(out), "percent": percent}}
		if stored, err = st.WithdrawPair(ctx, sec.ID, out, &c); err != nil {
			return err
		}
		for i := range stored {
			stored[i].Lines = out[i].Lines
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return stored, nil
}
