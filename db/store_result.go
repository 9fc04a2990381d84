package db

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/tournament"
)

// insertResultsSQL stores the results of one or more entries (CreateResults
// calls) in one statement: $1 each result's entry (its index in the
// statement), $2 its section, $3 to $23 the results column by column
// (columnArrays); $24 to $27 the entries with an idempotency key: the
// entry, its scope, its key and its request hash. Each new row gets an
// "insert" audit row by the same statement, so both or neither are stored.
// An entry with a key is stored only when its key is new, and the key with
// its results' ids; a key being stored by a transaction in progress makes
// this one wait for its end. $28 to $31 are the entries checked at
// versions (CreateResultsAt): the entry, its section, the section's and its
// event's entry_version it was checked at. The statement holds those
// sections' rows FOR SHARE (in id order, as changes take them) until it
// commits, so a change to them waits for it, and it waits for a change in
// progress; an entry whose section or event is no longer at its versions
// then is stored not at all, nor its key, and comes back as moved. The
// rows stored come back in the order sent, each with its entry and what
// the database gave it: its id and times; then the entries moved.
const insertResultsSQL = `
WITH input AS (
    SELECT nextval('results_id_seq') AS id, x.*
    FROM unnest($1::int[], $2::bigint[], $3::int[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[],
        $9::text[], $10::text[], $11::int[], $12::jsonb[], $13::jsonb[], $14::jsonb[], $15::text[], $16::int[],
        $17::int[], $18::jsonb[], $19::int[], $20::text[], $21::timestamptz[], $22::text[], $23::jsonb[])
        WITH ORDINALITY AS x(entry, section_id, board, round, table_no, ns, ew, status, contract, declarer,
            tricks, revokes, honours, chicane, lead, ns_percent, ew_percent, assigned, ns_score, entered_by,
            entered_at, query, auction, ord)
), checks AS (
    SELECT * FROM unnest($28::int[], $29::bigint[], $30::bigint[], $31::bigint[]) AS c(entry, section_id, section_version, event_version)
), held AS (
    SELECT s.id, s.entry_version, ev.entry_version AS event_version
    FROM sections s JOIN sessions se ON se.id = s.session_id JOIN events ev ON ev.id = se.event_id
    WHERE s.id IN (SELECT section_id FROM checks) AND s.deleted_at IS NULL
    ORDER BY s.id
    FOR SHARE OF s
), moved AS (
    SELECT c.entry FROM checks c LEFT JOIN held h ON h.id = c.section_id
    WHERE h.id IS NULL OR h.entry_version <> c.section_version OR h.event_version <> c.event_version
), keyed AS (
    SELECT * FROM unnest($24::int[], $25::text[], $26::text[], $27::bytea[]) AS k(entry, scope, key, request_hash)
    WHERE k.entry NOT IN (SELECT entry FROM moved)
), idem AS (
    INSERT INTO idempotency_keys (scope, key, section_id, request_hash, result_ids)
    SELECT k.scope, k.key, min(i.section_id), k.request_hash, array_agg(i.id ORDER BY i.ord)
    FROM keyed k JOIN input i ON i.entry = k.entry
    GROUP BY k.entry, k.scope, k.key, k.request_hash
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING scope, key
), ins AS (
    INSERT INTO results (id, section_id, board, round, table_no, ns, ew, status, contract, declarer, tricks,
        revokes, honours, chicane, lead, ns_percent, ew_percent, assigned, ns_score, version,
        entered_by, entered_at, updated_at, query, auction)
    SELECT id, section_id, board, round, table_no, ns, ew, status, contract, declarer, tricks,
        revokes, honours, chicane, lead, ns_percent, ew_percent, assigned, ns_score, 1,
        entered_by, coalesce(entered_at, now()), coalesce(entered_at, now()), query, auction
    FROM input
    WHERE entry NOT IN (SELECT entry FROM moved)
      AND (entry NOT IN (SELECT entry FROM keyed)
           OR entry IN (SELECT k.entry FROM keyed k JOIN idem ON (idem.scope, idem.key) = (k.scope, k.key)))
    ORDER BY ord
    RETURNING ` + resultColumns + `
), aud AS (
    INSERT INTO audit (result_id, section_id, action, actor, at, before, after)
    SELECT ins.id, ins.section_id, 'insert', ins.entered_by, ins.entered_at, NULL, to_jsonb(ins)
    FROM ins
)
SELECT entry, id, entered_at, updated_at, moved FROM (
    SELECT input.entry, r.id, r.entered_at, r.updated_at, false AS moved, input.ord
    FROM ins AS r JOIN input ON input.id = r.id
    UNION ALL
    SELECT entry, 0, now(), now(), true, 0 FROM moved
) AS x
ORDER BY moved, ord`

// resultEntry is one CreateResults call on its way into the database.
type resultEntry struct {
	section  int64
	results  []tournament.Result
	idem     *tournament.Idempotency
	at       *tournament.EntryAt // the versions it was checked at; nil: not checked
	moved    bool                // not stored: its section or event is no longer at
	stored   []tournament.Result // what the statement stored of it: none when its key was stored before
	err      error               // the error of the statement that carried it
	shared   bool                // carried by a statement with other entries
	deadline time.Time           // its caller's, when it waits to be gathered
	done     chan struct{}       // closed when a gathered entry's statement has ended
}

// rows is the number of results of e.
func (e *resultEntry) rows() int { return len(e.results) }

// insertEntries stores entries with one statement (insertResultsSQL), all
// or none, and sets each one's stored results.
func (s *Store) insertEntries(ctx context.Context, entries []*resultEntry) error {
	var all []tournament.Result
	if len(entries) == 1 {
		all = entries[0].results
	} else {
		n := 0
		for _, e := range entries {
			n += e.rows()
		}
		all = make([]tournament.Result, 0, n)
		for _, e := range entries {
			all = append(all, e.results...)
		}
	}
	columns, err := columnArrays(all)
	if err != nil {
		return err
	}
	var (
		entry   = make([]int32, 0, len(all))
		section = make([]int64, 0, len(all))
		keyed   []int32
		scopes  []string
		keys    []string
		hashes  [][]byte
		checked []int32
		secs    []int64
		secVers []int64
		evVers  []int64
	)
	for i, e := range entries {
		for range e.results {
			entry, section = append(entry, int32(i)), append(section, e.section)
		}
		if e.idem != nil {
			keyed, scopes, keys, hashes = append(keyed, int32(i)), append(scopes, e.idem.Scope), append(keys, e.idem.Key), append(hashes, e.idem.RequestHash)
		}
		if e.at != nil {
			checked, secs = append(checked, int32(i)), append(secs, e.section)
			secVers, evVers = append(secVers, e.at.Section), append(evVers, e.at.Event)
		}
		e.stored, e.moved = e.stored[:0], false
	}
	args := make([]any, 0, 31)
	args = append(args, entry, section)
	args = append(args, columns...)
	args = append(args, keyed, scopes, keys, hashes, checked, secs, secVers, evVers)
	rows, _ := s.q.Query(ctx, insertResultsSQL, args...)
	defer rows.Close()
	var (
		i         int32
		id        int64
		entered   time.Time
		updated   time.Time
		moved     bool
		scanInto  = []any{&i, &id, &entered, &updated, &moved}
		malformed = func() error {
			return fmt.Errorf("db: create results: result %d of entry %d came back from a statement of %d entries", len(entries[i].stored), i, len(entries))
		}
	)
	for rows.Next() {
		if err := rows.Scan(scanInto...); err != nil {
			return err
		}
		if i < 0 || int(i) >= len(entries) {
			return malformed()
		}
		e := entries[i]
		if moved {
			e.moved = true
			continue
		}
		n := len(e.stored)
		if n == len(e.results) {
			return malformed()
		}
		// As stored: the row the statement was given, read back as a
		// stored row is (resultRow.result), with what the database set.
		row := rowOf(&e.results[n])
		row.ID, row.SectionID, row.Version, row.EnteredAt, row.UpdatedAt = id, e.section, 1, entered, updated
		e.stored = append(e.stored, row.result())
	}
	return rows.Err()
}

// columnArrays returns the arguments $3 to $23 of insertResultsSQL: the
// results column by column, NULL for what is not there.
func columnArrays(results []tournament.Result) ([]any, error) {
	n := len(results)
	var (
		board, round, table, nsPercent, ewPercent, nsScore = make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
		ns, ew, status, enteredBy, query                   = make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		contract, declarer, lead                           = make([]*string, n), make([]*string, n), make([]*string, n)
		tricks                                             = make([]*int32, n)
		revokes, honours, chicane, assigned, auction       = make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
		enteredAt                                          = make([]*time.Time, n)
		err                                                error
	)
	// int4 keeps what PostgreSQL's integer column does.
	int4 := func(field string, v int) int32 {
		if (v < math.MinInt32 || v > math.MaxInt32) && err == nil {
			err = tournament.Invalidf(field, strconv.Itoa(v)+": too large a number")
		}
		return int32(v)
	}
	// jsonb is v in JSON, or NULL when it is not there.
	jsonb := func(present bool, v any) []byte {
		if !present || err != nil {
			return nil
		}
		b, jerr := json.Marshal(v)
		if jerr != nil {
			err = tournament.Invalidf("", "a result cannot be stored: "+jerr.Error())
		}
		return b
	}
	for i := range results {
		row := rowOf(&results[i])
		board[i], round[i], table[i] = int4("board", row.Board), int4("round", row.Round), int4("table", row.Table)
		nsPercent[i], ewPercent[i] = int4("ns_percent", row.NSPercent), int4("ew_percent", row.EWPercent)
		nsScore[i] = int4("ns_score", row.NSScore)
		ns[i], ew[i], status[i], enteredBy[i], query[i] = row.NS, row.EW, row.Status, row.EnteredBy, row.Query
		contract[i], declarer[i], lead[i] = row.Contract, row.Declarer, row.Lead
		if row.Tricks != nil {
			t := int4("tricks", *row.Tricks)
			tricks[i] = &t
		}
		revokes[i] = jsonb(row.Revokes != nil, row.Revokes)
		honours[i] = jsonb(row.Honours != nil, row.Honours)
		chicane[i] = jsonb(row.Chicane != nil, row.Chicane)
		assigned[i] = jsonb(row.Assigned != nil, row.Assigned)
		auction[i] = jsonb(row.Auction != nil, row.Auction)
		if !row.EnteredAt.IsZero() {
			enteredAt[i] = &row.EnteredAt
		}
	}
	if err != nil {
		return nil, err
	}
	return []any{board, round, table, ns, ew, status, contract, declarer, tricks,
		revokes, honours, chicane, lead, nsPercent, ewPercent, assigned, nsScore, enteredBy, enteredAt, query, auction}, nil
}

// CreateResults stores results all or none, each with version 1 and an
// "insert" audit row by its EnteredBy, and returns them as stored. A zero
// EnteredAt is the time of storing. With idem, a request already stored
// under the same key and scope returns the results it stored (as they are
// now) and replayed true, or ErrConflict when one of them was deleted since;
// the same key with another request hash or section is ErrConflict.
// Concurrent requests with one key store once: the later ones wait for the
// first to commit, then replay it.
//
// Calls that arrive while the store is busy with others are gathered and
// stored together (resultBatches); a gathering that fails is stored again
// one call at a time, so that each gets its own answer.
func (s *Store) CreateResults(ctx context.Context, sectionID int64, results []tournament.Result, idem *tournament.Idempotency) ([]tournament.Result, bool, error) {
	return s.createResults(ctx, sectionID, nil, results, idem)
}

// CreateResultsAt is CreateResults for results checked against the
// section and its event at the versions at: stored in the same statement
// only while those are in force (insertResultsSQL), else nothing is and the
// error is tournament.ErrEntryMoved.
func (s *Store) CreateResultsAt(ctx context.Context, sectionID int64, at tournament.EntryAt, results []tournament.Result, idem *tournament.Idempotency) ([]tournament.Result, bool, error) {
	return s.createResults(ctx, sectionID, &at, results, idem)
}

// createResults is CreateResults, checked at at unless it is nil.
func (s *Store) createResults(ctx context.Context, sectionID int64, at *tournament.EntryAt, results []tournament.Result, idem *tournament.Idempotency) ([]tournament.Result, bool, error) {
	if len(results) == 0 {
		return []tournament.Result{}, false, nil
	}
	k := ids{section: sectionID}
	// A key seen committed but gone before it could be read (expired) is
	// tried again, at most a few times.
	for range 3 {
		e := &resultEntry{section: sectionID, results: results, idem: idem, at: at}
		var err error
		if s.batches != nil {
			err = s.batches.insert(ctx, e)
		} else {
			err = s.insertEntries(ctx, []*resultEntry{e})
		}
		if err != nil && e.shared && ctx.Err() == nil {
			err = s.insertEntries(ctx, []*resultEntry{e})
		}
		if err != nil {
			return nil, false, s.resultsConflict(ctx, "create results", err, sectionID, results)
		}
		if e.moved {
			return nil, false, fmt.Errorf("db: create results in section %d: %w", sectionID, tournament.ErrEntryMoved)
		}
		if len(e.stored) > 0 {
			return e.stored, false, nil
		}
		if idem == nil {
			return nil, false, fmt.Errorf("db: create results: %d results sent, none stored", len(results))
		}
		replay, found, err := s.replay(ctx, sectionID, idem)
		if err != nil {
			return nil, false, translate("create results", err, k)
		}
		if found {
			return replay, true, nil
		}
	}
	return nil, false, fmt.Errorf("db: create results: idempotency key %q vanished while being read", idem.Key)
}

// replay returns the results stored under idem's key, as they are now, and
// whether the key is stored; ErrConflict when it was stored for another
// request.
func (s *Store) replay(ctx context.Context, sectionID int64, idem *tournament.Idempotency) ([]tournament.Result, bool, error) {
	var (
		section   int64
		hash      []byte
		resultIDs []int64
	)
	err := s.q.QueryRow(ctx, `
		SELECT section_id, request_hash, result_ids FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		idem.Scope, idem.Key).Scan(&section, &hash, &resultIDs)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if section != sectionID || !bytes.Equal(hash, idem.RequestHash) {
		return nil, true, &tournament.Error{Kind: tournament.ErrConflict, Field: "Idempotency-Key",
			Message: "Idempotency-Key " + strconv.Quote(idem.Key) + " was used for a different request"}
	}
	q, _ := s.q.Query(ctx, `
		SELECT `+resultRColumns+`
		FROM unnest($1::bigint[]) WITH ORDINALITY AS k(id, ord) JOIN results r ON r.id = k.id
		ORDER BY k.ord`, resultIDs)
	stored, err := pgx.CollectRows(q, scanResult)
	if err != nil {
		return nil, true, err
	}
	if len(stored) < len(resultIDs) {
		return nil, true, deletedSince(idem.Key, resultIDs, stored)
	}
	return stored, true, nil
}

// deletedSince is the answer to a replayed key some of whose results were
// deleted since: a conflict naming them, not the rest as if the request had
// stored only those (a list of none was a 201 []).
func deletedSince(key string, ids []int64, stored []tournament.Result) error {
	kept := make(map[int64]bool, len(stored))
	for _, r := range stored {
		kept[r.ID] = true
	}
	var gone []string
	for _, id := range ids {
		if !kept[id] {
			gone = append(gone, strconv.FormatInt(id, 10))
		}
	}
	what := "result " + strings.Join(gone, ", ")
	if len(gone) > 1 {
		what = "results " + strings.Join(gone, ", ")
	}
	return &tournament.Error{Kind: tournament.ErrConflict, Field: "Idempotency-Key",
		Message: "Idempotency-Key " + strconv.Quote(key) + " stored " + what + ", deleted since: to enter it again send the request under a new key"}
}

// resultsConflict turns err from storing results into a tournament error:
// a unique violation of a board, round and table into ErrConflict with the
// result stored there.
func (s *Store) resultsConflict(ctx context.Context, op string, err error, sectionID int64, results []tournament.Result) error {
	if !isUnique(err, conResultsSlot) {
		return translate(op, err, ids{section: sectionID})
	}
	boards, rounds, tables := make([]int, len(results)), make([]int, len(results)), make([]int, len(results))
	for i, r := range results {
		boards[i], rounds[i], tables[i] = r.Board, r.Round, r.Table
	}
	q, _ := s.q.Query(ctx, `
		SELECT `+resultRColumns+`
		FROM results r JOIN unnest($2::int[], $3::int[], $4::int[]) AS x(board, round, table_no)
		    ON (r.board, r.round, r.table_no) = (x.board, x.round, x.table_no)
		WHERE r.section_id = $1`, sectionID, boards, rounds, tables)
	stored, qerr := pgx.CollectRows(q, scanResult)
	if qerr != nil {
		return translate(op, qerr, ids{section: sectionID})
	}
	for i, r := range results {
		for _, c := range stored {
			if c.Board == r.Board && c.Round == r.Round && c.Table == r.Table && c.ID != r.ID {
				return slotTaken(i, len(results), &c)
			}
		}
	}
	// Two results of the request on one board, round and table.
	seen := map[[3]int]int{}
	for i, r := range results {
		slot := [3]int{r.Board, r.Round, r.Table}
		if j, ok := seen[slot]; ok {
			return &tournament.Error{Kind: tournament.ErrConflict, Field: "results[" + strconv.Itoa(i) + "]",
				Message: slotName(r.Board, r.Round, r.Table) + " is also given by results[" + strconv.Itoa(j) + "]"}
		}
		seen[slot] = i
	}
	// The result it clashed with has been deleted since.
	return &tournament.Error{Kind: tournament.ErrConflict, Message: "another result was stored on the same board, round and table at the same time; try again"}
}

// slotTaken is the ErrConflict of result i of n on a board, round and table
// that already has the result c.
func slotTaken(i, n int, c *tournament.Result) error {
	e := &tournament.Error{Kind: tournament.ErrConflict, Current: c,
		Message: slotName(c.Board, c.Round, c.Table) + " already has a result"}
	if n > 1 {
		e.Field = "results[" + strconv.Itoa(i) + "]"
	}
	return e
}

// slotName names a board, round and table: "board 3, round 2, table 1".
func slotName(board, round, table int) string {
	return "board " + strconv.Itoa(board) + ", round " + strconv.Itoa(round) + ", table " + strconv.Itoa(table)
}

// Result returns a result.
func (s *Store) Result(ctx context.Context, id int64) (tournament.Result, error) {
	q, _ := s.q.Query(ctx, `SELECT `+resultColumns+` FROM results WHERE id = $1`, id)
	r, err := pgx.CollectExactlyOneRow(q, scanResult)
	if err != nil {
		return r, notFound("result", err, "result", id)
	}
	return r, nil
}

// Results returns the results the filter picks, by board, then round, then
// table; ErrNotFound when the filter names a section that does not exist.
func (s *Store) Results(ctx context.Context, f tournament.ResultFilter) ([]tournament.Result, error) {
	var (
		where []string
		args  []any
	)
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, strings.ReplaceAll(cond, "$", "$"+strconv.Itoa(len(args))))
	}
	if f.SectionID != 0 {
		add("section_id = $", f.SectionID)
	}
	if f.Board != 0 {
		add("board = $", f.Board)
	}
	if f.Round != 0 {
		add("round = $", f.Round)
	}
	if f.Table != 0 {
		add("table_no = $", f.Table)
	}
	if f.Pair != "" {
		add("(ns = $ OR ew = $)", f.Pair)
	}
	sql := `SELECT ` + resultColumns + ` FROM results`
	if len(where) > 0 {
		sql += ` WHERE ` + strings.Join(where, " AND ")
	}
	sql += ` ORDER BY board, round, table_no`
	if f.SectionID == 0 {
		q, _ := s.q.Query(ctx, sql, args...)
		out, err := collectRows(q, resultScanner())
		return out, translate("results", err, ids{})
	}
	return listIn(ctx, s, "section", f.SectionID, sql, args, resultScanner())
}

// updateResultSQL changes result $1 if its version is $2 to the resultRow
// JSON $3, with its "update" audit row in the same statement.
const updateResultSQL = `
WITH old AS (
    SELECT ` + resultColumns + ` FROM results WHERE id = $1
), upd AS (
    UPDATE results r
    SET board = x.board, round = x.round, table_no = x.table_no, ns = x.ns, ew = x.ew, status = x.status,
        contract = x.contract, declarer = x.declarer, tricks = x.tricks, revokes = x.revokes,
        honours = x.honours, chicane = x.chicane, lead = x.lead, ns_percent = x.ns_percent,
        ew_percent = x.ew_percent, assigned = x.assigned, ns_score = x.ns_score, entered_by = x.entered_by,
        query = coalesce(x.query, ''), auction = x.auction, version = r.version + 1, updated_at = now()
    FROM jsonb_to_record($3::jsonb) AS x` + resultRecord + `
    WHERE r.id = $1 AND r.version = $2
    RETURNING ` + resultRColumns + `
), aud AS (
    INSERT INTO audit (result_id, section_id, action, actor, at, before, after)
    SELECT upd.id, upd.section_id, 'update', upd.entered_by, upd.updated_at, to_jsonb(old), to_jsonb(upd)
    FROM upd, old
)
SELECT ` + resultColumns + ` FROM upd`

// updateResultAtSQL is updateResultSQL for a result checked against its
// section and event at entry versions $4 and $5 (UpdateResultAt): it holds
// the section's row FOR SHARE until it commits, as insertResultsSQL does,
// and changes nothing unless both are still at those versions.
var updateResultAtSQL = strings.Replace(strings.Replace(updateResultSQL, `), upd AS (`, `), held AS (
    SELECT s.id FROM sections s JOIN sessions se ON se.id = s.session_id JOIN events ev ON ev.id = se.event_id
    WHERE s.id = (SELECT section_id FROM old) AND s.entry_version = $4 AND ev.entry_version = $5
    FOR SHARE OF s
), upd AS (`, 1), `WHERE r.id = $1 AND r.version = $2`, `WHERE r.id = $1 AND r.version = $2 AND EXISTS (SELECT FROM held)`, 1)

// UpdateResultAt is UpdateResult for a result checked against its section
// and event at the versions at: it is stored only while those are in force,
// else nothing is and the error is tournament.ErrEntryMoved.
func (s *Store) UpdateResultAt(ctx context.Context, r *tournament.Result, version int, at tournament.EntryAt) error {
	return s.updateResult(ctx, r, version, &at)
}

// UpdateResult stores r (by r.ID; its section and EnteredAt stay) if the
// stored version is version, with an "update" audit row by r.EnteredBy, and
// sets r to the stored result: Version version+1, UpdatedAt now. Else
// ErrStale with the stored result, or ErrNotFound; a board, round and table
// another result holds is ErrConflict with that result.
func (s *Store) UpdateResult(ctx context.Context, r *tournament.Result, version int) error {
	return s.updateResult(ctx, r, version, nil)
}

// updateResult is UpdateResult, checked at at unless it is nil.
func (s *Store) updateResult(ctx context.Context, r *tournament.Result, version int, at *tournament.EntryAt) error {
	row := rowOf(r)
	input, err := json.Marshal(row)
	if err != nil {
		return tournament.Invalidf("", "the result cannot be stored: "+err.Error())
	}
	sql, args := updateResultSQL, []any{r.ID, version, input}
	if at != nil {
		sql, args = updateResultAtSQL, append(args, at.Section, at.Event)
	}
	q, _ := s.q.Query(ctx, sql, args...)
	stored, err := pgx.CollectExactlyOneRow(q, scanResult)
	switch {
	case errors.Is(err, pgx.ErrNoRows) && at != nil && s.movedFrom(ctx, r.ID, at):
		return fmt.Errorf("db: update result %d: %w", r.ID, tournament.ErrEntryMoved)
	case errors.Is(err, pgx.ErrNoRows):
		return s.stale(ctx, "update result", r.ID)
	case isUnique(err, conResultsSlot):
		sectionID := r.SectionID
		if sectionID == 0 {
			if cur, cerr := s.Result(ctx, r.ID); cerr == nil {
				sectionID = cur.SectionID
			}
		}
		return s.resultsConflict(ctx, "update result", err, sectionID, []tournament.Result{*r})
	case err != nil:
		return translate("update result", err, ids{section: r.SectionID})
	}
	stored.Lines = r.Lines
	*r = stored
	return nil
}

// movedFrom reports whether result id's section or event is no longer at
// the versions at (entry versions only grow: once moved, always moved).
func (s *Store) movedFrom(ctx context.Context, id int64, at *tournament.EntryAt) bool {
	var sec, ev int64
	err := s.q.QueryRow(ctx, `
		SELECT s.entry_version, e.entry_version
		FROM results r JOIN sections s ON s.id = r.section_id JOIN sessions se ON se.id = s.session_id
		    JOIN events e ON e.id = se.event_id
		WHERE r.id = $1`, id).Scan(&sec, &ev)
	return err == nil && (sec != at.Section || ev != at.Event)
}

// stale is the error of a change to result id refused for its version:
// ErrStale with the stored result, or ErrNotFound when there is none.
func (s *Store) stale(ctx context.Context, op string, id int64) error {
	cur, err := s.Result(ctx, id)
	if err != nil {
		return err
	}
	return &tournament.Error{Kind: tournament.ErrStale, Field: "version", Current: &cur,
		Message: "result " + strconv.FormatInt(id, 10) + " is at version " + strconv.Itoa(cur.Version) +
			": it has changed since it was read"}
}

// deleteResultSQL deletes result $1 if its version is $2 (0: any), with its
// "delete" audit row by $3 in the same statement.
const deleteResultSQL = `
WITH del AS (
    DELETE FROM results WHERE id = $1 AND ($2::int = 0 OR version = $2::int)
    RETURNING ` + resultColumns + `
), aud AS (
    INSERT INTO audit (result_id, section_id, action, actor, before, after)
    SELECT del.id, del.section_id, 'delete', $3, to_jsonb(del), NULL FROM del
)
SELECT id FROM del`

// DeleteResult deletes a result if the stored version is version (0: any),
// auditing it as actor; else ErrStale with the stored result, or
// ErrNotFound.
func (s *Store) DeleteResult(ctx context.Context, id int64, version int, actor string) error {
	var deleted int64
	err := s.q.QueryRow(ctx, deleteResultSQL, id, version, actor).Scan(&deleted)
	if errors.Is(err, pgx.ErrNoRows) {
		return s.stale(ctx, "delete result", id)
	}
	return translate("delete result", err, ids{})
}

// Audit returns a result's changes, oldest first; ErrNotFound for a result
// that never was.
func (s *Store) Audit(ctx context.Context, resultID int64) ([]tournament.AuditEntry, error) {
	q, _ := s.q.Query(ctx, `
		SELECT id, result_id, action, actor, at, before, after
		FROM audit WHERE result_id = $1 ORDER BY id`, resultID)
	entries, err := pgx.CollectRows(q, func(row pgx.CollectableRow) (tournament.AuditEntry, error) {
		var (
			a             tournament.AuditEntry
			before, after []byte
		)
		if err := row.Scan(&a.ID, &a.ResultID, &a.Action, &a.Actor, &a.At, &before, &after); err != nil {
			return a, err
		}
		a.At = a.At.UTC()
		var err error
		if a.Before, err = resultFromJSON(before); err != nil {
			return a, err
		}
		a.After, err = resultFromJSON(after)
		return a, err
	})
	if err != nil {
		return nil, translate("audit", err, ids{})
	}
	if len(entries) == 0 {
		return nil, tournament.NotFoundf("result", resultID)
	}
	return entries, nil
}

// The rescore statements: $1 result ids, $2 their new scores, $3 the actor,
// $4 the event or section the results must be in. A result whose score
// changes gets a new version and a "rescore" audit row.
const rescoreSQL = `
WITH x AS (
    SELECT id, ns_score FROM unnest($1::bigint[], $2::int[]) AS x(id, ns_score)
), old AS (
    SELECT ` + resultColumns + ` FROM results
    WHERE id IN (SELECT id FROM x) AND %s
    FOR UPDATE
), upd AS (
    UPDATE results r SET ns_score = x.ns_score, version = r.version + 1, updated_at = now()
    FROM x, old
    WHERE r.id = x.id AND r.id = old.id AND r.ns_score <> x.ns_score
    RETURNING ` + resultRColumns + `
)
INSERT INTO audit (result_id, section_id, action, actor, at, before, after)
SELECT upd.id, upd.section_id, 'rescore', $3, upd.updated_at, to_jsonb(old), to_jsonb(upd)
FROM upd JOIN old ON old.id = upd.id`

var (
	rescoreEventSQL = fmt.Sprintf(rescoreSQL, `section_id IN (
        SELECT s.id FROM sections s JOIN sessions se ON se.id = s.session_id WHERE se.event_id = $4)`)
	rescoreSectionSQL = fmt.Sprintf(rescoreSQL, `section_id = $4`)
)

// storeScores stores new scores in tx by one of the rescore statements.
func storeScores(ctx context.Context, tx pgx.Tx, sql string, scope int64, rescored []tournament.ResultScore, actor string) error {
	if len(rescored) == 0 {
		return nil
	}
	resultIDs, scores := make([]int64, len(rescored)), make([]int, len(rescored))
	for i, r := range rescored {
		resultIDs[i], scores[i] = r.ResultID, r.NSScore
	}
	_, err := tx.Exec(ctx, sql, resultIDs, scores, actor, scope)
	return err
}

// DeleteIdempotencyKeys forgets the idempotency keys stored before before,
// results' and events' (event_idempotency_keys), and returns how many: a
// retry under a forgotten key stores its results again (or meets
// ErrConflict on their board, round and table), or makes another event.
// Run it now and then (e.g. daily, keeping a day) so the tables do not grow
// forever.
func (s *Store) DeleteIdempotencyKeys(ctx context.Context, before time.Time) (int64, error) {
	var n int64
	err := s.q.QueryRow(ctx, `
		WITH r AS (DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING 1),
		     e AS (DELETE FROM event_idempotency_keys WHERE created_at < $1 RETURNING 1)
		SELECT (SELECT count(*) FROM r) + (SELECT count(*) FROM e)`, before).Scan(&n)
	if err != nil {
		return 0, translate("delete idempotency keys", err, ids{})
	}
	return n, nil
}

// idempotencyKeep is how long a request's Idempotency-Key is remembered: a
// table retries within seconds or, after the network was down, within the
// session; a day covers both.
const idempotencyKeep = 24 * time.Hour

// PruneIdempotencyKeys forgets idempotency keys older than idempotencyKeep,
// at once and then every hour, until ctx ends; what it did and any failure
// go to log. Every serve runs it.
func (s *Store) PruneIdempotencyKeys(ctx context.Context, log *slog.Logger) {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		n, err := s.DeleteIdempotencyKeys(ctx, time.Now().Add(-idempotencyKeep))
		switch {
		case err != nil && ctx.Err() == nil:
			log.Warn("pruning idempotency keys", "error", err.Error())
		case n > 0:
			log.Info("pruned idempotency keys", "count", n, "older_than", idempotencyKeep.String())
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
