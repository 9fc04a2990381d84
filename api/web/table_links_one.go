package web

import (
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// oneTableFromForm reads the table whose link is remade (a lost card): the
// form's "table", 0 when it names none (every table's link is remade).
func oneTableFromForm(c echo.Context, sec *tournament.Section) (int, error) {
	v := strings.TrimSpace(c.FormValue("table"))
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > sec.Movement.Tables {
		return 0, tournament.Invalidf("table", strconv.Quote(v)+": section "+sec.Name+" has tables 1 to "+strconv.Itoa(sec.Movement.Tables))
	}
	return n, nil
}

// madeLinksWords says what making links did: one table's link remade (the
// others untouched), or every table's.
func madeLinksWords(one, made int, until time.Time) string {
	if one > 0 {
		t := strconv.Itoa(one)
		return "Table " + t + " has a new link, working until " + expiresWords(until) + "; table " + t +
			"'s old link no longer works, and the other tables' links still work. Print this card now: the link is shown only once"
	}
	return strconv.Itoa(made) + " table links made, working until " + expiresWords(until) +
		"; the links made before no longer work. Print this page now: the links are shown only once"
}
