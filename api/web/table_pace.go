package web

import (
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// tablePace is where a table is in the movement by its own pace
// (tournament/pace.go): the round the page shows, the table's own round,
// and the rounds it may still enter.
type tablePace struct {
	Round  int   // the round shown: the one asked for (?round=), else tournament.TablePageRound
	Own    int   // the table's own round: the latest it may enter
	Open   []int // the rounds up to Own it may still enter or correct, not closed
	Closed bool  // the director closed the round shown for this table
	Behind bool  // the round shown (asked for) is before the one the director announces
}

// tablePace works out the table's rounds from its results; a round asked
// for in the query (?round=N) is shown when it is one the table has
// reached, else it is refused with the rounds that are.
func (p *Pages) tablePace(c echo.Context, a tournament.Actor, sec *tournament.Section) (tablePace, error) {
	rs, err := p.svc.Results(c.Request().Context(), a, tournament.ResultFilter{SectionID: sec.ID, Table: a.Table})
	if err != nil {
		return tablePace{}, err
	}
	tp := tablePace{Own: tournament.TableRound(sec, a.Table, rs), Round: tournament.TableRound(sec, a.Table, rs)}
	tp.Open = tournament.OpenRounds(sec, a.Table, tp.Own)
	if q := strings.TrimSpace(c.QueryParam("round")); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 1 || n > tp.Own {
			return tp, tournament.Invalidf("round", strconv.Quote(q)+": table "+strconv.Itoa(a.Table)+" has reached rounds 1 to "+strconv.Itoa(tp.Own))
		}
		tp.Round = n
	}
	tp.Closed = sec.Pace.RoundClosed(a.Table, tp.Round)
	tp.Behind = tp.Round < sec.CurrentRound
	return tp, nil
}

// OtherOpen lists the open rounds but the one shown, for the links to them.
func (tp tablePace) OtherOpen() []int {
	var out []int
	for _, r := range tp.Open {
		if r != tp.Round {
			out = append(out, r)
		}
	}
	return out
}
