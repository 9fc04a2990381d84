package tournament

import "strconv"

// FinishedBoards tells which boards of a section are finished: every table
// that plays the board has its result in (a table where a half table's
// missing pair sits is not waited for, nor a slot marked to be played later
// while it has no result). Until then the public sees no line
// of the board, so no pair still to play it can read how it went. results
// are all of the section's.
func FinishedBoards(sec *Section, results []Result) map[int]bool {
	type slot struct{ board, round, table int }
	m := &sec.Movement
	have := make(map[slot]bool, len(results))
	for _, r := range results {
		have[slot{r.Board, r.Round, r.Table}] = true
	}
	due := map[int]int{}
	in := map[int]int{}
	for _, rd := range m.Rounds {
		for _, t := range rd.Tables {
			if m.Phantom != 0 && (t.NS == m.Phantom || t.EW == m.Phantom) {
				continue
			}
			for _, b := range t.Boards {
				done := have[slot{b, rd.Number, t.Table}]
				if !done && sec.Pace.IsLate(Slot{b, rd.Number, t.Table}) {
					continue // to be played later: not waited for (pace.go)
				}
				due[b]++
				if done {
					in[b]++
				}
			}
		}
	}
	out := make(map[int]bool, len(due))
	for b, n := range due {
		out[b] = in[b] == n
	}
	return out
}

// seesAll reports whether a reads results as they are stored: the
// director. Anyone else reads them by the public rule — only the lines of
// finished boards (FinishedBoards), without the players' query or who
// entered them — but a table token reads its own table's lines as they are
// (see publicResults).
func seesAll(a Actor) bool { return a.Role == RoleDirector }

// publicLine blanks what only the director and the table see of a line.
func publicLine(r *Result) {
	r.Query = ""
	r.EnteredBy = ""
}

// publicResults keeps of results (some of the section's, all of which are
// all) those a may see, as a sees them: a table token its own table's lines
// as they are, and everyone the lines of finished boards without what only
// the director and the table see.
func publicResults(a Actor, sec *Section, results, all []Result) []Result {
	done := FinishedBoards(sec, all)
	kept := make([]Result, 0, len(results))
	for _, r := range results {
		switch {
		case a.Role == RoleTable && a.SectionID == sec.ID && a.Table == r.Table:
			kept = append(kept, r)
		case done[r.Board]:
			publicLine(&r)
			kept = append(kept, r)
		}
	}
	return kept
}

// finishedOnly keeps of a section's results those of its finished boards:
// what standings count for anyone but the director, so that how a board
// went cannot be read off the totals by a pair still to play it. It keeps
// them in results' own array: results is not to be used after.
func finishedOnly(sec *Section, results []Result) []Result {
	done := FinishedBoards(sec, results)
	kept := results[:0] // in place: a big section's results are 20,000
	for _, r := range results {
		if done[r.Board] {
			kept = append(kept, r)
		}
	}
	return kept
}

// notFinished is the public's answer for a board still in play.
func notFinished(board int) error {
	return &Error{Kind: ErrNotFound, Field: "board",
		Message: "board " + strconv.Itoa(board) + " is not finished yet: its traveler shows once every table has played it"}
}

// dealsSeen returns the boards whose deals a may see: every board for the
// director; for anyone else, the finished boards, and a table token also
// those its table has played — a hand record (and its double-dummy
// analysis) tells a pair still to play a board what it holds.
func dealsSeen(a Actor, sec *Section, results []Result) func(board int) bool {
	if seesAll(a) {
		return func(int) bool { return true }
	}
	done := FinishedBoards(sec, results)
	played := map[int]bool{}
	if a.Role == RoleTable && a.SectionID == sec.ID {
		for _, r := range results {
			if r.Table == a.Table {
				played[r.Board] = true
			}
		}
	}
	return func(board int) bool { return done[board] || played[board] }
}
