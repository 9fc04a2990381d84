package api

import (
	"bufio"
	"encoding/json"
	"io"

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

// WriteEventResults writes NewEventResultsResponse(d, nil) as
// json.Encoder.Encode would, byte for byte, one section at a time: the
// response of a 180,000-result event is 77 MB of JSON, which the encoder
// would hold whole (with the response it is made from) before writing a
// byte of it.
func WriteEventResults(w io.Writer, d tournament.EventData) error {
	event, err := json.Marshal(NewEventResponse(d.Event))
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	bw.WriteString(`{"event":`)
	bw.Write(event)
	bw.WriteString(`,"sections":[`)
	for i, sd := range d.Sections {
		if i > 0 {
			bw.WriteByte(',')
		}
		s := SectionResultsDTO{ID: sd.Section.ID, Name: sd.Section.Name, Session: sd.Section.Session,
			Standings: NewStandingsResponse(sd.Standings), Travelers: convert(sd.Travelers, NewTravelerResponse)}
		b, err := json.Marshal(s)
		if err != nil {
			return err
		}
		bw.Write(b)
	}
	bw.WriteString("]}\n")
	return bw.Flush()
}
