package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/scoring"
)

// TestReportDealtBounds: --deals is bounded (1 to maxDealt, tournament's
// MaxBoards) and goes with the royalton report alone, never with an event
// or a file; each refusal names --deals, says what was wrong and what is
// allowed, and exits 2 before anything is dealt.
func TestReportDealtBounds(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "royalton", "--deals", "0"}, "--deals 0: must be 1 to 7200 boards"},
		{[]string{"report", "royalton", "--deals", "7201"}, "--deals 7201: must be 1 to 7200 boards"},
		{[]string{"report", "royalton", "--deals", "-3"}, "--deals -3: must be 1 to 7200 boards"},
		{[]string{"report", "laws", "--deals", "5"}, "--deals: only the royalton report deals boards"},
		{[]string{"report", "royalton", "--deals", "5", "--from", "x.pbn"}, "--deals and --from: give one"},
		{[]string{"report", "royalton", "--deals", "5", "--event", "1"}, "--deals and --event: give one"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), tc.args, nil, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tc.want) || stdout.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want 2 and %q", tc.args, code, stderr.String(), stdout.String(), tc.want)
		}
	}
}

// TestReportDealtJSON deals 6 boards, solves them (DDS) and checks the
// report's JSON against itself and the rules: 6 deals, a deal at game in a
// strain is at game (so the game-at-40 count is at least each strain's and
// at most their sum), the share is the count over 6, nullos are said to be
// left out, and par is given under every code, nullos left out where the
// code has them. The figures are random deals' (crypto/rand): what is
// checked is what must hold of any.
func TestReportDealtJSON(t *testing.T) {
	needDDS(t)
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"report", "royalton", "--deals", "6", "--format", "json"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var rep api.DealtResponse
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	sum, most := 0, 0
	for _, n := range rep.ByStrain {
		sum += n
		most = max(most, n)
	}
	if rep.Deals != 6 || len(rep.ByStrain) != 5 || rep.GameAt40 < most || rep.GameAt40 > min(sum, 6) ||
		rep.Share != float64(int(1000*float64(rep.GameAt40)/6+0.5))/1000 || rep.Note != api.NulloNote {
		t.Fatalf("report %+v", rep)
	}
	if len(rep.Codes) != len(scoring.Laws) {
		t.Fatalf("%d codes, want %d", len(rep.Codes), len(scoring.Laws))
	}
	for i, c := range rep.Codes {
		r := scoring.NewRules(scoring.Laws[i])
		if c.Law != scoring.Laws[i].String() || c.NullosLeftOut != r.HasNullo() || c.PassedOut > 6 {
			t.Errorf("code %d: %+v", i, c)
		}
	}
}
