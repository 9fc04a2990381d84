package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// printPDF prints the tab's page as Chromium's print dialog does, on paper
// of w × h inches (the default 1 cm margins), keeps the PDF beside the
// screenshots and returns its page count (pdfPages).
func (tab *browserTab) printPDF(name string, w, h float64) int {
	tab.env.t.Helper()
	var pdf []byte
	tab.do("print "+name, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		res, err := chromedp.Call(ctx, page.PrintToPDF, page.PrintToPDFParams{PaperWidth: w, PaperHeight: h})
		pdf = res.Data
		return err
	}))
	file := filepath.Join(tab.env.shots, safeName(name)+".pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		tab.env.t.Fatal(err)
	}
	return pdfPages(tab.env.t, file)
}

// pdfPages returns the page count of the PDF file as pdfinfo
// (poppler-utils) reads it.
func pdfPages(t *testing.T, file string) int {
	t.Helper()
	out, err := exec.Command("pdfinfo", file).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfinfo %s (scripts/test provision installs poppler-utils): %v\n%s", file, err, out)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(l, "Pages:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(v))
			return n
		}
	}
	t.Fatalf("pdfinfo %s: no page count\n%s", file, out)
	return 0
}

// TestBrowserPaper: a director uploads the 36 boards `traveler deal` makes
// to a 26-board section from the section page (on a phone: 390 pixels),
// which stores 1–26 and says 27–36 were left out, and the three pages to
// print fit the phone's screen; Chromium's print engine
// then prints the hand records four boards a sheet — 7 sheets on A4 and on
// Letter — the 21 movement cards on 6 sheets and the 14 score cards on 14.
func TestBrowserPaper(t *testing.T) {
	b := newEnv(t, withBrowser(), withService(tournament.ServiceOptions{DoubleDummy: listDDS{}}))
	ctx, svc, bb := context.Background(), b.svc, b.build()
	ev := bb.Event(tournament.EventInput{Name: "Club pairs", Date: "2026-11-27", Law: "contract-2017", Scoring: "MP"})
	sec := bb.CreateSection(ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 14, BoardsPerRound: 2}})
	if sec.Movement.Boards != 26 {
		t.Fatalf("the 14-pair Howell has %d boards, want 26", sec.Movement.Boards)
	}
	var set strings.Builder
	r := scoring.CryptoRand()
	for n := 1; n <= 36; n++ {
		fmt.Fprintf(&set, "[Board \"%d\"]\n[Deal \"%s\"]\n\n", n, scoring.RandomDeal(r).String())
	}
	file := filepath.Join(t.TempDir(), "deal36.pbn")
	if err := os.WriteFile(file, []byte(set.String()), 0o644); err != nil {
		t.Fatal(err)
	}

	phone := b.phone("director-phone")
	phone.open("/director/login")
	phone.fill("#token", directorToken)
	phone.submit(`form[action="/director/login"] button[type=submit]`)
	phone.open(fmt.Sprintf("/director/sections/%d", sec.ID))
	phone.do("choose the 36-board file", chromedpUpload("#pbn-file", file))
	phone.submit("#upload-boards")
	if got := phone.text(".flash"); !strings.Contains(got, "26 boards (1–26)") || !strings.Contains(got, "left out 27–36") {
		t.Errorf("after the upload the page says %q", got)
	}
	phone.shot("36-board set uploaded")
	checkFitsPhone(t, phone, "the section page after a 36-board upload")

	boards, err := svc.Boards(ctx, tournament.Director, sec.ID)
	if err != nil || len(boards) != 26 {
		t.Fatalf("%d boards stored (%v), want 26", len(boards), err)
	}
	for _, bd := range boards {
		if err := svc.AnalyseBoard(ctx, sec.ID, bd.Number, bd.Deal); err != nil {
			t.Fatal(err)
		}
	}

	for _, s := range []struct{ path, what string }{{"hands", "hand records"}, {"cards", "movement cards"}, {"scorecards", "score cards"}} {
		phone.open(fmt.Sprintf("/director/sections/%d/%s", sec.ID, s.path))
		phone.noError("open the " + s.what + " on a phone")
		checkFitsPhone(t, phone, "the "+s.what+" page")
	}
	phone.shot("score cards")

	b.tab.open("/director/login")
	b.tab.fill("#token", directorToken)
	b.tab.submit(`form[action="/director/login"] button[type=submit]`)
	sheets := []struct {
		path, what string
		pages      int
	}{
		{"hands", "hand records", 7},
		{"cards", "movement cards", 6},
		{"scorecards", "score cards", 14},
	}
	for _, s := range sheets {
		b.tab.open(fmt.Sprintf("/director/sections/%d/%s", sec.ID, s.path))
		b.tab.noError("open the " + s.what)
		b.tab.shot(s.what)
		for _, paper := range []struct {
			name string
			w, h float64
		}{{"a4", 8.27, 11.69}, {"letter", 8.5, 11}} {
			if n := b.tab.printPDF(s.what+"-"+paper.name, paper.w, paper.h); n != s.pages {
				t.Errorf("the %s print on %d %s pages, want %d", s.what, n, paper.name, s.pages)
			}
		}
	}
}
