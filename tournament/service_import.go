package tournament

import (
	"context"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
)

// ImportEvent checks a whole event read from a file (USEBIO, PBN) as its
// parts would be checked when entered one by one — the event, each
// section's movement, pairs, boards and results under the event's law code —
// and stores it all or none (directors only). A section given only a
// movement's rounds is stored as a custom movement of those rounds. It
// returns the event as stored, with travelers and standings. A file whose
// bytes (d.Digest) an event already holds is refused (ErrConflict naming
// the event): see ImportEventWith. Each result is scored here, in the
// check; ImportEventWith with Scored takes a reader's scores instead. A
// section's Corrections (a file's official line points the director keeps)
// are checked as CorrectPoints checks them and stored with the event, each
// with its change.
func (s *Service) ImportEvent(ctx context.Context, a Actor, d EventData) (EventData, error) {
	return s.ImportEventWith(ctx, a, d, ImportOptions{})
}

// ImportEventWith is ImportEvent with options: o.Again imports a file an
// event already holds; o.Scored takes each result's score as it comes (the
// reader's, ScoreResults under the event's law code): the check keeps it,
// the store stores it, and the event is read back with the same lines, so
// that a file read by reports.ReadResults has each result scored once.
func (s *Service) ImportEventWith(ctx context.Context, a Actor, d EventData, o ImportOptions) (EventData, error) {
	if err := directorOnly(a, "import events"); err != nil {
		return EventData{}, err
	}
	if err := s.checkImported(ctx, &d, o); err != nil {
		return EventData{}, err
	}
	e := &d.Event
	var err error
	if e.Name, err = checkName("event.name", e.Name); err != nil {
		return EventData{}, err
	}
	if e.Date, err = checkDate(e.Date); err != nil {
		return EventData{}, err
	}
	if e.Scoring, err = checkMethod(string(e.Scoring)); err != nil {
		return EventData{}, err
	}
	if e.Convention, err = checkConvention(e.Convention); err != nil {
		return EventData{}, err
	}
	var rules scoring.Rules
	if rules, e.LawOptions, err = rulesFor(e.Law, e.LawOptions); err != nil {
		return EventData{}, err
	}
	if len(d.Sections) == 0 {
		return EventData{}, Invalidf("sections", "the file holds no section")
	}
	if len(d.Sections) > MaxSections {
		return EventData{}, tooMany("sections", len(d.Sections), MaxSections, "sections in an event")
	}
	names := map[[2]string]bool{}
	for i := range d.Sections {
		sd := &d.Sections[i]
		prefix := "sections[" + strconv.Itoa(i) + "]."
		sec := &sd.Section
		if sec.Session == 0 {
			sec.Session = 1
		}
		if sec.Name, err = checkName(prefix+"name", sec.Name); err != nil {
			return EventData{}, err
		}
		key := [2]string{strconv.Itoa(sec.Session), sec.Name}
		if names[key] {
			return EventData{}, Invalidf(prefix+"name", "section "+sec.Name+" appears twice in session "+key[0])
		}
		names[key] = true
		if sec.Spec.Kind == "" {
			// A session as played, not a director's schedule: its pairs may
			// have met again and its boards been played unequally.
			sec.Spec = MovementSpec{Kind: "custom", Schedule: sec.Movement.Rounds, Unbalanced: true}
		}
		if sec.Movement, err = sec.Spec.BuildContext(ctx); err != nil {
			return EventData{}, prefixed(err, prefix)
		}
		if err := checkRows(sd, prefix); err != nil {
			return EventData{}, err
		}
		if sec.CurrentRound == 0 {
			sec.CurrentRound = len(sec.Movement.Rounds)
		}
		if err := checkPairs(sec, sd.Pairs, prefix); err != nil {
			return EventData{}, err
		}
		boards := map[int]Board{}
		for k := range sd.Boards {
			b := &sd.Boards[k]
			field := prefix + "boards[" + strconv.Itoa(k) + "]"
			if b.Number < 1 || b.Number > sec.Movement.Boards {
				return EventData{}, Invalidf(field+".number", strconv.Itoa(b.Number)+": the section plays boards 1 to "+strconv.Itoa(sec.Movement.Boards))
			}
			if _, dup := boards[b.Number]; dup {
				return EventData{}, Invalidf(field+".number", "board "+strconv.Itoa(b.Number)+" is given twice")
			}
			boards[b.Number] = *b
		}
		withImplied(boards, sec)
		seen := map[[3]int]bool{}
		for k := range sd.Results {
			r := &sd.Results[k]
			rp := prefix + "results[" + strconv.Itoa(k) + "]."
			lead := r.Lead
			r.Lead = "" // a file's lead is kept as the file has it (fileLead), not checked against its hand record
			var sc *scored
			if o.Scored && r.Lines != nil { // the reader's score travels: checked, stored and read back, not scored again
				sc = &scored{NSScore: r.NSScore, Lines: r.Lines}
			}
			if err := checkLine(Director, sec, sec.CurrentRound, &rules, boards, r, rp, sc); err != nil {
				return EventData{}, err
			}
			r.Lead = fileLead(lead)
			slot := [3]int{r.Board, r.Round, r.Table}
			if seen[slot] {
				return EventData{}, Invalidf(rp+"board", "board "+strconv.Itoa(r.Board)+" at table "+strconv.Itoa(r.Table)+" in round "+strconv.Itoa(r.Round)+" has two results")
			}
			seen[slot] = true
		}
		// The file's official figures the director keeps (a reader's
		// KeepOfficial): corrections stored and audited with the event.
		for k := range sec.Corrections {
			pc := &sec.Corrections[k]
			if err := checkCorrection(e, sec, pc); err != nil {
				return EventData{}, prefixed(err, prefix+"corrections["+strconv.Itoa(k)+"].")
			}
			pc.By = a.Name
		}
	}
	// Each result is read back with the lines it was checked with, by
	// section and slot (the store gives the sections their IDs and the
	// results new values).
	checked := make([][]Result, len(d.Sections))
	for i := range d.Sections {
		checked[i] = d.Sections[i].Results
	}
	if err := s.store.ImportEvent(ctx, &d, a.Name, o); err != nil {
		return EventData{}, err
	}
	carried := map[carriedKey]scored{}
	for i := range d.Sections {
		id := d.Sections[i].Section.ID
		for _, r := range checked[i] {
			carried[carriedKey{id, r.Board, r.Round, r.Table}] = scored{NSScore: r.NSScore, Lines: r.Lines}
		}
	}
	return s.eventData(ctx, a, d.Event.ID, carried, EventPart{})
}

// checkRows refuses at once a section of a file with more rows than its
// movement has room for: a pair, a board once each, a result for each play
// of a board.
func checkRows(sd *SectionData, prefix string) error {
	m := &sd.Section.Movement
	plays := 0
	for _, n := range m.Plays() {
		plays += n
	}
	name := sd.Section.Name
	if err := checkListSize(prefix+"pairs", len(sd.Pairs), m.Pairs, "pairs", name); err != nil {
		return err
	}
	if err := checkListSize(prefix+"boards", len(sd.Boards), m.Boards, "boards", name); err != nil {
		return err
	}
	return checkListSize(prefix+"results", len(sd.Results), plays, "results (one for each play of a board)", name)
}

// prefixed puts an *Error's field under prefix.
func prefixed(err error, prefix string) error {
	if te, ok := err.(*Error); ok {
		c := *te
		c.Field = prefix + c.Field
		return &c
	}
	return err
}
