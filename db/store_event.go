package db

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// eventColumns are the columns scanEvent reads.
const eventColumns = `id, name, to_char(date, 'YYYY-MM-DD'), law, law_options, scoring, published, created_at, updated_at,
	table_traveler, table_lead, entry_version, overall_field, overall_method, carry_over, same_pair, convention`

// scanEvent reads a row of eventColumns.
func scanEvent(row pgx.CollectableRow) (tournament.Event, error) {
	var (
		e    tournament.Event
		law  string
		opts []byte
	)
	if err := row.Scan(&e.ID, &e.Name, &e.Date, &law, &opts, &e.Scoring, &e.Published, &e.CreatedAt, &e.UpdatedAt,
		&e.TableTraveler, &e.TableLead, &e.EntryVersion,
		&e.Overall.Field, &e.Overall.Method, &e.Overall.CarryOver, &e.Overall.SamePair, &e.Convention); err != nil {
		return e, err
	}
	l, err := scoring.ParseLaw("law", law)
	if err != nil {
		return e, fmt.Errorf("event %d: stored law %q: %w", e.ID, law, err)
	}
	e.Law = l
	if e.LawOptions, err = lawOptionsFrom(opts); err != nil {
		return e, fmt.Errorf("event %d: %w", e.ID, err)
	}
	e.CreatedAt, e.UpdatedAt = e.CreatedAt.UTC(), e.UpdatedAt.UTC()
	return e, nil
}

// checkDate refuses a date that is not written YYYY-MM-DD (PostgreSQL
// would read "today" or "Nov 24 2026" too).
func checkDate(date string) error {
	if _, err := time.Parse(time.DateOnly, date); err != nil {
		return tournament.Invalidf("date", strconv.Quote(date)+": not a date: write YYYY-MM-DD")
	}
	return nil
}

// lawOptionsJSON returns an event's options as JSON: {} for none.
func lawOptionsJSON(o tournament.LawOptions) ([]byte, error) {
	if o == nil {
		return []byte("{}"), nil
	}
	b, err := json.Marshal(o)
	if err != nil {
		return nil, tournament.Invalidf("law_options", "each option is a switch (true, false) or a whole number")
	}
	return b, nil
}

// CreateEvent stores a new event and sets its ID, CreatedAt and UpdatedAt.
// With idem the request's key is kept with the event, in the same
// transaction; a key kept before (the request retried: at the same time
// too, the second waits for the first) stores nothing, sets e to the event
// it made, as it is now, and answers replayed. A key kept for another
// request, or whose event is deleted since, is ErrConflict.
func (s *Store) CreateEvent(ctx context.Context, e *tournament.Event, idem *tournament.Idempotency) (replayed bool, err error) {
	if err := checkDate(e.Date); err != nil {
		return false, err
	}
	opts, err := lawOptionsJSON(e.LawOptions)
	if err != nil {
		return false, err
	}
	if idem == nil {
		return false, s.insertEvent(ctx, e, opts)
	}
	// A key seen kept but pruned before it could be read is tried again,
	// at most a few times.
	for range 3 {
		err := s.inTx(ctx, func(ts *Store) error {
			if err := ts.insertEvent(ctx, e, opts); err != nil {
				return err
			}
			tag, err := ts.q.Exec(ctx, `
				INSERT INTO event_idempotency_keys (scope, key, request_hash, event_id) VALUES ($1, $2, $3, $4)
				ON CONFLICT (scope, key) DO NOTHING`, idem.Scope, idem.Key, idem.RequestHash, e.ID)
			if err != nil {
				return err
			}
			if tag.RowsAffected() == 0 {
				return errKeyKept
			}
			return nil
		})
		if !errors.Is(err, errKeyKept) {
			return false, translate("create event", err, ids{})
		}
		found, err := s.replayEvent(ctx, e, idem)
		if found || err != nil {
			return found, err
		}
	}
	return false, fmt.Errorf("db: create event: idempotency key %q vanished while being read", idem.Key)
}

// errKeyKept rolls back an event stored under a key another request kept.
var errKeyKept = errors.New("idempotency key kept already")

// insertEvent stores e (its law options opts, as JSON) and sets its ID,
// CreatedAt and UpdatedAt.
func (s *Store) insertEvent(ctx context.Context, e *tournament.Event, opts []byte) error {
	ov := e.Overall.Defaults()
	e.Overall = ov // as it is read back
	err := s.q.QueryRow(ctx, `
		INSERT INTO events (name, date, law, law_options, scoring, published, table_traveler, table_lead,
		                    overall_field, overall_method, carry_over, same_pair, convention)
		VALUES ($1, CAST($2::text AS date), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
		RETURNING id, created_at, updated_at`,
		e.Name, e.Date, e.Law.String(), opts, string(e.Scoring), e.Published, e.TableTraveler, e.TableLead,
		ov.Field, ov.Method, ov.CarryOver, ov.SamePair, e.Convention,
	).Scan(&e.ID, &e.CreatedAt, &e.UpdatedAt)
	if err != nil {
		return translate("create event", err, ids{})
	}
	e.CreatedAt, e.UpdatedAt = e.CreatedAt.UTC(), e.UpdatedAt.UTC()
	return nil
}

// replayEvent sets e to the event made under idem's key, as it is now, and
// reports whether the key is kept; ErrConflict when it was kept for another
// request or its event is deleted since.
func (s *Store) replayEvent(ctx context.Context, e *tournament.Event, idem *tournament.Idempotency) (bool, error) {
	var (
		hash []byte
		id   int64
	)
	err := s.q.QueryRow(ctx, `SELECT request_hash, event_id FROM event_idempotency_keys WHERE scope = $1 AND key = $2`,
		idem.Scope, idem.Key).Scan(&hash, &id)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, translate("create event", err, ids{})
	}
	if !bytes.Equal(hash, idem.RequestHash) {
		return true, &tournament.Error{Kind: tournament.ErrConflict, Field: "Idempotency-Key",
			Message: "Idempotency-Key " + strconv.Quote(idem.Key) + " was used for a different request"}
	}
	stored, err := s.Event(ctx, id)
	if errors.Is(err, tournament.ErrNotFound) {
		return true, &tournament.Error{Kind: tournament.ErrConflict, Field: "Idempotency-Key",
			Message: "Idempotency-Key " + strconv.Quote(idem.Key) + " made event " + strconv.FormatInt(id, 10) + ", deleted since: to create it again send the request under a new key"}
	}
	if err != nil {
		return true, err
	}
	*e = stored
	return true, nil
}

// Event returns an event.
func (s *Store) Event(ctx context.Context, id int64) (tournament.Event, error) {
	rows, _ := s.q.Query(ctx, `SELECT `+eventColumns+` FROM events WHERE id = $1 AND deleted_at IS NULL`, id)
	e, err := pgx.CollectExactlyOneRow(rows, scanEvent)
	if err != nil {
		return e, notFound("event", err, "event", id)
	}
	return e, nil
}

// Events returns every event (but the deleted), the newest date first.
func (s *Store) Events(ctx context.Context) ([]tournament.Event, error) {
	rows, _ := s.q.Query(ctx, `SELECT `+eventColumns+` FROM events WHERE deleted_at IS NULL ORDER BY date DESC, id DESC`)
	events, err := pgx.CollectRows(rows, scanEvent)
	if err != nil {
		return nil, translate("events", err, ids{})
	}
	return events, nil
}

// UpdateEvent stores e's fields (by e.ID), setting e.UpdatedAt and
// e.EntryVersion, in one transaction that counts up the entry versions of
// the event and of its sections, holding their rows (the event's, then the
// sections' in id order, as entries take them: insertResultsSQL) till it
// commits. An entry in progress commits first; one that comes after waits,
// then finds its section moved and is checked again. So the results that
// rescore (when not nil) scores again, read once the sections are held, are
// every result stored under the old code; each whose score changes gets it
// as a "rescore" in the audit by actor.
func (s *Store) UpdateEvent(ctx context.Context, e *tournament.Event, rescore tournament.Rescorer, actor string) error {
	if err := checkDate(e.Date); err != nil {
		return err
	}
	ov := e.Overall.Defaults()
	opts, err := lawOptionsJSON(e.LawOptions)
	if err != nil {
		return err
	}
	k := ids{event: e.ID}
	err = pgx.BeginFunc(ctx, s.q, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `
			UPDATE events
			SET name = $2, date = CAST($3::text AS date), law = $4, law_options = $5, scoring = $6,
			    published = $7, table_traveler = $8, table_lead = $9, updated_at = now(),
			    overall_field = $10, overall_method = $11, carry_over = $12, same_pair = $13,
			    convention = $14, entry_version = entry_version + 1
			WHERE id = $1 AND deleted_at IS NULL
			RETURNING created_at, updated_at, entry_version`,
			e.ID, e.Name, e.Date, e.Law.String(), opts, string(e.Scoring), e.Published, e.TableTraveler, e.TableLead,
			ov.Field, ov.Method, ov.CarryOver, ov.SamePair, e.Convention,
		).Scan(&e.CreatedAt, &e.UpdatedAt, &e.EntryVersion)
		if err != nil {
			return notFound("update event", err, "event", e.ID)
		}
		// Its live sections: a deleted one takes no entry and is scored
		// no more (its row is not read: SectionRow).
		sections, err := holdSections(ctx, tx, `se.event_id = $1 AND s.deleted_at IS NULL`, e.ID)
		if err != nil {
			return err
		}
		if r, err := e.Rules(); err == nil && r.HasNullo() {
			// A code with nullos: the deals analysed without them are
			// solved for them too.
			if err := s.enqueueNulloAnalyses(ctx, tx, `se.event_id = $1`, e.ID); err != nil {
				return err
			}
		}
		if rescore == nil {
			return nil
		}
		ts := &Store{pool: s.pool, q: tx, jobs: s.jobs}
		var scores []tournament.ResultScore
		for _, id := range sections {
			more, err := ts.rescoreSection(ctx, e, id, rescore)
			if err != nil {
				return err
			}
			scores = append(scores, more...)
		}
		return storeScores(ctx, tx, rescoreEventSQL, e.ID, scores, actor)
	})
	if err != nil {
		return translate("update event", err, k)
	}
	e.CreatedAt, e.UpdatedAt = e.CreatedAt.UTC(), e.UpdatedAt.UTC()
	return nil
}

// holdSections counts up the entry version of the sections where picks (on
// sections s and sessions se, with $1) in tx, taking their rows in id
// order (as an entry does), and returns their ids. An entry holding one
// commits first; an entry that comes after waits for tx and then finds
// its section moved.
func holdSections(ctx context.Context, tx pgx.Tx, where string, id int64) ([]int64, error) {
	rows, _ := tx.Query(ctx, `
		WITH held AS (
		    SELECT s.id FROM sections s JOIN sessions se ON se.id = s.session_id
		    WHERE `+where+`
		    ORDER BY s.id
		    FOR NO KEY UPDATE OF s
		)
		UPDATE sections s SET entry_version = s.entry_version + 1
		FROM held WHERE s.id = held.id
		RETURNING s.id`, id)
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// HoldSection runs change in one transaction that first holds the section
// against entries (holdSections: its entry version counted up, its row
// taken as entries take it), with st a Store over that transaction. An
// entry in progress commits first; one that comes after waits for the
// change's end, then finds its section moved and is checked again. So what
// change reads through st — the section's results, its movement, its
// boards — stays as read until it commits. A section not live is
// ErrNotFound.
func (s *Store) HoldSection(ctx context.Context, sectionID int64, change func(st tournament.Store) error) error {
	return s.inTx(ctx, func(ts *Store) error {
		tx, ok := ts.q.(pgx.Tx)
		if !ok {
			return fmt.Errorf("db: hold section %d: not in a transaction", sectionID)
		}
		held, err := holdSections(ctx, tx, `s.id = $1 AND `+liveSection, sectionID)
		if err != nil {
			return translate("hold section", err, ids{section: sectionID})
		}
		if len(held) == 0 {
			return tournament.NotFoundf("section", sectionID)
		}
		return change(ts)
	})
}

// rescoreSection returns the new scores rescore gives a section's results
// under e, read (with its boards) by ts, a store over the change's
// transaction.
func (s *Store) rescoreSection(ctx context.Context, e *tournament.Event, sectionID int64, rescore tournament.Rescorer) ([]tournament.ResultScore, error) {
	boards, err := s.Boards(ctx, sectionID)
	if err != nil {
		return nil, err
	}
	results, err := s.Results(ctx, tournament.ResultFilter{SectionID: sectionID})
	if err != nil {
		return nil, err
	}
	sec, err := s.SectionRow(ctx, sectionID)
	if err != nil {
		return nil, err
	}
	in := e.InSection(&sec) // a section with a code of its own is scored under it
	return rescore(&in, sectionID, boards, results)
}

// ImportEvent stores a whole event — the event, its sections with their
// movements, pairs, teams, boards and results — in one transaction, all or
// none, and sets the IDs. The results are audited as entered by actor; the
// file's sha-256 (d.Digest) is kept with the event. Unless o.Again, a file
// an event already holds is refused (tournament.ImportedAlready), checked
// after taking a lock on the digest that the transaction holds to its end:
// of two imports of one file at once (two servers too) the second waits for
// the first to commit, then sees its event.
func (s *Store) ImportEvent(ctx context.Context, d *tournament.EventData, actor string, o tournament.ImportOptions) error {
	return pgx.BeginFunc(ctx, guarded{s.pool}, func(tx pgx.Tx) error {
		ts := &Store{pool: s.pool, q: tx, jobs: s.jobs}
		if len(d.Digest) > 0 {
			if err := ts.lockDigest(ctx, d.Digest); err != nil {
				return err
			}
			if !o.Again {
				e, err := ts.EventByDigest(ctx, d.Digest)
				if err == nil {
					return tournament.ImportedAlready(e)
				}
				if !errors.Is(err, tournament.ErrNotFound) {
					return err
				}
			}
		}
		if _, err := ts.CreateEvent(ctx, &d.Event, nil); err != nil {
			return err
		}
		if len(d.Digest) > 0 {
			if err := ts.setDigest(ctx, d.Event.ID, d.Digest); err != nil {
				return err
			}
		}
		// The file's players join the club's roster (issue 22 §4).
		var players []tournament.Player
		for i := range d.Sections {
			for _, p := range d.Sections[i].Pairs {
				players = append(players, p.Players...)
			}
			for _, t := range d.Sections[i].Teams {
				players = append(players, t.Players...)
			}
		}
		if _, err := rememberPlayers(ctx, tx, players); err != nil {
			return err
		}
		for i := range d.Sections {
			sd := &d.Sections[i]
			sd.Section.EventID = d.Event.ID
			if err := ts.CreateSection(ctx, &sd.Section, nil); err != nil {
				return err
			}
			id := sd.Section.ID
			if len(sd.Pairs) > 0 {
				if err := ts.AddPairs(ctx, id, sd.Pairs); err != nil {
					return err
				}
			}
			if len(sd.Teams) > 0 {
				if err := ts.AddTeams(ctx, id, sd.Teams); err != nil {
					return err
				}
			}
			if len(sd.Boards) > 0 {
				if err := ts.ReplaceBoards(ctx, id, sd.Boards, nil, actor); err != nil {
					return err
				}
			}
			if len(sd.Results) > 0 {
				for k := range sd.Results {
					sd.Results[k].EnteredBy = actor
				}
				stored, _, err := ts.CreateResults(ctx, id, sd.Results, nil)
				if err != nil {
					return err
				}
				sd.Results = stored
			}
			// The file's official figures kept: each a director's
			// correction, with its change, as SetCorrection stores one.
			bare := sd.Section
			bare.Corrections = nil
			for k := range sd.Section.Corrections {
				pc := &sd.Section.Corrections[k]
				pc.SectionID = id
				c := tournament.CorrectionChange(&bare, pc)
				if err := ts.SetCorrection(ctx, pc, &c); err != nil {
					return err
				}
			}
		}
		if d.Figures {
			return ts.setOfficialFigures(ctx, d)
		}
		return nil
	})
}

// importLockClass is the first key of the advisory locks ImportEvent takes
// on a file's digest (pg_advisory_xact_lock(int, int)), keeping them apart
// from any other advisory lock on the database.
const importLockClass = 0x7472_6176 // "trav"

// lockDigest takes, for the rest of the transaction, the advisory lock of a
// file's digest: its first 4 bytes, so that two files sharing them (one
// chance in 4 billion) only wait for each other.
func (s *Store) lockDigest(ctx context.Context, digest []byte) error {
	var key int32
	if len(digest) >= 4 {
		key = int32(binary.BigEndian.Uint32(digest))
	}
	_, err := s.q.Exec(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, int32(importLockClass), key)
	return translate("import event", err, ids{})
}
