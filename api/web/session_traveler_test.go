package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// travelerDeal is the hand record every board of the traveler tests gets:
//
//	         N ♠AKQ2 ♥K73 ♦A84 ♣Q62
//	W ♠76 ♥T954 ♦T962 ♣753     E ♠J95 ♥QJ8 ♦KQ73 ♣K84
//	         S ♠T843 ♥A62 ♦J5 ♣AJT9
//
// In spades North–South hold A K Q (North) and 10 (South): four honours
// between partners; East–West hold the knave.
const travelerDeal = "N:AKQ2.K73.A84.Q62 J95.QJ8.KQ73.K84 T843.A62.J5.AJT9 76.T954.T962.753"

// newHowellSection stores an MP event named name under law with section
// A: sessionHowell's movement (6 pairs, 2 boards a round), nothing else.
func newHowellSection(t *testing.T, svc *tournament.Service, name, law string) tournament.Section {
	t.Helper()
	ctx := context.Background()
	ev, err := svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: name, Date: "2026-11-24", Law: law, Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	return sec
}

// newTravelerHowell is sessionHowell's movement under law, every board with
// travelerDeal, every result entered as enterAllBut enters them.
func newTravelerHowell(t *testing.T, svc *tournament.Service, law string) tournament.Section {
	t.Helper()
	ctx := context.Background()
	sec := newHowellSection(t, svc, "Traveler "+law, law)
	var boards []tournament.BoardInput
	for b := 1; b <= sec.Movement.Boards; b++ {
		boards = append(boards, tournament.BoardInput{Number: b, Deal: travelerDeal})
	}
	if _, err := svc.PutBoards(ctx, tournament.Director, sec.ID, boards); err != nil {
		t.Fatal(err)
	}
	enterAllBut(t, svc, sec)
	return sec
}

// TestTravelerShowsDealAndItems: a traveler draws the hand record, itemises
// each line's score as the law code scores it, and shows the vulnerability
// only under the law code that uses it (contract-2017).
func TestTravelerShowsDealAndItems(t *testing.T) {
	e := newSessionEnv(t)

	// contract-2017. Board 1 (dealer North, nobody vulnerable by the
	// 16-board cycle): 4S by N making 10 is 4 × 30 = 120 below the line and
	// 300 for a game not vulnerable (Law 77): +420.
	sec := newTravelerHowell(t, e.svc, "contract-2017")
	path := "/director/sections/" + strconv.FormatInt(sec.ID, 10) + "/travelers/1"
	p := e.want(http.StatusOK, true, path, nil)
	pageHas(t, "contract-2017 traveler", p, `id="deal-diagram"`,
		`data-seat="North"`, `aria-label="spades">♠</span> A K Q 2</li>`,
		`data-seat="East"`, `aria-label="diamonds">♦</span> K Q 7 3</li>`,
		`data-seat="South"`, `aria-label="clubs">♣</span> A J 10 9</li>`,
		`data-seat="West"`, `aria-label="hearts">♥</span> 10 9 5 4</li>`,
		`<span id="board-vulnerability">nobody vulnerable</span>`,
		`class="score-items"`, "<li>NS: 4 contracted tricks: 120</li><li>NS: game bonus: 300</li>",
		// 4S by N making 9 (round 5): one down not vulnerable, 50 to EW.
		"<li>EW: 1 undertrick at 50: 50</li>")
	// Board 2 is North–South vulnerable in the cycle.
	pageHas(t, "board 2", e.want(http.StatusOK, true, "/director/sections/"+strconv.FormatInt(sec.ID, 10)+"/travelers/2", nil),
		`<span id="board-vulnerability">NS vulnerable</span>`)

	// auction-1915: no vulnerability anywhere on the page. 4S by N making 10:
	// 4 odd tricks at 9 = 36, game reached (36 ≥ 30) so the 125 premium
	// (Duplicate Auction Law A), and North–South's four honours between
	// partners, 4 × 9 = 36 (LAWS.md, Honours): 36 + 36 + 125 = +197.
	old := newTravelerHowell(t, e.svc, "auction-1915")
	p = e.want(http.StatusOK, true, "/director/sections/"+strconv.FormatInt(old.ID, 10)+"/travelers/1", nil)
	pageHas(t, "auction-1915 traveler", p, `id="deal-diagram"`, "<li>NS: 4 odd tricks at 9: 36</li>", `<td class="num ns-score" data-label="NS score">197</td>`)
	if strings.Contains(strings.ToLower(p.body), "vulnerab") {
		t.Errorf("the auction-1915 traveler speaks of vulnerability:\n%s", p.body)
	}
}

// TestTravelerShowsAuction: a line entered with its auction shows the calls
// on a line of their own under it, P for each pass, as entered; the lines
// entered without one show none. Board 1 is dealt by North: North opens 1S,
// South raises to 2S, North bids 4S and all pass — 4S by North, the
// contract the auction gives.
func TestTravelerShowsAuction(t *testing.T) {
	e := newSessionEnv(t)
	ctx := context.Background()
	ev, err := e.svc.CreateEvent(ctx, tournament.Director, tournament.EventInput{Name: "Auctions", Date: "2026-11-24", Law: "contract-2017", Scoring: "MP"})
	if err != nil {
		t.Fatal(err)
	}
	sec, err := e.svc.CreateSection(ctx, tournament.Director, ev.ID, tournament.SectionInput{Name: "A",
		Movement: tournament.MovementSpec{Kind: "howell", Pairs: 6, BoardsPerRound: 2}})
	if err != nil {
		t.Fatal(err)
	}
	enterAllBut(t, e.svc, sec, b1r1)
	r := playedAt(b1r1, "", "", 10)
	r.Auction = []string{"1S", "P", "2S", "P", "4S", "P", "P", "P"}
	stored, _, err := e.svc.EnterResults(ctx, tournament.Director, sec.ID, []tournament.Result{r}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if stored[0].Contract != "4S" || stored[0].Declarer != "N" {
		t.Fatalf("entered by its auction: %s by %s, want 4S by N", stored[0].Contract, stored[0].Declarer)
	}
	p := e.want(http.StatusOK, true, "/director/sections/"+strconv.FormatInt(sec.ID, 10)+"/travelers/1", nil)
	pageHas(t, "traveler of board 1", p, `data-auction-of="`+strconv.FormatInt(stored[0].ID, 10)+`"`,
		`<span class="calls">1S P 2S P 4S P P P</span>`)
	if n := strings.Count(p.body, `class="auction-line"`); n != 1 {
		t.Errorf("%d auction lines on the traveler, want 1 (the one line entered with its auction)", n)
	}
}

// publishedDDS answers as DDS does for the first deal of DDS's own test
// list (../shared/testdata/pbn/dds_list100.txt: "TABLE 5 8 5 8 6 6 6 6 5 7
// 5 7 7 5 7 5 6 6 6 6", strains S H D C NT each for N E S W; "PAR2 "-110"
// "2S-EW""), so that the pages can be tested without the library.
type publishedDDS struct{}

// listDeal1 is that deal; board 1 deals it (dealer North, nobody
// vulnerable: the list's "PBN 0 0").
const listDeal1 = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"

// pbnDeal reads a deal a test gives in PBN, as tournament.ParseBoard reads
// one given as text.
func pbnDeal(pbn string) scoring.Deal {
	d, err := scoring.ParseDeal("deal", pbn)
	if err != nil {
		panic(err)
	}
	return d
}

func (publishedDDS) Tables(deals []scoring.Deal) ([]scoring.TrickTable, error) {
	out := make([]scoring.TrickTable, len(deals))
	for i := range deals {
		out[i] = scoring.TrickTable{ // by declarer: C D H S NT
			scoring.North: {7, 5, 6, 5, 6},
			scoring.East:  {5, 7, 6, 8, 6},
			scoring.South: {7, 5, 6, 5, 6},
			scoring.West:  {5, 7, 6, 8, 6},
		}
	}
	return out, nil
}

// DealerPar gives DDS's own par of that table, 2S by East–West, EW +110;
// the pages show it only where the event's law option par_first_to_name is
// off. By default par is played by the first of the side to name the strain
// (scoring/par_naming.go), and on this table the bidding ends in 1S by EW
// making 8 tricks, the same EW +110 (Law 77: 2 × 30 + 50): NS's 1C (7
// tricks) is outbid by 1S, and a 2C sacrifice (−50 or −100 doubled, better
// than −110) would only be outbid by 2S (+110), so NS, no better off, pass.
func (publishedDDS) DealerPar(scoring.TrickTable, scoring.Seat, scoring.Vulnerability) (scoring.Par, error) {
	return scoring.Par{NSScore: -110, Contracts: []scoring.ParContract{{Contract: scoring.Contract{Level: 2, Strain: scoring.Spades}, Side: scoring.EW}}}, nil
}

// TestTravelerShowsDoubleDummy: a board analysed shows, under its hand
// record, each declarer's tricks strain by strain and par under the
// event's code (contract-2017: EW +110 in 1S making 8 tricks, by the first
// of the side to name the strain, as publishedDDS works it), the other codes
// folded away; a board whose analysis is not worked out yet says so.
func TestTravelerShowsDoubleDummy(t *testing.T) {
	e := newSessionEnvWith(t, tournament.ServiceOptions{DoubleDummy: publishedDDS{}})
	ctx := context.Background()
	sec := newHowellSection(t, e.svc, "Double dummy", "contract-2017")
	if _, err := e.svc.PutBoards(ctx, tournament.Director, sec.ID, []tournament.BoardInput{{Number: 1, Deal: listDeal1}, {Number: 2, Deal: travelerDeal}}); err != nil {
		t.Fatal(err)
	}
	// What a worker of the analysis queue does for board 1.
	if err := e.svc.AnalyseBoard(ctx, sec.ID, 1, pbnDeal(listDeal1)); err != nil {
		t.Fatal(err)
	}
	p := e.want(http.StatusOK, true, "/director/sections/"+strconv.FormatInt(sec.ID, 10)+"/travelers/1", nil)
	pageHas(t, "board 1", p, `id="dd-grid"`,
		`<tr><th scope="row">N</th><td class="num">7</td><td class="num">5</td><td class="num">6</td><td class="num">5</td><td class="num">6</td></tr>`,
		`<tr><th scope="row">W</th><td class="num">5</td><td class="num">7</td><td class="num">6</td><td class="num">8</td><td class="num">6</td></tr>`,
		`Par under today&#39;s duplicate contract bridge laws (2017): <strong>EW &#43;110</strong> — 1S EW &#43;1`,
		`<summary>Par under the other law codes</summary>`, `<li>Hawley&#39;s Royalton (1915):`, `(nullos left out)`)
	p = e.want(http.StatusOK, true, "/director/sections/"+strconv.FormatInt(sec.ID, 10)+"/travelers/2", nil)
	pageHas(t, "board 2", p, `id="dd-pending"`, "not ready yet")
}

// TestReportsShowParReport: the reports page of an event with an analysed
// board shows the par report: under every code the results on it, and
// board by board under the event's own (contract-2017) its par, NS -110 in
// 1S by East–West making 8 tricks (publishedDDS works it), with the tables
// that played it; an event without one shows none.
func TestReportsShowParReport(t *testing.T) {
	e := newSessionEnvWith(t, tournament.ServiceOptions{DoubleDummy: publishedDDS{}})
	ctx := context.Background()
	sec := newTravelerHowell(t, e.svc, "contract-2017")
	eid := strconv.FormatInt(sec.EventID, 10)
	p := e.want(http.StatusOK, true, "/director/events/"+eid+"/reports", nil)
	if strings.Contains(p.body, `id="par-report"`) {
		t.Fatal("a par report without any analysed board")
	}
	// Board 1 gets DDS's list's first deal, and its analysis.
	var boards []tournament.BoardInput
	for b := 1; b <= sec.Movement.Boards; b++ {
		deal := travelerDeal
		if b == 1 {
			deal = listDeal1
		}
		boards = append(boards, tournament.BoardInput{Number: b, Deal: deal})
	}
	if _, err := e.svc.PutBoards(ctx, tournament.Director, sec.ID, boards); err != nil {
		t.Fatal(err)
	}
	if err := e.svc.AnalyseBoard(ctx, sec.ID, 1, pbnDeal(listDeal1)); err != nil {
		t.Fatal(err)
	}
	results, err := e.svc.Results(ctx, tournament.Director, tournament.ResultFilter{SectionID: sec.ID})
	if err != nil {
		t.Fatal(err)
	}
	onBoard1 := 0
	for _, r := range results {
		if r.Board == 1 && (r.Status == tournament.StatusPlayed || r.Status == tournament.StatusPassedOut) {
			onBoard1++
		}
	}
	p = e.want(http.StatusOK, true, "/director/events/"+eid+"/reports", nil)
	pageHas(t, "reports", p, `id="par-report"`, "1 board analysed double dummy",
		`<th scope="row">contract-2017 (the event's)</th><td class="num">`+strconv.Itoa(onBoard1)+`</td>`,
		`<tr><th scope="row">A 1</th><td class="num">-110</td><td>1S EW &#43;1</td><td class="num">`+strconv.Itoa(onBoard1)+`</td>`)
	// Beside it the declaration report: on DDS's first deal NS's best is
	// 1C (+70), EW's 2S (+110), so EW could make most (Law 77;
	// reports.TestMeasureDeclaration works it by hand).
	pageHas(t, "reports", p, `id="declaration-report"`,
		`<tr><th scope="row">A 1</th><td>1C</td><td>2S</td><td>EW</td>`)
}

// TestReportsParSaysNullosLeftOut: under an event whose own code has
// nullos (royalton-1915, seed 000's nullo) the reports page's par report
// says they are left out on the code's row and in the caption of its
// board-by-board table, as the text's per-board block and the workbook's
// rows do (reports.CodePar.Name; LAWS.md "Par": every output that shows par
// says so). The caption said only "royalton-1915, board by board".
func TestReportsParSaysNullosLeftOut(t *testing.T) {
	e := newSessionEnvWith(t, tournament.ServiceOptions{DoubleDummy: publishedDDS{}})
	ctx := context.Background()
	sec := newTravelerHowell(t, e.svc, "royalton-1915")
	if _, err := e.svc.PutBoards(ctx, tournament.Director, sec.ID, []tournament.BoardInput{{Number: 1, Deal: listDeal1}}); err != nil {
		t.Fatal(err)
	}
	if err := e.svc.AnalyseBoard(ctx, sec.ID, 1, pbnDeal(listDeal1)); err != nil {
		t.Fatal(err)
	}
	p := e.want(http.StatusOK, true, "/director/events/"+strconv.FormatInt(sec.EventID, 10)+"/reports", nil)
	pageHas(t, "reports", p, `id="par-report"`,
		`<th scope="row">royalton-1915 (the event's) <span class="hint">nullos left out</span></th>`,
		`<caption class="left">royalton-1915 (the event&#39;s) (nullos left out), board by board</caption>`)
}

// TestDealAndPrintHands: the director deals the boards of a section from
// its page (board 1 keeps the hand record uploaded for it: DDS's list's
// first deal), and the hand records page shows every board's four hands
// with its dealer, board 1's double-dummy table and par under the event's
// code (publishedDDS, as a worker of the queue stores it), the others
// waiting for theirs.
func TestDealAndPrintHands(t *testing.T) {
	e := newSessionEnvWith(t, tournament.ServiceOptions{DoubleDummy: publishedDDS{}})
	ctx := context.Background()
	sec := newHowellSection(t, e.svc, "Dealt", "contract-2017")
	if _, err := e.svc.PutBoards(ctx, tournament.Director, sec.ID, []tournament.BoardInput{{Number: 1, Deal: listDeal1}}); err != nil {
		t.Fatal(err)
	}
	sid := strconv.FormatInt(sec.ID, 10)
	pageHas(t, "section page", e.want(http.StatusOK, true, "/director/sections/"+sid, nil), `id="deal-boards"`, `id="hands-link"`)
	p := e.want(http.StatusSeeOther, true, "/director/sections/"+sid+"/boards/deal", url.Values{})
	if !strings.HasPrefix(p.location, "/director/sections/"+sid+"?done=Boards+dealt%3A+9%2C") {
		t.Fatalf("dealing goes to %q", p.location)
	}
	boards, err := e.svc.Boards(ctx, tournament.Director, sec.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range boards {
		if b.Deal.PBN() == "" || (b.Number == 1) != (b.Deal.PBN() == listDeal1) {
			t.Fatalf("board %d: deal %q", b.Number, b.Deal)
		}
	}
	if err := e.svc.AnalyseBoard(ctx, sec.ID, 1, pbnDeal(listDeal1)); err != nil {
		t.Fatal(err)
	}
	p = e.want(http.StatusOK, true, "/director/sections/"+sid+"/hands", nil)
	pageHas(t, "hand records", p, "10 boards with a hand record; par under contract-2017",
		`id="b1-deal-diagram"`, `id="b10-deal-diagram"`, `<p class="board-facts">Dealer E · EW vulnerable</p>`,
		`id="b1-dd-grid"`, `<tr><th scope="row">N</th><td class="num">7</td><td class="num">5</td><td class="num">6</td><td class="num">5</td><td class="num">6</td></tr>`,
		`Par under today&#39;s duplicate contract bridge laws (2017): <strong>EW &#43;110</strong> — 1S EW &#43;1`, "Double dummy: not worked out yet.")
	if strings.Count(p.body, `class="hand-record"`) != 10 {
		t.Errorf("%d boards on the page, want 10", strings.Count(p.body, `class="hand-record"`))
	}
}
