package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// ScoreRequest is one result to score: a line of `traveler score` input
// and the body of POST /v1/score.
type ScoreRequest struct {
	Law        string                     `json:"law"`
	Contract   string                     `json:"contract"`
	Declarer   string                     `json:"declarer"`
	Tricks     *int                       `json:"tricks"`
	Deal       string                     `json:"deal,omitempty"`
	Honours    map[string]int             `json:"honours,omitempty"`
	Chicane    []string                   `json:"chicane,omitempty"`
	Revokes    []dto.RevokeRequest        `json:"revokes,omitempty"`
	Vulnerable string                     `json:"vulnerable,omitempty"`
	Board      int                        `json:"board,omitempty"`
	Options    map[string]json.RawMessage `json:"options,omitempty"`
	Auction    []string                   `json:"auction,omitempty"` // the calls from the dealer: the contract and declarer are taken from them
	Dealer     string                     `json:"dealer,omitempty"`  // who dealt, for the auction; else the board number's dealer
}

// SideScoreResponse is one side's score.
type SideScoreResponse struct {
	Trick   int `json:"trick"`
	Honour  int `json:"honour"`
	Premium int `json:"premium"`
	Total   int `json:"total"`
}

// ScoreResponse is a scored result.
type ScoreResponse struct {
	NSScore   int               `json:"ns_score"`
	NS        SideScoreResponse `json:"ns"`
	EW        SideScoreResponse `json:"ew"`
	Lines     []string          `json:"lines"`
	Void      bool              `json:"void,omitempty"`
	PassedOut bool              `json:"passed_out,omitempty"`
	Contract  string            `json:"contract,omitempty"` // the auction's contract, when the request gave an auction
	Declarer  string            `json:"declarer,omitempty"` // the auction's declarer, when the request gave an auction
}

// DecodeScoreRequest reads one JSON object, refusing unknown fields and
// trailing data so that a misspelt field is reported, not ignored.
func DecodeScoreRequest(data []byte) (ScoreRequest, error) {
	var q ScoreRequest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&q); err != nil {
		return q, jsonError(err)
	}
	if dec.More() {
		return q, &scoring.Error{Field: "line", Problem: "more than one JSON value; give one object a line"}
	}
	return q, nil
}

// jsonError turns a decoding error into one that names the field.
func jsonError(err error) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		return &scoring.Error{Field: typeErr.Field, Value: typeErr.Value, Problem: "expected " + jsonKind(typeErr.Type.Kind().String())}
	case errors.As(err, &syntaxErr):
		return &scoring.Error{Field: "line", Problem: fmt.Sprintf("not valid JSON at byte %d: %v", syntaxErr.Offset, err)}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return &scoring.Error{Field: name, Problem: "not a field of a result", Allowed: []string{
			"law", "contract", "declarer", "tricks", "deal", "honours", "chicane", "revokes", "vulnerable", "board", "options", "auction", "dealer"}}
	case err.Error() == "EOF":
		return &scoring.Error{Field: "line", Problem: "empty: expected a JSON object"}
	}
	return &scoring.Error{Field: "line", Problem: "not a JSON object: " + err.Error()}
}

func jsonKind(k string) string {
	switch k {
	case "int", "int64", "int32", "int8":
		return "a whole number"
	case "string":
		return "a string"
	case "slice":
		return "a list"
	case "map", "struct":
		return "an object"
	case "bool":
		return "true or false"
	}
	return k
}

// Scorable converts the request to the domain: the rules (law code and
// options) and the result. Every error is a *scoring.Error naming the field.
func (q *ScoreRequest) Scorable() (scoring.Rules, scoring.Result, error) {
	var res scoring.Result
	if q.Law == "" {
		return scoring.Rules{}, res, &scoring.Error{Field: "law", Problem: "required", Allowed: scoring.LawNames()}
	}
	law, err := scoring.ParseLaw("law", q.Law)
	if err != nil {
		return scoring.Rules{}, res, err
	}
	rules := scoring.NewRules(law)
	if err := setOptions(&rules, q.Options); err != nil {
		return rules, res, err
	}
	if len(q.Auction) > 0 {
		if err := q.fromAuction(&rules); err != nil {
			return rules, res, err
		}
	}
	if q.Contract == "" {
		return rules, res, &scoring.Error{Field: "contract", Problem: "required (or the auction)"}
	}
	if res.Contract, err = rules.ParseContract(q.Contract); err != nil {
		return rules, res, err
	}
	switch {
	case q.Declarer != "":
		if res.Declarer, err = scoring.ParseSeat("declarer", q.Declarer); err != nil {
			return rules, res, err
		}
	case !res.Contract.Pass:
		return rules, res, &scoring.Error{Field: "declarer", Problem: "required (in the Bridge codes, the dealer)", Allowed: []string{"N", "E", "S", "W"}}
	}
	switch {
	case q.Tricks != nil:
		res.Tricks = *q.Tricks
	case !res.Contract.Pass:
		return rules, res, &scoring.Error{Field: "tricks", Problem: "required: tricks won in play by the declarer's side, 0 to 13"}
	}
	if res.Holding, err = holding(q, res.Contract); err != nil {
		return rules, res, err
	}
	for i, rv := range q.Revokes {
		side, err := scoring.ParseSide("revokes["+strconv.Itoa(i)+"].side", rv.Side)
		if err != nil {
			return rules, res, err
		}
		p, err := scoring.ParsePenalty("revokes["+strconv.Itoa(i)+"].penalty", rv.Penalty)
		if err != nil {
			return rules, res, err
		}
		res.Revokes = append(res.Revokes, scoring.Revoke{Side: side, Penalty: p})
	}
	if res.Vulnerability, err = vulnerability(q); err != nil {
		return rules, res, err
	}
	return rules, res, rules.Check(&res)
}

// fromAuction runs the request's auction from the dealer (given, or the
// board number's) as a stored result's is run (tournament.AuctionFor), and
// takes the contract and declarer from it: a contract or declarer also given
// must be the auction's.
func (q *ScoreRequest) fromAuction(rules *scoring.Rules) error {
	dealer := scoring.BoardDealer(max(q.Board, 1))
	if q.Dealer != "" {
		var err error
		if dealer, err = scoring.ParseSeat("dealer", q.Dealer); err != nil {
			return err
		}
	} else if q.Board == 0 {
		return &scoring.Error{Field: "dealer", Problem: "required with an auction (or the board number)", Allowed: []string{"N", "E", "S", "W"}}
	}
	a, err := tournament.AuctionFor(rules, dealer, q.Auction)
	if err != nil {
		return err
	}
	contract, declarer := a.Contract.String(), a.Declarer.String()
	if a.PassedOut {
		declarer = ""
	}
	if q.Contract != "" {
		if c, err := rules.ParseContract(q.Contract); err != nil || c != a.Contract {
			return &scoring.Error{Field: "contract", Value: q.Contract, Problem: "is not the auction's contract, " + contract, Allowed: []string{contract}}
		}
	}
	if q.Declarer != "" && !strings.EqualFold(strings.TrimSpace(q.Declarer), declarer) {
		return &scoring.Error{Field: "declarer", Value: q.Declarer, Problem: "is not the auction's declarer, " + declarer, Allowed: []string{declarer}}
	}
	q.Contract, q.Declarer = contract, declarer
	return nil
}

// setOptions applies the request's options to the rules by name and kind.
func setOptions(rules *scoring.Rules, opts map[string]json.RawMessage) error {
	for name, raw := range opts {
		opt, ok := rules.Law.LookupOption(name)
		switch {
		case !ok:
			return rules.Options.SetInt(rules.Law, name, 0) // says what the options are
		case opt.Kind == scoring.BoolOption:
			var v bool
			if err := json.Unmarshal(raw, &v); err != nil {
				return &scoring.Error{Field: "options." + name, Value: string(raw), Problem: "expected true or false"}
			}
			if err := rules.Options.SetBool(rules.Law, name, v); err != nil {
				return err
			}
		default:
			var v int
			if err := json.Unmarshal(raw, &v); err != nil {
				return &scoring.Error{Field: "options." + name, Value: string(raw), Problem: "expected a whole number"}
			}
			if err := rules.Options.SetInt(rules.Law, name, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// holding works out honours and chicane: from the deal when it gives at
// least three hands, else from the counts given; both must then agree
// (tournament.HoldingFor, as for a stored result). The request's deal is
// read here, where it comes in, and only when the contract is not passed
// out; a count given wrong is named before a deal that does not read.
func holding(q *ScoreRequest, c scoring.Contract) (scoring.Holding, error) {
	var deal scoring.Deal
	if q.Deal != "" && !c.Pass {
		var err error
		if deal, err = scoring.ParseDeal("deal", q.Deal); err != nil {
			given, cerr := tournament.HoldingFor(scoring.Deal{}, q.Honours, q.Chicane, c)
			if cerr != nil {
				return given, cerr
			}
			return given, err
		}
	}
	return tournament.HoldingFor(deal, q.Honours, q.Chicane, c)
}

// vulnerability reads "vulnerable", or works it out from "board".
func vulnerability(q *ScoreRequest) (scoring.Vulnerability, error) {
	var v scoring.Vulnerability
	if q.Board < 0 {
		return v, &scoring.Error{Field: "board", Value: strconv.Itoa(q.Board), Problem: "a board number is 1 or more"}
	}
	if q.Vulnerable == "" {
		return scoring.BoardVulnerability(q.Board), nil
	}
	v, err := scoring.ParseVulnerability("vulnerable", q.Vulnerable)
	if err != nil {
		return v, err
	}
	if q.Board > 0 && scoring.BoardVulnerability(q.Board) != v {
		return v, &scoring.Error{Field: "vulnerable", Value: q.Vulnerable, Problem: "board " + strconv.Itoa(q.Board) + " is " + scoring.BoardVulnerability(q.Board).String() + " vulnerable; give one or the other"}
	}
	return v, nil
}

// NewScoreResponse converts a score to its answer.
func NewScoreResponse(s *scoring.Score) ScoreResponse {
	side := func(x scoring.SideScore) SideScoreResponse {
		return SideScoreResponse{Trick: x.Trick, Honour: x.Honour, Premium: x.Premium, Total: x.Total()}
	}
	return ScoreResponse{
		NSScore:   s.NSScore(),
		NS:        side(s.Sides[scoring.NS]),
		EW:        side(s.Sides[scoring.EW]),
		Lines:     s.Lines(),
		Void:      s.Void,
		PassedOut: s.PassedOut,
	}
}

// NewErrorResponse converts an error to its answer, keeping the field and
// what is allowed when the error says them.
func NewErrorResponse(err error) dto.ErrorResponse {
	var se *scoring.Error
	if errors.As(err, &se) {
		return dto.ErrorResponse{Error: se.Error(), Field: se.Field, Allowed: se.Allowed}
	}
	return dto.ErrorResponse{Error: err.Error()}
}

// Score decodes, checks and scores one request line, and answers the
// JSON for it: the score, or the error.
func Score(line []byte) (out []byte, ok bool) {
	return AppendScore(nil, line)
}

// AppendScore is Score appending its answer to dst.
func AppendScore(dst, line []byte) (out []byte, ok bool) {
	q, err := DecodeScoreRequest(line)
	if err == nil {
		var rules scoring.Rules
		var res scoring.Result
		rules, res, err = q.Scorable()
		if err == nil {
			var s scoring.Score
			if s, err = rules.Score(&res); err == nil {
				dst = AppendScoreJSON(dst, &s)
				if len(q.Auction) > 0 { // what the auction gave, before the closing brace
					dst = append(dst[:len(dst)-1], `,"contract":`...)
					dst = appendJSONString(dst, q.Contract)
					if q.Declarer != "" {
						dst = append(dst, `,"declarer":`...)
						dst = appendJSONString(dst, q.Declarer)
					}
					dst = append(dst, '}')
				}
				return dst, true
			}
		}
	}
	e, _ := json.Marshal(NewErrorResponse(err))
	return append(dst, e...), false
}
