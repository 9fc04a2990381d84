package db

import (
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/tournament"
)

// conPlayersNumber is the unique constraint on a roster player's number.
const conPlayersNumber = "players_number_key"

// playerColumns are the columns scanPlayer reads.
const playerColumns = `id, name, coalesce(number, ''), created_at, updated_at`

// scanPlayer reads a row of playerColumns.
func scanPlayer(row pgx.CollectableRow) (tournament.ClubPlayer, error) {
	var p tournament.ClubPlayer
	err := row.Scan(&p.ID, &p.Name, &p.Number, &p.CreatedAt, &p.UpdatedAt)
	return p, err
}

// likeEscape escapes the wildcards of LIKE in s.
var likeEscape = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// ClubPlayers returns a page of the roster by name (then number, then id)
// and how many players the search matches: those whose name key holds
// the search's key, or whose number starts with the search.
func (s *Store) ClubPlayers(ctx context.Context, q tournament.PlayerQuery) ([]tournament.ClubPlayer, int, error) {
	key := likeEscape.Replace(tournament.PlayerKey(q.Search))
	num := likeEscape.Replace(strings.TrimSpace(q.Search))
	const where = `WHERE $1 = '' OR name_key LIKE '%' || $1 || '%' OR number LIKE $2 || '%'`
	var (
		total int
		out   []tournament.ClubPlayer
	)
	b := &pgx.Batch{}
	b.Queue(`SELECT count(*) FROM players `+where, key, num).QueryRow(func(r pgx.Row) error { return r.Scan(&total) })
	b.Queue(`SELECT `+playerColumns+` FROM players `+where+`
		ORDER BY (name_key LIKE $1 || '%' OR number = $2) DESC, name_key, number NULLS LAST, id
		LIMIT $3 OFFSET $4`, key, num, q.Limit, q.Offset).Query(func(rows pgx.Rows) error {
		var err error
		out, err = pgx.CollectRows(rows, scanPlayer)
		return err
	})
	if err := s.q.SendBatch(ctx, b).Close(); err != nil {
		return nil, 0, translate("club players", err, ids{})
	}
	return out, total, nil
}

// ClubPlayer returns a player of the roster.
func (s *Store) ClubPlayer(ctx context.Context, id int64) (tournament.ClubPlayer, error) {
	q, _ := s.q.Query(ctx, `SELECT `+playerColumns+` FROM players WHERE id = $1`, id)
	p, err := pgx.CollectExactlyOneRow(q, scanPlayer)
	if err != nil {
		return p, notFound("club player", err, "player", id)
	}
	return p, nil
}

// AddClubPlayer stores a player of the roster; a number another player has
// is ErrConflict naming them.
func (s *Store) AddClubPlayer(ctx context.Context, p *tournament.ClubPlayer) error {
	err := s.q.QueryRow(ctx, `
		INSERT INTO players (name, number, name_key) VALUES ($1, $2, $3)
		RETURNING id, created_at, updated_at`, p.Name, nullString(p.Number), tournament.PlayerKey(p.Name)).
		Scan(&p.ID, &p.CreatedAt, &p.UpdatedAt)
	if isUnique(err, conPlayersNumber) {
		return s.numberTaken(ctx, p.Number)
	}
	return translate("add club player", err, ids{})
}

// UpdateClubPlayer stores p's name and number; a number another player has
// is ErrConflict naming them.
func (s *Store) UpdateClubPlayer(ctx context.Context, p *tournament.ClubPlayer) error {
	err := s.q.QueryRow(ctx, `
		UPDATE players SET name = $2, number = $3, name_key = $4, updated_at = now() WHERE id = $1
		RETURNING updated_at`, p.ID, p.Name, nullString(p.Number), tournament.PlayerKey(p.Name)).Scan(&p.UpdatedAt)
	if isUnique(err, conPlayersNumber) {
		return s.numberTaken(ctx, p.Number)
	}
	return notFound("update club player", err, "player", p.ID)
}

// DeleteClubPlayer removes a player from the roster.
func (s *Store) DeleteClubPlayer(ctx context.Context, id int64) error {
	tag, err := s.q.Exec(ctx, `DELETE FROM players WHERE id = $1`, id)
	if err != nil {
		return translate("delete club player", err, ids{})
	}
	if tag.RowsAffected() == 0 {
		return tournament.NotFoundf("player", id)
	}
	return nil
}

// numberTaken is the ErrConflict of a membership number the roster gives
// another player.
func (s *Store) numberTaken(ctx context.Context, number string) error {
	var (
		id   int64
		name string
	)
	err := s.q.QueryRow(ctx, `SELECT id, name FROM players WHERE number = $1`, number).Scan(&id, &name)
	if errors.Is(err, pgx.ErrNoRows) {
		return &tournament.Error{Kind: tournament.ErrConflict, Field: "number", Message: "membership number " + number + " was given to another player at the same time; try again"}
	}
	if err != nil {
		return translate("club player by number", err, ids{})
	}
	return &tournament.Error{Kind: tournament.ErrConflict, Field: "number",
		Message: "membership number " + number + " is already " + name + "'s in the club's roster: one number, one player"}
}

// MatchPlayers returns the roster's players that have one of numbers or
// whose name key is one of keys.
func (s *Store) MatchPlayers(ctx context.Context, numbers, keys []string) ([]tournament.ClubPlayer, error) {
	return matchPlayers(ctx, s.q, numbers, keys)
}

// matchPlayers is MatchPlayers on q (the pool, or a transaction).
func matchPlayers(ctx context.Context, q querier, numbers, keys []string) ([]tournament.ClubPlayer, error) {
	if len(numbers) == 0 && len(keys) == 0 {
		return nil, nil
	}
	rows, _ := q.Query(ctx, `SELECT `+playerColumns+` FROM players WHERE number = ANY($1) OR name_key = ANY($2) ORDER BY id`, numbers, keys)
	out, err := pgx.CollectRows(rows, scanPlayer)
	if err != nil {
		return nil, translate("match club players", err, ids{})
	}
	return out, nil
}

// RememberPlayers adds the players the roster does not know yet
// (tournament.Remembered), in one transaction that holds the roster's lock,
// so two imports at once add a player once.
func (s *Store) RememberPlayers(ctx context.Context, players []tournament.Player) (int, error) {
	var added int
	err := pgx.BeginFunc(ctx, s.q, func(tx pgx.Tx) error {
		var err error
		added, err = rememberPlayers(ctx, tx, players)
		return err
	})
	return added, translate("remember players", err, ids{})
}

// rememberPlayers is RememberPlayers inside the transaction tx.
func rememberPlayers(ctx context.Context, tx pgx.Tx, players []tournament.Player) (int, error) {
	var numbers, keys []string
	for _, p := range players {
		if n := strings.TrimSpace(p.Number); n != "" {
			numbers = append(numbers, n)
		}
		if strings.TrimSpace(p.Name) != "" {
			keys = append(keys, tournament.PlayerKey(p.Name))
		}
	}
	if len(numbers) == 0 && len(keys) == 0 {
		return 0, nil
	}
	// One writer of the roster at a time: a player without a number has no
	// unique key that would stop two transactions adding them twice.
	if _, err := tx.Exec(ctx, `LOCK TABLE players IN SHARE ROW EXCLUSIVE MODE`); err != nil {
		return 0, err
	}
	roster, err := matchPlayers(ctx, tx, numbers, keys)
	if err != nil {
		return 0, err
	}
	add, numbered := tournament.Remembered(roster, players)
	b := &pgx.Batch{}
	for _, p := range numbered {
		b.Queue(`UPDATE players SET number = $2, updated_at = now() WHERE id = $1`, p.ID, p.Number)
	}
	for _, p := range add {
		b.Queue(`INSERT INTO players (name, number, name_key) VALUES ($1, $2, $3)`, p.Name, nullString(p.Number), tournament.PlayerKey(p.Name))
	}
	if b.Len() == 0 {
		return 0, nil
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return 0, err
	}
	return len(add), nil
}
