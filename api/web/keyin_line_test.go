package web

import (
	"errors"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestParseKeyinLine reads the typed forms the key-in page documents; the
// tricks of a result against the contract are its level + 6 + the result
// (4S = is 10 tricks, 3NT -1 is 8).
func TestParseKeyinLine(t *testing.T) {
	contract := scoring.NewRules(scoring.Contract2017)
	bridge := scoring.NewRules(scoring.Bridge)
	for _, c := range []struct {
		rules *scoring.Rules
		in    string
		want  keyinLine
		field string // the field an error names; "" for none
	}{
		{&contract, "4SX N 10", keyinLine{"4SX", "N", 10, ""}, ""},
		{&contract, " 4s  n  = ", keyinLine{"4S", "N", 10, ""}, ""},
		{&contract, "3NT S -1", keyinLine{"3NT", "S", 8, ""}, ""},
		{&contract, "3nt s−2", keyinLine{"3NT", "S", 7, ""}, ""},
		{&contract, "4H E+1 SK", keyinLine{"4H", "E", 11, "SK"}, ""},
		{&contract, "7NT W 13", keyinLine{"7NT", "W", 13, ""}, ""},
		{&contract, "pass", keyinLine{"PASS", "", tournament.TricksNotGiven, ""}, ""},
		{&contract, "P", keyinLine{"PASS", "", tournament.TricksNotGiven, ""}, ""},
		{&contract, "4S N", keyinLine{"4S", "N", tournament.TricksNotGiven, ""}, ""},
		{&bridge, "S N 8", keyinLine{"S", "N", 8, ""}, ""},
		{&contract, "", keyinLine{}, "line"},
		{&contract, "PASS N", keyinLine{}, "line"},
		{&contract, "4S N 10 HK extra", keyinLine{}, "line"},
		{&contract, "4S X 10", keyinLine{}, "declarer"},
		{&contract, "4S N 14", keyinLine{}, "tricks"},
		{&contract, "4S N ten", keyinLine{}, "tricks"},
		{&contract, "4S N +4", keyinLine{}, "tricks"},
		{&contract, "1C N -8", keyinLine{}, "tricks"},
		{&contract, "9S N =", keyinLine{}, "contract"},
		{&bridge, "S N =", keyinLine{}, "tricks"},
	} {
		got, err := parseKeyinLine(c.rules, c.in)
		if c.field != "" {
			if field := errorField(err); field != c.field {
				t.Errorf("%q: error %v names %q, want %q", c.in, err, field, c.field)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: %+v, %v; want %+v", c.in, got, err, c.want)
		}
		if err == nil {
			back, err := parseKeyinLine(c.rules, got.String())
			if err != nil || back != got {
				t.Errorf("%q written back as %q reads %+v, %v", c.in, got.String(), back, err)
			}
		}
	}
}

// errorField is the field an error names.
func errorField(err error) string {
	var te *tournament.Error
	var se *scoring.Error
	switch {
	case errors.As(err, &te):
		return te.Field
	case errors.As(err, &se):
		return se.Field
	}
	return ""
}

// FuzzParseKeyinLine reads any line without panicking: it is read, or
// refused naming one of the line's parts; a line read is written back as
// a line that reads the same.
func FuzzParseKeyinLine(f *testing.F) {
	for _, s := range []string{"4SX N 10", "3NT S -1", "4H E+1 SK", "PASS", "S N =", "N=", "1C N -8"} {
		f.Add(s)
	}
	rules := scoring.NewRules(scoring.Contract2017)
	f.Fuzz(func(t *testing.T, s string) {
		l, err := parseKeyinLine(&rules, s)
		if err != nil {
			switch errorField(err) {
			case "line", "contract", "declarer", "tricks":
			default:
				t.Fatalf("%q: the error %v names no part of the line", s, err)
			}
			return
		}
		if l.Tricks != tournament.TricksNotGiven && (l.Tricks < 0 || l.Tricks > 13) {
			t.Fatalf("%q: %d tricks", s, l.Tricks)
		}
		back, err := parseKeyinLine(&rules, l.String())
		if err != nil || back != l {
			t.Fatalf("%q read as %+v, written back as %q, reads %+v, %v", s, l, l.String(), back, err)
		}
	})
}
