package api

import (
	"net/http"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// The headers of a hand-set upload (PUT .../boards with a PBN file): the
// file's board numbers the section does not play, left out, and the
// section's boards the file has no deal for, as ranges ("27-36", "5, 9-10").
const (
	HeaderBoardsLeftOut = "Traveler-Boards-Left-Out"
	HeaderBoardsMissing = "Traveler-Boards-Missing"
)

// setHandSetHeaders says which boards a hand-set upload left out and which
// it lacked, in the headers; none when there are none.
func setHandSetHeaders(h http.Header, set tournament.HandSet) {
	ranges := func(ns []int) string { return strings.ReplaceAll(tournament.NumberRanges(ns), "–", "-") }
	if len(set.LeftOut) > 0 {
		h.Set(HeaderBoardsLeftOut, ranges(set.LeftOut))
	}
	if len(set.Missing) > 0 {
		h.Set(HeaderBoardsMissing, ranges(set.Missing))
	}
}
