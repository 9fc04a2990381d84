package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/traveler-bridge/traveler/tournament"
)

// parsedPage parses a session page's HTML for the setup helpers.
func parsedPage(t *testing.T, p sessionPage) setupPage {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(p.body))
	if err != nil {
		t.Fatal(err)
	}
	return setupPage{Status: p.status, Location: p.location, Body: []byte(p.body), Doc: doc}
}

// travelerPoints reads a traveler table's lines: "round/table NS|EW" points.
func travelerPoints(t *testing.T, p setupPage, tableID string) string {
	t.Helper()
	var out []string
	for _, tr := range p.byClass(p.mustID(t, tableID), "line") {
		cells := p.byClass(tr, "num")
		round, table := setupText(cells[0]), setupText(cells[1])
		ns := setupText(p.byClass(tr, "ns-points")[0])
		ew := setupText(p.byClass(tr, "ew-points")[0])
		out = append(out, round+"/"+table+" "+ns+"|"+ew)
	}
	return strings.Join(out, ", ")
}

// TestFouledBoardForm: the director's traveler marks a fouled board, one
// version a table; the traveler (director's and public) then shows each
// version apart with its own matchpoints, and a bad choice is refused on
// the page, naming the table, with the form refilled.
//
// Board 1 of the session Howell (newSessionHowell, enterAllBut) is played 3
// times: round 1 table 1 420, round 2 table 2 420, round 5 table 2 −50.
// EBU matchpoints (2 a score beaten, 1 a tie), n = 3, top 4:
//
//	as dealt: 420 and 420 beat −50 and tie: 3 each; −50: 0 (EW 1, 1, 4).
//	round 1 table 1 fouled (version 2): version 1 is 420 (round 2) and −50,
//	m = 2, Neuberg (raw+1)·n/m − 1 (scoring.Matchpoints; the testdata
//	README's Compscore3 files): 420 (2+1)·3/2 − 1 = 3.5, −50 (0+1)·3/2 − 1 = 0.5;
//	version 2 is 420 alone, m = 1: (0+1)·3 − 1 = 2, the average.
func TestFouledBoardForm(t *testing.T) {
	e := newSessionEnv(t)
	f := newSessionHowell(t, e.svc)
	enterAllBut(t, e.svc, f.section)
	path := "/director/sections/" + strconv.FormatInt(f.section.ID, 10) + "/travelers/1"

	p := parsedPage(t, e.want(http.StatusOK, true, path, nil))
	form := p.mustID(t, "fouled-form")
	sent := setupFormFields(form)
	for _, k := range []string{"version-1-1", "version-2-2", "version-5-2"} {
		if sent.Get(k) != "1" {
			t.Errorf("%s = %q, want 1 (as dealt)", k, sent.Get(k))
		}
	}
	if got := setupOptions(p.mustID(t, "version-1-1")); len(got) != tournament.MaxBoardVersion {
		t.Errorf("versions offered: %v", got)
	}
	if p.byID("fouled-note") != nil || p.byID("traveler-v2") != nil {
		t.Error("an unfouled board shows as fouled")
	}
	if got, want := travelerPoints(t, p, "traveler"), "1/1 3|1, 2/2 3|1, 5/2 0|4"; got != want {
		t.Errorf("as dealt: %s, want %s", got, want)
	}

	// A version out of range: refused on the page, naming the table, the
	// other choices kept; nothing stored.
	bad := url.Values{"version-1-1": {"7"}, "version-2-2": {"2"}, "version-5-2": {"1"}}
	r := parsedPage(t, e.want(http.StatusUnprocessableEntity, true, path+"/versions", bad))
	if msg := r.errorText(); !strings.Contains(msg, "round 1, table 1") || !strings.Contains(msg, "1 (as dealt) to 4") {
		t.Errorf("error: %q", msg)
	}
	if setupAttr(r.mustID(t, "version-1-1"), "aria-invalid") != "true" {
		t.Error("the refused table's choice is not marked invalid")
	}
	if got := setupSelected(r.mustID(t, "version-2-2")); got != "2" {
		t.Errorf("refilled version-2-2 = %q, want 2", got)
	}
	if vs, _ := e.svc.BoardVersions(context.Background(), tournament.Director, f.section.ID, 1); vs[0].Version != 1 || vs[1].Version != 1 {
		t.Errorf("a refused form stored %v", vs)
	}

	// Round 1 table 1 played version 2.
	sent.Set("version-1-1", "2")
	done := e.want(http.StatusSeeOther, true, path+"/versions", sent)
	if !strings.Contains(done.location, url.QueryEscape("fouled: version 2 at round 1 table 1")) {
		t.Errorf("redirect %q", done.location)
	}
	p = parsedPage(t, e.want(http.StatusOK, true, path, nil))
	if p.byID("fouled-note") == nil {
		t.Error("no note that the board is fouled")
	}
	if got := setupSelected(p.mustID(t, "version-1-1")); got != "2" {
		t.Errorf("version-1-1 = %q after storing 2", got)
	}
	if got, want := travelerPoints(t, p, "traveler"), "2/2 3.5|0.5, 5/2 0.5|3.5"; got != want {
		t.Errorf("version 1: %s, want %s", got, want)
	}
	if got, want := travelerPoints(t, p, "traveler-v2"), "1/1 2|2"; got != want {
		t.Errorf("version 2: %s, want %s", got, want)
	}
	if c := setupText(p.mustID(t, "traveler-v2")); !strings.Contains(c, "Board 1, version 2 (fouled): 1 result") {
		t.Errorf("version 2's caption: %q", c)
	}

	// The event's changes say who marked what.
	changes := e.want(http.StatusOK, true, "/director/events/"+strconv.FormatInt(f.event.ID, 10)+"/changes", nil)
	pageHas(t, "the changes", changes, "board 1: every table as dealt", "board 1: version 2: round 1 table 1")

	// The frequencies count each version's scores apart: +420 in version 1
	// (3.5) and +420 in version 2 (2) are two rows.
	res := parsedPage(t, e.want(http.StatusOK, true, "/director/sections/"+strconv.FormatInt(f.section.ID, 10)+"/results", nil))
	var rows []string
	for _, tr := range res.byClass(res.mustID(t, "frequencies-1"), "freq-score") {
		rows = append(rows, setupText(tr))
	}
	if got, want := strings.Join(rows, "; "), "420; -50; 420 version 2"; got != want {
		t.Errorf("board 1's frequencies: %s, want %s", got, want)
	}

	// The public traveler, once published, shows the versions apart too.
	yes := true
	if _, err := e.svc.UpdateEvent(context.Background(), tournament.Director, f.event.ID, tournament.EventPatch{Published: &yes}); err != nil {
		t.Fatal(err)
	}
	pub := parsedPage(t, e.want(http.StatusOK, false, "/sections/"+strconv.FormatInt(f.section.ID, 10)+"/travelers/1", nil))
	if got, want := travelerPoints(t, pub, "traveler-v2"), "1/1 2|2"; got != want {
		t.Errorf("public version 2: %s, want %s", got, want)
	}
	if pub.byID("fouled-form") != nil {
		t.Error("the public sees the fouled board form")
	}

	// Every table back to 1: as dealt again.
	sent.Set("version-1-1", "1")
	e.want(http.StatusSeeOther, true, path+"/versions", sent)
	p = parsedPage(t, e.want(http.StatusOK, true, path, nil))
	if got, want := travelerPoints(t, p, "traveler"), "1/1 3|1, 2/2 3|1, 5/2 0|4"; got != want || p.byID("traveler-v2") != nil {
		t.Errorf("cleared: %s, want %s in one table", got, want)
	}
}
