package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestBrowserHandSetFromDealingMachine: on the section page (a phone, 390
// pixels) a director chooses Big Deal 2.0's DLM file of 28 boards
// (reports/testdata/deals) for a 10-board section: the page says boards
// 1–10 stored and 11–28 left out, and the boards stored hold the deals of
// Big Deal's PBN.
func TestBrowserHandSetFromDealingMachine(t *testing.T) {
	b := newEnv(t, withBrowser())
	bb := b.build()
	ev := bb.Event(tournament.EventInput{Name: "Dealt by machine", Date: "2026-11-27", Law: "contract-2017", Scoring: "MP"})
	sec := bb.CreateSection(ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}})
	dir := filepath.Join("..", "..", "reports", "testdata", "deals")
	dlm, err := os.ReadFile(filepath.Join(dir, "bigdeal20.dlm"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "Tuesday.dlm")
	if err := os.WriteFile(file, dlm, 0o644); err != nil {
		t.Fatal(err)
	}
	phone := b.phone("director-phone")
	phone.open("/director/login")
	phone.fill("#token", directorToken)
	phone.submit(`form[action="/director/login"] button[type=submit]`)
	phone.open(fmt.Sprintf("/director/sections/%d", sec.ID))
	phone.do("choose the DLM file", chromedpUpload("#pbn-file", file))
	phone.submit("#upload-boards")
	if got := phone.text(".flash"); !strings.Contains(got, "10 boards (1–10)") || !strings.Contains(got, "left out 11–28") {
		t.Errorf("after the upload the page says %q", got)
	}
	checkFitsPhone(t, phone, "the section page after a DLM upload")
	pbnData, err := os.ReadFile(filepath.Join(dir, "bigdeal20.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	pbn, err := reports.ReadHandRecords(bytes.NewReader(pbnData))
	if err != nil {
		t.Fatal(err)
	}
	boards, err := b.svc.Boards(context.Background(), tournament.Director, sec.ID)
	if err != nil || len(boards) != 10 {
		t.Fatalf("%d boards stored (%v), want 10", len(boards), err)
	}
	for i, bd := range boards {
		want, err := tournament.ParseBoard("", pbn[i].Board)
		if err != nil || bd.Deal.Hands != want.Deal.Hands || !bd.Deal.Full() {
			t.Errorf("board %d: %s, Big Deal's PBN %s (%v)", bd.Number, bd.Deal, want.Deal, err)
		}
	}
}
