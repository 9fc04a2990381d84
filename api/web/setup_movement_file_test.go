package web_test

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestSectionFromMovementFilePage: the director makes a section from a
// movement file on the new-section form — the .ASC format's own example
// (http://www.pjms.nl/movementfile_standard.html: 14 pairs, 7 tables, 6
// rounds, groups A to F; at 2 boards a group, 12 boards) — uploaded, shown
// with its cards before anything is stored, then created from the box the
// upload filled; a pasted file where pairs 1 and 2 meet again is refused
// naming the line, round and table, the box marked.
func TestSectionFromMovementFilePage(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	ctx := context.Background()
	ev, err := s.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Club night", Date: "2026-11-27", Law: "contract-2017", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	base := "/director/events/" + strconv.FormatInt(ev.ID, 10)
	p := s.get(base + "/sections/new")
	p.want(t, "new-section form", http.StatusOK)
	for _, id := range []string{"movement_file", "movement_upload"} {
		p.mustID(t, id)
	}
	text, err := os.ReadFile("../../tournament/movement/testdata/pjms_example.asc")
	if err != nil {
		t.Fatal(err)
	}
	form := url.Values{"name": {"F"}, "session": {"1"}, "kind": {"custom"}, "boards_per_round": {"2"}, "action": {"preview"}}
	p = s.uploadWith(base+"/sections", form, "movement_upload", "pjms.asc", text)
	p.want(t, "preview of the uploaded file", http.StatusOK)
	preview := p.mustID(t, "movement-preview")
	if txt := setupText(preview); !strings.Contains(txt, "14 pairs at 7 tables play 12 boards in 6 rounds") {
		t.Errorf("preview summary: %q", txt)
	}
	if n := len(p.byClass(preview, "table-card")); n != 7 {
		t.Errorf("preview: %d table cards, want 7", n)
	}
	if box := setupText(p.mustID(t, "movement_file")); !strings.Contains(box, "1- 2 A 3- 4 B 5- 6 C") && strings.Contains(box, "14- 4 F") {
		t.Errorf("the box does not hold the uploaded file: %q", box)
	}
	if secs, _ := s.svc.Sections(ctx, tournament.Director, ev.ID); len(secs) != 0 {
		t.Fatalf("after the preview: %d sections stored, want none", len(secs))
	}

	bad := url.Values{"name": {"G"}, "session": {"1"}, "kind": {"custom"}, "boards_per_round": {"2"}, "action": {"preview"},
		"movement_file": {"4 2 3 6 0\n1-2 A 3-4 B\n1-3 C 2-4 D\n2-1 E 4-3 F\n"}}
	p = s.post(base+"/sections", bad)
	p.want(t, "a file with a repeated meeting", http.StatusUnprocessableEntity)
	if msg := p.errorText(); !strings.Contains(msg, "line 4: round 3, table 1: pairs 2 and 1 meet again") ||
		setupAttr(p.mustID(t, "movement_file"), "aria-invalid") != "true" {
		t.Errorf("repeated meeting: error %q, box marked %q", msg, setupAttr(p.mustID(t, "movement_file"), "aria-invalid"))
	}

	form.Set("action", "create")
	form.Set("movement_file", string(text))
	p = s.post(base+"/sections", form)
	p.want(t, "create from the file", http.StatusSeeOther)
	secs, err := s.svc.Sections(ctx, tournament.Director, ev.ID)
	if err != nil || len(secs) != 1 {
		t.Fatalf("%d sections (%v), want 1", len(secs), err)
	}
	if m := secs[0].Movement; m.Pairs != 14 || m.Tables != 7 || len(m.Rounds) != 6 || m.Boards != 12 {
		t.Errorf("stored: %d pairs, %d tables, %d rounds, %d boards", m.Pairs, m.Tables, len(m.Rounds), m.Boards)
	}
}
