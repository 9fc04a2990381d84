package db

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/tournament"
)

// liveSection is the condition, on sections s, that s is not deleted and
// neither is its event.
const liveSection = `s.deleted_at IS NULL AND EXISTS (
    SELECT FROM sessions se JOIN events ev ON ev.id = se.event_id
    WHERE se.id = s.session_id AND ev.deleted_at IS NULL)`

// insertChangeSQL stores a change ($1 to $9) and returns its id and time.
const insertChangeSQL = `
INSERT INTO changes (event_id, section_id, kind, target_id, action, actor, before, after)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING id, at`

// writeChange stores c on q (the transaction of the change) and sets its ID
// and At.
func writeChange(ctx context.Context, q querier, c *tournament.Change) error {
	before, err := changeJSON(c.Before)
	if err != nil {
		return err
	}
	after, err := changeJSON(c.After)
	if err != nil {
		return err
	}
	var section *int64
	if c.SectionID != 0 {
		section = &c.SectionID
	}
	if err := q.QueryRow(ctx, insertChangeSQL, c.EventID, section, c.Kind, c.TargetID, c.Action, c.Actor, before, after).Scan(&c.ID, &c.At); err != nil {
		return err
	}
	c.At = c.At.UTC()
	return nil
}

// changeJSON is a change's before or after in JSON, NULL for none.
func changeJSON(v map[string]any) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("db: change: %w", err)
	}
	return b, nil
}

// inTx runs f in a transaction on a Store of its own (s's, when s already
// runs in one).
func (s *Store) inTx(ctx context.Context, f func(ts *Store) error) error {
	return pgx.BeginFunc(ctx, s.q, func(tx pgx.Tx) error { return f(&Store{pool: s.pool, q: tx, jobs: s.jobs}) })
}

// Pair returns a pair of a section that is not deleted.
func (s *Store) Pair(ctx context.Context, id int64) (tournament.Pair, error) {
	rows, _ := s.q.Query(ctx, `
		SELECT `+pairColumns+`
		FROM pairs p JOIN sections s ON s.id = p.section_id
		WHERE p.id = $1 AND `+liveSection, id)
	p, err := pgx.CollectExactlyOneRow(rows, scanPair)
	if err != nil {
		return p, notFound("pair", err, "pair", id)
	}
	return p, nil
}

// UpdatePair stores p's number, direction, team and players (by p.ID) and
// the change, in one transaction; a number and direction another pair of
// the section has is ErrConflict.
func (s *Store) UpdatePair(ctx context.Context, p *tournament.Pair, c *tournament.Change) error {
	players, err := playersJSON(p.Players)
	if err != nil {
		return fmt.Errorf("db: update pair: %w", err)
	}
	err = s.inTx(ctx, func(ts *Store) error {
		var sectionID int64
		err := ts.q.QueryRow(ctx, `
			UPDATE pairs SET number = $2, direction = $3, team = $4, players = $5, stratum = $6, handicap = $7 WHERE id = $1 RETURNING section_id`,
			p.ID, p.Number, p.Direction, p.Team, players, p.Stratum, p.Handicap).Scan(&sectionID)
		if err != nil {
			return err
		}
		p.SectionID = sectionID
		return writeChange(ctx, ts.q, c)
	})
	switch {
	case isUnique(err, conPairsNumber):
		name := "pair " + p.Number
		if p.Direction != "" {
			name += " " + p.Direction
		}
		return &tournament.Error{Kind: tournament.ErrConflict, Field: "number", Message: name + " is already in the section"}
	case errors.Is(err, pgx.ErrNoRows):
		return tournament.NotFoundf("pair", p.ID)
	}
	return translate("update pair", err, ids{section: p.SectionID})
}

// DeletePair deletes a pair and stores the change, in one transaction.
func (s *Store) DeletePair(ctx context.Context, id int64, c *tournament.Change) error {
	err := s.inTx(ctx, func(ts *Store) error {
		tag, err := ts.q.Exec(ctx, `DELETE FROM pairs WHERE id = $1`, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return tournament.NotFoundf("pair", id)
		}
		return writeChange(ctx, ts.q, c)
	})
	return translate("delete pair", err, ids{})
}

// Team returns a team of a section that is not deleted.
func (s *Store) Team(ctx context.Context, id int64) (tournament.Roster, error) {
	rows, _ := s.q.Query(ctx, `
		SELECT `+teamColumns+`
		FROM teams t JOIN sections s ON s.id = t.section_id
		WHERE t.id = $1 AND `+liveSection, id)
	t, err := pgx.CollectExactlyOneRow(rows, scanTeam)
	if err != nil {
		return t, notFound("team", err, "team", id)
	}
	return t, nil
}

// UpdateTeam stores t's name and players (by t.ID) and the change, in one
// transaction.
func (s *Store) UpdateTeam(ctx context.Context, t *tournament.Roster, c *tournament.Change) error {
	players, err := playersJSON(t.Players)
	if err != nil {
		return fmt.Errorf("db: update team: %w", err)
	}
	err = s.inTx(ctx, func(ts *Store) error {
		tag, err := ts.q.Exec(ctx, `UPDATE teams SET name = $2, players = $3, stratum = $4, handicap = $5 WHERE id = $1`, t.ID, t.Name, players, t.Stratum, t.Handicap)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return tournament.NotFoundf("team", t.ID)
		}
		return writeChange(ctx, ts.q, c)
	})
	return translate("update team", err, ids{section: t.SectionID})
}

// UpdateSection stores sec's name, session and law code (by sec.ID),
// creating the session if the event has none with that number, and the
// change, in one transaction; a name another section of the session has
// is ErrConflict. With rescore (its law code changed) it first holds the
// section against entries as the event's law change does (holdSections:
// an entry racing it commits before it or is checked again after it) and
// stores the new scores rescore gives its results under its new code and
// its event as they are then, each a "rescore" in the audit by c.Actor.
func (s *Store) UpdateSection(ctx context.Context, sec *tournament.Section, c *tournament.Change, rescore tournament.Rescorer) error {
	law, lawOpts, err := sectionLawColumns(sec)
	if err != nil {
		return err
	}
	err = s.inTx(ctx, func(ts *Store) error {
		tx, ok := ts.q.(pgx.Tx)
		if !ok {
			return fmt.Errorf("db: update section %d: not in a transaction", sec.ID)
		}
		if rescore != nil {
			held, err := holdSections(ctx, tx, `s.id = $1 AND `+liveSection, sec.ID)
			if err != nil {
				return err
			}
			if len(held) == 0 {
				return tournament.NotFoundf("section", sec.ID)
			}
		}
		tag, err := ts.q.Exec(ctx, `
			WITH se AS (
			    INSERT INTO sessions (event_id, number) VALUES ($2, $3)
			    ON CONFLICT (event_id, number) DO UPDATE SET number = EXCLUDED.number
			    RETURNING id
			)
			UPDATE sections s SET name = $4, session_id = (SELECT id FROM se), law = $5, law_options = $6
			WHERE s.id = $1 AND `+liveSection, sec.ID, sec.EventID, sec.Session, sec.Name, law, lawOpts)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return tournament.NotFoundf("section", sec.ID)
		}
		if sec.Law != 0 {
			// A code of its own with nullos: the deals analysed without
			// them are solved for them too.
			if r, err := (&tournament.Event{Law: sec.Law, LawOptions: sec.LawOptions}).Rules(); err == nil && r.HasNullo() {
				if err := s.enqueueNulloAnalyses(ctx, tx, `s.id = $1`, sec.ID); err != nil {
					return err
				}
			}
		}
		if rescore != nil {
			e, err := ts.Event(ctx, sec.EventID)
			if err != nil {
				return err
			}
			scores, err := ts.rescoreSection(ctx, &e, sec.ID, rescore)
			if err != nil {
				return err
			}
			if err := storeScores(ctx, tx, rescoreSectionSQL, sec.ID, scores, c.Actor); err != nil {
				return err
			}
		}
		return writeChange(ctx, ts.q, c)
	})
	if isUnique(err, conSectionsName) {
		return &tournament.Error{Kind: tournament.ErrConflict, Field: "name",
			Message: "session " + strconv.Itoa(sec.Session) + " already has a section " + sec.Name}
	}
	return translate("update section", err, ids{event: sec.EventID, section: sec.ID})
}

// DeleteSection marks a section deleted and stores the change, in one
// transaction: the section is read no more, its tables' tokens are
// revoked; its rows and its results' audit stay.
func (s *Store) DeleteSection(ctx context.Context, id int64, c *tournament.Change) error {
	err := s.inTx(ctx, func(ts *Store) error {
		tag, err := ts.q.Exec(ctx, `UPDATE sections s SET deleted_at = now() WHERE s.id = $1 AND `+liveSection, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return tournament.NotFoundf("section", id)
		}
		if err := ts.revokeSectionTokens(ctx, `SELECT $1::bigint`, id); err != nil {
			return err
		}
		return writeChange(ctx, ts.q, c)
	})
	return translate("delete section", err, ids{section: id})
}

// DeleteEvent marks an event and its sections deleted and stores the
// change, in one transaction.
func (s *Store) DeleteEvent(ctx context.Context, id int64, c *tournament.Change) error {
	err := s.inTx(ctx, func(ts *Store) error {
		tag, err := ts.q.Exec(ctx, `UPDATE events SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return tournament.NotFoundf("event", id)
		}
		if _, err := ts.q.Exec(ctx, `
			UPDATE sections SET deleted_at = now()
			WHERE deleted_at IS NULL AND session_id IN (SELECT id FROM sessions WHERE event_id = $1)`, id); err != nil {
			return err
		}
		if err := ts.revokeSectionTokens(ctx, `SELECT s.id FROM sections s JOIN sessions se ON se.id = s.session_id WHERE se.event_id = $1`, id); err != nil {
			return err
		}
		return writeChange(ctx, ts.q, c)
	})
	return translate("delete event", err, ids{event: id})
}

// WithdrawPair stores a withdrawn pair's results (as CreateResults, each
// audited) and the change, in one transaction, and returns the results as
// stored. A result entered meanwhile on one of those boards is ErrConflict
// naming the board (and carrying the result), as an entry's clash is.
func (s *Store) WithdrawPair(ctx context.Context, sectionID int64, results []tournament.Result, c *tournament.Change) ([]tournament.Result, error) {
	if len(results) == 0 {
		return nil, tournament.Invalidf("results", "a withdrawal stores at least one result")
	}
	var stored []tournament.Result
	err := s.inTx(ctx, func(ts *Store) error {
		// The insert under a savepoint: a board whose result is
		// entered meanwhile fails it alone, and the transaction can
		// still read that result to name it (issue 24: the read ran in
		// the aborted transaction, a 500).
		sp, err := ts.q.Begin(ctx)
		if err != nil {
			return err
		}
		e := &resultEntry{section: sectionID, results: results}
		if err := (&Store{pool: s.pool, q: sp, jobs: s.jobs}).insertEntries(ctx, []*resultEntry{e}); err != nil {
			if rerr := sp.Rollback(ctx); rerr != nil {
				return rerr
			}
			return withdrawalClash(ts.resultsConflict(ctx, "withdraw pair", err, sectionID, results))
		}
		if err := sp.Commit(ctx); err != nil {
			return err
		}
		stored = e.stored
		after := make(map[string]any, len(c.After)+1)
		for k, v := range c.After {
			after[k] = v
		}
		resultIDs := make([]int64, len(stored))
		for i, r := range stored {
			resultIDs[i] = r.ID
		}
		after["result_ids"] = resultIDs
		c.After = after
		return writeChange(ctx, ts.q, c)
	})
	if err != nil {
		return nil, translate("withdraw pair", err, ids{section: sectionID})
	}
	return stored, nil
}

// withdrawalClash says of a result entered on a board a withdrawal was
// storing (ErrConflict from resultsConflict) that the withdrawal stored
// nothing and can be made again; any other error is returned as it is.
func withdrawalClash(err error) error {
	var te *tournament.Error
	if !errors.As(err, &te) || te.Kind != tournament.ErrConflict {
		return err
	}
	c := *te
	c.Field = "" // the withdrawal's request has no results[i]
	c.Message += ": it was entered while the pair was being withdrawn, and the withdrawal stored nothing; withdraw the pair again to give the boards still without a result"
	return &c
}

// EventByDigest returns the newest event, not deleted, imported from a file
// with this sha-256; ErrNotFound when there is none.
func (s *Store) EventByDigest(ctx context.Context, digest []byte) (tournament.Event, error) {
	rows, _ := s.q.Query(ctx, `SELECT `+eventColumns+` FROM events
		WHERE file_digest = $1 AND deleted_at IS NULL ORDER BY id DESC LIMIT 1`, digest)
	e, err := pgx.CollectExactlyOneRow(rows, scanEvent)
	if errors.Is(err, pgx.ErrNoRows) {
		return e, &tournament.Error{Kind: tournament.ErrNotFound, Field: "file", Message: "no event holds this file"}
	}
	return e, translate("event by digest", err, ids{})
}

// setDigest keeps the sha-256 of the file an event was imported from.
func (s *Store) setDigest(ctx context.Context, eventID int64, digest []byte) error {
	_, err := s.q.Exec(ctx, `UPDATE events SET file_digest = $2 WHERE id = $1`, eventID, digest)
	return translate("import event", err, ids{event: eventID})
}

// officialFigure is one of an imported file's line points, as
// events.official_figures holds it.
type officialFigure struct {
	SectionID int64   `json:"section_id"`
	Board     int     `json:"board"`
	Round     int     `json:"round"`
	Table     int     `json:"table"`
	Side      string  `json:"side"`
	Points    float64 `json:"points"`
	Reason    string  `json:"reason"`
}

// setOfficialFigures keeps with an imported event its sections' Official
// (the file's line points that differ from traveler's), their section IDs
// set.
func (s *Store) setOfficialFigures(ctx context.Context, d *tournament.EventData) error {
	figs := []officialFigure{}
	for i := range d.Sections {
		for _, pc := range d.Sections[i].Official {
			figs = append(figs, officialFigure{SectionID: d.Sections[i].Section.ID, Board: pc.Board, Round: pc.Round, Table: pc.Table, Side: pc.Side, Points: pc.Points, Reason: pc.Reason})
		}
	}
	data, err := json.Marshal(figs)
	if err != nil {
		return err
	}
	_, err = s.q.Exec(ctx, `UPDATE events SET official_figures = $2 WHERE id = $1`, d.Event.ID, data)
	return translate("import event", err, ids{event: d.Event.ID})
}

// OfficialFigures returns the file's line points an imported event keeps
// (each a correction with its section's ID); kept is false when the event
// was not imported from a file with figures of its own, and ErrNotFound
// when there is no such event.
func (s *Store) OfficialFigures(ctx context.Context, eventID int64) (pcs []tournament.PointCorrection, kept bool, err error) {
	var data []byte
	err = s.q.QueryRow(ctx, `SELECT official_figures FROM events WHERE id = $1 AND deleted_at IS NULL`, eventID).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, &tournament.Error{Kind: tournament.ErrNotFound, Field: "id", Message: "no event " + strconv.FormatInt(eventID, 10)}
	}
	if err != nil {
		return nil, false, translate("official figures", err, ids{event: eventID})
	}
	if data == nil {
		return nil, false, nil
	}
	var figs []officialFigure
	if err := json.Unmarshal(data, &figs); err != nil {
		return nil, false, fmt.Errorf("db: event %d's official figures: %w", eventID, err)
	}
	for _, f := range figs {
		pcs = append(pcs, tournament.PointCorrection{SectionID: f.SectionID, Board: f.Board, Round: f.Round, Table: f.Table, Side: f.Side, Points: f.Points, Reason: f.Reason})
	}
	return pcs, true, nil
}

// Changes returns an event's changes, oldest first, the deleted event's too;
// ErrNotFound when no event ever had the id.
func (s *Store) Changes(ctx context.Context, eventID int64) ([]tournament.Change, error) {
	var (
		found bool
		out   []tournament.Change
	)
	b := &pgx.Batch{}
	b.Queue(`SELECT EXISTS (SELECT FROM events WHERE id = $1)`, eventID).QueryRow(func(r pgx.Row) error { return r.Scan(&found) })
	b.Queue(`
		SELECT id, event_id, coalesce(section_id, 0), kind, target_id, action, actor, at, before, after
		FROM changes WHERE event_id = $1 ORDER BY id`, eventID).Query(func(rows pgx.Rows) error {
		var err error
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (tournament.Change, error) {
			var (
				c             tournament.Change
				before, after []byte
			)
			if err := row.Scan(&c.ID, &c.EventID, &c.SectionID, &c.Kind, &c.TargetID, &c.Action, &c.Actor, &c.At, &before, &after); err != nil {
				return c, err
			}
			c.At = c.At.UTC()
			for _, f := range []struct {
				b  []byte
				to *map[string]any
			}{{before, &c.Before}, {after, &c.After}} {
				if f.b != nil {
					if err := json.Unmarshal(f.b, f.to); err != nil {
						return c, fmt.Errorf("change %d: %w", c.ID, err)
					}
				}
			}
			return c, nil
		})
		return err
	})
	if err := s.q.SendBatch(ctx, b).Close(); err != nil {
		return nil, translate("changes", err, ids{})
	}
	if !found {
		return nil, tournament.NotFoundf("event", eventID)
	}
	return out, nil
}
