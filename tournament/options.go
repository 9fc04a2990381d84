package tournament

import (
	"encoding/json"
	"math"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
)

// rulesFor applies options (any subset of the law code's, each a bool or a
// whole number as JSON decodes it) to the law code's defaults, and returns
// the rules and every option with its value.
func rulesFor(law scoring.Law, opts LawOptions) (scoring.Rules, LawOptions, error) {
	rules := scoring.NewRules(law)
	for name, v := range opts {
		opt, ok := law.LookupOption(name)
		if !ok {
			var names []string
			for _, o := range law.Options() {
				names = append(names, o.Name)
			}
			msg := "not an option of " + law.String()
			if len(names) == 0 {
				msg = law.String() + " has no options"
			}
			return rules, nil, Invalidf("law_options."+name, msg, names...)
		}
		field := "law_options." + name
		if opt.Kind == scoring.BoolOption {
			b, ok := v.(bool)
			if !ok {
				return rules, nil, Invalidf(field, "expected true or false")
			}
			if err := rules.Options.SetBool(law, name, b); err != nil {
				return rules, nil, fromScoring(err, "law_")
			}
			continue
		}
		n, ok := wholeNumber(v)
		if !ok {
			return rules, nil, Invalidf(field, "expected a whole number")
		}
		if err := rules.Options.SetInt(law, name, n); err != nil {
			return rules, nil, fromScoring(err, "law_")
		}
	}
	return rules, optionsOf(rules), nil
}

// optionsOf lists every option of the rules' law code with its value.
func optionsOf(rules scoring.Rules) LawOptions {
	all := LawOptions{}
	for _, o := range rules.Law.Options() {
		all[o.Name], _ = rules.Options.Value(o.Name)
	}
	return all
}

// wholeNumber reads an int from what JSON or a caller may hold.
func wholeNumber(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case int32:
		return int(n), true
	case float64:
		if n == math.Trunc(n) && math.Abs(n) < 1e9 {
			return int(n), true
		}
	case json.Number:
		i, err := strconv.Atoi(string(n))
		return i, err == nil
	}
	return 0, false
}

// Rules returns the event's law code with its options, ready to score.
func (e *Event) Rules() (scoring.Rules, error) {
	rules, _, err := rulesFor(e.Law, e.LawOptions)
	return rules, err
}

// RulesOrDefaults returns the event's rules, or its law code's with the
// default options when the event's options do not read (as the reports
// count them).
func (e *Event) RulesOrDefaults() scoring.Rules {
	rules, err := e.Rules()
	if err != nil {
		return scoring.NewRules(e.Law)
	}
	return rules
}

// InSection is the event as section sec plays it: with the section's law
// code and options when the section has a code of its own (Section.Law),
// else the event itself. Every place that scores a section's results reads
// its rules from here, so the section's code wins where it is given.
func (e Event) InSection(sec *Section) Event {
	if sec == nil || sec.Law == 0 {
		return e
	}
	e.Law, e.LawOptions = sec.Law, sec.LawOptions
	return e
}
