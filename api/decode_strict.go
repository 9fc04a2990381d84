package api

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// strictJSON refuses, before a body is decoded, what encoding/json lets
// through silently: a string (or key) that is not valid UTF-8 (it would be
// stored as U+FFFD), one holding NUL, and a key given twice in one object
// (the last would win). The error is a 400 naming the field, its path as
// decodeJSON names it (root for a top-level list). A body that is not JSON
// at all passes, for decodeJSON to explain.
func strictJSON(body []byte, root string) error {
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
