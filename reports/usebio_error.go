package reports

import (
	"strconv"
	"strings"
)

// FileError is a problem in a results file (USEBIO or PBN): where it is,
// the element or tag, the value found and what was expected there.
type FileError struct {
	Format   string // "USEBIO" or "PBN"
	Line     int    // the 1-based line the element or tag starts on; 0 when not known
	Element  string // the element path (e.g. "BOARD/TRAVELLER_LINE/TRICKS") or the PBN tag
	Value    string // the value found, as text; "" when something was missing
	Expected string // what was expected, in plain words
}

// Error returns "USEBIO line 268: BOARD/TRAVELLER_LINE/TRICKS "x": expected ...".
func (e *FileError) Error() string {
	var b strings.Builder
	b.WriteString(e.Format)
	if e.Line > 0 {
		b.WriteString(" line ")
		b.WriteString(strconv.Itoa(e.Line))
	}
	b.WriteString(": ")
	if e.Element != "" {
		b.WriteString(e.Element)
	}
	if e.Value != "" {
		b.WriteByte(' ')
		b.WriteString(strconv.Quote(clipValue(e.Value)))
	}
	b.WriteString(": expected ")
	b.WriteString(e.Expected)
	return b.String()
}

// clipValue keeps an error message short when a file holds a long value.
func clipValue(s string) string {
	const max = 60
	if len(s) <= max {
		return s
	}
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	return string(r[:max]) + "…"
}
