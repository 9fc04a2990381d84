package tournament

import (
	"context"
	"slices"
	"strconv"
)

// BracketMatch is one match of a knockout bracket.
type BracketMatch struct {
	Round int // 1 for a match no other feeds; else one more than the later of the two that feed it
	Match KnockoutMatch
	From  []int64 // the sections whose winners meet here; nil in round 1
	Next  int64   // the section the winner went on to; 0: not yet (or the final)
}

// Bracket is an event's knockout matches as rounds: matches by round,
// each round by section name.
type Bracket struct {
	EventID int64
	Rounds  [][]BracketMatch
}

// Bracket returns an event's knockout sections as a bracket: which matches'
// winners met in which, each match's score and winner. Readable as the
// standings are (the public: a published event, the finished boards).
func (s *Service) Bracket(ctx context.Context, a Actor, eventID int64) (Bracket, error) {
	e, err := s.Event(ctx, a, eventID)
	if err != nil {
		return Bracket{}, err
	}
	if err := canReadResults(a, &e, &Section{}, 0); err != nil {
		return Bracket{}, err
	}
	return s.bracketOf(ctx, s.reader(a), seesAll(a), eventID)
}

// bracketOf makes an event's bracket from store.
func (s *Service) bracketOf(ctx context.Context, store Store, director bool, eventID int64) (Bracket, error) {
	secs, err := store.Sections(ctx, eventID)
	if err != nil {
		return Bracket{}, err
	}
	byID := map[int64]*BracketMatch{}
	var all []*BracketMatch
	for i := range secs {
		sec := &secs[i]
		if sec.Spec.Kind != "knockout" {
			continue
		}
		km, err := s.knockoutOf(ctx, store, director, sec)
		if err != nil {
			return Bracket{}, err
		}
		bm := &BracketMatch{Match: km, From: slices.Clone(sec.Spec.From)}
		byID[sec.ID] = bm
		all = append(all, bm)
	}
	for _, bm := range all {
		for _, f := range bm.From {
			if prev := byID[f]; prev != nil {
				prev.Next = bm.Match.Section.ID
			}
		}
	}
	var round func(bm *BracketMatch, depth int) int
	round = func(bm *BracketMatch, depth int) int {
		r := 1
		if depth > len(all) { // a loop cannot be stored by AdvanceKnockout; stop rather than recurse
			return r
		}
		for _, f := range bm.From {
			if prev := byID[f]; prev != nil {
				r = max(r, round(prev, depth+1)+1)
			}
		}
		return r
	}
	out := Bracket{EventID: eventID}
	for _, bm := range all {
		bm.Round = round(bm, 0)
		for len(out.Rounds) < bm.Round {
			out.Rounds = append(out.Rounds, nil)
		}
		out.Rounds[bm.Round-1] = append(out.Rounds[bm.Round-1], *bm)
	}
	for _, r := range out.Rounds {
		slices.SortStableFunc(r, func(a, b BracketMatch) int {
			if a.Match.Section.Name < b.Match.Section.Name {
				return -1
			}
			if a.Match.Section.Name > b.Match.Section.Name {
				return 1
			}
			return 0
		})
	}
	return out, nil
}

// AdvanceInput is the next round's match of a bracket as the director
// makes it: the two finished matches whose winners meet, and the new
// match's name, session and spec (kind "knockout"; its From is set here).
type AdvanceInput struct {
	From    [2]int64
	Name    string
	Session int // 0: the later session of the two matches
	Spec    MovementSpec
}

// AdvanceKnockout makes the next round's match of an event's bracket
// (directors only): a knockout section between the winners of two
// finished matches of the event — the first's winner team 1 (at home),
// the second's team 2, each with its name and players. A match not
// finished, not decided (a tie to be played off), already advanced, of
// another event or not a knockout is refused, naming it and why.
func (s *Service) AdvanceKnockout(ctx context.Context, a Actor, eventID int64, in AdvanceInput) (Section, error) {
	if err := directorOnly(a, "advance knockout winners"); err != nil {
		return Section{}, err
	}
	if in.Spec.Kind != "knockout" {
		return Section{}, Invalidf("movement.kind", strconv.Quote(in.Spec.Kind)+": the next round of a bracket is a knockout match", "knockout")
	}
	if in.From[0] == in.From[1] {
		return Section{}, Invalidf("from", "section "+strconv.FormatInt(in.From[0], 10)+" twice: the winners of two different matches meet")
	}
	secs, err := s.store.Sections(ctx, eventID)
	if err != nil {
		return Section{}, err
	}
	for i, id := range in.From {
		if !slices.ContainsFunc(secs, func(sec Section) bool { return sec.ID == id && sec.Spec.Kind == "knockout" }) {
			return Section{}, Invalidf("from["+strconv.Itoa(i)+"]", "section "+strconv.FormatInt(id, 10)+": not a knockout match of event "+strconv.FormatInt(eventID, 10))
		}
	}
	// Both matches are held (in id order, so that two advances cannot
	// wait on each other) for one transaction that reads the bracket and
	// stores the new match with its teams: of two advances at once the
	// second reads the bracket after the first's commit and finds the
	// winners gone on; a result changed meanwhile waits for the advance.
	lo, hi := min(in.From[0], in.From[1]), max(in.From[0], in.From[1])
	var sec Section
	err = s.held(ctx, lo, func(st Store) error {
		return st.HoldSection(ctx, hi, func(st Store) error {
			var err error
			sec, err = s.advance(ctx, st, eventID, in)
			return err
		})
	})
	s.cache.forget(Changed{Kind: ChangedSection, ID: hi})
	if err != nil {
		return Section{}, err
	}
	return sec, nil
}

// advance is AdvanceKnockout's work in the transaction st holding both
// matches: the winners read from the bracket as it stands, the new match
// and its two teams stored.
func (s *Service) advance(ctx context.Context, st Store, eventID int64, in AdvanceInput) (Section, error) {
	br, err := s.bracketOf(ctx, st, true, eventID)
	if err != nil {
		return Section{}, err
	}
	found := map[int64]BracketMatch{}
	for _, r := range br.Rounds {
		for _, bm := range r {
			found[bm.Match.Section.ID] = bm
		}
	}
	var teams []Roster
	session := 1
	for i, id := range in.From {
		f := "from[" + strconv.Itoa(i) + "]"
		bm, ok := found[id]
		if !ok {
			return Section{}, Invalidf(f, "section "+strconv.FormatInt(id, 10)+": not a knockout match of event "+strconv.FormatInt(eventID, 10))
		}
		km := &bm.Match
		name := "match " + km.Section.Name + " (section " + strconv.FormatInt(id, 10) + ")"
		switch {
		case bm.Next != 0:
			return Section{}, &Error{Kind: ErrConflict, Field: f, Message: name + ": its winner already plays in section " + strconv.FormatInt(bm.Next, 10)}
		case km.Tied:
			return Section{}, &Error{Kind: ErrConflict, Field: f, Message: name + ": tied " + ftoa(km.Total[0]) + "–" + ftoa(km.Total[1]) +
				", undecided until its play-off of " + strconv.Itoa(km.Playoff) + " boards (POST /v1/sections/" + strconv.FormatInt(id, 10) + "/knockout/playoff)"}
		case km.Winner == 0:
			return Section{}, &Error{Kind: ErrConflict, Field: f, Message: name + ": not finished, " + strconv.Itoa(scoredBoards(km.Segments)) + " of " +
				strconv.Itoa(km.Section.Movement.Boards) + " boards scored in both rooms"}
		}
		rosters, err := st.Teams(ctx, id)
		if err != nil {
			return Section{}, err
		}
		w := Roster{Number: i + 1, Name: km.Teams[km.Winner-1].Name}
		for _, r := range rosters {
			if r.Number == km.Winner {
				w.Players = slices.Clone(r.Players)
			}
		}
		if w.Name == "" {
			w.Name = "Winner of " + km.Section.Name
		}
		teams = append(teams, w)
		session = max(session, km.Section.Session)
	}
	if in.Session == 0 {
		in.Session = session
	}
	spec := in.Spec
	spec.From = []int64{in.From[0], in.From[1]}
	sec, err := createSection(ctx, st, eventID, SectionInput{Session: in.Session, Name: in.Name, Movement: spec})
	if err != nil {
		return Section{}, err
	}
	// The winners' rosters were checked, and their players joined the
	// club's roster, when their first matches' teams were stored.
	if err := st.AddTeams(ctx, sec.ID, teams); err != nil {
		return Section{}, err
	}
	return sec, nil
}
