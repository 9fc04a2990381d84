package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestStrictJSON: invalid UTF-8, NUL and a key given twice are refused with
// a 400 naming the field (issue 14 §1: encoding/json stored U+FFFD and kept
// the last of two keys).
func TestStrictJSON(t *testing.T) {
	type player struct {
		Name string `json:"name"`
	}
	type pair struct {
		Number  string   `json:"number"`
		Players []player `json:"players"`
	}
	for _, c := range []struct {
		body, root, field string
		list              bool
	}{
		{"{\"number\": \"1\xff\"}", "", "number", false},
		{"{\"number\": \"1\", \"players\": [{\"name\": \"A\"}, {\"name\": \"B\xc3\"}]}", "", "players[1].name", false},
		{"[{\"number\": \"1\"}, {\"number\": \"\xed\xa0\x80\"}]", "pairs", "pairs[1].number", true},
		{`{"number": "1", "number": "2"}`, "", "number", false},
		{`{"players": [{"name": "A", "name": "B"}]}`, "", "players[0].name", false},
		{`[{"number": "1"}, {"players": [], "players": []}]`, "pairs", "pairs[1].players", true},
		{`{"number": "1\u0000"}`, "", "number", false},
		{"{\"num\xffber\": \"1\"}", "", "num\ufffdber", false},
	} {
		var err error
		if c.list {
			var v []pair
			err = decodeJSON([]byte(c.body), &v, c.root)
		} else {
			var v pair
			err = decodeJSON([]byte(c.body), &v, c.root)
		}
		var he *httpError
		if !errors.As(err, &he) || he.Status != 400 || he.Body.Field != c.field {
			t.Errorf("%q: %v, want a 400 about %q", c.body, err, c.field)
		}
	}
	// what is fine stays fine: escapes, non-ASCII text, the same key in two objects
	var v []pair
	if err := decodeJSON([]byte(`[{"number": "1", "players": [{"name": "Zoë \u00e9 \ud83c\udccf"}, {"name": "B"}]}, {"number": "2"}]`), &v, "pairs"); err != nil {
		t.Errorf("valid JSON refused: %v", err)
	}
}

// FuzzStrictJSON holds strictJSON's byte walk to the verdict of the token
// walk it replaced (strictJSONByTokens, encoding/json's Decoder.Token) on
// every body that is one JSON value: the same error, field and words, or
// none.
func FuzzStrictJSON(f *testing.F) {
	for _, s := range []string{
		"{\"number\": \"1\xff\"}", `{"number": "1", "number": "2"}`, `{"players": [{"name": "A", "name": "B"}]}`,
		`[{"number": "1"}, {"players": [], "players": []}]`, `{"number": "1\u0000"}`, "{\"num\xffber\": \"1\"}",
		`[{"number": "1", "players": [{"name": "Zo\u00eb \ud83c\udccf"}, {"name": "B"}]}, {"number": "2"}]`,
		`{"a\u0000": 1}`, `{"\u0061": 1, "a": 2}`, `{"a": {"b": [1, 2, {"c": "\\u0000", "c": null}]}}`,
		`[[], {}, "", 0, -1.5e3, true, false, null]`, ` {"board": 3, "contract": "4S", "declarer": "N", "tricks": 10} `,
	} {
		f.Add([]byte(s), "results")
	}
	f.Fuzz(func(t *testing.T, body []byte, root string) {
		if !json.Valid(body) {
			return
		}
		got, want := strictJSON(body, root), strictJSONByTokens(body, root)
		if (got == nil) != (want == nil) || (got != nil && got.Error() != want.Error()) {
			t.Errorf("%q: %v, the token walk %v", body, got, want)
		}
		var g, w *httpError
		if errors.As(got, &g) && errors.As(want, &w) && g.Body.Field != w.Body.Field {
			t.Errorf("%q: field %q, the token walk %q", body, g.Body.Field, w.Body.Field)
		}
	})
}

// strictJSONByTokens is strictJSON as it was before it walked the bytes
// itself (up to 3d2c707): the reference FuzzStrictJSON holds it to.
func strictJSONByTokens(body []byte, root string) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	// one frame per open object or list
	type frame struct {
		path   string
		object bool
		keys   map[string]bool
		key    string // an object's key whose value is next; "" before a key
		inKey  bool   // an object: the next string is a key
		index  int    // a list: the next element's index
	}
	var stack []*frame
	// pathOfValue is the path of the value about to be read.
	pathOfValue := func() string {
		if len(stack) == 0 {
			if oneOrMany(body) {
				return root
			}
			return ""
		}
		f := stack[len(stack)-1]
		if f.object {
			return join(f.path, f.key)
		}
		return f.path + "[" + strconv.Itoa(f.index) + "]"
	}
	// done notes that a value of the top frame was read.
	done := func() {
		if len(stack) == 0 {
			return
		}
		f := stack[len(stack)-1]
		if f.object {
			f.inKey = true
		} else {
			f.index++
		}
	}
	prev := dec.InputOffset()
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // the end, or a syntax error decodeJSON reports
		}
		raw := body[prev:dec.InputOffset()]
		prev = dec.InputOffset()
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.object && top.inKey {
			if d, ok := tok.(json.Delim); ok && d == '}' {
				stack = stack[:len(stack)-1]
				done()
				continue
			}
			key, _ := tok.(string)
			if !utf8.Valid(raw) {
				return badRequest(join(top.path, key), "a key that is not valid UTF-8")
			}
			if strings.ContainsRune(key, 0) {
				return badRequest(top.path, "a key holds a NUL character")
			}
			if top.keys[key] {
				return badRequest(join(top.path, key), "given twice in one object: give each field once")
			}
			top.keys[key] = true
			top.key, top.inKey = key, false
			continue
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, &frame{path: pathOfValue(), object: true, keys: map[string]bool{}, inKey: true})
			case '[':
				stack = append(stack, &frame{path: pathOfValue()})
			default: // ']'
				stack = stack[:len(stack)-1]
				done()
			}
		case string:
			if !utf8.Valid(raw) {
				return badRequest(pathOfValue(), "not valid UTF-8: send text encoded as UTF-8")
			}
			if strings.ContainsRune(t, 0) {
				return badRequest(pathOfValue(), "holds a NUL character (\\u0000): text may not")
			}
			done()
		default:
			done()
		}
	}
}
