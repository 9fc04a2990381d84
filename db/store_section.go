package db

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// createSectionSQL stores a section in one statement: its session ($1 event,
// $2 number) if the event has none with that number, the section ($3 to
// $13, its players $17, its own law code and options $18 and $19, NULL for the event's), and its movement's rounds ($14), tables ($15) and
// teams ($16) as JSON arrays.
const createSectionSQL = `
WITH se AS (
    INSERT INTO sessions (event_id, number) VALUES ($1, $2)
    ON CONFLICT (event_id, number) DO UPDATE SET number = EXCLUDED.number
    RETURNING id
), sec AS (
    INSERT INTO sections (session_id, name, spec, kind, movement_name, winners, pairs, tables, boards,
        phantom, rounds, current_round, players, law, law_options)
    SELECT se.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $17, $18, $19 FROM se
    RETURNING id, created_at
), rests AS (
    INSERT INTO movement_rests (section_id, round, sit_out, bye_stand)
    SELECT sec.id, x.round, x.sit_out, x.bye_stand
    FROM sec, jsonb_to_recordset($14::jsonb) AS x(round int, sit_out int[], bye_stand int[])
), tabs AS (
    INSERT INTO movement_rounds (section_id, round, position, table_no, ns, ew, boards, arrow_switch, match, players)
    SELECT sec.id, x.round, x.position, x.table_no, x.ns, x.ew, x.boards, x.arrow_switch, x.match, x.players
    FROM sec, jsonb_to_recordset($15::jsonb)
        AS x(round int, position int, table_no int, ns int, ew int, boards int[], arrow_switch bool, match int, players int[])
), teams AS (
    INSERT INTO movement_teams (section_id, number, pair_1, pair_2)
    SELECT sec.id, x.number, x.pair_1, x.pair_2
    FROM sec, jsonb_to_recordset($16::jsonb) AS x(number int, pair_1 int, pair_2 int)
)
SELECT id, created_at FROM sec`

// restJSON is a round's sit-outs and bye-stand boards in JSON.
type restJSON struct {
	Round    int   `json:"round"`
	SitOut   []int `json:"sit_out"`
	ByeStand []int `json:"bye_stand"`
}

// tableJSON is a table of a round in JSON.
type tableJSON struct {
	Round       int   `json:"round"`
	Position    int   `json:"position"`
	Table       int   `json:"table_no"`
	NS          int   `json:"ns"`
	EW          int   `json:"ew"`
	Boards      []int `json:"boards"`
	ArrowSwitch bool  `json:"arrow_switch"`
	Match       int   `json:"match"`
	Players     []int `json:"players"` // an individual's players at N, E, S, W; nil otherwise
}

// teamJSON is a team of a teams movement in JSON.
type teamJSON struct {
	Number int `json:"number"`
	Pair1  int `json:"pair_1"`
	Pair2  int `json:"pair_2"`
}

// CreateSection stores a section with its movement (rounds, tables, teams),
// creating its session if the event has none with that number, and sets its
// ID and CreatedAt. A section name is unique in a session. With check it
// first takes the event's row FOR SHARE in the same transaction (UpdateEvent
// updates that row: a change of the event waits for the section, or the
// section for the change, which it then reads) and refuses what check
// refuses, storing nothing.
func (s *Store) CreateSection(ctx context.Context, sec *tournament.Section, check tournament.EventCheck) error {
	m := &sec.Movement
	spec, restsJSON, tablesJSON, teamsJSON, err := movementJSON(sec)
	if err != nil {
		return fmt.Errorf("db: create section: %w", err)
	}
	law, lawOpts, err := sectionLawColumns(sec)
	if err != nil {
		return err
	}
	insert := func(q querier) error {
		return q.QueryRow(ctx, createSectionSQL,
			sec.EventID, sec.Session, sec.Name, spec, m.Kind.String(), m.Name, m.Winners, m.Pairs, m.Tables, m.Boards,
			m.Phantom, len(m.Rounds), sec.CurrentRound, restsJSON, tablesJSON, teamsJSON, m.Players, law, lawOpts,
		).Scan(&sec.ID, &sec.CreatedAt)
	}
	if check == nil {
		err = insert(s.q)
	} else {
		err = s.inTx(ctx, func(ts *Store) error {
			if _, err := ts.q.Exec(ctx, `SELECT FROM events WHERE id = $1 AND deleted_at IS NULL FOR SHARE`, sec.EventID); err != nil {
				return err
			}
			e, err := ts.Event(ctx, sec.EventID)
			if err != nil {
				return err
			}
			if err := check(&e); err != nil {
				return err
			}
			return insert(ts.q)
		})
	}
	if err != nil {
		return translate("create section", err, ids{event: sec.EventID})
	}
	sec.CreatedAt = sec.CreatedAt.UTC()
	return nil
}

// movementJSON writes a section's spec, and its movement's rounds (their
// sit-outs and bye-stands), tables and teams as the JSON arrays
// createSectionSQL and changeMovementSQL read.
func movementJSON(sec *tournament.Section) (spec, rests, tables, teams []byte, err error) {
	m := &sec.Movement
	rs := make([]restJSON, len(m.Rounds))
	ts := []tableJSON{}
	for i, r := range m.Rounds {
		rs[i] = restJSON{Round: r.Number, SitOut: r.SitOut, ByeStand: r.ByeStand}
		for j, t := range r.Tables {
			ts = append(ts, tableJSON{Round: r.Number, Position: j + 1, Table: t.Table, NS: t.NS, EW: t.EW,
				Boards: t.Boards, ArrowSwitch: t.ArrowSwitch, Match: t.Match, Players: t.Players})
		}
	}
	tm := make([]teamJSON, len(m.Teams))
	for i, t := range m.Teams {
		tm[i] = teamJSON{Number: t.Number, Pair1: t.Pairs[0], Pair2: t.Pairs[1]}
	}
	if spec, err = json.Marshal(specToJSON(&sec.Spec)); err != nil {
		return
	}
	if rests, err = json.Marshal(rs); err != nil {
		return
	}
	if tables, err = json.Marshal(ts); err != nil {
		return
	}
	teams, err = json.Marshal(tm)
	return
}

// The queries that read sections with their movements; %s picks the
// sections: by id or by event. A deleted section, or one of a deleted
// event, is not read.
const (
	sectionsSQL = `
SELECT s.id, se.event_id, se.number, s.name, s.spec, s.kind, s.movement_name, s.winners, s.pairs, s.tables,
    s.boards, s.phantom, s.current_round, s.entry_version, s.created_at, s.grading, s.players,
    s.law, s.law_options
FROM sections s JOIN sessions se ON se.id = s.session_id
    JOIN events ev ON ev.id = se.event_id AND ev.deleted_at IS NULL
WHERE s.deleted_at IS NULL AND %s
ORDER BY se.number, s.name, s.id`
	restsSQL = `
SELECT section_id, round, sit_out, bye_stand FROM movement_rests
WHERE section_id IN (SELECT s.id FROM sections s JOIN sessions se ON se.id = s.session_id WHERE %s)
ORDER BY section_id, round`
	tablesSQL = `
SELECT section_id, round, table_no, ns, ew, boards, arrow_switch, match, players FROM movement_rounds
WHERE section_id IN (SELECT s.id FROM sections s JOIN sessions se ON se.id = s.session_id WHERE %s)
ORDER BY section_id, round, position`
	teamsSQL = `
SELECT section_id, number, pair_1, pair_2 FROM movement_teams
WHERE section_id IN (SELECT s.id FROM sections s JOIN sessions se ON se.id = s.session_id WHERE %s)
ORDER BY section_id, number`
)

// kinds are the movement kinds by name.
var kinds = map[string]movement.Kind{
	movement.KindCustom.String():   movement.KindCustom,
	movement.KindMitchell.String(): movement.KindMitchell,
	movement.KindHowell.String():   movement.KindHowell,
	movement.KindTeams.String():    movement.KindTeams,

	movement.KindIndividual.String(): movement.KindIndividual,
}

// readSections reads the sections the condition where picks (on sections s
// and sessions se, with $1), each with its movement's rounds and teams
// unless withoutPlay, in one round trip.
func (s *Store) readSections(ctx context.Context, where string, id int64, withoutPlay bool) ([]tournament.Section, error) {
	var (
		sections []tournament.Section
		at       = map[int64]int{} // index in sections by id
	)
	movementOf := func(sectionID int64) *movement.Movement {
		i, ok := at[sectionID]
		if !ok {
			return nil // created between the queries
		}
		return &sections[i].Movement
	}
	b := &pgx.Batch{}
	b.Queue(fmt.Sprintf(sectionsSQL, where), id).Query(func(rows pgx.Rows) error {
		var err error
		sections, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (tournament.Section, error) {
			var (
				sec     tournament.Section
				spec    []byte
				grading []byte
				law     *string
				lawOpts []byte
				kind    string
				m       = &sec.Movement
			)
			err := row.Scan(&sec.ID, &sec.EventID, &sec.Session, &sec.Name, &spec, &kind, &m.Name, &m.Winners,
				&m.Pairs, &m.Tables, &m.Boards, &m.Phantom, &sec.CurrentRound, &sec.EntryVersion, &sec.CreatedAt, &grading, &m.Players, &law, &lawOpts)
			if err != nil {
				return sec, err
			}
			if law != nil {
				if sec.Law, err = scoring.ParseLaw("law", *law); err != nil {
					return sec, fmt.Errorf("section %d: stored law %q: %w", sec.ID, *law, err)
				}
				if sec.LawOptions, err = lawOptionsFrom(lawOpts); err != nil {
					return sec, fmt.Errorf("section %d: %w", sec.ID, err)
				}
			}
			var sj specJSON
			if err := json.Unmarshal(spec, &sj); err != nil {
				return sec, fmt.Errorf("section %d: stored spec: %w", sec.ID, err)
			}
			sec.Spec = sj.spec()
			if sec.Grading, err = gradingFrom(grading); err != nil {
				return sec, fmt.Errorf("section %d: stored grading: %w", sec.ID, err)
			}
			k, ok := kinds[kind]
			if !ok {
				return sec, fmt.Errorf("section %d: stored kind %q", sec.ID, kind)
			}
			m.Kind = k
			sec.CreatedAt = sec.CreatedAt.UTC()
			return sec, nil
		})
		for i, sec := range sections {
			at[sec.ID] = i
		}
		return err
	})
	queuePace(b, where, id, func(sectionID int64) *tournament.SectionPace { // store_pace.go
		if i, ok := at[sectionID]; ok {
			return &sections[i].Pace
		}
		return nil
	})
	queueAdjustments(b, where, id, func(sectionID int64) *tournament.Section { // store_adjust.go
		if i, ok := at[sectionID]; ok {
			return &sections[i]
		}
		return nil
	})
	if withoutPlay {
		if err := s.q.SendBatch(ctx, b).Close(); err != nil {
			return nil, translate("sections", err, ids{})
		}
		return sections, nil
	}
	b.Queue(fmt.Sprintf(restsSQL, where), id).Query(func(rows pgx.Rows) error {
		var (
			sectionID int64
			r         movement.Round
		)
		_, err := pgx.ForEachRow(rows, []any{&sectionID, &r.Number, &r.SitOut, &r.ByeStand}, func() error {
			if m := movementOf(sectionID); m != nil {
				m.Rounds = append(m.Rounds, r)
			}
			r = movement.Round{}
			return nil
		})
		return err
	})
	b.Queue(fmt.Sprintf(tablesSQL, where), id).Query(func(rows pgx.Rows) error {
		var (
			sectionID int64
			round     int
			t         movement.Table
		)
		_, err := pgx.ForEachRow(rows, []any{&sectionID, &round, &t.Table, &t.NS, &t.EW, &t.Boards, &t.ArrowSwitch, &t.Match, &t.Players}, func() error {
			m := movementOf(sectionID)
			if m == nil {
				return nil
			}
			i := len(m.Rounds) - 1 // the tables come round by round
			for i >= 0 && m.Rounds[i].Number != round {
				i--
			}
			if i < 0 {
				return fmt.Errorf("section %d: a table of round %d, which is not stored", sectionID, round)
			}
			m.Rounds[i].Tables = append(m.Rounds[i].Tables, t)
			t = movement.Table{}
			return nil
		})
		return err
	})
	b.Queue(fmt.Sprintf(teamsSQL, where), id).Query(func(rows pgx.Rows) error {
		var (
			sectionID int64
			t         movement.Team
		)
		_, err := pgx.ForEachRow(rows, []any{&sectionID, &t.Number, &t.Pairs[0], &t.Pairs[1]}, func() error {
			if m := movementOf(sectionID); m != nil {
				m.Teams = append(m.Teams, t)
			}
			return nil
		})
		return err
	})
	if err := s.q.SendBatch(ctx, b).Close(); err != nil {
		return nil, translate("sections", err, ids{})
	}
	return sections, nil
}

// Section returns a section with its movement.
func (s *Store) Section(ctx context.Context, id int64) (tournament.Section, error) {
	return s.section(ctx, id, false)
}

// SectionRow returns a section as Section does but for its movement's
// rounds and teams, which it leaves nil.
func (s *Store) SectionRow(ctx context.Context, id int64) (tournament.Section, error) {
	return s.section(ctx, id, true)
}

// section reads a section, its movement's rounds and teams unless
// withoutPlay.
func (s *Store) section(ctx context.Context, id int64, withoutPlay bool) (tournament.Section, error) {
	sections, err := s.readSections(ctx, `s.id = $1`, id, withoutPlay)
	if err != nil {
		return tournament.Section{}, err
	}
	if len(sections) == 0 {
		return tournament.Section{}, tournament.NotFoundf("section", id)
	}
	return sections[0], nil
}

// Sections returns an event's sections with their movements, by session
// then name; ErrNotFound when the event does not exist.
func (s *Store) Sections(ctx context.Context, eventID int64) ([]tournament.Section, error) {
	sections, err := s.readSections(ctx, `se.event_id = $1`, eventID, false)
	if err != nil {
		return nil, err
	}
	if len(sections) == 0 {
		if _, err := s.Event(ctx, eventID); err != nil {
			return nil, err
		}
	}
	return sections, nil
}

// SetCurrentRound changes the round a section is playing: 0 (not started)
// to the movement's last round. It counts up the section's entry version:
// an entry checked against the round before, and stored after, is not
// stored (insertResultsSQL) but checked again.
func (s *Store) SetCurrentRound(ctx context.Context, sectionID int64, round int) error {
	var id int64
	err := s.q.QueryRow(ctx, `UPDATE sections SET current_round = $2, entry_version = entry_version + 1 WHERE id = $1 RETURNING id`,
		sectionID, round).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return tournament.NotFoundf("section", sectionID)
	}
	return translate("set current round", err, ids{section: sectionID})
}

// sectionLawColumns are a section's law and law_options as stored: NULL
// for a section playing its event's code.
func sectionLawColumns(sec *tournament.Section) (*string, []byte, error) {
	if sec.Law == 0 {
		return nil, nil, nil
	}
	name := sec.Law.String()
	opts, err := lawOptionsJSON(sec.LawOptions)
	return &name, opts, err
}
