package web

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// changesPath is an event's changes page, of one section when section is not 0.
func changesPath(event, section int64) string {
	p := "/director/events/" + strconv.FormatInt(event, 10) + "/changes"
	if section != 0 {
		p += "?section=" + strconv.FormatInt(section, 10)
	}
	return p
}

// changeRow is one change as the changes page shows it.
type changeRow struct {
	When    string // "2026-05-01 20:14:03"
	Actor   string
	What    string // "pair 3 NS (section A)"
	Action  string // "changed", "deleted", "withdrawn"
	Kind    string // tournament.Change.Kind, for the row's class
	Section int64
	Before  string // the fields as they were, those that changed for an update
	After   string
}

// changesPageData is an event's changes page.
type changesPageData struct {
	EventID int64
	Name    string
	Deleted bool   // the event is deleted: only its changes are left
	Section string // the section shown, "" for the whole event
	Rows    []changeRow
}

// actionWords says what a change did.
var actionWords = map[string]string{"update": "changed", "delete": "deleted", "withdraw": "withdrawn"}

// fieldWordsOfChange names the fields a change keeps.
var fieldWordsOfChange = map[string]string{
	"current_round": "round", "from_round": "from round", "pair_percent": "pair's %", "opponents_percent": "opponents' %",
	"results": "results scored", "status": "its boards", "sections": "sections",
}

// withdrawnWords say what a withdrawn pair's boards became.
var withdrawnWords = map[string]string{"not_played": "not played", "artificial": "an adjusted score"}

// changesPage shows the changes made to an event, its sections, pairs and
// teams, oldest first (?section=ID: one section's); a deleted event's too.
func (p *Pages) changesPage(c echo.Context) error {
	id, err := pathID(c, "id")
	v := View{Title: "Changes"}
	if err != nil {
		return p.renderError(c, "event_changes.html", v, err)
	}
	ctx, a := c.Request().Context(), actor(c)
	changes, err := p.svc.Changes(ctx, a, id)
	if err != nil {
		return p.renderError(c, "event_changes.html", v, err)
	}
	d := changesPageData{EventID: id}
	sectionNames := map[int64]string{}
	pairNames := map[int64]string{}
	ev, err := p.svc.Event(ctx, a, id)
	switch {
	case err == nil:
		d.Name = ev.Name
		secs, err := p.svc.Sections(ctx, a, id)
		if err != nil {
			return p.renderError(c, "event_changes.html", v, err)
		}
		for _, s := range secs {
			sectionNames[s.ID] = s.Name
			pairs, err := p.svc.Pairs(ctx, a, s.ID)
			if err != nil {
				return p.renderError(c, "event_changes.html", v, err)
			}
			for _, pr := range pairs {
				pairNames[pr.ID] = pairLabel(pr)
			}
		}
	case errors.Is(err, tournament.ErrNotFound):
		d.Deleted = true
	default:
		return p.renderError(c, "event_changes.html", v, err)
	}
	// What deleted events, sections and pairs were last called, from their
	// changes (the live ones keep their names).
	livePairs, liveEvent := map[int64]bool{}, d.Name != ""
	live := map[int64]bool{}
	for id := range sectionNames {
		live[id] = true
	}
	for id := range pairNames {
		livePairs[id] = true
	}
	for _, ch := range changes {
		for _, m := range []map[string]any{ch.Before, ch.After} {
			switch ch.Kind {
			case "event":
				if n, ok := m["name"].(string); ok && !liveEvent {
					d.Name = n
				}
			case "section":
				if n, ok := m["name"].(string); ok && !live[ch.SectionID] {
					sectionNames[ch.SectionID] = n
				}
			case "pair":
				if n, ok := m["number"].(string); ok && !livePairs[ch.TargetID] {
					dir, _ := m["direction"].(string)
					pairNames[ch.TargetID] = pairLabel(tournament.Pair{Number: n, Direction: dir})
				}
			}
		}
	}
	if s := c.QueryParam("section"); s != "" {
		sid, err := strconv.ParseInt(s, 10, 64)
		if err != nil || sectionNames[sid] == "" {
			return p.renderError(c, "event_changes.html", v, &tournament.Error{Kind: tournament.ErrNotFound, Field: "section",
				Message: strconv.Quote(s) + ": not a section of this event"})
		}
		d.Section = sectionNames[sid]
		changes = slices.DeleteFunc(changes, func(ch tournament.Change) bool { return ch.SectionID != sid })
	}
	for _, ch := range changes {
		d.Rows = append(d.Rows, changeRowOf(ch, sectionNames, pairNames))
	}
	v.Title = "Changes · " + d.Name
	if d.Section != "" {
		v.Title = "Changes · " + d.Name + " · section " + d.Section
	}
	v.Data = d
	return p.render(c, http.StatusOK, "event_changes.html", v)
}

// changeRowOf writes a change for the page.
func changeRowOf(ch tournament.Change, sections, pairs map[int64]string) changeRow {
	r := changeRow{When: ch.At.Local().Format("2006-01-02 15:04:05"), Actor: ch.Actor, Kind: ch.Kind, Section: ch.SectionID, Action: actionWords[ch.Action]}
	if r.Action == "" {
		r.Action = ch.Action
	}
	switch ch.Kind {
	case "event":
		r.What = "the event"
	case "section":
		r.What = "section " + sections[ch.SectionID]
	case "pair":
		name := pairs[ch.TargetID]
		if name == "" { // a withdrawal keeps no number: its pair's section is deleted
			name = "the pair with id " + strconv.FormatInt(ch.TargetID, 10)
		}
		r.What = name + " (section " + sections[ch.SectionID] + ")"
	case "team":
		name, _ := ch.Before["name"].(string)
		if n, ok := ch.After["name"].(string); ok {
			name = n
		}
		r.What = "team " + name + " (section " + sections[ch.SectionID] + ")"
	default:
		r.What = ch.Kind + " " + strconv.FormatInt(ch.TargetID, 10)
	}
	keys := changedKeys(ch.Before, ch.After)
	r.Before, r.After = fieldsText(ch.Before, keys), fieldsText(ch.After, keys)
	return r
}

// changedKeys lists the fields to show, sorted: those that differ when
// there is a before and an after, else all of them.
func changedKeys(before, after map[string]any) []string {
	var keys []string
	seen := map[string]bool{}
	for _, m := range []map[string]any{before, after} {
		for k := range m {
			if seen[k] {
				continue
			}
			seen[k] = true
			if before != nil && after != nil && valueText(before[k]) == valueText(after[k]) {
				continue
			}
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// fieldsText writes the fields of m named by keys: "name: A; session: 2".
func fieldsText(m map[string]any, keys []string) string {
	if m == nil {
		return "—"
	}
	var parts []string
	for _, k := range keys {
		v, ok := m[k]
		if !ok || k == "result_ids" {
			continue
		}
		if k == "status" {
			v = withdrawnWords[fmt.Sprint(v)]
		}
		word := k
		if w, ok := fieldWordsOfChange[k]; ok {
			word = w
		}
		parts = append(parts, word+": "+valueText(v))
	}
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, "; ")
}

// valueText writes one field's value: players as "Ann Smith (123) & Bob Jones".
func valueText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case []map[string]any:
		out := make([]any, len(x))
		for i, m := range x {
			out[i] = m
		}
		return valueText(out)
	case []any:
		names := make([]string, 0, len(x))
		for _, e := range x {
			m, ok := e.(map[string]any)
			if !ok {
				names = append(names, fmt.Sprint(e))
				continue
			}
			s, _ := m["name"].(string)
			if n, _ := m["number"].(string); n != "" {
				s += " (" + n + ")"
			}
			names = append(names, s)
		}
		return strings.Join(names, " & ")
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}
