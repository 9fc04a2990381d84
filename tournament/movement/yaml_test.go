package movement_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring/sharedtest"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// The published movements of ../shared/testdata/movements (thebridsk/
// bridgescorer, MIT) are YAML. This file reads them with a small parser of
// the subset they use, no YAML library: block mappings and sequences by
// indentation, "- key: value" sequence items, and scalars that are integers,
// true/false, double-quoted or plain strings.

// yamlLine is one meaningful line: its number, indentation and text.
type yamlLine struct {
	num, indent int
	text        string
}

// yamlParser reads a block of lines.
type yamlParser struct {
	lines []yamlLine
	i     int
}

// parseYAML reads one document of the subset into map[string]any, []any,
// int, bool and string values.
func parseYAML(src string) (any, error) {
	p := &yamlParser{}
	for n, raw := range strings.Split(src, "\n") {
		text := strings.TrimRight(raw, " \t\r")
		trimmed := strings.TrimLeft(text, " ")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") || trimmed == "---" {
			continue
		}
		if strings.HasPrefix(trimmed, "\t") {
			return nil, fmt.Errorf("line %d: a tab in the indentation", n+1)
		}
		indent := len(text) - len(trimmed)
		// "- key: value" becomes "-" and "key: value" two columns in.
		if strings.HasPrefix(trimmed, "- ") && yamlKey(trimmed[2:]) != "" {
			p.lines = append(p.lines, yamlLine{n + 1, indent, "-"}, yamlLine{n + 1, indent + 2, strings.TrimLeft(trimmed[2:], " ")})
			continue
		}
		p.lines = append(p.lines, yamlLine{n + 1, indent, trimmed})
	}
	if len(p.lines) == 0 {
		return nil, fmt.Errorf("an empty document")
	}
	v, err := p.block(p.lines[0].indent)
	if err == nil && p.i < len(p.lines) {
		err = fmt.Errorf("line %d: unexpected indentation", p.lines[p.i].num)
	}
	return v, err
}

// yamlKey returns the key of a "key: value" or "key:" line, or "" if the
// line is not one (a key here is a plain word).
func yamlKey(s string) string {
	k := ""
	if i := strings.Index(s, ": "); i > 0 {
		k = s[:i]
	} else if strings.HasSuffix(s, ":") {
		k = s[:len(s)-1]
	}
	if k == "" || strings.ContainsAny(k, " \t\"'") || strings.HasPrefix(k, "-") {
		return ""
	}
	return k
}

// block reads the mapping or sequence whose lines are at indent.
func (p *yamlParser) block(indent int) (any, error) {
	first := p.lines[p.i]
	if first.text == "-" || strings.HasPrefix(first.text, "- ") {
		return p.sequence(indent)
	}
	return p.mapping(indent)
}

// sequence reads "- item" lines at indent, up to a line that is not one.
func (p *yamlParser) sequence(indent int) ([]any, error) {
	var seq []any
	for p.i < len(p.lines) && p.lines[p.i].indent == indent {
		l := p.lines[p.i]
		if l.text != "-" && !strings.HasPrefix(l.text, "- ") {
			break // the next key of the mapping the sequence sits in
		}
		p.i++
		if l.text != "-" {
			seq = append(seq, yamlScalar(strings.TrimSpace(l.text[2:])))
			continue
		}
		if p.i == len(p.lines) || p.lines[p.i].indent <= indent {
			return nil, fmt.Errorf("line %d: an empty sequence item", l.num)
		}
		v, err := p.block(p.lines[p.i].indent)
		if err != nil {
			return nil, err
		}
		seq = append(seq, v)
	}
	return seq, nil
}

// mapping reads "key: value" lines at indent; a key with no value takes the
// block below it (a sequence may sit at the key's own indentation).
func (p *yamlParser) mapping(indent int) (map[string]any, error) {
	m := map[string]any{}
	for p.i < len(p.lines) && p.lines[p.i].indent == indent {
		l := p.lines[p.i]
		key := yamlKey(l.text)
		if key == "" {
			return nil, fmt.Errorf("line %d: %q is not a key: value line", l.num, l.text)
		}
		if _, dup := m[key]; dup {
			return nil, fmt.Errorf("line %d: key %q given twice", l.num, key)
		}
		p.i++
		rest := strings.TrimSpace(strings.TrimPrefix(l.text[len(key):], ":"))
		if rest != "" {
			m[key] = yamlScalar(rest)
			continue
		}
		if p.i == len(p.lines) {
			return nil, fmt.Errorf("line %d: key %q has no value", l.num, key)
		}
		next := p.lines[p.i]
		nested := next.indent > indent || next.indent == indent && (next.text == "-" || strings.HasPrefix(next.text, "- "))
		if !nested {
			return nil, fmt.Errorf("line %d: key %q has no value", l.num, key)
		}
		v, err := p.block(next.indent)
		if err != nil {
			return nil, err
		}
		m[key] = v
	}
	return m, nil
}

// yamlScalar reads an integer, true/false, a double-quoted string or a plain string.
func yamlScalar(s string) any {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	switch s {
	case "true":
		return true
	case "false":
		return false
	}
	if u, err := strconv.Unquote(s); err == nil && strings.HasPrefix(s, `"`) {
		return u
	}
	return s
}

// publishedMovement is a movement file as published, and the movement read from it.
type publishedMovement struct {
	file        string
	description string
	disabled    bool
	movement    movement.Movement
}

// loadPublished reads a bridgescorer movement file: numberTeams is the number
// of pairs, and each of hands is one table in one round (table, round, ns, ew,
// boards). Tables, boards and rounds number as high as the file goes; a pair
// in no hand of a round sits out. The file's "two teams (NS, EW) winner"
// description (the Mitchell) makes two winners; every other is one-winner.
func loadPublished(path string) (publishedMovement, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return publishedMovement{}, err
	}
	doc, err := parseYAML(string(src))
	if err != nil {
		return publishedMovement{}, fmt.Errorf("%s: %w", path, err)
	}
	top, ok := doc.(map[string]any)
	if !ok {
		return publishedMovement{}, fmt.Errorf("%s: the document is not a mapping", path)
	}
	pub := publishedMovement{file: filepath.Base(path)}
	name, _ := top["name"].(string)
	pub.description, _ = top["description"].(string)
	pub.disabled, _ = top["disabled"].(bool)
	pairs, ok := top["numberTeams"].(int)
	if !ok {
		return publishedMovement{}, fmt.Errorf("%s: numberTeams is not an integer", path)
	}
	hands, ok := top["hands"].([]any)
	if !ok || len(hands) == 0 {
		return publishedMovement{}, fmt.Errorf("%s: hands is not a list of tables", path)
	}
	m := movement.Movement{Name: name, Kind: movement.KindCustom, Winners: 1, Pairs: pairs}
	if strings.Contains(pub.description, "two teams (NS, EW) winner") {
		m.Winners = 2
	}
	byRound := map[int][]movement.Table{}
	for i, h := range hands {
		hm, ok := h.(map[string]any)
		if !ok {
			return publishedMovement{}, fmt.Errorf("%s: hands[%d] is not a mapping", path, i)
		}
		var t movement.Table
		var round int
		for key, dst := range map[string]*int{"table": &t.Table, "round": &round, "ns": &t.NS, "ew": &t.EW} {
			if *dst, ok = hm[key].(int); !ok {
				return publishedMovement{}, fmt.Errorf("%s: hands[%d].%s is not an integer", path, i, key)
			}
		}
		boards, ok := hm["boards"].([]any)
		if !ok {
			return publishedMovement{}, fmt.Errorf("%s: hands[%d].boards is not a list", path, i)
		}
		for j, b := range boards {
			n, ok := b.(int)
			if !ok {
				return publishedMovement{}, fmt.Errorf("%s: hands[%d].boards[%d] is not an integer", path, i, j)
			}
			t.Boards = append(t.Boards, n)
			m.Boards = max(m.Boards, n)
		}
		m.Tables = max(m.Tables, t.Table)
		byRound[round] = append(byRound[round], t)
	}
	for r := 1; r <= len(byRound); r++ {
		tables, ok := byRound[r]
		if !ok {
			return publishedMovement{}, fmt.Errorf("%s: rounds run 1 to %d but round %d has no table", path, len(byRound), r)
		}
		slices.SortFunc(tables, func(a, b movement.Table) int { return a.Table - b.Table })
		round := movement.Round{Number: r, Tables: tables}
		for p := 1; p <= pairs; p++ {
			if _, plays := round.Seating(p); !plays {
				round.SitOut = append(round.SitOut, p)
			}
		}
		m.Rounds = append(m.Rounds, round)
	}
	pub.movement = m
	return pub, nil
}

// publishedMovements loads every file of movements/, failing the test if
// there is none or one does not load.
func publishedMovements(t *testing.T) []publishedMovement {
	t.Helper()
	files, err := filepath.Glob(sharedtest.Path(t, "movements", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no movements/*.yaml in %s", sharedtest.Dir(t))
	}
	var pubs []publishedMovement
	for _, f := range files {
		pub, err := loadPublished(f)
		if err != nil {
			t.Fatal(err)
		}
		pubs = append(pubs, pub)
	}
	return pubs
}

// TestParseYAML checks the parser on the shapes the movement files use, and
// that it refuses what it does not read rather than guess.
func TestParseYAML(t *testing.T) {
	got, err := parseYAML("---\nname: \"A \\\"b\\\"\"\nn: 4\noff: true\nhands:\n- table: 1\n  boards:\n  - 1\n  - 2\n- table: 2\n  boards:\n  - 3\nend: plain text\n")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"name": `A "b"`, "n": 4, "off": true, "end": "plain text", "hands": []any{
		map[string]any{"table": 1, "boards": []any{1, 2}},
		map[string]any{"table": 2, "boards": []any{3}},
	}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("parseYAML = %v, want %v", got, want)
	}
	for _, bad := range []string{"a: 1\na: 2\n", "a:\n", "a: 1\n  b: 2\n", "- 1\nb: 2\n", ""} {
		if v, err := parseYAML(bad); err == nil {
			t.Errorf("parseYAML(%q) = %v, want an error", bad, v)
		}
	}
}
