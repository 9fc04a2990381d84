package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// decodeJSON reads one JSON value of body into v, refusing unknown fields,
// trailing data and what strictJSON refuses (bad UTF-8, NUL, a key twice). Every error is a 400 naming the field: its full path
// from the root ("movement.schedule[2].tables[0].boards"), root prefixed to
// the path of a top-level list ("results[3].tricks").
func decodeJSON(body []byte, v any, root string) error {
	if err := strictJSON(body, root); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, terr := dec.Token(); terr != io.EOF {
			return badRequest("body", "more than one JSON value; send one object or one list")
		}
		return nil
	}
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &syntaxErr):
		return badRequest("body", fmt.Sprintf("not valid JSON at byte %d: %s", syntaxErr.Offset, strings.TrimPrefix(syntaxErr.Error(), "json: ")))
	case errors.Is(err, io.EOF):
		return badRequest("body", "empty: expected a JSON "+kindOf(reflect.TypeOf(v)))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return badRequest("body", "the JSON ends too early")
	}
	path := ""
	if t := reflect.TypeOf(v); t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Slice {
		path = root
	}
	var tree any
	tdec := json.NewDecoder(bytes.NewReader(body))
	tdec.UseNumber()
	if tdec.Decode(&tree) == nil {
		if e := checkShape(tree, reflect.TypeOf(v), path); e != nil {
			return e
		}
	}
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return badRequest(typeErr.Field, "expected "+jsonKind(typeErr.Type.Kind().String()))
	}
	return badRequest("body", "not the JSON expected")
}

// oneOrMany reports whether body holds a JSON list (rather than one object).
func oneOrMany(body []byte) bool {
	t := bytes.TrimLeft(body, " \t\r\n")
	return len(t) > 0 && t[0] == '['
}

// decodeOneOrMany reads a body holding one object or a list of them (the
// list's elements named field[i] in errors), and says which it was.
func decodeOneOrMany[T any](body []byte, field string) (items []T, many bool, err error) {
	if oneOrMany(body) {
		err = decodeJSON(body, &items, field)
		return items, true, err
	}
	items = make([]T, 1)
	return items, false, decodeJSON(body, &items[0], "")
}

// convert maps each element of xs through f: a list of domain values to
// their answers, or of requests to the domain.
func convert[A, B any](xs []A, f func(A) B) []B {
	out := make([]B, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

// createdOneOrMany answers 201 with one object when the request held one,
// else with the list.
func createdOneOrMany[T any](c echo.Context, out []T, many bool) error {
	if !many && len(out) == 1 {
		return c.JSON(http.StatusCreated, out[0])
	}
	return c.JSON(http.StatusCreated, out)
}

var (
	unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	rawMessageType  = reflect.TypeFor[json.RawMessage]()
)

// checkShape walks a decoded JSON tree (numbers as json.Number) against the
// Go type it is meant for and returns the first mismatch as a 400 naming
// its path: an unknown field (with the fields allowed there) or a value of
// the wrong JSON kind.
func checkShape(v any, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if v == nil || t == rawMessageType || reflect.PointerTo(t).Implements(unmarshalerType) || t.Kind() == reflect.Interface {
		return nil
	}
	wrong := func() error {
		return badRequest(path, "expected "+kindOf(t)+", got "+describe(v))
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return wrong()
		}
		names, fields := jsonFields(t)
		for _, key := range sortedKeys(obj) {
			i, ok := fields[key]
			if !ok {
				return badRequest(join(path, key), "unknown field", names...)
			}
			if err := checkShape(obj[key], t.Field(i).Type, join(path, key)); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		list, ok := v.([]any)
		if !ok {
			return wrong()
		}
		for i, e := range list {
			if err := checkShape(e, t.Elem(), path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			return wrong()
		}
		for _, key := range sortedKeys(obj) {
			if err := checkShape(obj[key], t.Elem(), join(path, key)); err != nil {
				return err
			}
		}
	case reflect.String:
		if _, ok := v.(string); !ok {
			return wrong()
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return wrong()
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.(json.Number)
		if !ok {
			return wrong()
		}
		i, err := strconv.ParseInt(string(n), 10, 64)
		if err != nil || reflect.Zero(t).OverflowInt(i) {
			return badRequest(path, "expected a whole number, got "+string(n))
		}
	case reflect.Float32, reflect.Float64:
		n, ok := v.(json.Number)
		if !ok {
			return wrong()
		}
		if f, err := n.Float64(); err != nil || math.IsInf(f, 0) {
			return badRequest(path, "expected a number, got "+string(n))
		}
	}
	return nil
}

// jsonFields returns a struct's JSON field names in declaration order and
// their field indexes by name.
func jsonFields(t reflect.Type) ([]string, map[string]int) {
	var names []string
	idx := map[string]int{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		names = append(names, name)
		idx[name] = i
	}
	return names, idx
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// kindOf says what JSON a Go type is read from.
func kindOf(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "object"
	case reflect.Slice, reflect.Array:
		return "list"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "whole number"
	case reflect.Float32, reflect.Float64:
		return "number"
	}
	return "value"
}

// describe says what JSON value v is.
func describe(v any) string {
	switch x := v.(type) {
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	case string:
		return "a string " + strconv.Quote(x)
	case bool:
		return strconv.FormatBool(x)
	case json.Number:
		return "the number " + string(x)
	}
	return "null"
}

// readBody reads the request body, turning an overlong one into a 413.
func readBody(r *http.Request) ([]byte, error) {
	if r.Body == nil {
		return nil, nil
	}
	b, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, tooLarge(mbe.Limit)
		}
		return nil, err
	}
	return b, nil
}
