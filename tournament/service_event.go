package tournament

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// maxName is the longest name (of an event, section or player) accepted.
const maxName = 200

// CreateEvent checks and stores a new event (directors only): a name, the
// date it is played, a law code with any of its options, and a scoring
// method.
func (s *Service) CreateEvent(ctx context.Context, a Actor, in EventInput) (Event, error) {
	e, _, err := s.CreateEventWith(ctx, a, in, nil)
	return e, err
}

// CreateEventWith is CreateEvent for a request that may be retried (idem,
// its Idempotency-Key; nil for none): a retry stores nothing and returns
// the event the first made, as it is now, with replayed true; a key used
// for another request, or whose event is deleted since, is ErrConflict.
func (s *Service) CreateEventWith(ctx context.Context, a Actor, in EventInput, idem *Idempotency) (e Event, replayed bool, err error) {
	if err := directorOnly(a, "create events"); err != nil {
		return Event{}, false, err
	}
	e = Event{Published: in.Published, TableTraveler: in.TableTraveler, TableLead: in.TableLead}
	if e.Name, err = checkName("name", in.Name); err != nil {
		return Event{}, false, err
	}
	if e.Date, err = checkDate(in.Date); err != nil {
		return Event{}, false, err
	}
	if in.Law == "" {
		return Event{}, false, Invalidf("law", "required: the law code the event is scored under", scoring.LawNames()...)
	}
	if e.Law, err = scoring.ParseLaw("law", in.Law); err != nil {
		return Event{}, false, fromScoring(err, "")
	}
	if _, e.LawOptions, err = rulesFor(e.Law, in.LawOptions); err != nil {
		return Event{}, false, err
	}
	if e.Scoring, err = checkMethod(in.Scoring); err != nil {
		return Event{}, false, err
	}
	if e.Overall, err = checkOverall(in.Overall, e.Scoring); err != nil {
		return Event{}, false, err
	}
	if e.Convention, err = checkConvention(in.Convention); err != nil {
		return Event{}, false, err
	}
	if replayed, err = s.store.CreateEvent(ctx, &e, idem); err != nil {
		return Event{}, false, err
	}
	return e, replayed, nil
}

// Event returns an event: a director sees any, a table token its own
// section's, anyone a published one.
func (s *Service) Event(ctx context.Context, a Actor, id int64) (Event, error) {
	e, err := s.cache.Event(ctx, id)
	if err != nil {
		return Event{}, err
	}
	if a.Role == RoleTable && !e.Published {
		sec, err := s.cache.Section(ctx, a.SectionID)
		if err == nil && sec.EventID == id {
			return e, nil
		}
	}
	if err := canRead(a, &e, 0); err != nil {
		return Event{}, err
	}
	return e, nil
}

// Events returns the events the caller may see: every event for a director,
// the published ones for anyone else.
func (s *Service) Events(ctx context.Context, a Actor) ([]Event, error) {
	all, err := s.reader(a).Events(ctx)
	if err != nil || a.Role == RoleDirector {
		return all, err
	}
	return slices.DeleteFunc(all, func(e Event) bool { return !e.Published }), nil
}

// UpdateEvent changes an event (directors only). When the law code or its
// options change, every result of the event is scored again in the same
// transaction; a result the new code cannot score is ErrConflict, naming it.
func (s *Service) UpdateEvent(ctx context.Context, a Actor, id int64, p EventPatch) (Event, error) {
	if err := directorOnly(a, "change events"); err != nil {
		return Event{}, err
	}
	e, err := s.store.Event(ctx, id)
	if err != nil {
		return Event{}, err
	}
	was := e
	if p.Name != nil {
		if e.Name, err = checkName("name", *p.Name); err != nil {
			return Event{}, err
		}
	}
	if p.Date != nil {
		if e.Date, err = checkDate(*p.Date); err != nil {
			return Event{}, err
		}
	}
	if p.Scoring != nil {
		was := e.Scoring
		if e.Scoring, err = checkMethod(*p.Scoring); err != nil {
			return Event{}, err
		}
		if e.Scoring != was {
			if err := s.sectionsFit(ctx, &e); err != nil {
				return Event{}, err
			}
		}
	}
	if p.Published != nil {
		e.Published = *p.Published
	}
	applyTableOptions(&e, &p)
	if p.Convention != nil {
		if e.Convention, err = checkConvention(*p.Convention); err != nil {
			return Event{}, err
		}
	}
	if p.Overall != nil {
		e.Overall = *p.Overall
	}
	if e.Overall, err = checkOverall(e.Overall, e.Scoring); err != nil {
		return Event{}, err
	}
	if p.Overall != nil && e.Overall.Method == OverallCarryOver {
		secs, err := s.store.Sections(ctx, e.ID)
		if err != nil {
			return Event{}, err
		}
		if noOverall(&e, secs) != nil {
			return Event{}, Invalidf("overall.method", "event "+strconv.Quote(e.Name)+" is a knockout: it has no overall ranking to carry sessions into (a match's carry-over is its own: movement.carry_imps of its section)", OverallSum)
		}
	}
	rescore := false
	if p.Law != nil {
		law, err := scoring.ParseLaw("law", *p.Law)
		if err != nil {
			return Event{}, fromScoring(err, "")
		}
		if law != e.Law {
			e.Law, e.LawOptions, rescore = law, nil, true
		}
	}
	if p.LawOptions != nil || rescore {
		opts := LawOptions{}
		if !rescore {
			for k, v := range e.LawOptions {
				opts[k] = v
			}
		}
		for k, v := range p.LawOptions {
			opts[k] = v
		}
		if _, opts, err = rulesFor(e.Law, opts); err != nil {
			return Event{}, err
		}
		rescore = rescore || !sameOptions(opts, e.LawOptions)
		e.LawOptions = opts
	}
	var rescorer Rescorer
	if rescore {
		if _, err := e.Rules(); err != nil {
			return Event{}, err
		}
		rescorer = rescoreUnder
	}
	if acrossField(&e) && !acrossField(&was) {
		// A section with a law code of its own cannot be compared across
		// the field: refused naming it, and checked again in the change's
		// transaction, once it holds the sections (a code given a section
		// meanwhile waits for it, or is stored before and seen there).
		secs, err := s.store.Sections(ctx, e.ID)
		if err != nil {
			return Event{}, err
		}
		if err := ownCodesAcross(&e, secs); err != nil {
			return Event{}, err
		}
		rescorer = acrossRescorer(&e, rescorer)
	}
	// The results are scored again inside the change's transaction, once
	// it holds the event's sections: an entry racing the change is either
	// among them or checked again under the new code (CreateResultsAt).
	err = s.store.UpdateEvent(ctx, &e, rescorer, a.Name)
	s.cache.events.Delete(e.ID)
	if err != nil {
		return Event{}, err
	}
	return e, nil
}

// acrossRescorer is the Rescorer of a change that compares e's sections
// across the field: it refuses a section that plays a code of its own as
// the change's transaction holds it (ownCodesAcross), then scores it
// again with rescore (nil: not at all).
func acrossRescorer(e *Event, rescore Rescorer) Rescorer {
	return func(in *Event, sectionID int64, boards []Board, results []Result) ([]ResultScore, error) {
		if in.Law != e.Law || !sameOptions(in.LawOptions, e.LawOptions) {
			return nil, Invalidf("overall.field", "section "+strconv.FormatInt(sectionID, 10)+" plays "+in.Law.String()+", a law code of its own, and event "+
				strconv.FormatInt(e.ID, 10)+" plays "+e.Law.String()+": scores under two codes cannot be compared across the field; give the section its event's code first", FieldSection)
		}
		if rescore == nil {
			return nil, nil
		}
		return rescore(in, sectionID, boards, results)
	}
}

// rescoreUnder is the Rescorer of a change: each result scored again under
// e's law code with the boards as stored (a board not stored is implied by
// its number).
func rescoreUnder(e *Event, sectionID int64, stored []Board, results []Result) ([]ResultScore, error) {
	rules, err := e.Rules()
	if err != nil {
		return nil, err
	}
	boards := make(map[int]Board, len(stored))
	for _, b := range stored {
		boards[b.Number] = b
	}
	for _, r := range results {
		if _, ok := boards[r.Board]; !ok {
			boards[r.Board] = Board{SectionID: sectionID, Number: r.Board, Dealer: scoring.BoardDealer(r.Board), Vulnerability: scoring.BoardVulnerability(r.Board)}
		}
	}
	return rescoreResults(&rules, boards, results)
}

// rescoreResults scores results again, returning those whose score changes.
func rescoreResults(rules *scoring.Rules, boards map[int]Board, results []Result) ([]ResultScore, error) {
	var out []ResultScore
	for i := range results {
		r := &results[i]
		b := boards[r.Board]
		sc, err := scoreResult(rules, &b, r, "")
		if err != nil {
			return nil, &Error{Kind: ErrConflict, Field: "law", Current: r,
				Message: "result " + strconv.FormatInt(r.ID, 10) + " (board " + strconv.Itoa(r.Board) + ", round " + strconv.Itoa(r.Round) + ", table " + strconv.Itoa(r.Table) + ") cannot be scored that way: " + err.Error() + "; correct or delete it first"}
		}
		if sc.NSScore != r.NSScore {
			out = append(out, ResultScore{ResultID: r.ID, NSScore: sc.NSScore})
		}
	}
	return out, nil
}

// sameOptions reports whether two option sets hold the same values.
func sameOptions(a, b LawOptions) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok {
			return false
		}
		if x, ok := wholeNumber(v); ok {
			if y, ok := wholeNumber(w); !ok || x != y {
				return false
			}
			continue
		}
		if v != w {
			return false
		}
	}
	return true
}

// checkName trims a name and checks it is given and not too long.
func checkName(field, name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", Invalidf(field, "required")
	case len(name) > maxName:
		return "", Invalidf(field, "too long: at most "+strconv.Itoa(maxName)+" characters")
	}
	return name, nil
}

// checkDate checks a civil date written YYYY-MM-DD.
func checkDate(d string) (string, error) {
	if d == "" {
		return "", Invalidf("date", "required: the day the event is played, as YYYY-MM-DD")
	}
	if _, err := time.Parse(time.DateOnly, d); err != nil {
		return "", Invalidf("date", strconv.Quote(d)+": not a date; write it YYYY-MM-DD, e.g. 2026-11-24")
	}
	return d, nil
}

// checkMethod reads a scoring method; "" is MP.
func checkMethod(m string) (Method, error) {
	if m == "" {
		return MethodMP, nil
	}
	for _, x := range Methods {
		if strings.EqualFold(m, string(x)) {
			return x, nil
		}
	}
	names := make([]string, len(Methods))
	for i, x := range Methods {
		names[i] = string(x)
	}
	return "", Invalidf("scoring", strconv.Quote(m)+": not a scoring method", names...)
}

// sectionsFit checks that every section of an event can be scored by the
// event's (new) method (methodFits), naming the field "scoring": a pairs
// section is not scored by a teams method, nor a teams section by a pairs
// one, nor a knockout by another than IMP_TEAMS.
func (s *Service) sectionsFit(ctx context.Context, e *Event) error {
	secs, err := s.store.Sections(ctx, e.ID)
	if err != nil {
		return err
	}
	for i := range secs {
		sec := &secs[i]
		// A stored VP scale or bye's VPs stays, unused by a method that
		// has no VPs (and used again if the event goes back to IMP_TEAMS).
		spec := sec.Spec
		spec.VPScale, spec.VPTable, spec.ByeVPs = "", nil, nil
		if fit := methodFits(e, &spec, sec.Movement.Kind); fit != nil {
			allowed := pairMethods()
			if sec.Movement.Kind == movement.KindTeams {
				allowed = TeamMethods
				if sec.Spec.Kind == "knockout" {
					allowed = []Method{MethodIMPTeams}
				}
			}
			names := make([]string, len(allowed))
			for k, m := range allowed {
				names[k] = string(m)
			}
			return Invalidf("scoring", string(e.Scoring)+": section "+sec.Name+" ("+sec.Movement.Name+") cannot be scored so — "+fit.Message, names...)
		}
	}
	return nil
}

// pairMethods are the methods of a pairs event: Methods that are not
// TeamMethods.
func pairMethods() []Method {
	var out []Method
	for _, m := range Methods {
		if !m.Teams() {
			out = append(out, m)
		}
	}
	return out
}
