package web

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// pairingWords writes a draft's matches as the replace form takes them:
// "1 v 3, 5 v 7, 6 bye".
func pairingWords(matches []movement.Match) string {
	words := make([]string, len(matches))
	for i, mt := range matches {
		if mt.Away == 0 {
			words[i] = strconv.Itoa(mt.Home) + " bye"
		} else {
			words[i] = strconv.Itoa(mt.Home) + " v " + strconv.Itoa(mt.Away)
		}
	}
	return strings.Join(words, ", ")
}

// matchWord and byeWord are a match ("1 v 3", "1 vs 3", "1-3") and a bye
// ("6 bye") in the replace form.
var (
	matchWord = regexp.MustCompile(`^(\d+)\s*(?:v|vs|-)\s*(\d+)$`)
	byeWord   = regexp.MustCompile(`^(\d+)\s*bye$`)
)

// pairingInput reads the replace form's pairing: matches separated by
// commas, semicolons or lines, in table order, a bye anywhere (it is put
// last, as the draft keeps it).
func pairingInput(s string) ([]movement.Match, error) {
	var matches, byes []movement.Match
	items := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '\n' || r == '\r' })
	k := 0
	for _, it := range items {
		it = strings.ToLower(strings.TrimSpace(it))
		if it == "" {
			continue
		}
		k++
		if m := matchWord.FindStringSubmatch(it); m != nil {
			h, _ := strconv.Atoi(m[1])
			a, _ := strconv.Atoi(m[2])
			matches = append(matches, movement.Match{Home: h, Away: a})
			continue
		}
		if m := byeWord.FindStringSubmatch(it); m != nil {
			h, _ := strconv.Atoi(m[1])
			byes = append(byes, movement.Match{Home: h})
			continue
		}
		return nil, tournament.Invalidf("pairing", "item "+strconv.Itoa(k)+", "+strconv.Quote(it)+
			": write a match as \"1 v 4\" (the home team first) or a bye as \"6 bye\", separated by commas")
	}
	if k == 0 {
		return nil, tournament.Invalidf("pairing", "empty: write every match of the round, e.g. 1 v 4, 2 v 3, 5 bye")
	}
	return append(matches, byes...), nil
}

// replaceSwiss replaces the draft's whole pairing with the director's.
func (p *Pages) replaceSwiss(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.swissRefused(c, err)
	}
	form := formValues(c)
	version, err := formInt(form, "version")
	if err != nil {
		return p.swissRefused(c, err)
	}
	matches, err := pairingInput(form["pairing"])
	if err != nil {
		return p.swissRefused(c, err)
	}
	if _, err := p.svc.SetSwissDraft(c.Request().Context(), actor(c), id, version, matches); err != nil {
		return p.swissRefused(c, err)
	}
	return swissBack(c, "The draft replaced: "+pairingWords(matches))
}
