package web

import (
	"errors"
	"html/template"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// movementKinds are the movements the new-section form offers, with their words.
var movementKinds = []struct{ Value, Label string }{
	{"mitchell", "Mitchell: NS pairs stay, EW pairs move (two winners)"},
	{"howell", "Howell: every pair moves and meets every other (one winner)"},
	{"teams", "Teams: two-room matches, a round robin"},
	{"swiss", "Swiss teams: each round paired from the standings"},
	{"swiss-pairs", "Swiss pairs: pairs paired from the standings, every board scored across the field"},
	{"knockout", "Knockout match: two teams over segments, with a carry-over"},
	{"custom", "From a movement file (.ASC or EBUScore), pasted or uploaded"},
	{"individual", "Individual: four players a table, each changing partner every round"},
}

// sectionFormData is the new-section form's data.
type sectionFormData struct {
	Event   tournament.Event
	Kinds   []kindChoice
	Preview *movementPreview // the movement the form gives, after #preview
	VPs     bool             // the event's matches are converted to VPs (IMP_TEAMS, or a pairs event): the form offers a scale and a bye's VPs
	Laws    []kindChoice     // the law codes a section may play under instead of the event's (issue 28 §2); "" the event's own
}

// kindChoice is one movement kind of the form.
type kindChoice struct {
	Value, Label string
	Selected     bool
}

// movementPreview is a movement shown before it is stored.
type movementPreview struct {
	Movement movement.Movement
	Rounds   int
	Cards    template.HTML    // the table and guide cards
	Knockout *knockoutPreview // a knockout match's segments, carry-over and tie rule; nil for another kind
}

// newSectionPage shows the empty new-section form.
func (p *Pages) newSectionPage(c echo.Context) error {
	ev, err := p.pathEvent(c)
	if err != nil {
		return p.renderError(c, "section_new.html", View{Title: "New section"}, err)
	}
	form := map[string]string{"session": "1", "kind": "howell", "boards_per_round": "2"}
	return p.render(c, http.StatusOK, "section_new.html", View{Title: "New section in " + ev.Name, Form: form, Data: sectionForm(ev, form)})
}

// pathEvent reads the event the path names.
func (p *Pages) pathEvent(c echo.Context) (tournament.Event, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return tournament.Event{}, err
	}
	return p.svc.Event(c.Request().Context(), actor(c), id)
}

// sectionForm fills the form's choices from the values sent.
func sectionForm(ev tournament.Event, form map[string]string) sectionFormData {
	d := sectionFormData{Event: ev, VPs: ev.Scoring == tournament.MethodIMPTeams || !ev.Scoring.Teams()}
	for _, k := range movementKinds {
		d.Kinds = append(d.Kinds, kindChoice{Value: k.Value, Label: k.Label, Selected: form["kind"] == k.Value})
	}
	d.Laws = lawChoices(ev, form["law"])
	return d
}

// lawChoices are the law codes a section may play, the event's first (the
// value ""), chosen the one named.
func lawChoices(ev tournament.Event, chosen string) []kindChoice {
	out := []kindChoice{{Value: "", Label: "the event's: " + ev.Law.String(), Selected: chosen == ""}}
	for _, name := range scoring.LawNames() {
		if name != ev.Law.String() {
			out = append(out, kindChoice{Value: name, Label: name, Selected: chosen == name})
		}
	}
	return out
}

// postSection previews the movement the form describes (action=preview)
// or stores the section (action=create).
func (p *Pages) postSection(c echo.Context) error {
	ev, err := p.pathEvent(c)
	if err != nil {
		return p.renderError(c, "section_new.html", View{Title: "New section"}, err)
	}
	form := formValues(c)
	v := View{Title: "New section in " + ev.Name, Form: form, Data: sectionForm(ev, form)}
	in, err := sectionInput(form, tournament.SwissPairsVPs(ev.Scoring))
	if err != nil {
		return p.renderError(c, "section_new.html", v, err)
	}
	if k := in.Movement.Kind; k == "custom" || k == "individual" {
		if err := movementFileInput(c, form, &in.Movement, k == "custom"); err != nil {
			return p.renderError(c, "section_new.html", v, err)
		}
	}
	if form["action"] == "create" {
		sec, err := p.svc.CreateSection(c.Request().Context(), actor(c), ev.ID, in)
		if err != nil {
			return p.renderError(c, "section_new.html", v, err)
		}
		return redirect(c, "/director/sections/"+strconv.FormatInt(sec.ID, 10), "Section "+sec.Name+" created: "+sec.Movement.Name)
	}
	m, err := in.Movement.BuildContext(c.Request().Context())
	if err != nil {
		return p.renderError(c, "section_new.html", v, err)
	}
	cards, err := movementCards(&m)
	if err != nil {
		return err
	}
	d := v.Data.(sectionFormData)
	d.Preview = &movementPreview{Movement: m, Rounds: len(m.Rounds), Cards: cards}
	if in.Movement.Kind == "knockout" {
		d.Preview.Knockout = knockoutWords(in.Movement, &m)
	}
	v.Data = d
	return p.render(c, http.StatusOK, "section_new.html", v)
}

// sectionInput reads the new-section form; a number that is not one names
// its field. imps: the event is scored by IMPs, where a Swiss pairs
// converts its matches to VPs (the form's VP fields are read for it).
func sectionInput(form map[string]string, imps bool) (tournament.SectionInput, error) {
	in := tournament.SectionInput{Name: form["name"], Law: strings.TrimSpace(form["law"])}
	spec := &in.Movement
	spec.Kind = strings.TrimSpace(form["kind"])
	swissPairs := spec.Kind == "swiss-pairs" // a Swiss (kind "swiss") given pairs, not teams
	if swissPairs {
		spec.Kind = "swiss"
	}
	numbers := []struct {
		field, what string
		to          *int
	}{
		{"session", "the session's number, e.g. 1", &in.Session},
		{"tables", "the number of tables, e.g. 7", &spec.Tables},
		{"pairs", "the number of pairs, e.g. 6", &spec.Pairs},
		{"teams", "the number of teams, e.g. 4", &spec.Teams},
		{"players", "the number of players, e.g. 8", &spec.Players},
		{"boards_per_round", "the boards each table plays a round, e.g. 2", &spec.BoardsPerRound},
		{"rounds", "the rounds to play, or empty for the whole movement", &spec.Rounds},
	}
	for _, n := range numbers {
		s := strings.TrimSpace(form[n.field])
		if s == "" || (n.field == "teams" && spec.Kind == "knockout") { // a knockout is 2 teams, whatever the hidden teams field holds
			continue
		}
		v, err := strconv.Atoi(s)
		if err != nil {
			return in, tournament.Invalidf(n.field, strconv.Quote(s)+": not a whole number; write "+n.what)
		}
		*n.to = v
	}
	if swissPairs {
		spec.Teams = 0 // the teams field stays hidden
	} else if spec.Kind == "swiss" {
		spec.Pairs = 0 // the pairs field (Howell) stays hidden
	}
	// At matchpoints a Swiss pairs is ranked by percentage unless its VP
	// scale is a table of percentages: an IMP scale is not read (the
	// select always sends one); a bye's VPs typed are, and refused by the
	// service without that scale.
	scaled := (spec.Kind == "teams" || spec.Kind == "swiss") && (imps || !swissPairs || strings.TrimSpace(form["vp_scale"]) == "percent-table")
	if scaled {
		spec.VPScale = strings.TrimSpace(form["vp_scale"])
	}
	if s := strings.TrimSpace(form["vp_table"]); s != "" && scaled {
		steps, err := vpTableInput(s)
		if err != nil {
			return in, err
		}
		spec.VPTable = steps
	}
	if s := strings.TrimSpace(form["bye_vps"]); s != "" && spec.Kind == "swiss" {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return in, tournament.Invalidf("bye_vps", strconv.Quote(s)+": not a number; write the VPs of a bye, e.g. 12, or leave it empty")
		}
		spec.ByeVPs = &v
	}
	if spec.Kind == "knockout" {
		if err := knockoutInput(form, spec); err != nil {
			return in, err
		}
	}
	spec.Even = strings.TrimSpace(form["even"])
	spec.ShareBoards = form["share_boards"] != ""
	if spec.Kind == "mitchell" {
		if err := halfTableInput(form, spec); err != nil {
			return in, err
		}
		if err := variantInput(form, spec); err != nil {
			return in, err
		}
	}
	return in, nil
}

// movementFileInput reads a movement from a file: the text pasted in the
// form's box, or the file uploaded (movement_upload), which then fills the
// box so the preview's form creates the same movement. required: a custom
// movement, which is nothing without one; an individual without one is
// the published movement of its players.
func movementFileInput(c echo.Context, form map[string]string, spec *tournament.MovementSpec, required bool) error {
	text, err := typedAndFile(c, "", "movement_upload", "the movement", `"1-2 A 3-4 B"`)
	if err != nil {
		return err
	}
	if text == "" {
		text = form["movement_file"]
	}
	if strings.TrimSpace(text) == "" && !required {
		return nil
	}
	if strings.TrimSpace(text) == "" {
		return tournament.Invalidf("movement.file", "required for a movement from a file: paste the .ASC movement or upload it")
	}
	form["movement_file"] = text
	spec.File = text
	return nil
}

// vpTableInput reads the form's VP scale given as a table: the least
// margin for each VP above the draw, in order, separated by commas or
// spaces ("1, 3, 5, 8"); a step that is not a whole number is named by its
// place, counted from 1.
func vpTableInput(s string) ([]int, error) {
	words := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || unicode.IsSpace(r) })
	steps := make([]int, len(words))
	for i, w := range words {
		v, err := strconv.Atoi(w)
		if err != nil {
			return nil, tournament.Invalidf("movement.vp_table["+strconv.Itoa(i)+"]", "step "+strconv.Itoa(i+1)+", "+strconv.Quote(w)+
				": not a whole number; write the least margin in IMPs for each VP above the draw, in order, e.g. 1, 3, 5, 8, 11")
		}
		steps[i] = v
	}
	return steps, nil
}

// sectionPageData is the section page's data.
type sectionPageData struct {
	Event         tournament.Event
	Section       tournament.Section
	Rounds        []int // 1..the movement's rounds, for the current-round select
	Pairs         []tournament.Pair
	Teams         []tournament.Roster // a teams section's rosters
	Mitchell      bool                // pairs are numbered per direction
	HandRecords   int                 // boards with a deal
	Boards        int                 // boards in the movement
	PairsExample  string
	HalfTable     string            // the half table in a sentence; "" when none
	LatePair      string            // the pair a late pair becomes ("3 EW", "14"); "" when the section has no place for one
	Howell        bool              // the movement is a Howell: a late pair takes the sit-out place
	SitOuts       []sitOutRound     // round by round, who sits out or plays the phantom; nil when all play
	MovementForm  map[string]string // the change-of-movement form, filled from the section's spec
	GradingForm   map[string]string // the strata and handicap form (setup_grading.go), filled from the section's grading
	GradingRows   []int             // its rows of strata: three, or one more than the section has (at most gradingRows)
	PenaltyFor    []string          // who may be given a penalty ("3 NS", "5"); tournament.PenaltyTargets
	PenaltyUnits  []unitChoice      // the units the section's method takes a penalty in; none: it takes none here
	Unbalanced    string            // a custom movement the director accepted unbalanced (MovementSpec.Unbalanced): what movement.CheckBalanced finds in it; "" when none
	PenaltyAmount string            // the form's amount at first: 25 (% of a top, the EBU's standard) at matchpoints, else none
	Laws          []kindChoice      // the law-code form's choices, the one the section plays chosen
}

// unitChoice is a unit of the penalty form: its value and its words.
type unitChoice struct{ Value, Words string }

// sectionPage shows a section: its movement, pairs, hand records and round.
func (p *Pages) sectionPage(c echo.Context) error {
	d, err := p.sectionPageData(c)
	if err != nil {
		return p.renderError(c, "section_page.html", View{Title: "Section"}, err)
	}
	return p.render(c, http.StatusOK, "section_page.html", View{Title: sectionTitle(d), Data: d})
}

// sectionTitle names a section with its event.
func sectionTitle(d sectionPageData) string {
	return "Section " + d.Section.Name + " · " + d.Event.Name
}

// sectionPageData reads what the section page shows.
func (p *Pages) sectionPageData(c echo.Context) (sectionPageData, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return sectionPageData{}, err
	}
	ctx, a := c.Request().Context(), actor(c)
	sec, err := p.svc.Section(ctx, a, id)
	if err != nil {
		return sectionPageData{}, err
	}
	ev, err := p.svc.Event(ctx, a, sec.EventID)
	if err != nil {
		return sectionPageData{}, err
	}
	pairs, err := p.svc.Pairs(ctx, a, id)
	if err != nil {
		return sectionPageData{}, err
	}
	boards, err := p.svc.Boards(ctx, a, id)
	if err != nil {
		return sectionPageData{}, err
	}
	d := sectionPageData{Event: ev, Section: sec, Pairs: pairs, Boards: sec.Movement.Boards,
		Mitchell: sec.Movement.Kind == movement.KindMitchell, HalfTable: halfTableWords(&sec), SitOuts: sitOuts(&sec.Movement), MovementForm: movementForm(&sec),
		GradingForm: gradingForm(&sec.Grading)}
	for i := range min(max(3, len(sec.Grading.Strata)+1), gradingRows) {
		d.GradingRows = append(d.GradingRows, i)
	}
	d.LatePair, _ = sec.LatePairPlace()
	d.PenaltyFor = tournament.PenaltyTargets(&ev, &sec)
	for _, u := range tournament.PenaltyUnits(ev.Scoring, &sec) {
		d.PenaltyUnits = append(d.PenaltyUnits, unitChoice{Value: u, Words: unitWords(u)})
		if u == string(tournament.UnitPercentTop) {
			d.PenaltyAmount = "25"
		}
	}
	d.Howell = sec.Movement.Kind == movement.KindHowell
	own := ""
	if sec.Law != 0 {
		own = sec.Law.String()
	}
	d.Laws = lawChoices(ev, own)
	if se := (*scoring.Error)(nil); sec.Spec.Unbalanced && errors.As(sec.Movement.CheckBalanced(), &se) {
		d.Unbalanced = se.Problem
	}
	for r := range sec.Movement.Rounds {
		d.Rounds = append(d.Rounds, r+1)
	}
	if sec.Movement.Kind == movement.KindTeams {
		if d.Teams, err = p.svc.Teams(ctx, a, id); err != nil {
			return sectionPageData{}, err
		}
	}
	for _, b := range boards {
		if !b.Deal.Empty() {
			d.HandRecords++
		}
	}
	d.PairsExample = "1: Ann Smith & Bob Jones\n2: Carol White & Dan Brown"
	if d.Mitchell {
		d.PairsExample = "1 NS: Ann Smith & Bob Jones\n1 EW: Carol White & Dan Brown"
	}
	return d, nil
}

// sectionPageError shows the section page again with err, keeping the form.
func (p *Pages) sectionPageError(c echo.Context, form map[string]string, err error) error {
	d, rerr := p.sectionPageData(c)
	if rerr != nil {
		return p.renderError(c, "section_page.html", View{Title: "Section"}, rerr)
	}
	return p.renderError(c, "section_page.html", View{Title: sectionTitle(d), Data: d, Form: form}, err)
}

// addPairs stores the pairs written in the text box, one a line.
func (p *Pages) addPairs(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "section_page.html", View{Title: "Section"}, err)
	}
	form := formValues(c)
	ctx, a := c.Request().Context(), actor(c)
	sec, err := p.svc.Section(ctx, a, id)
	if err != nil {
		return p.sectionPageError(c, form, err)
	}
	text, err := pairsText(c, form["pairs_text"])
	if err != nil {
		return p.sectionPageError(c, form, err)
	}
	pairs, lines, err := parsePairs(text, sec.Movement.Kind == movement.KindMitchell)
	if err != nil {
		return p.sectionPageError(c, form, err)
	}
	if _, err := p.svc.AddPairs(ctx, a, id, pairs); err != nil {
		return p.sectionPageError(c, form, onLine(err, lines))
	}
	return redirect(c, "/director/sections/"+strconv.FormatInt(id, 10), strconv.Itoa(len(pairs))+" pairs added")
}

// maxPairsFile is the largest text file (pairs, player numbers) the section
// page reads.
const maxPairsFile = 1 << 20

// pairsText is the pairs typed in the box followed by those of an uploaded
// text file (pairs_file: the same lines, e.g. saved from a spreadsheet).
func pairsText(c echo.Context, typed string) (string, error) {
	return typedAndFile(c, typed, "pairs_file", "the pairs", `"1: Ann Smith & Bob Jones"`)
}

// typedAndFile is the lines typed in a box followed by those of a text file
// uploaded in the form's input (at most 1 MiB of UTF-8), of what (e.g. "the
// pairs"), the file refused naming input, with an example line.
func typedAndFile(c echo.Context, typed, input, what, example string) (string, error) {
	fh, err := c.FormFile(input)
	if err != nil || fh.Size == 0 {
		return typed, nil
	}
	if fh.Size > maxPairsFile {
		return "", tournament.Invalidf(input, fh.Filename+": "+strconv.FormatInt(fh.Size, 10)+" bytes; a file of "+what+" is at most 1 MiB of lines like "+example)
	}
	f, err := fh.Open()
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		return "", err
	}
	if !utf8.Valid(b) {
		return "", tournament.Invalidf(input, fh.Filename+": not a text file (UTF-8): save "+what+" as plain text, one a line")
	}
	if strings.TrimSpace(typed) == "" {
		return string(b), nil
	}
	return typed + "\n" + string(b), nil
}

// uploadBoards stores the hand records of an uploaded hand-record file
// (PBN, or a dealing machine's DUP, DLM, BRI, or BBO's LIN).
func (p *Pages) uploadBoards(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "section_page.html", View{Title: "Section"}, err)
	}
	body, err := uploadedFile(c, "pbn", "hand records", "the file of the hand records (PBN, DUP, DLM, BRI or LIN)")
	if err != nil {
		return p.sectionPageError(c, map[string]string{}, err)
	}
	filename := ""
	if fh, err := c.FormFile("pbn"); err == nil {
		filename = fh.Filename
	}
	boards, where, err := boardsFromFile(body, filename)
	if err != nil {
		return p.sectionPageError(c, map[string]string{}, err)
	}
	set, err := p.svc.PutHandSet(c.Request().Context(), actor(c), id, boards)
	if err != nil {
		return p.sectionPageError(c, map[string]string{}, onBoard(err, boards, where))
	}
	return redirect(c, "/director/sections/"+strconv.FormatInt(id, 10), handSetNotice(set))
}

// handSetNotice says what an upload stored: how many boards, and which
// boards of the file it left out and which of the section it lacked.
func handSetNotice(set tournament.HandSet) string {
	msg := "Hand records stored: " + strconv.Itoa(len(set.Stored)) + " board"
	if len(set.Stored) != 1 {
		msg += "s"
	}
	msg += " (" + tournament.NumberRanges(set.Stored) + ")"
	if len(set.LeftOut) > 0 {
		msg += "; left out " + tournament.NumberRanges(set.LeftOut) + ": the section does not play them"
	}
	if len(set.Missing) > 0 {
		msg += "; missing " + tournament.NumberRanges(set.Missing) + ": the file has no deal for them"
	}
	return msg
}

// dealBoards deals the boards without a hand record or a result at random
// (tournament.Service.DealBoards) and goes back to the section page.
func (p *Pages) dealBoards(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "section_page.html", View{Title: "Section"}, err)
	}
	_, dealt, err := p.svc.DealBoards(c.Request().Context(), actor(c), id, scoring.CryptoRand())
	if err != nil {
		return p.sectionPageError(c, map[string]string{}, err)
	}
	return redirect(c, "/director/sections/"+strconv.FormatInt(id, 10), "Boards dealt: "+strconv.Itoa(dealt)+", each at random; print them from the hand records page")
}

// setRound moves the section to the round chosen.
func (p *Pages) setRound(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "section_page.html", View{Title: "Section"}, err)
	}
	form := formValues(c)
	s := strings.TrimSpace(form["current_round"])
	round, err := strconv.Atoi(s)
	if err != nil {
		return p.sectionPageError(c, form, tournament.Invalidf("current_round", strconv.Quote(s)+": choose a round from the list"))
	}
	sec, err := p.svc.SetCurrentRound(c.Request().Context(), actor(c), id, round)
	if err != nil {
		return p.sectionPageError(c, form, err)
	}
	return redirect(c, "/director/sections/"+strconv.FormatInt(id, 10), "Section "+sec.Name+" is now playing round "+strconv.Itoa(round))
}

// cardsPageData is the printable movement cards page's data.
type cardsPageData struct {
	Section tournament.Section
	Cards   template.HTML
}

// movementCardsPage shows a section's table and guide cards, to print.
func (p *Pages) movementCardsPage(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return p.renderError(c, "section_cards.html", View{Title: "Movement cards"}, err)
	}
	sec, err := p.svc.Section(c.Request().Context(), actor(c), id)
	if err != nil {
		return p.renderError(c, "section_cards.html", View{Title: "Movement cards"}, err)
	}
	cards, err := movementCards(&sec.Movement)
	if err != nil {
		return err
	}
	return p.render(c, http.StatusOK, "section_cards.html", View{Title: "Movement cards · section " + sec.Name,
		Data: cardsPageData{Section: sec, Cards: cards}})
}
