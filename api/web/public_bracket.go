package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// bracketView is an event's knockout bracket as the pages show it: the
// public's (the finished boards) and the director's (every result).
type bracketView struct {
	Event    tournament.Event
	Director bool   // links go to the director's section pages; tied matches offer their play-off
	CSRF     string // the director's form token, for the play-off forms
	Rounds   []bracketRound
}

// bracketRound is one round of the bracket, its matches by name.
type bracketRound struct {
	Round   int
	Matches []bracketMatch
}

// bracketMatch is one match of the bracket in words.
type bracketMatch struct {
	ID      int64
	Name    string // the section's name: "A", "Final"
	Link    string // its standings (public) or its section page (director)
	Sides   [2]bracketSide
	State   string // who won and how, a tie to play off, or how far play has come
	Next    string // the match its winner plays in; "" not yet
	Tied    bool   // tied at the end: a play-off to add
	Playoff int    // when Tied, the play-off's boards
	Open    bool   // decided and not yet gone on: its winner may be advanced
	Winner  string // the winner's name; "" while undecided
}

// bracketSide is one team of a match with its IMPs, the carry-over
// included.
type bracketSide struct {
	Number int
	Name   string
	Total  float64
	Won    bool
}

// teamName names a knockout team: its name, else "Team 1".
func teamName(t tournament.KnockoutTeam) string {
	if t.Name != "" {
		return t.Name
	}
	return "Team " + strconv.Itoa(t.Number)
}

// bracketWords arranges a bracket for the pages.
func bracketWords(ev tournament.Event, br *tournament.Bracket, director bool) bracketView {
	v := bracketView{Event: ev, Director: director}
	names := map[int64]string{}
	for _, r := range br.Rounds {
		for _, bm := range r {
			names[bm.Match.Section.ID] = bm.Match.Section.Name
		}
	}
	for i, r := range br.Rounds {
		round := bracketRound{Round: i + 1}
		for _, bm := range r {
			km := &bm.Match
			m := bracketMatch{ID: km.Section.ID, Name: km.Section.Name, Next: names[bm.Next], Tied: km.Tied, Playoff: km.Playoff}
			m.Link = "/sections/" + strconv.FormatInt(m.ID, 10) + "/standings"
			if director {
				m.Link = "/director/sections/" + strconv.FormatInt(m.ID, 10)
			}
			for t := range 2 {
				m.Sides[t] = bracketSide{Number: t + 1, Name: teamName(km.Teams[t]), Total: km.Total[t], Won: km.Winner == t+1}
			}
			scored := 0
			for _, sg := range km.Segments {
				scored += sg.Scored
			}
			switch {
			case km.Winner != 0 && km.Decided == "carryover":
				m.Winner = m.Sides[km.Winner-1].Name
				m.State = m.Winner + " win the tie, having brought the carry-over in"
			case km.Winner != 0:
				m.Winner = m.Sides[km.Winner-1].Name
				m.State = m.Winner + " win by " + imps(km.Total[km.Winner-1]-km.Total[2-km.Winner])
			case km.Tied:
				m.State = "Tied " + ftoa(km.Total[0]) + "–" + ftoa(km.Total[1]) + ": a play-off of " + strconv.Itoa(km.Playoff) + " boards to come"
			case scored == 0:
				m.State = "Not begun: " + strconv.Itoa(km.Section.Movement.Boards) + " boards"
			default:
				m.State = "Playing: " + strconv.Itoa(scored) + " of " + strconv.Itoa(km.Section.Movement.Boards) + " boards scored"
			}
			m.Open = km.Winner != 0 && bm.Next == 0
			round.Matches = append(round.Matches, m)
		}
		v.Rounds = append(v.Rounds, round)
	}
	return v
}

// ftoa writes points as few digits as they need: IMPs with a half as .5,
// a handicap, a total (the pages' "pts").
func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// publicBracketPage shows a published event's knockout bracket: each
// round's matches, their scores over the finished boards and who went on.
func (p *Pages) publicBracketPage(c echo.Context) error {
	ctx, a := c.Request().Context(), actor(c)
	id, err := pathID(c, "id")
	if err != nil {
		return p.publicError(c, err)
	}
	ev, err := p.svc.Event(ctx, a, id)
	if err != nil {
		return p.publicError(c, err)
	}
	br, err := p.svc.Bracket(ctx, a, id)
	if err != nil {
		return p.publicError(c, err)
	}
	return p.render(c, http.StatusOK, "public_bracket.html", View{Title: "Knockout · " + ev.Name, Data: bracketWords(ev, &br, false)})
}
