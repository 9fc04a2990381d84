package tournament

// applyTableOptions sets the table options a patch gives (Event.TableTraveler,
// Event.TableLead); the others stay.
func applyTableOptions(e *Event, p *EventPatch) {
	if p.TableTraveler != nil {
		e.TableTraveler = *p.TableTraveler
	}
	if p.TableLead != nil {
		e.TableLead = *p.TableLead
	}
}
