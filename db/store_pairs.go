package db

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// pairJSON is a pair as AddPairs sends it.
type pairJSON struct {
	Number    string          `json:"number"`
	Direction string          `json:"direction"`
	Team      int             `json:"team"`
	Players   json.RawMessage `json:"players"`
	Stratum   string          `json:"stratum"`
	Handicap  float64         `json:"handicap"`
}

// AddPairs stores pairs (and sets their IDs and SectionID) all or none; a
// number and direction already in the section is ErrConflict.
func (s *Store) AddPairs(ctx context.Context, sectionID int64, pairs []tournament.Pair) error {
	if len(pairs) == 0 {
		return nil
	}
	in := make([]pairJSON, len(pairs))
	for i, p := range pairs {
		players, err := playersJSON(p.Players)
		if err != nil {
			return fmt.Errorf("db: add pairs: %w", err)
		}
		in[i] = pairJSON{Number: p.Number, Direction: p.Direction, Team: p.Team, Players: players, Stratum: p.Stratum, Handicap: p.Handicap}
	}
	input, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("db: add pairs: %w", err)
	}
	q, _ := s.q.Query(ctx, `
		INSERT INTO pairs (section_id, number, direction, team, players, stratum, handicap)
		SELECT $1, x.number, x.direction, x.team, x.players, x.stratum, x.handicap
		FROM jsonb_to_recordset($2::jsonb) AS x(number text, direction text, team int, players jsonb, stratum text, handicap float8)
		RETURNING id, number, direction`, sectionID, input)
	type key struct{ number, direction string }
	stored, err := pgx.CollectRows(q, func(row pgx.CollectableRow) (struct {
		key
		id int64
	}, error) {
		var v struct {
			key
			id int64
		}
		err := row.Scan(&v.id, &v.number, &v.direction)
		return v, err
	})
	if isUnique(err, conPairsNumber) {
		return s.pairConflict(ctx, sectionID, pairs)
	}
	if err != nil {
		return translate("add pairs", err, ids{section: sectionID})
	}
	byKey := make(map[key]int64, len(stored))
	for _, v := range stored {
		byKey[v.key] = v.id
	}
	for i := range pairs {
		pairs[i].ID = byKey[key{pairs[i].Number, pairs[i].Direction}]
		pairs[i].SectionID = sectionID
	}
	return nil
}

// pairConflict names the pair of a refused AddPairs whose number and
// direction the section has already, or that the request gives twice.
func (s *Store) pairConflict(ctx context.Context, sectionID int64, pairs []tournament.Pair) error {
	have, err := s.Pairs(ctx, sectionID)
	if err != nil {
		return err
	}
	name := func(p tournament.Pair) string {
		if p.Direction == "" {
			return "pair " + p.Number
		}
		return "pair " + p.Number + " " + p.Direction
	}
	field := func(i int) string {
		if len(pairs) == 1 {
			return "number"
		}
		return "pairs[" + strconv.Itoa(i) + "].number"
	}
	for i, p := range pairs {
		for _, h := range have {
			if h.Number == p.Number && h.Direction == p.Direction {
				return &tournament.Error{Kind: tournament.ErrConflict, Field: field(i), Message: name(p) + " is already in the section"}
			}
		}
	}
	for i, p := range pairs {
		for j := range i {
			if pairs[j].Number == p.Number && pairs[j].Direction == p.Direction {
				return &tournament.Error{Kind: tournament.ErrConflict, Field: field(i),
					Message: name(p) + " is also given by pairs[" + strconv.Itoa(j) + "]"}
			}
		}
	}
	return &tournament.Error{Kind: tournament.ErrConflict, Field: "number", Message: "a pair with this number was added at the same time; try again"}
}

// pairColumns are the columns scanPair reads, of pairs p.
const pairColumns = `p.id, p.section_id, p.number, p.direction, p.team, p.players, p.stratum, p.handicap`

// scanPair reads a row of pairColumns.
func scanPair(row pgx.CollectableRow) (tournament.Pair, error) {
	var (
		p       tournament.Pair
		players []byte
	)
	if err := row.Scan(&p.ID, &p.SectionID, &p.Number, &p.Direction, &p.Team, &players, &p.Stratum, &p.Handicap); err != nil {
		return p, err
	}
	var err error
	p.Players, err = playersFrom(players)
	return p, err
}

// Pairs returns a section's pairs by direction (NS, EW, then none) then
// number (numerically where the numbers are digits).
func (s *Store) Pairs(ctx context.Context, sectionID int64) ([]tournament.Pair, error) {
	return listIn(ctx, s, "section", sectionID, `
		SELECT `+pairColumns+` FROM pairs p
		WHERE p.section_id = $1
		ORDER BY CASE p.direction WHEN 'NS' THEN 0 WHEN 'EW' THEN 1 ELSE 2 END, length(p.number), p.number, p.id`,
		[]any{sectionID}, scanPair)
}

// teamJSONIn is a roster as AddTeams sends it.
type teamJSONIn struct {
	Number   int             `json:"number"`
	Name     string          `json:"name"`
	Players  json.RawMessage `json:"players"`
	Stratum  string          `json:"stratum"`
	Handicap float64         `json:"handicap"`
}

// AddTeams stores teams (and sets their IDs and SectionID) all or none; a
// team number already in the section is ErrConflict.
func (s *Store) AddTeams(ctx context.Context, sectionID int64, teams []tournament.Roster) error {
	if len(teams) == 0 {
		return nil
	}
	in := make([]teamJSONIn, len(teams))
	for i, t := range teams {
		players, err := playersJSON(t.Players)
		if err != nil {
			return fmt.Errorf("db: add teams: %w", err)
		}
		in[i] = teamJSONIn{Number: t.Number, Name: t.Name, Players: players, Stratum: t.Stratum, Handicap: t.Handicap}
	}
	input, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("db: add teams: %w", err)
	}
	q, _ := s.q.Query(ctx, `
		INSERT INTO teams (section_id, number, name, players, stratum, handicap)
		SELECT $1, x.number, x.name, x.players, x.stratum, x.handicap
		FROM jsonb_to_recordset($2::jsonb) AS x(number int, name text, players jsonb, stratum text, handicap float8)
		RETURNING id, number`, sectionID, input)
	stored, err := pgx.CollectRows(q, func(row pgx.CollectableRow) ([2]int64, error) {
		var v [2]int64
		err := row.Scan(&v[0], &v[1])
		return v, err
	})
	if isUnique(err, conTeamsNumber) {
		return s.teamConflict(ctx, sectionID, teams)
	}
	if err != nil {
		return translate("add teams", err, ids{section: sectionID})
	}
	byNumber := make(map[int64]int64, len(stored))
	for _, v := range stored {
		byNumber[v[1]] = v[0]
	}
	for i := range teams {
		teams[i].ID = byNumber[int64(teams[i].Number)]
		teams[i].SectionID = sectionID
	}
	return nil
}

// teamConflict names the team of a refused AddTeams whose number the
// section has already, or that the request gives twice.
func (s *Store) teamConflict(ctx context.Context, sectionID int64, teams []tournament.Roster) error {
	have, err := s.Teams(ctx, sectionID)
	if err != nil {
		return err
	}
	field := func(i int) string {
		if len(teams) == 1 {
			return "number"
		}
		return "teams[" + strconv.Itoa(i) + "].number"
	}
	for i, t := range teams {
		for _, h := range have {
			if h.Number == t.Number {
				return &tournament.Error{Kind: tournament.ErrConflict, Field: field(i),
					Message: "team " + strconv.Itoa(t.Number) + " is already in the section"}
			}
		}
	}
	for i, t := range teams {
		for j := range i {
			if teams[j].Number == t.Number {
				return &tournament.Error{Kind: tournament.ErrConflict, Field: field(i),
					Message: "team " + strconv.Itoa(t.Number) + " is also given by teams[" + strconv.Itoa(j) + "]"}
			}
		}
	}
	return &tournament.Error{Kind: tournament.ErrConflict, Field: "number", Message: "a team with this number was added at the same time; try again"}
}

// Teams returns a section's teams by number.
func (s *Store) Teams(ctx context.Context, sectionID int64) ([]tournament.Roster, error) {
	return listIn(ctx, s, "section", sectionID, `
		SELECT `+teamColumns+` FROM teams t WHERE t.section_id = $1 ORDER BY t.number`,
		[]any{sectionID}, scanTeam)
}

// teamColumns are the columns scanTeam reads, of teams t.
const teamColumns = `t.id, t.section_id, t.number, t.name, t.players, t.stratum, t.handicap`

// scanTeam reads a row of teamColumns.
func scanTeam(row pgx.CollectableRow) (tournament.Roster, error) {
	var (
		t       tournament.Roster
		players []byte
	)
	if err := row.Scan(&t.ID, &t.SectionID, &t.Number, &t.Name, &players, &t.Stratum, &t.Handicap); err != nil {
		return t, err
	}
	var err error
	t.Players, err = playersFrom(players)
	return t, err
}

// boardJSON is a board as ReplaceBoards sends it.
type boardJSON struct {
	Number        int     `json:"number"`
	Dealer        string  `json:"dealer"`
	Vulnerability string  `json:"vulnerability"`
	Deal          *string `json:"deal"`
}

// ReplaceBoards replaces a section's boards and, in the same transaction,
// counts up its entry version, holding its row till it commits (so that
// an entry racing the change commits before it or is checked again after
// it: holdSections), and stores the new scores rescore (when not nil)
// gives its results as they are then, under its event as it is then, each
// a "rescore" in the audit by actor.
func (s *Store) ReplaceBoards(ctx context.Context, sectionID int64, boards []tournament.Board, rescore tournament.Rescorer, actor string) error {
	in := make([]boardJSON, len(boards))
	for i, b := range boards {
		in[i] = boardJSON{Number: b.Number, Dealer: b.Dealer.String(), Vulnerability: b.Vulnerability.String(), Deal: nullString(b.Deal.PBN())}
	}
	input, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("db: replace boards: %w", err)
	}
	k := ids{section: sectionID}
	err = pgx.BeginFunc(ctx, s.q, func(tx pgx.Tx) error {
		// Hold the section: two replacements of its boards wait for each
		// other, and entries for both.
		held, err := holdSections(ctx, tx, `s.id = $1`, sectionID)
		if err != nil {
			return err
		}
		if len(held) == 0 {
			return tournament.NotFoundf("section", sectionID)
		}
		b := &pgx.Batch{}
		b.Queue(`DELETE FROM boards WHERE section_id = $1`, sectionID)
		b.Queue(`
			INSERT INTO boards (section_id, number, dealer, vulnerability, deal)
			SELECT $1, x.number, x.dealer, x.vulnerability, x.deal
			FROM jsonb_to_recordset($2::jsonb) AS x(number int, dealer text, vulnerability text, deal text)`,
			sectionID, input)
		// An analysis of a deal the board no longer holds goes; each deal
		// stored gets its job (one a deal: a job waiting or done for it
		// already is kept).
		b.Queue(`DELETE FROM board_analyses a WHERE a.section_id = $1 AND NOT EXISTS (
			SELECT FROM boards b WHERE (b.section_id, b.number, b.deal) = (a.section_id, a.number, a.deal))`, sectionID)
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			return err
		}
		if rescore != nil {
			ts := &Store{pool: s.pool, q: tx, jobs: s.jobs}
			rows, _ := tx.Query(ctx, `SELECT `+eventColumns+` FROM events
				WHERE id = (SELECT se.event_id FROM sections s JOIN sessions se ON se.id = s.session_id WHERE s.id = $1)`, sectionID)
			e, err := pgx.CollectExactlyOneRow(rows, scanEvent)
			if err != nil {
				return err
			}
			scores, err := ts.rescoreSection(ctx, &e, sectionID, rescore)
			if err != nil {
				return err
			}
			if err := storeScores(ctx, tx, rescoreSectionSQL, sectionID, scores, actor); err != nil {
				return err
			}
		}
		return s.enqueueAnalyses(ctx, tx, sectionID, boards)
	})
	return translate("replace boards", err, k)
}

// Boards returns a section's stored boards by number.
func (s *Store) Boards(ctx context.Context, sectionID int64) ([]tournament.Board, error) {
	return listIn(ctx, s, "section", sectionID, `
		SELECT section_id, number, dealer, vulnerability, deal FROM boards WHERE section_id = $1 ORDER BY number`,
		[]any{sectionID}, func(row pgx.CollectableRow) (tournament.Board, error) {
			var (
				b           tournament.Board
				dealer, vul string
				deal        *string
			)
			if err := row.Scan(&b.SectionID, &b.Number, &dealer, &vul, &deal); err != nil {
				return b, err
			}
			var err error
			if b.Dealer, err = scoring.ParseSeat("dealer", dealer); err != nil {
				return b, fmt.Errorf("board %d: %w", b.Number, err)
			}
			if b.Vulnerability, err = scoring.ParseVulnerability("vulnerable", vul); err != nil {
				return b, fmt.Errorf("board %d: %w", b.Number, err)
			}
			if deal != nil {
				if b.Deal, err = scanDeal(*deal); err != nil {
					return b, fmt.Errorf("board %d: %w", b.Number, err)
				}
			}
			return b, nil
		})
}
