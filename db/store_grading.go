package db

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/traveler-bridge/traveler/tournament"
)

// gradingJSON is a section's grading as sections.grading holds it.
type gradingJSON struct {
	Strata   []stratumJSON `json:"strata,omitempty"`
	Handicap string        `json:"handicap,omitempty"`
}

// stratumJSON is one stratum in sections.grading.
type stratumJSON struct {
	Name  string  `json:"name"`
	Below float64 `json:"below,omitempty"`
}

// gradingFrom reads sections.grading.
func gradingFrom(b []byte) (tournament.Grading, error) {
	var gj gradingJSON
	if err := json.Unmarshal(b, &gj); err != nil {
		return tournament.Grading{}, err
	}
	g := tournament.Grading{Handicap: gj.Handicap}
	for _, s := range gj.Strata {
		g.Strata = append(g.Strata, tournament.Stratum{Name: s.Name, Below: s.Below})
	}
	return g, nil
}

// SetGrading stores a section's grading and the stratum and handicap of the
// pairs and teams given (by ID), in one transaction.
func (s *Store) SetGrading(ctx context.Context, sec *tournament.Section, pairs []tournament.Pair, teams []tournament.Roster) error {
	gj := gradingJSON{Handicap: sec.Grading.Handicap}
	for _, st := range sec.Grading.Strata {
		gj.Strata = append(gj.Strata, stratumJSON{Name: st.Name, Below: st.Below})
	}
	grading, err := json.Marshal(gj)
	if err != nil {
		return fmt.Errorf("db: set grading: %w", err)
	}
	type grade struct {
		ID       int64   `json:"id"`
		Stratum  string  `json:"stratum"`
		Handicap float64 `json:"handicap"`
	}
	ps := make([]grade, len(pairs))
	for i, p := range pairs {
		ps[i] = grade{ID: p.ID, Stratum: p.Stratum, Handicap: p.Handicap}
	}
	ts := make([]grade, len(teams))
	for i, t := range teams {
		ts[i] = grade{ID: t.ID, Stratum: t.Stratum, Handicap: t.Handicap}
	}
	pj, err := json.Marshal(ps)
	if err != nil {
		return fmt.Errorf("db: set grading: %w", err)
	}
	tj, err := json.Marshal(ts)
	if err != nil {
		return fmt.Errorf("db: set grading: %w", err)
	}
	err = s.inTx(ctx, func(tx *Store) error {
		// An unchanged grading, pair or team is not written (and sends
		// no change notice).
		if _, err := tx.q.Exec(ctx, `UPDATE sections SET grading = $2::jsonb WHERE id = $1 AND grading IS DISTINCT FROM $2::jsonb`, sec.ID, grading); err != nil {
			return err
		}
		if _, err := tx.q.Exec(ctx, `
			UPDATE pairs p SET stratum = x.stratum, handicap = x.handicap
			FROM jsonb_to_recordset($2::jsonb) AS x(id bigint, stratum text, handicap float8)
			WHERE p.id = x.id AND p.section_id = $1 AND (p.stratum, p.handicap) IS DISTINCT FROM (x.stratum, x.handicap)`, sec.ID, pj); err != nil {
			return err
		}
		_, err = tx.q.Exec(ctx, `
			UPDATE teams t SET stratum = x.stratum, handicap = x.handicap
			FROM jsonb_to_recordset($2::jsonb) AS x(id bigint, stratum text, handicap float8)
			WHERE t.id = x.id AND t.section_id = $1 AND (t.stratum, t.handicap) IS DISTINCT FROM (x.stratum, x.handicap)`, sec.ID, tj)
		return err
	})
	return translate("set grading", err, ids{section: sec.ID})
}
