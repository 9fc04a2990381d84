package reports_test

import (
	"bytes"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
)

// oneSuitHands is a deal where each seat holds one whole suit: the widest
// lines a hand record can have.
var oneSuitHands = [4]reports.PrintedSeat{
	{Seat: "North", Suits: []string{"A K Q J 10 9 8 7 6 5 4 3 2", "—", "—", "—"}},
	{Seat: "East", Suits: []string{"—", "A K Q J 10 9 8 7 6 5 4 3 2", "—", "—"}},
	{Seat: "South", Suits: []string{"—", "—", "A K Q J 10 9 8 7 6 5 4 3 2", "—"}},
	{Seat: "West", Suits: []string{"—", "—", "—", "A K Q J 10 9 8 7 6 5 4 3 2"}},
}

// bboxWord is one word pdftotext -bbox finds, with its box in points.
type bboxWord struct {
	XMin float64 `xml:"xMin,attr"`
	XMax float64 `xml:"xMax,attr"`
	Text string  `xml:",chardata"`
}

// bboxPages reads pdftotext -bbox's pages: each page's width and words.
func bboxPages(t *testing.T, pdf []byte) (widths []float64, words [][]bboxWord) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is missing: scripts/test provision installs it (Debian's poppler-utils)")
	}
	file := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(file, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-bbox", "-enc", "UTF-8", file, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Pages []struct {
			Width float64    `xml:"width,attr"`
			Words []bboxWord `xml:"word"`
		} `xml:"body>doc>page"`
	}
	dec := xml.NewDecoder(bytes.NewReader(out))
	dec.Strict = false
	dec.AutoClose = xml.HTMLAutoClose
	dec.Entity = xml.HTMLEntity
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("reading pdftotext -bbox: %v", err)
	}
	for _, p := range doc.Pages {
		widths, words = append(widths, p.Width), append(words, p.Words)
	}
	return widths, words
}

// TestHandRecordsPDFFitsTheSheet: five boards print on two sheets, four on
// the first; every word, even a 13-card suit in the East hand, lies inside
// the sheet's 1 cm margins, on A4 (595.28 points wide) and on Letter (612).
func TestHandRecordsPDFFitsTheSheet(t *testing.T) {
	for _, paper := range []reports.Paper{reports.PaperA4, reports.PaperLetter} {
		var hands []reports.PrintedHand
		for n := 1; n <= 5; n++ {
			hands = append(hands, reports.PrintedHand{Title: "Board " + strconv.Itoa(n), Facts: "Dealer N · nobody vulnerable",
				Hands: oneSuitHands, Note: "Double dummy: not worked out yet."})
		}
		var b bytes.Buffer
		if err := reports.WriteHandRecordsPDF(&b, paper, "Club pairs · section A", hands); err != nil {
			t.Fatal(err)
		}
		widths, words := bboxPages(t, b.Bytes())
		if len(widths) != 2 {
			t.Fatalf("%s: %d pages, want 2 (5 boards, 4 a sheet)", paper, len(widths))
		}
		boards := 0
		for p, ws := range words {
			for _, w := range ws {
				if w.XMin < 28 || w.XMax > widths[p]-28 {
					t.Errorf("%s, page %d: %q spans %.1f to %.1f, outside the margins of a %.2f-point sheet", paper, p+1, w.Text, w.XMin, w.XMax, widths[p])
				}
				if p == 0 && w.Text == "Board" {
					boards++
				}
			}
		}
		if boards != 4 {
			t.Errorf("%s: %d boards on page 1, want 4", paper, boards)
		}
	}
}

// TestParsePaper: a4 and letter in any case, A4 when none is given; any
// other size is an error naming the field and the sizes.
func TestParsePaper(t *testing.T) {
	for in, want := range map[string]reports.Paper{"": reports.PaperA4, "A4": reports.PaperA4, "letter": reports.PaperLetter, " Letter ": reports.PaperLetter} {
		if got, err := reports.ParsePaper("paper", in); err != nil || got != want {
			t.Errorf("ParsePaper(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	_, err := reports.ParsePaper("paper", "a3")
	if err == nil || !strings.Contains(err.Error(), "paper") || !strings.Contains(err.Error(), "a3") {
		t.Errorf("ParsePaper(a3): %v", err)
	}
}
