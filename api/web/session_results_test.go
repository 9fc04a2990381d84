package web_test

import (
	"net/http"
	"regexp"
	"strconv"
	"testing"
)

// TestResultsBeforePublishing: the director sees a section's standings and
// every board's frequencies before the event is published, linked from the
// event and section pages, while the public still sees nothing.
//
// newTravelerHowell's contract-2017 results, matchpoints with a top of 4
// (three results a board, 2 a score beaten, 1 a tie):
//
//	board 1 (nobody vulnerable): 4S by N making 10, +420 (120 + 300 game),
//	  at two tables; 4S by N making 9, −50. +420 ties once and beats −50:
//	  NS 1 + 2 = 3, EW 1; −50 beats nothing: NS 0, EW 4.
//	board 2 (NS vulnerable): 3NT by S making 9 at all three tables,
//	  40 + 2×30 + 500 game = +600; all tie: 2 each.
func TestResultsBeforePublishing(t *testing.T) {
	e := newSessionEnv(t)
	sec := newTravelerHowell(t, e.svc, "contract-2017")
	sid := strconv.FormatInt(sec.ID, 10)
	eid := strconv.FormatInt(sec.EventID, 10)
	path := "/director/sections/" + sid + "/results"

	pageHas(t, "event page", e.want(http.StatusOK, true, "/director/events/"+eid, nil), `id="check-results"`, `class="results-link" href="`+path+`"`)
	pageHas(t, "section page", e.want(http.StatusOK, true, "/director/sections/"+sid, nil), `id="results-link" href="`+path+`"`)

	p := e.want(http.StatusOK, true, path, nil)
	pageHas(t, "results", p, "Not published: only directors see this page", "30 results counted; 10 of 10 boards finished",
		`<table id="director-standings" class="standings">`, `id="frequencies-1"`, `id="frequencies-10"`,
		`href="/director/sections/`+sid+`/travelers/1"`)
	row := regexp.MustCompile(`<tr><td class="num freq-score">(-?\d+)</td><td class="num freq-count">(\d+)</td><td class="num">([\d.]+)</td><td class="num">([\d.]+)</td></tr>`)
	for board, want := range map[string][][]string{
		"1": {{"420", "2", "3", "1"}, {"-50", "1", "0", "4"}},
		"2": {{"600", "3", "2", "2"}},
	} {
		sec := regexp.MustCompile(`(?s)id="frequencies-` + board + `".*?</section>`).FindString(p.body)
		got := row.FindAllStringSubmatch(sec, -1)
		if len(got) != len(want) {
			t.Fatalf("board %s: %d frequency rows, want %d\n%s", board, len(got), len(want), sec)
		}
		for i, w := range want {
			if g := got[i][1:]; g[0] != w[0] || g[1] != w[1] || g[2] != w[2] || g[3] != w[3] {
				t.Errorf("board %s row %d: score, tables, NS, EW points %v, want %v", board, i, g, w)
			}
		}
	}
	// The public still sees nothing, and the page is the director's only.
	e.want(http.StatusForbidden, false, "/sections/"+sid+"/standings", nil)
	if r := e.request(false, path, nil); r.status != http.StatusSeeOther {
		t.Errorf("the results page without signing in: %d, want a redirect to sign in", r.status)
	}
}
