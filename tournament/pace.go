package tournament

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Tables at their own pace (issue 22 §2), as handheld terminals allow.
//
// Section.CurrentRound is the round the director announces. Each table
// also has its own round (TableRound): the announced round, or further on
// when the table has entered every board of the announced round (and of
// each round after it that it finished too) — a fast table goes on by
// itself without waiting for the director. A table's token enters and
// corrects its own boards of any round up to its own round until the
// director closes that round for that table (CloseRounds): nothing closes
// by itself when the director moves the announced round on, so a slow
// table or a phone that was offline still gets its results in. A director
// closes a round once the table has left it for good (typically when
// checking the round's results before announcing the next one), for one
// table or for all, and may reopen it. The director enters and corrects
// anything, closed or not.
//
// A slot (a board at a table in a round) may be marked "to be played
// later" (MarkLate): while it has no result it does not hold the board
// back from "finished" (FinishedBoards), so the others' standings and the
// traveler go public without it. It is closed by entering its result: the
// players' or the director's when it is played, or the director's "not
// played" or adjusted score (CloseLatePlay) when it will not be.
// Only the director marks a late play: it releases the board's traveler
// (and, to the tables that played it, its hand record) while a pair is
// still to play it, which is the director's call, not the table's.

// Slot is a board at a table in a round.
type Slot struct {
	Board, Round, Table int
}

// ClosedRound is a round closed for one table.
type ClosedRound struct {
	Table, Round int
}

// SectionPace is what the director decided of a section's tables' pace:
// the rounds closed for each table and the slots to be played later. It is
// read with the section.
type SectionPace struct {
	Closed []ClosedRound // by table, then round
	Late   []Slot        // by board, round, table
}

// RoundClosed reports whether round is closed for table.
func (p *SectionPace) RoundClosed(table, round int) bool {
	return slices.Contains(p.Closed, ClosedRound{Table: table, Round: round})
}

// IsLate reports whether a slot is marked to be played later.
func (p *SectionPace) IsLate(s Slot) bool {
	return slices.Contains(p.Late, s)
}

// PaceStore keeps the rounds closed for each table, the slots to be played
// later and the entries refused from the tables.
type PaceStore interface {
	// CloseRounds closes round for each of tables (already closed: kept as
	// it was).
	CloseRounds(ctx context.Context, sectionID int64, round int, tables []int, actor string) error
	// ReopenRounds reopens round for each of tables.
	ReopenRounds(ctx context.Context, sectionID int64, round int, tables []int) error
	// MarkLate marks a slot to be played later (already marked: kept).
	MarkLate(ctx context.Context, sectionID int64, s Slot, actor string) error
	// UnmarkLate removes a slot's mark; ErrNotFound when it has none.
	UnmarkLate(ctx context.Context, sectionID int64, s Slot) error

	// RecordRefusal stores a refused entry, or updates the one of the same
	// section, table and key (a retry refused again), and sets its ID and
	// RefusedAt; an entry resolved before is open again.
	RecordRefusal(ctx context.Context, r *Refusal) error
	// Refusals returns a section's open refusals (table > 0: that table's)
	// by table, round, board; open: not resolved, and no result of its slot
	// entered or changed since it was refused.
	Refusals(ctx context.Context, sectionID int64, table int) ([]Refusal, error)
	// CallForRefusal notes that the table asked for the director about an
	// open refusal (by key) and returns it; ErrNotFound when none is open.
	CallForRefusal(ctx context.Context, sectionID int64, table int, key string) (Refusal, error)
	// ResolveRefusal closes a refusal (by key at table, or by id when key is
	// ""), noting who; ErrNotFound when none is open.
	ResolveRefusal(ctx context.Context, sectionID int64, table int, key string, id int64, by string) error
}

// Refusal is an entry a table's phone had queued that the service refused:
// what was sent, and why, until it is resolved.
type Refusal struct {
	ID        int64
	SectionID int64
	Table     int
	Key       string // the phone's key of the entry (its Idempotency-Key)
	Board     int    // 0 when the entry did not say
	Round     int    // 0 when the entry did not say
	Entry     []byte // the request's body, JSON, as sent
	Reason    string // the service's message
	Field     string // the field it named, "" when none
	RefusedAt time.Time
	CalledAt  time.Time // when the table called the director about it; zero: not called
}

// MaxRefusalKey bounds the key of a refused entry.
const MaxRefusalKey = 100

// MaxOpenRefusals bounds the refused entries one table keeps open: a
// table has at most a few dozen boards in a session.
const MaxOpenRefusals = 100

// MaxRefusalEntry bounds the body of a refused entry kept for the director.
const MaxRefusalEntry = 16 << 10

// TableRound returns the round a table is on by its own pace, the latest
// it may enter and the one its page opens on: the section's announced
// round or, while the table has every board of that round in (entered or
// marked to be played later) or no play in it, the next one, and so on — as
// a terminal goes on by itself once its round is in, and a table without
// play shows the pairs it waits for; never past the movement's last round.
// Earlier rounds it has not finished stay open to it (OpenRounds) until the
// director closes them: the director's announcement is never undone by a
// board a table forgot. results are the table's (others are ignored).
func TableRound(sec *Section, table int, results []Result) int {
	m := &sec.Movement
	own := max(sec.CurrentRound, 1)
	have := make(map[Slot]bool, len(results))
	for _, r := range results {
		if r.Table == table {
			have[Slot{r.Board, r.Round, r.Table}] = true
		}
	}
	for own < len(m.Rounds) && tableRoundIn(sec, table, own, have) {
		own++
	}
	return min(own, max(len(m.Rounds), 1))
}

// tableRoundIn reports whether table has every board of round in: entered,
// or marked to be played later; true for a round without play at it.
func tableRoundIn(sec *Section, table, round int, have map[Slot]bool) bool {
	rd, ok := sec.Movement.Round(round)
	if !ok {
		return false
	}
	t, ok := rd.Table(table)
	if !ok {
		return true
	}
	for _, b := range t.Boards {
		s := Slot{b, round, table}
		if !have[s] && !sec.Pace.IsLate(s) {
			return false
		}
	}
	return true
}

// OpenRounds returns the rounds up to own that table may still enter: not
// closed for it, and with play at the table.
func OpenRounds(sec *Section, table, own int) []int {
	var out []int
	for r := 1; r <= own; r++ {
		rd, ok := sec.Movement.Round(r)
		if !ok {
			continue
		}
		if _, plays := rd.Table(table); plays && !sec.Pace.RoundClosed(table, r) {
			out = append(out, r)
		}
	}
	return out
}

// tableMayEnter checks a table token against a result's section, table and
// round: its own table, in a round up to the table's own round (own; see
// TableRound) that the director has not closed for it.
func tableMayEnter(a Actor, sec *Section, table, round, own int, field string) error {
	if a.Role == RoleDirector {
		return nil
	}
	if a.Role != RoleTable {
		return directorOnly(a, "enter results")
	}
	var problem string
	switch {
	case a.SectionID != sec.ID:
		problem = "this token is for another section"
	case table != a.Table:
		problem = "this token enters results for table " + strconv.Itoa(a.Table) + " only, not table " + strconv.Itoa(table)
	case sec.Pace.RoundClosed(table, round):
		problem = "the director has closed round " + strconv.Itoa(round) + " for table " + strconv.Itoa(table) +
			" of section " + sec.Name + ": the table no longer enters or corrects it; call the director"
	case round > own:
		problem = "table " + strconv.Itoa(table) + " of section " + sec.Name + " is at round " + strconv.Itoa(own) +
			"; it enters round " + strconv.Itoa(round) + " once every board of round " + strconv.Itoa(own) + " is in, or when the director starts it"
	}
	if problem != "" {
		return &Error{Kind: ErrForbidden, Field: strings.TrimSuffix(field, "."), Message: problem}
	}
	return nil
}

// ownRound returns the table's own round for a table actor's entries in
// rounds (TableRound); the announced round when none is later, without
// reading the store.
func (s *Service) ownRound(ctx context.Context, a Actor, sec *Section, rounds ...int) (int, error) {
	if a.Role != RoleTable || slices.Max(append(rounds, 0)) <= sec.CurrentRound {
		return sec.CurrentRound, nil
	}
	rs, err := s.store.Results(ctx, ResultFilter{SectionID: sec.ID, Table: a.Table})
	if err != nil {
		return 0, err
	}
	return TableRound(sec, a.Table, rs), nil
}

// CloseRounds closes a round for tables (none: every table of the
// movement), directors only: those tables' tokens no longer enter or
// correct that round. It returns the section as it is now.
func (s *Service) CloseRounds(ctx context.Context, a Actor, sectionID int64, round int, tables []int) (Section, error) {
	return s.changeRounds(ctx, a, sectionID, round, tables, true)
}

// ReopenRounds reopens a round for tables (none: every table), directors
// only.
func (s *Service) ReopenRounds(ctx context.Context, a Actor, sectionID int64, round int, tables []int) (Section, error) {
	return s.changeRounds(ctx, a, sectionID, round, tables, false)
}

// changeRounds closes or reopens a round for tables.
func (s *Service) changeRounds(ctx context.Context, a Actor, sectionID int64, round int, tables []int, closing bool) (Section, error) {
	what := "reopen rounds"
	if closing {
		what = "close rounds"
	}
	if err := directorOnly(a, what); err != nil {
		return Section{}, err
	}
	sec, err := s.cache.Section(ctx, sectionID)
	if err != nil {
		return Section{}, err
	}
	if round < 1 || round > len(sec.Movement.Rounds) {
		return Section{}, Invalidf("round", strconv.Itoa(round)+": section "+sec.Name+" has rounds 1 to "+strconv.Itoa(len(sec.Movement.Rounds)))
	}
	if len(tables) > MaxTables {
		return Section{}, Invalidf("tables", strconv.Itoa(len(tables))+" tables: at most "+strconv.Itoa(MaxTables))
	}
	if len(tables) == 0 {
		for t := 1; t <= sec.Movement.Tables; t++ {
			tables = append(tables, t)
		}
	}
	seen := map[int]bool{}
	for i, t := range tables {
		if t < 1 || t > sec.Movement.Tables {
			return Section{}, Invalidf("tables["+strconv.Itoa(i)+"]", strconv.Itoa(t)+": the section has tables 1 to "+strconv.Itoa(sec.Movement.Tables))
		}
		if seen[t] {
			return Section{}, Invalidf("tables["+strconv.Itoa(i)+"]", "table "+strconv.Itoa(t)+" is given twice")
		}
		seen[t] = true
	}
	if closing {
		err = s.store.CloseRounds(ctx, sectionID, round, tables, a.Name)
	} else {
		err = s.store.ReopenRounds(ctx, sectionID, round, tables)
	}
	s.Forget(Changed{Kind: ChangedSection, ID: sectionID})
	if err != nil {
		return Section{}, err
	}
	return s.cache.Section(ctx, sectionID)
}

// checkSlot refuses a slot the section's movement does not have.
func checkSlot(sec *Section, sl Slot) error {
	rd, ok := sec.Movement.Round(sl.Round)
	if !ok {
		return Invalidf("round", strconv.Itoa(sl.Round)+": section "+sec.Name+" has rounds 1 to "+strconv.Itoa(len(sec.Movement.Rounds)))
	}
	t, ok := rd.Table(sl.Table)
	if !ok {
		return Invalidf("table", "table "+strconv.Itoa(sl.Table)+" has no play in round "+strconv.Itoa(sl.Round)+" of section "+sec.Name)
	}
	if !slices.Contains(t.Boards, sl.Board) {
		return Invalidf("board", "board "+strconv.Itoa(sl.Board)+" is not played at table "+strconv.Itoa(sl.Table)+" in round "+strconv.Itoa(sl.Round)+
			" (it plays boards "+joinInts(t.Boards)+")")
	}
	return nil
}

// joinInts writes numbers with commas: "1, 2, 3".
func joinInts(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ", ")
}

// MarkLate marks a slot "to be played later" (directors only): while it has
// no result it does not hold its board back from the others' standings and
// traveler. A slot with a result is refused: it has been played.
func (s *Service) MarkLate(ctx context.Context, a Actor, sectionID int64, sl Slot) (Section, error) {
	if err := directorOnly(a, "mark boards to be played later"); err != nil {
		return Section{}, err
	}
	sec, err := s.cache.Section(ctx, sectionID)
	if err != nil {
		return Section{}, err
	}
	if err := checkSlot(&sec, sl); err != nil {
		return Section{}, err
	}
	rs, err := s.store.Results(ctx, ResultFilter{SectionID: sec.ID, Board: sl.Board, Round: sl.Round, Table: sl.Table})
	if err != nil {
		return Section{}, err
	}
	if len(rs) > 0 {
		cur := rs[0]
		return Section{}, &Error{Kind: ErrConflict, Field: "board", Current: &cur, Message: "board " + strconv.Itoa(sl.Board) + " at table " +
			strconv.Itoa(sl.Table) + " in round " + strconv.Itoa(sl.Round) + " already has its result: it is not to be played later"}
	}
	err = s.store.MarkLate(ctx, sectionID, sl, a.Name)
	s.Forget(Changed{Kind: ChangedSection, ID: sectionID})
	if err != nil {
		return Section{}, err
	}
	return s.cache.Section(ctx, sectionID)
}

// UnmarkLate removes a slot's "to be played later" mark (directors only):
// the board waits for the slot's result again.
func (s *Service) UnmarkLate(ctx context.Context, a Actor, sectionID int64, sl Slot) (Section, error) {
	if err := directorOnly(a, "change boards to be played later"); err != nil {
		return Section{}, err
	}
	if _, err := s.cache.Section(ctx, sectionID); err != nil {
		return Section{}, err
	}
	err := s.store.UnmarkLate(ctx, sectionID, sl)
	s.Forget(Changed{Kind: ChangedSection, ID: sectionID})
	if err != nil {
		return Section{}, err
	}
	return s.cache.Section(ctx, sectionID)
}

// CloseLatePlay closes a slot marked to be played later that will not be
// (directors only), by entering its result: not played, or an adjusted
// score (artificial or assigned) as r gives — the board, round, table and
// pairs are the slot's. A played result is entered as any other.
func (s *Service) CloseLatePlay(ctx context.Context, a Actor, sectionID int64, sl Slot, r Result) (Result, error) {
	if err := directorOnly(a, "close boards to be played later"); err != nil {
		return Result{}, err
	}
	sec, err := s.cache.Section(ctx, sectionID)
	if err != nil {
		return Result{}, err
	}
	if !sec.Pace.IsLate(sl) {
		return Result{}, &Error{Kind: ErrConflict, Field: "board", Message: "board " + strconv.Itoa(sl.Board) + " at table " + strconv.Itoa(sl.Table) +
			" in round " + strconv.Itoa(sl.Round) + " is not marked to be played later"}
	}
	switch r.Status {
	case StatusNotPlayed, StatusArtificial, StatusAssigned:
	default:
		return Result{}, Invalidf("status", strconv.Quote(string(r.Status))+": a late play is closed as not played or with an adjusted score",
			string(StatusNotPlayed), string(StatusArtificial), string(StatusAssigned))
	}
	r.Board, r.Round, r.Table = sl.Board, sl.Round, sl.Table
	stored, _, err := s.EnterResults(ctx, a, sectionID, []Result{r}, nil)
	if err != nil {
		return Result{}, err
	}
	return stored[0], nil
}

// RecordRefusal keeps an entry the service refused a table's phone (its
// key, the body as sent, the reason), so the director sees it on the
// session board until it is resolved. Only a table records its own; a
// retry with the same key updates the one kept.
func (s *Service) RecordRefusal(ctx context.Context, a Actor, sectionID int64, r Refusal) (Refusal, error) {
	if a.Role != RoleTable || a.SectionID != sectionID {
		return Refusal{}, &Error{Kind: ErrForbidden, Message: "only a table's phone records its refused entries"}
	}
	if err := checkRefusalKey(r.Key); err != nil {
		return Refusal{}, err
	}
	if len(r.Entry) > MaxRefusalEntry {
		r.Entry = nil
	}
	if len(r.Entry) == 0 {
		r.Entry = []byte("{}")
	}
	r.SectionID, r.Table, r.Reason = sectionID, a.Table, cut(r.Reason, 2000)
	r.Field = cut(r.Field, 200)
	open, err := s.store.Refusals(ctx, sectionID, a.Table)
	if err != nil {
		return Refusal{}, err
	}
	if len(open) >= MaxOpenRefusals && !slices.ContainsFunc(open, func(o Refusal) bool { return o.Key == r.Key }) {
		return Refusal{}, Invalidf("key", "table "+strconv.Itoa(a.Table)+" already has "+strconv.Itoa(len(open))+
			" refused entries open: the director resolves them first")
	}
	if err := s.store.RecordRefusal(ctx, &r); err != nil {
		return Refusal{}, err
	}
	return r, nil
}

// checkRefusalKey refuses a missing or oversized key of a refused entry.
func checkRefusalKey(key string) error {
	if key == "" || len(key) > MaxRefusalKey {
		return Invalidf("key", "the entry's key is required, at most "+strconv.Itoa(MaxRefusalKey)+" bytes")
	}
	return nil
}

// Refusals returns a section's open refused entries: all of them to a
// director, its own to a table.
func (s *Service) Refusals(ctx context.Context, a Actor, sectionID int64) ([]Refusal, error) {
	table := 0
	switch {
	case a.Role == RoleTable && a.SectionID == sectionID:
		table = a.Table
	default:
		if err := directorOnly(a, "read the refused entries"); err != nil {
			return nil, err
		}
	}
	if _, err := s.cache.Section(ctx, sectionID); err != nil {
		return nil, err
	}
	return s.store.Refusals(ctx, sectionID, table)
}

// CallDirectorAbout notes that a table asks for the director about one of
// its open refused entries (by key).
func (s *Service) CallDirectorAbout(ctx context.Context, a Actor, sectionID int64, key string) (Refusal, error) {
	if a.Role != RoleTable || a.SectionID != sectionID {
		return Refusal{}, &Error{Kind: ErrForbidden, Message: "a table's phone calls the director about its own refused entries"}
	}
	if err := checkRefusalKey(key); err != nil {
		return Refusal{}, err
	}
	return s.store.CallForRefusal(ctx, sectionID, a.Table, key)
}

// WithdrawRefusal resolves a refused entry: a table its own (by key), when
// it gives the entry up; a director any (by id), once dealt with.
func (s *Service) WithdrawRefusal(ctx context.Context, a Actor, sectionID int64, key string, id int64) error {
	switch {
	case a.Role == RoleTable && a.SectionID == sectionID:
		if err := checkRefusalKey(key); err != nil {
			return err
		}
		return s.store.ResolveRefusal(ctx, sectionID, a.Table, key, 0, a.Name)
	case a.Role == RoleDirector:
		if id < 1 {
			return Invalidf("id", "the refused entry's id is required, 1 or more")
		}
		return s.store.ResolveRefusal(ctx, sectionID, 0, "", id, a.Name)
	}
	return directorOnly(a, "dismiss refused entries")
}
