package reports

import (
	"bufio"
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// The auctions of interchangeEvent's played lines at table 1. Board 1 is
// dealt by North: North opens 1S, South raises, North bids 4S, all pass
// (4S by North, the line's contract). Board 2 is dealt by East, who passes;
// South opens 1NT and North raises to 3NT, all pass (3NT by South).
var (
	board1Auction = []string{"1S", "PASS", "2S", "PASS", "4S", "PASS", "PASS", "PASS"}
	board2Auction = []string{"PASS", "1NT", "PASS", "3NT", "PASS", "PASS", "PASS"}
)

// withAuctions is interchangeEvent with table 1's auctions on its lines.
func withAuctions(t *testing.T) tournament.EventData {
	d := interchangeEvent(t)
	s := &d.Sections[0]
	set := func(r *tournament.Result) {
		if r.Table != 1 {
			return
		}
		r.Auction = map[int][]string{1: board1Auction, 2: board2Auction}[r.Board]
	}
	for i := range s.Results {
		set(&s.Results[i])
	}
	for i := range s.Travelers {
		for j := range s.Travelers[i].Lines {
			set(&s.Travelers[i].Lines[j].Result)
		}
	}
	return d
}

// TestPBNAuctionRoundTrip writes table 1's auctions as PBN auction sections
// (§3.5: the dealer as the tag value, four calls a line, Pass, AP for the
// closing passes) and reads them back onto their results; the lines
// without an auction come back without one.
func TestPBNAuctionRoundTrip(t *testing.T) {
	d := withAuctions(t)
	var buf bytes.Buffer
	if err := WritePBN(&buf, d); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	for _, want := range []string{
		"[Auction \"N\"]\n1S Pass 2S Pass\n4S AP\n[Play \"E\"]\nHA - - -\n*\n",
		"[Auction \"E\"]\nPass 1NT Pass 3NT\nAP\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the file lacks\n%s\nit is:\n%s", want, text)
		}
	}
	if n := strings.Count(text, "[Auction "); n != 2 {
		t.Errorf("%d auction sections, want 2 (table 1's boards)", n)
	}
	back, err := readPBNEvent(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, r := range back.Sections[0].Results {
		// The import seats the meetings itself: table 1's pairs are 1 and 2.
		want := []string(nil)
		if r.NS == "1" {
			want = map[int][]string{1: board1Auction, 2: board2Auction}[r.Board]
		}
		if r.Status == tournament.StatusArtificial {
			want = nil
		}
		if !slices.Equal(r.Auction, want) || (want == nil) != (r.Auction == nil) {
			t.Errorf("board %d, NS %s: auction %q, want %q", r.Board, r.NS, r.Auction, want)
		}
		if r.Auction != nil {
			found++
		}
	}
	if found != 2 {
		t.Errorf("%d results read back with an auction, want 2", found)
	}
}

// TestPBNCalls reads auction sections as traveler keeps them: AP is the
// passes that close the auction, 3 after a bid and 4 when nobody bid; a
// passed-out auction is written back as AP alone.
func TestPBNCalls(t *testing.T) {
	for _, c := range []struct {
		section string
		want    []string
	}{
		{"AP", []string{"PASS", "PASS", "PASS", "PASS"}},
		{"Pass Pass AP", []string{"PASS", "PASS", "PASS", "PASS"}},
		{"1H Pass AP", []string{"1H", "PASS", "PASS", "PASS"}},
		{"1H X XX AP", []string{"1H", "X", "XX", "PASS", "PASS", "PASS"}},
		{"1C Pass 1NT Pass\nPass Pass", []string{"1C", "PASS", "1NT", "PASS", "PASS", "PASS"}},
	} {
		g := PBNGame{Tags: []PBNTag{{Name: "Auction", Value: "W", Section: strings.Split(c.section, "\n")}}}
		got, first, ok := g.Calls()
		if !ok || first.String() != "W" || !slices.Equal(got, c.want) {
			t.Errorf("%q: %q from %s (%v), want %q from W", c.section, got, first, ok, c.want)
		}
	}
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	writePBNAuction(w, scoring.West, []string{"PASS", "PASS", "PASS", "PASS"})
	w.Flush()
	if buf.String() != "[Auction \"W\"]\nAP\n" {
		t.Errorf("a passed-out board written as %q, want [Auction \"W\"] and AP", buf.String())
	}
}

// TestPBNAuctionNotTheContract: an auction that does not give the game's
// contract (North stops in 3S, the Contract tag says 4S) is left out with
// a note, and the result stands on its Contract, Declarer and Result.
func TestPBNAuctionNotTheContract(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePBN(&buf, withAuctions(t)); err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(buf.String(), "1S Pass 2S Pass\n4S AP\n", "1S Pass 2S Pass\n3S AP\n", 1)
	f, err := ReadResults(strings.NewReader(text), ReadOptions{Format: FormatPBN, Today: testToday, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range f.Event.Sections[0].Results {
		if r.Board == 1 && r.NS == "1" && (r.Auction != nil || r.Contract != "4S" || r.NSScore != 420) {
			t.Errorf("board 1, NS 1: %s, %d, auction %q; want 4S, 420 (4×30 + 300), no auction", r.Contract, r.NSScore, r.Auction)
		}
	}
	noted := slices.ContainsFunc(f.Notes, func(n Note) bool { return n.Element == "[Auction]" })
	if !noted {
		t.Errorf("notes %+v: none about the auction left out", f.Notes)
	}
}
