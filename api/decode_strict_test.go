package api

import (
	"errors"
	"testing"
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
