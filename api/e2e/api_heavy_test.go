package e2e

import (
	"bytes"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestReportsOncePerChange (issue 24 §2): four anonymous requests at once
// for each report and file of a published event are answered alike from
// one making; a fifth, later, from what was kept; a result entered makes it
// again.
func TestReportsOncePerChange(t *testing.T) {
	e := newEnv(t)
	f := newClubNight(e)
	base := "/v1/events/" + id(f.event.ID)
	e.want(200, nil, "PATCH", base, directorToken, `{"published": true}`)
	paths := []string{"/reports/laws?to=all", "/reports/royalton", "/reports/par", "/results",
		"/report.xlsx", "/standings.csv", "/travelers.csv", "/results.pbn", "/usebio.xml?section=" + id(f.a.ID)}
	for i, p := range paths {
		replies := e.Concurrently(4, "GET", base+p, "", nil)
		for _, r := range replies {
			if r.Status != 200 || !bytes.Equal(r.Body, replies[0].Body) {
				t.Errorf("GET %s: %d, %d bytes; want 200 and the same %d bytes to each", p, r.Status, len(r.Body), len(replies[0].Body))
			}
		}
		e.want(200, nil, "GET", base+p, "", nil)
		if got := e.svc.HeavyMade(); got != int64(i+1) {
			t.Errorf("after 5 requests of GET %s: %d makings in all, want %d (one each)", p, got, i+1)
		}
	}
	made := e.svc.HeavyMade()
	// B: board 2 at round 2, table 1 (the Howell plays it there, as A did)
	e.want(201, nil, "POST", "/v1/sections/"+id(f.b.ID)+"/results", directorToken,
		[]map[string]any{howellLine(f.b, 2, 1, 2, "1S", "N", 8)})
	e.want(200, nil, "GET", base+paths[0], "", nil)
	if got := e.svc.HeavyMade(); got != made+1 {
		t.Errorf("after a result entered: %d makings, want %d (the report made again)", got, made+1)
	}
}

// TestLawsBounded: a law-code comparison of more lines than
// api.Options.MaxLawLines is refused with a 422 naming "to" (every code
// asked for) or "section" (one code), saying how to ask for less; one
// within the bound is answered.
func TestLawsBounded(t *testing.T) {
	// club night: 13 results (12 in A, 1 in B); every other code is
	// len(scoring.LawNames())-1 of them, so a bound of 13 lets one code
	// through and refuses all of them.
	e := newEnv(t, withAPI(api.Options{MaxLawLines: 13}))
	f := newClubNight(e)
	base := "/v1/events/" + id(f.event.ID)
	er := e.wantError(422, "to", "GET", base+"/reports/laws?to=all", directorToken, nil)
	if !strings.Contains(er.Error, "?to=CODE") {
		t.Errorf("the refusal says %q; want it to say how to ask for less (?to=CODE)", er.Error)
	}
	e.want(200, nil, "GET", base+"/reports/laws?to=auction-1915", directorToken, nil)
	e2 := newEnv(t, withAPI(api.Options{MaxLawLines: 12}))
	g := newClubNight(e2)
	e2.wantError(422, "section", "GET", "/v1/events/"+id(g.event.ID)+"/reports/laws?to=auction-1915", directorToken, nil)
	e2.want(200, nil, "GET", "/v1/events/"+id(g.event.ID)+"/reports/laws?to=auction-1915&section="+id(g.a.ID), directorToken, nil)
}
