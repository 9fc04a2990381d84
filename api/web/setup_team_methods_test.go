package web_test

import (
	"net/http"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestTeamMethodForms: the director's new-event form offers board-a-match,
// Patton and aggregate for teams; a section of a BAM_TEAMS event is set up
// without a VP scale or a bye's VPs (the form says what a bye scores
// instead: 60% of the round's boards in board points, as
// tournament.Method.ByeWords says), and a scale sent anyway is refused
// naming its field; the Swiss page heads the teams' totals "Points", not
// "VPs".
func TestTeamMethodForms(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	form := s.get("/director/events/new")
	form.want(t, "new-event form", http.StatusOK)
	offered := map[string]string{}
	setupWalk(form.mustID(t, "scoring"), func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "option" {
			offered[setupAttr(n, "value")] = setupText(n)
		}
	})
	for m, words := range map[string]string{"BAM_TEAMS": "board-a-match", "PATTON_TEAMS": "Patton", "AGGREGATE_TEAMS": "aggregate"} {
		if !strings.Contains(offered[m], words) {
			t.Errorf("the form offers %s as %q, want the words %q", m, offered[m], words)
		}
	}
	ev := s.post("/director/events", map[string][]string{"name": {"BAM Swiss"}, "date": {"2026-11-27"}, "law": {"contract-2017"}, "scoring": {"BAM_TEAMS"}})
	if ev.Status != http.StatusSeeOther {
		t.Fatalf("creating the event: %d %s", ev.Status, ev.errorText())
	}
	eventPath, _, _ := strings.Cut(ev.Location, "?")
	p := s.get(eventPath + "/sections/new")
	p.want(t, "new-section form", http.StatusOK)
	if p.byID("vp_scale") != nil || p.byID("bye_vps") != nil {
		t.Error("the form of a BAM_TEAMS event offers a VP scale or a bye's VPs")
	}
	if h := setupText(p.mustID(t, "bye-points-hint")); !strings.Contains(h, "60% of the round's boards in board points") {
		t.Errorf("the bye's hint: %q", h)
	}
	swiss := map[string][]string{"name": {"A"}, "kind": {"swiss"}, "teams": {"5"}, "rounds": {"3"}, "boards_per_round": {"2"}, "action": {"create"}}
	bad := s.post(eventPath+"/sections", map[string][]string{"name": {"A"}, "kind": {"swiss"}, "teams": {"5"}, "rounds": {"3"}, "boards_per_round": {"2"}, "action": {"create"}, "vp_scale": {"wbf"}})
	if bad.Status == http.StatusSeeOther || !strings.Contains(bad.errorText(), "VP") {
		t.Errorf("a VP scale for a BAM_TEAMS Swiss: %d %q", bad.Status, bad.errorText())
	}
	sec := s.post(eventPath+"/sections", swiss)
	if sec.Status != http.StatusSeeOther {
		t.Fatalf("creating the Swiss: %d %s", sec.Status, sec.errorText())
	}
	secPath, _, _ := strings.Cut(sec.Location, "?")
	page := s.get(secPath + "/swiss")
	page.want(t, "Swiss page", http.StatusOK)
	var heads []string
	setupWalk(page.mustID(t, "swiss-standings"), func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "th" {
			heads = append(heads, setupText(n))
		}
	})
	if strings.Join(heads, " ") != "Place Team Points IMPs" {
		t.Errorf("the Swiss page's heads: %v", heads)
	}
}
