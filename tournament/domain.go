package tournament

import (
	"slices"
	"time"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// Method is how the results on a board are compared into standings.
type Method string

// The scoring methods of an event.
const (
	MethodMP       Method = "MP"        // matchpoints, 2 per score beaten and 1 per tie (EBU/WBF), Neuberg for boards played fewer times
	MethodMPACBL   Method = "MP_ACBL"   // matchpoints, 1 per score beaten and ½ per tie (ACBL)
	MethodAverage  Method = "AVERAGE"   // each score against the board's average, Duplicate Auction Law H
	MethodTotal    Method = "TOTAL"     // total points
	MethodCrossIMP Method = "CROSS_IMP" // IMPs against every other score, averaged
	MethodButler   Method = "BUTLER"    // IMPs against a datum (the mean without the top and bottom score, rounded to 10)
	MethodIMPTeams Method = "IMP_TEAMS" // two-room team matches in IMPs, converted to VPs

	MethodBAMTeams       Method = "BAM_TEAMS"       // two-room team matches board-a-match: each board 1 to the better two-room total, ½ each on a tie (scoring.BoardAMatch)
	MethodPattonTeams    Method = "PATTON_TEAMS"    // two-room team matches, Patton: 2 a board won, 1 a tie, as many again for the match's aggregate (scoring.Patton)
	MethodAggregateTeams Method = "AGGREGATE_TEAMS" // two-room team matches in total points: each match's net aggregate (scoring.Aggregate)
)

// Methods lists the methods in the order a director is offered them.
var Methods = []Method{MethodMP, MethodMPACBL, MethodAverage, MethodTotal, MethodCrossIMP, MethodButler, MethodIMPTeams,
	MethodBAMTeams, MethodPattonTeams, MethodAggregateTeams}

// TeamMethods are the methods of a teams event: two-room matches between
// teams, each played on a teams movement (a round robin, a Swiss, a
// knockout — the knockout by IMPs only).
var TeamMethods = []Method{MethodIMPTeams, MethodBAMTeams, MethodPattonTeams, MethodAggregateTeams}

// Teams reports whether the method scores team matches (TeamMethods): its
// sections play teams movements, its standings rank teams.
func (m Method) Teams() bool { return slices.Contains(TeamMethods, m) }

// Event is a tournament: one law code and one scoring method for all its
// sessions and sections.
type Event struct {
	ID         int64
	Name       string
	Date       string // the civil date it is played, YYYY-MM-DD
	Law        scoring.Law
	LawOptions LawOptions // every option of the law code, each a bool or an int
	Scoring    Method
	Published  bool // standings and travelers may be read without a token

	// What the tables may do besides entering results: the director's
	// choices (TableOptions), off by default.
	TableTraveler bool // after a board is agreed, the table sees its traveler so far and its own score
	TableLead     bool // the table enters the opening lead, checked against the hand record

	// Overall is how its sections and sessions are ranked together: within
	// each section or across the field, the sessions summed or carried
	// over (overall.go).
	Overall OverallOptions

	// Convention is the arithmetic its figures follow where the laws leave
	// it open (a name of scoring.Conventions; "": traveler's own).
	Convention string

	// EntryVersion counts the changes an entry is checked against (law
	// code, options, scoring method, table options): an entry is stored
	// only at the version it was scored under (Service.EnterResults).
	EntryVersion int64

	CreatedAt time.Time
	UpdatedAt time.Time
}

// LawOptions are the options of a law code by name (scoring.Law.Options):
// bool for a switch, int for a value. An event holds every option of its
// law code, defaults filled in.
type LawOptions map[string]any

// EventPatch is a change to an event; nil fields stay as they are.
type EventPatch struct {
	Name       *string
	Date       *string
	Law        *string    // a law code name; its options go back to the defaults unless LawOptions is given too
	LawOptions LawOptions // options to set; nil: unchanged
	Scoring    *string
	Published  *bool

	TableTraveler *bool // Event.TableTraveler; nil: unchanged
	TableLead     *bool // Event.TableLead; nil: unchanged

	Overall *OverallOptions // Event.Overall, all of it (an option not given at its default); nil: unchanged

	Convention *string // Event.Convention; nil: unchanged
}

// Section is a group of tables playing one movement in one session of an
// event.
type Section struct {
	ID           int64
	EventID      int64
	Session      int // the session's number in the event, from 1
	Name         string
	Spec         MovementSpec      // what the director asked for
	Movement     movement.Movement // the movement it gave
	CurrentRound int               // the round the director announces; a table may be further on, or behind (pace.go)
	Pace         SectionPace       // the rounds closed for each table, the slots to be played later
	EntryVersion int64             // counts the changes an entry is checked against (round, pace, boards; its event's law): Service.EnterResults
	Grading      Grading           // its strata and handicap option (grading.go); the zero Grading: neither
	Penalties    []Penalty         // procedural penalties on its pairs or teams, in the order given (adjust.go)
	Corrections  []PointCorrection // a director's points on its lines' sides, by board, round, table, side (adjust.go)
	Law          scoring.Law       // the law code its results are scored under when it differs from its event's (issue 28 §2: the same boards under two codes); 0: the event's
	LawOptions   LawOptions        // with Law: every option of that code, defaults filled in; nil with Law 0
	CreatedAt    time.Time
}

// MovementSpec is a director's choice of movement, from which the movement is
// generated.
type MovementSpec struct {
	Kind           string            // "mitchell", "howell", "teams", "swiss", "knockout", "individual" or "custom"
	Players        int               // individual: the players, for a published individual movement (movement.IndividualPlayers); with a Schedule, the players it seats; with a File, its header's
	Tables         int               // mitchell: tables, a half table counted; custom with Winners 2: the pairs of each direction (NS 1..Tables, EW 1..Tables), tables numbered 1..Tables
	Pairs          int               // howell: pairs; swiss: the pairs of a Swiss pairs (swiss_pairs.go), given in place of Teams
	Teams          int               // teams: teams (a complete round robin); swiss: teams
	Rounds         int               // rounds to play; 0: all the movement has; swiss: the rounds the event will have, paired one by one (swiss.go); knockout: the segments (knockout.go)
	BoardsPerRound int               // boards a table plays each round
	Even           string            // mitchell with an even number of tables: "skip" (default) or "relay"
	SkipAfter      int               // mitchell "skip": the round after which EW skip a table; 0: the middle
	Missing        int               // mitchell: the pair of a half table that is not there; 0: none
	Phantom        bool              // mitchell: the missing pair's opponents get an artificial score instead of sitting out
	ArrowSwitch    []int             // mitchell: rounds in which every table arrow-switches (one winner)
	Variant        string            // mitchell: a named variant, movement.Variants ("barometer", "web", "hesitation", "rover", "two-stanza", "appendix"); "": plain
	Switches       []movement.Switch // mitchell: arrow switches at chosen tables in chosen rounds (a scrambled Mitchell; one winner)
	RoverTables    []int             // mitchell "rover": the rover's table each round from round 2 (or 1); nil: the EBU's order
	Appendix       int               // mitchell "appendix": 1 (EBUScore's 1-table appendix Mitchell: tables+1 shares table 1's boards, tables+2 a half table); 3 to 7 on 13 tables (EBUScore's [M23]/[M13d]: tables 14.. share tables 1..'s boards)
	ShareBoards    bool              // howell: a schedule whose tables share sets (5 or 6 pairs; BridgeWx's for 15–18 pairs, movement.HowellOptions)
	Schedule       []movement.Round  // individual: the rounds table by table, each table's Players at N, E, S, W (its NS and EW are made from them); custom: the rounds table by table, e.g. a published movement; one winner (two with Winners 2), or teams when its tables name matches (team k: pairs 2k−1, 2k)
	File           string            // custom: the movement as a file (.ASC or EBUScore's format, movement.ReadMovementFile); individual: EBUScore's individual format or the .ASC one (movement.ReadIndividualFile, Players its header's); each board group BoardsPerRound boards; read into Schedule before the section is stored (ReadFile)
	Unbalanced     bool              // custom: the director accepts a schedule that movement.CheckBalanced refuses (two pairs meeting again, as an extra-board Mitchell's do; boards played unequally often); the movement's page warns of it
	Winners        int               // custom: 2 ranks NS and EW apart, movement pair n being NS pair n and pair Tables+n EW pair n, as in a Mitchell; 0 or 1: one winner
	VPScale        string            // teams, swiss, custom teams: the IMP to VP scale, VPScales; "": "wbf"; a Swiss pairs at matchpoints: "percent-table" or "" (ranked by percentage)
	VPTable        []int             // VPScale "table": the least margin for each VP above the draw (scoring.TableVPScale); "percent-table": in hundredths of a point above 50% (scoring.PercentVPScale)
	ByeVPs         *float64          // swiss: the VPs of a team with a bye; nil: 60% of the scale's maximum (12 of 20, 18 of 30)
	CarryTeam      int               // knockout: the team (1 or 2) that starts with CarryIMPs; 0: none
	CarryIMPs      float64           // knockout: the IMPs CarryTeam brings in (a previous stage, a handicap), in halves
	TieRule        string            // knockout: how a tie at the end is decided, TieRules; "": "playoff"
	From           []int64           // knockout: the two matches (sections) whose winners meet here, as AdvanceKnockout made it; nil: a first-round match
	Withdrawn      []SwissWithdrawal // swiss: the teams (pairs) withdrawn, by number, never paired again (WithdrawSwiss); nil: none
}

// SwissWithdrawal is a team (a pair) withdrawn from a Swiss: from round
// FromRound on it is in no match and has no bye.
type SwissWithdrawal struct {
	Number    int
	FromRound int
}

// withdrawnNumbers lists the numbers of a Swiss's withdrawn teams (pairs).
func (s *MovementSpec) withdrawnNumbers() []int {
	out := make([]int, len(s.Withdrawn))
	for i, w := range s.Withdrawn {
		out[i] = w.Number
	}
	return out
}

// gone reports whether team (pair) n of a Swiss has withdrawn by round r:
// it sits out that round without a bye.
func (s *MovementSpec) gone(n, r int) bool {
	return slices.ContainsFunc(s.Withdrawn, func(w SwissWithdrawal) bool { return w.Number == n && r >= w.FromRound })
}

// Pair is a partnership in a section. Number and Direction are what the
// players are called by: in a Mitchell "3" NS and "3" EW are two pairs; in a
// Howell or a teams event the direction is "".
type Pair struct {
	ID        int64
	SectionID int64
	Number    string
	Direction string // "NS", "EW", or "" where pairs change direction
	Team      int    // teams: the team the pair plays for (from 1); 0 otherwise
	Players   []Player
	Stratum   string  // a stratified section: its stratum (Section.Grading); "": the top
	Handicap  float64 // a handicap event: added to its result (percent or points, Section.Grading)
}

// Player is one player of a pair or team.
type Player struct {
	Name   string
	Number string // a national or club membership number, "" when not given
	// From and To are the rounds an individual's substitute sat in: a
	// player after the first of an individual's entrant filled its seat
	// from round From to round To (0: to the last round), and the entrant
	// is ranked on the rounds it played itself (playerTotals). 0 for every
	// other player (a pair's substitute is one of its players throughout).
	From, To int
}

// Roster is a team of a teams section as the director enters it: its
// number (the movement's team), name and players.
type Roster struct {
	ID        int64
	SectionID int64
	Number    int
	Name      string
	Players   []Player
	Stratum   string  // a stratified section: its stratum (Section.Grading); "": the top
	Handicap  float64 // a handicap event: added to its VPs (points)
}

// Board is one deal of a section: its number, dealer, vulnerability and,
// when there is a hand record, the deal. The deal is read once, where it
// comes in — ParseBoard for text given (the API, the pages, a hand-record
// file), a results file's reader, the store's scan of its PBN text — and
// travels parsed; it is written back as PBN (scoring.Deal.PBN) only at the
// edges that send or store text.
type Board struct {
	SectionID     int64
	Number        int
	Dealer        scoring.Seat
	Vulnerability scoring.Vulnerability
	Deal          scoring.Deal // the hand record; Empty (the zero Deal) when there is none
}

// Status is what a traveler line records.
type Status string

// The statuses of a result.
const (
	StatusPlayed     Status = "played"     // a contract, declarer and tricks
	StatusPassedOut  Status = "passed_out" // four passes
	StatusNotPlayed  Status = "not_played" // no result and no score (the board was not played, nothing assigned yet)
	StatusArtificial Status = "artificial" // an artificial adjusted score: NSPercent/EWPercent of the top, e.g. 60/40
	StatusAssigned   Status = "assigned"   // an assigned adjusted score: weighted NS scores, Law 12C1(c)
)

// Statuses lists the statuses in the order a director is offered them.
var Statuses = []Status{StatusPlayed, StatusPassedOut, StatusNotPlayed, StatusArtificial, StatusAssigned}

// Result is one line of a board's traveler: who played it where, and what
// happened.
type Result struct {
	ID        int64
	SectionID int64
	Board     int
	Round     int
	Table     int
	NS, EW    string // the pair numbers at the NS and EW seats
	Status    Status

	// StatusPlayed (and the contract "PASS" of StatusPassedOut).
	Contract string       // as the law code writes it, e.g. "4SX", "2NL", "3R"
	Declarer string       // "N", "E", "S" or "W"
	Tricks   int          // won in play by the declarer's side, 0 to 13; TricksNotGiven when the input left it out
	Revokes  []RevokeLine // revokes, in the historical codes that score them
	Honours  map[string]int
	Chicane  []string // seats void of trumps, when honours are given by count
	Lead     string   // the opening lead, e.g. "SA"; "" when not recorded
	Auction  []string // the calls from the dealer, as entered ("1H", "X", "PASS"; Bridge: "LEAVE", "H"); nil when not recorded

	// StatusArtificial: each side's percentage of the top (60/40, 50/50, 40/40 …).
	NSPercent, EWPercent int
	// StatusAssigned: the weighted scores (NS scores), both sides' unless
	// EWAssigned is given.
	Assigned []AssignedPart
	// EWAssigned is the EW side's own assigned score when it is not
	// balanced (Law 12C1(b); weighted per side, 12C1(c)): NS scores as
	// the EW side's line compares them, e.g. [{650, 1}] for "EW −650"
	// while Assigned is [{620, 1}] for "NS +620". nil: balanced.
	EWAssigned []AssignedPart

	// Query is what the players asked the director about this line (the
	// opponents did not agree, a ruling is wanted); "" when there is none.
	// It stays until a director clears it.
	Query string

	// BoardVersion is the version of a fouled board this line was played
	// on (FouledBoard): 1 or 0 as dealt; read through the Service, it is
	// set from the section's fouled boards. Lines compare only with lines
	// of the same version.
	BoardVersion int

	// Corrections are the director's figures for this line's sides
	// (PointCorrection), set from its section when read through the
	// Service; nil when the line shows what the comparison gives it.
	Corrections []PointCorrection

	NSScore   int       // the NS score under the event's law code (0 for a line not played or artificial)
	Lines     []string  // the score itemised ("NS: 4 odd tricks at 9: 36"); filled in when read through the Service
	Version   int       // 1 when entered, one more on every change
	EnteredBy string    // who entered or last changed it: "director", "table 3", a token's name
	EnteredAt time.Time // when it was entered
	UpdatedAt time.Time // when it last changed
}

// TricksNotGiven is Result.Tricks when the input did not say: refused for a
// played result, ignored otherwise.
const TricksNotGiven = -1

// RevokeLine is one revoke on a traveler line.
type RevokeLine struct {
	Side    string // "NS" or "EW"
	Penalty string // a defender's first revoke: "tricks" or "points" as the declarer chose; else ""
}

// Split reports whether a result is an assigned score that is not balanced
// (Law 12C1(b)): each side has its own.
func (r *Result) Split() bool { return r.Status == StatusAssigned && len(r.EWAssigned) > 0 }

// EWSideScore returns the NS score the EW side's line is compared with: the
// EW side's own assigned score, weighted, on a split score; else NSScore.
func (r *Result) EWSideScore() int {
	if !r.Split() {
		return r.NSScore
	}
	return weightedScore(r.EWAssigned)
}

// AssignedPart is one part of an assigned adjusted score.
type AssignedPart struct {
	NSScore int
	Weight  float64 // the shares of a result sum to 1
}

// ResultFilter picks results of a section; zero fields do not filter.
type ResultFilter struct {
	SectionID int64
	Board     int
	Round     int
	Table     int
	Pair      string // results where this pair number sat NS or EW
}

// ResultScore is a stored result's new score, when its event's law code or
// its board's deal changes.
type ResultScore struct {
	ResultID int64
	NSScore  int
}

// AuditEntry is one change to a result: who, when, and the result before and
// after (nil before an insert and after a delete).
type AuditEntry struct {
	ID       int64
	ResultID int64
	Action   string // "insert", "update", "delete", "rescore"
	Actor    string
	At       time.Time
	Before   *Result
	After    *Result
}

// Idempotency names a request that may be retried: the key the client sent
// and a hash of the request, so a retry with another body is refused.
type Idempotency struct {
	Key         string // the Idempotency-Key header
	Scope       string // who sent it (the token's id), so two clients' keys never collide
	RequestHash []byte // sha-256 of the request body
}

// Role is what a caller may do.
type Role string

// The roles.
const (
	RolePublic   Role = "public"   // no token: published standings and travelers
	RoleDirector Role = "director" // everything
	RoleTable    Role = "table"    // enter and correct its own table's results in the rounds open to it (pace.go)
)

// Token is a stored access token; only its hash is kept.
type Token struct {
	ID        int64
	Role      Role
	Name      string // what the director called it, e.g. "table 3, section A"
	SectionID int64  // RoleTable: the section
	Table     int    // RoleTable: the table
	Hash      []byte // sha-256 of the token
	CreatedAt time.Time
	ExpiresAt time.Time // when it stops working; zero: until revoked
	RevokedAt time.Time // when it was revoked (by the director, by new table links, by deleting its section); zero: not revoked
}

// TokenState is whether a token still works.
type TokenState string

// The states of a token.
const (
	TokenActive  TokenState = "active"  // it works
	TokenExpired TokenState = "expired" // its expiry has passed
	TokenRevoked TokenState = "revoked" // it was revoked
)

// State returns whether t works at now.
func (t Token) State(now time.Time) TokenState {
	switch {
	case !t.RevokedAt.IsZero():
		return TokenRevoked
	case !t.ExpiresAt.IsZero() && !now.Before(t.ExpiresAt):
		return TokenExpired
	}
	return TokenActive
}

// SignIn is a director's browser signed in: its cookie holds a secret of
// its own (only the hash is stored), never the director token.
type SignIn struct {
	ID        int64
	TokenID   int64  // the director token signed in with; 0: the configured one
	Name      string // the token's name
	Agent     string // the browser's User-Agent, cut to 200 characters
	Hash      []byte // sha-256 of the cookie's secret
	CreatedAt time.Time
	ExpiresAt time.Time // the sooner of SignInLifetime after signing in and the token's expiry
	EndedAt   time.Time // signed out, ended by the director, or its token revoked; zero: not ended
}

// State returns whether the sign-in still works at now.
func (si SignIn) State(now time.Time) TokenState {
	return Token{ExpiresAt: si.ExpiresAt, RevokedAt: si.EndedAt}.State(now)
}

// Actor is who is calling a use case.
type Actor struct {
	Role      Role
	Name      string // for the audit: "director", "table 3 A", …
	TokenID   int64  // the stored token, 0 for the configured director token or none
	SignInID  int64  // the director's sign-in a page request came with; 0: none
	SectionID int64  // RoleTable
	Table     int    // RoleTable
}

// Director is the actor the CLI and the configured director token act as.
var Director = Actor{Role: RoleDirector, Name: "director"}
