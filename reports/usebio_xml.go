package reports

import (
	"bufio"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// maxXMLDepth bounds how deeply elements may nest: USEBIO needs six levels.
const maxXMLDepth = 32

// xmlNode is one element of an XML file, read into a tree with the line it
// starts on so that errors can point at it.
type xmlNode struct {
	name     string
	attrs    []xml.Attr
	text     string
	children []*xmlNode
	comments []string // the comments directly inside it, trimmed, in order
	line     int
}

// readXMLTree reads a whole XML document into a tree of its elements. The
// XML declaration may come once, before the root element: encoding/xml
// wraps its input in one more charsetReader for each declaration naming an
// encoding, so a file repeating it would have every non-ASCII byte decoded
// again by each, doubling in size each time.
func readXMLTree(r io.Reader) (*xmlNode, error) {
	d := xml.NewDecoder(r)
	d.CharsetReader = charsetReader
	var root *xmlNode
	var stack []*xmlNode
	var text [][]byte // the character data of each open element
	declared := false
	for {
		line, _ := d.InputPos()
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var syn *xml.SyntaxError
			if errors.As(err, &syn) {
				return nil, &FileError{Format: "USEBIO", Line: syn.Line, Expected: "well-formed XML (" + syn.Msg + ")"}
			}
			return nil, &FileError{Format: "USEBIO", Line: line, Expected: "well-formed XML (" + err.Error() + ")"}
		}
		switch t := tok.(type) {
		case xml.ProcInst:
			if strings.EqualFold(t.Target, "xml") {
				if declared || root != nil {
					return nil, &FileError{Format: "USEBIO", Line: max(line, 1), Element: "<?xml?> declaration", Expected: "one XML declaration, at the start of the file"}
				}
				declared = true
			}
		case xml.StartElement:
			n := &xmlNode{name: t.Name.Local, attrs: append([]xml.Attr(nil), t.Attr...), line: line}
			switch {
			case len(stack) > 0:
				parent := stack[len(stack)-1]
				parent.children = append(parent.children, n)
			case root != nil:
				return nil, &FileError{Format: "USEBIO", Line: line, Element: t.Name.Local, Expected: "one root element, USEBIO, and nothing after it"}
			default:
				root = n
			}
			if len(stack) == maxXMLDepth {
				return nil, &FileError{Format: "USEBIO", Line: line, Element: t.Name.Local, Expected: fmt.Sprintf("elements nested at most %d deep", maxXMLDepth)}
			}
			stack = append(stack, n)
			text = append(text, nil)
		case xml.EndElement:
			top := stack[len(stack)-1]
			top.text = strings.TrimSpace(string(text[len(text)-1]))
			stack = stack[:len(stack)-1]
			text = text[:len(text)-1]
		case xml.Comment:
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				top.comments = append(top.comments, strings.TrimSpace(string(t)))
			}
		case xml.CharData:
			if len(text) > 0 {
				text[len(text)-1] = append(text[len(text)-1], t...)
			}
		}
	}
	if root == nil {
		return nil, &FileError{Format: "USEBIO", Line: 1, Expected: "an XML document with the root element USEBIO"}
	}
	return root, nil
}

// child returns the first child element of that name, or nil.
func (n *xmlNode) child(name string) *xmlNode {
	for _, c := range n.children {
		if c.name == name {
			return c
		}
	}
	return nil
}

// childText returns the text of the first child element of that name, or "".
func (n *xmlNode) childText(name string) string {
	if c := n.child(name); c != nil {
		return c.text
	}
	return ""
}

// all returns the child elements of that name, in order.
func (n *xmlNode) all(name string) []*xmlNode {
	var out []*xmlNode
	for _, c := range n.children {
		if c.name == name {
			out = append(out, c)
		}
	}
	return out
}

// attr returns the value of the attribute of that name, or "".
func (n *xmlNode) attr(name string) string {
	for _, a := range n.attrs {
		if a.Name.Local == name {
			return strings.TrimSpace(a.Value)
		}
	}
	return ""
}

// charsetReader lets encoding/xml read the single-byte encodings club
// scoring programs write: ISO-8859-1 and Windows-1252.
func charsetReader(charset string, input io.Reader) (io.Reader, error) {
	switch strings.ToLower(strings.TrimSpace(charset)) {
	case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1":
		return &singleByteReader{r: bufio.NewReader(input)}, nil
	case "windows-1252", "cp1252", "x-cp1252":
		return &singleByteReader{r: bufio.NewReader(input), cp1252: true}, nil
	case "us-ascii", "ascii", "utf8":
		return input, nil
	}
	return nil, fmt.Errorf("the encoding %q is not one traveler reads (UTF-8, ISO-8859-1, Windows-1252)", charset)
}

// singleByteReader turns ISO-8859-1 or Windows-1252 bytes into UTF-8.
type singleByteReader struct {
	r       *bufio.Reader
	cp1252  bool
	pending []byte
}

// cp1252High holds the characters Windows-1252 puts at 0x80–0x9F.
var cp1252High = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8d, 'Ž', 0x8f,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9d, 'ž', 'Ÿ',
}

// Read fills p with UTF-8.
func (s *singleByteReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(s.pending) > 0 {
			c := copy(p[n:], s.pending)
			n += c
			s.pending = s.pending[c:]
			continue
		}
		b, err := s.r.ReadByte()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		r := rune(b)
		if s.cp1252 && b >= 0x80 && b < 0xa0 {
			r = cp1252High[b-0x80]
		}
		if r < utf8.RuneSelf {
			p[n] = byte(r)
			n++
			continue
		}
		s.pending = utf8.AppendRune(s.pending[:0], r)
	}
	return n, nil
}
