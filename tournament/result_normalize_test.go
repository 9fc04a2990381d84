package tournament

import (
	"errors"
	"testing"
)

// TestNormalizeBounds: a result's numbers are checked at their bounds (Law
// 12C2's percentages of the top are 0 to 100; a side wins 0 to 13 tricks):
// the bound itself is taken, one past it refused naming the field.
func TestNormalizeBounds(t *testing.T) {
	for _, c := range []struct {
		name  string
		r     Result
		field string // "" when taken
	}{
		{"13 tricks", Result{Contract: "7NT", Declarer: "S", Tricks: 13}, ""},
		{"14 tricks", Result{Contract: "7NT", Declarer: "S", Tricks: 14}, "results[2].tricks"},
		{"-1 tricks", Result{Contract: "1C", Declarer: "S", Tricks: -1}, "results[2].tricks"},
		{"NS 100%", Result{Status: StatusArtificial, NSPercent: 100, EWPercent: 0}, ""},
		{"NS 101%", Result{Status: StatusArtificial, NSPercent: 101, EWPercent: 40}, "results[2].ns_percent"},
		{"EW 101%", Result{Status: StatusArtificial, NSPercent: 40, EWPercent: 101}, "results[2].ew_percent"},
		{"EW -1%", Result{Status: StatusArtificial, NSPercent: 60, EWPercent: -1}, "results[2].ew_percent"},
	} {
		r := c.r
		err := normalize(&r, "results[2].")
		var te *Error
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.field != "" && (!errors.As(err, &te) || te.Kind != ErrInvalid || te.Field != c.field):
			t.Errorf("%s: %v; want refused on %s", c.name, err, c.field)
		}
	}
}
