package reports

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// usebioParticle is one child of a content model: an element name and how
// many times it may come, in its place (max -1: no limit).
type usebioParticle struct {
	name     string
	min, max int
}

// usebioElement is the content model of one USEBIO element as traveler
// writes it: children in order, or text. text elements must have some,
// unless mayBeEmpty (a void suit of a HAND). attrs are the attributes it
// may carry, true for a required one.
type usebioElement struct {
	children   []usebioParticle
	text       bool
	mayBeEmpty bool
	attrs      map[string]bool
}

// pOne, pOpt, pMany and pSome are the DTD's "", "?", "*" and "+".
func pOne(n string) usebioParticle  { return usebioParticle{n, 1, 1} }
func pOpt(n string) usebioParticle  { return usebioParticle{n, 0, 1} }
func pMany(n string) usebioParticle { return usebioParticle{n, 0, -1} }
func pSome(n string) usebioParticle { return usebioParticle{n, 1, -1} }

// usebioModel is the USEBIO 1.2 document type for the elements traveler
// writes, one content model an element name as in a DTD: the order and
// the elements are those of the files Compscore3 writes against
// usebio_v1_2.dtd (../shared/testdata/usebio), which name the CLUB before
// the EVENT, the EVENT's header before its PARTICIPANTS and BOARDs, and the
// HANDSET last. WriteUSEBIO writes no other element. BOARD serves both the
// EVENT (its traveller lines) and the HANDSET (its hands), as the one
// BOARD of a DTD; checkUSEBIO asks each its own.
var usebioModel = map[string]usebioElement{
	"USEBIO": {children: []usebioParticle{pOne("CLUB"), pOne("EVENT"), pOpt("HANDSET")}, attrs: map[string]bool{"Version": true}},
	"CLUB":   {children: []usebioParticle{pOne("CLUB_NAME"), pOpt("CLUB_ID_NUMBER")}},
	"EVENT": {children: []usebioParticle{pOpt("EVENT_DESCRIPTION"), pOpt("PROGRAM_NAME"), pOpt("WINNER_TYPE"), pOpt("DATE"),
		pOpt("SESSION_COUNT"), pOpt("SECTION_COUNT"), pOne("PARTICIPANTS"), pMany("BOARD")}, attrs: map[string]bool{"EVENT_TYPE": true}},
	"PARTICIPANTS": {children: []usebioParticle{pSome("PAIR")}, attrs: map[string]bool{"EVENT_TYPE": false}},
	"PAIR": {children: []usebioParticle{pOne("PAIR_NUMBER"), pOpt("DIRECTION"), pOpt("TOTAL_SCORE"), pOpt("PERCENTAGE"), pOpt("PLACE"),
		pMany("PLAYER")}},
	"PLAYER": {children: []usebioParticle{pOpt("PLAYER_NAME"), pOpt("NATIONAL_ID_NUMBER")}},
	"BOARD": {children: []usebioParticle{pOne("BOARD_NUMBER"), pOpt("BOARD_AVERAGE"), pMany("TRAVELLER_LINE"), pMany("HAND")},
		attrs: map[string]bool{"EVENT_TYPE": false}},
	"TRAVELLER_LINE": {children: []usebioParticle{pOne("NS_PAIR_NUMBER"), pOne("EW_PAIR_NUMBER"), pOpt("CONTRACT"), pOpt("PLAYED_BY"),
		pOpt("LEAD"), pOpt("TRICKS"), pOpt("SCORE"), pOpt("NS_MATCH_POINTS"), pOpt("EW_MATCH_POINTS"), pOpt("NS_BUTLER_POINTS"),
		pOpt("EW_BUTLER_POINTS"), pOpt("NS_CROSS_IMP_POINTS"), pOpt("EW_CROSS_IMP_POINTS")}},
	"HANDSET": {children: []usebioParticle{pSome("BOARD")}},
	"HAND":    {children: []usebioParticle{pOne("DIRECTION"), pOne("CLUBS"), pOne("DIAMONDS"), pOne("HEARTS"), pOne("SPADES")}},
}

func init() {
	for _, n := range []string{"CLUB_NAME", "CLUB_ID_NUMBER", "EVENT_DESCRIPTION", "PROGRAM_NAME", "WINNER_TYPE", "DATE",
		"SESSION_COUNT", "SECTION_COUNT", "PAIR_NUMBER", "DIRECTION", "TOTAL_SCORE", "PERCENTAGE", "PLACE", "PLAYER_NAME",
		"NATIONAL_ID_NUMBER", "BOARD_NUMBER", "BOARD_AVERAGE", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY",
		"LEAD", "TRICKS", "SCORE", "NS_MATCH_POINTS", "EW_MATCH_POINTS", "NS_BUTLER_POINTS", "EW_BUTLER_POINTS",
		"NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"} {
		usebioModel[n] = usebioElement{text: true}
	}
	for _, n := range []string{"CLUBS", "DIAMONDS", "HEARTS", "SPADES"} {
		usebioModel[n] = usebioElement{text: true, mayBeEmpty: true} // a void, as Compscore3 writes one
	}
}

// modelNode is an element of a file being checked.
type modelNode struct {
	name     string
	line     int
	attrs    map[string]string
	children []*modelNode
	text     strings.Builder
}

// parseModelTree reads a document into its root element.
func parseModelTree(data []byte) (*modelNode, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	var stack []*modelNode
	var root *modelNode
	for {
		line, _ := dec.InputPos()
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			n := &modelNode{name: tk.Name.Local, line: line, attrs: map[string]string{}}
			for _, a := range tk.Attr {
				n.attrs[a.Name.Local] = a.Value
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			} else if root == nil {
				root = n
			} else {
				return nil, fmt.Errorf("line %d: a second root element %s", line, n.name)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text.Write(tk)
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("no root element")
	}
	return root, nil
}

// checkUSEBIO checks a file against usebioModel and returns every fault:
// the root, each element known, with its required attributes and no
// other, its children in the model's order and number, text where text is
// wanted (not empty) and none where children are; a BOARD of the EVENT has
// traveller lines and no hands, one of the HANDSET hands and no lines.
func checkUSEBIO(data []byte) []string {
	root, err := parseModelTree(data)
	if err != nil {
		return []string{"not well-formed XML: " + err.Error()}
	}
	var faults []string
	fault := func(n *modelNode, format string, a ...any) {
		faults = append(faults, fmt.Sprintf("line %d: %s: %s", n.line, n.name, fmt.Sprintf(format, a...)))
	}
	if root.name != "USEBIO" {
		fault(root, "the root element must be USEBIO")
	}
	if v := root.attrs["Version"]; v != "1.2" {
		fault(root, "Version %q, want 1.2", v)
	}
	var walk func(n, parent *modelNode)
	walk = func(n, parent *modelNode) {
		m, ok := usebioModel[n.name]
		if !ok {
			fault(n, "not an element traveler's USEBIO model has")
			return
		}
		for a, required := range m.attrs {
			if _, ok := n.attrs[a]; required && !ok {
				fault(n, "no %s attribute", a)
			}
		}
		for a := range n.attrs {
			if _, ok := m.attrs[a]; !ok {
				fault(n, "attribute %s not in the model", a)
			}
		}
		text := strings.TrimSpace(n.text.String())
		if m.text {
			if len(n.children) > 0 {
				fault(n, "holds elements; text is wanted")
			}
			if text == "" && !m.mayBeEmpty {
				fault(n, "empty; text is wanted")
			}
			return
		}
		if text != "" {
			fault(n, "holds text %q; elements are wanted", text)
		}
		i := 0
		for _, p := range m.children {
			k := 0
			for i < len(n.children) && n.children[i].name == p.name && (p.max < 0 || k < p.max) {
				i++
				k++
			}
			if k < p.min {
				fault(n, "no %s where one is wanted (child %d)", p.name, i+1)
			}
		}
		if i < len(n.children) {
			fault(n.children[i], "out of place in %s (the model's order: %s)", n.name, modelOrder(m))
		}
		if n.name == "BOARD" && parent != nil {
			lines, hands := 0, 0
			for _, c := range n.children {
				switch c.name {
				case "TRAVELLER_LINE":
					lines++
				case "HAND":
					hands++
				}
			}
			if parent.name == "EVENT" && (lines == 0 || hands > 0) {
				fault(n, "a BOARD of the EVENT has %d traveller lines and %d hands; want lines and no hands", lines, hands)
			}
			if parent.name == "HANDSET" && (hands == 0 || lines > 0) {
				fault(n, "a BOARD of the HANDSET has %d hands and %d traveller lines; want hands and no lines", hands, lines)
			}
		}
		if n.name == "PLAYER" && len(n.children) == 0 {
			fault(n, "empty; a name or a number is wanted")
		}
		for _, c := range n.children {
			walk(c, n)
		}
	}
	walk(root, nil)
	return faults
}

// modelOrder lists an element's children as a DTD would.
func modelOrder(m usebioElement) string {
	var parts []string
	for _, p := range m.children {
		suffix := map[[2]int]string{{1, 1}: "", {0, 1}: "?", {0, -1}: "*", {1, -1}: "+"}[[2]int{p.min, p.max}]
		parts = append(parts, p.name+suffix)
	}
	return strings.Join(parts, ", ")
}

// usebioModelDTD writes usebioModel as a DTD, for xmllint.
func usebioModelDTD() string {
	var b strings.Builder
	names := make([]string, 0, len(usebioModel))
	for n := range usebioModel {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		m := usebioModel[n]
		if m.text {
			fmt.Fprintf(&b, "<!ELEMENT %s (#PCDATA)>\n", n)
		} else {
			fmt.Fprintf(&b, "<!ELEMENT %s (%s)>\n", n, modelOrder(m))
		}
		attrs := make([]string, 0, len(m.attrs))
		for a := range m.attrs {
			attrs = append(attrs, a)
		}
		slices.Sort(attrs)
		for _, a := range attrs {
			fmt.Fprintf(&b, "<!ATTLIST %s %s CDATA %s>\n", n, a, map[bool]string{true: "#REQUIRED", false: "#IMPLIED"}[m.attrs[a]])
		}
	}
	return b.String()
}

// usebioExport is one event exported for the checks.
type usebioExport struct {
	name   string
	golden string // the golden file's name, "" for none
	data   tournament.EventData
}

// usebioExports are the events whose USEBIO files are checked: one winner
// and two, MP (and MP_ACBL), Butler and cross-IMP, the two real files of
// ../shared/testdata read and written again, and an event with what
// traveler may not know (no date, a pair without names, a player known by
// number only).
func usebioExports(t *testing.T) []usebioExport {
	t.Helper()
	howell := importUSEBIO(t, howellFile)
	out := []usebioExport{
		{"one winner MP", "event.xml", interchangeEvent(t)},
		{"one winner MP_ACBL", "", rescored(t, interchangeEvent(t), tournament.MethodMPACBL)},
		{"one winner cross-IMP", "event_crossimp.xml", rescored(t, interchangeEvent(t), tournament.MethodCrossIMP)},
		{"one winner Butler", "event_butler.xml", rescored(t, interchangeEvent(t), tournament.MethodButler)},
		{"two winners MP", "event_two_winners.xml", twoWinnerEvent(t)},
		{"two winners cross-IMP", "", rescored(t, twoWinnerEvent(t), tournament.MethodCrossIMP)},
		{"Howell MP (Compscore3)", "", howell},
		{"Howell cross-IMP", "", rescored(t, howell, tournament.MethodCrossIMP)},
		{"Butler Howell (Compscore3)", "", importUSEBIO(t, butlerFile)},
		{"unknowns", "event_unknowns.xml", unknownsEvent(t)},
	}
	for _, spec := range []tournament.MovementSpec{
		{Kind: "mitchell", Tables: 4, BoardsPerRound: 2},
		{Kind: "mitchell", Tables: 5, BoardsPerRound: 1, Missing: 10},
	} {
		m, err := spec.Build()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, usebioExport{"two winners " + m.Name, "", generatedEvent(t, spec, m)})
	}
	return out
}

// TestUSEBIOFollowsModel writes every event of usebioExports, checks the
// file against usebioModel (the golden files too), and reads it back to
// the same standings.
func TestUSEBIOFollowsModel(t *testing.T) {
	for _, c := range usebioExports(t) {
		t.Run(c.name, func(t *testing.T) {
			file := []byte(mustWrite(t, c.data))
			if c.golden != "" {
				golden(t, c.golden, file)
			}
			for _, f := range checkUSEBIO(file) {
				t.Error(f)
			}
			back := readBackUSEBIO(t, file)
			// MP_ACBL comes back as MP_ACBL: the reader tells the scale
			// from the lines' matchpoints (1 a score beaten).
			sameStandings(t, c.data, back)
		})
	}
}

// TestUSEBIOModelCatches: the checker finds each fault a writer could make.
func TestUSEBIOModelCatches(t *testing.T) {
	good := mustWrite(t, interchangeEvent(t))
	if f := checkUSEBIO([]byte(good)); len(f) != 0 {
		t.Fatalf("the good file: %v", f)
	}
	for _, c := range []struct{ name, file, want string }{
		{"no CLUB", strings.Replace(good, "<CLUB>\n  <CLUB_NAME>Tuesday &lt;Pairs&gt; &amp; Co</CLUB_NAME>\n</CLUB>\n", "", 1), "no CLUB"},
		{"empty DIRECTION", strings.Replace(good, "<PAIR_NUMBER>1</PAIR_NUMBER>", "<PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION></DIRECTION>", 1), "DIRECTION: empty"},
		{"empty DATE", strings.Replace(good, "<DATE>05/03/2024</DATE>", "<DATE></DATE>", 1), "DATE: empty"},
		{"order", strings.Replace(good, "<PROGRAM_NAME>traveler</PROGRAM_NAME>\n  <WINNER_TYPE>1</WINNER_TYPE>", "<WINNER_TYPE>1</WINNER_TYPE>\n  <PROGRAM_NAME>traveler</PROGRAM_NAME>", 1), "PROGRAM_NAME: out of place"},
		{"unknown element", strings.Replace(good, "<PLACE>1</PLACE>", "<PLACE>1</PLACE><RANK>1</RANK>", 1), "RANK: not an element"},
		{"no EVENT_TYPE", strings.Replace(good, `<EVENT EVENT_TYPE="MP_PAIRS">`, "<EVENT>", 1), "no EVENT_TYPE"},
		{"empty PLAYER", strings.Replace(good, "<PLAYER_NAME>Cat</PLAYER_NAME>", "", 1), "PLAYER: empty"},
		{"board without lines", strings.Replace(good, "<BOARD_NUMBER>2</BOARD_NUMBER>", "<BOARD_NUMBER>2</BOARD_NUMBER></BOARD><BOARD><BOARD_NUMBER>3</BOARD_NUMBER>", 1), "a BOARD of the EVENT has 0"},
	} {
		if c.file == good {
			t.Errorf("%s: the case does not change the file", c.name)
			continue
		}
		f := checkUSEBIO([]byte(c.file))
		if !slices.ContainsFunc(f, func(s string) bool { return strings.Contains(s, c.want) }) {
			t.Errorf("%s: faults %v, want one saying %q", c.name, f, c.want)
		}
	}
}

// TestUSEBIOModelXmllint writes usebioModel as a DTD and validates every
// export with xmllint --dtdvalid: the model as a DTD and checkUSEBIO agree.
// The DTD is written for the test and removed with it. It needs xmllint
// (libxml2-utils), which scripts/test installs, so CI runs it; elsewhere it
// skips without it.
func TestUSEBIOModelXmllint(t *testing.T) {
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Skip("xmllint is not installed (apt-get install libxml2-utils); TestUSEBIOFollowsModel checks the same model")
	}
	dir := t.TempDir()
	dtd := filepath.Join(dir, "usebio-model.dtd")
	if err := os.WriteFile(dtd, []byte(usebioModelDTD()), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, c := range usebioExports(t) {
		path := filepath.Join(dir, fmt.Sprintf("export-%d.xml", i))
		if err := os.WriteFile(path, []byte(mustWrite(t, c.data)), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(xmllint, "--noout", "--nonet", "--dtdvalid", dtd, path).CombinedOutput(); err != nil {
			t.Errorf("%s: xmllint: %v\n%s", c.name, err, out)
		}
	}
}

// rescored is d with its sections scored again by method m.
func rescored(t *testing.T, d tournament.EventData, m tournament.Method) tournament.EventData {
	t.Helper()
	e := d.Event
	e.Scoring = m
	out := tournament.EventData{Event: e}
	for _, s := range d.Sections {
		boards := map[int]tournament.Board{}
		for _, b := range s.Boards {
			boards[b.Number] = b
		}
		out.Sections = append(out.Sections, tournament.BuildSection(e, s.Section, s.Pairs, s.Teams, boards, s.Results))
	}
	return out
}

// unknownsEvent is interchangeEvent with what traveler may not know: no
// date, pair 2 without names, pair 3's second player known by his number
// only; board 3 has a hand record and no result, board 4 neither (the
// movement is widened to 4 boards).
func unknownsEvent(t *testing.T) tournament.EventData {
	t.Helper()
	d := interchangeEvent(t)
	s := d.Sections[0]
	e := d.Event
	e.Date = ""
	sec := s.Section
	sec.Movement.Boards = 4
	pairs := slices.Clone(s.Pairs)
	pairs[1].Players = nil
	pairs[2].Players = []tournament.Player{{Name: "Eve"}, {Number: "303"}}
	boards := map[int]tournament.Board{}
	for _, b := range s.Boards {
		boards[b.Number] = b
	}
	boards[3] = tournament.Board{Number: 3, Dealer: 2, Vulnerability: 2,
		Deal: pbnDeal("S:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")}
	return tournament.EventData{Event: e, Sections: []tournament.SectionData{tournament.BuildSection(e, sec, pairs, nil, boards, s.Results)}}
}

// sameStandings checks that b ranks a's pairs alike: number, direction,
// total, percentage and place.
func sameStandings(t *testing.T, a, b tournament.EventData) {
	t.Helper()
	if len(a.Sections) != len(b.Sections) {
		t.Fatalf("%d sections, want %d", len(b.Sections), len(a.Sections))
	}
	for i := range a.Sections {
		sa, sb := a.Sections[i].Standings.Pairs, b.Sections[i].Standings.Pairs
		if len(sa) != len(sb) {
			t.Errorf("section %d: %d standings, want %d", i, len(sb), len(sa))
			continue
		}
		for j := range sa {
			pa, pb := sa[j], sb[j]
			if pa.Number != pb.Number || pa.Direction != pb.Direction || pa.Total != pb.Total || pa.Percentage != pb.Percentage || pa.Place != pb.Place {
				t.Errorf("standing %+v, want %+v", pb, pa)
			}
		}
	}
}

// importUSEBIO reads one of the USEBIO files of ../shared/testdata into an
// event (the readers' entry point, in one place for these tests).
func importUSEBIO(t *testing.T, path string) tournament.EventData {
	t.Helper()
	data, err := os.ReadFile(sharedtest.Path(t, path))
	if err != nil {
		t.Fatal(err)
	}
	f, err := ReadResults(bytes.NewReader(data), ReadOptions{Format: FormatUSEBIO, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	return f.Event
}

// readBackUSEBIO reads a written USEBIO file back into an event.
func readBackUSEBIO(t *testing.T, file []byte) tournament.EventData {
	t.Helper()
	f, err := ReadResults(bytes.NewReader(file), ReadOptions{Format: FormatUSEBIO, Strict: true})
	if err != nil {
		t.Fatalf("reading back: %v", err)
	}
	return f.Event
}
