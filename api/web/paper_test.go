package web_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

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
		b := tournament.Board{Number: n, Dealer: scoring.BoardDealer(n), Vulnerability: scoring.BoardVulnerability(n), Deal: scoring.RandomDeal(r).String()}
		deals[n] = b.Deal
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
		if !sameDeal(t, b.Deal, deals[b.Number]) {
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
		if want := deals[b.Number]; !sameDeal(t, b.Deal, want) {
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
