package reports

import (
	"strconv"
	"strings"
)

// LineScore is a traveler line's SCORE: the NS score in points, an
// artificial adjusted score such as A6040, or nothing.
type LineScore struct {
	Text       string // as written; "" when not given
	Points     int    // the NS score in points, when not artificial
	Artificial bool   // an artificial adjusted score: NSPercent and EWPercent say what it is
	NSPercent  int    // the percentage of the top NS receive (A6040: 60)
	EWPercent  int    // the percentage of the top EW receive (A6040: 40)
}

// Given reports whether the line has a score.
func (s LineScore) Given() bool { return s.Text != "" }

// ParseLineScore reads a SCORE: "" (none), a whole number of points with an
// optional sign ("-420", "+100"), or an artificial score "A" followed by the
// NS and the EW percentage of the top as two digits each ("A5050", "A6040",
// "A4060"). It reports false for anything else.
func ParseLineScore(s string) (LineScore, bool) {
	t := strings.TrimSpace(s)
	if t == "" {
		return LineScore{}, true
	}
	if t[0] == 'A' || t[0] == 'a' {
		d := t[1:]
		if len(d) != 4 || !allDigits(d) {
			return LineScore{}, false
		}
		ns, _ := strconv.Atoi(d[:2])
		ew, _ := strconv.Atoi(d[2:])
		return LineScore{Text: t, Artificial: true, NSPercent: ns, EWPercent: ew}, true
	}
	body := strings.TrimPrefix(strings.TrimPrefix(t, "+"), "-")
	if body == "" || len(body) > 6 || !allDigits(body) {
		return LineScore{}, false
	}
	n, err := strconv.Atoi(strings.TrimPrefix(t, "+"))
	if err != nil {
		return LineScore{}, false
	}
	return LineScore{Text: t, Points: n}, true
}

// allDigits reports whether s is made of ASCII digits only.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
