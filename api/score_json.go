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
		dst = appendItemJSON(dst, it)
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

// appendItemJSON appends the item's line as a JSON string: written in
// place, and written again through appendJSONString only when it holds a
// character JSON escapes.
func appendItemJSON(dst []byte, it scoring.Item) []byte {
	dst = append(dst, '"')
	start := len(dst)
	dst, _ = it.AppendText(dst)
	for _, c := range dst[start:] {
		if c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return appendJSONString(dst[:start-1], string(dst[start:]))
		}
	}
	return append(dst, '"')
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

// AppendScoreLine is AppendScore for `traveler score`, giving the same
// bytes: a line of the usual shape (scanScoreLine) is read without
// encoding/json, and any other line, or one whose result is refused, goes
// to AppendScore as it is. TestAppendScoreLineMatchesAppendScore and
// FuzzAppendScoreLine keep the two the same.
func AppendScoreLine(dst, line []byte) (out []byte, ok bool) {
	var q ScoreRequest
	if tricks, ok := scanScoreLine(line, &q); ok {
		if tricks >= 0 {
			q.Tricks = &tricks
		}
		if rules, res, err := q.Scorable(); err == nil {
			if s, err := rules.Score(&res); err == nil {
				return AppendScoreJSON(dst, &s), true
			}
		}
	}
	return AppendScore(dst, line)
}

// The members scanScoreLine reads, as bits of a set.
const (
	scanLaw = 1 << iota
	scanContract
	scanDeclarer
	scanTricks
	scanDeal
	scanVulnerable
	scanBoard
	scanDealer
)

// The values scanScoreLine meets on most lines: the law codes' names and
// the vulnerabilities as scoring names them.
var (
	scanLawNames = scoring.LawNames()
	scanVulNames = []string{scoring.VulNone.String(), scoring.VulNS.String(), scoring.VulEW.String(), scoring.VulAll.String()}
)

// intern returns the string of known that val spells, else val as a new
// string.
func intern(val []byte, known []string) string {
	for _, k := range known {
		if string(val) == k {
			return k
		}
	}
	return string(val)
}

// scanScoreLine reads a line of the usual shape into q but for the tricks,
// which it returns (-1 when not given): one JSON object whose members are among law, contract,
// declarer, deal, vulnerable and dealer, each a string of printable ASCII
// without escapes, and tricks and board, each a whole number of at most
// nine digits; each member at most once, with JSON white space around
// anything. It reports false for any other line, which then needs
// DecodeScoreRequest: what encoding/json would read differently (a key
// in another case, a repeated key, null, escapes, other characters) and
// the fields it does not read (honours, chicane, revokes, options,
// auction) are never taken here.
func scanScoreLine(line []byte, q *ScoreRequest) (tricks int, ok bool) {
	tricks = -1
	i := skipJSONSpace(line, 0)
	if i == len(line) || line[i] != '{' {
		return tricks, false
	}
	i = skipJSONSpace(line, i+1)
	seen := 0
	if i < len(line) && line[i] == '}' {
		return tricks, skipJSONSpace(line, i+1) == len(line)
	}
	for {
		key, next, ok := scanPlainString(line, i)
		if !ok {
			return tricks, false
		}
		i = skipJSONSpace(line, next)
		if i == len(line) || line[i] != ':' {
			return tricks, false
		}
		i = skipJSONSpace(line, i+1)
		var bit int
		switch string(key) {
		case "law", "contract", "declarer", "deal", "vulnerable", "dealer":
			val, next, ok := scanPlainString(line, i)
			if !ok {
				return tricks, false
			}
			i = next
			switch string(key) {
			case "law":
				bit, q.Law = scanLaw, intern(val, scanLawNames)
			case "contract":
				bit, q.Contract = scanContract, string(val)
			case "declarer":
				bit, q.Declarer = scanDeclarer, string(val)
			case "deal":
				bit, q.Deal = scanDeal, string(val)
			case "vulnerable":
				bit, q.Vulnerable = scanVulnerable, intern(val, scanVulNames)
			default:
				bit, q.Dealer = scanDealer, string(val)
			}
		case "tricks", "board":
			n, next, ok := scanWholeNumber(line, i)
			if !ok {
				return tricks, false
			}
			i = next
			if key[0] == 't' {
				bit, tricks = scanTricks, n
			} else {
				bit, q.Board = scanBoard, n
			}
		default:
			return tricks, false
		}
		if seen&bit != 0 {
			return tricks, false
		}
		seen |= bit
		i = skipJSONSpace(line, i)
		if i == len(line) {
			return tricks, false
		}
		switch line[i] {
		case ',':
			i = skipJSONSpace(line, i+1)
		case '}':
			return tricks, skipJSONSpace(line, i+1) == len(line)
		default:
			return tricks, false
		}
	}
}

// skipJSONSpace returns the index of the first byte from i on that is not
// JSON white space.
func skipJSONSpace(line []byte, i int) int {
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\n' || line[i] == '\r') {
		i++
	}
	return i
}

// scanPlainString reads a JSON string at i made of printable ASCII without
// a backslash, and returns what is between the quotes and the index after
// the closing one.
func scanPlainString(line []byte, i int) (val []byte, next int, ok bool) {
	if i == len(line) || line[i] != '"' {
		return nil, 0, false
	}
	for j := i + 1; j < len(line); j++ {
		switch c := line[j]; {
		case c == '"':
			return line[i+1 : j], j + 1, true
		case c < 0x20 || c > 0x7e || c == '\\':
			return nil, 0, false
		}
	}
	return nil, 0, false
}

// scanWholeNumber reads a JSON number at i that is a whole number of one
// to nine digits (no sign, fraction or exponent), and returns it and the
// index after it.
func scanWholeNumber(line []byte, i int) (n, next int, ok bool) {
	j := i
	for j < len(line) && line[j] >= '0' && line[j] <= '9' && j-i < 10 {
		n = n*10 + int(line[j]-'0')
		j++
	}
	switch {
	case j == i || j-i > 9:
		return 0, 0, false
	case line[i] == '0' && j-i > 1: // JSON has no leading zeros
		return 0, 0, false
	case j < len(line) && (line[j] == '.' || line[j] == 'e' || line[j] == 'E'):
		return 0, 0, false
	}
	return n, j, true
}
