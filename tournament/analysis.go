package tournament

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/traveler-bridge/traveler/scoring"
)

// DoubleDummy solves deals double dummy; scoring/dds's Solver is one (the
// only package that loads DDS: tournament declares what it needs of it).
type DoubleDummy interface {
	// Tables returns each deal's trick table; every deal is whole.
	Tables(deals []scoring.Deal) ([]scoring.TrickTable, error)
	// DealerPar is DDS's own par under contract-2017.
	DealerPar(t scoring.TrickTable, dealer scoring.Seat, vul scoring.Vulnerability) (scoring.Par, error)
}

// Analysis is a board's double-dummy analysis: what each seat makes as
// declarer in each strain, and par under each law code asked for.
type Analysis struct {
	Board         int
	Deal          scoring.Deal // whole: every hand given
	Dealer        scoring.Seat
	Vulnerability scoring.Vulnerability
	Tricks        scoring.TrickTable
	Par           []LawPar // in the order of the codes asked for
	// Nullo is the deal's nullo table by double dummy, solved in the
	// background for a section whose code has nullos; nil when not solved.
	Nullo *scoring.NulloTable
}

// LawPar is a board's par under one law code.
type LawPar struct {
	Law scoring.Law
	Par scoring.Par
}

// BoardError is an error of one of the boards given to Analyse: Index is
// its place in the slice and Field the board's field at fault ("deal"),
// so that a caller finds the board without reading Err's field back; Err
// names it in full ("boards[i].deal") and is what errors.As finds, so the
// API answers it as any other *Error.
type BoardError struct {
	Index int
	Field string
	Err   *Error
}

// Error is Err's.
func (e *BoardError) Error() string { return e.Err.Error() }

// Unwrap gives Err.
func (e *BoardError) Unwrap() error { return e.Err }

// Analyse solves the boards double dummy and finds par under each of the
// rules: scoring's search over the table (Rules.ParOf; the rulings are
// there), but contract-2017's with its option par_first_to_name off, which
// is DDS's own (DealerPar, published par). A
// board without a whole deal is a *BoardError (its index and field) around
// the *Error naming it ("boards[i].deal").
func Analyse(dd DoubleDummy, boards []Board, rules []scoring.Rules) ([]Analysis, error) {
	deals := make([]scoring.Deal, len(boards))
	hands := make([][4]scoring.Hand, len(boards))
	for i, b := range boards {
		field := "boards[" + strconv.Itoa(i) + "].deal"
		bad := func(err error) error {
			var te *Error
			if errors.As(err, &te) {
				return &BoardError{Index: i, Field: "deal", Err: te}
			}
			return err
		}
		d := b.Deal
		if d.Empty() {
			return nil, bad(Invalidf(field, "board "+strconv.Itoa(b.Number)+" has no hand record: double dummy needs the deal"))
		}
		if !d.Full() {
			return nil, bad(Invalidf(field, strconv.Quote(d.String())+": a hand is not given (\"-\"): double dummy needs all 52 cards"))
		}
		deals[i], hands[i] = d, d.Hands
	}
	tables, err := dd.Tables(deals)
	if err != nil {
		return nil, err
	}
	out := make([]Analysis, len(boards))
	for i, b := range boards {
		a := Analysis{Board: b.Number, Deal: deals[i], Dealer: b.Dealer, Vulnerability: b.Vulnerability, Tricks: tables[i]}
		if a.Par, err = lawPars(rules, &a, hands[i], func() (scoring.Par, error) { return dd.DealerPar(tables[i], b.Dealer, b.Vulnerability) }); err != nil {
			return nil, err
		}
		out[i] = a
	}
	return out, nil
}

// lawPars is par under each of the rules for an analysed deal: scoring's
// search over the table, but contract-2017's from dealerPar (DDS's own)
// when its option par_first_to_name is off.
func lawPars(rules []scoring.Rules, a *Analysis, hands [4]scoring.Hand, dealerPar func() (scoring.Par, error)) ([]LawPar, error) {
	out := make([]LawPar, 0, len(rules))
	for k := range rules {
		r := &rules[k]
		var par scoring.Par
		var err error
		if r.Law == scoring.Contract2017 && !r.Options.ParFirstToName {
			par, err = dealerPar()
		} else {
			par, err = r.ParOf(&a.Tricks, hands, a.Dealer, a.Vulnerability)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, LawPar{Law: r.Law, Par: par})
	}
	return out, nil
}

// StoredAnalysis is a board's analysis as the store keeps it: the deal it
// was made of, its trick table and DDS's own par under contract-2017 (every
// other code's par is worked out from the table when read).
type StoredAnalysis struct {
	SectionID int64
	Board     int
	Deal      scoring.Deal
	Tricks    scoring.TrickTable
	DealerPar scoring.Par
	Nullo     *scoring.NulloTable // nil: not solved
	At        time.Time
}

// AnalyseBoard analyses a board's deal and stores it: the work of one job
// of the analysis queue. A deal analysed already, or one the board no
// longer holds (another job has its new deal), is done at once, so a job
// run twice (a worker that died, a server restarted) solves nothing twice.
func (s *Service) AnalyseBoard(ctx context.Context, sectionID int64, number int, deal scoring.Deal) error {
	if s.dd == nil {
		return errNoDoubleDummy
	}
	done, err := s.store.Analysed(ctx, sectionID, number, deal, false)
	if err != nil {
		return err
	}
	if !done {
		done, err = s.analyseBoard(ctx, sectionID, number, deal)
		if errors.Is(err, ErrNotFound) {
			return nil // the section is gone
		}
		if err != nil || !done {
			return err
		}
	}
	// The code is read once the analysis is stored, after any change of it
	// in progress: a change to a code with nullos queues the boards it
	// finds analysed, and this one, stored after its search, queues here.
	if err := s.store.AwaitLawChange(ctx, sectionID); err != nil {
		return err
	}
	nullo, err := s.sectionHasNullo(ctx, sectionID)
	if errors.Is(err, ErrNotFound) {
		return nil // the section is gone
	}
	if err != nil || !nullo {
		return err
	}
	if solved, err := s.store.Analysed(ctx, sectionID, number, deal, true); err != nil || solved {
		return err
	}
	return s.store.QueueNullos(ctx, sectionID, number, deal)
}

// analyseBoard solves the board's deal by DDS and stores it; false when
// the board holds another deal now, or is gone.
func (s *Service) analyseBoard(ctx context.Context, sectionID int64, number int, deal scoring.Deal) (bool, error) {
	boards, err := s.store.Boards(ctx, sectionID)
	if err != nil {
		return false, err
	}
	for _, b := range boards {
		if b.Number != number || b.Deal != deal {
			continue
		}
		published := scoring.NewRules(scoring.Contract2017) // the stored par is DDS's own, whatever the event's option
		if err := published.Options.SetBool(scoring.Contract2017, "par_first_to_name", false); err != nil {
			return false, err
		}
		analyses, err := Analyse(s.dd, []Board{b}, []scoring.Rules{published})
		if err != nil {
			return false, err
		}
		a := analyses[0]
		return s.store.PutAnalysis(ctx, StoredAnalysis{SectionID: sectionID, Board: number, Deal: deal, Tricks: a.Tricks, DealerPar: a.Par[0].Par})
	}
	return false, nil
}

// SolveNullos solves a board's nullo table by double dummy and stores it
// beside its analysis: the work of one job of the nullo queue, which the
// analysis job (AnalyseBoard) or a law change to a code with nullos
// queues. A section whose code has no nullos (any more), a table stored
// already, or a deal the board no longer holds, is done at once; a deal
// not solved within NulloTime or scoring.NulloBudget positions is left
// without its table (the declaration report then says its nullos are left
// out).
func (s *Service) SolveNullos(ctx context.Context, sectionID int64, number int, deal scoring.Deal) error {
	nullo, err := s.sectionHasNullo(ctx, sectionID)
	if errors.Is(err, ErrNotFound) || (err == nil && !nullo) {
		return nil
	}
	if err != nil {
		return err
	}
	if solved, err := s.store.Analysed(ctx, sectionID, number, deal, true); err != nil || solved {
		return err
	}
	t := solveNullo(ctx, deal)
	if t == nil {
		return ctx.Err() // nil unless the job was cancelled: then run again
	}
	_, err = s.store.PutNulloTable(ctx, sectionID, number, deal, *t)
	return err
}

// NulloTime bounds the time the nullo queue spends on a deal. The bound
// that counts is scoring.NulloBudget's positions (a whole deal's table
// takes one to a few million: seconds to a minute on an idle machine,
// BENCHMARKS.md "Nullo by double dummy"); the time only stops a deal that
// a loaded machine would take all day over (measured beside the test
// suite, load 6 on 2 cores: 3 of BridgeWebs' first 5 deals still running
// at 5 minutes). A deal not solved within either is stored without its
// table.
const NulloTime = 15 * time.Minute

// solveNullo solves the deal's nullo table within NulloTime; nil when not
// solved.
func solveNullo(ctx context.Context, deal scoring.Deal) *scoring.NulloTable {
	hands, ok := deal.Complete()
	if !ok {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, NulloTime)
	defer cancel()
	t, ok := scoring.SolveNulloContext(ctx, hands, scoring.NulloBudget)
	if !ok {
		return nil
	}
	return &t
}

// sectionHasNullo reports whether the section plays a code with nullos
// (its own code, or its event's).
func (s *Service) sectionHasNullo(ctx context.Context, sectionID int64) (bool, error) {
	sec, err := s.store.Section(ctx, sectionID)
	if err != nil {
		return false, err
	}
	e, err := s.store.Event(ctx, sec.EventID)
	if err != nil {
		return false, err
	}
	ev := e.InSection(&sec)
	rules, err := ev.Rules()
	if err != nil {
		return false, err
	}
	return rules.HasNullo(), nil
}

// errNoDoubleDummy is AnalyseBoard's answer on a server without DDS.
var errNoDoubleDummy = &Error{Kind: ErrUnavailable, Message: "this server cannot solve double dummy: install DDS (Debian: apt-get install libdds0) and start it again"}

// SectionAnalyses returns the analyses of a section's boards whose hand
// records are analysed, by board number, with par under every law code:
// the event's own with its options, the others with their defaults. Anyone
// but the director gets those of finished boards only (and a table, those
// it has played): dealsSeen.
func (s *Service) SectionAnalyses(ctx context.Context, a Actor, sectionID int64) ([]Analysis, error) {
	sec, e, err := s.readSection(ctx, a, sectionID)
	if err != nil {
		return nil, err
	}
	boards, err := s.cache.BoardMap(ctx, &sec)
	if err != nil {
		return nil, err
	}
	seen, err := s.dealsSeenBy(ctx, a, &sec)
	if err != nil {
		return nil, err
	}
	return s.sectionAnalyses(ctx, a, &sec, &e, boards, seen)
}

// dealsSeenBy is dealsSeen for a, reading the section's results when a is
// not the director (who sees every deal).
func (s *Service) dealsSeenBy(ctx context.Context, a Actor, sec *Section) (func(int) bool, error) {
	if seesAll(a) {
		return func(int) bool { return true }, nil
	}
	results, err := s.reader(a).Results(ctx, ResultFilter{SectionID: sec.ID})
	if err != nil {
		return nil, err
	}
	return dealsSeen(a, sec, results), nil
}

// sectionAnalyses is SectionAnalyses over what its caller has read: the
// section, its event, its boards and the boards whose deals a sees.
func (s *Service) sectionAnalyses(ctx context.Context, a Actor, sec *Section, e *Event, boards map[int]Board, seen func(int) bool) ([]Analysis, error) {
	stored, err := s.reader(a).Analyses(ctx, sec.ID)
	if err != nil || len(stored) == 0 {
		return nil, err
	}
	ev := e.InSection(sec)
	own, err := ev.Rules()
	if err != nil {
		return nil, err
	}
	rules := scoring.EveryCode(own)
	out := make([]Analysis, 0, len(stored))
	for _, st := range stored {
		b, ok := boards[st.Board]
		if !ok || b.Deal != st.Deal || !seen(st.Board) {
			continue // replaced since it was read, or still in play for a
		}
		an := Analysis{Board: st.Board, Deal: st.Deal, Dealer: b.Dealer, Vulnerability: b.Vulnerability, Tricks: st.Tricks, Nullo: st.Nullo}
		if an.Par, err = lawPars(rules, &an, st.Deal.Hands, func() (scoring.Par, error) { return st.DealerPar, nil }); err != nil {
			return nil, err
		}
		out = append(out, an)
	}
	return out, nil
}

// BoardAnalysis returns one board's analysis (SectionAnalyses). A board the
// section does not have, one still in play for a, one without a hand
// record, or one whose analysis is not stored yet, is an error saying which.
func (s *Service) BoardAnalysis(ctx context.Context, a Actor, sectionID int64, number int) (Analysis, error) {
	sec, e, err := s.readSection(ctx, a, sectionID)
	if err != nil {
		return Analysis{}, err
	}
	if number < 1 || number > sec.Movement.Boards {
		return Analysis{}, &Error{Kind: ErrNotFound, Field: "board", Message: "board " + strconv.Itoa(number) + ": the section has boards 1 to " + strconv.Itoa(sec.Movement.Boards)}
	}
	seen, err := s.dealsSeenBy(ctx, a, &sec)
	if err != nil {
		return Analysis{}, err
	}
	if !seen(number) {
		return Analysis{}, notFinished(number)
	}
	boards, err := s.cache.BoardMap(ctx, &sec)
	if err != nil {
		return Analysis{}, err
	}
	if boards[number].Deal.Empty() {
		return Analysis{}, &Error{Kind: ErrNotFound, Field: "board", Message: "board " + strconv.Itoa(number) + " has no hand record: store the deal (PUT .../boards) and it is analysed"}
	}
	all, err := s.sectionAnalyses(ctx, a, &sec, &e, boards, func(n int) bool { return n == number })
	if err != nil {
		return Analysis{}, err
	}
	if len(all) == 1 {
		return all[0], nil
	}
	msg := "board " + strconv.Itoa(number) + "'s double-dummy analysis is not ready yet: it is worked out in the background once the hand record is stored"
	if s.dd == nil {
		msg += "; this server cannot solve double dummy (install libdds0), another server of the service with DDS will"
	}
	return Analysis{}, &Error{Kind: ErrNotFound, Field: "board", Message: msg}
}

// AnalyseMissing solves double dummy the boards of d that have a whole deal
// and no analysis (a results file's, or an event's whose analysis queue
// has not reached them), with par under every code: the event's own with
// its options. The sections' analyses stay in board order.
func AnalyseMissing(dd DoubleDummy, d *EventData) error {
	for si := range d.Sections {
		sd := &d.Sections[si]
		ev := d.Event.InSection(&sd.Section) // the section's own code where it has one
		own, err := ev.Rules()
		if err != nil {
			return err
		}
		rules := scoring.EveryCode(own)
		have := map[int]bool{}
		for _, a := range sd.Analyses {
			have[a.Board] = true
		}
		var todo []Board
		for _, b := range sd.Boards {
			if b.Deal.Full() && !have[b.Number] {
				todo = append(todo, b)
			}
		}
		if len(todo) == 0 {
			continue
		}
		more, err := Analyse(dd, todo, rules)
		if err != nil {
			return err
		}
		sd.Analyses = append(sd.Analyses, more...)
		slices.SortFunc(sd.Analyses, func(a, b Analysis) int { return a.Board - b.Board })
	}
	return nil
}

// DealBoards deals the section's boards that have neither a hand record
// nor a result (directors only): each a deal drawn with r (scoring.
// CryptoRand: every deal as likely as any other, and nobody can foresee
// one), stored as its hand record with the dealer and vulnerability its
// number gives, and queued for analysis as any hand record is. Boards with
// a hand record keep it; a board already played without one is not dealt
// (its cards were real). It returns every board of the section, and how
// many it dealt; none to deal is ErrConflict saying why.
func (s *Service) DealBoards(ctx context.Context, a Actor, sectionID int64, r *rand.Rand) ([]Board, int, error) {
	if err := directorOnly(a, "deal the boards"); err != nil {
		return nil, 0, err
	}
	sec, err := s.cache.Section(ctx, sectionID)
	if err != nil {
		return nil, 0, err
	}
	stored, err := s.store.Boards(ctx, sec.ID)
	if err != nil {
		return nil, 0, err
	}
	results, err := s.store.Results(ctx, ResultFilter{SectionID: sec.ID})
	if err != nil {
		return nil, 0, err
	}
	played := map[int]bool{}
	for _, res := range results {
		played[res.Board] = true
	}
	byNumber := map[int]Board{}
	for _, b := range stored {
		byNumber[b.Number] = b
	}
	var out []Board
	kept := map[int]Board{}
	dealt := 0
	for n := 1; n <= sec.Movement.Boards; n++ {
		b, ok := byNumber[n]
		switch {
		case ok && (!b.Deal.Empty() || played[n]):
			// kept as stored: a hand record, or a board played without one
		case played[n]:
			continue
		default:
			b = Board{SectionID: sec.ID, Number: n, Dealer: scoring.BoardDealer(n), Vulnerability: scoring.BoardVulnerability(n), Deal: scoring.RandomDeal(r)}
			dealt++
		}
		out = append(out, b)
		kept[n] = b
	}
	if dealt == 0 {
		return nil, 0, &Error{Kind: ErrConflict, Message: "section " + sec.Name + " has no board to deal: every board has a hand record or a result already"}
	}
	e, err := s.store.Event(ctx, sec.EventID)
	if err != nil {
		return nil, 0, err
	}
	if _, err := s.replaceBoards(ctx, a, &sec, &e, out, kept); err != nil {
		return nil, 0, err
	}
	boards, err := s.Boards(ctx, a, sec.ID)
	return boards, dealt, err
}
