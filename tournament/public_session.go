package tournament

// SessionOver reports whether a section's session is over, by the public
// rule of FinishedBoards extended to the whole section: every board its
// movement plays is finished. Then no pair has a board still to play, and
// the section's frequencies and hand records may be shown all together.
// results are all of the section's.
func SessionOver(sec *Section, results []Result) bool {
	done := FinishedBoards(sec, results)
	if len(done) == 0 {
		return false
	}
	for _, finished := range done {
		if !finished {
			return false
		}
	}
	return true
}
