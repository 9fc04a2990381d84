package reports

import (
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// USEBIO is a USEBIO 1.2 results file as read: the club and the event.
type USEBIO struct {
	Version string      // the USEBIO element's Version attribute, e.g. "1.2"
	Club    string      // CLUB/CLUB_NAME
	Event   USEBIOEvent // the EVENT element
}

// USEBIOEvent is a file's event: what it was, who played and every board's traveler.
type USEBIOEvent struct {
	Line               int           // the line the EVENT element starts on
	Type               string        // the EVENT_TYPE attribute: MP_PAIRS, BUTLER_PAIRS, CROSS_IMP_PAIRS, ...
	ParticipantsType   string        // the PARTICIPANTS element's own EVENT_TYPE attribute, when given
	Identifier         string        // EVENT_IDENTIFIER
	Name               string        // EVENT_DESCRIPTION
	Title              string        // TITLE
	Date               string        // DATE, as written
	Program            string        // PROGRAM_NAME: the scoring program that wrote the file
	Notes              []string      // the comments directly inside EVENT, trimmed, in order (traveler's notes: lawOptionNotes)
	WinnerType         int           // WINNER_TYPE: 1 one winner, 2 a winner each way; 0 when not given
	ScoringMethod      string        // SCORING_METHOD or BOARD_SCORING_METHOD, e.g. IMPS or MATCH_POINTS; "" when not given
	MatchScoring       string        // MATCH_SCORING_METHOD (upper case): a team event's VPS, or IMPS for a knockout match; "" when not given
	BoardScoringMethod string        // BOARD_SCORING_METHOD as written (upper case), e.g. IMPS or PAB; "" when not given
	PlayerLine         int           // the line of the first PARTICIPANTS/PLAYER (an individual's participant); 0 when none
	Pairs              []USEBIOPair  // PARTICIPANTS/PAIR, in file order
	Individuals        []USEBIOPair  // PARTICIPANTS/PLAYER: an individual's players, each a USEBIOPair of one player numbered by its PLAYER_NUMBER (usebio_individual.go)
	Boards             []USEBIOBoard // the BOARD elements with their traveler lines, in file order, with HANDSET's hands
	// Sections are the SESSION/SECTION elements of an event of several
	// sections (EBUScore writes EVENT/SESSION/SECTION SECTION_ID="A" with
	// its own PARTICIPANTS and BOARDs), each with its pairs and boards;
	// nil when the EVENT holds one field directly. Pairs and Boards then
	// hold every section's, for what is read of the event as a whole.
	Sections []USEBIOSection
	// Teams and Matches are a team event's PARTICIPANTS/TEAM and MATCH
	// elements (as traveler writes them and the EBU's importer reads
	// them); nil in a pairs event.
	Teams   []USEBIOTeam
	Matches []USEBIOMatch
}

// USEBIOTeam is one PARTICIPANTS/TEAM: its TEAM_ID and TEAM_NAME
// attributes and its players.
type USEBIOTeam struct {
	Line          int
	ID            string   // TEAM_ID
	Name          string   // TEAM_NAME
	Players       []string // PLAYER/PLAYER_NAME
	PlayerNumbers []string // PLAYER/NATIONAL_ID_NUMBER ("" when not given)
}

// USEBIOMatch is one MATCH of a team event: its round, its teams and its
// boards, each traveller line led by the DIRECTION the TEAM sat in.
type USEBIOMatch struct {
	Line     int
	Round    int           // ROUND_NUMBER
	Team     string        // TEAM: the TEAM_ID of the home team
	Opposing string        // OPPOSING_TEAM; "" for a bye
	Boards   []USEBIOBoard // its BOARDs with their lines
}

// USEBIOSection is one SECTION of an event: its letter, its session and
// its own pairs and traveler lines.
type USEBIOSection struct {
	Line    int           // the line the SECTION element starts on
	Name    string        // the SECTION_ID attribute (or element), e.g. "A"; a letter by order when not given
	Session int           // 1 for the first SESSION element (or a SECTION directly in the EVENT), 2 for the next …
	Pairs   []USEBIOPair  // its PARTICIPANTS/PAIR, in file order
	Boards  []USEBIOBoard // its BOARDs, a board split over several elements as one, with HANDSET's hands
}

// maxUSEBIOSections bounds the sections read from one file.
const maxUSEBIOSections = 64

// USEBIOPair is one pair of the event with the figures the file gives it.
type USEBIOPair struct {
	Line          int      // the line the PAIR element starts on
	Number        string   // PAIR_NUMBER
	Direction     string   // DIRECTION: "NS" or "EW" in a two-winner field, "" otherwise
	Players       []string // PLAYER/PLAYER_NAME, in order
	PlayerNumbers []string // PLAYER/NATIONAL_ID_NUMBER, by player ("" when not given)
	Total         Figure   // TOTAL_SCORE
	Percentage    Figure   // PERCENTAGE; not given in IMP events
	Place         string   // PLACE, as written ("6" or "6=")
}

// USEBIOBoard is one board: its number, its hands when the file has them and its traveler lines.
type USEBIOBoard struct {
	Line    int          // the line the BOARD element starts on
	Number  int          // BOARD_NUMBER
	Average Figure       // BOARD_AVERAGE: the Butler datum the file used, when given
	Deal    scoring.Deal // the hands from HANDSET; Deal.Given says which were there
	Lines   []USEBIOLine // TRAVELLER_LINE, in file order
}

// HasDeal reports whether the file gave any of the board's hands.
func (b *USEBIOBoard) HasDeal() bool {
	return b.Deal.Given[0] || b.Deal.Given[1] || b.Deal.Given[2] || b.Deal.Given[3]
}

// USEBIOLine is one traveler line: who played, what happened and the file's own points for it.
type USEBIOLine struct {
	Line      int       // the line the TRAVELLER_LINE element starts on
	NS        string    // NS_PAIR_NUMBER
	EW        string    // EW_PAIR_NUMBER
	Seats     [4]string // an individual's players by seat, North, East, South, West (N_PLAYER_NUMBER, E_, S_, W_); "" in a pairs event
	SeatLines [4]int    // the lines of Seats' elements (0: not given)
	// Substitutes are who sat in an individual's seats in the line's round
	// in place of the Seats' players, by seat, as traveler writes them in
	// comments of the line (usebioSubstituteComment); a zero Player for a
	// seat its player sat in.
	Substitutes  [4]tournament.Player
	ContractText string           // CONTRACT as written; "" when not given
	Contract     scoring.Contract // CONTRACT read under contract-2017 (Pass for a passed-out board)
	HasContract  bool             // whether CONTRACT was given
	Declarer     scoring.Seat     // PLAYED_BY
	HasDeclarer  bool             // whether PLAYED_BY was given
	Lead         string           // LEAD, as written, e.g. "2H"
	Tricks       int              // TRICKS: tricks won by the declarer's side
	HasTricks    bool             // whether TRICKS was given
	Score        LineScore        // SCORE
	Points       PointsKind       // which pair of points elements the line carries
	NSPoints     Figure           // NS_MATCH_POINTS, NS_BUTLER_POINTS or NS_CROSS_IMP_POINTS
	EWPoints     Figure           // EW_MATCH_POINTS, EW_BUTLER_POINTS or EW_CROSS_IMP_POINTS
	// Assigned and EWAssigned are an assigned adjusted score (weighted,
	// Law 12C1(c); EW's own when split, 12C1(b)) as traveler writes one in
	// a comment of the line (see assignedComment); nil when there is none.
	Assigned, EWAssigned []tournament.AssignedPart
	// Direction is a team match's line's DIRECTION: where the MATCH's TEAM
	// sat ("NS" or "EW"); "" in a pairs event.
	Direction string
}

// PointsKind names the points a traveler line carries.
type PointsKind uint8

// The kinds of points a USEBIO traveler line may carry.
const (
	PointsNone        PointsKind = iota // no points elements
	PointsMatchPoints                   // NS_MATCH_POINTS / EW_MATCH_POINTS
	PointsButler                        // NS_BUTLER_POINTS / EW_BUTLER_POINTS
	PointsCrossIMPs                     // NS_CROSS_IMP_POINTS / EW_CROSS_IMP_POINTS
)

// pointsElements lists each kind's NS and EW element names.
var pointsElements = [...][2]string{
	PointsMatchPoints: {"NS_MATCH_POINTS", "EW_MATCH_POINTS"},
	PointsButler:      {"NS_BUTLER_POINTS", "EW_BUTLER_POINTS"},
	PointsCrossIMPs:   {"NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"},
}

// String returns the NS element's name without the NS_ prefix, or "".
func (k PointsKind) String() string {
	if k == PointsNone || int(k) >= len(pointsElements) {
		return ""
	}
	return strings.TrimPrefix(pointsElements[k][0], "NS_")
}

// maxBoardNumber is the highest board number a USEBIO file may give, and
// maxPairNumber the highest pair number: the event read from a file has a
// board (and a pair) for every number up to the highest, so a number from
// the file sizes what is built.
const (
	maxBoardNumber = 999
	maxPairNumber  = 9999
)

// ReadUSEBIO reads a USEBIO 1.2 results file. A file that is not
// well-formed XML, has no EVENT, or holds a value that cannot be read gives
// a *FileError naming the line and the element.
func ReadUSEBIO(r io.Reader) (*USEBIO, error) {
	root, err := readXMLTree(r)
	if err != nil {
		return nil, err
	}
	if root.name != "USEBIO" {
		return nil, usebioErr(root, root.name, "", "the root element USEBIO")
	}
	f := &USEBIO{Version: root.attr("Version")}
	if club := root.child("CLUB"); club != nil {
		f.Club = club.childText("CLUB_NAME")
	}
	ev := root.child("EVENT")
	if ev == nil {
		return nil, usebioErr(root, "USEBIO", "", "an EVENT element")
	}
	if err := readUSEBIOEvent(ev, &f.Event); err != nil {
		return nil, err
	}
	if err := readUSEBIOHands(root, &f.Event); err != nil {
		return nil, err
	}
	return f, nil
}

// readUSEBIOEvent reads the EVENT element.
func readUSEBIOEvent(ev *xmlNode, e *USEBIOEvent) error {
	e.Line = ev.line
	e.Type = strings.ToUpper(ev.attr("EVENT_TYPE"))
	e.Identifier = ev.childText("EVENT_IDENTIFIER")
	e.Name = ev.childText("EVENT_DESCRIPTION")
	e.Title = ev.childText("TITLE")
	e.Date = ev.childText("DATE")
	e.Program = ev.childText("PROGRAM_NAME")
	e.Notes = ev.comments
	if wt := ev.child("WINNER_TYPE"); wt != nil && wt.text != "" {
		n, err := strconv.Atoi(wt.text)
		if err != nil || (n != 1 && n != 2) {
			return usebioErr(wt, "EVENT/WINNER_TYPE", wt.text, "1 (one winner) or 2 (a winner each way)")
		}
		e.WinnerType = n
	}
	e.BoardScoringMethod = strings.ToUpper(ev.childText("BOARD_SCORING_METHOD"))
	e.MatchScoring = strings.ToUpper(ev.childText("MATCH_SCORING_METHOD"))
	e.ScoringMethod = strings.ToUpper(ev.childText("SCORING_METHOD"))
	if e.ScoringMethod == "" {
		e.ScoringMethod = strings.ToUpper(ev.childText("BOARD_SCORING_METHOD"))
	}
	var err error
	if e.Pairs, err = readUSEBIOParticipants(ev, e); err != nil {
		return err
	}
	if e.Boards, err = readUSEBIOBoards(ev); err != nil {
		return err
	}
	if err := readUSEBIOTeamEvent(ev, e); err != nil {
		return err
	}
	var sections []*xmlNode
	sessionOf := map[*xmlNode]int{}
	for _, sec := range ev.all("SECTION") {
		sections, sessionOf[sec] = append(sections, sec), 1
	}
	for i, sess := range ev.all("SESSION") {
		for _, sec := range sess.all("SECTION") {
			sections, sessionOf[sec] = append(sections, sec), i+1
		}
		if len(sess.all("SECTION")) == 0 { // a session of one field
			sections, sessionOf[sess] = append(sections, sess), i+1
		}
	}
	if len(sections) < 2 && (len(sections) == 0 || sections[0].name == "SESSION") {
		// One field, however nested: the whole event's pairs and boards.
		if len(sections) == 1 {
			e.Pairs, err = readUSEBIOParticipants(sections[0], e)
		}
		return err
	}
	if len(sections) > maxUSEBIOSections {
		return usebioErr(sections[maxUSEBIOSections], "EVENT/SESSION/SECTION", "", "at most "+strconv.Itoa(maxUSEBIOSections)+" sections in a file")
	}
	e.Pairs = nil
	for i, sec := range sections {
		s := USEBIOSection{Line: sec.line, Session: sessionOf[sec], Name: sec.attr("SECTION_ID")}
		if s.Name == "" {
			s.Name = sec.childText("SECTION_ID")
		}
		if s.Name == "" {
			s.Name = string(rune('A' + i%26))
		}
		if s.Pairs, err = readUSEBIOParticipants(sec, e); err != nil {
			return err
		}
		if s.Boards, err = readUSEBIOBoards(sec); err != nil {
			return err
		}
		e.Pairs = append(e.Pairs, s.Pairs...)
		e.Sections = append(e.Sections, s)
	}
	return nil
}

// maxUSEBIOMatches bounds the matches read from one file.
const maxUSEBIOMatches = 10000

// readUSEBIOTeamEvent reads a team event's PARTICIPANTS/TEAM and MATCH
// elements, in the EVENT or in its SESSIONs (the EBU's TeamsScorer and
// EBUScore Teams write them in EVENT/SESSION SESSION_ID="1").
func readUSEBIOTeamEvent(ev *xmlNode, e *USEBIOEvent) error {
	scopes := append([]*xmlNode{ev}, ev.all("SESSION")...)
	var parts, matches []*xmlNode
	for _, s := range scopes {
		parts = append(parts, s.all("PARTICIPANTS")...)
		matches = append(matches, s.all("MATCH")...)
	}
	for _, parts := range parts {
		for _, tm := range parts.all("TEAM") {
			t := USEBIOTeam{Line: tm.line, ID: tm.attr("TEAM_ID"), Name: tm.attr("TEAM_NAME")}
			if t.ID == "" {
				t.ID = tm.childText("TEAM_ID")
			}
			if t.Name == "" {
				t.Name = tm.childText("TEAM_NAME")
			}
			if t.ID == "" {
				return usebioErr(tm, "PARTICIPANTS/TEAM TEAM_ID", "", "the team's id (TEAM_ID)")
			}
			players := tm.all("PLAYER")
			for _, pr := range tm.all("PAIR") {
				players = append(players, pr.all("PLAYER")...)
			}
			for _, pl := range players {
				t.Players = append(t.Players, pl.childText("PLAYER_NAME"))
				t.PlayerNumbers = append(t.PlayerNumbers, pl.childText("NATIONAL_ID_NUMBER"))
			}
			e.Teams = append(e.Teams, t)
		}
	}
	if len(matches) > maxUSEBIOMatches {
		return usebioErr(matches[maxUSEBIOMatches], "EVENT/MATCH", "", "at most "+strconv.Itoa(maxUSEBIOMatches)+" matches")
	}
	for _, mn := range matches {
		m := USEBIOMatch{Line: mn.line, Team: mn.childText("TEAM"), Opposing: mn.childText("OPPOSING_TEAM")}
		rn := mn.child("ROUND_NUMBER")
		if rn == nil {
			return usebioErr(mn, "MATCH/ROUND_NUMBER", "", "the match's round")
		}
		n, err := strconv.Atoi(rn.text)
		if err != nil || n < 1 || n > maxBoardNumber {
			return usebioErr(rn, "MATCH/ROUND_NUMBER", rn.text, "a round from 1 to "+strconv.Itoa(maxBoardNumber))
		}
		m.Round = n
		if m.Team == "" {
			return usebioErr(mn, "MATCH/TEAM", "", "the TEAM_ID of the match's team")
		}
		for _, b := range mn.all("BOARD") {
			board, err := readUSEBIOBoard(b)
			if err != nil {
				return err
			}
			m.Boards = append(m.Boards, board)
		}
		e.Matches = append(e.Matches, m)
	}
	return nil
}

// readUSEBIOParticipants reads the PARTICIPANTS directly in n (the EVENT,
// a SESSION or a SECTION): their pairs, in order; e takes the PARTICIPANTS'
// own EVENT_TYPE and the line of a PLAYER participant.
func readUSEBIOParticipants(n *xmlNode, e *USEBIOEvent) ([]USEBIOPair, error) {
	var pairs []USEBIOPair
	for _, parts := range n.all("PARTICIPANTS") {
		if t := strings.ToUpper(parts.attr("EVENT_TYPE")); t != "" && e.ParticipantsType == "" {
			e.ParticipantsType = t
		}
		if pl := parts.child("PLAYER"); pl != nil && e.PlayerLine == 0 {
			e.PlayerLine = pl.line
		}
		for _, pl := range parts.all("PLAYER") {
			player, err := readUSEBIOPlayer(pl)
			if err != nil {
				return nil, err
			}
			e.Individuals = append(e.Individuals, player)
		}
		for _, p := range parts.all("PAIR") {
			pair, err := readUSEBIOPair(p)
			if err != nil {
				return nil, err
			}
			pairs = append(pairs, pair)
		}
	}
	return pairs, nil
}

// readUSEBIOBoards reads every BOARD below n (outside PARTICIPANTS) with
// its traveler lines: a board split over several BOARD elements (rounds,
// sessions) is one traveler.
func readUSEBIOBoards(n *xmlNode) ([]USEBIOBoard, error) {
	var boards []USEBIOBoard
	byNumber := map[int]int{}
	for _, b := range findElements(n, "BOARD", "PARTICIPANTS") {
		board, err := readUSEBIOBoard(b)
		if err != nil {
			return nil, err
		}
		if i, ok := byNumber[board.Number]; ok {
			boards[i].Lines = append(boards[i].Lines, board.Lines...)
			if !boards[i].Average.Given() {
				boards[i].Average = board.Average
			}
			continue
		}
		byNumber[board.Number] = len(boards)
		boards = append(boards, board)
	}
	return boards, nil
}

// findElements returns, in document order, every element of that name below
// n, without looking inside elements named skip.
func findElements(n *xmlNode, name, skip string) []*xmlNode {
	var out []*xmlNode
	for _, c := range n.children {
		switch c.name {
		case name:
			out = append(out, c)
		case skip:
		default:
			out = append(out, findElements(c, name, skip)...)
		}
	}
	return out
}

// readUSEBIOPair reads one PARTICIPANTS/PAIR element.
func readUSEBIOPair(p *xmlNode) (USEBIOPair, error) {
	pair := USEBIOPair{Line: p.line, Number: p.childText("PAIR_NUMBER"), Place: p.childText("PLACE")}
	if pair.Number == "" {
		return pair, usebioErr(p, "PARTICIPANTS/PAIR/PAIR_NUMBER", "", "the pair's number")
	}
	if pairNumberTooBig(pair.Number) {
		return pair, usebioErr(p.child("PAIR_NUMBER"), "PARTICIPANTS/PAIR/PAIR_NUMBER", pair.Number, "a pair number from 1 to "+strconv.Itoa(maxPairNumber))
	}
	if d := p.child("DIRECTION"); d != nil && d.text != "" {
		side, err := scoring.ParseSide("direction", d.text)
		if err != nil {
			return pair, usebioErr(d, "PARTICIPANTS/PAIR/DIRECTION", d.text, "NS, EW, or nothing in a one-winner field")
		}
		pair.Direction = side.String()
	}
	for _, pl := range p.all("PLAYER") {
		pair.Players = append(pair.Players, pl.childText("PLAYER_NAME"))
		pair.PlayerNumbers = append(pair.PlayerNumbers, pl.childText("NATIONAL_ID_NUMBER"))
	}
	for _, c := range p.comments { // a substitute, as traveler writes one (usebioSubstituteComment)
		const path = "PARTICIPANTS/PAIR/<!-- " + usebioSubstitutePrefix + " -->"
		seat, sub, ok, err := parseUSEBIOSubstitute(c)
		if err == nil && ok && seat >= 0 {
			err = errors.New("no seat: a pair's substitute is one of its players throughout; a seat is an individual's line's")
		}
		if err != nil {
			return pair, usebioErr(p, path, c, err.Error())
		}
		if ok {
			pair.Players = append(pair.Players, sub.Name)
			pair.PlayerNumbers = append(pair.PlayerNumbers, sub.Number)
		}
	}
	var err error
	if pair.Total, err = figureOf(p, "TOTAL_SCORE", "PARTICIPANTS/PAIR"); err != nil {
		return pair, err
	}
	if pair.Percentage, err = figureOf(p, "PERCENTAGE", "PARTICIPANTS/PAIR"); err != nil {
		return pair, err
	}
	return pair, nil
}

// readUSEBIOBoard reads one BOARD element with its traveler lines.
func readUSEBIOBoard(b *xmlNode) (USEBIOBoard, error) {
	board := USEBIOBoard{Line: b.line}
	num := b.child("BOARD_NUMBER")
	if num == nil {
		return board, usebioErr(b, "BOARD", "", "a BOARD_NUMBER element")
	}
	n, err := strconv.Atoi(num.text)
	if err != nil || n < 1 || n > maxBoardNumber {
		return board, usebioErr(num, "BOARD/BOARD_NUMBER", num.text, "a board number from 1 to "+strconv.Itoa(maxBoardNumber))
	}
	board.Number = n
	if board.Average, err = figureOf(b, "BOARD_AVERAGE", "BOARD"); err != nil {
		return board, err
	}
	for _, l := range b.all("TRAVELLER_LINE") {
		line, err := readUSEBIOLine(l)
		if err != nil {
			return board, err
		}
		board.Lines = append(board.Lines, line)
	}
	return board, nil
}

// contractRules reads contracts: USEBIO and PBN files record contract bridge.
var contractRules = scoring.NewRules(scoring.Contract2017)

// readUSEBIOLine reads one BOARD/TRAVELLER_LINE element.
func readUSEBIOLine(l *xmlNode) (USEBIOLine, error) {
	const path = "BOARD/TRAVELLER_LINE/"
	line := USEBIOLine{Line: l.line, NS: l.childText("NS_PAIR_NUMBER"), EW: l.childText("EW_PAIR_NUMBER"), Lead: l.childText("LEAD"),
		Direction: strings.ToUpper(l.childText("DIRECTION"))}
	individual, err := readUSEBIOSeats(l, &line) // an individual's line names players, not pairs (usebio_individual.go)
	if err != nil {
		return line, err
	}
	if line.NS == "" && !individual {
		return line, usebioErr(l, path+"NS_PAIR_NUMBER", "", "the number of the pair that sat North-South")
	}
	if line.EW == "" && !individual {
		return line, usebioErr(l, path+"EW_PAIR_NUMBER", "", "the number of the pair that sat East-West")
	}
	for _, el := range [2]string{"NS_PAIR_NUMBER", "EW_PAIR_NUMBER"} {
		if c := l.child(el); c != nil && pairNumberTooBig(c.text) {
			return line, usebioErr(c, path+el, c.text, "a pair number from 1 to "+strconv.Itoa(maxPairNumber))
		}
	}
	if c := l.child("CONTRACT"); c != nil && c.text != "" {
		contract, err := readContract(c.text)
		if err != nil {
			return line, usebioErr(c, path+"CONTRACT", c.text, "a contract such as 4H, 3NTX or 6SXX, or PASS")
		}
		line.ContractText, line.Contract, line.HasContract = c.text, contract, true
	}
	if d := l.child("PLAYED_BY"); d != nil && d.text != "" {
		seat, err := scoring.ParseSeat("declarer", d.text)
		if err != nil {
			return line, usebioErr(d, path+"PLAYED_BY", d.text, "the declarer's seat: N, E, S or W")
		}
		line.Declarer, line.HasDeclarer = seat, true
	}
	if t := l.child("TRICKS"); t != nil && t.text != "" {
		n, err := strconv.Atoi(t.text)
		if err != nil || n < 0 || n > 13 {
			return line, usebioErr(t, path+"TRICKS", t.text, "the tricks won by the declarer's side, 0 to 13")
		}
		line.Tricks, line.HasTricks = n, true
	}
	if s := l.child("SCORE"); s != nil {
		score, ok := ParseLineScore(s.text)
		if !ok {
			return line, usebioErr(s, path+"SCORE", s.text, "the NS score in points (e.g. -420) or an artificial score such as A6040")
		}
		line.Score = score
	}
	for _, c := range l.comments {
		ns, ew, ok, err := parseAssignedComment(c)
		if err != nil {
			return line, usebioErr(l, path+"<!-- "+assignedCommentPrefix+" -->", c, err.Error())
		}
		if ok {
			line.Assigned, line.EWAssigned = ns, ew
		}
	}
	for k := PointsMatchPoints; int(k) < len(pointsElements); k++ {
		if l.child(pointsElements[k][0]) == nil && l.child(pointsElements[k][1]) == nil {
			continue
		}
		var err error
		if line.NSPoints, err = figureOf(l, pointsElements[k][0], "BOARD/TRAVELLER_LINE"); err != nil {
			return line, err
		}
		if line.EWPoints, err = figureOf(l, pointsElements[k][1], "BOARD/TRAVELLER_LINE"); err != nil {
			return line, err
		}
		line.Points = k
		break
	}
	return line, nil
}

// readContract reads a contract as club scorers and archives write it
// (see readContractUnder), under contract-2017.
func readContract(s string) (scoring.Contract, error) {
	return readContractUnder(&contractRules, s)
}

// readContractUnder reads a contract under a law code's rules. Under
// contract-2017 it also reads the forms club scorers and archives write:
// PASS (also P, PASSED and AP, all pass), no-trump as N (1N, 3NX) and a
// redouble as R (3NR, 4SR) — an R that the historical codes read otherwise
// (Royalton's royal bid).
func readContractUnder(rules *scoring.Rules, s string) (scoring.Contract, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "AP" {
		return scoring.Contract{Pass: true}, nil
	}
	if rules.Law == scoring.Contract2017 && len(t) >= 2 && t[0] >= '1' && t[0] <= '7' {
		if rest, ok := strings.CutSuffix(t, "R"); ok && !strings.HasSuffix(rest, "X") {
			t = rest + "XX"
		}
		if t[1] == 'N' && (len(t) == 2 || t[2] != 'T') {
			t = t[:2] + "T" + t[2:]
		}
	}
	return rules.ParseContract(t)
}

// readUSEBIOHands reads the HANDSET elements and gives each board its deal.
func readUSEBIOHands(root *xmlNode, e *USEBIOEvent) error {
	for _, hs := range findElements(root, "HANDSET", "") {
		for _, b := range hs.all("BOARD") {
			if err := readUSEBIOHandsOf(b, e); err != nil {
				return err
			}
		}
	}
	return nil
}

// usebioSuits lists the suit elements of a HAND in PBN order.
var usebioSuits = [4]string{"SPADES", "HEARTS", "DIAMONDS", "CLUBS"}

// readUSEBIOHandsOf reads one HANDSET/BOARD into the board of that number,
// adding the board when the event had no traveler for it.
func readUSEBIOHandsOf(b *xmlNode, e *USEBIOEvent) error {
	const path = "HANDSET/BOARD"
	num := b.child("BOARD_NUMBER")
	if num == nil {
		return usebioErr(b, path, "", "a BOARD_NUMBER element")
	}
	n, err := strconv.Atoi(num.text)
	if err != nil || n < 1 || n > maxBoardNumber {
		return usebioErr(num, path+"/BOARD_NUMBER", num.text, "a board number from 1 to "+strconv.Itoa(maxBoardNumber))
	}
	hands := [4]string{"-", "-", "-", "-"}
	for _, h := range b.all("HAND") {
		dir := h.child("DIRECTION")
		if dir == nil {
			return usebioErr(h, path+"/HAND", "", "a DIRECTION element (North, East, South or West)")
		}
		seat, err := scoring.ParseSeat("direction", dir.text)
		if err != nil {
			return usebioErr(dir, path+"/HAND/DIRECTION", dir.text, "North, East, South or West")
		}
		var suits [4]string
		for i, name := range usebioSuits {
			var cards strings.Builder // not +=, quadratic in the elements
			for _, s := range h.all(name) {
				cards.WriteString(strings.ReplaceAll(s.text, "-", ""))
			}
			suits[i] = cards.String()
		}
		hands[seat] = strings.Join(suits[:], ".")
	}
	deal, err := scoring.ParseDeal("deal", "N:"+strings.Join(hands[:], " "))
	if err != nil {
		return usebioErr(b, path, "board "+num.text, "four hands of 13 cards with no card twice ("+err.Error()+")")
	}
	for si := range e.Sections {
		sec := &e.Sections[si]
		for i := range sec.Boards {
			if sec.Boards[i].Number == n {
				sec.Boards[i].Deal = deal
			}
		}
	}
	for i := range e.Boards {
		if e.Boards[i].Number == n {
			e.Boards[i].Deal = deal
			return nil
		}
	}
	e.Boards = append(e.Boards, USEBIOBoard{Line: b.line, Number: n, Deal: deal})
	return nil
}

// figureOf reads the optional child element name of n as a Figure.
func figureOf(n *xmlNode, name, parent string) (Figure, error) {
	c := n.child(name)
	if c == nil || c.text == "" {
		return Figure{}, nil
	}
	f, ok := ParseFigure(c.text)
	if !ok {
		return f, usebioErr(c, parent+"/"+name, c.text, "a number such as 47.69 or -5")
	}
	return f, nil
}

// pairNumberTooBig reports whether a pair number as written ("12", "+12",
// "12NS") starts with a number above maxPairNumber. Whether it is a pair
// number at all is for the event's reader to tell.
func pairNumberTooBig(s string) bool {
	n := 0
	for _, c := range []byte(strings.TrimLeft(strings.TrimSpace(s), "+-")) {
		if c < '0' || c > '9' {
			break
		}
		if n = n*10 + int(c-'0'); n > maxPairNumber {
			return true
		}
	}
	return false
}

// usebioErr makes the *FileError for an element.
func usebioErr(n *xmlNode, element, value, expected string) *FileError {
	return &FileError{Format: "USEBIO", Line: n.line, Element: element, Value: value, Expected: expected}
}
