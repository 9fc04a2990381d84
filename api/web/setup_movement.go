package web

import (
	"errors"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// movementRoutes adds the section page's changes of its movement: a late
// pair taking a half table's missing place, and another movement for the
// rounds not yet played.
func (p *Pages) movementRoutes(d *echo.Group) {
	d.POST("/sections/:id/late-pair", p.latePair)
	d.POST("/sections/:id/movement", p.changeMovement)
	d.POST("/sections/:id/phantom", p.scorePhantom)
}

// scorePhantom gives the phantom's opponents their artificial score, the
// percentage chosen (tournament.Service.ScorePhantom).
func (p *Pages) scorePhantom(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.sectionPageError(c, map[string]string{}, err)
	}
	form := formValues(c)
	form["phantom"] = "1"
	s := strings.TrimSpace(form["percent"])
	percent, err := strconv.Atoi(s)
	if err != nil {
		return p.sectionPageError(c, form, tournament.Invalidf("percent", strconv.Quote(s)+": not a whole number; write a percentage of the top, e.g. 60"))
	}
	stored, err := p.svc.ScorePhantom(c.Request().Context(), actor(c), id, percent)
	if err != nil {
		return p.sectionPageError(c, form, err)
	}
	return redirect(c, "/director/sections/"+strconv.FormatInt(id, 10), strconv.Itoa(len(stored))+" boards against the phantom scored: "+strconv.Itoa(percent)+"% to its opponents")
}

// movementForm is the change-of-movement form filled from a section's
// spec, the rounds from the current one.
func movementForm(sec *tournament.Section) map[string]string {
	s := &sec.Spec
	f := map[string]string{"kind": s.Kind, "even": s.Even, "from_round": strconv.Itoa(max(sec.CurrentRound, 1))}
	for k, v := range map[string]int{"tables": s.Tables, "pairs": s.Pairs, "teams": s.Teams, "players": s.Players, "boards_per_round": s.BoardsPerRound, "rounds": s.Rounds} {
		if v != 0 {
			f[k] = strconv.Itoa(v)
		}
	}
	if s.ShareBoards {
		f["share_boards"] = "yes"
	}
	if s.Kind == "mitchell" {
		variantForm(s, f)
	}
	if s.Kind == "knockout" {
		// The change keeps the carry-over and tie rule unless changed.
		if s.CarryTeam != 0 {
			f["carry_team"] = strconv.Itoa(s.CarryTeam)
			f["carry_imps"] = strconv.FormatFloat(s.CarryIMPs, 'f', -1, 64)
		}
		f["tie_rule"] = s.TieRule
	}
	if s.Missing != 0 {
		n, d := sec.Movement.PairLabel(s.Missing)
		f["missing_number"], f["missing_direction"] = n, d
		f["missing_play"] = halfTableSitOut
		if s.Phantom {
			f["missing_play"] = halfTablePhantom
		}
	}
	return f
}

// roundField reads a round number of the section page's forms; empty is 0
// (the current round).
func roundField(form map[string]string, field string) (int, error) {
	s := strings.TrimSpace(form[field])
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, tournament.Invalidf(field, strconv.Quote(s)+": choose a round from the list")
	}
	return n, nil
}

// latePair lets a late pair take a half table's missing place, or an odd
// Howell's sit-out place, from the round chosen, with its players
// (tournament.Service.FillHalfTable).
func (p *Pages) latePair(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.sectionPageError(c, map[string]string{}, err)
	}
	form := formValues(c)
	form["late"] = "1"
	from, err := roundField(form, "late_from")
	if err != nil {
		return p.sectionPageError(c, form, err)
	}
	text := strings.TrimSpace(form["late_players"])
	if text == "" {
		return p.sectionPageError(c, form, tournament.Invalidf("late_players", "name the late pair's players, e.g. Ann Smith & Bob Jones"))
	}
	var players []tournament.Player
	for _, name := range playerSplit.Split(text, -1) {
		players = append(players, parsePlayer(name))
	}
	sec, err := p.svc.FillHalfTable(c.Request().Context(), actor(c), id, from, players)
	if err != nil {
		return p.sectionPageError(c, form, onField(err, "add.", "late_players"))
	}
	return redirect(c, "/director/sections/"+strconv.FormatInt(id, 10), playerNames(players)+" join section "+sec.Name+": it now plays "+sec.Movement.Name+"; the results stored are kept")
}

// changeMovement changes the section's movement for the rounds from the
// one chosen (tournament.Service.ChangeMovement), the form read as the
// new-section form is.
func (p *Pages) changeMovement(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.sectionPageError(c, map[string]string{}, err)
	}
	form := formValues(c)
	form["movement_change"] = "1"
	in, err := sectionInput(form, true) // a Swiss does not change its movement: its VP fields are read as a teams movement's
	if err != nil {
		return p.sectionPageError(c, form, err)
	}
	from, err := roundField(form, "from_round")
	if err != nil {
		return p.sectionPageError(c, form, err)
	}
	sec, err := p.svc.ChangeMovement(c.Request().Context(), actor(c), id, tournament.MovementChange{Movement: in.Movement, FromRound: from})
	if err != nil {
		return p.sectionPageError(c, form, err)
	}
	return redirect(c, "/director/sections/"+strconv.FormatInt(id, 10), "Section "+sec.Name+" now plays "+sec.Movement.Name+"; the results stored are kept")
}

// onField names the form's field for the Service's refusal of a field
// under prefix (the late pair's "add.players[0].name").
func onField(err error, prefix, field string) error {
	var te *tournament.Error
	if !errors.As(err, &te) || !strings.HasPrefix(te.Field, prefix) {
		return err
	}
	return &tournament.Error{Kind: te.Kind, Field: field, Message: strings.TrimPrefix(te.Field, prefix) + ": " + te.Message, Allowed: te.Allowed}
}
