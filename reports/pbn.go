package reports

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// maxPBNLine is the longest line ReadPBN reads.
const maxPBNLine = 1 << 20

// PBNTag is one tag of a PBN game with the section that follows it.
type PBNTag struct {
	Line    int      // the line the tag is on
	Name    string   // the tag's name, e.g. "Contract"
	Value   string   // the tag's value, unescaped; "#" copies the previous game's value
	Section []string // the lines after the tag up to the next tag (Auction calls, Play, table rows), comments removed
}

// PBNGame is one game of a PBN file: its tags in file order.
type PBNGame struct {
	Line int      // the line of the game's first tag
	Tags []PBNTag // in file order; a name may repeat (Note)
}

// Tag returns the game's first tag of that name (names are case-sensitive).
func (g *PBNGame) Tag(name string) (PBNTag, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t, true
		}
	}
	return PBNTag{}, false
}

// Value returns the value of the game's first tag of that name, or "".
func (g *PBNGame) Value(name string) string {
	t, _ := g.Tag(name)
	return t.Value
}

// ReadPBN reads the games of a PBN file. It follows the PBN 2.1 export
// format: games are separated by empty lines; a tag is [Name "value"]
// with \" and \\ escaped; lines starting with % are directives and
// comments; ; starts a comment to the end of the line and {...} a comment
// that may span lines; the lines after a tag up to the next tag are its
// section (the calls of Auction, the rows of OptimumResultTable). A tag
// value "#" repeats the previous game's value of that tag. A line that
// cannot be read gives a *FileError naming it.
func ReadPBN(r io.Reader) ([]PBNGame, error) {
	p := pbnParser{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxPBNLine)
	for sc.Scan() {
		p.line++
		if err := p.parseLine(strings.TrimSuffix(sc.Text(), "\r")); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &FileError{Format: "PBN", Line: p.line + 1, Element: "line", Expected: "lines shorter than 1 MiB"}
		}
		return nil, err
	}
	if p.braceLine > 0 {
		return nil, &FileError{Format: "PBN", Line: p.braceLine, Element: "{ comment", Expected: "a } closing the comment before the end of the file"}
	}
	p.endGame()
	return p.games, nil
}

// pbnParser holds ReadPBN's state between lines.
type pbnParser struct {
	line      int
	games     []PBNGame
	cur       *PBNGame
	braceLine int // the line a { comment began on, while inside it
}

// endGame closes the game being read, if any.
func (p *pbnParser) endGame() {
	if p.cur != nil && len(p.cur.Tags) > 0 {
		p.games = append(p.games, *p.cur)
	}
	p.cur = nil
}

// parseLine reads one line of the file.
func (p *pbnParser) parseLine(s string) error {
	if p.braceLine == 0 {
		if strings.HasPrefix(s, "%") {
			return nil
		}
		if strings.TrimSpace(s) == "" {
			p.endGame()
			return nil
		}
	}
	var text strings.Builder
	for i := 0; i < len(s); {
		if p.braceLine > 0 {
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil
			}
			i += end + 1
			p.braceLine = 0
			continue
		}
		switch c := s[i]; c {
		case ';':
			i = len(s)
		case '{':
			p.braceLine = p.line
			i++
		case '[':
			tag, n, err := parsePBNTag(s[i:], p.line)
			if err != nil {
				return err
			}
			if text.Len() > 0 {
				if err := p.addSection(text.String()); err != nil {
					return err
				}
				text.Reset()
			}
			p.addTag(tag)
			i += n
		default:
			text.WriteByte(c)
			i++
		}
	}
	if strings.TrimSpace(text.String()) != "" {
		return p.addSection(text.String())
	}
	return nil
}

// addTag appends a tag to the game being read, starting one if need be.
func (p *pbnParser) addTag(t PBNTag) {
	if p.cur == nil {
		p.cur = &PBNGame{Line: t.Line}
	}
	if t.Value == "#" && len(p.games) > 0 {
		if prev, ok := p.games[len(p.games)-1].Tag(t.Name); ok {
			t.Value = prev.Value
		}
	}
	p.cur.Tags = append(p.cur.Tags, t)
}

// addSection appends a line of section data to the game's last tag.
func (p *pbnParser) addSection(s string) error {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return nil
	}
	if p.cur == nil || len(p.cur.Tags) == 0 {
		return &FileError{Format: "PBN", Line: p.line, Element: "text before the first tag", Value: s, Expected: `a tag such as [Board "1"] before any other text`}
	}
	last := &p.cur.Tags[len(p.cur.Tags)-1]
	last.Section = append(last.Section, s)
	return nil
}

// parsePBNTag reads a tag [Name "value"] at the start of s and returns it
// with the number of bytes it took.
func parsePBNTag(s string, line int) (PBNTag, int, error) {
	bad := func(why string) (PBNTag, int, error) {
		return PBNTag{}, 0, &FileError{Format: "PBN", Line: line, Element: "tag", Value: s, Expected: `a tag such as [Board "1"]: ` + why}
	}
	i := 1
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	start := i
	for i < len(s) && isTagNameByte(s[i]) {
		i++
	}
	if i == start {
		return bad("a name of letters, digits and _ after [")
	}
	tag := PBNTag{Line: line, Name: s[start:i]}
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i >= len(s) || s[i] != '"' {
		return bad("the value in double quotes after the name")
	}
	i++
	var v strings.Builder
	closed := false
	for i < len(s) && !closed {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
			v.WriteByte(s[i+1])
			i += 2
		case c == '"':
			closed = true
			i++
		default:
			v.WriteByte(c)
			i++
		}
	}
	if !closed {
		return bad("a closing \" on the same line")
	}
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i >= len(s) || s[i] != ']' {
		return bad("a ] after the value")
	}
	tag.Value = v.String()
	return tag, i + 1, nil
}

// isTagNameByte reports whether c may be part of a PBN tag name.
func isTagNameByte(c byte) bool {
	return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
}
