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

// scoreLines are request lines of every shape: the usual ones
// scanScoreLine reads, and ones it must leave to encoding/json.
var scoreLines = []string{
	`{"law":"contract-2017","contract":"4HX","declarer":"N","tricks":10,"vulnerable":"NS"}`,
	`{"law":"contract-2017","contract":"PASS","vulnerable":"None"}`,
	`{"law":"contract-2017","contract":"3NT","declarer":"W","tricks":9,"board":7}`,
	`{"law":"contract-2017","contract":"3NT","declarer":"W","tricks":9,"board":7,"vulnerable":"All"}`,
	`{"law":"contract-2017","contract":"3NT","declarer":"W","tricks":9,"board":7,"vulnerable":"None"}`,
	` { "law" : "auction-1915" ,	"contract":"4sx", "declarer" : "north", "tricks" : 10 }` + "\r",
	`{"law":"auction-1915","contract":"4SX","declarer":"N","tricks":10,"deal":"N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"}`,
	`{"law":"royal-auction-1913","contract":"4NL","declarer":"S","tricks":2,"deal":"N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 -"}`,
	`{"law":"royalton-1915","contract":"3HR","declarer":"E","tricks":8,"dealer":"S"}`,
	`{"law":"bridge","contract":"HXX","declarer":"W","tricks":0}`,
	`{"law":"bridge-portland","contract":"NTXXX","declarer":"N","tricks":7,"revokes":[{"side":"EW"}]}`,
	`{"law":"auction-1915","contract":"4SX","declarer":"N","tricks":10,"honours":{"N":4,"S":1}}`,
	`{"law":"auction-1915","contract":"4SX","declarer":"N","tricks":10,"options":{"game_premium":100}}`,
	`{"law":"contract-2017","auction":["1S","PASS","4S","PASS","PASS","PASS"],"dealer":"N","tricks":10}`,
	`{"law":"contract-2017","board":3,"auction":["PASS","PASS","PASS","PASS"]}`,
	// refused after scanning: the error is encoding/json's path's
	`{"law":"contract-2017","contract":"4SX","declarer":"N","tricks":14}`,
	`{"law":"contract-2017","contract":"4NL","declarer":"N","tricks":10}`,
	`{"law":"contract-2017","contract":"4S","declarer":"Q","tricks":10}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N"}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":10,"vulnerable":"NS","board":3}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":10,"deal":"N:AKQ"}`,
	`{"law":"nope","contract":"4S","declarer":"N","tricks":10}`,
	`{"contract":"4S","declarer":"N","tricks":10}`,
	`{}`,
	` {} `,
	``,
	`   `,
	`not json`,
	`[]`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":10,}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":10} {}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":10}x`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":10`,
	`{"law":"contract-2017" "contract":"4S"}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":10,"tricks":9}`,
	`{"Law":"contract-2017","contract":"4S","declarer":"N","tricks":10}`,
	`{"law":"contract-2017","CONTRACT":"4S","declarer":"N","tricks":10}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":null}`,
	`{"law":null,"contract":"4S","declarer":"N","tricks":10}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":10.0}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":1e1}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":-1}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":010}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":0}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":1234567890}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":123456789}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":"10"}`,
	`{"law":"contract-2017","contract":4,"declarer":"N","tricks":10}`,
	`{"law":"contract-2017","contract":"4\u0053","declarer":"N","tricks":10}`,
	`{"law":"contract-2017","contract":"4S\t","declarer":"N","tricks":10}`,
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":10,"board":-3}`,
	`{"law":"contract-2017","contract":"4S","declarer":"Nörd","tricks":10}`,
	"{\"law\":\"contract-2017\",\"contract\":\"4S\",\"declarer\":\"N\xff\",\"tricks\":10}",
	`{"law":"contract-2017","contract":"4S","declarer":"N","tricks":10,"lead":"SA"}`,
	`{"law":"contract-2017","contract":"<b>&","declarer":"N","tricks":10}`,
}

// TestAppendScoreLineMatchesAppendScore checks that `traveler score`'s
// reader gives the very bytes, and the same verdict, AppendScore gives
// (the API's POST /v1/score answer) on lines of every shape.
func TestAppendScoreLineMatchesAppendScore(t *testing.T) {
	scanned := 0
	for _, line := range scoreLines {
		var q ScoreRequest
		if _, ok := scanScoreLine([]byte(line), &q); ok {
			scanned++
		}
		appendScoreLineAgrees(t, []byte(line))
	}
	if scanned < 10 {
		t.Errorf("only %d of the lines were scanned: the test no longer tries the scanner", scanned)
	}
}

// FuzzAppendScoreLine holds AppendScoreLine to AppendScore on any line.
func FuzzAppendScoreLine(f *testing.F) {
	for _, line := range scoreLines {
		f.Add([]byte(line))
	}
	f.Fuzz(func(t *testing.T, line []byte) { appendScoreLineAgrees(t, line) })
}

func appendScoreLineAgrees(t *testing.T, line []byte) {
	t.Helper()
	want, wantOK := AppendScore([]byte("prefix"), line)
	got, gotOK := AppendScoreLine([]byte("prefix"), line)
	if !bytes.Equal(got, want) || gotOK != wantOK {
		t.Errorf("%q:\n got  %v %s\n want %v %s", line, gotOK, got, wantOK, want)
	}
}
