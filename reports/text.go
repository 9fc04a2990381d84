package reports

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Encodings lists the text encodings a results file may be read in, as an
// encoding option names them. PBN 2.1 says ISO-8859-1; real files are also
// UTF-8 (with or without a byte-order mark), UTF-16 with a byte-order mark,
// and the Central European ISO-8859-2 and Windows-1250 (Polish and Czech
// club programs), or Windows-1252.
var Encodings = []string{"UTF-8", "ISO-8859-1", "ISO-8859-2", "Windows-1250", "Windows-1252"}

// ParseEncoding reads an encoding's name in any case ("iso-8859-2") and
// returns it as Encodings spells it; "" stays "" (detect it).
func ParseEncoding(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	for _, e := range Encodings {
		if strings.EqualFold(e, s) {
			return e, nil
		}
	}
	return "", fmt.Errorf("%q: not an encoding traveler reads (allowed: %s)", s, strings.Join(Encodings, ", "))
}

// singleByte maps the single-byte encodings (lower case, with their usual
// aliases) to their tables.
var singleByte = map[string]*charmap.Charmap{
	"iso-8859-1": charmap.ISO8859_1, "iso8859-1": charmap.ISO8859_1, "latin1": charmap.ISO8859_1, "latin-1": charmap.ISO8859_1, "l1": charmap.ISO8859_1,
	"iso-8859-2": charmap.ISO8859_2, "iso8859-2": charmap.ISO8859_2, "latin2": charmap.ISO8859_2, "latin-2": charmap.ISO8859_2, "l2": charmap.ISO8859_2,
	"windows-1250": charmap.Windows1250, "cp1250": charmap.Windows1250, "x-cp1250": charmap.Windows1250,
	"windows-1252": charmap.Windows1252, "cp1252": charmap.Windows1252, "x-cp1252": charmap.Windows1252,
}

// encodingName is the name Encodings gives a single-byte table.
func encodingName(cm *charmap.Charmap) string {
	switch cm {
	case charmap.ISO8859_1:
		return "ISO-8859-1"
	case charmap.ISO8859_2:
		return "ISO-8859-2"
	case charmap.Windows1250:
		return "Windows-1250"
	}
	return "Windows-1252"
}

// textEncoding is how a file's bytes were read: the encoding's name and,
// when traveler had to guess it, why.
type textEncoding struct {
	name    string
	guessed bool
	why     string
}

// xmlDecl matches an XML declaration's encoding attribute.
var xmlDecl = regexp.MustCompile(`^(<\?xml[^>]*?)\s+encoding\s*=\s*["']([^"']*)["']`)

// decodeText turns a file's bytes into UTF-8 text with \n line ends: a
// byte-order mark (UTF-8 or UTF-16) says the encoding; else the encoding
// asked for (one of Encodings); else, for XML, the declaration's encoding;
// else UTF-8 when the bytes are valid UTF-8; else a guess among the
// single-byte encodings (see guessSingleByte). An XML declaration naming
// an encoding is rewritten without it, the text being UTF-8 now.
func decodeText(data []byte, format Format, asked string) ([]byte, textEncoding, error) {
	var text []byte
	var enc textEncoding
	switch {
	case bytes.HasPrefix(data, []byte("\xef\xbb\xbf")):
		text, enc = data[3:], textEncoding{name: "UTF-8"}
	case bytes.HasPrefix(data, []byte("\xff\xfe")), bytes.HasPrefix(data, []byte("\xfe\xff")):
		text, enc = fromUTF16(data[2:], data[0] == 0xfe), textEncoding{name: "UTF-16"}
	default:
		declared := ""
		if format == FormatUSEBIO {
			if m := xmlDecl.FindSubmatch(data[:min(len(data), 512)]); m != nil {
				declared = string(m[2])
			}
		}
		name := asked
		if name == "" {
			name = declared
		}
		switch lower := strings.ToLower(strings.TrimSpace(name)); {
		case lower == "":
			if utf8.Valid(data) {
				text, enc = data, textEncoding{name: "UTF-8"}
				break
			}
			cm, why := guessSingleByte(data)
			text, enc = decodeSingleByte(data, cm), textEncoding{name: encodingName(cm), guessed: true, why: why}
		case lower == "utf-8" || lower == "utf8" || lower == "us-ascii" || lower == "ascii":
			if !utf8.Valid(data) {
				if asked != "" {
					return nil, enc, &FileError{Format: "file", Element: "encoding", Value: asked, Expected: "text in that encoding: the file is not valid UTF-8 (allowed: " + strings.Join(Encodings, ", ") + ")"}
				}
				cm, why := guessSingleByte(data)
				text, enc = decodeSingleByte(data, cm), textEncoding{name: encodingName(cm), guessed: true, why: "the file says " + declared + " but is not; " + why}
				break
			}
			text, enc = data, textEncoding{name: "UTF-8"}
		default:
			cm, ok := singleByte[lower]
			if !ok {
				element := "encoding"
				if asked == "" {
					element = "<?xml encoding?>"
				}
				return nil, enc, &FileError{Format: strings.ToUpper(string(format)), Line: 1, Element: element, Value: name, Expected: "an encoding traveler reads: " + strings.Join(Encodings, ", ")}
			}
			text, enc = decodeSingleByte(data, cm), textEncoding{name: encodingName(cm)}
		}
	}
	if format == FormatUSEBIO {
		text = xmlDecl.ReplaceAll(text, []byte("$1"))
	}
	return normalizeLineEnds(text), enc, nil
}

// fromUTF16 decodes UTF-16 (little-endian unless big) into UTF-8.
func fromUTF16(b []byte, big bool) []byte {
	units := make([]uint16, len(b)/2)
	for i := range units {
		if big {
			units[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		} else {
			units[i] = uint16(b[2*i+1])<<8 | uint16(b[2*i])
		}
	}
	out := make([]byte, 0, len(units))
	for _, r := range utf16.Decode(units) {
		out = utf8.AppendRune(out, r)
	}
	return out
}

// decodeSingleByte decodes bytes of a single-byte encoding into UTF-8.
func decodeSingleByte(b []byte, cm *charmap.Charmap) []byte {
	out := make([]byte, 0, len(b)+len(b)/8)
	for _, c := range b {
		if c < utf8.RuneSelf {
			out = append(out, c)
			continue
		}
		out = utf8.AppendRune(out, cm.DecodeByte(c))
	}
	return out
}

// guessSingleByte picks the single-byte encoding of a file that is not
// UTF-8. Bytes 0x80–0x9F are control characters in ISO-8859, letters and
// quotes in Windows code pages: with any of them the file is Windows-1250
// when it holds the letters only that page has there (ś ź Ś Ź ą Ą at 0x9C
// 0x9F 0x8C 0x8F 0xB9 0xA5), else Windows-1252. Without them it is
// ISO-8859-2 when a letter stands beside one of the bytes ISO-8859-2 uses
// for ą ł ś ź ż Ą Ł Ś Ź Ż (in ISO-8859-1 they are symbols such as ± ³ ¶ ¼
// ¿, which do not stand inside words), else ISO-8859-1, PBN's own.
func guessSingleByte(b []byte) (*charmap.Charmap, string) {
	c1, cp1250, latin2 := 0, 0, 0
	isLetter := func(i int) bool {
		if i < 0 || i >= len(b) {
			return false
		}
		c := b[i]
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0xc0
	}
	for i, c := range b {
		switch {
		case c >= 0x80 && c <= 0x9f:
			c1++
			if c == 0x8c || c == 0x8f || c == 0x9c || c == 0x9f {
				cp1250++
			}
		case c == 0xb9 || c == 0xa5:
			cp1250++
		}
		switch c {
		case 0xa1, 0xa3, 0xa6, 0xac, 0xaf, 0xb1, 0xb3, 0xb6, 0xbc, 0xbf:
			if isLetter(i-1) || isLetter(i+1) {
				latin2++
			}
		}
	}
	switch {
	case c1 > 0 && cp1250 > 0:
		return charmap.Windows1250, "it has letters at the places Windows-1250 puts ś, ź and ą"
	case c1 > 0:
		return charmap.Windows1252, "it has characters at 0x80–0x9F, where Windows-1252 puts quotes and letters"
	case latin2 > 0:
		return charmap.ISO8859_2, "it has letters at the places ISO-8859-2 puts ą, ł, ś, ź and ż"
	}
	same := true
	for _, c := range b {
		same = same && (c < 0x80 || charmap.ISO8859_1.DecodeByte(c) == charmap.ISO8859_2.DecodeByte(c))
	}
	if same {
		return charmap.ISO8859_1, "PBN's own encoding; its letters read the same in ISO-8859-2"
	}
	return charmap.ISO8859_1, "PBN's own encoding, and no letter says otherwise"
}

// normalizeLineEnds turns \r\n and a lone \r into \n.
func normalizeLineEnds(b []byte) []byte {
	if bytes.IndexByte(b, '\r') < 0 {
		return b
	}
	b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(b, []byte("\r"), []byte("\n"))
}
