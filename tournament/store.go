package tournament

import (
	"context"
	"time"

	"github.com/traveler-bridge/traveler/scoring"
)

// Store keeps events, sections, pairs, boards, results and tokens. Every
// method that changes results writes their audit rows in the same
// transaction. Errors wrap the Err sentinels: ErrNotFound for a missing row,
// ErrConflict for a duplicate (a pair number, a result on the same board,
// table and round), ErrStale for a version that is not the stored one, with
// *Error carrying the stored result where there is one. A Store never returns
// nil, nil.
type Store interface {
	ChangeStore         // changes to events, sections, pairs and teams (service_change.go)
	PaceStore           // rounds closed per table, late plays, refused entries (pace.go)
	MovementChangeStore // a section's movement changed for the rounds not yet played (service_movement.go)
	FouledStore         // which tables played which version of a fouled board (fouled.go)
	RosterStore         // the club's players, kept across events (roster.go)
	SwissStore          // a Swiss section's draft pairing (swiss.go)
	AdjustStore         // procedural penalties and a director's points on a line (adjust.go)

	// Ping reports whether the store can be reached.
	Ping(ctx context.Context) error
	// StandingsVersion returns a value that changes whenever what a
	// section's standings are made from changes, by any process: its
	// results, their scores, its event.
	StandingsVersion(ctx context.Context, sectionID int64) (string, error)
	// SectionVersions returns each live section's StandingsVersion, with
	// how many of its boards' analyses stand (what Analyses returns), of
	// one event by section ID, in one read.
	SectionVersions(ctx context.Context, eventID int64) (map[int64]string, error)

	// CreateEvent stores a new event and sets its ID, CreatedAt and
	// UpdatedAt. With idem the request's key is kept with it: a retried
	// request stores nothing, e is set to the event it made and replayed
	// is true; a key used for another request is ErrConflict.
	CreateEvent(ctx context.Context, e *Event, idem *Idempotency) (replayed bool, err error)
	// Event returns an event.
	Event(ctx context.Context, id int64) (Event, error)
	// Events returns every event, the newest date first.
	Events(ctx context.Context) ([]Event, error)
	// UpdateEvent stores e's fields, counting up the entry versions of the
	// event and its sections, and, when rescore is not nil, the new scores
	// rescore gives each section's results as they are in the same
	// transaction, after entries racing the change have committed or wait
	// for it (each a "rescore" in the audit by actor).
	UpdateEvent(ctx context.Context, e *Event, rescore Rescorer, actor string) error

	// ImportEvent stores a whole event — the event, its sections with their
	// movements, pairs, teams, boards and results — all or none (one
	// transaction), and sets their IDs; results are audited as entered by actor.
	// It keeps the file's digest (d.Digest) for EventByDigest, and unless
	// o.Again refuses a file an event already holds (ImportedAlready),
	// checked under a lock on the digest in the same transaction, so that
	// two imports of one file at once make one event; its boards are stored as ReplaceBoards stores
	// them, so their deals' double-dummy analysis is queued too. Its pairs'
	// and teams' players join the club's roster as RememberPlayers adds
	// them, in the same transaction.
	ImportEvent(ctx context.Context, d *EventData, actor string, o ImportOptions) error

	// CreateSection stores a section with its movement (rounds, tables,
	// teams), creating its session if the event has none with that number,
	// and sets its ID and CreatedAt. A section name is unique in a session.
	// With check (not nil) it first holds the event's row against a change
	// of the event (UpdateEvent: its overall field, its law code) and calls
	// check with the event as it is then, in the same transaction: an error
	// stores nothing. A change of the event racing the section either
	// commits before the check sees it or sees the section once stored.
	CreateSection(ctx context.Context, s *Section, check EventCheck) error
	// Section returns a section with its movement.
	Section(ctx context.Context, id int64) (Section, error)
	// SectionRow returns a section as Section does but for its movement's
	// rounds and teams, which it leaves nil: what can change once the
	// section is made (a movement never does).
	SectionRow(ctx context.Context, id int64) (Section, error)
	// Sections returns an event's sections, by session then name.
	Sections(ctx context.Context, eventID int64) ([]Section, error)
	// SetCurrentRound changes the round a section is playing.
	SetCurrentRound(ctx context.Context, sectionID int64, round int) error
	// HoldSection runs change in one transaction that first holds the
	// section against entries: it counts up the section's entry version and
	// takes its row as an entry does, so an entry in progress commits first
	// and one that comes after waits for the change and is then checked
	// again (CreateResultsAt: ErrEntryMoved). st is a Store over that
	// transaction: what change reads and writes through it — the section's
	// results first of all — is what holds when it commits. Every director
	// change that decides what an entry may store, or that is decided on
	// the section's results, is made through it (Service.held).
	HoldSection(ctx context.Context, sectionID int64, change func(st Store) error) error

	// AddPairs stores pairs (and sets their IDs) all or none; a number and
	// direction already in the section is ErrConflict.
	AddPairs(ctx context.Context, sectionID int64, pairs []Pair) error
	// Pairs returns a section's pairs by direction then number.
	Pairs(ctx context.Context, sectionID int64) ([]Pair, error)
	// AddTeams stores teams (and sets their IDs) all or none.
	AddTeams(ctx context.Context, sectionID int64, teams []Roster) error
	// Teams returns a section's teams by number.
	Teams(ctx context.Context, sectionID int64) ([]Roster, error)
	// SetGrading stores a section's Grading and the stratum and handicap
	// of the pairs and teams given (by ID), in one transaction.
	SetGrading(ctx context.Context, sec *Section, pairs []Pair, teams []Roster) error

	// ReplaceBoards replaces a section's boards, counting up its entry
	// version, and, in the same transaction, stores the new scores rescore
	// (when not nil) gives its results as they are then (audited as a
	// "rescore" by actor). It also queues the double-dummy analysis of
	// every stored deal (in db, a job of the analysis queue, one per board
	// and deal, which a server's worker hands to Service.AnalyseBoard) and
	// drops the stored analyses of deals the boards no longer hold.
	ReplaceBoards(ctx context.Context, sectionID int64, boards []Board, rescore Rescorer, actor string) error
	// Boards returns a section's stored boards by number.
	Boards(ctx context.Context, sectionID int64) ([]Board, error)

	// Analysed reports whether a board's analysis of this deal is stored,
	// with its nullo table when nullo.
	Analysed(ctx context.Context, sectionID int64, board int, deal scoring.Deal, nullo bool) (bool, error)
	// PutAnalysis stores a board's analysis (its Nullo aside) if the board
	// still holds its deal, and reports whether it did.
	PutAnalysis(ctx context.Context, a StoredAnalysis) (bool, error)
	// AwaitLawChange waits till no change of the section's law code (its
	// event's or its own) is in progress, so that the code read next is the
	// one that change leaves.
	AwaitLawChange(ctx context.Context, sectionID int64) error
	// QueueNullos queues the solving of a board's nullo table (in db, a
	// job of a queue of its own, handed to Service.SolveNullos).
	QueueNullos(ctx context.Context, sectionID int64, board int, deal scoring.Deal) error
	// PutNulloTable stores a board's nullo table when the analysis of that
	// deal is stored without one, and reports whether it did.
	PutNulloTable(ctx context.Context, sectionID int64, board int, deal scoring.Deal, t scoring.NulloTable) (bool, error)
	// Analyses returns a section's stored analyses of the deals its boards
	// hold now, by board number.
	Analyses(ctx context.Context, sectionID int64) ([]StoredAnalysis, error)

	// CreateResults stores results all or none, each with version 1 and an
	// audit row, and returns them as stored. With idem, a request already
	// stored under the same key and scope returns the results it stored
	// (as they are now) and replayed true; the same key with another request
	// hash, or with a result deleted since, is ErrConflict. Concurrent
	// requests with one key store once.
	CreateResults(ctx context.Context, sectionID int64, results []Result, idem *Idempotency) (stored []Result, replayed bool, err error)
	// CreateResultsAt is CreateResults for results checked and scored
	// against the section and its event at the versions at (their
	// EntryVersion): it stores them only while those versions are in force,
	// holding the section against changes until it commits, and otherwise
	// stores nothing and returns an error that is ErrEntryMoved.
	CreateResultsAt(ctx context.Context, sectionID int64, at EntryAt, results []Result, idem *Idempotency) (stored []Result, replayed bool, err error)
	// Result returns a result.
	Result(ctx context.Context, id int64) (Result, error)
	// Results returns the results the filter picks, by board, then round, then table.
	Results(ctx context.Context, f ResultFilter) ([]Result, error)
	// UpdateResult stores r (by r.ID) if the stored version is version,
	// setting r.Version to version+1 and r.UpdatedAt; else ErrStale with the
	// stored result.
	UpdateResult(ctx context.Context, r *Result, version int) error
	// UpdateResultAt is UpdateResult for a result checked against its
	// section and event at the versions at: stored only while those are in
	// force (holding the section till it commits, as CreateResultsAt does),
	// else nothing is and the error is ErrEntryMoved.
	UpdateResultAt(ctx context.Context, r *Result, version int, at EntryAt) error
	// DeleteResult deletes a result if the stored version is version (0:
	// any), auditing it as actor; else ErrStale with the stored result.
	DeleteResult(ctx context.Context, id int64, version int, actor string) error
	// Audit returns a result's changes, oldest first.
	Audit(ctx context.Context, resultID int64) ([]AuditEntry, error)

	// CreateToken stores a token (its hash) and sets its ID and CreatedAt.
	CreateToken(ctx context.Context, t *Token) error
	// ReplaceTableTokens revokes the tokens of a section's tables (all
	// when tables is nil) and stores tokens, in one transaction; it
	// returns how many it revoked.
	ReplaceTableTokens(ctx context.Context, sectionID int64, tables []int, tokens []*Token) (int, error)
	// TokenByHash returns the token with this hash.
	TokenByHash(ctx context.Context, hash []byte) (Token, error)
	// Token returns the token with this id.
	Token(ctx context.Context, id int64) (Token, error)
	// Tokens returns the tokens f asks for, their state as of the store's clock.
	Tokens(ctx context.Context, f TokenFilter) ([]Token, error)
	// SetTokenExpiry sets when a token expires and returns it.
	SetTokenExpiry(ctx context.Context, id int64, at time.Time) (Token, error)
	// RevokeToken revokes a token (a revoked one stays as it was) and
	// ends its sign-ins, and returns it.
	RevokeToken(ctx context.Context, id int64) (Token, error)

	// CreateSignIn stores a sign-in (its hash) and sets its ID and
	// CreatedAt; it forgets sign-ins that ended more than a month ago.
	CreateSignIn(ctx context.Context, si *SignIn) error
	// SignInByHash returns the sign-in with this hash, its expiry and end
	// taking its token's into account.
	SignInByHash(ctx context.Context, hash []byte) (SignIn, error)
	// SignIns returns the sign-ins that have not ended or expired, newest first.
	SignIns(ctx context.Context) ([]SignIn, error)
	// EndSignIn ends a sign-in (one ended stays as it was).
	EndSignIn(ctx context.Context, id int64) error
}

// EntryAt is what an entry was checked and scored against: its section's
// and its event's EntryVersion as read.
type EntryAt struct {
	Section int64 // Section.EntryVersion
	Event   int64 // Event.EntryVersion
}

// EventCheck checks a change against its event as the change's transaction
// holds the event's row (Store.CreateSection), returning a *Error to refuse it.
type EventCheck func(e *Event) error

// Rescorer scores a section's results again inside a change's transaction:
// e is the event and boards the section's stored boards as the change
// leaves them, results the section's results as they are once the change
// holds the section (no entry can be stored meanwhile). It returns the
// results whose score changes.
type Rescorer func(e *Event, sectionID int64, boards []Board, results []Result) ([]ResultScore, error)
