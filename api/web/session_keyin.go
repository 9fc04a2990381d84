package web

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// The director's key-in page: played results typed in from paper — a
// board's traveler line by line, or a pair's pickup slips round by round —
// for any slot of any round, checked and scored by the same Service calls
// as the API's (CheckResult for the preview, EnterResults and UpdateResult
// to store), one line a form, so that it works without JavaScript;
// assets/keyin.js only makes it quicker (the preview as the line is typed,
// Enter storing the line and moving to the next empty one in place).

// keyinRoutes adds the key-in page and its form.
func (p *Pages) keyinRoutes(g *echo.Group) {
	g.GET("/sections/:id/keyin", p.keyinPage)
	g.POST("/sections/:id/keyin", p.postKeyin)
}

// keyinView is what the page lists: a board's traveler or a pair's slips.
type keyinView struct {
	Board int // the board whose traveler is keyed; 0 in a pair's view
	Pair  int // the movement pair whose pickup slips are keyed; 0 in a board's view
}

// Query is the view as the page's address and forms write it: "board=5" or "pair=3".
func (v keyinView) Query() string {
	if v.Pair > 0 {
		return "pair=" + strconv.Itoa(v.Pair)
	}
	return "board=" + strconv.Itoa(v.Board)
}

// keyinSlot is one line of the page: a board played at a table in a round.
type keyinSlot struct {
	Anchor      string // the line's id on the page: "b5-r2-t3"
	Board       int
	Round       int
	Table       int
	NS, EW      string // the pairs holding the NS and EW cards, as results number them ("3", "3 NS")
	NSNames     string // their players, "" when not entered
	EWNames     string
	Dealer      string // N, E, S or W
	Vulnerable  string // in words, "" where the law code does not use it
	AskHonours  bool   // the law code scores honours and the board has no complete hand record
	NoPlay      bool   // the missing pair of a half table sits here: nothing to key in
	Stored      *tournament.Result
	StoredWords string            // the stored line in words ("4SX N 10", "artificial 60% – 40%")
	Score       string            // the stored or checked score in words ("NS 420")
	Items       []string          // that score itemised as the law code scores it
	Form        map[string]string // the values the line's fields show
	Key         string            // the Idempotency-Key a new line is stored with
	Error       string            // why the line was not stored, "" when it was not refused
	Field       string            // the field that error is about
	Checked     bool              // Score and Items are a check of the typed line, not a stored score
	Focus       bool              // the cursor starts here: the next empty line
}

// Value is the slot as the form sends it: "board/round/table".
func (s keyinSlot) Value() string {
	return strconv.Itoa(s.Board) + "/" + strconv.Itoa(s.Round) + "/" + strconv.Itoa(s.Table)
}

// Empty says whether the line still waits for a result.
func (s keyinSlot) Empty() bool { return s.Stored == nil && !s.NoPlay }

// keyinChoice is a board or a pair in the page's pickers.
type keyinChoice struct {
	Value int
	Label string
	Empty int // its lines still to key in
}

// keyinData is the key-in page's data.
type keyinData struct {
	Event      tournament.Event
	Section    tournament.Section
	View       keyinView
	Title      string // "Board 5" or "Pair 3 NS · Ann & Bob"
	Facts      string // the board's dealer and vulnerability; the pair's players
	Slots      []keyinSlot
	Boards     []keyinChoice
	Pairs      []keyinChoice
	Prev, Next string // the pages of the views before and after; "" when none
	Empty      int    // lines of this view still to key in
	Missing    int    // lines of the section still to key in
	Features   tableFeatures
	Seats      []seatChoice
	Counts     []int    // 0 to 5: honours a hand may hold
	Revokes    []int    // 1 to 3: revoke rows
	Levels     bool     // the law code's contracts have a level ("4S"), so "=", "+1", "-2" may be typed
	Strains    []string // the strains as the law code writes them, in its bid order
	Royal      bool     // a bid may be royal (royalton-1915)
	Example    string
	Script     keyinScript
}

// keyinScript is what assets/keyin.js reads from the page.
type keyinScript struct {
	Action string `json:"action"` // where the lines go
}

// keyinSection is what every key-in request reads: the section, its event
// and law code, its results, pairs and boards.
type keyinSection struct {
	sec     tournament.Section
	ev      tournament.Event
	rules   scoring.Rules
	results map[slotKey]tournament.Result
	names   map[string]string // "number direction" → players
	boards  map[int]tournament.Board
}

// loadKeyin reads a section for the key-in page.
func (p *Pages) loadKeyin(c echo.Context) (keyinSection, error) {
	var k keyinSection
	id, err := pathID(c, "id")
	if err != nil {
		return k, err
	}
	ctx, a := c.Request().Context(), actor(c)
	if k.sec, err = p.svc.Section(ctx, a, id); err != nil {
		return k, err
	}
	if k.ev, err = p.svc.Event(ctx, a, k.sec.EventID); err != nil {
		return k, err
	}
	k.ev = k.ev.InSection(&k.sec) // the section's own code, where it has one
	if k.rules, err = k.ev.Rules(); err != nil {
		return k, err
	}
	rs, err := p.svc.Results(ctx, a, tournament.ResultFilter{SectionID: id})
	if err != nil {
		return k, err
	}
	k.results = make(map[slotKey]tournament.Result, len(rs))
	for _, r := range rs {
		k.results[slotKey{r.Board, r.Round, r.Table}] = r
	}
	pairs, err := p.svc.Pairs(ctx, a, id)
	if err != nil {
		return k, err
	}
	k.names = map[string]string{}
	for _, pr := range pairs {
		k.names[strings.TrimSpace(pr.Number+" "+pr.Direction)] = playerNames(pr.Players)
	}
	boards, err := p.svc.Boards(ctx, a, id)
	if err != nil {
		return k, err
	}
	k.boards = make(map[int]tournament.Board, len(boards))
	for _, b := range boards {
		k.boards[b.Number] = b
	}
	return k, nil
}

// keyinViewOf reads the view a request names (board= or pair=); with
// neither, the board of the section's first empty line.
func (k *keyinSection) keyinViewOf(board, pair string) (keyinView, error) {
	m := &k.sec.Movement
	switch {
	case pair != "":
		n, err := strconv.Atoi(pair)
		if err != nil || n < 1 || n > m.Pairs || n == m.Phantom {
			return keyinView{}, tournament.Invalidf("pair", strconv.Quote(pair)+": choose a pair of section "+k.sec.Name+", 1 to "+strconv.Itoa(m.Pairs))
		}
		return keyinView{Pair: n}, nil
	case board != "":
		n, err := strconv.Atoi(board)
		if err != nil || n < 1 || n > m.Boards {
			return keyinView{}, tournament.Invalidf("board", strconv.Quote(board)+": section "+k.sec.Name+" plays boards 1 to "+strconv.Itoa(m.Boards))
		}
		return keyinView{Board: n}, nil
	}
	for b := 1; b <= m.Boards; b++ {
		for _, s := range k.slots(keyinView{Board: b}) {
			if s.Empty() {
				return keyinView{Board: b}, nil
			}
		}
	}
	return keyinView{Board: 1}, nil
}

// label is a movement pair as results number it: "3" or "3 NS".
func (k *keyinSection) label(pair int) string {
	n, d := k.sec.Movement.PairLabel(pair)
	return strings.TrimSpace(n + " " + d)
}

// slots lists the lines of a view from the movement: a board's every
// table, round by round; a pair's every board, round by round.
func (k *keyinSection) slots(v keyinView) []keyinSlot {
	m := &k.sec.Movement
	var out []keyinSlot
	for _, rd := range m.Rounds {
		for _, t := range rd.Tables {
			if v.Pair > 0 && t.NS != v.Pair && t.EW != v.Pair {
				continue
			}
			for _, b := range t.Boards {
				if v.Board > 0 && b != v.Board {
					continue
				}
				out = append(out, k.slot(b, rd.Number, t))
			}
		}
	}
	return out
}

// slot is a board at a table in a round, with what is stored there.
func (k *keyinSection) slot(board, round int, t movement.Table) keyinSlot {
	m := &k.sec.Movement
	s := keyinSlot{Board: board, Round: round, Table: t.Table, NS: k.label(t.Cards(scoring.NS)), EW: k.label(t.Cards(scoring.EW)),
		Anchor: "b" + strconv.Itoa(board) + "-r" + strconv.Itoa(round) + "-t" + strconv.Itoa(t.Table)}
	s.NSNames, s.EWNames = k.names[s.NS], k.names[s.EW]
	s.NoPlay = m.Phantom != 0 && (t.NS == m.Phantom || t.EW == m.Phantom)
	b, ok := k.boards[board]
	if !ok {
		b = tournament.Board{Number: board, Dealer: scoring.BoardDealer(board), Vulnerability: scoring.BoardVulnerability(board)}
	}
	s.Dealer = b.Dealer.String()
	if k.rules.Law.UsesVulnerability() {
		s.Vulnerable = vulnerabilityWords(b.Vulnerability)
	}
	s.AskHonours = k.rules.Law.HasHonours() && holdingsOf(&k.rules, b.Deal) == nil
	if r, ok := k.results[slotKey{board, round, t.Table}]; ok {
		s.Stored = &r
		s.StoredWords, s.Score, s.Items = storedWords(&r), scoreWords(r), r.Lines
	}
	s.Form = formOfStored(s.Stored)
	return s
}

// storedWords writes a stored line as the page shows it: the typed form
// of a played line, the adjusted score in words otherwise.
func storedWords(r *tournament.Result) string {
	switch r.Status {
	case tournament.StatusPlayed, tournament.StatusPassedOut:
		return lineOf(r).String()
	case tournament.StatusArtificial:
		return "artificial: NS " + strconv.Itoa(r.NSPercent) + "%, EW " + strconv.Itoa(r.EWPercent) + "%"
	case tournament.StatusAssigned:
		if r.Split() {
			return "assigned (Law 12C1(b)): " + splitWords(r)
		}
		return "assigned: " + assignedWords(r.Assigned)
	}
	return statusWords[string(r.Status)]
}

// lineOf is a played or passed-out result as the key-in field writes it.
func lineOf(r *tournament.Result) keyinLine {
	if r.Status == tournament.StatusPassedOut {
		return keyinLine{Contract: "PASS", Tricks: tournament.TricksNotGiven}
	}
	return keyinLine{Contract: r.Contract, Declarer: r.Declarer, Tricks: r.Tricks, Lead: r.Lead}
}

// scoreWords writes a line's score: "NS 420", "EW 50", "0".
func scoreWords(r tournament.Result) string {
	switch {
	case r.Status == tournament.StatusArtificial || r.Status == tournament.StatusNotPlayed:
		return ""
	case r.NSScore > 0:
		return "NS " + strconv.Itoa(r.NSScore)
	case r.NSScore < 0:
		return "EW " + strconv.Itoa(-r.NSScore)
	}
	return "0"
}

// formOfStored is what a line's fields show for the stored result (nil:
// an empty line).
func formOfStored(r *tournament.Result) map[string]string {
	f := map[string]string{}
	if r == nil {
		return f
	}
	f["id"], f["version"] = strconv.FormatInt(r.ID, 10), strconv.Itoa(r.Version)
	if r.Status != tournament.StatusPlayed && r.Status != tournament.StatusPassedOut {
		return f
	}
	l := lineOf(r)
	f["line"], f["contract"], f["declarer"], f["lead"] = l.String(), l.Contract, l.Declarer, l.Lead
	if r.Status == tournament.StatusPlayed {
		f["tricks"] = strconv.Itoa(r.Tricks)
	}
	for seat, n := range r.Honours {
		f["honours-"+seat] = strconv.Itoa(n)
	}
	for _, seat := range r.Chicane {
		f["chicane-"+seat] = "on"
	}
	if len(r.Revokes) > 0 {
		f["revokes"] = strconv.Itoa(len(r.Revokes))
	}
	for i, rv := range r.Revokes {
		f["revoke-side-"+strconv.Itoa(i)], f["revoke-penalty-"+strconv.Itoa(i)] = rv.Side, rv.Penalty
	}
	return f
}

// page builds the page of view v; the line at focus (an anchor) starts
// with the cursor, else the view's first empty line.
func (k *keyinSection) page(v keyinView, focus string) keyinData {
	m := &k.sec.Movement
	d := keyinData{Event: k.ev, Section: k.sec, View: v, Slots: k.slots(v), Features: featuresFor(&k.rules),
		Seats: tableSeatChoices, Counts: []int{0, 1, 2, 3, 4, 5}, Revokes: []int{1, 2, 3},
		Script: keyinScript{Action: "/director/sections/" + strconv.FormatInt(k.sec.ID, 10) + "/keyin"}}
	d.Levels = parses(&k.rules, "4S")
	ch := choicesFor(&k.rules)
	for _, st := range ch.Strains {
		d.Strains = append(d.Strains, st.Code)
	}
	d.Royal = ch.Royal
	d.Example = "4S N 10"
	if !d.Levels {
		d.Example = "S N 8"
	}
	for b := 1; b <= m.Boards; b++ {
		ch := keyinChoice{Value: b, Label: "Board " + strconv.Itoa(b), Empty: countEmpty(k.slots(keyinView{Board: b}))}
		d.Boards = append(d.Boards, ch)
		d.Missing += ch.Empty
	}
	for n := 1; n <= m.Pairs; n++ {
		if n == m.Phantom {
			continue
		}
		ch := keyinChoice{Value: n, Label: "Pair " + k.label(n), Empty: countEmpty(k.slots(keyinView{Pair: n}))}
		if names := k.names[k.label(n)]; names != "" {
			ch.Label += " · " + names
		}
		d.Pairs = append(d.Pairs, ch)
	}
	base := d.Script.Action + "?"
	if v.Board > 0 {
		d.Title = "Board " + strconv.Itoa(v.Board)
		if len(d.Slots) > 0 {
			d.Facts = "Dealer " + d.Slots[0].Dealer
			if d.Slots[0].Vulnerable != "" {
				d.Facts += " · " + d.Slots[0].Vulnerable
			}
		}
		if v.Board > 1 {
			d.Prev = base + keyinView{Board: v.Board - 1}.Query()
		}
		if v.Board < m.Boards {
			d.Next = base + keyinView{Board: v.Board + 1}.Query()
		}
	} else {
		d.Title = "Pair " + k.label(v.Pair)
		d.Facts = k.names[k.label(v.Pair)]
		if i := choiceIndex(d.Pairs, v.Pair); i > 0 {
			d.Prev = base + keyinView{Pair: d.Pairs[i-1].Value}.Query()
		}
		if i := choiceIndex(d.Pairs, v.Pair); i >= 0 && i+1 < len(d.Pairs) {
			d.Next = base + keyinView{Pair: d.Pairs[i+1].Value}.Query()
		}
	}
	d.Empty = countEmpty(d.Slots)
	focused := false
	for i := range d.Slots {
		s := &d.Slots[i]
		if s.Empty() {
			s.Key = newKeyinKey()
		}
		if s.Anchor == focus {
			s.Focus, focused = true, true
		}
	}
	for i := range d.Slots {
		if !focused && d.Slots[i].Empty() {
			d.Slots[i].Focus, focused = true, true
		}
	}
	return d
}

// countEmpty counts the lines still to key in.
func countEmpty(slots []keyinSlot) int {
	n := 0
	for _, s := range slots {
		if s.Empty() {
			n++
		}
	}
	return n
}

// choiceIndex finds value among choices, -1 when it is not there.
func choiceIndex(choices []keyinChoice, value int) int {
	for i, c := range choices {
		if c.Value == value {
			return i
		}
	}
	return -1
}

// newKeyinKey makes the Idempotency-Key of a new line: a second send of
// the same form (a double Enter, a retried request) stores it once.
func newKeyinKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24)
	return "keyin-" + hex.EncodeToString(b)
}

// keyinTitle is the page's title.
func keyinTitle(d keyinData) string {
	return "Key in results · " + d.Title + " · section " + d.Section.Name
}

// keyinPage shows a board's traveler or a pair's pickup slips to key in.
func (p *Pages) keyinPage(c echo.Context) error {
	v := View{Title: "Key in results"}
	k, err := p.loadKeyin(c)
	if err != nil {
		return p.renderError(c, "keyin.html", v, err)
	}
	view, err := k.keyinViewOf(c.QueryParam("board"), c.QueryParam("pair"))
	if err != nil {
		view, _ = k.keyinViewOf("", "")
		d := k.page(view, "")
		v.Title, v.Data = keyinTitle(d), d
		return p.renderError(c, "keyin.html", v, err)
	}
	d := k.page(view, c.QueryParam("at"))
	v.Title, v.Data = keyinTitle(d), d
	return p.render(c, http.StatusOK, "keyin.html", v)
}

// Invalid says whether the line's error is about field name ("honours"
// covers "honours-N" and the like).
func (s keyinSlot) Invalid(name string) bool {
	return s.Field == name || strings.HasPrefix(s.Field, name+"-") || strings.HasPrefix(s.Field, name+"[") ||
		(name == "line" && (s.Field == "slot" || s.Field == "key" || s.Field == "version"))
}

// Extras says whether the line's honours or revokes fields hold anything,
// or its error is about them: their box starts open.
func (s keyinSlot) Extras() bool {
	for k, v := range s.Form {
		if (strings.HasPrefix(k, "honours-") || strings.HasPrefix(k, "chicane-") || k == "revokes") && v != "" && v != "0" {
			return true
		}
	}
	return s.Invalid("honours") || s.Invalid("chicane") || s.Invalid("revokes")
}
