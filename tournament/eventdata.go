package tournament

import (
	"context"
	"slices"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// EventData is an event with everything in it — sections, pairs, teams,
// boards, results, travelers and standings — for reports, spreadsheets and
// interchange files.
type EventData struct {
	Event    Event
	Sections []SectionData
	Digest   []byte // the sha-256 of the file it was read from, kept with an imported event; nil otherwise
	Figures  bool   // read from a file with figures of its own (line points, totals…): the import keeps its sections' Official, for KeepFigures
	// With is another event a heavy read compares this one with, whole
	// (Service.HeavyWith); nil otherwise.
	With *EventData
}

// SectionData is one section of an EventData.
type SectionData struct {
	Section   Section
	Pairs     []Pair
	Teams     []Roster
	Boards    []Board    // every board of the movement, stored or implied by its number
	Results   []Result   // every result, itemised, by board, round and table
	Travelers []Traveler // one a board, in board order
	Standings Standings
	Analyses  []Analysis        // the double-dummy analyses of its boards, by number (those worked out, and seen)
	Official  []PointCorrection // read from a file (EventData.Figures): the file's own line points that differ from traveler's, as corrections, which an import keeps for KeepFigures
}

// EventData gathers an event for a report: to a director as it is stored,
// or to anyone when the event is published, by the public rule (see
// publicResults).
func (s *Service) EventData(ctx context.Context, a Actor, eventID int64) (EventData, error) {
	return s.eventData(ctx, a, eventID, nil, EventPart{})
}

// eventData is EventData taking the itemised lines of results scored
// already (carried, by section and slot: an import's, just checked) rather
// than scoring them again, where the store holds the same score.
//
// Only the sections of part are read (all of them for the zero EventPart).
func (s *Service) eventData(ctx context.Context, a Actor, eventID int64, carried map[carriedKey]scored, part EventPart) (EventData, error) {
	e, err := s.cache.Event(ctx, eventID)
	if err != nil {
		return EventData{}, err
	}
	if err := canRead(a, &e, 0); err != nil {
		return EventData{}, err
	}
	secs, err := s.reader(a).Sections(ctx, eventID)
	if err != nil {
		return EventData{}, err
	}
	out := EventData{Event: e}
	read := part
	if acrossField(&e) && part.SectionID != 0 {
		// A section scored across the field is scored with its session's
		// other sections: read them all, keep the one asked for.
		for i := range secs {
			if secs[i].ID == part.SectionID {
				read = EventPart{Session: secs[i].Session}
			}
		}
	}
	for i := range secs {
		sec := secs[i]
		if !read.has(&sec) {
			continue
		}
		giveWay(ctx) // a making's yield point (HeavyOptions.GiveWay)
		pairs, err := s.reader(a).Pairs(ctx, sec.ID)
		if err != nil {
			return EventData{}, err
		}
		var teams []Roster
		if sec.Movement.Kind == movement.KindTeams {
			if teams, err = s.reader(a).Teams(ctx, sec.ID); err != nil {
				return EventData{}, err
			}
		}
		boards, err := s.cache.BoardMap(ctx, &sec)
		if err != nil {
			return EventData{}, err
		}
		results, err := s.reader(a).Results(ctx, ResultFilter{SectionID: sec.ID})
		if err != nil {
			return EventData{}, err
		}
		if err := s.withVersions(ctx, a, sec.ID, results); err != nil {
			return EventData{}, err
		}
		applyCorrections(&sec, results)
		withCarried(sec.ID, results, carried)
		seen := func(int) bool { return true }
		if !seesAll(a) {
			// The public (and a table) read an event's files and reports by
			// the public rule, as its pages and the rest of the API: the
			// lines of finished boards, without queries or who entered them,
			// and the deals of those boards only (dealsSeen).
			seen = dealsSeen(a, &sec, results)
			hidden := make(map[int]Board, len(boards))
			for n, b := range boards {
				if !seen(n) {
					b.Deal = scoring.Deal{}
				}
				hidden[n] = b
			}
			boards = hidden
			results = publicResults(a, &sec, results, results)
		}
		sd := BuildSection(e, sec, pairs, teams, boards, results)
		if sd.Analyses, err = s.sectionAnalyses(ctx, a, &sec, &e, boards, seen); err != nil {
			return EventData{}, err
		}
		out.Sections = append(out.Sections, sd)
	}
	scoreAcrossField(&out)
	if read != part {
		out.Sections = slices.DeleteFunc(out.Sections, func(sd SectionData) bool { return !part.has(&sd.Section) })
	}
	return out, nil
}

// BuildSection works out a section's travelers and standings from its
// results, as the live pages show them: results itemised under the event's
// law code, every board compared by its scoring method. boards may lack
// boards, which then follow from their number. A result that carries its
// lines already (ScoreResults scored it, under the same law code) keeps
// them: it is not scored again.
func BuildSection(e Event, sec Section, pairs []Pair, teams []Roster, boards map[int]Board, results []Result) SectionData {
	if boards == nil {
		boards = map[int]Board{}
	}
	boards = withImplied(boards, &sec)
	e = e.InSection(&sec) // its results are scored under its own code where it has one
	d := SectionData{Section: sec, Pairs: pairs, Teams: teams, Results: slices.Clone(results)}
	for n := 1; n <= sec.Movement.Boards; n++ {
		d.Boards = append(d.Boards, boards[n])
	}
	slices.SortStableFunc(d.Results, func(a, b Result) int {
		if a.Board != b.Board {
			return a.Board - b.Board
		}
		if a.Round != b.Round {
			return a.Round - b.Round
		}
		return a.Table - b.Table
	})
	if rules, err := e.Rules(); err == nil {
		for i := range d.Results {
			if d.Results[i].Lines == nil {
				itemise(&rules, boards, d.Results[i:i+1])
			}
		}
	}
	d.Standings = sectionStandings(&e, &sec, d.Results, pairs, teams)
	var sb *sectionBoards
	if !e.Scoring.Teams() && !acrossField(&e) {
		c := compareSectionFor(&e, &sec.Movement, d.Results)
		sb = &c
	}
	d.Travelers = sectionTravelersBy(e.Scoring, &sec, boards, d.Results, sb)
	return d
}

// ScoreResults scores results again under rules on their boards (boards
// may lack boards, which then follow from their number), setting each
// NSScore and Lines. A result the rules cannot score keeps NSScore 0 and
// gets an error at its index in errs (nil when all scored).
func ScoreResults(rules scoring.Rules, sec *Section, boards map[int]Board, results []Result) (errs []error) {
	if boards == nil {
		boards = map[int]Board{}
	}
	boards = withImplied(boards, sec)
	for i := range results {
		r := &results[i]
		b := boards[r.Board]
		sc, err := scoreResult(&rules, &b, r, "")
		if err != nil {
			if errs == nil {
				errs = make([]error, len(results))
			}
			errs[i] = err
			r.NSScore, r.Lines = 0, nil
			continue
		}
		r.NSScore, r.Lines = sc.NSScore, sc.Lines
	}
	return errs
}

// Select narrows an event's data to one section (sectionID ≠ 0) or one
// session (session ≠ 0), for a report on part of an event. Zero for both
// keeps the whole event. A section or session the event does not have is
// ErrNotFound; giving both, when the section is not in that session, too.
func (d EventData) Select(sectionID int64, session int) (EventData, error) {
	if sectionID == 0 && session == 0 {
		return d, nil
	}
	out := EventData{Event: d.Event}
	for _, s := range d.Sections {
		if (sectionID == 0 || s.Section.ID == sectionID) && (session == 0 || s.Section.Session == session) {
			out.Sections = append(out.Sections, s)
		}
	}
	if len(out.Sections) == 0 {
		msg := "event " + strconv.FormatInt(d.Event.ID, 10) + " has no session " + strconv.Itoa(session)
		field := "session"
		if sectionID != 0 {
			msg, field = "event "+strconv.FormatInt(d.Event.ID, 10)+" has no section "+strconv.FormatInt(sectionID, 10), "section"
			if session != 0 {
				msg += " in session " + strconv.Itoa(session)
			}
		}
		return EventData{}, &Error{Kind: ErrNotFound, Field: field, Message: msg}
	}
	return out, nil
}

// carriedKey names a result by its section and slot.
type carriedKey struct {
	section             int64
	board, round, table int
}

// withCarried gives each of a section's results read back from the store
// the lines carried for its slot, where the store holds the score they
// came with; BuildSection then does not score it again.
func withCarried(sectionID int64, results []Result, carried map[carriedKey]scored) {
	if carried == nil {
		return
	}
	for i := range results {
		r := &results[i]
		if c, ok := carried[carriedKey{sectionID, r.Board, r.Round, r.Table}]; ok && c.NSScore == r.NSScore && r.Lines == nil {
			r.Lines = c.Lines
		}
	}
}
