package reports

import (
	"math"
	"strconv"
	"strings"
)

// Figure is a number as a file wrote it: its value and how many decimals
// it showed, so that a recomputed number can be compared at the file's
// precision.
type Figure struct {
	Text     string  // as written, e.g. "128.77"; "" when not given
	Value    float64 // its value
	Decimals int     // digits after the decimal point in Text
}

// ParseFigure reads a decimal number such as "47.69", "-5.00" or "10"; a
// leading "+" is allowed. It reports false for anything else.
func ParseFigure(s string) (Figure, bool) {
	t := strings.TrimSpace(s)
	if t == "" || len(t) > 32 {
		return Figure{}, false
	}
	digits, dot := 0, -1
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && dot < 0:
			dot = i
		case (c == '-' || c == '+') && i == 0:
		default:
			return Figure{}, false
		}
	}
	if digits == 0 {
		return Figure{}, false
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return Figure{}, false
	}
	f := Figure{Text: t, Value: v}
	if dot >= 0 {
		f.Decimals = len(t) - dot - 1
	}
	return f, true
}

// Given reports whether the file gave the figure.
func (f Figure) Given() bool { return f.Text != "" }

// Round rounds x to the figure's decimals, halves away from zero.
func (f Figure) Round(x float64) float64 { return RoundTo(x, f.Decimals) }

// Matches reports whether x, rounded to the figure's decimals, is the figure.
func (f Figure) Matches(x float64) bool {
	return f.Given() && f.Round(x) == f.Round(f.Value)
}

// MatchesTo is Matches for a figure x that traveler keeps to at most d
// decimals (a percentage: 2): a file written with more decimals (BriAn's
// 62.01923) is compared at d.
func (f Figure) MatchesTo(x float64, d int) bool {
	if !f.Given() {
		return false
	}
	if f.Decimals <= d {
		return f.Matches(x)
	}
	return RoundTo(x, d) == RoundTo(f.Value, d)
}

// RoundTo rounds x to d decimals, halves away from zero. The value is
// nudged by a billionth of the last unit first, so that a half written
// exactly in decimal (47.125) is not lost to the binary value just under it.
func RoundTo(x float64, d int) float64 {
	p := math.Pow(10, float64(d))
	if x < 0 {
		return -math.Floor(-x*p+0.5+1e-9) / p
	}
	return math.Floor(x*p+0.5+1e-9) / p
}
