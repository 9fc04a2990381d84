package api

import (
	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// EventResultsResponse is an event's results: the event and, section by
// section, the standings and every board's traveler. GET
// /v1/events/{id}/results answers it for a stored event; `traveler rescore
// --format json` prints it for a results file, with File saying how the
// file was read.
type EventResultsResponse struct {
	Event    EventResponse       `json:"event"`
	File     *FileReadDTO        `json:"file,omitempty"`
	Sections []SectionResultsDTO `json:"sections"`
}

// SectionResultsDTO is one section's standings and travelers.
type SectionResultsDTO struct {
	ID        int64              `json:"id"`
	Name      string             `json:"name"`
	Session   int                `json:"session"`
	Standings StandingsResponse  `json:"standings"`
	Travelers []TravelerResponse `json:"travelers"`
}

// NewEventResultsResponse converts an event's data to its results; f,
// when not nil, is the file it was read from.
func NewEventResultsResponse(d tournament.EventData, f *reports.ResultsFile) EventResultsResponse {
	out := EventResultsResponse{Event: NewEventResponse(d.Event), Sections: convert(d.Sections, func(sd tournament.SectionData) SectionResultsDTO {
		return SectionResultsDTO{ID: sd.Section.ID, Name: sd.Section.Name, Session: sd.Section.Session,
			Standings: NewStandingsResponse(sd.Standings), Travelers: convert(sd.Travelers, NewTravelerResponse)}
	})}
	if f != nil {
		fr := NewFileReadDTO(f)
		out.File = &fr
	}
	return out
}
