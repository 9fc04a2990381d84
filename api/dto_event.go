package api

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
)

// EventRequest is the body of POST /v1/events.
type EventRequest struct {
	Name       string                     `json:"name"`
	Date       string                     `json:"date"`
	Law        string                     `json:"law"`
	LawOptions map[string]json.RawMessage `json:"law_options"`
	Scoring    string                     `json:"scoring"`
	Published  bool                       `json:"published"`

	TableTraveler bool `json:"table_traveler"` // tables see a board's traveler so far once they have entered it
	TableLead     bool `json:"table_lead"`     // tables enter the opening lead

	Overall *OverallOptionsBody `json:"overall"` // how sections and sessions are ranked together; absent: the defaults

	Convention string `json:"convention"` // the arithmetic convention its figures follow (scoring.Conventions); absent: traveler's own
}

// Input converts the request to the domain.
func (q *EventRequest) Input() (tournament.EventInput, error) {
	opts, err := lawOptions(q.LawOptions)
	if err != nil {
		return tournament.EventInput{}, err
	}
	return tournament.EventInput{Name: q.Name, Date: q.Date, Law: q.Law, LawOptions: opts, Scoring: q.Scoring, Published: q.Published,
		TableTraveler: q.TableTraveler, TableLead: q.TableLead, Overall: overallOrZero(q.Overall.options()), Convention: q.Convention}, nil
}

// overallOrZero is o, or the zero options (the defaults) when nil.
func overallOrZero(o *tournament.OverallOptions) tournament.OverallOptions {
	if o == nil {
		return tournament.OverallOptions{}
	}
	return *o
}

// EventPatchRequest is the body of PATCH /v1/events/{id}: the fields given
// change, the others stay.
type EventPatchRequest struct {
	Name       *string                    `json:"name"`
	Date       *string                    `json:"date"`
	Law        *string                    `json:"law"`
	LawOptions map[string]json.RawMessage `json:"law_options"`
	Scoring    *string                    `json:"scoring"`
	Published  *bool                      `json:"published"`

	TableTraveler *bool `json:"table_traveler"`
	TableLead     *bool `json:"table_lead"`

	Overall *OverallOptionsBody `json:"overall"` // all of the options (one left out at its default); absent: unchanged

	Convention *string `json:"convention"` // absent: unchanged; "traveler" or "": traveler's own
}

// Patch converts the request to the domain.
func (q *EventPatchRequest) Patch() (tournament.EventPatch, error) {
	opts, err := lawOptions(q.LawOptions)
	if err != nil {
		return tournament.EventPatch{}, err
	}
	return tournament.EventPatch{Name: q.Name, Date: q.Date, Law: q.Law, LawOptions: opts, Scoring: q.Scoring, Published: q.Published,
		TableTraveler: q.TableTraveler, TableLead: q.TableLead, Overall: q.Overall.options(), Convention: q.Convention}, nil
}

// lawOptions reads each option as true/false or a whole number; whether
// the law code has it, and its range, are the service's to check. nil
// stays nil.
func lawOptions(raw map[string]json.RawMessage) (tournament.LawOptions, error) {
	if raw == nil {
		return nil, nil
	}
	opts := make(tournament.LawOptions, len(raw))
	for name, v := range raw {
		switch s := string(bytes.TrimSpace(v)); s {
		case "true", "false":
			opts[name] = s == "true"
		default:
			n, err := strconv.Atoi(s)
			if err != nil {
				return nil, badRequest("law_options."+name, "expected true or false, or a whole number, got "+s)
			}
			opts[name] = n
		}
	}
	return opts, nil
}

// EventResponse is an event with every option of its law code.
type EventResponse struct {
	ID         int64          `json:"id,omitzero"`
	Name       string         `json:"name"`
	Date       string         `json:"date"`
	Law        string         `json:"law"`
	LawOptions map[string]any `json:"law_options"`
	Scoring    string         `json:"scoring"`
	Published  bool           `json:"published"`

	TableTraveler bool `json:"table_traveler"` // tables see a board's traveler so far once they have entered it
	TableLead     bool `json:"table_lead"`     // tables enter the opening lead

	Overall OverallOptionsBody `json:"overall"` // how sections and sessions are ranked together

	Convention string `json:"convention,omitempty"` // the arithmetic convention its figures follow; absent: traveler's own

	CreatedAt time.Time `json:"created_at,omitzero"`
	UpdatedAt time.Time `json:"updated_at,omitzero"`
}

// NewEventResponse converts an event to its answer.
func NewEventResponse(e tournament.Event) EventResponse {
	opts := make(map[string]any, len(e.LawOptions))
	for k, v := range e.LawOptions {
		opts[k] = v
	}
	return EventResponse{ID: e.ID, Name: e.Name, Date: e.Date, Law: e.Law.String(), LawOptions: opts,
		Scoring: string(e.Scoring), Published: e.Published,
		TableTraveler: e.TableTraveler, TableLead: e.TableLead, Overall: newOverallOptionsBody(e.Overall),
		Convention: e.Convention, CreatedAt: e.CreatedAt, UpdatedAt: e.UpdatedAt}
}

// OverallOptionsBody is how an event's sections and sessions are ranked
// together (tournament.OverallOptions): in a request an option left out
// takes its default.
type OverallOptionsBody struct {
	Field     string `json:"field"`      // "section" (default) or "field" (across the field)
	Method    string `json:"method"`     // "sum" (default) or "carryover"
	CarryOver int    `json:"carry_over"` // method "carryover": the percentage (1–99) of earlier sessions carried over
	SamePair  string `json:"same_pair"`  // "players" (default) or "number"
}

// options converts the body to the domain (nil stays nil).
func (b *OverallOptionsBody) options() *tournament.OverallOptions {
	if b == nil {
		return nil
	}
	return &tournament.OverallOptions{Field: b.Field, Method: b.Method, CarryOver: b.CarryOver, SamePair: b.SamePair}
}

// newOverallOptionsBody converts an event's options to their answer, the
// defaults filled in.
func newOverallOptionsBody(o tournament.OverallOptions) OverallOptionsBody {
	o = o.Defaults()
	return OverallOptionsBody{Field: o.Field, Method: o.Method, CarryOver: o.CarryOver, SamePair: o.SamePair}
}
