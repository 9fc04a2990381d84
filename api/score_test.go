package api

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api/dto"
)

// TestScoreRequestErrors checks that every bad line is refused with an
// error naming the field, the value, and what is allowed.
func TestScoreRequestErrors(t *testing.T) {
	deal := "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"
	tests := []struct {
		line, field, want string
	}{
		{`{"contract":"1H","declarer":"N","tricks":7}`, "law", "required"},
		{`{"law":"whist","contract":"1H","declarer":"N","tricks":7}`, "law", "contract-2017"},
		{`{"law":"auction-1915","declarer":"N","tricks":7}`, "contract", "required"},
		{`{"law":"auction-1915","contract":"1H","tricks":7}`, "declarer", "required"},
		{`{"law":"auction-1915","contract":"1H","declarer":"N"}`, "tricks", "required"},
		{`{"law":"auction-1915","contract":"1H","declarer":"Q","tricks":7}`, "declarer", "not a seat"},
		{`{"law":"auction-1915","contract":"1H","declarer":"N","tricks":"seven"}`, "tricks", "whole number"},
		{`{"law":"auction-1915","contract":"1H","declarer":"N","tricks":7,"options":{"nullo":true}}`, "options", "game_premium"},
		{`{"law":"royal-auction-1913","contract":"1H","declarer":"N","tricks":7,"options":{"nullo_value":9}}`, "options.nullo_value", "8, 10"},
		{`{"law":"royal-auction-1913","contract":"1H","declarer":"N","tricks":7,"options":{"chicane":"yes"}}`, "options.chicane", "true or false"},
		{`{"law":"auction-1915","contract":"1H","declarer":"N","tricks":7,"chicane":["E"]}`, "chicane", "honours"},
		// board 11 of teams_imps_2021.pbn: hearts honours N A, E KJ, S none, W QT
		{`{"law":"auction-1915","contract":"1H","declarer":"N","tricks":7,"deal":"` + deal + `","honours":{"N":3,"E":2}}`, "honours", "N 1, E 2, S 0, W 2"},
		{`{"law":"auction-1915","contract":"1H","declarer":"N","tricks":7,"deal":"N:AKQ... - - -"}`, "deal", "3 cards, not 13"},
		{`{"law":"contract-2017","contract":"1H","declarer":"N","tricks":7,"vulnerable":"NS","board":3}`, "vulnerable", "board 3 is EW"},
		{`{"law":"contract-2017","contract":"1H","declarer":"N","tricks":7,"vulnerable":"red"}`, "vulnerable", "None, NS, EW, All"},
		{`{"law":"contract-2017","contract":"1H","declarer":"N","tricks":7,"board":-1}`, "board", "1 or more"},
		{`{"law":"auction-1915","contract":"1H","declarer":"N","tricks":7,"revokes":[{"side":"NE"}]}`, "revokes[0].side", "NS, EW"},
		{`{"law":"auction-1915","contract":"1H","declarer":"N","tricks":7,"revokes":[{"side":"EW","penalty":"money"}]}`, "revokes[0].penalty", "tricks, points"},
		{`{"law":"auction-1915","contract":"1H","declarer":"N","tricks":7,"revokes":[{"side":"EW"}]}`, "revokes[0].penalty", "declarer chose"},
		{`{"law":"auction-1915","contract":"1H","declarer":"N","tricks":7} {"law":"x"}`, "line", "one object"},
		{`[1,2]`, "", "expected an object"},
		{``, "line", "empty"},
	}
	for _, tt := range tests {
		out, ok := Score([]byte(tt.line))
		if ok {
			t.Errorf("%s: scored %s; want an error", tt.line, out)
			continue
		}
		var e dto.ErrorResponse
		if err := json.Unmarshal(out, &e); err != nil {
			t.Fatalf("%s: answer is not JSON: %s", tt.line, out)
		}
		if e.Field != tt.field || !strings.Contains(e.Error, tt.want) {
			t.Errorf("%s:\n got  field %q error %q\n want field %q and %q", tt.line, e.Field, e.Error, tt.field, tt.want)
		}
	}
}

// TestScorePassedOut: contract-2017 and the 1915 codes score a passed-out
// board 0 without declarer or tricks (seed 003 Law 44; seed 000 Law 30).
func TestScorePassedOut(t *testing.T) {
	for _, law := range []string{"contract-2017", "auction-1915", "royalton-1915"} {
		out, ok := Score([]byte(`{"law":"` + law + `","contract":"PASS"}`))
		if !ok || !strings.Contains(string(out), `"ns_score":0,`) || !strings.Contains(string(out), `"passed_out":true`) {
			t.Errorf("%s: %s", law, out)
		}
	}
}
