package api

import (
	"strconv"
	"unicode/utf8"

	"github.com/traveler-bridge/traveler/scoring"
)

// AppendScoreJSON appends the JSON of NewScoreResponse(s) to dst without
// reflection: `traveler score` writes a million of these in a few seconds.
// TestAppendScoreJSONMatchesMarshal keeps the two the same.
func AppendScoreJSON(dst []byte, s *scoring.Score) []byte {
	dst = append(dst, `{"ns_score":`...)
	dst = strconv.AppendInt(dst, int64(s.NSScore()), 10)
	dst = append(dst, `,"ns":`...)
	dst = appendSideJSON(dst, s.Sides[scoring.NS])
	dst = append(dst, `,"ew":`...)
	dst = appendSideJSON(dst, s.Sides[scoring.EW])
	dst = append(dst, `,"lines":[`...)
	for i, it := range s.Items() {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, it.String())
	}
	dst = append(dst, ']')
	if s.Void {
		dst = append(dst, `,"void":true`...)
	}
	if s.PassedOut {
		dst = append(dst, `,"passed_out":true`...)
	}
	return append(dst, '}')
}

func appendSideJSON(dst []byte, x scoring.SideScore) []byte {
	dst = append(dst, `{"trick":`...)
	dst = strconv.AppendInt(dst, int64(x.Trick), 10)
	dst = append(dst, `,"honour":`...)
	dst = strconv.AppendInt(dst, int64(x.Honour), 10)
	dst = append(dst, `,"premium":`...)
	dst = strconv.AppendInt(dst, int64(x.Premium), 10)
	dst = append(dst, `,"total":`...)
	dst = strconv.AppendInt(dst, int64(x.Total()), 10)
	return append(dst, '}')
}

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it (HTML characters included).
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}
