package tournament

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// PenaltyUnit is what a procedural penalty's amount counts.
type PenaltyUnit string

// The units of a procedural penalty (WBF Laws 2017, Law 90: besides the
// rectification, the director may assess a procedural penalty for an
// offence that delays or obstructs the game or breaks correct procedure).
// The EBU's standard is 25 % of a top at pairs (its forum's worked
// example, ebu.co.uk/forum/discussion/712/procedural-penalties: 13 tables,
// a top of 24, 25 % of a top = 6 matchpoints off the pair's total); a
// quarter of a board (ACBL) and 3 IMPs or a fraction of a VP at teams are
// the figures issue 26 names, not checked here against the ACBL's or the
// EBU's own text.
const (
	UnitMP         PenaltyUnit = "mp"          // matchpoints, taken off the pair's matchpoint total
	UnitPercentTop PenaltyUnit = "percent_top" // percent of one board's top, turned into matchpoints on the section's top
	UnitIMP        PenaltyUnit = "imp"         // IMPs, taken off a pair's IMP total (CROSS_IMP, BUTLER), or at IMP_TEAMS off the team's margin in the match of its board before the margin is converted to VPs (team_artificial.go)
	UnitVP         PenaltyUnit = "vp"          // points of a teams method's total: VPs at IMP_TEAMS, board points, Patton points, total points
)

// Words names the unit as a form lists it: "matchpoints", "% of a top",
// "IMPs", "VPs (or the points of the method)"; an unknown unit its code.
func (u PenaltyUnit) Words() string {
	return u.words(false)
}

// Amount says an amount in the unit, the singular for exactly 1: "3 IMPs",
// "1 IMP", "0.5 matchpoints", "25% of a top".
func (u PenaltyUnit) Amount(a float64) string {
	n := strconv.FormatFloat(a, 'f', -1, 64)
	if u == UnitPercentTop {
		return n + u.Words()
	}
	return n + " " + u.words(a == 1)
}

// words is the unit's name, singular or plural.
func (u PenaltyUnit) words(one bool) string {
	switch u {
	case UnitMP:
		if one {
			return "matchpoint"
		}
		return "matchpoints"
	case UnitPercentTop:
		return "% of a top"
	case UnitIMP:
		if one {
			return "IMP"
		}
		return "IMPs"
	case UnitVP:
		if one {
			return "VP (or a point of the method)"
		}
		return "VPs (or the points of the method)"
	}
	return string(u)
}

// MaxPenaltyReason is the longest reason a penalty or a correction may give.
const MaxPenaltyReason = 200

// Penalty is a procedural penalty a director gave a pair or a team (Law 90):
// its amount in its unit, taken off the pair's or team's total in the
// standings (applyPenalties), with its reason and the board it was given on
// (0: none named).
type Penalty struct {
	ID        int64
	SectionID int64
	Number    string // the pair's or team's number
	Direction string // the pair's direction where a section ranks NS and EW apart; "" otherwise
	Amount    float64
	Unit      PenaltyUnit
	Reason    string
	Board     int
	By        string    // who gave it
	At        time.Time // when
}

// PointCorrection is a director's figure for one side of one traveler line
// (a matchpoint fixed in an imported file, or after a ruling): the line of
// board Board played at Round and Table shows and counts Points for Side
// ("NS" or "EW") whatever the other lines of the board are, until lifted.
//
// What it does to the others: nothing. The corrected line keeps its
// figure; every line of the board, the corrected one included, is
// compared as before, so the other side of the corrected line and the
// other lines keep what the comparison gives them. A director who wants
// the board balanced (NS + EW = top) corrects the other side too. The
// reason: a correction is a ruling on one side's score (Law 12C1(b) already
// lets the two sides' scores differ), and moving everyone else's points
// silently would make rulings the director did not make.
type PointCorrection struct {
	SectionID    int64
	Board        int
	Round, Table int
	Side         string // "NS" or "EW"
	Points       float64
	Reason       string
	By           string
	At           time.Time
}

// AdjustStore is what the Store keeps of penalties and point corrections;
// they are read with their section (Section.Penalties, Section.Corrections).
// Each method writes its Change in the same transaction and touches the
// section's row, so that every server hears the standings changed.
type AdjustStore interface {
	// AddPenalty stores p, setting its ID and At, and the change c.
	AddPenalty(ctx context.Context, p *Penalty, c *Change) error
	// DeletePenalty deletes penalty id of a section and stores the change
	// c; ErrNotFound when the section has no such penalty.
	DeletePenalty(ctx context.Context, sectionID, id int64, c *Change) error
	// SetCorrection stores pc, replacing the one of its line and side, and
	// the change c.
	SetCorrection(ctx context.Context, pc *PointCorrection, c *Change) error
	// DeleteCorrection deletes the correction of one line's side and
	// stores the change c; ErrNotFound when there is none.
	DeleteCorrection(ctx context.Context, pc PointCorrection, c *Change) error
}

// PenaltyUnits lists the units a section's method takes a penalty in
// (none: a method whose total takes none, such as TOTAL).
func PenaltyUnits(method Method, sec *Section) []string {
	switch {
	case sec.Spec.Kind == "knockout":
		return []string{string(UnitIMP)} // off the team's IMPs in its segment (ScoreKnockout)
	case sec.Spec.SwissPairs() && swissPairsInVPs(method, &sec.Spec):
		return []string{string(UnitVP)} // off the pair's VPs, as at teams (swissPairsStandings)
	case sec.Spec.SwissPairs() && method != MethodMP && method != MethodMPACBL:
		return nil
	case method == MethodIMPTeams:
		return []string{string(UnitVP), string(UnitIMP)}
	case method.Teams():
		return []string{string(UnitVP)}
	case method == MethodMP || method == MethodMPACBL:
		return []string{string(UnitMP), string(UnitPercentTop)}
	case method == MethodCrossIMP || method == MethodButler:
		return []string{string(UnitIMP)}
	}
	return nil
}

// Bounds of a penalty's amount: a penalty larger than these is not a
// procedural penalty but a disqualification (Law 91). percent_top: a full
// top at most; mp: a top of the section (2 × (pairs − 1) on the EBU's scale
// is below the pairs of the section), IMPs: 24, the most one board gives on
// the Law 78B scale; VPs: 30, the most a match gives on any scale the
// service has (the ACBL's 30-point).
const (
	maxPenaltyPercent = 100
	maxPenaltyIMPs    = 24
	maxPenaltyVPs     = 30
)

// checkPenalty checks a penalty given on a section and fills in its
// number and direction as the movement writes them.
func checkPenalty(e *Event, sec *Section, p *Penalty) error {
	units := PenaltyUnits(e.Scoring, sec)
	if len(units) == 0 {
		if sec.Spec.SwissPairs() {
			return Invalidf("unit", "a "+kindWord(sec)+" section takes no penalty here: give it in the match's score")
		}
		return Invalidf("unit", "a "+string(e.Scoring)+" section's total takes no penalty: penalties are given at MP, MP_ACBL, CROSS_IMP, BUTLER and the teams methods")
	}
	if !slices.Contains(units, string(p.Unit)) {
		return Invalidf("unit", strconv.Quote(string(p.Unit))+" is not a unit of a "+string(e.Scoring)+" section's total", units...)
	}
	if math.IsNaN(p.Amount) || p.Amount <= 0 {
		return Invalidf("amount", "a penalty's amount must be more than 0")
	}
	var most float64
	switch p.Unit {
	case UnitPercentTop:
		most = maxPenaltyPercent
	case UnitMP:
		most = float64(max(sec.Movement.Pairs, 1))
	case UnitIMP:
		most = maxPenaltyIMPs
	case UnitVP:
		most = maxPenaltyVPs
	}
	if p.Amount > most {
		return Invalidf("amount", ftoa(scoring.Round2(p.Amount))+" "+string(p.Unit)+" is more than a procedural penalty can be: at most "+ftoa(most)+" "+string(p.Unit)+" (a larger one is a disqualification, Law 91)")
	}
	p.Reason = strings.TrimSpace(p.Reason)
	if p.Reason == "" {
		return Invalidf("reason", "required: why the penalty is given, e.g. \"slow play\" or \"mobile phone\"")
	}
	if len([]rune(p.Reason)) > MaxPenaltyReason {
		return Invalidf("reason", "at most "+strconv.Itoa(MaxPenaltyReason)+" characters")
	}
	if p.Board != 0 {
		if err := boardOf(sec, p.Board); err != nil {
			return err
		}
	}
	if e.Scoring == MethodIMPTeams && p.Unit == UnitIMP {
		if err := teamIMPPenalty(sec, p); err != nil {
			return err
		}
	}
	labels := PenaltyTargets(e, sec)
	want := p.Number
	if p.Direction != "" {
		want += " " + p.Direction
	}
	if !slices.Contains(labels, want) {
		allowed := labels
		if len(allowed) > 12 {
			allowed = append(slices.Clip(allowed[:12]), "…")
		}
		what := "pair"
		if e.Scoring.Teams() {
			what = "team"
		} else if sec.Movement.Kind == movement.KindIndividual {
			what = "player"
		}
		return Invalidf("number", what+" "+want+" is not in section "+sec.Name, allowed...)
	}
	return nil
}

// teamIMPPenalty checks a penalty in IMPs on a team at IMP_TEAMS. The
// EBU's standard procedural penalty at teams of four is 3 IMPs (White Book
// 8.12.3, as quoted on the BBO forum, bridgebase.com/forums/topic/44067,
// post 532041; the White Book's own text was not found here), and a
// penalty touches the offender alone, "without having any impact on the
// other sides" (the EBU forum's answer on how penalties are applied,
// ebu.co.uk/forum/discussion/360). Neither says when IMPs meet VPs; the
// ruling here: the IMPs come off the team's margin in the match they were
// given in, before the margin is converted to VPs, the opponents keeping
// the VPs of the margin without them. So the penalty names a board the
// team plays, which names the match, and is whole IMPs, as a margin is. A
// director who wants the penalty after conversion gives it in VPs.
func teamIMPPenalty(sec *Section, p *Penalty) error {
	if p.Amount != math.Trunc(p.Amount) {
		return Invalidf("amount", ftoa(scoring.Round2(p.Amount))+" IMPs: a penalty in IMPs at IMP_TEAMS is whole IMPs, as the match's margin it comes off before the VPs")
	}
	if p.Board == 0 {
		return Invalidf("board", "required: a penalty in IMPs at IMP_TEAMS comes off the team's margin in one match before it is converted to VPs; name a board of that match (or give the penalty in VPs, off the total)")
	}
	if _, ok := teamBoardRound(&sec.Movement, p.Number, p.Board); !ok {
		return Invalidf("board", "team "+p.Number+" does not play board "+strconv.Itoa(p.Board)+" in section "+sec.Name)
	}
	return nil
}

// kindWord names a section's kind for a message.
func kindWord(sec *Section) string {
	if sec.Spec.SwissPairs() {
		return "Swiss pairs"
	}
	return sec.Spec.Kind
}

// PenaltyTargets lists who in a section may be penalised: each team's
// number, each player's in an individual, or each pair's number and direction ("3 NS", "5") as the
// movement labels it, the phantom left out.
func PenaltyTargets(e *Event, sec *Section) []string {
	m := &sec.Movement
	var out []string
	if e.Scoring.Teams() {
		for _, t := range m.Teams {
			out = append(out, strconv.Itoa(t.Number))
		}
		return out
	}
	if m.Kind == movement.KindIndividual { // a player's penalty is the player's (playerTotals)
		for p := 1; p <= m.Players; p++ {
			out = append(out, strconv.Itoa(p))
		}
		return out
	}
	for p := 1; p <= m.Pairs; p++ {
		if p == m.Phantom {
			continue
		}
		n, d := m.PairLabel(p)
		if d != "" {
			n += " " + d
		}
		out = append(out, n)
	}
	return out
}

// Text says a penalty in the words the pages use, without whom it is on:
// "25% of a top, slow play (board 7)", "3 IMPs, mobile phone".
func (p *Penalty) Text() string {
	s := p.Unit.Amount(scoring.Round2(p.Amount)) + ", " + p.Reason
	if p.Board > 0 {
		s += " (board " + strconv.Itoa(p.Board) + ")"
	}
	return s
}

// Words says a penalty and whom it is on, as the pages, the changes and
// the exports print it: "3 NS: 25% of a top, slow play (board 7)".
func (p *Penalty) Words() string {
	who := p.Number
	if p.Direction != "" {
		who += " " + p.Direction
	}
	return who + ": " + p.Text()
}

// penaltyWords says a penalty in words, for the changes (Penalty.Words).
func penaltyWords(p *Penalty) string { return p.Words() }

// GivePenalty gives a pair or team of a section a procedural penalty
// (Law 90), as a director only: a pair named by its number and, where the
// section ranks NS and EW apart, direction; a team by its number. The unit
// must be one of the section's total (PenaltyUnits); the amount above 0
// and within a procedural penalty's bounds. It is kept in the event's
// changes and returned with its ID.
func (s *Service) GivePenalty(ctx context.Context, a Actor, sectionID int64, p Penalty) (Penalty, error) {
	if err := directorOnly(a, "give a penalty"); err != nil {
		return Penalty{}, err
	}
	sec, e, err := s.sectionEvent(ctx, sectionID)
	if err != nil {
		return Penalty{}, err
	}
	if err := checkPenalty(&e, &sec, &p); err != nil {
		return Penalty{}, err
	}
	p.SectionID, p.By = sec.ID, a.Name
	c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: a.Name,
		Before: map[string]any{"penalty": "none"}, After: map[string]any{"penalty": penaltyWords(&p)}}
	if err := s.store.AddPenalty(ctx, &p, &c); err != nil {
		return Penalty{}, err
	}
	s.Forget(Changed{Kind: ChangedSection, ID: sec.ID}) // the section is read again with its penalties
	return p, nil
}

// Penalties lists a section's penalties in the order given, to a director
// or to anyone who may read its standings.
func (s *Service) Penalties(ctx context.Context, a Actor, sectionID int64) ([]Penalty, error) {
	sec, e, err := s.sectionEvent(ctx, sectionID)
	if err != nil {
		return nil, err
	}
	if err := canReadResults(a, &e, &sec, 0); err != nil {
		return nil, err
	}
	return sec.Penalties, nil
}

// LiftPenalty takes a penalty back, as a director only; the change keeps
// what it was.
func (s *Service) LiftPenalty(ctx context.Context, a Actor, sectionID, id int64) error {
	if err := directorOnly(a, "lift a penalty"); err != nil {
		return err
	}
	sec, err := s.cache.Section(ctx, sectionID)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(sec.Penalties, func(p Penalty) bool { return p.ID == id })
	if i < 0 {
		return &Error{Kind: ErrNotFound, Field: "penalty", Message: "section " + sec.Name + " has no penalty " + strconv.FormatInt(id, 10)}
	}
	c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: a.Name,
		Before: map[string]any{"penalty": penaltyWords(&sec.Penalties[i])}, After: map[string]any{"penalty": "lifted"}}
	if err := s.store.DeletePenalty(ctx, sec.ID, id, &c); err != nil {
		return err
	}
	s.Forget(Changed{Kind: ChangedSection, ID: sec.ID})
	return nil
}

// penaltyDeduction is what a section's penalties on one pair or team take
// off its total, in the total's unit: percent_top turned into matchpoints
// on top, the top of a board of the section at full.
func penaltyDeduction(pens []Penalty, number, direction string, top float64) (float64, []Penalty) {
	var sum float64
	var mine []Penalty
	for _, p := range pens {
		if p.Number != number || p.Direction != direction {
			continue
		}
		mine = append(mine, p)
		if p.Unit == UnitPercentTop {
			sum += p.Amount / 100 * top
		} else {
			sum += p.Amount
		}
	}
	return sum, mine
}

// applyTeamPenalties takes a teams section's penalties (VPs, or the
// points of the method) off each team's total and places the teams again
// on their totals as the teams' standings do (scoring.Places); nothing
// changes in a section without penalties.
func applyTeamPenalties(pens []Penalty, out []Standing) []Standing {
	if len(pens) == 0 {
		return out
	}
	// Penalties in IMPs came off their match's margin already
	// (teamStandingsBy: Standing.Penalty holds the VPs they cost).
	vpPens := slices.DeleteFunc(slices.Clone(pens), func(p Penalty) bool { return p.Unit == UnitIMP })
	keys := make([]float64, len(out))
	for i := range out {
		d, _ := penaltyDeduction(vpPens, out[i].Number, "", 0)
		_, mine := penaltyDeduction(pens, out[i].Number, "", 0)
		out[i].Penalty, out[i].Penalties = scoring.Round2(out[i].Penalty+d), mine
		out[i].Total = scoring.Round2(out[i].Total - d)
		keys[i] = out[i].Total
	}
	for i, p := range scoring.Places(keys) {
		out[i].Place = p
	}
	slices.SortStableFunc(out, func(a, b Standing) int { return a.Place - b.Place })
	return out
}

// CorrectPoints sets a director's figure for one side of one line of a
// board (PointCorrection), as a director only: the line is named by its
// board, round and table, which must play the board in the section's
// movement; the side "NS" or "EW"; the figure within ±1000 (points of the
// section's method: matchpoints on the board's own top, or IMPs). It
// replaces an earlier correction of the same side and is kept in the
// event's changes.
func (s *Service) CorrectPoints(ctx context.Context, a Actor, sectionID int64, pc PointCorrection) (PointCorrection, error) {
	if err := directorOnly(a, "correct a line's points"); err != nil {
		return PointCorrection{}, err
	}
	row, err := s.cache.Section(ctx, sectionID)
	if err != nil {
		return PointCorrection{}, err
	}
	e, err := s.cache.Event(ctx, row.EventID)
	if err != nil {
		return PointCorrection{}, err
	}
	// Held, as KeepFigures holds the section: the correction is checked on
	// the section as it stands, and a switch of the file's figures under
	// way commits first (or waits for it), never deadlocked with it.
	err = s.held(ctx, sectionID, func(st Store) error {
		sec, err := st.Section(ctx, sectionID)
		if err != nil {
			return err
		}
		es := e.InSection(&sec)
		return correct(ctx, st, a, &es, &sec, &pc)
	})
	s.Forget(Changed{Kind: ChangedSection, ID: sectionID})
	if err != nil {
		return PointCorrection{}, err
	}
	return pc, nil
}

// correct checks pc against section sec of event e and stores it through
// st, by a, with its change: CorrectPoints' work, and KeepFigures' for
// each side inside its one transaction.
func correct(ctx context.Context, st Store, a Actor, e *Event, sec *Section, pc *PointCorrection) error {
	if err := checkCorrection(e, sec, pc); err != nil {
		return err
	}
	pc.SectionID, pc.By = sec.ID, a.Name
	c := CorrectionChange(sec, pc)
	return st.SetCorrection(ctx, pc, &c)
}

// LiftCorrection takes a director's figure off a line's side: the line
// shows and counts what the comparison gives it again.
func (s *Service) LiftCorrection(ctx context.Context, a Actor, sectionID int64, board, round, table int, side string) error {
	if err := directorOnly(a, "lift a correction"); err != nil {
		return err
	}
	// Held, as CorrectPoints is: decided on the corrections as they stand.
	err := s.held(ctx, sectionID, func(st Store) error {
		sec, err := st.Section(ctx, sectionID)
		if err != nil {
			return err
		}
		key := PointCorrection{Board: board, Round: round, Table: table, Side: side}
		i := slices.IndexFunc(sec.Corrections, func(o PointCorrection) bool { return sameLine(o, key) })
		if i < 0 {
			return &Error{Kind: ErrNotFound, Field: "side", Message: "board " + strconv.Itoa(board) + " round " + strconv.Itoa(round) + " table " + strconv.Itoa(table) + " " + side + " has no correction in section " + sec.Name}
		}
		return lift(ctx, st, a, &sec, i)
	})
	s.Forget(Changed{Kind: ChangedSection, ID: sectionID})
	return err
}

// lift deletes section sec's i-th correction through st, by a, with its
// change: LiftCorrection's work, and KeepFigures' for each side inside its
// one transaction.
func lift(ctx context.Context, st Store, a Actor, sec *Section, i int) error {
	o := sec.Corrections[i]
	c := Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: a.Name,
		Before: map[string]any{"correction": correctionWords(&o)}, After: map[string]any{"correction": "lifted"}}
	key := PointCorrection{SectionID: sec.ID, Board: o.Board, Round: o.Round, Table: o.Table, Side: o.Side}
	return st.DeleteCorrection(ctx, key, &c)
}

// CorrectionChange is the change that sets pc (its SectionID and By set)
// on section sec — what it replaces, if anything, and what it sets — for
// the store to keep with it: a director's correction, or an import's
// keeping of a file's official figure (ImportEventWith).
func CorrectionChange(sec *Section, pc *PointCorrection) Change {
	before := "none"
	for _, o := range sec.Corrections {
		if sameLine(o, *pc) {
			before = correctionWords(&o)
		}
	}
	return Change{EventID: sec.EventID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "update", Actor: pc.By,
		Before: map[string]any{"correction": before}, After: map[string]any{"correction": correctionWords(pc)}}
}

// sameLine reports whether two corrections are of the same line's side.
func sameLine(a, b PointCorrection) bool {
	return a.Board == b.Board && a.Round == b.Round && a.Table == b.Table && a.Side == b.Side
}

// correctionWords says a correction in words, for the changes.
func correctionWords(pc *PointCorrection) string {
	return "board " + strconv.Itoa(pc.Board) + " round " + strconv.Itoa(pc.Round) + " table " + strconv.Itoa(pc.Table) + " " + pc.Side + ": " + ftoa(scoring.Round2(pc.Points)) + " (" + pc.Reason + ")"
}

// checkCorrection checks a director's figure for a line of a section.
func checkCorrection(e *Event, sec *Section, pc *PointCorrection) error {
	if e.Scoring.Teams() {
		return Invalidf("side", "a "+string(e.Scoring)+" section compares its rooms, not a traveler: correct the result itself")
	}
	if err := boardOf(sec, pc.Board); err != nil {
		return err
	}
	plays := boardPlays(sec, pc.Board)
	if !slices.ContainsFunc(plays, func(sv SlotVersion) bool { return sv.Round == pc.Round && sv.Table == pc.Table }) {
		var where []string
		for _, sv := range plays {
			where = append(where, "round "+strconv.Itoa(sv.Round)+" table "+strconv.Itoa(sv.Table))
		}
		if len(where) > 12 {
			where = append(slices.Clip(where[:12]), "…")
		}
		return Invalidf("table", "round "+strconv.Itoa(pc.Round)+" table "+strconv.Itoa(pc.Table)+" does not play board "+strconv.Itoa(pc.Board)+" in section "+sec.Name, where...)
	}
	if pc.Side != "NS" && pc.Side != "EW" {
		return Invalidf("side", strconv.Quote(pc.Side)+" is not a side", "NS", "EW")
	}
	if math.IsNaN(pc.Points) || pc.Points < -1000 || pc.Points > 1000 {
		return Invalidf("points", "a line's points are between -1000 and 1000")
	}
	if _, isMP := e.Scoring.mpScale(); isMP && pc.Points < 0 {
		return Invalidf("points", "matchpoints are 0 or more")
	}
	pc.Reason = strings.TrimSpace(pc.Reason)
	if pc.Reason == "" {
		return Invalidf("reason", "required: why the figure is set, e.g. \"matchpoint fixed after a ruling\"")
	}
	if len([]rune(pc.Reason)) > MaxPenaltyReason {
		return Invalidf("reason", "at most "+strconv.Itoa(MaxPenaltyReason)+" characters")
	}
	return nil
}

// applyCorrections sets on each of a section's results the director's
// figures for its sides (Result.Corrections), as the section has them.
func applyCorrections(sec *Section, results []Result) {
	if len(sec.Corrections) == 0 {
		return
	}
	at := map[[3]int][]PointCorrection{}
	for _, pc := range sec.Corrections {
		k := [3]int{pc.Board, pc.Round, pc.Table}
		at[k] = append(at[k], pc)
	}
	for i := range results {
		r := &results[i]
		r.Corrections = at[[3]int{r.Board, r.Round, r.Table}]
	}
}

// correctBoard puts the director's figures of a board's lines (lines[k]'s
// result's Corrections) in place of what the comparison gave them. Shown
// is the figure; Counted the same figure, scaled when the board counts
// Neuberg-scaled to another top (countTop, at matchpoints: the top at
// full) than it shows (bp.Top): the corrected line keeps its percentage of
// the top. Every other line keeps what the comparison gave it.
func correctBoard(bp *BoardPoints, corrs [][]PointCorrection, countTop float64) {
	for k, cs := range corrs {
		for _, pc := range cs {
			side := 0
			if pc.Side == "EW" {
				side = 1
			}
			if bp.Shown[side] == nil || k >= len(bp.Shown[side]) {
				continue
			}
			counted := pc.Points
			if bp.Top > 0 && countTop > 0 && countTop != bp.Top {
				counted = pc.Points * countTop / bp.Top
			}
			// Copy before writing: Shown and Counted may share an array.
			sh, co := slices.Clone(bp.Shown[side]), slices.Clone(bp.Counted[side])
			sh[k], co[k] = pc.Points, counted
			bp.Shown[side], bp.Counted[side] = sh, co
		}
	}
}

// KeepFigures switches an imported event between the file's own line
// points and traveler's, as a director only (issue 27 §2): figures
// "official" makes each of the file's figures the import kept
// (Store.OfficialFigures) a correction of its line's side (as
// CorrectPoints does: audited, a change a side, flagged on the traveler),
// "traveler" lifts each correction that is still the file's figure (as
// LiftCorrection does). It returns how many sides changed; one already as
// asked is left alone. The switch is one transaction holding every section
// the figures are of (Store.HoldSection, in id order as AdvanceKnockout
// holds its two): each side's correction is decided on the corrections as
// they stand inside it, so a failure halfway changes nothing and two
// switches at once end as one after the other, never some sides of each.
// An event not imported from a file with figures of its own is refused
// (ErrConflict), nothing changed.
func (s *Service) KeepFigures(ctx context.Context, a Actor, eventID int64, figures string) (int, error) {
	if err := directorOnly(a, "keep a file's official figures"); err != nil {
		return 0, err
	}
	if figures != "official" && figures != "traveler" {
		return 0, Invalidf("figures", strconv.Quote(figures)+" is not a choice of figures", "official", "traveler")
	}
	pcs, kept, err := s.store.OfficialFigures(ctx, eventID)
	if err != nil {
		return 0, err
	}
	if !kept {
		return 0, &Error{Kind: ErrConflict, Field: "figures", Message: "event " + strconv.FormatInt(eventID, 10) +
			" was not imported from a results file with figures of its own (line points, totals, places): there are no official figures to keep; import the file to compare them"}
	}
	e, err := s.cache.Event(ctx, eventID)
	if err != nil {
		return 0, err
	}
	bySection := map[int64][]PointCorrection{}
	var ids []int64
	for _, pc := range pcs {
		if _, ok := bySection[pc.SectionID]; !ok {
			ids = append(ids, pc.SectionID)
		}
		bySection[pc.SectionID] = append(bySection[pc.SectionID], pc)
	}
	slices.Sort(ids)
	n := 0
	// switchAll runs inside the transaction once every section is held.
	switchAll := func(st Store) error {
		n = 0
		for _, id := range ids {
			sec, err := st.Section(ctx, id)
			if err != nil {
				return err
			}
			es := e.InSection(&sec)
			for _, pc := range bySection[id] {
				i := slices.IndexFunc(sec.Corrections, func(o PointCorrection) bool { return sameLine(o, pc) })
				isFile := i >= 0 && sec.Corrections[i].Points == pc.Points && sec.Corrections[i].Reason == pc.Reason
				switch {
				case figures == "official" && !isFile:
					if err := correct(ctx, st, a, &es, &sec, &pc); err != nil {
						return err
					}
				case figures == "traveler" && isFile:
					if err := lift(ctx, st, a, &sec, i); err != nil {
						return err
					}
				default:
					continue
				}
				n++
			}
		}
		return nil
	}
	var hold func(st Store, k int) error
	hold = func(st Store, k int) error {
		if k == len(ids) {
			return switchAll(st)
		}
		return st.HoldSection(ctx, ids[k], func(st Store) error { return hold(st, k+1) })
	}
	err = hold(s.store, 0)
	for _, id := range ids {
		s.Forget(Changed{Kind: ChangedSection, ID: id})
	}
	if err != nil {
		return 0, err
	}
	return n, nil
}
