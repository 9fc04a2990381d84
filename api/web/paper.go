package web

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// paperRoutes adds what a director prints: the PDFs of the hand records
// and movement cards, and the personal score cards (page and PDF). Each
// PDF takes ?paper=a4|letter.
func (p *Pages) paperRoutes(d *echo.Group) {
	d.GET("/sections/:id/hands.pdf", p.handsPDF)
	d.GET("/sections/:id/cards.pdf", p.cardsPDF)
	d.GET("/sections/:id/scorecards", p.scoreCardsPage)
	d.GET("/sections/:id/scorecards.pdf", p.scoreCardsPDF)
}

// sheetsOf splits items into sheets of per (the last may hold fewer).
func sheetsOf[T any](items []T, per int) [][]T {
	var out [][]T
	for i := 0; i < len(items); i += per {
		out = append(out, items[i:min(i+per, len(items))])
	}
	return out
}

// paperOf reads the request's ?paper= (a4, the default, or letter).
func paperOf(c echo.Context) (reports.Paper, error) {
	return reports.ParsePaper("paper", c.QueryParam("paper"))
}

// sendPDF answers with a PDF drawn by write, named name.pdf.
func sendPDF(c echo.Context, name string, write func(*bytes.Buffer) error) error {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `inline; filename="`+name+`.pdf"`)
	return c.Blob(http.StatusOK, "application/pdf", b.Bytes())
}

// fileName makes a file name of words: letters and digits, the rest "-".
func fileName(parts ...string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.Join(parts, "-")) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			if s := b.String(); s != "" && !strings.HasSuffix(s, "-") {
				b.WriteByte('-')
			}
		}
	}
	return strings.Trim(b.String(), "-")
}

// handsPDF is the hand records page as a PDF, four boards a sheet.
func (p *Pages) handsPDF(c echo.Context) error {
	v := View{Title: "Hand records"}
	paper, err := paperOf(c)
	if err != nil {
		return p.renderError(c, "hands.html", v, err)
	}
	d, err := p.handRecords(c)
	if err != nil {
		return p.renderError(c, "hands.html", v, err)
	}
	hands := make([]reports.PrintedHand, len(d.Boards))
	for i, hv := range d.Boards {
		hands[i] = printedHand(hv)
	}
	heading := d.Event.Name + " · section " + d.Section.Name
	return sendPDF(c, fileName("hands", d.Event.Name, d.Section.Name, string(paper)), func(b *bytes.Buffer) error {
		return reports.WriteHandRecordsPDF(b, paper, heading, hands)
	})
}

// printedHand is a board of the hands page as the PDF draws it: the same
// words as the page.
func printedHand(hv handRecordView) reports.PrintedHand {
	h := reports.PrintedHand{Title: "Board " + strconv.Itoa(hv.Board.Number), Facts: boardFacts(hv),
		Note: "Double dummy: not worked out yet."}
	if hv.Deal != nil {
		for i, hand := range []handView{hv.Deal.North, hv.Deal.East, hv.Deal.South, hv.Deal.West} {
			h.Hands[i].Seat = hand.Seat
			for _, s := range hand.Suits {
				h.Hands[i].Suits = append(h.Hands[i].Suits, s.Cards)
			}
		}
	}
	if a := hv.Analysis; a != nil && a.Pending != "" {
		h.Note = "Double dummy: " + a.Pending + "."
	}
	if a := hv.Analysis; a != nil && a.Pending == "" {
		dd := &reports.PrintedDD{Par: a.Own.line()}
		for _, r := range a.Rows {
			dd.Seats, dd.Tricks = append(dd.Seats, r.Seat), append(dd.Tricks, r.Tricks)
		}
		h.DD = dd
	}
	return h
}

// boardFacts is a board's dealer and vulnerability, as the page says them.
func boardFacts(hv handRecordView) string {
	s := "Dealer " + hv.Board.Dealer.String()
	if hv.Vulnerability != "" {
		s += " · " + hv.Vulnerability
	}
	return s
}

// line is the par in one line: "Par (today's duplicate contract bridge laws (2017)): EW +110 — 2S EW".
func (v parView) line() string {
	s := "Par (" + v.Law + "): " + v.Score
	if v.Contracts != "" {
		s += " — " + v.Contracts
	}
	if v.Note != "" {
		s += " (" + v.Note + ")"
	}
	return s
}

// cardsPDF is the movement cards page as a PDF: the table cards, then the
// guide cards, four a sheet.
func (p *Pages) cardsPDF(c echo.Context) error {
	v := View{Title: "Movement cards"}
	paper, err := paperOf(c)
	if err != nil {
		return p.renderError(c, "section_cards.html", v, err)
	}
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "section_cards.html", v, err)
	}
	sec, err := p.svc.Section(c.Request().Context(), actor(c), id)
	if err != nil {
		return p.renderError(c, "section_cards.html", v, err)
	}
	printed := func(cvs []cardView) []reports.PrintedCard {
		out := make([]reports.PrintedCard, len(cvs))
		for i, cv := range cvs {
			out[i] = cv.PrintedCard
		}
		return out
	}
	return sendPDF(c, fileName("cards", "section", sec.Name, string(paper)), func(b *bytes.Buffer) error {
		return reports.WriteCardsPDF(b, paper, "Movement cards · section "+sec.Name,
			printed(tableCardViews(&sec.Movement)), printed(guideCardViews(&sec.Movement)))
	})
}

// cardView is a movement card as both the page and the PDF show it.
type cardView struct {
	reports.PrintedCard
	Class string // "table-card" or "guide-card"
	Table int    // a table card's table
	Pair  int    // a guide card's pair
}

// Spans says whether a row is a round and one cell spanning the rest.
func (v cardView) Spans(row []string) bool { return reports.Spans(row, len(v.Head)) }

// SpanCols is how many columns a spanning cell takes: all but the round.
func (v cardView) SpanCols() int { return len(v.Head) - 1 }

// pairText is how the cards name movement pair p: its number as the
// players know it, with its direction where a Mitchell numbers each
// direction from 1 ("3 EW", not the movement's 11).
func pairText(m *movement.Movement, p int) string {
	n, dir := m.PairLabel(p)
	if dir != "" {
		return n + " " + dir
	}
	return n
}

// tableCardViews phrases the movement's table cards: the pairs by the
// numbers they know (PairLabel), the column saying the direction.
func tableCardViews(m *movement.Movement) []cardView {
	var out []cardView
	for _, tc := range m.TableCards() {
		v := cardView{Class: "table-card", Table: tc.Table, PrintedCard: reports.PrintedCard{
			Title: "Table " + strconv.Itoa(tc.Table), Head: []string{"Round", "NS", "EW", "Boards"}}}
		for _, r := range tc.Rounds {
			if !r.InPlay {
				v.Rows = append(v.Rows, []string{strconv.Itoa(r.Round), "not in play"})
				continue
			}
			boards := boardRanges(r.Boards)
			if r.ArrowSwitch {
				boards += " arrow-switch"
			}
			if len(r.SharesWith) > 0 {
				boards += " shared with table " + tableNumbers(r.SharesWith)
			}
			ns, _ := m.PairLabel(r.NS)
			ew, _ := m.PairLabel(r.EW)
			if len(r.Players) == 4 { // an individual: the players, North & South, East & West
				ns, ew = strconv.Itoa(r.Players[0])+" & "+strconv.Itoa(r.Players[2]), strconv.Itoa(r.Players[1])+" & "+strconv.Itoa(r.Players[3])
			}
			v.Rows = append(v.Rows, []string{strconv.Itoa(r.Round), ns, ew, boards})
		}
		out = append(out, v)
	}
	return out
}

// guideCardViews phrases the movement's guide cards.
func guideCardViews(m *movement.Movement) []cardView {
	var out []cardView
	for _, gc := range m.GuideCards() {
		title := "Pair " + pairText(m, gc.Pair)
		if gc.Team > 0 {
			title += " (team " + strconv.Itoa(gc.Team) + ")"
		}
		v := cardView{Class: "guide-card", Pair: gc.Pair, PrintedCard: reports.PrintedCard{
			Title: title, Head: []string{"Round", "Table", "Sits", "Against", "Boards"}}}
		if m.Kind == movement.KindIndividual {
			v.Title, v.Head = "Player "+strconv.Itoa(gc.Pair), []string{"Round", "Table", "Seat", "Partner", "Against", "Boards"}
		}
		for _, r := range gc.Rounds {
			if r.SitsOut {
				v.Rows = append(v.Rows, []string{strconv.Itoa(r.Round), "sits out"})
				continue
			}
			if m.Kind == movement.KindIndividual {
				opp, _ := m.PairLabel(r.Opponent)
				v.Rows = append(v.Rows, []string{strconv.Itoa(r.Round), strconv.Itoa(r.Table), movement.SeatName(r.Seat),
					strconv.Itoa(r.Partner), strings.ReplaceAll(opp, "-", " & "), boardRanges(r.Boards)})
				continue
			}
			v.Rows = append(v.Rows, []string{strconv.Itoa(r.Round), strconv.Itoa(r.Table), sitsWords(r.Direction, r.Cards),
				pairText(m, r.Opponent), boardRanges(r.Boards)})
		}
		out = append(out, v)
	}
	return out
}

// sitsWords is where a pair sits, and whose cards it plays when not its own.
func sitsWords(direction, cards scoring.Side) string {
	s := direction.String()
	if cards != direction {
		s += " (plays the " + cards.String() + " cards)"
	}
	return s
}

// cardSheets groups cards as they print, reports.CardsPerSheet a sheet.
func cardSheets(cards []cardView) [][]cardView {
	printed := make([]reports.PrintedCard, len(cards))
	for i, c := range cards {
		printed[i] = c.PrintedCard
	}
	return sheetsOf(cards, reports.CardsPerSheet(printed))
}

// scoreCardsData is the personal score cards page's data.
type scoreCardsData struct {
	Event   tournament.Event
	Section tournament.Section
	Cards   []reports.PrintedCard
}

// scoreCardView phrases a pair's personal score card: its rounds (table,
// seats, opponents) and a line for each board, blank where the players
// write the contract, declarer, tricks and score.
func scoreCards(ev tournament.Event, sec tournament.Section, pairs []tournament.Pair) []reports.PrintedCard {
	m := &sec.Movement
	names := map[string]string{}
	for _, pr := range pairs {
		var ns []string
		for _, pl := range pr.Players {
			ns = append(ns, pl.Name)
		}
		names[pr.Number+"/"+pr.Direction] = strings.Join(ns, " & ")
	}
	label := func(p int) string { return pairText(m, p) }
	var out []reports.PrintedCard
	for _, gc := range m.GuideCards() {
		n, dir := m.PairLabel(gc.Pair)
		title := "Pair " + label(gc.Pair)
		if m.Kind == movement.KindIndividual { // a player's card
			n, dir = strconv.Itoa(gc.Pair), ""
			title = "Player " + n
		}
		if who := names[n+"/"+dir]; who != "" {
			title += " · " + who
		}
		card := reports.PrintedCard{Title: title,
			Subtitle: ev.Name + " · " + ev.Date + " · section " + sec.Name + " · " + m.Name,
			Head:     []string{"Rd", "Table", "Sits", "Vs", "Bd", "Contract", "By", "Tricks", "Score +", "Score −"}}
		for _, r := range gc.Rounds {
			if r.SitsOut {
				card.Rows = append(card.Rows, []string{strconv.Itoa(r.Round), "sits out"})
				continue
			}
			for i, b := range r.Boards {
				row := []string{"", "", "", "", strconv.Itoa(b), "", "", "", "", ""}
				if i == 0 {
					row[0], row[1], row[2], row[3] = strconv.Itoa(r.Round), strconv.Itoa(r.Table), sitsWords(r.Direction, r.Cards), label(r.Opponent)
					if m.Kind == movement.KindIndividual { // the seat, with the partner; against the other partnership
						row[2] = movement.SeatName(r.Seat) + " with " + strconv.Itoa(r.Partner)
					}
				}
				card.Rows = append(card.Rows, row)
			}
		}
		out = append(out, card)
	}
	return out
}

// scoreCardsOf reads the section of the path's id and phrases its pairs'
// score cards.
func (p *Pages) scoreCardsOf(c echo.Context) (scoreCardsData, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return scoreCardsData{}, err
	}
	ctx, a := c.Request().Context(), actor(c)
	sec, err := p.svc.Section(ctx, a, id)
	if err != nil {
		return scoreCardsData{}, err
	}
	ev, err := p.svc.Event(ctx, a, sec.EventID)
	if err != nil {
		return scoreCardsData{}, err
	}
	pairs, err := p.svc.Pairs(ctx, a, id)
	if err != nil {
		return scoreCardsData{}, err
	}
	return scoreCardsData{Event: ev, Section: sec, Cards: scoreCards(ev, sec, pairs)}, nil
}

// scoreCardsPage shows a section's personal score cards to print, one a
// sheet.
func (p *Pages) scoreCardsPage(c echo.Context) error {
	v := View{Title: "Score cards"}
	d, err := p.scoreCardsOf(c)
	if err != nil {
		return p.renderError(c, "scorecards.html", v, err)
	}
	v.Title, v.Data = "Score cards · "+d.Event.Name+" · section "+d.Section.Name, d
	return p.render(c, http.StatusOK, "scorecards.html", v)
}

// scoreCardsPDF is the score cards page as a PDF, one card a sheet.
func (p *Pages) scoreCardsPDF(c echo.Context) error {
	v := View{Title: "Score cards"}
	paper, err := paperOf(c)
	if err != nil {
		return p.renderError(c, "scorecards.html", v, err)
	}
	d, err := p.scoreCardsOf(c)
	if err != nil {
		return p.renderError(c, "scorecards.html", v, err)
	}
	return sendPDF(c, fileName("scorecards", d.Event.Name, d.Section.Name, string(paper)), func(b *bytes.Buffer) error {
		return reports.WriteScoreCardsPDF(b, paper, "Score cards · "+d.Event.Name+" · section "+d.Section.Name, d.Cards)
	})
}
