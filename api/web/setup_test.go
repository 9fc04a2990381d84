package web_test

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"golang.org/x/net/html"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// setupDeals are two deals for the hand-record upload: board 1 gives each
// hand one suit (N spades, E hearts, S diamonds, W clubs), board 2 the
// suits turned one seat on.
var setupDeals = map[int]string{
	1: "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
	2: "N:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.",
}

// setupPBN is a hand-record file of boards 1 and 2, with a header game
// (no Deal) that must be skipped.
const setupPBN = `% PBN 2.1
% EXPORT
[Event "Club pairs"]
[Site "Village hall"]

[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432."]
`

// TestSetupPages sets up a 3-table Howell the way a director does in the
// pages: sign in, create an event, preview and create the section, add 6
// pairs, upload hand records, set the round, publish and download; each
// step checked in the HTML and in what the Service stored.
func TestSetupPages(t *testing.T) {
	s := newSetupSite(t)
	ctx := context.Background()

	// Not signed in: the director's pages send the browser to sign in.
	p := s.get("/director")
	if p.Status != http.StatusSeeOther || !strings.HasPrefix(p.Location, "/director/login") {
		t.Fatalf("GET /director signed out: status %d to %q, want 303 to the sign-in page", p.Status, p.Location)
	}
	s.signIn()

	p = s.get("/director")
	p.want(t, "events list", http.StatusOK)
	if href := setupAttr(p.mustID(t, "new-event"), "href"); href != "/director/events/new" {
		t.Errorf("#new-event links to %q", href)
	}

	eventID := createSetupEvent(t, s)
	ev, err := s.svc.Event(ctx, tournament.Director, eventID)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Name != "Tuesday pairs" || ev.Date != "2026-05-05" || ev.Law != scoring.RoyalAuction1913 || ev.Scoring != tournament.MethodMP {
		t.Errorf("stored event %+v", ev)
	}
	// The form was sent as a browser with scripts off sends it: every law
	// code's options, the chosen code's changed to 100 and 10.
	if got := setupNumber(ev.LawOptions["game_premium"]); got != 100 {
		t.Errorf("game_premium stored %v, want 100 (the royal-auction-1913 field's value)", ev.LawOptions["game_premium"])
	}
	if got := setupNumber(ev.LawOptions["nullo_value"]); got != 10 {
		t.Errorf("nullo_value stored %v, want 10", ev.LawOptions["nullo_value"])
	}

	p = s.get("/director/events/" + strconv.FormatInt(eventID, 10))
	p.want(t, "event page", http.StatusOK)
	for _, id := range []string{"new-section", "publish", "download-xlsx", "download-standings-csv", "download-travelers-csv", "download-pbn", "reports"} {
		p.mustID(t, id)
	}
	// The event plays royal-auction-1913: USEBIO records contract bridge,
	// so the page offers PBN and says why there is no USEBIO file.
	if p.byID("download-usebio") != nil || !strings.Contains(setupText(p.mustID(t, "no-usebio")), "USEBIO records contract bridge") {
		t.Errorf("a royal-auction-1913 event: want no USEBIO download and the reason")
	}
	// Its options in plain words (scoring.Option.Label), the premium the
	// director chose: 100.
	if body := setupText(p.Doc); !strings.Contains(body, "Game premium: 100") || strings.Contains(body, "game_premium") {
		t.Errorf("event page: want the options in plain words (\"Game premium: 100\"), not their names")
	}

	sectionID := createSetupSection(t, s, eventID)
	addSetupPairs(t, s, sectionID)
	uploadSetupBoards(t, s, sectionID)
	setSetupRound(t, s, sectionID)
	publishSetupEvent(t, s, eventID)
	downloadSetupFiles(t, s, eventID)

	p = s.get("/director/sections/" + strconv.FormatInt(sectionID, 10) + "/cards")
	p.want(t, "movement cards page", http.StatusOK)
	if n := len(p.byClass(nil, "table-card")); n != 3 {
		t.Errorf("cards page: %d table cards, want 3", n)
	}
}

// setupNumber reads a stored whole-number option (an int, or a float64
// from JSON).
func setupNumber(v any) int {
	switch n := v.(type) {
	case int:
		return n
	case float64:
		return int(n)
	}
	return -1
}

// createSetupEvent fills the new-event form, first with a bad date, and
// returns the event's id.
func createSetupEvent(t *testing.T, s *setupSite) int64 {
	t.Helper()
	p := s.get("/director/events/new")
	p.want(t, "new-event form", http.StatusOK)
	if got, want := setupOptions(p.mustID(t, "law")), scoring.LawNames(); !slices.Equal(got, want) {
		t.Errorf("#law offers %v, want %v", got, want)
	}
	methods := make([]string, len(tournament.Methods))
	for i, m := range tournament.Methods {
		methods[i] = string(m)
	}
	if got := setupOptions(p.mustID(t, "scoring")); !slices.Equal(got, methods) {
		t.Errorf("#scoring offers %v, want %v", got, methods)
	}
	// royal-auction-1913 has five options (scoring.Law.Options); its
	// nullo_value is a choice of 8 or 10.
	if got := setupOptions(p.mustID(t, "opt-royal-auction-1913-nullo_value")); !slices.Equal(got, []string{"8", "10"}) {
		t.Errorf("nullo_value offers %v, want [8 10]", got)
	}
	if label := setupText(p.byClass(nil, "law-options")[0]); !strings.Contains(label, "Game premium") || strings.Contains(label, "game_premium") {
		t.Errorf("the new-event form names options by their JSON names: %q", label)
	}
	p.mustID(t, "create-event")

	form := setupFormFields(p.mustID(t, "event-form"))
	form.Set("name", "Tuesday pairs")
	form.Set("law", "royal-auction-1913")
	form.Set("scoring", "MP")
	// game_premium is sent once for each of the five codes that have it
	// (all but contract-2017), in scoring.Laws order: royal-auction-1913's is the third.
	premiums := form["opt_game_premium"]
	if len(premiums) != 5 {
		t.Fatalf("opt_game_premium sent %d times, want 5: %v", len(premiums), premiums)
	}
	premiums[2] = "100"
	form.Set("opt_nullo_value", "10")

	form.Set("date", "5/5/2026")
	p = s.post("/director/events", form)
	p.want(t, "event with a bad date", http.StatusUnprocessableEntity)
	if !strings.Contains(p.errorText(), "YYYY-MM-DD") {
		t.Errorf("bad date: error %q does not say how to write a date", p.errorText())
	}
	if setupAttr(p.mustID(t, "date"), "aria-invalid") != "true" {
		t.Error("bad date: #date not marked aria-invalid")
	}
	if v := setupAttr(p.mustID(t, "name"), "value"); v != "Tuesday pairs" {
		t.Errorf("bad date: the name was not kept: %q", v)
	}
	if v := setupAttr(p.mustID(t, "opt-royal-auction-1913-game_premium"), "value"); v != "100" {
		t.Errorf("bad date: royal-auction-1913's game_premium was not kept: %q", v)
	}

	form.Set("date", "2026-05-05")
	p = s.post("/director/events", form)
	p.want(t, "create event", http.StatusSeeOther)
	id, err := strconv.ParseInt(strings.TrimPrefix(strings.SplitN(p.Location, "?", 2)[0], "/director/events/"), 10, 64)
	if err != nil {
		t.Fatalf("create event went to %q", p.Location)
	}
	return id
}

// createSetupSection previews a 3-table Howell, checks nothing is stored
// yet, creates it and returns its id.
func createSetupSection(t *testing.T, s *setupSite, eventID int64) int64 {
	t.Helper()
	ctx := context.Background()
	base := "/director/events/" + strconv.FormatInt(eventID, 10)
	p := s.get(base + "/sections/new")
	p.want(t, "new-section form", http.StatusOK)
	for _, id := range []string{"section-form", "section-name", "session", "kind", "tables", "pairs", "teams", "boards_per_round", "rounds", "preview", "create-section"} {
		p.mustID(t, id)
	}
	form := url.Values{"name": {"A"}, "session": {"1"}, "kind": {"howell"}, "pairs": {"3"}, "boards_per_round": {"2"}, "action": {"preview"}}

	// 3 pairs: a Howell is made for 4 to 32 (movement.Howell).
	p = s.post(base+"/sections", form)
	p.want(t, "preview of 3 pairs", http.StatusUnprocessableEntity)
	if setupAttr(p.mustID(t, "pairs"), "aria-invalid") != "true" || !strings.Contains(p.errorText(), "4 to 32 pairs") {
		t.Errorf("3 pairs: #pairs not marked or error %q does not say 4 to 32 pairs", p.errorText())
	}
	form.Set("pairs", "six")
	p = s.post(base+"/sections", form)
	p.want(t, "preview of pairs \"six\"", http.StatusUnprocessableEntity)
	if setupAttr(p.mustID(t, "pairs"), "aria-invalid") != "true" || !strings.Contains(p.errorText(), "not a whole number") {
		t.Errorf("pairs \"six\": error %q", p.errorText())
	}

	// A complete Howell of 6 pairs: 3 tables, each pair meets the 5 others
	// in 5 rounds, 5 sets of 2 boards: 10 boards.
	form.Set("pairs", "6")
	p = s.post(base+"/sections", form)
	p.want(t, "preview", http.StatusOK)
	preview := p.mustID(t, "movement-preview")
	if n := len(p.byClass(preview, "table-card")); n != 3 {
		t.Errorf("preview: %d table cards, want 3", n)
	}
	if n := len(p.byClass(preview, "guide-card")); n != 6 {
		t.Errorf("preview: %d guide cards, want 6", n)
	}
	if txt := setupText(preview); !strings.Contains(txt, "6 pairs at 3 tables play 10 boards in 5 rounds") {
		t.Errorf("preview summary: %q", txt)
	}
	if v := setupAttr(p.mustID(t, "section-name"), "value"); v != "A" {
		t.Errorf("preview: the name was not kept: %q", v)
	}
	if secs, err := s.svc.Sections(ctx, tournament.Director, eventID); err != nil || len(secs) != 0 {
		t.Fatalf("after the preview: %d sections stored (%v), want none", len(secs), err)
	}

	form.Set("action", "create")
	p = s.post(base+"/sections", form)
	p.want(t, "create section", http.StatusSeeOther)
	secs, err := s.svc.Sections(ctx, tournament.Director, eventID)
	if err != nil || len(secs) != 1 {
		t.Fatalf("after create: %d sections (%v), want 1", len(secs), err)
	}
	sec := secs[0]
	if sec.Name != "A" || sec.Movement.Tables != 3 || sec.Movement.Pairs != 6 || sec.Movement.Boards != 10 || len(sec.Movement.Rounds) != 5 {
		t.Errorf("stored section %s: %d tables, %d pairs, %d boards, %d rounds", sec.Name, sec.Movement.Tables, sec.Movement.Pairs, sec.Movement.Boards, len(sec.Movement.Rounds))
	}
	if want := "/director/sections/" + strconv.FormatInt(sec.ID, 10); !strings.HasPrefix(p.Location, want+"?") {
		t.Errorf("create section went to %q, want %s", p.Location, want)
	}

	p = s.get(base)
	links := p.byClass(p.mustID(t, "sections"), "section-link")
	if len(links) != 1 || setupAttr(links[0], "href") != "/director/sections/"+strconv.FormatInt(sec.ID, 10) {
		t.Errorf("event page: section links %d", len(links))
	}
	return sec.ID
}

// addSetupPairs adds the 6 pairs, after two refused attempts.
func addSetupPairs(t *testing.T, s *setupSite, sectionID int64) {
	t.Helper()
	path := "/director/sections/" + strconv.FormatInt(sectionID, 10)
	p := s.get(path)
	p.want(t, "section page", http.StatusOK)
	for _, id := range []string{"pairs-form", "pairs-text", "add-pairs", "boards-form", "pbn-file", "upload-boards", "round-form", "current_round", "set-round", "session-board-link", "table-links-link", "movement-cards-link"} {
		p.mustID(t, id)
	}

	bad := "1: Ann Smith & Bob Jones\nCarol White & Dan Brown"
	p = s.post(path+"/pairs", url.Values{"pairs_text": {bad}})
	p.want(t, "a line with no number", http.StatusUnprocessableEntity)
	if !strings.Contains(p.errorText(), "line 2") || setupAttr(p.mustID(t, "pairs-text"), "aria-invalid") != "true" {
		t.Errorf("no number: error %q", p.errorText())
	}
	if got := setupText(p.mustID(t, "pairs-text")); got != strings.Join(strings.Fields(bad), " ") {
		t.Errorf("no number: the text was not kept: %q", got)
	}

	// Pair 7: the movement has pairs 1 to 6; it is on line 3.
	p = s.post(path+"/pairs", url.Values{"pairs_text": {"1: Ann Smith & Bob Jones\n\n7: Carol White & Dan Brown"}})
	p.want(t, "pair 7", http.StatusUnprocessableEntity)
	if msg := p.errorText(); !strings.Contains(msg, "line 3") || !strings.Contains(msg, "pairs 1 to 6") {
		t.Errorf("pair 7: error %q", msg)
	}

	lines := []string{
		"1: Ann Smith & Bob Jones",
		"2: Carol White (1234) & Dan Brown",
		"3: Eve Black & Frank Green",
		"4: Gina Grey and Hal Blue",
		"5: Ivy Rose & Jack Stone",
		"6: Kate Wood & Liam Hill",
	}
	p = s.upload(path+"/pairs", "pairs_file", "pairs.txt", []byte("\xff\xfe"))
	p.want(t, "a pairs file that is not text", http.StatusUnprocessableEntity)
	if !strings.Contains(p.errorText(), "pairs.txt: not a text file") {
		t.Errorf("binary pairs file: %q", p.errorText())
	}
	p = s.upload(path+"/pairs", "pairs_file", "pairs.txt", []byte(strings.Join(lines, "\r\n")))
	p.want(t, "add pairs from a file", http.StatusSeeOther)
	pairs, err := s.svc.Pairs(context.Background(), tournament.Director, sectionID)
	if err != nil || len(pairs) != 6 {
		t.Fatalf("stored %d pairs (%v), want 6", len(pairs), err)
	}
	byNumber := map[string]tournament.Pair{}
	for _, pr := range pairs {
		byNumber[pr.Number] = pr
	}
	if got := byNumber["2"].Players; len(got) != 2 || got[0] != (tournament.Player{Name: "Carol White", Number: "1234"}) || got[1].Name != "Dan Brown" {
		t.Errorf("pair 2's players %+v", got)
	}
	if got := byNumber["4"].Players; len(got) != 2 || got[1].Name != "Hal Blue" {
		t.Errorf("pair 4's players %+v", got)
	}

	p = s.get(path)
	rows := 0
	setupWalk(p.mustID(t, "pairs"), func(n *html.Node) {
		if setupAttr(n, "data-pair") != "" {
			rows++
		}
	})
	if rows != 6 {
		t.Errorf("#pairs shows %d pairs, want 6", rows)
	}

	p = s.post(path+"/pairs", url.Values{"pairs_text": {"3: Mia Lane & Ned Park"}})
	p.want(t, "pair 3 again", http.StatusConflict)
	if !strings.Contains(p.errorText(), "line 1") || !strings.Contains(p.errorText(), "already in the section") {
		t.Errorf("pair 3 again: error %q", p.errorText())
	}
}

// uploadSetupBoards uploads hand records, first a file with a short hand.
func uploadSetupBoards(t *testing.T, s *setupSite, sectionID int64) {
	t.Helper()
	path := "/director/sections/" + strconv.FormatInt(sectionID, 10)
	short := strings.Replace(setupPBN, "...AKQJT98765432\"]", "...AKQJT9876543\"]", 1)
	p := s.upload(path+"/boards", "pbn", "short.pbn", []byte(short))
	p.want(t, "a deal with a short hand", http.StatusUnprocessableEntity)
	if msg := p.errorText(); !strings.Contains(msg, "board 1 (line 6)") || setupAttr(p.mustID(t, "pbn-file"), "aria-invalid") != "true" {
		t.Errorf("short hand: error %q", msg)
	}
	p = s.upload(path+"/boards", "pbn", "header.pbn", []byte("[Event \"Club pairs\"]\n"))
	p.want(t, "a file with no deal", http.StatusUnprocessableEntity)

	p = s.upload(path+"/boards", "pbn", "hands.pbn", []byte(setupPBN))
	p.want(t, "upload hand records", http.StatusSeeOther)
	boards, err := s.svc.Boards(context.Background(), tournament.Director, sectionID)
	if err != nil || len(boards) != 10 {
		t.Fatalf("%d boards (%v), want 10", len(boards), err)
	}
	for n, deal := range setupDeals {
		d, err := scoring.ParseDeal("deal", deal)
		if err != nil {
			t.Fatal(err)
		}
		if boards[n-1].Deal.PBN() != d.String() {
			t.Errorf("board %d: deal %q, want %q", n, boards[n-1].Deal, d.String())
		}
	}
	if boards[1].Dealer != scoring.East || boards[1].Vulnerability != scoring.VulNS {
		t.Errorf("board 2: dealer %v, vulnerable %v; want E, NS", boards[1].Dealer, boards[1].Vulnerability)
	}
	if boards[2].Deal.PBN() != "" {
		t.Errorf("board 3 has a deal %q; the file has none", boards[2].Deal)
	}
	p = s.get(path)
	if got := setupText(p.mustID(t, "hand-records")); !strings.HasPrefix(got, "2 of 10 boards") {
		t.Errorf("#hand-records: %q", got)
	}
}

// setSetupRound moves the section to round 2, after refusing round 6.
func setSetupRound(t *testing.T, s *setupSite, sectionID int64) {
	t.Helper()
	path := "/director/sections/" + strconv.FormatInt(sectionID, 10)
	p := s.post(path+"/round", url.Values{"current_round": {"6"}})
	p.want(t, "round 6 of 5", http.StatusUnprocessableEntity)
	if !strings.Contains(p.errorText(), "rounds 1 to 5") || setupAttr(p.mustID(t, "current_round"), "aria-invalid") != "true" {
		t.Errorf("round 6: error %q", p.errorText())
	}
	p = s.post(path+"/round", url.Values{"current_round": {"2"}})
	p.want(t, "set round", http.StatusSeeOther)
	sec, err := s.svc.Section(context.Background(), tournament.Director, sectionID)
	if err != nil || sec.CurrentRound != 2 {
		t.Fatalf("current round %d (%v), want 2", sec.CurrentRound, err)
	}
	p = s.get(path)
	if got := setupSelected(p.mustID(t, "current_round")); got != "2" {
		t.Errorf("#current_round shows %q, want 2", got)
	}
}

// publishSetupEvent publishes the event and takes it back, then publishes it again.
func publishSetupEvent(t *testing.T, s *setupSite, eventID int64) {
	t.Helper()
	path := "/director/events/" + strconv.FormatInt(eventID, 10)
	for _, publish := range []bool{true, false, true} {
		p := s.post(path+"/publish", url.Values{"published": {strconv.FormatBool(publish)}})
		p.want(t, "publish "+strconv.FormatBool(publish), http.StatusSeeOther)
		ev, err := s.svc.Event(context.Background(), tournament.Director, eventID)
		if err != nil || ev.Published != publish {
			t.Fatalf("published %v (%v), want %v", ev.Published, err, publish)
		}
		p = s.get(path)
		button := "unpublish"
		if !publish {
			button = "publish"
		}
		p.mustID(t, button)
	}
}

// downloadSetupFiles downloads the five files of a one-section event, then
// adds a second section so the USEBIO file needs a section chosen.
func downloadSetupFiles(t *testing.T, s *setupSite, eventID int64) {
	t.Helper()
	path := "/director/events/" + strconv.FormatInt(eventID, 10)
	p := s.get(path)
	for _, id := range []string{"download-xlsx", "download-standings-csv", "download-travelers-csv", "download-pbn"} {
		href := setupAttr(p.mustID(t, id), "href")
		f := s.get(href)
		f.want(t, "download "+href, http.StatusOK)
		if cd := f.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment;") || !strings.Contains(cd, "tuesday-pairs-2026-05-05-") {
			t.Errorf("%s: Content-Disposition %q", href, cd)
		}
		if len(f.Body) == 0 {
			t.Errorf("%s: empty", href)
		}
	}
	// Made on the Service's bounded workers (Heavy), each once: asked for
	// again, unchanged, it is what was kept, sent with its length.
	made := s.svc.HeavyMade()
	if made != 4 {
		t.Errorf("the four downloads made %d heavy reads, want 4 (through Service.Heavy)", made)
	}
	x := s.get(path + "/files/report.xlsx")
	if s.svc.HeavyMade() != made {
		t.Errorf("report.xlsx asked again of an unchanged event was made again (%d heavy reads, want %d)", s.svc.HeavyMade(), made)
	}
	if got := x.Header.Get("Content-Length"); got != strconv.Itoa(len(x.Body)) {
		t.Errorf("report.xlsx: Content-Length %q, body %d bytes", got, len(x.Body))
	}
	book, err := excelize.OpenReader(bytes.NewReader(x.Body))
	if err != nil {
		t.Fatalf("report.xlsx does not open: %v", err)
	}
	if len(book.GetSheetList()) == 0 {
		t.Error("report.xlsx has no sheet")
	}
	book.Close()
	csv := s.get(path + "/files/standings.csv")
	if !strings.Contains(string(csv.Body), "Carol White") {
		t.Errorf("standings.csv does not name the players:\n%s", csv.Body)
	}

	b, err := s.svc.CreateSection(context.Background(), tournament.Director, eventID,
		tournament.SectionInput{Name: "B", Movement: tournament.MovementSpec{Kind: "howell", Pairs: 4, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	p = s.get(path + "/files/usebio.xml")
	p.want(t, "USEBIO of a royal-auction-1913 event", http.StatusUnprocessableEntity)
	if !strings.Contains(p.errorText(), "USEBIO records contract bridge") {
		t.Errorf("USEBIO of a royal-auction-1913 event: error %q", p.errorText())
	}
	// Under contract-2017 the event fits USEBIO, but one file holds one
	// section: the page offers a file for each.
	law := scoring.Contract2017.String()
	if _, err := s.svc.UpdateEvent(context.Background(), tournament.Director, eventID, tournament.EventPatch{Law: &law}); err != nil {
		t.Fatal(err)
	}
	p = s.get(path + "/files/usebio.xml")
	p.want(t, "USEBIO of two sections", http.StatusUnprocessableEntity)
	if !strings.Contains(p.errorText(), "usebio.xml cannot be written") {
		t.Errorf("USEBIO of two sections: error %q", p.errorText())
	}
	links := p.mustID(t, "usebio-sections")
	var hrefs []string
	setupWalk(links, func(n *html.Node) {
		if h := setupAttr(n, "href"); h != "" {
			hrefs = append(hrefs, h)
		}
	})
	want := path + "/files/usebio.xml?section=" + strconv.FormatInt(b.ID, 10)
	if !slices.Contains(hrefs, want) || len(hrefs) != 2 {
		t.Fatalf("per-section USEBIO links %v, want 2 with %s", hrefs, want)
	}
	f := s.get(want)
	f.want(t, "USEBIO of section B", http.StatusOK)
	if !strings.Contains(string(f.Body), "<USEBIO") {
		t.Errorf("USEBIO of section B is not USEBIO:\n%.200s", f.Body)
	}
	p = s.get(path + "/files/results.txt")
	p.want(t, "a file traveler does not write", http.StatusNotFound)
}

// TestSetupScriptsOnAndMitchell checks the new-event form as a browser with
// scripts on sends it (only the chosen law code's options), and the pairs
// box of a Mitchell, where each pair needs its direction.
func TestSetupScriptsOnAndMitchell(t *testing.T) {
	s := newSetupSite(t)
	ctx := context.Background()
	s.signIn()

	form := url.Values{"name": {"Friday Mitchell"}, "date": {"2026-06-05"}, "law": {"bridge"}, "scoring": {"MP_ACBL"},
		"opt_game_premium": {"60"}, "opt_part_score_premium": {"abc"}}
	p := s.post("/director/events", form)
	p.want(t, "part_score_premium \"abc\"", http.StatusUnprocessableEntity)
	if setupAttr(p.mustID(t, "opt-bridge-part_score_premium"), "aria-invalid") != "true" || !strings.Contains(p.errorText(), "whole number") {
		t.Errorf("part_score_premium abc: error %q", p.errorText())
	}
	// 1001 is past the option's range, 0 to 1000 (scoring.Law.Options).
	form.Set("opt_part_score_premium", "1001")
	p = s.post("/director/events", form)
	p.want(t, "part_score_premium 1001", http.StatusUnprocessableEntity)
	if setupAttr(p.mustID(t, "opt-bridge-part_score_premium"), "aria-invalid") != "true" {
		t.Errorf("part_score_premium 1001: field not marked; error %q", p.errorText())
	}
	form.Set("opt_part_score_premium", "20")
	p = s.post("/director/events", form)
	p.want(t, "create event", http.StatusSeeOther)
	events, err := s.svc.Events(ctx, tournament.Director)
	if err != nil || len(events) != 1 {
		t.Fatalf("%d events (%v)", len(events), err)
	}
	ev := events[0]
	if ev.Law != scoring.Bridge || ev.Scoring != tournament.MethodMPACBL || setupNumber(ev.LawOptions["game_premium"]) != 60 || setupNumber(ev.LawOptions["part_score_premium"]) != 20 {
		t.Errorf("stored %s %s %v", ev.Law, ev.Scoring, ev.LawOptions)
	}

	sec, err := s.svc.CreateSection(ctx, tournament.Director, ev.ID,
		tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	path := "/director/sections/" + strconv.FormatInt(sec.ID, 10)
	p = s.post(path+"/pairs", url.Values{"pairs_text": {"1 NS: Ann Smith & Bob Jones\n2: Carol White & Dan Brown"}})
	p.want(t, "a Mitchell pair with no direction", http.StatusUnprocessableEntity)
	if msg := p.errorText(); !strings.Contains(msg, "line 2") || !strings.Contains(msg, "direction") {
		t.Errorf("no direction: error %q", msg)
	}
	p = s.post(path+"/pairs", url.Values{"pairs_text": {"1 NS: Ann Smith & Bob Jones\n1 e-w: Carol White & Dan Brown\n4 NS: Eve Black & Frank Green"}})
	p.want(t, "Mitchell pair 4 of 3 tables", http.StatusUnprocessableEntity)
	if msg := p.errorText(); !strings.Contains(msg, "line 3") || !strings.Contains(msg, "pairs 1 to 3 in each direction") {
		t.Errorf("pair 4 NS: error %q", msg)
	}
	p = s.post(path+"/pairs", url.Values{"pairs_text": {"1 NS: Ann Smith & Bob Jones\n1 e-w: Carol White & Dan Brown"}})
	p.want(t, "Mitchell pairs", http.StatusSeeOther)
	pairs, err := s.svc.Pairs(ctx, tournament.Director, sec.ID)
	if err != nil || len(pairs) != 2 {
		t.Fatalf("%d pairs (%v)", len(pairs), err)
	}
	dirs := []string{pairs[0].Number + " " + pairs[0].Direction, pairs[1].Number + " " + pairs[1].Direction}
	slices.Sort(dirs)
	if !slices.Equal(dirs, []string{"1 EW", "1 NS"}) {
		t.Errorf("stored pairs %v, want 1 NS and 1 EW", dirs)
	}
	p = s.get(path)
	if th := setupText(p.mustID(t, "pairs")); !strings.Contains(th, "Direction") {
		t.Errorf("a Mitchell's pairs table has no direction column: %q", th)
	}
}

// TestSetupUploadDealingMachineFiles uploads, on the section page, the
// files of Big Deal 2.0's 28 boards (reports/testdata/deals/README.md): the
// LIN file, known by its name's extension, stores boards 1 to 10 of the
// 3-table Howell with the deals, dealers and vulnerabilities of Big Deal's
// PBN, the rest left out; a DUP file with a card number 99 is refused
// naming the record and the card, and the stored deals stay.
func TestSetupUploadDealingMachineFiles(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	sectionID := createSetupSection(t, s, createSetupEvent(t, s))
	path := "/director/sections/" + strconv.FormatInt(sectionID, 10)
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("..", "..", "reports", "testdata", "deals", name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	pbn, err := reports.ReadHandRecords(bytes.NewReader(read("bigdeal20.pbn")))
	if err != nil {
		t.Fatal(err)
	}
	check := func() {
		t.Helper()
		boards, err := s.svc.Boards(context.Background(), tournament.Director, sectionID)
		if err != nil || len(boards) != 10 {
			t.Fatalf("%d boards (%v), want 10", len(boards), err)
		}
		for i, b := range boards {
			want, err := tournament.ParseBoard("", pbn[i].Board)
			if err != nil {
				t.Fatal(err)
			}
			if b.Deal.Hands != want.Deal.Hands || !b.Deal.Full() || b.Dealer != want.Dealer || b.Vulnerability != want.Vulnerability {
				t.Errorf("board %d: %s %v %v, Big Deal's PBN %s %v %v", b.Number, b.Deal, b.Dealer, b.Vulnerability, want.Deal, want.Dealer, want.Vulnerability)
			}
		}
	}
	p := s.upload(path+"/boards", "pbn", "Tuesday.LIN", read("bigdeal20.lin"))
	p.want(t, "upload a LIN file", http.StatusSeeOther)
	check()
	dup := bytes.Clone(read("bigdeal20.dup"))
	copy(dup[2*156+2:], "99")
	p = s.upload(path+"/boards", "pbn", "Tuesday.dup", dup)
	p.want(t, "a damaged DUP file", http.StatusUnprocessableEntity)
	if msg := p.errorText(); !strings.Contains(msg, "DUP: record 3 (bytes 313–468), North's card 2") {
		t.Errorf("damaged DUP: error %q", msg)
	}
	check()
}
