package web_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/traveler-bridge/traveler/api"
)

// TestTableLinksSayWhenPhonesCannotOpenThem is issue 22 §1: a link or QR
// code written with a loopback or unspecified host — the request's own
// host 127.0.0.1 when no base URL is set, or the http://[::]:8080 that
// `serve --addr 0.0.0.0:8080` used to write — comes with the reason a
// phone cannot open it and what to do, on the links page, on every card
// and in the API's answer; a link phones can open comes with none.
func TestTableLinksSayWhenPhonesCannotOpenThem(t *testing.T) {
	for base, problem := range map[string]bool{"": true, "http://[::]:8080": true, "http://0.0.0.0:8080": true, "http://localhost:8080": true,
		tableBaseURL: false, "http://192.168.1.20:8080": false} {
		t.Run(base, func(t *testing.T) {
			s := newTableSiteAt(t, base)
			sec := s.section("contract-2017", nil, "A")
			path := "/director/sections/" + strconv.FormatInt(sec.ID, 10) + "/tables"
			s.signIn()
			shown := base
			if base == "" {
				shown = s.srv.URL // httptest's http://127.0.0.1:PORT
			}
			a := s.get(path)
			box := tableByID(a.doc, "link-problem")
			if problem != (box != nil) {
				t.Fatalf("links written with %s: #link-problem shown %v, want %v", shown, box != nil, problem)
			}
			if box != nil {
				if text := tableText(box); !strings.Contains(text, "--lan") || !strings.Contains(text, "--base-url") || !strings.Contains(text, shown) {
					t.Errorf("#link-problem says %q: want the address (%s), --lan and --base-url", text, shown)
				}
			}
			a = s.postForm(path, nil)
			cards := tableByClass(a.doc, "table-link")
			if len(cards) != 3 {
				t.Fatalf("%d cards, want 3", len(cards))
			}
			for i, card := range cards {
				if got := len(tableByClass(card, "table-link-problem")) == 1; got != problem {
					t.Errorf("card %d: says a phone cannot open it %v, want %v", i+1, got, problem)
				}
			}
			var toks []api.TokenResponse
			if st := s.postJSON("/v1/sections/"+strconv.FormatInt(sec.ID, 10)+"/tokens", tableDirectorToken, map[string]any{}, nil, &toks); st != http.StatusCreated || len(toks) != 3 {
				t.Fatalf("POST tokens: %d, %d tokens", st, len(toks))
			}
			for _, tk := range toks {
				if !strings.HasPrefix(tk.URL, shown+"/t/") {
					t.Errorf("table %d: url %q, want it under %s", tk.Table, tk.URL, shown)
				}
				if got := strings.Contains(tk.LinkWarning, "--lan"); got != problem {
					t.Errorf("table %d: link_warning %q for %s, want a warning naming --lan: %v", tk.Table, tk.LinkWarning, tk.URL, problem)
				}
			}
		})
	}
}

// TestTableLinksRemakeOne is issue 22 §1: a lost card's table gets a new
// link from the table links page; its old link stops working, and the
// other tables' links still open their table pages. A table the section
// does not have is refused, naming the field, and revokes nothing.
func TestTableLinksRemakeOne(t *testing.T) {
	s := newTableSite(t)
	sec := s.section("contract-2017", nil, "A")
	path := "/director/sections/" + strconv.FormatInt(sec.ID, 10) + "/tables"
	s.signIn()
	cardLinks := func(a tableAnswer) map[int]string {
		t.Helper()
		if a.status != http.StatusOK {
			t.Fatalf("make links: %d %s", a.status, a.body)
		}
		out := map[int]string{}
		for _, card := range tableByClass(a.doc, "table-link") {
			n, _ := strconv.Atoi(tableAttr(card, "data-table"))
			l := tableFind(card, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(tableAttr(n, "href"), "/t/") })
			out[n] = tableAttr(l, "href")
		}
		return out
	}
	table := s.browser()
	opens := func(link string) int { return table.get(link).status }

	all := cardLinks(s.postForm(path, url.Values{}))
	if len(all) != 3 {
		t.Fatalf("%d cards, want 3", len(all))
	}
	page := s.get(path)
	form := tableByID(page.doc, "remake-table-link")
	if form == nil || tableByID(form, "remake-table") == nil {
		t.Fatal("the links page has no form to remake one table's link (#remake-table-link with #remake-table)")
	}

	for _, bad := range []string{"4", "0", "x"} {
		a := s.postForm(path, url.Values{"table": {bad}})
		if a.status != http.StatusUnprocessableEntity || !strings.Contains(a.body, "tables 1 to 3") {
			t.Errorf("table %q: %d, want 422 saying the section has tables 1 to 3", bad, a.status)
		}
	}
	a := s.postForm(path, url.Values{"table": {"2"}})
	one := cardLinks(a)
	if len(one) != 1 || one[2] == "" {
		t.Fatalf("remaking table 2's link showed cards %v, want table 2's alone", one)
	}
	if flash := tableText(a.doc); !strings.Contains(flash, "other tables' links still work") {
		t.Errorf("the answer does not say the other tables' links still work")
	}
	if st := opens(all[2]); st != http.StatusUnauthorized {
		t.Errorf("table 2's old link after it was remade: %d, want 401", st)
	}
	// The players at the table read words, not the API's token and time.
	if old := tableText(table.get(all[2]).doc); !strings.Contains(old, "the director has made a new link for this table") || strings.Contains(old, "revoked at") {
		t.Errorf("table 2's old link says %q, want the new link explained in words, without a time stamp", old)
	}
	if st := opens(one[2]); st != http.StatusOK {
		t.Errorf("table 2's new link: %d, want 200", st)
	}
	for _, n := range []int{1, 3} {
		if st := opens(all[n]); st != http.StatusOK {
			t.Errorf("table %d's link after table 2's was remade: %d, want 200 (its table page)", n, st)
		}
	}
	if n := tableByID(s.get(path).doc, "issued-links"); n == nil || !strings.Contains(tableText(n), "3 of 3 tables have a working link") {
		t.Error("after remaking one link the page does not say 3 of 3 tables have a working link")
	}
}
