package reports

import (
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// standingPlayers finds the players of a section's standings as the
// section's pairs (or, in a teams section, its teams) carry them, numbers
// and all.
type standingPlayers struct {
	teams bool
	pairs map[[2]string][]tournament.Player // by number and direction
	rost  map[string][]tournament.Player    // by team number
}

// newStandingPlayers indexes the players of sd's pairs or teams.
func newStandingPlayers(sd *tournament.SectionData) standingPlayers {
	sp := standingPlayers{teams: sd.Section.Movement.Kind == movement.KindTeams}
	if sp.teams {
		sp.rost = make(map[string][]tournament.Player, len(sd.Teams))
		for _, t := range sd.Teams {
			sp.rost[strconv.Itoa(t.Number)] = t.Players
		}
		return sp
	}
	sp.pairs = make(map[[2]string][]tournament.Player, len(sd.Pairs))
	for _, p := range sd.Pairs {
		sp.pairs[[2]string{p.Number, p.Direction}] = p.Players
	}
	return sp
}

// of returns the players of st; ok is false when its section lists none
// for it.
func (sp standingPlayers) of(st *tournament.Standing) (pl []tournament.Player, ok bool) {
	if sp.teams {
		pl, ok = sp.rost[st.Number]
	} else {
		pl, ok = sp.pairs[[2]string{st.Number, st.Direction}]
	}
	return pl, ok && len(pl) > 0
}

// columns returns st's players' names joined by " & " and their
// membership numbers joined the same way, in the same order, so that the
// k-th number is the k-th player's ("" in its place when a player has none;
// "" for all when none has one).
func (sp standingPlayers) columns(st *tournament.Standing) (names, numbers string) {
	pl, ok := sp.of(st)
	if !ok {
		return strings.Join(st.Players, " & "), ""
	}
	ns := make([]string, len(pl))
	ids := make([]string, len(pl))
	some := false
	for k, p := range pl {
		ns[k] = p.Name
		ids[k] = strings.TrimSpace(p.Number)
		some = some || ids[k] != ""
	}
	if !some {
		return strings.Join(ns, " & "), ""
	}
	return strings.Join(ns, " & "), strings.Join(ids, " & ")
}
