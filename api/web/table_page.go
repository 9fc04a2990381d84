package web

import (
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// tablePageData is the table page's data: what the server renders, and
// Page, which the page's script reads as JSON.
type tablePageData struct {
	Event        tournament.Event
	Section      tournament.Section
	Table        int
	Rounds       int             // rounds in the movement
	Seats        *movement.Table // who plays here this round; nil when the table is not in play
	NS, EW       tableSeat       // the pairs at the NS and EW seats
	Boards       []tableBoard    // the boards of this round, in the order played
	Choices      contractChoices // the contract picker
	TrickChoices []int           // 0 to 13, the tricks a side may win
	Features     tableFeatures   // what the law code scores besides the contract
	SeatChoices  []seatChoice    // the four seats, for honours per seat
	HonourCounts []int           // 0 to 5, the honours one hand may hold
	LastRound    bool            // this is the movement's last round: the session ends for the table after it
	Next         []tableNext     // where the NS and the EW pair go next round (nextRoundOf); nil in the last round
	Page         tableScript     // the script's data
	Pace         tablePace       // the table's own round and the rounds open to it (table_pace.go)
}

// tableSeat is a pair at a table: what players call it, and who they are.
type tableSeat struct {
	Word    string // "pair", or "players" in an individual
	Label   string // "3" or, in a Mitchell, "3 NS"; in an individual the seats, "North 8 · South 1"
	Number  string // the pair number results use
	Players string // "Ann Smith & Bob Jones", "" when not entered
}

// tableBoard is one board to play at the table.
type tableBoard struct {
	Number     int                    `json:"number"`
	Dealer     string                 `json:"dealer"`     // N, E, S or W
	DealerName string                 `json:"-"`          // North, East, South or West
	Vulnerable string                 `json:"vulnerable"` // None, NS, EW or All; "" where the law code does not use it
	Deal       string                 `json:"deal,omitempty"`
	Holdings   map[string]holdingJSON `json:"holdings,omitempty"` // by strain, from a complete hand record; nil without one
}

// tableScript is what the page's script needs, embedded as JSON: where to
// send results, with which token, and what the law code allows.
type tableScript struct {
	Token    string                `json:"token"`
	Section  int64                 `json:"section"`
	Table    int                   `json:"table"`
	Round    int                   `json:"round"`
	Law      string                `json:"law"`
	Options  tournament.LawOptions `json:"options"`
	Contract contractChoices       `json:"contract"`
	Features tableFeatures         `json:"features"`
	Last     bool                  `json:"last_round"`
	Boards   []tableBoard          `json:"boards"`
	Results  []dto.ResultResponse  `json:"results"`                // as the API writes them: the script keeps these and the API's answers alike
	Closed   bool                  `json:"round_closed,omitempty"` // the director closed this round for the table

	ShowTraveler bool `json:"show_traveler"` // Event.TableTraveler: a stored board shows its traveler so far
	AskLead      bool `json:"ask_lead"`      // Event.TableLead: the form asks for the opening lead
}

// tableData gathers the table page of actor a (a table token) for the
// round it shows: the one asked for (?round=), else the table's own
// (table_pace.go).
func (p *Pages) tableData(c echo.Context, a tournament.Actor, secret string) (tablePageData, error) {
	ctx := c.Request().Context()
	var d tablePageData
	var err error
	if d.Section, err = p.svc.Section(ctx, a, a.SectionID); err != nil {
		return d, err
	}
	if d.Event, err = p.svc.Event(ctx, a, d.Section.EventID); err != nil {
		return d, err
	}
	played := d.Event.InSection(&d.Section) // the section's own code, where it has one
	rules, err := played.Rules()
	if err != nil {
		return d, err
	}
	d.Table, d.Rounds, d.Choices = a.Table, len(d.Section.Movement.Rounds), choicesFor(&rules)
	for n := 0; n <= 13; n++ {
		d.TrickChoices = append(d.TrickChoices, n)
	}
	d.Features, d.SeatChoices, d.HonourCounts = featuresFor(&rules), tableSeatChoices, []int{0, 1, 2, 3, 4, 5}
	if d.Pace, err = p.tablePace(c, a, &d.Section); err != nil {
		return d, err
	}
	d.LastRound = d.Pace.Round == d.Rounds
	d.Page = tableScript{Token: secret, Section: d.Section.ID, Table: a.Table, Round: d.Pace.Round,
		Law: d.Event.Law.String(), Options: d.Event.LawOptions, Contract: d.Choices, Features: d.Features, Last: d.LastRound,
		Boards: []tableBoard{}, Results: []dto.ResultResponse{}, Closed: d.Pace.Closed,
		ShowTraveler: d.Event.TableTraveler, AskLead: d.Event.TableLead}
	if rd, ok := d.Section.Movement.Round(d.Pace.Round); ok {
		d.Seats, _ = rd.Table(a.Table)
	}
	if d.Seats == nil {
		return d, nil
	}
	if err := p.tableSeats(c, a, &d); err != nil {
		return d, err
	}
	d.Next = nextRoundOf(&d.Section.Movement, d.Pace.Round, d.Seats)
	if err := p.tableBoards(c, a, &d, &rules); err != nil {
		return d, err
	}
	return d, p.tableResults(c, a, &d)
}

// tableSeats names the pairs at the table this round.
func (p *Pages) tableSeats(c echo.Context, a tournament.Actor, d *tablePageData) error {
	pairs, err := p.svc.Pairs(c.Request().Context(), a, d.Section.ID)
	if err != nil {
		return err
	}
	m := &d.Section.Movement
	seat := func(pair int) tableSeat {
		number, dir := m.PairLabel(pair)
		s := tableSeat{Word: "pair", Label: strings.TrimSpace(number + " " + dir), Number: number}
		if m.Kind == movement.KindIndividual && len(d.Seats.Players) == 4 {
			return individualSeat(pairs, d.Seats, pair == d.Seats.EW, number)
		}
		for _, pr := range pairs {
			if pr.Number == number && pr.Direction == dir {
				s.Players = playerNames(pr.Players)
			}
		}
		return s
	}
	d.NS, d.EW = seat(d.Seats.NS), seat(d.Seats.EW)
	return nil
}

// individualSeat is one side of an individual's table: its two players by
// seat and name (North and South, or East and West), number the
// partnership's, as results name it ("1-8").
func individualSeat(pairs []tournament.Pair, t *movement.Table, ew bool, number string) tableSeat {
	s := tableSeat{Word: "players", Number: number}
	var labels, names []string
	for _, at := range [2]int{0, 2} {
		if ew {
			at++
		}
		p := strconv.Itoa(t.Players[at])
		labels = append(labels, movement.SeatName(at)+" "+p)
		for _, pr := range pairs {
			if pr.Number == p && len(pr.Players) > 0 {
				names = append(names, pr.Players[0].Name)
			}
		}
	}
	s.Label = strings.Join(labels, " · ")
	if len(names) > 0 {
		s.Players = strings.Join(names, " & ")
	}
	return s
}

// tableBoards lists the boards the table plays this round.
func (p *Pages) tableBoards(c echo.Context, a tournament.Actor, d *tablePageData, rules *scoring.Rules) error {
	all, err := p.svc.Boards(c.Request().Context(), a, d.Section.ID)
	if err != nil {
		return err
	}
	for _, n := range d.Seats.Boards {
		if n < 1 || n > len(all) {
			continue
		}
		b := all[n-1]
		tb := tableBoard{Number: b.Number, Dealer: b.Dealer.String(), Deal: b.Deal.PBN()}
		if rules.Law.UsesVulnerability() {
			tb.Vulnerable = b.Vulnerability.String() // only where the code scores it
		}
		tb.DealerName = seatName(tb.Dealer)
		if d.Features.Honours {
			tb.Holdings = holdingsOf(rules, b.Deal)
		}
		d.Boards = append(d.Boards, tb)
	}
	d.Page.Boards = append(d.Page.Boards, d.Boards...)
	return nil
}

// tableResults reads the results the table has stored in the round shown.
func (p *Pages) tableResults(c echo.Context, a tournament.Actor, d *tablePageData) error {
	rs, err := p.svc.Results(c.Request().Context(), a, tournament.ResultFilter{SectionID: d.Section.ID, Round: d.Pace.Round, Table: a.Table})
	if err != nil {
		return err
	}
	for _, r := range rs {
		d.Page.Results = append(d.Page.Results, dto.NewResultResponse(r))
	}
	return nil
}
