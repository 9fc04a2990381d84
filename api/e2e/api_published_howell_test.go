package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
)

// TestAPIPublishedHowells: a director asking for a 9-table Howell gets the
// published one, table and guide cards with it.
//
//   - 18 pairs, complete: KoPS's "9-17" of emkael/howellki's movements.json
//     (tournament/movement/testdata/howellki_movements.json, GPL-2.0): in
//     round 1 table t seats the pairs at positions 2t−1 and 2t of its
//     "positions" and plays the set whose slot in "sets" names t (boards
//     2·set−1, 2·set) — the file read here, not figures copied from it.
//   - 18 pairs with share_boards: BridgeWx's 6howel18.1-3, then .2-3 and
//     5howel18.3-3 (tournament/movement/testdata/bridgewx_newschemadata.cpp,
//     MIT): round 1 "{ 1, 2, 1, 0}, … {13,14, 1, 1}": table 7 (13 v 14)
//     plays set 1, boards 1 and 2, with table 1 (1 v 2), and its table card
//     says it shares them with table 1.
//   - share_boards for a size BridgeWx has no table of is refused, 422
//     naming movement.share_boards or movement.rounds and what is published.
func TestAPIPublishedHowells(t *testing.T) {
	raw, err := os.ReadFile("../../tournament/movement/testdata/howellki_movements.json")
	if err != nil {
		t.Fatal(err)
	}
	var kops map[string]struct {
		Sets      []int `json:"sets"`
		Positions []int `json:"positions"`
	}
	if err := json.Unmarshal(raw, &kops); err != nil {
		t.Fatal(err)
	}
	k := kops["9-17"]

	e := newEnv(t)
	var ev api.EventResponse
	e.want(201, &ev, "POST", "/v1/events", directorToken, `{"name": "Howells", "date": "2026-11-28", "law": "contract-2017", "scoring": "MP"}`)
	path := "/v1/events/" + id(ev.ID) + "/sections"

	var sec api.SectionResponse
	e.want(201, &sec, "POST", path, directorToken, `{"name": "A", "movement": {"kind": "howell", "pairs": 18, "boards_per_round": 2}}`)
	g := sec.Generated
	if g.Pairs != 18 || g.Tables != 9 || len(g.Rounds) != 17 || g.Boards != 34 {
		t.Fatalf("18-pair Howell: %d pairs, %d tables, %d rounds, %d boards", g.Pairs, g.Tables, len(g.Rounds), g.Boards)
	}
	for _, tb := range g.Rounds[0].Tables {
		set := slices.Index(k.Sets, tb.Table) + 1
		want := fmt.Sprint(k.Positions[2*tb.Table-2], k.Positions[2*tb.Table-1], []int{2*set - 1, 2 * set})
		if got := fmt.Sprint(tb.NS, tb.EW, tb.Boards); got != want {
			t.Errorf("round 1, table %d: %s, want KoPS's %s", tb.Table, got, want)
		}
	}
	var cards api.CardsResponse
	e.want(200, &cards, "GET", "/v1/sections/"+id(sec.ID)+"/movement", directorToken, nil)
	if len(cards.TableCards) != 9 || len(cards.GuideCards) != 18 {
		t.Errorf("%d table cards, %d guide cards; want 9, 18", len(cards.TableCards), len(cards.GuideCards))
	}

	var shared api.SectionResponse
	e.want(201, &shared, "POST", path, directorToken, `{"name": "B", "movement": {"kind": "howell", "pairs": 18, "boards_per_round": 2, "share_boards": true}}`)
	if s := shared.Generated; len(s.Rounds) != 17 || s.Boards != 34 {
		t.Fatalf("18-pair Howell, boards shared: %d rounds, %d boards", len(s.Rounds), s.Boards)
	}
	t7 := shared.Generated.Rounds[0].Tables[6]
	if got := fmt.Sprint(t7.Table, t7.NS, t7.EW, t7.Boards); got != "7 13 14 [1 2]" {
		t.Errorf("round 1, table 7: %s, want BridgeWx's 7 13 14 [1 2]", got)
	}
	e.want(200, &cards, "GET", "/v1/sections/"+id(shared.ID)+"/movement", directorToken, nil)
	if c := cards.TableCards[6].Rounds[0]; !slices.Contains(c.SharesWith, 1) {
		t.Errorf("table 7's card, round 1: shares with %v, want table 1 among them", c.SharesWith)
	}

	got := e.wantError(422, "movement.share_boards", "POST", path, directorToken, `{"name": "C", "movement": {"kind": "howell", "pairs": 20, "boards_per_round": 2, "share_boards": true}}`)
	if !strings.Contains(got.Error, "15 or 16 and 17 or 18 pairs") {
		t.Errorf("20 pairs, boards shared: %q", got.Error)
	}
	got = e.wantError(422, "movement.rounds", "POST", path, directorToken, `{"name": "D", "movement": {"kind": "howell", "pairs": 16, "boards_per_round": 2, "rounds": 10, "share_boards": true}}`)
	if !strings.Contains(got.Error, "published in 5, 7 rounds") {
		t.Errorf("16 pairs in 10 rounds, boards shared: %q", got.Error)
	}
}
