package reports

import (
	"slices"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// sectionUnder is a section's results scored again under one law code, as
// the reports that set codes side by side read them (the par report, the
// code and law comparisons).
type sectionUnder struct {
	Results []tournament.Result // a copy of the section's results, each scored under the code
	Errs    []error             // nil, or for each result why the code cannot score it (nil where it can)
}

// scoreSectionUnder scores the results of sd again under rules, with the
// section's boards (tournament.ScoreResults, the scoring every entry
// uses); sd is left as it was.
func scoreSectionUnder(rules scoring.Rules, sd *tournament.SectionData) sectionUnder {
	sec := sd.Section
	results := slices.Clone(sd.Results)
	return sectionUnder{Results: results, Errs: tournament.ScoreResults(rules, &sec, boardMap(sd.Boards), results)}
}

// failed returns why the code cannot score result i; nil when it can.
func (s *sectionUnder) failed(i int) error {
	if s.Errs == nil {
		return nil
	}
	return s.Errs[i]
}

// played reports whether result i counts at the table under the code:
// played or passed out, and scored by it.
func (s *sectionUnder) played(i int) bool {
	st := s.Results[i].Status
	return s.failed(i) == nil && (st == tournament.StatusPlayed || st == tournament.StatusPassedOut)
}
