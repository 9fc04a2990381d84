package tournament

import (
	"errors"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// dealOf reads a deal a test gives in PBN.
func dealOf(t *testing.T, pbn string) scoring.Deal {
	t.Helper()
	d, err := scoring.ParseDeal("deal", pbn)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestParseBoardDeal: ParseBoard is where a deal given as text becomes the
// board's scoring.Deal: read as ParseDeal reads it (any case, any first
// seat), written back as its PBN; none given, or four hands not given, is
// no hand record; one that does not read is an invalid input naming the
// field under the prefix.
func TestParseBoardDeal(t *testing.T) {
	const deal = "E:J95.QJ8.KQ73.K84 T843.A62.J5.AJT9 76.T954.T962.753 AKQ2.K73.A84.Q62"
	b, err := ParseBoard("boards[3].", BoardInput{Number: 4, Deal: " e:j95.qj8.kq73.k84  t843.a62.j5.ajt9 76.t954.t962.753 akq2.k73.a84.q62 "})
	if err != nil {
		t.Fatal(err)
	}
	if b.Deal != dealOf(t, deal) || b.Deal.PBN() != deal || b.Dealer != scoring.West || b.Vulnerability != scoring.VulAll {
		t.Errorf("board 4: %+v (deal %q), want %q, dealer W, all vulnerable", b, b.Deal.PBN(), deal)
	}
	for _, none := range []string{"", "N:- - - -", "W:- - - -"} {
		if b, err := ParseBoard("boards[0].", BoardInput{Number: 1, Deal: none}); err != nil || !b.Deal.Empty() || b.Deal != (scoring.Deal{}) {
			t.Errorf("deal %q: %+v, %v; want no hand record", none, b.Deal, err)
		}
	}
	_, err = ParseBoard("boards[3].", BoardInput{Number: 4, Deal: "N:AKQ... - - -"})
	var te *Error
	if !errors.As(err, &te) || !errors.Is(err, ErrInvalid) || te.Field != "boards[3].deal" || !strings.Contains(te.Message, "3 cards, not 13") {
		t.Errorf("a deal that does not read: %v, want an invalid boards[3].deal", err)
	}
}

// TestDealTravels: the parsed deal is what honours, the opening lead and
// double dummy read: honours from a deal of three hands (the fourth
// implied), a lead not in the leader's hand refused, a board without a
// whole deal refused by Analyse naming it.
func TestDealTravels(t *testing.T) {
	deal := dealOf(t, "N:AKQ2.K73.A84.Q62 J95.QJ8.KQ73.K84 T843.A62.J5.AJT9 -")
	h, err := HoldingFor(deal, nil, nil, scoring.Contract{Level: 1, Strain: scoring.Spades})
	if err != nil || !h.Known || h.Honours != [4]int8{3, 1, 1, 0} {
		t.Errorf("spade honours from the deal: %+v, %v; want N 3, E 1, S 1, W 0", h, err)
	}
	if _, err := HoldingFor(deal, map[string]int{"N": 2}, nil, scoring.Contract{Level: 1, Strain: scoring.Spades}); err == nil {
		t.Error("honours that do not match the deal taken")
	}
	b := Board{Number: 1, Deal: deal}
	r := Result{Status: StatusPlayed, Contract: "1S", Declarer: "N", Tricks: 7, Lead: "SA"}
	if err := checkLead(&b, &r, "results[0]."); err == nil || !strings.Contains(err.Error(), "East leads") {
		t.Errorf("SA led by East, who holds S J 9 5: %v, want refused", err)
	}
	r.Lead = "s9"
	if err := checkLead(&b, &r, "results[0]."); err != nil || r.Lead != "S9" {
		t.Errorf("S9 led by East: %v (%q)", err, r.Lead)
	}
	for _, c := range []struct {
		deal scoring.Deal
		want string
	}{
		{scoring.Deal{}, "has no hand record"},
		{deal, `"N:AKQ2.K73.A84.Q62 J95.QJ8.KQ73.K84 T843.A62.J5.AJT9 -": a hand is not given`},
	} {
		_, err := Analyse(nil, []Board{{Number: 1}, {Number: 2, Deal: c.deal}}, nil)
		var te *Error
		if !errors.As(err, &te) || te.Field != "boards[0].deal" || !strings.Contains(te.Message, "board 1 has no hand record") {
			t.Errorf("board 1 without a deal: %v", err)
		}
		_, err = Analyse(nil, []Board{{Number: 2, Deal: c.deal}}, nil)
		if !errors.As(err, &te) || te.Field != "boards[0].deal" || !strings.Contains(te.Message, c.want) {
			t.Errorf("deal %q: %v, want %q", c.deal.PBN(), err, c.want)
		}
	}
}
