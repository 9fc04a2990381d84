package tournament

import (
	"context"
	"time"
)

// Service is the use cases of a tournament: it validates input against the
// event's law code and the section's movement, decides who may do what,
// scores results, and keeps them in a Store.
type Service struct {
	store        Store
	replica      Store            // the public's reads (reader); nil: the store
	directorHash []byte           // sha-256 of the configured director token; nil: none configured
	cache        *cachedStore     // the store with what every request reads kept: sections, events, boards, tokens
	watch        watchers         // the sections whose live standings are streamed
	memo         standingsMemo    // each section's standings as each audience sees them, made once per change
	now          func() time.Time // the clock, for tests
	dd           DoubleDummy      // the double-dummy solver; nil: this server analyses no deals
	heavy        *heavyReads      // the reports and files made once per event version (heavy.go)
}

// ServiceOptions configure a Service.
type ServiceOptions struct {
	DirectorToken string       // a director token accepted without being stored (TRAVELER_DIRECTOR_TOKEN); "" for none
	Replica       Store        // a read-only standby of the store for the public's reads (falling back to the store while it is down); nil: none
	DoubleDummy   DoubleDummy  // solves the deals of the analysis queue (AnalyseBoard); nil: this server cannot
	Heavy         HeavyOptions // bounds the reports and files made (Heavy); zero: the defaults
}

// NewService returns a Service over store.
func NewService(store Store, o ServiceOptions) *Service {
	s := &Service{store: store, now: time.Now, dd: o.DoubleDummy, heavy: newHeavyReads(o.Heavy)}
	s.cache = &cachedStore{Store: store, now: func() time.Time { return s.now() }}
	if o.Replica != nil {
		s.replica = &replicaReads{Store: store, standby: o.Replica}
	}
	if o.DirectorToken != "" {
		s.directorHash = hashToken(o.DirectorToken)
	}
	return s
}

// Ready reports whether the store can be reached.
func (s *Service) Ready(ctx context.Context) error { return s.store.Ping(ctx) }

// EventInput is a new event as a director describes it.
type EventInput struct {
	Name       string
	Date       string     // YYYY-MM-DD
	Law        string     // a law code name (scoring.LawNames)
	LawOptions LawOptions // options to set; the rest take their defaults
	Scoring    string     // a Method
	Published  bool

	TableTraveler bool // Event.TableTraveler
	TableLead     bool // Event.TableLead

	Overall OverallOptions // Event.Overall; the zero value: the defaults

	Convention string // Event.Convention; "": traveler's own
}

// SectionInput is a new section: the session it belongs to, its name and
// its movement.
type SectionInput struct {
	Session    int // 0: session 1
	Name       string
	Movement   MovementSpec
	Law        string     // a law code of its own (issue 28 §2: the same boards under another code); "": the event's
	LawOptions LawOptions // with Law: options of that code; the rest at their defaults
}

// BoardInput is one board of a hand record as given: dealer and
// vulnerability may be left out and follow from the board number. It is
// text as it came in; ParseBoard reads it into a Board.
type BoardInput struct {
	Number     int
	Dealer     string // "N", "E", "S", "W" or ""
	Vulnerable string // "None", "NS", "EW", "All" or ""
	Deal       string // a PBN deal, "" for none
}

// IssuedToken is a token just created: the secret is shown once and only
// its hash is stored.
type IssuedToken struct {
	Token  Token
	Secret string
}

// TravelerLine is one line of a board's traveler with the points it earned
// for each side under the event's scoring method.
type TravelerLine struct {
	Result   Result
	NSPoints float64
	EWPoints float64
	// Counted are the NS and EW points the line adds to its pairs' totals,
	// 2 decimals: at matchpoints, on a board played fewer times than the
	// field's most, Neuberg-scaled to that most (as EBUScore's files write
	// them); NSPoints and EWPoints otherwise.
	Counted [2]float64
	Suspect Suspicion // why the line looks mistyped (suspect.go); the zero Suspicion when it does not, or to a reader not the director
}

// Traveler is a board's traveler: the board, and every line compared.
type Traveler struct {
	Section Section
	Board   Board
	Method  Method
	Top     float64     // matchpoints: the top on the board; 0 otherwise
	Datum   *int        // BUTLER: the datum, nil with no played result (on a fouled board, of the lines played as dealt)
	Datums  map[int]int // BUTLER on a fouled board: each version's datum; nil when one version was played
	Lines   []TravelerLine
}

// Standing is one pair's or team's place.
type Standing struct {
	Number     string
	Name       string   // a teams method: the team's name
	Direction  string   // the pair's direction in a Mitchell ("NS", "EW"), else ""
	Players    []string // the players' names
	Total      float64  // points, scaled to the most boards played in its field, 2 decimals; a teams method: the points of its matches (Method.MatchPoints: VPs at IMP_TEAMS; a knockout match: IMPs with the carry-over, knockout.go); a Swiss pairs at IMPs: VPs
	Percentage float64  // matchpoint methods: of the top on the boards played, 2 decimals; 0 otherwise
	Place      int
	Boards     int     // boards played, artificial scores included
	IMPs       int     // a teams method: net IMPs; a Swiss pairs at IMPs: its IMPs against the field, rounded; a knockout match: its margin on the boards before procedural penalties, a Law 86B half rounded away from 0 (NetIMPs is the one after them)
	NetIMPs    float64 // a knockout match: its margin on the boards (IMPs won less its opponents'), each team's procedural penalties taken off, halves kept (Law 86B), without the carry-over; 0 otherwise

	// Procedural penalties (adjust.go):
	Penalty   float64   // what they took off Total, in its unit (at matchpoints before scaling), 2 decimals; 0: none
	Penalties []Penalty // the penalties given it, in the order given

	Grade // a graded section's (Section.Grading, standings_strata.go)
}

// Grade is what the grading step (standings_strata.go) adds to a pair's or
// team's place: in a section's standings and in the overall ranking alike.
type Grade struct {
	Stratum  string         // stratified: the pair's stratum ("" when not stratified)
	Strata   []StratumPlace // stratified: its place in each stratum it is ranked in, the top first
	Handicap float64        // a handicap event: the handicap added
	Net      float64        // a handicap event: the result Place ranks, Percentage (percent) or Total (points) plus Handicap, 2 decimals
	Scratch  int            // a handicap event: its place without the handicap
}

// StratumPlace is a pair's place in one stratum it is ranked in.
type StratumPlace struct {
	Stratum string
	Place   int
}

// Standings are a section's standings, live from its results.
type Standings struct {
	Event   Event
	Section Section
	Method  Method
	Pairs   []Standing   // every pair (a teams method: every team), by direction then place
	Results int          // traveler lines counted
	Matches []MatchScore // a teams method and a Swiss pairs: every match round by round, a Swiss's byes too (not a knockout's)
	Over    bool         // the session is over: every board finished (SessionOver); set by Service.Standings
	// FieldSections is how many sections of the session its boards were
	// compared over when the event scores across the field (overall.go);
	// 0 when compared within the section.
	FieldSections int
}
