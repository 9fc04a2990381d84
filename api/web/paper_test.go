package web_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// newPaperSection stores an MP event under contract-2017 with section A:
// the 7-table Howell of 14 pairs, 2 boards a round, 13 rounds: 26 boards.
func newPaperSection(t *testing.T, svc *tournament.Service) tournament.Section {
	t.Helper()
	ctx := context.Background()
	ev, err := svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Club pairs", Date: "2026-11-27", Law: "contract-2017", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 14, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if sec.Movement.Boards != 26 || sec.Movement.Tables != 7 {
		t.Fatalf("the 14-pair Howell has %d boards at %d tables, want 26 at 7", sec.Movement.Boards, sec.Movement.Tables)
	}
	return sec
}

// dealtSet writes boards first..last dealt at random from seed as a PBN
// file of hand records, as `traveler deal` writes one (reports.WritePBN of
// boards without results); it returns the file and each board's deal.
func dealtSet(t *testing.T, first, last int, seed uint64) ([]byte, map[int]string) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed))
	sec := tournament.SectionData{}
	deals := map[int]string{}
	for n := first; n <= last; n++ {
		b := tournament.Board{Number: n, Dealer: scoring.BoardDealer(n), Vulnerability: scoring.BoardVulnerability(n), Deal: scoring.RandomDeal(r)}
		deals[n] = b.Deal.PBN()
		sec.Boards = append(sec.Boards, b)
		sec.Travelers = append(sec.Travelers, tournament.Traveler{Board: b})
	}
	var buf bytes.Buffer
	data := tournament.EventData{Event: tournament.Event{Name: "Boards dealt by traveler", Date: "2026-11-27", Law: scoring.Contract2017},
		Sections: []tournament.SectionData{sec}}
	if err := reports.WritePBN(&buf, data); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), deals
}

// sameDeal says whether two PBN deals hold the same hands ("" none).
func sameDeal(t *testing.T, a, b string) bool {
	t.Helper()
	if a == "" || b == "" {
		return a == b
	}
	da, err := scoring.ParseDeal("a", a)
	if err != nil {
		t.Fatal(err)
	}
	db, err := scoring.ParseDeal("b", b)
	if err != nil {
		t.Fatal(err)
	}
	return da.Hands == db.Hands && da.Given == db.Given
}

// doneNotice is the notice a redirect after a form carries.
func doneNotice(t *testing.T, p setupPage) string {
	t.Helper()
	u, err := url.Parse(p.Location)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("done")
}

// TestHandSetUpload: the 36 boards `traveler deal` makes by default, given
// to a 26-board section, store boards 1–26 and say that 27–36 were left
// out (the old rule refused the whole file); a 20-board file stores 1–20
// and says 21–26 are missing; a file of none of the section's boards is
// refused with the reason, nothing changed.
func TestHandSetUpload(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	sec := newPaperSection(t, s.svc)
	path := "/director/sections/" + strconv.FormatInt(sec.ID, 10)
	ctx := context.Background()

	file, deals := dealtSet(t, 1, 36, 22)
	p := s.upload(path+"/boards", "pbn", "deal36.pbn", file)
	p.want(t, "a 36-board set", http.StatusSeeOther)
	if got, want := doneNotice(t, p), "Hand records stored: 26 boards (1–26); left out 27–36: the section does not play them"; got != want {
		t.Errorf("36-board set: notice %q, want %q", got, want)
	}
	boards, err := s.svc.Boards(ctx, tournament.Director, sec.ID)
	if err != nil || len(boards) != 26 {
		t.Fatalf("%d boards stored (%v), want 26", len(boards), err)
	}
	for _, b := range boards {
		if !sameDeal(t, b.Deal.PBN(), deals[b.Number]) {
			t.Errorf("board %d: deal %q, want the file's %q", b.Number, b.Deal, deals[b.Number])
		}
	}

	file, deals = dealtSet(t, 1, 20, 23)
	p = s.upload(path+"/boards", "pbn", "deal20.pbn", file)
	p.want(t, "a 20-board set", http.StatusSeeOther)
	if got, want := doneNotice(t, p), "Hand records stored: 20 boards (1–20); missing 21–26: the file has no deal for them"; got != want {
		t.Errorf("20-board set: notice %q, want %q", got, want)
	}
	boards, err = s.svc.Boards(ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range boards {
		if want := deals[b.Number]; !sameDeal(t, b.Deal.PBN(), want) {
			t.Errorf("after the 20-board set, board %d: deal %q, want %q", b.Number, b.Deal, want)
		}
	}

	file, _ = dealtSet(t, 27, 36, 24)
	p = s.upload(path+"/boards", "pbn", "deal27.pbn", file)
	p.want(t, "a set of boards 27–36", http.StatusUnprocessableEntity)
	if msg := p.errorText(); !strings.Contains(msg, "no deal of section A's boards 1 to 26") || !strings.Contains(msg, "27–36") {
		t.Errorf("boards 27–36 only: error %q", msg)
	}
	after, err := s.svc.Boards(ctx, tournament.Director, sec.ID)
	if err != nil || len(after) != len(boards) || after[0].Deal != boards[0].Deal {
		t.Errorf("a refused file changed the boards: %d boards (%v)", len(after), err)
	}
}

// pdfPages is a PDF's page count and first page size as pdfinfo
// (poppler-utils, provisioned by scripts/test) reads them.
func pdfPages(t *testing.T, pdf []byte) (pages int, size string) {
	t.Helper()
	out := runPoppler(t, "pdfinfo", pdf)
	for _, l := range strings.Split(out, "\n") {
		k, v, _ := strings.Cut(l, ":")
		v = strings.TrimSpace(v)
		switch k {
		case "Pages":
			pages, _ = strconv.Atoi(v)
		case "Page size":
			size = v
		}
	}
	return pages, size
}

// pdfText is the text of pages first to last of a PDF, as pdftotext reads it.
func pdfText(t *testing.T, pdf []byte, first, last int) string {
	t.Helper()
	return runPoppler(t, "pdftotext", pdf, "-f", strconv.Itoa(first), "-l", strconv.Itoa(last))
}

// runPoppler runs a poppler tool on the PDF and returns what it wrote.
func runPoppler(t *testing.T, tool string, pdf []byte, args ...string) string {
	t.Helper()
	path, err := exec.LookPath(tool)
	if err != nil {
		t.Fatalf("%s is missing: scripts/test provision installs it (Debian's poppler-utils)", tool)
	}
	file := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(file, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := []string{file}
	if tool == "pdftotext" {
		cmd = append(append(args, "-enc", "UTF-8"), file, "-")
	}
	out, err := exec.Command(path, cmd...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", tool, err, out)
	}
	return string(out)
}

// TestPrintFourASheet: the 26 boards of a 7-table Howell print four a sheet
// — 7 sheets, the last with boards 25 and 26 — on the page (a sheet element
// each, that CSS breaks the page after) and in the PDF on A4 and on Letter
// (7 pages of the sheet's size, each board's hands, double dummy and par);
// the 7 table cards and 14 guide cards print four a sheet, each kind from a
// new sheet (2 + 4 pages); the score cards one a pair (14 pages); a paper
// size traveler does not know is refused naming the field and the sizes.
func TestPrintFourASheet(t *testing.T) {
	s := newSetupSiteWith(t, tournament.ServiceOptions{DoubleDummy: publishedDDS{}})
	s.signIn()
	ctx := context.Background()
	sec := newPaperSection(t, s.svc)
	path := "/director/sections/" + strconv.FormatInt(sec.ID, 10)
	file, _ := dealtSet(t, 1, 36, 22)
	s.upload(path+"/boards", "pbn", "deal36.pbn", file).want(t, "a 36-board set", http.StatusSeeOther)
	boards, err := s.svc.Boards(ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range boards {
		if err := s.svc.AnalyseBoard(ctx, sec.ID, b.Number, b.Deal); err != nil {
			t.Fatal(err)
		}
	}

	if _, err := s.svc.AddPairs(ctx, tournament.Director, sec.ID, []tournament.Pair{{Number: "14", Players: []tournament.Player{{Name: "Ann Smith"}, {Name: "Bob Jones"}}}}); err != nil {
		t.Fatal(err)
	}

	p := s.get(path + "/hands")
	p.want(t, "hand records", http.StatusOK)
	sheets := p.byClass(nil, "hand-sheet")
	if len(sheets) != 7 {
		t.Fatalf("%d sheets of hand records, want 7 (26 boards, 4 a sheet)", len(sheets))
	}
	for i, sh := range sheets {
		want := 4
		if i == 6 {
			want = 2
		}
		if n := len(p.byClass(sh, "hand-record")); n != want {
			t.Errorf("sheet %d holds %d boards, want %d", i+1, n, want)
		}
	}
	if got := setupText(p.byClass(sheets[6], "hand-record")[1]); !strings.Contains(got, "Board 26") {
		t.Errorf("the last board on the last sheet: %q", got)
	}
	for _, id := range []string{"hands-pdf-a4", "hands-pdf-letter"} {
		p.mustID(t, id)
	}

	for _, paper := range []struct{ name, size string }{{"a4", "595.28 x 841.89 pts (A4)"}, {"letter", "612 x 792 pts (letter)"}} {
		p := s.get(path + "/hands.pdf?paper=" + paper.name)
		p.want(t, "hands.pdf "+paper.name, http.StatusOK)
		dumpPDF(t, "hands-"+paper.name+".pdf", p.Body)
		if ct := p.Header.Get("Content-Type"); ct != "application/pdf" {
			t.Errorf("hands.pdf: Content-Type %q", ct)
		}
		if pages, size := pdfPages(t, p.Body); pages != 7 || size != paper.size {
			t.Errorf("hands.pdf on %s: %d pages of %s, want 7 of %s", paper.name, pages, size, paper.size)
		}
		first := strings.Join(strings.Fields(pdfText(t, p.Body, 1, 1)), " ") // a long par line wraps on the sheet
		for _, want := range []string{"Board 1", "Board 4", "Club pairs · section A", "Dealer N · nobody vulnerable", "Dealer W · both sides vulnerable", "♠", "♥", "Double dummy", "Par (today's duplicate contract bridge laws (2017)): EW +110 — 1S EW +1"} {
			if !strings.Contains(first, want) {
				t.Errorf("hands.pdf on %s, page 1: no %q in\n%s", paper.name, want, first)
			}
		}
		if strings.Contains(first, "not worked out") {
			t.Errorf("hands.pdf on %s, page 1: a board without its double dummy", paper.name)
		}
		if last := pdfText(t, p.Body, 7, 7); !strings.Contains(last, "Board 25") || !strings.Contains(last, "Board 26") || strings.Contains(last, "Board 24") {
			t.Errorf("hands.pdf on %s, page 7:\n%s", paper.name, last)
		}

		p = s.get(path + "/cards.pdf?paper=" + paper.name)
		p.want(t, "cards.pdf "+paper.name, http.StatusOK)
		dumpPDF(t, "cards-"+paper.name+".pdf", p.Body)
		if pages, _ := pdfPages(t, p.Body); pages != 6 {
			t.Errorf("cards.pdf on %s: %d pages, want 6 (7 table cards on 2, 14 guide cards on 4)", paper.name, pages)
		}
		if text := pdfText(t, p.Body, 3, 3); !strings.Contains(text, "Pair 1") || !strings.Contains(text, "Against") {
			t.Errorf("cards.pdf on %s, page 3 (the first guide cards):\n%s", paper.name, text)
		}

		p = s.get(path + "/scorecards.pdf?paper=" + paper.name)
		p.want(t, "scorecards.pdf "+paper.name, http.StatusOK)
		dumpPDF(t, "scorecards-"+paper.name+".pdf", p.Body)
		if pages, _ := pdfPages(t, p.Body); pages != 14 {
			t.Errorf("scorecards.pdf on %s: %d pages, want 14 (a pair each)", paper.name, pages)
		}
		if text := pdfText(t, p.Body, 14, 14); !strings.Contains(text, "Pair 14 · Ann Smith & Bob Jones") || !strings.Contains(text, "Contract") || !strings.Contains(text, "Score −") {
			t.Errorf("scorecards.pdf on %s, page 14:\n%s", paper.name, text)
		}
	}

	p = s.get(path + "/cards")
	p.want(t, "cards page", http.StatusOK)
	if n := len(p.byClass(nil, "sheet")); n != 6 {
		t.Errorf("the cards page has %d sheets, want 6", n)
	}
	if n := len(p.byClass(nil, "guide-card")); n != 14 {
		t.Errorf("the cards page has %d guide cards, want 14", n)
	}

	p = s.get(path + "/scorecards")
	p.want(t, "score cards page", http.StatusOK)
	cards := p.byClass(nil, "score-card")
	if len(cards) != 14 {
		t.Fatalf("%d score cards, want 14", len(cards))
	}
	// Pair 1 plays 13 rounds of 2 boards: a line for each of the 26.
	rows := 0
	setupWalk(cards[0], func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "tr" {
			rows++
		}
	})
	if rows != 27 {
		t.Errorf("pair 1's score card has %d rows, want 27 (a head and 26 boards)", rows)
	}

	p = s.get(path + "/hands.pdf?paper=a3")
	p.want(t, "paper a3", http.StatusUnprocessableEntity)
	if msg := p.errorText(); !strings.Contains(msg, "paper") || !strings.Contains(msg, "a3") {
		t.Errorf("paper a3: error %q", msg)
	}
}

// dumpPDF writes a PDF the test read into the folder TRAVELER_PDF_DIR names,
// when it names one, to look at its pages (pdftoppm -png).
func dumpPDF(t *testing.T, name string, pdf []byte) {
	t.Helper()
	if dir := os.Getenv("TRAVELER_PDF_DIR"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), pdf, 0o644); err != nil {
			t.Error(err)
		}
	}
}

// TestScoreCardsHalfTableMitchell: in a Mitchell of 4 tables without EW
// pair 4 (a half table), the pairs are called "1 NS" … "4 EW" on their
// score cards, and NS pair 4 sits out the rounds it would have met EW pair
// 4 (a line "sits out" across the card instead of boards), on the score
// card, the guide card and the PDF.
func TestScoreCardsHalfTableMitchell(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	ctx := context.Background()
	ev, err := s.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Half table", Date: "2026-11-27", Law: "contract-2017", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := s.svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "B",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 4, BoardsPerRound: 2, Missing: 8}})
	if err != nil {
		t.Fatal(err)
	}
	path := "/director/sections/" + strconv.FormatInt(sec.ID, 10)
	p := s.get(path + "/scorecards")
	p.want(t, "score cards", http.StatusOK)
	cards := p.byClass(nil, "score-card")
	if len(cards) != 7 {
		t.Fatalf("%d score cards, want 7 (8 pairs but the missing one)", len(cards))
	}
	titles := []string{}
	for _, c := range cards {
		titles = append(titles, setupText(c))
	}
	if !strings.HasPrefix(titles[0], "Pair 1 NS") || !strings.HasPrefix(titles[4], "Pair 1 EW") {
		t.Errorf("titles: %q, %q; want Pair 1 NS, Pair 1 EW", titles[0][:12], titles[4][:12])
	}
	if !strings.Contains(titles[3], "sits out") {
		t.Errorf("NS pair 4's card does not say it sits out: %q", titles[3])
	}
	p = s.get(path + "/scorecards.pdf?paper=letter")
	p.want(t, "scorecards.pdf", http.StatusOK)
	if pages, _ := pdfPages(t, p.Body); pages != 7 {
		t.Errorf("scorecards.pdf: %d pages, want 7", pages)
	}
	if text := pdfText(t, p.Body, 4, 4); !strings.Contains(text, "Pair 4 NS") || !strings.Contains(text, "sits out") {
		t.Errorf("scorecards.pdf, page 4:\n%s", text)
	}
	p = s.get(path + "/cards")
	p.want(t, "cards", http.StatusOK)
	var guide4 string
	for _, c := range p.byClass(nil, "guide-card") {
		if setupAttr(c, "data-pair") == "4" {
			guide4 = setupText(c)
		}
	}
	out := 0
	for _, r := range sec.Movement.GuideCards()[3].Rounds {
		if r.SitsOut {
			out++
		}
	}
	if out == 0 || strings.Count(guide4, "sits out") != out {
		t.Errorf("pair 4's guide card should say it sits out in the movement's %d rounds: %q", out, guide4)
	}
	s.get(path+"/cards.pdf").want(t, "cards.pdf", http.StatusOK)
}

// TestCardsMitchellPairNumbers: a Mitchell's table and guide cards call the
// pairs by the numbers the players know — NS 1 to 4 and EW 1 to 4, as the
// score cards and the table's page do (movement.PairLabel) — not the
// movement's own numbers, EW 5 to 8 (a card said "EW 5" where the table's
// page says "pair 1 EW"). A 4-table Mitchell, round 1: NS 1 meets EW 1 at
// table 1 (the standard Mitchell starts each EW pair at its own table).
func TestCardsMitchellPairNumbers(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	ctx := context.Background()
	ev, err := s.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Mitchell cards", Date: "2026-11-28", Law: "contract-2017", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := s.svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 4, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if tb := sec.Movement.Rounds[0].Tables[0]; tb.NS != 1 || tb.EW != 5 {
		t.Fatalf("round 1, table 1: NS %d, EW %d; want the movement's 1 and 5", tb.NS, tb.EW)
	}
	p := s.get("/director/sections/" + strconv.FormatInt(sec.ID, 10) + "/cards")
	p.want(t, "cards", http.StatusOK)
	var table1, guide5 string
	for _, c := range p.byClass(nil, "table-card") {
		if setupAttr(c, "data-table") == "1" {
			table1 = strings.Join(strings.Fields(setupText(c)), " ")
		}
	}
	for _, c := range p.byClass(nil, "guide-card") {
		if setupAttr(c, "data-pair") == "5" {
			guide5 = strings.Join(strings.Fields(setupText(c)), " ")
		}
	}
	// The movement's table 1 seats EW 5, 8 and 6 in rounds 1–3 (EW 1, 4
	// and 2), and sends EW 5 (EW 1) to tables 1, 2 and 4 against NS 1, 2
	// and 4.
	var ews []int
	for _, rd := range sec.Movement.Rounds {
		ews = append(ews, rd.Tables[0].EW)
	}
	if !slices.Equal(ews, []int{5, 8, 6}) {
		t.Fatalf("table 1's EW pairs round by round: %v, want the movement's 5, 8, 6", ews)
	}
	if want := "Table 1 Round NS EW Boards 1 1 1 1–2 2 1 4 3–4 3 1 2 5–6"; table1 != want {
		t.Errorf("table 1's card: %q, want %q", table1, want)
	}
	if want := "Pair 1 EW Round Table Sits Against Boards 1 1 EW 1 NS 1–2 2 2 EW 2 NS 5–6 3 4 EW 4 NS 3–4"; guide5 != want {
		t.Errorf("EW 1's guide card: %q, want %q", guide5, want)
	}
}
