package tournament

import (
	"context"
	"math/rand/v2"
	"strconv"

	"github.com/traveler-bridge/traveler/scoring"
)

// MaxDealtRequest bounds the boards one request deals and solves
// (DealtAnalyses): each is solved and its par worked out under every code
// while the request waits — about 0.6 s a deal here (README, `traveler
// report royalton --deals`: 40 deals in 25 s) — and a request has 60 s to
// be answered. The command line deals up to MaxBoards.
const MaxDealtRequest = 48

// DealBoards deals n boards at random from r, numbered from first, each
// with the dealer and vulnerability its number gives.
func DealBoards(r *rand.Rand, first, n int) []Board {
	boards := make([]Board, 0, n)
	for k := first; k < first+n; k++ {
		boards = append(boards, Board{Number: k, Dealer: scoring.BoardDealer(k), Vulnerability: scoring.BoardVulnerability(k), Deal: scoring.RandomDeal(r)})
	}
	return boards
}

// DealtAnalyses deals n boards at random and solves them double dummy,
// with par under every code at its defaults: the Royalton author's game at
// 40 tested on random deals (reports.MakeDealtReport). For directors (it
// costs the server seconds of work); n is 1 to MaxDealtRequest, else a
// refusal naming "deals". A server without DDS says so (unavailable).
func (s *Service) DealtAnalyses(ctx context.Context, a Actor, n int) ([]Analysis, error) {
	if err := directorOnly(a, "deal and solve random boards"); err != nil {
		return nil, err
	}
	if n < 1 || n > MaxDealtRequest {
		return nil, Invalidf("deals", strconv.Itoa(n)+": deal 1 to "+strconv.Itoa(MaxDealtRequest)+" boards a request (the command line, traveler report royalton --deals, deals up to "+strconv.Itoa(MaxBoards)+")")
	}
	if s.dd == nil {
		return nil, errNoDoubleDummy
	}
	var rules []scoring.Rules
	for _, l := range scoring.Laws {
		rules = append(rules, scoring.NewRules(l))
	}
	out, err := Analyse(s.dd, DealBoards(scoring.CryptoRand(), 1, n), rules)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	return out, err
}
