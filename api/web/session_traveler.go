package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// lineView is a traveler line as a page shows it.
type lineView struct {
	tournament.Result
	Played     bool   // a contract was played: the contract, declarer and tricks are shown
	Adjusted   string // an adjusted score in words, "" for none
	NSPlus     string // the NS score when NS scored, else ""
	EWPlus     string // the EW score when EW scored, else ""
	NSPoints   float64
	EWPoints   float64
	ShowPoints bool                 // the line earned points (not a board not played)
	Items      []string             // the score itemised as the law code scores it ("NS: 4 odd tricks at 30: 120"), from scoring
	Calls      string               // the auction from the dealer, compactly ("1H P 2H P P P"); "" when the table did not enter it
	Suspect    tournament.Suspicion // why the director should check the line; zero when it looks right
}

// CorrectedWhy returns why the director set the points of side ("NS" or
// "EW") of the line (tournament.PointCorrection), "" when the comparison's
// stand.
func (l lineView) CorrectedWhy(side string) string {
	for _, pc := range l.Corrections {
		if pc.Side == side {
			return "set by the director: " + pc.Reason
		}
	}
	return ""
}

// travelerView is a board's traveler as a page shows it.
type travelerView struct {
	Board         tournament.Board
	Law           scoring.Law
	Vulnerability string        // the board's vulnerability in words, "" when the law code does not use it
	Deal          *dealView     // the hand record as a diagram, nil when there is none
	Analysis      *analysisView // its double-dummy table and par; nil when there is no hand record
	Method        tournament.Method
	Top           float64
	Datum         *int
	Lines         []lineView
	Groups        []lineGroup // the lines by the version of the board they played: one group unless the board was fouled
	Fouled        bool        // the tables played more than one version of the board
	Director      bool        // the director's page: edit links and queries
	Section       int64
}

// slotView is a table that plays a board in a round, for the adjusted
// score form.
type slotView struct {
	Round, Table int
	NS, EW       string
	ResultID     int64 // 0 when there is no result yet
	Version      int   // the version of the board it played: 1 as dealt, 2 … fouled
}

// Value is the slot as the form sends it: "round/table".
func (s slotView) Value() string { return strconv.Itoa(s.Round) + "/" + strconv.Itoa(s.Table) }

// directorTravelerData is the director's traveler page's data.
type directorTravelerData struct {
	Event       tournament.Event
	Section     tournament.Section
	Traveler    travelerView
	Slots       []slotView                   // every table that plays the board, with the version it played
	Missing     []slotView                   // those without a result
	Chosen      string                       // the slot the adjusted score form has selected
	Played      []slotView                   // the tables with a result: the lines whose points the director can set
	Corrected   []tournament.PointCorrection // the director's points on the board's lines, each with its lift button
	Correctable bool                         // the method compares a traveler's lines (not teams), so a line's points can be set
	Prev        int                          // the board before, 0 when none
	Next        int                          // the board after, 0 when none
}

// newTravelerView converts a traveler of event ev for a page: the board's
// vulnerability only when ev's law code uses it, the hand record as a
// diagram, each line with its itemised score.
func newTravelerView(t tournament.Traveler, ev tournament.Event, director bool) travelerView {
	v := travelerView{Board: t.Board, Law: ev.Law, Method: t.Method, Top: t.Top, Datum: t.Datum, Director: director, Section: t.Section.ID,
		Deal: newDealView(t.Board.Deal)}
	if ev.Law.UsesVulnerability() {
		v.Vulnerability = vulnerabilityWords(t.Board.Vulnerability)
	}
	for _, l := range t.Lines {
		v.Lines = append(v.Lines, newLineView(l))
	}
	v.Groups = groupLines(t, v.Lines, director)
	v.Fouled = len(v.Groups) > 1
	return v
}

// newLineView converts a traveler line for a page.
func newLineView(l tournament.TravelerLine) lineView {
	r := l.Result
	v := lineView{Result: r, NSPoints: l.NSPoints, EWPoints: l.EWPoints, ShowPoints: r.Status != tournament.StatusNotPlayed, Items: r.Lines,
		Calls: compactAuction(r.Auction), Suspect: l.Suspect}
	switch r.Status {
	case tournament.StatusPlayed:
		v.Played = true
	case tournament.StatusPassedOut:
		v.Adjusted = "passed out"
	case tournament.StatusNotPlayed:
		v.Adjusted = "not played"
	case tournament.StatusArtificial:
		v.Adjusted = "artificial: NS " + strconv.Itoa(r.NSPercent) + "%, EW " + strconv.Itoa(r.EWPercent) + "%"
	case tournament.StatusAssigned:
		v.Adjusted = "assigned: " + assignedWords(r.Assigned)
		if r.Split() {
			// Law 12C1(b): each side's own score, each in its own column, signed.
			v.Adjusted = "assigned (Law 12C1(b)): " + splitWords(&r)
			v.NSPlus, v.EWPlus = signed(float64(r.NSScore)), signed(float64(-r.EWSideScore()))
			return v
		}
	}
	if r.Status != tournament.StatusArtificial && r.Status != tournament.StatusNotPlayed {
		switch {
		case r.NSScore > 0:
			v.NSPlus = strconv.Itoa(r.NSScore)
		case r.NSScore < 0:
			v.EWPlus = strconv.Itoa(-r.NSScore)
		}
	}
	return v
}

// assignedWords writes an assigned score's parts: "NS 420 × 60%, NS −50 × 40%".
func assignedWords(parts []tournament.AssignedPart) string {
	out := make([]string, len(parts))
	for i, a := range parts {
		out[i] = "NS " + strconv.Itoa(a.NSScore) + " × " + strconv.FormatFloat(a.Weight*100, 'f', -1, 64) + "%"
	}
	return strings.Join(out, ", ")
}

// splitWords writes a split score's two sides, each as that side scores it:
// "NS +620, EW −650"; a weighted side as its parts: "NS +620 × 50%, +650 × 50%".
func splitWords(r *tournament.Result) string {
	side := func(name string, parts []tournament.AssignedPart, sign int) string {
		if len(parts) == 1 {
			return name + " " + signed(float64(sign*parts[0].NSScore))
		}
		out := make([]string, len(parts))
		for i, a := range parts {
			out[i] = signed(float64(sign*a.NSScore)) + " × " + strconv.FormatFloat(a.Weight*100, 'f', -1, 64) + "%"
		}
		return name + " " + strings.Join(out, ", ")
	}
	return side("NS", r.Assigned, 1) + "; " + side("EW", r.EWAssigned, -1)
}

// boardSlots lists the tables that play board b, round by round, with the
// result each has.
func boardSlots(sec *tournament.Section, b int, results []tournament.Result) []slotView {
	m := &sec.Movement
	have := map[[2]int]int64{}
	for _, r := range results {
		if r.Board == b {
			have[[2]int{r.Round, r.Table}] = r.ID
		}
	}
	var out []slotView
	for _, rd := range m.Rounds {
		for _, t := range rd.Tables {
			for _, x := range t.Boards {
				if x != b {
					continue
				}
				ns, _ := m.PairLabel(t.Cards(scoring.NS))
				ew, _ := m.PairLabel(t.Cards(scoring.EW))
				out = append(out, slotView{Round: rd.Number, Table: t.Table, NS: ns, EW: ew, ResultID: have[[2]int{rd.Number, t.Table}]})
			}
		}
	}
	return out
}

// loadDirectorTraveler gathers the director's traveler page.
func (p *Pages) loadDirectorTraveler(ctx context.Context, a tournament.Actor, sectionID int64, board int) (directorTravelerData, error) {
	sec, err := p.svc.Section(ctx, a, sectionID)
	if err != nil {
		return directorTravelerData{}, err
	}
	ev, err := p.svc.Event(ctx, a, sec.EventID)
	if err != nil {
		return directorTravelerData{}, err
	}
	t, err := p.svc.Traveler(ctx, a, sec.ID, board)
	if err != nil {
		return directorTravelerData{}, err
	}
	d := directorTravelerData{Event: ev, Section: sec, Traveler: newTravelerView(t, ev, true)}
	d.Traveler.Analysis = p.analysisView(ctx, a, t, ev)
	results := make([]tournament.Result, len(t.Lines))
	for i, l := range t.Lines {
		results[i] = l.Result
	}
	d.Slots = boardSlots(&sec, board, results)
	versions, err := p.svc.BoardVersions(ctx, a, sec.ID, board)
	if err != nil {
		return directorTravelerData{}, err
	}
	d.Slots = withSlotVersions(d.Slots, versions)
	for _, s := range d.Slots {
		if s.ResultID == 0 {
			d.Missing = append(d.Missing, s)
		} else {
			d.Played = append(d.Played, s)
		}
	}
	d.Corrected, d.Correctable = boardCorrections(&sec, board), !ev.Scoring.Teams()
	if board > 1 {
		d.Prev = board - 1
	}
	if board < sec.Movement.Boards {
		d.Next = board + 1
	}
	return d, nil
}

// travelerTitle is a traveler page's title.
func travelerTitle(ev tournament.Event, sec tournament.Section, board int) string {
	return "Board " + strconv.Itoa(board) + " · " + ev.Name + " · section " + sec.Name
}

// directorTravelerPage shows a board's traveler with links to correct each
// line and the form for an adjusted score.
func (p *Pages) directorTravelerPage(c echo.Context) error {
	return p.showDirectorTraveler(c, http.StatusOK, View{}, nil)
}

// showDirectorTraveler renders the director's traveler page, with failed
// (not nil) explained above it and the form's values kept.
func (p *Pages) showDirectorTraveler(c echo.Context, status int, v View, failed error) error {
	v.Title = "Traveler"
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "traveler_director.html", v, err)
	}
	board, err := boardParam(c)
	if err != nil {
		return p.renderError(c, "traveler_director.html", v, err)
	}
	d, err := p.loadDirectorTraveler(c.Request().Context(), actor(c), id, board)
	if err != nil {
		return p.renderError(c, "traveler_director.html", v, err)
	}
	d.Chosen = c.FormValue("slot")
	if d.Chosen == "" && len(d.Missing) > 0 {
		d.Chosen = d.Missing[0].Value()
	}
	v.Title, v.Data = travelerTitle(d.Event, d.Section, board), d
	if failed != nil {
		return p.renderError(c, "traveler_director.html", v, failed)
	}
	return p.render(c, status, "traveler_director.html", v)
}

// postAdjusted assigns an adjusted score to a table of the board: an
// artificial one (each side's percentage of the top) or an assigned one
// (weighted NS scores). A table that has a result gets it replaced.
func (p *Pages) postAdjusted(c echo.Context) error {
	ctx, a := c.Request().Context(), actor(c)
	id, board, err := travelerParams(c)
	if err != nil {
		return p.showDirectorTraveler(c, 0, View{}, err)
	}
	in, err := adjustedInput(c, board)
	if err != nil {
		return p.showDirectorTraveler(c, 0, View{}, err)
	}
	existing, err := p.svc.Results(ctx, a, tournament.ResultFilter{SectionID: id, Board: board, Round: in.Round, Table: in.Table})
	if err != nil {
		return p.showDirectorTraveler(c, 0, View{}, err)
	}
	if len(existing) == 1 {
		_, err = p.svc.UpdateResult(ctx, a, existing[0].ID, in, existing[0].Version)
	} else {
		_, _, err = p.svc.EnterResults(ctx, a, id, []tournament.Result{in}, nil)
	}
	if err != nil {
		return p.showDirectorTraveler(c, 0, View{}, err)
	}
	return redirect(c, travelerPath(id, board),
		"Adjusted score assigned: round "+strconv.Itoa(in.Round)+", table "+strconv.Itoa(in.Table))
}

// adjustedInput reads the adjusted score form into a result.
func adjustedInput(c echo.Context, board int) (tournament.Result, error) {
	r := tournament.Result{Board: board}
	round, table, ok := strings.Cut(c.FormValue("slot"), "/")
	var err1, err2 error
	r.Round, err1 = strconv.Atoi(round)
	r.Table, err2 = strconv.Atoi(table)
	if !ok || err1 != nil || err2 != nil {
		return r, tournament.Invalidf("slot", "choose the round and table the adjusted score is for")
	}
	switch c.FormValue("kind") {
	case "artificial":
		r.Status = tournament.StatusArtificial
		var err error
		if r.NSPercent, err = percentField(c, "ns_percent", "NS"); err != nil {
			return r, err
		}
		if r.EWPercent, err = percentField(c, "ew_percent", "EW"); err != nil {
			return r, err
		}
	case "assigned":
		r.Status = tournament.StatusAssigned
		var err error
		if r.Assigned, r.EWAssigned, err = assignedSides(c); err != nil {
			return r, err
		}
	default:
		return r, tournament.Invalidf("kind", "choose artificial (percentages of the top) or assigned (NS scores)", "artificial", "assigned")
	}
	return r, nil
}

// percentField reads a whole percentage of the top, 0 to 100.
func percentField(c echo.Context, name, side string) (int, error) {
	s := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(c.FormValue(name)), "%"))
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 || v > 100 {
		return 0, tournament.Invalidf(name, strconv.Quote(c.FormValue(name))+": "+side+"'s percentage of the top is a whole number 0 to 100, e.g. 60, 50 or 40")
	}
	return v, nil
}

// assignedSides reads an assigned score's form fields: "assigned", NS's
// score (or scores with shares), and "ew_assigned", EW's own score when it
// is not balanced (Law 12C1(b)), written as EW scores it ("-650"), kept as
// the NS score EW's line is compared with (650); empty: balanced.
func assignedSides(c echo.Context) (ns, ew []tournament.AssignedPart, err error) {
	if ns, err = parseAssigned(c.FormValue("assigned"), "assigned"); err != nil {
		return nil, nil, err
	}
	if s := strings.TrimSpace(c.FormValue("ew_assigned")); s != "" {
		if ew, err = parseAssigned(s, "ew_assigned"); err != nil {
			return nil, nil, err
		}
		for i := range ew {
			ew[i].NSScore = -ew[i].NSScore
		}
	}
	return ns, ew, nil
}

// parseAssigned reads an assigned score: scores separated by commas, each
// with its share in percent unless there is one score, e.g. "420" or
// "420 60%, -50 40%". Errors name field.
func parseAssigned(s, field string) ([]tournament.AssignedPart, error) {
	const how = "write the NS score, or NS scores with their shares, e.g. \"420\" or \"420 60%, -50 40%\""
	fields := strings.Split(s, ",")
	var out []tournament.AssignedPart
	for _, f := range fields {
		words := strings.Fields(strings.ReplaceAll(f, "−", "-"))
		if len(words) == 0 {
			continue
		}
		score, err := strconv.Atoi(words[0])
		if err != nil {
			return nil, tournament.Invalidf(field, strconv.Quote(words[0])+" is not a score: "+how)
		}
		part := tournament.AssignedPart{NSScore: score, Weight: 1}
		switch {
		case len(words) == 2:
			pct, err := strconv.ParseFloat(strings.TrimSuffix(words[1], "%"), 64)
			if err != nil || pct <= 0 || pct > 100 {
				return nil, tournament.Invalidf(field, strconv.Quote(words[1])+" is not a share: "+how)
			}
			part.Weight = pct / 100
		case len(words) > 2:
			return nil, tournament.Invalidf(field, strconv.Quote(strings.TrimSpace(f))+": "+how)
		case len(fields) > 1:
			return nil, tournament.Invalidf(field, strconv.Quote(strings.TrimSpace(f))+" has no share: "+how)
		}
		out = append(out, part)
	}
	if len(out) == 0 {
		return nil, tournament.Invalidf(field, "required: "+how)
	}
	return out, nil
}

// compactAuction writes an auction's calls on one line as a traveler shows
// them, P for each pass: "1H P 2H P P P".
func compactAuction(calls []string) string {
	out := make([]string, len(calls))
	for i, c := range calls {
		if c == "PASS" {
			c = "P"
		}
		out[i] = c
	}
	return strings.Join(out, " ")
}

// analysisView is a board's double-dummy analysis as the traveler shows
// it: the tricks each seat takes as declarer, strain by strain, and par.
type analysisView struct {
	Rows    []analysisRow
	Own     parView   // par under the event's own law code
	Others  []parView // under every other code
	Pending string    // why there is no analysis yet ("" when there is)
	Anchor  string    // put before its elements' ids where a page shows several ("b3-"); "" on a traveler
}

// analysisRow is one declarer's tricks in clubs, diamonds, hearts, spades
// and no-trump.
type analysisRow struct {
	Seat   string
	Tricks [5]int
}

// parView is par under one code: "NS +420", its contracts and its note.
type parView struct {
	Law       string // the code in words (lawWords)
	Score     string
	Contracts string
	Note      string
}

// newParView phrases a par.
func newParView(law scoring.Law, p scoring.Par) parView {
	v := parView{Law: lawWords(law), Score: "0"}
	if len(p.Contracts) == 0 {
		v.Score = "0 (passed out)"
	}
	switch {
	case p.NSScore > 0:
		v.Score = "NS +" + strconv.Itoa(p.NSScore)
	case p.NSScore < 0:
		v.Score = "EW +" + strconv.Itoa(-p.NSScore)
	}
	var cs []string
	for _, c := range p.Contracts {
		cs = append(cs, c.String())
	}
	v.Contracts = strings.Join(cs, ", ")
	if p.NullosLeftOut {
		v.Note = "nullos left out"
	}
	return v
}

// analysisView reads the board's analysis for the traveler: nil when the
// board has no hand record, a pending note when it is not worked out yet.
func (p *Pages) analysisView(ctx context.Context, a tournament.Actor, t tournament.Traveler, ev tournament.Event) *analysisView {
	if t.Board.Deal.Empty() {
		return nil
	}
	an, err := p.svc.BoardAnalysis(ctx, a, t.Section.ID, t.Board.Number)
	if err != nil {
		var te *tournament.Error
		if errors.As(err, &te) && te.Kind == tournament.ErrNotFound {
			return &analysisView{Pending: te.Message}
		}
		p.log.Warn("double-dummy analysis", "section", t.Section.ID, "board", t.Board.Number, "error", err.Error())
		return nil
	}
	return newAnalysisView(an, ev.Law)
}

// newAnalysisView phrases an analysis for a page: the grid in the order
// North, South, East, West, and par under law first.
func newAnalysisView(an tournament.Analysis, law scoring.Law) *analysisView {
	v := &analysisView{}
	for _, seat := range []scoring.Seat{scoring.North, scoring.South, scoring.East, scoring.West} {
		row := analysisRow{Seat: seat.String()}
		for k := range 5 {
			row.Tricks[k] = int(an.Tricks[seat][k])
		}
		v.Rows = append(v.Rows, row)
	}
	for _, lp := range an.Par {
		if lp.Law == law {
			v.Own = newParView(lp.Law, lp.Par)
		} else {
			v.Others = append(v.Others, newParView(lp.Law, lp.Par))
		}
	}
	return v
}
