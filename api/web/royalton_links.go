package web

import (
	"strconv"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// royaltonView is the Royalton report as a page shows it: each board's
// number opens its traveler where the reader may open it.
type royaltonView struct {
	reports.RoyaltonReport
	href func(sectionID int64, board int) string // the traveler's address, "" for none
}

// TravelerLink is the address of the traveler of the board with this
// number in the section with this id, "" when the page shows the number
// alone.
func (v royaltonView) TravelerLink(sectionID int64, board int) string {
	if v.href == nil || sectionID == 0 {
		return ""
	}
	return v.href(sectionID, board)
}

// publicRoyalton links each board the public may open — a finished one
// (finished: finishedBySection's) — to its public traveler.
func publicRoyalton(r reports.RoyaltonReport, finished map[int64]map[int]bool) royaltonView {
	return royaltonView{RoyaltonReport: r, href: func(sectionID int64, board int) string {
		if !finished[sectionID][board] {
			return ""
		}
		return "/sections/" + strconv.FormatInt(sectionID, 10) + "/travelers/" + strconv.Itoa(board)
	}}
}

// directorRoyalton links every board to the director's traveler.
func directorRoyalton(r reports.RoyaltonReport) royaltonView {
	return royaltonView{RoyaltonReport: r, href: func(sectionID int64, board int) string {
		return "/director/sections/" + strconv.FormatInt(sectionID, 10) + "/travelers/" + strconv.Itoa(board)
	}}
}

// finishedBySection returns each section's finished boards by section id
// (tournament.FinishedBoards, the one rule for what the public sees).
func finishedBySection(ed *tournament.EventData) map[int64]map[int]bool {
	out := make(map[int64]map[int]bool, len(ed.Sections))
	for i := range ed.Sections {
		sd := &ed.Sections[i]
		out[sd.Section.ID] = tournament.FinishedBoards(&sd.Section, sd.Results)
	}
	return out
}
