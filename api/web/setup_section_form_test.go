package web_test

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestSectionFormFieldsByKind: each movement's fields of the new-section
// form are marked with their kind, and the stylesheet hides the fields of
// the kinds not chosen, with no script involved.
func TestSectionFormFieldsByKind(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	ev := s.post("/director/events", map[string][]string{"name": {"Kinds"}, "date": {"2026-11-24"}, "law": {"contract-2017"}, "scoring": {"MP"}})
	if ev.Status != http.StatusSeeOther {
		t.Fatalf("creating the event: %d", ev.Status)
	}
	eventPath, _, _ := strings.Cut(ev.Location, "?")
	p := s.get(eventPath + "/sections/new")
	p.want(t, "new-section form", http.StatusOK)
	for kind, input := range map[string]string{"mitchell": "tables", "howell": "pairs", "teams": "teams", "individual": "players"} {
		n := p.mustID(t, input)
		for n != nil && !(n.Data == "div" && setupHasClass(n, "kind-field")) {
			n = n.Parent
		}
		if n == nil || setupAttr(n, "data-kind") != kind {
			t.Errorf("#%s is not in the %s fields", input, kind)
		}
	}
	res, err := http.Get(s.srv.URL + "/assets/style.css")
	if err != nil {
		t.Fatal(err)
	}
	css, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, kind := range []string{"mitchell", "howell", "teams", "individual"} {
		rule := "#section-form:has(#kind option[value=" + kind + "]:checked) .kind-field:not([data-kind=" + kind + "])"
		if !strings.Contains(string(css), rule) {
			t.Errorf("the stylesheet has no rule %s", rule)
		}
	}
}

// TestSectionFormLawCode: the new-section form offers the other law codes
// (the event's own first, as the default); a section created with
// royalton-1915 is stored under it, and a code traveler does not know is
// refused with the law field marked and nothing stored.
func TestSectionFormLawCode(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	ev := s.post("/director/events", map[string][]string{"name": {"Codes"}, "date": {"2026-11-24"}, "law": {"contract-2017"}, "scoring": {"MP"}})
	if ev.Status != http.StatusSeeOther {
		t.Fatalf("creating the event: %d", ev.Status)
	}
	eventPath, _, _ := strings.Cut(ev.Location, "?")
	p := s.get(eventPath + "/sections/new")
	p.want(t, "new-section form", http.StatusOK)
	if sel := p.mustID(t, "section-law"); setupAttr(sel, "name") != "law" {
		t.Errorf("#section-law is not the law field")
	}
	form := map[string][]string{"name": {"R"}, "kind": {"mitchell"}, "tables": {"3"}, "boards_per_round": {"2"}, "action": {"create"}, "law": {"whist-1900"}}
	bad := s.post(eventPath+"/sections", form)
	bad.want(t, "unknown law", http.StatusUnprocessableEntity)
	if setupAttr(bad.mustID(t, "section-law"), "aria-invalid") != "true" {
		t.Errorf("the law field is not marked invalid")
	}
	eventID, _ := strconv.ParseInt(strings.TrimPrefix(eventPath, "/director/events/"), 10, 64)
	if secs, _ := s.svc.Sections(context.Background(), tournament.Director, eventID); len(secs) != 0 {
		t.Fatalf("%d sections stored after the refusal", len(secs))
	}
	form["law"] = []string{"royalton-1915"}
	s.post(eventPath+"/sections", form).want(t, "create", http.StatusSeeOther)
	secs, err := s.svc.Sections(context.Background(), tournament.Director, eventID)
	if err != nil || len(secs) != 1 || secs[0].Law.String() != "royalton-1915" {
		t.Fatalf("sections %+v (%v), want one under royalton-1915", secs, err)
	}
}
