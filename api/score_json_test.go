package api

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestAppendScoreJSONMatchesMarshal checks the hand-written encoder gives
// the very bytes encoding/json gives for the same response.
func TestAppendScoreJSONMatchesMarshal(t *testing.T) {
	lines := []string{
		`{"law":"auction-1915","contract":"4SX","declarer":"N","tricks":10,"honours":{"N":4,"S":1}}`,
		`{"law":"royalton-1915","contract":"3HR","declarer":"E","tricks":8}`,
		`{"law":"royalton-1915","contract":"2S","declarer":"E","tricks":8,"revokes":[{"side":"NS","penalty":"points"},{"side":"EW","penalty":"points"}]}`,
		`{"law":"contract-2017","contract":"PASS"}`,
		`{"law":"bridge","contract":"SXXXXXX","declarer":"N","tricks":13,"honours":{"N":1,"E":2,"S":2},"chicane":["W"]}`,
	}
	for _, line := range lines {
		q, err := DecodeScoreRequest([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		rules, res, err := q.Scorable()
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		s, err := rules.Score(&res)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(NewScoreResponse(&s))
		if got := AppendScoreJSON(nil, &s); !bytes.Equal(got, want) {
			t.Errorf("%s:\n got  %s\n want %s", line, got, want)
		}
	}
	for _, s := range []string{"plain", `quote " back \ slash`, "tab\tnew\nline\x01", "<b>&</b>", "café ♠ \u2028", "bad \xff byte"} {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("string %q: got %s want %s", s, got, want)
		}
	}
}
