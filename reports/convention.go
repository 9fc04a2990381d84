package reports

import (
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// programConventions are the results programs whose files say which
// convention (scoring.Conventions) their figures follow, by a word of the
// program's name as the file writes it (USEBIO's PROGRAM_NAME, PBN's
// [Application]), and why: issue 27 found EBUScore's and ScoreBridge's
// figures on their own files. RealBridge is not among them: its real USEBIO
// file (testdata/usebio/realbridge_mp_pairs.xml, RealBridge 1.3.7) rounds
// its percentages to the nearest hundredth, as traveler's own convention
// does (42.857… is 42.86), not down as the "realbridge" convention does,
// which made 8 of its 16 percentages differ (TestUSEBIOPairsProgramFiles).
var programConventions = []struct{ word, convention, why string }{
	// EBUScore: its real file (testdata/usebio/ebuscore_pairs_two_sections.xml,
	// EBUScore Pairs 1.2.20) writes Neuberg-factored lines to 0.01 (29.81),
	// not to the EBU's 0.1, and adds them as written: under "ebu" 18 of its
	// 35 percentages were reproduced, under "ebuscore" all 35
	// (TestUSEBIOEBUScoreAcrossField).
	{"ebuscore", "ebuscore", "EBUScore rounds each line's matchpoints, Neuberg-factored ones included, to 0.01 before adding"},
	{"scorebridge", "ebu", "ScoreBridge rounds each line's matchpoints (Neuberg-factored ones to 0.1) before adding"},
	// BriAn (an English club program): its real file
	// (testdata/usebio/brian_mp_pairs.xml, BriAn 213) scores board 21's
	// real results on their own top of 8 beside an A5050 line and each
	// pair's percentage on the tops of the boards it played: all 288 line
	// figures and 13 percentages under "brian", 12 of its 13 places (it
	// places by percentage, traveler by total scaled to the boards).
	{"brian", "brian", "BriAn scores the real results of a board with an adjusted score on their own smaller top, not rescaled, and each pair's percentage on the tops of its boards"},
	// Ruter i Norge, the Norwegian federation's program: its real file
	// (testdata/pbn/ruter_butler_2012.pbn) writes a shared place as Rank
	// and RankTie (4 and 5); the federation's rule for adjusted scores
	// (Turneringsreglement 3.2.3) is taken to be its program's.
	// ACBLscore, the ACBL's club and tournament program: two real club
	// games it scored (testdata/acbl, ACBL Live for Clubs, whose uploads
	// name "ACBLScore/ScoreParser" 833) are reproduced whole under "acbl"
	// — 804 line figures, 36 totals and percentages — where traveler's own
	// convention differed on 13 totals and 7 percentages
	// (TestACBLscoreClubGames).
	{"acblscore", "acbl", "ACBLscore factors every pair's total to the section's boards and takes its percentage from that total as written"},
	// Magic Contest France, the FFB's program: its real file
	// (testdata/pbn/magic_contest_ffb_2022.pbn, 4.13.3.4) writes each
	// line's matchpoints to 0.1 (a Neuberg-factored 0.048 as 0.0) and each
	// pair's total as the sum of its lines as written: under traveler's
	// own convention 21 of its figures differed, under "wbf" none but one
	// tie's place, which the file splits by a Tiebreak column traveler
	// does not make (TestMagicContestLinePointsToATenth).
	{"magic contest", "wbf", "Magic Contest rounds each line's matchpoints, Neuberg-factored ones included, to 0.1 before adding"},
	{"ruter", "norway", "Ruter writes a shared place as the places it covers (4-5), and the Norwegian federation's rules give each real result 1 matchpoint per adjusted score on its board, not Neuberg"},
}

// convention returns the convention an event read from a file follows:
// the one asked for (ReadOptions.Convention; "traveler" for traveler's
// own), else the one its program
// (written at line, in element) is known to use, with a note saying which
// and why; "" (traveler's own) for any other program.
func (rd *reading) convention(program string, line int, element string) string {
	if rd.opt.Convention == "traveler" {
		return "" // asked for traveler's own, whatever the program
	}
	if rd.opt.Convention != "" {
		return rd.opt.Convention
	}
	p := strings.ToLower(program)
	for _, c := range programConventions {
		if p != "" && strings.Contains(p, c.word) {
			rd.note(line, element, "the file was written by "+program+": its figures are worked out by the "+c.convention+" convention ("+c.why+"); give another convention to read it otherwise")
			return c.convention
		}
	}
	return ""
}

// conventionCommentPrefix begins the comment in which traveler's USEBIO
// export names the event's convention (USEBIO 1.2 has no element for
// it): "traveler: the figures follow the ebu convention, …", read back by
// usebioConvention as PBN's TravelerConvention tag is.
const conventionCommentPrefix = "traveler: the figures follow the "

// conventionComment is that comment's text for convention c.
func conventionComment(c scoring.Convention) string {
	return conventionCommentPrefix + c.Name + " convention, " + c.Doc
}

// usebioConvention returns the convention of an event read from a USEBIO
// file: the one asked for, else the one traveler's comment among the
// EVENT's comments names (written by conventionComment), else the one its
// program is known to use (convention). An unknown name in the comment is
// a *FileError naming the comment and the conventions allowed.
func (rd *reading) usebioConvention(ev *USEBIOEvent) (string, error) {
	if rd.opt.Convention == "" {
		for _, c := range ev.Notes {
			rest, ok := strings.CutPrefix(c, conventionCommentPrefix)
			if !ok {
				continue
			}
			name, _, _ := strings.Cut(rest, " ")
			conv, err := scoring.ParseConvention("convention", name)
			if err != nil {
				return "", &FileError{Format: "USEBIO", Line: ev.Line, Element: "EVENT <!-- " + conventionCommentPrefix + "… convention -->", Value: name,
					Expected: "a convention: " + strings.Join(scoring.ConventionNames(), ", ")}
			}
			return conv.Name, nil
		}
	}
	return rd.convention(ev.Program, ev.Line, "EVENT/PROGRAM_NAME"), nil
}

// conventionFromFigures is issue 27 §1's "read from a file where … the
// figures show which one its program used": for a file read by traveler's
// own convention because neither it nor its program names one, whose own
// figures differ from traveler's (diffs), it scores the file again under
// each convention traveler knows and, where exactly one reproduces every
// figure the file prints, returns the event scored by it with a note
// saying which and why. Where several do, they are named in a note and
// the event stays traveler's own: the figures do not tell them apart. A
// team event, or one no convention fits, is returned as it is.
func (rd *reading) conventionFromFigures(d tournament.EventData, diffs []Difference) (tournament.EventData, []Difference) {
	if len(diffs) == 0 || rd.opt.Convention != "" || d.Event.Convention != "" || d.Event.Scoring.Teams() {
		return d, diffs
	}
	var fits []string
	var first tournament.EventData
	for _, name := range scoring.ConventionNames()[1:] {
		again := scoredUnder(d, name)
		if len(compareOfficial(&again, rd.official)) == 0 {
			if fits = append(fits, name); len(fits) == 1 {
				first = again
			}
		}
	}
	n := strconv.Itoa(len(diffs))
	switch len(fits) {
	case 0:
		return d, diffs
	case 1:
		c := scoring.Conventions[fits[0]]
		rd.note(0, "", "the file names no program whose convention traveler knows, and "+n+" of its own figures differ from traveler's own arithmetic; the "+c.Name+
			" convention reproduces every one of them ("+c.Doc+"): read by it; give another convention to read it otherwise")
		return first, nil
	}
	rd.note(0, "", "the file names no program whose convention traveler knows, and "+n+" of its own figures differ from traveler's own arithmetic; the "+
		strings.Join(fits[:len(fits)-1], ", ")+" and "+fits[len(fits)-1]+" conventions each reproduce every one of them: read by traveler's own; give one of them to read it by it")
	return d, diffs
}

// scoredUnder is d with its event's convention set to name and every
// section's travelers and standings worked out again under it (across the
// field where the event is scored so), as the reader would have built them.
func scoredUnder(d tournament.EventData, name string) tournament.EventData {
	out := d
	out.Event.Convention = name
	out.Sections = make([]tournament.SectionData, len(d.Sections))
	for i, sd := range d.Sections {
		out.Sections[i] = tournament.BuildSection(out.Event, sd.Section, sd.Pairs, sd.Teams, boardMap(sd.Boards), sd.Results)
		out.Sections[i].Analyses = sd.Analyses
	}
	out.ScoreAcrossField()
	return out
}
