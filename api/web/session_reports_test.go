package web_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
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

// TestReportsPageComparesCodes: an event whose second section plays the
// same boards under royalton-1915 (its own code) shows the code comparison
// on its reports page: both sides named, the boards, and the Wilcoxon
// signed-rank test in plain words; the traveler of the Royalton section
// scores 4S by N making 10 as 40 + 125 = +165 (LAWS.md), where the
// contract-2017 section scores +420 (Law 77).
func TestReportsPageComparesCodes(t *testing.T) {
	e := newSessionEnv(t)
	ctx := context.Background()
	sec := newTravelerHowell(t, e.svc, "contract-2017")
	r, err := e.svc.CreateSection(ctx, tournament.Director, sec.EventID, tournament.SectionInput{Name: "R", Movement: sec.Spec, Law: "royalton-1915"})
	if err != nil {
		t.Fatal(err)
	}
	var boards []tournament.BoardInput
	for b := 1; b <= r.Movement.Boards; b++ {
		boards = append(boards, tournament.BoardInput{Number: b, Deal: travelerDeal})
	}
	if _, err := e.svc.PutBoards(ctx, tournament.Director, r.ID, boards); err != nil {
		t.Fatal(err)
	}
	enterAllBut(t, e.svc, r)
	p := e.want(http.StatusOK, true, "/director/events/"+strconv.FormatInt(sec.EventID, 10)+"/reports", nil)
	pageHas(t, "reports", p, `id="codes-report-0"`, "contract-2017 (section A) against royalton-1915 (section R)", `class="codes-boards"`, "Wilcoxon signed-rank test on the share")
	pageHas(t, "Royalton traveler", e.want(http.StatusOK, true, "/director/sections/"+strconv.FormatInt(r.ID, 10)+"/travelers/1", nil), "<li>NS: 4 odd tricks at 10: 40</li><li>NS: game premium: 125</li>")
}

// TestDealtPage: the director's random-deal page shows its form; 49 deals
// (one more than tournament.MaxDealtRequest) is refused with the field
// marked and the bound said; a server without DDS answers 503; the public cannot reach it.
func TestDealtPage(t *testing.T) {
	e := newSessionEnv(t)
	pageHas(t, "form", e.want(http.StatusOK, true, "/director/reports/dealt", nil), `id="dealt-form"`, `max="48"`)
	bad := e.want(http.StatusUnprocessableEntity, true, "/director/reports/dealt?deals=49", nil)
	pageHas(t, "49 deals", bad, `aria-invalid="true"`, "deal 1 to 48 boards a request")
	e.want(http.StatusServiceUnavailable, true, "/director/reports/dealt?deals=2", nil) // the page words a 503 its own way
	if p := e.request(false, "/director/reports/dealt?deals=2", nil); p.status == http.StatusOK {
		t.Errorf("the public got the dealt page")
	}
}
