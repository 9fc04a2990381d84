package reports

import (
	"strconv"

	"github.com/traveler-bridge/traveler/tournament"
)

// playersSheet is the name of the workbook's sheet of players.
const playersSheet = "Players"

// hasPlayers reports whether any pair or team of the event names a player.
func hasPlayers(d *tournament.EventData) bool {
	for i := range d.Sections {
		for _, p := range d.Sections[i].Pairs {
			if len(p.Players) > 0 {
				return true
			}
		}
		for _, t := range d.Sections[i].Teams {
			if len(t.Players) > 0 {
				return true
			}
		}
	}
	return false
}

// writePlayers writes the Players sheet: a row per player of each pair (a
// team's players under their team), with the membership number, as a
// national body's masterpoint return or a club's records take them.
func writePlayers(b *book, d *tournament.EventData) error {
	s, err := b.newSheet(playersSheet, []string{"Section", "Pair or team", "Direction", "Player", "Membership number"}, []float64{10, 14, 10, 30, 20})
	if err != nil {
		return err
	}
	for i := range d.Sections {
		sd := &d.Sections[i]
		for _, p := range sd.Pairs {
			for _, pl := range p.Players {
				if err := s.add([]any{sd.Section.Name, p.Number, p.Direction, pl.Name, pl.Number}); err != nil {
					return err
				}
			}
		}
		for _, t := range sd.Teams {
			team := "Team " + strconv.Itoa(t.Number)
			if t.Name != "" {
				team += ": " + t.Name
			}
			for _, pl := range t.Players {
				if err := s.add([]any{sd.Section.Name, team, "", pl.Name, pl.Number}); err != nil {
					return err
				}
			}
		}
	}
	return s.flush()
}
