package web_test

import (
	"net/http"
	"net/url"
	"strconv"
	"testing"
)

// TestCorrectToArtificial: the director corrects a played line to an
// artificial adjusted score of 60% to NS and 40% to EW (average plus and
// average minus, Law 12C2) on the correction form; each side's percentage
// is stored as entered, on its own side.
func TestCorrectToArtificial(t *testing.T) {
	e := newSessionEnv(t)
	f := newSessionHowell(t, e.svc)
	enterAllBut(t, e.svc, f.section)
	line := storedAt(t, e.svc, f.section.ID, b1r1)
	rpath := "/director/results/" + strconv.FormatInt(line.ID, 10)
	e.want(http.StatusSeeOther, true, rpath, url.Values{"version": {strconv.Itoa(line.Version)}, "status": {"artificial"},
		"ns_percent": {"60"}, "ew_percent": {"40"}, "query": {""}})
	got := storedAt(t, e.svc, f.section.ID, b1r1)
	if got.Status != "artificial" || got.NSPercent != 60 || got.EWPercent != 40 {
		t.Errorf("corrected to %s NS %d%% EW %d%%; want artificial NS 60%% EW 40%%", got.Status, got.NSPercent, got.EWPercent)
	}
}
