package web

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// variantInput reads a Mitchell's named variant, its switches at chosen
// tables ("3: 1 2; 5: 4" — round 3 tables 1 and 2, round 5 table 4), the
// rover's tables and the appendix tables from the new-section form.
// Whether they hold together is the movement's to say (movement.Mitchell).
func variantInput(form map[string]string, spec *tournament.MovementSpec) error {
	spec.Variant = strings.TrimSpace(form["variant"])
	if s := strings.TrimSpace(form["switches"]); s != "" {
		for i, part := range strings.Split(s, ";") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			round, tables, ok := strings.Cut(part, ":")
			r, err := strconv.Atoi(strings.TrimSpace(round))
			if !ok || err != nil {
				return tournament.Invalidf("switches", "switch "+strconv.Itoa(i+1)+", "+strconv.Quote(part)+
					": write the round, a colon and its tables, e.g. 3: 1 2; 5: 4 (round 3 tables 1 and 2, round 5 table 4)")
			}
			ts, err := numbersInput("switches", tables, "the tables that switch in round "+strconv.Itoa(r))
			if err != nil {
				return err
			}
			spec.Switches = append(spec.Switches, movement.Switch{Round: r, Tables: ts})
		}
	}
	if s := strings.TrimSpace(form["rover_tables"]); s != "" {
		ts, err := numbersInput("rover_tables", s, "the rover's table each round, e.g. 1 3 5 7 2 4")
		if err != nil {
			return err
		}
		spec.RoverTables = ts
	}
	if s := strings.TrimSpace(form["appendix"]); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			return tournament.Invalidf("appendix", strconv.Quote(s)+": not a whole number; write the appendix tables, e.g. 1")
		}
		spec.Appendix = n
	}
	return nil
}

// numbersInput reads whole numbers separated by spaces or commas; one that
// is not a number names field and what to write.
func numbersInput(field, s, what string) ([]int, error) {
	var out []int
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		n, err := strconv.Atoi(w)
		if err != nil {
			return nil, tournament.Invalidf(field, strconv.Quote(w)+": not a whole number; write "+what)
		}
		out = append(out, n)
	}
	return out, nil
}

// variantForm fills the change-of-movement form's variant fields from a
// section's spec, written as variantInput reads them, so a change keeps
// the variant, its switches, the rover's tables and the appendix tables.
func variantForm(s *tournament.MovementSpec, f map[string]string) {
	f["variant"] = s.Variant
	var parts []string
	for _, sw := range s.Switches {
		parts = append(parts, strconv.Itoa(sw.Round)+": "+numbersText(sw.Tables))
	}
	f["switches"] = strings.Join(parts, "; ")
	f["rover_tables"] = numbersText(s.RoverTables)
	if s.Appendix != 0 {
		f["appendix"] = strconv.Itoa(s.Appendix)
	}
}

// numbersText writes whole numbers apart with spaces.
func numbersText(ns []int) string {
	words := make([]string, len(ns))
	for i, n := range ns {
		words[i] = strconv.Itoa(n)
	}
	return strings.Join(words, " ")
}
