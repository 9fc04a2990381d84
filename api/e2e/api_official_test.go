package e2e

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// officialCopy is Compscore3's mp_pairs_howell.xml (../shared/testdata)
// with one line's matchpoints changed as a scorer's hand correction would
// change them, the pairs' figures moved to match under the file's own
// convention: board 1, pair 3 (NS) against pair 11 (EW), -400 (the worst NS
// score of six, 0 and 10 on a top of 10, as the file has them) given 2 and
// 8; pair 3, which played 26 of the 27 boards (its lines add to 127.2,
// scaled × 27/26 to the file's 132.09), 132.09 → 134.17 and 48.92 → 49.69 %
// ((127.2 + 2) / 260); pair 11 131.60 → 129.60 and 48.74 → 48.00 %
// (129.60 / 270). The same edit as reports' TestOfficialFigureChanged.
func officialCopy(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(sharedtest.Path(t, "usebio", "mp_pairs_howell.xml"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	for n, e := range map[int][2]string{
		269: {"<NS_MATCH_POINTS>0<", "<NS_MATCH_POINTS>2<"}, 270: {"<EW_MATCH_POINTS>10<", "<EW_MATCH_POINTS>8<"},
		71: {"132.09", "134.17"}, 72: {"48.92", "49.69"}, 223: {"131.60", "129.60"}, 224: {"48.74", "48.00"},
	} {
		if !strings.Contains(lines[n-1], e[0]) {
			t.Fatalf("line %d does not hold %q", n, e[0])
		}
		lines[n-1] = strings.Replace(lines[n-1], e[0], e[1], 1)
	}
	return []byte(strings.Join(lines, ""))
}

// TestAPIImportOfficialFigures: the import of a file whose own figures
// differ from traveler's says where and by how much; strictly it is
// refused, nothing stored; with figures=official the file's line points are
// kept as the director's corrections — stored, audited in the event's
// changes, flagged on the traveler — and the standings are the file's
// (pair 3 134.17 / 49.69 %, pair 11 129.60 / 48.00 %, the others as the
// file has them); with traveler's figures the standings are traveler's
// (132.09 / 48.92 %) and the differences remain.
func TestAPIImportOfficialFigures(t *testing.T) {
	e := newEnv(t)
	body := officialCopy(t)
	before := countEvents(e)
	er := e.wantError(422, "*", "POST", "/v1/events/import?strict=true", directorToken, body, "Content-Type", "text/xml")
	if !strings.HasPrefix(er.Field, "file: line 261 BOARD/TRAVELLER_LINE/NS_MATCH_POINTS") || !strings.Contains(er.Error, "file 2, traveler 0") {
		t.Errorf("strict import: %+v, want the first difference named", er)
	}
	e.wantError(400, "figures", "POST", "/v1/events/import?figures=file", directorToken, body, "Content-Type", "text/xml")
	if n := countEvents(e); n != before {
		t.Fatalf("%d events after refused imports, want %d", n, before)
	}

	var imp api.ImportResponse
	e.want(201, &imp, "POST", "/v1/events/import?figures=official", directorToken, body, "Content-Type", "text/xml")
	var whys []string
	for _, d := range imp.File.Differences {
		whys = append(whys, d.Where+": "+d.Why)
	}
	want := []string{
		"board 1 round 1 table 1 (3 v 11) NS points: file 2, traveler 0 (by +2.00)",
		"board 1 round 1 table 1 (3 v 11) EW points: file 8, traveler 10 (by -2.00)",
		"pair 3 total: file 134.17, traveler 132.09 (by +2.08)",
		"pair 3 percentage: file 49.69, traveler 48.92 (by +0.77)",
		"pair 11 total: file 129.60, traveler 131.60 (by -2.00)",
		"pair 11 percentage: file 48.00, traveler 48.74 (by -0.74)",
	}
	if strings.Join(whys, "\n") != strings.Join(want, "\n") {
		t.Errorf("differences:\n%s\nwant:\n%s", strings.Join(whys, "\n"), strings.Join(want, "\n"))
	}
	if imp.File.Figures != "official" || imp.File.Corrections != 2 || len(imp.File.Remaining) != 0 {
		t.Errorf("kept %q with %d corrections, remaining %+v; want official, 2, none", imp.File.Figures, imp.File.Corrections, imp.File.Remaining)
	}
	sid := id(imp.Sections[0].ID)

	// The standings are the file's: every pair's total, percentage and
	// place as the edited file prints them.
	file := map[string][3]string{"1": {"128.77", "47.69", "8"}, "2": {"156.80", "58.07", "3"}, "3": {"134.17", "49.69", "6"}, "11": {"129.60", "48.00", "7"}}
	var st api.StandingsResponse
	e.want(200, &st, "GET", "/v1/sections/"+sid+"/standings", directorToken, nil)
	for _, p := range st.Pairs {
		if w, ok := file[p.Number]; ok && (f2(p.Total) != w[0] || f2(p.Percentage) != w[1] || p.Place != w[2]) {
			t.Errorf("pair %s: %s, %s %%, place %s; the file gives %v", p.Number, f2(p.Total), f2(p.Percentage), p.Place, w)
		}
	}

	// The traveler flags the corrected sides, naming the file's line.
	var tr api.TravelerResponse
	e.want(200, &tr, "GET", "/v1/sections/"+sid+"/travelers/1", directorToken, nil)
	var flagged []string
	for _, l := range tr.Lines {
		for _, c := range l.Corrected {
			flagged = append(flagged, l.NS+" v "+l.EW+" "+c.Side+" "+f2(c.Points)+": "+c.Reason)
		}
	}
	if got, w := strings.Join(flagged, "; "), "3 v 11 EW 8.00: the file's official figure 8 (line 261); 3 v 11 NS 2.00: the file's official figure 2 (line 261)"; got != w {
		t.Errorf("board 1 corrected: %s, want %s", got, w)
	}

	// Audited: one change a side, by the director who imported.
	var changes []api.ChangeResponse
	e.want(200, &changes, "GET", "/v1/events/"+id(imp.ID)+"/changes", directorToken, nil)
	var audit []string
	for _, c := range changes {
		audit = append(audit, c.Kind+" "+c.Action+" "+c.Actor+": "+strings.TrimSpace(toString(c.Before["correction"]))+" → "+toString(c.After["correction"]))
	}
	if got, w := strings.Join(audit, "\n"), "section update director: none → board 1 round 1 table 1 NS: 2 (the file's official figure 2 (line 261))\n"+
		"section update director: none → board 1 round 1 table 1 EW: 8 (the file's official figure 8 (line 261))"; got != w {
		t.Errorf("changes:\n%s\nwant:\n%s", got, w)
	}

	// Taking traveler's figures: no correction, traveler's standings, and
	// the differences remain.
	var took api.ImportResponse
	e.want(201, &took, "POST", "/v1/events/import?again=true&figures=traveler", directorToken, body, "Content-Type", "text/xml")
	if took.File.Figures != "traveler" || took.File.Corrections != 0 || len(took.File.Remaining) != 6 || len(took.File.Differences) != 6 {
		t.Errorf("taking traveler's: %q, %d corrections, %d remaining of %d", took.File.Figures, took.File.Corrections, len(took.File.Remaining), len(took.File.Differences))
	}
	e.want(200, &st, "GET", "/v1/sections/"+id(took.Sections[0].ID)+"/standings", directorToken, nil)
	for _, p := range st.Pairs {
		if p.Number == "3" && (f2(p.Total) != "132.09" || f2(p.Percentage) != "48.92") {
			t.Errorf("pair 3 with traveler's figures: %s, %s %%; want 132.09, 48.92", f2(p.Total), f2(p.Percentage))
		}
	}
}

// f2 writes a figure with 2 decimals, as the file does.
func f2(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// toString is a JSON value as text ("" for none).
func toString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return ""
}

// TestAPIKeepOfficialFiguresLater (issue 27 §2): an event imported with
// traveler's figures keeps the file's own line points with it, so the
// director may switch to them afterwards — POST /v1/events/{id}/figures?
// figures=official corrects the two sides of the edited line (officialCopy:
// board 1, 3 v 11, file 2 and 8), audited and flagged, and the standings
// become the file's (pair 3 134.17 / 49.69 %); asking again changes nothing;
// figures=traveler lifts them (132.09 / 48.92 % again), audited. An event
// not imported from a file is refused (409) naming why, nothing changed.
func TestAPIKeepOfficialFiguresLater(t *testing.T) {
	e := newEnv(t)
	var imp api.ImportResponse
	e.want(201, &imp, "POST", "/v1/events/import?figures=traveler", directorToken, officialCopy(t), "Content-Type", "text/xml")
	eid, sid := id(imp.ID), id(imp.Sections[0].ID)
	pair3 := func() string {
		var st api.StandingsResponse
		e.want(200, &st, "GET", "/v1/sections/"+sid+"/standings", directorToken, nil)
		for _, p := range st.Pairs {
			if p.Number == "3" {
				return f2(p.Total) + " " + f2(p.Percentage)
			}
		}
		return "none"
	}
	if got := pair3(); got != "132.09 48.92" {
		t.Fatalf("pair 3 imported with traveler's figures: %s, want 132.09 48.92", got)
	}
	e.wantError(400, "figures", "POST", "/v1/events/"+eid+"/figures?figures=file", directorToken, nil)

	var fr api.FiguresResponse
	e.want(200, &fr, "POST", "/v1/events/"+eid+"/figures?figures=official", directorToken, nil)
	if fr.Figures != "official" || fr.Changed != 2 {
		t.Errorf("keeping the file's figures: %+v, want official, 2 sides", fr)
	}
	if got := pair3(); got != "134.17 49.69" {
		t.Errorf("pair 3 with the file's figures: %s, want the file's 134.17 49.69", got)
	}
	var tr api.TravelerResponse
	e.want(200, &tr, "GET", "/v1/sections/"+sid+"/travelers/1", directorToken, nil)
	flagged := 0
	for _, l := range tr.Lines {
		for _, c := range l.Corrected {
			if l.NS == "3" && l.EW == "11" && strings.Contains(c.Reason, "the file's official figure") {
				flagged++
			}
		}
	}
	if flagged != 2 {
		t.Errorf("%d sides of 3 v 11 flagged with the file's figure, want 2", flagged)
	}
	e.want(200, &fr, "POST", "/v1/events/"+eid+"/figures?figures=official", directorToken, nil)
	if fr.Changed != 0 {
		t.Errorf("keeping them again changed %d sides, want 0", fr.Changed)
	}

	e.want(200, &fr, "POST", "/v1/events/"+eid+"/figures?figures=traveler", directorToken, nil)
	if fr.Figures != "traveler" || fr.Changed != 2 {
		t.Errorf("taking traveler's: %+v, want traveler, 2 sides", fr)
	}
	if got := pair3(); got != "132.09 48.92" {
		t.Errorf("pair 3 back to traveler's figures: %s, want 132.09 48.92", got)
	}
	var changes []api.ChangeResponse
	e.want(200, &changes, "GET", "/v1/events/"+eid+"/changes", directorToken, nil)
	var audit []string
	for _, c := range changes {
		if c.Before["correction"] != nil || c.After["correction"] != nil {
			audit = append(audit, toString(c.After["correction"]))
		}
	}
	if len(audit) != 4 || !strings.Contains(audit[0], "the file's official figure 2 (line 261)") || audit[2] != "lifted" || audit[3] != "lifted" {
		t.Errorf("audit of the corrections: %q, want the two set, then the two lifted", audit)
	}

	// An event entered by hand has no file's figures: refused, by name.
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "By hand", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP"}`)
	er := e.wantError(409, "figures", "POST", "/v1/events/"+id(ev.ID)+"/figures?figures=official", directorToken, nil)
	if !strings.Contains(er.Error, "not imported from a results file with figures of its own") {
		t.Errorf("refusal: %+v", er)
	}
}
