package web_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// TestLawComparisonNothingComparable: every result of the contract-2017
// Howell has a level (4S, 3NT), which the Bridge codes do not have (the
// dealer names the trump), so against bridge nothing is comparable: the
// page says so and shows no standings, instead of every pair first with a
// tau of 1. The 30 results (15 table-rounds × 2 boards) are all listed.
func TestLawComparisonNothingComparable(t *testing.T) {
	e := newSessionEnv(t)
	sec := newTravelerHowell(t, e.svc, "contract-2017")
	base := "/director/events/" + strconv.FormatInt(sec.EventID, 10) + "/reports"
	p := e.want(http.StatusOK, true, base+"?to=bridge", nil)
	pageHas(t, "against bridge", p, `id="nothing-comparable"`, "<strong>Nothing is comparable:</strong> none of the event's results can be scored under bridge (30 not comparable")
	if strings.Contains(p.body, `class="comparison-field"`) || strings.Contains(p.body, "Kendall") {
		t.Errorf("against bridge the page still compares standings:\n%s", p.body)
	}
	// Against auction-1915 every result is comparable: standings compared.
	pageHas(t, "against auction-1915", e.want(http.StatusOK, true, base+"?to=auction-1915", nil), `class="comparison-field"`)
	all := e.want(http.StatusOK, true, base+"?to=all", nil)
	if n := strings.Count(all.body, `<span class="nothing-comparable">nothing comparable</span>`); n != 2 {
		t.Errorf("the overview says nothing comparable %d times, want 2 (bridge, bridge-portland)", n)
	}
}
