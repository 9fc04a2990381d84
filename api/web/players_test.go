package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
)

// TestRosterWithoutJavaScript: what a browser without JavaScript gets. The
// pair form lists the club's players (<datalist>); a player picked by name
// alone is saved with the roster's number, one given by number alone with
// the roster's name. The Players page searches, refuses a number another
// player has with the form refilled, and the type-ahead's JSON answers.
func TestRosterWithoutJavaScript(t *testing.T) {
	s := newSetupSite(t)
	s.signIn()
	ctx := context.Background()
	f := newChangeMitchell(t, s) // 12 players by name, now in the roster
	zoe, err := s.svc.AddClubPlayer(ctx, tournament.Director, tournament.ClubPlayer{Name: "Zoe Sub", Number: "100009"})
	if err != nil {
		t.Fatal(err)
	}

	p := s.get(f.pairPath("1 NS"))
	p.want(t, "pair 1 NS's page", http.StatusOK)
	names, numbers := setupOptions(p.mustID(t, "club-names")), setupOptions(p.mustID(t, "club-numbers"))
	if len(names) != 13 || !slices.Contains(names, "Zoe Sub") || len(numbers) != 1 || numbers[0] != "100009" {
		t.Errorf("the form's lists: names %v, numbers %v; want the 13 players, and Zoe's number", names, numbers)
	}
	if l := setupAttr(p.mustID(t, "player-name-1"), "list"); l != "club-names" {
		t.Errorf("player 2's name field lists %q, want club-names", l)
	}

	form := setupFormFields(p.mustID(t, "pair-form"))
	form.Set("player_name_1", "zoe  sub")
	p = s.post(f.pairPath("1 NS"), form)
	p.want(t, "Zoe picked by name", http.StatusSeeOther)
	if got := storedPlayers(t, s, f, "1 NS"); len(got) != 2 || got[1] != (tournament.Player{Name: "Zoe Sub", Number: "100009"}) {
		t.Errorf("pair 1 NS stored %+v, want Zoe Sub with 100009", got)
	}
	form.Set("player_name_1", "")
	form.Set("player_number_1", "100009")
	form.Set("player_name_0", "Ann North")
	p = s.post(f.pairPath("1 NS"), form)
	p.want(t, "Zoe given by number", http.StatusSeeOther)
	if got := storedPlayers(t, s, f, "1 NS"); len(got) != 2 || got[1] != (tournament.Player{Name: "Zoe Sub", Number: "100009"}) {
		t.Errorf("pair 1 NS stored %+v, want Zoe Sub by her number", got)
	}

	p = s.get("/director/players?q=zoe")
	p.want(t, "search zoe", http.StatusOK)
	if got := setupText(p.mustID(t, "players")); !strings.Contains(got, "Zoe Sub") || strings.Contains(got, "Ann North") {
		t.Errorf("search zoe lists %q", got)
	}
	p = s.get("/director/players?offset=first")
	p.want(t, "a page that is not a number", http.StatusUnprocessableEntity)
	if !strings.Contains(p.errorText(), `offset: "first"`) {
		t.Errorf("offset=first: error %q", p.errorText())
	}

	form = setupFormFields(s.get("/director/players/"+strconv.FormatInt(zoe.ID, 10)).mustID(t, "player-form"))
	form.Set("name", "Zoe Substitute")
	form.Set("number", "100009")
	p = s.post("/director/players/"+strconv.FormatInt(zoe.ID, 10), form)
	p.want(t, "rename Zoe", http.StatusSeeOther)
	p = s.post("/director/players", url.Values{"name": {"Zed Twin"}, "number": {"100009"}})
	wantInvalid(t, p, "a number Zoe has", http.StatusConflict, "player-number", "100009 is already Zoe Substitute's")
	if v := setupAttr(p.mustID(t, "player-name"), "value"); v != "Zed Twin" {
		t.Errorf("the refused form keeps the name %q", v)
	}

	zoePath := "/director/players/" + strconv.FormatInt(zoe.ID, 10)
	p = s.post(zoePath+"/delete", url.Values{})
	wantInvalid(t, p, "remove unticked", http.StatusUnprocessableEntity, "confirm-delete", "nothing was removed")
	p = s.post(zoePath+"/delete", url.Values{"confirm": {"yes"}})
	p.want(t, "remove Zoe", http.StatusSeeOther)
	s.get(zoePath).want(t, "Zoe's page after she is removed", http.StatusNotFound)
	if got := storedPlayers(t, s, f, "1 NS"); got[1] != (tournament.Player{Name: "Zoe Sub", Number: "100009"}) {
		t.Errorf("pair 1 NS after Zoe left the roster: %+v", got)
	}
	if _, err := s.svc.AddClubPlayer(ctx, tournament.Director, tournament.ClubPlayer{Name: "Zoe Substitute", Number: "100009"}); err != nil {
		t.Fatal(err)
	}

	p = s.get("/director/players.json?q=sub")
	p.want(t, "the type-ahead's answer", http.StatusOK)
	var got []map[string]string
	if err := json.Unmarshal(p.Body, &got); err != nil || len(got) != 1 || got[0]["name"] != "Zoe Substitute" || got[0]["number"] != "100009" {
		t.Errorf("players.json?q=sub: %s (%v)", p.Body, err)
	}
}

// storedPlayers reads a pair's stored players.
func storedPlayers(t *testing.T, s *setupSite, f changeMitchell, key string) []tournament.Player {
	t.Helper()
	pairs, err := s.svc.Pairs(context.Background(), tournament.Director, f.section.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pairs {
		if p.ID == f.pairs[key] {
			return p.Players
		}
	}
	t.Fatalf("no pair %s", key)
	return nil
}
