package reports

import (
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// A PBN file's official figures (official.go): each ScoreTable row's
// points (pbnRowFigures, read with the row) and each TotalScoreTable row's
// total, percentage and rank, compared with traveler's as USEBIO's are.

// pbnTotals is a TotalScoreTable and the game that holds it (whose Stage or
// Section tells the section it ranks).
type pbnTotals struct {
	tag  PBNTag
	game *PBNGame
}

// The TotalScoreTable columns of a pair's figures, in the order they are
// looked for: a session's own before the event's (a file of one session
// of several prints both, and traveler reads the session), matchpoints
// before IMPs.
var (
	pbnTotalColumns      = []string{"SessionScoreMP", "SessionScoreIMP", "TotalScoreMP", "TotalScoreIMP", "TotalScoreBAM"}
	pbnPercentageColumns = []string{"SessionPercentage", "TotalPercentage"}
	pbnRankColumns       = []string{"SessionRank", "Rank"}
)

// pbnOfficial gathers a PBN file's own figures for d: lines holds each
// stage's ScoreTable points (stages in the file's order), order the stage
// of each of d's sections, totals the file's TotalScoreTables. A
// TotalScoreTable ranks the section of its game's stage (stageOf), or the
// only one.
func pbnOfficial(d *tournament.EventData, stages []string, order []int, lines [][]officialLine, totals []pbnTotals) *officialFigures {
	o := &officialFigures{}
	sectionOf := map[string]int{} // stage → index in d.Sections
	for si, stage := range order {
		sectionOf[stages[stage]] = si
		for _, l := range lines[stage] {
			l.section = si
			o.lines = append(o.lines, l)
		}
	}
	for _, tt := range totals {
		si, ok := sectionOf[stageOf(tt.game, d.Event.Name)]
		if !ok {
			if len(d.Sections) != 1 {
				continue // which section it ranks is not known
			}
			si = 0
		}
		o.pairs = append(o.pairs, pbnOfficialPairs(tt.tag, si, twoWinners(d, si))...)
	}
	return o
}

// pbnOfficialPairs reads a TotalScoreTable's pairs' figures, for section
// si: PairId (with its direction, from the number or the Direction
// column, where NS and EW are ranked apart), the total, percentage and
// rank (pbnTotalColumns…); Ruter's RankTie (the last place of a tie)
// makes the rank a tie, "4=". A table that cannot be read, or has no
// PairId, gives none.
func pbnOfficialPairs(t PBNTag, si int, two bool) []officialPair {
	tb, err := readPBNTable(t)
	if err != nil || !tb.has("PairId") {
		return nil
	}
	pick := func(names []string) string {
		for _, n := range names {
			if tb.has(n) {
				return n
			}
		}
		return ""
	}
	total, pct, rank := pick(pbnTotalColumns), pick(pbnPercentageColumns), pick(pbnRankColumns)
	at := func(c string) string {
		if c == "" {
			return "[TotalScoreTable]"
		}
		return "[TotalScoreTable] " + c
	}
	var out []officialPair
	for k, row := range tb.rows {
		n, dir, err := splitPairNumber(tb.value(row, "PairId"))
		if err != nil {
			continue
		}
		if dir == "" {
			switch strings.ToUpper(strings.ReplaceAll(tb.value(row, "Direction"), "-", "")) {
			case "NS":
				dir = "NS"
			case "EW":
				dir = "EW"
			}
		}
		if !two {
			dir = ""
		}
		op := officialPair{section: si, line: t.Line + 1 + k, elements: [3]string{at(total), at(pct), at(rank)}, number: strconv.Itoa(n), direction: dir}
		if total != "" {
			op.total, _ = ParseFigure(tb.value(row, total))
		}
		if pct != "" {
			op.percentage, _ = ParseFigure(tb.value(row, pct))
		}
		if rank != "" {
			op.place = tb.value(row, rank)
			if rank == "Rank" && tb.value(row, "RankTie") != "" && !strings.HasSuffix(op.place, "=") {
				op.place += "="
			}
		}
		out = append(out, op)
	}
	return out
}
