package apitest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// DirectorToken is the director token every test server is configured
// with (the end-to-end suite's, and `traveler serve`'s in the command's
// tests): tournamenttest's, so that what its builder makes and what the
// API is asked agree.
const DirectorToken = tournamenttest.DirectorToken

// OneSuitDeal is the hand record NewMitchell gives every board:
// tournamenttest's, each seat holding one suit (N the spades, E the
// hearts, S the diamonds, W the clubs), a valid PBN deal.
const OneSuitDeal = tournamenttest.OneSuitDeal

// ID is an ID as a path segment.
func ID(n int64) string { return strconv.FormatInt(n, 10) }

// Mitchell is an event with a 3-table Mitchell section (2 boards a round,
// 3 rounds), its six pairs, its hand records, and round 1 current.
type Mitchell struct {
	Event   api.EventResponse
	Section api.SectionResponse
}

// NewMitchell sets up a Mitchell through the API as the director
// (DirectorToken): an event named name (contract-2017, matchpoints, 24
// November 2026), published or not.
func NewMitchell(c Client, name string, published bool) Mitchell {
	c.T.Helper()
	var f Mitchell
	c.Want(201, &f.Event, "POST", "/v1/events", DirectorToken, map[string]any{
		"name": name, "date": "2026-11-24", "law": "contract-2017", "law_options": map[string]any{}, "scoring": "MP", "published": published})
	c.Want(201, &f.Section, "POST", "/v1/events/"+ID(f.Event.ID)+"/sections", DirectorToken,
		`{"name": "A", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2}}`)
	var pairs []api.PairResponse
	c.Want(201, &pairs, "POST", "/v1/sections/"+ID(f.Section.ID)+"/pairs", DirectorToken, `[
		{"number": "1", "direction": "NS", "players": [{"name": "Ann North"}, {"name": "Bob South"}]},
		{"number": "2", "direction": "NS", "players": [{"name": "Cat North"}, {"name": "Dan South"}]},
		{"number": "3", "direction": "NS", "players": [{"name": "Eve North"}, {"name": "Fay South"}]},
		{"number": "1", "direction": "EW", "players": [{"name": "Gus East"}, {"name": "Hal West"}]},
		{"number": "2", "direction": "EW", "players": [{"name": "Ivy East"}, {"name": "Jon West"}]},
		{"number": "3", "direction": "EW", "players": [{"name": "Kim East"}, {"name": "Lou West"}]}]`)
	var boards []api.BoardResponse
	var in []map[string]any
	for b := 1; b <= 6; b++ {
		in = append(in, map[string]any{"number": b, "deal": OneSuitDeal})
	}
	c.Want(200, &boards, "PUT", "/v1/sections/"+ID(f.Section.ID)+"/boards", DirectorToken, in)
	c.Want(200, &f.Section, "PATCH", "/v1/sections/"+ID(f.Section.ID), DirectorToken, `{"current_round": 1}`)
	return f
}

// Seat returns the table of section s's movement where round has table.
func Seat(s api.SectionResponse, round, table int) api.TableDTO {
	for _, t := range s.Generated.Rounds[round-1].Tables {
		if t.Table == table {
			return t
		}
	}
	panic(fmt.Sprintf("round %d has no table %d", round, table))
}

// MitchellLabel is what players call movement pair p of a Mitchell of
// tables tables: NS pairs 1..tables, EW pairs tables+1.. are EW 1...
func MitchellLabel(p, tables int) string {
	if p > tables {
		return strconv.Itoa(p - tables)
	}
	return strconv.Itoa(p)
}

// Line is a traveler line to POST for round, table and board of the
// Mitchell, the pairs filled in from the movement.
func (f Mitchell) Line(round, table, board int, contract, declarer string, tricks int) map[string]any {
	t := Seat(f.Section, round, table)
	return map[string]any{"board": board, "round": round, "table": table,
		"ns": MitchellLabel(t.NS, 3), "ew": MitchellLabel(t.EW, 3),
		"contract": contract, "declarer": declarer, "tricks": tricks}
}

// IssueTokens asks, as the director, for table tokens of a section and
// returns them by table.
func IssueTokens(c Client, sectionID int64, tables ...int) map[int]string {
	c.T.Helper()
	var toks []api.TokenResponse
	c.Want(201, &toks, "POST", "/v1/sections/"+ID(sectionID)+"/tokens", DirectorToken, map[string]any{"tables": tables})
	out := map[int]string{}
	for _, tk := range toks {
		out[tk.Table] = tk.Token
	}
	return out
}

// LineDiff lists the lines where two texts differ, numbered, "left | right".
func LineDiff(a, b []byte) string {
	x, y := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	var out []string
	for i := range max(len(x), len(y)) {
		var l, r string
		if i < len(x) {
			l = x[i]
		}
		if i < len(y) {
			r = y[i]
		}
		if l != r {
			out = append(out, strconv.Itoa(i+1)+": "+l+" | "+r)
		}
	}
	return strings.Join(out, "\n")
}

// JSON is v as JSON, for messages and comparisons (the error's text when v
// cannot be marshalled).
func JSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(b)
}
