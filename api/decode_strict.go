package api

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// strictJSON refuses, before a body is decoded, what encoding/json lets
// through silently: a string (or key) that is not valid UTF-8 (it would be
// stored as U+FFFD), one holding NUL, and a key given twice in one object
// (the last would win). The error is a 400 naming the field, its path as
// decodeJSON names it (root for a top-level list). A body that is not JSON
// at all passes, for decodeJSON to explain.
//
// It walks the body's bytes itself once json.Valid has held them to be one
// JSON value: a result entry's body was walked token by token by
// encoding/json's Decoder before, which made an error value for every
// scalar it read (a tenth of what an entry allocated).
func strictJSON(body []byte, root string) error {
	if !json.Valid(body) {
		return nil
	}
	w := strictWalk{body: body}
	w.space()
	path := ""
	if oneOrMany(body) {
		path = root
	}
	return w.value(path, nil, -1)
}

// strictWalk reads a body that json.Valid accepted, from pos.
type strictWalk struct {
	body []byte
	pos  int
}

// space skips white space.
func (w *strictWalk) space() {
	for w.pos < len(w.body) {
		switch w.body[w.pos] {
		case ' ', '\t', '\r', '\n':
			w.pos++
		default:
			return
		}
	}
}

// pathOf is the path of a value: parent's member key, its element index,
// or parent itself (neither: key nil, index -1). It is built only for an
// object, a list or an error, not for every value read.
func pathOf(parent string, key []byte, index int) string {
	switch {
	case key != nil:
		return join(parent, string(key))
	case index >= 0:
		return parent + "[" + strconv.Itoa(index) + "]"
	}
	return parent
}

// value reads the value at pos, whose path is pathOf(parent, key, index),
// and what it holds.
func (w *strictWalk) value(parent string, key []byte, index int) error {
	switch w.body[w.pos] {
	case '{':
		return w.object(pathOf(parent, key, index))
	case '[':
		w.pos++
		path := pathOf(parent, key, index)
		for i := 0; ; i++ {
			w.space()
			if w.body[w.pos] == ']' {
				w.pos++
				return nil
			}
			if err := w.value(path, nil, i); err != nil {
				return err
			}
			w.space()
			if w.body[w.pos] == ',' {
				w.pos++
			}
		}
	case '"':
		raw, escaped := w.str()
		if !utf8.Valid(raw) {
			return badRequest(pathOf(parent, key, index), "not valid UTF-8: send text encoded as UTF-8")
		}
		if escaped && bytes.IndexByte(unquote(raw), 0) >= 0 {
			return badRequest(pathOf(parent, key, index), "holds a NUL character (\\u0000): text may not")
		}
		return nil
	default: // a number, true, false or null
		for w.pos < len(w.body) {
			switch w.body[w.pos] {
			case ',', '}', ']', ' ', '\t', '\r', '\n':
				return nil
			}
			w.pos++
		}
		return nil
	}
}

// object reads the object at pos, whose path is path.
func (w *strictWalk) object(path string) error {
	w.pos++
	var seen [16][]byte
	keys := seen[:0] // the keys so far, unquoted
	for {
		w.space()
		if w.body[w.pos] == '}' {
			w.pos++
			return nil
		}
		raw, escaped := w.str()
		key := raw[1 : len(raw)-1]
		if escaped || !utf8.Valid(raw) {
			key = unquote(raw) // as encoding/json reads it: invalid bytes as U+FFFD
		}
		if !utf8.Valid(raw) {
			return badRequest(join(path, string(key)), "a key that is not valid UTF-8")
		}
		if bytes.IndexByte(key, 0) >= 0 {
			return badRequest(path, "a key holds a NUL character")
		}
		for _, k := range keys {
			if bytes.Equal(k, key) {
				return badRequest(join(path, string(key)), "given twice in one object: give each field once")
			}
		}
		keys = append(keys, key)
		w.space()
		w.pos++ // ':'
		w.space()
		if err := w.value(path, key, -1); err != nil {
			return err
		}
		w.space()
		if w.body[w.pos] == ',' {
			w.pos++
		}
	}
}

// str reads the string at pos and returns it with its quotes, and whether
// it holds an escape.
func (w *strictWalk) str() (raw []byte, escaped bool) {
	start := w.pos
	w.pos++
	for {
		switch w.body[w.pos] {
		case '\\':
			escaped = true
			w.pos += 2
			continue
		case '"':
			w.pos++
			return w.body[start:w.pos], escaped
		}
		w.pos++
	}
}

// unquote is a JSON string's text as encoding/json reads it.
func unquote(raw []byte) []byte {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return raw
	}
	return []byte(s)
}
