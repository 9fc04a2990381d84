package web

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// What the key-in page's form does with a line: read it, check it or
// store it through the Service, and answer with the next empty line, or
// with the line refused beside it.

// keyinAnswer is the key-in form's answer to the page's script (Accept:
// application/json): the line checked or stored, or why not, and where
// the cursor goes next.
type keyinAnswer struct {
	OK       bool     `json:"ok"`
	Error    string   `json:"error,omitempty"`
	Field    string   `json:"field,omitempty"`
	Allowed  []string `json:"allowed,omitempty"`
	Contract string   `json:"contract,omitempty"` // the line as read: its parts, for the structured fields
	Declarer string   `json:"declarer,omitempty"`
	Tricks   *int     `json:"tricks,omitempty"`
	Lead     string   `json:"lead,omitempty"`
	Score    string   `json:"score,omitempty"` // "NS 420"
	Items    []string `json:"items,omitempty"` // the score itemised
	Stored   bool     `json:"stored,omitempty"`
	Line     string   `json:"line,omitempty"` // the stored line as the field writes it
	ID       int64    `json:"id,omitempty"`
	Version  int      `json:"version,omitempty"`
	Done     string   `json:"done,omitempty"`     // what was done, in words
	Next     string   `json:"next,omitempty"`     // the anchor of the next empty line on this page, "" when there is none
	NextURL  string   `json:"next_url,omitempty"` // the page of the next empty line when it is on another page
	Key      string   `json:"key,omitempty"`      // the key for the next new line in this slot's form
}

// wantsJSON says whether the page's script sent the form.
func wantsJSON(c echo.Context) bool {
	return strings.Contains(c.Request().Header.Get(echo.HeaderAccept), echo.MIMEApplicationJSON)
}

// postKeyin checks (do=check) or stores one line. Without script the
// answer is the page again — the line's score, or its error beside it
// with the line refilled — or, once stored, a redirect to the next empty
// line; with script, a keyinAnswer.
func (p *Pages) postKeyin(c echo.Context) error {
	v := View{Title: "Key in results"}
	k, err := p.loadKeyin(c)
	if err != nil {
		if wantsJSON(c) {
			return keyinJSONError(c, err)
		}
		return p.renderError(c, "keyin.html", v, err)
	}
	view, err := k.keyinViewOf(c.FormValue("board"), c.FormValue("pair"))
	if err != nil {
		view, _ = k.keyinViewOf("", "")
	}
	in, line, err := k.keyinInput(c)
	if err != nil {
		return p.keyinRefused(c, &k, view, in, line, err)
	}
	ctx, a := c.Request().Context(), actor(c)
	if c.FormValue("do") == "check" {
		checked, err := p.svc.CheckResult(ctx, a, k.sec.ID, in)
		if err != nil {
			return p.keyinRefused(c, &k, view, in, line, err)
		}
		return p.keyinChecked(c, &k, view, line, checked)
	}
	stored, err := p.storeKeyin(c, &k, in)
	if err != nil {
		return p.keyinRefused(c, &k, view, in, line, err)
	}
	return p.keyinStored(c, &k, view, stored)
}

// maxLead is the longest opening lead the page takes: "D10".
const maxLead = 3

// keyinInput reads a line's form: its slot, then the typed line or the
// structured fields (both, when they agree), honours, chicane and revokes.
func (k *keyinSection) keyinInput(c echo.Context) (tournament.Result, *keyinLine, error) {
	var r tournament.Result
	parts := strings.Split(c.FormValue("slot"), "/")
	var nums [3]int
	for i := range nums {
		if len(parts) != 3 {
			break
		}
		nums[i], _ = strconv.Atoi(parts[i])
	}
	if len(parts) != 3 || nums[0] < 1 || nums[1] < 1 || nums[2] < 1 {
		return r, nil, tournament.Invalidf("slot", strconv.Quote(c.FormValue("slot"))+": the form lost its board, round and table; open the page again")
	}
	r.Board, r.Round, r.Table, r.Tricks = nums[0], nums[1], nums[2], tournament.TricksNotGiven
	field := func(name string) string { return strings.ToUpper(strings.TrimSpace(c.FormValue(name))) }
	r.Contract, r.Declarer, r.Lead = field("contract"), field("declarer"), field("lead")
	if t := field("tricks"); t != "" {
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 || n > 13 {
			return r, nil, tournament.Invalidf("tricks", strconv.Quote(t)+": the tricks won by the declarer's side, 0 to 13")
		}
		r.Tricks = n
	}
	var line *keyinLine
	if typed := strings.TrimSpace(c.FormValue("line")); typed != "" {
		l, err := parseKeyinLine(&k.rules, typed)
		if err != nil {
			return r, &l, err // the parts read before the error, for the structured fields
		}
		line = &l
		if err := k.agree(&r, l); err != nil {
			return r, line, err
		}
	}
	if r.Contract == "" {
		return r, line, tournament.Invalidf("line", "empty: "+keyinHow)
	}
	if len(r.Contract) > maxContractLen {
		return r, line, tournament.Invalidf("contract", strconv.Itoa(len(r.Contract))+" characters: a contract is at most "+strconv.Itoa(maxContractLen)+", e.g. 4S, 3NTX")
	}
	if len(r.Lead) > maxLead {
		return r, line, tournament.Invalidf("lead", strconv.Quote(r.Lead)+": the opening lead is a card, suit then rank, e.g. HK, S2, DT or D10")
	}
	if keyinPassed[r.Contract] {
		r.Contract = "PASS"
	}
	if r.Contract == "PASS" {
		return r, line, nil
	}
	return r, line, readExtras(c, &r)
}

// agree takes the typed line's parts into r, refusing a structured field
// that says otherwise (the page's script keeps them the same; without it
// a scorer may fill either).
func (k *keyinSection) agree(r *tournament.Result, l keyinLine) error {
	differ := func(name, typed, given string) error {
		return tournament.Invalidf(name, "the line says "+strconv.Quote(typed)+" but the "+name+" field says "+strconv.Quote(given)+": clear one of them, or make them the same")
	}
	if r.Contract != "" && !sameContract(&k.rules, r.Contract, l.Contract) {
		return differ("contract", l.Contract, r.Contract)
	}
	if r.Declarer != "" && l.Declarer != "" && r.Declarer != l.Declarer {
		return differ("declarer", l.Declarer, r.Declarer)
	}
	if r.Tricks != tournament.TricksNotGiven && l.Tricks != tournament.TricksNotGiven && r.Tricks != l.Tricks {
		return differ("tricks", strconv.Itoa(l.Tricks), strconv.Itoa(r.Tricks))
	}
	if r.Lead != "" && l.Lead != "" && r.Lead != l.Lead {
		return differ("lead", l.Lead, r.Lead)
	}
	r.Contract = l.Contract
	if l.Declarer != "" {
		r.Declarer = l.Declarer
	}
	if l.Tricks != tournament.TricksNotGiven {
		r.Tricks = l.Tricks
	}
	if l.Lead != "" {
		r.Lead = l.Lead
	}
	return nil
}

// sameContract says whether two writings are the same contract under the
// law code (the code's parser decides: "4NT" and "4N" where it reads both).
func sameContract(rules *scoring.Rules, a, b string) bool {
	if keyinPassed[a] && keyinPassed[b] {
		return true
	}
	ca, err1 := rules.ParseContract(a)
	cb, err2 := rules.ParseContract(b)
	if err1 != nil || err2 != nil {
		return a == b
	}
	return ca == cb
}

// readExtras reads what the historical codes score besides the contract:
// the honours each hand held ("" for not given), the voids, the revokes.
func readExtras(c echo.Context, r *tournament.Result) error {
	for _, s := range tableSeatChoices {
		v := strings.TrimSpace(c.FormValue("honours-" + s.Code))
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 5 {
			return tournament.Invalidf("honours-"+s.Code, strconv.Quote(v)+": the honours "+s.Name+" held, 0 to 5")
		}
		if r.Honours == nil {
			r.Honours = map[string]int{}
		}
		r.Honours[s.Code] = n
	}
	for _, s := range tableSeatChoices {
		if c.FormValue("chicane-"+s.Code) != "" {
			r.Chicane = append(r.Chicane, s.Code)
		}
	}
	if v := strings.TrimSpace(c.FormValue("revokes")); v != "" && v != "0" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 3 {
			return tournament.Invalidf("revokes", strconv.Quote(v)+": the revokes established, 0 to 3")
		}
		for i := range n {
			rv := tournament.RevokeLine{Side: c.FormValue("revoke-side-" + strconv.Itoa(i)), Penalty: c.FormValue("revoke-penalty-" + strconv.Itoa(i))}
			r.Revokes = append(r.Revokes, rv)
		}
	}
	return nil
}

// storeKeyin stores a line through the Service as the API does: a new
// line with EnterResults under the form's Idempotency-Key, a stored one
// with UpdateResult at the version the form was made from. A line that
// says what is stored already is left alone.
func (p *Pages) storeKeyin(c echo.Context, k *keyinSection, in tournament.Result) (tournament.Result, error) {
	ctx, a := c.Request().Context(), actor(c)
	if id, _ := strconv.ParseInt(c.FormValue("id"), 10, 64); id > 0 {
		version, err := strconv.Atoi(c.FormValue("version"))
		if err != nil || version < 1 {
			return in, tournament.Invalidf("version", "the form lost the version of the line it corrects: open the page again")
		}
		if old, ok := k.results[slotKey{in.Board, in.Round, in.Table}]; ok && old.ID == id && old.Version == version && sameLine(&k.rules, old, in) {
			return old, nil
		}
		return p.svc.UpdateResult(ctx, a, id, in, version)
	}
	key := c.FormValue("key")
	if key == "" || len(key) > 64 {
		return in, tournament.Invalidf("key", "the form lost its key (or it is longer than 64 characters): open the page again")
	}
	body, err := json.Marshal(in)
	if err != nil {
		return in, err
	}
	sum := sha256.Sum256(body)
	idem := &tournament.Idempotency{Key: key, Scope: keyinScope(a), RequestHash: sum[:]}
	stored, _, err := p.svc.EnterResults(ctx, a, k.sec.ID, []tournament.Result{in}, idem)
	if err != nil {
		return in, err
	}
	return stored[0], nil
}

// keyinScope is whose the key-in page's Idempotency-Keys are: the
// director's sign-in, apart from the API's keys.
func keyinScope(a tournament.Actor) string {
	return "page-sign-in:" + strconv.FormatInt(a.SignInID, 10)
}

// sameLine says whether in says what the stored line old says.
func sameLine(rules *scoring.Rules, old, in tournament.Result) bool {
	if old.Status != tournament.StatusPlayed && old.Status != tournament.StatusPassedOut {
		return false
	}
	if (old.Status == tournament.StatusPassedOut) != (in.Contract == "PASS") {
		return false
	}
	a, _ := json.Marshal([]any{old.Declarer, old.Tricks, old.Lead, old.Honours, old.Chicane, old.Revokes})
	if in.Contract == "PASS" {
		in.Tricks = 0
	}
	b, _ := json.Marshal([]any{in.Declarer, in.Tricks, in.Lead, in.Honours, in.Chicane, in.Revokes})
	return sameContract(rules, old.Contract, in.Contract) && string(a) == string(b)
}

// keyinRefused answers a line that was not checked or stored: the error
// beside the line, the line refilled, every other line as stored.
func (p *Pages) keyinRefused(c echo.Context, k *keyinSection, view keyinView, in tournament.Result, line *keyinLine, err error) error {
	pr := explain(err)
	if pr.Internal {
		p.log.Error("key-in failed", "section", k.sec.ID, "err", err)
	}
	var te *tournament.Error
	cur := (*tournament.Result)(nil)
	if errors.As(err, &te) && te.Current != nil && (errors.Is(err, tournament.ErrStale) || errors.Is(err, tournament.ErrConflict)) {
		cur = te.Current
		pr.Message = "this line was stored meanwhile (by " + cur.EnteredBy + ": " + storedWords(cur) + ", version " + strconv.Itoa(cur.Version) +
			"). Your line is still in the form: store it again to replace that one, or move on"
		pr.Field = "line"
	}
	if wantsJSON(c) {
		a := keyinAnswer{Error: pr.Message, Field: pr.Field, Allowed: pr.Allowed}
		fillParsed(&a, line)
		if cur != nil {
			a.ID, a.Version = cur.ID, cur.Version
		}
		return c.JSON(pr.Status, a)
	}
	d := k.page(view, "")
	anchor := ""
	for i := range d.Slots {
		s := &d.Slots[i]
		s.Focus = false
		if s.Board != in.Board || s.Round != in.Round || s.Table != in.Table {
			continue
		}
		anchor = s.Anchor
		s.Focus, s.Error, s.Field, s.Checked = true, pr.Message, pr.Field, false
		s.Form = keyinFormValues(c)
		if cur != nil {
			s.Stored = cur
			s.StoredWords, s.Score, s.Items = storedWords(cur), scoreWords(*cur), cur.Lines
			s.Form["id"], s.Form["version"] = strconv.FormatInt(cur.ID, 10), strconv.Itoa(cur.Version)
		} else if s.Key == "" && s.Stored == nil {
			s.Key = newKeyinKey()
		}
	}
	v := View{Title: keyinTitle(d), Data: d, Field: pr.Field, Allowed: pr.Allowed, Form: keyinFormValues(c)}
	v.Error = pr.Message
	if anchor != "" {
		v.Error = "board " + strconv.Itoa(in.Board) + ", round " + strconv.Itoa(in.Round) + ", table " + strconv.Itoa(in.Table) + " was not stored: " + pr.Message
	}
	if pr.Status == http.StatusServiceUnavailable {
		c.Response().Header().Set("Retry-After", "5")
	}
	return p.render(c, pr.Status, "keyin.html", v)
}

// keyinFormValues is the line's form as sent, less what the page supplies
// itself (the form token, the key).
func keyinFormValues(c echo.Context) map[string]string {
	f := formValues(c)
	delete(f, formTokenField)
	delete(f, "key")
	return f
}

// fillParsed copies the typed line's parts into an answer, for the
// structured fields.
func fillParsed(a *keyinAnswer, l *keyinLine) {
	if l == nil {
		return
	}
	a.Contract, a.Declarer, a.Lead = l.Contract, l.Declarer, l.Lead
	if l.Tricks != tournament.TricksNotGiven {
		t := l.Tricks
		a.Tricks = &t
	}
}

// keyinChecked answers a checked line: its score, nothing stored.
func (p *Pages) keyinChecked(c echo.Context, k *keyinSection, view keyinView, line *keyinLine, r tournament.Result) error {
	if wantsJSON(c) {
		a := keyinAnswer{OK: true, Score: scoreWords(r), Items: r.Lines}
		fillParsed(&a, line)
		a.Contract, a.Declarer, a.Lead = r.Contract, r.Declarer, r.Lead
		if r.Status == tournament.StatusPlayed {
			t := r.Tricks
			a.Tricks = &t
		}
		return c.JSON(http.StatusOK, a)
	}
	d := k.page(view, "")
	for i := range d.Slots {
		s := &d.Slots[i]
		s.Focus = s.Board == r.Board && s.Round == r.Round && s.Table == r.Table
		if s.Focus {
			s.Form, s.Score, s.Items, s.Checked = keyinFormValues(c), scoreWords(r), r.Lines, true
			if s.Stored == nil {
				s.Key = newKeyinKey()
			}
		}
	}
	return p.render(c, http.StatusOK, "keyin.html", View{Title: keyinTitle(d), Data: d})
}

// keyinStored answers a stored line: where the next empty line is — after
// it on this page, else the first before it, else on the next board (or
// pair) with one.
func (p *Pages) keyinStored(c echo.Context, k *keyinSection, view keyinView, r tournament.Result) error {
	k.results[slotKey{r.Board, r.Round, r.Table}] = r
	done := "Board " + strconv.Itoa(r.Board) + ", round " + strconv.Itoa(r.Round) + ", table " + strconv.Itoa(r.Table) + " stored: " + storedWords(&r)
	if s := scoreWords(r); s != "" {
		done += ", " + s
	}
	slots := k.slots(view)
	next, at := "", -1
	for i, s := range slots {
		if s.Board == r.Board && s.Round == r.Round && s.Table == r.Table {
			at = i
		}
	}
	for j := 1; j <= len(slots) && next == ""; j++ {
		if s := slots[(at+j+len(slots))%len(slots)]; s.Empty() {
			next = s.Anchor
		}
	}
	base := "/director/sections/" + strconv.FormatInt(k.sec.ID, 10) + "/keyin?"
	nextURL := ""
	if next == "" {
		if nv, ok := k.nextView(view); ok {
			nextURL = base + nv.Query()
			done += ". " + map[bool]string{true: "Every line of this pair is in", false: "Every line of this board is in"}[view.Pair > 0]
		} else {
			done += ". Every line of the section is in"
		}
	}
	if wantsJSON(c) {
		a := keyinAnswer{OK: true, Stored: true, ID: r.ID, Version: r.Version, Score: scoreWords(r), Items: r.Lines, Done: done,
			Next: next, NextURL: nextURL, Contract: r.Contract, Declarer: r.Declarer, Lead: r.Lead}
		if r.Status == tournament.StatusPlayed || r.Status == tournament.StatusPassedOut {
			a.Line = lineOf(&r).String()
		}
		if r.Status == tournament.StatusPlayed {
			t := r.Tricks
			a.Tricks = &t
		}
		return c.JSON(http.StatusOK, a)
	}
	to, fragment := base+view.Query(), ""
	if next != "" {
		to, fragment = to+"&at="+url.QueryEscape(next), "#"+next
	} else if nextURL != "" {
		to = nextURL
	}
	return c.Redirect(http.StatusSeeOther, to+"&done="+url.QueryEscape(done)+fragment)
}

// nextView is the next board (or pair) after v, wrapping round, with a
// line still to key in.
func (k *keyinSection) nextView(v keyinView) (keyinView, bool) {
	m := &k.sec.Movement
	n, cur := m.Boards, v.Board
	if v.Pair > 0 {
		n, cur = m.Pairs, v.Pair
	}
	for j := 1; j < n; j++ {
		x := (cur-1+j)%n + 1
		nv := keyinView{Board: x}
		if v.Pair > 0 {
			if x == m.Phantom {
				continue
			}
			nv = keyinView{Pair: x}
		}
		if countEmpty(k.slots(nv)) > 0 {
			return nv, true
		}
	}
	return keyinView{}, false
}

// keyinJSONError answers the script with an error that is not a line's.
func keyinJSONError(c echo.Context, err error) error {
	pr := explain(err)
	return c.JSON(pr.Status, keyinAnswer{Error: pr.Message, Field: pr.Field, Allowed: pr.Allowed})
}
