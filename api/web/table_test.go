package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"rsc.io/qr"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/web"
	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// tableDirectorToken is the director token the table tests sign in with.
const tableDirectorToken = "table-test-director"

// tableBaseURL is where the table links say players reach the server.
const tableBaseURL = "https://club.example"

// tableSite is the whole server (API and pages) over a fresh database, and
// a browser that keeps cookies and does not follow redirects.
type tableSite struct {
	t      *testing.T
	svc    *tournament.Service
	srv    *httptest.Server
	client *http.Client
	dbURL  string // the site's database
}

func newTableSite(t *testing.T) *tableSite {
	t.Helper()
	return newTableSiteAt(t, tableBaseURL)
}

// newTableSiteAt is newTableSite with the server's BaseURL base ("": the
// request's own host).
func newTableSiteAt(t *testing.T, base string) *tableSite {
	t.Helper()
	dbURL := dbtest.URL(t)
	store, err := db.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	svc := tournament.NewService(store, tournament.ServiceOptions{DirectorToken: tableDirectorToken})
	srv := httptest.NewServer(api.New(svc, api.Options{BaseURL: base, Logger: slog.New(slog.DiscardHandler)}))
	t.Cleanup(srv.Close)
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &tableSite{t: t, svc: svc, srv: srv, client: client, dbURL: dbURL}
}

// tableAnswer is a response read whole.
type tableAnswer struct {
	status int
	header http.Header
	body   string
	doc    *html.Node
}

func (s *tableSite) do(method, path string, body io.Reader, header map[string]string) tableAnswer {
	s.t.Helper()
	req, err := http.NewRequest(method, s.srv.URL+path, body)
	if err != nil {
		s.t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := s.client.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	a := tableAnswer{status: res.StatusCode, header: res.Header, body: string(b)}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		if a.doc, err = html.Parse(bytes.NewReader(b)); err != nil {
			s.t.Fatalf("%s %s: not HTML: %v", method, path, err)
		}
	}
	return a
}

func (s *tableSite) get(path string) tableAnswer { return s.do(http.MethodGet, path, nil, nil) }

// postForm sends a form, with the form token the pages' forms carry when
// the browser has a director cookie.
func (s *tableSite) postForm(path string, form url.Values) tableAnswer {
	if u, err := url.Parse(s.srv.URL); err == nil && !form.Has("csrf") {
		for _, c := range s.client.Jar.Cookies(u) {
			if c.Name == web.CookieName && c.Value != "" {
				form = cloneValues(form)
				form.Set("csrf", web.FormToken(c.Value))
			}
		}
	}
	return s.do(http.MethodPost, path, strings.NewReader(form.Encode()), map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
}

// postJSON sends v to the API with a bearer token and reads the answer into out.
func (s *tableSite) postJSON(path, token string, v any, header map[string]string, out any) int {
	s.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		s.t.Fatal(err)
	}
	h := map[string]string{"Content-Type": "application/json", "Authorization": "Bearer " + token}
	for k, x := range header {
		h[k] = x
	}
	a := s.do(http.MethodPost, path, bytes.NewReader(b), h)
	if out != nil {
		if err := json.Unmarshal([]byte(a.body), out); err != nil {
			s.t.Fatalf("POST %s: %d %s: %v", path, a.status, a.body, err)
		}
	}
	return a.status
}

func (s *tableSite) signIn() {
	s.t.Helper()
	a := s.postForm("/director/login", url.Values{"token": {tableDirectorToken}, "next": {"/director"}})
	if a.status != http.StatusSeeOther {
		s.t.Fatalf("sign-in: status %d, want 303: %s", a.status, a.body)
	}
}

// section makes an event under law and a 3-table Howell of 6 pairs, 2
// boards a round, with the pairs named.
func (s *tableSite) section(law string, options tournament.LawOptions, name string) tournament.Section {
	s.t.Helper()
	ctx := context.Background()
	e, err := s.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Club night " + law, Date: "2026-03-02", Law: law, LawOptions: options, Scoring: "MP"})
	if err != nil {
		s.t.Fatal(err)
	}
	sec, err := s.svc.CreateSection(ctx, tournament.Director, e.ID, tournament.SectionInput{Name: name,
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}})
	if err != nil {
		s.t.Fatal(err)
	}
	var pairs []tournament.Pair
	for n := 1; n <= 6; n++ {
		pairs = append(pairs, tournament.Pair{Number: strconv.Itoa(n), Players: []tournament.Player{
			{Name: "North" + strconv.Itoa(n) + " " + name}, {Name: "South" + strconv.Itoa(n) + " " + name}}})
	}
	if _, err := s.svc.AddPairs(ctx, tournament.Director, sec.ID, pairs); err != nil {
		s.t.Fatal(err)
	}
	return sec
}

// tableToken issues a token for table n of a section.
func (s *tableSite) tableToken(sectionID int64, n int) string {
	s.t.Helper()
	issued, err := s.svc.CreateTableTokens(context.Background(), tournament.Director, sectionID, tournament.TableTokensInput{Tables: []int{n}})
	if err != nil {
		s.t.Fatal(err)
	}
	return issued[0].Secret
}

// tablePageJSON is the part of the table page's embedded JSON the tests read.
type tablePageJSON struct {
	Token    string `json:"token"`
	Section  int64  `json:"section"`
	Table    int    `json:"table"`
	Round    int    `json:"round"`
	Law      string `json:"law"`
	Contract struct {
		Levels  []int `json:"levels"`
		Strains []struct {
			Code       string `json:"code"`
			MaxDoubles int    `json:"max_doubles"`
			Royal      bool   `json:"royal"`
		} `json:"strains"`
		PassOut bool `json:"pass_out"`
		Doubles []struct {
			Code string `json:"code"`
		} `json:"doubles"`
		Royal bool `json:"royal"`
	} `json:"contract"`
	Boards []struct {
		Number     int    `json:"number"`
		Vulnerable string `json:"vulnerable"`
	} `json:"boards"`
	Results []struct {
		ID       int64  `json:"id"`
		Version  int    `json:"version"`
		Board    int    `json:"board"`
		Contract string `json:"contract"`
		NSScore  int    `json:"ns_score"`
	} `json:"results"`
}

// pageJSON reads the JSON a table page embeds for its script.
func (a tableAnswer) pageJSON(t *testing.T) tablePageJSON {
	t.Helper()
	n := tableByID(a.doc, "table-data")
	if n == nil || n.FirstChild == nil {
		t.Fatalf("no #table-data on the page: %s", a.body)
	}
	var d tablePageJSON
	if err := json.Unmarshal([]byte(n.FirstChild.Data), &d); err != nil {
		t.Fatalf("#table-data is not JSON: %v\n%s", err, n.FirstChild.Data)
	}
	return d
}

func (d tablePageJSON) strainCodes() []string {
	var out []string
	for _, s := range d.Contract.Strains {
		out = append(out, s.Code)
	}
	return out
}

func (d tablePageJSON) doubleCodes() []string {
	var out []string
	for _, x := range d.Contract.Doubles {
		out = append(out, x.Code)
	}
	return out
}

// TestTableLinksOpenTablePages: the director makes the links of a
// 3-table Howell; each card's link opens its table's page for round 1,
// showing the movement's pairs and boards there, and its QR code holds the
// full link.
func TestTableLinksOpenTablePages(t *testing.T) {
	s := newTableSite(t)
	sec := s.section("contract-2017", nil, "A")
	path := "/director/sections/" + strconv.FormatInt(sec.ID, 10) + "/tables"

	if a := s.get(path); a.status != http.StatusSeeOther || !strings.HasPrefix(a.header.Get("Location"), "/director/login") {
		t.Fatalf("links page without signing in: %d %q, want 303 to the sign-in", a.status, a.header.Get("Location"))
	}
	s.signIn()
	a := s.get(path)
	if a.status != http.StatusOK || tableByID(a.doc, "make-table-links") == nil {
		t.Fatalf("GET %s: %d, want 200 with #make-table-links: %s", path, a.status, a.body)
	}
	if n := len(tableByClass(a.doc, "table-link")); n != 0 {
		t.Fatalf("GET shows %d link cards before any are made", n)
	}
	if !strings.Contains(tableText(a.doc), "the links made before stop working") {
		t.Error("the page does not say that making links again revokes the old ones")
	}

	a = s.postForm(path, nil)
	if a.status != http.StatusOK {
		t.Fatalf("POST %s: %d: %s", path, a.status, a.body)
	}
	cards := tableByClass(a.doc, "table-link")
	if len(cards) != 3 {
		t.Fatalf("%d link cards, want one for each of the 3 tables", len(cards))
	}
	for i, card := range cards {
		table := i + 1
		if got := tableAttr(card, "data-table"); got != strconv.Itoa(table) {
			t.Fatalf("card %d: data-table %q, want %d", i, got, table)
		}
		link := tableFind(card, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(tableAttr(n, "href"), "/t/") })
		if link == nil {
			t.Fatalf("table %d: no a[href^=/t/] on its card", table)
		}
		href := tableAttr(link, "href")
		full := tableAttr(link, "data-link")
		if full != tableBaseURL+href || tableText(link) != full {
			t.Errorf("table %d: full link %q shown as %q, want %q", table, full, tableText(link), tableBaseURL+href)
		}
		checkQR(t, card, full)
		checkTablePage(t, s, sec, table, href)
	}
}

// checkQR reads the card's inline SVG back into modules and compares them
// with the QR code of the link: the same size (a QR version: 21 + 4k
// modules) and every module the same, inside a 4-module quiet zone.
func checkQR(t *testing.T, card *html.Node, link string) {
	t.Helper()
	var svg strings.Builder
	n := tableFind(card, func(n *html.Node) bool { return n.Data == "svg" })
	if n == nil {
		t.Fatal("no QR code (inline svg) on the card")
	}
	if err := html.Render(&svg, n); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		ViewBox string `xml:"viewBox,attr"`
		Paths   []struct {
			D string `xml:"d,attr"`
		} `xml:"path"`
	}
	if err := xml.Unmarshal([]byte(svg.String()), &doc); err != nil {
		t.Fatalf("QR code is not well-formed SVG: %v\n%s", err, svg.String())
	}
	var side int
	if _, err := fmt.Sscanf(doc.ViewBox, "0 0 %d %d", &side, &side); err != nil || len(doc.Paths) != 1 {
		t.Fatalf("QR SVG viewBox %q with %d paths, want \"0 0 n n\" and one path", doc.ViewBox, len(doc.Paths))
	}
	want, err := qr.Encode(link, qr.M)
	if err != nil {
		t.Fatal(err)
	}
	size := side - 8
	if size != want.Size || (size-21)%4 != 0 {
		t.Fatalf("QR code of %d modules, want %d (the code of %q)", size, want.Size, link)
	}
	dark := map[[2]int]bool{}
	run := regexp.MustCompile(`M(\d+),(\d+)h(\d+)v1h-(\d+)z`)
	rest := run.ReplaceAllStringFunc(doc.Paths[0].D, func(m string) string {
		p := run.FindStringSubmatch(m)
		x, _ := strconv.Atoi(p[1])
		y, _ := strconv.Atoi(p[2])
		w, _ := strconv.Atoi(p[3])
		for i := 0; i < w; i++ {
			dark[[2]int{x + i - 4, y - 4}] = true
		}
		return ""
	})
	if rest != "" {
		t.Fatalf("QR path has %q besides row runs", rest)
	}
	for y := -4; y < size+4; y++ {
		for x := -4; x < size+4; x++ {
			if dark[[2]int{x, y}] != want.Black(x, y) {
				t.Fatalf("QR module (%d,%d): dark %v, the code of %q has %v", x, y, dark[[2]int{x, y}], link, want.Black(x, y))
			}
		}
	}
}

// checkTablePage opens a table's link and checks it against the movement's
// round 1 at that table.
func checkTablePage(t *testing.T, s *tableSite, sec tournament.Section, table int, href string) {
	t.Helper()
	a := s.get(href)
	if a.status != http.StatusOK {
		t.Fatalf("table %d: GET its link: %d: %s", table, a.status, a.body)
	}
	if got := a.header.Get("Referrer-Policy"); got != "no-referrer" {
		t.Errorf("table %d: Referrer-Policy %q, want no-referrer (the token is in the URL)", table, got)
	}
	title := tableText(tableByID(a.doc, "table-title"))
	if !strings.Contains(title, "table "+strconv.Itoa(table)) || !strings.Contains(title, "section A") {
		t.Errorf("table %d: #table-title %q", table, title)
	}
	// The Howell of 6 pairs and 3 tables has 5 rounds (one winner: every pair meets every other once).
	if got := tableText(tableByID(a.doc, "round")); got != "Round 1 of 5" {
		t.Errorf("table %d: #round %q, want \"Round 1 of 5\"", table, got)
	}
	rd, _ := sec.Movement.Round(1)
	seats, ok := rd.Table(table)
	if !ok {
		t.Fatalf("table %d is not in play in round 1", table)
	}
	pairs := tableText(tableByID(a.doc, "table-pairs"))
	for side, p := range map[string]int{"North–South": seats.NS, "East–West": seats.EW} {
		want := side + ": pair " + strconv.Itoa(p) + " · North" + strconv.Itoa(p) + " A & South" + strconv.Itoa(p) + " A"
		if !strings.Contains(pairs, want) {
			t.Errorf("table %d: #table-pairs %q does not say %q", table, pairs, want)
		}
	}
	var boards []int
	for _, e := range tableByClass(a.doc, "board-entry") {
		n, _ := strconv.Atoi(tableAttr(e, "data-board"))
		boards = append(boards, n)
		for _, name := range []string{"level", "strain", "doubled", "declarer", "tricks", "passed"} {
			if tableFind(e, func(x *html.Node) bool { return tableAttr(x, "name") == name }) == nil {
				t.Errorf("table %d board %d: no control named %s", table, n, name)
			}
		}
		for _, class := range []string{"score-preview", "confirm", "agree", "dispute", "entry-error", "entry-done"} {
			if len(tableByClass(e, class)) != 1 {
				t.Errorf("table %d board %d: no .%s", table, n, class)
			}
		}
	}
	if !slices.Equal(boards, seats.Boards) {
		t.Errorf("table %d: boards %v on the page, the movement has %v", table, boards, seats.Boards)
	}
	d := a.pageJSON(t)
	if d.Section != sec.ID || d.Table != table || d.Round != 1 || "/t/"+d.Token != href || d.Law != "contract-2017" {
		t.Errorf("table %d: page JSON section %d table %d round %d law %s token %q, want %d %d 1 contract-2017 %q",
			table, d.Section, d.Table, d.Round, d.Law, d.Token, sec.ID, table, href)
	}
	if tableByID(a.doc, "queue-status") == nil {
		t.Errorf("table %d: no #queue-status", table)
	}
}

// TestTablePageContractChoices: the picker offers what each law code's
// contract parser reads, and the page's select offers the same strains.
func TestTablePageContractChoices(t *testing.T) {
	s := newTableSite(t)
	seven := []int{1, 2, 3, 4, 5, 6, 7}
	for _, tc := range []struct {
		law        string
		options    tournament.LawOptions
		levels     []int
		strains    []string // in the code's bid order (scoring.Rules.Strains)
		maxDoubles []int    // by strain
		passOut    bool
		royal      bool
	}{
		// Law 77 of 2017: clubs to no-trump, doubled and redoubled; four passes score 0.
		{law: "contract-2017", levels: seven, strains: []string{"C", "D", "H", "S", "NT"}, maxDoubles: []int{2, 2, 2, 2, 2}, passOut: true},
		// seed 001 with Clark's nullos (on by default): lone spades, nullos, royal spades; the dealer must bid.
		{law: "royal-auction-1913", levels: seven, strains: []string{"S", "C", "D", "H", "NL", "RS", "NT"}, maxDoubles: []int{2, 2, 2, 2, 2, 2, 2}},
		// the same with the option nullo off.
		{law: "royal-auction-1913", options: tournament.LawOptions{"nullo": false}, levels: seven, strains: []string{"S", "C", "D", "H", "RS", "NT"}, maxDoubles: []int{2, 2, 2, 2, 2, 2}},
		// seed 000: royal bids in every strain, nullo last; a board may be passed out.
		{law: "royalton-1915", levels: seven, strains: []string{"S", "C", "D", "H", "NT", "NL"}, maxDoubles: []int{2, 2, 2, 2, 2, 2}, passOut: true, royal: true},
		// seed 002: the dealer declares with no level; doubling goes on (traveler stops it at 20).
		{law: "bridge", strains: []string{"S", "C", "D", "H", "NT"}, maxDoubles: []int{20, 20, 20, 20, 20}},
		// seed 004: doubling stops once a trick is worth 100: S 2→128 after 6, C 4→128 after 5,
		// D 6→192 after 5, H 8→128 after 4, NT 12→192 after 4.
		{law: "bridge-portland", strains: []string{"S", "C", "D", "H", "NT"}, maxDoubles: []int{6, 5, 5, 4, 4}},
	} {
		name := tc.law
		if tc.options != nil {
			name += " nullo off"
		}
		t.Run(name, func(t *testing.T) {
			sec := s.section(tc.law, tc.options, "A")
			a := s.get("/t/" + s.tableToken(sec.ID, 1))
			if a.status != http.StatusOK {
				t.Fatalf("table page: %d: %s", a.status, a.body)
			}
			d := a.pageJSON(t)
			c := d.Contract
			if c.Levels == nil || !slices.Equal(c.Levels, tc.levels) {
				// nil: "levels": null, which the script cannot take the length of
				t.Errorf("levels %#v, want %v", c.Levels, tc.levels)
			}
			if got := d.strainCodes(); !slices.Equal(got, tc.strains) {
				t.Errorf("strains %v, want %v", got, tc.strains)
			}
			most := 0
			for i, st := range c.Strains {
				if i < len(tc.maxDoubles) && st.MaxDoubles != tc.maxDoubles[i] {
					t.Errorf("strain %s: at most %d doublings, want %d", st.Code, st.MaxDoubles, tc.maxDoubles[i])
				}
				if st.Royal != tc.royal {
					t.Errorf("strain %s: royal %v, want %v", st.Code, st.Royal, tc.royal)
				}
				most = max(most, st.MaxDoubles)
			}
			if got := d.doubleCodes(); len(got) != most+1 || got[0] != "" || got[most] != strings.Repeat("X", most) {
				t.Errorf("doubled choices %q, want \"\" to %d X", got, most)
			}
			if c.PassOut != tc.passOut || c.Royal != tc.royal {
				t.Errorf("pass_out %v royal %v, want %v %v", c.PassOut, c.Royal, tc.passOut, tc.royal)
			}
			entry := tableByClass(a.doc, "board-entry")[0]
			if got := tableOptions(entry, "strain"); !slices.Equal(got, append([]string{""}, tc.strains...)) {
				t.Errorf("strain select offers %q, want \"\" and %v", got, tc.strains)
			}
			// Vulnerability is shown only where the code scores it: contract-2017.
			if shown := strings.Contains(tableText(tableByClass(a.doc, "board-info")[0]), "vulnerable"); shown != (tc.law == "contract-2017") {
				t.Errorf("the page mentions vulnerability: %v, want %v", shown, tc.law == "contract-2017")
			}
			hasLevel := tableFind(entry, func(n *html.Node) bool { return tableAttr(n, "name") == "level" }) != nil
			hasPassed := tableFind(entry, func(n *html.Node) bool { return tableAttr(n, "name") == "passed" }) != nil
			hasRoyal := tableFind(entry, func(n *html.Node) bool { return tableAttr(n, "name") == "royal" }) != nil
			if hasLevel != (len(tc.levels) > 0) || hasPassed != tc.passOut || hasRoyal != tc.royal {
				t.Errorf("controls level %v passed %v royal %v, want %v %v %v", hasLevel, hasPassed, hasRoyal, len(tc.levels) > 0, tc.passOut, tc.royal)
			}
		})
	}
}

// TestTableTokenStaysInItsSection: a table's token opens its own section's
// page and enters nothing in another; other tokens open no table page.
func TestTableTokenStaysInItsSection(t *testing.T) {
	s := newTableSite(t)
	secA := s.section("contract-2017", nil, "A")
	secB := s.section("contract-2017", nil, "B")
	tokenB := s.tableToken(secB.ID, 2)

	a := s.get("/t/" + tokenB)
	if a.status != http.StatusOK {
		t.Fatalf("table page of B: %d", a.status)
	}
	if d := a.pageJSON(t); d.Section != secB.ID || d.Table != 2 {
		t.Errorf("B's token opens section %d table %d, want section %d table 2", d.Section, d.Table, secB.ID)
	}
	if title := tableText(tableByID(a.doc, "table-title")); !strings.Contains(title, "section B") {
		t.Errorf("#table-title %q, want section B", title)
	}

	var refusal struct{ Error string }
	result := map[string]any{"board": 1, "round": 1, "table": 2, "contract": "4S", "declarer": "N", "tricks": 10}
	if st := s.postJSON("/v1/sections/"+strconv.FormatInt(secA.ID, 10)+"/results", tokenB, result, nil, &refusal); st != http.StatusForbidden {
		t.Errorf("B's token entering a result in A: status %d (%s), want 403", st, refusal.Error)
	}

	for _, tc := range []struct {
		token  string
		status int
	}{
		{tableDirectorToken, http.StatusForbidden},                   // a director's token is not a table's link
		{"trv_t_not-a-token-anyone-issued", http.StatusUnauthorized}, // an unknown token
	} {
		a := s.get("/t/" + url.PathEscape(tc.token))
		if a.status != tc.status || tableByID(a.doc, "table-data") != nil || tableByID(a.doc, "page-error") == nil {
			t.Errorf("/t/%s: status %d, want %d and an error page without the entry form", tc.token, a.status, tc.status)
		}
	}

	// A table token used as the director's cookie opens no director page.
	u, _ := url.Parse(s.srv.URL)
	s.client.Jar.SetCookies(u, []*http.Cookie{{Name: web.CookieName, Value: tokenB, Path: "/"}})
	if a := s.get("/director/sections/" + strconv.FormatInt(secB.ID, 10) + "/tables"); a.status != http.StatusSeeOther {
		t.Errorf("links page with a table token: status %d, want 303 to the sign-in", a.status)
	}
}

// TestTablePageShowsStoredResults: a result entered with the page's token
// and an Idempotency-Key, sent twice as the page's queue may, is stored
// once and shows on the page afterwards with its version for corrections.
func TestTablePageShowsStoredResults(t *testing.T) {
	s := newTableSite(t)
	sec := s.section("contract-2017", nil, "A")
	a := s.get("/t/" + s.tableToken(sec.ID, 1))
	d := a.pageJSON(t)
	board := d.Boards[0]

	// What the page asks /v1/score while North enters 4S by N, 10 tricks.
	// Law 77: 4 × 30 = 120 trick points, a game: +300 not vulnerable
	// (+500 vulnerable); so 420 or 620.
	want := 420
	if board.Vulnerable == "NS" || board.Vulnerable == "All" {
		want = 620
	}
	var score struct {
		NSScore int `json:"ns_score"`
	}
	if st := s.postJSON("/v1/score", d.Token, map[string]any{"law": d.Law, "contract": "4S", "declarer": "N", "tricks": 10, "vulnerable": board.Vulnerable}, nil, &score); st != http.StatusOK || score.NSScore != want {
		t.Fatalf("score preview: status %d, ns_score %d, want 200 and %d", st, score.NSScore, want)
	}

	entry := map[string]any{"board": board.Number, "round": d.Round, "table": d.Table, "contract": "4S", "declarer": "N", "tricks": 10}
	key := map[string]string{"Idempotency-Key": "table-test-key-1"}
	path := "/v1/sections/" + strconv.FormatInt(d.Section, 10) + "/results"
	var first, second struct {
		ID      int64 `json:"id"`
		NSScore int   `json:"ns_score"`
	}
	if st := s.postJSON(path, d.Token, entry, key, &first); st != http.StatusCreated || first.NSScore != want {
		t.Fatalf("enter: status %d ns_score %d, want 201 and %d", st, first.NSScore, want)
	}
	if st := s.postJSON(path, d.Token, entry, key, &second); st != http.StatusCreated || second.ID != first.ID {
		t.Fatalf("retry with the same key: status %d id %d, want 201 and the same result %d", st, second.ID, first.ID)
	}
	rs, err := s.svc.Results(context.Background(), tournament.Director, tournament.ResultFilter{SectionID: sec.ID, Board: board.Number})
	if err != nil || len(rs) != 1 {
		t.Fatalf("stored results of board %d: %d (%v), want exactly 1", board.Number, len(rs), err)
	}

	d = s.get("/t/" + d.Token).pageJSON(t)
	if len(d.Results) != 1 || d.Results[0].ID != first.ID || d.Results[0].Version != 1 || d.Results[0].Contract != "4S" || d.Results[0].NSScore != want {
		t.Errorf("page's stored results %+v, want result %d version 1 4S %d", d.Results, first.ID, want)
	}
}

// --- HTML helpers

func tableFind(root *html.Node, match func(*html.Node) bool) *html.Node {
	if root == nil {
		return nil
	}
	if root.Type == html.ElementNode && match(root) {
		return root
	}
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if n := tableFind(c, match); n != nil {
			return n
		}
	}
	return nil
}

func tableFindAll(root *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && match(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	if root != nil {
		walk(root)
	}
	return out
}

func tableByID(root *html.Node, id string) *html.Node {
	return tableFind(root, func(n *html.Node) bool { return tableAttr(n, "id") == id })
}

func tableByClass(root *html.Node, class string) []*html.Node {
	return tableFindAll(root, func(n *html.Node) bool { return slices.Contains(strings.Fields(tableAttr(n, "class")), class) })
}

func tableAttr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

// tableText is a node's text with runs of white space made one space.
func tableText(n *html.Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// tableOptions lists the values of the select named name.
func tableOptions(root *html.Node, name string) []string {
	sel := tableFind(root, func(n *html.Node) bool { return n.Data == "select" && tableAttr(n, "name") == name })
	var out []string
	for _, o := range tableFindAll(sel, func(n *html.Node) bool { return n.Data == "option" }) {
		out = append(out, tableAttr(o, "value"))
	}
	return out
}
