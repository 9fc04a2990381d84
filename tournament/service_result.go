package tournament

import (
	"context"
	"errors"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
)

// MaxQuery is the most characters a result's query may have.
const MaxQuery = 500

// maxBatch is the most results one request may enter.
const maxBatch = 1000

// EnterResults checks results against the section's movement (this round,
// this table, this board, these pairs) and the event's law code (a contract
// it knows, a legal score), scores them and stores them all or none. A
// director enters anything; a table token its own table's results in a
// round open to it (pace.go), and no adjusted scores. With idem, a retried request stores
// nothing more and returns what the first stored (replayed true).
func (s *Service) EnterResults(ctx context.Context, a Actor, sectionID int64, in []Result, idem *Idempotency) ([]Result, bool, error) {
	if a.Role == RolePublic {
		return nil, false, directorOnly(a, "enter results")
	}
	// What the entry is checked and scored against — the section's round
	// and pace, its boards, the event's law code — is what this process
	// keeps (cachedStore) unless fresh. The store takes the results only
	// while the section and event are at the versions read (CreateResultsAt),
	// holding the section till it commits, so a change racing the entry
	// either waits for it (and rescores it) or moves first: then the entry is
	// checked again against what the database holds. A refusal made on what
	// was kept is made again on what the database holds if that has moved
	// (another process changed it and its notice is still on its way).
	fresh := false
	for try := 1; ; try++ {
		v, err := s.entryView(ctx, sectionID, fresh)
		if err != nil {
			return nil, false, err
		}
		out, rules, err := s.checkEntry(ctx, a, &v, in)
		if err != nil {
			if !fresh && len(in) > 0 && len(in) <= maxBatch && s.movedSince(ctx, &v) {
				fresh = true
				continue
			}
			return nil, false, err
		}
		stored, replayed, err := s.store.CreateResultsAt(ctx, v.sec.ID, EntryAt{Section: v.sec.EntryVersion, Event: v.e.EntryVersion}, out, idem)
		if errors.Is(err, ErrEntryMoved) {
			s.cache.forget(Changed{Kind: ChangedSection, ID: v.sec.ID})
			s.cache.forget(Changed{Kind: ChangedEvent, ID: v.e.ID})
			if try < entryTries {
				fresh = true
				continue
			}
			return nil, false, &Error{Kind: ErrConflict, Message: "section " + v.sec.Name + " kept changing while the results were entered (its round, boards or law code); enter them again"}
		}
		if err != nil {
			return nil, false, err
		}
		if replayed { // what the first request stored, as it is now
			itemise(&rules, v.boards, stored)
		} else { // stored in the order given, each scored by checkResult
			for i := range stored {
				stored[i].Lines = out[i].Lines
			}
		}
		return stored, replayed, nil
	}
}

// entryTries is how many times an entry is checked before it is given up
// because its section or event kept changing under it.
const entryTries = 5

// entryView is what an entry is checked against: its section, its event and
// the section's boards, the section read before its boards (so that the
// boards are at least as new as its EntryVersion says).
type entryView struct {
	sec    Section
	e      Event
	boards map[int]Board
}

// entryView reads what an entry in a section is checked against: as this
// process keeps it, or when fresh from the primary.
func (s *Service) entryView(ctx context.Context, sectionID int64, fresh bool) (entryView, error) {
	var (
		v   entryView
		err error
	)
	if !fresh {
		if v.sec, v.e, err = s.sectionEvent(ctx, sectionID); err != nil {
			return v, err
		}
		v.boards, err = s.cache.BoardMap(ctx, &v.sec)
		return v, err
	}
	return readView(ctx, s.store, sectionID)
}

// readView reads what an entry in a section is checked against from st
// (the primary, or a change's transaction), nothing kept.
func readView(ctx context.Context, st Store, sectionID int64) (entryView, error) {
	var (
		v   entryView
		err error
	)
	if v.sec, err = st.Section(ctx, sectionID); err != nil {
		return v, err
	}
	if v.e, err = st.Event(ctx, v.sec.EventID); err != nil {
		return v, err
	}
	v.e = v.e.InSection(&v.sec) // scored under the section's code where it has one
	stored, err := st.Boards(ctx, sectionID)
	if err != nil {
		return v, err
	}
	v.boards = make(map[int]Board, v.sec.Movement.Boards)
	for _, b := range stored {
		v.boards[b.Number] = b
	}
	v.boards = withImplied(v.boards, &v.sec)
	return v, nil
}

// held makes a director's change to a section in one transaction that
// holds the section against entries (Store.HoldSection), change reading
// and writing through st, and drops what this process keeps of the
// section (its entry version moved; other processes hear the change
// notice). A change that decides what an entry may store (its pairs, the
// results it makes, the movement) or that is decided on the section's
// results (a pair that has played keeps its number) goes through it, so
// that no entry is stored between its check and its act.
func (s *Service) held(ctx context.Context, sectionID int64, change func(st Store) error) error {
	err := s.store.HoldSection(ctx, sectionID, change)
	s.cache.forget(Changed{Kind: ChangedSection, ID: sectionID})
	return err
}

// movedSince reports whether the database holds v's section or event at
// another version than v (or cannot say).
func (s *Service) movedSince(ctx context.Context, v *entryView) bool {
	sec, err := s.store.SectionRow(ctx, v.sec.ID)
	if err != nil || sec.EntryVersion != v.sec.EntryVersion {
		return true
	}
	e, err := s.store.Event(ctx, v.e.ID)
	return err != nil || e.EntryVersion != v.e.EntryVersion
}

// checkEntry authorizes, checks and scores an entry's results against v,
// and returns them ready to store, with the rules they were scored under.
func (s *Service) checkEntry(ctx context.Context, a Actor, v *entryView, in []Result) ([]Result, scoring.Rules, error) {
	sec := &v.sec
	if a.Role == RoleTable && a.SectionID != sec.ID {
		return nil, scoring.Rules{}, &Error{Kind: ErrForbidden, Message: "this token is for another section"}
	}
	switch {
	case len(in) == 0:
		return nil, scoring.Rules{}, Invalidf("results", "give at least one result")
	case len(in) > maxBatch:
		return nil, scoring.Rules{}, Invalidf("results", "at most "+strconv.Itoa(maxBatch)+" results a request")
	}
	rules, err := v.e.Rules()
	if err != nil {
		return nil, rules, err
	}
	rounds := make([]int, len(in))
	for i := range in {
		rounds[i] = in[i].Round
	}
	own, err := s.ownRound(ctx, a, sec, rounds...)
	if err != nil {
		return nil, rules, err
	}
	type spot struct{ board, round, table int }
	seen := make(map[spot]int, len(in))
	out := make([]Result, len(in))
	for i := range in {
		r := in[i]
		prefix := listPrefix("results", i, len(in))
		if err := checkResultAt(a, sec, own, &rules, v.boards, &r, prefix); err != nil {
			return nil, rules, err
		}
		k := spot{r.Board, r.Round, r.Table}
		if j, dup := seen[k]; dup {
			return nil, rules, Invalidf(prefix+"board", "board "+strconv.Itoa(r.Board)+" at table "+strconv.Itoa(r.Table)+" in round "+strconv.Itoa(r.Round)+" is given twice (also results["+strconv.Itoa(j)+"])")
		}
		seen[k] = i
		r.ID, r.SectionID, r.Version, r.EnteredBy = 0, sec.ID, 0, a.Name
		out[i] = r
	}
	return out, rules, nil
}

// checkResult authorizes, places, normalizes and scores one result, a
// table's in a round up to the announced one (checkResultAt says more).
func checkResult(a Actor, sec *Section, rules *scoring.Rules, boards map[int]Board, r *Result, prefix string) error {
	return checkResultAt(a, sec, sec.CurrentRound, rules, boards, r, prefix)
}

// checkResultAt authorizes, places, normalizes and scores one result; a
// table's in a round up to own, its own round (TableRound), not closed.
func checkResultAt(a Actor, sec *Section, own int, rules *scoring.Rules, boards map[int]Board, r *Result, prefix string) error {
	return checkLine(a, sec, own, rules, boards, r, prefix, nil)
}

// checkLine is checkResultAt taking the score carried (when not nil: an
// imported line's, which ScoreResults gave under the same rules) instead
// of scoring the result again.
func checkLine(a Actor, sec *Section, own int, rules *scoring.Rules, boards map[int]Board, r *Result, prefix string, carried *scored) error {
	if err := tableMayEnter(a, sec, r.Table, r.Round, own, prefix+"table"); err != nil {
		return err
	}
	b, ok := boards[r.Board]
	if !ok { // place refuses the board; the auction is read from its number's dealer till then
		b = Board{Number: r.Board, Dealer: scoring.BoardDealer(r.Board)}
	}
	if err := applyAuction(rules, &b, r, prefix); err != nil {
		return err
	}
	if err := normalize(r, prefix); err != nil {
		return err
	}
	if a.Role != RoleDirector && (r.Status == StatusArtificial || r.Status == StatusAssigned) {
		return &Error{Kind: ErrForbidden, Field: prefix + "status", Message: "only the director assigns adjusted scores; call the director"}
	}
	if err := place(sec, r, prefix); err != nil {
		return err
	}
	if err := enteredScores(a, rules, &b, r, prefix); err != nil {
		return err
	}
	sc := carried
	if sc == nil {
		fresh, err := scoreResult(rules, &b, r, prefix)
		if err != nil {
			return err
		}
		sc = &fresh
	}
	if err := checkLead(&b, r, prefix); err != nil {
		return err
	}
	r.NSScore, r.Lines = sc.NSScore, sc.Lines
	return nil
}

// itemise fills in each result's itemised score lines.
func itemise(rules *scoring.Rules, boards map[int]Board, results []Result) {
	for i := range results {
		r := &results[i]
		b := boards[r.Board]
		if sc, err := scoreResult(rules, &b, r, ""); err == nil {
			r.Lines = sc.Lines
		} else {
			r.Lines = []string{"cannot be scored under the event's law code: " + err.Error()}
		}
	}
}

// sectionEvent loads a section and its event.
func (s *Service) sectionEvent(ctx context.Context, sectionID int64) (Section, Event, error) {
	sec, err := s.cache.Section(ctx, sectionID)
	if err != nil {
		return Section{}, Event{}, err
	}
	e, err := s.cache.Event(ctx, sec.EventID)
	if err != nil {
		return Section{}, Event{}, err
	}
	return sec, e.InSection(&sec), nil
}

// Result returns one result with its itemised score: to a director, to the
// table token of its table, or to anyone when its event is published.
func (s *Service) Result(ctx context.Context, a Actor, id int64) (Result, error) {
	r, err := s.reader(a).Result(ctx, id)
	if err != nil {
		return Result{}, err
	}
	sec, e, err := s.sectionEvent(ctx, r.SectionID)
	if err != nil {
		return Result{}, err
	}
	if err := canReadResults(a, &e, &sec, r.Table); err != nil {
		return Result{}, err
	}
	rules, err := e.Rules()
	if err != nil {
		return Result{}, err
	}
	boards, err := s.cache.BoardMap(ctx, &sec)
	if err != nil {
		return Result{}, err
	}
	one := []Result{r}
	if !seesAll(a) {
		all, err := s.reader(a).Results(ctx, ResultFilter{SectionID: sec.ID})
		if err != nil {
			return Result{}, err
		}
		if one = publicResults(a, &sec, one, all); len(one) == 0 {
			return Result{}, notFinished(r.Board)
		}
	}
	itemise(&rules, boards, one)
	return one[0], nil
}

// canReadResults says whether a may read a section's results at table (0:
// all of them): a director, a table token its own table's, anyone when the
// event is published.
func canReadResults(a Actor, e *Event, sec *Section, table int) error {
	if a.Role == RoleTable && a.SectionID == sec.ID && table == a.Table && !e.Published {
		return nil
	}
	if a.Role == RoleTable && !e.Published {
		return &Error{Kind: ErrForbidden, Message: "a table token reads its own table's results until the director publishes the event"}
	}
	return canRead(a, e, 0)
}

// Results returns the results a filter picks, with their itemised scores. A
// table token without a table filter sees its own table's.
func (s *Service) Results(ctx context.Context, a Actor, f ResultFilter) ([]Result, error) {
	sec, e, err := s.sectionEvent(ctx, f.SectionID)
	if err != nil {
		return nil, err
	}
	if a.Role == RoleTable && a.SectionID == sec.ID && f.Table == 0 && !e.Published {
		f.Table = a.Table
	}
	if err := canReadResults(a, &e, &sec, f.Table); err != nil {
		return nil, err
	}
	results, err := s.reader(a).Results(ctx, f)
	if err != nil {
		return nil, err
	}
	if !seesAll(a) {
		all := results
		if f != (ResultFilter{SectionID: f.SectionID}) {
			if all, err = s.reader(a).Results(ctx, ResultFilter{SectionID: sec.ID}); err != nil {
				return nil, err
			}
		}
		results = publicResults(a, &sec, results, all)
	}
	rules, boards, err := s.rulesAndBoards(ctx, &e, &sec)
	if err != nil {
		return nil, err
	}
	itemise(&rules, boards, results)
	return results, nil
}

// rulesAndBoards returns the event's rules and the section's boards by
// number, for scoring its results.
func (s *Service) rulesAndBoards(ctx context.Context, e *Event, sec *Section) (scoring.Rules, map[int]Board, error) {
	rules, err := e.Rules()
	if err != nil {
		return rules, nil, err
	}
	boards, err := s.cache.BoardMap(ctx, sec)
	return rules, boards, err
}

// UpdateResult replaces a result if version is the stored one (else
// ErrStale with the stored result), checked and scored as a new one. A table
// token corrects its own table's results in a round open to it (pace.go); a field left
// zero for board, round, table, ns or ew keeps the stored value. A query
// left empty clears the stored one when a director corrects the result and
// keeps it when a table does.
func (s *Service) UpdateResult(ctx context.Context, a Actor, id int64, in Result, version int) (Result, error) {
	if a.Role == RolePublic {
		return Result{}, directorOnly(a, "correct results")
	}
	old, err := s.store.Result(ctx, id)
	if err != nil {
		return Result{}, err
	}
	// Checked and stored as EnterResults does: against what this process
	// keeps, stored only at the versions it was checked at, else checked
	// again against the database.
	fresh := false
	for try := 1; ; try++ {
		v, err := s.entryView(ctx, old.SectionID, fresh)
		if err != nil {
			return Result{}, err
		}
		r, err := s.checkCorrection(ctx, a, &v, old, in, version)
		if err != nil {
			if !fresh && s.movedSince(ctx, &v) {
				fresh = true
				continue
			}
			return Result{}, err
		}
		at := EntryAt{Section: v.sec.EntryVersion, Event: v.e.EntryVersion}
		if r.Board == old.Board && r.Round == old.Round && r.Table == old.Table {
			err = s.store.UpdateResultAt(ctx, &r, version, at)
		} else {
			err = s.moveResult(ctx, &r, version, at)
		}
		if errors.Is(err, ErrEntryMoved) {
			s.cache.forget(Changed{Kind: ChangedSection, ID: v.sec.ID})
			s.cache.forget(Changed{Kind: ChangedEvent, ID: v.e.ID})
			if try < entryTries {
				fresh = true
				continue
			}
			return Result{}, &Error{Kind: ErrConflict, Message: "section " + v.sec.Name + " kept changing while the result was corrected (its round, boards or law code); correct it again"}
		}
		if err != nil {
			return Result{}, err
		}
		return r, nil // itemised by checkResult; the store keeps Lines
	}
}

// moveResult stores r, a correction checked at at that moves a result to
// another board, round or table, holding the section (held) as a deletion
// does: a table's own round rests on its results (TableRound), so an entry
// checked against the slot the result leaves is checked again. Nothing is
// stored (ErrEntryMoved) when the section or its event has changed since
// at but for the hold's own count.
func (s *Service) moveResult(ctx context.Context, r *Result, version int, at EntryAt) error {
	return s.held(ctx, r.SectionID, func(st Store) error {
		sec, err := st.SectionRow(ctx, r.SectionID)
		if err != nil {
			return err
		}
		e, err := st.Event(ctx, sec.EventID)
		if err != nil {
			return err
		}
		if sec.EntryVersion != at.Section+1 || e.EntryVersion != at.Event {
			return ErrEntryMoved
		}
		return st.UpdateResult(ctx, r, version)
	})
}

// checkCorrection checks and scores in, a correction of old at version,
// against v, and returns it ready to store.
func (s *Service) checkCorrection(ctx context.Context, a Actor, v *entryView, old, in Result, version int) (Result, error) {
	sec := &v.sec
	own, err := s.ownRound(ctx, a, sec, old.Round, in.Round)
	if err != nil {
		return Result{}, err
	}
	if err := tableMayEnter(a, sec, old.Table, old.Round, own, "table"); err != nil {
		return Result{}, err
	}
	if version < 1 {
		return Result{}, Invalidf("version", "the version being corrected is required (If-Match), 1 or more")
	}
	if version != old.Version {
		cur := old
		return Result{}, &Error{Kind: ErrStale, Field: "version", Current: &cur,
			Message: "result " + strconv.FormatInt(old.ID, 10) + " has changed: it is at version " + strconv.Itoa(old.Version) + ", not " + strconv.Itoa(version) + "; look at it again before correcting it"}
	}
	if in.Board == 0 {
		in.Board = old.Board
	}
	if in.Round == 0 {
		in.Round = old.Round
	}
	if in.Table == 0 {
		in.Table = old.Table
	}
	rules, err := v.e.Rules()
	if err != nil {
		return Result{}, err
	}
	if err := checkResultAt(a, sec, own, &rules, v.boards, &in, ""); err != nil {
		return Result{}, err
	}
	if a.Role != RoleDirector && in.Query == "" {
		in.Query = old.Query // only a director clears a query
	}
	in.ID, in.SectionID, in.EnteredBy, in.EnteredAt = old.ID, old.SectionID, a.Name, old.EnteredAt
	return in, nil
}

// DeleteResult deletes a result (directors only) if version is the stored
// one (0: whatever it is); its audit keeps what it was.
func (s *Service) DeleteResult(ctx context.Context, a Actor, id int64, version int) error {
	if err := directorOnly(a, "delete results; a table corrects its result instead"); err != nil {
		return err
	}
	if version < 0 {
		return Invalidf("version", strconv.Itoa(version)+": a version is 1 or more")
	}
	// Deleted holding the section (held): a table's own round rests on its
	// results (TableRound), so an entry checked against the result deleted
	// is checked again.
	r, err := s.store.Result(ctx, id)
	if err != nil {
		return err
	}
	return s.held(ctx, r.SectionID, func(st Store) error { return st.DeleteResult(ctx, id, version, a.Name) })
}

// Audit returns a result's history, oldest first (directors only); a
// deleted result's history stays.
func (s *Service) Audit(ctx context.Context, a Actor, resultID int64) ([]AuditEntry, error) {
	if err := directorOnly(a, "read the audit"); err != nil {
		return nil, err
	}
	entries, err := s.store.Audit(ctx, resultID)
	if err != nil {
		return nil, err
	}
	if len(entries) == 0 {
		return nil, NotFoundf("result", resultID)
	}
	return entries, nil
}
