package tournament

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// Change is one change a director made to an event, a section, a pair or a
// team: who, when, what it was and what it became. A change to a result is
// an AuditEntry instead.
type Change struct {
	ID        int64
	EventID   int64
	SectionID int64  // 0 for a change to the event itself
	Kind      string // "event", "section", "pair" or "team"
	TargetID  int64  // the event's, section's, pair's or team's id
	Action    string // "update", "delete" or "withdraw"
	Actor     string
	At        time.Time
	Before    map[string]any // what it was; nil for a withdrawal
	After     map[string]any // what it became; nil for a delete
}

// ChangeStore is what the Store keeps of changes to events, sections, pairs
// and teams; every method that changes something writes its Change (and
// sets its ID and At) in the same transaction.
type ChangeStore interface {
	// Pair returns a pair of a section that is not deleted.
	Pair(ctx context.Context, id int64) (Pair, error)
	// UpdatePair stores p's number, direction and players (by p.ID); a
	// number and direction another pair of the section has is ErrConflict.
	UpdatePair(ctx context.Context, p *Pair, c *Change) error
	// DeletePair deletes a pair.
	DeletePair(ctx context.Context, id int64, c *Change) error
	// Team returns a team of a section that is not deleted.
	Team(ctx context.Context, id int64) (Roster, error)
	// UpdateTeam stores t's name and players (by t.ID).
	UpdateTeam(ctx context.Context, t *Roster, c *Change) error
	// UpdateSection stores sec's name, session and law code (by sec.ID),
	// creating the session if the event has none with that number; a name
	// another section of the session has is ErrConflict. With rescore (its
	// law code changed) it holds the section against entries first, as
	// UpdateEvent does, and stores the scores rescore gives its results
	// under its new code, all in one transaction.
	UpdateSection(ctx context.Context, sec *Section, c *Change, rescore Rescorer) error
	// DeleteSection marks a section deleted: it is read no more, its
	// results' audit stays.
	DeleteSection(ctx context.Context, id int64, c *Change) error
	// DeleteEvent marks an event deleted, and with it its sections.
	DeleteEvent(ctx context.Context, id int64, c *Change) error
	// WithdrawPair stores the results a withdrawn pair's remaining boards
	// get (as CreateResults does, each audited) and the change, all or none.
	WithdrawPair(ctx context.Context, sectionID int64, results []Result, c *Change) ([]Result, error)
	// EventByDigest returns the newest event, not deleted, imported from a
	// file with this sha-256; ErrNotFound when there is none.
	EventByDigest(ctx context.Context, digest []byte) (Event, error)
	// OfficialFigures returns the file's line points an imported event
	// keeps (EventData.Figures: its sections' Official, each with its
	// section's ID); kept is false when it was not imported from a file
	// with figures of its own; ErrNotFound when there is no such event.
	OfficialFigures(ctx context.Context, eventID int64) (pcs []PointCorrection, kept bool, err error)
	// Changes returns an event's changes, oldest first, the deleted event's
	// too; ErrNotFound when no event ever had the id.
	Changes(ctx context.Context, eventID int64) ([]Change, error)
}

// PairPatch is a change to a pair; nil fields stay as they are.
type PairPatch struct {
	Number    *string
	Direction *string
	Players   []Player // the players, a substitute among them; nil: unchanged
	Stratum   *string  // its stratum (a stratified section); "": the top
	Handicap  *float64 // its handicap (a handicap event)
}

// TeamPatch is a change to a team; nil fields stay as they are.
type TeamPatch struct {
	Name     *string
	Players  []Player // nil: unchanged
	Stratum  *string  // its stratum (a stratified section); "": the top
	Handicap *float64 // its handicap in VPs (a handicap event)
}

// SectionPatch is a change to a section; nil fields stay as they are.
type SectionPatch struct {
	Name         *string
	Session      *int
	CurrentRound *int
	// Law is a law code of the section's own, scoring its results in
	// place of the event's ("" or the event's code with its options: the
	// event's again); LawOptions are options of that code (without Law:
	// of the code it plays now, merged over the options it has).
	Law        *string
	LawOptions LawOptions
}

// Withdrawal is how a pair that leaves mid-session is scored on the boards
// it has not played: not played, or an artificial adjusted score.
type Withdrawal struct {
	FromRound        int    // the first round it misses; 0: the section's current round
	Status           Status // StatusNotPlayed ("" too) or StatusArtificial
	PairPercent      int    // artificial: the withdrawn pair's percentage of the top, e.g. 40
	OpponentsPercent int    // artificial: its opponents', e.g. 60
}

// Withdrawn is what a withdrawal stored.
type Withdrawn struct {
	Pair      Pair
	FromRound int
	Results   []Result // the results stored, by round, table and board
	Change    Change
}

// ImportOptions say how to import a results file.
type ImportOptions struct {
	Again bool // import a file whose bytes an event already holds

	// Scored says the results carry their scores (NSScore and Lines) as
	// ScoreResults gave them under the event's law code, as
	// reports.ReadResults reads a file: the import checks everything else
	// of each line, stores that score and reads it back, scoring each
	// result nowhere again. A result without Lines is scored as ever.
	Scored bool
}

// pairFields is what a change keeps of a pair.
func pairFields(p Pair) map[string]any {
	return map[string]any{"number": p.Number, "direction": p.Direction, "team": p.Team, "players": playerFields(p.Players), "stratum": p.Stratum, "handicap": p.Handicap}
}

// playerFields is what a change keeps of players.
func playerFields(ps []Player) []map[string]any {
	out := make([]map[string]any, len(ps))
	for i, p := range ps {
		out[i] = map[string]any{"name": p.Name, "number": p.Number}
	}
	return out
}

// pairName is how a message names a pair: "pair 3 NS", "pair 5".
func pairName(p Pair) string {
	if p.Direction == "" {
		return "pair " + p.Number
	}
	return "pair " + p.Number + " " + p.Direction
}

// pairSection loads a pair, its section and event, for a director.
func (s *Service) pairSection(ctx context.Context, a Actor, id int64, what string) (Pair, Section, Event, error) {
	if err := directorOnly(a, what); err != nil {
		return Pair{}, Section{}, Event{}, err
	}
	p, err := s.store.Pair(ctx, id)
	if err != nil {
		return Pair{}, Section{}, Event{}, err
	}
	sec, e, err := s.sectionEvent(ctx, p.SectionID)
	if err != nil {
		return Pair{}, Section{}, Event{}, err
	}
	return p, sec, e, nil
}

// playedBy returns the stored results, read through st, of the boards
// movement pair mp's tables play (in the movement, the results the pair
// has), by board.
func playedBy(ctx context.Context, st Store, sec *Section, mp int) ([]Result, error) {
	results, err := st.Results(ctx, ResultFilter{SectionID: sec.ID})
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(results, func(r Result) bool {
		rd, ok := sec.Movement.Round(r.Round)
		if !ok {
			return true
		}
		t, ok := rd.Table(r.Table)
		if !ok {
			return true
		}
		_, sits := t.Seat(mp)
		return !sits
	}), nil
}

// resultsRefusal is the ErrConflict for a pair whose results a change would
// leave without their pair.
func resultsRefusal(field string, p Pair, results []Result, what string) error {
	boards := make([]string, 0, len(results))
	for _, r := range results {
		boards = append(boards, strconv.Itoa(r.Board))
	}
	return &Error{Kind: ErrConflict, Field: field, Message: pairName(p) + " has " + strconv.Itoa(len(results)) + " result(s) (boards " +
		strings.Join(boards, ", ") + "): " + what}
}

// UpdatePair changes a pair's players (names, membership numbers, a
// substitute) and, while it has no results, its number and direction
// (directors only). The change is audited.
func (s *Service) UpdatePair(ctx context.Context, a Actor, id int64, p PairPatch) (Pair, error) {
	old, _, _, err := s.pairSection(ctx, a, id, "change pairs")
	if err != nil {
		return Pair{}, err
	}
	var players []Player
	if p.Players != nil {
		players = slices.Clone(p.Players)
		if err := s.fillPlayers(ctx, [][]Player{players}, func(int) string { return "" }, old.Players...); err != nil {
			return Pair{}, err
		}
	}
	// Checked against the section's movement and results and stored while
	// the section is held (held): no result of the pair can be entered
	// between the check that it has none and its new number.
	var next Pair
	err = s.held(ctx, old.SectionID, func(st Store) error {
		old, err := st.Pair(ctx, id)
		if err != nil {
			return err
		}
		sec, err := st.Section(ctx, old.SectionID)
		if err != nil {
			return err
		}
		next = old
		if p.Number != nil {
			next.Number = *p.Number
		}
		if p.Direction != nil {
			next.Direction = *p.Direction
		}
		if players != nil {
			next.Players = players
		}
		if p.Stratum != nil {
			next.Stratum = *p.Stratum
		}
		if p.Handicap != nil {
			next.Handicap = *p.Handicap
		}
		one := []Pair{next}
		if err := checkPairs(&sec, one, ""); err != nil {
			return err
		}
		next = one[0]
		if p.Players != nil {
			if err := s.rememberPlayers(ctx, next.Players); err != nil {
				return err
			}
		}
		if next.Number != old.Number || next.Direction != old.Direction {
			mp, _ := sec.Movement.PairOf(old.Number, old.Direction)
			played, err := playedBy(ctx, st, &sec, mp)
			if err != nil {
				return err
			}
			if len(played) > 0 {
				field := "number"
				if next.Number == old.Number {
					field = "direction"
				}
				return resultsRefusal(field, old, played, "its number stays, or they would be another pair's; change its players instead")
			}
		}
		c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "pair", TargetID: old.ID, Action: "update", Actor: a.Name,
			Before: pairFields(old), After: pairFields(next)}
		return st.UpdatePair(ctx, &next, &c)
	})
	if err != nil {
		return Pair{}, err
	}
	return next, nil
}

// DeletePair withdraws a pair before it plays (directors only): a pair with
// results is refused (withdraw it from the current round instead). The
// deletion is audited. It is checked and made holding the section (held).
func (s *Service) DeletePair(ctx context.Context, a Actor, id int64) error {
	pair, _, _, err := s.pairSection(ctx, a, id, "withdraw pairs")
	if err != nil {
		return err
	}
	return s.held(ctx, pair.SectionID, func(st Store) error {
		old, err := st.Pair(ctx, id)
		if err != nil {
			return err
		}
		sec, err := st.Section(ctx, old.SectionID)
		if err != nil {
			return err
		}
		if mp, ok := sec.Movement.PairOf(old.Number, old.Direction); ok {
			played, err := playedBy(ctx, st, &sec, mp)
			if err != nil {
				return err
			}
			if len(played) > 0 {
				return resultsRefusal("id", old, played, "a pair that has played is not deleted; withdraw it from the round it leaves (POST /v1/pairs/"+strconv.FormatInt(id, 10)+"/withdraw)")
			}
		}
		c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "pair", TargetID: old.ID, Action: "delete", Actor: a.Name, Before: pairFields(old)}
		return st.DeletePair(ctx, id, &c)
	})
}

// WithdrawPair scores a pair that leaves mid-session (directors only):
// every board its tables play from w.FromRound on that has no result yet
// gets one — not played, or the artificial percentages the director picks
// (the pair's and its opponents') — all in one transaction, audited.
func (s *Service) WithdrawPair(ctx context.Context, a Actor, id int64, w Withdrawal) (Withdrawn, error) {
	pair, _, _, err := s.pairSection(ctx, a, id, "withdraw pairs")
	if err != nil {
		return Withdrawn{}, err
	}
	if w.Status == "" {
		w.Status = StatusNotPlayed
	}
	switch w.Status {
	case StatusNotPlayed:
		if w.PairPercent != 0 || w.OpponentsPercent != 0 {
			return Withdrawn{}, Invalidf("pair_percent", "only an artificial score has percentages", string(StatusArtificial))
		}
	case StatusArtificial:
		for _, f := range []struct {
			field string
			v     int
		}{{"pair_percent", w.PairPercent}, {"opponents_percent", w.OpponentsPercent}} {
			if f.v < 0 || f.v > 100 {
				return Withdrawn{}, Invalidf(f.field, strconv.Itoa(f.v)+": a percentage of the top, 0 to 100 (e.g. 40 for the pair that left, 60 for its opponents)")
			}
		}
	default:
		return Withdrawn{}, Invalidf("status", strconv.Quote(string(w.Status))+": the boards left become not played or an artificial score", string(StatusNotPlayed), string(StatusArtificial))
	}
	// The boards left, and the results they get, are found and stored
	// holding the section (held), against its movement, round, boards and
	// results as they are then.
	var done Withdrawn
	err = s.held(ctx, pair.SectionID, func(st Store) error {
		p, err := st.Pair(ctx, id)
		if err != nil {
			return err
		}
		v, err := readView(ctx, st, p.SectionID)
		if err != nil {
			return err
		}
		sec := &v.sec
		m := &sec.Movement
		mp, ok := m.PairOf(p.Number, p.Direction)
		if !ok {
			return Invalidf("id", pairName(p)+" is not a pair of the movement")
		}
		from := w.FromRound
		if from == 0 {
			from = max(sec.CurrentRound, 1)
		}
		if from < 1 || from > len(m.Rounds) {
			return Invalidf("from_round", strconv.Itoa(from)+": section "+sec.Name+" has rounds 1 to "+strconv.Itoa(len(m.Rounds)))
		}
		out, err := fillBoards(ctx, st, a, &v, m.Rounds[from-1:], mp, func(r *Result, side scoring.Side) {
			r.Status = w.Status
			if w.Status == StatusArtificial {
				r.NSPercent, r.EWPercent = w.PairPercent, w.OpponentsPercent
				if side == scoring.EW {
					r.NSPercent, r.EWPercent = w.OpponentsPercent, w.PairPercent
				}
			}
		})
		if err != nil {
			return err
		}
		if len(out) == 0 {
			return &Error{Kind: ErrConflict, Field: "from_round", Message: pairName(p) + " has no board left without a result from round " + strconv.Itoa(from) + " on"}
		}
		after := map[string]any{"from_round": from, "status": string(w.Status), "results": len(out)}
		if w.Status == StatusArtificial {
			after["pair_percent"], after["opponents_percent"] = w.PairPercent, w.OpponentsPercent
		}
		c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "pair", TargetID: p.ID, Action: "withdraw", Actor: a.Name, After: after}
		stored, err := st.WithdrawPair(ctx, sec.ID, out, &c)
		if err != nil {
			return err
		}
		for i := range stored {
			stored[i].Lines = out[i].Lines
		}
		done = Withdrawn{Pair: p, FromRound: from, Results: stored, Change: c}
		return nil
	})
	if err != nil {
		return Withdrawn{}, err
	}
	return done, nil
}

// fillBoards returns a result, checked and scored against v, for every
// board that movement pair mp's tables play in rounds and that has no
// result yet (the section's results read through st), each made by give
// from the side mp holds the cards of: a withdrawn pair's boards, the
// phantom's.
func fillBoards(ctx context.Context, st Store, a Actor, v *entryView, rounds []movement.Round, mp int, give func(r *Result, side scoring.Side)) ([]Result, error) {
	results, err := st.Results(ctx, ResultFilter{SectionID: v.sec.ID})
	if err != nil {
		return nil, err
	}
	taken := map[[3]int]bool{}
	for _, r := range results {
		taken[[3]int{r.Round, r.Table, r.Board}] = true
	}
	rules, err := v.e.Rules()
	if err != nil {
		return nil, err
	}
	var out []Result
	for _, rd := range rounds {
		for _, t := range rd.Tables {
			side, sits := t.CardsOf(mp)
			if !sits {
				continue
			}
			for _, b := range t.Boards {
				if taken[[3]int{rd.Number, t.Table, b}] {
					continue
				}
				r := Result{Board: b, Round: rd.Number, Table: t.Table}
				give(&r, side)
				if err := checkResult(a, &v.sec, &rules, v.boards, &r, ""); err != nil {
					return nil, err
				}
				r.SectionID, r.EnteredBy = v.sec.ID, a.Name
				out = append(out, r)
			}
		}
	}
	return out, nil
}

// rosterFields is what a change keeps of a team.
func rosterFields(t Roster) map[string]any {
	return map[string]any{"number": t.Number, "name": t.Name, "players": playerFields(t.Players), "stratum": t.Stratum, "handicap": t.Handicap}
}

// UpdateTeam changes a team's name and roster (directors only), audited.
func (s *Service) UpdateTeam(ctx context.Context, a Actor, id int64, p TeamPatch) (Roster, error) {
	if err := directorOnly(a, "change teams"); err != nil {
		return Roster{}, err
	}
	old, err := s.store.Team(ctx, id)
	if err != nil {
		return Roster{}, err
	}
	sec, err := s.cache.Section(ctx, old.SectionID)
	if err != nil {
		return Roster{}, err
	}
	next := old
	if p.Name != nil {
		if next.Name, err = checkName("name", *p.Name); err != nil {
			return Roster{}, err
		}
	}
	if p.Stratum != nil {
		next.Stratum = strings.TrimSpace(*p.Stratum)
	}
	if p.Handicap != nil {
		next.Handicap = *p.Handicap
	}
	if err := sec.Grading.checkGrade("", next.Stratum, next.Handicap, sec.Name); err != nil {
		return Roster{}, err
	}
	if p.Players != nil {
		if len(p.Players) > maxTeamPlayers {
			return Roster{}, Invalidf("players", "a team has at most "+strconv.Itoa(maxTeamPlayers)+" players")
		}
		if err := checkSubstitutes(&sec.Movement, "", p.Players, sec.Name); err != nil {
			return Roster{}, err
		}
		next.Players = slices.Clone(p.Players)
		if err := s.fillPlayers(ctx, [][]Player{next.Players}, func(int) string { return "" }, old.Players...); err != nil {
			return Roster{}, err
		}
		for k := range next.Players {
			if next.Players[k].Name, err = checkName("players["+strconv.Itoa(k)+"].name", next.Players[k].Name); err != nil {
				return Roster{}, err
			}
		}
		if err := s.rememberPlayers(ctx, next.Players); err != nil {
			return Roster{}, err
		}
	}
	c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "team", TargetID: old.ID, Action: "update", Actor: a.Name,
		Before: rosterFields(old), After: rosterFields(next)}
	if err := s.store.UpdateTeam(ctx, &next, &c); err != nil {
		return Roster{}, err
	}
	return next, nil
}

// sectionFields is what a change keeps of a section: its law code is ""
// while it plays its event's.
func sectionFields(sec Section) map[string]any {
	f := map[string]any{"name": sec.Name, "session": sec.Session, "current_round": sec.CurrentRound, "movement": sec.Movement.Name, "law": ""}
	if sec.Law != 0 {
		f["law"], f["law_options"] = sec.Law.String(), sec.LawOptions
	}
	return f
}

// UpdateSection changes a section's name, session, law code and current
// round (directors only). A name another section of the session has is
// refused (ErrConflict naming the field changed). Name, session and law
// code are audited. A change of law code or options scores the section's
// results again under the new code in the change's transaction, holding
// the section against entries as the event's law change does
// (Store.UpdateSection with a Rescorer).
func (s *Service) UpdateSection(ctx context.Context, a Actor, id int64, p SectionPatch) (Section, error) {
	lawChange := p.Law != nil || p.LawOptions != nil
	if p.Name == nil && p.Session == nil && p.CurrentRound == nil && !lawChange {
		return Section{}, Invalidf("body", "nothing to change: give name, session, law or current_round")
	}
	if p.Name == nil && p.Session == nil && !lawChange {
		return s.SetCurrentRound(ctx, a, id, *p.CurrentRound)
	}
	if err := directorOnly(a, "change sections"); err != nil {
		return Section{}, err
	}
	sec, err := s.store.Section(ctx, id)
	if err != nil {
		return Section{}, err
	}
	if p.Name != nil || p.Session != nil || lawChange {
		next := sec
		if p.Name != nil {
			if next.Name, err = checkName("name", *p.Name); err != nil {
				return Section{}, err
			}
			if len(next.Name) > 20 {
				return Section{}, Invalidf("name", "too long for a section's name: at most 20 characters, e.g. \"A\" or \"North\"")
			}
		}
		if p.Session != nil {
			if *p.Session < 1 {
				return Section{}, Invalidf("session", strconv.Itoa(*p.Session)+": sessions are numbered from 1")
			}
			next.Session = *p.Session
		}
		all, err := s.store.Sections(ctx, sec.EventID)
		if err != nil {
			return Section{}, err
		}
		for _, o := range all {
			if o.ID != sec.ID && o.Session == next.Session && o.Name == next.Name {
				field := "name"
				if next.Name == sec.Name {
					field = "session"
				}
				return Section{}, &Error{Kind: ErrConflict, Field: field, Message: "session " + strconv.Itoa(next.Session) +
					" already has a section " + next.Name + " (section " + strconv.FormatInt(o.ID, 10) + "): choose another name or session"}
			}
		}
		var rescorer Rescorer
		if lawChange {
			e, err := s.store.Event(ctx, sec.EventID)
			if err != nil {
				return Section{}, err
			}
			if next.Law, next.LawOptions, err = patchedSectionLaw(&e, &sec, p.Law, p.LawOptions); err != nil {
				return Section{}, err
			}
			if next.Law != sec.Law || !sameOptions(next.LawOptions, sec.LawOptions) {
				rescorer = rescoreOwnCode(&next)
			}
		}
		if next.Name != sec.Name || next.Session != sec.Session || rescorer != nil {
			c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: a.Name,
				Before: sectionFields(sec), After: sectionFields(next)}
			err := s.store.UpdateSection(ctx, &next, &c, rescorer)
			s.cache.sections.Delete(sec.ID)
			if err != nil {
				return Section{}, err
			}
			sec = next
		}
	}
	if p.CurrentRound != nil {
		return s.SetCurrentRound(ctx, a, id, *p.CurrentRound)
	}
	return sec, nil
}

// DeleteSection deletes a section (directors only): it leaves every list
// and URL; its results' audit and the deletion's stay.
func (s *Service) DeleteSection(ctx context.Context, a Actor, id int64) error {
	if err := directorOnly(a, "delete sections"); err != nil {
		return err
	}
	sec, err := s.store.Section(ctx, id)
	if err != nil {
		return err
	}
	c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "delete", Actor: a.Name, Before: sectionFields(sec)}
	err = s.store.DeleteSection(ctx, id, &c)
	s.cache.dropSection(id)
	s.cache.forgetAuth(func(x Actor) bool { return x.SectionID == id }) // the store revoked its tables' tokens
	return err
}

// eventFields is what a change keeps of an event.
func eventFields(e Event, sections int) map[string]any {
	return map[string]any{"name": e.Name, "date": e.Date, "law": e.Law.String(), "scoring": string(e.Scoring), "published": e.Published, "sections": sections}
}

// DeleteEvent deletes an event and its sections (directors only): they
// leave every list and URL, the public pages too; the audit stays.
func (s *Service) DeleteEvent(ctx context.Context, a Actor, id int64) error {
	if err := directorOnly(a, "delete events"); err != nil {
		return err
	}
	e, err := s.store.Event(ctx, id)
	if err != nil {
		return err
	}
	secs, err := s.store.Sections(ctx, id)
	if err != nil {
		return err
	}
	c := Change{EventID: e.ID, Kind: "event", TargetID: e.ID, Action: "delete", Actor: a.Name, Before: eventFields(e, len(secs))}
	err = s.store.DeleteEvent(ctx, id, &c)
	s.cache.events.Delete(id)
	gone := map[int64]bool{}
	for _, sec := range secs {
		s.cache.dropSection(sec.ID)
		gone[sec.ID] = true
	}
	s.cache.forgetAuth(func(x Actor) bool { return gone[x.SectionID] }) // the store revoked their tables' tokens
	return err
}

// Changes returns the changes made to an event, its sections, pairs and
// teams, oldest first (directors only) — a deleted event's too, its
// deletion last.
func (s *Service) Changes(ctx context.Context, a Actor, eventID int64) ([]Change, error) {
	if err := directorOnly(a, "read the audit"); err != nil {
		return nil, err
	}
	return s.store.Changes(ctx, eventID)
}

// checkImported refuses a file whose bytes an event already holds, naming
// the event, unless o.Again: at once, before the file is checked. It is not
// the rule's guard — two imports of one file at once both pass it — the
// store's ImportEvent is, checking again under a lock on the digest in the
// transaction that stores the event.
func (s *Service) checkImported(ctx context.Context, d *EventData, o ImportOptions) error {
	if len(d.Digest) == 0 || o.Again {
		return nil
	}
	e, err := s.store.EventByDigest(ctx, d.Digest)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil
		}
		return err
	}
	return ImportedAlready(e)
}

// ImportedAlready is the refusal of a file whose bytes event e holds
// (ErrConflict naming e), for the Service's check and the store's.
func ImportedAlready(e Event) *Error {
	n := strconv.FormatInt(e.ID, 10)
	return &Error{Kind: ErrConflict, Field: "file", Event: e.ID,
		Message: "this file is imported already: event " + n + " (" + strconv.Quote(e.Name) + ", " + e.Date + ") holds it; import it again only if you mean to (?again=true, traveler import --again), or delete event " + n + " first"}
}
