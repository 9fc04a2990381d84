package tournament

import (
	"cmp"
	"context"
	"maps"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// CreateSection generates the section's movement from its spec, checks it
// and stores the section with its rounds (directors only). The section
// starts in round 1.
func (s *Service) CreateSection(ctx context.Context, a Actor, eventID int64, in SectionInput) (Section, error) {
	if err := directorOnly(a, "add sections"); err != nil {
		return Section{}, err
	}
	return createSection(ctx, s.store, eventID, in)
}

// createSection checks in and stores it as a new section of event eventID
// through st (the service's store, or a transaction's: AdvanceKnockout).
func createSection(ctx context.Context, st Store, eventID int64, in SectionInput) (Section, error) {
	e, err := st.Event(ctx, eventID)
	if err != nil {
		return Section{}, err
	}
	if err := in.Movement.ReadFile(); err != nil {
		return Section{}, err
	}
	sec := Section{EventID: e.ID, Session: in.Session, Spec: in.Movement, CurrentRound: 1}
	if sec.Session == 0 {
		sec.Session = 1
	}
	if sec.Session < 0 {
		return Section{}, Invalidf("session", strconv.Itoa(in.Session)+": sessions are numbered from 1")
	}
	if sec.Name, err = checkName("name", in.Name); err != nil {
		return Section{}, err
	}
	if len(sec.Name) > 20 {
		return Section{}, Invalidf("name", "too long for a section's name: at most 20 characters, e.g. \"A\" or \"North\"")
	}
	if sec.Movement, err = in.Movement.BuildContext(ctx); err != nil {
		return Section{}, err
	}
	if fit := methodFits(&e, &in.Movement, sec.Movement.Kind); fit != nil {
		return Section{}, fit
	}
	if err := checkSwissPairsMethod(e.Scoring, &in.Movement); err != nil {
		return Section{}, err
	}
	if sec.Law, sec.LawOptions, err = sectionLaw(&e, in.Law, in.LawOptions); err != nil {
		return Section{}, err
	}
	var check EventCheck
	if sec.Law != 0 {
		// A code of its own, refused in an event compared across the field:
		// checked again as the creating transaction holds the event's row
		// (an across-the-field switch, UpdateEvent, updates that row), so a
		// switch racing the section either is seen here or sees the section
		// (acrossRescorer).
		law := sec.Law
		check = func(e *Event) error { return ownCodeAcross(e, law) }
	}
	if err := st.CreateSection(ctx, &sec, check); err != nil {
		return Section{}, err
	}
	return sec, nil
}

// Section returns a section with its movement, for those who may read its event.
func (s *Service) Section(ctx context.Context, a Actor, id int64) (Section, error) {
	sec, _, err := s.readSection(ctx, a, id)
	return sec, err
}

// readSection loads a section and its event, checking a may read them.
func (s *Service) readSection(ctx context.Context, a Actor, id int64) (Section, Event, error) {
	sec, err := s.cache.Section(ctx, id)
	if err != nil {
		return Section{}, Event{}, err
	}
	e, err := s.cache.Event(ctx, sec.EventID)
	if err != nil {
		return Section{}, Event{}, err
	}
	if err := canRead(a, &e, sec.ID); err != nil {
		return Section{}, Event{}, err
	}
	return sec, e.InSection(&sec), nil
}

// Sections returns an event's sections, for those who may read it.
func (s *Service) Sections(ctx context.Context, a Actor, eventID int64) ([]Section, error) {
	if _, err := s.Event(ctx, a, eventID); err != nil {
		return nil, err
	}
	return s.reader(a).Sections(ctx, eventID)
}

// SetCurrentRound moves a section to a round (directors only): table tokens
// then enter that round's results.
func (s *Service) SetCurrentRound(ctx context.Context, a Actor, sectionID int64, round int) (Section, error) {
	if err := directorOnly(a, "move a section to another round"); err != nil {
		return Section{}, err
	}
	sec, err := s.cache.Section(ctx, sectionID)
	if err != nil {
		return Section{}, err
	}
	if round < 1 || round > len(sec.Movement.Rounds) {
		return Section{}, Invalidf("current_round", strconv.Itoa(round)+": section "+sec.Name+" has rounds 1 to "+strconv.Itoa(len(sec.Movement.Rounds)))
	}
	err = s.store.SetCurrentRound(ctx, sectionID, round)
	s.Forget(Changed{Kind: ChangedSection, ID: sectionID}) // the next read keeps what every process sees
	if err != nil {
		return Section{}, err
	}
	sec.CurrentRound = round
	return sec, nil
}

// AddPairs checks pairs against the section's movement (a pair number it
// has, in a direction it has, players named) and stores them all or none
// (directors only).
func (s *Service) AddPairs(ctx context.Context, a Actor, sectionID int64, pairs []Pair) ([]Pair, error) {
	if err := directorOnly(a, "add pairs"); err != nil {
		return nil, err
	}
	sec, err := s.store.Section(ctx, sectionID)
	if err != nil {
		return nil, err
	}
	if len(pairs) == 0 {
		return nil, Invalidf("pairs", "give at least one pair")
	}
	if err := checkListSize("pairs", len(pairs), sec.Movement.Pairs, "pairs", sec.Name); err != nil {
		return nil, err
	}
	lists := pairPlayers(pairs)
	if err := s.fillPlayers(ctx, lists, func(i int) string { return listPrefix("pairs", i, len(pairs)) }); err != nil {
		return nil, err
	}
	if err := checkPairs(&sec, pairs, ""); err != nil {
		return nil, err
	}
	if err := s.rememberPlayers(ctx, pairPlayers(pairs)...); err != nil {
		return nil, err
	}
	if err := s.store.AddPairs(ctx, sectionID, pairs); err != nil {
		return nil, err
	}
	return pairs, nil
}

// pairPlayers returns each pair's players (the pairs' own slices, so
// filling them fills the pairs).
func pairPlayers(pairs []Pair) [][]Player {
	lists := make([][]Player, len(pairs))
	for i := range pairs {
		lists[i] = pairs[i].Players
	}
	return lists
}

// maxTeamPlayers is the most players a team has (four, and substitutes).
const maxTeamPlayers = 8

// checkListSize refuses at once a list of n items where a section's
// movement has room for only max (each is given once), so a long list is
// not read item by item.
func checkListSize(field string, n, max int, what, section string) error {
	if n > max {
		return tooMany(field, n, max, what+" in section "+section+", each given once")
	}
	return nil
}

// checkPairs checks pairs against a section's movement (a number and
// direction it has, once each, not the phantom, players named) and puts
// them in their usual form. Fields are named under prefix.
func checkPairs(sec *Section, pairs []Pair, prefix0 string) error {
	var err error
	m := &sec.Movement
	seen := map[int]int{}
	for i := range pairs {
		p := &pairs[i]
		prefix := prefix0 + listPrefix("pairs", i, len(pairs))
		p.SectionID = sec.ID
		p.Number = strings.TrimSpace(p.Number)
		p.Direction = strings.ToUpper(strings.TrimSpace(p.Direction))
		if p.Number == "" {
			return Invalidf(prefix+"number", "required")
		}
		mp, ok := m.PairOf(p.Number, p.Direction)
		if !ok {
			return badPair(m, prefix, p.Number, p.Direction)
		}
		if mp == m.Phantom {
			return Invalidf(prefix+"number", "pair "+p.Number+" is the movement's missing pair (a half table): it has no players")
		}
		if j, dup := seen[mp]; dup {
			return Invalidf(prefix+"number", "pair "+p.Number+" "+p.Direction+" is given twice (also at pairs["+strconv.Itoa(j)+"])")
		}
		seen[mp] = i
		p.Team = m.TeamOf(mp)
		p.Stratum = strings.TrimSpace(p.Stratum)
		if err := sec.Grading.checkGrade(prefix, p.Stratum, p.Handicap, sec.Name); err != nil {
			return err
		}
		if err := checkSubstitutes(m, prefix, p.Players, sec.Name); err != nil {
			return err
		}
		if len(p.Players) > 4 {
			return Invalidf(prefix+"players", "a pair has at most 4 players (2, and substitutes)")
		}
		for k := range p.Players {
			if p.Players[k].Name, err = checkName(prefix+"players["+strconv.Itoa(k)+"].name", p.Players[k].Name); err != nil {
				return err
			}
			p.Players[k].Number = strings.TrimSpace(p.Players[k].Number)
		}
	}
	return nil
}

// checkSubstitutes checks the rounds of an entrant's players: in an
// individual each number is one player, and the players after the first
// are substitutes who sat in that player's seat for their rounds (From to
// To, 0: to the last round), rounds of the movement that no other
// substitute of the entrant sat in; in a pair or team no player has rounds
// (a pair's substitute is one of its players).
func checkSubstitutes(m *movement.Movement, prefix string, players []Player, section string) error {
	rounds := len(m.Rounds)
	taken := make([]int, rounds+2) // round → the substitute (1 + index) sitting in it
	for k, pl := range players {
		f := prefix + "players[" + strconv.Itoa(k) + "]."
		switch {
		case m.Kind != movement.KindIndividual && (pl.From != 0 || pl.To != 0):
			return Invalidf(f+"from_round", strconv.Itoa(pl.From)+": rounds are an individual's substitute's; a pair's or team's substitute is one of its players throughout")
		case m.Kind != movement.KindIndividual:
		case k == 0 && (pl.From != 0 || pl.To != 0):
			return Invalidf(f+"from_round", strconv.Itoa(pl.From)+": the first player is the entrant, who has no rounds; a substitute comes after it with the rounds they sat in")
		case k == 0:
		case pl.From < 1 || pl.From > rounds:
			return Invalidf(f+"from_round", strconv.Itoa(pl.From)+": in an individual each number is one player, and a second is a substitute sitting in its seat from a round, 1 to "+strconv.Itoa(rounds)+" (section "+section+" seats players 1 to "+strconv.Itoa(m.Players)+")")
		case pl.To != 0 && (pl.To < pl.From || pl.To > rounds):
			return Invalidf(f+"to_round", strconv.Itoa(pl.To)+": the substitute's last round, "+strconv.Itoa(pl.From)+" to "+strconv.Itoa(rounds)+", or left out for the last round")
		default:
			last := cmp.Or(pl.To, rounds)
			for r := pl.From; r <= last; r++ {
				if j := taken[r]; j != 0 {
					return Invalidf(f+"from_round", "round "+strconv.Itoa(r)+" has a substitute already (players["+strconv.Itoa(j)+"]); one player sits in a seat each round")
				}
				taken[r] = k
			}
		}
	}
	return nil
}

// badPair explains which pairs the movement has.
func badPair(m *movement.Movement, prefix, number, direction string) error {
	if len(m.PairDirections()) == 2 {
		what := "a Mitchell"
		if m.Kind != movement.KindMitchell {
			what = "a two-winner movement"
		}
		if direction != "NS" && direction != "EW" {
			return Invalidf(prefix+"direction", strconv.Quote(direction)+": "+what+" has NS and EW pairs", "NS", "EW")
		}
		return Invalidf(prefix+"number", strconv.Quote(number)+": this "+strings.TrimPrefix(strings.TrimPrefix(what, "a "), "an ")+" has pairs 1 to "+strconv.Itoa(m.Tables)+" in each direction")
	}
	if direction != "" {
		return Invalidf(prefix+"direction", strconv.Quote(direction)+": pairs of a "+m.Kind.String()+" movement change direction; leave it out")
	}
	return Invalidf(prefix+"number", strconv.Quote(number)+": this movement has pairs 1 to "+strconv.Itoa(m.Pairs))
}

// listPrefix names element i of a list field when the request held a list,
// and nothing when it held one object.
func listPrefix(field string, i, n int) string {
	if n <= 1 {
		return ""
	}
	return field + "[" + strconv.Itoa(i) + "]."
}

// Pairs returns a section's pairs, for those who may read its event.
func (s *Service) Pairs(ctx context.Context, a Actor, sectionID int64) ([]Pair, error) {
	if _, _, err := s.readSection(ctx, a, sectionID); err != nil {
		return nil, err
	}
	return s.reader(a).Pairs(ctx, sectionID)
}

// AddTeams checks team rosters against a teams section's movement and
// stores them (directors only).
func (s *Service) AddTeams(ctx context.Context, a Actor, sectionID int64, teams []Roster) ([]Roster, error) {
	if err := directorOnly(a, "add teams"); err != nil {
		return nil, err
	}
	sec, err := s.store.Section(ctx, sectionID)
	if err != nil {
		return nil, err
	}
	if sec.Movement.Kind != movement.KindTeams {
		return nil, Invalidf("teams", "section "+sec.Name+" plays a "+sec.Movement.Kind.String()+" movement: it has pairs, not teams")
	}
	if len(teams) == 0 {
		return nil, Invalidf("teams", "give at least one team")
	}
	for i := range teams {
		t := &teams[i]
		prefix := listPrefix("teams", i, len(teams))
		t.SectionID = sec.ID
		if t.Number < 1 || t.Number > len(sec.Movement.Teams) {
			return nil, Invalidf(prefix+"number", strconv.Itoa(t.Number)+": the section has teams 1 to "+strconv.Itoa(len(sec.Movement.Teams)))
		}
		if t.Name, err = checkName(prefix+"name", t.Name); err != nil {
			return nil, err
		}
		if len(t.Players) > maxTeamPlayers {
			return nil, Invalidf(prefix+"players", "a team has at most "+strconv.Itoa(maxTeamPlayers)+" players")
		}
		if err := checkSubstitutes(&sec.Movement, prefix, t.Players, sec.Name); err != nil {
			return nil, err
		}
		t.Stratum = strings.TrimSpace(t.Stratum)
		if err := sec.Grading.checkGrade(prefix, t.Stratum, t.Handicap, sec.Name); err != nil {
			return nil, err
		}
	}
	lists := make([][]Player, len(teams))
	for i := range teams {
		lists[i] = teams[i].Players
	}
	if err := s.fillPlayers(ctx, lists, func(i int) string { return listPrefix("teams", i, len(teams)) }); err != nil {
		return nil, err
	}
	for i := range teams {
		t := &teams[i]
		prefix := listPrefix("teams", i, len(teams))
		for k := range t.Players {
			if t.Players[k].Name, err = checkName(prefix+"players["+strconv.Itoa(k)+"].name", t.Players[k].Name); err != nil {
				return nil, err
			}
		}
	}
	if err := s.rememberPlayers(ctx, lists...); err != nil {
		return nil, err
	}
	if err := s.store.AddTeams(ctx, sectionID, teams); err != nil {
		return nil, err
	}
	return teams, nil
}

// Teams returns a teams section's rosters, for those who may read its event.
func (s *Service) Teams(ctx context.Context, a Actor, sectionID int64) ([]Roster, error) {
	if _, _, err := s.readSection(ctx, a, sectionID); err != nil {
		return nil, err
	}
	return s.reader(a).Teams(ctx, sectionID)
}

// PutBoards replaces a section's hand records (directors only): each board
// of the movement at most once, its dealer and vulnerability as the board
// number gives them unless stated, and its deal. The section's results are
// scored again (a deal decides honours in the historical codes) in the same
// transaction.
func (s *Service) PutBoards(ctx context.Context, a Actor, sectionID int64, in []BoardInput) ([]Board, error) {
	if err := directorOnly(a, "upload hand records"); err != nil {
		return nil, err
	}
	sec, err := s.store.Section(ctx, sectionID)
	if err != nil {
		return nil, err
	}
	e, err := s.store.Event(ctx, sec.EventID)
	if err != nil {
		return nil, err
	}
	if err := checkListSize("boards", len(in), sec.Movement.Boards, "boards", sec.Name); err != nil {
		return nil, err
	}
	boards := make([]Board, len(in))
	byNumber := map[int]Board{}
	for i, b := range in {
		prefix := "boards[" + strconv.Itoa(i) + "]."
		if b.Number < 1 || b.Number > sec.Movement.Boards {
			return nil, Invalidf(prefix+"number", strconv.Itoa(b.Number)+": section "+sec.Name+" plays boards 1 to "+strconv.Itoa(sec.Movement.Boards))
		}
		if _, dup := byNumber[b.Number]; dup {
			return nil, Invalidf(prefix+"number", "board "+strconv.Itoa(b.Number)+" is given twice")
		}
		out, err := ParseBoard(prefix, b)
		if err != nil {
			return nil, err
		}
		out.SectionID = sec.ID
		boards[i] = out
		byNumber[b.Number] = out
	}
	return s.replaceBoards(ctx, a, &sec, &e, boards, byNumber)
}

// replaceBoards stores boards, read and checked (each of the section's
// movement at most once; the map of them by number its callers keep is no
// longer needed: the rescore reads the boards stored, in the change's
// transaction), as the section's hand records, and scores its results
// again in the same transaction (PutBoards, DealBoards). It returns every
// stored board.
func (s *Service) replaceBoards(ctx context.Context, a Actor, sec *Section, e *Event, boards []Board, _ map[int]Board) ([]Board, error) {
	if _, err := e.Rules(); err != nil {
		return nil, err
	}
	// The results are scored again inside the change's transaction, once
	// it holds the section, under the event's code as it is then: an entry
	// racing the change is among them or checked again against the new
	// boards (CreateResultsAt).
	err := s.store.ReplaceBoards(ctx, sec.ID, boards, rescoreUnder, a.Name)
	s.cache.boards.Delete(sec.ID)
	if err != nil {
		return nil, err
	}
	return s.store.Boards(ctx, sec.ID)
}

// ParseBoard reads a hand record as given: its dealer and vulnerability
// as the board number gives them unless stated, and its deal (in PBN's
// form, "" for none; one of four "-" is none too). It is where a deal given
// as text becomes the Board's scoring.Deal. An error is an *Error naming the field under prefix
// ("boards[2]." gives "boards[2].deal"). The number is not checked here.
func ParseBoard(prefix string, b BoardInput) (Board, error) {
	out := Board{Number: b.Number, Dealer: scoring.BoardDealer(b.Number), Vulnerability: scoring.BoardVulnerability(b.Number)}
	var err error
	if b.Dealer != "" {
		if out.Dealer, err = scoring.ParseSeat(prefix+"dealer", b.Dealer); err != nil {
			return out, fromScoring(err, "")
		}
	}
	if b.Vulnerable != "" {
		if out.Vulnerability, err = scoring.ParseVulnerability(prefix+"vulnerable", b.Vulnerable); err != nil {
			return out, fromScoring(err, "")
		}
	}
	if b.Deal != "" {
		d, err := scoring.ParseDeal(prefix+"deal", b.Deal)
		if err != nil {
			return out, fromScoring(err, "")
		}
		if !d.Empty() {
			out.Deal = d // a deal of four "-" is no hand record
		}
	}
	return out, nil
}

// Boards returns every board of a section: stored, or implied by its
// number (dealer and vulnerability, no deal). Anyone but the director
// reads the deals of finished boards only, and a table those it has played
// too (dealsSeen).
func (s *Service) Boards(ctx context.Context, a Actor, sectionID int64) ([]Board, error) {
	sec, _, err := s.readSection(ctx, a, sectionID)
	if err != nil {
		return nil, err
	}
	m, err := s.cache.BoardMap(ctx, &sec)
	if err != nil {
		return nil, err
	}
	seen, err := s.dealsSeenBy(ctx, a, &sec)
	if err != nil {
		return nil, err
	}
	out := make([]Board, 0, len(m))
	for n := 1; n <= sec.Movement.Boards; n++ {
		b := m[n]
		if !seen(n) {
			b.Deal = scoring.Deal{} // still in play for a: the hands stay hidden
		}
		out = append(out, b)
	}
	return out, nil
}

// withImplied adds to m every board of the section it lacks, with the
// dealer and vulnerability its number gives.
func withImplied(m map[int]Board, sec *Section) map[int]Board {
	for n := 1; n <= sec.Movement.Boards; n++ {
		if _, ok := m[n]; !ok {
			m[n] = Board{SectionID: sec.ID, Number: n, Dealer: scoring.BoardDealer(n), Vulnerability: scoring.BoardVulnerability(n)}
		}
	}
	return m
}

// methodFits checks a section's movement against its event's method: a
// teams method (Method.Teams) scores teams movements and a pairs method
// pairs movements; a knockout is won by IMPs (IMP_TEAMS); a VP scale and
// a bye's VPs are IMP_TEAMS's. The error names the movement's field.
func methodFits(e *Event, spec *MovementSpec, kind movement.Kind) *Error {
	id := strconv.FormatInt(e.ID, 10)
	teams := kind == movement.KindTeams
	switch {
	case e.Scoring.Teams() && !teams:
		return Invalidf("movement.kind", "event "+id+" is scored "+string(e.Scoring)+", a teams method: its sections play a teams movement", "teams", "swiss", "knockout")
	case teams && !e.Scoring.Teams():
		return Invalidf("movement.kind", "a teams movement is scored by a teams method ("+methodNames(TeamMethods)+"); event "+id+" is scored "+
			string(e.Scoring)+" (change the event's scoring first)")
	case e.Scoring == MethodIMPTeams || !teams:
		return nil
	case spec.Kind == "knockout":
		return Invalidf("movement.kind", "knockout: a knockout match is won by IMPs, and event "+id+" is scored "+string(e.Scoring)+
			" (score the event IMP_TEAMS for a knockout)", "teams", "swiss")
	case spec.VPScale != "" || spec.VPTable != nil:
		return Invalidf("movement.vp_scale", "event "+id+" is scored "+string(e.Scoring)+": its matches are not converted to VPs, so a section has no VP scale (IMP_TEAMS has)")
	case spec.ByeVPs != nil:
		return Invalidf("movement.bye_vps", "event "+id+" is scored "+string(e.Scoring)+": a bye scores "+e.Scoring.ByeWords()+", not VPs")
	}
	return nil
}

// methodNames joins methods' names with commas.
func methodNames(ms []Method) string {
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = string(m)
	}
	return strings.Join(names, ", ")
}

// sectionLaw reads a section's own law code and options (issue 28 §2): 0
// and nil when none is given or it is the event's code with the event's
// options. A code traveler does not know is refused naming "law"; options
// without a code naming "law_options"; a code of its own in an event
// compared across the field naming "law", since its scores cannot be
// compared with the other sections' on the same boards.
func sectionLaw(e *Event, name string, opts LawOptions) (scoring.Law, LawOptions, error) {
	if name == "" {
		if opts != nil {
			return 0, nil, Invalidf("law_options", "options of a section's own law code come with the code: give law too, or leave both out for the event's "+e.Law.String())
		}
		return 0, nil, nil
	}
	law, err := scoring.ParseLaw("law", name)
	if err != nil {
		return 0, nil, fromScoring(err, "")
	}
	_, all, err := rulesFor(law, opts)
	if err != nil {
		return 0, nil, err
	}
	if law == e.Law && sameOptions(all, e.LawOptions) {
		return 0, nil, nil
	}
	if err := ownCodeAcross(e, law); err != nil {
		return 0, nil, err
	}
	return law, all, nil
}

// ownCodeAcross refuses, naming "law", a law code of a section's own in an
// event compared across the field: its scores cannot be compared with the
// other sections' on the same boards.
func ownCodeAcross(e *Event, law scoring.Law) error {
	if !acrossField(e) {
		return nil
	}
	return Invalidf("law", "event "+strconv.FormatInt(e.ID, 10)+" compares every section's results across the field (overall field \"across\"): "+
		"scores under "+law.String()+" cannot be compared with "+e.Law.String()+"'s on the same boards; rank each section on its own (overall field \"section\") first, or leave law out")
}

// patchedSectionLaw is sectionLaw for a change of a section's code
// (SectionPatch): law "" is the event's code again; options without law
// are of the code the section plays now, over the options it has.
func patchedSectionLaw(e *Event, sec *Section, law *string, opts LawOptions) (scoring.Law, LawOptions, error) {
	if law != nil {
		return sectionLaw(e, strings.TrimSpace(*law), opts)
	}
	now := e.InSection(sec)
	merged := LawOptions{}
	maps.Copy(merged, now.LawOptions)
	maps.Copy(merged, opts)
	return sectionLaw(e, now.Law.String(), merged)
}

// rescoreOwnCode is the Rescorer of a change of sec's law code: its
// results scored again under the code it now plays (rescoreUnder), inside
// the change's transaction, where the event is read as the transaction
// holds it — an event switched across the field meanwhile refuses a code
// of the section's own (ownCodeAcross).
func rescoreOwnCode(sec *Section) Rescorer {
	own := sec.Law != 0
	return func(e *Event, sectionID int64, boards []Board, results []Result) ([]ResultScore, error) {
		if own && acrossField(e) {
			return nil, Invalidf("law", "event "+strconv.FormatInt(e.ID, 10)+" was switched to compare every section's results across the field (overall field \"across\") while this change was made: "+
				"a section there plays its event's law code; rank each section on its own (overall field \"section\") first")
		}
		return rescoreUnder(e, sectionID, boards, results)
	}
}

// ownCodesAcross refuses, naming "overall.field" and the section, an event
// compared across the field (e as it is to be) whose sections include one
// with a law code of its own, as creating such a section in it is refused
// (ownCodeAcross).
func ownCodesAcross(e *Event, secs []Section) error {
	if !acrossField(e) {
		return nil
	}
	for i := range secs {
		if sec := &secs[i]; sec.Law != 0 && (sec.Law != e.Law || !sameOptions(sec.LawOptions, e.LawOptions)) {
			return Invalidf("overall.field", "section "+sec.Name+" (section "+strconv.FormatInt(sec.ID, 10)+", session "+strconv.Itoa(sec.Session)+
				") plays "+sec.Law.String()+", a law code of its own, and event "+strconv.FormatInt(e.ID, 10)+" plays "+e.Law.String()+
				": scores under two codes cannot be compared across the field; give the section its event's code first (PATCH its law to \"\"), or keep overall field \"section\"", FieldSection)
		}
	}
	return nil
}
