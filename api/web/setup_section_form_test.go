package web_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
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
