package db

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// matchJSON is a match of a Swiss draft in JSON.
type matchJSON struct {
	Home int `json:"home"`
	Away int `json:"away"`
}

// newDraftSQL stores a section's newly paired draft ($2 to $5) in place of
// any draft it has, if the section is live.
const newDraftSQL = `
INSERT INTO swiss_drafts AS d (section_id, round, version, matches, forced)
SELECT s.id, $2, $5, $3, $4 FROM sections s WHERE s.id = $1 AND ` + liveSection + `
ON CONFLICT (section_id) DO UPDATE SET round = EXCLUDED.round, version = EXCLUDED.version, matches = EXCLUDED.matches,
    forced = EXCLUDED.forced, created_at = now(), updated_at = now()
RETURNING d.created_at, d.updated_at`

// changeDraftSQL stores version $3 of a section's draft of round $2 over
// version $3 − 1.
const changeDraftSQL = `
UPDATE swiss_drafts SET version = $3, matches = $4, updated_at = now()
WHERE section_id = $1 AND round = $2 AND version = $3 - 1
RETURNING created_at, updated_at`

// SwissDraft returns a section's draft pairing; ErrNotFound when it has none.
func (s *Store) SwissDraft(ctx context.Context, sectionID int64) (tournament.SwissDraft, error) {
	d := tournament.SwissDraft{SectionID: sectionID}
	var matches []byte
	err := s.q.QueryRow(ctx, `SELECT round, version, matches, forced, created_at, updated_at FROM swiss_drafts WHERE section_id = $1`,
		sectionID).Scan(&d.Round, &d.Version, &matches, &d.Forced, &d.CreatedAt, &d.UpdatedAt)
	if err != nil {
		return d, notFound("swiss draft", err, "swiss draft of section", sectionID)
	}
	var mj []matchJSON
	if err := json.Unmarshal(matches, &mj); err != nil {
		return d, fmt.Errorf("db: swiss draft of section %d: stored matches: %w", sectionID, err)
	}
	for _, m := range mj {
		d.Matches = append(d.Matches, movement.Match(m))
	}
	d.CreatedAt, d.UpdatedAt = d.CreatedAt.UTC(), d.UpdatedAt.UTC()
	return d, nil
}

// PutSwissDraft stores d as its section's draft and writes c, in one
// transaction: a new pairing (d.Paired) replaces any draft, a change by
// hand only the version before it (ErrStale otherwise).
func (s *Store) PutSwissDraft(ctx context.Context, d *tournament.SwissDraft, c *tournament.Change) error {
	mj := make([]matchJSON, len(d.Matches))
	for i, m := range d.Matches {
		mj[i] = matchJSON(m)
	}
	matches, err := json.Marshal(mj)
	if err != nil {
		return fmt.Errorf("db: swiss draft: %w", err)
	}
	err = s.inTx(ctx, func(ts *Store) error {
		var err error
		if d.Paired {
			err = ts.q.QueryRow(ctx, newDraftSQL, d.SectionID, d.Round, matches, d.Forced, d.Version).Scan(&d.CreatedAt, &d.UpdatedAt)
			if errors.Is(err, pgx.ErrNoRows) {
				return tournament.NotFoundf("section", d.SectionID)
			}
		} else {
			err = ts.q.QueryRow(ctx, changeDraftSQL, d.SectionID, d.Round, d.Version, matches).Scan(&d.CreatedAt, &d.UpdatedAt)
			if errors.Is(err, pgx.ErrNoRows) {
				return staleDraft(d)
			}
		}
		if err != nil {
			return err
		}
		return writeChange(ctx, ts.q, c)
	})
	d.CreatedAt, d.UpdatedAt = d.CreatedAt.UTC(), d.UpdatedAt.UTC()
	return translate("swiss draft", err, ids{event: c.EventID, section: d.SectionID})
}

// staleDraft is the refusal of a change to a draft changed since.
func staleDraft(d *tournament.SwissDraft) error {
	return &tournament.Error{Kind: tournament.ErrStale, Field: "version", Message: "the draft of round " + strconv.Itoa(d.Round) +
		" changed since version " + strconv.Itoa(d.Version-1) + " was read (or was released or paired again); read it again"}
}

// ReleaseSwissRound deletes the draft d (if it is still d's round and
// version, ErrStale otherwise) and stores sec's movement as ChangeMovement
// does, with the change c, in one transaction.
func (s *Store) ReleaseSwissRound(ctx context.Context, sec *tournament.Section, d *tournament.SwissDraft, c *tournament.Change) error {
	err := s.inTx(ctx, func(ts *Store) error {
		tag, err := ts.q.Exec(ctx, `DELETE FROM swiss_drafts WHERE section_id = $1 AND round = $2 AND version = $3`, sec.ID, d.Round, d.Version)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return staleDraft(&tournament.SwissDraft{Round: d.Round, Version: d.Version + 1})
		}
		return ts.ChangeMovement(ctx, sec, nil, c)
	})
	return translate("release swiss round", err, ids{event: sec.EventID, section: sec.ID})
}
