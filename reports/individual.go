package reports

import (
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// refuseIndividual refuses to write an event with an individual section in
// a format whose individual form traveler does not write yet (form names
// it, e.g. USEBIO 1.2's EVENT_TYPE INDIVIDUAL): ErrInvalid on "section",
// rather than a file that would show partnerships as pairs.
func refuseIndividual(d *tournament.EventData, format, form string) error {
	for _, s := range d.Sections {
		if s.Section.Movement.Kind == movement.KindIndividual {
			return tournament.Invalidf("section", "section "+s.Section.Name+" is an individual: traveler does not write "+format+"'s individual form ("+form+") yet; its standings are in the CSV and the pages",
				"csv")
		}
	}
	return nil
}
